"""The state key keeps flags, counters and items only as far as the game can still read them.

Each reduction of :class:`~solo.analyze.explore.KeyMaker` is pinned on a small adventure whose
exact figures are compared with a copy that reads the same thing in the last scene (so nothing
may be left out there): fewer states, the same exact fractions.
"""

from __future__ import annotations

import pytest

from solo.adventure import expressions, loader
from solo.analyze.command import analyze
from solo.analyze.explore import Explorer, KeyMaker
from solo.rules import registry

LAMP = """\
format: 1
id: lamp
title: Lamp
system: guts-plus
start: hall
characters:
  - id: ace
    name: Ace
    stats: {gumption: 2, utility: 1, thought: 2, slyness: 1}
items:
  - {id: lamp, name: Lamp}
  - {id: pole, name: Pole, rules: {weapon: melee}}
variables:
  flags: {lit: false}
  counters: {steps: 0}
scenes:
  hall:
    title: Hall
    choices:
      - text: Take the lamp
        effects: [{give: lamp}, {set: {steps: 1}}]
        goto: stair
      - text: Take the pole
        effects: [{give: pole}]
        goto: stair
      - text: Go empty-handed
        goto: stair
  stair:
    title: Stair
    choices:
      - text: Light the way
        if: has("lamp") and steps > 0
        effects: [{set: {lit: true}}]
        goto: vault
      - text: Feel the way
        goto: vault
      - text: Turn back
        if: not lit
        goto: hall
  vault:
    title: Vault
    text: "{VAULT}"
    choices:
      - text: Force the lid
        check:
          stat: gumption
          outcomes:
            success: {goto: rich}
            failure: {goto: poor}
  rich:
    title: Rich
    ending: {outcome: victory}
  poor:
    title: Poor
    ending: {outcome: defeat}
"""


def _load(tmp_path, name: str, vault: str, extra: str = ""):
    path = tmp_path / f"{name}.yaml"
    path.write_text(LAMP.replace("{VAULT}", vault) + extra)
    return loader.load(str(path)).adventure


def test_flags_counters_and_items_no_scene_ahead_reads_are_left_out_and_the_figures_stay_exact(tmp_path):
    plain = _load(tmp_path, "plain", "A lid.")
    reads = _load(tmp_path, "reads", "{lit and has('lamp') and steps > 0 and 'Lit.' or 'Dark.'}")
    keys = KeyMaker(plain, Explorer(plain).game.ruleset)
    flags, counters, items = keys.live("vault")[:3]
    assert flags == (False,) and counters == (False,) and items == frozenset({"pole"})  # pole: it has rules
    assert keys.live("hall")[:3] == ((True,), (True,), frozenset({"lamp", "pole"}))
    merged, kept = analyze(plain), analyze(reads)
    assert merged["method"] == kept["method"] == "exact"
    assert merged["exact"] == kept["exact"]
    assert merged["states"] < kept["states"]


def test_endings_are_one_state_each_whatever_the_variables(tmp_path):
    adventure = _load(tmp_path, "plain", "A lid.")
    graph = Explorer(adventure).explore()
    endings = [n for n in graph.nodes if n.kind == "ending"]
    assert sorted(n.ending for n in endings) == ["poor", "rich"]


def test_items_stay_whole_when_carrying_them_all_could_be_refused(tmp_path):
    text = LAMP.replace("items:\n", "items:\n" + "".join(f"  - {{id: bolt-{i}, name: Bolt {i}}}\n" for i in range(12)))
    path = tmp_path / "heavy.yaml"
    path.write_text(text.replace("{VAULT}", "A lid."))
    adventure = loader.load(str(path)).adventure
    keys = KeyMaker(adventure, Explorer(adventure).game.ruleset)
    assert not keys.items_reduced and keys.live("vault").items is None
    light = _load(tmp_path, "plain", "A lid.")
    assert KeyMaker(light, Explorer(light).game.ruleset).items_reduced


def test_visits_are_kept_only_while_a_scene_ahead_asks_and_the_last_roll_only_when_read_outside_branches(tmp_path):
    text = LAMP.replace("title: Hall\n", "title: Hall\n    text: \"{visited('stair') and 'Again.' or 'First.'}\"\n", 1)
    text = text.replace("success: {goto: rich}", "success: {goto: rich, text: \"By {roll.total}.\"}")
    path = tmp_path / "asks.yaml"
    path.write_text(text.replace("{VAULT}", "A lid."))
    adventure = loader.load(str(path)).adventure
    keys = KeyMaker(adventure, Explorer(adventure).game.ruleset)
    assert keys.live("stair").visits == frozenset({"stair"})  # stair can turn back to the hall
    assert keys.live("vault").visits == frozenset()  # nothing after the vault asks
    assert keys.roll_fields == ["total"] and keys.kept_roll_fields == []  # read only in its own branch
    outside = _load(tmp_path, "outside", "{roll.total > 3 and 'Sore.' or 'Fine.'}")
    assert KeyMaker(outside, Explorer(outside).game.ruleset).kept_roll_fields == ["total"]
    plain = _load(tmp_path, "plain", "A lid.")
    merged, base = analyze(adventure), analyze(plain)
    assert merged["method"] == base["method"] == "exact"
    assert merged["exact"] == base["exact"]


KNOCK = """\
format: 1
id: knock
title: Knock
system: guts-plus
start: door
characters:
  - id: ace
    name: Ace
    stats: {gumption: 2, utility: 1, thought: 2, slyness: 1}
variables:
  counters: {knocks: 0}
scenes:
  door:
    title: Door
    choices:
      - text: Knock
        effects: [{add: {knocks: KNOCK}}]
        goto: door
      - text: Open
        if: knocks >= 2
        goto: inside
      - text: Give up
        goto: outside
  inside:
    title: Inside
    ending: {outcome: victory}
  outside:
    title: Outside
    ending: {outcome: defeat}
"""


def test_a_counter_that_only_grows_and_is_read_in_comparisons_is_capped_past_the_largest_number(tmp_path):
    path = tmp_path / "knock.yaml"
    path.write_text(KNOCK.replace("KNOCK", "1"))
    adventure = loader.load(str(path)).adventure
    # ``knocks >= 2`` tells 1 from 2 and nothing past it: 0, 1 and "2 or more" (the cap was 3,
    # one past the largest number, before comparisons were read by their operator)
    assert KeyMaker(adventure).counter_caps == ((2, 1),)
    found = analyze(adventure)
    # random play: give up or knock (1/2 each) twice, then win with p = 1/3 + p/3 = 1/2: 1/8.
    # Knocking for ever is a loop of states; capped at 2 knocks it is one, so the answer is exact:
    # the door at 0, 1 and 2+ knocks and the two endings
    assert found["method"] == "exact" and found["states"] == 5
    assert found["exact"] == {"inside": "1/8", "outside": "7/8"}
    lowered = tmp_path / "lowered.yaml"
    lowered.write_text(KNOCK.replace("KNOCK", "1").replace("- text: Give up\n", "- text: Rest\n        effects: [{add: {knocks: -1}}]\n        goto: door\n      - text: Give up\n"))
    assert KeyMaker(loader.load(str(lowered)).adventure).counter_caps == (None,)
    shown = tmp_path / "shown.yaml"
    shown.write_text(KNOCK.replace("KNOCK", "1").replace("title: Door\n", "title: Door\n    text: \"Knocks: {knocks}\"\n"))
    assert KeyMaker(loader.load(str(shown)).adventure).counter_caps == (None,)



@pytest.mark.parametrize("text, last", [
    ("knocks >= 2", 1), ("knocks < 2", 1), ("2 <= knocks", 1), ("2 > knocks", 1),
    ("knocks > 2", 2), ("knocks <= 2", 2), ("2 < knocks", 2), ("knocks == 2", 2), ("knocks != 2", 2),
    ("knocks > 7 or knocks >= 2", 7), ("knocks >= 2 and knocks < 5", 4), ("knocks % 3 == 1", 0),
])
def test_a_counter_is_capped_past_the_last_value_a_comparison_tells_from_the_next(text, last):
    """Every whole value past ``last`` answers as ``last + 1`` does (the residues aside: they
    are kept whole); a single comparison also tells ``last`` itself from ``last + 1``."""
    parsed = expressions.parse(text)
    found = parsed.counter_reads("knocks")
    assert found is not None and found[1] == last

    def value(v):
        return parsed.evaluate(expressions.Environment({"knocks": v}))

    step = 3 if "%" in text else 1
    assert all(value(v) == value(last + 1) for v in range(last + 1, last + 13, step))
    if " and " not in text and " or " not in text and "%" not in text:
        assert value(last) != value(last + 1)


def test_a_mapping_resource_is_keyed_by_its_entries_not_the_order_they_came_in(tmp_path):
    adventure = _load(tmp_path, "plain", "A lid.")
    keys = KeyMaker(adventure)
    first = adventure.characters[0].character(adventure.system)
    second = adventure.characters[0].character(adventure.system)
    first.resources["learning"] = {"thought": 1, "gumption": 2}
    second.resources["learning"] = {"gumption": 2, "thought": 1}
    assert keys.character(first) == keys.character(second)
    second.resources["learning"] = {"gumption": 1, "thought": 2}
    assert keys.character(first) != keys.character(second)


def test_a_capped_counter_is_kept_only_up_to_the_numbers_still_ahead(tmp_path):
    text = KNOCK.replace("KNOCK", "1").replace("goto: inside\n", "goto: hall\n", 1).replace(
        "  inside:\n", "  hall:\n    title: Hall\n    choices:\n      - text: In\n        if: knocks >= 5\n"
        "        goto: inside\n      - text: Out\n        goto: outside\n  inside:\n")
    text = text.replace("if: knocks >= 2", "if: knocks >= 2 and knocks < 7")
    path = tmp_path / "ahead.yaml"
    path.write_text(text)
    adventure = loader.load(str(path)).adventure
    keys = KeyMaker(adventure)
    # ``knocks < 7`` tells 6 from 7, ``knocks >= 5`` 4 from 5: the hall reads only the second
    assert keys.counter_caps == ((7, 1),)
    assert keys.live("door").caps == ((7, 1),) and keys.live("hall").caps == ((5, 1),)
    found = analyze(adventure)
    # by hand, W(k) the chance to win from the door after k knocks: nothing past 6 (no way to
    # open), W(6) = 1/3 * 1/2, W(5) = 1/3 W(6) + 1/3 * 1/2 = 2/9, then W(4..2) = W(k+1)/3 (the hall
    # lets in only 5 and 6), W(1) = W(2)/2, W(0) = W(1)/2 = 1/486
    assert found["method"] == "exact" and found["exact"]["inside"] == "1/486"


# -- where the game can still go, per state (solo/analyze/reachable.py) -----------------------------

def _both(monkeypatch, path):
    """The analysis with the region worked out per state, and from the scene graph alone."""
    adventure = loader.load(str(path)).adventure
    strong = analyze(adventure)
    monkeypatch.setattr(KeyMaker, "per_state", False)
    weak = analyze(loader.load(str(path)).adventure)
    monkeypatch.setattr(KeyMaker, "per_state", True)
    return strong, weak


WELL = """\
format: 1
id: well
title: Well
system: guts-plus
start: hub
characters:
  - id: ace
    name: Ace
    stats: {gumption: 2, utility: 1, thought: 2, slyness: 1}
variables:
  flags: {wet: false}
scenes:
  hub:
    title: Hub
    choices:
      - text: Splash
        effects: [{set: {wet: true}}]
        goto: yard
      - text: Stay dry
        goto: yard
  yard:
    title: Yard
    choices:
      - text: Walk to the well
        once: true
        goto: well
      - text: Go home
        goto: home
  well:
    title: Well
    choices:
      - text: Warm up by the fire
        if: wet
        goto: yard
      - text: Jump in
        goto: drowned
      - text: Back
        goto: yard
  home:
    title: Home
    ending: {outcome: victory}
  drowned:
    title: Drowned
    ending: {outcome: defeat}
"""


def test_a_once_only_choice_taken_closes_its_way_and_what_only_that_way_reads_is_left_out(tmp_path, monkeypatch):
    path = tmp_path / "well.yaml"
    path.write_text(WELL)
    strong, weak = _both(monkeypatch, path)
    # by hand: wet (1/2): home 1/2, else the well: 2 of 3 options back to the yard, whose only way
    # left is home: 1/2 + 1/2 * 2/3 = 5/6; dry: 1/2 + 1/2 * 1/2 = 3/4; (5/6 + 3/4) / 2 = 19/24
    assert strong["method"] == weak["method"] == "exact"
    assert strong["exact"] == weak["exact"] == {"home": "19/24", "drowned": "5/24"}
    # the yard after the well: wet is read only at the well, which the game cannot come back to
    assert strong["states"] == weak["states"] - 1


CELLAR = """\
format: 1
id: cellar
title: Cellar
system: guts-plus
start: hub
characters:
  - id: ace
    name: Ace
    stats: {gumption: 2, utility: 1, thought: 2, slyness: 1}
variables:
  flags: {wet: false, key: false}
scenes:
  hub:
    title: Hub
    choices:
      - text: Splash and take the key
        effects: [{set: {wet: true, key: true}}]
        goto: yard
      - text: Splash
        effects: [{set: {wet: true}}]
        goto: yard
      - text: Take the key
        effects: [{set: {key: true}}]
        goto: yard
      - text: Nothing
        goto: yard
  yard:
    title: Yard
    choices:
      - text: Down to the cellar
        if: not wet
        goto: cellar
      - text: Go home
        goto: home
  cellar:
    title: Cellar
    choices:
      - text: Unlock the door
        if: key
        goto: home
      - text: Fall down the stair
        goto: drowned
  home:
    title: Home
    ending: {outcome: victory}
  drowned:
    title: Drowned
    ending: {outcome: defeat}
"""


def test_a_guard_false_for_good_closes_its_way(tmp_path, monkeypatch):
    path = tmp_path / "cellar.yaml"
    path.write_text(CELLAR)
    keys = KeyMaker(loader.load(str(path)).adventure)
    from solo.engine.state import GameState

    wet = GameState("cellar", 0, scene="yard", flags={"wet": True, "key": False})
    dry = GameState("cellar", 0, scene="yard", flags={"wet": False, "key": False})
    assert keys.region(wet).scenes == frozenset({"yard", "home"})  # nothing sets wet back
    assert keys.region(dry).scenes == frozenset({"yard", "home", "cellar", "drowned"})
    strong, weak = _both(monkeypatch, path)
    # by hand: wet (1/2): home; dry with the key: 1/2 + 1/2 * 1/2; dry without: 1/2
    assert strong["exact"] == weak["exact"] == {"home": "13/16", "drowned": "3/16"}
    assert strong["states"] == weak["states"] - 1  # wet in the yard: the key no longer matters


DAWN = """\
format: 1
id: dawn
title: Dawn
system: guts-plus
start: road
characters:
  - id: ace
    name: Ace
    stats: {gumption: 2, utility: 1, thought: 2, slyness: 1}
variables:
  flags: {late: false}
  clocks:
    dawn:
      size: 2
      filled: [{set: {late: true}}]
scenes:
  road:
    title: Road
    choices:
      - text: Dawdle
        effects: [{tick: dawn}]
        goto: road
      - text: Hurry
        goto: inn
  inn:
    title: Inn
    choices:
      - text: Knock
        if: not late
        goto: warm
      - text: Wait
        goto: cold
  warm:
    title: Warm
    ending: {outcome: victory}
  cold:
    title: Cold
    ending: {outcome: defeat}
"""


def test_a_clock_nothing_ahead_ticks_or_reads_is_left_out(tmp_path, monkeypatch):
    path = tmp_path / "dawn.yaml"
    path.write_text(DAWN)
    strong, weak = _both(monkeypatch, path)
    # by hand: the inn before dawn is filled: 1/2 + 1/4; there, knock or wait: 3/4 * 1/2 = 3/8
    assert strong["exact"] == weak["exact"] == {"warm": "3/8", "cold": "5/8"}
    # at the inn nothing ticks the clock or reads it: dawn 0 and dawn 1 are one state
    assert strong["states"] == weak["states"] - 1


GOLD = """\
format: 1
id: gold
title: Gold
system: guts-plus
start: market
characters:
  - id: ace
    name: Ace
    stats: {gumption: 2, utility: 1, thought: 2, slyness: 1}
variables:
  counters: {gold: 2}
scenes:
  market:
    title: Market
    choices:
      - text: Sell
        effects: [{add: {gold: 3}}]
        goto: street
      - text: Buy
        effects: [{add: {gold: -1}}]
        goto: street
      - text: Sell twice
        effects: [{add: {gold: 4}}]
        goto: street
  street:
    title: Street
    choices:
      - text: Bribe the guard
        if: gold > 3
        goto: free
      - text: Run
        goto: caught
  free:
    title: Free
    ending: {outcome: victory}
  caught:
    title: Caught
    ending: {outcome: defeat}
"""


def test_a_counter_nothing_ahead_changes_is_kept_by_where_it_stands_against_the_numbers_read(tmp_path, monkeypatch):
    path = tmp_path / "gold.yaml"
    path.write_text(GOLD)
    keys = KeyMaker(loader.load(str(path)).adventure)
    assert keys.counter_caps == (None,)  # it can fall: no cap
    strong, weak = _both(monkeypatch, path)
    # by hand: gold 5 or 6 (2 markets of 3) can bribe: 2/3 * 1/2 = 1/3
    assert strong["exact"] == weak["exact"] == {"free": "1/3", "caught": "2/3"}
    assert strong["states"] == weak["states"] - 1  # gold 5 and 6 both stand above 3


POOL = """\
format: 1
id: pool
title: Pool
system: humanity-blessed
start: porch
characters:
  - id: ann
    name: Ann
    stats: {head: d4, hand: d4, heart: d6, home: d6, hurt: d4, hurry: d6, history: d4}
    resources: {blessings: []}
    extra: {best: home, lifestyle: Carefree, value_system: Virtue and Vice, abilities: [Tactful Speech], touchstones: [baking]}
scenes:
  porch:
    title: Porch
    choices:
      - text: Pray
        effects: [{award: {blessings: 1}}]
        goto: gate
  gate:
    title: Gate
    choices:
      - text: Climb
        check:
          stat: hand
          target: easy
          outcomes:
            success: {goto: over}
            failure: {goto: stuck}
  over:
    title: Over
    ending: {outcome: victory}
  stuck:
    title: Stuck
    ending: {outcome: defeat}
"""


def test_the_blessing_pool_and_lucky_number_are_left_out_while_no_step_ahead_reads_them(tmp_path, monkeypatch):
    from solo.rules.humanity_blessed import analysis_readers, owed_blessings

    path = tmp_path / "pool.yaml"
    path.write_text(POOL)
    adventure = loader.load(str(path)).adventure
    merged = analyze(adventure)
    monkeypatch.setattr(analysis_readers, "unread", lambda *args: frozenset())  # every step reads them
    monkeypatch.setattr(owed_blessings, "defers", lambda *args: False)  # and the prayer's die is drawn at once
    kept = analyze(loader.load(str(path)).adventure)
    monkeypatch.undo()
    ann = adventure.characters[0].character(adventure.system)
    chance = registry.get(adventure.system).check_odds(ann, {"stat": "hand", "target": "easy"}).success_chance()
    # drawn at once, the prayer's die is drawn in classes that leave out a tail below 0.02%:
    # bounded; owed (nothing ever reads it) it is never drawn, and the answer is exact
    assert kept["method"] == "bounded" and kept["bound"] < 0.001
    assert merged["method"] == "exact" and merged["exact"]["over"] == str(chance)
    assert merged["exact"]["stuck"] == str(1 - chance)
    assert kept["ranges"]["over"]["low"] <= float(chance) <= kept["ranges"]["over"]["high"]
    assert kept["ranges"]["stuck"]["low"] <= float(1 - chance) <= kept["ranges"]["stuck"]["high"]
    # a plain check reads neither the pool (what the prayer gained) nor the lucky number: the gate
    # is one state, not one per lucky number and pool (porch, gate and the two endings: no
    # "unexplored" node for the left-out tail of a die never drawn)
    assert merged["states"] == 4 and kept["states"] > 5 * 10
    spark = tmp_path / "spark.yaml"
    spark.write_text(POOL.replace("target: easy\n", "target: easy\n          spark: head\n"))
    keys = KeyMaker(loader.load(str(spark)).adventure)
    assert keys.live("gate").unread == frozenset()  # a spark pays from the pool
    assert KeyMaker(adventure).live("gate").unread == frozenset({"blessings"})


DRAUGHT = """\
format: 1
id: draught
title: Draught
system: guts-plus
start: hall
characters:
  - id: ace
    name: Ace
    stats: {gumption: 2, utility: 1, thought: 2, slyness: 1}
variables:
  flags: {sealed: false}
  counters: {draught: 0}
hooks:
  - every: turn
    when: not sealed and turn % 2 == 0
    effects: [{add: {draught: 1}}]
scenes:
  hall:
    title: Hall
    choices:
      - text: Seal the door
        effects: [{set: {sealed: true}}]
        goto: yard
      - text: Wait
        goto: hall
      - text: Leave
        goto: yard
  yard:
    title: Yard
    choices:
      - text: Go out
        if: draught < 1
        goto: out
      - text: Give up
        goto: stay
  out:
    title: Out
    ending: {outcome: victory}
  stay:
    title: Stay
    ending: {outcome: defeat}
"""


def test_a_hook_whose_condition_is_false_for_good_reads_and_writes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "draught.yaml"
    path.write_text(DRAUGHT)
    strong, weak = _both(monkeypatch, path)
    # by hand: the hook adds a draught after every even turn until the door is sealed (the seal
    # runs before the hook). The yard with no draught: seal or leave first (2/3), or wait and
    # then seal (1/9): 7/9, and there half go out: 7/18
    assert strong["method"] == weak["method"] == "exact"
    assert strong["exact"] == weak["exact"] == {"out": "7/18", "stay": "11/18"}
    # sealed (set only to true: it stays), the hook is dead: the turn's parity and how many
    # draughts past the first no longer split the yard
    assert strong["states"] < weak["states"]
    keys = KeyMaker(loader.load(str(path)).adventure)
    from solo.engine.state import GameState

    sealed = GameState("draught", 0, scene="yard", flags={"sealed": True}, counters={"draught": 3}, turn=5)
    assert keys.region(sealed).hooks == frozenset()
    assert keys.region(GameState("draught", 0, scene="yard", flags={"sealed": False}, counters={"draught": 3})).hooks == {0}


def test_what_the_reads_of_a_number_and_the_parts_of_a_condition_are():
    from solo.adventure import expressions

    parsed = expressions.parse('gold > 3 and gold % 2 == 0 and clock("air") <= 5')
    assert parsed.comparisons("gold") == ({2}, {3})
    assert parsed.comparisons("air", "clock") == (set(), {5})
    assert expressions.parse("gold + 1 > 3").comparisons("gold") is None  # read some other way
    parts = parsed.conjuncts()
    assert len(parts) == 3 and [p.names() for p in parts] == [{"gold"}, {"gold"}, set()]
    assert expressions.parse("a or b").conjuncts()[0].source == "a or b"


QUAY = """\
format: 1
id: quay
title: Quay
system: guts-plus
start: quay
characters:
  - id: ace
    name: Ace
    stats: {gumption: 2, utility: 1, thought: 2, slyness: 1}
variables:
  flags: {cursed: false}
scenes:
  quay:
    title: Quay
    choices:
      - text: Pray at the shrine
        once: true
        if: not cursed
        goto: quay
      - text: Curse the sea
        effects: [{set: {cursed: true}}]
        goto: quay
      - text: Take the ferry
        goto: home
      - text: Swim
        goto: drowned
      - text: Ask a blessing
        if: not cursed
        goto: home
  home:
    title: Home
    ending: {outcome: victory}
  drowned:
    title: Drowned
    ending: {outcome: defeat}
"""


def test_the_mark_of_a_once_only_choice_whose_guard_is_false_for_good_is_left_out(tmp_path, monkeypatch):
    path = tmp_path / "quay.yaml"
    path.write_text(QUAY)
    keys = KeyMaker(loader.load(str(path)).adventure)
    from solo.engine.state import GameState

    def quay(cursed: bool, prayed: bool) -> GameState:
        return GameState("quay", 0, scene="quay", flags={"cursed": cursed}, taken=["quay#0"] if prayed else [])

    # nothing sets cursed back: once cursed, the prayer is never offered, prayed or not
    assert keys.key(quay(True, True)) == keys.key(quay(True, False))
    assert keys.key(quay(False, True)) != keys.key(quay(False, False))
    strong, weak = _both(monkeypatch, path)
    # by hand: cursed, home 1/2 (the curse again loops); prayed and not cursed: (1/2 + 1 + 0 + 1) / 4
    # = 5/8; at the start: (5/8 + 1/2 + 1 + 0 + 1) / 5 = 5/8
    assert strong["method"] == weak["method"] == "exact"
    assert strong["exact"] == weak["exact"] == {"home": "5/8", "drowned": "3/8"}
    assert strong["states"] == weak["states"] - 1  # cursed after praying is cursed without
