"""Fights read in plain words: who rolled what and what it came to in the system's words, the
fight's terms in :help and its rule, with the book's section, on the rules page."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from solo.engine import events as ev
from solo.rules.four_s.words import VOCABULARY as FOUR_S
from solo.rules.guts_plus.words import VOCABULARY as GUTS
from solo.rules.loose_fuzzy.words import VOCABULARY as LOOSE
from solo.ui.conflict_view import render_conflict
from solo.ui.words import roll_words

ENGINE_TALK = ("◆", "→", "impact", "AP", "DT", "marks left")


def drawn(renderables) -> str:
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    for renderable in renderables:
        console.print(renderable)
    return console.export_text()


def test_a_fight_roll_says_the_dice_and_the_result_in_the_systems_words():
    record = {"kept": [5, 3], "outcome": "positive-impact"}
    assert roll_words(record, GUTS.outcomes) == "rolled 5 and 3: great success"
    assert roll_words({"dice": [2], "outcome": "negative-impact"}, GUTS.outcomes) == "rolled 2: disaster"
    assert roll_words({"dice": [4, 1, 6], "outcome": "success"}, LOOSE.outcomes) == "rolled 4, 1 and 6: success"


def test_a_contest_in_a_fight_says_both_sides_and_whose_result_it_is():
    record = {"kind": "contest", "kept": [4], "total": 4, "outcome": "failure",
              "details": {"opponent": {"name": "The pink thing", "dice": [6, 1], "total": 7}}}
    assert roll_words(record, GUTS.outcomes) == "you rolled 4 (4) against the pink thing's 6 and 1 (7): failure for you"


def test_a_fight_beat_has_no_engine_talk():
    beat = ev.ConflictAction(round=1, actor="player", name="You", side="player", text="You swing at the pink thing.",
                             roll={"kept": [5, 3], "outcome": "positive-impact"}, label="Gumption")
    text = drawn(render_conflict(beat, GUTS.outcomes))
    assert "You swing at the pink thing.  (rolled 5 and 3: great success)" in text
    for talk in ENGINE_TALK:
        assert talk not in text, talk


def test_every_fight_term_is_in_help_and_each_fight_rule_names_the_books_section():
    guts = dict(GUTS.terms)
    assert {"injury", "protection", "impact"} <= set(guts)
    loose = dict(LOOSE.terms)
    assert {"advantage (AP)", "defence (DT)", "wound steps"} <= set(loose)
    assert "action points (AP)" in dict(FOUR_S.terms)
    assert "“Protection”" in GUTS.rules["fight"].source and "“Injuries”" in GUTS.rules["fight"].source
    assert "Combat Rules" in LOOSE.rules["fight"].source
    assert "4x" in loose["wound steps"] and "moderate" in loose["wound steps"]


def _fight_screens(fixture: str, seeds: range) -> tuple[set[str], set[str], list[str]]:
    """Every fighter tag, gauge label and note a real fight of ``fixture`` shows, over ``seeds``."""
    from pathlib import Path

    from solo.adventure import loader
    from solo.engine.game import Game

    path = Path(__file__).parents[1] / "fixtures" / fixture
    tags: set[str] = set()
    gauges: set[str] = set()
    notes: list[str] = []
    for seed in seeds:
        game = Game(loader.load(path).adventure, seed=seed)
        events = game.start()
        for _ in range(300):
            if game.offered is None:
                break
            options = [o for o in game.offered.options if o.key]
            events += game.choose(options[min(seed % 3, len(options) - 1)].key)
        for event in events:
            view = getattr(event, "view", None) or {}
            for fighter in view.get("fighters", []):
                tags.update(fighter.get("tags", []))
                gauges.update(g.get("label", "") for g in fighter.get("gauges", []))
            notes += view.get("notes", [])
    return tags, gauges, notes


def _explained(word: str, terms) -> bool:
    """Whether a term of :help names ``word`` (or its singular: "blessings", "blessing dice")."""
    forms = {word.lower(), word.lower().removesuffix("s")}
    return any(form in term.lower() for form in forms for term, _ in terms)


def test_every_word_a_humanity_blessed_fight_shows_is_a_term_and_the_fight_rule_names_the_book():
    """Seeds 9 and 19 (picked by a search of seeds 0-47, then pinned): together they show every
    word seeds 0-3 did (ache, pain, blessings, down, weak, tending) and finishing, taken out and
    vulnerable besides, in two short games instead of four (about a third of the CPU)."""
    from solo.rules.humanity_blessed.words import VOCABULARY as HB

    tags, gauges, notes = _fight_screens("hb-fight.yaml", (9, 19))
    assert any(t.startswith("ache") for t in tags) and "DOWN" in tags  # the fights reached wounds and the fallen
    plain = ("rolled", "→")  # "rolled 5", "→ Tam": the roll and the target, said as they are
    said = {t.split()[0].lower() for t in tags if not t.startswith(plain)}
    said = {{"tending": "tend", "finishing": "finish", "taken": "taken out",
             "wrong-footing": "muddled"}.get(w, w) for w in said}
    missing = [w for w in said | {g.lower() for g in gauges} if not _explained(w, HB.terms)]
    assert not missing, missing
    assert any("every defence is Hurry" in n for n in notes) and _explained("defend", HB.terms)
    fight = HB.rules["fight"]
    assert "“Wounds”" in fight.source and "Simultaneous Actions" in fight.source


def test_every_word_a_four_s_fight_shows_is_a_term_and_the_fight_rule_names_the_book():
    tags, gauges, notes = _fight_screens("four-s-fight.yaml", range(2))
    assert {"Health", "action points"} <= gauges
    for word in gauges | {"enemy pool", "enemy rolls", "CP", "zone"}:
        assert _explained(word, FOUR_S.terms), word
    assert any(n.startswith("Enemy pool") for n in notes) and any(" CP " in n for n in notes)
    for tag in tags:  # "block 3", "held by the Watch", "held back"
        assert _explained(tag.split()[0], FOUR_S.terms), tag
    fight = FOUR_S.rules["fight"]
    assert "“Action Points (AP)”" in fight.source and "“Enemy Health”" in fight.source


def test_an_allys_or_a_foes_roll_is_said_as_theirs_not_yours():
    """Jonah's attack in supply-ship read "you rolled 6, 6 and 1": a roll is said as its roller's."""
    from solo.ui.words import roller

    record = {"kind": "contest", "kept": [6, 6, 1], "total": 17, "outcome": "positive-impact",
              "details": {"opponent": {"name": "The pink thing", "dice": [5, 4], "total": 9}}}
    ally = ev.ConflictAction(round=1, actor="jonah", name="Jonah Reyes", side="player",
                             text="Jonah Reyes attacks the pink thing bare-handed.", roll=record)
    said = roll_words(record, GUTS.outcomes, roller(ally))
    assert said == ("Jonah Reyes rolled 6, 6 and 1 (17) against the pink thing's 5 and 4 (9): "
                    "great success for Jonah Reyes")
    assert "Jonah Reyes rolled 6, 6 and 1" in drawn(render_conflict(ally, GUTS.outcomes))
    foe = ev.ConflictAction(round=1, actor="pink", name="The pink thing", side="enemy",
                            text="The pink thing twists away.", roll={"kept": [6, 5], "outcome": "success"})
    assert roll_words(foe.roll, GUTS.outcomes, roller(foe)) == "the pink thing rolled 6 and 5: full success"
    mine = ev.ConflictAction(round=1, actor="player", name="Dara Okafor", side="player", text="You swing.",
                             roll=record)
    assert roll_words(record, GUTS.outcomes, roller(mine)).startswith("you rolled 6, 6 and 1")
    # a foe's beat whose roll is the answer to it is the defender's: the player's, or an ally's
    answer = dict(record, details={"opponent": {"name": "The pink thing", "dice": [5, 4], "total": 9}})
    assert roll_words(answer, GUTS.outcomes, "The pink thing").startswith("you rolled")
    chased = dict(answer, steps=[{"code": "roles", "aggressor": "The pink thing", "defender": "Jonah Reyes (Pilot)"}])
    assert roll_words(chased, GUTS.outcomes, "The pink thing") == (
        "Jonah Reyes rolled 6, 6 and 1 (17) against the pink thing's 5 and 4 (9): great success for Jonah Reyes")


def test_the_player_defending_in_a_guts_plus_fight_reads_you_not_the_pregens_name():
    """A foe's attack on the player is rolled from the player's side: its record named the
    defender by the pregen's name, so the player read "Dara Okafor rolled ..."; a companion who
    defends is still named."""
    from solo.adventure import loader
    from solo.engine.game import Game
    from solo.ui.words import roller

    adventure = loader.load(Path(__file__).parent.parent / "fixtures" / "guts-fight.yaml").adventure
    said = {"you": 0, "named": 0}
    for seed in range(6):
        game = Game(adventure, seed=seed)
        events = list(game.start())
        for _ in range(200):
            if game.finished:
                break
            events += game.choose(game.offered.enabled_keys()[0])
        for event in events:
            roll = getattr(event, "roll", None) or {}
            roles = [s for s in roll.get("steps") or [] if s.get("code") == "roles"]
            if not roles or getattr(event, "side", "") != "enemy":
                continue
            words = roll_words(roll, GUTS.outcomes, roller(event))
            if roles[0]["defender"] == "you":
                said["you"] += 1
                assert words.startswith("you rolled"), words
            else:
                said["named"] += 1
                assert not words.startswith("you "), words
    assert said["you"] > 0, said


def test_the_fight_state_heading_wraps_without_a_stray_rule_at_60_columns():
    """At 60 columns the heading "── The pink thing: where it stands in round 1 · your turn ──"
    left its closing "──" alone on the next line."""
    view = {"title": "The pink thing", "round": 1, "phase": "your turn", "notes": [],
            "fighters": [{"key": "player", "name": "Dara Okafor", "side": "player", "out": False, "tags": [],
                          "gauges": [{"label": "body", "value": 6, "maximum": 6}]}]}
    console = Console(width=60, file=io.StringIO(), record=True, color_system=None)
    for renderable in render_conflict(ev.ConflictRound(1, view), GUTS.outcomes):
        console.print(renderable)
    lines = [line.strip() for line in console.export_text().splitlines()]
    assert "where it stands in round 1 · your turn" in lines[0]
    assert all(line.strip("─ ") for line in lines if line), lines


def test_bonus_dice_taken_are_said_so_the_total_adds_up():
    """supply-ship read "you rolled 3 and 2 (10)": the 5 of a bonus die made the 10."""
    record = {"kind": "contest", "kept": [3, 2], "total": 10, "outcome": "positive-impact",
              "details": {"bonus": [{"die": 5}],
                          "opponent": {"name": "The pink thing", "dice": [1, 1], "total": 2, "bonus": []}}}
    assert roll_words(record, GUTS.outcomes) == (
        "you rolled 3 and 2, bonus die 5 (10) against the pink thing's 1 and 1 (2): great success for you")
    two = {"kept": [4, 4], "outcome": "success", "details": {"bonus": [{"die": 2}, {"die": 6}]}}
    assert roll_words(two, GUTS.outcomes) == "rolled 4 and 4, bonus dice 2 and 6: full success"


def test_a_beat_in_words_names_its_fighter_once():
    """The transcript read "The pink thing: The pink thing twists..." and "Dara Okafor: You attack..."."""
    from solo.adventure import loader
    from solo.ui.words import Words

    words = Words(loader.load("supply-ship").adventure)

    def said(name, text):
        beat = ev.ConflictAction(round=1, actor="x", name=name, side="enemy", text=text)
        return words.conflict(beat)[0].text

    assert said("The pink thing", "The pink thing twists away.") == "The pink thing twists away."
    assert said("Dara Okafor", "You attack the pink thing.") == "You attack the pink thing."
    assert said("Jonah Reyes", "Holds back, ready to help.") == "Jonah Reyes: Holds back, ready to help."


def test_every_word_a_game_fight_shows_is_a_term_and_the_fight_rule_names_the_book():
    from solo.rules.game.words import VOCABULARY as GAME

    tags, gauges, notes = _fight_screens("game-fight.yaml", range(2))
    assert "FP" in gauges and _explained("FP", GAME.terms)
    shown = {t.split()[0] if t.split()[0] == "AR" else t.split()[-1] for t in tags if "MU" in t or t.startswith("AR")}
    for word in shown | {"stunned", "parry", "damage dice"}:
        assert _explained(word, GAME.terms), word
    assert "“Combat”" in GAME.rules["fight"].source


def test_a_four_s_role_play_roll_in_a_fight_reads_without_a_crash(tmp_path):
    """four-s keeps the Roleplay Bonus as a number under ``details["bonus"]``, where GUTS+ lists its
    bonus dice: the fight log read it as a list and crashed (found playing the fixture by hand)."""
    from click.testing import CliRunner

    from solo.cli import cli

    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "four-s-fight.yaml"
    result = CliRunner().invoke(cli, ["play", str(fixture), "--line", "--seed", "2", "--new",
                                      "--save-dir", str(tmp_path)], input="1\n" * 80)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Jam the millwheel" in result.output and "Spend 1 AP: 1d3" in result.output
    assert "internal error" not in result.output
    tail = result.output.split("Spend 1 AP: 1d3", 1)[1]
    assert "rolled" in tail  # the role-play roll was read out after the AP were spent


def test_a_humanity_blessed_defence_says_each_sides_dice_and_who_holds():
    """A Humanity, Blessed contest record holds both sides' rolls and is read from the side that
    owns it. A blow answered by a defence used to read "(Lout 2 rolled 4 and 5: success)": the
    defender's die and result pinned on the attacker. Each side's dice now go to its own name, and
    the verdict names who won, in line mode and on the full screen alike (played from
    tests/fixtures/hb-fight.yaml, every contest beat of a few seeded fights)."""
    import random

    from solo.adventure import loader
    from solo.engine.game import Game
    from solo.rules.vocabulary import in_sentence
    from solo.ui.words import Words

    adventure = loader.load(Path(__file__).resolve().parents[1] / "fixtures" / "hb-fight.yaml").adventure
    seen = {"holds": 0, "wins": 0}
    for seed in range(3):
        game = Game(adventure, seed=seed)
        events = list(game.start())
        rng = random.Random(seed)
        while not game.finished and len(events) < 300:
            events += game.choose(rng.choice(game.offered.enabled_keys()))
        words = Words(game.adventure)
        for event in events:
            record = event.roll if event.type == "conflict-action" else None
            rolled = [s for s in (record or {}).get("steps", []) if s.get("code") == "rolled"]
            result = next((s for s in (record or {}).get("steps", [])
                           if s.get("code") in ("contest-result", "defence-result")), None)
            if len(rolled) != 2 or result is None:
                continue
            first, second = (in_sentence(s["who"]) for s in rolled)
            won = result.get("won") is True if result["code"] == "contest-result" else result.get("held") is False
            verdict = f"{first} wins" if won else f"{second} holds"
            seen["wins" if won else "holds"] += 1
            said = roll_words(record, words.vocab.outcomes, None)
            assert said.startswith(f"{first} rolled ") and f" against {second}'s " in said, said
            assert said.endswith(f": {verdict}"), said
            face = str(rolled[0]["rounds"][0][0])
            assert said.split(" against ")[0].endswith(face) or f"{face} and" in said.split(" against ")[0], said
            line = words.conflict(event)[0].text
            assert f"({said})" in line
            screen = " ".join(drawn(render_conflict(event, words.vocab.outcomes)).split())
            assert f"({said})" in screen
    assert seen["holds"] >= 3 and seen["wins"] >= 3, seen


def test_a_fight_under_way_stands_in_its_round_and_one_that_is_over_after_it():
    """Before anyone had acted, a GAME fight read "where it stands after round 1 · your action"."""
    view = {"title": "Vesk's bodyguards", "round": 1, "phase": "your action", "notes": [],
            "fighters": [{"key": "player", "name": "Linnet Halloway", "side": "player", "out": False, "tags": [],
                          "gauges": [{"label": "FP", "value": 6, "maximum": 8}]}]}
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    for renderable in render_conflict(ev.ConflictRound(1, view), GUTS.outcomes):
        console.print(renderable)
    ended = dict(view, round=3, phase="")
    for renderable in render_conflict(ev.ConflictEnded("stair", "won", 3, ended, {}, {}, {}, True), GUTS.outcomes):
        console.print(renderable)
    text = console.export_text()
    assert "where it stands in round 1 · your action" in text
    assert "after round 1" not in text
    assert "where it stands after round 3" in text and "Over after 3 rounds" in text


def test_a_game_clash_says_each_sides_dice_and_result_not_none():
    """Ottilie against the three stokers read "you rolled 3 and 8 (None) against the other side's
    (None)": a GAME clash record keeps each side under details.you / details.opponent."""
    from solo.ui.words import roll_words

    record = {"kind": "contest", "system": "game", "outcome": "failure", "success": False, "total": None,
              "dice": [5, 3, 3], "kept": [5, 3],
              "details": {"you": {"rolled": [5], "sum": 7, "success": False},
                          "opponent": {"rolled": [3], "sum": 6, "success": True,
                                       "extra": [{"die": 3, "reason": "group of 3", "succeeded": True}]}}}
    said = roll_words(record)
    assert "None" not in said
    assert said == "you rolled 5 (failure) against their 3 and group d8 3 (success): failure for you"
