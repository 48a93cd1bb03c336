"""GAME's words for players: its vocabulary (outcomes, terms, rules pages) and how its rolls read.

The engine and every front end ask the ruleset for these (its ``vocabulary``); nothing outside this
package knows them. Every sentence is our own summary of a mechanic; each rule names the book's
section. Pure data and reading: no I/O.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.game.record_words import blocked_text, note
from solo.rules.vocabulary import DieReading, Names, Rule, RollReading, Vocabulary, plain_dice


def explain(record: Mapping[str, Any], names: Names) -> RollReading:
    """How one of this system's rolls reads: its dice, each with its reading, and why it came out so."""
    d = record.get("details") or {}
    why: list[str] = [text[:1].upper() + text[1:] + "." for text in map(note, d.get("notes") or [])]
    if d.get("not_rolled"):
        why.append(f"No roll: {blocked_text(str(d['not_rolled']))}, so it fails.")
        return RollReading((), tuple(why), "check", _extra_dice(d))
    rolled = d.get("rolled") or record.get("dice") or []
    kept = d.get("kept")
    rating = d.get("rating")
    if rating is not None and kept is not None and d.get("sum") is not None:
        difficulty = str(d.get("difficulty", "")).replace("-", " ")
        if len(rolled) > 1:
            why.append(f"{difficulty.capitalize() + ': ' if difficulty else ''}{len(rolled)}d8, and only the lowest counts ({kept}).")
        bonus = d.get("bonus") or 0
        extra = f" + {bonus} bonus" if bonus else ""
        if d.get("exhausted"):
            extra += " − 1 exhausted"
        spare = int(d["sum"]) - 8
        counted = "" if spare == d.get("excess") else f", counting {d.get('excess')}"
        if not d.get("success"):
            verdict = "it needed 8"
        elif spare < 0:
            verdict = f"short of 8, but the extra die succeeded (excess {d.get('excess')})"
        else:
            verdict = f"8 or more succeeds, with {spare} to spare{counted}"
        skill = names.stat(d.get("skill") or record.get("stat") or "skill")
        die = "the lowest die" if len(rolled) > 1 else (f"the {difficulty} d8" if difficulty else "the d8")
        why.append(f"{skill} {rating} + {die} {kept}{extra} = {d.get('sum')}: {verdict}.")
    for added in d.get("extra") or []:
        if isinstance(added, dict) and added.get("die") is not None:
            reason = {"notable": "Being notable adds a d8", "group": "Acting together adds a d8"}.get(
                str(added.get("reason")), "An extra d8")
            on = added.get("succeeds_on", 1)
            needed = "a 1" if on == 1 else f"{on} or less"
            alone = d.get("sum") is not None and int(d["sum"]) >= 8  # the roll had succeeded without it
            if alone:
                verdict = ("a success too, though the roll had succeeded without it" if added.get("succeeded")
                           else "but the roll had already succeeded without it")
            else:
                verdict = "and that makes it a success" if added.get("succeeded") else f"where only {needed} would have helped"
            why.append(f"{reason}: it showed {added['die']}, {verdict}.")
    if d.get("rerolled"):
        why.append("You spent a reroll on this.")
    if record.get("kind") == "contest":
        mine, theirs = d.get("you"), d.get("opponent")
        if isinstance(mine, Mapping) and isinstance(theirs, Mapping):  # the record's dice are both sides': say whose
            why.append(f"You: {_side(mine, names)}; they: {_side(theirs, names)}.")
            why.append("One success against one failure decides; anything else is a draw.")
            own = [v for v in mine.get("rolled") or [] if isinstance(v, int)]
            return RollReading(tuple(DieReading(v) for v in own) or tuple(plain_dice(record)), tuple(why),
                               "contest", _extra_dice(mine))
        why.append("Both sides rolled: one success against one failure decides; anything else is a draw.")
        return RollReading(tuple(plain_dice(record)), tuple(why), "contest", _extra_dice(d))
    return RollReading(tuple(DieReading(v) for v in rolled), tuple(why), "reroll" if d.get("rerolled") else "check",
                       _extra_dice(d))


def _side(side: Mapping[str, Any], names: Names) -> str:
    """One side of a competitive check: "Social/Etiquette 5 + 8 = 13, a success"."""
    skill = names.stat(side.get("skill") or "skill")
    won = "a success" if side.get("success") else "a failure"
    if side.get("sum") is None:
        return f"{skill}, {won}"
    bonus = side.get("bonus") or 0
    plus = f" {bonus:+d}" if isinstance(bonus, int) and bonus else ""
    return f"{skill} {side.get('rating')} + {side.get('kept')}{plus} = {side.get('sum')}, {won}"


def _extra_dice(details: Mapping[str, Any]) -> tuple[tuple[str, tuple[DieReading, ...]], ...]:
    """The notable or group d8 rolled beside the main dice, for the dice row."""
    found: list[tuple[str, tuple[DieReading, ...]]] = []
    for added in details.get("extra") or []:
        if isinstance(added, dict) and added.get("die") is not None:
            name = {"notable": "notable d8", "group": "group d8"}.get(str(added.get("reason")), "extra d8")
            found.append((name, (DieReading(added["die"], "", "success" if added.get("succeeded") else ""),)))
    return tuple(found)


def fight_roll(record: Mapping[str, Any]) -> str | None:
    """A fight's competitive check told from both sides: "you rolled 5 (failure) against their 3
    and group d8 3 (success): failure for you". The record keeps each side's dice under
    ``details.you`` and ``details.opponent``; its ``kept`` mixes both sides and it has no total,
    so the generic words read "rolled 5 and 3 (None) against the other side's (None)". None when
    the record is not such a check."""
    details = record.get("details")
    if record.get("kind") != "contest" or not isinstance(details, Mapping):
        return None
    mine, theirs = details.get("you"), details.get("opponent")
    if not isinstance(mine, Mapping) or not isinstance(theirs, Mapping):
        return None

    def side(rolled: Mapping[str, Any]) -> str:
        words = [str(v) for v in rolled.get("rolled") or ()]
        for added in rolled.get("extra") or ():
            if isinstance(added, Mapping) and added.get("die") is not None:
                kind = "group" if str(added.get("reason", "")).startswith("group") else str(added.get("reason") or "extra")
                words.append(f"{kind} d8 {added['die']}")
        said = (", ".join(words[:-1]) + " and " + words[-1]) if len(words) > 1 else "".join(words)
        return f"{said} ({'success' if rolled.get('success') else 'failure'})"

    outcome = str(record.get("outcome", ""))
    return f"you rolled {side(mine)} against their {side(theirs)}: {outcome.replace('-', ' ')} for you"


VOCABULARY = Vocabulary(
    system="game",
    explain=explain,
    fight_roll=fight_roll,
    book="Guilddom Adventures Made Easy (GAME)",
    resources={
        "ep": "Experience points (EP)", "rerolls": "Rerolls", "fp": "Fatigue points (FP)",
        "max_fp": "Maximum FP", "exertion": "FP spent on exertion", "enc": "Encumbrance (ENC)",
    },
    outcomes={"failure": "failure", "success": "success", "draw": "draw"},
    meanings={"failure": "it does not work", "success": "it works", "draw": "neither side wins"},
    terms=(
        ("skill", "rated 0 to 8; you succeed when the skill plus your lowest die reaches 8"),
        ("difficulty", "easy rolls one d8, challenging two, hard three; only the lowest die counts"),
        ("excess", "how far above 8 you landed: how well it went"),
        ("notable", "the characteristic your character stands out in: one extra die, a 1 on it succeeds"),
        ("reroll", "earned for good play: roll a check again; unspent rerolls vanish at the end"),
        ("EP", "experience points, one per objective achieved; they buy higher skills and talents"),
        ("FP", "fatigue points, 8 at full strength; at 0 you are defeated"),
        ("exertion", "FP spent on effort (a sprint, Transmutery Drain): back after an hour's rest"),
        ("ENC", "encumbrance: with FP − ENC at 2 or less every check takes −1; at 0 you cannot stand"),
        ("Drain", "what Transmutery costs in FP: 0, 1 or 2 by difficulty, 3 more on a failure"),
        ("damage dice", "a hit rolls one d8 per point of excess; each is 1 FP, an 8 one more; the target's AR comes off the total"),
        ("AR", "armour rating: taken once off the FP a hit would cost"),
        ("stunned", "a damage die showed 1: the target loses its next action (reeling)"),
        ("MU", "movement units: how far a foe stands; melee needs 0 MU, closing in or falling back moves 1"),
        ("block / dodge / parry", "give up your attack to defend: the excess comes off the damage dice of the hit on you; parrying takes a Hack/Slash talent and a blade"),
    ),
    rules={
        "check": Rule(
            "Checks",
            "Roll d8s by difficulty: one when easy, two when challenging, three when hard. Add your "
            "skill to the lowest die; 8 or more succeeds, and what is above 8 is the excess.",
            "GAME, “Checks”",
        ),
        "reroll": Rule(
            "Rerolls",
            "A reroll repeats one roll of yours. They are awarded for good play and do not carry over "
            "to the next adventure.",
            "GAME, “Rerolls”",
        ),
        "ep": Rule(
            "Experience points",
            "Each objective achieved gives 1 EP at once. Raising a skill costs its current rating plus "
            "one; raising a talent costs twice its level plus one.",
            "GAME, “Objectives and experience”",
        ),
        "contest": Rule(
            "Competitive checks",
            "Both sides roll at once. One success against one failure decides it; otherwise it is a draw.",
            "GAME, “Competitive checks”",
        ),
        "fp": Rule(
            "Fatigue",
            "Wounds and effort cost fatigue points; at 0 you are defeated. FP lost to exertion come "
            "back after an hour's rest, FP lost to wounds heal one a week. Carrying too much leaves "
            "you exhausted (−1 on checks) when FP minus ENC is 2 or less, and unable to stand at 0.",
            "GAME, “Fatigue”",
        ),
        "fight": Rule(
            "Fights",
            "Five-second turns, each fighter one action. In order: blocks, dodges and parries are "
            "rolled; then ranged attacks, then melee, then movement. An attack is a check; a hit "
            "rolls a d8 damage die per point of excess (less a block's or parry's excess), each "
            "worth 1 FP and an 8 worth 2; the target's AR comes off once. A damage die showing 1 "
            "stuns: the target loses its next action. Foes attacking one target together make one "
            "check with their best skill and the extra die. Melee needs 0 MU; ranged weapons are "
            "Easy, Challenging or Hard by distance. At 0 FP a fighter is defeated.",
            "GAME, “Combat”, “Damage Dice” and “Armor”",
        ),
    },
)
