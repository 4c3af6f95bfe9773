"""The notebooks are stored executed, top to bottom, and README's classroom guide lists them.

nbval (run by ``make test`` on every notebook) re-runs each one and compares every stored
output; these checks add what nbval does not look at: that the stored outputs come from one
clean run in order (``make notebooks`` makes them so), and that no stored output is an error
the notebook did not announce.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def code_cells(path: Path) -> list[dict[str, object]]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [c for c in notebook["cells"] if c["cell_type"] == "code"]


def source(cell: dict[str, object]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def test_the_lesson_notebooks_are_all_there() -> None:
    names = {p.name for p in NOTEBOOKS}
    assert {
        "00_play.ipynb",
        "01_rules.ipynb",
        "02_edge_cases.ipynb",
        "03_strategy.ipynb",
        "04_ai_opponents.ipynb",
        "05_build_your_own_ai.ipynb",
        "08_for_programmers.ipynb",
    } <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_outputs_come_from_one_run_in_order(path: Path) -> None:
    counts = [c["execution_count"] for c in code_cells(path) if source(c).strip()]
    assert counts == list(range(1, len(counts) + 1)), "run `make notebooks` to store fresh outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_only_announced_errors_are_stored(path: Path) -> None:
    for cell in code_cells(path):
        errors = [o for o in cell["outputs"] if o["output_type"] == "error"]  # type: ignore[union-attr]
        announced = source(cell).lstrip().startswith("# NBVAL_RAISES_EXCEPTION")
        assert bool(errors) == announced, source(cell)[:200]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_readme_guides_a_class_through_each_notebook(path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"notebooks/{path.name}" in readme
