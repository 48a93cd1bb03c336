"""Fuzz cases for hostile adventures, expressions and saves, and the checks run on each.

The same generators serve the short hypothesis tests (``tests/fuzz/test_fuzz.py``, fed by
``st.randoms()``) and the long script (``tests/fuzz/run.py``, fed by ``random.Random(seed)``), so a
finding of either is reproduced from its seed.

* :func:`adventure_case` takes a bundled adventure (or a small fixture), mutates its data (values
  replaced by hostile ones: huge and negative numbers, expressions that divide by zero or build
  long texts, escape sequences, bidi overrides, deep nesting; keys deleted; subtrees copied
  elsewhere; gotos and table rolls pointed at random targets) and writes it as YAML; sometimes
  the bytes themselves are cut or flipped.
* :func:`check_adventure` does with the file what ``solo validate`` and ``solo play`` do: validate,
  and when there is no error, play up to 60 random decisions (saving after each, like the driver),
  resume the save, undo, and draw the graph.
* :func:`save_case` plays a bundled adventure a few random steps, then mutates the save (usually
  recomputing its checksum, as an attacker would, so that the damage reaches the engine) and
  sometimes its ``.bak``; :func:`check_save` runs ``continue``, ``saves``, ``replay`` and the
  character reader on it.

A check returns ``None`` when all went as designed (including a clean refusal: the one-line
errors of the engine, the loader and the saves), else a description of the finding with its
traceback. Hangs are caught by the caller (an alarm in the tests, a watchdog in the script).
"""

from __future__ import annotations

import copy
import json
import random
import traceback
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted((ROOT / "adventures").glob("*.yaml"))
SMALL = [ROOT / "tests" / "fixtures" / "small.yaml", ROOT / "tests" / "fixtures" / "game-errand.yaml"]

_BASES: dict[str, Any] = {}
#: libyaml's C loader and dumper when PyYAML has them (about ten times faster than the pure
#: Python ones, which matters for hundreds of thousands of cases); the same YAML either way.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def base(path: Path) -> Any:
    """A bundled adventure's data, read once."""
    key = str(path)
    if key not in _BASES:
        _BASES[key] = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
    return _BASES[key]


# -- hostile values ---------------------------------------------------------------------------

HOSTILE_TEXTS = [
    "{1/0}", "{x / 0}", "{turn / (turn - turn)}", "{\"a\" * 3}", "{'a' + 1}", "{", "}", "{{", "{has(}",
    "\x1b]0;pwned\x07\x1b[2J", "\u202egnp.exe", "zero\u200bwidth", "{character.name + character.name}",
    "x" * 5000, "{" + "(" * 60 + "1" + ")" * 60 + "}", "{not}", "{1 < 2 < 3}", "{[1, 2] + [3]}",
    "= 1 / 0", "=turn * 1000000000", "=" + "9" * 30, "{stat('nope')}", "{resource(1)}", "{clock(3)}",
]
HOSTILE_NUMBERS = [0, -1, 1, 2, 6, 10, 100, 101, 1000, -1000, 10**6, 10**9, 10**12, 2**63, -(2**63), 10**30]
HOSTILE_EXPRESSIONS = [
    "1/0", "turn / 0", "has(1)", "stat(\"gumption\") > 1000", "not not not true", "x", "1 +", "\"a\" < 1",
    "chance(\"thought\") * 100000000000", "visited(scene)", "[1, [2, [3]]] == 1", "character.name + 1",
    "done(\"x\") or 1 / (turn - turn)", "resource(\"xp\") * resource(\"xp\") * resource(\"xp\")",
]


def hostile_value(rnd: random.Random, depth: int = 0) -> Any:
    pick = rnd.random()
    if pick < 0.3:
        return rnd.choice(HOSTILE_NUMBERS)
    if pick < 0.55:
        return rnd.choice(HOSTILE_TEXTS)
    if pick < 0.7:
        return rnd.choice(HOSTILE_EXPRESSIONS)
    if pick < 0.78:
        return rnd.choice([True, False, None, 1.5, float("inf"), -0.0])
    if pick < 0.9 and depth < 4:
        return [hostile_value(rnd, depth + 1) for _ in range(rnd.randint(0, 3))]
    if depth < 4:
        return {rnd.choice(["goto", "table", "tick", "add", "set", "text", "give", "award", "if", "when",
                            "then", "else", "stat", "target", "dice", "x"]): hostile_value(rnd, depth + 1)
                for _ in range(rnd.randint(0, 3))}
    return "x"


def expression(rnd: random.Random, depth: int = 0) -> str:
    """A random expression of the adventure language (often invalid, sometimes hostile)."""
    atoms = ["1", "0", "-5", "true", "none", "turn", "scene", "\"a\"", "'b'", "x", "character.name",
             "has(\"key\")", "stat(\"gumption\")", "chance(\"thought\")", "[1, 2]", "999999999999", "1" * 14]
    if depth > 5 or rnd.random() < 0.3:
        return rnd.choice(atoms)
    op = rnd.choice(["+", "-", "*", "/", "%", "==", "!=", "<", "<=", "and", "or", "in", "not in", ""])
    if op == "":
        return rnd.choice(["not ", "-", "(", ""]) + expression(rnd, depth + 1) + rnd.choice([")", "", ""])
    return f"{expression(rnd, depth + 1)} {op} {expression(rnd, depth + 1)}"


# -- mutating plain data ----------------------------------------------------------------------


def _nodes(data: Any, path: tuple = ()) -> list[tuple[tuple, Any]]:
    found = [(path, data)]
    stack = [(path, data)]
    while stack:
        at, item = stack.pop()
        children = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        for k, v in children:
            found.append((at + (k,), v))
            stack.append((at + (k,), v))
    return found


def _get(data: Any, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def mutate(data: Any, rnd: random.Random, rounds: int) -> Any:
    """``data`` (copied) with ``rounds`` random hostile changes."""
    data = copy.deepcopy(data)
    ids = {k for k in (data.get("scenes") or {})} if isinstance(data, dict) else set()
    tables = list((data.get("tables") or {})) if isinstance(data, dict) else []
    for _ in range(rounds):
        nodes = _nodes(data)
        path, node = rnd.choice(nodes)
        if not path:
            continue
        parent = _get(data, path[:-1])
        key = path[-1]
        what = rnd.random()
        try:
            if what < 0.75:  # keep the kind of value, so that most files still pass the schema
                parent[key] = _same_kind(node, rnd, data, ids, tables)
            elif what < 0.8:
                parent[key] = hostile_value(rnd)
            elif what < 0.83:
                if isinstance(parent, dict):
                    del parent[key]
                else:
                    parent.pop(key)
            elif what < 0.86:  # a copy of another subtree here
                parent[key] = copy.deepcopy(rnd.choice(nodes)[1])
            elif what < 0.9 and ids:
                parent[key] = {"goto": rnd.choice(sorted(ids))} if rnd.random() < 0.5 else rnd.choice(sorted(ids))
            elif what < 0.95 and tables:
                effect = {"table": rnd.choice(tables)}
                if isinstance(node, list):
                    node.extend([effect] * rnd.randint(1, 3))
                else:
                    parent[key] = [effect, effect]
            elif what < 0.97 and isinstance(node, str):
                parent[key] = node + rnd.choice(HOSTILE_TEXTS)
            elif isinstance(node, (int, float)) and not isinstance(node, bool):
                parent[key] = node * rnd.choice([-1, 1000, 10**9])
            elif isinstance(node, dict) and node:
                inner = rnd.choice(list(node))
                node[inner] = [node[inner]] * rnd.randint(2, 5)
        except (KeyError, IndexError, TypeError):
            continue
    return data


def _effect(rnd: random.Random, data: Any, ids: set[str], tables: list[str]) -> dict[str, Any]:
    """A well-formed effect, often a hostile one."""
    variables = data.get("variables") or {} if isinstance(data, dict) else {}
    counters = list(variables.get("counters") or {}) or ["turn"]
    clocks = list(variables.get("clocks") or {}) or ["x"]
    choices = [
        {"table": rnd.choice(tables)} if tables else {"text": "{1/0}"},
        {"goto": rnd.choice(sorted(ids))} if ids else {"text": "x"},
        {"add": {rnd.choice(counters): rnd.choice(HOSTILE_NUMBERS)}},
        {"set": {rnd.choice(counters): f"= {rnd.choice(counters)} * {rnd.choice([2, 1000, 999999])}"}},
        {"text": rnd.choice(HOSTILE_TEXTS)},
        {"condition": rnd.choice(["bleeding", "tired", "\u202eevil"])},
        {"award": {rnd.choice(["xp", "ep", "rerolls", "luck", "blessings"]): rnd.choice(HOSTILE_NUMBERS)}},
        {"tick": rnd.choice(clocks)},
        {"if": {"when": expression(rnd), "then": [{"text": "{turn}"}], "else": []}},
    ]
    return rnd.choice(choices)


def _same_kind(node: Any, rnd: random.Random, data: Any, ids: set[str], tables: list[str]) -> Any:
    """A hostile value of the same kind as ``node``."""
    if isinstance(node, bool):
        return not node
    if isinstance(node, int):
        return rnd.choice(HOSTILE_NUMBERS + [node + 1, -node, node * 100])
    if isinstance(node, str):
        pick = rnd.random()
        if pick < 0.4:
            return node + " " + rnd.choice(HOSTILE_TEXTS)
        if pick < 0.6:
            return "{" + expression(rnd) + "}"
        if pick < 0.75 and ids:
            return rnd.choice(sorted(ids))
        return expression(rnd)
    if isinstance(node, list):
        extra = [_effect(rnd, data, ids, tables) for _ in range(rnd.randint(1, 4))]
        if node and all(isinstance(x, dict) for x in node):
            return node + extra
        return node + node[: rnd.randint(0, 3)] if node else extra
    if isinstance(node, dict) and node:
        key = rnd.choice(list(node))
        out = dict(node)
        out[key] = _same_kind(node[key], rnd, data, ids, tables)
        return out
    return node


def adventure_case(rnd: random.Random) -> bytes:
    """The bytes of one mutated adventure file."""
    source = rnd.choice(BUNDLED + SMALL * 3)
    data = mutate(base(source), rnd, rnd.choice([1, 1, 1, 2, 3, 5]))
    try:
        text = yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False, width=10_000).encode("utf-8")
    except (yaml.YAMLError, ValueError, RecursionError):
        text = source.read_bytes()
    if rnd.random() < 0.08:  # damage the bytes themselves
        raw = bytearray(text)
        for _ in range(rnd.randint(1, 8)):
            if raw:
                raw[rnd.randrange(len(raw))] = rnd.randrange(256)
        if rnd.random() < 0.5:
            raw = raw[: rnd.randrange(len(raw) + 1)]
        text = bytes(raw)
    return text


# -- the checks -------------------------------------------------------------------------------


def _expected() -> tuple[type[BaseException], ...]:
    from solo.adventure.problems import AdventureError
    from solo.engine.game import EngineError, InvalidDecision
    from solo.rules.base import RulesError
    from solo.saves import SaveError

    return (AdventureError, EngineError, InvalidDecision, SaveError, RulesError)


def _finding(what: str) -> str:
    return f"{what}\n{traceback.format_exc()}"


def check_adventure(text: bytes, folder: Path, rnd: random.Random) -> str | None:
    """Validate and play one adventure file; a description of the finding, or None."""
    from solo.adventure import graph
    from solo.adventure.validate import validate_path
    from solo.saves import SaveStore
    from solo.session import new_session, resume_session

    path = folder / "fuzz.yaml"
    path.write_bytes(text)
    try:
        problems = validate_path(path)
    except Exception:
        return _finding("solo validate raised")
    if any(p.severity == "error" for p in problems):
        return None
    store = SaveStore(folder / "saves")
    try:
        session = new_session(str(path), store=store, slot="fuzz", seed=rnd.randrange(10**6))
    except _expected():
        return None
    except Exception:
        return _finding("starting a session raised")
    try:
        session.game.start()
        session.save()
        for _ in range(60):
            offered = session.game.offered
            if offered is None or session.game.finished:
                break
            keys = offered.enabled_keys()
            if not keys:
                break
            session.choose(rnd.choice(keys))
            session.save()
            if rnd.random() < 0.1:
                session.undo()
        resumed = resume_session(store, "fuzz")
        resumed.game.replay_view()
        graph.to_mermaid(session.adventure)
        graph.to_dot(session.adventure)
    except _expected():
        return None
    except Exception:
        return _finding("playing raised")
    return None


# -- saves ------------------------------------------------------------------------------------

_SAVES: dict[str, dict[str, Any]] = {}


def _real_save(source: Path, seed: int, folder: Path) -> dict[str, Any]:
    """A genuine save of ``source`` after a few random decisions (made once per source and seed)."""
    key = f"{source}:{seed}"
    if key not in _SAVES:
        from solo.saves import SaveStore
        from solo.session import new_session

        rnd = random.Random(seed)
        session = new_session(str(source), store=SaveStore(folder / "real"), slot="real", seed=seed)
        session.game.start()
        for _ in range(rnd.randint(0, 15)):
            if session.game.offered is None or session.game.finished:
                break
            session.choose(rnd.choice(session.game.offered.enabled_keys()))
        _SAVES[key] = session.payload()
    return _SAVES[key]


def save_case(rnd: random.Random, folder: Path) -> tuple[bytes, bytes | None]:
    """(main file, .bak or None) of a damaged save slot."""
    from solo.saves import checksum

    source = rnd.choice(BUNDLED)
    payload = _real_save(source, rnd.randrange(4), folder)
    main = mutate(payload, rnd, rnd.choice([1, 1, 2, 3, 6]))
    if isinstance(main, dict) and rnd.random() < 0.85:
        main["checksum"] = checksum(main)  # as an attacker would
    try:
        raw = json.dumps(main, ensure_ascii=False).encode("utf-8")
    except (ValueError, TypeError, RecursionError):
        raw = b"{}"
    pick = rnd.random()
    if pick < 0.05:
        raw = b"[" * 100_000 + b"]" * 100_000
    elif pick < 0.1:
        raw = raw.replace(b'"turn":', b'"turn":' + b"9" * 5000 + b",\"x\":", 1)
    elif pick < 0.15:
        raw = raw[: rnd.randrange(len(raw) + 1)]
    bak = None
    if rnd.random() < 0.5:
        bak = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    return raw, bak


def check_save(main: bytes, bak: bytes | None, folder: Path) -> str | None:
    """``continue``, ``saves``, ``replay`` and the character reader on one damaged slot."""
    from solo.characters import CharacterStore
    from solo.replay import read_replay, replay_payload
    from solo.saves import SaveStore
    from solo.session import resume_session

    saves = folder / "slots"
    saves.mkdir(parents=True, exist_ok=True)
    (saves / "s.json").write_bytes(main)
    if bak is not None:
        (saves / "s.json.bak").write_bytes(bak)
    elif (saves / "s.json.bak").exists():
        (saves / "s.json.bak").unlink()
    (saves / "characters").mkdir(exist_ok=True)
    (saves / "characters" / "c.json").write_bytes(main)
    store = SaveStore(saves)
    for what, run in (
        ("continue", lambda: resume_session(store, "s").game.replay_view()),
        ("saves", lambda: store.slots()),
        ("replay", lambda: replay_payload(read_replay(str(saves / "s.json"), store))),
        ("character", lambda: CharacterStore(saves).all()),
    ):
        try:
            run()
        except _expected():
            pass
        except Exception:
            return _finding(f"{what} raised")
    return None


# -- expressions against a real game ------------------------------------------------------------

_GAMES: dict[str, Any] = {}


def check_expression(text: str, adventure_name: str = "supply-ship") -> str | None:
    """Evaluate one expression as the engine does in play (its real functions and variables,
    through :meth:`~solo.engine.game.Game.evaluate`); a description of the finding, or None."""
    from solo.adventure.expressions import ExpressionError

    game = _GAMES.get(adventure_name)
    if game is None:
        from solo.adventure import loader
        from solo.engine.game import Game

        game = Game(loader.load(adventure_name).adventure, seed=1)
        game.start()
        game.choose(game.offered.enabled_keys()[0])
        _GAMES[adventure_name] = game
    try:
        value = game.evaluate(text)
    except (ExpressionError, *_expected()):
        return None
    except Exception:
        return _finding(f"evaluating {text[:200]!r} raised")
    if value is not None and not isinstance(value, (bool, int, float, str, list, tuple, dict)):
        return f"evaluating {text[:200]!r} gave a {type(value).__name__}"
    return None


# -- whole playthroughs through the command line -------------------------------------------------


def playthrough_case(rnd: random.Random) -> dict[str, Any]:
    """A bundled adventure played from a seed by lines a player might type: choices (often out of
    range), ``:undo``, ``:save``, notes, help, and in GM mode jumps, sets, gifts and forced dice."""
    from solo.adventure import loader

    path = rnd.choice(BUNDLED)
    adventure = loader.load(path).adventure
    scenes = sorted(adventure.scenes)
    items = sorted(getattr(adventure, "items", {}) or {}) or ["nothing"]
    gm = rnd.random() < 0.5
    lines: list[str] = []
    for _ in range(rnd.randint(5, 120)):
        roll = rnd.random()
        if roll < 0.7:
            lines.append(str(rnd.choice([1, 1, 2, 2, 3, 4, 5, 12, 13, 0, 99])))
        elif roll < 0.78:
            lines.append(":undo")
        elif roll < 0.82:
            lines.append(rnd.choice([":save", ":sheet", ":journal", ":look", ":recap", ":help", ":rules", "?"]))
        elif roll < 0.86:
            lines.append(":note " + str(hostile_value(rnd))[:200])
        elif gm and roll < 0.9:
            lines.append(f":goto {rnd.choice(scenes)}")
        elif gm and roll < 0.94:
            lines.append(f":set {rnd.choice(['x', 'door_open', 'turn', 'alarm'])} {rnd.choice(['1', 'true', '-3', 'word'])}")
        elif gm and roll < 0.96:
            lines.append(f":give {rnd.choice(items)}")
        elif gm:
            lines.append(":force " + " ".join(str(rnd.randint(0, 7)) for _ in range(rnd.randint(1, 4))))
        else:
            lines.append(rnd.choice(["", "  ", "look around", ":oracle Is it safe?", ":roll 2d6"]))
    return {"adventure": str(path), "seed": rnd.randrange(10**6), "gm": gm, "lines": lines}


def check_playthrough(case: dict[str, Any], folder: Path) -> str | None:
    """Play the case in line mode as a person would (``solo play``, its lines typed), then replay
    the save it left: a traceback, a bug report, or a replay that differs is a finding."""
    from click.testing import CliRunner

    from solo.cli import cli
    from solo.replay import read_replay, replay_payload

    args = ["play", case["adventure"], "--seed", str(case["seed"]), "--slot", "p", "--save-dir", str(folder)]
    if case["gm"]:
        args.append("--gm")
    result = CliRunner().invoke(cli, args, input="\n".join(case["lines"]) + "\n")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        exc = result.exception
        return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    if "Traceback" in result.output or "internal error" in result.output:
        return "the output shows a bug:\n" + result.output[-3000:]
    save = folder / "p.json"
    if not save.exists():
        return None if result.exit_code != 0 else "a game played and left no save"
    try:
        replayed = replay_payload(read_replay(str(save)))
    except _expected():
        return None
    except Exception:
        return _finding("replaying the save raised")
    if not replayed.same:
        return f"the save does not replay to the same game: {replayed.differences}"
    return None
