"""Reading a Humanity, Blessed check or contest as an adventure (or the command line) writes it:
the stat and its die, a spark's second stat, the target, modifiers, situational aid and flags,
resolved against the character who rolls.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from solo.rules.base import Character, RulesError
from solo.rules.humanity_blessed import bumping, convoy, standing, synchronized
from solo.rules.humanity_blessed.bumping import Die, DieError
from solo.rules.humanity_blessed.tables import (
    CHECK_TAGS,
    MAX_AID_CAP,
    MAX_GROUP,
    MAX_AID_NUMBER,
    TARGETS,
    VALUES,
    err,
    flag,
    norm,
    parse_target,
)
from solo.rules.values import find_key


def parse_aid(value: object, key: str) -> int | Die | None:
    """Situational aid as written: +1, or a capped die up to dc4 (``dc2``; ``d4`` is ``dc4``);
    None for none. Larger aid is not the book's and is refused, naming ``key``."""
    if value is None or value is False:
        return None
    if isinstance(value, bool):
        raise err(f"{key} must be a number or a die such as dc2 (got {value!r})", param=key)
    shape = f"{key} is +{MAX_AID_NUMBER} or a capped die dc1 to dc{MAX_AID_CAP}"
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip().lstrip("+")
        if not re.fullmatch(r"-?\d+", text):
            try:
                die = bumping.parse_die(text)
            except DieError as exc:
                raise err(f"{shape} ({exc})", param=key) from None
            if max(die.readings) > MAX_AID_CAP:
                raise err(f"{shape}: the book's largest situational aid is +dc{MAX_AID_CAP} "
                          f"(got {value!r})", param=key)
            return die
        number = int(text)
    if not 0 <= number <= MAX_AID_NUMBER:
        raise err(f"{shape}: a fixed aid is at most +{MAX_AID_NUMBER}, a high-quality item "
                  f"(got {value!r}; use modifier for other bonuses)", param=key)
    return number or None


def parse_tags(value: object, role: str) -> frozenset[str]:
    """What the check is about (``tags``), each a word of :data:`CHECK_TAGS`."""
    if value is None:
        return frozenset()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)):
        raise err(f"tags is a list of words (got {value!r})", param="tags")
    found = set()
    for index, tag in enumerate(value):
        key = norm(tag)
        if key not in CHECK_TAGS:
            close = difflib.get_close_matches(key, list(CHECK_TAGS), n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            raise err(f"unknown tag {tag!r} ({hint}Humanity, Blessed tags: "
                      f"{', '.join(CHECK_TAGS)})", param=("tags", index))
        if role not in CHECK_TAGS[key].roles:
            ability = CHECK_TAGS[key].ability
            other = "contests" if role == "check" else "checks"
            raise err(f"tag {tag!r} is for {other}: {ability} works only there",
                      param=("tags", index))
        found.add(key)
    return frozenset(found)


def _at(param: str, read: Callable[..., Any], value: Any, *more: Any) -> Any:
    """``read(value, *more)``, its error naming ``param`` as the parameter at fault (a value of
    None is not read: the parameter was not given)."""
    if value is None:
        return None
    try:
        return read(value, *more)
    except RulesError as exc:
        raise err(str(exc).split(": ", 1)[-1], param=param) from None


@dataclass(frozen=True)
class HBCheck:
    """Parsed check parameters (stats resolved to the character's keys)."""

    stat: str
    die: str
    spark: str | None
    spark_die: str | None
    target: int | None
    modifier: int
    aid: int | Die | None
    focal: bool
    training: bool
    override: bool = False  # rolled from a die given directly, not a character's stat
    tags: frozenset[str] = frozenset()
    witnessed: bool = False  # an opposing character sees the roll (Vulnerability)
    group: tuple[Character, ...] = ()  # others rolling with the character (a median group check)
    uses: tuple[str, ...] = ()  # items the roll relies on (a high-quality one gives +1 aid)
    complex: int | None = None  # a complex attack: the target the attacker must also beat
    agreeable: bool = False  # a defender Agreeable to the attacker: the top face reads one lower
    famous: bool = False  # the player exerts fame: a +dc2 bonus on this roll
    ascendant: str | None = None  # Ascendant Spark: the third stat of a spark (``spark: [b, c]``)
    ascendant_die: str | None = None
    spark_with: Character | None = None  # Synchronized Spark: the companion whose stat is the spark's
    synchronized: bool = False  # Synchronized Enmity: both sides of the contest bump together
    convoy: tuple[str, ...] = ()  # Blessèd Convoy: the companions being transported, by name
    pair: bool = False  # Double Trouble: a spark_with of two summons, paid by their summoner

    def as_params(self) -> dict[str, Any]:
        """Parameters that parse back to this check (stored in records for offers)."""
        aid = self.aid.name if isinstance(self.aid, Die) else self.aid
        params: dict[str, Any] = {"target": self.target, "modifier": self.modifier, "aid": aid,
                                  "focal": self.focal, "training": self.training,
                                  "tags": sorted(self.tags), "witnessed": self.witnessed}
        if self.group:
            params["group_with"] = [member.to_dict() for member in self.group]
        if self.uses:
            params["uses"] = list(self.uses)
        if self.complex is not None:
            params["complex"] = self.complex
        if self.agreeable:
            params["agreeable"] = True
        if self.famous:
            params["famous"] = True
        if self.synchronized:
            params["synchronized"] = True
        if self.convoy:
            params["convoy"] = list(self.convoy)
        if self.override:
            params.update(die=self.die, spark=self.spark is not None)
        else:
            params.update(stat=self.stat, spark=self.spark, spark_die=self.spark_die)
            if self.ascendant:
                params.update(ascendant=self.ascendant, ascendant_die=self.ascendant_die)
            if self.spark_with is not None:
                params.update(synchronized.as_params(self.spark_with))
                if self.pair:
                    params["pair"] = True
        return params


def lookup(stats: Mapping[str, Any], name: str) -> str | None:
    """The key of the stat ``name`` names, matched loosely (``Héad`` is ``head``)."""
    if type(name) is not str:
        return find_key(stats, name, norm, sort=True)
    keys = tuple(stats)  # the answer depends on the keys and the name alone: kept for texts
    found = _LOOKED.get((keys, name), _UNSEEN)
    if found is _UNSEEN:
        found = find_key(stats, name, norm, sort=True)
        if all(type(key) is str for key in keys):  # (1 and True would share a slot)
            if len(_LOOKED) >= _LOOKED_LIMIT:
                _LOOKED.clear()
            _LOOKED[keys, name] = found
    return found


#: (a stats mapping's keys, a stat name) -> :func:`lookup`'s answer, for keys that are all text.
_LOOKED: dict[tuple[tuple[str, ...], str], str | None] = {}
_LOOKED_LIMIT = 4096
_UNSEEN = object()


def parse_check(
    params: Mapping[str, Any], character: Character | None = None, *, contest: bool = False
) -> HBCheck:
    """The check's parameters, read and checked (a contest side may leave out the target).

    Parameters written for a whole contest (with an ``opponent``, as ``solo validate`` passes
    them) are read as the acting side's.
    """
    contest = contest or params.get("opponent") is not None
    spark_param = params.get("spark")
    ascendant: tuple[str, str] | None = None
    mate = synchronized.partner(params.get("spark_with"))
    if mate is not None and (params.get("stat") is None or spark_param in (None, False, "", True)
                             or isinstance(spark_param, (list, tuple))):
        raise err("spark_with needs a stat and one spark stat, the companion's (spark: heart)",
                  param="spark_with")
    if params.get("die") is not None and params.get("stat") is None:
        die = read_die(params["die"], "die")
        stat = die.name
        spark = die.name if flag(spark_param) else None
        spark_die = die.name if spark else None
    elif params.get("stat") is not None:
        stat, die_text = stat_die(character, str(params["stat"]))
        die = read_die(die_text, stat)
        spark = spark_die = None
        if isinstance(spark_param, (list, tuple)):  # Ascendant Spark: two more stats
            if len(spark_param) != 2 or not all(isinstance(n, str) for n in spark_param):
                raise err(f"spark is a stat, or two stats for Ascendant Spark (got {spark_param!r})", param="spark")
            third = _at("spark", lambda name: stat_die(character, name), str(spark_param[1]))
            read_die(third[1], third[0])
            ascendant = third
            spark_param = spark_param[0]
        elif params.get("ascendant") is not None and params.get("ascendant_die") is not None:
            ascendant = (str(params["ascendant"]), str(params["ascendant_die"]))
        if spark_param not in (None, False, ""):
            if params.get("spark_die") is not None:  # re-parsing a stored check
                spark, spark_die = str(spark_param), str(params["spark_die"])
            elif spark_param is True:
                raise err("spark names the second stat of the spark check (got true)", param="spark")
            else:
                spark, spark_die = _at("spark", lambda name: stat_die(mate or character, name), str(spark_param))
                read_die(spark_die, spark)
    else:
        raise err("a check needs a stat (or a die such as d6)")
    target = _at("target", parse_target, params.get("target"))
    if target is None and not contest:
        target = TARGETS["medium"]
    if params.get("opponent") is not None:
        parse_aid(params.get("opponent_aid"), "opponent_aid")
    parsed = HBCheck(
        stat=stat,
        die=die.name,
        spark=spark,
        spark_die=spark_die,
        target=target,
        modifier=_at("modifier", VALUES.whole_number, params.get("modifier"), "modifier") or 0,
        aid=parse_aid(params.get("aid"), "aid"),
        focal=flag(params.get("focal", False)),
        training=flag(params.get("training", False)),
        override=params.get("stat") is None,
        tags=parse_tags(params.get("tags"), "contest" if contest else "check"),
        witnessed=flag(params.get("witnessed", False)),
        group=parse_group(params.get("group_with"), stat, params.get("stat") is None),
    )
    if ascendant is not None and spark is not None:
        parsed = replace(parsed, ascendant=ascendant[0], ascendant_die=ascendant[1])
    if params.get("synchronized") is not None and flag(params.get("synchronized")):
        if not contest:
            raise err("synchronized (Synchronized Enmity) is for a contest", param="synchronized")
        if flag(params.get("defending", False)):
            raise err("synchronized (Synchronized Enmity) is for a contest the player makes, not a defence",
                      param="synchronized")
        parsed = replace(parsed, synchronized=True)
    if mate is not None:
        if parsed.group:
            raise err("spark_with is a spark of two characters, not a group_with median", param="spark_with")
        parsed = replace(parsed, spark_with=mate, pair=params.get("pair") is True)
    uses = params.get("uses")
    if uses is not None:
        uses = [uses] if isinstance(uses, str) else uses
        if not isinstance(uses, (list, tuple)) or not all(isinstance(u, str) for u in uses):
            raise err(f"uses is a list of item ids (got {params.get('uses')!r})", param="uses")
        parsed = replace(parsed, uses=tuple(uses))
    if params.get("complex") is not None:
        if not contest:
            raise err("complex is for a contest's attacker: the target the attack must also beat", param="complex")
        parsed = replace(parsed, complex=_at("complex", parse_target, params.get("complex")))
    if contest and (params.get("agreeable") is True or params.get("famous") is True):  # re-parsing a record
        parsed = replace(parsed, agreeable=params.get("agreeable") is True, famous=params.get("famous") is True)
    if params.get("convoy"):
        parsed = replace(parsed, convoy=convoy.check(params, parsed.tags))
    if parsed.group and parsed.witnessed:
        raise err("witnessed is for one character's roll, not a group's median", param="witnessed")
    return parsed


def parse_group(value: object, stat: str, refused: bool) -> tuple[Character, ...]:
    """The characters who roll with the character in a group check or on one side of a group
    contest (``group_with``), each with the stat rolled; the engine and ``solo validate`` pass
    them as characters, a stored record as their data. ``refused``: a bare die, which takes no
    group."""
    if value is None or value == []:
        return ()
    if refused:
        raise err("group_with is for rolls of a character's stat (a bare die rolls alone)",
                  param="group_with")
    members = value if isinstance(value, (list, tuple)) else [value]
    if len(members) > MAX_GROUP - 1:
        raise err(f"a group check has at most {MAX_GROUP} rolls: the character and "
                  f"{MAX_GROUP - 1} others (got {len(members)} others)", param="group_with")
    found = []
    for index, member in enumerate(members):
        if isinstance(member, Mapping):
            member = Character.from_dict(member)
        if not isinstance(member, Character):
            raise err(f"group_with names companions, who roll with the character (got {member!r})",
                      param=("group_with", index))
        key = lookup(member.stats, stat)
        if key is None:
            raise err(f"{member.name or member.id} has no {stat} die to roll with the group "
                      f"(has: {', '.join(sorted(member.stats, key=str))})",
                      param=("group_with", index))
        read_die(member.stats[key], f"{member.name or member.id}'s {key}")
        found.append(member)
    return tuple(found)


#: Parameters whose values the engine passes as characters (a side's group).
GROUP_PARAMS = ("group_with", "opponent_group_with", "spark_with", "convoy", "loan_from", "scope_with")


def stored(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters as a record keeps them: a group's characters as their data (JSON), which
    :func:`parse_group` reads back."""
    out = dict(params)
    for key in GROUP_PARAMS:
        value = out.get(key)
        if isinstance(value, (list, tuple)):
            out[key] = [m.to_dict() if isinstance(m, Character) else m for m in value]
        elif isinstance(value, Character):
            out[key] = [value.to_dict()]
    return out


def read_die(text: object, what: str) -> Die:
    """A die as written, or an error naming ``what`` it was for."""
    try:
        return bumping.parse_die(text)
    except DieError as exc:
        raise err(f"{what}: {exc}") from None


def stat_die(character: Character | None, name: str) -> tuple[str, str]:
    """The character's key for stat ``name`` and its die, or an error listing the stats."""
    if character is None:
        raise err(f"the check rolls {name!r} but there is no character; give a die instead")
    key = lookup(character.stats, name)
    if key is None:
        known = ", ".join(sorted(character.stats, key=str))
        raise err(f"{character.name or 'the character'} has no stat {name!r} (has: {known})")
    return key, str(character.stats[key])


def at_side(group_param: str, read: Callable[..., HBCheck], params: Mapping[str, Any],
             who: Character) -> HBCheck:
    """The other side of a contest read as a check, an error about its group naming
    ``group_param`` (the parameter written for it) rather than ``group_with``."""
    try:
        return read(params, who, contest=True)
    except RulesError as exc:
        if exc.param == "group_with" or (isinstance(exc.param, tuple) and exc.param[:1] == ("group_with",)):
            param = group_param if exc.param == "group_with" else (group_param,) + tuple(exc.param[1:])
            raise err(str(exc).split(": ", 1)[-1], param=param) from None
        raise


def parse_contest(
    character: Character, opponent: Character, params: Mapping[str, Any]
) -> tuple[HBCheck, HBCheck, bool]:
    """Both sides of a contest (the attacker's, the defender's) and whether it is violent."""
    violent = flag(params.get("violent", False))
    mine_params = {k: v for k, v in params.items()
                   if k in ("stat", "die", "spark", "modifier", "aid", "focal", "training", "tags", "uses",
                            "complex", "group_with", "spark_with", "synchronized")}
    other_params: dict[str, Any] = {
        "stat": params.get("opponent_stat") or params.get("stat"),
        "modifier": params.get("opponent_modifier", 0),
        "aid": params.get("opponent_aid"),
        "group_with": params.get("opponent_group_with"),
    }
    if params.get("opponent_die") is not None:
        other_params["die"] = params["opponent_die"]
        other_params.pop("stat")
    elif params.get("die") is not None and params.get("stat") is None:
        other_params["die"] = params["die"]
        other_params.pop("stat")
    if violent:  # the attacker rolls Hurt, the defender Hurry (unless given dice directly)
        if "die" not in mine_params or mine_params.get("stat") is not None:
            mine_params["stat"] = "hurt"
        if "die" not in other_params:
            other_params["stat"] = "hurry"
    mine = parse_check(mine_params, character, contest=True)
    theirs = at_side("opponent_group_with", parse_check, other_params, opponent)
    by_player = params.get("by_player")
    if not violent and standing.agreeable_to(opponent, character, by_player is not False):
        theirs = replace(theirs, agreeable=True)
    if params.get("famous") is True or (by_player is None and standing.may_exert(character, opponent)):
        mine = replace(mine, famous=True)
    if params.get("opponent_famous") is True:  # an endeavour's npc contests the famous player
        theirs = replace(theirs, famous=True)
    return mine, theirs, violent
