"""How big an exported web page is and how long it takes to first show a choice (prints figures).

    python bench/web_first_load.py [ADVENTURE] [--pyodide PATH]

Exports ADVENTURE (default lantern-fen), serves it with `python -m http.server` on loopback and
opens it in the system's Chromium twice: a cold load (empty browser cache) and a warm reload.
Run it on an idle machine for figures worth quoting; `uptime` is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from solo.publish import web_export


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("adventure", nargs="?", default="lantern-fen")
    parser.add_argument("--pyodide")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        done = web_export.export_web(args.adventure, Path(scratch) / "page", pyodide=args.pyodide)
        zipped = web_export.zip_folder(done.folder, Path(scratch) / "page.zip")
        print(f"runtime: {done.pyodide_from}")
        print(f"folder: {done.size / 1e6:.1f} MB; zip: {zipped.stat().st_size / 1e6:.1f} MB")
        for path in sorted(done.folder.rglob("*")):
            if path.is_file() and path.stat().st_size > 100_000:
                print(f"  {path.relative_to(done.folder)}: {path.stat().st_size / 1e6:.2f} MB")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                                   str(done.folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(1)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium")
                page = browser.new_page()
                for label in ("cold", "warm"):
                    started = time.monotonic()
                    page.goto(f"http://127.0.0.1:{port}/") if label == "cold" else page.reload()
                    page.wait_for_selector("#options button", timeout=300_000)
                    print(f"{label} load to the first choice: {time.monotonic() - started:.1f} s")
                browser.close()
        finally:
            server.terminate()
            server.wait()
    print("load:", os.getloadavg())


if __name__ == "__main__":
    main()
