"""What ``solo validate`` refuses in a Humanity, Blessed endeavour, located inside ``conflict:``.

A parameter's problem is at ``params.<name>`` (a button at its entry in the list); a participant's
at their entry in ``opponents`` or ``companions``, or at ``params.stats`` for the player (a
pregenerated character without any of the stats the endeavour lets anyone roll). Checked:
the line's length, the target, the stats, the deadline against the round limit, yes/no
switches, every button (on the line, not at 0 nor at or past the goal), a race's endurance stat
on every racer, a stealth's patrol and ``made``, a discovery without glimmers, a monstrosity's
die, stamina, muddle buttons and monstrous abilities, a clash's summon die, names of summons and captures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter, SetupProblem
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.endeavours import buttons as btn
from solo.rules.humanity_blessed.endeavours import monstrous
from solo.rules.humanity_blessed.parsing import lookup, parse_tags
from solo.rules.humanity_blessed.tables import CORE_STATS, norm, parse_target

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.endeavours.procedure import Endeavour


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def entry_paths(setup: ConflictSetup) -> dict[str, tuple[Any, ...]]:
    """Where each participant was declared: its ``opponents`` or ``companions`` entry."""
    paths: dict[str, tuple[Any, ...]] = {}
    npcs: list[str] = []
    for f in setup.side(ENEMY):
        if f.npc not in npcs:
            npcs.append(str(f.npc))
        paths[f.key] = ("opponents", npcs.index(str(f.npc)))
    for n, f in enumerate(setup.side(ALLY)):
        paths[f.key] = ("companions", n)
    return paths


def stat_names(setup: ConflictSetup) -> set[str]:
    names = {norm(s) for s in CORE_STATS}
    for fighter in setup.fighters:
        names.update(norm(s) for s in fighter.character.stats)
    return names


def param_problems(proc: "Endeavour", setup: ConflictSetup) -> list[SetupProblem]:
    from solo.rules.humanity_blessed.endeavours.procedure import DEFAULT_LENGTH, MAX_LENGTH, MIN_LENGTH

    p = setup.params
    found: list[SetupProblem] = []
    length = p.get("length", DEFAULT_LENGTH)
    if not (_whole(length) and MIN_LENGTH <= length <= MAX_LENGTH):
        found.append(SetupProblem(("params", "length"), f"length is a whole number of spaces from {MIN_LENGTH} to "
                                                        f"{MAX_LENGTH} (got {length!r})"))
        length = DEFAULT_LENGTH
    if "target" in p:
        try:
            parse_target(p["target"])
        except ValueError as exc:
            found.append(SetupProblem(("params", "target"), str(exc).split(": ", 1)[-1]))
    if "stats" in p:
        btn.read_stats(p["stats"], ("params", "stats"), stat_names(setup), found)
    if "tags" in p:
        try:
            parse_tags(p["tags"], "check")
        except ValueError as exc:
            param = getattr(exc, "param", None)
            path = ("params",) + (tuple(param) if isinstance(param, tuple) else ("tags",))
            found.append(SetupProblem(path, str(exc).split(": ", 1)[-1]))
    deadline = p.get("deadline")
    if deadline is not None:
        if not (_whole(deadline) and deadline >= 1):
            found.append(SetupProblem(("params", "deadline"), f"deadline is a round, 1 or later (got {deadline!r})"))
        elif deadline > setup.rounds:
            found.append(SetupProblem(("params", "deadline"),
                                      f"the deadline (round {deadline}) comes after the round limit ({setup.rounds})",
                                      "raise rounds, or bring the deadline forward"))
    for name in ("sit_out", "contests"):
        if name in p and not isinstance(p[name], bool):
            found.append(SetupProblem(("params", name), f"{name} is true or false (got {p[name]!r})"))
    placed, to_roll, problems = btn.read_glimmers(p.get("glimmers"), length)
    found += problems
    if proc.kind == "discovery" and not placed and not to_roll and not problems:
        found.append(SetupProblem(("params", "glimmers") if "glimmers" in p else ("procedure",),
                                  "a discovery endeavour needs glimmer buttons",
                                  "add params.glimmers: spaces, {at, type}, or {type: rarity}"))
    if proc.kind == "race":
        found += btn.read_terrain(p.get("terrain"), length, stat_names(setup))[1]
        endurance = p.get("endurance", "hurry")
        if not isinstance(endurance, str) or norm(endurance) not in stat_names(setup):
            found.append(SetupProblem(("params", "endurance"), f"endurance names a stat (got {endurance!r})"))
    if proc.kind == "stealth":
        found += btn.read_alarms(p.get("alarms"), length)[1]
        patrol = p.get("patrol", 2)
        if not (_whole(patrol) and 0 <= patrol <= length):
            found.append(SetupProblem(("params", "patrol"), f"patrol is how many spaces the alarms move a round, "
                                                            f"0 to {length} (got {patrol!r})"))
        made = p.get("made", "lose")
        if not (made in ("lose", "check") or (_whole(made) and made >= 1)):
            found.append(SetupProblem(("params", "made"), f"made is lose, check or how many times (got {made!r})"))
    if proc.kind == "clash":
        found += clash_problems(setup)
    return found


def clash_problems(setup: ConflictSetup) -> list[SetupProblem]:
    """A clash's summon die, its names of summons and its ``captures``."""
    p = setup.params
    found: list[SetupProblem] = []
    die = p.get("summon_die")
    if die is not None and not (isinstance(die, str) and bumping.is_die(die)):
        found.append(SetupProblem(("params", "summon_die"), f"summon_die is a die such as dc2 to dc10 (got {die!r})"))
    captures = p.get("captures")
    if captures is not None and not (_whole(captures) and captures >= 1):
        found.append(SetupProblem(("params", "captures"), f"captures is how many summons, 1 or more (got {captures!r})"))
    names = p.get("summons")
    if names is not None:
        summoners = {"you", "player"} | {str(f.npc) for f in setup.fighters if f.npc}
        if not isinstance(names, dict):
            found.append(SetupProblem(("params", "summons"), "summons maps you or an npc id to a list of names"))
            return found
        for who, listed in names.items():
            if str(who) not in summoners:
                found.append(SetupProblem(("params", "summons", who), f"{who!r} is not a summoner in this clash",
                                          "use you, or the id of an opponent or companion"))
            elif not (isinstance(listed, list) and all(isinstance(n, str) and n.strip() for n in listed)):
                found.append(SetupProblem(("params", "summons", who), "the summons' names are a list of words"))
    return found


def fighter_problems(proc: "Endeavour", setup: ConflictSetup, fighter: Fighter, path: tuple[Any, ...]) -> list[SetupProblem]:
    found: list[SetupProblem] = []
    character = fighter.character
    who = "the player" if fighter.side == PLAYER else fighter.name
    monster = proc.kind == "monstrous" and fighter.side == ENEMY
    if monster:
        found += monster_problems(fighter, path, proc.settings(setup).length, stat_names(setup))
        if character.extra.get("die") is not None:
            return found
    stats = proc.settings(setup).stats
    for key in character.stats:
        if not bumping.is_die(character.stats[key]):
            found.append(SetupProblem(path, f"{who}'s {key} is not a die (got {character.stats[key]!r})"))
    if stats is not None and not any(lookup(character.stats, s) for s in stats):
        where = ("params", "stats") if fighter.side == PLAYER else path
        found.append(SetupProblem(where, f"{who} has none of the stats this endeavour rolls ({', '.join(stats)})",
                                  f"give {who} one of them, or widen params.stats"))
    if not character.stats:
        found.append(SetupProblem(path, f"{who} has no stats to roll", "give them stat dice"))
    if proc.kind == "race":
        endurance = proc.settings(setup).endurance
        if lookup(character.stats, endurance) is None:
            where = ("params", "endurance") if fighter.side == PLAYER else path
            found.append(SetupProblem(where, f"{who} has no {endurance} for the race's endurance checks",
                                      f"give them {endurance}, or name another stat in params.endurance"))
    return found


def monster_problems(fighter: Fighter, path: tuple[Any, ...], length: int,
                     stats: set[str] | frozenset[str] = frozenset()) -> list[SetupProblem]:
    found: list[SetupProblem] = []
    extra = fighter.character.extra
    name = fighter.name
    die = extra.get("die")
    if die is not None and not bumping.is_die(die):
        found.append(SetupProblem(path, f"{name}'s die must be a die such as dc2 to dc10 (got {die!r})"))
    if die is None and not any(bumping.is_die(v) for v in fighter.character.stats.values()):
        found.append(SetupProblem(path, f"{name} has no die: give the npc stats or extra.die (dc2 to dc10)"))
    found += monstrous.problems(fighter.character, path, stats)
    stamina = extra.get("stamina")
    if stamina is not None and not (_whole(stamina) and 1 <= stamina <= 1000):
        found.append(SetupProblem(path, f"{name}'s stamina is a whole number from 1 to 1000 (got {stamina!r})"))
    muddle = extra.get("muddle")
    if muddle is not None:
        spaces = [muddle] if _whole(muddle) else muddle if isinstance(muddle, list) else None
        if spaces is None or not all(_whole(m) for m in spaces):
            found.append(SetupProblem(path, f"{name}'s muddle buttons are spaces on the line (got {muddle!r})"))
        else:
            for at in spaces:
                if not 1 <= at < length:
                    where = "past the goal" if at >= length else "before the first space"
                    found.append(SetupProblem(path, f"{name}'s muddle button at {at} is {where} "
                                                    f"(the line runs 1 to {length - 1})",
                                              "move it, or lengthen the line (params.length)"))
    return found


def setup_problems(proc: "Endeavour", setup: ConflictSetup) -> list[SetupProblem]:
    """Every reason the rules cannot run this endeavour."""
    found = param_problems(proc, setup)
    if proc.kind == "monstrous" and not setup.side(ENEMY):
        found.append(SetupProblem(("opponents",), "a monstrous endeavour needs a monstrosity among the opponents",
                                  "add opponents:"))
    if proc.kind == "clash" and not setup.side(ENEMY):
        found.append(SetupProblem(("opponents",), "a clash endeavour needs an opposing summoner among the opponents",
                                  "add opponents:"))
    paths = entry_paths(setup)
    seen: set[str] = set()
    for fighter in setup.fighters:
        path = paths.get(fighter.key, ("procedure",))
        for problem in fighter_problems(proc, setup, fighter, path):
            if problem.message not in seen:
                seen.add(problem.message)
                found.append(problem)
    return found

