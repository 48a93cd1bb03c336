"""Benchmark: how loading and validating scale with the number of scenes (``python bench/load.py``).

Generates GUTS+ adventures of 1 000, 10 000 and 100 000 scenes in a temporary folder (every scene
with a templated text, three choices, a check with outcome branches, conditions and effects), then
measures for each:

* load: :func:`solo.adventure.loader.load`, what ``solo play`` does before the first scene: reading
  the YAML into a :class:`~solo.adventure.yaml_source.Document`, the JSON Schema check and
  building the model;
* validate: :func:`solo.adventure.validate.validate`, the meaning checks (``solo validate`` does
  both);
* peak memory of load + validate, measured in a second run under :mod:`tracemalloc` (which
  slows Python down, so the times come from the first run);
* solo validate: :func:`solo.adventure.validate.validate_path`, everything ``solo validate`` does
  with the file (YAML, schema, model, meaning);
* the cost per scene, and its ratio between the largest and the smallest size, which stays near
  1 when every step is linear.

Times are CPU seconds of this process (:func:`time.process_time`), so other programs running on
the machine do not inflate them.

By default the loader refuses files over 2 MB or 200 000 YAML nodes (see
:mod:`solo.adventure.loader`); the bench passes larger limits (``max_bytes``, ``max_nodes``) to the
same functions, since a 10 000-scene file is 6 MB and a 100 000-scene file 63 MB.

Each size is measured in a fresh Python process, so one size's heap does not slow the next.
Options: ``--sizes 1000,10000`` to choose the sizes, ``--no-memory`` to skip the tracemalloc run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solo.adventure import loader  # noqa: E402
from solo.adventure.validate import validate, validate_path  # noqa: E402

SIZES = (1_000, 10_000, 100_000)
TARGET_10K_SECONDS = 2.0

HEADER = """\
format: 1
id: bench-{n}
title: Bench with {n} scenes
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
scenes:
"""

SCENE = """\
  s{i}:
    title: Scene {i}
    group: Deck {deck}
    text: "Steps so far: {{steps}}. {{character.name}} floats on."
    choices:
      - text: Push on to scene {next}
        effects: [{{add: {{steps: 1}}}}]
        goto: s{next}
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
            success: {{text: It gives., goto: s{skip}}}
            failure: {{text: It holds.}}
"""

FOOTER = """\
  end:
    title: The End
    ending: {outcome: victory, summary: "Done in {steps} steps."}
  stranded:
    title: Stranded
    ending: {outcome: defeat}
"""


def generate(n: int) -> str:
    parts = [HEADER.format(n=n)]
    for i in range(n):
        nxt = f"{i + 1}" if i + 1 < n else "end"
        skip = f"{i + 2}" if i + 2 < n else "end"
        parts.append(
            SCENE.format(i=i, deck=i // 100, next=nxt, skip=skip)
            .replace("goto: s" + "end", "goto: end")
            .replace("scene end", "the end")
        )
    parts.append(FOOTER)
    return "".join(parts)


def limits(path: Path) -> dict[str, int]:
    """Limits that let the file through (the defaults refuse anything past about 3 000 scenes)."""
    return {"max_bytes": path.stat().st_size + 1, "max_nodes": 50_000_000}


def load_and_validate(path: Path) -> tuple[float, float, int]:
    """(load seconds, validate seconds, problems found), the way ``solo play`` loads a file."""
    started = time.process_time()
    loaded = loader.load(path, **limits(path))
    after_load = time.process_time()
    problems = validate(loaded.adventure, loaded.document)
    done = time.process_time()
    return after_load - started, done - after_load, len(problems)


def solo_validate(path: Path) -> float:
    """Seconds for everything ``solo validate`` does with the file."""
    started = time.process_time()
    validate_path(path, **limits(path))
    return time.process_time() - started


def peak_memory(path: Path) -> int:
    tracemalloc.start()
    try:
        load_and_validate(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure(n: int, what: str, folder: Path) -> dict[str, float]:
    """One measurement in this process: ``times`` (load, validate), ``whole`` (solo validate) or ``memory``."""
    path = folder / f"bench-{n}.yaml"
    if not path.exists():
        path.write_text(generate(n), encoding="utf-8")
    if what == "memory":
        return {"memory": peak_memory(path)}
    if what == "whole":
        return {"whole": solo_validate(path)}
    load_s, validate_s, problems = load_and_validate(path)
    return {"load": load_s, "validate": validate_s, "problems": problems, "bytes": path.stat().st_size}


def in_subprocess(n: int, what: str, folder: Path) -> dict[str, float]:
    """:func:`measure` in a fresh Python, so one size's heap does not slow down the next."""
    command = [sys.executable, __file__, "--measure", f"{n}:{what}:{folder}"]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="comma-separated scene counts")
    parser.add_argument("--no-memory", action="store_true", help="skip the tracemalloc run")
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # N:times|whole|memory:FOLDER, used internally
    args = parser.parse_args(argv)
    if args.measure:
        n, what, folder = args.measure.split(":", 2)
        print(json.dumps(measure(int(n), what, Path(folder))))
        return 0
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    rows = []
    with tempfile.TemporaryDirectory(prefix="solo-bench-") as folder:
        for n in sizes:
            row = in_subprocess(n, "times", Path(folder))
            row.update(in_subprocess(n, "whole", Path(folder)))
            row["memory"] = 0 if args.no_memory else in_subprocess(n, "memory", Path(folder))["memory"]
            rows.append((n, row))
            (Path(folder) / f"bench-{n}.yaml").unlink()
    print(f"{'scenes':>8} {'file':>8} {'load s':>7} {'validate s':>10} {'both s':>7} {'µs/scene':>8} "
          f"{'solo validate s':>15} {'µs/scene':>8} {'peak MB':>8} {'problems':>8}")
    for n, row in rows:
        both = row["load"] + row["validate"]
        peak = f"{row['memory'] / 1e6:>8.1f}" if row["memory"] else f"{'-':>8}"
        print(f"{n:>8} {row['bytes'] / 1e6:>6.1f}MB {row['load']:>7.3f} {row['validate']:>10.3f} {both:>7.3f} "
              f"{both / n * 1e6:>8.1f} {row['whole']:>15.3f} {row['whole'] / n * 1e6:>8.1f} {peak} "
              f"{row['problems']:>8}")
    if len(rows) >= 2:
        (first_n, first), (last_n, last) = rows[0], rows[-1]
        for what, pick in (("load + validate", lambda r: r["load"] + r["validate"]),
                           ("validate", lambda r: r["validate"]), ("solo validate", lambda r: r["whole"])):
            ratio = (pick(last) / last_n) / (pick(first) / first_n)
            print(f"per-scene cost of {what} at {last_n} vs {first_n} scenes: {ratio:.2f}x (1.00 = linear)")
    for n, row in rows:
        if n == 10_000:
            both = row["load"] + row["validate"]
            verdict = "ok" if both < TARGET_10K_SECONDS else "over the target"
            print(f"10 000 scenes, load + validate: {both:.2f} s, solo validate: {row['whole']:.2f} s "
                  f"(target < {TARGET_10K_SECONDS:.0f} s): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
