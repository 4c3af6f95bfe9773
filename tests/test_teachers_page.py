"""``docs/teachers.md``, the teacher's page, stays true as the course and the code change.

It states facts that could rot: each notebook's time (from the notebook's top cell, which
every notebook words the same way), the fields of the records a teacher collects, the tag
that keeps a question's answer out of the handouts, the puzzle set's kinds and sizes, how
ratings are measured, and code to paste.  Each is checked here against the notebooks, the
Makefile and the code.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from dweebies_widget import Game
from dweebies_widget.lessons import QuestionWidget
from dweebies_widget.puzzles import KINDS, Puzzle, PuzzleWidget, load
from dweebies_widget.puzzles.irt import HIGHEST, LOWEST
from dweebies_widget.widget.puzzle_set import BANDS

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
TIME = re.compile(r"\*\*How long:\*\*\s*(?:about\s+)?(\d+)(?:\s+to\s+(\d+))?\s+minutes")
LABELS = ("**Who it is for:**", "**How long:**", "**After it you will be able to:**")
WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def stated_time(path: Path) -> str:
    """The time a notebook's top cell states, written as the tables write it."""
    top = json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"]
    found = TIME.search("".join(top))
    assert found, f"{path.name}: the top cell states no time"
    low, high = found.groups()
    return f"{low}-{high} min" if high else f"{low} min"


def row(text: str, notebook: str) -> list[str]:
    """The cells of a table's row that links ``notebooks/<notebook>``."""
    rows = [line for line in text.splitlines() if line.startswith("|") and notebook in line]
    assert len(rows) == 1, f"{notebook}: {len(rows)} table rows"
    return [cell.strip() for cell in rows[0].strip("|").split("|")]


def section(heading: str) -> str:
    """The page's text under ``heading`` (a line of its own), up to the next heading."""
    start = PAGE.index(f"\n{heading}\n")
    end = PAGE.find("\n#", start + len(heading) + 2)
    return PAGE[start : end if end != -1 else len(PAGE)]


def fields(heading: str) -> set[str]:
    """The record fields a section's table names (its first column)."""
    return set(re.findall(r"^\| `(\w+)` \|", section(heading), re.MULTILINE))


def attributes(heading: str) -> set[str]:
    """The attributes a section names, written `.name`."""
    return set(re.findall(r"`\.(\w+)`", section(heading)))


# --------------------------------------------------------------------- the course map


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_course_map_gives_each_notebook_the_time_its_top_cell_states(path: Path) -> None:
    time = stated_time(path)
    assert time in row(PAGE, f"../notebooks/{path.name})"), "docs/teachers.md"
    assert time in row(README, f"(notebooks/{path.name})"), "README's classroom table"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_top_cell_has_the_same_title_form_and_the_same_three_labels(path: Path) -> None:
    top = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
    number = int(path.name[:2])
    assert re.match(rf"# Dweebies {number}: \S", top), top.splitlines()[0]
    # Each label starts a paragraph of its own, in this order.
    at = [top.find(f"\n\n{label}") for label in LABELS]
    assert -1 not in at and at == sorted(at), path.name


def test_the_page_links_only_notebooks_that_exist_and_the_readme_links_the_page() -> None:
    linked = set(re.findall(r"\(\.\./notebooks/([\w.]+\.ipynb)\)", PAGE))
    assert linked == {p.name for p in NOTEBOOKS}
    assert "(docs/teachers.md)" in README


# --------------------------------------------------------------------- the handouts


def test_the_page_names_the_handouts_make_handouts_writes() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-m dweebies_widget.handouts --out $(HANDOUTS)" in makefile
    assert "TagRemovePreprocessor" not in makefile  # the old handouts, one cell from answers
    for lesson in (p.name[:2] for p in NOTEBOOKS):
        assert f"{lesson}-worksheet.html" in PAGE and f"{lesson}-exit-quiz.html" in PAGE
    assert "answer-key.html" in PAGE and "cards.html" in PAGE
    assert "--no-input" not in PAGE  # the advice of before, when the handouts kept the answers


# --------------------------------------------------------------------- the records


def test_a_question_records_the_fields_the_page_names() -> None:
    w = QuestionWidget("2 + 2?", ["3", "4"], answer=1, why="Count them.", id="sum")
    before = w.results()
    assert before == [{"id": "sum", "question": "2 + 2?", "choice": None, "correct": None,
                       "attempts": 0}]  # fmt: skip
    w.submit(0)
    (after,) = w.results()
    named = fields("### What a question records")
    assert named == set(before[0]) == set(after)
    assert after["choice"] == 0 and after["correct"] is False and after["attempts"] == 1
    assert attributes("### What a question records") == {"solved", "answered", "correct",
                                                          "answers"}  # fmt: skip
    assert (w.solved, w.answered, w.correct) == (False, True, False)
    assert list(w.answers) == [0]
    w.submit(1)  # tried again, right: the record keeps the first answer and counts the tries
    (again,) = w.results()
    assert again["choice"] == 0 and again["correct"] is False and again["attempts"] == 2
    assert (w.solved, list(w.answers)) == (True, [0, 1])


def haul() -> Puzzle:
    game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
    return Puzzle.make(game, "haul")


def answer(w: PuzzleWidget, right: bool) -> None:
    """Play a right or a wrong move on the board, as clicks do."""
    p = w.puzzle
    moves = p.view.legal_moves()
    move = min(p.answer) if right else next(m for m in moves if m not in p.answer)
    index = p.view.hand.index(move.dweebie)
    if w.session.board.selected != index:  # a hint picks the card itself
        w.select(index)
    w.place(move.cell)


def test_a_puzzle_board_records_the_fields_the_page_names() -> None:
    p = haul()
    w = PuzzleWidget([p], flash=0)
    answer(w, right=False)
    w.again()
    w.hint()
    answer(w, right=True)
    (record,) = w.results()
    assert set(record) == fields("### What a puzzle board records")
    # What the page says of the fields: wrong answers and hint steps cost a point each.
    assert record["solved"] and record["attempts"] == 2 and record["wrong"] == 1
    assert record["hints"] == 1 and record["points"] == 1 and not record["first_try"]
    assert record["kind"] in KINDS and LOWEST <= record["rating"] <= HIGHEST
    named = attributes("### What a puzzle board records")
    assert named == {"solved", "attempts", "score", "streak"}
    assert (w.solved, w.attempts, w.score, w.streak) == ([p.id], {p.id: 2}, 1, 0)

    first = PuzzleWidget([p], flash=0)
    answer(first, right=True)
    (record,) = first.results()
    assert record["points"] == 3 and record["first_try"] and first.streak == 1


# --------------------------------------------------------------------- the puzzle set


def test_the_kinds_table_gives_each_kind_and_its_size_in_the_set() -> None:
    puzzles = load()
    assert f"a set of {len(puzzles)} puzzles" in PAGE
    table = section("## 5. The puzzle set")
    for kind in KINDS:
        cells = row(table, f"| `{kind}` |")
        assert cells[-1] == str(sum(p.kind == kind for p in puzzles)), kind
    assert len(re.findall(r"^\| `\w+` \|", table, re.MULTILINE)) == len(KINDS)


def test_the_rating_is_described_with_the_numbers_the_code_uses() -> None:
    text = " ".join(section("### How ratings are measured").split())
    assert f"from {LOWEST} (easy) to {HIGHEST} (hard)" in text
    for name, (low, high) in BANDS.items():
        assert f"{name} ({low} to {high})" in text
    assert "chance 10/11" in text  # 400 points apart, as the scale's mapping says


# --------------------------------------------------------------------- the code


def test_the_python_on_the_page_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Python block, in order, in one namespace: a lesson's question and board, the
    student's last cell that saves a file, the teacher's cell that reads it, and the
    own-puzzle example."""
    blocks = re.findall(r"```python\n(.*?)```", PAGE, re.DOTALL)
    assert len(blocks) == 4
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, Any] = {"__name__": "__teachers_page__"}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for block in blocks:
            exec(compile(block, "docs/teachers.md", "exec"), namespace)
    saved = json.loads((tmp_path / "results-Ana.json").read_text(encoding="utf-8"))
    assert saved["student"] == "Ana"
    assert saved["results"] == namespace["question"].results() + namespace["board"].results()
    assert "Ana: 0 of 2 right" in printed.getvalue()
    assert isinstance(namespace["mine"], PuzzleWidget)
