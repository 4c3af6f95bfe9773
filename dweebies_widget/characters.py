"""The 27 Dweebie characters: a small vocabulary of parts, and which parts each one wears.

A character is a body (one of the nine outlines of :mod:`dweebies_widget.shapes`, in the
Dweebie's colour: the outline is the cue that needs no colour), with eyes, a mouth, something
on top and at most one accessory.  The table :data:`CHARACTERS` says, for each id, which part
of each kind it wears; it is written by hand so that

* two Dweebies with the same body differ in what they have on top *and* in their eyes (a
  different outline at the top, a different look inside), and
* no two Dweebies share the same eyes, mouth and top.

The nine Dweebies with one copy (ids 0 to 8) wear a crown: the rare ones.

:func:`character_parts` turns a character into plain drawing primitives for a body of a given
size: :class:`Shape` (the body), :class:`Path` (lines and curves, filled or stroked) and
:class:`Discs` (filled circles).  Nothing here draws, so no drawing library is imported;
:mod:`dweebies_widget.face` puts the character on a card.

>>> CHARACTERS[0]
Character(body='circle', eyes='dots', mouth='grin', top='crown', accessory='blush', \
colour='#E69F00')
>>> len(character_parts(0, 38, 41, 20))
10
"""

from __future__ import annotations

from typing import NamedTuple

from . import palette as P
from .cards import LOOKS, NUM_DWEEBIES, SHAPES
from .shapes import Outline, outline

__all__ = [
    "ACCESSORIES",
    "CHARACTERS",
    "EYES",
    "MOUTHS",
    "TOPS",
    "Character",
    "Discs",
    "Path",
    "Segment",
    "Shape",
    "character_parts",
]

EYES: tuple[str, ...] = (
    "dots", "big", "three", "sleepy", "googly", "stars", "happy", "wide", "wink",
)  # fmt: skip
"""The kinds of eyes: two round eyes with pupils, one big eye, three little eyes, sleepy
half-closed eyes, googly eyes of two sizes, star eyes, happy ``^^`` eyes, wide oval eyes,
a wink (one eye open, one closed)."""
MOUTHS: tuple[str, ...] = (
    "smile", "grin", "o", "tongue", "wavy", "cat", "teeth", "smirk",
)  # fmt: skip
"""The kinds of mouths: a smile, a big open grin, a little "o", a smile with the tongue
out, a wavy line, a cat's "w", a smile with two buck teeth, a smile on one side."""
TOPS: tuple[str, ...] = (
    "none", "antennae", "tuft", "round ears", "pointy ears", "sprout", "curl", "hat", "bow",
    "crown",
)  # fmt: skip
"""What a Dweebie has on top: nothing, two antennae with bobbles, a tuft of hair, round
ears, pointy soft ears, a sprout with two leaves, a curl, a party hat, a bow, a crown (only
the nine Dweebies with one copy wear it)."""
ACCESSORIES: tuple[str, ...] = (
    "none", "bow tie", "glasses", "blush", "freckles", "feet", "arms",
)  # fmt: skip
"""The one accessory a Dweebie may wear: none, a bow tie, glasses, pink cheeks, freckles,
little feet, waving arms."""


class Character(NamedTuple):
    """Which part of each kind a Dweebie wears, and its colour (that of its
    :class:`~dweebies_widget.cards.Look`)."""

    body: str
    eyes: str
    mouth: str
    top: str
    accessory: str
    colour: str


# Hand-written: (eyes, mouth, top, accessory) for each id, in id order; the body and colour
# are the Dweebie's look.  Same-body trios: 0 15 21 (circle), 1 16 22 (square), 2 17 23
# (triangle), 3 9 24 (diamond), 4 10 25 (hexagon), 5 11 26 (star), 6 12 18 (pentagon),
# 7 13 19 (cross), 8 14 20 (drop).
_TABLE: tuple[tuple[str, str, str, str], ...] = (
    ("dots", "grin", "crown", "blush"),  # 0 Aroo, orange circle
    ("big", "o", "crown", "feet"),  # 1 Bloop, sky blue square
    ("three", "teeth", "crown", "none"),  # 2 Clonk, green triangle
    ("sleepy", "smile", "crown", "arms"),  # 3 Doozy, yellow diamond
    ("wide", "wavy", "crown", "glasses"),  # 4 Eeko, blue hexagon
    ("stars", "tongue", "crown", "none"),  # 5 Fizzwig, red star
    ("googly", "cat", "crown", "bow tie"),  # 6 Gorp, pink pentagon
    ("happy", "grin", "crown", "feet"),  # 7 Hoopla, black cross
    ("wink", "smirk", "crown", "blush"),  # 8 Ipsy, grey drop
    ("googly", "wavy", "antennae", "none"),  # 9 Jibber, orange diamond
    ("dots", "o", "hat", "arms"),  # 10 Kazoo, sky blue hexagon
    ("sleepy", "tongue", "round ears", "none"),  # 11 Lollop, green star
    ("big", "smile", "tuft", "freckles"),  # 12 Mumbo, yellow pentagon
    ("wink", "cat", "sprout", "none"),  # 13 Nubbin, blue cross
    ("three", "grin", "curl", "feet"),  # 14 Oozle, red drop
    ("happy", "smile", "bow", "feet"),  # 15 Pimble, pink circle
    ("wide", "teeth", "pointy ears", "bow tie"),  # 16 Quoggle, black square
    ("stars", "grin", "none", "arms"),  # 17 Rumpus, grey triangle
    ("wink", "o", "round ears", "blush"),  # 18 Squonk, orange pentagon
    ("big", "smile", "antennae", "feet"),  # 19 Tibbit, sky blue cross
    ("dots", "teeth", "pointy ears", "glasses"),  # 20 Ugbug, green drop
    ("sleepy", "cat", "hat", "bow tie"),  # 21 Velvo, yellow circle
    ("happy", "tongue", "sprout", "arms"),  # 22 Waggo, blue square
    ("googly", "wavy", "curl", "none"),  # 23 Xylo, red triangle
    ("three", "grin", "bow", "feet"),  # 24 Yumpo, pink diamond
    ("stars", "smirk", "tuft", "none"),  # 25 Zuzu, black hexagon
    ("wide", "smile", "antennae", "none"),  # 26 Chuffle, grey star
)

CHARACTERS: tuple[Character, ...] = tuple(
    Character(LOOKS[d].shape, *_TABLE[d], colour=LOOKS[d].colour) for d in range(NUM_DWEEBIES)
)
"""``CHARACTERS[d]`` is the character of Dweebie ``d``."""


# ---------------------------------------------------------------------------- primitives
class Shape(NamedTuple):
    """A Dweebie's body: ``outline`` filled with ``fill`` and edged in ``edge`` with round
    joins, so the body reads without its colour (black-and-white print, colour blindness)."""

    outline: Outline
    fill: str
    edge: str
    edge_width: float


Segment = tuple[str, tuple[float, ...]]
"""One step of a :class:`Path`: ``("M", (x, y))`` moves to a point, ``("L", (x, y))`` draws
a line to it, ``("Q", (x1, y1, x, y))`` a curve to ``(x, y)`` pulled towards ``(x1, y1)``,
``("E", (cx, cy, rx, ry))`` adds a whole ellipse, ``("Z", ())`` closes the line."""


class Path(NamedTuple):
    """Lines, curves and ellipses, filled with ``fill`` (if a colour) and then stroked in
    ``edge`` (if a colour) ``edge_width`` wide with round ends and joins.  A path with no
    segment draws nothing (a card's layers stay in the same order on every card)."""

    segments: tuple[Segment, ...]
    fill: str | None
    edge: str | None
    edge_width: float


class Discs(NamedTuple):
    """Filled circles of radius ``r`` centred on ``centres`` (pupils)."""

    centres: tuple[tuple[float, float], ...]
    r: float
    colour: str


Feature = Shape | Path | Discs

_NOTHING = Path((), None, None, 0.0)
_WHITE = "#FFFFFF"
_GOLD = "#F7C52B"
_LEAF = "#7CC46B"
_PINK = "#F59AB8"
_MOUTH = "#7A2638"  # inside an open mouth
_DARK = frozenset({"#000000", "#0072B2"})  # bodies on which lines are drawn white


class _Body(NamedTuple):
    """Where the parts go on a body, in units of its size, from its centre: the face's centre
    (``face_y`` down) and size (``face``); the top point (``tip``, negative: up); where
    ears sit (``ear_x``, ``ear_y``); the side at the face's height (``side``); where feet
    sit (``foot_x``, ``foot_y``)."""

    face_y: float
    face: float
    tip: float
    ear_x: float
    ear_y: float
    side: float
    foot_x: float
    foot_y: float


_BODIES: dict[str, _Body] = {
    "circle": _Body(0.08, 0.85, -0.92, 0.6, -0.7, 0.9, 0.42, 0.84),
    "square": _Body(0.06, 0.85, -0.81, 0.5, -0.81, 0.81, 0.42, 0.81),
    "triangle": _Body(0.34, 0.62, -1.06, 0.36, -0.44, 0.82, 0.55, 0.74),
    "diamond": _Body(0.06, 0.66, -1.1, 0.42, -0.68, 1.0, 0.3, 0.8),
    "hexagon": _Body(0.06, 0.82, -1.0, 0.5, -0.71, 0.87, 0.34, 0.8),
    "star": _Body(0.14, 0.55, -1.12, 0.42, -0.55, 0.62, 0.69, 0.98),
    "pentagon": _Body(0.1, 0.8, -0.99, 0.5, -0.63, 0.95, 0.45, 0.89),
    "cross": _Body(0.02, 0.62, -0.98, 0.26, -0.98, 0.98, 0.22, 0.98),
    "drop": _Body(0.3, 0.72, -1.14, 0.36, -0.66, 0.8, 0.36, 0.94),
}
assert set(_BODIES) == set(SHAPES)

DETAIL_FROM = 0.4
"""Relative body size (to a full card's) from which eyes have whites and the accessory is
worn; a smaller character has plain dots for eyes and no accessory."""
_FULL_BODY = 20.0
_FACE = 1.1  # the face's size for a body's face size of 1


_Eye = tuple[float, float, float, float, float, float, float]
_OPEN_EYES: dict[str, tuple[_Eye, ...]] = {
    "dots": (
        (-0.34, 0, 0.22, 0.22, 0.11, 0.04, 0.05),
        (0.34, 0, 0.22, 0.22, 0.11, -0.04, 0.05),
    ),
    "big": ((0, -0.02, 0.36, 0.32, 0.16, 0, 0.07),),
    "three": (
        (-0.44, 0.04, 0.16, 0.16, 0.08, 0, 0.04),
        (0, -0.1, 0.16, 0.16, 0.08, 0, 0.04),
        (0.44, 0.04, 0.16, 0.16, 0.08, 0, 0.04),
    ),
    "googly": (
        (-0.34, -0.02, 0.27, 0.27, 0.12, -0.09, 0.09),
        (0.36, 0.02, 0.17, 0.17, 0.09, 0.06, -0.06),
    ),
    "wide": (
        (-0.3, 0, 0.17, 0.26, 0.11, 0.03, 0.08),
        (0.3, 0, 0.17, 0.26, 0.11, -0.03, 0.08),
    ),
}
"""Eyes with whites: each eye's (dx, dy, white rx, white ry, pupil r, pupil dx, pupil dy),
in face units."""


def character_parts(d: int, cx: float, cy: float, size: float) -> tuple[Feature, ...]:
    """Dweebie ``d`` drawn with its body centred on ``(cx, cy)`` at ``size`` (an outline's
    size, :func:`~dweebies_widget.shapes.outline`), as ten layers in drawing order: behind
    the body (ears, stems), the body, on top of it (crown, hat, leaves...), the eyes'
    whites, the pupils, the eyes' lines, the mouth, inside the mouth, the accessory, and
    the accessory's lines.  Every character has the same ten layers (some may be empty
    paths), so cards painted layer by layer change style seldom.

    >>> [type(p).__name__ for p in character_parts(18, 0, 0, 20)]  # doctest: +NORMALIZE_WHITESPACE
    ['Path', 'Shape', 'Path', 'Path', 'Discs', 'Path', 'Path', 'Path', 'Path', 'Path']
    """
    c = CHARACTERS[d]
    b = _BODIES[c.body]
    detail = size >= DETAIL_FROM * _FULL_BODY
    ink = _WHITE if c.colour in _DARK else P.OUTLINE
    line = max(1.0, 0.085 * size)
    thin = max(0.7, 0.055 * size)
    f = _FACE * b.face * size
    fx, fy = cx, cy + b.face_y * size
    back, front = _top(c.top, c.colour, cx, cy, size, b, line, thin)
    whites, pupils, lines = _eyes(c.eyes, fx, fy - 0.14 * f, f, ink, line, thin, detail)
    mouth, inner = _mouth(c.mouth, fx, fy + 0.3 * f, f, ink, line, thin)
    extra, extra_lines = (
        _accessory(c.accessory, c.colour, cx, cy, size, b, ink, line, thin)
        if detail
        else (_NOTHING, _NOTHING)
    )
    body = Shape(outline(c.body, cx, cy, size), c.colour, P.OUTLINE, max(0.8, 0.075 * size))
    return (back, body, front, whites, pupils, lines, mouth, inner, extra, extra_lines)


def _ellipse(x: float, y: float, rx: float, ry: float | None = None) -> Segment:
    return ("E", (x, y, rx, rx if ry is None else ry))


def _m(x: float, y: float) -> Segment:
    return ("M", (x, y))


def _l(x: float, y: float) -> Segment:
    return ("L", (x, y))


def _q(x1: float, y1: float, x: float, y: float) -> Segment:
    return ("Q", (x1, y1, x, y))


_Z: Segment = ("Z", ())


def _top(
    top: str, colour: str, cx: float, cy: float, u: float, b: _Body, line: float, thin: float
) -> tuple[Path, Path]:
    """What sits on top: (the part behind the body, the part in front of it)."""
    t = cy + b.tip * u  # the body's top point

    def at(x: float, y: float) -> tuple[float, float]:
        return cx + x * u, t + y * u

    edge = P.OUTLINE
    if top == "antennae":
        stems: list[Segment] = []
        for side in (-1, 1):
            stems += [
                _m(*at(0.12 * side, 0.45)),
                _q(*at(0.16 * side, -0.1), *at(0.42 * side, -0.38)),
            ]
        bobbles = [_ellipse(*at(0.42 * side, -0.38), 0.13 * u) for side in (-1, 1)]
        return Path(tuple(stems), None, edge, line), Path(tuple(bobbles), colour, edge, thin)
    if top == "round ears":
        ears = tuple(_ellipse(cx + s * b.ear_x * u, cy + b.ear_y * u, 0.27 * u) for s in (-1, 1))
        return Path(ears, colour, edge, thin * 1.4), _NOTHING
    if top == "pointy ears":
        points: list[Segment] = []
        for s in (-1, 1):
            ex, ey = cx + s * b.ear_x * u, cy + b.ear_y * u
            points += [
                _m(ex - s * 0.2 * u, ey + 0.12 * u),
                _l(ex + s * 0.16 * u, ey - 0.46 * u),
                _l(ex + s * 0.3 * u, ey + 0.08 * u),
                _Z,
            ]
        return Path(tuple(points), colour, edge, thin * 1.4), _NOTHING
    if top == "tuft":
        hair = [
            _m(*at(0, 0.08)),
            _q(*at(-0.04, -0.22), *at(-0.26, -0.3)),
            _m(*at(0, 0.08)),
            _q(*at(0.02, -0.26), *at(0.1, -0.44)),
            _m(*at(0, 0.08)),
            _q(*at(0.1, -0.2), *at(0.3, -0.24)),
        ]
        return _NOTHING, Path(tuple(hair), None, edge, line)
    if top == "curl":
        hair = [
            _m(*at(0, 0.06)),
            _q(*at(-0.04, -0.3), *at(0.14, -0.38)),
            _q(*at(0.32, -0.42), *at(0.3, -0.24)),
            _q(*at(0.26, -0.12), *at(0.14, -0.2)),
        ]
        return _NOTHING, Path(tuple(hair), None, edge, line)
    if top == "sprout":
        stem = (_m(*at(0, 0.3)), _q(*at(0.04, -0.1), *at(0, -0.3)))
        leaves = (
            _m(*at(0, -0.3)),
            _q(*at(-0.1, -0.56), *at(-0.4, -0.5)),
            _q(*at(-0.26, -0.26), *at(0, -0.3)),
            _m(*at(0, -0.3)),
            _q(*at(0.1, -0.6), *at(0.44, -0.58)),
            _q(*at(0.3, -0.28), *at(0, -0.3)),
        )
        return Path(stem, None, edge, line), Path(leaves, _LEAF, edge, thin)
    if top == "hat":
        hat = (
            _m(*at(-0.3, 0.12)),
            _l(*at(0.04, -0.6)),
            _l(*at(0.3, 0.12)),
            _q(*at(0, 0.24), *at(-0.3, 0.12)),
            _Z,
            _ellipse(*at(0.04, -0.64), 0.11 * u),
        )
        return _NOTHING, Path(hat, _WHITE, edge, thin * 1.3)
    if top == "bow":
        bow = (
            _m(*at(0, 0.06)),
            _l(*at(-0.34, -0.14)),
            _l(*at(-0.34, 0.26)),
            _Z,
            _m(*at(0, 0.06)),
            _l(*at(0.34, -0.14)),
            _l(*at(0.34, 0.26)),
            _Z,
            _ellipse(*at(0, 0.06), 0.09 * u),
        )
        return _NOTHING, Path(bow, _PINK, edge, thin * 1.3)
    if top == "crown":
        crown = (
            _m(*at(-0.32, 0.14)),
            _l(*at(-0.36, -0.36)),
            _l(*at(-0.17, -0.16)),
            _l(*at(0, -0.42)),
            _l(*at(0.17, -0.16)),
            _l(*at(0.36, -0.36)),
            _l(*at(0.32, 0.14)),
            _Z,
        )
        return _NOTHING, Path(crown, _GOLD, edge, thin * 1.3)
    return _NOTHING, _NOTHING  # "none"


def _eyes(
    eyes: str, x: float, y: float, f: float, ink: str, line: float, thin: float, detail: bool
) -> tuple[Path, Discs, Path]:
    """The eyes centred on ``(x, y)`` for a face of size ``f``: (whites, pupils, lines)."""
    no_pupils = Discs((), 0.0, P.OUTLINE)
    edge = P.OUTLINE
    if eyes in ("dots", "big", "three", "googly", "wide"):
        spec = _OPEN_EYES[eyes]
        if not detail:  # plain dots, a little bigger than pupils
            centres = tuple((x + dx * f, y + dy * f) for dx, dy, *_ in spec)
            return _NOTHING, Discs(centres, max(spec[0][4] * 1.3 * f, 0.8), ink), _NOTHING
        whites = tuple(
            _ellipse(x + dx * f, y + dy * f, rx * f, ry * f) for dx, dy, rx, ry, *_ in spec
        )
        centres = tuple((x + (dx + px) * f, y + (dy + py) * f) for dx, dy, _, _, _, px, py in spec)
        return Path(whites, _WHITE, edge, thin), Discs(centres, spec[0][4] * f, P.OUTLINE), _NOTHING
    if eyes == "sleepy":  # closed, resting: two low curves with a lash each
        segs: list[Segment] = []
        for side in (-1, 1):
            ex = x + side * 0.33 * f
            segs += [
                _m(ex - 0.19 * f, y),
                _q(ex, y + 0.24 * f, ex + 0.19 * f, y),
                _m(ex + side * 0.2 * f, y - 0.02 * f),
                _l(ex + side * 0.3 * f, y - 0.09 * f),
            ]
        return _NOTHING, no_pupils, Path(tuple(segs), None, ink, line)
    if eyes == "stars":  # two four-pointed sparkles
        segs = []
        for s in (-1, 1):
            ex, r = x + s * 0.34 * f, 0.25 * f
            segs += [
                _m(ex, y - r),
                _q(ex, y, ex + r, y),
                _q(ex, y, ex, y + r),
                _q(ex, y, ex - r, y),
                _q(ex, y, ex, y - r),
                _Z,
            ]
        return _NOTHING, no_pupils, Path(tuple(segs), ink, ink, thin)
    if eyes == "happy":  # ^^
        segs = []
        for s in (-1, 1):
            ex = x + s * 0.34 * f
            segs += [
                _m(ex - 0.17 * f, y + 0.08 * f),
                _q(ex, y - 0.26 * f, ex + 0.17 * f, y + 0.08 * f),
            ]
        return _NOTHING, no_pupils, Path(tuple(segs), None, ink, line)
    # "wink": the left eye open, the right one closed
    ex = x - 0.32 * f
    closed = (
        _m(x + 0.16 * f, y + 0.02 * f),
        _q(x + 0.32 * f, y + 0.14 * f, x + 0.5 * f, y + 0.02 * f),
    )
    if not detail:
        return _NOTHING, Discs(((ex, y),), max(0.14 * f, 0.8), ink), Path(closed, None, ink, line)
    return (
        Path((_ellipse(ex, y, 0.22 * f),), _WHITE, edge, thin),
        Discs(((ex + 0.03 * f, y + 0.05 * f),), 0.11 * f, P.OUTLINE),
        Path(closed, None, ink, line),
    )


def _mouth(
    mouth: str, x: float, y: float, f: float, ink: str, line: float, thin: float
) -> tuple[Path, Path]:
    """The mouth centred on ``(x, y)``: (the mouth, what is inside or on it)."""

    def smile(w: float, dip: float) -> tuple[Segment, ...]:
        return (_m(x - w * f, y - 0.03 * f), _q(x, y + dip * f, x + w * f, y - 0.03 * f))

    if mouth == "grin":  # open, with a tongue
        grin = (
            _m(x - 0.3 * f, y - 0.06 * f),
            _l(x + 0.3 * f, y - 0.06 * f),
            _q(x, y + 0.46 * f, x - 0.3 * f, y - 0.06 * f),
            _Z,
        )
        tip = (_ellipse(x, y + 0.12 * f, 0.1 * f, 0.055 * f),)
        return Path(grin, _MOUTH, ink, thin), Path(tip, _PINK, None, 0.0)
    if mouth == "o":
        return Path((_ellipse(x, y + 0.04 * f, 0.09 * f, 0.11 * f),), _MOUTH, ink, thin), _NOTHING
    if mouth == "tongue":
        tongue = (
            _m(x - 0.06 * f, y + 0.05 * f),
            _l(x - 0.06 * f, y + 0.16 * f),
            _q(x + 0.03 * f, y + 0.3 * f, x + 0.12 * f, y + 0.16 * f),
            _l(x + 0.12 * f, y + 0.03 * f),
        )
        return Path(smile(0.26, 0.2), None, ink, line), Path(tongue, _PINK, P.OUTLINE, thin)
    if mouth == "wavy":
        wave = (
            _m(x - 0.28 * f, y),
            _q(x - 0.14 * f, y - 0.1 * f, x, y),
            _q(x + 0.14 * f, y + 0.1 * f, x + 0.28 * f, y),
        )
        return Path(wave, None, ink, line), _NOTHING
    if mouth == "cat":
        w = (
            _m(x - 0.26 * f, y - 0.04 * f),
            _q(x - 0.13 * f, y + 0.18 * f, x, y - 0.02 * f),
            _q(x + 0.13 * f, y + 0.18 * f, x + 0.26 * f, y - 0.04 * f),
        )
        return Path(w, None, ink, line), _NOTHING
    if mouth == "teeth":
        teeth = (
            _m(x - 0.1 * f, y + 0.06 * f),
            _l(x - 0.1 * f, y + 0.2 * f),
            _l(x + 0.1 * f, y + 0.2 * f),
            _l(x + 0.1 * f, y + 0.06 * f),
            _Z,
            _m(x, y + 0.07 * f),
            _l(x, y + 0.2 * f),
        )
        return Path(smile(0.28, 0.2), None, ink, line), Path(teeth, _WHITE, P.OUTLINE, thin)
    if mouth == "smirk":
        smirk = (
            _m(x - 0.22 * f, y + 0.04 * f),
            _q(x + 0.06 * f, y + 0.16 * f, x + 0.24 * f, y - 0.06 * f),
        )
        return Path(smirk, None, ink, line), _NOTHING
    return Path(smile(0.24, 0.22), None, ink, line), _NOTHING  # "smile"


def _accessory(
    accessory: str,
    colour: str,
    cx: float,
    cy: float,
    u: float,
    b: _Body,
    ink: str,
    line: float,
    thin: float,
) -> tuple[Path, Path]:
    """The accessory: (its filled part, its lines)."""
    f = _FACE * b.face * u
    fx, fy = cx, cy + b.face_y * u
    if accessory == "bow tie":
        y = fy + 0.7 * f
        tie = (
            _m(fx, y),
            _l(fx - 0.3 * f, y - 0.16 * f),
            _l(fx - 0.3 * f, y + 0.16 * f),
            _Z,
            _m(fx, y),
            _l(fx + 0.3 * f, y - 0.16 * f),
            _l(fx + 0.3 * f, y + 0.16 * f),
            _Z,
            _ellipse(fx, y, 0.07 * f),
        )
        return Path(tie, _WHITE, P.OUTLINE, thin), _NOTHING
    if accessory == "glasses":
        y = fy - 0.14 * f
        rims = (
            _ellipse(fx - 0.32 * f, y, 0.29 * f),
            _ellipse(fx + 0.32 * f, y, 0.29 * f),
            _m(fx - 0.04 * f, y - 0.04 * f),
            _q(fx, y - 0.1 * f, fx + 0.04 * f, y - 0.04 * f),
        )
        return _NOTHING, Path(rims, None, ink, line)
    if accessory == "blush":
        cheeks = tuple(
            _ellipse(fx + s * 0.5 * f, fy + 0.18 * f, 0.13 * f, 0.08 * f) for s in (-1, 1)
        )
        return Path(cheeks, _PINK, None, 0.0), _NOTHING
    if accessory == "freckles":
        spots = tuple(
            _ellipse(fx + s * (0.44 + dx) * f, fy + (0.14 + dy) * f, 0.035 * f)
            for s in (-1, 1)
            for dx, dy in ((-0.06, 0.0), (0.06, 0.0), (0.0, 0.08))
        )
        return Path(spots, ink, None, 0.0), _NOTHING
    if accessory == "feet":
        feet = tuple(
            _ellipse(cx + s * b.foot_x * u, cy + b.foot_y * u + 0.02 * u, 0.17 * u, 0.1 * u)
            for s in (-1, 1)
        )
        return Path(feet, colour, P.OUTLINE, thin * 1.3), _NOTHING
    if accessory == "arms":  # waving, a little round hand at the end of each
        arms: list[Segment] = []
        hands: list[Segment] = []
        for s in (-1, 1):
            sx, sy = fx + s * b.side * u * 0.97, fy + 0.3 * f
            hx, hy = sx + s * 0.36 * u, sy - 0.42 * u
            arms += [_m(sx, sy), _q(sx + s * 0.3 * u, sy + 0.02 * u, hx, hy + 0.1 * u)]
            hands.append(_ellipse(hx, hy, 0.1 * u))
        return Path(tuple(hands), colour, P.OUTLINE, thin), Path(
            tuple(arms), None, P.OUTLINE, line * 1.3
        )
    return _NOTHING, _NOTHING  # "none"
