"""Humanity, Blessed offers that can only make a success bigger: a spark when rolling on is
already certain, and Help after a check has succeeded. By the book a check's outcome size is read
from its total, so such a spend buys a bigger size and nothing else: it is offered, saying so,
where the adventure reads the size of that check, and not at all where it does not (nothing is
then asked or charged). Fixture: tests/fixtures/hb-abilities.yaml, whose crate, van-route and
spare-label checks read ``roll.size``; the copy made here reads none."""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.engine import events as ev
from solo.engine.game import Game

ABILITIES = Path(__file__).parents[1] / "fixtures" / "hb-abilities.yaml"
READ = "It gives{roll.size == 'major' and ', all at once' or ''}."


def _game(path: Path, pool: list[int]) -> Game:
    game = Game(loader.load(path).adventure, seed=7)
    game.start()
    game.dice.force(1, 1)  # the lucky number: both 1, so there is none
    game.choose(next(o.key for o in game.offered.options if o.id == "ada"))
    game.character.resources["blessings"] = list(pool)
    return game


def _unread(tmp_path: Path) -> Path:
    text = ABILITIES.read_text(encoding="utf-8")
    assert READ in text
    path = tmp_path / "hb-size-unread.yaml"
    path.write_text(text.replace(READ, "It gives."), encoding="utf-8")
    return path


def _lift(game: Game) -> list[ev.Event]:
    return game.choose(next(o.key for o in game.offered.options if o.text.startswith("Lift the crate")))


def _texts(game: Game) -> list[str]:
    return [o.text for o in game.offered.options] if game.offered.kind == "roll" else []


def test_a_certain_roll_on_offers_a_spark_only_where_the_size_is_read(tmp_path):
    """Hand d4 against 5 with an aid dc2: a first 1 bumps, and the bump and the aid die make 5 at
    least, so rolling on cannot fail."""
    read = _game(ABILITIES, [3, 5, 3])
    read.dice.force(1)
    _lift(read)
    texts = _texts(read)
    assert texts[0] == "Roll on without a spark"
    assert len(texts) > 1 and all(t.endswith(": can raise the size") for t in texts[1:])

    unread = _game(_unread(tmp_path), [3, 5, 3])
    unread.dice.force(1)
    events = _lift(unread)
    records = [e.record for e in events if isinstance(e, ev.RollMade)]
    assert not any("first_roll" in r["details"] for r in records)  # rolled on at once
    assert not any(t.startswith("Spark") for t in _texts(unread))
    while unread.offered.kind == "roll":
        unread.choose("keep")
    assert unread.character.resources["blessings"] == [3, 5, 3]  # nothing charged


def test_a_roll_on_that_may_still_fail_offers_the_spark_plainly(tmp_path):
    """Hand d4 against 5: a first 2 and an aid die showing 2 make 4, so rolling on may fail; the
    spark can change the result and is offered as before, size read or not."""
    unread = _game(_unread(tmp_path), [3, 5, 3])
    unread.dice.force(2)
    _lift(unread)
    texts = _texts(unread)
    assert texts[0] == "Roll on without a spark"
    assert any(t.startswith("Spark with") and not t.endswith("size") for t in texts[1:])


def test_help_after_a_success_is_offered_only_where_the_size_is_read(tmp_path):
    """Hand 1 bumps, then 4: 5 meets the target before any Help."""
    read = _game(ABILITIES, [3, 5, 3])
    read.dice.force(1, 4)
    _lift(read)
    read.choose("keep")  # roll on from the first 1 (a spark there could only raise the size)
    helps = [o for o in read.offered.options if o.text.startswith("Spend")]
    # one die's +1 makes 6, still minor: shown greyed with its reason, in its place, no key
    assert (helps[0].id, helps[0].enabled, helps[0].key) == ("help-1", False, None)
    assert helps[0].reason == "cannot change the result: +1 makes 6, still a minor success"
    assert helps[0].text == "Spend 1 blessing die for +1"
    assert helps[1:] and all(o.enabled and o.text.endswith(": can raise the size") for o in helps[1:])
    assert [o.key for o in helps[1:]] == ["3", "4"]  # the numbers after it stay as they were

    unread = _game(_unread(tmp_path), [3, 5, 3])
    unread.dice.force(1, 4)
    _lift(unread)
    assert not [t for t in _texts(unread) if t.startswith("Spend")]


def _a_success_of_ten():
    """The crate lifted (a first 1 rolled on, then 4) and the roll read again as a total of 10
    against 5: the game and the record as it would stand."""
    from solo.rules.dice import RollRecord
    from solo.rules.humanity_blessed.rolling import read_check

    game = _game(ABILITIES, [3, 5, 3])
    game.dice.force(1, 4)
    _lift(game)
    game.choose("keep")
    record = RollRecord.from_dict(game.state.pending.data["record"])
    record.total = 10
    read_check(record)
    return game, record


def test_a_sure_plus_one_that_only_earns_the_big_win_blessing_die_says_so_and_stays_open():
    """A success of 10 against 5 (medium): +1 makes 11, still medium, but a success by 6, which
    earns the session's first big-win blessing die: on offer, saying what it does; once the
    session's big win is had, it changes nothing and is shown disabled."""
    from solo.rules.humanity_blessed.offers import offers

    game, record = _a_success_of_ten()
    assert (record.details["margin"], record.measures["size"]) == (5, "medium")
    session = game.character.extra["session"]
    assert not session.get("big_win")
    one = next(o for o in offers(record, game.character) if o.key == "help-1")
    assert one.text == "Spend 1 blessing die for +1: earns the blessing die of a success by 6" and not one.disabled
    session["big_win"] = True
    one = next(o for o in offers(record, game.character) if o.key == "help-1")
    assert one.disabled == "cannot change the result: +1 makes 11, still a medium success"


def test_where_the_check_reads_the_margin_a_sure_plus_one_stays_on_offer(tmp_path):
    """The copy here also prints ``roll.margin`` after the crate: +1 on a success of 5 still
    makes a minor success, but it changes the margin the player is shown, so it is on offer."""
    text = ABILITIES.read_text(encoding="utf-8")
    path = tmp_path / "hb-margin-read.yaml"
    path.write_text(text.replace(READ, READ[:-1] + " by {roll.margin}."), encoding="utf-8")
    game = _game(path, [3, 5, 3])
    game.dice.force(1, 4)
    _lift(game)
    game.choose("keep")
    assert game.state.pending.data["record"]["details"]["measures_read"] == ["margin"]
    one = next(o for o in game.offered.options if o.id == "help-1")
    assert (one.key, one.enabled, one.text) == ("2", True, "Spend 1 blessing die for +1: can raise the size")


def test_the_hint_on_a_plus_one_that_only_earns_the_big_win_die_says_so_not_cannot_change():
    """slips10: the same +1, enabled, had the engine's generic hint "cannot change the result"
    beside a text saying it earns a blessing die. The hint now says what it does."""
    game, record = _a_success_of_ten()
    game.state.pending.data["record"] = record.to_dict()
    offered = game._build_offer()  # the roll as it now stands, offered as the engine offers it
    one = next(o for o in offered.options if o.id == "help-1")
    assert one.enabled and one.text.endswith("earns the blessing die of a success by 6")
    # read11: the text says what it earns, so the hint does not say it twice
    assert one.hint == "the result stays as it is"
