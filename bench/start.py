"""Benchmark: the largest files the loader accepts, from the file to the first decision (``python bench/start.py``).

``solo play`` refuses files over 2 MB or 200 000 YAML nodes (:mod:`solo.adventure.yaml_source`).
This bench writes files just under those limits in three shapes and measures, for each, what
``solo play`` does before the player sees the first choice:

* ``rich``: scenes like ``bench/load.py``'s (templated text, three choices, a check with
  outcomes, conditions, effects), as many as 2 MB holds (about 3 300);
* ``many``: the smallest scenes the format allows (a title and one choice), as many as the node
  limit lets through (about 28 000): the most states and edges a file can give the machine;
* ``anywhere``: ``rich`` scenes plus hooks and clocks that can send the player to every tenth
  scene from any scene, and tables that roll tables: the shape whose machine was quadratic.

Columns: ``load`` (:func:`solo.adventure.loader.load`: YAML, schema, model), ``validate``
(:func:`solo.adventure.validate.validate`), ``start`` (a new :class:`~solo.engine.game.Game` and
its first events: the scene graph, the scene machine, the first scene), ``resume`` (a second
game of the same adventure restored from the first one's snapshot, what ``continue`` and
``:undo`` do), and ``total``. Times are CPU seconds of the process (:func:`time.process_time`), the
best of ``--repeat`` runs, each size in a fresh Python process; the wall-clock total of the best
run is shown too. Target: total under 2 s for every shape.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solo.adventure import loader  # noqa: E402
from solo.adventure.validate import validate  # noqa: E402
from solo.adventure.yaml_source import MAX_BYTES, MAX_NODES  # noqa: E402
from solo.engine.game import Game  # noqa: E402

TARGET_SECONDS = 2.0
SHAPES = ("rich", "many", "anywhere")

HEADER = """\
format: 1
id: bench-{shape}
title: The largest {shape} file
system: guts-plus
start: s0
characters:
  - id: pilot
    name: Pilot
    stats: {{gumption: 2, utility: 2, thought: 1, slyness: 1, piloting: 2}}
items:
  - {{id: wrench, name: Wrench}}
objectives:
  - {{id: finish, text: Reach the end, when: 'visited("end")'}}
variables:
  flags: {{found_wrench: false}}
  counters: {{steps: 0}}
  clocks:
    fuel: {{size: 100, label: Fuel burnt, filled: [{{goto: stranded}}]}}
hooks:
  - every: turn
    effects: [{{tick: fuel}}]
"""

RICH = """\
  s{i}:
    title: Scene {i}
    text: "Steps so far: {{steps}}. {{character.name}} floats on."
    choices:
      - text: Push on to scene {next}
        effects: [{{add: {{steps: 1}}}}]
        goto: {next}
      - text: Search scene {i}
        if: not found_wrench
        once: true
        effects: [{{give: wrench}}, {{set: {{found_wrench: true}}}}]
      - text: Force the hatch to scene {skip}
        if: has("wrench") or steps > {i}
        check:
          stat: utility
          modifier: -1
          outcomes:
            success: {{text: It gives., goto: {skip}}}
            failure: {{text: It holds.}}
"""

MANY = "  s{i}: {{title: S{i}, choices: [{{text: on, goto: {next}}}]}}\n"

FOOTER = """\
  end:
    title: The End
    ending: {outcome: victory, summary: "Done in {steps} steps."}
  stranded:
    title: Stranded
    ending: {outcome: defeat}
"""


def _name(i: int, n: int) -> str:
    return f"s{i}" if i < n else "end"


def _anywhere(n: int) -> tuple[str, str, str]:
    """(clocks, hooks, tables) that can move the player to every tenth scene from anywhere."""
    targets = list(range(0, n, 10))
    by_table, by_clock, by_hook = targets[:1000], targets[1000:1100], targets[1100:]
    clocks = "".join(f"    c{t}: {{size: 50, filled: [{{goto: s{t}}}]}}\n" for t in by_clock)
    ticks = "".join(f"{{tick: c{t}}}, " for t in by_clock)
    hooks = "".join(f"  - {{every: turn, when: turn > 10000, effects: [{{goto: s{t}}}]}}\n" for t in by_hook)
    hooks += f"  - {{every: turn, when: turn > 10000, effects: [{ticks}{{table: chain}}]}}\n"
    rows = "".join(f"      {k + 1}: {{goto: s{t}}}\n" for k, t in enumerate(by_table))
    tables = ("tables:\n  chain:\n    dice: 1d6\n    rows:\n      1-6: {effects: [{table: far}]}\n"
              f"  far:\n    dice: 1d{max(2, len(by_table))}\n    rows:\n{rows}")
    return clocks, hooks, tables


def generate(shape: str, n: int) -> str:
    header = HEADER.format(shape=shape)
    if shape == "anywhere":
        clocks, hooks, tables = _anywhere(n)
        header = header.replace("    fuel: {size: 100", clocks + "    fuel: {size: 100") + hooks + tables
    body = MANY if shape == "many" else RICH
    parts = [header, "scenes:\n"]
    for i in range(n):
        parts.append(body.format(i=i, next=_name(i + 1, n), skip=_name(i + 2, n)))
    parts.append(FOOTER)
    return "".join(parts)


def largest(shape: str) -> str:
    """The file of ``shape`` with the most scenes that the loader still accepts."""
    low, high = 10, 40_000
    best = generate(shape, low)
    while low < high:
        mid = (low + high + 1) // 2
        text = generate(shape, mid)
        if len(text.encode()) <= MAX_BYTES and _nodes(text) <= MAX_NODES:
            low, best = mid, text
        else:
            high = mid - 1
    return best


def _nodes(text: str) -> int:
    import yaml

    count = 0
    for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        if isinstance(event, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent)):
            count += 1
    return count


def measure(path: Path) -> dict[str, float]:
    """One run, in this process: seconds of each stage, and what the file holds."""
    wall = time.perf_counter()
    t0 = time.process_time()
    loaded = loader.load(path)
    t1 = time.process_time()
    problems = [p for p in validate(loaded.adventure, loaded.document) if p.severity == "error"]
    t2 = time.process_time()
    game = Game(loaded.adventure, seed=1)
    game.start()
    t3 = time.process_time()
    again = Game.resume(loaded.adventure, game.snapshot())
    assert again.offered is not None
    t4 = time.process_time()
    return {
        "load": t1 - t0, "validate": t2 - t1, "start": t3 - t2, "resume": t4 - t3, "total": t4 - t0,
        "wall": time.perf_counter() - wall, "scenes": len(loaded.adventure.scenes),
        "bytes": path.stat().st_size, "errors": len(problems),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--repeat", type=int, default=3, help="runs per shape; the best is shown")
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # a file, measured in this process
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(Path(args.measure))))
        return 0
    print(f"{'shape':>9} {'scenes':>7} {'file':>7} {'load':>6} {'validate':>8} {'start':>6} {'resume':>6} "
          f"{'total':>6} {'wall':>6} {'errors':>6}  verdict")
    worst = 0.0
    with tempfile.TemporaryDirectory(prefix="solo-start-") as folder:
        for shape in args.shapes.split(","):
            path = Path(folder) / f"{shape}.yaml"
            path.write_text(largest(shape), encoding="utf-8")
            runs = []
            for _ in range(args.repeat):
                out = subprocess.run([sys.executable, __file__, "--measure", str(path)],
                                     check=True, capture_output=True, text=True).stdout
                runs.append(json.loads(out.strip().splitlines()[-1]))
            row = min(runs, key=lambda r: r["total"])
            worst = max(worst, row["total"])
            verdict = "ok" if row["total"] < TARGET_SECONDS else "OVER THE TARGET"
            print(f"{shape:>9} {row['scenes']:>7} {row['bytes'] / 1e6:>5.2f}MB {row['load']:>6.2f} "
                  f"{row['validate']:>8.2f} {row['start']:>6.3f} {row['resume']:>6.3f} {row['total']:>6.2f} "
                  f"{row['wall']:>6.2f} {row['errors']:>6}  {verdict}")
    print(f"largest accepted file to the first decision: {worst:.2f} s CPU (target < {TARGET_SECONDS:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
