"""The engine driven directly: decisions in, events out, on the tiny fixture adventure."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from solo.adventure import loader
from solo.engine.game import Game, InvalidDecision


@pytest.fixture
def tiny(fixtures):
    return loader.load(fixtures / "tiny.yaml").adventure


def play_out(game: Game, answers: random.Random, limit: int = 500) -> list[dict]:
    stream = [e.to_dict() for e in game.start()]
    for _ in range(limit):
        if game.finished:
            break
        key = answers.choice(game.offered.enabled_keys())
        stream.append({"type": "answer", "key": key})
        stream += [e.to_dict() for e in game.choose(key)]
    return stream


def types(stream):
    return [e["type"] for e in stream]


def test_starts_with_a_character_choice(tiny):
    game = Game(tiny, seed=1)
    events = game.start()
    assert events[0].type == "start"
    assert events[-1].type == "choices" and events[-1].kind == "character"
    assert [o.text for o in events[-1].options] == ["Hero", "Sage"]


def test_every_seed_reaches_an_ending(tiny):
    for seed in range(40):
        game = Game(tiny, seed=seed)
        stream = play_out(game, random.Random(seed))
        assert game.finished, f"seed {seed} did not finish"
        assert stream[-1]["type"] == "ending"
        assert stream[-1]["id"] in ("freedom", "drowned")


def test_same_seed_and_answers_give_identical_streams(tiny):
    a = play_out(Game(tiny, seed=11), random.Random(5))
    b = play_out(Game(tiny, seed=11), random.Random(5))
    assert json.dumps(a) == json.dumps(b)


def test_resume_mid_game_equals_uninterrupted_run(tiny):
    for seed in range(15):
        whole = Game(tiny, seed=seed)
        full = play_out(whole, random.Random(seed))
        answers = [e["key"] for e in full if e["type"] == "answer"]
        first = Game(tiny, seed=seed)
        first.start()
        cut = min(2, len(answers))
        for key in answers[:cut]:
            first.choose(key)
        saved = json.loads(json.dumps(first.snapshot()))
        resumed = Game.resume(tiny, saved)
        for key in answers[cut:]:
            resumed.choose(key)
        assert resumed.finished
        assert resumed.snapshot() == whole.snapshot()


def test_disabled_choice_is_shown_with_reason_and_cannot_be_taken(tiny):
    game = Game(tiny, seed=1)
    game.start()
    game.choose("1")
    options = game.offered.options
    locked = [o for o in options if not o.enabled]
    assert locked and locked[0].reason == "You have no key." and locked[0].key is None
    with pytest.raises(InvalidDecision):
        game.choose("3")
    with pytest.raises(InvalidDecision):
        game.choose("9")


def test_clock_fills_and_its_consequence_ends_the_game(tiny):
    game = Game(tiny, seed=1)
    game.start()
    game.choose("hero")
    game.dice.force(1, 1, 1)  # three searches that find rags: the water rises three times
    stream = []
    for _ in range(3):
        stream += [e.to_dict() for e in game.choose("1")]
    assert [e["value"] for e in stream if e["type"] == "clock"] == [1, 2, 3]
    assert game.finished and game.state.ending == "drowned"
    assert stream[-1]["type"] == "ending" and stream[-1]["outcome"] == "defeat"


def test_table_rerolls_and_objective_completes_when_its_condition_holds(tiny):
    game = Game(tiny, seed=1)
    game.start()
    game.choose("hero")
    game.dice.force(6, 3)  # a 6 is rolled again; the 3 finds the key
    events = [e.to_dict() for e in game.choose("1")]
    table = next(e for e in events if e["type"] == "table")
    assert table["rerolled"] == [6] and table["total"] == 3
    assert any(e["type"] == "objective" and e["id"] == "find-key" for e in events)
    assert any(e["type"] == "xp" and e["amount"] == 5 for e in events)
    assert game.state.objectives["find-key"] is True
    # the once-only unlock is now offered, and disappears after use
    unlock = [o for o in game.offered.options if o.text == "Unlock the door"][0]
    assert unlock.enabled
    game.choose(unlock.key)
    assert game.state.scene == "stairs"
    assert "cellar#2" in game.state.taken


def test_failed_check_offers_a_reroll_that_is_spent(tiny):
    game = Game(tiny, seed=1)
    game.start()
    game.choose("hero")
    game.dice.force(1)  # 1 + 1 = 2 vs 5: failure
    events = game.choose("2")
    assert events[-1].kind == "roll"
    assert [o.id for o in events[-1].options] == ["keep", "reroll"]
    game.dice.force(6)
    events = [e.to_dict() for e in game.choose("2")]
    rolls = [e for e in events if e["type"] == "roll"]
    assert rolls[-1]["final"] and rolls[-1]["record"]["outcome"] == "success"
    assert game.character.resources["rerolls"] == 0
    assert game.state.scene == "stairs"


def test_rolls_are_logged_and_text_is_interpolated(tiny):
    game = Game(tiny, seed=2)
    events = game.start() + game.choose("sage")
    scene = next(e for e in events if e.type == "scene")
    assert scene.text.startswith("Sage, water seeps in. Searches so far: 0")
    game.dice.force(4)
    game.choose("2")
    assert game.state.rolls and game.state.rolls[-1]["dice"] == [4]


def test_contest_uses_the_npc(tiny):
    game = Game(tiny, seed=3)
    game.start()
    game.choose("hero")
    game.dice.force(6)
    game.choose("2")  # force the door: 6 + 1 = 7
    assert game.state.scene == "stairs"
    hint = game.offered.options[0].hint
    assert "Giant rat" in hint
    game.dice.force(2, 5)
    events = [e.to_dict() for e in game.choose("1")]
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["record"]["kind"] == "contest" and roll["record"]["outcome"] == "failure"
    assert game.state.scene == "cellar"


@pytest.mark.e2e
def test_engine_and_rules_import_no_terminal_libraries():
    code = (
        "import sys, solo.engine.game, solo.engine.effects, solo.engine.events, solo.engine.state, "
        "solo.rules, solo.adventure.loader, solo.session, solo.saves\n"
        "from solo.rules import registry\n"
        "[registry.get(i) for i in registry.BUILTIN]\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('rich', 'click'))\n"
        "print(','.join(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_typed_numbers_are_keys_never_hidden_indices(tiny):
    game = Game(tiny, seed=1)
    game.start()
    game.choose("hero")
    # keys are 1 and 2; choice indices 0..2 are ids, and typing an index must not pick anything
    with pytest.raises(InvalidDecision):
        game.choose("0")
    assert [o.id for o in game.offered.options] == ["choice-0", "choice-1", "choice-2"]
    game.dice.force(6)
    game.choose("2")  # "2" is the second shown option: force the door
    assert game.state.rolls[-1]["stat"] == "might"
