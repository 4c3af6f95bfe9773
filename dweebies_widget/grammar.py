"""Sentences about a seat, built from grammar rather than pasted together.

A seat's name is the subject of many sentences ("Ana wins with 29 cards", "Ana's hand").
The seat of the person at the screen is often called "You", and then English wants the second
person: "You win with 29 cards", "Your hand", "It is your turn".  Every sentence that puts a
name in front of a verb or a noun goes through these functions, so that each name, "You"
included, reads right:

>>> clause("You", "wins"), clause("Ana", "wins")
('You win', 'Ana wins')
>>> possessive("You") + " hand", possessive("Ana") + " hand", possessive("Ana", start=False)
('Your hand', "Ana's hand", "Ana's")
>>> f"It is {possessive('You', start=False)} turn.", f"Pass the screen to {them('Ana')}."
('It is your turn.', 'Pass the screen to Ana.')
>>> clause("You", "has"), clause("You", "is"), clause("You", "was"), clause("You", "collects")
('You have', 'You are', 'You were', 'You collect')

A verb is given as it goes with a name (the third person, "wins", "has", "collects"); for
"you" it takes the second person.  Only the one word after the name changes: "Ana has
collected" becomes "You have collected".
"""

from __future__ import annotations

__all__ = ["YOU", "clause", "is_you", "possessive", "subject", "them", "verb"]

YOU = "You"
"""The name of the seat of the person at the screen, when a screen calls it so."""

_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def is_you(name: str) -> bool:
    """Whether ``name`` means the person at the screen ("You", in any case)."""
    return name.strip().casefold() == "you"


def subject(name: str, *, start: bool = True) -> str:
    """``name`` as the subject of a sentence: "You" ("you" inside a sentence) or the name."""
    if is_you(name):
        return "You" if start else "you"
    return name


def them(name: str) -> str:
    """``name`` as an object ("pass the screen to you", "... to Ana")."""
    return "you" if is_you(name) else name


def verb(name: str, third: str) -> str:
    """The verb ``third`` (as it goes with a name: "wins", "has") as it goes with ``name``.

    >>> verb("Ana", "passes"), verb("You", "passes"), verb("You", "tries"), verb("You", "plays")
    ('passes', 'pass', 'try', 'play')
    """
    if not is_you(name):
        return third
    if third in _IRREGULAR:
        return _IRREGULAR[third]
    if third.endswith("ies") and len(third) > 4:
        return third[:-3] + "y"
    if third.endswith(("ches", "shes", "sses", "xes", "zes")):
        return third[:-2]
    if third.endswith("s") and not third.endswith("ss"):
        return third[:-1]
    return third


def clause(name: str, third: str, *, start: bool = True) -> str:
    """Subject and verb: ``clause("Ana", "wins")`` is "Ana wins", with "You" "You win"."""
    return f"{subject(name, start=start)} {verb(name, third)}"


def possessive(name: str, *, start: bool = True) -> str:
    """Whose, before a noun: "Your" ("your" inside a sentence) for "You", else "Ana's"."""
    if is_you(name):
        return "Your" if start else "your"
    return f"{name}'s"
