"""Words for players: engine events and game state turned into what a player reads.

The presentation layer every front end shares (line mode, plain mode, the full-screen app, the
transcript). It imports neither rich nor Textual: it returns plain strings tagged with a *tone*
(``good``, ``bad``, ``reward``, ``loss``, ``warn``, ``info``, ``story``, ``dim``) that each front end
turns into colour, a glyph or nothing at all (``--plain``).

Its promises:

* every name comes from a label: the adventure's (item names, clock labels, objective texts, NPC
  names, the ``labels`` map) or the system's (:mod:`solo.rules.vocabulary`); an id without one is
  shown tidied (``fen_lore`` as "Fen lore") and ``solo validate`` warns about it;
* a roll is explained in plain language (what each die read, why the result is what it is, what
  near success, bonus dice, blessing dice or ``+dc2`` mean), never as an engine trace;
* XP, losses and clock ticks are said once each, a loss in the loss tone;
* only what the character knows is shown: hidden objectives, clocks and counters stay off the
  sheet and the status line until an effect reveals them.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from solo.adventure.sanitize import screen_text
from solo.engine import events as ev
from solo.rules import house_rules
from solo.rules.reasons import step_lines
from solo.rules.vocabulary import COMMON_RESOURCES, Rule, Vocabulary, count_words, for_system, in_sentence

GOOD, BAD, REWARD, LOSS, WARN, INFO, STORY, DIM, TITLE = (
    "good", "bad", "reward", "loss", "warn", "info", "story", "dim", "title")

#: Outcome labels and the tone they are shown in.
OUTCOME_TONE = {
    "negative-impact": BAD, "critical-failure": BAD, "failure": BAD,
    "near-success": WARN, "draw": WARN, "costly-success": WARN,
    "success": GOOD, "positive-impact": GOOD, "critical-success": GOOD,
}


def clean(text: Any) -> str:
    """Text as it may reach the screen: escapes, controls, bidi overrides and zero-width characters
    removed (:func:`solo.adventure.sanitize.screen_text`, the one sanitiser)."""
    return screen_text(text)


def tidy(name: str) -> str:
    """An id made readable when nothing labels it: ``fen_lore`` -> ``Fen lore``."""
    text = re.sub(r"[_\-]+", " ", str(name)).strip()
    return text[:1].upper() + text[1:] if text else str(name)


def reflow(text: str, width: int | None = None) -> list[str]:
    """Prose as paragraphs: the file's single line breaks joined, blank lines kept as breaks.

    With ``width``, each paragraph is wrapped to it; lines that look laid out on purpose (list
    items, indented lines) keep their breaks.
    """
    paragraphs: list[str] = []
    for block in re.split(r"\n\s*\n", clean(text).strip()):
        lines = [ln for ln in block.splitlines() if ln.strip()]
        if not lines:
            continue
        if any(re.match(r"\s*([-*•]|\d+[.)])\s", ln) or ln.startswith("    ") for ln in lines):
            paragraphs.append("\n".join(ln.rstrip() for ln in lines))
            continue
        joined = " ".join(ln.strip() for ln in lines)
        if width:
            joined = textwrap.fill(joined, width=max(20, width), break_on_hyphens=False)
        paragraphs.append(joined)
    return paragraphs



def _listed(items: list[str]) -> str:
    return (", ".join(items[:-1]) + " and " + items[-1]) if len(items) > 1 else "".join(items)


def roll_words(record: Mapping[str, Any], outcomes: Mapping[str, str] | None = None, who: str | None = None) -> str:
    """A fight roll in plain words: "rolled 5 and 3: great success" (the system's word for the
    result, never the engine's label). ``who``: the name of the fighter who rolled when it is
    not the player ("Jonah Reyes rolled 6 and 1 (7) against ...: great success for Jonah Reyes");
    None for the player's own roll."""
    own = for_system(str(record.get("system", ""))).fight_roll
    told = own(record) if own is not None else None
    if told:  # the system says both sides (names in it are the file's: cleaned, as data)
        return clean(told)
    kept = record.get("kept")
    dice = kept if isinstance(kept, list) and kept else list(record.get("dice") or [])
    outcome = str(record.get("outcome", ""))
    said = (outcomes or {}).get(outcome) or outcome.replace("-", " ")
    faces = [str(d) for d in dice]
    found = record.get("details")
    details: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    rolled = _listed(faces) + _bonus(details) if faces else ""
    other = details.get("opponent") if isinstance(details.get("opponent"), Mapping) else None
    subject = _subject(who) if who else ""
    if record.get("kind") == "contest" and other is not None and rolled:  # both sides, from the roller's
        name = _subject(str(other.get("name", ""))) or "the other side"
        if name == subject:  # the beat is theirs but the roll is the answer to it: the defender's
            subject = _defender(record)
        theirs = _listed([str(d) for d in other.get("dice") or other.get("values") or []]) + _bonus(other)
        return (f"{subject or 'you'} rolled {rolled} ({record.get('total')}) against {name}'s {theirs} "
                f"({other.get('total')}): {said} for {subject or 'you'}")
    head = f"{subject} rolled" if subject else "rolled"
    if rolled and said:
        return f"{head} {rolled}: {said}"
    return f"{head} {rolled}" if rolled else said


def _bonus(details: Mapping[str, Any]) -> str:
    """The bonus dice a side took, said after its dice (", bonus die 5"), so the total adds up."""
    bonus = details.get("bonus")
    if not isinstance(bonus, list):  # a list of bonus dice in one system, a number (a bonus) in another
        return ""
    faces = [str(b.get("die")) if isinstance(b, Mapping) else str(b) for b in bonus  # an opponent's: plain faces
             if (isinstance(b, Mapping) and b.get("die") is not None) or isinstance(b, int)]
    if not faces:
        return ""
    return f", bonus {'die' if len(faces) == 1 else 'dice'} {_listed(faces)}"


def _defender(record: Mapping[str, Any]) -> str:
    """Who answered a contest the other side started, when the record names them (its ``roles``
    step: "Jonah Reyes (Pilot)" reads "Jonah Reyes"); "" (the player) when it does not."""
    for step in record.get("steps") or []:
        if isinstance(step, Mapping) and step.get("code") == "roles" and step.get("defender"):
            return _subject(str(step["defender"]).split(" (")[0])
    return ""


def _subject(name: str) -> str:
    """A fighter's name inside a sentence: "The pink thing" reads "the pink thing"."""
    name = clean(name)
    return name[0].lower() + name[1:] if name.startswith("The ") else name


def roller(event: Any) -> str | None:
    """Who rolled a conflict beat's roll, for :func:`roll_words`: None for the player (or the
    conflict itself), else the fighter's name."""
    actor = getattr(event, "actor", "")
    return None if actor in ("", "player") else (getattr(event, "name", "") or None)


@dataclass(frozen=True)
class Line:
    """One line (or paragraph) for the player, with the tone to show it in."""

    text: str
    tone: str = ""
    kind: str = ""


@dataclass(frozen=True)
class Die:
    value: Any
    reading: str = ""  # words, e.g. "hit"; empty when the system does not read dice alone
    tone: str = ""


@dataclass(frozen=True)
class RollWords:
    """A roll as words: what it was for, the dice, the result and why."""

    title: str
    stat: str
    dice: tuple[Die, ...]
    result: str
    tone: str
    meaning: str
    why: tuple[str, ...]
    final: bool
    counts_as: str = ""  # "counts as a success" when a near success was settled
    topic: str = "check"  # the rule to show for "?"
    system: str = ""
    steps: tuple[str, ...] = ()  # the ruleset's own reading, for the detailed view only
    #: dice rolled beside the main ones, each group with what it is: ("bonus die", (Die(1),))
    extras: tuple[tuple[str, tuple[Die, ...]], ...] = ()
    #: a roll stopped before it has a result (an attack rolled, the answer to come): what stands
    #: so far, said instead of ``result``, which means nothing yet
    awaiting: str = ""

    def so_far(self) -> str:
        """An open roll's line: what stands so far, never a result the roll has not reached."""
        return self.awaiting or f"So far: {self.result}."

    def follows(self, previous: "RollWords | None") -> bool:
        """Whether this is ``previous`` roll again (still open when it was shown): the same
        check, so a front end says only what changed instead of the whole roll once more."""
        return previous is not None and not previous.final and previous.title == self.title

    def news(self, previous: "RollWords | None") -> tuple[bool, tuple[str, ...]]:
        """(whether the dice changed, the reasons not already given) against ``previous``."""
        if not self.follows(previous):
            return True, self.why
        assert previous is not None
        changed = [d.value for d in self.dice] != [d.value for d in previous.dice]
        return changed, tuple(why for why in self.why if why not in previous.why)

    def summary(self) -> str:
        """One line: 'Full success: it works.'"""
        head = self.result[:1].upper() + self.result[1:]
        tail = f" ({self.counts_as})" if self.counts_as else ""
        return f"{head}{tail}: {self.meaning}." if self.meaning else head + tail


@dataclass
class Words:
    """Labels and sentences for one adventure (and, once given, its running game)."""

    adventure: Any
    game: Any = None
    vocab: Vocabulary = field(init=False)

    def __post_init__(self) -> None:
        self.vocab = for_system(self.adventure.system)

    # -- labels ------------------------------------------------------------------------------
    def label(self, name: str) -> str | None:
        """The adventure's ``labels`` entry for a name, or None."""
        labels = getattr(self.adventure, "labels", None) or {}
        value = labels.get(name)
        return clean(value) if value else None

    def resource(self, key: str) -> str:
        return self.label(key) or self.vocab.resources.get(key) or COMMON_RESOURCES.get(key) or tidy(key)

    def stat(self, key: Any) -> str:
        if isinstance(key, (list, tuple)):
            return " + ".join(self.stat(k) for k in key)
        text = str(key)
        if "+" in text.strip("+") and all(text.split("+")):  # a check on two stats: "thought+command"
            return " + ".join(self.stat(k) for k in text.split("+"))
        found = self.label(text)
        if found:
            return found
        return tidy(text) if text.islower() or "_" in text else clean(text)

    def item(self, item_id: str) -> str:
        item = self.adventure.items.get(item_id)
        return clean(item.name) if item is not None and item.name else tidy(item_id)

    def clock(self, cid: str) -> str:
        clock = self.adventure.clocks.get(cid)
        if clock is not None and clock.label and clock.label != cid:
            return clean(clock.label)
        return self.label(cid) or tidy(cid)

    def objective(self, oid: str) -> str:
        objective = self.adventure.objectives.get(oid)
        return clean(objective.text) if objective is not None else tidy(oid)

    def condition(self, name: str) -> str:
        """A condition as a player reads it: its label, else its id in words; a ``kind:target``
        condition (Humanity, Blessed ``agreeable:reeve``, ``wounded:hand``) reads "agreeable
        (the reeve)": the kind's label or words, then the person's name or the stat's label."""
        found = self.label(name)
        if found:
            return found
        kind, colon, target = str(name).partition(":")
        if not colon or not kind or not target:
            return tidy(name).lower()
        npc = self.adventure.npcs.get(target)
        whom = in_sentence(clean(npc.name)) if npc is not None else self.stat(target)
        return f"{self.label(kind) or tidy(kind).lower()} ({whom})"

    def person(self, pid: str) -> str:
        npc = self.adventure.npcs.get(pid)
        return clean(npc.name) if npc is not None else tidy(pid)

    def scene(self, sid: str | None) -> str:
        scene = self.adventure.scenes.get(sid or "")
        return clean(scene.title) if scene is not None else "the beginning"

    def outcome(self, label: str) -> str:
        return self.vocab.outcomes.get(label) or label.replace("-", " ")

    def shown_resources(self, resources: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(label, value) for the resources a player should see, in the order kept."""
        shown = []
        for key, value in resources.items():
            if key in self.vocab.hidden_resources or value in (None, "", [], {}):
                continue
            shown.append((self.resource(key), resource_text(value)))
        return shown

    # -- what the character knows ------------------------------------------------------------
    def visible(self, kind: str, name: str) -> bool:
        """Whether a hidden-able thing (objective, clock, counter, flag) is known to the player; a
        clock whose ``until`` holds is over and shown no more."""
        hidden = getattr(self.adventure, "hidden", None) or frozenset()
        game = self.game
        if kind == "clock" and not self._ticking(name):
            return False
        if (kind, name) not in hidden and name not in hidden:
            return True
        if game is None:
            return False
        if kind == "objective" and game.state.objectives.get(name):
            return True
        return name in getattr(game.state, "revealed", ())

    def _ticking(self, cid: str) -> bool:
        """Whether a clock can still matter: not once its ``until`` holds (a game still to start
        has every clock running)."""
        clock = self.adventure.clocks.get(cid)
        until = getattr(clock, "until", None)
        if until is None or self.game is None:
            return True
        return not self.game.evaluate(until)

    # -- rolls -------------------------------------------------------------------------------
    def roll(self, record: Mapping[str, Any], label: str = "", final: bool = True) -> RollWords:
        system = str(record.get("system", self.adventure.system))
        vocab = for_system(system)
        outcome = str(record.get("outcome", ""))
        result = vocab.outcomes.get(outcome) or outcome.replace("-", " ")
        meaning = vocab.meanings.get(outcome, "")
        reading = vocab.read_roll(record, self)
        dice = [Die(d.value, d.reading, OUTCOME_TONE.get(d.outcome, "")) for d in reading.dice]
        why, topic = reading.why, reading.topic
        counts = ""
        near = (record.get("details") or {}).get("near")
        if outcome == "near-success" and final and isinstance(near, dict):
            verdict = "a success" if record.get("success") else "a failure"
            if near.get("policy") == "oracle":
                counts = f"counts as {verdict}"
                why = why + (f"A near success is settled by one more die: it showed "
                             f"{near.get('oracle_die')}, and 4 to 6 counts as success, so this counts as {verdict}.",)
            elif near.get("policy") in ("success", "failure"):
                counts = f"counts as {verdict}"
                why = why + (f"This check says a near success counts as {verdict}.",)
            elif near.get("policy") == "branch":
                why = why + ("The story has its own answer for a near success.",)
        stat = record.get("stat")
        return RollWords(
            title=clean(label) or self.stat(stat or "roll"),
            stat=self.stat(stat) if stat and stat != "dice" else "",
            dice=tuple(dice),
            result=result,
            tone=OUTCOME_TONE.get(outcome, INFO),
            meaning=meaning,
            why=tuple(why),
            final=final,
            counts_as=counts,
            topic=topic,
            system=system,
            steps=tuple(clean(s) for s in step_lines(record)),
            extras=tuple((name, tuple(Die(d.value, d.reading, OUTCOME_TONE.get(d.outcome, "")) for d in group))
                         for name, group in reading.extras),
            awaiting="" if final else clean(reading.awaiting),
        )

    def rule(self, topic: str = "check") -> Rule | None:
        return self.vocab.rules.get(topic) or self.vocab.rules.get("check")

    def rules(self) -> list[Rule]:
        """The system's rules, then each house rule the adventure opts into (marked as such)."""
        return list(self.vocab.rules.values()) + self.house_rules()

    def house_rules(self) -> list[Rule]:
        """The adventure's opt-in rules beyond the book, as rules-page entries."""
        names = getattr(self.adventure, "house_rules", ()) or ()
        return [Rule(f"House rule: {rule.title}", rule.text, f"{rule.name}: this adventure's choice, not the book")
                for rule in house_rules.lookup(names)]

    def terms(self) -> list[tuple[str, str]]:
        return list(self.vocab.terms)

    # -- events ------------------------------------------------------------------------------
    def events(self, events: Iterable[ev.Event]) -> list[Line]:
        """Lines for the non-scene, non-roll events of one step: each fact said once.

        Several ticks of one clock in a step collapse into the last; XP is reported by its own
        event only (an objective's line does not repeat its award); losses never look like
        rewards; hidden clocks tick silently.
        """
        events = list(events)
        last_tick = {e.id: i for i, e in enumerate(events) if isinstance(e, ev.ClockTicked)}
        xp = {e.amount for e in events if isinstance(e, ev.XpGained)}
        lines: list[Line] = []
        for i, event in enumerate(events):
            if isinstance(event, ev.ClockTicked) and last_tick.get(event.id) != i:
                continue
            if isinstance(event, ev.RulesNote) and _says_xp(event.text, xp):
                continue  # the ruleset's own line about XP already shown by its XpGained
            lines.extend(self.event(event))
        return lines

    def event(self, event: ev.Event) -> list[Line]:
        if isinstance(event, ev.Narration):
            return [Line(p, STORY, "text") for p in reflow(event.text)]
        if isinstance(event, ev.ObjectiveCompleted):
            return [Line(f"Objective complete: {self.objective(event.id)}", GOOD, "objective")]
        if isinstance(event, ev.XpGained):
            return [self._amount("xp", event.amount, event.total, "xp")]
        if isinstance(event, ev.ResourceChanged):
            return [self._amount(event.resource, event.amount, event.total, "award")]
        if isinstance(event, ev.ItemChanged):
            name = self.item(event.id)
            return [Line(f"You take: {name}" if event.gained else f"You no longer have: {name}",
                         INFO if event.gained else LOSS, "item")]
        if isinstance(event, ev.ItemRefused):
            return [Line(f"You cannot take: {self.item(event.id)} ({clean(event.reason)})", WARN, "item")]
        if isinstance(event, ev.ConditionChanged):
            name = self.condition(event.name)
            return [Line(f"You are now {name}" if event.gained else f"You are no longer {name}",
                         LOSS if event.gained else GOOD, "condition")]
        if isinstance(event, ev.ClockTicked):
            if not self.visible("clock", event.id):
                return []
            full = event.value >= event.size
            text = f"{self.clock(event.id)}: {event.value} of {event.size}" + (" (full)" if full else "")
            return [Line(text, BAD if full else WARN, "clock")]
        if isinstance(event, ev.TableRolled):
            table = self.adventure.tables.get(event.table)
            label = getattr(table, "label", "") if table is not None else ""
            if not label:
                return []  # an unlabelled table is the Game Master's secret die
            return [Line(f"{clean(label)}: rolled {event.total}", DIM, "table")]
        if isinstance(event, ev.RulesNote):
            return [Line(clean(event.text), INFO, "rules")]
        revealed = getattr(ev, "Revealed", None)
        if revealed is not None and isinstance(event, revealed):
            return [Line(self.revealed_text(event.kind, event.name), INFO, "reveal")]
        noted = getattr(ev, "JournalNoted", None)
        if noted is not None and isinstance(event, noted):
            return [Line(f"Noted in your journal: {clean(event.text)}", DIM, "note")]
        return []

    def conflict(self, event: ev.Event) -> list[Line]:
        """A conflict's beats in words (plain mode, transcripts); rich mode draws its own view."""
        kind = type(event).__name__
        if kind == "ConflictStarted":
            return [Line(f"Conflict: {clean(event.title)}", BAD, "conflict")]
        if kind == "ConflictAction":
            name, text = clean(event.name), clean(event.text)
            said = not name or text.startswith((name, "You ", "Your ")) or text.lower().startswith(name.lower())
            line = text if said else f"{name}: {text}"  # the name once, and only when the text lacks it
            if event.roll:  # who rolled what, in the system's words for the result
                line += f" ({roll_words(event.roll, self.vocab.outcomes, roller(event))})"
            return [Line(line, "", "conflict")]
        if kind in ("ConflictRound", "ConflictEnded"):
            lines = []
            for fighter in (event.view or {}).get("fighters", []):
                gauges = ", ".join(f"{clean(g.get('label', ''))} {g.get('value')}"
                                   + (f" of {g['maximum']}" if isinstance(g.get("maximum"), int) else "")
                                   for g in fighter.get("gauges", []))
                state = "out of the fight" if fighter.get("out") else gauges
                lines.append(Line(f"{clean(fighter.get('name', ''))}: {state}", DIM, "conflict"))
            track = (event.view or {}).get("track")
            if track:
                lines.append(Line(self.track(track), DIM, "conflict"))
            if kind == "ConflictEnded":
                rounds = "round" if event.rounds == 1 else "rounds"
                lines.append(Line(f"The conflict is over after {event.rounds} {rounds}: {event.result.replace('-', ' ')}",
                                  GOOD if event.success or event.result == "won" else BAD, "conflict"))
            return lines
        return []

    @staticmethod
    def track(track: dict) -> str:
        """A number line in words: who stands where, and what is on it."""
        who = ", ".join(f"{clean(name)} at {at}" for name, at in (track.get("positions") or {}).items())
        marks = "; ".join(f"{clean(what)} at {at}" for at, what in (track.get("marks") or {}).items())
        return f"Line 0 to {track.get('length')}: {who or 'nobody'}" + (f"; {marks}" if marks else "")

    def revealed_text(self, kind: str, name: str) -> str:
        if kind == "objective":
            return f"New objective: {self.objective(name)}"
        if kind == "clock":
            return f"Now you know: {self.clock(name)}"
        return f"Now you know: {self.label(name) or tidy(name)}"

    def _amount(self, resource: str, amount: int, total: Any, kind: str) -> Line:
        name = self.short(resource)
        shown_total = len(total) if isinstance(total, list) else total
        if isinstance(total, Mapping):  # a count per name: GUTS+ learning per quality
            shown_total = ", ".join(f"{self.stat(k)} {v}" for k, v in total.items())
        if amount >= 0:
            return Line(f"+{amount} {name} (now {clean(shown_total)})", REWARD, kind)
        return Line(f"{amount} {name} (now {clean(shown_total)})", LOSS, kind)

    # -- the character and where the player stands ------------------------------------------
    def short(self, key: str) -> str:
        """A resource's short name for the status line: "XP" for "Experience (XP)"."""
        label = self.resource(key)
        found = re.search(r"\(([^)]{1,6})\)$", label)
        return found.group(1) if found else label

    def stats_line(self, stats: Mapping[str, Any]) -> str:
        return ", ".join(f"{self.stat(k)} {stat_text(v)}" for k, v in stats.items())

    def status(self, width: int = 80) -> str:
        """Where the player stands: who, revealed clocks and objectives, conditions, resources in
        numbers; parts joined by " · " and wrapped between parts to ``width`` (never cut off)."""
        game = self.game
        if game is None or game.state.character is None:
            return ""
        character = game.state.character
        parts = [clean(character.name)]
        for cid, value in _in_order(game.state.clocks, self.adventure.clocks):
            if self.visible("clock", cid):
                size = self.adventure.clocks[cid].size
                parts.append(f"{self.clock(cid)} {value}/{size}")
        known = [oid for oid in game.state.objectives if self.visible("objective", oid)]
        if known:
            done = sum(1 for oid in known if game.state.objectives[oid])
            parts.append(f"objectives {done}/{len(known)}")
        if character.conditions:
            parts.append(", ".join(self.condition(c) for c in character.conditions))
        for label, value in self.numbers(character.resources):
            parts.append(f"{label} {value}")
        lines: list[str] = []
        for part in parts:
            if lines and len(lines[-1]) + 3 + len(part) <= width:
                lines[-1] += " · " + part
            else:
                lines.append(part if len(part) <= width else part[: max(1, width - 1)] + "…")
        return "\n".join(lines)

    def numbers(self, resources: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(short label, value) of the numeric resources a player sees; ``health`` and
        ``max_health`` read as one "Health 18/20"."""
        numeric = _numeric(resources)
        shown = []
        for key, value in numeric.items():
            if key in self.vocab.hidden_resources or key.startswith("max_") and key[4:] in numeric:
                continue
            top = numeric.get(f"max_{key}")
            text = resource_text(value) + (f"/{top}" if isinstance(top, int) and isinstance(value, int) else "")
            shown.append((self.short(key), text))
        return shown

    def sheet(self) -> list[tuple[str, str, str]]:
        """(heading, text, tone) rows of the character sheet: only what the character knows."""
        game = self.game
        rows: list[tuple[str, str, str]] = []
        if game is None or game.state.character is None:
            return [("", "No character chosen yet.", DIM)]
        character = game.state.character
        rows.append(("Name", clean(character.name), TITLE))
        for key, value in self.ordered_stats(character):
            rows.append(("Stat", f"{self.stat(key)} {stat_text(value)}", ""))
        items = [self.item(i) for i in character.items]
        rows.append(("Items", ", ".join(items) or "nothing", ""))
        for name in character.conditions:
            rows.append(("Condition", self.condition(name), LOSS))
        for label, value in self.shown_resources(character.resources):
            rows.append((label, value, ""))
        for oid, done in _in_order(game.state.objectives, self.adventure.objectives):
            if self.visible("objective", oid):
                rows.append(("Objective", ("done: " if done else "to do: ") + self.objective(oid), GOOD if done else ""))
        for cid, value in _in_order(game.state.clocks, self.adventure.clocks):
            if self.visible("clock", cid):
                size = self.adventure.clocks[cid].size
                rows.append(("Clock", f"{self.clock(cid)}: {value} of {size}", WARN))
        for name, value in list(game.state.counters.items()) + list(game.state.flags.items()):
            if self.shown_variable(name, value):
                rows.append(("Known", f"{self.label(name)}: {_variable_text(value)}", ""))
        return rows

    def ordered_stats(self, character: Any) -> list[tuple[str, Any]]:
        """The character's stats in the order the adventure lists its pregenerated namesake's (a
        save sorts its keys: the sheet must not reshuffle after a resume); others after them."""
        listed = next((c.stats for c in self.adventure.characters if c.id == getattr(character, "id", None)), {})
        return _in_order(character.stats, listed)

    def shown_variable(self, name: str, value: Any = None) -> bool:
        """Counters and flags appear on the sheet only when labelled and not hidden; a flag only
        once it is set or the story reveals it (``Quillick's weakness: no`` would name a secret)."""
        if not self.label(name) or not self.visible("variable", name):
            return False
        if value is False:
            return self.game is not None and name in getattr(self.game.state, "revealed", ())
        return True

    # -- the adventure's card and the end ---------------------------------------------------
    def card(self) -> list[Line]:
        adventure = self.adventure
        lines = [Line(clean(adventure.title), TITLE, "title")]
        facts = []
        if adventure.play_time:
            facts.append(f"Play time: {clean(adventure.play_time)}")
        facts.append(f"Rules: {for_system(adventure.system).book}")
        lines.append(Line(" · ".join(facts), DIM, "facts"))
        for p in reflow(adventure.summary):
            lines.append(Line(p, STORY, "summary"))
        if adventure.content_notes:
            lines.append(Line("Content notes: " + ", ".join(clean(n) for n in adventure.content_notes), WARN, "notes"))
        chosen = house_rules.lookup(adventure.house_rules)
        if chosen:
            lines.append(Line("House rules (beyond the book): " + ", ".join(r.title for r in chosen), WARN,
                              "house-rules"))
        return lines

    def good_at(self, person: Any, count: int = 2) -> str:
        """What a pregenerated character is good at: their best stats by name."""
        numeric = [(k, v) for k, v in person.stats.items() if isinstance(v, int) and not isinstance(v, bool)]
        if numeric:
            numeric.sort(key=lambda kv: -kv[1])
            best = [k for k, v in numeric if v >= numeric[0][1] - 0][:count] or [numeric[0][0]]
            return "good at " + " and ".join(self.stat(k) for k in best)
        tiered = [(k, (sum(1 for t in v if t), sum(v))) for k, v in person.stats.items()
                  if isinstance(v, list) and v and all(isinstance(t, int) for t in v)]
        if tiered:  # tiered stats: the highest tier reached (the Roleplay Bonus), then the Stat Points
            tiered.sort(key=lambda kv: kv[1], reverse=True)
            best = [k for k, v in tiered if v == tiered[0][1]][:count]
            return "good at " + " and ".join(self.stat(k) for k in best)
        dice = [(k, _die_rank(v)) for k, v in person.stats.items()]
        if dice:
            dice.sort(key=lambda kv: -kv[1])
            best = [k for k, v in dice if v == dice[0][1]][:count]
            return "good at " + " and ".join(self.stat(k) for k in best)
        return ""

    def spending(self, most: int = 6) -> str:
        """What the character's experience buys now, in one sentence with prices in labelled
        words; when nothing is affordable yet, the cheapest thing and what it takes. "" when the
        system offers nothing."""
        game = self.game
        character = game.state.character if game is not None else None
        if character is None:
            return ""
        try:
            options = game.ruleset.advancement(character)
        except Exception:  # a ruleset that cannot say is not worth a traceback at the end
            return ""
        if not options:
            return ""

        def price(option: Any) -> str:
            return ", ".join(f"{v} {self.short(k)}" for k, v in option.cost.items() if v)

        def text(option: Any) -> str:
            return re.sub(r"\s*\(key [^)]*\)", "", clean(option.text))

        have = character.resources
        affordable = [o for o in options
                      if all(isinstance(have.get(k, 0), int) and have.get(k, 0) >= v for k, v in o.cost.items())]
        if affordable:
            shown = "; ".join(f"{text(o)} ({price(o)})" if price(o) else text(o) for o in affordable[:most])
            more = f"; and {len(affordable) - most} more" if len(affordable) > most else ""
            return f"Your experience can buy: {shown}{more}."
        cheapest = min(options, key=lambda o: sum(o.cost.values()))
        held = ", ".join(f"{resource_text(have.get(k, 0))} {self.short(k)}" for k in cheapest.cost)
        return (f"Not enough experience to buy anything yet: {text(cheapest).lower()[:1]}{text(cheapest)[1:]} "
                f"costs {price(cheapest)}, and you have {held}.")

    def ending(self, event: ev.EndingReached, rolls: list[Mapping[str, Any]] | None = None) -> dict[str, Any]:
        """The end-of-game summary: ending, objectives met and missed, experience, rolls and luck."""
        met = [self.objective(o) for o, done in event.objectives.items() if done]
        missed = [self.objective(o) for o, done in event.objectives.items()
                  if not done and self.visible("objective", o)]
        rolls = list(rolls or [])
        successes = sum(1 for r in rolls if r.get("success"))
        luck = roll_luck(rolls)
        return {
            "title": clean(event.title),
            "outcome": event.outcome,
            "tone": {"victory": GOOD, "defeat": BAD}.get(event.outcome, WARN),
            "summary": reflow(event.summary),
            "met": met,
            "missed": missed,
            "resources": self.shown_resources(_numeric(event.resources)),
            "rolls": len(rolls),
            "successes": successes,
            "luck": luck,
        }


# -- choices ------------------------------------------------------------------------------

_ODDS_HINT = re.compile(r"^(?P<what>.*?):?\s*(?P<pct>\d+)% success$")


def compact_hint(hint: str) -> str:
    """An option's odds in few words: "Slyness: 50% success" -> "Slyness 50%"."""
    found = _ODDS_HINT.match(clean(hint).strip())
    if not found:
        return clean(hint)
    what = found.group("what").strip()
    return f"{what} {found.group('pct')}%" if what else f"{found.group('pct')}%"


def alternatives_line(options: list[Any]) -> str:
    """The options that settle another's check without dice (``1a`` beside ``1``), in one line:
    "Or fail on purpose instead of rolling: 1a +1 XP, 2a +2 XP"; "" when there are none."""
    variants = [o for o in options if getattr(o, "parent", "") and o.enabled and o.key]
    if not variants:
        return ""
    heads: dict[str, list[tuple[str, str]]] = {}
    for option in variants:
        head, _, tail = clean(option.text).partition(": ")
        heads.setdefault(head, []).append((option.key, tail))
    lines = []
    for head, keyed in heads.items():
        tails = {tail for _, tail in keyed}
        keys = [key for key, _ in keyed]
        if len(tails) == 1:
            tail = tails.pop()
            lines.append(f"{head}{' (' + tail + ')' if tail else ''}: type {_either_keys(keys)}")
        else:
            lines.append(f"{head}: " + ", ".join(f"{key} {tail}".strip() for key, tail in keyed))
    return "; ".join(lines)


def _either_keys(keys: list[str]) -> str:
    return keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + " or " + keys[-1]


def keys_hint(options: list[Any]) -> str:
    """What the prompt offers to type: "[1-4]", "[1-4, 1a-3a]", "[1/3/5]"."""
    keys = [o.key for o in options if o.enabled and o.key is not None]
    if not keys:
        return ""
    plain = [k for k in keys if not any(o.key == k and getattr(o, "parent", "") for o in options)]
    variants = [k for k in keys if k not in plain]
    text = _key_span(plain)
    if variants:
        text += ", " + _key_span(variants)
    return f"[{text}]"


def _key_span(keys: list[str]) -> str:
    if len(keys) >= 2 and all(k.isdigit() for k in keys) and keys == [str(n) for n in range(int(keys[0]), int(keys[0]) + len(keys))]:
        return f"{keys[0]}-{keys[-1]}"
    if all(k.isdigit() for k in keys):  # a greyed choice keeps its number: "1-4, 6-7", not "1/2/3/4/6/7"
        runs: list[list[int]] = []
        for number in map(int, keys):
            if runs and number == runs[-1][-1] + 1:
                runs[-1].append(number)
            else:
                runs.append([number])
        if any(len(run) >= 3 for run in runs):
            return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)
    suffix = {k[-1:] for k in keys}
    if len(keys) > 2 and len(suffix) == 1 and all(k[:-1].isdigit() for k in keys):
        numbers = [int(k[:-1]) for k in keys]
        if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return f"{keys[0]}-{keys[-1]}"
    return "/".join(keys)


# -- small shared pieces --------------------------------------------------------------------

def resource_text(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{tidy(k)} {resource_text(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return f"{len(value)} ({' '.join(map(str, value))})" if value else "none"
    return clean(value)


def stat_text(value: Any) -> str:
    if isinstance(value, (list, tuple)):  # tiered stats: "6/1" for [6, 1, 0, 0, 0, 0]
        shown = list(value)
        while len(shown) > 1 and shown[-1] == 0:
            shown.pop()
        return "/".join(map(str, shown))
    return clean(value)


def _numeric(resources: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in resources.items()
            if (isinstance(v, int) and not isinstance(v, bool)) or isinstance(v, list)}


def _variable_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return clean(value)


def _says_xp(text: str, amounts: set[int]) -> bool:
    found = re.match(r"\s*\+(\d+) XP\b", text)
    return bool(found) and int(found.group(1)) in amounts


def _die_rank(value: Any) -> int:
    text = str(value).lower().lstrip("dc")
    return int(text) if text.isdigit() else 0


def roll_luck(rolls: list[Mapping[str, Any]]) -> str:
    """How lucky the dice were, in words: successes against what the odds promised, if known."""
    if not rolls:
        return "no rolls"
    expected = [r.get("chance") for r in rolls if isinstance(r.get("chance"), (int, float))]
    successes = sum(1 for r in rolls if r.get("success"))
    if len(expected) == len(rolls):
        promised = sum(expected)
        delta = successes - promised
        got = count_words(successes, "success")
        if delta > 0.75:
            return f"lucky: {got} where the odds promised {promised:.1f}"
        if delta < -0.75:
            return f"unlucky: {got} where the odds promised {promised:.1f}"
        return f"about as the odds promised ({got}, {promised:.1f} expected)"
    return f"{successes} of {len(rolls)} rolls succeeded"


def _in_order(values: Mapping[str, Any], order: Iterable[str]) -> list[tuple[str, Any]]:
    """``values``' items with the keys ``order`` names first, in its order, then the rest."""
    rank = {key: n for n, key in enumerate(order)}
    return sorted(values.items(), key=lambda kv: rank.get(kv[0], len(rank)))
