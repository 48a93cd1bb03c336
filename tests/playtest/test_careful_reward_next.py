"""The careful bot's one reading of "a reward next" (``_AdventureFacts.reward_next``): the scenes a
choice leads into, by way of a plain move, a roll's success or a roll's winning branches, and
whether some (or every) choice there rewards. Three helpers read it apart before sitting 13."""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.playtest.policies import _AdventureFacts, is_rewarding

HALL = """\
format: 1
id: hall
title: Hall
system: guts-plus
start: hall
characters:
  - id: pilot
    name: Pilot
    stats: {gumption: 2, utility: 2, thought: 1, slyness: 1, piloting: 2}
items:
  - {id: coin, name: Coin}
scenes:
  hall:
    title: Hall
    choices:
      - {text: Into the vault, goto: vault}
      - text: Pick the lock
        goto: hall
        check:
          stat: slyness
          outcomes:
            success: {goto: drawer}
            failure: {text: Stuck.}
      - {text: Stay, goto: hall}
  vault:
    title: Vault
    choices:
      - {text: Take a coin, effects: [{give: coin}], goto: end}
      - {text: Take another, effects: [{give: coin}], goto: end}
  drawer:
    title: Drawer
    choices:
      - {text: Take the coin, effects: [{give: coin}], goto: end}
      - {text: Leave, goto: end}
  end:
    title: End
    ending: {outcome: victory}
"""


def test_a_reward_next_by_each_way(tmp_path: Path):
    path = tmp_path / "hall_reward_next.yaml"
    path.write_text(HALL)
    adventure = loader.load(path).adventure
    facts = _AdventureFacts(adventure)
    vault, lock, stay = adventure.scenes["hall"].choices[:3]
    # a move into the vault, whose every choice rewards: a reward next by any way a move goes
    assert facts.reward_next(vault, "hall", "move", is_rewarding)
    assert facts.reward_next(vault, "hall", "success", is_rewarding, every=True)
    assert facts.rewarding(vault) and not is_rewarding(vault)
    # the lock's success opens the drawer, where one choice of two rewards
    assert facts.reward_next(lock, "hall", "won", is_rewarding)
    assert facts.reward_next(lock, "hall", "success", is_rewarding)
    assert not facts.reward_next(lock, "hall", "success", is_rewarding, every=True)
    assert not facts.reward_next(lock, "hall", "move", is_rewarding)  # a roll is no plain move
    assert facts.opens_reward(lock, "hall") and not facts.rewarding(lock)
    # staying here is no reward next, whatever the hall offers
    assert not facts.reward_next(stay, "hall", "move", lambda c: True)
    assert not facts.reward_next(stay, "hall", "success", is_rewarding)
