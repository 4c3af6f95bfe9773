"""The strategy lesson (notebooks/03_strategy.ipynb): the facts it states that could rot.

nbval re-runs the notebook and compares its outputs; these tests check what nbval cannot:
that the puzzles it names are still in the shipped set with the kind (and the feature) its
text says, that each question's stated answer is what the engine says about the position the
notebook builds, that every "Name (id)" it writes is that Dweebie's name, and that the stored
outputs keep every answer hidden.  The notebook's code cells are run once, here, to get its
positions and questions.
"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from dweebies_widget import Game, Move, copies, name
from dweebies_widget.grid import frontier
from dweebies_widget.puzzles import kinds, load

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "03_strategy.ipynb"
CELLS = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
SOURCES = ["".join(c["source"]) for c in CELLS]
CODE = ["".join(c["source"]) for c in CELLS if c["cell_type"] == "code"]

#: The puzzle lists of the notebook and the kinds its text gives them.
PUZZLE_KINDS = {
    "DOTS_PUZZLES": {"haul"},
    "UNSEEN_PUZZLES": {"endgame"},
    "SAFE_PUZZLES": {"safe"},
    "SPLIT_PUZZLES": {"rejoin", "where"},
}


def listed(constant: str) -> list[str]:
    """The literal list assigned to ``constant`` in the notebook's code."""
    for source in CODE:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == constant for t in node.targets
            ):
                value = ast.literal_eval(node.value)
                assert isinstance(value, list)
                return value
    raise AssertionError(f"the notebook assigns no {constant}")


@pytest.fixture(scope="module")
def lesson() -> dict[str, Any]:
    """The namespace of the notebook after all its code cells ran."""
    namespace: dict[str, Any] = {}
    for source in CODE:
        exec(compile(source, str(NOTEBOOK), "exec"), namespace)  # noqa: S102 - our notebook
    return namespace


def answer_text(widget: Any) -> str:
    question = widget.question
    return str(question.choices[question.answer])


@pytest.mark.parametrize("constant", sorted(PUZZLE_KINDS))
def test_the_puzzles_it_names_exist_with_the_stated_kind(constant: str) -> None:
    shipped = {p.id: p for p in load()}
    ids = listed(constant)
    assert len(ids) == len(set(ids)) >= 3
    for pid in ids:
        assert pid in shipped, f"{pid} is no longer in the shipped set"
        puzzle = shipped[pid]
        assert puzzle.kind in PUZZLE_KINDS[constant]
        view = puzzle.view
        if constant == "DOTS_PUZZLES":  # "your hand holds at least one one-dot card"
            assert any(copies(d) == 1 for d in view.hand)
        if constant == "UNSEEN_PUZZLES":  # "the pile is empty and there are two players"
            assert view.players == 2 and view.pile_size == 0
            assert len(view.unseen) == view.hand_sizes[1 - puzzle.seat]
        if constant == "SPLIT_PUZZLES":  # "the table is split"
            assert puzzle.game.is_split


def test_the_dots_question_one_dot_card_never_collects(lesson: dict[str, Any]) -> None:
    (d,) = map(int, re.findall(r"\((\d+)\)", answer_text(lesson["q_dots"])))
    assert [x for x in (3, 10, 20) if copies(x) == 1] == [d]
    with pytest.raises(ValueError, match="has only 1 copy"):
        Game.from_position(board={(0, 0): d}, hands=[[d], [10]])
    # the notebook's 100 games: no one-dot card ever collected, and some of the others did
    assert lesson["placed"][1] > 0 and lesson["collected"][1] == 0
    assert lesson["collected"][2] > 0 and lesson["collected"][3] > 0


def test_the_counting_question_no_tibbit_is_unseen(lesson: dict[str, Any]) -> None:
    game = lesson["game7"]
    tibbit = 19
    assert name(tibbit) == "Tibbit" and copies(tibbit) == 3
    assert Counter(game.board.values())[tibbit] == 1
    assert game.collected(1).count(tibbit) == 2  # "Ben collected the other two"
    assert answer_text(lesson["q_count"]) == str(Counter(game.view(0).unseen)[tibbit]) == "0"


def test_the_blocking_question_only_the_one_dot_card_leaves_nothing(
    lesson: dict[str, Any],
) -> None:
    view = lesson["quiet"].view(0)
    outcomes = kinds.outcomes(view)
    assert not any(o.points for o in outcomes.values())  # "none of your cards collects"
    safe = {m.dweebie for m, o in outcomes.items() if not o.handed}
    unsafe = {m.dweebie for m, o in outcomes.items() if o.handed}
    assert safe == {3} and unsafe == {22}  # every Doozy move is safe, every Waggo move is not
    assert answer_text(lesson["q_quiet"]).startswith("Doozy (3)")
    # the explanation: no card on the table can be matched with an unseen card
    assert not set(view.board.values()) & set(view.unseen)
    assert Counter(view.unseen)[22] == 2  # "the two unseen Waggos"
    assert 22 in lesson["quiet"].hand(1)  # "and he does" (hold a Waggo)


def test_the_split_question_the_next_player_cannot_collect(lesson: dict[str, Any]) -> None:
    game = lesson["split"]
    outcomes = kinds.outcomes(game.view(0))
    assert outcomes[Move(20, (-3, 0))].points == outcomes[Move(20, (0, 3))].points == 4
    after = game.copy()
    after.play(20, (0, 3))
    assert after.is_split and len(after.groups) == 2 and after.bridge_cost == 2
    assert after.legal_cells() <= after.link_cells
    assert len(after.legal_cells()) < len(frontier(after.board))
    assert not any(m.dweebie in after.would_collect(m.cell) for m in after.legal_moves())
    assert answer_text(lesson["q_split"]).startswith("He must place on a shortest bridge, and he")
    assert "cannot collect" in answer_text(lesson["q_split"])


def test_every_card_name_it_writes_is_that_dweebies_name() -> None:
    pairs = {
        (word, int(d)) for s in SOURCES for word, d in re.findall(r"\b([A-Z][a-z]+) \((\d+)\)", s)
    }
    assert pairs
    assert {(word, d) for word, d in pairs if name(d) != word} == set()


def test_stored_outputs_keep_every_answer_hidden() -> None:
    state = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["metadata"]["widgets"]
    models = state["application/vnd.jupyter.widget-state+json"]["state"].values()
    questions = [m["state"] for m in models if "choices" in m["state"]]
    assert len(questions) == 4
    for q in questions:
        assert q["right"] == -1 and q["why"] == "" and q["verdict"] == ""
        assert not q["submitted"]
