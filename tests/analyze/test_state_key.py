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
    flags, counters, items, _ = keys.live("vault")
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
