"""The widgets' static pictures, headless: what a page that runs no Python shows of them.

A widget's display data (as the kernel makes it, with IPython's own formatter) holds the
widget view, which JupyterLab, Notebook 7 and Voila draw, and a picture for the others: the
play widget's canvas as SVG (the very picture the canvas shows now, so it follows the game),
a puzzle as it is first shown (never its answer, whatever the student did since), a
question's prompt and choices (never its answer).  The SVG is drawn from the canvas's own
recording; each canvas command is checked against the geometry the canvas gives it.

Then the printable handouts (``python -m dweebies_widget.handouts``, ``make handouts``),
written once for the module: every worksheet holds every question of its lesson and no
student sheet holds any question's explanation, what a choice is told, a verdict or a
puzzle's answer; the exit quiz sheet holds exactly the exit questions; the answer key holds
every question and every shipped puzzle (house-rule puzzles labelled), each with its answer
and proof; the card sheet holds the 54 cards, as many of each Dweebie as its dots say.  (The
handouts printed in a real browser: ``test_browser_handouts.py``.)
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from importlib.abc import Traversable
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from IPython.core.formatters import DisplayFormatter
from widget_events import click_cell, click_hand

from dweebies_widget import DweebiesWidget
from dweebies_widget.ai import GreedyPlayer
from dweebies_widget.cards import NAMES, copies
from dweebies_widget.handouts import (
    ANSWER_KEY,
    CARDS,
    INDEX,
    exit_quiz_name,
    worksheet_name,
)
from dweebies_widget.handouts.key import answer_words, line_words
from dweebies_widget.handouts.sources import lesson_puzzles, puzzle_sets, rules_label
from dweebies_widget.lessons import LETTERS, QuestionWidget, lessons, questions
from dweebies_widget.puzzles import PuzzleWidget, load
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


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every handout, written by ``python -m dweebies_widget.handouts`` as ``make handouts``
    runs it."""
    out = tmp_path_factory.mktemp("handouts")
    done = subprocess.run(
        [sys.executable, "-m", "dweebies_widget.handouts", "--out", str(out)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert str(out / INDEX) in done.stdout
    return out


def course_notebook(name: str) -> Traversable:
    """A notebook of the course the package ships (what the handouts read)."""
    return files("dweebies_widget").joinpath("course", "notebooks", name)


def read(path: Path) -> str:
    """What a page says: its text with the tags taken out, the entities read and every run
    of spaces made one space (see :func:`said`)."""
    return said(html.unescape(re.sub(r"<[^>]*>", " ", path.read_text(encoding="utf-8"))))


def said(text: str) -> str:
    """``text`` with every run of spaces and line breaks made one space."""
    return " ".join(text.split())


def student_files(folder: Path) -> list[Path]:
    """Every handout a student is given (everything but the answer key)."""
    return sorted(p for p in folder.glob("*.html") if p.name != ANSWER_KEY)


def test_make_handouts_runs_the_handouts_module() -> None:
    dry = subprocess.run(["make", "-s", "-n", "-o", ".venv/.installed-notebooks", "handouts",
                          "HANDOUTS=somewhere"], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)  # fmt: skip
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.split()[-4:] == ["-m", "dweebies_widget.handouts", "--out", "somewhere"]
    assert "nbconvert" not in (ROOT / "Makefile").read_text(encoding="utf-8").split(
        "handouts:")[-1].split("\n\n")[0]  # fmt: skip


def test_each_lesson_has_a_worksheet_and_its_exit_quiz_a_sheet(handouts: Path) -> None:
    names = {p.name for p in handouts.glob("*.html")}
    for each in lessons():
        assert worksheet_name(each.lesson) in names
        assert (exit_quiz_name(each.lesson) in names) == bool(each.exit_quiz)
    assert {ANSWER_KEY, CARDS, INDEX} <= names
    index = (handouts / INDEX).read_text(encoding="utf-8")
    links = set(re.findall(r'href="([^"]+)"', index))
    assert links == names - {INDEX}  # the index links every other handout


def test_every_worksheet_holds_every_question_of_its_lesson(handouts: Path) -> None:
    for each in lessons():
        page = (handouts / worksheet_name(each.lesson)).read_text(encoding="utf-8")
        text = read(handouts / worksheet_name(each.lesson))
        assert said(each.title) in text
        assert all(said(goal) in text for goal in each.goals)
        for q in each.questions:
            assert said(q.prompt) in text, q.id
            for i, choice in enumerate(q.choices):
                assert said(f"{LETTERS[i]}. {choice}") in text, q.id
            if q.position is not None:  # its table, drawn as the notebook draws it
                svg = q.position.svg(names=q.seats or None, legal=q.legal).data.strip()
                assert svg in page, q.id
        exits = [q for q in each.questions if q.exit]
        if exits:  # the exit quiz last, as in the notebook
            assert text.index("exit quiz") < min(text.index(said(q.prompt)) for q in exits)


def test_no_student_sheet_gives_an_answer_away(handouts: Path) -> None:
    """The leak test over every student handout: no question's explanation, nothing a choice
    is told, no verdict, no right choice marked, no puzzle's answer or what it does."""
    sheets = {p.name: read(p) for p in student_files(handouts)}
    assert len(sheets) >= 2 + len(lessons())
    for q in questions():
        for name, text in sheets.items():
            assert said(q.why) not in text, (q.id, name)
            for told in q.feedback:
                assert said(told) not in text, (q.id, name)
    shown = [p for each in lessons() for p in lesson_puzzles(each)]
    for name, text in sheets.items():
        assert "Right!" not in text and "Not quite" not in text and "(right)" not in text
        assert "Answer:" not in text and "Why:" not in text, name
        for p in shown:
            assert said(answer_words(p)) not in text, (p.id, name)


def test_the_exit_quiz_sheet_holds_exactly_the_exit_questions(handouts: Path) -> None:
    for each in lessons():
        if not each.exit_quiz:
            continue
        text = read(handouts / exit_quiz_name(each.lesson))
        for q in each.questions:
            assert (said(q.prompt) in text) == q.exit, q.id
        assert 3 <= len(each.exit_quiz) <= 5


def test_the_worksheet_shows_the_puzzles_its_notebook_names(handouts: Path) -> None:
    for each in lessons():
        notebook = course_notebook(each.notebook).read_text(encoding="utf-8")
        shown = lesson_puzzles(each)
        assert all(p.id in notebook for p in shown)
        page = (handouts / worksheet_name(each.lesson)).read_text(encoding="utf-8")
        for i, p in enumerate(shown, 1):
            assert f'id="{p.id}"><h3>Puzzle {i}</h3>' in page
            # the board as first shown, under its goal
            assert f"Goal: {html.escape(p.goal, quote=False)}" in page


def test_the_answer_key_holds_every_question_and_every_puzzle(handouts: Path) -> None:
    key = read(handouts / ANSWER_KEY)
    for q in questions():
        entry = key[key.index(q.id):]
        assert said(q.why) in entry, q.id
        assert said(f"Answer: {LETTERS[q.answer]}. {q.choices[q.answer]}") in entry, q.id
        for told in q.feedback[: q.answer] + q.feedback[q.answer + 1 :]:
            assert said(told) in entry, q.id  # what each wrong choice is told
    shipped = load()
    sets = puzzle_sets()
    assert {p.id for each in sets for p in each.puzzles} >= {p.id for p in shipped}
    for each in sets:
        for p in each.puzzles:
            assert p.id in key
            entry = key[key.index(p.id):]
            assert said(answer_words(p)) in entry, p.id
            assert said(p.definition[1:]) in entry, p.id  # the kind's definition is the proof
            label = rules_label(p)
            if label:  # a house-rule puzzle says its rules
                assert said(f"Played with: {label}") in entry
    standard, house = sets
    assert not any(rules_label(p) for p in standard.puzzles)
    assert all(rules_label(p) for p in house.puzzles) and house.puzzles
    for each in lessons():  # each worksheet's puzzle, by its number there, with a picture
        for i, p in enumerate(lesson_puzzles(each), 1):
            entry = key[key.index(f"Puzzle {i}: {p.id}"):]
            assert said(answer_words(p)) in entry.split(" · rating")[1], p.id
    endgame = next(p for p in shipped if p.kind == "endgame" and p.line)
    assert said(line_words(endgame, endgame.line)) in key  # the proof line, move by move


def test_the_card_sheet_holds_the_54_cards_as_many_of_each_as_its_dots_say(
    handouts: Path,
) -> None:
    page = (handouts / CARDS).read_text(encoding="utf-8")
    cards = re.findall(r'<div class="card" data-dweebie="([^"]+)">(.*?)</div>', page, re.DOTALL)
    assert len(cards) == 54
    assert Counter(name for name, _ in cards) == {NAMES[d]: copies(d) for d in range(27)}
    for name, svg in cards:
        said = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.text]
        assert name in said  # the card's Dweebie by its name...
        assert not any(t.strip("#").isdigit() for t in said)  # ...and never a number
