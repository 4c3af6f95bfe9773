"""Every lesson that asks questions or shows puzzle boards ends with a cell for the teacher
that collects what the students did, with ``dweebies_widget.lessons.results(...)``.

A question or a board can be collected only if it is kept under a name: each one is made
as ``name = QuestionWidget(...)`` (or a board, or a helper that makes one) and shown by that
name on the cell's last line.  The teacher's cell names every one of them, and its stored
output is what a run in which nobody has answered yet prints: one record per question and
per board (a board records the puzzle it shows first), none of them solved.  The notebooks'
sources are read here, not run (nbval runs them and checks the stored outputs).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from dweebies_widget.puzzles import KINDS
from dweebies_widget.questions import Question

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGETS = {"QuestionWidget": "question", "PuzzleWidget": "board"}
RECORD = re.compile(r"^([\w-]+): (.*)$")


@dataclass
class Made:
    """A question or a board a notebook makes: the cell, the name it is kept under, whether
    it is a question or a board, and the call that makes it."""

    cell: int
    name: str | None
    what: str
    call: ast.Call


def cells(path: Path) -> list[dict[str, Any]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def code(path: Path) -> list[tuple[int, ast.Module]]:
    return [
        (i, ast.parse(source(c))) for i, c in enumerate(cells(path)) if c["cell_type"] == "code"
    ]


def called(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    return call.func.attr if isinstance(call.func, ast.Attribute) else None


def makers(path: Path) -> dict[str, str]:
    """What makes a question or a board when called: the widgets, and the notebook's own
    helpers whose body makes one (such as ``puzzle(game, kind)``)."""
    found = dict(WIDGETS)
    for _, tree in code(path):
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                inside = {called(n) for n in ast.walk(node) if isinstance(n, ast.Call)}
                for widget in inside & WIDGETS.keys():
                    found[node.name] = WIDGETS[widget]
    return found


def made(path: Path) -> list[Made]:
    """Every question and board the notebook's cells make (outside the helpers' bodies)."""
    make = makers(path)
    out = []
    for i, tree in code(path):
        for statement in tree.body:
            if isinstance(statement, ast.FunctionDef):
                continue
            for node in ast.walk(statement):
                if isinstance(node, ast.Call) and called(node) in make:
                    name = None
                    if isinstance(statement, ast.Assign) and statement.value is node:
                        [target] = statement.targets
                        name = target.id if isinstance(target, ast.Name) else None
                    out.append(Made(i, name, make[called(node) or ""], node))
    return out


def teacher_cell(path: Path) -> int:
    """The index of the last code cell that calls ``results(...)``."""
    found = [i for i, tree in code(path) if "results" in map(called, calls(tree))]
    assert found, f"{path.name}: no cell collects the results"
    return found[-1]


def calls(tree: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)]


def gathered(path: Path, at: int) -> list[str]:
    """The names the teacher's cell hands to ``results(...)``, in order."""
    tree = ast.parse(source(cells(path)[at]))
    [call] = [c for c in calls(tree) if called(c) == "results"]
    assert all(isinstance(a, ast.Name) for a in call.args) and not call.keywords
    return [a.id for a in call.args if isinstance(a, ast.Name)]


def kind_asked(call: ast.Call) -> str | None:
    """The kind of puzzle a board's call names, when it names one as text."""
    values = [*call.args, *(k.value for k in call.keywords if k.arg == "kind")]
    kinds = [v.value for v in values if isinstance(v, ast.Constant) and v.value in KINDS]
    return kinds[0] if kinds else None


def question_id(call: ast.Call) -> str | None:
    """The id the question's record has, when its call is written with plain values only."""
    try:
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
    except ValueError:
        return None  # an f-string: known only when the notebook runs
    return Question(*args, **kwargs).id


LESSONS = [p for p in NOTEBOOKS if made(p)]


def test_the_lessons_that_ask_are_found() -> None:
    names = {p.name for p in LESSONS}
    assert names == {p.name for p in NOTEBOOKS} - {"00_play.ipynb", "08_for_programmers.ipynb"}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_question_and_board_is_kept_under_a_name_and_shown_by_it(path: Path) -> None:
    nb = cells(path)
    steps = made(path)
    for step in steps:
        text = source(nb[step.cell])
        assert step.name, f"{path.name}: a {step.what} without a name: {text[:120]}"
        last = ast.parse(text).body[-1]
        value = last.value if isinstance(last, ast.Expr) else None
        shown = value.id if isinstance(value, ast.Name) else None
        assert shown == step.name, f"{path.name}: {step.name} is not shown on the last line"
    names = [s.name for s in steps]
    assert len(set(names)) == len(names), f"{path.name}: a name is used twice"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_the_teacher_cell_at_the_end_collects_every_question_and_board(path: Path) -> None:
    nb = cells(path)
    at = teacher_cell(path)
    said = source(nb[at]) + source(nb[at - 1]) * (nb[at - 1]["cell_type"] == "markdown")
    assert "For the teacher" in said
    steps = made(path)
    assert all(s.cell < at for s in steps), "every question and board comes before it"
    names = gathered(path, at)
    assert len(set(names)) == len(names)
    assert set(names) == {s.name for s in steps}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_the_teacher_cell_shows_what_a_run_with_no_answers_records(path: Path) -> None:
    nb = cells(path)
    at = teacher_cell(path)
    outputs = nb[at]["outputs"]
    assert outputs and all(o["output_type"] == "stream" and o["name"] == "stdout" for o in outputs)
    lines = "".join("".join(o["text"]) for o in outputs).splitlines()
    records = [m.groups() for m in map(RECORD.match, lines) if m]
    others = [line for line in lines if not RECORD.match(line)]

    by_name = {s.name: s for s in made(path)}
    names = gathered(path, at)
    # Nobody has answered: one record per question and per board, in the order given.
    assert len(records) == len(names), lines
    assert len({record_id for record_id, _ in records}) == len(records)
    for name, (record_id, said) in zip(names, records, strict=True):
        step = by_name[name]
        assert said == "not solved yet", (name, said)
        if step.what == "question":
            assert record_id.startswith("question-"), (name, record_id)
            assert question_id(step.call) in (None, record_id), name
        else:
            kind, _ = record_id.split("-", 1)
            assert kind in KINDS, (name, record_id)
            assert kind_asked(step.call) in (None, kind), (name, record_id)
    # Any other line (a board's score and streak) counts nothing yet.
    for line in others:
        assert set(re.findall(r"\d+", line)) <= {"0"}, line
