"""The player's questions in a Humanity, Blessed fight, with the exact odds of each answer.

The pending question is the state's ``ask``; :func:`decision` lists the answers on offer and
:func:`answer` carries one out (the fight then goes on by itself). Kinds and their keys:

* ``declare`` (the round's action; ``menu`` main, ``more`` or ``trick:<foe>``):
  ``attack:<foe>`` with optional ``:spark=<stat>``, ``:anger=<stat>`` (Blessèd Anger),
  ``:ignore=<kind>@<stat>`` (Blessèd Determination); ``trick:<foe>:<stat>``; ``tend:<ally>``;
  ``finish:<foe>``; ``flee``; ``hold``; ``yield``; ``more``, ``trick:<foe>`` and ``back`` move
  between the menus;
* ``adapt`` (the declared action cannot go through): ``attack:<foe>``, ``tend:<ally>``,
  ``finish:<foe>``, ``hold``;
* ``defend`` (an attack on the player, its roll known): ``defend:<stat>`` with optional
  ``:spark=<stat>`` or ``:ignore=<kind>@<stat>``;
* ``sentry``: ``sentry`` or ``let``; ``uncommon``: ``uncommon`` or ``roll``;
* ``react`` (the player's roll is in): ``help-<n>``, ``blessed-luck``, ``distract``, ``keep``;
* ``assist`` (an ally's roll is in): ``assist-<n>``, ``distract``, ``pass``;
* ``brace`` (a blow is landing on the player): ``fearless``, ``thorns``, ``take``.

Odds: an attack's is :func:`.chances.attack_odds` (the ruleset's contest odds, what ``solo odds``
shows); a defence's is the chance to hold against the attack's known total; a check's is the
ruleset's check odds; Help's is the chance its die turns the roll around.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from solo.rules.conflict import ALLY, Action, Beat, ConflictError, Decision, percent
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import insurance
from solo.rules.humanity_blessed.blessings import choose_pair
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.fight import abilities as ab
from solo.rules.humanity_blessed.fight import chances, helping, policy, stages, wounds
from solo.rules.humanity_blessed.fight.melee import FINISH_TARGET, TEND_MARGIN
from solo.rules.humanity_blessed.tables import stat_title
from solo.rules.humanity_blessed.fight.uncommon import limit_of, uncommon_chance
from solo.rules.humanity_blessed.offers import help_factor
from solo.rules.humanity_blessed.parsing import parse_check
from solo.rules.humanity_blessed.tables import norm

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.fight.melee import Melee

BACK = Action("back", "Back")
DEFENCE_WORDS = {"hurry": "get out of the way", "head": "outwit them", "hand": "call on honour, or break "
                 "something in their path", "heart": "call for a truce", "home": "reposition yourself"}
TRICK_STATS = ("head", "hand", "heart", "home", "hurry", "history")


# -- reading keys -----------------------------------------------------------------------------


def parse_key(key: str) -> tuple[str, list[str], dict[str, str]]:
    """``attack:goblin:spark=home`` -> ("attack", ["goblin"], {"spark": "home"})."""
    head, *rest = key.split(":")
    plain = [p for p in rest if "=" not in p]
    named = dict(p.split("=", 1) for p in rest if "=" in p)
    return head, plain, named


def condition_of(value: str | None) -> str | None:
    return value.replace("@", ":") if value else None


def key_of(condition: str) -> str:
    return condition.replace(":", "@")


# -- what the player's attack will be ---------------------------------------------------------


def attack_act(target: str, named: dict[str, str]) -> dict[str, Any]:
    anger = named.get("anger")
    return {"do": "attack", "target": target, "stat": anger or "hurt", "spark": named.get("spark"),
            "anger": bool(anger), "ignore": condition_of(named.get("ignore"))}


def attack_odds(m: "Melee", act: dict[str, Any], focal: bool):
    me, target = m.player, act["target"]
    mine = m.check_for(me, act, focal)
    answer = policy.defence(m, target)
    params = {"stat": answer["stat"]}
    if answer["spark"]:
        params["spark"] = answer["spark"]
    theirs = parse_check(params, m.character(target), contest=True)
    with m.ignoring(me, act.get("ignore")), m.ignoring(target, answer.get("ignore")):
        odds = chances.attack_odds(m.character(me), m.character(target), mine, theirs)
    return odds, answer


class Focus:
    """The others' focus rolls this round, for the chance the player strikes first."""

    def __init__(self, m: "Melee") -> None:
        self.m = m
        self.known: dict[Any, Fraction] = {}
        self.others = []
        for key, act in ([] if m.setup.quiet else m.state["declared"].items()):  # quiet: never asked
            if key == m.player or act["do"] in ("hold", "yield") or not m.standing(key):
                continue
            role = "attacker" if act["do"] in ("attack", "trick", "flee") else "check"
            parsed = m.check_for(key, act, True)
            with m.ignoring(key, act.get("ignore")):
                self.others.append(chances.focus_pmf(m.character(key), parsed, role))

    def chance(self, act: dict[str, Any]) -> Fraction:
        role = "attacker" if act["do"] in ("attack", "trick", "flee") else "check"
        parsed = self.m.check_for(self.m.player, act, True)
        with self.m.ignoring(self.m.player, act.get("ignore")):
            character = self.m.character(self.m.player)
            key = chances.focus_key(character, parsed, role)
            if key not in self.known:  # attacks on different foes roll the same focus
                mine = chances.focus_pmf(character, parsed, role)
                self.known[key] = chances.first_chance(mine, self.others)
        return self.known[key]


def describe_attack(m: "Melee", act: dict[str, Any], answer: dict[str, Any]) -> str:
    me, target = m.player, act["target"]
    stat = act["stat"]
    mine = f"{stat_title(stat)} {m.die(me, stat)}"
    if act.get("spark"):
        mine = f"a spark of {mine} and {stat_title(act['spark'])} {m.die(me, act['spark'])}"
    theirs = f"{stat_title(answer['stat'])} {m.die(target, answer['stat'])}"
    if answer.get("spark"):
        theirs += f" sparked with {stat_title(answer['spark'])}"
    text = f"Attack {m.name(target)}: {mine} against their {theirs}"
    if act.get("anger"):
        text += f" (Blessèd Anger{ab.cost_text(m.character(me), ab.ANGER)})"
    if act.get("ignore"):
        text += (f", setting aside your {wounds.wound_words(act['ignore'])} (Blessèd Determination"
                 f"{ab.cost_text(m.character(me), ab.DETERMINATION)})")
    return text


def attack_action(m: "Melee", key: str, act: dict[str, Any], focus: Focus | None, focal: bool = True) -> Action:
    if m.setup.quiet:  # nobody reads odds or hints (a bot's or the analyzer's game): the same action
        return Action(key, describe_attack(m, act, policy.defence(m, act["target"])))
    odds, answer = attack_odds(m, act, focal)
    hit = odds.outcomes["success"]
    hint = f"{percent(hit)} to land"
    severe = chances.severe_share(odds)
    if severe >= Fraction(1, 200):
        hint += f", {percent(severe)} a major blow or worse"
    if focus is not None:
        hint += f"; {percent(focus.chance(act))} to strike first"
    return Action(key, describe_attack(m, act, answer), hit, hint)


# -- the round's action -----------------------------------------------------------------------


def spark_partners(m: "Melee", key: str, stat: str) -> list[str]:
    """The stats the fighter could spark ``stat`` with now (pool, conditions and dice)."""
    character = m.character(key)
    cond = Conditions.of(character)
    if cond.has("taxed") or cond.has("surprise"):
        return []
    if choose_pair(list(character.resources.get("blessings", []) or []), cond.has("cursed")) is None:
        return []
    die = character.stats.get(stat)
    return [s for s in m.stats_of(key) if s != stat and character.stats.get(s) == die]


def ignorable(m: "Melee", key: str, stats: list[str]) -> list[str]:
    """Conditions Blessèd Determination could set aside for a roll of ``stats`` (when the
    ability is ready or can be recharged now)."""
    character = m.character(key)
    if ab.readiness(character, ab.DETERMINATION, npc=key != m.player) is None:
        return []
    found = []
    for raw in character.conditions:
        kind, _, on = str(raw).partition(":")
        if norm(kind) in ("ache", "pain", "weakness", "vulnerability", "uncool", "distracted",
                          "muddled", "disarmed", "surprise", "surprised"):
            if not on or any(norm(on) == norm(s) for s in stats):
                found.append(str(raw))
    return found


def declare_actions(m: "Melee", menu: str) -> list[Action]:
    me = m.player
    focus = Focus(m)
    actions: list[Action] = []
    foes = m.attackable(me)
    has = set(m.stats_of(me))
    if menu == "main":
        if "hurt" in has:
            for foe in foes:
                actions.append(attack_action(m, f"attack:{foe}", attack_act(foe, {}), focus))
        if has_more(m):
            actions.append(Action("more", "Other ways to fight: a spark, your abilities, outwitting…"))
        actions += aftermath_actions(m, focal=True)
        if m.flee_allowed and "hurry" in has:
            actions.append(flee_action(m, focus))
        actions.append(Action("hold", "Stand your ground: no move of your own, defend if attacked"))
        if m.setup.params.get("surrender", True) is not False:
            actions.append(Action("yield", "Yield", hint="the fight ends: surrendered"))
        return actions
    if menu == "more":
        return more_actions(m, focus) + [BACK]
    if menu.startswith("trick:"):
        foe = menu.partition(":")[2]
        return trick_actions(m, foe, focus) + [BACK]
    raise ConflictError(f"no menu {menu!r}")


def has_more(m: "Melee") -> bool:
    """Whether :func:`more_actions` offers anything (without working out its odds)."""
    me = m.player
    foes = m.attackable(me)
    has = m.stats_of(me)
    if not foes:
        return False
    if "hurt" in has and (spark_partners(m, me, "hurt") or ignorable(m, me, ["hurt"])):
        return True
    if ab.readiness(m.character(me), ab.ANGER, npc=False) and any(s in has for s in ab.ANGER_STATS):
        return True
    return any(s in has and s in m.stats_of(foe) for foe in foes for s in TRICK_STATS)


def more_actions(m: "Melee", focus: Focus) -> list[Action]:
    me = m.player
    character = m.character(me)
    actions: list[Action] = []
    foes = m.attackable(me)
    has = m.stats_of(me)
    if "hurt" in has:
        for foe in foes:
            for partner in spark_partners(m, me, "hurt"):
                key = f"attack:{foe}:spark={partner}"
                actions.append(attack_action(m, key, attack_act(foe, {"spark": partner}), focus))
            for condition in ignorable(m, me, ["hurt"]):
                key = f"attack:{foe}:ignore={key_of(condition)}"
                actions.append(attack_action(m, key, attack_act(foe, {"ignore": key_of(condition)}), focus))
    if ab.readiness(character, ab.ANGER, npc=False):
        for foe in foes:
            for stat in ab.ANGER_STATS:
                if stat in has:
                    key = f"attack:{foe}:anger={stat}"
                    actions.append(attack_action(m, key, attack_act(foe, {"anger": stat}), focus))
    for foe in foes:
        if any(s in has and s in m.stats_of(foe) for s in TRICK_STATS):
            actions.append(Action(f"trick:{foe}", f"Outwit or outmanoeuvre {m.name(foe)}…",
                                  hint="a non-violent contest: they are Muddled (-2 on their next focus roll)"))
    return actions


def trick_actions(m: "Melee", foe: str, focus: Focus) -> list[Action]:
    me = m.player
    actions = []
    if foe not in m.attackable(me):
        return actions
    for stat in TRICK_STATS:
        if stat not in m.stats_of(me) or stat not in m.stats_of(foe):
            continue
        act = {"do": "trick", "target": foe, "stat": stat}
        text = f"{stat_title(stat)} {m.die(me, stat)} against their {stat_title(stat)} {m.die(foe, stat)}"
        if m.setup.quiet:  # nobody reads odds or hints
            actions.append(Action(f"trick:{foe}:{stat}", text))
            continue
        mine = m.check_for(me, act, True)
        theirs = parse_check({"stat": stat}, m.character(foe), contest=True)
        odds = chances.attack_odds(m.character(me), m.character(foe), mine, theirs, violent=False)
        hit = odds.outcomes["success"]
        actions.append(Action(f"trick:{foe}:{stat}", text, hit,
                              f"{percent(hit)} to muddle them; {percent(focus.chance(act))} to go first"))
    return actions


def aftermath_actions(m: "Melee", focal: bool) -> list[Action]:
    """Tending a fallen ally and finishing a fallen foe."""
    me = m.player
    actions = []
    has = m.stats_of(me)
    if "home" in has:
        for ally in m.friends(me):
            if ally != me and m.is_down(ally):
                need = int(m.state["down"][ally]["roll"]) + TEND_MARGIN
                odds = chances.check_chance(m.character(me), {"stat": "home", "target": need, "focal": focal})
                if insurance.insured_in_fight(m.character(ally)):
                    odds = Fraction(1)  # their Blessèd Insurance turns a failed tend
                actions.append(Action(f"tend:{ally}", f"Tend {m.name(ally)}: Home {m.die(me, 'home')} against {need}",
                                      odds, f"{percent(odds)} to get them back up"))
    if "hurt" in has:
        for foe in m.foes(me):
            if m.is_down(foe):
                odds = chances.check_chance(m.character(me), {"stat": "hurt", "target": FINISH_TARGET, "focal": focal})
                word = "kill" if m.lethal else "finish"
                actions.append(Action(f"finish:{foe}", f"Deliver the coup de grace to {m.name(foe)}: Hurt "
                                      f"{m.die(me, 'hurt')} against {FINISH_TARGET}", odds,
                                      f"{percent(odds)} to {word} them"))
    return actions


def flee_action(m: "Melee", focus: Focus | None) -> Action:
    me = m.player
    stopper = stages.blocker(m, me)
    if stopper is None:
        return Action("flee", "Run for it: nobody is free to stop you", Fraction(1), "100% to get away")
    text = (f"Run for it: Hurry {m.die(me, 'hurry')} against {m.possessive(stopper)} "
            f"Hurry {m.die(stopper, 'hurry')}")
    if m.setup.quiet:  # nobody reads odds or hints
        return Action("flee", text)
    act = {"do": "flee"}
    mine = m.check_for(me, act, focus is not None)
    theirs = parse_check({"stat": "hurry"}, m.character(stopper), contest=True)
    odds = chances.attack_odds(m.character(me), m.character(stopper), mine, theirs, violent=False)
    hit = odds.outcomes["success"]
    hint = f"{percent(hit)} to get past {m.name(stopper)} if they are free to stop you"
    return Action("flee", text, hit, hint)


def adapt_actions(m: "Melee") -> list[Action]:
    me = m.player
    actions = []
    if "hurt" in m.stats_of(me):
        for foe in m.attackable(me):
            if m.free(foe):
                actions.append(attack_action(m, f"attack:{foe}", attack_act(foe, {}), None, focal=False))
    actions += aftermath_actions(m, focal=False)
    actions.append(Action("hold", "Let the moment pass"))
    return actions


# -- answering an attack ----------------------------------------------------------------------


def defence_act(stat: str, named: dict[str, str]) -> dict[str, Any]:
    return {"stat": stat, "spark": named.get("spark"), "ignore": condition_of(named.get("ignore"))}


SPARK_DEFENCE = Action("spark", "Spark your answer: two balanced stats, paid in blessing dice…")


def defend_actions(m: "Melee", menu: str = "main") -> list[Action]:
    """The answers to an attack: each stat alone (and set free of a wound) in the main menu,
    the sparks in their own (``menu`` spark), so the list fits a screen."""
    every = all_defences(m)
    if menu == "spark":
        return [a for a in every if ":spark=" in a.key] + [BACK]
    plain = [a for a in every if ":spark=" not in a.key]
    return plain + ([SPARK_DEFENCE] if len(plain) < len(every) else [])


def all_defences(m: "Melee") -> list[Action]:
    me = m.player
    now = m.state["now"]
    attacker = now["actor"]
    record = RollRecord.from_dict(now["record"])
    first = int(record.total or 0)
    mine = parse_check(record.details["attack"], m.character(attacker), contest=True)
    actions = []
    quiet = m.setup.quiet  # nobody reads odds or hints: the same actions without the chance to hold
    for stat in policy.defence_stats(m, me):
        variants: list[tuple[str, dict[str, str]]] = [(f"defend:{stat}", {})]
        variants += [(f"defend:{stat}:spark={p}", {"spark": p}) for p in spark_partners(m, me, stat)]
        variants += [(f"defend:{stat}:ignore={key_of(c)}", {"ignore": key_of(c)}) for c in ignorable(m, me, [stat])]
        for key, named in variants:
            answer = defence_act(stat, named)
            params = {"stat": stat}
            if answer["spark"]:
                params["spark"] = answer["spark"]
            theirs = parse_check(params, m.character(me), contest=True)
            if quiet:
                hold = None
            else:
                with m.ignoring(attacker, now["act"].get("ignore")), m.ignoring(me, answer["ignore"]):
                    hold = chances.hold_chance(m.character(attacker), m.character(me), mine, theirs, first,
                                               violent=bool(record.details.get("violent")))
            text = f"{stat_title(stat)} {m.die(me, stat)}: {DEFENCE_WORDS.get(stat, 'answer')}"
            if answer["spark"]:
                text = (f"Spark {stat_title(stat)} and {stat_title(answer['spark'])} "
                        f"({m.die(me, stat)}s): {DEFENCE_WORDS.get(stat, 'answer')}")
            if answer["ignore"]:
                text += (f", setting aside your {wounds.wound_words(answer['ignore'])} (Blessèd Determination"
                         f"{ab.cost_text(m.character(me), ab.DETERMINATION)})")
            actions.append(Action(key, text, hold, "" if hold is None else f"{percent(hold)} to hold against {first}"))
    return actions


# -- after a roll -------------------------------------------------------------------------------


def _need(record: RollRecord, defending: bool) -> int:
    """How much more the side would need to turn the result (0 when it already stands)."""
    if record.kind == "check":
        return max(0, int(record.details.get("target") or 0) - int(record.total or 0))
    total, other = int(record.total or 0), int(record.details.get("opponent_total", 0))
    if defending:
        return max(0, total - other)
    return max(0, other - total + 1)


def _help_actions(m: "Melee", payer: str, record: RollRecord, defending: bool, prefix: str, other: bool) -> list[Action]:
    key = "opponent_help" if defending else "help"
    allowed = record.details.get("opponent_help_allowed" if defending else "help_allowed", True)
    if key in record.details or not allowed or record.details.get("automatic"):
        return []
    need = _need(record, defending)
    if need == 0 and (defending or record.kind == "check"):
        return []  # it holds (or succeeds) already, and a bigger margin changes nothing
    actions = []
    for n in range(1, helping.usable(m.character(payer)) + 1):
        count = helping.worth_of(m.character(payer), n, other=other)
        noun = "die" if n == 1 else "dice"
        odds = chances.help_chance(count, need) if need else None
        hint = f"{percent(odds)} to turn it" if need else "a bigger margin"
        actions.append(Action(f"{prefix}-{n}", f"Spend {n} blessing {noun} for {helping.bonus_text(count)}",
                              odds, hint))
    return actions


def _distract_action(m: "Melee", record: RollRecord, winner: str) -> list[Action]:
    me = m.player
    character = m.character(me)
    if not record.success or record.details.get("automatic") or "distraction" in record.details:
        return []
    if not character.items or winner == me or m.side_of(winner) == m.side_of(me):
        return []
    if ab.readiness(character, ab.DISTRACTION, npc=False) is None:
        return []
    item = m.setup.item_names.get(character.items[0], character.items[0])
    turns = (int(record.details.get("margin", 0)) - ab.DISTRACTION_PENALTY) < (0 if record.kind == "check" else 1)
    return [Action("distract", f"Distract {m.name(winner)} with your {item}: -{ab.DISTRACTION_PENALTY} "
                               f"(Blessèd Distraction{ab.cost_text(character, ab.DISTRACTION)})",
                   Fraction(1 if turns else 0), "turns it" if turns else "not enough to turn it")]


def react_options(m: "Melee", now: dict[str, Any]) -> list[Action]:
    """What the player may still do to a roll they took part in (nothing: no question)."""
    me = m.player
    record = RollRecord.from_dict(now["record"])
    actions: list[Action] = []
    if now["actor"] == me:
        factor = help_factor(record, m.character(me))
        for offer in m.ruleset.offers(record, m.character(me)):
            if offer.key.startswith("help-") and record.kind == "check" and record.success:
                continue  # a tending or a coup de grace that succeeds needs nothing more
            if offer.key.startswith("help-"):
                n = int(offer.key.split("-", 1)[1])
                need = _need(record, False)
                odds = chances.help_chance(n * factor, need) if need else None
                hint = f"{percent(odds)} to turn it" if need else "a bigger result"
                actions.append(Action(offer.key, offer.text, odds, hint))
            elif offer.key == "blessed-luck":
                actions.append(Action(offer.key, offer.text, hint="roll the check again"))
    else:
        if record.kind == "contest":  # a foe's check on the player (a coup de grace) takes no Help
            actions += _help_actions(m, me, record, True, "help", other=False)
        actions += _distract_action(m, record, now["actor"])
    if not actions:
        return []
    return actions + [Action("keep", "Let it stand")]




def assist_options(m: "Melee", now: dict[str, Any]) -> list[Action]:
    """The player's Help (or Distraction) for an ally's roll, when it could matter."""
    me = m.player
    if not m.standing(me):
        return []
    actor = now["actor"]
    target = now.get("defender") or now["act"].get("target")
    record = RollRecord.from_dict(now["record"])
    sides = (actor,) if record.kind == "check" else (actor, target)
    friend = next((k for k in sides if k and k != me and m.by_key[k].side == ALLY), None)
    defending = friend is not None and friend != actor
    actions = []
    if friend is not None and m.free(me) and _need(record, defending) > 0:
        actions += _help_actions(m, me, record, defending, "assist", other=True)
    winner = actor if record.success else None
    if winner is not None and m.side_of(winner) != m.side_of(me):
        actions += _distract_action(m, record, winner)
    if not actions:
        return []
    whose = m.name(friend) if friend else "them"
    return actions + [Action("pass", f"Leave it to {whose}")]


def brace_options(m: "Melee", now: dict[str, Any]) -> list[Action]:
    me = m.player
    character = m.character(me)
    record = RollRecord.from_dict(now["record"])
    size = record.details.get("size")
    actions = []
    if ab.fearless_ready(character) and not now.get("fearless"):
        actions.append(Action("fearless", "Fearless Resolve: take the blow one size smaller and gain a "
                                          "Blessing (once a session)"))
    if m.close and not now.get("thorns") and ab.readiness(character, ab.THORNS, npc=False):
        actions.append(Action("thorns", f"Blessèd Thorns: {m.name(now['actor'])} takes a lesser version of "
                                        f"the same hurt{ab.cost_text(character, ab.THORNS)}"))
    if not actions:
        return []
    return actions + [Action("take", f"Take the {str(size).replace('-', ' ')} blow")]


def sentry_actions(m: "Melee") -> list[Action]:
    now = m.state["now"]
    friend = now["act"]["target"]
    character = m.character(m.player)
    return [Action("sentry", f"Step in front of {m.name(friend)} and take the attack yourself "
                             f"(Blessèd Sentry{ab.cost_text(character, ab.SENTRY)})"),
            Action("let", f"Let {m.name(friend)} answer it")]


def uncommon_actions(m: "Melee") -> list[Action]:
    now = m.state["now"]
    me, target = m.player, now["act"]["target"]
    answer = policy.defence(m, target)
    params = {"stat": answer["stat"]}
    if answer["spark"]:
        params["spark"] = answer["spark"]
    theirs = parse_check(params, m.character(target), contest=True)
    limit = int(limit_of(m, me) or 0)
    with m.ignoring(target, answer.get("ignore")):
        odds = uncommon_chance(m, target, theirs, limit)
    record = RollRecord.from_dict(now["record"])
    first = int(record.total or 0)
    mine = parse_check(record.details["attack"], m.character(me), contest=True)
    with m.ignoring(me, now["act"].get("ignore")), m.ignoring(target, answer.get("ignore")):
        hold = chances.hold_chance(m.character(me), m.character(target), mine, theirs, first)
    return [
        Action("uncommon", f"Uncommon Attack: {m.name(target)} rolls first and your History "
                           f"{m.die(me, 'history')} decides (up to {limit})", odds,
               f"{percent(odds)} to land"),
        Action("roll", f"Strike with your roll of {first}", 1 - hold, f"{percent(1 - hold)} to land"),
    ]


# -- the decision and the answer ----------------------------------------------------------------


def decision(m: "Melee") -> Decision:
    ask = m.state.get("ask")
    if not ask:
        raise ConflictError("the fight is not waiting for the player")
    kind = ask["kind"]
    now = m.state.get("now") or {}
    if kind == "declare":
        menu = ask.get("menu", "main")
        prompt = f"Round {m.state['round']}: what do you do?"
        if menu == "more":
            prompt = "Which way?"
        elif menu.startswith("trick:"):
            prompt = f"Wrong-foot {m.name(menu.partition(':')[2])} with which stat?"
        return Decision(prompt, tuple(declare_actions(m, menu)))
    if kind == "adapt":
        return Decision("Your move cannot go through now. What instead?", tuple(adapt_actions(m)))
    if kind == "defend":
        record = RollRecord.from_dict(now["record"])
        return Decision(f"{m.title(now['actor'])} attacks you: {record.total}. How do you answer?",
                        tuple(defend_actions(m, ask.get("menu", "main"))))
    if kind == "sentry":
        return Decision(f"{m.title(now['actor'])} attacks {m.name(now['act']['target'])}.", tuple(sentry_actions(m)))
    if kind == "uncommon":
        return Decision("How do you strike?", tuple(uncommon_actions(m)))
    if kind == "react":
        record = RollRecord.from_dict(now["record"])
        return Decision(f"{roll_summary(m, now, record)} Anything more?", tuple(react_options(m, now)))
    if kind == "assist":
        record = RollRecord.from_dict(now["record"])
        return Decision(f"{roll_summary(m, now, record)} Step in?", tuple(assist_options(m, now)))
    if kind == "brace":
        record = RollRecord.from_dict(now["record"])
        return Decision(f"A {str(record.details.get('size')).replace('-', ' ')} blow is landing.",
                        tuple(brace_options(m, now)))
    raise ConflictError(f"unknown question {kind!r}")


def roll_summary(m: "Melee", now: dict[str, Any], record: RollRecord) -> str:
    if record.kind == "check":
        word = "made it" if record.success else "short"
        return f"{record.total} against {record.details.get('target')}: {word}."
    total, other = int(record.total or 0), int(record.details.get("opponent_total", 0))
    return f"{total} against {other}: {'the attack wins' if record.success else 'it holds'}."


def answer(m: "Melee", dice: Dice, key: str, beats: list[Beat], offered: Decision | None = None,
           on_offer: bool = False) -> None:
    """Carry out the player's answer (it must be on offer). ``offered`` is the decision as it was
    offered for this very fight and state, when the caller kept it (its odds cost most of a turn);
    ``on_offer``: the caller took ``key`` from that decision's enabled actions (not checked again)."""
    if not on_offer:
        if offered is None:
            offered = decision(m)
        if key not in {a.key for a in offered.actions if a.enabled}:
            raise ConflictError(f"no action {key!r} now")
    ask = m.state["ask"]
    kind = ask["kind"]
    head, plain, named = parse_key(key)
    me = m.player
    now = m.state.get("now")
    if kind == "declare":
        if key in ("more", "back") or (head == "trick" and len(plain) == 1):
            ask["menu"] = {"more": "more", "back": "main"}.get(key, key)
            return
        if key == "yield":
            m.state["out"][me] = "yielded"
            beats.append(Beat(me, "You yield."))
            m.state["ask"] = None
            return
        m.state["declared"][me] = declared_act(head, plain, named)
        m.state["ask"] = None
        m.roll_focus(dice, beats)
        return
    if kind == "defend" and key in ("spark", "back"):
        ask["menu"] = "spark" if key == "spark" else "main"
        return
    m.state["ask"] = None
    if kind == "adapt":
        if key == "hold":
            beats.append(Beat(me, "You let the moment pass."))
            m.finish_now()
            return
        stages.start_fresh(m, dice, beats, now, declared_act(head, plain, named))
        return
    if kind == "defend":
        now["defence"] = defence_act(plain[0], named)
        now["stage"] = "close"
        return
    if kind == "sentry":
        if key == "sentry":
            line = ab.use(m.character(me), ab.SENTRY)
            beats.append(Beat(me, f"You step in front of {m.name(now['act']['target'])} (Blessèd Sentry"
                                  f"{', ' + line if line else ''})."))
            now["act"]["target"] = me
        now["stage"] = "defence"
        return
    if kind == "uncommon":
        now["uncommon"] = key == "uncommon"
        if now["uncommon"]:
            now["defence"] = policy.defence(m, now["act"]["target"])
        return
    if kind == "brace":
        if key == "fearless":
            now["fearless"] = True
            m.state["ask"] = {"kind": "brace"} if brace_options(m, now) else None
        elif key == "thorns":
            now["thorns"] = True
            m.state["ask"] = {"kind": "brace"} if brace_options(m, now) else None
        if m.state["ask"] is None:
            now["stage"] = "apply"
        return
    record = RollRecord.from_dict(now["record"])
    if kind == "react":
        if key == "keep":
            now["player_done"] = True
            return
        if key == "distract":
            record = stages.distract(m, record, me, beats)
        elif now["actor"] == me:
            record = m.ruleset.apply_offer(dice, record, m.character(me), key)
            beats.append(Beat(me, f"Now {roll_summary(m, now, record)}", record, "after your answer"))
        else:
            record = helping.add_help(dice, record, m.character(me), int(key.split("-")[1]), defending=True)
            beats.append(Beat(me, f"Now {roll_summary(m, now, record)}", stages.shown(m, now, record),
                              "after your help"))
        now["record"] = record.to_dict()
        m.state["ask"] = {"kind": "react"} if react_options(m, now) else None
        if m.state["ask"] is None:
            now["player_done"] = True
        return
    if kind == "assist":
        if key == "pass":
            return
        if key == "distract":
            record = stages.distract(m, record, me, beats)
        else:
            friend = now["actor"] if m.by_key[now["actor"]].side == ALLY else now.get("defender")
            record = helping.add_help(dice, record, m.character(me), int(key.split("-")[1]),
                                      defending=friend != now["actor"], other=True)
            if me not in m.state["involved"]:
                m.state["involved"].append(me)
            beats.append(Beat(me, f"You help {m.name(friend)}: {roll_summary(m, now, record)}",
                              stages.shown(m, now, record), "after your help"))
        now["record"] = record.to_dict()
        return
    raise ConflictError(f"unknown question {kind!r}")


def declared_act(head: str, plain: list[str], named: dict[str, str]) -> dict[str, Any]:
    if head == "attack":
        return attack_act(plain[0], named)
    if head == "trick":
        return {"do": "trick", "target": plain[0], "stat": plain[1]}
    if head in ("tend", "finish"):
        return {"do": head, "target": plain[0]}
    if head in ("flee", "hold"):
        return {"do": head}
    raise ConflictError(f"no action {head!r}")
