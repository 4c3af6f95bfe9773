"""Lesson 08 (the game in Python): its exit quiz's answers are what the package does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lesson_tables import right

from dweebies_widget import Game, IllegalMoveError, SaveError
from dweebies_widget.lessons import lesson, question

ROOT = Path(__file__).resolve().parent.parent


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    game = Game.from_position(board={(0, 0): 1, (0, 1): 2}, hands=[[3, 4], [5]], pile=[6])
    before = game.copy()
    with pytest.raises(IllegalMoveError) as refused:
        game.play(3, (1, -1))  # a corner only
    assert game == before and refused.value.rule == "5" and refused.value.legal
    assert right("08.illegal").startswith("It raises an IllegalMoveError")


def test_an_edited_save_is_refused() -> None:
    game = Game(players=2, seed=7)
    game.play(game.legal_moves()[0])
    saved = json.loads(game.to_json())
    saved["state"]["scores"] = [10, 0]
    with pytest.raises(SaveError, match="scores"):
        Game.from_json(json.dumps(saved))
    assert right("08.save").startswith("It is refused with a SaveError")


def test_a_lesson_notebook_holds_the_id_not_the_answer() -> None:
    notebook = (ROOT / "notebooks" / "01_rules.ipynb").read_text(encoding="utf-8")
    dots = question("01.dots")
    assert 'ask(\\"01.dots\\")' in notebook
    assert json.dumps(dots.why)[1:-1] not in notebook
    assert right("08.ask").startswith("So that neither the cell's code nor its saved output")


def test_the_exit_quiz_has_three_to_five_questions() -> None:
    assert [q.id for q in lesson("08").exit_quiz] == ["08.illegal", "08.save", "08.ask"]
