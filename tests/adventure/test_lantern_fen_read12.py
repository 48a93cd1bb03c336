"""lantern-fen's slip left by the sitting-11 read-through and fixed in sitting 12
(docs/editorial/lantern-fen.md, the line dated read12): it stays fixed."""

from __future__ import annotations

from solo.adventure import loader
from solo.engine.events import SceneEntered
from solo.engine.gm import GameMaster
from pregen_play import placed

FEN = loader.load("lantern-fen").adventure
RHYME = "a drowned man can rest when his bell rings for him on dry ground"


def _confession(events) -> str:
    return " ".join(next(e.text for e in events if isinstance(e, SceneEntered) and e.id == "agathe-confession").split())


def test_agathe_tells_the_toll_rhyme_once_when_the_belfry_came_first():
    """read11: called down to from the belfry, Agathe said "They say the drowned keep the
    crossing till their own bell rings on dry ground"; at her confession she said it again as
    news, "The old ones say a drowned man can rest...". She now points back to the belfry."""
    game = placed(FEN, "maud", "belfry", 4)
    call = next(o for o in game.offered.options if o.enabled and o.text.startswith("Call down to Agathe"))
    said = " ".join(" ".join(getattr(e, "text", "") or "" for e in game.choose(call.key)).split())
    assert "They say the drowned keep the crossing" in said
    later = _confession(GameMaster(game).goto("agathe-confession"))
    assert RHYME not in later and "The old ones say" not in later
    assert "You heard me in the belfry: dry ground, and his own bell" in later


def test_without_the_belfry_agathe_tells_the_rhyme_at_her_confession():
    game = placed(FEN, "maud", "drowned-church", 4)
    first = _confession(GameMaster(game).goto("agathe-confession"))
    assert "The old ones say " + RHYME in first and "belfry" not in first
