"""GUTS+ mending and the turn's order, played through ``tests/fixtures/guts-mend.yaml``.

Tamsin starts with her padded cap knocked loose (two marks) and one injury to the torso; she
carries two healing tonics. Pip, her companion, was knocked out before the fight (two injuries to
the head). Checked: a rest puts loose protection right, time passing without rest heals at the
book's untreated rate (line 558: a day for one injury, against half a day resting), a remedy used
in a fight on oneself or on a knocked-out companion (line 504), and the weak-spot look made after
the active action (line 490: any order).
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from solo.adventure import loader
from solo.cli import cli
from solo.engine.game import Game
from solo.rules.guts_plus import GutsPlus

SIT, WALK, GATE = "choice-0", "choice-1", "choice-2"


@pytest.fixture
def road(fixtures):
    return loader.load(fixtures / "guts-mend.yaml").adventure


def start(adventure, seed: int = 3) -> Game:
    game = Game(adventure, seed=seed)
    game.start()
    assert game.offered.kind == "scene"  # the only character is taken
    return game


def notes(events) -> list[str]:
    return [e.text for e in events if e.type == "rules"]


def said(events) -> list[str]:
    return [e.text for e in events if e.type == "conflict-action"]


def test_a_rest_outside_a_fight_puts_loose_protection_right(road):
    game = start(road)
    assert game.character.extra["protection"] == {"head": 2}  # knocked loose by the rockfall
    events = game.choose(SIT)
    assert game.character.extra["protection"] == {"head": 0}
    assert notes(events) == ["Protection on the head is back in place."]
    assert game.character.extra["injuries"]["torso"] == 1  # an hour heals nothing


def test_time_passing_without_rest_heals_at_the_books_untreated_rate(road):
    game = start(road)
    events = game.choose(WALK)  # a day on foot: one injury heals in a day untreated
    assert game.character.extra["injuries"]["torso"] == 0
    assert "The torso heals (1 → 0 injuries)." in notes(events)
    assert "Protection on the head is back in place." in notes(events)
    # the rates, from the ruleset: 23 hours untreated heal nothing, 12 resting do
    rules = GutsPlus()
    for hours, resting, healed in ((23, False, False), (24, False, True), (12, True, True)):
        character = game.character.__class__.from_dict(game.character.to_dict())
        character.extra["injuries"] = {"torso": 1}
        (rules.rest if resting else rules.pass_time)(character, hours)
        assert (character.extra["injuries"]["torso"] == 0) is healed, (hours, resting)
    character.extra["injuries"] = {"torso": 2}
    rules.pass_time(character, 119)
    assert character.extra["injuries"]["torso"] == 2  # a double injury: five days untreated
    rules.pass_time(character, 1)
    assert character.extra["injuries"]["torso"] == 1


def test_resting_false_is_refused_by_validate_where_the_system_has_no_rule_for_it(fixtures, tmp_path):
    text = (fixtures / "game-fight.yaml").read_text()
    assert "system: game" in text
    path = tmp_path / "walk.yaml"
    path.write_text(text.replace("scenes:\n", "scenes:\n  walk:\n    title: Walk\n    text: On foot.\n"
                                 "    on_enter: [{rest: {days: 1, resting: false}}]\n"
                                 "    choices: [{text: On, goto: walk}]\n", 1))
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert "no rules for time passing without rest" in result.output
    assert "walk.yaml:" in result.output


def _fight(road, *initiative: int) -> Game:
    game = start(road)
    game.dice.force(*initiative)
    events = game.choose(GATE)
    assert "Pip cannot fight (unconscious)." in said(events)
    return game


def test_a_tonic_used_in_a_fight_heals_and_a_knocked_out_companion_gets_back_up(road):
    game = _fight(road, 6, 6, 1, 2)  # Tamsin 12, the Tollman 3: Tamsin first
    ids = {o.id: o for o in game.offered.options}
    assert "heal:tonic:pip" in ids and "heal:tonic:player" in ids
    assert ids["heal:tonic:pip"].text == "Use a healing tonic on Pip (knocked out)"
    assert ids["heal:tonic:player"].hint == "1 injury off, the torso first; it is used up"
    game.dice.force(4, 3, 2, 4)  # then the Tollman's blow: Tamsin's 7 against its 6, a miss
    events = game.choose("heal:tonic:pip")
    lines = said(events)
    assert "You use a healing tonic on Pip: the head heals (1 injury off)." in lines
    assert "Pip gets back up." in lines
    assert "The Tollman attacks you bare-handed: a miss." in lines
    assert game.character.items.count("tonic") == 1  # one used up
    view = [e.to_dict()["view"] for e in events if e.type == "conflict-round"][-1]
    pip = next(f for f in view["fighters"] if f["key"] == "pip")
    assert pip["out"] is False and "unconscious" not in pip["tags"]
    assert not game.dice.forced_pending
    # out since the start, Pip rolled no initiative: from round 2 he takes his turn, last
    assert game.offered.prompt.startswith("Round 2, your turn")
    game.dice.force(2, 4, 4, 3, 4, 3, 2, 4)  # Tamsin misses, the Tollman misses
    events = game.choose("attack:tollman:hands")
    events += game.choose("aim:any")
    lines = said(events)
    assert lines[:2] == ["You attack the Tollman bare-handed: a miss.", "The Tollman attacks you bare-handed: a miss."]
    assert any(e.to_dict()["actor"] == "pip" for e in events if e.type == "conflict-action")


def test_the_weak_spot_look_may_come_after_the_attack(road):
    game = _fight(road, 6, 6, 1, 2)
    ids = [o.id for o in game.offered.options]
    assert "study:tollman" in ids and "look-after" in ids
    game.choose("look-after")
    ids = [o.id for o in game.offered.options]
    assert "study:tollman" not in ids and "look-after" not in ids and "attack:tollman:hands" in ids
    # the blow: Tamsin 1 1 against the Tollman's 3 3... a miss; then she is asked for the look
    game.dice.force(2, 2, 4, 4)
    events = game.choose("attack:tollman:hands")
    if any(o.id == "aim:any" for o in game.offered.options):
        events += game.choose("aim:any")
    assert any(line.startswith("You attack the Tollman bare-handed: a miss") for line in said(events))
    assert [o.id for o in game.offered.options] == ["study:tollman", "skip-look"]
    assert game.offered.prompt == "Round 1, your passive action: look for a weak spot?"
    game.dice.force(5, 4, 6, 1, 1)  # Thought 2: found; then the Tollman swings and misses
    events = game.choose("study:tollman")
    assert "You look the Tollman over for a weak spot: found (+1 to the next attack on it)." in said(events)
    attack = next(o for o in game.offered.options if o.id == "attack:tollman:hands")
    assert attack.hint.startswith("Gumption 2d +1 vs 2d")  # the look helps the next attack


def test_in_a_fight_loose_protection_is_readjusted_a_blow_is_taken_on_an_arm_and_a_turn_held(road):
    game = _fight(road, 6, 6, 1, 2)
    options = {o.id: o for o in game.offered.options}
    assert options["readjust:head"].text == "Re-adjust a padded cap on your head"  # loose from the rockfall
    # Tamsin spends her active action on the cap; the Tollman's blow (its 3 4 against her 2 3)
    # is a hit the dice put on her head (the first part), and she is asked to react
    game.dice.force(2, 3, 3, 4, 1)
    events = game.choose("readjust:head")
    assert "You put a padded cap on your head right." in said(events)
    assert game.character.extra["protection"]["head"] == 0
    assert game.offered.prompt.startswith("The Tollman hits you with bare hands (1 injury) on your head, "
                                          "shielded by a padded cap (2 marks left). React?")
    # a Gumption check (her 4 5): she takes it on her left arm instead (book line 520)
    game.dice.force(4, 5)
    events = game.choose("react:left arm")
    assert "You twist to take it on your left arm instead." in said(events)
    assert game.character.extra["injuries"]["left arm"] == 1
    # round 2 is free for all: she may hold her turn and let the Tollman go first (line 486)
    assert game.offered.prompt.startswith("Round 2, your turn")
    hold = next(o for o in game.offered.options if o.id == "wait")
    assert hold.text == "Hold your turn until the Tollman has acted"
