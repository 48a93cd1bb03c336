"""The state key keeps flags, counters and items only as far as the game can still read them.

Each reduction of :class:`~solo.analyze.explore.KeyMaker` is pinned on a small adventure whose
exact figures are compared with a copy that reads the same thing in the last scene (so nothing
may be left out there): fewer states, the same exact fractions.
"""

from __future__ import annotations

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.analyze.explore import Explorer, KeyMaker

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
    assert KeyMaker(adventure).counter_caps == ((3, 1),)
    found = analyze(adventure)
    # random play: give up or knock (1/2 each) twice, then win with p = 1/3 + p/3 = 1/2: 1/8.
    # Knocking for ever is a loop of states; capped at 3 knocks it is one, so the answer is exact
    assert found["method"] == "exact" and found["states"] < 10
    assert found["exact"] == {"inside": "1/8", "outside": "7/8"}
    lowered = tmp_path / "lowered.yaml"
    lowered.write_text(KNOCK.replace("KNOCK", "1").replace("- text: Give up\n", "- text: Rest\n        effects: [{add: {knocks: -1}}]\n        goto: door\n      - text: Give up\n"))
    assert KeyMaker(loader.load(str(lowered)).adventure).counter_caps == (None,)
    shown = tmp_path / "shown.yaml"
    shown.write_text(KNOCK.replace("KNOCK", "1").replace("title: Door\n", "title: Door\n    text: \"Knocks: {knocks}\"\n"))
    assert KeyMaker(loader.load(str(shown)).adventure).counter_caps == (None,)


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
    assert keys.counter_caps == ((8, 1),)
    assert keys.live("door").caps == ((8, 1),) and keys.live("hall").caps == ((6, 1),)
    found = analyze(adventure)
    # by hand, W(k) the chance to win from the door after k knocks: nothing past 6 (no way to
    # open), W(6) = 1/3 * 1/2, W(5) = 1/3 W(6) + 1/3 * 1/2 = 2/9, then W(4..2) = W(k+1)/3 (the hall
    # lets in only 5 and 6), W(1) = W(2)/2, W(0) = W(1)/2 = 1/486
    assert found["method"] == "exact" and found["exact"]["inside"] == "1/486"
