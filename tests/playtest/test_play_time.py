"""Play time measured from runs (solo.playtest.play_time) follows the model in
solo.adventure.length, and each bundled card's play_time states what its runs measure."""

from __future__ import annotations

import re

import pytest

from solo.adventure import loader
from solo.adventure.length import run_minutes
from solo.playtest.play_time import SKIM, RunReading, measure_run, session_minutes, summary


def test_the_model_is_words_at_200_a_minute_plus_ten_seconds_a_decision():
    assert run_minutes(2000, 0) == 10
    assert run_minutes(0, 12) == 2
    assert run_minutes(1000, 6) == 6


def test_a_text_read_before_is_skimmed_in_the_run_and_across_the_session():
    hub = " ".join(["word"] * 200)
    once = RunReading(("fresh " * 200, hub), decisions=0)
    again = RunReading((hub, hub), decisions=0)
    assert once.minutes == 2
    assert again.minutes == pytest.approx(1 + SKIM)
    assert session_minutes([once, once]) == pytest.approx(2 + 2 * SKIM)


def test_a_measured_run_counts_what_it_showed_and_the_choices_made():
    adventure = loader.load("blessed-harvest").adventure
    run = measure_run(adventure, "wren", seed=3)
    assert run.decisions > 5 and run.words > 500
    assert any(adventure.scenes[adventure.start].title in t for t in run.texts)


CARDS = {  # adventure: pregens measured; the card must name one run's minutes within CARD_SLACK
    "supply-ship": ["engineer", "pilot"],
    "lantern-fen": ["maud", "nell"],
    "goblin-market": ["quince", "sorrel"],
    "blessed-harvest": ["wren", "bram"],
    "clockwork-heist": ["wren", "dorrin"],
}
CARD_SLACK = 0.5  # 8 runs a pregen here against 20 for the card's figure


@pytest.mark.parametrize("adventure_id", sorted(CARDS))
def test_each_card_says_what_its_runs_measure(adventure_id):
    adventure = loader.load(adventure_id).adventure
    stated = re.match(r"about (\d+) minutes a run", adventure.play_time or "")
    assert stated, adventure.play_time
    figures = summary(adventure, CARDS[adventure_id], runs=8)
    measured = figures["run_minutes"]
    assert abs(int(stated.group(1)) - measured) <= CARD_SLACK * measured + 5, (adventure_id, measured)
    session = re.search(r"(?:(\d+) hours? )?(\d+) for a session of three", adventure.play_time)
    assert session, adventure.play_time  # the session figure is measured too (bench/play_time.py)
    stated_session = int(session.group(1) or 0) * 60 + int(session.group(2))
    together = figures["session_minutes"]
    assert abs(stated_session - together) <= CARD_SLACK * together + 5, (adventure_id, together)
