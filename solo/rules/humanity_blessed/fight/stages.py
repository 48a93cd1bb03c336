"""The steps of one action in a Humanity, Blessed fight, from its roll to what it leaves.

The action under way is the state's ``now``: who acts, what they declared (``act``), their roll
(``record``, a contest left open until the defender answers) and the ``stage`` reached. Each call
of :func:`step` moves it one stage on, or stops to ask the player (the state's ``ask``; see
:mod:`.asks`). Stages:

* ``start``: does the action still make sense (its target not taken up nor gone)? If not, the
  actor adapts (``adapt``): a new action rolled afresh, or the moment passes.
* ``guard`` (attacks): a free ally with Blessèd Sentry may become the Defender instead.
* ``defence`` (attacks): how the defender answers (the player chooses, seeing the attack roll).
* ``close``: the other side rolls (the defender's answer, the one who would stop a runner);
  Uncommon Attack may replace the attacker's roll.
* ``react``: what may still change the numbers: an engine foe's Blessèd Distraction on a win,
  the player's Help, Blessed Luck or Distraction, the player's Help for an ally.
* ``blow`` (attacks): a blow about to land may be lessened (Fearless Resolve) or sent back
  (Blessèd Thorns).
* ``apply``: wounds, the fallen getting up or finished, muddling, running away.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from solo.rules.conflict import ALLY, Beat
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import defending, insurance, rolling
from solo.rules.humanity_blessed.fight import abilities as ab
from solo.rules.humanity_blessed.fight import policy
from solo.rules.humanity_blessed.fight.melee import set_aside, sized
from solo.rules.humanity_blessed.fight.uncommon import uncommon_attack, uncommon_eligible
from solo.rules.humanity_blessed.parsing import parse_check
from solo.rules.humanity_blessed.session import gain
from solo.rules.humanity_blessed.tables import size_for_margin
from solo.rules.reasons import reason

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.fight.melee import Melee


def step(m: "Melee", dice: Dice, beats: list[Beat]) -> None:
    now = m.state["now"]
    stage = now["stage"]
    do = now["act"]["do"]
    if stage == "start":
        if valid(m, now):
            now["stage"] = "guard" if do == "attack" else "close"
        else:
            adapt(m, dice, beats, now)
    elif stage == "guard":
        guard(m, beats, now)
    elif stage == "defence":
        defence(m, now)
    elif stage == "close":
        close(m, dice, beats, now)
    elif stage == "react":
        react(m, dice, beats, now)
    elif stage == "blow":
        blow(m, dice, now)
    elif stage == "apply":
        apply(m, dice, beats, now)
        m.finish_now()
    else:
        raise ValueError(f"unknown stage {stage!r}")


def valid(m: "Melee", now: dict[str, Any]) -> bool:
    """Whether the action can still go through as declared (the camera rule)."""
    act, actor = now["act"], now["actor"]
    target = act.get("target")
    if act["do"] in ("attack", "trick"):
        return target in m.attackable(actor) and m.free(target)
    if act["do"] == "tend":
        return target in m.friends(actor) and m.is_down(target)
    if act["do"] == "finish":
        return target in m.foes(actor) and m.is_down(target)
    return True


def record_of(now: dict[str, Any]) -> RollRecord:
    return RollRecord.from_dict(now["record"])


def adapt(m: "Melee", dice: Dice, beats: list[Beat], now: dict[str, Any]) -> None:
    actor = now["actor"]
    if now.get("record") and now["act"]["do"] in ("attack", "trick", "flee"):
        rolling.abandon(record_of(now), m.character(actor))
    now["record"] = None
    target = now["act"].get("target")
    if target:
        why = ("is down already" if m.is_down(target) else "is out of the fight" if m.is_out(target)
               else "is taken up already")
        beats.append(Beat(actor, f"{m.title(target)} {why}: {m.name(actor)} must think again."
                          if target != m.player else f"You are taken up already: {m.name(actor)} must think again."))
    if actor == m.player:
        m.state["ask"] = {"kind": "adapt"}
        now["stage"] = "adapting"
        return
    new = policy.adapt(m, dice, actor, now["act"])
    if new is None:
        beats.append(Beat(actor, f"{m.title(actor)} lets the moment pass."))
        m.finish_now()
        return
    start_fresh(m, dice, beats, now, new)


def start_fresh(m: "Melee", dice: Dice, beats: list[Beat], now: dict[str, Any], act: dict[str, Any]) -> None:
    """A changed action, rolled afresh (not a focus roll)."""
    actor = now["actor"]
    if act["do"] == "hold":
        beats.append(Beat(actor, f"{m.title(actor)} {m.verb(actor, 'hold', 'holds')} back."))
        m.finish_now()
        return
    record = m.roll_action(dice, actor, act, focal=False)
    now.update(act=act, record=record.to_dict(), stage="start")
    target = act.get("target")
    what = {"attack": "turns on", "trick": "turns to", "tend": "turns to tend", "finish": "turns to finish"}
    if target and act["do"] in what:
        verb = what[act["do"]].replace("turns", m.verb(actor, "turn", "turns"))
        beats.append(Beat(actor, f"{m.title(actor)} {verb} {m.name(target)} instead."))


def guard(m: "Melee", beats: list[Beat], now: dict[str, Any]) -> None:
    """Blessèd Sentry: someone free may take the defender's place before they roll."""
    actor, target = now["actor"], now["act"]["target"]
    now["stage"] = "defence"
    if m.by_key[target].side == ALLY and m.side_of(actor) != m.side_of(m.player) and m.free(m.player):
        if ab.readiness(m.character(m.player), ab.SENTRY, npc=False):
            m.state["ask"] = {"kind": "sentry"}
            return
    if target == m.player:
        return
    sentry = policy.sentry_for(m, target, actor)
    if sentry is not None:
        ab.use(m.character(sentry), ab.SENTRY)
        beats.append(Beat(sentry, f"{m.title(sentry)} steps in front of {m.name(target)} "
                                  f"(Blessèd Sentry) and takes the attack."))
        now["act"]["target"] = sentry


def defence(m: "Melee", now: dict[str, Any]) -> None:
    target = now["act"]["target"]
    if target == m.player:
        m.state["ask"] = {"kind": "defend"}
        now["stage"] = "defending"
        return
    now["defence"] = policy.defence(m, target)
    now["stage"] = "close"


def blocker(m: "Melee", runner: str) -> str | None:
    """The free foe best placed to stop a runner: the best Hurry (first in order on a tie)."""
    free = [k for k in m.attackable(runner) if m.free(k) and "hurry" in m.stats_of(k)]
    if not free:
        return None
    return max(free, key=lambda k: (policy.roll_mean(m, k, "hurry", "defender"), -m.order.index(k)))


def close(m: "Melee", dice: Dice, beats: list[Beat], now: dict[str, Any]) -> None:
    """The other side rolls; the action's roll is read."""
    act, actor = now["act"], now["actor"]
    do = act["do"]
    s = m.state
    if do in ("tend", "finish"):
        s["involved"].append(actor)
        record = record_of(now)
        beats.append(Beat(actor, check_text(m, now, record), record, check_label(m, now)))
        now["stage"] = "react"
        return
    if do == "flee":
        stopper = blocker(m, actor)
        if stopper is None:
            rolling.abandon(record_of(now), m.character(actor))
            s["involved"].append(actor)
            now.update(stage="apply", escaped=True)
            return
        act["target"] = stopper
        theirs = parse_check({"stat": "hurry"}, m.character(stopper), contest=True)
    elif do == "trick":
        target = act["target"]
        theirs = parse_check({"stat": act["stat"]}, m.character(target), contest=True)
    else:
        target = act["target"]
        if actor == m.player and not now.get("uncommon_asked") and uncommon_eligible(m, actor):
            now["uncommon_asked"] = True
            s["ask"] = {"kind": "uncommon"}
            return
        answer = now["defence"]
        params = {"stat": answer["stat"]}
        if answer.get("spark"):
            params["spark"] = answer["spark"]
        theirs = parse_check(params, m.character(target), contest=True)
    target = act["target"]
    record = record_of(now)
    if now.get("uncommon"):
        rolling.abandon(record, m.character(actor))
        with m.ignoring(target, (now.get("defence") or {}).get("ignore")):
            record = uncommon_attack(m, dice, actor, target, theirs)
    else:
        record = close_drawn(m, dice, now, record, theirs)
    s["involved"] += [actor, target]
    if do == "attack":
        s["attacked_by"][target] = actor
        s["targets"][actor] = target
    now["record"] = record.to_dict()
    now["defender"] = target
    beats.append(Beat(actor, contest_text(m, now, record), shown(m, now, record), contest_label(m, now)))
    now["stage"] = "react"


def close_drawn(m: "Melee", dice: Dice, now: dict[str, Any], record: RollRecord, theirs: Any) -> RollRecord:
    """The other side of an open contest rolled and the contest read: one random event for the
    analyzer (:mod:`.draws`), which knows the two fighters will be taken up."""
    from solo.rules.humanity_blessed.fight import draws

    act, actor, target = now["act"], now["actor"], now["act"]["target"]
    mine_off, theirs_off = act.get("ignore"), (now.get("defence") or {}).get("ignore")
    opened = record.to_dict()

    def run(d: Dice, attacker: Any, defender: Any) -> RollRecord:
        with set_aside(attacker, mine_off), set_aside(defender, theirs_off):
            return rolling.close_contest(d, RollRecord.from_dict(opened), attacker, defender, copy.deepcopy(theirs))

    return draws.roll(dice, m, "a contest closed", ("close", actor, target), run,
                      [m.character(actor), m.character(target)], opened, theirs.as_params(), mine_off, theirs_off)


def shown(m: "Melee", now: dict[str, Any], record: RollRecord) -> RollRecord:
    """The record as the player's events show it: a contest the player's side defends reads
    from the defender's side (``success``: they held), as a contest the npc starts does."""
    defender = now.get("defender")
    if record.kind != "contest" or defender is None or m.side_of(defender) != m.side_of(m.player):
        return record
    turned = defending.turn_round(RollRecord.from_dict(record.to_dict()))
    rolling.read_contest(turned)
    return turned


def contest_label(m: "Melee", now: dict[str, Any]) -> str:
    act, actor = now["act"], now["actor"]
    target = act.get("target")
    a, d = m.by_key[actor].name, m.by_key[target].name
    if act["do"] == "flee":
        return f"{a} runs; {d} tries to stop them"
    if act["do"] == "trick":
        return f"{a} tries to wrong-foot {d} ({act['stat'].title()})"
    return f"{a} attacks {d}"


def contest_text(m: "Melee", now: dict[str, Any], record: RollRecord) -> str:
    act, actor = now["act"], now["actor"]
    target = act["target"]
    mine, theirs = int(record.total or 0), int(record.details.get("opponent_total", 0))
    if record.details.get("uncommon"):
        how = "Uncommon Attack"
        if record.success:
            return f"{how}: {m.name(target)} {m.verb(target, 'roll', 'rolls')} {theirs}, within your History."
        return f"{how}: {m.name(target)} {m.verb(target, 'roll', 'rolls')} {theirs}, beyond your History."
    if act["do"] == "flee":
        head = f"{m.title(actor)} {m.verb(actor, 'run', 'runs')}; {m.name(target)} {m.verb(target, 'try', 'tries')} to stop "
        head += "you" if actor == m.player else "them"
        return f"{head}: {mine} against {theirs}."
    verb = "attack" if act["do"] == "attack" else "try to wrong-foot"
    stat = str(record.details.get("opponent_stat", "")).title()
    return (f"{m.title(actor)} {m.verb(actor, verb, VERB_S[verb])} {m.name(target)}: {mine} against "
            f"{m.possessive(target)} {stat} {theirs}.")


VERB_S = {"attack": "attacks", "try to wrong-foot": "tries to wrong-foot"}


def check_label(m: "Melee", now: dict[str, Any]) -> str:
    act, actor = now["act"], now["actor"]
    name, target = m.by_key[actor].name, m.by_key[act["target"]].name
    return f"{name} tends {target}" if act["do"] == "tend" else f"{name}: coup de grace on {target}"


def check_text(m: "Melee", now: dict[str, Any], record: RollRecord) -> str:
    act, actor = now["act"], now["actor"]
    target = act["target"]
    need = record.details.get("target")
    if act["do"] == "tend":
        return f"{m.title(actor)} {m.verb(actor, 'tend', 'tends')} {m.name(target)}: Home {record.total} against {need}."
    return (f"{m.title(actor)} {m.verb(actor, 'stand', 'stands')} over {m.name(target)}: Hurt "
            f"{record.total} against {need}.")


def winner_margin(record: RollRecord) -> int:
    return int(record.details.get("margin", 0))


def distract(m: "Melee", record: RollRecord, by: str, beats: list[Beat]) -> RollRecord:
    """Blessèd Distraction: the winning roll (the acting side's) loses 3."""
    line = ab.use(m.character(by), ab.DISTRACTION)
    new = RollRecord.from_dict(record.to_dict())
    new.total = int(new.total or 0) - ab.DISTRACTION_PENALTY
    new.details["distraction"] = {"by": m.by_key[by].name, "value": -ab.DISTRACTION_PENALTY}
    new.steps.append(reason("distraction", by=m.by_key[by].name, value=ab.DISTRACTION_PENALTY))
    if new.kind == "check":
        rolling.read_check(new)
    else:
        rolling.read_contest(new)
    item = m.character(by).items[0] if m.character(by).items else "something"
    name = m.setup.item_names.get(item, item)
    text = f"{m.title(by)} {m.verb(by, 'distract', 'distracts')} them with {name} (Blessèd Distraction)"
    beats.append(Beat(by, text + (f", {line}" if line else "") + f": {new.total} now."))
    return new


def react(m: "Melee", dice: Dice, beats: list[Beat], now: dict[str, Any]) -> None:
    from solo.rules.humanity_blessed.fight import asks

    actor = now["actor"]
    target = now.get("defender") or now["act"].get("target")
    record = record_of(now)
    if not now.get("npc_distraction"):
        now["npc_distraction"] = True
        if record.success and not record.details.get("automatic"):
            by = policy.distraction_from(m, actor, winner_margin(record), check=record.kind == "check")
            if by is not None:
                record = distract(m, record, by, beats)
                now["record"] = record.to_dict()
    me = m.player
    if me in (actor, target) and not now.get("player_done"):
        if asks.react_options(m, now):
            m.state["ask"] = {"kind": "react"}
            return
        now["player_done"] = True
    if not now.get("assist_done"):
        now["assist_done"] = True
        if me not in (actor, target) and asks.assist_options(m, now):
            m.state["ask"] = {"kind": "assist"}
            return
    now["stage"] = "blow" if now["act"]["do"] == "attack" else "apply"


def blow(m: "Melee", dice: Dice, now: dict[str, Any]) -> None:
    """A blow about to land: Fearless Resolve and Blessèd Thorns."""
    record = record_of(now)
    now["stage"] = "apply"
    if not record.success or not record.details.get("size"):
        return
    target = now["defender"]
    character = m.character(target)
    if target == m.player:
        from solo.rules.humanity_blessed.fight import asks

        if asks.brace_options(m, now):
            m.state["ask"] = {"kind": "brace"}
            now["stage"] = "bracing"
        return
    if ab.fearless_ready(character) and policy.uses_fearless(record.details["size"]):
        now["fearless"] = True
    if m.close and ab.readiness(character, ab.THORNS, npc=True) == "ready":
        now["thorns"] = True


def apply(m: "Melee", dice: Dice, beats: list[Beat], now: dict[str, Any]) -> None:
    act, actor = now["act"], now["actor"]
    do = act["do"]
    target = act.get("target")
    if do == "flee":
        if now.get("escaped") or record_of(now).success:
            m.state["out"][actor] = "fled"
            tail = "" if now.get("escaped") else " past " + m.name(target)
            beats.append(Beat(actor, f"{m.title(actor)} {m.verb(actor, 'get', 'gets')} away{tail}."))
        else:
            beats.append(Beat(actor, f"{m.title(target)} {m.verb(target, 'cut', 'cuts')} "
                                     f"{m.name(actor)} off."))
        keep(m, dice, now, beats)
        return
    record = record_of(now)
    if do == "tend":
        if not record.success and insurance.fight_insures(m.character(target)):
            beats.append(Beat(target, f"Blessèd Insurance: {m.name(actor)}'s failed tending of "
                                      f"{m.name(target)} is turned into a success."))
            m.raise_up(target, beats, actor)
        elif record.success:
            m.raise_up(target, beats, actor)
        else:
            beats.append(Beat(actor, f"{m.title(target)} {m.verb(target, 'stay', 'stays')} down."))
    elif do == "finish":
        if record.success:
            m.take_out(target, beats, by=actor)
        else:
            beats.append(Beat(actor, f"{m.title(actor)} {m.verb(actor, 'fail', 'fails')} to finish "
                                     f"{m.name(target)}."))
    elif do == "trick":
        if record.success:
            m.muddle(target, beats, actor)
        else:
            whose = "your" if target == m.player else "their"
            beats.append(Beat(target, f"{m.title(target)} {m.verb(target, 'keep', 'keeps')} {whose} footing."))
    else:
        attack_lands(m, dice, beats, now, record)
    keep(m, dice, now, beats)


def attack_lands(m: "Melee", dice: Dice, beats: list[Beat], now: dict[str, Any], record: RollRecord) -> None:
    act, actor = now["act"], now["actor"]
    target = now["defender"]
    stat = str(record.details.get("opponent_stat") or "hurry")
    if record.success and record.details.get("size"):
        size = record.details["size"]
        if now.get("fearless"):
            size = sized(size, -1)
            character = m.character(target)
            ab.mark_fearless(character)
            if target == m.player:
                lines = gain(dice, character, "blessings", 1) or []
            else:
                lines = [f"{ability} is ready again" for ability in ab.npc_recharge(dice, character)]
            more = f"; {'; '.join(lines)}" if lines else ""
            beats.append(Beat(target, f"Fearless Resolve: {m.name(target)} {m.verb(target, 'take', 'takes')} "
                                      f"it one size smaller and {m.verb(target, 'gain', 'gains')} a Blessing{more}."))
        if size is None:
            beats.append(Beat(target, f"{m.title(target)} {m.verb(target, 'shrug', 'shrugs')} it off."))
        else:
            m.land(target, stat, size, actor, int(record.total or 0), beats)
        if now.get("thorns"):
            line = ab.use(m.character(target), ab.THORNS)
            lesser = sized(size, -1)
            where = f"{stat.title()}"
            if lesser is None:
                beats.append(Beat(target, f"Blessèd Thorns: the blow was too slight to send anything back."))
            else:
                beats.append(Beat(target, f"Blessèd Thorns{' (' + line + ')' if line else ''}: "
                                          f"{m.name(actor)} {m.verb(actor, 'take', 'takes')} a lesser hurt in {where}."))
                if m.standing(actor):
                    m.land(actor, stat, lesser, target, int(record.details.get("opponent_total", 0)), beats)
        return
    other = int(record.details.get("opponent_total", 0)) - int(record.total or 0)
    if act.get("anger") and other > 0:
        size = size_for_margin(other)
        beats.append(Beat(actor, f"Blessèd Anger turns on {m.name(actor)}: the lost attack hurts as "
                                 f"though {m.verb(actor, 'you were', 'they were')} attacked."))
        m.land(actor, str(act.get("stat") or "hand"), size, target, int(record.details.get("opponent_total", 0)), beats)
        return
    beats.append(Beat(target, f"{m.title(target)} {m.verb(target, 'hold', 'holds')}."))


def keep(m: "Melee", dice: Dice, now: dict[str, Any], beats: list[Beat]) -> None:
    """The player's roll stands: blessing dice it earned join the pool."""
    if not now.get("record") or now.get("escaped"):
        return
    record = record_of(now)
    if record.details.get("automatic"):
        return
    me = m.player
    if now["actor"] == me:
        m.keep_player_roll(dice, record, beats, defending=False)
    elif now.get("defender") == me:
        m.keep_player_roll(dice, record, beats, defending=True)
