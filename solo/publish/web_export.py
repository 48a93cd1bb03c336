"""``solo export ADVENTURE --web DIR`` (and ``--zip FILE``): a static folder that plays in a browser.

What the page needs is decided here, at export: the adventure is validated (a file with errors
is never exported) and written as JSON; the Python it runs is the real engine, packed with its
pure-Python dependencies (their wheels must say ``Root-Is-Purelib: true``) into one zip that the
page unpacks into Pyodide; the Pyodide runtime (the npm package ``pyodide``) is copied from
``--pyodide PATH`` (its folder or its ``.tgz``) or from the user cache, where the first export
fetches its tarball once from the npm registry. The front end is our own small page
(``solo/publish/web/``); it follows the engine's events and holds no rule.

A folder that exists and is not an earlier export is never written into (an export leaves a
marker file in it).
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import tarfile
import urllib.request
import zipfile
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path

from solo.errors import SoloError

__all__ = ["ExportError", "Exported", "PYODIDE_VERSION", "export_web", "zip_folder"]

PYODIDE_VERSION = "314.0.7"
PYODIDE_URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
#: the runtime files the page loads (the rest of the npm package is for other uses)
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: the pure-Python distributions the engine imports in the browser
DEPENDENCIES = ("transitions", "six")
MARKER = ".solo-export"
PAGE_FILES = ("index.html", "app.js", "style.css")


class ExportError(SoloError):
    """The export cannot be made (an invalid adventure, a folder that is not ours, no runtime)."""


@dataclass(frozen=True)
class Exported:
    folder: Path
    pyodide_from: str  # where the runtime came from, said to the user
    size: int  # bytes in the folder


def _adventure_json(name: str) -> tuple[str, str]:
    """The validated adventure as the page's JSON, and its id."""
    from solo.adventure import loader
    from solo.adventure.problems import AdventureError
    from solo.adventure.validate import format_problems, validate_path

    problems = validate_path(name)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise ExportError(format_problems(problems, files=1))
    try:
        loaded = loader.load(name)
    except AdventureError as exc:
        raise ExportError(str(exc)) from None
    data, _notes = loader.prepare(loaded.document)
    payload = {"adventure": data, "digest": loaded.adventure.digest, "source": Path(loaded.adventure.source).name}
    return json.dumps(payload, ensure_ascii=False), loaded.adventure.id


def _python_zip() -> bytes:
    """solo's own modules and the engine's pure-Python dependencies, as one zip for the page."""
    import solo

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        root = Path(solo.__file__).resolve().parent
        for path in sorted(root.rglob("*.py")):
            archive.write(path, str(Path("solo") / path.relative_to(root)))
        for name in DEPENDENCIES:
            dist = metadata.distribution(name)
            wheel = dist.read_text("WHEEL") or ""
            if "Root-Is-Purelib: true" not in wheel:
                raise ExportError(f"{name} is not a pure-Python wheel; the page cannot run it")
            for file in dist.files or ():
                parts = Path(str(file)).parts
                if str(file).endswith(".py") and not parts[0].endswith((".dist-info", ".data")) and ".." not in parts:
                    archive.write(Path(str(dist.locate_file(file))), str(file))
    return buffer.getvalue()


def _runtime(pyodide: str | None, cache: Path | None) -> tuple[Path, str]:
    """The folder holding Pyodide's runtime files, and a phrase saying where it came from."""
    if pyodide:
        given = Path(pyodide)
        if given.is_file() and given.name.endswith((".tgz", ".tar.gz")):
            folder = (cache or _cache()) / f"pyodide-from-{hashlib.sha256(str(given.resolve()).encode()).hexdigest()[:12]}"
            _untar(given, folder)
            return folder, f"Pyodide from {given}"
        for candidate in (given, given / "package"):
            if all((candidate / f).is_file() for f in RUNTIME):
                return candidate, f"Pyodide from {candidate}"
        raise ExportError(f"{given}: not a Pyodide package (needs {', '.join(RUNTIME)})")
    folder = (cache or _cache()) / f"pyodide-{PYODIDE_VERSION}"
    if all((folder / f).is_file() for f in RUNTIME):
        return folder, f"Pyodide {PYODIDE_VERSION} from the cache ({folder})"
    tarball = folder.parent / f"pyodide-{PYODIDE_VERSION}.tgz"
    folder.parent.mkdir(parents=True, exist_ok=True)
    how = _fetch(tarball)
    _untar(tarball, folder)
    tarball.unlink()
    return folder, f"Pyodide {PYODIDE_VERSION} fetched once from the npm registry ({how}) into {folder}"


def _fetch(tarball: Path) -> str:
    """Download the pinned Pyodide tarball: with npm when it is installed, else over HTTPS."""
    npm = shutil.which("npm")
    if npm:
        done = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=tarball.parent,
                              capture_output=True, text=True, timeout=600)
        if done.returncode == 0 and tarball.is_file():
            return "npm pack"
    try:
        with urllib.request.urlopen(PYODIDE_URL, timeout=120) as response, open(tarball, "wb") as out:
            shutil.copyfileobj(response, out)
    except OSError as exc:
        raise ExportError(f"cannot fetch Pyodide from {PYODIDE_URL}: {exc}; "
                          "give a copy with --pyodide PATH (`npm pack pyodide` makes one)") from None
    return PYODIDE_URL


def _cache() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("solo"))


def _untar(tarball: Path, folder: Path) -> None:
    """The runtime files of an npm tarball (``package/...``) into ``folder``; nothing else."""
    folder.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball, "r:gz") as archive:
        for name in RUNTIME:
            try:
                member = archive.getmember(f"package/{name}")
            except KeyError:
                raise ExportError(f"{tarball}: no {name} in it; is it the npm package pyodide?") from None
            source = archive.extractfile(member)
            if source is None:
                raise ExportError(f"{tarball}: {name} is not a file")
            with source, open(folder / name, "wb") as out:
                shutil.copyfileobj(source, out)


def _claim(folder: Path) -> None:
    """Make sure ``folder`` is empty, missing or an earlier export; never touch anything else."""
    if folder.exists() and not folder.is_dir():
        raise ExportError(f"{folder} is a file, not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not (folder / MARKER).is_file():
        raise ExportError(f"{folder} exists and is not an earlier export of solo; choose an empty or new folder")
    if (folder / MARKER).is_file():
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)


def export_web(adventure: str, folder: str | Path, *, pyodide: str | None = None,
               cache: Path | None = None) -> Exported:
    """Write the static page for ``adventure`` into ``folder`` (see the module doc)."""
    adventure_json, adventure_id = _adventure_json(adventure)
    runtime, said = _runtime(pyodide, cache)
    target = Path(folder)
    _claim(target)
    (target / MARKER).write_text(json.dumps({"adventure": adventure_id, "pyodide": said}) + "\n", encoding="utf-8")
    (target / "adventure.json").write_text(adventure_json, encoding="utf-8")
    (target / "python.zip").write_bytes(_python_zip())
    page = resources.files("solo.publish") / "web"
    for name in PAGE_FILES:
        (target / name).write_bytes((page / name).read_bytes())
    (target / "pyodide").mkdir()
    for name in RUNTIME:
        shutil.copyfile(runtime / name, target / "pyodide" / name)
    size = sum(p.stat().st_size for p in target.rglob("*") if p.is_file())
    return Exported(target, said, size)


def zip_folder(folder: Path, zip_path: str | Path) -> Path:
    """The export as one zip (index.html at its top), for hosts such as itch.io."""
    out = Path(zip_path)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.name != MARKER:
                archive.write(path, str(path.relative_to(folder)))
    return out
