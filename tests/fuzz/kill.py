"""Kill test: stop ``solo play`` with SIGKILL, SIGINT or SIGTERM at random moments, then check.

    python tests/fuzz/kill.py --kills 1000 [--seed 1]

Each round starts ``solo play`` on a bundled adventure in one of a few slots of one save folder
(``continue`` when the slot holds an unfinished game), feeds it random answers through a pipe,
and, mostly once the first decision is on offer, after a random delay (0 to 1.5 s: while it
loads, plays, or writes a save) sends it one of the
three signals. Then every slot must load (:meth:`solo.saves.SaveStore.read`, falling back to the
``.bak`` as ``continue`` does) and resume, and after the folder is listed (``solo saves``), no
temporary file may be left. Prints the counts at the end; exit status 1 on any failure.
The test suite runs a short version (``tests/saves/test_kill.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

ADVENTURES = ("supply-ship", "goblin-market", "lantern-fen", "blessed-harvest", "clockwork-heist")
SIGNALS = (signal.SIGKILL, signal.SIGINT, signal.SIGTERM)
SLOTS = ("a", "b", "c")


def _ctrl_c_as_in_a_terminal() -> None:
    """Ctrl-C's default action in the child, as a player's terminal gives it: started in the
    background by a non-interactive shell (``nohup ... &``, a CI runner) it would inherit SIGINT
    ignored, and the SIGINT kills would then test nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def kill_round(folder: Path, rnd: random.Random) -> tuple[str, str]:
    """One play stopped by a signal: (signal name, what the process was doing when it got it)."""
    from solo.saves import SaveStore

    slot = rnd.choice(SLOTS)
    store = SaveStore(folder)
    unfinished = False
    try:
        payload = store.read(slot).payload
        unfinished = not payload["state"].get("ending")
    except Exception:
        pass
    command = [sys.executable, "-m", "solo"]
    if unfinished and rnd.random() < 0.7:
        command += ["continue", slot, "--json", "--save-dir", str(folder)]
    else:
        command += ["play", rnd.choice(ADVENTURES), "--json", "--slot", slot, "--save-dir", str(folder),
                    "--seed", str(rnd.randrange(10**6))]
    env = {**os.environ, "SOLO_SAVE_DIR": str(folder), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env, cwd=folder,
                            preexec_fn=_ctrl_c_as_in_a_terminal)
    playing = threading.Event()

    def drain() -> None:  # read the events, so the pipe never fills; note when play has begun
        for line in proc.stdout:
            if b'"choices"' in line:
                playing.set()
        playing.set()

    threading.Thread(target=drain, daemon=True).start()
    if rnd.random() < 0.85:  # most kills land while it plays and saves, the others while it starts
        playing.wait(timeout=60)
    deadline = time.monotonic() + rnd.uniform(0.0, 1.5)
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            proc.stdin.write(f"{rnd.randint(1, 3)}\n".encode())
            proc.stdin.flush()
            time.sleep(rnd.uniform(0.0, 0.05))
    except (BrokenPipeError, OSError):
        pass
    sig = rnd.choice(SIGNALS)
    state = "running" if proc.poll() is None else "ended"
    if proc.poll() is None:
        proc.send_signal(sig)
    try:
        proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        state = "did not stop in 30 s"
    return sig.name, state


def check_folder(folder: Path) -> list[str]:
    """Problems left in the save folder: slots that do not load, temporary files left behind."""
    from solo.saves import SaveStore
    from solo.session import resume_session

    problems = []
    store = SaveStore(folder)
    store.slots()  # listing removes the temporary files of killed saves
    for slot in SLOTS:
        if not (folder / f"{slot}.json").exists() and not (folder / f"{slot}.json.bak").exists():
            continue
        try:
            resume_session(store, slot)
        except Exception as exc:  # noqa: BLE001 - any failure to load is what this test looks for
            problems.append(f"slot {slot} does not load: {exc}")
        finally:
            store.release(slot)
    leftovers = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
    if leftovers:
        problems.append(f"temporary files left: {', '.join(sorted(leftovers))}")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--folder", help="save folder (default: a new temporary one)")
    args = parser.parse_args(argv)
    import tempfile

    rnd = random.Random(args.seed)
    folder = Path(args.folder or tempfile.mkdtemp(prefix="solo-kill-"))
    folder.mkdir(parents=True, exist_ok=True)
    counts: dict[str, int] = {}
    failures = 0
    for n in range(1, args.kills + 1):
        name, state = kill_round(folder, rnd)
        counts[name] = counts.get(name, 0) + 1
        problems = check_folder(folder)
        if state.startswith("did not stop"):
            problems.append(f"solo {state} after {name}")
        for problem in problems:
            failures += 1
            print(f"kill {n} ({name}): {problem}", flush=True)
        if n % 50 == 0 or n == args.kills:
            print(f"{n} kills ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}): "
                  f"{failures} failures so far", flush=True)
    print(f"done: {args.kills} kills, {failures} unloadable slots or leftover temporary files, folder {folder}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
