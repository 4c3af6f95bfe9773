"""The rules lessons (notebooks 01 and 02, ``docs/rules.md``) stay correct and keep their shape.

Each test guards a defect that once was there: a sentence that was false, an exercise that
could not be done, a case that was never shown, an answer printed above its question.  The
notebooks are run here, cell by cell, so that what their boards and questions ask is checked
by the engine, not by reading the stored text.

What each lesson's questions and reveal cells state is checked against the engine in the
lesson's own tests (``test_lesson_01.py``, ``test_lesson_02.py``...): the cells beside a
card and at a corner, what a card next to its twin collects, the forced collection, owed
draws, the deal for six players, a collection that splits the table, a game that ends split.
The leaks are checked in ``test_lesson_leaks.py``.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from dweebies_widget import DweebiesWidget, Game
from dweebies_widget.lessons import QuestionWidget, lesson
from dweebies_widget.puzzles import PuzzleWidget

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = ["01_rules.ipynb", "02_edge_cases.ipynb"]
NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def cells(notebook: str) -> list[dict[str, Any]]:
    return list(json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"])


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def stored_text(cell: dict[str, Any]) -> str:
    """The text a cell's stored outputs show (printed text and plain-text results)."""
    parts = []
    for out in cell.get("outputs", []):
        text = out.get("text") or out.get("data", {}).get("text/plain", "")
        parts.append("".join(text) if isinstance(text, list) else str(text))
    return "\n".join(parts)


@cache
def run(notebook: str) -> tuple[dict[int, Any], dict[str, Any]]:
    """Run a notebook's code cells in order: the value each cell ends with (by cell index)
    and the names the notebook made.  Cells announced to raise are skipped."""
    namespace: dict[str, Any] = {"__name__": "__lesson__"}
    values: dict[int, Any] = {}
    for index, cell in enumerate(cells(notebook)):
        text = source(cell)
        if cell["cell_type"] != "code" or text.lstrip().startswith("# NBVAL_RAISES_EXCEPTION"):
            continue
        tree = ast.parse(text)
        last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        body = tree.body[:-1] if last else tree.body
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(ast.Module(body=body, type_ignores=[]), notebook, "exec"), namespace)
            if last is not None:
                expression = ast.Expression(body=last.value)
                values[index] = eval(compile(expression, notebook, "eval"), namespace)
    return values, namespace


def asks(value: Any) -> bool:
    return isinstance(value, PuzzleWidget | QuestionWidget)


# --------------------------------------------------------------------- words


@pytest.mark.parametrize(
    "sentence",
    [
        "touches the **Doozy** below it",
        "touches the Doozy below it",
        "Two equal Dweebies side by side are collected",
        "Two matching cards side by side make a line of two, and you collect both",
        "Finish the bridge",
        "every tricky case",
        "each detail of the rules",
        "a row of cards lies just below them",
        "shortest link",
        "a Mumbo would collect",
    ],
)
def test_a_false_or_stale_sentence_does_not_come_back(sentence: str) -> None:
    texts = [(ROOT / "docs" / "rules.md").read_text(encoding="utf-8")]
    for notebook in LESSONS:
        texts += [source(c) + stored_text(c) for c in cells(notebook)]
    assert not [t for t in texts if sentence in t]


def test_the_helpers_announced_are_the_helpers_made() -> None:
    nb = cells("01_rules.ipynb")  # the lesson that says what its hidden cell makes
    [at] = [i for i, c in enumerate(nb) if "small helpers" in source(c)]
    said = re.search(r"(\w+) small helpers", source(nb[at]))
    assert said is not None
    bullets = re.findall(r"^- `(\w+)\(", source(nb[at]), flags=re.M)
    made = re.findall(r"^def (\w+)\(", source(nb[at + 1]), flags=re.M)
    assert NUMBERS[said.group(1)] == len(bullets) == len(made)
    assert bullets == made


def test_the_rules_page_says_when_a_pair_is_collected() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = rules.split("## 6. Collecting")[1].split("## 7.")[0]
    assert "**when those\n  two cards are the whole line**" in section
    # The example it gives is what the engine does.
    game = Game.from_position(board={(0, 0): 25, (0, 1): 4, (0, 2): 12}, hands=[[12], [6]])
    assert "`Zuzu Eeko Mumbo`" in section and 12 not in game.would_collect((0, 3))


@pytest.mark.parametrize("notebook", [*LESSONS, "08_for_programmers.ipynb"])
def test_each_notebook_says_who_it_is_for_how_long_and_what_it_teaches(notebook: str) -> None:
    top = source(cells(notebook)[0])
    for part in ("**Who it is for:**", "**How long:**", "**After it you will be able to:**"):
        assert part in top


def test_the_first_lesson_fits_in_a_lesson() -> None:
    minutes = lesson("01").minutes
    assert minutes <= 40  # the core, measured by a read-through; the rest is an extension
    assert f"about {minutes} minutes" in source(cells("01_rules.ipynb")[0])


@pytest.mark.parametrize("notebook", LESSONS)
def test_positions_are_written_with_card_names(notebook: str) -> None:
    for cell in cells(notebook):
        if cell["cell_type"] == "code":
            assert not re.search(r"\(-?\d+, -?\d+\): \d", source(cell)), source(cell)[:120]


@pytest.mark.parametrize("notebook", LESSONS)
def test_the_words_for_the_pictures_are_the_pictures_words(notebook: str) -> None:
    words = "\n".join(source(c) for c in cells(notebook) if c["cell_type"] == "markdown")
    assert "shortest bridge" in words and "**tint**" in words and "**+**" in words
    _, ns = run("01_rules.ipynb")
    split = Game.from_position(board={(0, 0): 1, (0, 3): 2}, hands=[[3], [4]])
    picture = str(split.svg(legal=True, names=ns["SEATS"]).data)
    assert "+: on a shortest bridge" in picture and "tint: one group" in picture


def test_compulsory_collecting_is_said() -> None:
    turn = next(source(c) for c in cells("01_rules.ipynb") if "**Collect**" in source(c))
    assert "This is not up to you: a match is\n   always collected" in turn
    edge = [source(c) for c in cells("02_edge_cases.ipynb")]
    asked = next(i for i, s in enumerate(edge) if "## 5. May a player refuse a collection?" in s)
    told = next(i for i, s in enumerate(edge) if "Collecting is not a choice." in s)
    assert asked < told  # asked first (a question), the rule said after it


# --------------------------------------------------------------------- asking first


@pytest.mark.parametrize("notebook", LESSONS)
def test_every_board_with_a_goal_can_be_solved(notebook: str) -> None:
    values, _ = run(notebook)
    boards = [v for v in values.values() if isinstance(v, PuzzleWidget)]
    assert len(boards) >= 3
    for board in boards:
        for puzzle in board.puzzles:
            assert puzzle.answer
            if puzzle.kind == "where":
                assert puzzle.check(set(puzzle.answer)).correct
                assert puzzle.answer == puzzle.game.legal_cells()
                continue
            for move in puzzle.answer:
                assert puzzle.check(move).correct
                game = puzzle.game
                taken = game.play(move).taken
                assert taken, f"{puzzle.kind}: {move} collects nothing"
                if puzzle.kind == "rejoin":
                    assert not game.is_split


def test_the_only_free_board_is_the_whole_game_at_the_end() -> None:
    for notebook in LESSONS:
        values, _ = run(notebook)
        free = [i for i, v in values.items() if isinstance(v, DweebiesWidget)]
        assert free == ([len(cells(notebook)) - 1] if notebook == "01_rules.ipynb" else [])


@pytest.mark.parametrize("notebook", LESSONS)
def test_every_step_asks_before_it_shows(notebook: str) -> None:
    values, _ = run(notebook)
    nb = cells(notebook)
    ask_cells = sorted(i for i, v in values.items() if asks(v))
    assert len(ask_cells) >= 8
    shown = "\n".join(stored_text(c) for c in nb)
    for i in ask_cells:
        if isinstance(values[i], QuestionWidget):
            assert values[i].question.why not in shown
    # Between a board with a goal and the step before it (or the last move played on that
    # table), nothing shows the board's answer: its legal cells or what a card would collect.
    previous = 0
    for i in ask_cells:
        board = re.search(r"puzzle\((\w+)", source(nb[i]))
        if board:
            table = board.group(1)
            since = [previous] + [
                j for j in range(previous, i) if f"{table}.play(" in source(nb[j])
            ]
            shows = rf"{table}\.(legal_cells|would_collect|svg\(legal=True)|show\({table}\)"
            for cell in nb[max(since) + 1 : i + 1]:
                assert not re.search(shows, source(cell)), source(cell)[:120]
        previous = i


# --------------------------------------------------------------------- the engine's facts


def test_a_collection_that_splits_the_table_says_so() -> None:
    nb = cells("02_edge_cases.ipynb")
    at = next(i for i, c in enumerate(nb) if source(c).startswith("middle2 ="))
    assert "the collection split the table: True" in stored_text(nb[at])
    assert "**split the table**" in source(nb[at + 1])
    _, ns = run("02_edge_cases.ipynb")
    assert ns["middle2"].is_split
