"""Issue 13's acceptance for every bundled adventure, in short: seeded random playthroughs never
raise and never get stuck, and a guided playthrough, replayed from its script, reaches each ending.

The endings are read from each file, so the tests follow the adventures as they grow.
``bench/adventures.py`` runs the long version (1,000 random runs per adventure) and prints figures.
"""

from __future__ import annotations

import functools

import pytest

from solo import acceptance
from solo.adventure import loader

BUNDLED = [p.stem for p in loader.bundled_files()]
RANDOM_RUNS = 24
SCRIPT_SEEDS = range(100)

#: Endings that no guided playthrough over SCRIPT_SEEDS reached when this test was written (and
#: that 1,000 random runs of bench/adventures.py did not reach either), by adventure; their owners
#: are growing them (issue 13). Kept as strict expected failures, not skipped:
#: each still runs, and an ending that starts passing fails the run until it leaves this list.
KNOWN_GAPS: dict[str, set[str]] = {}

#: Endings whose guided search needs more seeds than SCRIPT_SEEDS: the Founders' Chime needs the
#: Heart (strongroom) and the drawings (study) carried down the grand stair, and the guided bot
#: only picks both up on its exploring seeds (about one seed in 200 gets there).
LONG_SEARCHES: dict[str, range] = {"clockwork-heist:end-founders-chime": range(400),
                                   "clockwork-heist:end-clockwork-justice": range(400)}


#: The seed on which the guided search first reached each ending when this was written: tried
#: first, so the test costs one guided run instead of a search of up to 400. Only the order of the
#: search changes: a seed that no longer works is tried again in its turn, and the assertion is
#: still that some seed of the range reaches the ending.
FOUND_ON = {
    "blessed-harvest:ending-whole-village": 5, "blessed-harvest:ending-new-maiden": 11,
    "blessed-harvest:ending-taken-back": 1, "clockwork-heist:end-founders-chime": 69,
    "clockwork-heist:end-clockwork-justice": 345, "clockwork-heist:end-heart-hidden": 65,
    "clockwork-heist:end-paper-trail": 19, "clockwork-heist:end-sold": 11,
    "goblin-market:ending-home-by-dawn": 2, "goblin-market:ending-every-shadow": 57,
    "goblin-market:ending-under-the-hill": 2, "lantern-fen:ending-new-cable": 10,
    "lantern-fen:ending-dark-water": 2, "supply-ship:end-whole": 1, "supply-ship:end-specimen": 57,
    "supply-ship:end-limping": 6, "supply-ship:end-made-good": 31, "supply-ship:end-mourning": 5,
    "supply-ship:lost-air": 3,
}


def _search_order(case: str, seeds: range) -> list[int]:
    first = FOUND_ON.get(case)
    return ([first] if first in seeds else []) + [seed for seed in seeds if seed != first]


@functools.lru_cache(maxsize=None)
def _adventure(name: str):
    """Each bundled adventure read once for the module (a case per ending read it again, about
    0.07 s of CPU each); the harness only plays it, and the model is frozen."""
    return loader.load(name).adventure


@pytest.mark.parametrize("name", BUNDLED)
def test_random_playthroughs_never_raise_nor_get_stuck(name):
    adventure = _adventure(name)
    runs = [acceptance.random_run(adventure, seed) for seed in range(RANDOM_RUNS)]
    problems = [(r.seed, r.error or f"stuck after {len(r.decisions)} decisions") for r in runs if not r.ok]
    assert problems == []
    assert {r.ending for r in runs} <= set(adventure.endings)
    characters = {r.character for r in runs}
    assert characters == {c.id for c in adventure.characters}, "every pregenerated character is played"


def _endings() -> list:
    cases = []
    for name in BUNDLED:
        for ending in _adventure(name).endings:
            marks = [pytest.mark.xfail(reason="known gap, see KNOWN_GAPS", strict=True)] \
                if ending in KNOWN_GAPS.get(name, ()) else []
            cases.append(pytest.param(name, ending, id=f"{name}:{ending}", marks=marks))
    return cases


@pytest.mark.parametrize("name, ending", _endings())
def test_a_scripted_playthrough_reaches_each_ending(name, ending):
    adventure = _adventure(name)
    seeds = LONG_SEARCHES.get(f"{name}:{ending}", SCRIPT_SEEDS)
    script = acceptance.script_for(adventure, ending, seeds=_search_order(f"{name}:{ending}", seeds))
    assert script is not None, f"no guided playthrough over {len(seeds)} seeds reaches {ending}"
    assert script.ok and script.ending == ending
    assert acceptance.replay(adventure, script) == ending  # the script plays the same way again


HEADER = ("format: 1\nid: t\ntitle: T\nsystem: guts-plus\nstart: a\n"
          "characters: [{id: c, name: C, stats: {gumption: 2, utility: 2, thought: 1, slyness: 1, x: 2}}]\n"
          "variables: {counters: {n: 0}}\n")
ENDINGS = ("  out: {title: Out, text: y, ending: {outcome: victory, summary: Out.}}\n"
           "  never: {title: Never, text: z, ending: {outcome: defeat, summary: No.}}\n")


def _load(tmp_path, scenes: str):
    path = tmp_path / "t.yaml"
    path.write_text(HEADER + "scenes:\n" + scenes + ENDINGS, encoding="utf-8")
    return loader.load(path).adventure


def test_the_harness_catches_a_stuck_game(tmp_path):
    adventure = _load(tmp_path, "  a: {title: A, text: x, choices: [{text: Wait, effects: [{add: {n: 1}}]},\n"
                                "      {text: Leave, if: n > 1000000, goto: out}]}\n")
    run = acceptance.random_run(adventure, 3, step_limit=50)
    assert run.stuck and not run.ok and len(run.decisions) == 50
    assert acceptance.script_for(adventure, "never", seeds=range(3)) is None
    assert acceptance.distances_to(adventure, "never") == {"never": 0}
    assert acceptance.distances_to(adventure, "out") == {"out": 0, "a": 1}


def test_the_harness_catches_a_game_that_breaks(tmp_path):
    adventure = _load(tmp_path, "  a: {title: A, text: x, choices: [\n"
                                "      {text: Divide, effects: [{set: {n: '=1 / (n - n)'}}], goto: out}]}\n")
    run = acceptance.random_run(adventure, 1)
    assert run.error and not run.ok and run.ending is None


def test_a_guided_run_heads_for_its_ending(tmp_path):
    adventure = _load(tmp_path, "  a: {title: A, text: x, choices: [{text: Left, goto: b}, {text: Right, goto: c}]}\n"
                                "  b: {title: B, text: x, choices: [{text: On, goto: out}]}\n"
                                "  c: {title: C, text: x, choices: [{text: On, goto: never}]}\n")
    for seed in range(10):
        assert acceptance.guided_run(adventure, "never", seed, greed=1.0).ending == "never"
        assert acceptance.guided_run(adventure, "out", seed, greed=1.0).ending == "out"
