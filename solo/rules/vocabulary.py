"""Each game system's words for players: names of resources and outcomes, terms, rules and sources.

Rulesets speak in ids (``xp``, ``sp_unspent``, ``near-success``); players read labels. This module
is the ruleset side of "every name on screen comes from a label": the presentation layer
(:mod:`solo.ui.words`) looks a name up in the adventure first, then here, and ``solo validate``
warns about a name shown to players that neither gives.

Every sentence here is our own summary of a mechanic; the ``source`` of a rule names the book and
the section where a player can read it in full. Pure data: no I/O, nothing imported but dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rule:
    """One rule explained in plain words, with where the book says it."""

    title: str
    text: str
    source: str


@dataclass(frozen=True)
class Vocabulary:
    system: str
    book: str
    #: resource id -> label ("xp" -> "Experience")
    resources: dict[str, str] = field(default_factory=dict)
    #: resource ids that are bookkeeping, never shown to players
    hidden_resources: frozenset[str] = frozenset()
    #: outcome label -> words ("near-success" -> "near success")
    outcomes: dict[str, str] = field(default_factory=dict)
    #: outcome label -> what it means for the story
    meanings: dict[str, str] = field(default_factory=dict)
    #: the game's terms, for :help
    terms: tuple[tuple[str, str], ...] = ()
    #: topic -> rule, for ? and :rules ("check" is the system's basic roll)
    rules: dict[str, Rule] = field(default_factory=dict)
    #: words for one die's reading, in systems that read dice one by one
    readings: dict[str, str] = field(default_factory=dict)


COMMON_RESOURCES = {
    "xp": "Experience",
    "ep": "Experience points",
    "rerolls": "Rerolls",
    "luck": "Luck",
    "unluck": "Unluck",
    "blessings": "Blessing dice",
    "learning": "Learning",
    "experience": "Experience",
    "health": "Health",
    "max_health": "Maximum health",
    "fp": "Fatigue points",
    "enc": "Encumbrance",
    "level": "Level",
}

GUTS = Vocabulary(
    system="guts-plus",
    book="The GUTS+ System",
    resources={"xp": "Experience (XP)", "learning": "Learning experiences"},
    outcomes={
        "negative-impact": "disaster",
        "failure": "failure",
        "near-success": "near success",
        "success": "full success",
        "positive-impact": "great success",
    },
    meanings={
        "negative-impact": "it goes wrong, and something else goes wrong with it",
        "failure": "it does not work",
        "near-success": "almost: it works with a cost, or nearly works",
        "success": "it works",
        "positive-impact": "it works, with something extra in your favour",
    },
    readings={
        "negative-impact": "disaster",
        "failure": "miss",
        "near-success": "close",
        "success": "hit",
        "positive-impact": "great",
    },
    terms=(
        ("quality", "what your character is good at (Gumption, Utility, Thought, Slyness and your own); its level is how many dice you roll"),
        ("check", "roll one die per level of the quality; each die is read alone and the dice that agree most decide"),
        ("near success", "most dice read close (3), or sixes and ones cancel every die: it almost works; the adventure says at what cost"),
        ("bonus die", "two dice showing the same face (above 1) earn one extra die; the pips of the bonus dice you take are added up and shared out among your dice"),
        ("contest", "you and the other side each roll and total your dice; the difference decides"),
        ("XP", "experience: one for a check with a 1 or 2 in it, more from the adventure; at 100 a quality rises"),
        ("learning", "a disaster on a quality teaches you, and so can the adventure: ten of them raise it by one"),
        ("mastery", "a quality at 10 with 10 learning experiences: once per roll, set one die to any face"),
        ("fail on purpose", "skip a roll you fear, take a plain failure and one XP per die you would have rolled; once per choice"),
        ("injury", "a hit marks one body part; a part takes two injuries and is then lost; losing the head, or three other parts at once, knocks you out"),
        ("protection", "worn gear over a body part takes its injuries first, two of them; then it must be set right before it protects again"),
        ("impact", "the book's word for the two ends of a roll: a positive impact is a great success (in a fight, one more injury), a negative impact a disaster (in close combat the other side strikes back)"),
    ),
    rules={
        "check": Rule(
            "Checks",
            "Roll one six-sided die per level of the quality. Each die is read alone: 1 is a disaster, "
            "2 a miss, 3 close, 4 or 5 a hit, 6 great. A 6 cancels a 1. If one reading holds more than "
            "half of the dice left, that is the result. Otherwise the good dice (4 to 6) are counted "
            "against the bad (1 and 2): more bad dice is a failure; as many or fewer, a full success. "
            "If sixes and ones cancel every die, it is a near success.",
            "The GUTS+ System, “Check”",
        ),
        "near-success": Rule(
            "Near success",
            "A near success is the Game Master's call in the book. Here the adventure decides: it may "
            "say what a near success does; if it does not, a second die settles it (4 to 6 counts as "
            "success), or the check says how it counts.",
            "The GUTS+ System, “Check”; solo's rules digest",
        ),
        "bonus": Rule(
            "Doubles and bonus dice",
            "Two dice showing the same face above 1 make a double, and each double earns one bonus "
            "die. You may roll each or not. The pips of all the bonus dice you take are added up and "
            "shared out among your dice to raise them, none above 6; solo proposes the split that "
            "reads best, and you may type your own, one number per die (1 0 2). With mastery you may "
            "set one die to any face (type m 2 5 for die 2 to 5); a double it makes before you take a "
            "bonus die earns one.",
            "The GUTS+ System, “Rolling Doubles”",
        ),
        "voluntary-failure": Rule(
            "Failing on purpose",
            "Instead of rolling you may accept a failure (never a disaster) and gain 1 XP for every die "
            "you would have rolled. Each choice allows it once: trying the same thing again means "
            "rolling.",
            "The GUTS+ System, “Voluntary Failure”",
        ),
        "contest": Rule(
            "Contests",
            "Both sides roll their dice and add them up. Ahead by 1 to 3 is a full success, by more a "
            "great success; level is a near success; behind by 1 or 2 a failure, by more a disaster. The "
            "book reads a contest for the side that acts; when you defend, its result is turned round for "
            "you: its full success is your failure, its great success your disaster, its disaster your "
            "great success.",
            "The GUTS+ System, “Contest”",
        ),
        "fight": Rule(
            "Fights",
            "The first round goes in Gumption order, then all act freely. An attack is a contest (Gumption "
            "up close, Utility at range): a full success lands the weapon's injuries on a body part, a "
            "great success one more, a near success is settled by a die as a hit or a miss, a disaster "
            "turns it on the attacker (up close, the defender strikes back; at range, a lost turn). Each "
            "part takes two injuries before it is lost; protection over it takes the first two. Losing "
            "the head, or three other parts at once, knocks a fighter out.",
            "The GUTS+ System, “Combat”, “Injuries” and “Protection”",
        ),
        "xp": Rule(
            "Experience",
            "A check with a 1 or a 2 among its dice earns 1 XP; adventures award more for what you "
            "achieve. At 100 XP, raise one quality by one or add a new quality, and start again from 0.",
            "The GUTS+ System, “Experience Points”",
        ),
    },
)

GAME = Vocabulary(
    system="game",
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
    },
)

LOOSE = Vocabulary(
    system="loose-fuzzy",
    book="A Loose and Fuzzy Game System",
    resources={"luck": "Luck", "unluck": "Unluck", "experience": "Experience"},
    outcomes={
        "critical-failure": "critical failure",
        "failure": "failure",
        "costly-success": "success at a cost",
        "success": "success",
        "critical-success": "critical success",
    },
    meanings={
        "critical-failure": "it fails, and something bad happens too",
        "costly-success": "it works, but the first two dice both showed 1: something bad comes with it",
        "failure": "it does not work",
        "success": "it works",
        "critical-success": "it works remarkably well",
    },
    terms=(
        ("ability", "rated 1 to 5: roll that many six-sided dice and add them up"),
        ("target", "the total to reach: easy 4, average 7, hard 11, really hard 14, nigh impossible 18"),
        ("critical", "the first two dice both 6: a critical success (roll more); both 1: a critical failure"),
        ("Luck / Unluck", "rolled like abilities when chance itself decides something good or bad"),
        ("experience", "a few points at the end of a story, spent on raising abilities"),
        ("advantage (AP)", "in a fight, the margin by which you beat your opponent's roll; kept until you spend it"),
        ("defence (DT)", "a fighter's Defense Total: what one wound costs in advantage; +2 to knock out rather than hurt, +4 with a deadly weapon"),
        ("wound steps", "advantage spent against the defence: 1x a moderate wound (-1 die), 2x serious (-2), 3x mortal (-3), 4x a killing blow"),
    ),
    rules={
        "check": Rule(
            "Checks",
            "Roll one die per point of the ability and add them. Reaching the target succeeds. The first "
            "two dice are marked: two 6s add another die (again on each 6), two 1s mean something bad "
            "happens even if the total succeeds.",
            "A Loose and Fuzzy Game System, “Rolling dice” and “Criticals”",
        ),
        "contest": Rule(
            "Contests",
            "Each side rolls its ability; the higher total wins, and a tie is rolled again.",
            "A Loose and Fuzzy Game System, “Contests”",
        ),
        "fight": Rule(
            "Fights",
            "Each round both fighters roll their ability at once; the winner's margin becomes advantage "
            "against the loser. At the round's end it can be kept or spent: on a wound (at least the "
            "loser's defence for a moderate one, twice for serious, three times for mortal, four times to "
            "kill), or 2 or 4 for a manoeuvre. A wound calls for a Tenacity roll of 7 to stay up.",
            "A Loose and Fuzzy Game System, “Combat Rules for Those Who Really Need 'Em”",
        ),
    },
)

HB = Vocabulary(
    system="humanity-blessed",
    book="Humanity, Blessed",
    resources={"blessings": "Blessing dice", "free_upgrades": "Free upgrades", "cursed": "Cursed"},
    hidden_resources=frozenset({"spark_paid", "upgrades_bought", "sp_unspent"}),
    outcomes={"failure": "failure", "success": "success"},
    meanings={"failure": "it does not work", "success": "it works"},
    terms=(
        ("stat die", "each stat is a die, d4 to d10; you roll it against a target"),
        ("bumping", "a die showing 1 is rolled again and added, as often as it shows 1"),
        ("blessing dice", "a pool of kept d6s; spend them to help a roll (one die: +1; n dice: +dcn)"),
        ("+dcN", "a capped die: the smallest die that can show N, with anything above N read as N (dc2 is a d4 reading 1, 2, 2, 2)"),
        ("spark", "pay two blessing dice of equal worth to roll two equal stats together"),
        ("outcome size", "how big a success or failure is: very minor, minor, medium, major, very major, maximum"),
        ("target", "lowest 3, easy 4, medium 8, hard 12, very hard 16, trial 20"),
    ),
    rules={
        "check": Rule(
            "Checks",
            "Roll the stat's die; a 1 bumps (roll again and add). Reaching the target succeeds, and the "
            "total sets how big the outcome is.",
            "Humanity, Blessed, “Basic Checks” and “Bumping Dice”",
        ),
        "blessings": Rule(
            "Blessing dice",
            "Gaining a blessing die means rolling a d6 and keeping it with its face; a 1 brings another. "
            "Once per roll you may spend some: one die gives +1, n dice give a capped die +dcn.",
            "Humanity, Blessed, “Blessing Dice” and “Spending Blessing Dice”",
        ),
        "dc": Rule(
            "Capped dice",
            "dcX is the smallest standard die that can show X, any higher face read as X: dc2 is a d4 "
            "reading 1, 2, 2, 2. Capped dice bump like the others.",
            "Humanity, Blessed, “Capped Dice”",
        ),
        "contest": Rule(
            "Contests",
            "The defender rolls the same stat; the attacker wins only with a strictly higher total. The "
            "margin sets the outcome's size.",
            "Humanity, Blessed, “Contests”",
        ),
    },
)

FOUR_S = Vocabulary(
    system="four-s",
    book="the d3 system of Strength, Skill, Support and Scharisma",
    resources={"health": "Health", "max_health": "Maximum health", "level": "Level", "sp_unspent": "Unspent skill points"},
    outcomes={"failure": "failure", "success": "success", "draw": "draw"},
    meanings={"failure": "it does not work", "success": "it works", "draw": "nothing changes"},
    terms=(
        ("stat", "Strength, Skill, Support, Scharisma, each in six tiers of skill points"),
        ("Roleplay Bonus", "the highest tier of a stat that holds a point: added to your d6"),
        ("goal", "the number to reach: very easy 3 up to almost impossible 12"),
        ("action points (AP)", "what actions cost in a fight: six for each of your phases, restored at its start"),
    ),
    rules={
        "check": Rule(
            "Rolls",
            "Roll a d6 and add the stat's Roleplay Bonus; reaching the goal succeeds.",
            "Strength, Skill, Support, Scharisma, “Roleplay Bonuses” and “How To Roleplay”",
        ),
        "contest": Rule(
            "Competing rolls",
            "Both roll; the higher wins and a tie changes nothing (between players the defendant wins ties).",
            "Strength, Skill, Support, Scharisma, “Roleplaying in Combat”",
        ),
    },
)

_BY_SYSTEM = {v.system: v for v in (GUTS, GAME, LOOSE, HB, FOUR_S)}


def for_system(system: str) -> Vocabulary:
    """The vocabulary of a system; a plugin system without one gets an empty vocabulary."""
    return _BY_SYSTEM.get(system) or Vocabulary(system=system, book=system)


def resource_label(system: str, key: str) -> str | None:
    """The label of a resource in a system, or None when neither it nor the common list has one."""
    vocab = for_system(system)
    return vocab.resources.get(key) or COMMON_RESOURCES.get(key)
