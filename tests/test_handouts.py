"""The widgets' static pictures, headless: what a page that runs no Python shows of them.

A widget's display data (as the kernel makes it, with IPython's own formatter) holds the
widget view, which JupyterLab, Notebook 7 and Voila draw, and a picture for the others: the
play widget's canvas as SVG (the very picture the canvas shows now, so it follows the game),
a puzzle as it is first shown (never its answer, whatever the student did since), a
question's prompt and choices (never its answer).  The SVG is drawn from the canvas's own
recording; each canvas command is checked against the geometry the canvas gives it.  A
question's code holds its answer, so ``make handouts`` leaves out the code of every cell
tagged ``question``: every cell that asks one carries the tag, and a lesson's handout shows
its questions but none of their answers.  (The handouts made from notebooks, in a real
browser: ``test_browser_handouts.py``.)
"""

from __future__ import annotations

import ast
import html
import io
import json
import re
import subprocess
import sys
import tokenize
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from IPython.core.formatters import DisplayFormatter
from widget_events import click_cell, click_hand

from dweebies_widget import DweebiesWidget
from dweebies_widget.ai import GreedyPlayer
from dweebies_widget.cards import NAMES
from dweebies_widget.lessons import QuestionWidget
from dweebies_widget.puzzles import PuzzleWidget
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.puzzle_paint import paint_overlay
from dweebies_widget.widget.static import canvas_svg, play_picture, puzzle_picture

VIEW = "application/vnd.jupyter.widget-view+json"
SVG = "{http://www.w3.org/2000/svg}"


def display_data(widget: Any) -> dict[str, Any]:
    """What the kernel sends for ``widget`` as a cell's result."""
    data, _metadata = DisplayFormatter().format(widget)
    return dict(data)


def texts(svg: str) -> list[str]:
    """The lines of text over and under the canvas's picture, in order (it parses as XML)."""
    return [t.text or "" for t in ET.fromstring(svg).findall(f"{SVG}text")]


def canvas_texts(svg: str) -> list[str]:
    """The texts of the canvas's picture, in order (halos left out)."""
    inner = ET.fromstring(svg).find(f"{SVG}svg")
    assert inner is not None
    return [t.text or "" for t in inner.iter(f"{SVG}text") if t.get("fill") != "none"]


def drawn_texts(pen: Pen) -> list[str]:
    """Every text a canvas recording fills, in order."""
    return [str(args[0]) for name, args in pen.ops if name == "fill_text"]


def canvas_pen(widget: DweebiesWidget | PuzzleWidget) -> Pen:
    """The picture the widget's canvas shows now, recorded as the widget draws it."""
    c = widget.session
    pen = Pen()
    paint(pen, c.geometry, c.scene)
    if isinstance(widget, PuzzleWidget):
        paint_overlay(pen, c.geometry, c.overlay())
    return pen


# ---------------------------------------------------------------------------- play
def test_the_play_widget_shows_its_current_position_where_no_widget_can_be_drawn() -> None:
    w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0)
    before = display_data(w)
    assert before[VIEW]["model_id"] == w.model_id  # the live widget, first for Lab and Voila
    picture = before["image/svg+xml"]
    assert picture == play_picture(w.session)
    # The canvas's picture: every text it draws, in the same order; the status line under it.
    assert canvas_texts(picture) == drawn_texts(canvas_pen(w))
    assert texts(picture) == w.session.status_lines()
    assert 'width="900" height=' in picture  # the canvas's size in the page

    hand = w.game.hand(0)
    click_hand(w, 0)
    cell = sorted(w.game.legal_cells())[0]
    click_cell(w, cell)
    after = display_data(w)["image/svg+xml"]
    assert after != picture
    assert canvas_texts(after) == drawn_texts(canvas_pen(w))
    assert texts(after) == w.session.status_lines()
    assert w.game.board[cell] == hand[0] and len(w.game.board) == 2  # Greedy answered
    assert f"Greedy placed {NAMES[w.game.board[w.game.last_move.cell]]}" in texts(after)[-1]
    assert display_data(w) == {**display_data(w), "image/svg+xml": after}  # same on every call


def test_the_picture_shows_only_the_hand_the_screen_shows() -> None:
    w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=3, ai_delay=0, flash=0)
    said = canvas_texts(play_picture(w.session))
    assert "Ana's hand" in said
    assert all(NAMES[d] in said for d in w.game.hand(0))
    hidden = set(w.game.hand(1)) - set(w.game.hand(0)) - set(w.game.board.values())
    assert hidden, "seed 3 deals Greedy a card Ana cannot see"
    assert not any(NAMES[d] in said for d in hidden)


# ---------------------------------------------------------------------------- puzzles
def test_a_puzzle_is_pictured_as_first_shown_and_never_with_its_answer() -> None:
    w = PuzzleWidget(kind="where")
    start = display_data(w)
    assert start[VIEW]["model_id"] == w.model_id
    picture = start["image/svg+xml"]
    title, goal = w.session.title(), f"Goal: {w.session.goal}"
    assert " ".join(texts(picture)) == f"{title} {goal}"  # in lines over the table
    assert canvas_texts(picture) == drawn_texts(canvas_pen(w))  # the canvas as shown
    shown = canvas_pen(w).ops

    for cell in sorted(w.puzzle.answer):
        w.mark(cell)
    assert w.check() is not None and w.solved == [w.puzzle.id]
    assert canvas_pen(w).ops != shown  # the canvas now lights the answer...
    # ...the picture still shows the puzzle as it was first shown.
    assert display_data(w)["image/svg+xml"] == picture == puzzle_picture(w.session)


# ---------------------------------------------------------------------------- questions
def test_a_question_shows_its_prompt_and_choices_never_its_answer() -> None:
    w = QuestionWidget(
        "Which card collects the top row?", ["Doozy", "Ugbug"], answer=1,
        why="Ugbug matches the Ugbug at the other end of the row.",
    )  # fmt: skip
    data = display_data(w)
    assert data[VIEW]["model_id"] == w.model_id
    page = data["text/html"]
    assert "Which card collects the top row?" in page
    assert "A. Doozy" in page and "B. Ugbug" in page
    w.submit(0)
    assert display_data(w)["text/html"] == page  # the verdict stays in the live widget
    assert w.verdict.startswith("Not quite") and w.verdict not in page
    assert w.question.why not in page and "Right" not in page


# ---------------------------------------------------------------------------- canvas to SVG
def body(pen: Pen, ratio: float = 1) -> ET.Element:
    """The drawing of a recording (inside the picture's inner ``svg`` and its group)."""
    root = ET.fromstring(canvas_svg(pen, (200, 100), ratio))
    group = root.find(f"{SVG}svg/{SVG}g")
    assert group is not None
    return group


def test_rounded_corners_and_arcs_are_drawn_where_the_canvas_draws_them() -> None:
    pen = Pen()
    pen.round_rect((0, 0, 100, 50), 10, fill="#FF0000")
    pen.do("begin_path")
    pen.do("arc", 50, 50, 20, 0, 7.0)  # more than a turn: the whole circle
    pen.do("stroke")
    pen.do("begin_path")
    pen.do("move_to", 0, 0)
    pen.do("arc_to", 10, 0, 10, 10, 0)  # radius 0: a plain corner
    pen.do("stroke")
    rect, circle, corner = body(pen)
    # arcTo rounds each corner with a quarter circle touching both sides r from the corner.
    assert rect.get("d") == (
        "M10 0L90 0A10 10 0 0 1 100 10L100 40A10 10 0 0 1 90 50L10 50A10 10 0 0 1 0 40"
        "L0 10A10 10 0 0 1 10 0Z"
    )
    assert rect.get("fill") == "#FF0000"
    # A whole circle from angle 0 (the point right of the centre): two half turns.
    assert circle.get("d") == "M70 50A20 20 0 0 1 30 50A20 20 0 0 1 70 50"
    assert circle.get("fill") == "none" and circle.get("stroke") == "#000000"
    assert corner.get("d") == "M0 0L10 0"


def test_state_clips_and_transforms_follow_save_and_restore() -> None:
    pen = Pen()
    pen.do("save")
    pen.do("set_transform", 4, 0, 0, 4, 0, 0)  # twice the canvas's ratio of 2
    pen.do("begin_path")
    pen.do("rect", 1, 0, 10, 10)
    pen.do("clip")
    pen.set(global_alpha=0.5, line_cap="round")
    pen.dash(4, 2)
    pen.do("stroke_line", 0, 0, 10, 10)
    pen.do("restore")
    pen.do("fill_rect", 1, 2, 3, 4)
    clip, rect = body(pen, ratio=2)
    # The clip is a viewport over the clipped box (in CSS pixels: twice the path).
    assert clip.tag == f"{SVG}svg" and clip.get("viewBox") == "2 0 20 20"
    assert [clip.get(k) for k in ("x", "y", "width", "height")] == ["2", "0", "20", "20"]
    (line,) = clip
    assert line.get("transform") == "matrix(2 0 0 2 0 0)" and line.get("opacity") == "0.5"
    assert line.get("stroke-linecap") == "round" and line.get("stroke-dasharray") == "4 2"
    # After restore: no clip, no transform beyond the ratio (drawn at half size), no alpha.
    assert rect.attrib == {
        "x": "1", "y": "2", "width": "3", "height": "4", "fill": "#000000",
        "transform": "matrix(0.5 0 0 0.5 0 0)",
    }  # fmt: skip


def test_a_clip_needs_no_id_and_only_rectangles_are_clipped() -> None:
    pen = Pen()
    pen.do("save")
    pen.do("rect", 0, 0, 5, 5)
    pen.do("clip")
    pen.rect((0, 0, 9, 9), fill="#FF0000")
    pen.do("restore")
    text = canvas_svg(pen, (10, 10), 1)
    assert " id=" not in text and "<style" not in text
    assert text == canvas_svg(pen, (10, 10), 1)  # the same recording, the same text
    triangle = Pen()
    triangle.polygon([(0, 0), (5, 0), (0, 5)])
    triangle.do("clip")
    with pytest.raises(ValueError, match="clip"):
        canvas_svg(triangle, (10, 10), 1)


def test_text_keeps_its_font_alignment_and_halo() -> None:
    pen = Pen()
    pen.text(20, 30, "Ana <3", 14, "#123456", bold=True, align="right", halo="#FFFFFF")
    halo, text = body(pen)
    assert halo.text == text.text == "Ana <3"
    font = dict(args for name, args in pen.ops if name == "=")["font"]
    assert text.get("style") == f"font: {font}" and font.startswith("bold 14.0px")
    assert text.get("text-anchor") == "end" and text.get("dominant-baseline") == "central"
    assert text.get("fill") == "#123456"
    assert halo.get("stroke") == "#FFFFFF" and halo.get("fill") == "none"


def test_a_command_with_no_svg_is_an_error_not_a_blank() -> None:
    pen = Pen()
    pen.do("draw_image", "x", 0, 0)
    with pytest.raises(ValueError, match="draw_image"):
        canvas_svg(pen, (10, 10), 1)


# ---------------------------------------------------------------------------- handouts
ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
QUESTION_TAG = "question"


def code_cells(path: Path) -> list[tuple[str, list[str]]]:
    """Each code cell's source and tags."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [
        ("".join(c["source"]), list(c["metadata"].get("tags", [])))
        for c in cells
        if c["cell_type"] == "code"
    ]


def question_calls(source: str) -> list[ast.Call]:
    """The calls that make a question (a ``Question`` or a ``QuestionWidget``)."""
    return [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and (node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", ""))
        in ("Question", "QuestionWidget")
    ]


def literal_pieces(source: str, node: ast.expr) -> list[str]:
    """The string literals written for ``node`` in ``source``, each as the code writes it
    (a text split over several lines is several literals; f-strings are left out)."""
    segment = ast.get_source_segment(source, node) or ""
    pieces = []
    for token in tokenize.generate_tokens(io.StringIO(segment).readline):
        if token.type == tokenize.STRING and not re.match(r"[rRbBuU]*[fF]", token.string):
            pieces.append(ast.literal_eval(token.string))
    return [p.strip() for p in pieces if p.strip()]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_cell_that_asks_a_question_is_tagged_for_the_handouts(path: Path) -> None:
    """The tag is what makes ``make handouts`` leave a question's code out: a new question
    without it would print its ``answer=`` and ``why=`` in the handout.  Only question cells
    carry it, so the handouts keep all other code."""
    for source, tags in code_cells(path):
        calls = question_calls(source)
        assert all(any(k.arg == "why" for k in c.keywords) for c in calls)
        assert (QUESTION_TAG in tags) == bool(calls), source[:200]


def test_a_lessons_handout_shows_its_questions_but_not_their_answers(tmp_path: Path) -> None:
    lesson = ROOT / "notebooks" / "01_rules.ipynb"
    command = ["make", "-s", "-o", ".venv/.installed-notebooks", "handouts",
               f"PY={sys.executable}", f"HANDOUTS={tmp_path}",
               f"HANDOUT_NOTEBOOKS=notebooks/{lesson.name}"]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    page = (tmp_path / "01_rules.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]*>", "", page))  # what the page reads, code included

    asked = 0
    for source, _ in code_cells(lesson):
        calls = question_calls(source)
        if not calls:  # the rest of the code stays
            assert source.splitlines()[0] in text
            continue
        for call in calls:
            asked += 1
            why = next(k.value for k in call.keywords if k.arg == "why")
            assert literal_pieces(source, why), "the why is written as text"
            for piece in literal_pieces(source, why):
                assert piece not in text
            for piece in literal_pieces(source, call.args[0]):
                assert piece in text  # the question itself is on the page
    assert asked == 5
    assert not re.search(r"\b(answer|why)\s*=", text)
