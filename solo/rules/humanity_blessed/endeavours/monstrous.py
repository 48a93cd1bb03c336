"""The GM guide's Monstrous Abilities beyond Capture: how a file names them, and what each does.

A monstrosity's npc lists them in ``extra.monstrous`` as the guide names them, with the stat or
number the ability takes: ``[Revenge, Resistance vs Hurt, Debilitate Hurry, Unrelenting]``.
Every monstrosity has Capture (:mod:`.line`); the others, each as the guide gives it:

* **Resistance vs X**: defending a contest rolled with X that it would lose, +dc2 in aid.
* **Immunity vs X**: defending a contest rolled with X that it would lose, it wins by 1 instead.
* **Revenge**: when muddled, at once a contest as attacker against whoever muddled it.
* **Flatten** (recharge 3): winning a Hand contest pushes the loser back as far as it moved.
* **Debilitate X** (recharge 2): an X contest; the loser's X rolls take -1 for as many rounds as
  the monstrosity moved.
* **Shield vs X** (2), **Mirror vs X** (6), **Fervor** (6): a successful Home (Heart for Fervor)
  check gives it and its allies Resistance vs X, Immunity vs X or Revenge for as many rounds as
  it moved, at most 3.
* **Clarity** (recharge 3): a successful Home check moves its allies' muddle buttons forward as
  far as it moved.
* **Inspire** (recharge 4): a successful Hurry check adds the lower of 3 and the spaces moved to
  an ally's focus roll next round.
* **Empower** (recharge 3): a successful Home check raises its and its allies' die caps by 1
  for as many rounds as it moved, at most 3 (one Empower at a time on anyone).
* **Propel** (recharge 2): after the focus rolls, it trades its roll with an ally's lower one.
* **Unrelenting**: at each round's end it moves forward once per time it has been muddled.
* **Merciless**: at each round's end it gains a blessing die per time it has been muddled.
* **Curse** (recharge 3): a Head contest; the loser is hexed for as many rounds as it moved: the
  first of their rolls that succeeds (a check, a won contest, a defence that holds) is rolled
  again and the new roll stands, and the curse ends.
* **Spark Rush X** (recharge X): a successful check; for as many rounds as it moved, at most 3,
  its checks are sparks of two dcX dice.

An ability with a recharge is spent when used; the monstrosity pays a blessing die worth the
recharge or more (the smallest that will do) at the start of a later round to ready it.

**Decisions** (the guide leaves these open):

* X is a stat (Head, Hand... or any stat the endeavour uses).
* "For N rounds" counts the rounds after the one the ability was used in: it lasts to the end
  of round (this round + N).
* "Allies" are the other monstrosities of the endeavour (Clarity and Inspire do nothing for a
  monstrosity alone); "you and your allies" includes the monstrosity itself.
* Flatten answers a Hand contest won as attacker or as defender.
* A Revenge contest takes nobody's action away: both sides still act this round as they would
  have (the guide: "even if you or the Defender have already acted").
* A monstrosity with Debilitate or Flatten charged (and contests allowed) contests the opponent
  furthest along that is ahead of it, with X (Hand); otherwise, with charged check abilities,
  it rolls their stats in turn, round by round (in the order its abilities are listed).
* Empower raises a die cap to at most dc10 (the guide's strongest); a standard die dN counts as
  a cap of N (a d6 becomes dc7).
* Propel is used when an ally who rolled lower stands no further along than the monstrosity
  (the one further back, the first listed among equals): the trade decides the focus and the
  order of side actions; each action still succeeds or fails by its own roll.
* Curse: the guide's "Cursed by you" is not the Cursed condition of the book's Other Conditions
  (blessing dice worth less); the engine writes it as the condition ``hexed`` while it lasts. The
  monstrosity always takes the reroll the first time it can only help it: a check that succeeds
  (before aid), a contest the hexed one would win, a defence that would hold, exactly as an
  opponent uses a Vulnerability, so the odds offered carry it. It lasts to the end of round (this
  round + N) and also ends with the endeavour.
* Spark Rush X: X is a die cap, 1 to 10 (the guide's dice). Any successful check of a monstrosity
  with it charged starts the rush (a monstrosity with it charged makes a check to do so). While
  it rushes it makes checks, each a spark of 2dcX rolled at no blessing-die cost (the recharge Ⓧ
  is what the rush costs), and defends with its own die (an endeavour's sparks are for checks).
  A rush roll is of no stat: it triggers no Home, Heart or Hurry ability and takes no Debilitate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solo.rules.base import Character
from solo.rules.conflict import SetupProblem
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.blessings import gain_blessings
from solo.rules.humanity_blessed.tables import norm
from solo.rules.reasons import reason

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.endeavours.line import Line

#: Each ability the engine plays: (takes a stat, recharge cost or 0).
PLAYED: dict[str, tuple[bool, int]] = {
    "resistance": (True, 0), "immunity": (True, 0), "revenge": (False, 0), "flatten": (False, 3),
    "debilitate": (True, 2), "shield": (True, 2), "mirror": (True, 6), "fervor": (False, 6),
    "clarity": (False, 3), "inspire": (False, 4), "unrelenting": (False, 0), "merciless": (False, 0),
    "capture": (False, 0), "empower": (False, 3), "propel": (False, 2), "curse": (False, 3),
    "spark rush": (False, 0),
}
#: Abilities that take a number X (a die cap, 1 to 10) rather than a stat; X is their recharge.
NUMBERED = ("spark rush",)
#: The condition a Curse leaves on its loser while it lasts (not the book's Cursed condition).
HEXED = "hexed"
#: The check abilities: the stat of the check that triggers each.
CHECK_STAT = {"shield": "home", "mirror": "home", "clarity": "home", "fervor": "heart", "inspire": "hurry",
              "empower": "home"}
#: The strongest die cap a monstrosity has (the guide's dc10): Empower raises no die past it.
TOP_CAP = 10
#: What a team ability grants for a while.
GRANTS = {"shield": "resistance", "mirror": "immunity", "fervor": "revenge"}
MOST_ROUNDS = 3

def parse(text: Any) -> tuple[str, str | None]:
    """``"Resistance vs. Hurt"`` -> ``("resistance", "hurt")``; ``"Revenge"`` -> ``("revenge", None)``.
    Raises ValueError for what is not an ability the guide lists."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"a monstrous ability is a name such as Revenge or Resistance vs Hurt (got {text!r})")
    words = text.replace(".", " ").split()
    lowered = [w.lower() for w in words]
    if lowered[:2] == ["spark", "rush"]:
        name, rest = "spark rush", lowered[2:]
    else:
        name, rest = lowered[0], lowered[1:]
    if rest[:1] == ["vs"]:
        rest = rest[1:]
    if name not in PLAYED:
        raise ValueError(f"{text.strip()} is not a monstrous ability of the book "
                         f"(the engine plays {', '.join(sorted(k.title() for k in PLAYED))})")
    takes, _ = PLAYED[name]
    if name in NUMBERED:
        if len(rest) != 1 or not rest[0].isdigit() or not 1 <= int(rest[0]) <= TOP_CAP:
            raise ValueError(f"{text.strip()}: Spark Rush names a die cap from 1 to {TOP_CAP}, "
                             "e.g. Spark Rush 6 (it sparks with 2dc6)")
        return name, str(int(rest[0]))
    if takes and len(rest) != 1:
        raise ValueError(f"{text.strip()}: {name.title()} names one stat, e.g. {name.title()} vs Hurt")
    if not takes and rest:
        raise ValueError(f"{text.strip()}: {name.title()} takes nothing after its name")
    return name, norm(rest[0]) if takes else None


def listed(character: Character) -> dict[str, str | None]:
    """The monstrosity's abilities as ``{name: stat or None}`` (what cannot be read is left out:
    ``solo validate`` reports it)."""
    found: dict[str, str | None] = {}
    raw = character.extra.get("monstrous")
    for text in raw if isinstance(raw, list) else []:
        try:
            name, stat = parse(text)
        except ValueError:
            continue
        found[name] = stat
    return found


def problems(character: Character, path: tuple[Any, ...], stats: set[str]) -> list[SetupProblem]:
    """What ``solo validate`` says about a monstrosity's ``extra.monstrous``."""
    raw = character.extra.get("monstrous")
    if raw is None:
        return []
    if not isinstance(raw, list):
        return [SetupProblem(path, f"{character.name}'s extra.monstrous is a list of abilities, e.g. "
                                   f"[Revenge, Resistance vs Hurt] (got {raw!r})")]
    found = []
    for text in raw:
        try:
            name, stat = parse(text)
        except ValueError as exc:
            found.append(SetupProblem(path, f"{character.name}: {exc}"))
            continue
        if stat is not None and name not in NUMBERED and stat not in stats:
            found.append(SetupProblem(path, f"{character.name}: {text.strip()} names no stat of this endeavour"))
    return found


# -- the state ---------------------------------------------------------------------------------


def _powers(line: "Line") -> dict[str, Any]:
    return line.state.setdefault("powers", {"spent": {}, "grants": [], "debilitated": [], "inspired": {}})


def has(line: "Line", key: str, name: str, stat: str | None = None) -> bool:
    """Whether ``key`` has ability ``name`` now (its own, or granted for a while), against
    ``stat`` where the ability takes one."""
    if not line.monstrous(key):
        return False
    own = listed(line.character(key))
    if name in own and (stat is None or own[name] is None or own[name] == norm(stat)):
        return True
    for grant in _powers(line)["grants"]:
        if grant["who"] == key and grant["name"] == name and (stat is None or grant.get("stat") in (None, norm(stat))):
            return True
    return False


def ready(line: "Line", key: str, name: str) -> bool:
    """Whether ``key`` has ``name`` and it is charged."""
    return name in listed(line.character(key)) and name not in _powers(line)["spent"].get(key, [])


def cost(line: "Line", key: str, name: str) -> int:
    """What readying ``name`` again costs ``key``: the guide's fixed recharge, or X for Spark Rush X."""
    if name in NUMBERED:
        return int(listed(line.character(key)).get(name) or 0)
    return PLAYED[name][1]


def spend(line: "Line", key: str, name: str) -> None:
    if cost(line, key, name):
        _powers(line)["spent"].setdefault(key, []).append(name)


def rush_die(line: "Line", key: str) -> str | None:
    """The die ``key`` sparks with while its Spark Rush lasts (``"dc6"``), or None."""
    for grant in _powers(line)["grants"]:
        if grant["who"] == key and grant["name"] == "rush":
            return f"dc{grant['cap']}"
    return None


def rush_how(line: "Line", key: str, how: dict[str, Any]) -> dict[str, Any]:
    """A check's parameters while ``key`` rushes: a spark of two of its rush dice, no stat."""
    die = rush_die(line, key)
    if die is None or not line.monstrous(key):
        return how
    out = {k: v for k, v in how.items() if k not in ("stat", "spark")}
    out.update(die=die, spark=True)
    return out


def hexed(line: "Line", key: str) -> bool:
    """Whether ``key`` is under a monstrosity's Curse now."""
    return any(c["who"] == key for c in _powers(line).setdefault("cursed", []))


def _lift_curse(line: "Line", key: str) -> None:
    p = _powers(line)
    p["cursed"] = [c for c in p.setdefault("cursed", []) if c["who"] != key]
    conditions = line.character(key).conditions
    if HEXED in conditions:
        conditions.remove(HEXED)


def curse_used(line: "Line", record: Any, actor: str, target: str | None = None) -> None:
    """After a roll: a curse whose reroll was just taken ends (the roller's, or a defender's)."""
    for key, part in ((actor, "vulnerability"), (target, "opponent_vulnerability")):
        if key and record.details.get(part) and hexed(line, key):
            _lift_curse(line, key)
            line.say("", f"The curse on {line.name(key)} is spent: that roll is made again and the new roll stands.")


def modifier(line: "Line", key: str, stat: str, focal: bool) -> int:
    """What the abilities add to ``key``'s roll of ``stat``: -1 while debilitated in it, and an
    Inspire on a focus roll."""
    p = _powers(line)
    mod = -sum(1 for d in p["debilitated"] if d["who"] == key and d["stat"] == norm(stat))
    if focal:
        mod += int(p["inspired"].get(key, {}).get("bonus", 0)) if int(
            p["inspired"].get(key, {}).get("round", -1)) == line.state["round"] else 0
    return mod


def contest_how(line: "Line", attacker: str, defender: str, how: dict[str, Any]) -> dict[str, Any]:
    """A contest's parameters with both sides' ability effects: the attacker's and defender's
    modifiers, and the defender's Resistance (+dc2 aid when it would lose)."""
    stat = str(how["stat"])
    out = dict(how)
    mine = modifier(line, attacker, stat, bool(how.get("focal")))
    theirs = modifier(line, defender, stat, False)
    if mine:
        out["modifier"] = mine
    if theirs:
        out["opponent_modifier"] = theirs
    if has(line, defender, "resistance", stat):
        out["opponent_aid"] = "dc2"
    return out


def immune(line: "Line", defender: str, stat: str) -> bool:
    return has(line, defender, "immunity", stat)


def hold_immune(record: Any) -> None:
    """An immune defender who would lose the contest wins it by 1 instead."""
    record.details["immune"] = True
    if not record.success:
        return
    record.details["immunity"] = {"attacker_total": record.total}
    record.details["margin"] = -1
    record.details.pop("size", None)
    record.measures = {"size": "", "margin": -1}
    record.success = False
    record.outcome = "failure"
    record.steps.append(reason("immune", total=record.total))


# -- the triggers --------------------------------------------------------------------------------


def start_of_round(line: "Line") -> None:
    """Spent abilities are recharged by a blessing die worth the cost, if the monstrosity has one;
    effects whose rounds have run out end."""
    p = _powers(line)
    now = int(line.state["round"])
    for grant in [g for g in p["grants"] if int(g["until"]) < now and g["name"] == "empower"]:
        _unempower(line, grant)
    p["grants"] = [g for g in p["grants"] if int(g["until"]) >= now]
    p["debilitated"] = [d for d in p["debilitated"] if int(d["until"]) >= now]
    for curse in [c for c in p.setdefault("cursed", []) if int(c["until"]) < now]:
        _lift_curse(line, str(curse["who"]))
        line.say("", f"The curse on {line.name(str(curse['who']))} lifts.")
    for key, spent in p["spent"].items():
        if not line.active(key):
            continue
        pool = line.character(key).resources.setdefault("blessings", [])
        for name in list(spent):
            price = cost(line, key, name)
            fit = sorted((v, i) for i, v in enumerate(pool) if int(v) >= price)
            if not fit:
                continue
            value, index = fit[0]
            pool.pop(index)
            spent.remove(name)
            line.say(key, f"{line.title(key)} spends a blessing die ({value}) to ready {name.title()} again.")


def declare(line: "Line", key: str, stats: list[str], ahead: list[str]) -> dict[str, str] | None:
    """A monstrosity's action when a charged ability asks for one (None: its behaviour decides)."""
    if rush_die(line, key) is not None and stats:  # a rush is spent on checks
        return {"do": "check", "stat": stats[0]}
    if line.s.contests and ahead:
        contests = [(name, stat) for name, stat in (("debilitate", listed(line.character(key)).get("debilitate")),
                                                    ("flatten", "hand"), ("curse", "head"))
                    if stat and ready(line, key, name) and stat in stats and stat in line.character(ahead[0]).stats]
        if contests:  # with both charged, each in turn
            name, stat = contests[int(line.state["round"]) % len(contests)]
            return {"do": "contest", "target": ahead[0], "stat": stat, "ability": name}
    wanted: list[str] = []
    for name in listed(line.character(key)):
        stat = CHECK_STAT.get(name)
        if stat and ready(line, key, name) and stat in stats and stat not in wanted:
            wanted.append(stat)
    if not wanted and ready(line, key, "spark rush") and stats:  # any check starts a rush
        wanted.append(stats[0])
    if wanted:  # each round the next of them, so every check ability gets its turn
        return {"do": "check", "stat": wanted[int(line.state["round"]) % len(wanted)]}
    return None


def _rounds(moved: int) -> int:
    return max(0, min(MOST_ROUNDS, moved))


def _allies(line: "Line", key: str) -> list[str]:
    return [k for k in line.actors() if k != key and line.monstrous(k)]


def after_check(line: "Line", key: str, stat: str, moved: int) -> None:
    """A monstrosity's successful check that moved it ``moved`` spaces: its check abilities."""
    if not line.monstrous(key) or moved <= 0:
        return
    now = int(line.state["round"])
    p = _powers(line)
    if ready(line, key, "spark rush") and rush_die(line, key) is None:
        spend(line, key, "spark rush")
        rounds = _rounds(moved)
        cap = int(listed(line.character(key))["spark rush"])
        p["grants"].append({"who": key, "name": "rush", "cap": cap, "until": now + rounds})
        line.say(key, f"{line.title(key)} uses Spark Rush: for {rounds} round{'s' if rounds != 1 else ''} "
                      f"its checks are sparks of 2dc{cap}.")
    for name, wanted in CHECK_STAT.items():
        if wanted != stat or not ready(line, key, name):
            continue
        spend(line, key, name)
        if name == "empower":
            rounds = _rounds(moved)
            lifted = [who for who in [key] + _allies(line, key) if _empower(line, who, now + rounds)]
            line.say(key, f"{line.title(key)} uses Empower: "
                          f"{', '.join(line.name(w) for w in lifted) or 'nobody'} "
                          f"{'rolls' if len(lifted) == 1 else 'roll'} one die cap higher for "
                          f"{rounds} round{'s' if rounds != 1 else ''}.")
        elif name in GRANTS:
            rounds = _rounds(moved)
            granted = listed(line.character(key))[name]
            for who in [key] + _allies(line, key):
                p["grants"].append({"who": who, "name": GRANTS[name], "stat": granted, "until": now + rounds})
            vs = f" vs {granted.title()}" if granted else ""
            line.say(key, f"{line.title(key)} uses {name.title()}: it and its allies have "
                          f"{GRANTS[name].title()}{vs} for {rounds} round{'s' if rounds != 1 else ''}.")
        elif name == "clarity":
            allies = _allies(line, key)
            for b in line.state["buttons"]:
                if b["kind"] == "muddle" and b.get("monster") in allies:
                    b["at"] = min(line.s.length - 1, int(b["at"]) + moved)
            line.say(key, f"{line.title(key)} uses Clarity: its allies' muddle buttons move {moved} further on.")
        elif name == "inspire":
            allies = _allies(line, key)
            if allies:
                pick = allies[0]
                p["inspired"][pick] = {"bonus": min(3, moved), "round": now + 1}
                line.say(key, f"{line.title(key)} uses Inspire: {line.name(pick)} adds {min(3, moved)} to "
                              "its focus roll next round.")


def _empower(line: "Line", who: str, until: int) -> bool:
    """Raise ``who``'s die caps by 1 until the end of round ``until`` (not twice at once)."""
    p = _powers(line)
    if any(g["who"] == who and g["name"] == "empower" for g in p["grants"]):
        return False
    stats = line.character(who).stats
    was = dict(stats)
    for stat, die in was.items():
        if bumping.is_die(die):
            cap = max(bumping.parse_die(die).readings)
            stats[stat] = bumping.capped_die(min(TOP_CAP, cap + 1)).name
    p["grants"].append({"who": who, "name": "empower", "until": until, "was": was})
    return True


def _unempower(line: "Line", grant: dict[str, Any]) -> None:
    stats = line.character(str(grant["who"])).stats
    stats.update(grant.get("was", {}))


def finish(line: "Line") -> None:
    """The endeavour is over: Empowered dice return to what they were."""
    for grant in _powers(line)["grants"]:
        if grant["name"] == "empower":
            _unempower(line, grant)
    _powers(line)["grants"] = []
    for curse in list(_powers(line).get("cursed", [])):
        _lift_curse(line, str(curse["who"]))


def propel(line: "Line") -> None:
    """After the focus rolls: a monstrosity with Propel charged trades its roll with a lower
    rolling ally who stands no further along."""
    rolls_ = line.state["rolls"]
    for key in list(rolls_):
        if not line.monstrous(key) or not ready(line, key, "propel") or not line.active(key):
            continue
        mine = int(rolls_[key]["value"])
        lower = [k for k in _allies(line, key) if k in rolls_ and int(rolls_[k]["value"]) < mine
                 and line.pos(k) <= line.pos(key)]
        if not lower:
            continue
        ally = min(lower, key=lambda k: (line.pos(k), line.order.index(k)))
        theirs = int(rolls_[ally]["value"])
        rolls_[key]["value"], rolls_[ally]["value"] = theirs, mine
        spend(line, key, "propel")
        line.say(key, f"{line.title(key)} uses Propel: it trades its {mine} for {line.name(ally)}'s {theirs}.")


def after_contest(line: "Line", winner: str, loser: str, stat: str, moved: int, ability: str | None) -> None:
    """A monstrosity that won a contest: Flatten (a Hand contest), Debilitate (its X contest)."""
    if not line.monstrous(winner) or moved <= 0 or not line.active(loser):
        return
    if norm(stat) == "hand" and ready(line, winner, "flatten"):
        spend(line, winner, "flatten")
        back = line.move_back(loser, moved)
        line.say(winner, f"{line.title(winner)} uses Flatten: {line.name(loser)} "
                         f"{'are' if loser == line.player else 'is'} pushed back {back} spaces.")
    target = listed(line.character(winner)).get("debilitate")
    if ability == "debilitate" and target == norm(stat) and ready(line, winner, "debilitate"):
        spend(line, winner, "debilitate")
        until = int(line.state["round"]) + moved
        _powers(line)["debilitated"].append({"who": loser, "stat": norm(stat), "until": until})
        line.say(winner, f"{line.title(winner)} uses Debilitate: {line.name(loser)} "
                         f"{'take' if loser == line.player else 'takes'} -1 on {stat.title()} rolls "
                         f"for {moved} round{'s' if moved != 1 else ''}.")
    if ability == "curse" and norm(stat) == "head" and ready(line, winner, "curse"):
        _curse(line, winner, loser, moved)


def _curse(line: "Line", winner: str, loser: str, moved: int) -> None:
    spend(line, winner, "curse")
    until = int(line.state["round"]) + moved
    p = _powers(line)
    p["cursed"] = [c for c in p.setdefault("cursed", []) if c["who"] != loser]
    p["cursed"].append({"who": loser, "by": winner, "until": until})
    conditions = line.character(loser).conditions
    if HEXED not in conditions:
        conditions.append(HEXED)
    line.say(winner, f"{line.title(winner)} uses Curse: for {moved} round{'s' if moved != 1 else ''} "
                     f"the first roll {line.name(loser)} {'make' if loser == line.player else 'makes'} "
                     "that succeeds is made again.")


def revenge(line: "Line", monster: str, muddler: str) -> dict[str, Any] | None:
    """The contest a monstrosity with Revenge makes at once against whoever muddled it."""
    if not has(line, monster, "revenge") or not line.active(muddler):
        return None
    other = line.character(muddler)
    shared = [s for s in line.stats_for(monster) if s in other.stats]
    if not shared:
        return None
    return {"do": "contest", "target": muddler, "stat": shared[0]}


def end_of_round(line: "Line", dice: Dice) -> None:
    """Unrelenting and Merciless: once per time the monstrosity has been muddled."""
    for key in line.actors():
        if not line.monstrous(key):
            continue
        times = int(line.state["muddled"].get(key, 0))
        if not times:
            continue
        abilities = listed(line.character(key))
        if "unrelenting" in abilities:
            line.move(dice, key, times, "is unrelenting")
        if "merciless" in abilities:
            gained = gain_blessings(dice, times)
            line.character(key).resources.setdefault("blessings", []).extend(gained)
            line.say(key, f"{line.title(key)} is merciless: it gains {len(gained)} blessing "
                          f"{'die' if len(gained) == 1 else 'dice'} ({', '.join(map(str, gained))}).")
