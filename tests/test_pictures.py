"""One picture pipeline: a scene (what a viewer may see) laid out by the one geometry, painted
by the one painter into a recording pen, written as SVG by the one writer.

The same position drawn through each route (``Game.svg()``, the play widget's static
picture, the classroom's spectator picture) gives the same drawing commands for the same
scene and size, and every part that fits or wraps text measures it with the one text
metric."""

from __future__ import annotations

import ast
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from helpers import played

import dweebies_widget
from dweebies_widget import Game
from dweebies_widget.cards import NAMES
from dweebies_widget.classroom import SeatInfo as ClassSeat
from dweebies_widget.classroom.picture import picture as spectate
from dweebies_widget.widget import labels, paint, puzzle_paint, svg_writer, text
from dweebies_widget.widget.geometry import Geometry
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.position import drawing, fit, scene_of, still
from dweebies_widget.widget.scene import Scene, SeatInfo
from dweebies_widget.widget.session import Session
from dweebies_widget.widget.static import play_picture
from dweebies_widget.widget.svg_writer import LINE_HEIGHT, TEXT_SIZE, canvas_svg
from dweebies_widget.widget.text import text_width, wrap

SVG = "{http://www.w3.org/2000/svg}"
SEATS = ["Ana", "Ben"]


def quiet(_delay: float, _job: object) -> object:
    return lambda: None


def inner(picture: str) -> str:
    """The drawing of an SVG picture, without the words over or under it."""
    match = re.search(r'<svg x="0".*?</g></svg>', picture)
    assert match is not None
    return match.group(0)


def mid_game() -> Game:
    game = played(Game(players=2, seed=11), 6, seed=3)
    assert game.board and not game.is_over and game.current_player == 0
    return game


def filled_texts(pen: Pen) -> list[str]:
    return [str(args[0]) for name, args in pen.ops if name == "fill_text"]


# ---------------------------------------------------------------------------- one painter
def test_game_svg_and_the_play_widget_draw_the_same_commands() -> None:
    game = mid_game()
    picture = still(game, names=SEATS, viewer=0)
    width, height = picture.geometry.css.width, picture.geometry.css.height
    c = Session(
        SEATS, game=game.copy(), width=int(width), height=int(height), pixel_ratio=1,
        scheduler=quiet,
    )  # fmt: skip
    # The same size gives the same layout, and the same position the same scene: the
    # widget's, with the rows' and columns' numbers Game.svg() writes along the edges.
    assert c.geometry == picture.geometry
    assert c.scene == replace(picture.scene, rulers=False)
    table = drawing(replace(c.scene, rulers=True), c.geometry).ops
    assert picture.pen.ops[: len(table)] == table  # then Ben's hand, under the canvas
    strip = picture.pen.ops[len(table) :]
    assert "Ben's hand" in [args[0] for name, args in strip if name == "fill_text"]
    # Each route writes its recording with the one SVG writer.
    widget = drawing(c.scene, c.geometry)
    assert inner(play_picture(c)) == inner(canvas_svg(widget, (width, height), 1))
    shown = game.svg(names=SEATS, viewer=0).data
    assert inner(shown) == inner(canvas_svg(picture.pen, picture.size, 1))
    assert shown == game.svg(names=SEATS, viewer=0).data


def test_the_spectator_picture_is_the_scene_of_the_game_with_no_hand() -> None:
    game = mid_game()
    seats = (ClassSeat(0, "Ana", None), ClassSeat(1, None, "greedy"))
    p = spectate(game, code="K7QX", version=1, status="playing", seats=seats, hints=False)
    expected = scene_of(
        game, names=["Ana", "Greedy (computer)"], ai=[False, True], hands=False, labels=False
    )
    assert p.scene == expected
    g = fit(p.scene, 600, 420, legal=p.legal)
    ops = drawing(p.scene, g).ops
    assert ops == drawing(expected, g).ops
    # The same table as the widget's, minus the hand: nothing hidden is drawn.
    assert p.scene.hand == () and p.scene.hand_owner == ""
    hidden = {NAMES[d] for s in range(2) for d in game.hand(s)} - {
        NAMES[d] for d in game.board.values()
    }
    assert hidden and not hidden & set(filled_texts(drawing(p.scene, g)))
    widget = scene_of(game, names=["Ana", "Greedy (computer)"], ai=[False, True], labels=False)
    assert replace(widget, hand=(), hand_owner="") == p.scene


def test_a_table_that_is_not_played_shows_nobody_to_play() -> None:
    game = mid_game()
    seats = (ClassSeat(0, "Ana", None), ClassSeat(1, None, None))
    p = spectate(game, code="K7QX", version=1, status="waiting", seats=seats, hints=False)
    assert p.scene.current is None and p.current_player == 0
    said = filled_texts(drawing(p.scene, fit(p.scene, 600, 420)))
    assert not any(t.startswith("\u25b6") for t in said)  # no seat marked to play


def test_the_same_scene_and_size_give_the_same_commands_on_every_route() -> None:
    """The play widget's picture, Game.svg() and the spectator's all paint with
    ``drawing``: one scene, one size, one recording, whatever asked for it."""
    game = mid_game()
    scene = scene_of(game, names=SEATS, viewer=0)
    g = Geometry.fit(700, 560, set(scene.board) | game.legal_cells(), len(scene.hand))
    assert fit(scene, 700, 560, legal=game.legal_cells()) == g
    first, again = drawing(scene, g), drawing(scene_of(game.copy(), names=SEATS, viewer=0), g)
    assert first.ops == again.ops
    pen = Pen()
    paint.paint(pen, g, scene)
    assert pen.ops == first.ops


# ---------------------------------------------------------------------------- one metric
def test_every_part_measures_text_with_the_one_metric() -> None:
    assert paint.wrap is puzzle_paint.wrap is svg_writer.wrap is text.wrap is wrap
    assert paint.text_width is svg_writer.text_width is text.text_width is text_width
    assert labels.text_width is text_width  # the tags of the table, the puzzle's and the hand's


def test_lines_under_a_picture_wrap_where_the_metric_says() -> None:
    line = "Ana placed Zuzu at (0, -1), collected 4 cards and drew a card " * 3
    written = canvas_svg(Pen(), (300, 100), 1, below=[line])
    texts = ["".join(t.itertext()) for t in ET.fromstring(written).iter(f"{SVG}text")]
    assert texts == wrap(line, TEXT_SIZE, 300 - 20)
    height = int(ET.fromstring(written).attrib["height"])
    assert height == 100 + len(texts) * LINE_HEIGHT + 10


def test_the_painter_wraps_the_curtain_where_the_metric_says() -> None:
    curtain = "Pass the screen to Professor Longname of Somewhere, then click when ready"
    scene = Scene(board={}, seats=[SeatInfo("A", 0, 5), SeatInfo("B", 0, 5)], current=0,
                  curtain=curtain)  # fmt: skip
    g = Geometry.fit(390, 600, [], 0)
    pen = drawing(scene, g)
    _, _, w, _ = g.hand_band
    lines = wrap(curtain, 20, w - 48)
    assert len(lines) > 1
    said = filled_texts(pen)
    assert said[said.index(lines[0]) : said.index(lines[0]) + len(lines)] == lines


def test_a_text_squeezed_on_the_canvas_is_squeezed_alike_in_svg() -> None:
    pen = Pen()
    long, short = "Professor Longname the 4th", "Ana"
    width = text_width(long, 14, bold=True) / 2
    pen.text(10, 10, long, 14, bold=True, align="left", max_width=width)
    pen.text(10, 40, short, 14, bold=True, align="left", max_width=width)
    first, second = ET.fromstring(canvas_svg(pen, (400, 60), 1)).iter(f"{SVG}text")
    assert first.get("textLength") == f"{width:g}" and first.get("lengthAdjust")
    assert second.get("textLength") is None  # it fits


# ---------------------------------------------------------------------------- seams
def test_no_module_imports_another_modules_underscore_names() -> None:
    package = Path(dweebies_widget.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module != "__future__":
                found += [
                    f"{path.relative_to(package)}: {a.name}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
    assert found == []


def test_the_picture_modules_are_under_700_lines() -> None:
    widget = Path(dweebies_widget.__file__).parent / "widget"
    for name in ("paint", "pen", "scene", "position", "svg_writer", "static", "text"):
        assert len((widget / f"{name}.py").read_text(encoding="utf-8").splitlines()) <= 700
