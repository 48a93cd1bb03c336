"""House rules through adventure files: the book's rule by default, a named opt-in rule only when
the adventure's ``house_rules`` asks for it, a name the system does not offer refused by the
validator, and the chosen rules shown on the card, in ``solo list`` and on the rules page."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import yaml

from solo.adventure import loader
from solo.adventure.catalog_view import catalog_lines
from solo.adventure.validate import validate_paths
from solo.engine.game import Game
from solo.ui.words import Words

MINOR_BLOW = re.compile(r"^A (very )?minor blow: .* takes? (\w+) in ")


def with_house_rules(fixtures: Path, tmp_path: Path, name: str, rules: list[str]) -> Path:
    data = yaml.safe_load((fixtures / name).read_text())
    data["house_rules"] = rules
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def minor_blow_wounds(path: Path, games: int) -> set[str]:
    """The wound kinds very minor and minor blows left over ``games`` seeded random fights. The
    games are quiet (no odds or views worked out for a reader): they play event for event as
    the loud ones (tests/engine/test_quiet.py), for about 60% of the CPU."""
    adventure = loader.load(path).adventure
    kinds: set[str] = set()
    for seed in range(games):
        game, rng = Game(adventure, seed=seed, quiet=True), random.Random(seed)
        events = game.start()
        for _ in range(400):
            for event in events:
                if event.type == "conflict-action":
                    found = MINOR_BLOW.match(event.text)
                    if found:
                        kinds.add(found.group(2))
            if game.finished or game.offered.kind != "conflict":
                break
            events = game.choose(rng.choice(game.offered.enabled_keys()))
    return kinds


def test_by_the_book_a_minor_blow_in_a_humanity_blessed_fight_only_ever_leaves_an_ache(fixtures):
    assert minor_blow_wounds(fixtures / "hb-fight.yaml", 12) == {"ache"}


def test_harm_escalates_makes_minor_blows_on_the_wounded_leave_worse_wounds(fixtures, tmp_path):
    path = with_house_rules(fixtures, tmp_path, "hb-fight.yaml", ["harm-escalates"])
    kinds = minor_blow_wounds(path, 12)
    assert "ache" in kinds and kinds & {"pain", "weakness", "vulnerability"}


def stance_options(path: Path) -> dict[str, str]:
    game = Game(loader.load(path).adventure, seed=1)
    game.start()
    return {o.id: o.text for o in game.offered.options if o.id.startswith("stance:")}


def stance_odds(path: Path) -> dict[str, Fraction]:
    game = Game(loader.load(path).adventure, seed=1)
    game.start()
    return {o.id: Fraction(o.odds) for o in game.offered.options if o.id.startswith("stance:")}


def test_by_the_book_every_loose_and_fuzzy_stance_shows_the_same_chance(fixtures):
    odds = stance_odds(fixtures / "lf-fight.yaml")
    assert len(odds) == 5 and len(set(odds.values())) == 1
    texts = stance_options(fixtures / "lf-fight.yaml")
    assert texts["stance:offensive"] == "Press the attack: DT -1"
    assert not any("roll" in text for text in texts.values())


def test_stance_rolls_names_the_roll_change_on_each_stance(fixtures, tmp_path):
    texts = stance_options(with_house_rules(fixtures, tmp_path, "lf-fight.yaml", ["stance-rolls"]))
    assert texts["stance:all-out-defence"] == "All-out defence: roll -2, DT +2, no blows"


def test_stance_rolls_makes_the_offensive_stance_likelier_to_win_the_exchange(fixtures, tmp_path):
    book = stance_odds(fixtures / "lf-fight.yaml")
    odds = stance_odds(with_house_rules(fixtures, tmp_path, "lf-fight.yaml", ["stance-rolls"]))
    assert odds["stance:ordinary"] == book["stance:ordinary"]
    assert odds["stance:all-out-defence"] < odds["stance:ordinary"] < odds["stance:offensive"]
    assert odds["stance:offensive"] < odds["stance:all-out-attack"]


def test_a_house_rule_of_another_system_or_unknown_is_an_error_naming_the_line(fixtures, tmp_path):
    path = with_house_rules(fixtures, tmp_path, "lf-fight.yaml", ["harm-escalates", "stance-roll"])
    problems = [p for p in validate_paths([str(path)]) if p.code == "unknown-house-rule"]
    assert [p.severity for p in problems] == ["error", "error"]
    assert "it is a humanity-blessed house rule" in problems[0].hint
    assert "did you mean 'stance-rolls'?" in problems[1].hint
    lines = path.read_text().splitlines()
    assert [lines[p.line - 1].strip() for p in problems] == ["- harm-escalates", "- stance-roll"]


def test_the_chosen_house_rules_show_on_the_card_in_solo_list_and_on_the_rules_page(fixtures, tmp_path):
    path = with_house_rules(fixtures, tmp_path, "hb-fight.yaml", ["harm-escalates"])
    adventure = loader.load(path).adventure
    words = Words(adventure)
    card = [line.text for line in words.card()]
    assert "House rules (beyond the book): Harm escalates" in card
    assert words.rules()[-1].title == "House rule: Harm escalates"
    plain = Words(loader.load(fixtures / "hb-fight.yaml").adventure)
    assert not any("House rule" in line.text for line in plain.card())
    assert not any(rule.title.startswith("House rule") for rule in plain.rules())
    entry = {"id": "x", "title": "X", "system": "humanity-blessed", "house_rules": ["harm-escalates"]}
    assert "  House rules (beyond the book): Harm escalates" in list(catalog_lines([entry]))
