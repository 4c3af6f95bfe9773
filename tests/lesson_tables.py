"""What the lesson tests share: a shipped question's table, fresh, and its right choice; a
lesson notebook run in order, and its reveal cells opened."""

from __future__ import annotations

import ast
import contextlib
import io
import json
from functools import cache
from pathlib import Path
from typing import Any

from dweebies_widget import NAMES, Game
from dweebies_widget.lessons import Reveal, asked, question

NUMBER = {n: d for d, n in enumerate(NAMES)}
"""A Dweebie's number from its name."""


def table(qid: str) -> Game:
    """A fresh copy of the table question ``qid`` is about (it has one)."""
    position = question(qid).position
    assert position is not None, qid
    return position.copy()


def right(qid: str) -> str:
    """The words of question ``qid``'s right choice."""
    q = question(qid)
    return q.choices[q.answer]


NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@cache
def run(notebook: str, stop: str | None = None) -> dict[str, Any]:
    """Run a notebook's code cells in order, as a kernel would (up to the Markdown cell that
    starts with ``stop``, if given): the names it made, and under ``"reveals"`` the reveal
    cells it showed.  Cells announced to raise are skipped."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, Any] = {"__name__": "__lesson__", "reveals": []}
    for cell in cells:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            if stop is not None and text.startswith(stop):
                break
            continue
        if text.lstrip().startswith("# NBVAL_RAISES_EXCEPTION"):
            continue
        tree = ast.parse(text)
        last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        body = tree.body[:-1] if last else tree.body
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(ast.Module(body=body, type_ignores=[]), notebook, "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(body=last.value), notebook, "eval"), namespace)
                if isinstance(value, Reveal):
                    namespace["reveals"].append(value)
    return namespace


def open_every_reveal(namespace: dict[str, Any]) -> str:
    """Answer every question asked right, open every reveal cell of a notebook :func:`run`
    made, and give what they printed (a reveal that fails raises)."""
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        for widget in asked():
            widget.submit(widget.question.answer)
        for cell in namespace["reveals"]:
            cell.uncover()
    return shown.getvalue()
