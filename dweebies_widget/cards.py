"""The 27 Dweebies: their ids, how many copies each has, their names and their looks.

This module is the deck and nothing more: it knows no rules of play. Every other part of the
package (grid, game, pictures, AI, widget) asks here what a Dweebie id means.

A Dweebie is an ``int`` from 0 to 26. Dweebie ``d`` has ``1 + d // 9`` copies in the deck, so
ids 0-8 appear once, 9-17 twice and 18-26 three times: 9 + 18 + 27 = 54 cards.

>>> NUM_DWEEBIES, DECK_SIZE
(27, 54)
>>> FULL_DECK[:11]
(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9)
>>> name(25), copies(25)
('Zuzu', 3)
>>> look(25)
Look(colour='#000000', colour_name='black', shape='hexagon', symbol='Z')

Looks are safe for colour-blind players: colours come from the Okabe-Ito palette (plus
black and grey), and no two Dweebies share both colour and shape.  Cards draw each Dweebie as
a character (:mod:`dweebies_widget.characters`) whose body is its shape and whose face and top
tell it apart from the Dweebies of the same shape, so no colour is needed to tell two apart.
The symbol is no longer drawn on the cards; it stays here, one per Dweebie, for the screen
reader's descriptions and the charts.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

__all__ = [
    "COPIES",
    "DECK_SIZE",
    "FULL_DECK",
    "LOOKS",
    "NAMES",
    "NUM_DWEEBIES",
    "SHAPES",
    "Look",
    "copies",
    "look",
    "name",
]

NUM_DWEEBIES: int = 27
"""How many different Dweebies there are (ids ``0`` to ``26``)."""

DECK_SIZE: int = 54
"""How many cards the full deck holds."""


def _checked(dweebie: int) -> int:
    """Return ``dweebie`` as a plain ``int`` if it is a valid id, else raise.

    Integer-like values (such as NumPy integers) are accepted; ``bool`` is not.
    """
    wrong_type = TypeError(f"a Dweebie id is a whole number from 0 to 26, not {dweebie!r}")
    if isinstance(dweebie, bool):
        raise wrong_type
    try:
        value = operator.index(dweebie)
    except TypeError:
        raise wrong_type from None
    if not 0 <= value < NUM_DWEEBIES:
        raise ValueError(f"Dweebie ids run from 0 to {NUM_DWEEBIES - 1}; got {value}")
    return value


def copies(dweebie: int) -> int:
    """Return how many cards of ``dweebie`` are in the deck: ``1 + dweebie // 9``.

    This is also the number of dots printed on each of its cards.

    >>> copies(0), copies(8), copies(9), copies(20), copies(26)
    (1, 1, 2, 3, 3)
    >>> copies(27)
    Traceback (most recent call last):
        ...
    ValueError: Dweebie ids run from 0 to 26; got 27
    """
    return 1 + _checked(dweebie) // 9


COPIES: tuple[int, ...] = tuple(copies(d) for d in range(NUM_DWEEBIES))
"""``COPIES[d]`` is ``copies(d)``, for every id ``d`` from 0 to 26."""

FULL_DECK: tuple[int, ...] = tuple(d for d in range(NUM_DWEEBIES) for _ in range(COPIES[d]))
"""The 54 cards of the deck in sorted order: id ``d`` repeated ``copies(d)`` times."""


@dataclass(frozen=True, slots=True)
class Look:
    """How a Dweebie is drawn.

    Attributes:
        colour: fill colour as a hex string, for example ``"#E69F00"``.
        colour_name: the colour in plain English, for example ``"orange"``.
        shape: the outline, one of :data:`SHAPES` (the body of its character).
        symbol: one printable character, all different (said by the screen reader's
            descriptions and drawn by the charts; not drawn on the cards).

    >>> look(5).shape, look(5).symbol
    ('star', '*')
    """

    colour: str
    colour_name: str
    shape: str
    symbol: str


SHAPES: tuple[str, ...] = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "hexagon",
    "star",
    "pentagon",
    "cross",
    "drop",
)
"""The nine shape names used by :data:`LOOKS`; each is a simple closed outline."""

# Okabe-Ito colour-blind-safe palette, with its black, plus a mid grey: nine colours.
_PALETTE: tuple[tuple[str, str], ...] = (
    ("#E69F00", "orange"),
    ("#56B4E9", "sky blue"),
    ("#009E73", "green"),
    ("#F0E442", "yellow"),
    ("#0072B2", "blue"),
    ("#D55E00", "red"),
    ("#CC79A7", "pink"),
    ("#000000", "black"),
    ("#999999", "grey"),
)

# Our own names, one per id. Short, easy to say, and (but for Clonk and Chuffle) each with
# its own first letter.
NAMES: tuple[str, ...] = (
    "Aroo",  # 0
    "Bloop",  # 1
    "Clonk",  # 2
    "Doozy",  # 3
    "Eeko",  # 4
    "Fizzwig",  # 5
    "Gorp",  # 6
    "Hoopla",  # 7
    "Ipsy",  # 8
    "Jibber",  # 9
    "Kazoo",  # 10
    "Lollop",  # 11
    "Mumbo",  # 12
    "Nubbin",  # 13
    "Oozle",  # 14
    "Pimble",  # 15
    "Quoggle",  # 16
    "Rumpus",  # 17
    "Squonk",  # 18
    "Tibbit",  # 19
    "Ugbug",  # 20
    "Velvo",  # 21
    "Waggo",  # 22
    "Xylo",  # 23
    "Yumpo",  # 24
    "Zuzu",  # 25
    "Chuffle",  # 26
)
"""``NAMES[d]`` is the name of Dweebie ``d``."""

# One symbol per id, all different. A letter, where used, is the Dweebie's first letter.
_SYMBOLS: tuple[str, ...] = (
    "^", "~", "+", "@", "=", "*", "#", "H", ":",
    "<", ">", "|", "%", "N", "O", "$", "?", "!",
    "S", "T", "&", "V", "W", "X", "Y", "Z", "/",
)  # fmt: skip


def _make_look(dweebie: int) -> Look:
    """Build the look of ``dweebie``.

    Colour and shape follow a pattern: within each copy tier (ids 0-8, 9-17, 18-26) every
    colour and every shape is used once, and the shape shifts by three from tier to tier, so
    no two Dweebies share both colour and shape.
    """
    tier, position = divmod(dweebie, 9)
    colour, colour_name = _PALETTE[position]
    shape = SHAPES[(position + 3 * tier) % len(SHAPES)]
    return Look(colour=colour, colour_name=colour_name, shape=shape, symbol=_SYMBOLS[dweebie])


LOOKS: tuple[Look, ...] = tuple(_make_look(d) for d in range(NUM_DWEEBIES))
"""``LOOKS[d]`` is the look of Dweebie ``d``."""


def name(dweebie: int) -> str:
    """Return the name of ``dweebie``.

    >>> name(0), name(6), name(25)
    ('Aroo', 'Gorp', 'Zuzu')
    >>> name(-1)
    Traceback (most recent call last):
        ...
    ValueError: Dweebie ids run from 0 to 26; got -1
    """
    return NAMES[_checked(dweebie)]


def look(dweebie: int) -> Look:
    """Return the look of ``dweebie``: colour, shape and symbol.

    >>> look(0)
    Look(colour='#E69F00', colour_name='orange', shape='circle', symbol='^')
    >>> f"{name(14)} is a {look(14).colour_name} {look(14).shape} marked {look(14).symbol}"
    'Oozle is a red drop marked O'
    """
    return LOOKS[_checked(dweebie)]
