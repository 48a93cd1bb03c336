"""A Humanity, Blessed roll's notes reach the roll view in line mode (plain and rich) and in
transcripts, as the roll's reasons: a companion's stat in a Synchronized Spark, the three stats
of an Ascendant Spark, a loan of Synchronized Skill. The names are the file's, shown as data."""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.engine.game import Game
from solo.ui.words import Words

FIXTURES = Path(__file__).parent.parent / "fixtures"


def _why(name: str, key: str = "1") -> tuple[str, ...]:
    adventure = loader.load(FIXTURES / name).adventure
    game = Game(adventure, seed=3)
    game.start()
    record = next(e.to_dict()["record"] for e in game.choose(key) if e.to_dict()["type"] == "roll")
    return Words(adventure, game).roll(record, "x").why


def test_a_synchronized_spark_says_whose_stat_joined_it():
    assert _why("hb-synchronized.yaml")[0] == "Synchronized Spark: Teo's head."


def test_an_ascendant_spark_names_its_three_stats():
    assert _why("hb-ascendant.yaml")[0] == "Ascendant Spark: Head + Heart + Home."


def test_a_loan_says_who_lent_what_and_what_it_cost():
    assert _why("hb-loan.yaml")[0] == (
        "Synchronized Skill: Teo lends you Advanced Training until the scene ends; paid blessing dice 2 and 2.")


def test_a_roll_without_notes_reads_as_before():
    why = _why("hb-loan.yaml", "2")
    assert not any(w.startswith(("Synchronized", "Ascendant")) for w in why)
    assert why[-1].startswith("Total ")
