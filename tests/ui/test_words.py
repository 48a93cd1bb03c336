"""The presentation layer: labels not ids, plain-language rolls, each fact said once, no spoilers."""

from __future__ import annotations

from solo.adventure import loader
from solo.engine import events as ev
from solo.engine.game import Game
from solo.ui import words as w
from solo.ui.words import Words


def supply_ship():
    return loader.load("supply-ship").adventure


def test_a_loss_never_wears_the_reward_tone_and_xp_is_said_once():
    words = Words(supply_ship())
    lines = words.events([
        ev.XpGained(1, 1, "roll"),
        ev.RulesNote("+1 XP (a die showed 1 or 2): 1 XP"),
        ev.ResourceChanged("fp", -2, 6, "award"),
    ])
    assert [line.tone for line in lines] == [w.REWARD, w.LOSS]
    assert lines[0].text.startswith("+1 XP")
    assert lines[1].text.startswith("-2 ")


def test_several_ticks_of_one_clock_in_a_step_are_shown_once():
    words = Words(supply_ship())
    lines = words.events([ev.ClockTicked("air", "x", 1, 16), ev.ClockTicked("air", "x", 2, 16)])
    assert len(lines) == 1 and "2 of 16" in lines[0].text
    assert "The cargo bay breach tearing wider" in lines[0].text


def test_hidden_clocks_and_objectives_stay_off_the_sheet_until_revealed():
    adventure = supply_ship()
    game = Game(adventure, seed=1)
    game.start()
    game.choose("1")
    words = Words(adventure, game)
    sheet = " ".join(text for _, text, _ in words.sheet())
    status = words.status(400)
    for secret in ("hunger", "creature", "compressors"):
        assert secret not in sheet.lower() and secret not in status.lower()
    assert words.events([ev.ClockTicked("hunger", "x", 1, 14)]) == []
    from solo.engine.effects import EffectRunner

    runner = EffectRunner(game.context)
    runner.run([{"reveal": ["stop-creature", "hunger"]}])
    assert [type(e).__name__ for e in runner.events] == ["Revealed", "Revealed"]
    sheet = " ".join(text for _, text, _ in words.sheet())
    assert "creature is no danger" in sheet and "hunger" in sheet


def test_labels_come_from_the_adventure_or_the_system():
    fen = Words(loader.load("lantern-fen").adventure)
    assert fen.stat("fen_lore") == "Fen-lore"
    assert fen.resource("luck") == "Luck"
    goblins = Words(loader.load("goblin-market").adventure)
    assert goblins.resource("level_ups") == "Levels to take"
    assert Words(supply_ship()).short("xp") == "XP"


def test_guts_roll_is_explained_in_plain_words_not_an_engine_trace():
    record = {"system": "guts-plus", "kind": "check", "stat": "utility", "dice": [2], "kept": [2],
              "outcome": "failure", "success": False,
              "details": {"values": [2], "readings": ["failure"]},
              "steps": ["Utility 1: rolled 2", "1 of 1 read failure → failure"]}
    rw = Words(supply_ship()).roll(record, "Patch the hole")
    text = " ".join((rw.summary(),) + rw.why)
    assert "read failure →" not in text and "of 1" not in text
    assert rw.dice[0].reading == "miss" and rw.result == "failure" and rw.tone == w.BAD
    assert rw.stat == "Utility"


def test_near_success_says_how_it_counted():
    record = {"system": "guts-plus", "kind": "check", "stat": "thought", "dice": [3], "kept": [3],
              "outcome": "near-success", "success": True,
              "details": {"values": [3], "readings": ["near-success"], "near": {"policy": "oracle", "oracle_die": 5}}}
    rw = Words(supply_ship()).roll(record, "Think")
    assert rw.counts_as == "counts as a success"
    assert any("4 to 6 counts as success" in why for why in rw.why)


def test_help_terms_explain_bonus_and_capped_dice():
    hb = Words(loader.load("blessed-harvest").adventure)
    terms = dict(hb.terms())
    assert "+dcN" in terms and "blessing dice" in terms
    assert "bonus die" in dict(Words(supply_ship()).terms())


def test_reflow_joins_the_files_line_breaks_into_paragraphs():
    text = "One line\nbroken here.\n\nSecond paragraph\nalso broken."
    assert w.reflow(text) == ["One line broken here.", "Second paragraph also broken."]
    assert all(len(line) <= 30 for p in w.reflow(text * 3, 30) for line in p.splitlines())


def test_the_card_has_title_play_time_summary_and_content_notes():
    adventure = supply_ship()
    card = Words(adventure).card()
    text = "\n".join(line.text for line in card)
    assert card[0].text == "Supply Run"
    assert adventure.play_time.startswith("about") and adventure.play_time in text and "Content notes:" in text and "Eight months" in text


def test_a_four_s_pregen_is_good_at_the_stat_with_the_highest_tier():
    goblins = loader.load("goblin-market").adventure
    words = Words(goblins)
    by_id = {c.id: c for c in goblins.characters}
    assert words.good_at(by_id["quince"]) == "good at Scharisma"
    assert words.good_at(by_id["bryony"]) == "good at Strength"


def test_choices_in_few_words_odds_alternatives_and_the_keys_to_type():
    from solo.engine import events as ev
    from solo.ui.words import alternatives_line, compact_hint, keys_hint

    assert compact_hint("Slyness: 50% success") == "Slyness 50%"
    assert compact_hint("Gumption vs Creature: 34% success") == "Gumption vs Creature 34%"
    assert compact_hint("72% success") == "72%"
    assert compact_hint("costs 1 FP") == "costs 1 FP"
    options = [ev.Option("1", "Talk", hint="Slyness: 50% success"), ev.Option("1a", "Fail on purpose: +1 XP", parent="1"),
               ev.Option("2", "Argue"), ev.Option("2a", "Fail on purpose: +2 XP", parent="2"), ev.Option("3", "Leave"),
               ev.Option(None, "Fly", enabled=False, reason="no wings")]
    assert keys_hint(options) == "[1-3, 1a/2a]"
    assert alternatives_line(options) == "Fail on purpose: 1a +1 XP, 2a +2 XP"
    options[3] = ev.Option("2a", "Fail on purpose: +1 XP", parent="2")
    options.insert(5, ev.Option("3a", "Fail on purpose: +1 XP", parent="3"))
    assert keys_hint(options) == "[1-3, 1a-3a]"
    assert alternatives_line(options) == "Fail on purpose (+1 XP): type 1a, 2a or 3a"
    assert keys_hint([ev.Option("1", "Keep"), ev.Option("2", "Reroll")]) == "[1-2]"
    assert keys_hint([ev.Option("1", "Go")]) == "[1]"
