"""Adventure packs: `solo list` shows installed packs' adventures, `solo play` plays them, broken
packs are listed with their error and never hide anything; `solo new pack` builds with pip wheel."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.adventure import loader
from solo.cli import cli
from solo.publish.starter import starter_text

ROOT = Path(__file__).parents[2]


def invoke(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input, terminal_width=80)


def install_fake_pack(site: Path, name: str, version: str, files: dict[str, str], *, folder: str = "adventures",
                      value: str | None = None) -> None:
    """A pack as pip leaves it: a package folder and a .dist-info with the entry point."""
    module = name.replace("-", "_")
    adventures = site / module / folder
    adventures.mkdir(parents=True)
    (site / module / "__init__.py").write_text("")
    for filename, text in files.items():
        (adventures / filename).write_text(text)
    info = site / f"{module}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(f"[solo.adventures]\n{name} = {value or module + ':' + folder}\n")


@pytest.fixture
def site(tmp_path, monkeypatch):
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    return folder


def test_pack_adventures_are_listed_with_pack_name_and_version_and_play(site, tmp_path):
    install_fake_pack(site, "moor-tales", "1.4.2", {"moor-gate.yaml": starter_text("game", "moor-gate", "Moor Gate")})
    out = invoke("list")
    assert out.exit_code == 0, out.output
    assert "pack moor-tales 1.4.2:" in out.output
    assert "moor-gate: Moor Gate" in out.output
    assert "supply-ship: Supply Run" in out.output  # the bundled ones are still there
    records = json.loads(invoke("list", "--json").output)
    mine = [r for r in records if r.get("pack") == "moor-tales"]
    assert mine[0]["pack_version"] == "1.4.2" and mine[0]["ref"] == "moor-gate" and mine[0]["system"] == "game"
    played = invoke("play", "moor-gate", "--json", "--seed", "1", "--save-dir", str(tmp_path / "saves"), input="2\n")
    events = [json.loads(line) for line in played.output.splitlines() if line.startswith("{")]
    assert [e["outcome"] for e in events if e["type"] == "ending"] == ["defeat"]


def test_same_id_in_two_packs_is_listed_as_pack_colon_id_and_plain_id_asks_which(site, tmp_path):
    install_fake_pack(site, "pack-a", "1.0", {"gate.yaml": starter_text("game", "gate", "Gate A")})
    install_fake_pack(site, "pack-b", "2.0", {"gate.yaml": starter_text("four-s", "gate", "Gate B")})
    out = invoke("list").output
    assert "pack-a:gate: Gate A" in out and "pack-b:gate: Gate B" in out
    ambiguous = invoke("play", "gate", "--json", "--save-dir", str(tmp_path / "saves"), input="2\n")
    assert ambiguous.exit_code == 1
    assert "more than one pack" in ambiguous.output and "pack-a:gate or pack-b:gate" in ambiguous.output
    chosen = invoke("play", "pack-b:gate", "--json", "--seed", "1", "--save-dir", str(tmp_path / "saves"), input="2\n")
    start = [json.loads(line) for line in chosen.output.splitlines() if '"type": "start"' in line]
    assert start and start[0]["system"] == "four-s"


def test_a_bundled_id_in_a_pack_keeps_the_bundled_one_for_the_plain_id(site):
    install_fake_pack(site, "copycat", "0.1", {"supply-ship.yaml": starter_text("game", "supply-ship", "Not It")})
    out = invoke("list").output
    assert "supply-ship: Supply Run" in out and "copycat:supply-ship: Not It" in out
    assert loader.resolve("supply-ship") == next(p for p in loader.bundled_files() if p.stem == "supply-ship")
    assert loader.resolve("copycat:supply-ship").parent.parent.name == "copycat"


def test_a_pack_file_that_does_not_validate_is_listed_with_its_error(site):
    bad = starter_text("guts-plus", "bad", "Bad").replace("goto: home", "goto: hom")
    install_fake_pack(site, "shaky", "0.3", {"bad.yaml": bad, "good.yaml": starter_text("guts-plus", "good", "Good"),
                                             "junk.yaml": "scenes: [unclosed\n"})
    out = invoke("list")
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "bad: (broken file)" in text and "no scene called 'hom'" in text and "bad.yaml:" in text
    assert "junk: (broken file)" in text
    assert "good: Good" in text and "supply-ship: Supply Run" in text


def test_a_pack_whose_folder_or_package_is_missing_never_hides_the_others(site):
    install_fake_pack(site, "hollow", "9.9", {}, value="hollow:nowhere")
    install_fake_pack(site, "ghost", "1.0", {}, value="no_such_package_xyz:adventures")
    install_fake_pack(site, "fine", "1.0", {"fine.yaml": starter_text("game", "fine", "Fine")})
    out = invoke("list")
    assert out.exit_code == 0, out.output
    assert "pack hollow 9.9:" in out.output and "no folder 'nowhere'" in out.output
    assert "pack ghost 1.0:" in out.output and "no installed package called 'no_such_package_xyz'" in out.output
    assert "fine: Fine" in out.output and "supply-ship: Supply Run" in out.output
    assert "Traceback" not in out.output


def test_unknown_pack_ref_is_one_line(site, tmp_path):
    result = invoke("play", "nopack:gate", "--json", "--save-dir", str(tmp_path / "saves"))
    assert result.exit_code == 1 and "no adventure called 'gate' in pack 'nopack'" in result.output


@pytest.mark.e2e
def test_new_pack_scaffolds_a_project_whose_test_passes(tmp_path):
    made = invoke("new", "pack", "moor-tales", "--dir", str(tmp_path))
    assert made.exit_code == 0, made.output
    root = tmp_path / "moor-tales"
    pyproject = (root / "pyproject.toml").read_text()
    assert '[project.entry-points."solo.adventures"]' in pyproject and 'moor-tales = "moor_tales:adventures"' in pyproject
    sample = root / "moor_tales" / "adventures" / "moor-tales-first.yaml"
    assert invoke("validate", str(sample)).exit_code == 0
    tested = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(root / "tests")],
                            capture_output=True, text=True, cwd=root, timeout=120)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    again = invoke("new", "pack", "moor-tales", "--dir", str(tmp_path))
    assert again.exit_code == 1 and "already exists" in again.output


@pytest.mark.e2e
def test_built_pack_installs_beside_solo_and_solo_finds_and_plays_it(tmp_path):
    """pip wheel builds the scaffold offline; a fresh venv that sees solo gets the wheel installed."""
    pytest.importorskip("hatchling")
    invoke("new", "pack", "moor-tales", "--dir", str(tmp_path))
    root = tmp_path / "moor-tales"
    pip = [sys.executable, "-m", "pip"]
    built = subprocess.run(pip + ["wheel", "-q", "--no-build-isolation", "--no-deps", "--no-index", "-w",
                                  str(tmp_path / "dist"), str(root)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "dist").glob("moor_tales-0.1.0-*.whl"))
    fresh = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(fresh)], check=True, timeout=120)
    python = fresh / "bin" / "python"
    fresh_site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                     capture_output=True, text=True, check=True).stdout.strip())
    # solo and its dependencies come from this test's environment, as a site dir beside the fresh one
    (fresh_site / "beside-solo.pth").write_text(f"import site; site.addsitedir({sysconfig.get_path('purelib')!r})\n")
    installed = subprocess.run(pip + ["--python", str(python), "install", "-q", "--no-deps", "--no-index", str(wheel)],
                               capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stderr
    env = {**os.environ, "SOLO_SAVE_DIR": str(tmp_path / "saves"), "COLUMNS": "80"}
    listed = subprocess.run([str(python), "-m", "solo", "list"], capture_output=True, text=True, env=env,
                            cwd=tmp_path, timeout=120)
    assert listed.returncode == 0, listed.stderr
    assert "pack moor-tales 0.1.0:" in listed.stdout and "moor-tales-first: The Gate" in listed.stdout
    assert str(fresh_site) in subprocess.run([str(python), "-c", "import moor_tales; print(moor_tales.__file__)"],
                                             capture_output=True, text=True, cwd=tmp_path).stdout
    played = subprocess.run([str(python), "-m", "solo", "play", "moor-tales-first", "--json", "--seed", "2"],
                            input="1\n" * 40, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    endings = [json.loads(line) for line in played.stdout.splitlines() if '"type": "ending"' in line]
    assert played.returncode == 0, played.stderr
    assert endings and endings[0]["outcome"] == "victory"
