"""Outcome classes found once for entry states that differ only in what the roll or fight does
not read (:func:`solo.analyze.classes.read_print`): rewards, items without rules, a conflict's
unread state. The answer must not change; the enumeration must not be repeated."""

from __future__ import annotations

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.analyze.explore import Explorer

RAG = """format: 1
id: rag-and-parry
title: A Rag and a Parry
system: game
start: yard
characters:
  - id: sable
    name: Sable
    stats: {Hack/Slash: 3, Lift/Smash: 3, Throw/Ensnare: 1, Shoot/Fire: 1, Bargain/Appraise: 3,
            Perception/Track: 2, Social/Etiquette: 3, Wilderness/Escape: 1, Block/Dodge: 2,
            Leap/Tumble: 2, Ride/Pilot: 1, Sneak/Hide: 2, Alchemy: 1, Chemstry: 1, Machinery: 2,
            Transmutery: 5}
items:
  - {id: rag, name: a rag}
scenes:
  yard:
    title: The Yard
    text: A rag lies by the well.
    choices:
      - text: Take the rag
        effects: [{give: rag}]
        goto: hall
      - text: Leave it
        goto: hall
  hall:
    title: The Hall
    text: The apprentice swings.
    choices:
      - text: Parry
        check:
          stat: Hack/Slash
          outcomes:
            success: {text: "Parried, {roll.excess} to the good.", goto: won}
            failure: {goto: lost}
  won:
    title: Won
    text: The apprentice yields.
    choices:
      - text: Wipe the blade
        if: has("rag")
        goto: home
      - text: Bow
        goto: home
  home:
    title: Home
    text: Done.
    ending: {outcome: victory}
  lost:
    title: Lost
    text: Cut.
    ending: {outcome: defeat}
"""


def test_a_roll_is_enumerated_once_for_entry_states_that_differ_in_an_item_without_rules(tmp_path):
    """Two states enter the hall (with the rag, without: a later text asks about it), and the
    parry's classes (its excess is read) are found once: the rag has no rules, so no roll reads
    it. The answer is the same as with the rag never taken (each branch plays the same parry)."""
    path = tmp_path / "rag.yaml"
    path.write_text(RAG)
    adventure = loader.load(str(path)).adventure
    explorer = Explorer(adventure)
    graph = explorer.explore()
    assert graph.complete
    halls = [n for n in graph.nodes if n.scene == "hall" and n.kind == "decision"]
    assert len(halls) == 2, "the rag splits the hall: the won scene asks about it"
    checks = [k for k in explorer.game.classes.entries if k[0] == "check"]
    assert len(checks) == 1 and explorer.game.classes.misses == 1 and explorer.game.classes.hits >= 1
    found = analyze(adventure)
    alone = tmp_path / "alone.yaml"
    alone.write_text(RAG.replace("      - text: Take the rag\n        effects: [{give: rag}]\n        goto: hall\n", ""))
    assert found["exact"] == analyze(loader.load(str(alone)).adventure)["exact"]



def test_a_guts_fight_state_is_keyed_without_its_initiative_totals():
    """The totals are written once for the log; every rule reads the order (``order``)."""
    from solo.rules import registry
    from solo.rules.base import AnalysisState, hook
    from solo.rules.guts_plus.fight.procedure import Fight

    fight = Fight(registry.get("guts-plus"))
    assert hook(fight, AnalysisState) is not None
    one = {"round": 2, "order": ["a", "b"], "initiative": {"a": 7, "b": 4}}
    other = {"round": 2, "order": ["a", "b"], "initiative": {"a": 9, "b": 3}}
    assert fight.analysis_state(one) == fight.analysis_state(other) == {"round": 2, "order": ["a", "b"]}
