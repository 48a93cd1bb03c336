"""The Kern Maiden of Thistledown (blessed-harvest) as an evening's adventure: its size, the
situations where each pregenerated character's starter abilities answer a check, and its balance
for random players, which its GM notes state and this test measures again.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from pathlib import Path

import pytest
from shared_runs import seeded_playtest

from solo.adventure import loader
from solo.engine.game import Game
from solo.rules import registry

HB = registry.get("humanity-blessed")
ADVENTURE = loader.load("blessed-harvest").adventure
VICTORIES = {"ending-whole-village", "ending-new-maiden"}
#: the random bot's games per pregen the GM note is checked on: (runs, master seed); the note gives
#: the figures of 2,000 at seed 1 (2026-11-29)
GM_NOTE_SAMPLE = (200, 3)


def test_it_is_a_whole_evening():
    assert len(ADVENTURE.scenes) >= 25
    assert len(ADVENTURE.endings) >= 4
    procedures = {s.conflict.procedure for s in ADVENTURE.scenes.values() if s.conflict is not None}
    assert {"race", "stealth", "discovery"} <= procedures


def _pregen(pregen: str):
    game = Game(ADVENTURE, seed=1)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.id == pregen))
    return game.character


def _without_abilities(character):
    bare = copy.deepcopy(character)
    bare.extra["abilities"] = []
    return bare


def _rolls():
    """Every check and contest a choice asks for: (scene, choice text, spec)."""
    for scene in ADVENTURE.scenes.values():
        for choice in scene.choices:
            if choice.check is not None:
                yield scene.id, choice.text, choice.check


def _helped_by(character, ability: str) -> list[str]:
    """The choices whose odds of success rise when ``character`` has ``ability`` (and no other)."""
    bare = _without_abilities(character)
    only = copy.deepcopy(bare)
    only.extra["abilities"] = [ability]
    npcs = ADVENTURE.npcs
    found = []
    for scene, text, spec in _rolls():
        if spec.kind == "check":
            with_it = HB.check_odds(only, spec.params).success_chance()
            without = HB.check_odds(bare, spec.params).success_chance()
        else:
            opponent = HB.prepare_character(npcs[spec.opponent].character(HB.id))
            with_it = HB.contest_odds(only, opponent, spec.params).success_chance()
            without = HB.contest_odds(bare, opponent, spec.params).success_chance()
        if with_it > without:
            found.append(f"{scene}: {text}")
    return found


@pytest.mark.parametrize("pregen", ["wren", "bram"])
def test_each_starter_ability_answers_situations_in_the_story(pregen):
    character = _pregen(pregen)
    for ability in character.extra["abilities"]:
        helped = _helped_by(character, ability)
        assert len(helped) >= 2, (ability, helped)
    # and the other pregen's abilities are not theirs: a check only one of them is helped on
    other = _pregen("bram" if pregen == "wren" else "wren")
    mine = {c for a in character.extra["abilities"] for c in _helped_by(character, a)}
    theirs = {c for a in other.extra["abilities"] for c in _helped_by(other, a)}
    assert mine - theirs


def _notes() -> dict[str, dict[str, float]]:
    """The chances the start scene's GM note gives: pregen -> ending -> share."""
    note = ADVENTURE.scenes[ADVENTURE.start].gm
    stated: dict[str, dict[str, float]] = {}
    for pregen, rest in re.findall(r"(\w+) \(random play\): ([^.]+)\.", note):
        stated[pregen.lower()] = {f"ending-{e}": int(p) / 100 for e, p in re.findall(r"([a-z-]+) (\d+)%", rest)}
    return stated


def test_random_players_win_sometimes_and_the_gm_notes_say_how_often(shared_runs, tmp_path_factory):
    """`solo playtest blessed-harvest --character PREGEN --runs 200 --seed 3` for Wren and Bram:
    every game ends, each pregen reaches every ending, random play wins 15-60%, every scene is
    seen by one pregen or the other, and each ending's share is within 8 points of the GM note's
    (2,000 runs at seed 1, 2026-11-29; it gave 300 at seed 3, of which these are the first 200).

    These are the random bot's games the careful-vs-random comparison in test_win_rates.py reads
    too (played once a run). The test used to play its own random player, which also spent
    blessing dice and sparks at random where the playtest bot keeps the roll (the game as the
    exact odds see it): its figures (Wren's empty hook 29%) were not the ones any command gives
    (42% on these 200). Against a real shift of 15 points in an ending's share, a 200-game
    share (standard error at most 3.5 points) misses it about 2% of the time, as before; with
    the seed pinned the test never flakes, and an edit that reshuffles the games but changes no
    share fails it at most about 7% of the time per ending, as before.
    """
    runs, seed = GM_NOTE_SAMPLE
    unreached: set[str] = set(ADVENTURE.scenes)  # by both pregens
    for pregen in ("wren", "bram"):
        report = seeded_playtest(shared_runs, tmp_path_factory, "blessed-harvest", runs=runs, seed=seed, pregen=pregen)
        assert not report["stuck"] and not report["errors"], "a game that did not end"
        endings = report["endings"]
        assert sum(endings.values()) == runs
        assert all(endings[e] > 0 for e in ADVENTURE.endings), endings  # every ending, for each pregen
        wins = sum(endings[e] for e in VICTORIES) / runs
        assert 0.15 <= wins <= 0.60, (pregen, endings)
        stated = _notes()[pregen]
        assert set(stated) == set(ADVENTURE.endings) == set(endings)
        for ending, share in stated.items():
            assert abs(endings[ending] / runs - share) <= 0.08, (pregen, ending, endings[ending] / runs, share)
        unreached &= set(report["unreached_scenes"])
    assert not unreached  # every scene, by one pregen or the other


def test_the_chapel_gives_its_blessing_dice_once():
    game = Game(ADVENTURE, seed=5)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.id == "bram"))
    pool = len(game.character.resources["blessings"])
    assert pool >= 3
    for text in ("Climb the tower stair", "Go back down to the porch"):
        game.choose(next(o.key for o in game.offered.options if o.text.startswith(text)))
    assert game.state.scene == "chapel-porch"
    assert len(game.character.resources["blessings"]) == pool


@pytest.mark.parametrize("maiden", ["kern-maiden", "new-maiden"])
def test_a_player_holding_a_maiden_is_not_offered_the_empty_hook(maiden):
    """The slip: 'Stand under the empty hook' while the Maiden was in the player's hands."""
    from solo.engine.gm import GameMaster

    game = Game(ADVENTURE, seed=5)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.id == "bram"))
    gm = GameMaster(game)
    gm.goto("supper-barn")
    assert any(o.text.startswith("Stand under the empty hook") for o in game.offered.options)
    gm.give(maiden)
    gm.goto("supper-barn")
    texts = [o.text for o in game.offered.options]
    assert not any(t.startswith("Stand under the empty hook") for t in texts)
    assert any(t.startswith("Hang the") for t in texts)


def test_the_goose_fight_is_fair_to_a_player_who_fights():
    """Bartholomew by the book (no harm-escalates) rarely takes a blow big enough to down him,
    so a goose kept off for eight rounds loses heart (``at_limit: won``): a player who always
    attacks wins about 7 fights in 10 and loses the rest (bench/one_fight.py: 700/300 per
    1,000 over 300 fights; 0 won before the re-tune). Here 40 seeded fights give both."""
    import dataclasses

    adventure = dataclasses.replace(ADVENTURE, start="goose-scuffle")
    results: Counter[str] = Counter()
    for seed in range(40):
        game = Game(adventure, seed=seed)
        events = game.start()
        if game.offered.kind == "character":
            events = game.choose(game.offered.options[seed % 2].key)
        for _ in range(300):
            end = next((e for e in events if e.type == "conflict-end"), None)
            if end is not None:
                results[end.result] += 1
                break
            ids = {o.key: o.id for o in game.offered.options if o.enabled and o.key}
            attack = [k for k, i in ids.items() if i.startswith("attack:") and i.count(":") == 1]
            events = game.choose((attack or list(ids))[0])
    assert sum(results.values()) == 40
    assert set(results) == {"won", "lost"}, results
    assert 15 <= results["won"] <= 38, results


def test_every_starting_item_is_asked_for_by_some_option():
    source = (Path(__file__).resolve().parents[2] / "adventures" / "blessed-harvest.yaml").read_text()
    asked = set(re.findall(r'has\("([a-z-]+)"\)', source))
    for pregen in ADVENTURE.characters:
        for item in pregen.character(ADVENTURE.system).items:
            assert item in asked, (pregen.id, item)


@pytest.mark.parametrize("pregen, scene, option", [
    ("wren", "gran-gate", "Fish one of the emergency biscuits out of your apron"),
    ("wren", "lark-lane", "Play Old Tansy the harvest-home tune on your tin whistle"),
    ("bram", "lark-lane", "Rig a lever from a fence rail, lashed over a stone with your tarred twine"),
])
def test_a_starting_item_opens_its_own_way(pregen, scene, option):
    from solo.engine.gm import GameMaster
    offered = {}
    for who in ("wren", "bram"):
        game = Game(ADVENTURE, seed=1, character=_pregen(who))
        game.start()
        GameMaster(game).goto(scene)
        offered[who] = [o.text for o in game.offered.options if o.enabled]
    other = "bram" if pregen == "wren" else "wren"
    assert any(t.startswith(option) for t in offered[pregen])
    assert not any(t.startswith(option) for t in offered[other])


@pytest.mark.parametrize("clue, scene, option", [
    ("knows_wagon", "lark-lane", "Whistle Jory down from the mill"),
    ("knows_gran", "gran-cottage", "Kneel down to Nettie's height, tell her you know her gran"),
    ("trail_read", "gran-cottage", "Point out the worn-down heel of her boot"),
    ("goose-feather", "gran-gate", "Hold up the white feather from the chapel door"),
])
def test_the_clues_of_the_village_open_ways_at_the_lane_and_the_cottage(clue, scene, option):
    """What the village tells you (Jory, the bakehouse, the porch's boot-prints and feather) opens
    an option further down Lark Lane that a player who missed it does not get."""
    from solo.engine.gm import GameMaster
    offered = {}
    for learned in (False, True):
        game = Game(ADVENTURE, seed=1, character=_pregen("wren"))
        game.start()
        gm = GameMaster(game)
        if learned:
            gm.give(clue) if clue in ADVENTURE.items else gm.set(clue, "true")
        gm.goto(scene)
        offered[learned] = [o.text for o in game.offered.options if o.enabled]
    assert any(t.startswith(option) for t in offered[True])
    assert not any(t.startswith(option) for t in offered[False])


def _roll_at(scene: str, option: str, faces: tuple[int, ...], pregen: str = "wren", **flags: bool):
    """Wren (or ``pregen``) at ``scene`` with the sundown clock at 10 takes ``option`` with the
    dice forced to ``faces`` and keeps the roll: the game after it, and the text it showed."""
    from solo.engine.game import KEEP
    from solo.engine.gm import GameMaster

    game = Game(ADVENTURE, seed=1, character=_pregen(pregen))
    game.start()
    gm = GameMaster(game)
    for flag, value in flags.items():
        gm.set(flag, "true" if value else "false")
    gm.goto(scene)
    game.state.clocks["sundown"] = 10
    game.dice.force(*faces)
    events = game.choose(next(o.key for o in game.offered.options if o.text.startswith(option)))
    while game.offered.kind != "scene":
        events += game.choose(next(o.key for o in game.offered.options if o.id == KEEP))
    return game, " ".join(str(getattr(e, "text", "") or "") for e in events)


SMALL, BIG = (1, 4), (1, 1, 1, 1, 4)  # totals 5 (a minor success) and 8 (medium): 1s bump


@pytest.mark.parametrize("scene, option, words", [
    ("brook-stones", "Skip across the stepping stones", "you have made up"),
    ("wheatsheaf", "Find the things you put by", "before the\nchurch clock"),
    ("gran-thatch", "Find where the water is really getting in", "half the\ntime"),
    ("carry-gran", "Stop and rig a cover over Gran", "still a field\nbehind you"),
])
def test_a_bigger_success_saves_time_where_the_story_says_so(scene, option, words):
    """Issue 22: Humanity, Blessed shows an outcome size on every success; where the size
    matters the adventure says what a medium or better success does (here: a segment of the
    sundown clock back), and a minor success does not."""
    small, small_text = _roll_at(scene, option, SMALL)
    big, big_text = _roll_at(scene, option, BIG)
    assert words not in small_text and words in big_text
    assert big.state.clocks["sundown"] == small.state.clocks["sundown"] - 1


def test_a_big_success_at_the_tower_shows_the_drove_track():
    small, _ = _roll_at("chapel-tower", "Look for anyone in a hurry", SMALL)
    big, text = _roll_at("chapel-tower", "Look for anyone in a hurry", BIG)
    assert small.state.flags["heard_lark"] and big.state.flags["heard_lark"]
    assert not small.state.flags["read_sky"] and big.state.flags["read_sky"]
    assert "drove track" in text


def test_freeing_the_chain_cleanly_brings_jory_back_until_the_wagon_is_out():
    """A medium or better success at the mill: Jory owes you, and at the wagon he does not give
    up on a failed shove (the wagon comes out); after a minor success he goes home."""
    small, _ = _roll_at("mill", "Climb up and wrestle the jammed chain", SMALL)
    big, text = _roll_at("mill", "Climb up and wrestle the jammed chain", BIG)
    assert "I owe you one" in text and big.state.flags["jory_owes"] and not small.state.flags["jory_owes"]
    for owed, wagon_free in ((False, False), (True, True)):
        game, _ = _roll_at("lark-lane", "Whistle Jory down from the mill", (2,), knows_wagon=True, jory_owes=owed)
        assert game.state.flags["wagon_free"] is wagon_free


def test_offering_to_plait_a_new_maiden_earns_gran_s_blessing():
    """The kind road at Gran's bedside pays as the taking one does (which hands you the Maiden):
    Gran blesses the player who offers to plait a new one (a blessing die), so a careful
    player is not drawn to take the Maiden from a sick woman (tests/adventure/test_win_rates.py::test_careful_play_wins_more_often_than_random_play)."""
    from solo.engine.gm import GameMaster

    game = Game(ADVENTURE, seed=1, character=_pregen("wren"))
    game.start()
    GameMaster(game).goto("gran-cottage")
    pool = len(game.character.resources["blessings"])
    game.choose(next(o.key for o in game.offered.options if o.text.startswith("Offer to plait a new Maiden")))
    assert game.state.scene == "weave-maiden"
    assert len(game.character.resources["blessings"]) == pool + 1


def test_a_blessing_die_that_rolls_1_says_why_another_one_comes():
    """slips10: Gran's blessing rolled a 1 and the player got two dice with no word of why (the
    book: a 1 on a blessing die brings another). The line says so, in a few words."""
    from solo.engine.gm import GameMaster

    game = Game(ADVENTURE, seed=1, character=_pregen("wren"))
    game.start()
    GameMaster(game).goto("gran-cottage")
    pool = len(game.character.resources["blessings"])
    game.dice.force(1, 4)
    events = game.choose(next(o.key for o in game.offered.options if o.text.startswith("Offer to plait a new Maiden")))
    shown = [getattr(e, "text", "") or "" for e in events]
    assert "Blessing dice gained: 1, 4 (a blessing die that rolls 1 brings another: 1 more)" in shown
    assert len(game.character.resources["blessings"]) == pool + 2


def test_two_maidens_says_why_harvest_home_is_marked_missed():
    """slips10: the Two Maidens victory showed "See that nobody in Thistledown misses the Harvest
    Home" as missed with nothing in the ending saying anybody did. Gran keeps to her bed in that
    ending (only carrying her up the hill completes it): the text and the summary now say so."""
    from solo.engine.gm import GameMaster

    game = Game(ADVENTURE, seed=5)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.id == "bram"))
    gm = GameMaster(game)
    gm.give("new-maiden")
    gm.goto("supper-barn")
    events = game.choose(next(o.key for o in game.offered.options if o.text.startswith("Hang the new Maiden")))
    assert game.finished and game.state.scene == "ending-new-maiden"
    assert not game.state.objectives["nobody-missing"]
    shown = " ".join(getattr(e, "text", "") or "" for e in events)
    ending = ADVENTURE.scenes["ending-new-maiden"].ending
    assert "Gran" in ending.summary and "missed the supper" in ending.summary
    assert "her place at the head of the table stays empty" in " ".join(shown.split())
