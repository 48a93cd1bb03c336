"""GUTS+ fighters the engine runs use the remedies the adventure gives them
(tests/fixtures/guts-npc-mend.yaml): the surgeon brings the knocked-out smuggler round with a
tonic (line 504: healing a partner is something to do on a turn), uses no more tonics than it
carries, and a reckless fighter never stops to heal."""

from __future__ import annotations

import random

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game


def test_the_fixture_validates(fixtures):
    assert [p for p in validate_path(fixtures / "guts-npc-mend.yaml") if p.severity == "error"] == []


def fight(adventure, seed: int) -> list[str]:
    """The fight's lines, the player attacking whenever they can."""
    game = Game(adventure, seed=seed)
    rng = random.Random(seed)
    lines = [e.to_dict()["text"] for e in game.start() if e.type == "conflict-action"]
    for _ in range(200):
        if game.finished:
            break
        attacks = [o.key for o in game.offered.options if o.text.lower().startswith(("attack", "hit"))]
        key = attacks[0] if attacks and rng.random() < 0.8 else rng.choice(game.offered.enabled_keys())
        lines += [e.to_dict()["text"] for e in game.choose(key) if e.type == "conflict-action"]
    return lines


def test_the_surgeon_brings_the_fallen_smuggler_round_and_has_two_tonics(fixtures):
    cave = loader.load(fixtures / "guts-npc-mend.yaml").adventure
    brought_round = 0
    for seed in range(4):
        lines = fight(cave, seed)
        used = [n for n, line in enumerate(lines) if line.startswith("The surgeon uses a healing tonic on")]
        assert 1 <= len(used) <= 2  # the smuggler starts hurt in the head; two tonics carried
        brought_round += sum(lines[n + 1:n + 2] == ["The smuggler gets back up."] for n in used)
    assert brought_round


def test_a_reckless_fighter_never_stops_to_heal(tmp_path, fixtures):
    text = (fixtures / "guts-npc-mend.yaml").read_text()
    path = tmp_path / "reckless.yaml"
    path.write_text(text.replace("{npc: surgeon, behaviour: steady}", "{npc: surgeon, behaviour: reckless}"))
    cave = loader.load(path).adventure
    for seed in range(3):
        assert not any("healing tonic" in line for line in fight(cave, seed))


def test_an_opponent_the_file_gives_essence_strikes_with_it(tmp_path, fixtures):
    """The surgeon, given Essence 3 and the Hit skill, attacks with Essence when that is its
    best chance (Gumption 1 against Essence 3): the fighters the engine runs use what the file
    gives them."""
    text = (fixtures / "guts-npc-mend.yaml").read_text().replace(
        "stats: {gumption: 1, utility: 1, thought: 2, slyness: 1, medicine: 2}\n    items: [tonic, tonic]",
        "stats: {gumption: 1, utility: 1, thought: 2, slyness: 1, essence: 3}\n"
        "    extra: {aura: hot, essence_skills: [sense, heat, hit]}")
    path = tmp_path / "hexer.yaml"
    path.write_text(text)
    assert [p for p in validate_path(path) if p.severity == "error"] == []
    cave = loader.load(path).adventure
    lines = [line for seed in range(2) for line in fight(cave, seed)]
    surgeon = [line for line in lines if line.startswith(("The surgeon strikes at", "The surgeon attacks"))]
    assert surgeon and all("essence (Hit)" in line for line in surgeon), surgeon[:3]
