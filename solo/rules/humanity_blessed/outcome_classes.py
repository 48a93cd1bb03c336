"""A Humanity, Blessed check or contest as the handful of results ``solo analyze`` must tell apart.

The analyzer asks for the *outcome classes* of a roll whose magnitude an adventure reads
(``roll.size``): a list of ``(probability, faces)`` where ``faces`` are the dice, in the order
the rules draw them, of one roll of the class, and the probability left out. Enumerating the
dice face by face never ends here: a die that shows 1 bumps (rolls again and adds), and each
blessing die a roll earns is a chain of d6 in which a 1 brings another. So the classes are
found in closed form, by walking the *sums* of the dice instead of the dice:

- a bumping group (:func:`group_rolls`) is walked round by round, partial rolls merged by their
  natural total and bumps so far (a round reads only its own faces, so two partial rolls with the
  same natural and bumps go on alike); each result keeps the faces of the first roll found;
- the total decides success, margin and size; the natural decides the lucky number; the first
  win by 6 or more of the session earns a die. Rolls are grouped by exactly what the rest of the
  game can read of them: (success, size, lucky hit, big win), plus the total itself when an
  expression reads ``roll.total`` or ``roll.margin``;
- beyond a natural of :func:`saturation` every roll of a check reads alike (success, the largest
  size, a big win, no lucky number), so that whole tail is one class when only the label and size
  are read; otherwise rolls are walked until what is left is below :data:`LEFT_OUT` and that is the
  probability left out (the analysis is then bounded by it);
- the blessing dice a roll earns (lucky number, first big win) are drawn after it through
  :func:`solo.rules.drawn.drawn` and branched on separately (:func:`gain_classes`): a gained die
  is ``k`` ones then a face of 2 to 6, one class per multiset of values; chains of more than
  :data:`MAX_CHAIN` ones and classes below :data:`FLOOR` are left out.

Draw order, as :func:`~.rolling.roll_check` and :func:`~.rolling.contest` draw: the stat group
(a first roll kept open for a late spark is its first face), then the aid die on a would-be
failure; in a contest the attacker's group,
the defender's, the attacker's aid on a would-be loss, the defender's aid on a would-be win.
Group checks, witnessed rolls (vulnerability rerolls), defended contests and a check that opens
the session are left to the analyzer's enumeration (None). The analyzer replays each class's
faces on the real rules and checks that exactly those dice were drawn, and a test holds the
classes to a brute-force enumeration.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from typing import Any, Iterable, Mapping

from solo.rules.base import Character
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.bumping import Die, Group
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import parse_check, parse_contest
from solo.rules.humanity_blessed.planning import plan_roll
from solo.rules.humanity_blessed.tables import BIG_WIN, CHECK_BANDS, larger_size, size_for_margin, size_for_total

#: Ones in a row followed in a gained blessing die's chain; longer chains are left out.
MAX_CHAIN = 4
#: A roll's tail (a natural beyond what is walked) may be left out when below this.
LEFT_OUT = Fraction(1, 10**10)
#: Classes less likely than this are left out (their sum is the probability left out): a long
#: chain of earned blessing dice is a state of its own that no bound would ever reach.
FLOOR = Fraction(1, 10**6)
#: The fields of a roll that its label and size decide (anything else read keeps the total).
LABEL_FIELDS = frozenset({"outcome", "success", "size"})

Faces = tuple[int, ...]


def _round_classes(group: Group) -> list[tuple[int, bool, Fraction, Faces]]:
    """One round of ``group``: (sum of readings, whether it bumps, probability, faces of one)."""
    found: dict[tuple[int, bool], list[Any]] = {}
    sides = [range(1, d.sides + 1) if d.sides else (None,) for d in group.dice]
    whole = 1
    for d in group.dice:
        whole *= d.sides or 1
    for combo in itertools.product(*sides):
        readings = [d.readings[0] if f is None else d.read(f) for d, f in zip(group.dice, combo)]
        bumped = any(d.bumps(r) for d, r in zip(group.dice, readings))
        key = (sum(readings), bumped)
        entry = found.setdefault(key, [Fraction(0), tuple(f for f in combo if f is not None)])
        entry[0] += Fraction(1, whole)
    return [(s, b, p, faces) for (s, b), (p, faces) in found.items()]


@functools.lru_cache(maxsize=512)
def group_rolls(group: Group, cap: int) -> tuple[tuple[tuple[int, int, Fraction, Faces], ...], Fraction, Faces]:
    """Every roll of ``group`` whose natural total is at most ``cap``, as (natural, bumps,
    probability, faces of one such roll); then the probability that the natural passes ``cap``
    and the faces of one roll that does."""
    rounds = _round_classes(group)
    stop_faces = next(faces for _, bumped, _, faces in rounds if not bumped)
    frontier: dict[tuple[int, int], list[Any]] = {(0, 0): [Fraction(1), ()]}
    done: dict[tuple[int, int], list[Any]] = {}
    tail = Fraction(0)
    tail_faces: Faces = ()
    while frontier:
        following: dict[tuple[int, int], list[Any]] = {}
        for (natural, bumps), (p, faces) in sorted(frontier.items()):
            for value, bumped, q, more in rounds:
                reached = natural + value
                script = faces + more
                if reached > cap:
                    if not tail:
                        tail_faces = script + (stop_faces if bumped else ())
                    tail += p * q
                    continue
                into = following if bumped and bumps < bumping.MAX_BUMPS else done
                key = (reached, bumps + 1 if bumped and bumps < bumping.MAX_BUMPS else bumps)
                entry = into.setdefault(key, [Fraction(0), script])
                entry[0] += p * q
        frontier = following
    rolls = tuple(sorted((n, b, p, faces) for (n, b), (p, faces) in done.items()))
    return rolls, tail, tail_faces


def _deep_rolls(group: Group) -> tuple[tuple[tuple[int, int, Fraction, Faces], ...], Fraction]:
    """The rolls of ``group`` walked until what is left is below :data:`LEFT_OUT`."""
    cap = 16
    while True:
        rolls, tail, _ = group_rolls(group, cap)
        if tail <= LEFT_OUT or cap >= 512:
            return rolls, tail
        cap *= 2


@functools.lru_cache(maxsize=64)
def chains(count: int) -> tuple[tuple[tuple[int, ...], Fraction, Faces], ...]:
    """``count`` gained blessing dice (each a chain: a 1 brings another), as (the values gained,
    sorted; probability; the faces in the order drawn), up to :data:`MAX_CHAIN` ones in all."""
    one = [(tuple([1] * k + [f]), Fraction(1, 6) ** (k + 1)) for k in range(MAX_CHAIN + 1) for f in range(2, 7)]
    found: dict[tuple[int, ...], list[Any]] = {}
    for picks in itertools.product(one, repeat=count):
        if sum(len(f) - 1 for f, _ in picks) > MAX_CHAIN:
            continue  # a multiset's every arrangement is in, or none is: ones in all chains counted
        faces = tuple(itertools.chain.from_iterable(f for f, _ in picks))
        p = Fraction(1)
        for _, q in picks:
            p *= q
        entry = found.setdefault(tuple(sorted(faces)), [Fraction(0), faces])
        entry[0] += p
    return tuple((values, p, faces) for values, (p, faces) in sorted(found.items()))


@functools.lru_cache(maxsize=8)
def gain_classes(count: int) -> tuple[list[tuple[Fraction, list[int]]], Fraction] | None:
    """``count`` blessing dice gained (an award, Fearless Resolve...): one class per multiset of
    values (the pool is read by values only, see :mod:`.analysis_view`), chains of up to
    :data:`MAX_CHAIN` ones each and classes down to :data:`FLOOR`; the rest is left out.
    Made once per count (the analyzer asks again at every run of a step: 28 ms each, 2,800 runs
    of blessed-harvest's start); callers read it and copy the faces they play."""
    if count < 1:
        return [(Fraction(1), [])], Fraction(0)
    if count > 3:
        return None  # 25**count chains to walk: drawn die by die instead
    listed = [(p, list(faces)) for _, p, faces in chains(count) if p >= FLOOR]
    return sorted(listed, key=lambda pf: -pf[0]), 1 - sum((p for p, _ in listed), Fraction(0))


def saturation(target: int, modifier: int, lucky: int | None) -> int:
    """A natural beyond which every roll of a check reads alike: a success of the largest size,
    a win by 6 or more, and a natural that is not the lucky number (a group's bonus per bump
    only adds)."""
    return max(target + BIG_WIN - modifier, CHECK_BANDS[-1] + 1 - modifier, lucky or 0, 0)


def _aid_values(aid: int | Die | None, cap: int | None) -> tuple[list[tuple[int, Fraction, Faces]], Fraction]:
    """What the aid may add: (value, probability, faces); values past ``cap`` are one class
    (None: walked deep, the rest left out); then the probability left out."""
    if aid is None:
        return [(0, Fraction(1), ())], Fraction(0)
    if isinstance(aid, int):
        return [(aid, Fraction(1), ())], Fraction(0)
    group = bumping.single(aid)
    if cap is None:
        rolls, rest = _deep_rolls(group)
        return [(n, p, f) for n, _, p, f in rolls], rest
    rolls, tail, tail_faces = group_rolls(group, max(cap, 0))
    found = [(n, p, f) for n, _, p, f in rolls]
    if tail:
        found.append((max(cap, 0) + 1, tail, tail_faces))
    return found, Fraction(0)


def _add(classes: dict[Any, list[Any]], key: Any, p: Fraction, faces: Faces) -> None:
    entry = classes.setdefault(key, [Fraction(0), faces])
    entry[0] += p


def _listed(results: dict[Any, list[Any]], rest: Fraction) -> tuple[list[tuple[Fraction, list[int]]], Fraction]:
    """The results as (probability, faces), most likely first. The blessing dice a roll earns
    are not among the faces: they are drawn after it as a random event of their own
    (:func:`gain_classes`, through :mod:`solo.rules.drawn`), which the analyzer branches on."""
    listed = sorted(((p, list(faces)) for p, faces in results.values()), key=lambda pf: -pf[0])
    return listed, rest


@functools.lru_cache(maxsize=4096)
def _check(group: Group, modifier: int, target: int, aid: int | Die | None, size_up: int,
           lucky: int | None, big_done: bool, lumped: bool) -> tuple[tuple[tuple[Fraction, tuple[int, ...]], ...], Fraction]:
    top = saturation(target, modifier, lucky)
    if lumped:
        rolls, tail, tail_faces = group_rolls(group, top)
        walked = [(n, b, p, f) for n, b, p, f in rolls] + ([(top + 1, 0, tail, tail_faces)] if tail else [])
        rest = Fraction(0)
    else:
        deep, rest = _deep_rolls(group)
        walked = list(deep)
    results: dict[Any, list[Any]] = {}
    for natural, bumps, p, faces in walked:
        total = natural + bumps * group.bonus + modifier
        aids, left = _aid_values(aid, (max(target + BIG_WIN, CHECK_BANDS[-1] + 1) - total) if lumped else None) \
            if total < target else ([(0, Fraction(1), ())], Fraction(0))
        rest += p * left
        for added, q, more in aids:
            final = total + added
            success = final >= target
            size = size_for_total(final) if success else None
            if size is not None and size_up:
                size = larger_size(size, size_up)
            hit = lucky is not None and natural == lucky
            big = success and final - target >= BIG_WIN and not big_done
            key = (success, size, None if lumped else final, hit, big)
            _add(results, key, p * q, faces + more)
    listed, rest = _listed(results, rest)
    return tuple((p, tuple(f)) for p, f in listed), rest


def _session(character: Character) -> tuple[int | None, bool] | None:
    session = character.extra.get("session")
    if not isinstance(session, dict) or not character.stats:
        return None  # the roll opens the session (a lucky number first): enumerated instead
    return session.get("lucky_number"), bool(session.get("big_win"))


def check_classes(character: Character, params: Mapping[str, Any], reads: Iterable[str] = ()
                  ) -> tuple[list[tuple[Fraction, list[int]]], Fraction] | None:
    """The outcome classes of a check by ``character`` (module docstring), or None when this
    kind of check is left to enumeration. ``reads``: the fields of the roll expressions read."""
    session = _session(character)
    if session is None:
        return None
    parsed = parse_check(params, character)
    if parsed.group or parsed.witnessed or parsed.target is None:
        return None
    plan = plan_roll(character, parsed)
    lumped = set(reads) <= LABEL_FIELDS
    listed, rest = _check(plan.group, plan.modifier, int(parsed.target), plan.aid[1] if plan.aid else None,
                          plan.size_up, session[0], session[1], lumped)
    return [(p, list(f)) for p, f in listed], rest


@functools.lru_cache(maxsize=4096)
def _contest(mine: Group, my_mod: int, my_aid: int | Die | None, theirs: Group, their_mod: int,
             their_aid: int | Die | None, disarmed: bool, lucky: int | None, big_done: bool,
             lumped: bool) -> tuple[tuple[tuple[Fraction, tuple[int, ...]], ...], Fraction]:
    a_rolls, rest_a = _deep_rolls(mine)
    d_rolls, rest_d = _deep_rolls(theirs)
    rest = 1 - (1 - rest_a) * (1 - rest_d)
    attacker: dict[tuple[int, bool], list[Any]] = {}
    for natural, bumps, p, faces in a_rolls:
        _add(attacker, (natural + bumps * mine.bonus + my_mod, lucky is not None and natural == lucky), p, faces)
    defender: dict[int, list[Any]] = {}
    for natural, bumps, p, faces in d_rolls:
        _add(defender, natural + bumps * theirs.bonus + their_mod, p, faces)
    my_aids, left_a = _aid_values(my_aid, None)
    their_aids, left_d = _aid_values(their_aid, None)
    results: dict[Any, list[Any]] = {}
    for (a_total, hit), (p, a_faces) in attacker.items():
        for d_total, (q, d_faces) in defender.items():
            pq = p * q
            mine_aid = my_aids if a_total <= d_total else [(0, Fraction(1), ())]
            if a_total <= d_total:
                rest += pq * left_a
            for added, r, more in mine_aid:
                a_final = a_total + added
                their_aid_values = their_aids if a_final > d_total else [(0, Fraction(1), ())]
                if a_final > d_total:
                    rest += pq * r * left_d
                for d_added, s, d_more in their_aid_values:
                    margin = a_final - (d_total + d_added)
                    success = margin > 0
                    size = size_for_margin(margin) if success else None
                    if size == "maximum" and disarmed:
                        size = "very-major"
                    big = success and margin >= BIG_WIN and not big_done
                    key = (success, size, None if lumped else (a_final, d_total + d_added), hit, big)
                    _add(results, key, pq * r * s, a_faces + d_faces + more + d_more)
    listed, rest = _listed(results, rest)
    return tuple((p, tuple(f)) for p, f in listed), rest


def contest_classes(character: Character, opponent: Character, params: Mapping[str, Any],
                    reads: Iterable[str] = ()) -> tuple[list[tuple[Fraction, list[int]]], Fraction] | None:
    """The outcome classes of a contest the character starts (module docstring), or None when
    it is left to enumeration (a defended contest, vulnerability, a session not open yet)."""
    session = _session(character)
    if session is None or params.get("defending"):
        return None
    mine, theirs, violent = parse_contest(character, opponent, params)
    if Conditions.of(character).has("vulnerability") or Conditions.of(opponent).has("vulnerability"):
        return None
    a_plan = plan_roll(character, mine, role="attacker", violent=violent)
    d_plan = plan_roll(opponent, theirs, role="defender", violent=violent)
    if a_plan.spark_paid is not None or d_plan.spark_paid is not None:
        return None  # a spark paid changes the pools the classes were planned with
    disarmed = violent and Conditions.of(character).has("disarmed")
    lumped = set(reads) <= LABEL_FIELDS
    listed, rest = _contest(a_plan.group, a_plan.modifier, a_plan.aid[1] if a_plan.aid else None,
                            d_plan.group, d_plan.modifier, d_plan.aid[1] if d_plan.aid else None,
                            disarmed, session[0], session[1], lumped)
    return [(p, list(f)) for p, f in listed], rest
