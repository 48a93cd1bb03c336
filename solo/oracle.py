"""The oracle: yes/no answers for questions an adventure leaves open, with a likelihood.

Our own table (documented in README, "Oracle and dice"). A question may end with a likelihood
word; the oracle rolls a d100 against the chance of *yes* for it:

=================  =====
likelihood         yes
=================  =====
certain            95 %
likely             75 %
even (default)     50 %
unlikely           25 %
impossible          5 %
=================  =====

A roll at or under a fifth of that chance is an emphatic "yes, and ..."; a roll in the top fifth
of the *no* range an emphatic "no, and ...". A double (11, 22 ... 99, 100) adds a twist: the
answer holds, but something unexpected comes with it. No I/O: the caller passes the dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from solo.errors import SoloError
from solo.rules.dice import Dice

LIKELIHOOD: dict[str, int] = {
    "certain": 95,
    "likely": 75,
    "even": 50,
    "unlikely": 25,
    "impossible": 5,
}
#: other words players type for the same likelihoods
SYNONYMS = {
    "sure": "certain", "surely": "certain", "very-likely": "certain", "probably": "likely",
    "probable": "likely", "maybe": "even", "50/50": "even", "fifty-fifty": "even",
    "doubtful": "unlikely", "improbable": "unlikely", "very-unlikely": "impossible",
}


class OracleError(SoloError, ValueError):
    """A question the oracle cannot take (empty)."""


@dataclass(frozen=True)
class Answer:
    question: str
    likelihood: str
    chance: int
    roll: int
    yes: bool
    emphatic: bool
    twist: bool

    @property
    def words(self) -> str:
        base = ("Yes" if self.yes else "No") + (", and more so" if self.emphatic else "")
        return base + (", but something unexpected comes with it" if self.twist else "")

    def text(self) -> str:
        return f"Oracle: {self.question} ({self.likelihood}, {self.chance}% yes) rolled {self.roll}: {self.words}."


def parse(text: str) -> tuple[str, str]:
    """(question, likelihood) from what the player typed; the likelihood is a last word, if any."""
    words = text.strip().split()
    if not words:
        raise OracleError("ask a yes/no question, e.g. :oracle is anyone inside? likely")
    last = words[-1].lower().rstrip("?.!")
    key = SYNONYMS.get(last, last)
    if key in LIKELIHOOD and len(words) > 1:
        return " ".join(words[:-1]).strip(), key
    return " ".join(words), "even"


def ask(text: str, dice: Dice) -> Answer:
    question, likelihood = parse(text)
    chance = LIKELIHOOD[likelihood]
    roll = dice.roll(100)
    yes = roll <= chance
    emphatic = roll <= chance // 5 if yes else roll > 100 - (100 - chance) // 5
    twist = roll % 11 == 0 or roll == 100
    return Answer(question, likelihood, chance, roll, yes, emphatic, twist)
