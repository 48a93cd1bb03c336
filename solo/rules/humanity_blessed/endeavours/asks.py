"""The player's questions in an endeavour, with the exact odds of each answer, and the answers.

The pending question is the state's ``ask`` (``{"kind": ..., context}``); :func:`decision` lists
what the player may answer, :func:`answer` carries one out on the :class:`~.line.Line` (the
round then goes on by itself). Kinds:

* ``declare``: the round's action: ``check:<stat>``, ``spark`` (then ``spark:<a>+<b>``),
  ``again:<stat>`` or ``again:<a>+<b>`` (Blessèd Pragmatism: last round's check, its dice),
  ``epic:story``, ``epic:joke``, ``epic:fortitude`` (:mod:`.epic`: then the action is asked again),
  ``contest:<who>`` (then ``contest:<who>:<stat>``), ``sit``; sub-lists offer ``back``;
* ``side``: a new side action when the player sat out or their contest cannot go through: the
  same keys as ``declare`` and ``pass``;
* ``help``: ``help:0`` (none) or ``help:<n>`` blessing dice (one to four, or all), ``help:-<n>``
  taking one or two off in a stealth endeavour, on the focus roll (``on: top``), a defence
  (``defence``) or the roll of the step under way (``task``);
* ``stat``: the stat for a check the situation calls for: ``stat:<stat>``;
* ``glimmer``: ``glimmer:<id>`` (the last roll already reaches it), ``glimmer:<id>:<stat>``,
  ``leave``;
* ``stamina``: ``drive:<monstrosity>`` or ``keep``;
* ``knack``: ``knack:none``, ``knack:agility`` or ``knack:swap:<a>:<b>`` (:mod:`.focal_knacks`);
* ``scan``: ``scan:none`` or ``scan:<glimmer type>`` (:mod:`.quick_scan`).

Odds are the ruleset's own (:meth:`check_odds`, :meth:`contest_odds`), so each equals ``solo
odds`` for the same roll; Help odds add the exact distribution of the Help die.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from solo.rules.conflict import Action, ConflictError, Decision, percent
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed.blessings import choose_pair
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.endeavours import buttons as btn
from solo.rules.humanity_blessed.endeavours import double_trouble, epic, focal_knacks, monstrous, quick_scan, rolls
from solo.rules.humanity_blessed.endeavours.line import Line

BACK = Action("back", "Back")
CHECK_WORDS = {"capture": "slip out of its grasp", "made": "stay hidden", "back": "break free",
               "endurance": "keep going", "glimmer": "take it"}


def decision(line: Line) -> Decision:
    ask = line.state.get("ask")
    if not ask:
        raise ConflictError("the endeavour is not waiting for the player")
    kind = ask["kind"]
    if kind in ("declare", "side"):
        return _declare(line, side=kind == "side")
    if kind == "spark":
        return _sparks(line)
    if kind == "contest":
        return _contest_stats(line, str(ask["target"]))
    if kind == "help":
        return _help(line, str(ask["on"]))
    if kind == "stat":
        return _stat(line, ask)
    if kind == "glimmer":
        return _glimmer(line, ask)
    if kind == "stamina":
        return _stamina(line, ask)
    if kind == "knack":
        return focal_knacks.decision(line)
    if kind == "scan":
        return quick_scan.decision(line)
    raise ConflictError(f"unknown question {kind!r}")


# -- the round's action ------------------------------------------------------------------------


def _check_action(line: Line, stat: str, side: bool, spark: str | None = None) -> Action:
    how = line.check_how(line.player, stat, line.s.target, spark, focal=not side)
    odds, hint = None, ""
    if not line.setup.quiet:  # a quiet game reads no odds: the same action without them
        me = line.character(line.player)
        odds = rolls.check_chance(line.ruleset, me, how)
        hint = f"{percent(odds)} success"
        if not side:
            hint += f", {percent(line.focus_chance(line.player, how, contest=False))} focus"
    text = f"{line.stat_text(line.player, stat)}"
    if spark:
        text = f"Spark {text} with {line.stat_text(line.player, spark)}"
    else:
        text = f"Try {text} (target {line.s.target})"
    key = f"spark:{stat}+{spark}" if spark else f"check:{stat}"
    return Action(key, text, odds, hint)


def spark_pairs(line: Line) -> list[tuple[str, str]]:
    """Balanced pairs of the stats the player may roll, when the pool can pay for a spark."""
    me = line.character(line.player)
    cond = Conditions.of(me)
    if cond.has("taxed") or cond.has("surprise"):
        return []
    if choose_pair(list(me.resources.get("blessings", []) or []), cond.has("cursed")) is None:
        return []
    stats = line.stats_for(line.player)
    return [(a, b) for i, a in enumerate(stats) for b in stats[i + 1:]
            if rolls.die_of(me, a) == rolls.die_of(me, b)]


def contest_targets(line: Line, side: bool) -> list[str]:
    if not line.s.contests:
        return []
    me = line.character(line.player)
    stats = line.stats_for(line.player)
    found = []
    for key in line.foes(line.player):
        if side and key in line.state["involved"]:
            continue
        if any(s in line.character(key).stats for s in stats if s in me.stats):
            found.append(key)
    return found


def _declare(line: Line, side: bool) -> Decision:
    actions = [_check_action(line, stat, side) for stat in line.stats_for(line.player)]
    again = None if side else focal_knacks.again_action(line)
    if again is not None:
        actions.append(again)
    if not side:
        actions += epic.actions(line) + double_trouble.actions(line)
    if spark_pairs(line):
        actions.append(Action("spark", "Spark two balanced stats as one roll (two blessing dice)…"))
    for key in contest_targets(line, side):
        actions.append(Action(f"contest:{key}", f"Contest {line.name(key)} (at {line.pos(key)}): "
                                                f"they lose their own action…"))
    if side:
        actions.append(Action("pass", "Let the moment pass"))
        prompt = "Your side action: what now?"
        if line.state["ask"].get("blocked"):
            prompt = "Your contest cannot go through. What now?"
    else:
        on_alarm = line.s.kind == "stealth" and btn.at_space(line.state["buttons"], "alarm", line.pos(line.player))
        actions.append(Action("sit", "Sit out the focus roll (act first in the side actions)",
                              enabled=line.s.sit_out,
                              reason="this endeavour allows no sitting out",
                              hint="you stand on an alarm: sitting out gets you made" if on_alarm else ""))
        prompt = f"Round {line.state['round']}: what do you try?"
    return Decision(prompt, tuple(actions))


def _sparks(line: Line) -> Decision:
    side = bool(line.state["ask"].get("side"))
    actions = [_check_action(line, a, side, spark=b) for a, b in spark_pairs(line)]
    return Decision("Spark with which stats?", tuple(actions) + (BACK,))


def _contest_stats(line: Line, target: str) -> Decision:
    me, other = line.character(line.player), line.character(target)
    side = bool(line.state["ask"].get("side"))
    actions = []
    for stat in line.stats_for(line.player):
        if stat not in other.stats:
            continue
        how = line.contest_how(line.player, target, stat, focal=not side)
        # an immune defender never loses a contest of that stat
        odds = Fraction(0) if monstrous.immune(line, target, stat) else rolls.contest_chance(line.ruleset, me, other, how)
        hint = f"{percent(odds)} win ({rolls.die_of(me, stat)} vs {rolls.die_of(other, stat)})"
        if not side:
            hint += f", {percent(line.focus_chance(line.player, how, contest=True))} focus"
        actions.append(Action(f"contest:{target}:{stat}", f"Contest {line.name(target)} with "
                                                          f"{line.stat_text(line.player, stat)}", odds, hint))
    return Decision(f"Contest {line.name(target)} with which stat?", tuple(actions) + (BACK,))


# -- Help ------------------------------------------------------------------------------------


def _help_record(line: Line, on: str) -> RollRecord:
    if on == "top":
        return RollRecord.from_dict(line.state["rolls"][line.player]["record"])
    return RollRecord.from_dict(line.state["queue"][0]["record"])


def _help(line: Line, on: str) -> Decision:
    me = line.character(line.player)
    record = _help_record(line, on)
    usable = rolls.usable_dice(me)
    signs = (1, -1) if line.s.kind == "stealth" else (1,)
    pool = " ".join(map(str, sorted(me.resources.get("blessings", []) or [])))
    actions = [Action("help:0", "No Help: let the roll stand")]
    for sign in signs:
        for n in help_counts(usable, sign):
            # a quiet game reads no odds: the same action without them
            odds, hint = (None, "") if line.setup.quiet else _help_odds(line, on, record, n, sign)
            noun = "die" if n == 1 else "dice"
            what = rolls.help_text(n)
            text = (f"Help with {n} blessing {noun}, taken off: -{what[1:]}" if sign < 0
                    else f"Help with {n} blessing {noun}: {what}")
            actions.append(Action(f"help:{'-' if sign < 0 else ''}{n}", text, odds, hint))
    if on == "top":
        value = line.state["rolls"][line.player]["value"]
        others = [f"{line.name(k)} {r['value']}" for k, r in line.state["rolls"].items() if k != line.player]
        prompt = f"Your roll: {value}" + (f" (against {', '.join(others)})" if others else "")
        if line.s.kind == "stealth" and _on_alarm(line, value):
            prompt += f", which would carry you onto the alarm at {min(line.s.length, line.pos(line.player) + value)}"
    elif on == "defence":
        prompt = (f"{record.details.get('opponent_total')} against their {record.total}: "
                  "you are losing this contest")
    else:
        prompt = f"Your roll: {record.total}" + (f" against {record.details.get('opponent_total')}"
                                                  if record.kind == "contest" else
                                                  f" (target {record.details.get('target')})")
    return Decision(f"{prompt}. Help it? (pool: {pool or 'empty'})", tuple(actions))


def _on_alarm(line: Line, value: int) -> bool:
    """Whether a focus roll of ``value`` would carry the player onto an alarm button."""
    landing = min(line.s.length, line.pos(line.player) + max(0, value))
    return bool(btn.at_space(line.state["buttons"], "alarm", landing))


def help_counts(usable: int, sign: int) -> list[int]:
    """How many dice the Help options offer: one to four, and all of them when there are more
    (the book allows up to ten; past dc4 each die adds little); one or two to take off."""
    if sign < 0:
        return list(range(1, min(usable, 2) + 1))
    counts = list(range(1, min(usable, 4) + 1))
    return counts + [usable] if usable > 4 else counts


def _help_odds(line: Line, on: str, record: RollRecord, n: int, sign: int) -> tuple[Fraction | None, str]:
    """The exact chance the roll does what it is for once Helped, and a hint saying what."""
    pmf = rolls.help_pmf(n)
    shifted = {sign * v: p for v, p in pmf.items()}

    def at_least(need: int) -> Fraction:
        return sum((p for v, p in shifted.items() if v >= need), Fraction(0)) if sign < 0 else \
            rolls.chance_at_least(pmf, need)

    if on == "defence":
        odds = at_least(int(record.total or 0) - int(record.details["opponent_total"]))
        return odds, f"{percent(odds)} hold"
    if on == "top":
        value = line.state["rolls"][line.player]["value"]
        others = [r["value"] for k, r in line.state["rolls"].items() if k != line.player]
        hint = ""
        if others:
            focus = at_least(max(others) + 1 - value)
            hint = f"{percent(focus)} focus"
        if line.s.kind == "stealth":
            clear = sum((p for x, p in shifted.items() if not _on_alarm(line, value + x)), Fraction(0))
            hint = ", ".join(h for h in (hint, f"{percent(clear)} clear of alarms") if h)
        if record.kind == "check":
            odds = at_least(int(record.details.get("target") or 0) - int(record.total or 0))
            return odds, f"{percent(odds)} success" + (f", {hint}" if hint else "")
        return None, hint
    if record.kind == "contest":
        odds = at_least(int(record.details["opponent_total"]) + 1 - int(record.total or 0))
        return odds, f"{percent(odds)} win"
    odds = at_least(int(record.details.get("target") or 0) - int(record.total or 0))
    return odds, f"{percent(odds)} success"


# -- checks the situation calls for ----------------------------------------------------------


def _stat(line: Line, ask: dict[str, Any]) -> Decision:
    me = line.character(line.player)
    target = int(ask["target"])
    actions = []
    for stat in ask["stats"]:
        odds = rolls.check_chance(line.ruleset, me, line.check_how(line.player, stat, target))
        actions.append(Action(f"stat:{stat}", f"{line.stat_text(line.player, stat)} (target {target})",
                              odds, f"{percent(odds)} to {CHECK_WORDS.get(ask['check'], 'succeed')}"))
    prompts = {"capture": f"You are seized! A check against {target} to slip away.",
               "made": f"You are made! A check against {target} to stay hidden.",
               "back": f"You are held captive. A check against {target} to break free.",
               "endurance": f"You have spent {target} blessing dice: a check against {target} to keep going."}
    return Decision(prompts.get(ask["check"], f"A check against {target}."), tuple(actions))


def _glimmer(line: Line, ask: dict[str, Any]) -> Decision:
    me = line.character(line.player)
    last = int(line.state["last"].get(line.player, 0))
    actions = []
    for glimmer in (b for b in line.state["buttons"] if b["id"] in ask["ids"]):
        what = f"the {glimmer.get('type', 'discovery')} at {glimmer['at']}"
        if last >= glimmer["at"]:
            actions.append(Action(f"glimmer:{glimmer['id']}", f"Take {what} (your roll of {last} reaches it)",
                                  Fraction(1), "100%: your last roll already meets its target"))
            continue
        for stat in line.stats_for(line.player):
            odds = rolls.check_chance(line.ruleset, me, line.check_how(line.player, stat, glimmer["at"]))
            actions.append(Action(f"glimmer:{glimmer['id']}:{stat}",
                                  f"Reach for {what} with {line.stat_text(line.player, stat)}",
                                  odds, f"{percent(odds)} to take it"))
    actions.append(Action("leave", "Leave it"))
    return Decision("You pass something worth a look. Try for it (one a round)?", tuple(actions))


def _stamina(line: Line, ask: dict[str, Any]) -> Decision:
    total = sum(line.pos(k) for k in line.actors() if line.ours(k))
    actions = [Action(f"drive:{m}", f"Drive {line.name(m)} off: your side gives back {line.stamina(m)} spaces")
               for m in ask["monsters"] if line.active(m)]
    actions.append(Action("keep", "Not now: keep your ground"))
    return Decision(f"Your side stands {total} spaces along in all. Drive a monstrosity off?", tuple(actions))


# -- answers ---------------------------------------------------------------------------------


def answer(line: Line, dice: Dice, key: str, asked: Decision | None = None, on_offer: bool = False) -> None:
    """Carry out the player's answer ``key`` to the pending question (checked against what is
    on offer: anything else is a :class:`ConflictError`). ``asked`` is the decision as it was
    offered for this very endeavour and state, when the caller kept it; ``on_offer``: the caller
    took ``key`` from that decision's enabled actions (not checked again)."""
    if not on_offer:
        offered = {a.key for a in (asked or decision(line)).actions if a.enabled}
        if key not in offered:
            raise ConflictError(f"no action {key!r} now (on offer: {', '.join(sorted(offered))})")
    st = line.state
    ask = st["ask"]
    kind = ask["kind"]
    task = st["queue"][0] if st["queue"] else {}
    st["ask"] = None
    if key == "back":
        st["ask"] = {"kind": "side" if ask.get("side") else "declare", **({"blocked": ask.get("blocked")}
                                                                          if ask.get("side") else {})}
        return
    if kind in ("declare", "side", "spark", "contest"):
        side = kind == "side" or bool(ask.get("side"))
        if key.startswith("epic:"):
            epic.answer(line, dice, key)
            return
        if key.startswith(double_trouble.PREFIX):
            double_trouble.answer(line, dice, key)
            return
        if key == "spark":
            st["ask"] = {"kind": "spark", "side": side, "blocked": ask.get("blocked")}
            return
        if key.startswith("contest:") and key.count(":") == 1:
            st["ask"] = {"kind": "contest", "target": key.split(":", 1)[1], "side": side,
                         "blocked": ask.get("blocked")}
            return
        intent = _intent(key)
        if side:
            task["intent"] = intent
        else:
            st["intent"][line.player] = intent
        return
    if kind == "help":
        n = int(key.split(":", 1)[1])
        if n:
            sign = -1 if n < 0 else 1
            if ask["on"] == "top":
                line.help_top(dice, line.player, abs(n), sign)
            else:
                record = RollRecord.from_dict(task["record"])
                task["record"] = line.help(dice, line.player, record, abs(n), defending=ask["on"] == "defence",
                                           sign=sign).to_dict()
        if ask["on"] == "defence":
            task["answered"] = True
        return
    if kind == "stat":
        task["stat"] = key.split(":", 1)[1]
        return
    if kind == "glimmer":
        if key == "leave":
            task["pick"] = None
            return
        parts = key.split(":")
        task["pick"] = parts[1]
        if len(parts) > 2:
            task["stat"] = parts[2]
        return
    if kind == "knack":
        focal_knacks.answer(line, key)
        return
    if kind == "scan":
        quick_scan.answer(line, key)
        return
    if kind == "stamina":
        if key == "keep":
            task["kept"] = True
        else:
            line.drive_off(key.split(":", 1)[1])
        return


def _intent(key: str) -> dict[str, Any]:
    if key == "sit":
        return {"do": "sit"}
    if key == "pass":
        return {"do": "pass"}
    if key.startswith("check:"):
        return {"do": "check", "stat": key.split(":", 1)[1]}
    if key.startswith("spark:"):
        a, _, b = key.split(":", 1)[1].partition("+")
        return {"do": "check", "stat": a, "spark": b}
    if key.startswith("again:"):
        a, _, b = key.split(":", 1)[1].partition("+")
        return {"do": "check", "stat": a, **({"spark": b} if b else {}), "again": True}
    _, target, stat = key.split(":", 2)
    return {"do": "contest", "target": target, "stat": stat}
