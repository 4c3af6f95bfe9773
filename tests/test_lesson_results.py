"""Every lesson ends with a cell for the teacher that collects what the students did, with
``dweebies_widget.lessons.results(asked(), *boards)``: every question asked in the kernel
(by ``ask(id)`` or ``exit_quiz(lesson)``) and every puzzle board the notebook makes.

A board can be collected only if it is kept under a name: each one is made as
``name = PuzzleWidget(...)`` (or a helper that makes one) and shown by that name on the
cell's last line.  The teacher's cell hands ``asked()`` and every board's name to
``results``, and its stored output is what a run in which nobody has answered yet prints:
one record per question, each where the notebook asks it last, then one per board (a board
records the puzzle it shows first), none of them answered.  The notebooks' sources are read
here, not run (nbval runs them and checks the stored outputs).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from dweebies_widget.lessons import lesson
from dweebies_widget.puzzles import KINDS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGETS = {"PuzzleWidget": "board"}
RECORD = re.compile(r"^([\w.-]+): (.*)$")
ASKED = re.compile(r"""\b(ask|exit_quiz)\(\s*["']([\w.-]+)["']""")


@dataclass
class Made:
    """A board a notebook makes: the cell, the name it is kept under, what it is, and the
    call that makes it."""

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
    """What makes a board when called: the widget, and the notebook's own helpers whose body
    makes one (such as ``puzzle(game, kind)``)."""
    found = dict(WIDGETS)
    for _, tree in code(path):
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                inside = {called(n) for n in ast.walk(node) if isinstance(n, ast.Call)}
                for widget in inside & WIDGETS.keys():
                    found[node.name] = WIDGETS[widget]
    return found


def made(path: Path) -> list[Made]:
    """Every board the notebook's cells make (outside the helpers' bodies)."""
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
    """The names of the boards the teacher's cell hands to ``results(asked(), ...)``, in
    order (``asked()`` first)."""
    tree = ast.parse(source(cells(path)[at]))
    [call] = [c for c in calls(tree) if called(c) == "results"]
    first, *boards = call.args
    assert isinstance(first, ast.Call) and called(first) == "asked" and not first.args
    assert all(isinstance(a, ast.Name) for a in boards) and not call.keywords
    return [a.id for a in boards if isinstance(a, ast.Name)]


def kind_asked(call: ast.Call) -> str | None:
    """The kind of puzzle a board's call names, when it names one as text."""
    values = [*call.args, *(k.value for k in call.keywords if k.arg == "kind")]
    kinds = [v.value for v in values if isinstance(v, ast.Constant) and v.value in KINDS]
    return kinds[0] if kinds else None


def question_ids(path: Path) -> list[str]:
    """The ids of the questions the notebook asks, each once, where it is asked last (as
    ``asked()`` lists them)."""
    found: list[str] = []
    for cell in cells(path):
        if cell["cell_type"] != "code":
            continue
        for how, name in ASKED.findall(source(cell)):
            ids = [name] if how == "ask" else [q.id for q in lesson(name).exit_quiz]
            found = [i for i in found if i not in ids] + ids
    return found


LESSONS = [p for p in NOTEBOOKS if question_ids(p)]


def test_every_lesson_asks() -> None:
    assert {p.name for p in LESSONS} == {p.name for p in NOTEBOOKS}


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_board_is_kept_under_a_name_and_shown_by_it(path: Path) -> None:
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
    assert all(s.cell < at for s in steps), "every board comes before it"
    asking = [i for i, c in enumerate(nb) if c["cell_type"] == "code" and ASKED.search(source(c))]
    assert all(i < at for i in asking), "every question comes before it"
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
    asked = question_ids(path)
    names = gathered(path, at)
    # Nobody has answered: one record per question, in the order asked, then one per board.
    assert len(records) == len(asked) + len(names), lines
    assert [record_id for record_id, _ in records[: len(asked)]] == asked
    assert len({record_id for record_id, _ in records}) == len(records)
    for record_id, said in records:
        assert said.startswith("not "), (record_id, said)
    for name, (record_id, _) in zip(names, records[len(asked) :], strict=True):
        kind, _ = record_id.split("-", 1)
        assert kind in KINDS, (name, record_id)
        assert kind_asked(by_name[name].call) in (None, kind), (name, record_id)
    # Any other line (a board's score and streak) counts nothing yet.
    for line in others:
        assert set(re.findall(r"\d+", line)) <= {"0"}, line
