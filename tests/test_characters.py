"""Tests of the 27 characters (dweebies_widget/characters.py) and of how cards draw them."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import combinations

import pytest

from dweebies_widget import palette as P
from dweebies_widget.cards import COPIES, LOOKS, NUM_DWEEBIES, SHAPES
from dweebies_widget.characters import (
    ACCESSORIES,
    CHARACTERS,
    EYES,
    MOUTHS,
    TOPS,
    Discs,
    Path,
    Shape,
    character_parts,
)
from dweebies_widget.face import CARD_H, CARD_W, Dots, Part, Rect, Text, card_face
from dweebies_widget.shapes import Circle, Drop, Polygon, Square
from dweebies_widget.widget.paint import paint_cards
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.svg_writer import canvas_svg
from dweebies_widget.widget.text import text_width

NS = "{http://www.w3.org/2000/svg}"
SCALES = (0.3, 0.4, 40 / CARD_W, 0.55, 0.6, 0.7, 0.75, 0.9, 1.0, 1.2, 1.5)
BACK, BODY, FRONT, WHITES, PUPILS, EYE_LINES = range(6)


# ---------------------------------------------------------------------------- the table
def test_every_dweebie_has_a_character_made_of_known_parts() -> None:
    assert len(CHARACTERS) == NUM_DWEEBIES
    for d, c in enumerate(CHARACTERS):
        assert c.body == LOOKS[d].shape and c.colour == LOOKS[d].colour
        assert c.eyes in EYES and c.mouth in MOUTHS and c.top in TOPS
        assert c.accessory in ACCESSORIES


def test_every_part_of_the_vocabulary_is_worn() -> None:
    for vocabulary, worn in [
        (SHAPES, {c.body for c in CHARACTERS}),
        (EYES, {c.eyes for c in CHARACTERS}),
        (MOUTHS, {c.mouth for c in CHARACTERS}),
        (TOPS, {c.top for c in CHARACTERS}),
        (ACCESSORIES, {c.accessory for c in CHARACTERS}),
    ]:
        assert set(vocabulary) == worn


def test_no_two_dweebies_share_eyes_mouth_and_top() -> None:
    triples = Counter((c.eyes, c.mouth, c.top) for c in CHARACTERS)
    assert triples.most_common(1)[0][1] == 1


def test_dweebies_with_the_same_body_differ_in_top_and_eyes() -> None:
    for a, b in combinations(CHARACTERS, 2):
        if a.body == b.body:
            assert a.top != b.top and a.eyes != b.eyes, (a, b)


def test_the_nine_one_copy_dweebies_wear_the_crown() -> None:
    assert [d for d, c in enumerate(CHARACTERS) if c.top == "crown"] == [
        d for d in range(NUM_DWEEBIES) if COPIES[d] == 1
    ]


def test_glasses_are_worn_over_two_eyes() -> None:
    for c in CHARACTERS:
        if c.accessory == "glasses":
            assert c.eyes in ("dots", "googly", "wide")


# ---------------------------------------------------------------------------- drawings
def test_same_body_dweebies_are_drawn_differently_on_top_and_in_the_eyes() -> None:
    for a, b in combinations(range(NUM_DWEEBIES), 2):
        if CHARACTERS[a].body != CHARACTERS[b].body:
            continue
        pa, pb = character_parts(a, 0, 0, 20), character_parts(b, 0, 0, 20)
        assert (pa[BACK], pa[FRONT]) != (pb[BACK], pb[FRONT])
        assert pa[WHITES : EYE_LINES + 1] != pb[WHITES : EYE_LINES + 1]


def test_the_body_is_the_looks_outline_in_its_colour_with_a_dark_edge() -> None:
    for d in range(NUM_DWEEBIES):
        body = character_parts(d, 10, 20, 15)[BODY]
        assert isinstance(body, Shape) and body.fill == LOOKS[d].colour
        assert body.edge == P.OUTLINE and body.edge_width > 0


def test_a_character_is_drawn_with_the_same_layers_as_any_other() -> None:
    kinds = {tuple(map(type, character_parts(d, 0, 0, s))) for d in range(27) for s in (5, 20)}
    assert kinds == {(Path, Shape, Path, Path, Discs, Path, Path, Path, Path, Path)}


def _points(part: Part) -> list[tuple[float, float, float]]:
    """Points a primitive reaches, each with how far around it its ink goes (radius,
    half a line's width)."""
    if isinstance(part, Rect):
        return [(part.x, part.y, part.edge_width / 2), (part.x + part.w, part.y + part.h, 0)]
    if isinstance(part, Dots):
        return [(x, part.y, part.r) for x in part.xs]
    if isinstance(part, Discs):
        return [(x, y, part.r) for x, y in part.centres]
    if isinstance(part, Text):
        width = text_width(part.text, part.size, part.bold)
        width = width if part.max_width is None else min(width, part.max_width)
        return [(part.x - width / 2, part.y - 0.8 * part.size, 0), (part.x + width / 2, part.y, 0)]
    if isinstance(part, Shape):
        e, form = part.edge_width / 2, part.outline
        if isinstance(form, Circle):
            return [(form.cx, form.cy, form.r + e)]
        if isinstance(form, Square):
            return [(form.x, form.y, e), (form.x + form.side, form.y + form.side, e)]
        if isinstance(form, Drop):
            return [(*form.tip, e), (*form.centre, form.radius + e)]
        assert isinstance(form, Polygon)
        return [(x, y, e) for x, y in form.points]
    out = []
    for op, xy in part.segments:
        if op == "E":
            x, y, rx, ry = xy
            out += [(x - rx, y - ry, part.edge_width / 2), (x + rx, y + ry, part.edge_width / 2)]
        elif xy:
            out += [(x, y, part.edge_width / 2) for x, y in zip(xy[::2], xy[1::2], strict=True)]
    return out


@pytest.mark.parametrize("s", SCALES)
def test_every_part_of_a_card_lies_inside_the_card(s: float) -> None:
    x, y, w, h = 5.0, 7.0, CARD_W * s, CARD_H * s
    for d in range(NUM_DWEEBIES):
        for part in card_face(d, (x, y, w, h))[2:]:  # (not the shadow and the card's edge)
            for px, py, reach in _points(part):
                assert x <= px - reach and px + reach <= x + w + 1e-9, (d, part)
                assert y <= py - reach and py + reach <= y + h + 1e-9, (d, part)


@pytest.mark.parametrize("s", SCALES)
def test_no_text_on_a_card_is_under_the_least_size(s: float) -> None:
    for d in range(NUM_DWEEBIES):
        for part in card_face(d, (0, 0, CARD_W * s, CARD_H * s)):
            if isinstance(part, Text):
                assert part.size >= P.MIN_TEXT


def test_lines_are_at_least_one_css_pixel_on_a_card_40_px_wide() -> None:
    """A table card on a tablet: its character's lines still read (filled parts' edges may
    be thinner, their fill carries them)."""
    for d in range(NUM_DWEEBIES):
        for part in card_face(d, (0, 0, 40, 40 * CARD_H / CARD_W)):
            if isinstance(part, Path) and part.segments and part.fill is None:
                assert part.edge_width >= 1.0
            if isinstance(part, Path | Shape) and part.edge:
                assert part.edge_width >= 0.7


def test_a_small_character_has_dot_eyes_and_no_accessory() -> None:
    small = character_parts(0, 0, 0, 6)  # Aroo: round eyes, pink cheeks
    assert small[WHITES].segments == () and len(small[PUPILS].centres) == 2
    assert all(not p.segments for p in small[-2:] if isinstance(p, Path))
    big = character_parts(0, 0, 0, 20)
    assert len(big[WHITES].segments) == 2 and big[-2].segments


# ---------------------------------------------------------------------------- as SVG
def _card_svg(d: int, scale: float) -> tuple[Pen, str]:
    pen = Pen()
    w, h = CARD_W * scale, CARD_H * scale
    paint_cards(pen, [((4, 4, w, h), d)])
    return pen, canvas_svg(pen, (w + 8, h + 8), 1, label="a card")


@pytest.mark.parametrize("d", range(NUM_DWEEBIES))
def test_a_cards_svg_is_valid_xml_and_the_same_every_time(d: int) -> None:
    for scale in (40 / CARD_W, 0.6, 1.0):
        _, svg = _card_svg(d, scale)
        ET.fromstring(svg)
        assert svg == _card_svg(d, scale)[1]


_DRAWING_OPS = {"fill", "stroke", "fill_circle", "stroke_circle", "fill_rect", "stroke_rect",
                "stroke_line", "fill_text", "stroke_text"}  # fmt: skip


@pytest.mark.parametrize("d", range(NUM_DWEEBIES))
def test_a_cards_recording_and_its_svg_hold_as_many_shapes(d: int) -> None:
    for scale in (0.4, 0.6, 1.0):
        pen, svg = _card_svg(d, scale)
        painted = sum(name in _DRAWING_OPS for name, _ in pen.ops)
        root = ET.fromstring(svg)
        tags = ("path", "circle", "rect", "line", "text")
        elements = [e for e in root.iter() if e.tag.removeprefix(NS) in tags]
        assert len(elements) - 1 == painted  # less the page's white background


def test_the_svg_writer_draws_ellipses_and_curves_as_the_canvas_does() -> None:
    pen = Pen()
    pen.do("begin_path")
    pen.do("move_to", 10.0, 10.0)
    pen.do("quadratic_curve_to", 15.0, 20.0, 20.0, 10.0)
    pen.do("move_to", 40.0, 10.0)
    pen.do("ellipse", 30.0, 10.0, 10.0, 5.0, 0, 0, 2 * math.pi)
    pen.do("move_to", 60.0, 10.0)
    pen.do("ellipse", 55.0, 10.0, 5.0, 4.0, 0, 0, 3.1)
    pen.finish("#FF0000", None, 1)
    svg = canvas_svg(pen, (80, 30), 1)
    (d,) = re.findall(r'<path d="([^"]*)" fill="#FF0000"/>', svg)
    assert d == (
        "M10 10Q15 20 20 10"  # the curve
        "M40 10L40 10A10 5 0 0 1 20 10A10 5 0 0 1 40 10"  # a whole ellipse, in two halves
        "M60 10L60 10A5 4 0 0 1 50 10.2"  # a part of one
    )
    pen.do("ellipse", 0.0, 0.0, 1.0, 1.0, 0.5, 0, 1)
    with pytest.raises(ValueError, match="turned ellipse"):
        canvas_svg(pen, (80, 30), 1)
