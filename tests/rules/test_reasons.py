"""Roll records keep reasons (codes and numbers), and the words are made when shown: rewording
a ruleset's words changes what the player reads, never a save or a replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

from solo.replay import read_replay, replay_payload
from solo.rules.base import Character
from solo.rules.dice import Dice
from solo.rules.guts_plus import record_words
from solo.rules.guts_plus.ruleset import GutsPlus
from solo.rules.reasons import reason, said, step_lines, step_text
from solo.saves import SAVE_FORMAT, SaveStore, read_file
from solo.session import new_session
from solo.story import retell
from solo.ui.words import Words

FORMAT1 = Path(__file__).resolve().parents[1] / "saves" / "format1"


def _plain_values(value) -> bool:
    if isinstance(value, (bool, int, str)) or value is None:
        return True
    if isinstance(value, list):
        return all(_plain_values(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain_values(v) for k, v in value.items())
    return False


def _guts_records(count: int):
    rules = GutsPlus()
    hero = rules.prepare_character(Character(name="Ada", system="guts-plus",
                                             stats={"utility": 3, "thought": 2, "gumption": 2}))
    boss = rules.prepare_character(Character(name="Boss", system="guts-plus", stats={"gumption": 3}))
    pick = random.Random(5)
    for seed in range(count):
        dice = Dice(seed)
        params = {"stat": pick.choice(["utility", "thought", "thought+gumption"]),
                  "modifier": pick.choice([-1, 0, 0, 1]), "near": pick.choice(["oracle", "success", "failure"])}
        if seed % 3 == 0:
            params["defending"] = seed % 2 == 0
            record = rules.contest(dice, hero, boss, params)
        elif seed % 17 == 1:
            record = rules.take_alternative(hero, params, "voluntary-failure")
        else:
            record = rules.check(dice, hero, params)
        for _ in range(8):
            offers = [o for o in rules.offers(record, hero) if not o.typed]
            if not offers:
                break
            record = rules.apply_offer(dice, record, hero, pick.choice(offers).key)
        yield rules.settle(dice, record, hero, params, frozenset())


def test_a_guts_plus_record_holds_codes_and_numbers_and_every_code_has_words():
    seen = set()
    for record in _guts_records(300):
        assert record.steps
        for step in record.to_dict()["steps"]:
            assert isinstance(step, dict) and isinstance(step["code"], str), step
            assert all(_plain_values(v) for v in step.values()), step
            assert record_words.say(step) is not None, step
            seen.add(step["code"])
        assert all(isinstance(line, str) and line for line in step_lines(record))
    assert {"rolled", "read", "versus", "doubles", "bonus-die", "placed", "near", "roles", "voluntary"} <= seen


def test_rewording_changes_what_is_read_but_no_save_or_replay(monkeypatch, tmp_path):
    session = new_session("supply-ship", store=SaveStore(tmp_path), slot="s", seed=37)
    session.game.start()
    pick = random.Random(37)
    while len(session.game.state.rolls) < 3 and not session.game.finished:
        session.choose(pick.choice([o for o in session.game.offered.options if o.enabled and o.key]).key)
    payload = read_file(session.save())
    assert payload["format"] == SAVE_FORMAT == 2
    before = json.dumps(payload["state"]["rolls"], sort_keys=True)
    old_lines = [line for r in payload["state"]["rolls"] for line in Words(session.adventure).roll(r, "", True).steps]

    monkeypatch.setitem(record_words._WORDS, "rolled", lambda s: f"the dice fell {s['faces']}")
    assert replay_payload(payload).same  # a reworded line breaks no save
    assert replay_payload(read_replay(str(FORMAT1 / "supply-ship.json"))).same  # nor an old one
    new_lines = [line for r in payload["state"]["rolls"] for line in Words(session.adventure).roll(r, "", True).steps]
    assert new_lines != old_lines and any(line.startswith("the dice fell") for line in new_lines)
    assert json.dumps(payload["state"]["rolls"], sort_keys=True) == before
    retold = [s for step in retell(payload).steps for e in step.events
              if isinstance(getattr(e, "record", None), dict) for s in step_lines(e.record)]
    assert any(line.startswith("the dice fell") for line in retold)


def test_a_format_1_save_is_migrated_its_sentences_kept_as_its_words():
    raw = json.loads((FORMAT1 / "supply-ship.json").read_text())
    assert raw["format"] == 1 and all(isinstance(s, str) for r in raw["state"]["rolls"] for s in r["steps"])
    payload = read_file(FORMAT1 / "supply-ship.json")
    assert payload["format"] == SAVE_FORMAT
    for old, new in zip(raw["state"]["rolls"], payload["state"]["rolls"]):
        assert new["steps"] == [said(s) for s in old["steps"]]
        assert step_lines(new) == old["steps"]  # `solo continue` shows the old game as it read
        assert {k: v for k, v in new.items() if k != "steps"} == {k: v for k, v in old.items() if k != "steps"}
    for point in payload.get("undo") or []:
        rolls = point.get("rolls") or []
        assert all(not isinstance(s, str) for r in rolls for s in r.get("steps", []))


def test_steps_of_other_shapes_are_still_shown():
    assert step_text("a sentence from a ruleset installed elsewhere") == ["a sentence from a ruleset installed elsewhere"]
    assert step_text(said("kept words")) == ["kept words"]
    assert step_text(reason("unheard-of", faces=[1, 2]), record_words.say) == ["unheard-of: faces=[1, 2]"]
    assert step_lines({"system": "no-such-system", "steps": [reason("rolled", faces=[3])]}) == ["rolled: faces=[3]"]
    assert step_lines({"system": "guts-plus", "steps": [reason("read", values=[6, 1, 5])]}) == \
        ["a 6 cancels a 1", "1 of 1 read full success → full success"]


CONVERTED = ["supply-ship", "lantern-fen", "goblin-market", "clockwork-heist"]  # GUTS+, Loose and Fuzzy, FOUR-S, GAME


def test_replayed_games_keep_only_reasons_their_ruleset_can_say():
    from solo.rules.reasons import words_for

    for name in CONVERTED:
        result = replay_payload(read_replay(str(FORMAT1 / f"{name}.json")))
        rolls = result.game.snapshot()["rolls"]
        assert rolls, name
        for record in rolls:
            words = words_for(record["system"])
            for step in record["steps"]:
                assert isinstance(step, dict) and step["code"] != "said", (name, step)
                assert _plain_values(step), (name, step)
                assert words is not None and words(step) is not None, (name, step)
