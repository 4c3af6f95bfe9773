"""Tests of the card face (dweebies_widget/face.py) and of the pictures that draw it."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dweebies_widget import Game
from dweebies_widget import palette as P
from dweebies_widget.cards import COPIES, LOOKS, NAMES, NUM_DWEEBIES
from dweebies_widget.characters import character_parts
from dweebies_widget.face import (
    CARD_H,
    CARD_INSET,
    CARD_W,
    CELL_H,
    CELL_W,
    Dots,
    Part,
    Rect,
    Shape,
    Text,
    card_face,
)
from dweebies_widget.shapes import outline
from dweebies_widget.svg import render
from dweebies_widget.widget.geometry import Geometry
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.position import still
from dweebies_widget.widget.scene import Scene, SeatInfo
from dweebies_widget.widget.text import text_width

NS = "{http://www.w3.org/2000/svg}"
FULL = (0.0, 0.0, CARD_W, CARD_H)


def texts(face: tuple[Part, ...]) -> list[Text]:
    return [p for p in face if isinstance(p, Text)]


def dots_of(face: tuple[Part, ...]) -> Dots:
    (dots,) = [p for p in face if isinstance(p, Dots)]
    return dots


def drawn_width(t: Text) -> float:
    """How wide a text is drawn: by the text metric, or squeezed to its ``max_width``."""
    width = text_width(t.text, t.size, t.bold)
    return width if t.max_width is None else min(width, t.max_width)


def numbers(value: Any) -> list[float]:
    """Every length in a primitive (opacity and flags are not lengths), in field order."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return [n for f in value._fields if f != "opacity" for n in numbers(getattr(value, f))]
    if isinstance(value, tuple):
        return [n for v in value for n in numbers(v)]
    if isinstance(value, float | int) and not isinstance(value, bool):
        return [float(value)]
    return []


# ---------------------------------------------------------------------------- sizes
def test_sizes_are_the_cell_less_its_inset() -> None:
    assert (CELL_W, CELL_H, CARD_INSET) == (84, 106, 4)
    assert (CARD_W, CARD_H) == (76, 98)


def test_the_widget_lays_cards_out_with_the_same_sizes() -> None:
    g = Geometry.fit(2000, 2000, [(0, 0)], 0)
    assert g.scale == 1 and g.cell_size == (CELL_W, CELL_H)
    cell_x, cell_y, _, _ = g.cell_box((0, 0))
    assert g.card_box((0, 0)) == (cell_x + CARD_INSET, cell_y + CARD_INSET, CARD_W, CARD_H)


# ---------------------------------------------------------------------------- the face
@pytest.mark.parametrize("d", range(NUM_DWEEBIES))
def test_a_card_shows_its_dweebies_character_name_and_copies_not_its_number(d: int) -> None:
    look = LOOKS[d]
    shadow, body, *character, dots, name = card_face(d, FULL)
    assert isinstance(shadow, Rect) and shadow.opacity < 1 and shadow.edge is None
    assert isinstance(body, Rect) and (body.x, body.y, body.w, body.h) == FULL
    assert body.fill == "#FFFFFF" and body.edge is not None
    assert tuple(character) == character_parts(d, CARD_W / 2, 41, 20)
    (shape,) = [p for p in character if isinstance(p, Shape)]
    assert shape.fill == look.colour and shape.outline == outline(look.shape, CARD_W / 2, 41, 20)
    assert shape.edge != look.colour  # the body reads without its colour
    assert isinstance(name, Text) and name.text == NAMES[d] and name.bold
    assert texts(card_face(d, FULL)) == [name]  # no symbol, no number
    assert isinstance(dots, Dots) and len(dots.xs) == COPIES[d]
    assert dots.xs[-1] + dots.r == pytest.approx(CARD_W - 7)  # the row ends at the right


def test_every_card_has_the_same_layers_in_the_same_order() -> None:
    """So that cards painted layer by layer change the canvas style seldom."""
    for s in (0.3, 0.5, 0.6, 0.8, 1.0, 1.4):
        kinds = {
            tuple(type(p).__name__ for p in card_face(d, (0, 0, CARD_W * s, CARD_H * s)))
            for d in range(NUM_DWEEBIES)
        }
        assert len(kinds) == 1, s


@pytest.mark.parametrize("s", [0.55, 0.6, 0.65, 0.7, 0.74])
def test_a_mid_size_card_shows_its_name_at_the_least_size_and_no_number(s: float) -> None:
    """The bug of the old faces: from 55 % to 75 % they showed the id big, not the name."""
    x, y, w, h = 10.0, 20.0, CARD_W * s, CARD_H * s
    for d in range(NUM_DWEEBIES):
        face = card_face(d, (x, y, w, h))
        (name,) = texts(face)
        assert name.text == NAMES[d] and name.size == P.MIN_TEXT
        assert x < name.x - drawn_width(name) / 2 and name.x + drawn_width(name) / 2 < x + w
        if name.max_width is not None:  # squeezed only when plain letters do not fit
            assert not name.bold and text_width(name.text, name.size) > name.max_width
            assert name.max_width >= 0.8 * text_width(name.text, name.size)  # a little
        dots = dots_of(face)
        assert len(dots.xs) == COPIES[d] and dots.y - dots.r > name.y  # under the name
        assert sum(dots.xs) / len(dots.xs) == pytest.approx(x + w / 2)


def test_names_show_from_54_percent_of_full_size() -> None:
    """A hand card at its least size (58 %) and the other hands' cards (55 %) name their
    Dweebie; a table card 40 px wide (53 %) shows its character only."""
    assert [t.text for t in texts(card_face(5, (0, 0, 0.54 * CARD_W, 53)))] == ["Fizzwig"]
    assert texts(card_face(5, (0, 0, 0.53 * CARD_W, 52))) == []


@given(st.integers(0, NUM_DWEEBIES - 1), st.floats(0.2, 3.0))
def test_no_text_on_a_card_is_under_12_px_and_each_fits_the_card(d: int, s: float) -> None:
    w, h = CARD_W * s, CARD_H * s
    for t in texts(card_face(d, (0, 0, w, h))):
        assert t.size >= P.MIN_TEXT
        width = drawn_width(t)
        left = t.x - width / 2 if t.anchor == "middle" else t.x
        assert left >= 0 and left + width <= w and t.size * 0.8 <= t.y <= h


def test_a_small_card_keeps_its_character_and_dots_and_drops_its_name() -> None:
    face = card_face(18, (0, 0, 0.3 * CARD_W, 0.3 * CARD_H))
    assert texts(face) == []
    assert [type(p) for p in face] == [Rect, Rect, *map(type, character_parts(18, 0, 0, 20)),
                                       Dots]  # fmt: skip


@given(st.integers(0, NUM_DWEEBIES - 1), st.floats(1.15, 3.0))
def test_a_face_scales_with_its_card(d: int, s: float) -> None:
    """From the size where every text is over the least size on, a face is its full-size
    face scaled (below it, texts stay at the least size or are left off)."""
    big = numbers(card_face(d, (0, 0, CARD_W * s, CARD_H * s)))
    base = 1.15
    unit = numbers(card_face(d, (0, 0, CARD_W * base, CARD_H * base)))
    assert big == pytest.approx([s / base * n for n in unit], rel=1e-9)


@given(st.integers(0, NUM_DWEEBIES - 1), st.floats(-500, 500), st.floats(-500, 500))
def test_a_face_moves_with_its_card(d: int, dx: float, dy: float) -> None:
    moved = card_face(d, (dx, dy, CARD_W, CARD_H))
    for here, there in zip(card_face(d, FULL), moved, strict=True):
        if isinstance(here, Text | Rect):
            assert isinstance(there, Text | Rect)
            assert (there.x, there.y) == pytest.approx((here.x + dx, here.y + dy))
        elif isinstance(here, Dots):
            assert isinstance(there, Dots)
            assert there.xs == pytest.approx([x + dx for x in here.xs])
            assert there.y == pytest.approx(here.y + dy)


def test_the_face_module_imports_no_drawing_code() -> None:
    code = (
        "import sys, dweebies_widget.face; "
        "print(sorted(m for m in sys.modules if m.startswith(('ipy', 'matplotlib', "
        "'dweebies_widget.svg', 'dweebies_widget.widget'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # The one text metric (plain arithmetic) is all it takes from the widget's package.
    assert out.stdout.strip() == "['dweebies_widget.widget', 'dweebies_widget.widget.text']"


# ---------------------------------------------------------------------------- both renderers
def _svg_box(rect: ET.Element) -> tuple[float, float, float, float]:
    x, y, w, h = (float(rect.get(k, "nan")) for k in ("x", "y", "width", "height"))
    return (x, y, w, h)


def _drawn_texts(group: ET.Element) -> list[tuple[str, float, float]]:
    """The texts of an SVG group with their positions, without the halos under them."""
    return [
        ("".join(t.itertext()), float(t.get("x", "nan")), float(t.get("y", "nan")))
        for t in group.iter(f"{NS}text")
        if t.get("stroke") is None
    ]


def _same_texts(drawn: list[tuple[str, float, float]], face: tuple[Part, ...]) -> None:
    assert [text for text, _, _ in drawn] == [t.text for t in texts(face)]
    for (_, x, y), t in zip(drawn, texts(face), strict=True):
        assert (x, y) == pytest.approx((t.x, t.y), abs=0.15)  # SVG rounds to 0.1 px


def test_the_svg_picture_draws_the_faces() -> None:
    board = {(0, c): d for c, d in enumerate((0, 8, 18, 25))}
    game = Game.from_position(board=board, hands=[[1, 2], [3]])
    root = ET.fromstring(render(game))
    g = still(game, names=["Seat 0", "Seat 1"]).geometry  # the layout render() drew by
    drawn = _drawn_texts(root)
    circles = {
        (round(float(c.get("cx", "nan")), 1), round(float(c.get("cy", "nan")), 1))
        for c in root.iter(f"{NS}circle")
    }
    # The table's cards and the hand of the seat to play (1 and 2), each with its face.
    boxes = [(g.card_box(cell), d) for cell, d in board.items()]
    boxes += [(g.hand_box(i), d) for i, d in enumerate(game.hand(0))]
    for box, d in boxes:
        face = card_face(d, box)
        for t in texts(face):
            assert any(
                text == t.text and (x, y) == pytest.approx((t.x, t.y), abs=0.15)
                for text, x, y in drawn
            ), (d, t.text)
        dots = dots_of(face)
        assert {(round(x, 1), round(dots.y, 1)) for x in dots.xs} <= circles
    # Seat 1's hand (the Dweebie 3) is under the canvas, a small card that shows its name.
    below = [text for text, _, y in drawn if y > g.css.height]
    assert "Seat 1's hand" in below and NAMES[3] in below and "3" not in below


def test_the_canvas_draws_the_face_on_the_baseline_like_the_svg() -> None:
    board = {(0, c): d for c, d in enumerate((0, 8, 18, 25))}
    scene = Scene(board=board, seats=[SeatInfo("A", 0, 2), SeatInfo("B", 0, 1)], current=0)
    g = Geometry.fit(900, 720, board, 0)
    pen = Pen()
    paint(pen, g, scene)
    baseline = ""
    drawn: dict[tuple[str, float, float], str] = {}
    circles: set[tuple[float, float]] = set()
    for name, args in pen.ops:
        if name == "=" and args[0] == "text_baseline":
            baseline = args[1]
        elif name == "fill_text":
            drawn[(args[0], args[1], args[2])] = baseline
        elif name == "fill_circle":
            circles.add((args[0], args[1]))
    for cell, d in board.items():
        face = card_face(d, g.card_box(cell))
        for t in texts(face):
            assert drawn[(t.text, round(t.x, 1), round(t.y, 1))] == "alphabetic"
        dots = dots_of(face)
        assert {(round(x, 1), round(dots.y, 1)) for x in dots.xs} <= circles


def test_a_redraw_sets_each_font_of_the_cards_once() -> None:
    """Cards are painted in passes, texts of one size together: few style changes."""
    board = {(i // 9, i % 9): i for i in range(NUM_DWEEBIES)}
    scene = Scene(board=board, seats=[SeatInfo("A", 0, 5), SeatInfo("B", 0, 5)], current=0)
    g = Geometry.fit(1000, 800, board, 0)
    assert g.scale == 1  # names and ids at their full size
    pen = Pen()
    paint(pen, g, scene)
    said = {t.text for cell, d in board.items() for t in texts(card_face(d, g.card_box(cell)))}
    written = [i for i, (name, args) in enumerate(pen.ops) if name == "fill_text"]
    cards = [i for i in written if pen.ops[i][1][0] in said]
    # The cards' texts are written together, between the score bar's and the table's labels.
    ops = pen.ops[min(cards) - 3 : max(cards) + 1]
    fonts = [args[1] for name, args in ops if name == "=" and args[0] == "font"]
    card_fonts = {
        f"{'bold ' if t.bold else ''}{t.size:.1f}px {P.FONT}"
        for cell, d in board.items()
        for t in texts(card_face(d, g.card_box(cell)))
    }
    assert card_fonts == {f"bold 12.0px {P.FONT}"}  # every name
    assert all(fonts.count(font) <= 1 for font in card_fonts)  # (or set already)


def test_a_redraw_fills_the_same_parts_of_all_cards_at_once() -> None:
    """Eyes' whites, pupils... of every card on the table: the canvas fills one path per
    style and pass, not one per card."""
    board = {(i // 9, i % 9): i for i in range(NUM_DWEEBIES)}
    scene = Scene(board=board, seats=[SeatInfo("A", 0, 5), SeatInfo("B", 0, 5)], current=0)
    g = Geometry.fit(1000, 800, board, 0)
    pen = Pen()
    paint(pen, g, scene)
    fills = sum(name == "fill" for name, _ in pen.ops)
    parts = sum(
        not isinstance(p, Text | Dots) and bool(getattr(p, "segments", True))
        for cell, d in board.items()
        for p in card_face(d, g.card_box(cell))
    )
    assert fills < parts / 3
