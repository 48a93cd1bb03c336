"""`solo play` and `solo continue` driven through a pipe, as scripts and the playtest bot use them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.cli import cli


def run(args, answers="", save_dir=None):
    env = {"SOLO_SAVE_DIR": str(save_dir)} if save_dir else {}
    return CliRunner().invoke(cli, args, input=answers, env=env, catch_exceptions=False)


def events(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def test_json_stream_has_typed_events_and_reaches_an_ending(fixtures, tmp_path):
    # Hero; force the door until it gives; then sneak/fight until out (answers repeat "1")
    result = run(["play", str(fixtures / "tiny.yaml"), "--seed", "4", "--json"], "1\n2\n" + "1\n" * 30, tmp_path)
    assert result.exit_code == 0, result.output
    stream = events(result.output)
    kinds = {e["type"] for e in stream}
    assert {"start", "choices", "scene", "ending"} <= kinds
    first_choice = next(e for e in stream if e["type"] == "choices")
    assert first_choice["kind"] == "character"
    assert all({"key", "text"} <= set(o) for o in first_choice["options"])
    assert stream[-1]["type"] == "ending" or any(e["type"] == "ending" for e in stream)


def test_same_seed_same_answers_same_stream(fixtures, tmp_path):
    answers = "2\n1\n2\n1\n1\n2\n1\n1\n1\n1\n"
    a = run(["play", str(fixtures / "tiny.yaml"), "--seed", "9", "--json"], answers, tmp_path / "a")
    b = run(["play", str(fixtures / "tiny.yaml"), "--seed", "9", "--json"], answers, tmp_path / "b")
    strip = lambda out: [e for e in events(out) if e["type"] != "saved"]
    assert strip(a.output) == strip(b.output)


def test_end_of_input_saves_and_continue_finishes_like_an_uninterrupted_run(fixtures, tmp_path):
    answers = ["1", "1", "1", "1"]  # the hero searches three times while the water rises
    whole = run(["play", str(fixtures / "tiny.yaml"), "--seed", "5", "--json", "--slot", "w"], "\n".join(answers) + "\n", tmp_path)
    stream = events(whole.output)
    assert stream[-1]["type"] == "ending"
    used = sum(1 for e in stream if e["type"] == "choices")
    part = run(["play", str(fixtures / "tiny.yaml"), "--seed", "5", "--json", "--slot", "p"], "\n".join(answers[:2]) + "\n", tmp_path)
    assert part.exit_code == 0
    assert events(part.output)[-1]["type"] == "saved"
    rest = run(["continue", "p", "--json"], "\n".join(answers[2:used]) + "\n", tmp_path)
    assert rest.exit_code == 0, rest.output
    assert events(rest.output)[-1] == stream[-1]
    final_w = json.loads((tmp_path / "w.json").read_text())["state"]
    final_p = json.loads((tmp_path / "p.json").read_text())["state"]
    for key in ("scene", "flags", "counters", "clocks", "objectives", "character", "rolls", "choices", "ending", "dice"):
        assert final_w[key] == final_p[key], key


def test_rich_view_through_a_pipe_with_commands(fixtures, tmp_path):
    result = run(["play", str(fixtures / "tiny.yaml"), "--seed", "2"], "1\n:sheet\n:help\nbogus\n:quit\n", tmp_path)
    assert result.exit_code == 0
    out = result.output
    assert "The Cellar" in out and "Character sheet" in out
    assert ":undo" in out  # the help list
    assert "is not one of the choices" in out
    assert "progress saved" in out
    assert (tmp_path / "tiny.json").exists()  # each adventure saves in its own slot


def test_undo_steps_back_and_the_same_choice_rolls_the_same_dice(fixtures, tmp_path):
    result = run(["play", str(fixtures / "tiny.yaml"), "--seed", "3", "--json", "--slot", "u"], "1\n2\n:undo\n2\n", tmp_path)
    stream = events(result.output)
    assert any(e["type"] == "notice" and "stepped back" in e["text"] for e in stream)
    rolls = [e for e in stream if e["type"] == "roll"]
    assert len(rolls) == 2 and rolls[0]["record"]["dice"] == rolls[1]["record"]["dice"]
    replayed = run(["replay", "u", "--json"], "", tmp_path)
    assert json.loads(replayed.output)["same"] is True


def test_forgiving_undo_rolls_anew_and_the_save_says_so(fixtures, tmp_path):
    differed = False
    for seed in range(1, 12):
        result = run(["play", str(fixtures / "tiny.yaml"), "--seed", str(seed), "--json", "--slot", f"f{seed}",
                      "--forgiving"], "1\n2\n:undo\n2\n", tmp_path)
        rolls = [e["record"]["dice"] for e in events(result.output) if e["type"] == "roll"]
        differed |= rolls[0] != rolls[1]
        assert json.loads((tmp_path / f"f{seed}.json").read_text())["forgiving"] is True
    assert differed


def test_ironman_refuses_undo(fixtures, tmp_path):
    result = run(["play", str(fixtures / "tiny.yaml"), "--seed", "3", "--json", "--ironman"], "1\n:undo\n", tmp_path)
    assert any(e["type"] == "refused" and "ironman" in e["text"] for e in events(result.output))


def test_bad_adventure_is_one_line_and_status_1(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nid: x\ntitle: X\nsystem: plain-d6\nstart: a\nscenes:\n  a: {title: A, bogus: 1}\n")
    result = CliRunner().invoke(cli, ["play", str(bad)])
    assert result.exit_code == 1
    assert "bad.yaml:7:" in result.output and "unknown field 'bogus'" in result.output
    assert "Traceback" not in result.output


def test_unknown_bundled_adventure():
    result = CliRunner().invoke(cli, ["play", "no-such-thing"])
    assert result.exit_code == 1 and "no bundled adventure called 'no-such-thing'" in result.output


def test_continue_without_a_save(tmp_path):
    result = run(["continue", "nothing"], "", tmp_path)
    assert result.exit_code == 1 and "no save in slot 'nothing'" in result.output


def test_replay_of_a_save_arrives_at_the_same_state(fixtures, tmp_path):
    run(["play", str(fixtures / "tiny.yaml"), "--seed", "6", "--slot", "r"], "1\n1\n2\n", tmp_path)
    result = run(["replay", "r"], "", tmp_path)
    assert result.exit_code == 0, result.output
    assert "same state" in result.output


def test_hostile_text_cannot_reach_the_terminal(tmp_path):
    hostile = Path(__file__).parents[1] / "adventure" / "hostile" / "markup-and-ansi.yaml"
    for args in (["play", str(hostile), "--seed", "1"], ["play", str(hostile), "--seed", "1", "--json"]):
        result = run(args, "1\n1\n", tmp_path)
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.output and "\x07" not in result.output and "\x9b" not in result.output
    rich_view = run(["play", str(hostile), "--seed", "1"], "1\n1\n", tmp_path).output
    assert "[red]Mallory[/red]" in rich_view  # markup shown as written, never interpreted
    assert "[link=file:///etc/passwd]click[/link]" in rich_view


HOSTILE = sorted((Path(__file__).parents[1] / "adventure" / "hostile").glob("*.yaml"))


@pytest.mark.parametrize("path", [p for p in HOSTILE if p.name != "markup-and-ansi.yaml"], ids=lambda p: p.name)
def test_hostile_files_give_one_clear_error_and_no_traceback(path, tmp_path):
    result = CliRunner().invoke(cli, ["play", str(path)], env={"SOLO_SAVE_DIR": str(tmp_path)})
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert f"{path}:" in result.output and "error:" in result.output


def test_a_huge_file_is_refused_before_parsing(tmp_path):
    huge = tmp_path / "huge.yaml"
    huge.write_bytes(b"# " + b"x" * 3_000_000 + b"\n")
    result = CliRunner().invoke(cli, ["play", str(huge)], env={"SOLO_SAVE_DIR": str(tmp_path)})
    assert result.exit_code == 1 and "3000003 bytes, more than the limit" in result.output


def test_play_replay_reproduces_a_run_and_goes_on_from_there(fixtures, tmp_path):
    run(["play", str(fixtures / "tiny.yaml"), "--seed", "8", "--slot", "bug", "--json"], "1\n1\n", tmp_path)
    report = tmp_path / "bug.json"
    recorded = json.loads(report.read_text())["state"]
    result = run(["play", "--replay", str(report), "--slot", "again", "--json"], "", tmp_path)
    assert result.exit_code == 0, result.output
    stream = events(result.output)
    assert any(e["type"] == "notice" and "replayed 2 decisions" in e["text"] for e in stream)
    again = json.loads((tmp_path / "again.json").read_text())["state"]
    for key in ("scene", "flags", "counters", "clocks", "rolls", "choices", "dice", "character"):
        assert again[key] == recorded[key], key


def test_replay_of_a_run_with_undo_after_a_spent_reroll(fixtures, tmp_path):
    # seed 1: the hero forces the door and fails (offering the reroll), spends it, undoes twice
    # (the reroll is given back: spending it again would roll the same), then searches instead;
    # the replay must arrive at the same state
    from solo.saves import SaveStore
    from solo.session import new_session

    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot="u", seed=1)
    session.game.start()
    session.choose("hero")
    session.choose("2")
    assert session.game.offered.kind == "roll"  # seed 1 fails to force the door
    session.choose("reroll")
    assert session.undo() and session.undo()
    session.choose("1")
    session.save()
    assert session.game.character.resources["rerolls"] == 1
    result = run(["replay", "u"], "", tmp_path)
    assert result.exit_code == 0, result.output
    assert "same state" in result.output


def test_play_refuses_a_file_with_validation_errors_before_the_game_starts(tmp_path):
    broken = Path(__file__).parents[1] / "adventure" / "broken" / "unknown-scene-branch.yaml"
    result = CliRunner().invoke(cli, ["play", str(broken), "--json"], input="1\n",
                                env={"SOLO_SAVE_DIR": str(tmp_path)})
    assert result.exit_code == 1
    assert "no scene called 'vacum'" in result.output and '"type"' not in result.output


def test_a_finished_story_is_kept_when_the_adventure_is_started_again(fixtures, tmp_path):
    tiny = str(fixtures / "tiny.yaml")
    first = run(["play", tiny, "--seed", "4", "--json"], "1\n:note the cellar smelled of rain\n2\n" + "1\n" * 30, tmp_path)
    assert any(e["type"] == "ending" for e in events(first.output))
    again = run(["play", tiny, "--seed", "5", "--json"], "1\n", tmp_path)
    assert again.exit_code == 0, again.output
    told = [e["text"] for e in events(again.output) if e["type"] == "notice" and "kept as slot" in e["text"]]
    assert told and "solo transcript tiny.ended-" in told[0]
    listed = {row["slot"]: row for row in json.loads(run(["saves", "--json"], "", tmp_path).output)}
    kept = [slot for slot in listed if slot.startswith("tiny.ended-")]
    assert len(kept) == 1 and "tiny" in listed
    assert listed[kept[0]]["progress"].startswith("ended:")
    assert json.loads((tmp_path / "tiny.json.bak").read_text())["seed"] == 5  # the .bak is the new game's too
    story = run(["transcript", kept[0]], "", tmp_path)
    assert story.exit_code == 0 and "the cellar smelled of rain" in story.output
    reread = run(["continue", kept[0], "--json"], "", tmp_path)
    assert reread.exit_code == 0 and "the cellar smelled of rain" in reread.output
    # and a third start keeps the second game's story too, under its own name
    run(["play", tiny, "--seed", "6", "--json", "--new"], "1\n", tmp_path)
    slots = [row["slot"] for row in json.loads(run(["saves", "--json"], "", tmp_path).output)]
    assert len([s for s in slots if s.startswith("tiny.ended-")]) == 1
    assert len([s for s in slots if s.startswith("tiny.replaced-")]) == 1


def test_restart_keeps_the_game_it_leaves(fixtures, tmp_path):
    result = run(["play", str(fixtures / "tiny.yaml"), "--seed", "4", "--json"], "1\n:note first try\n:restart\ny\n1\n", tmp_path)
    assert result.exit_code == 0, result.output
    slots = [row["slot"] for row in json.loads(run(["saves", "--json"], "", tmp_path).output)]
    kept = [s for s in slots if s.startswith("tiny.replaced-")]
    assert kept
    assert "first try" in run(["transcript", kept[0]], "", tmp_path).output


def _answers_to_the_end(tiny, tmp_path) -> str:
    """The answers after the first that take the seed-4 hero of tiny.yaml to an ending."""
    dry = run(["play", tiny, "--seed", "4", "--json", "--slot", "dry"], "1\n2\n" + "1\n" * 30, tmp_path / "dry")
    asked = sum(1 for e in events(dry.output) if e["type"] == "choices")
    assert any(e["type"] == "ending" for e in events(dry.output))
    return "2\n" + "1\n" * (asked - 2)


def test_continue_to_an_ending_offers_to_keep_the_character(fixtures, tmp_path, monkeypatch):
    import solo.cli

    tiny = str(fixtures / "tiny.yaml")
    answers = _answers_to_the_end(tiny, tmp_path)
    part = run(["play", tiny, "--seed", "4", "--json", "--slot", "k"], "1\n", tmp_path)
    assert events(part.output)[-1]["type"] == "saved"
    monkeypatch.setattr(solo.cli, "_interactive", lambda as_json: True)  # as at a terminal
    rest = run(["continue", "k", "--json"], answers + "y\n", tmp_path)
    assert rest.exit_code == 0, rest.output
    stream = events(rest.output)
    asked = [e for e in stream if e["type"] == "confirm"]
    assert asked and "Keep" in asked[0]["text"]
    assert any(e["type"] == "saved" and "--character" in e["text"] for e in stream)
    listed = run(["character", "list", "--json"], "", tmp_path)
    assert listed.exit_code == 0 and json.loads(listed.output)


def test_continue_keeps_a_stored_character_without_asking(fixtures, tmp_path, monkeypatch):
    import solo.cli

    tiny = str(fixtures / "tiny.yaml")
    answers = _answers_to_the_end(tiny, tmp_path)
    run(["play", tiny, "--seed", "4", "--json", "--slot", "k"], "1\n", tmp_path)
    monkeypatch.setattr(solo.cli, "_interactive", lambda as_json: True)
    run(["continue", "k", "--json"], answers + "y\n", tmp_path)
    name = json.loads(run(["character", "list", "--json"], "", tmp_path).output)[0]["name"]
    monkeypatch.setattr(solo.cli, "_interactive", lambda as_json: False)
    run(["play", tiny, "--seed", "4", "--json", "--slot", "c", "--character", name], "", tmp_path)
    monkeypatch.setattr(solo.cli, "_interactive", lambda as_json: True)
    rest = run(["continue", "c", "--json"], answers, tmp_path)
    assert rest.exit_code == 0, rest.output
    stream = events(rest.output)
    assert any(e["type"] == "ending" for e in stream)
    assert not [e for e in stream if e["type"] == "confirm"]
