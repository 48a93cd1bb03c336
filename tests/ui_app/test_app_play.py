"""Key-driven play of the full-screen app through Textual's pilot: to an ending, undo, save, quit."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from apptools import new_app, press, resumed_app, screen_text, settle, story_text

from solo.ui.app.screens import PageScreen
from solo.ui.app.widgets import ChoicePanel, ConflictPanel, DicePanel, SheetPanel

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot


MAX_STEPS = 300


def run(coro):
    return asyncio.run(coro)


def test_number_keys_play_supply_ship_to_an_ending_and_q_leaves(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            steps = 0
            while not app.loop_done.is_set():
                offered = app.session.game.offered  # "1" may be greyed out, keeping its number
                keys = offered.enabled_keys() if offered is not None else []
                await press(pilot, app, keys[0] if keys and len(keys[0]) == 1 else "1")
                if app._typed:  # ten or more choices: the 1 waits for a second digit; Enter picks 1
                    await press(pilot, app, "enter")
                steps += 1
                assert steps < MAX_STEPS
            screen = screen_text(app)
            assert "The story is over" in screen
            assert "THE END" in story_text(app, ".ending")
            await pilot.press("q")
            await pilot.pause()
        return app, steps

    app, steps = run(go())
    assert app.return_code == 0 and steps > 10
    saved = json.loads((tmp_path / "t.json").read_text())
    assert saved["state"]["ending"] is not None
    assert len(saved["transcript"]) == steps


def test_arrows_and_enter_pick_the_highlighted_choice(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "down", "down")
            await pilot.press("enter")
            await settle(pilot, app)
            return app.session.game.state.character.name

    assert run(go()) == "Priya Nair"  # the third pregenerated character


def test_side_panel_dice_panel_and_story_follow_the_game(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1", "1", "1", "1")  # Dara; to the cargo bay door; talk BOSS (it rolls at once)
            status = app.query_one(SheetPanel).status
            roll = app.query_one(DicePanel).roll
            story = story_text(app)
            return status, roll, story, screen_text(app)

    status, roll, story, screen = run(go())
    assert status.name == "Dara Okafor"
    assert ("Slyness", "1") in status.stats
    assert any(text.startswith("Stop the loss") for text, _ in status.objectives)
    assert roll is not None and roll.final and roll.label == "Talk BOSS into opening the door"
    assert "╭───╮" in screen and "Failure: it does not work." in screen
    assert "Hypersleep Chamber" in story, "earlier scenes stay in the story"
    assert "Objectives" in screen and "Clocks" in screen


def test_undo_key_steps_back_and_the_story_says_so(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1", "1")  # Dara; ask BOSS
            turn = app.session.game.state.turn
            scene = app.session.game.state.scene
            await press(pilot, app, "u")
            return turn, scene, app.session.game.state.turn, app.session.game.state.scene, screen_text(app)

    turn, scene, turn_after, scene_after, screen = run(go())
    assert turn == 1 and turn_after == 0
    assert scene_after == "wake-up" and scene != scene_after
    assert "stepped back one decision" in screen


def test_sheet_and_help_pages_open_and_close(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1")
            await pilot.press("c")
            await settle(pilot, app)
            await pilot.pause(0.1)
            sheet = (isinstance(app.screen, PageScreen), screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause(0.1)
            help_page = (isinstance(app.screen, PageScreen), screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
            back = isinstance(app.screen, PageScreen)
            return sheet, help_page, back

    (is_sheet, sheet), (is_help, help_text), back = run(go())
    assert is_sheet and "Character sheet" in sheet and "Dara Okafor" in sheet and "Universal multitool" in sheet
    assert is_help and "undo" in help_text and ":sheet" in help_text
    assert not back


def test_typed_save_command_and_q_save_and_continue_resumes_there(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1", "3")
            await pilot.press("colon", *"save", "enter")
            await settle(pilot, app)
            saved_scene = json.loads((tmp_path / "t.json").read_text())["scene"]
            await pilot.press("q")
            await pilot.pause()
        return app, saved_scene

    app, saved_scene = run(go())
    assert app.return_code == 0 and saved_scene == app.session.game.state.scene

    async def back():
        again = resumed_app(tmp_path)
        async with again.run_test(size=(100, 30)) as pilot:
            await settle(pilot, again)
            return again.session.game.state.scene, again.query_one(ChoicePanel).offered, screen_text(again)

    scene, offered, screen = run(back())
    assert scene == saved_scene and offered is not None and offered.kind == "scene"
    texts = [option.text for option in offered.options]
    assert "Pull yourself aft to the cargo bay door" in texts  # the hall's choices are back on offer
    key = offered.options[texts.index("Pull yourself aft to the cargo bay door")].key
    assert re.search(rf"{key} +Pull yourself aft to the cargo bay door", screen)  # keys pad to the widest


def test_closing_the_app_mid_game_saves_like_end_of_input(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1", "3")
            app.exit()  # the window or the browser tab closes
            await pilot.pause()
        return app

    app = run(go())
    assert app.loop_done.is_set()
    assert json.loads((tmp_path / "t.json").read_text())["state"]["turn"] == 1


def test_keys_pressed_while_no_decision_waits_are_ignored(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            app.waiting = False  # as while the loop works on the last answer
            await pilot.press("2")
            await pilot.pause()
            app.waiting = True
            return app.session.game.state.character

    assert run(go()) is None


def test_a_fight_fills_the_conflict_panel_round_by_round_and_its_end_clears_it(tmp_path, fixtures):
    async def go():
        app = new_app(tmp_path, adventure=str(fixtures / "duel.yaml"), seed=2)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            panel = app.query_one(ConflictPanel)
            first = (panel.display, panel.view["round"], screen_text(app))
            await press(pilot, app, "1")
            second = (panel.view["round"], app.query_one(DicePanel).roll)
            while app.session.game.state.scene == "yard":
                await press(pilot, app, "1")
            return first, second, panel.display, story_text(app)

    (shown, round_one, screen), (round_two, roll), after, story = run(go())
    assert shown and round_one == 1 and round_two == 2
    assert "The Yard" in screen and "health" in screen and "Bandit chief" in screen
    assert "Attack Bandit 1" in screen and "72%" in screen
    assert roll is not None and roll.record["kind"] == "contest"
    assert not after
    assert "Hero misses Bandit 1." in story and "Over after 4 rounds" in story


def test_a_question_from_a_command_is_answered_with_y_or_n(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1", "1")
            await pilot.press("colon", *"restart", "enter")
            await pilot.pause(0.2)
            asked = screen_text(app)
            await pilot.press("n")
            await settle(pilot, app)
            kept = app.front.words.game.state.turn
            await pilot.press("colon", *"restart", "enter")
            await pilot.pause(0.2)
            await pilot.press("y")
            await settle(pilot, app)
            return asked, kept, app.front.words.game.state.turn, app.front.words.game.state.character, screen_text(app)

    asked, kept, turn, character, screen = run(go())
    assert "Start this adventure again" in asked and "y  Yes" in asked and "n  No" in asked
    assert kept == 1
    assert turn == 0 and character is None and "Choose your character" in screen


def test_journal_and_note_keys_write_and_show_the_journal(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1")
            await pilot.press("n", *["space" if c == " " else c for c in "the whistle is a leak"], "enter")
            await settle(pilot, app)
            await pilot.press("j")
            await pilot.pause(0.2)
            return isinstance(app.screen, PageScreen), screen_text(app)

    is_page, screen = run(go())
    assert is_page and "Journal" in screen and "the whistle is a leak" in screen


def test_undoing_a_roll_takes_it_off_the_dice_panel(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1", "1", "1", "1")  # Dara; to the cargo bay door; talk BOSS (it rolls)
            rolled = app.query_one(DicePanel).roll
            await press(pilot, app, "u")
            return rolled, app.query_one(DicePanel).roll, app.query_one(DicePanel).display, screen_text(app)

    rolled, after, shown, screen = run(go())
    assert rolled is not None and rolled.label == "Talk BOSS into opening the door"
    assert after is None and not shown, "the undone roll no longer stands as the last roll"
    assert "Roll:" not in screen and "Reads:" not in screen


def test_the_title_bar_names_the_rules_only_when_they_fit_whole(tmp_path):
    async def go(size):
        app = new_app(tmp_path, adventure="goblin-market", seed=4, slot=f"g{size[0]}")
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1")
            return screen_text(app).splitlines()[0]

    narrow, wide = run(go((80, 24))), run(go((140, 40)))
    assert "Moonlight at the Goblin Market" in narrow and "d3" not in narrow
    assert wide.rstrip().endswith("the d3 system of Strength, Skill, Support and Scharisma")


def test_on_a_narrow_screen_the_fights_state_is_drawn_in_the_story_only_when_it_says_something_new(tmp_path):
    """At 80x24 the state table goes in the story; a new question about the same state (supply-ship:
    "Attack the pink thing" then "Where do you aim?") drew the same table again under it."""
    from solo.engine import events as ev

    view = {"title": "The pink thing", "round": 1, "phase": "your turn", "notes": ["You fight with bare hands."],
            "fighters": [{"key": "player", "name": "Dara Okafor", "side": "player", "out": False, "tags": ["acting"],
                          "gauges": [{"label": "body", "value": 6, "maximum": 6}]}]}
    asked = dict(view, phase="where do you aim?")  # what it says is the same: only the question moved on
    hurt = dict(view, fighters=[dict(view["fighters"][0], gauges=[{"label": "body", "value": 5, "maximum": 6}])])

    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            return [len(app._blocks(ev.ConflictRound(1, v))) for v in (view, asked, hurt, hurt)]

    assert run(go()) == [1, 0, 1, 0]


def test_a_game_resumed_mid_fight_shows_the_fight_at_once_in_a_wider_side_panel(tmp_path, fixtures):
    """Resumed mid-fight, the conflict panel was empty until the next step; and at 110 columns a
    fight's side panel squeezed names, gauges and zones onto two lines each."""
    adventure = str(fixtures / "duel.yaml")

    async def go():
        app = new_app(tmp_path, adventure=adventure, seed=2)
        async with app.run_test(size=(110, 34)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1")
            wide = app.query_one("#side").size.width
            round_now = app.query_one(ConflictPanel).view["round"]
            await pilot.press("q")
            await pilot.pause()
        return wide, round_now

    wide, round_now = run(go())
    assert wide >= 40

    async def back():
        again = resumed_app(tmp_path)
        async with again.run_test(size=(110, 34)) as pilot:
            await settle(pilot, again)
            panel = again.query_one(ConflictPanel)
            return panel.display, panel.view, again.query_one("#side").has_class("fighting")

    shown, view, fighting = run(back())
    assert shown and view is not None and view["round"] == round_now and fighting
