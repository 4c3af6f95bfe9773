"""The rules a puzzle is set under: the standard rules or not, and the rule in words.

A puzzle is under the **standard rules** when every rule option that changes how a position
plays on is at its default (:data:`PLAY_OPTIONS`: ``min_line``, ``collect_on_reconnect`` and
``auto_draw``; ``hand_size`` and ``first_player`` only shape the deal, which a puzzle's
position is past).  Any other puzzle states its rules on its board, in its goal and, where
they change its answer, in its verdicts: :func:`rules_note` gives them in words, in the
glossary's words (``docs/glossary.md``): a *house rule* (``min_line`` above 2, or
``collect_on_reconnect=False``) or the *draw-later rule* (``auto_draw=False``, a rule option
of the original rules, not a house rule).

>>> from dweebies_widget import Rules
>>> is_standard(Rules()), is_standard(Rules(hand_size=4)), is_standard(Rules(min_line=3))
(True, True, False)
>>> print(rules_note(Rules(min_line=3)))
House rule: a line needs at least 3 cards to be collected.
>>> print(rules_note(Rules(min_line=3, collect_on_reconnect=False)))
... # doctest: +NORMALIZE_WHITESPACE
House rules: a line needs at least 3 cards to be collected;
the card that joins a split table collects nothing.
>>> print(rules_note(Rules(auto_draw=False)))
Draw-later rule: a player who does not draw owes the draw and may take it at any later moment.
>>> rules_note(Rules()) is None
True
"""

from __future__ import annotations

from dataclasses import replace

from ...game import View
from ...rules import Rules

__all__ = ["PLAY_OPTIONS", "STANDARD", "is_standard", "rules_note", "standard_view"]

#: The standard rules: every rule option at its default.
STANDARD = Rules()

#: The rule options that change how a position plays on (the others only shape the deal).
PLAY_OPTIONS = ("min_line", "collect_on_reconnect", "auto_draw")


def is_standard(rules: Rules) -> bool:
    """Whether ``rules`` play as the standard rules do (see the module docstring)."""
    return all(getattr(rules, o) == getattr(STANDARD, o) for o in PLAY_OPTIONS)


def house_rules(rules: Rules) -> list[str]:
    """The house rules of ``rules`` in words, one clause each (none for the standard
    rules)."""
    out = []
    if rules.min_line != STANDARD.min_line:
        out.append(f"a line needs at least {rules.min_line} cards to be collected")
    if rules.collect_on_reconnect != STANDARD.collect_on_reconnect:
        out.append("the card that joins a split table collects nothing")
    return out


def rules_note(rules: Rules) -> str | None:
    """The rules of a puzzle that are not the standard ones, in one or two sentences, or
    ``None`` under the standard rules."""
    parts = []
    house = house_rules(rules)
    if house:
        label = "House rule" if len(house) == 1 else "House rules"
        parts.append(f"{label}: {'; '.join(house)}.")
    if rules.auto_draw != STANDARD.auto_draw:
        parts.append(
            "Draw-later rule: a player who does not draw owes the draw and may take it at "
            "any later moment."
        )
    return " ".join(parts) or None


def standard_view(view: View) -> View:
    """``view`` with the standard rules (what the same seat would see of the same position
    under them), to ask whether a puzzle's rules change its answer."""
    rules = replace(
        view.rules,
        min_line=STANDARD.min_line,
        collect_on_reconnect=STANDARD.collect_on_reconnect,
        auto_draw=STANDARD.auto_draw,
    )
    return replace(view, rules=rules)
