"""Every flag a bundled adventure sets is read somewhere, and every item it hands out is asked for.

A flag written and never read is a promise the story forgets ("you learn who took it" and then
nothing knows you did); an item given and never asked for is a line on the sheet that does
nothing. The validator's pass already collects what each file reads, writes, gives and asks for
(`has(...)`); this test reads that over all five bundled adventures (docs/editorial/README.md).

An item with system rules (a weapon, a heal) counts as used: the ruleset reads it in a conflict.
ALLOWED lists the deliberate exceptions, each with why; an entry that is no longer needed fails
too, so the list cannot go stale.
"""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.adventure.validate import Checker

BUNDLED = ["supply-ship", "clockwork-heist", "lantern-fen", "goblin-market", "blessed-harvest"]

ALLOWED: dict[str, set[str]] = {
    # GUTS+ pregens' signature tools: each goes with the one specialty only its holder has
    # (fixing, planning, medicine, technology), and the options that use the tool ask for that
    # specialty (`stat("technology") > 0`) and name the tool in their text.
    "supply-ship": {"item multitool", "item datadex", "item medpod", "item digipad"},
}


def _never_used(aid: str) -> set[str]:
    adventure = loader.load(aid).adventure
    checker = Checker(adventure, None, None)
    checker.run()
    asked = {item for item, _ in checker.has_asked}
    flags = (checker.written & set(adventure.flags)) - checker.read
    items = {item for item in checker.given - asked
             if item in adventure.items and not adventure.items[item].rules}
    return {f"flag {name}" for name in flags} | {f"item {name}" for name in items}


@pytest.mark.parametrize("aid", BUNDLED)
def test_no_flag_is_set_and_never_read_and_no_item_is_given_and_never_used(aid):
    unused = _never_used(aid)
    allowed = ALLOWED.get(aid, set())
    assert unused - allowed == set(), sorted(unused - allowed)
    assert allowed - unused == set(), f"no longer needed in ALLOWED: {sorted(allowed - unused)}"


def test_the_check_finds_a_flag_that_is_set_and_never_read(tmp_path):
    source = loader.load("blessed-harvest").adventure.source
    text = open(source, encoding="utf-8").read()
    # the bakehouse's clue no longer opens the coaxing at Gran's bedside
    text = text.replace("        if: knows_gran\n", "        if: heard_lark\n")
    text = text.replace("        if: not knows_gran\n", "        if: not heard_lark\n")
    path = tmp_path / "harvest.yaml"
    path.write_text(text, encoding="utf-8")
    adventure = loader.load(str(path)).adventure
    checker = Checker(adventure, None, None)
    checker.run()
    assert "knows_gran" in checker.written and "knows_gran" not in checker.read
