"""The shared : commands: one registry, the same behaviour in every front end."""

from __future__ import annotations

from typing import Any

from solo.oracle import ask, parse
from solo.rules.dice import Dice
from solo.saves import SaveStore
from solo.session import new_session
from solo.ui import commands
from solo.ui.commands import Context
from solo.ui.words import Words


class Recorder:
    """A front end that remembers what it was told."""

    def __init__(self, answers: list[bool] | None = None) -> None:
        self.said: list[tuple[str, Any]] = []
        self.answers = list(answers or [])

    def show(self, events):
        self.said += [("event", e) for e in events]

    def info(self, kind, text, data=None):
        self.said.append((kind, text))

    def view(self, kind, data):
        self.said.append((f"view:{kind}", data))

    def ask(self, offered):
        return None

    def confirm(self, question):
        return self.answers.pop(0) if self.answers else False


def context(fixtures, tmp_path, answers=None):
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot="c", seed=2)
    session.game.start()
    session.choose("hero")
    front = Recorder(answers)
    return Context(session, front, Words(session.adventure, session.game)), front


def test_note_goes_to_the_journal_and_survives_undo(fixtures, tmp_path):
    ctx, front = context(fixtures, tmp_path)
    commands.run(ctx, ":note the door is rotten")
    ctx.session.choose("1")
    assert commands.run(ctx, ":undo") is None
    assert [n["text"] for n in ctx.session.game.state.journal] == ["the door is rotten"]
    commands.run(ctx, ":journal")
    assert front.said[-1][0] == "view:journal" and front.said[-1][1]["entries"][0]["scene_title"] == "The Cellar"


def test_oracle_and_free_rolls_leave_the_game_dice_alone(fixtures, tmp_path):
    ctx, front = context(fixtures, tmp_path)
    before = ctx.session.game.dice.get_state()
    commands.run(ctx, ":oracle is the rat hungry? likely")
    commands.run(ctx, ":roll 2d6+1")
    assert ctx.session.game.dice.get_state() == before
    kinds = [n["kind"] for n in ctx.session.game.state.journal]
    assert kinds == ["oracle", "roll"]
    assert "(likely, 75% yes)" in ctx.session.game.state.journal[0]["text"]


def test_oracle_table_follows_the_likelihood():
    assert parse("is it raining? unlikely") == ("is it raining?", "unlikely")
    assert parse("is it raining?") == ("is it raining?", "even")
    dice = Dice(7)
    answers = [ask("q certain", dice) for _ in range(400)]
    yes = sum(a.yes for a in answers)
    assert 360 <= yes <= 400  # 95% yes
    assert all(a.yes == (a.roll <= 95) for a in answers)


def test_unknown_command_and_help(fixtures, tmp_path):
    ctx, front = context(fixtures, tmp_path)
    commands.run(ctx, ":bogus")
    assert front.said[-1][0] == "refused" and ":help" in front.said[-1][1]
    commands.run(ctx, ":help")
    listed = [usage for usage, _ in front.said[-1][1]["commands"]]
    for name in (":sheet", ":undo", ":note TEXT", ":oracle", ":roll DICE", ":look", ":recap", ":restart", ":journal"):
        assert any(u.startswith(name) for u in listed), name


def test_adding_a_command_is_one_decorated_function(fixtures, tmp_path):
    @commands.command("ping", usage=":ping", text="answer pong", group="test")
    def _ping(ctx, rest):
        ctx.front.info("notice", "pong " + rest)

    try:
        ctx, front = context(fixtures, tmp_path)
        commands.run(ctx, ":ping me")
        assert front.said[-1] == ("notice", "pong me")
        assert all(c.name != "ping" for c in commands.listed())  # other groups stay out of :help
    finally:
        commands.COMMANDS.pop("ping")
        commands._ALIASES.pop("ping")


def test_restart_asks_first(fixtures, tmp_path):
    ctx, front = context(fixtures, tmp_path, answers=[False, True])
    assert commands.run(ctx, ":restart") is None
    assert commands.run(ctx, ":restart") == commands.RESTART


def test_save_as_another_slot_and_rules_view(fixtures, tmp_path):
    ctx, front = context(fixtures, tmp_path)
    commands.run(ctx, ":save other")
    assert ctx.session.slot == "other" and (tmp_path / "other.json").exists()
    commands.run(ctx, "?")
    assert front.said[-1][0] == "view:rules"


def test_recap_retells_the_story_without_undone_steps(fixtures, tmp_path):
    ctx, front = context(fixtures, tmp_path)
    ctx.session.choose("1")
    ctx.session.undo()
    ctx.session.choose("1")
    commands.run(ctx, ":recap")
    story = front.said[-1][1]["entries"]
    assert [s.choice for s in story.steps] == ["", "Hero", "Search the junk"]
