"""Humanity, Blessed endeavours, rule by rule: scripted rounds with forced dice reproduce the
book's moves (advantage by the roll, actions by outcome size 1, 2, 3, 5, 8, 13), the camera rule,
each special endeavour's buttons and results, exact odds equal to ``solo odds``, and the
validator's problems at their paths.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.rules import registry
from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter, conflict_rules, settles_as
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.endeavours import buttons as btn
from solo.rules.humanity_blessed.endeavours import policy, rolls
from solo.rules.humanity_blessed.tables import CORE_STATS, size_for_total

RS = registry.get("humanity-blessed")
FIBONACCI = {"very-minor": 1, "minor": 2, "medium": 3, "major": 5, "very-major": 8, "maximum": 13}


def person(name: str, blessings: list[int] | None = None, **dice: str) -> Character:
    character = Character(name=name, system="humanity-blessed", stats={s: "d4" for s in CORE_STATS})
    character.stats.update(dice)
    character.resources["blessings"] = list(blessings or [])
    # a session with no lucky number, as the engine would have opened on an unlucky day
    character.extra["session"] = {"lucky_number": None, "lucky_faces": [1, 1], "big_win": True}
    return RS.prepare_character(character)


def monster(name: str, die: str = "dc4", **extra) -> Character:
    return RS.prepare_character(Character(name=name, system="humanity-blessed", stats={},
                                          extra={"die": die, **extra}))


class Run:
    """One endeavour played by hand: forced dice, answers by key, the beats and the state."""

    def __init__(self, procedure: str, params=None, *, player=None, enemies=(), allies=(), seed=1,
                 rounds=20, force=()):
        self.me = player or person("Ada", hurry="d6")
        fighters = [Fighter("player", PLAYER, self.me)]
        for key, character, behaviour in allies:
            fighters.append(Fighter(key, ALLY, character, behaviour=behaviour, npc=key))
        for key, character, behaviour in enemies:
            fighters.append(Fighter(key, ENEMY, character, behaviour=behaviour, npc=key))
        self.setup = ConflictSetup(procedure, fighters, params or {}, rounds=rounds)
        self.rules = conflict_rules(RS, procedure)
        assert self.rules.problems(self.setup) == []
        self.dice = Dice(seed)
        self.dice.force(*force)
        step = self.rules.begin(self.dice, self.setup)
        self.state, self.result, self.beats = step.state, step.result, list(step.beats)

    def answer(self, key: str, *force: int) -> list[str]:
        self.dice.force(*force)
        step = self.rules.act(self.dice, self.setup, self.state, key)
        json.dumps(step.state)  # always JSON-ready
        self.state, self.result = step.state, step.result
        self.beats += step.beats
        assert not self.dice.forced_pending, f"unused forced dice {self.dice.forced_pending}"
        return [b.text for b in step.beats]

    def keys(self) -> list[str]:
        return [a.key for a in self.decision().actions if a.enabled]

    def decision(self):
        return self.rules.decision(self.setup, self.state)

    def action(self, key: str):
        return next(a for a in self.decision().actions if a.key == key)

    def pos(self, key: str = "player") -> int:
        return self.state["pos"][key]

    @property
    def ask(self) -> str | None:
        return (self.state.get("ask") or {}).get("kind")


def faces(total: int, sides: int = 10) -> list[int]:
    """Faces of one bumping die that total ``total``: 1s, then the rest (2..sides)."""
    ones = 0
    while total - ones > sides or total - ones == 1:
        ones += 1
    return [1] * ones + [total - ones]


# -- the book's moves ---------------------------------------------------------------------------


@pytest.mark.parametrize("total", [3, 7, 10, 14, 18, 25])
def test_the_focus_moves_by_its_roll_then_by_the_outcome_size(total):
    """Alone on the line: the highest roll moves by its result (advantage), then the focal
    check's success moves by its size: 1, 2, 3, 5, 8, 13 for very minor to maximum."""
    run = Run("endeavour", {"length": 60, "target": "lowest"}, player=person("Ada", hurry="d10"))
    assert run.ask == "declare"
    run.answer("check:hurry", *faces(total))
    size = size_for_total(total)
    assert run.pos() == total + FIBONACCI[size]
    assert any(f"{FIBONACCI[size]} space" in b.text and size.replace("-", " ") in b.text for b in run.beats)


def test_a_tie_for_the_highest_gives_no_advantage_and_the_dice_pick_the_focal_action():
    rival = person("Rook", hurry="d6")
    run = Run("endeavour", player=person("Ada", hurry="d6"), enemies=[("rook", rival, "steady")])
    texts = run.answer("check:hurry", 5, 5, 2)  # both roll 5; the tie-break die picks Rook
    assert any("A tie for the focus at 5" in t and "to Rook" in t for t in texts)
    # no advantage: each moves only by their own success (5 is minor: 2 spaces)
    assert run.pos() == 2 and run.pos("rook") == 2
    assert run.state["round"] == 2


def test_side_actions_carry_on_with_their_roll_from_the_lowest_up():
    rook, nell = person("Rook", hurry="d6"), person("Nell", hurry="d6")
    run = Run("endeavour", enemies=[("rook", rook, "steady"), ("nell", nell, "steady")])
    texts = run.answer("check:hurry", 4, 6, 3)  # you 4, Rook 6 (focus), Nell 3 (fails)
    assert run.pos("rook") == 6 + 2
    assert run.pos() == 2 and run.pos("nell") == 0
    order = [t for t in texts if "succeed" in t or "fail" in t]
    assert order[0].startswith("Rook") and order[1].startswith("Nell") and order[2].startswith("You")


def test_a_contest_moves_the_winner_by_the_margin_and_takes_the_defenders_side_action():
    rival = person("Rook", hurry="d6")
    run = Run("endeavour", player=person("Ada", hurry="d6"), enemies=[("rook", rival, "steady")])
    assert run.action("contest:rook").enabled
    run.answer("contest:rook")
    assert run.ask == "contest"
    # your contest: you roll 6, Rook defends with 2 (rolled at once); Rook's own check: 3
    texts = run.answer("contest:rook:hurry", 6, 2, 3)
    assert run.pos() == 6 + 3  # advantage 6, then a win by 4: medium, 3 spaces
    assert run.pos("rook") == 0
    assert any("already taken up" in t for t in texts)


def test_a_defender_who_holds_wins_and_moves_by_their_margin():
    rival = person("Rook", hurry="d6")
    run = Run("endeavour", player=person("Ada", hurry="d6"), enemies=[("rook", rival, "steady")])
    run.answer("contest:rook")
    run.answer("contest:rook:hurry", 3, 5, 2)  # you 3 against Rook's 5; Rook's own roll 2
    assert run.pos() == 3  # your advantage only
    assert run.pos("rook") == 2  # Rook held by 2: minor


def test_two_attacking_each_other_only_the_higher_goes_through():
    """The book's example: the lower roll is interrupted and rolls as the defender instead."""
    rival = person("Rook", hurry="d6")
    run = Run("endeavour", player=person("Ada", hurry="d6"), enemies=[("rook", rival, "bold")])
    run.answer("check:hurry", 6, 2)  # round 1: you take the lead (6 + 2)
    assert run.pos() == 8 and run.state["intent"]["rook"]["do"] == "contest"  # bold Rook is behind
    run.answer("contest:rook")
    # your contest 2 (Rook defends 4), Rook's contest against you 5 (you defend 3)
    texts = run.answer("contest:rook:hurry", 2, 4, 5, 3)
    assert run.pos("rook") == 5 + 2  # advantage 5, won by 2 (minor)
    assert run.pos() == 8
    assert any("already taken up" in t for t in texts)


def test_whoever_sat_out_acts_first_among_the_side_actions():
    rival = person("Rook", hurry="d6")
    run = Run("endeavour", player=person("Ada", hurry="d6"), enemies=[("rook", rival, "steady")])
    run.answer("sit", 4)  # Rook alone rolls: 4, the focus
    assert run.ask == "side"
    texts = run.answer("check:hurry", 5)
    assert run.pos() == 2 and run.pos("rook") == 4 + 2
    assert texts.index(next(t for t in texts if t.startswith("You succeed"))) > 0


def test_the_first_side_to_reach_the_goal_wins():
    run = Run("endeavour", {"length": 8}, player=person("Ada", hurry="d6"),
              enemies=[("rook", person("Rook", hurry="d6"), "steady")])
    run.answer("check:hurry", 6, 2)
    assert run.result == "goal" and run.pos() == 8  # 6 + 2, stopped at the goal
    assert settles_as(run.rules, "goal") == "won"


def test_a_deadline_decides_by_who_is_furthest_along():
    run = Run("endeavour", {"length": 40, "deadline": 1}, player=person("Ada", hurry="d6"),
              enemies=[("rook", person("Rook", hurry="d6"), "steady")])
    run.answer("check:hurry", 2, 6)
    assert run.result == "lost"


# -- odds --------------------------------------------------------------------------------------


def test_the_odds_on_offer_are_solo_odds_for_the_same_roll():
    run = Run("endeavour", player=person("Ada", hurry="d6", home="d8"))
    out = CliRunner().invoke(cli, ["odds", "humanity-blessed", "--die", "d6", "--target", "4", "--json"])
    exact = json.loads(out.output)["exact"]["success"]
    assert str(run.action("check:hurry").odds) == exact == "23/36"
    d8 = RS.odds_for_args({"die": "d8", "target": "4"}).outcomes["success"]
    assert run.action("check:home").odds == d8


def test_contest_odds_are_the_rulesets_contest_odds():
    rival = person("Rook", hurry="d8")
    run = Run("endeavour", player=person("Ada", hurry="d6"), enemies=[("rook", rival, "steady")])
    run.answer("contest:rook")
    offered = run.action("contest:rook:hurry").odds
    assert offered == RS.contest_odds(run.me, rival, {"stat": "hurry", "focal": True}).outcomes["success"]
    assert run.action("contest:rook:hurry").hint.endswith("% focus")


def test_the_focus_chance_between_equal_dice_is_half_of_what_is_not_a_tie():
    rival = person("Rook", hurry="d6")
    run = Run("endeavour", {"target": "lowest"}, player=person("Ada", hurry="d6"), enemies=[("rook", rival, "steady")])
    from solo.rules.humanity_blessed.endeavours.line import Line

    line = Line(RS, run.setup, run.state, run.rules.settings(run.setup))
    how = rolls.params("hurry", 3, focal=True)
    pmf = rolls.focus_pmf(run.me, how, contest=False)
    tie = sum(p * p for p in pmf.values())
    assert abs(line.focus_chance("player", how, contest=False) - (1 - tie) / 2) < Fraction(1, 10**12)


def test_help_odds_are_exact():
    rival = person("Rook", hurry="d6")
    run = Run("endeavour", player=person("Ada", [3, 3, 5], hurry="d6"), enemies=[("rook", rival, "steady")])
    run.answer("check:hurry", 2, 5)  # you fail with 2 and trail Rook's 5
    assert run.ask == "help"
    one, two = run.action("help:1"), run.action("help:2")
    assert one.odds == 0  # +1 makes 3: still short of 4
    assert two.odds == 1  # +dc2 adds at least 2
    dc2 = rolls.help_pmf(2)
    assert two.hint.endswith("% focus")
    assert rolls.chance_at_least(dc2, 4) == 1 - dc2[2] - dc2.get(3, 0)
    texts = run.answer("help:2", 2)  # the dc2 shows 2: a total of 4, short of Rook's 5
    assert run.me.resources["blessings"] == [5]
    assert any("Help: +dc2 adds 2" in t for t in texts)
    assert run.pos() == 2  # a success (minor) as a side action


# -- race --------------------------------------------------------------------------------------


def test_terrain_stops_a_racer_the_first_time_and_the_escape_bonus_passes_one():
    run = Run("race", {"length": 40, "terrain": [3, 9]}, player=person("Ada", hurry="d6"))
    run.answer("check:hurry", 6)
    assert run.pos() == 3  # stopped at the first terrain button
    assert run.state["halted"] == [] and run.state["met"]["player"] == ["t1"]
    run.answer("check:hurry", 6)
    # advantage from a terrain space: 6 + 2 and one terrain button passed; then 2 more
    assert run.pos() == 3 + 8 + 2
    assert any("escaping the terrain" in b.text for b in run.beats)


def test_landing_exactly_on_terrain_does_not_pass_it():
    # advantage 5 lands on the button at 5 (not past it); the focal success then would move
    # past it for the first time, and is stopped there
    run = Run("race", {"length": 40, "terrain": [5, 30]}, player=person("Ada", hurry="d6"))
    texts = run.answer("check:hurry", 5)
    assert run.pos() == 5 and run.state["met"]["player"] == ["t1"]
    assert any("0 spaces, to 5, and the terrain stops you there" in t for t in texts), texts
    # a racer left standing on a button it has not met takes it with the escape bonus
    run = Run("race", {"length": 40, "terrain": [4, 30], "target": 5}, player=person("Ada", hurry="d6"))
    run.answer("check:hurry", 4)  # advantage 4, onto the button; the check (4 against 5) fails
    assert run.pos() == 4 and run.state["met"].get("player", []) == []
    texts = run.answer("check:hurry", 6)
    assert any("8 spaces (+2 escaping the terrain), to 12, leaving the terrain behind" in t for t in texts), texts
    assert run.state["met"]["player"] == ["t1"] and run.pos() > 12


def test_a_terrain_button_may_narrow_the_stats():
    run = Run("race", {"length": 40, "terrain": [{"at": 3, "name": "ford", "stats": ["hand"]}]},
              player=person("Ada", hurry="d6"))
    run.answer("check:hurry", 6)
    assert run.pos() == 3
    assert [k for k in run.keys() if k.startswith("check:")] == ["check:hand"]


def test_spending_blessing_dice_calls_for_an_endurance_check():
    rival = person("Rook", hurry="d6")
    run = Run("race", {"length": 40}, player=person("Ada", [4, 4], hurry="d6"), enemies=[("rook", rival, "steady")])
    run.answer("check:hurry", 2, 5)
    run.answer("help:1")  # +1: 3, still behind; a spend of one die this round
    assert run.state["spent"]["player"] == 1
    # the endurance check comes at the end of the round, against 1 in all
    assert any("to keep going" in b.text and "against 1" in b.text for b in run.beats)
    run.answer("check:hurry", 2, 6)
    run.answer("help:1")  # the second die: now 2 spent in all
    # the endurance check (target 2) is rolled: it comes after Rook's focal action
    assert any("against 2" in b.text for b in run.beats[-3:])


def test_a_racer_who_fails_the_endurance_check_drops_out():
    rival = person("Rook", hurry="d6")
    run = Run("race", {"length": 40, "endurance": "hurt"}, player=person("Ada", [4, 4, 4, 4], hurry="d6"),
              enemies=[("rook", rival, "steady")])
    run.answer("check:hurry", 2, 5)
    # four dice: +dc4 shows 3, a tie at 5 (the dice give you the focal action); then the
    # endurance check, Hurt d4 against the 4 dice spent: 2
    texts = run.answer("help:4", 3, 1, 2)
    assert run.result == "exhausted"
    assert any("to keep going: 2 against 4" in t for t in texts)


# -- stealth -----------------------------------------------------------------------------------


def test_ending_the_first_move_on_an_alarm_gets_you_made_and_caught():
    run = Run("stealth", {"length": 30, "alarms": [5]}, player=person("Ada", hurry="d6"))
    run.answer("check:hurry", 5)
    assert run.result == "caught"
    assert any("are made" in b.text for b in run.beats)


def test_made_twice_with_made_two_is_caught_and_failures_add_alarms():
    run = Run("stealth", {"length": 30, "alarms": [5], "made": 2, "patrol": 0}, player=person("Ada", hurry="d6"))
    run.answer("check:hurry", 5)
    assert run.result is None and run.state["made"] == 1 and run.pos() == 7
    run.answer("check:hurry", 3, 3)  # 3 fails (target 4): advantage to 10; a new alarm 3 ahead
    assert [b["at"] for b in run.state["buttons"] if b["kind"] == "alarm"] == [5, 13]
    run.answer("check:hurry", 3)
    assert run.pos() == 13 and run.result == "caught"


def test_sitting_out_on_an_alarm_gets_you_made():
    run = Run("stealth", {"length": 30, "alarms": [3], "made": 3, "patrol": 0}, player=person("Ada", hurry="d6"))
    run.answer("check:hurry", 3, 6)  # a failing 3 still takes the focus: onto the alarm; a new one at 9
    assert run.state["made"] == 1 and run.pos() == 3
    assert run.action("sit").hint.startswith("you stand on an alarm")
    run.answer("sit")
    assert run.state["made"] == 2 and run.ask == "side"


def test_made_check_lets_you_stay_hidden_with_a_stat_of_your_choice():
    run = Run("stealth", {"length": 30, "alarms": [5], "made": "check", "stats": ["hurry", "head"]},
              player=person("Ada", hurry="d6"))
    run.answer("check:hurry", 5)
    assert run.ask == "stat"
    hurry = run.action("stat:hurry")
    assert hurry.odds == RS.check_odds(run.me, {"stat": "hurry", "target": 5}).outcomes["success"]
    run.answer("stat:hurry", 6)
    assert run.result is None and "player" not in run.state["out"]


def test_negative_help_takes_the_bonus_off():
    run = Run("stealth", {"length": 30, "alarms": [6], "patrol": 0}, player=person("Ada", [2], hurry="d6"))
    run.answer("check:hurry", 6)  # 6 would land on the alarm
    assert run.ask == "help" and "help:-1" in run.keys()
    run.answer("help:-1")
    assert run.pos() == 5 + 2 and run.result is None


def test_alarm_buttons_patrol_and_turn_at_the_ends():
    alarm = btn.button("alarm", 3, "a1", step=-1)
    spaces = []
    for _ in range(5):
        btn.patrol(alarm, 2, 8)
        spaces.append(alarm["at"])
    assert spaces == [1, 3, 5, 7, 5]


# -- discovery ---------------------------------------------------------------------------------


def test_a_glimmer_is_taken_at_once_when_the_last_roll_reaches_it():
    run = Run("discovery", {"length": 30, "glimmers": [{"at": 4, "type": "clue"}]}, player=person("Ada", hurry="d6"))
    run.answer("check:hurry", 5)
    assert run.ask == "glimmer"
    assert run.action("glimmer:g1").odds == 1
    run.answer("glimmer:g1")
    assert run.state["found"] == {"player": ["clue"]}
    conclusion = run.rules.conclude(run.dice, run.setup, run.state, "goal")
    assert conclusion.awards == {"clue": 1}


def test_a_glimmer_beyond_the_last_roll_takes_a_check_against_its_space():
    run = Run("discovery", {"length": 30, "glimmers": [{"at": 6, "type": "loot"}]},
              player=person("Ada", hurry="d6"))
    run.answer("check:hurry", 4)  # 4 + 2 = 6: over the glimmer
    check = run.action("glimmer:g1:hurry")
    assert check.odds == RS.check_odds(run.me, {"stat": "hurry", "target": 6}).outcomes["success"]
    run.answer("glimmer:g1:hurry", 3)
    assert run.state["found"] == {} and run.state["buttons"][0]["at"] == 6  # a failure leaves it


def test_glimmers_by_rarity_are_rolled_and_placed_by_the_dice():
    run = Run("discovery", {"length": 10, "glimmers": {"loot": "common"}}, force=[3, 2, 7, 9])
    assert sorted(b["at"] for b in run.state["buttons"]) == [2, 7, 9]
    assert "3 loot glimmers on the line" in run.beats[1].text


# -- monstrous ---------------------------------------------------------------------------------


def test_a_monstrositys_defaults_follow_the_gm_guide():
    from solo.rules.humanity_blessed.endeavours.procedure import monstrosity

    info = monstrosity(monster("Hound", "dc4"), 40)
    assert info == {"die": "dc4", "stamina": 20, "muddle": [7]}


def test_moving_over_a_muddle_button_muddles_the_monstrosity():
    hound = monster("Hound", "dc4", muddle=[3], stamina=30)
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), enemies=[("hound", hound, "steady")])
    run.answer("check:hurry", 5, 2)
    assert "muddled" in hound.conditions and run.state["muddled"] == {"hound": 1}
    assert not [b for b in run.state["buttons"] if b["kind"] == "muddle"]
    run.answer("check:hurry", 2, 4)  # the hound rolls 4, less 2 for muddled: 2, a tie
    assert "muddled" not in hound.conditions
    assert run.state["rolls"] == {} and any("tie for the focus at 2" in b.text for b in run.beats)


def test_stamina_drives_a_monstrosity_off_the_rearmost_giving_back_first():
    hound = monster("Hound", "dc2", stamina=6, muddle=[30])
    jory = person("Jory", hurry="d6")
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), allies=[("jory", jory, "steady")],
              enemies=[("hound", hound, "steady")])
    run.answer("check:hurry", 6, 2, 2)  # you 6 (+2), Jory 2 (fails), the hound 2 (fails)
    assert run.ask == "stamina" and run.keys() == ["drive:hound", "keep"]
    run.answer("drive:hound")
    assert run.result == "won" and run.pos() == 2 and run.pos("jory") == 0


def test_capture_takes_a_check_against_the_spaces_given_back():
    hound = monster("Hound", "dc6", stamina=40, muddle=[39])
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), enemies=[("hound", hound, "steady")])
    run.answer("check:hurry", 2, 5)  # the hound's 5 takes the focus: 5 spaces, given back to Capture
    assert run.ask == "stat" and run.pos("hound") == 0
    texts = run.answer("stat:hurry", 3)  # 3 against 5: captured, alone: the endeavour is lost to it
    assert run.result == "captured"
    assert any("captures you" in t for t in texts)


def test_a_captured_companion_tries_to_come_back_each_round():
    hound = monster("Hound", "dc6", stamina=40, muddle=[39])
    jory = person("Jory", hurry="d6")
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), allies=[("jory", jory, "steady")],
              enemies=[("hound", hound, "steady")])
    # you 2, Jory 4, the hound 5: it captures the one furthest along (all at 0: you), target 5
    run.answer("check:hurry", 2, 4, 5)
    # you fail to slip away (3); round 2 goes on without you: Jory 2, the hound 2, a tie the
    # dice give to Jory; then, at its end, your check to break free
    run.answer("stat:hurry", 3, 2, 2, 1)
    assert "player" in run.state["captured"] and run.result is None
    assert run.ask == "stat" and run.state["round"] == 2
    assert "break free" in run.decision().prompt
    run.answer("stat:hurry", 6)
    assert "player" not in run.state["captured"] and run.ask == "declare"


# -- behaviours ---------------------------------------------------------------------------------


def test_the_behaviours_choose_as_documented():
    me, other = person("Rook", hurry="d8"), person("Ada", hurry="d6")
    assert policy.declare("steady", me, list(CORE_STATS), [("player", other)], True) == {"do": "check", "stat": "hurry"}
    assert policy.declare("bold", me, list(CORE_STATS), [("player", other)], True) == \
        {"do": "contest", "target": "player", "stat": "hurry"}
    assert policy.declare("bold", me, list(CORE_STATS), [("player", other)], False)["do"] == "check"
    assert policy.help_dice("bold", 4, 4, 3) == 1 and policy.help_dice("bold", 3, 4, 3) == 2
    assert policy.help_dice("steady", 3, 4, 3) == 0
    assert policy.capture_spaces("steady", 5, 9) == 5 and policy.capture_spaces("bold", 5, 9) == 9
    assert policy.capture_spaces("steady", 2, 9) == 0


# -- validation ----------------------------------------------------------------------------------


def problems(procedure, params, *, enemies=(), player=None):
    fighters = [Fighter("player", PLAYER, player or person("Ada"))]
    for key, character in enemies:
        fighters.append(Fighter(key, ENEMY, character, npc=key))
    setup = ConflictSetup(procedure, fighters, params, rounds=10)
    return {(p.path, p.message.split(" (")[0]) for p in conflict_rules(RS, procedure).problems(setup)}


def test_the_validator_names_what_the_rules_cannot_run():
    found = problems("race", {"length": 10, "terrain": [4, 10, {"at": 3, "stats": ["wits"]}]})
    paths = {path for path, _ in found}
    assert ("params", "terrain", 1) in paths and ("params", "terrain", 2, "stats", 0) in paths
    assert ("params", "length",) in {p for p, _ in problems("endeavour", {"length": 2})}
    assert ("params", "made") in {p for p, _ in problems("stealth", {"made": "shout"})}
    assert ("params", "deadline") in {p for p, _ in problems("endeavour", {"deadline": 12})}
    assert ("procedure",) in {p for p, _ in problems("discovery", {})}
    hound = monster("Hound", muddle=[25], stamina=0)
    monstrous = problems("monstrous", {"length": 20}, enemies=[("hound", hound)])
    assert any("past the goal" in m for _, m in monstrous) and any("stamina" in m for _, m in monstrous)
    mute = RS.prepare_character(Character(name="Mute", system="humanity-blessed", stats={"head": "d4"}))
    assert ("opponents", 0) in {p for p, _ in problems("race", {"stats": ["hurry"]}, enemies=[("mute", mute)])}


def test_possible_results_are_honest():
    def possible(procedure, params=None, enemies=()):
        fighters = [Fighter("player", PLAYER, person("Ada"))] + [Fighter(k, ENEMY, c, behaviour=b, npc=k)
                                                                   for k, c, b in enemies]
        return set(conflict_rules(RS, procedure).possible_results(ConflictSetup(procedure, fighters, params or {})))

    assert possible("endeavour") == {"goal"}
    assert possible("endeavour", {"deadline": 3}, [("rook", person("Rook"), "steady")]) == {"goal", "lost", "won", "draw"}
    assert possible("race", None, [("rook", person("Rook"), "steady")]) == {"goal", "lost", "exhausted"}
    assert "won" in possible("race", None, [("rook", person("Rook", [3]), "bold")])
    assert possible("stealth") == {"goal", "caught"}
    assert possible("monstrous", None, [("hound", monster("Hound"), "steady")]) == {"goal", "lost", "won", "captured"}


def test_every_round_is_json_ready_and_the_same_seed_gives_the_same_endeavour():
    def play(seed):
        run = Run("race", {"length": 20, "terrain": [7]}, player=person("Ada", [2, 2, 5], hurry="d6"),
                  enemies=[("rook", person("Rook", [4], hurry="d6"), "bold")], seed=seed)
        n = 0
        while run.result is None and run.state["round"] <= 20:
            run.answer(run.keys()[n % len(run.keys())])
            n += 1
        return json.dumps(run.state, sort_keys=True), [b.text for b in run.beats]

    assert play(4) == play(4)


def test_bumping_help_dice_are_capped_dice():
    assert rolls.help_pmf(1) == {1: Fraction(1)}
    assert abs(sum(rolls.help_pmf(3).values()) - 1) < Fraction(1, 10**30)
    assert bumping.capped_die(3).readings == (1, 2, 3, 3)


def test_the_endeavours_tags_call_on_the_abilities_that_answer_them():
    bram = person("Bram", hurry="d4")
    bram.extra["abilities"] = ["Quick Acclimation"]
    run = Run("race", {"tags": ["nature"], "stats": ["hurry"]}, player=bram)
    aided = RS.check_odds(bram, {"stat": "hurry", "target": 4, "tags": ["nature"]}).outcomes["success"]
    plain = RS.check_odds(bram, {"stat": "hurry", "target": 4}).outcomes["success"]
    assert run.action("check:hurry").odds == aided > plain
    run.answer("check:hurry", 3, 2)  # hurry d4 3, short of 4: Quick Acclimation's dc2 adds 2
    assert run.pos() == 5 + 2
    assert ("params", "tags", 0) in {p for p, _ in problems("race", {"tags": ["natur"]})}


# -- clash endeavours ---------------------------------------------------------------------------


@pytest.mark.parametrize("advantage, die", [(3, None), (4, "dc2"), (7, "dc2"), (8, "dc4"), (11, "dc4"),
                                            (12, "dc6"), (15, "dc6"), (16, "dc8"), (19, "dc8"), (20, "dc10"),
                                            (31, "dc10")])
def test_a_summons_die_follows_the_gm_guides_table(advantage, die):
    from solo.rules.humanity_blessed.endeavours.clash import summon_die

    assert summon_die(advantage) == die


def clash(params=None, *, player=None, rival=None, force=()):
    return Run("clash", {"length": 16, **(params or {})}, player=player or person("Ada", hurry="d10"),
               enemies=[("marshal", rival or person("Marshal"), "steady")], force=force)


def test_each_summoner_begins_with_two_summons_and_stands_off_the_line():
    run = clash({"summons": {"you": ["Wren"], "marshal": ["A pikeman", "A crossbowman"]}})
    summons = run.state["summons"]
    assert [(k, e["owner"], e["name"], e["die"]) for k, e in summons.items()] == [
        ("player~s1", "player", "Wren", "dc4"), ("player~s2", "player", "your summon 2", "dc4"),
        ("marshal~s1", "marshal", "A pikeman", "dc4"), ("marshal~s2", "marshal", "A crossbowman", "dc4")]
    view = run.rules.view(run.setup, run.state)
    assert "You" not in view.track.positions and "Marshal" not in view.track.positions
    assert set(view.track.positions) == {"Wren", "your summon 2", "A pikeman", "A crossbowman"}
    assert "summoner, off the line" in next(f for f in view.fighters if f.key == "player").tags


def test_a_summoners_advantage_summons_and_their_other_movement_goes_to_a_summon():
    run = clash()
    # you 9 (d10), the marshal 2, the four summons 2 each: you take the focus with 9 -> a dc4
    # summon; your check's 9 is a medium success: 3 spaces, carried by your first summon
    texts = run.answer("check:hurry", 9, 2, 2, 2, 2, 2)
    assert run.state["summons"]["player~s3"]["die"] == "dc4"
    assert run.pos("player") == 0 and run.pos("player~s1") == 3 and run.pos("player~s3") == 0
    assert any("summon with 9" in t for t in texts)


def test_too_small_an_advantage_summons_nobody():
    run = clash({"target": "lowest"})
    run.answer("check:hurry", 3, 2, 2, 2, 2, 2)
    assert "player~s3" not in run.state["summons"] and run.pos("player~s1") == 1  # very minor: 1


def test_a_summon_with_the_advantage_captures_and_the_round_ends():
    run = clash({"captures": 1}, player=person("Ada"))
    # you 2, the marshal 2, Wren 4 takes the focus: 4 spaces, given back to Capture the pikeman
    # (the foe summon furthest along, the first listed among equals): it checks against 4, rolls 3
    texts = run.answer("check:hurry", 2, 2, 4, 2, 2, 2, 3)
    assert run.state["out"]["marshal~s1"] == "captured" and run.state["taken"] == {"ours": 1, "theirs": 0}
    assert run.pos("player~s1") == 0 and run.result == "won"
    assert any("a check against 4" in t for t in texts)


def test_a_summoner_left_without_summons_calls_one_at_the_rounds_end():
    run = clash(player=person("Ada"))
    run.state["out"].update({"marshal~s1": "captured", "marshal~s2": "captured"})
    run.answer("check:hurry", 2, 2, 2, 2)
    assert run.state["summons"]["marshal~s3"]["die"] == "dc4"


def test_the_clash_odds_on_offer_are_the_rulesets():
    run = clash(player=person("Ada", hurry="d6"))
    assert run.action("check:hurry").odds == RS.odds_for_args({"die": "d6", "target": "4"}).outcomes["success"]
    run.answer("contest:marshal~s1")
    summon = next(f for f in run.rules.line(run.setup, run.state).by_key.values() if f.key == "marshal~s1")
    offered = run.action("contest:marshal~s1:hurry").odds
    assert offered == RS.contest_odds(run.me, summon.character, {"stat": "hurry", "focal": True}).outcomes["success"]


def test_the_validator_names_a_clashs_bad_parameters():
    found = problems("clash", {"summon_die": "d7", "captures": 0, "summons": {"ghost": ["Boo"]}},
                     enemies=[("marshal", person("Marshal"))])
    paths = {p for p, _ in found}
    assert {("params", "summon_die"), ("params", "captures"), ("params", "summons", "ghost")} <= paths
    assert ("opponents",) in {p for p, _ in problems("clash", {})}


# -- monstrous abilities ------------------------------------------------------------------------


def beast(*abilities: str, die: str = "dc4", blessings=None, **extra):
    character = monster("Hound", die, stamina=40, muddle=[39], monstrous=list(abilities), **extra)
    character.resources["blessings"] = list(blessings or [])
    return character


def test_immunity_holds_a_contest_it_would_lose_winning_by_one():
    hound = beast("Immunity vs Head")
    run = Run("monstrous", {"length": 40}, player=person("Ada", head="d6"), enemies=[("hound", hound, "steady")])
    run.answer("contest:hound")
    assert run.action("contest:hound:head").odds == 0  # offered as it is: it cannot be won
    assert run.action("contest:hound:hand").odds > 0
    # you 5 against its 2 would win; you take the focus (5 over its check's 3) and the contest
    # holds for the hound, by 1: very minor, 1 space
    texts = run.answer("contest:hound:head", 5, 2, 3)
    assert run.pos() == 5 and run.pos("hound") == 1
    assert any("is immune to Head" in t for t in texts)


def test_resistance_is_two_more_in_aid_for_the_defender_in_the_offered_odds():
    hound = beast("Resistance vs Head")
    run = Run("monstrous", {"length": 40}, player=person("Ada", head="d6"), enemies=[("hound", hound, "steady")])
    run.answer("contest:hound")
    with_aid = RS.contest_odds(run.me, hound, {"stat": "head", "focal": True, "opponent_aid": "dc2"})
    plain = RS.contest_odds(run.me, hound, {"stat": "head", "focal": True})
    assert run.action("contest:hound:head").odds == with_aid.outcomes["success"] < plain.outcomes["success"]
    assert run.action("contest:hound:hand").odds == RS.contest_odds(
        run.me, hound, {"stat": "hand", "focal": True}).outcomes["success"]


def test_unrelenting_and_merciless_count_the_times_it_was_muddled():
    hound = monster("Hound", "dc4", stamina=40, muddle=[2], monstrous=["Unrelenting", "Merciless"])
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), enemies=[("hound", hound, "steady")])
    # you 6 take the focus over its 2, passing its muddle button at 2; at the round's end it
    # moves 1 (muddled once) and gains one blessing die (a 4)
    texts = run.answer("check:hurry", 6, 2, 4)
    assert run.state["muddled"]["hound"] == 1 and run.pos("hound") == 1
    assert hound.resources["blessings"] == [4]
    assert any("unrelenting" in t for t in texts) and any("merciless" in t for t in texts)


def test_revenge_contests_whoever_muddled_it_at_once_and_takes_no_turn_away():
    hound = monster("Hound", "dc4", stamina=40, muddle=[2], monstrous=["Revenge"])
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), enemies=[("hound", hound, "steady")])
    # your 6 takes the focus and muddles it; its Revenge (Head 3 against your 2) moves it 1;
    # your check still goes through (6: minor, 2 more); its own check (2) fails
    texts = run.answer("check:hurry", 6, 2, 3, 2)
    assert any("Revenge" in t for t in texts)
    assert run.pos("hound") == 1 and run.pos() == 8


def ahead_then(run, *force):
    """Round 1: you 6 (advantage and a minor success: to 8), Jory and the hound fail with 2."""
    run.answer("check:hurry", 6, 2, 2)
    assert run.pos() == 8 and run.ask == "declare"
    run.answer("sit", *force)


def test_debilitate_takes_one_off_the_losers_stat_for_as_many_rounds_as_it_moved():
    hound = beast("Debilitate Hurry")
    jory = person("Jory", hurry="d6")
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), allies=[("jory", jory, "steady")],
              enemies=[("hound", hound, "steady")])
    # round 2: you sit out; Jory 6 takes the focus; the hound contests you with Hurry, 4 to 2
    ahead_then(run, 6, 4, 2)
    assert run.ask == "side"
    texts = run.answer("pass")
    assert any("uses Debilitate" in t for t in texts) and run.pos("hound") == 2
    assert run.state["powers"]["debilitated"] == [{"who": "player", "stat": "hurry", "until": 4}]
    minus = RS.check_odds(run.me, {"stat": "hurry", "target": 4, "focal": True, "modifier": -1})
    assert run.action("check:hurry").odds == minus.outcomes["success"] < RS.check_odds(
        run.me, {"stat": "hurry", "target": 4, "focal": True}).outcomes["success"]


def test_flatten_pushes_the_loser_of_a_hand_contest_back():
    hound = beast("Flatten")
    jory = person("Jory", hurry="d6")
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), allies=[("jory", jory, "steady")],
              enemies=[("hound", hound, "steady")])
    ahead_then(run, 6, 4, 2)  # the hound contests your Hand d4: 4 to 2, minor: 2 spaces
    texts = run.answer("pass")
    assert any("uses Flatten" in t for t in texts)
    assert run.pos("hound") == 2 and run.pos() == 6
    assert run.state["powers"]["spent"] == {"hound": ["flatten"]}


def test_shield_gives_resistance_for_the_rounds_moved_and_a_blessing_die_recharges_it():
    hound = beast("Shield vs Hurry", blessings=[1, 2, 5])
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), enemies=[("hound", hound, "steady")])
    # you 5 take the focus; its Home check 4 succeeds (minor: 2 spaces): Resistance vs Hurry
    # for 2 rounds
    texts = run.answer("check:hurry", 5, 4)
    assert any("uses Shield" in t for t in texts)
    assert run.state["powers"]["grants"] == [{"who": "hound", "name": "resistance", "stat": "hurry", "until": 3}]
    assert hound.resources["blessings"] == [1, 5]  # round 2 began: the 2 readied it again
    run.answer("contest:hound")
    assert run.action("contest:hound:hurry").odds == RS.contest_odds(
        run.me, hound, {"stat": "hurry", "focal": True, "opponent_aid": "dc2"}).outcomes["success"]


def test_the_validator_reads_monstrous_abilities():
    bad = monster("Hound", monstrous=["Resistance", "Wings", "Curse Head", "Revenge vs Head", "Debilitate Wits",
                                      "Spark Rush", "Spark Rush 11"])
    found = problems("monstrous", {"length": 20}, enemies=[("hound", bad)])
    messages = " | ".join(m for _, m in found)
    assert "names one stat" in messages and "is not a monstrous ability" in messages
    assert "Curse Head: Curse takes nothing after its name" in messages
    assert "Spark Rush: Spark Rush names a die cap" in messages and "Spark Rush 11: Spark Rush names" in messages
    assert "names no stat of this endeavour" in messages
    fine = monster("Hound", monstrous=["Resistance vs. Hurt", "Spark", "Capture", "Curse", "Spark Rush 6"][::2])
    assert problems("monstrous", {"length": 20}, enemies=[("hound", fine)]) == set()


def test_an_agreeable_monstrosity_answers_the_players_contest_as_with_an_ache_not_a_companions():
    hound = monster("Hound", "dc6", stamina=40, muddle=[39], agreeable=["you"])
    aching, plain = monster("Hound", "dc6"), monster("Hound", "dc6")
    for beast_ in (aching, plain):
        beast_.stats.update({s: "dc6" for s in CORE_STATS})
    aching.conditions.append("ache")
    jory = person("Jory", hurry="d6")
    run = Run("monstrous", {"length": 40}, player=person("Ada", head="d6"), allies=[("jory", jory, "steady")],
              enemies=[("hound", hound, "steady")])
    run.answer("contest:hound")
    offered = run.action("contest:hound:head").odds
    assert offered == RS.contest_odds(run.me, aching, {"stat": "head", "focal": True}).outcomes["success"]
    line = run.rules.line(run.setup, run.state)
    assert line.contest_how("jory", "hound", "head")["by_player"] is False
    assert rolls.contest_chance(RS, jory, hound, line.contest_how("jory", "hound", "head")) == \
        RS.contest_odds(jory, plain, {"stat": "head"}).outcomes["success"]


# -- the characters' own line abilities (Ambidexterity, Calling Card, Dirty Trick) ---------------


def with_abilities(character, *names):
    character.extra["abilities"] = list(names)
    return character


@pytest.mark.parametrize("ambidextrous, muddles", [(False, 1), (True, 2)])
def test_one_muddle_button_a_round_or_two_with_ambidexterity(ambidextrous, muddles):
    hound = monster("Hound", "dc4", stamina=40, muddle=[2, 7])
    ada = person("Ada", hurry="d6")
    if ambidextrous:
        with_abilities(ada, "Advanced Training", "Ambidexterity")
    run = Run("monstrous", {"length": 40}, player=ada, enemies=[("hound", hound, "steady")])
    # your 6: advantage over the button at 2, then a minor success (2) over the one at 7
    run.answer("check:hurry", 6, 2)
    assert run.pos() == 8 and run.state["muddled"]["hound"] == muddles
    assert len([b for b in run.state["buttons"] if b["kind"] == "muddle"]) == 2 - muddles


def test_calling_card_raises_the_alertness_instead_of_being_made_once():
    ada = with_abilities(person("Ada", hurry="d6"), "Intuitive Eye", "Calling Card")
    run = Run("stealth", {"length": 20, "alarms": [3], "patrol": 0, "made": "lose"}, player=ada)
    # your 3 ends the advantage on the alarm at 3: a calling card instead (a new alarm at 3 + 2);
    # the check (3 against 4) fails: another alarm, at 3 + 1
    texts = run.answer("check:hurry", 3, 2, 1)
    assert run.result is None and any("calling card" in t for t in texts)
    assert sorted(b["at"] for b in run.state["buttons"] if b["kind"] == "alarm") == [3, 4, 5]
    run.answer("check:hurry", 2)  # 2: to 5, on an alarm again: now made, and caught
    assert run.result == "caught"


def test_dirty_trick_leaves_terrain_behind_the_racer_until_someone_starts_on_it():
    ada = with_abilities(person("Ada", hurry="d6"), "Line of Credit", "Dirty Trick")
    run = Run("race", {"length": 40}, player=ada, enemies=[("rook", person("Rook", hurry="d6"), "steady")])
    texts = run.answer("check:hurry", 6, 2)  # your 6: to 6, a trick at 5; your minor success: to 8
    assert [b["at"] for b in run.state["buttons"] if b.get("trick")] == [5] and run.pos() == 8
    assert any("dirty trick at 5" in t for t in texts)
    run.answer("check:hurry", 2, 6)  # the drover's 6 from 0 is stopped by the trick at 5
    assert run.pos("rook") == 5
    assert not [b for b in run.state["buttons"] if b.get("trick")]  # he starts round 3 on it: gone


def test_empower_raises_the_die_caps_for_the_rounds_moved_then_they_return():
    hound = beast("Empower")
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), enemies=[("hound", hound, "steady")])
    texts = run.answer("check:hurry", 5, 4)  # its Home check 4: minor, 2 spaces: 2 rounds of dc5
    assert any("uses Empower" in t for t in texts) and hound.stats["home"] == "dc5"
    run.answer("check:hurry", 5, 2)
    run.answer("check:hurry", 5, 2)
    assert hound.stats["home"] == "dc4" and run.state["round"] == 4  # round 4 began: back to dc4


def test_propel_trades_the_focus_roll_with_a_lower_ally():
    pack = [("a", beast("Propel"), "steady"), ("b", monster("Cub", "dc4", stamina=40, muddle=[39]), "steady")]
    run = Run("monstrous", {"length": 40}, player=person("Ada", hurry="d6"), enemies=pack)
    # you sit out; the hound 3, the cub 2: traded, the cub takes the focus with 3 and Captures
    # you with it (3 given back); your Hurry 6 slips away
    texts = run.answer("sit", 3, 2)
    assert any("uses Propel" in t for t in texts) and run.state["focal"] == "b"
    assert run.ask == "stat"
    run.answer("stat:hurry", 6)
    assert run.state["powers"]["spent"] == {"a": ["propel"]}
