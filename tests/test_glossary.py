"""One word for one idea: the retired words of ``docs/glossary.md`` stay out of what students read.

The glossary's table is the one list: this test parses it, then reads every place a student
reads words (the notebooks' Markdown, the strings and stored outputs of their code cells, the
lessons' questions, the messages of the engine, the widget and the puzzles, the rules page,
the teachers' page and the README) and flags each retired word, whole words only, in any
capitals. Code keeps its names: text inside backticks, identifiers such as
``collect_on_reconnect`` and a code string that is exactly a name of the "Names in code"
column are not words a student reads. The test also flags a Dweebie printed with its number
("Zuzu (25)") and a sentence that calls ``auto_draw`` a house rule, and it checks the
glossary's statements of the rules against the engine.
"""

from __future__ import annotations

import ast
import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from dweebies_widget import NAMES, Game, IllegalMoveError, Rules, copies, name

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
PACKAGE = ROOT / "dweebies_widget"


# ------------------------------------------------------------------------ the glossary
@dataclass(frozen=True)
class Entry:
    """One row of the glossary's table."""

    word: str
    meaning: str
    retired: tuple[str, ...]
    code: tuple[str, ...]


def entries() -> list[Entry]:
    """The rows between the glossary's table markers."""
    text = GLOSSARY.read_text(encoding="utf-8")
    block = text.split("<!-- glossary-table:start -->")[1].split("<!-- glossary-table:end -->")[0]
    rows = [line for line in block.strip().splitlines()[2:] if line.startswith("|")]
    found = []
    for row in rows:
        word, meaning, retired, code = (cell.strip() for cell in row.strip("|").split("|"))
        found.append(
            Entry(
                word=word,
                meaning=meaning,
                retired=tuple(w.strip() for w in retired.split(",") if w.strip()),
                code=tuple(re.findall(r"`([^`]+)`", code)),
            )
        )
    return found


ENTRIES = entries()
RETIRED = {w.lower(): e.word for e in ENTRIES for w in e.retired}
RETIRED_RE = re.compile(
    r"(?<![\w-])("
    + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in RETIRED), key=len, reverse=True))
    + r")(?![\w-])",
    re.IGNORECASE,
)
#: Code strings allowed as they are: every identifier of the "Names in code" column.
CODE_NAMES = {t for e in ENTRIES for c in e.code for t in re.findall(r"\w+", c)}
NAME_WITH_NUMBER = re.compile(r"\b(" + "|".join(NAMES) + r")\s*\((\d+)\)")
HOUSE_AUTO_DRAW = re.compile(r"house rules?[^.\n]*auto_draw|auto_draw[^.\n]*house rules?", re.I)


@dataclass(frozen=True)
class Hit:
    """A retired word (or a number after a name) found in one place."""

    where: str
    found: str
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.found!r} in ...{self.text}..."


def hits_in(text: str, where: str) -> list[Hit]:
    """Every problem in one piece of student-facing text."""
    found = []
    for pattern, what in (
        (RETIRED_RE, None),
        (NAME_WITH_NUMBER, "name (number)"),
        (HOUSE_AUTO_DRAW, "auto_draw called a house rule"),
    ):
        for m in pattern.finditer(text):
            snippet = " ".join(text[max(0, m.start() - 40) : m.end() + 40].split())
            label = what or f"{m.group(0)} (say: {RETIRED[' '.join(m.group(0).lower().split())]})"
            found.append(Hit(where, label, snippet))
    return found


# ------------------------------------------------------------------- reading the sources
def prose(markdown: str) -> str:
    """Markdown without its fenced code blocks, inline code, HTML comments and link targets."""
    text = re.sub(r"^(```|~~~).*?^\1", "", markdown, flags=re.S | re.M)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"(`+)(.+?)\1", "", text, flags=re.S)
    return re.sub(r"\]\([^)]*\)", "]", text)


def markup_text(markup: str) -> str:
    """The words a reader sees in HTML or SVG: no tags, styles, scripts or attributes."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def docstring_nodes(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are docstrings or bare string statements (not messages)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, (ast.Constant, ast.JoinedStr))
    }


def strings_of(source: str) -> Iterator[tuple[int, str]]:
    """The string literals of Python ``source`` with their line, docstrings left out.

    An f-string gives its literal parts joined by ``{}``; a string that is exactly a name
    in code (such as the puzzle kind ``"rejoin"``) is left out.
    """
    lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
    tree = ast.parse("\n".join(lines))
    skip = docstring_nodes(tree)
    inside_f = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inside_f:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "{}".join(
                v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if text.strip() in CODE_NAMES:
            continue
        yield node.lineno, text


def notebook_texts(path: Path) -> Iterator[tuple[str, str]]:
    """(where, text) for every Markdown cell, code string and stored text output."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        where = f"{path.name} cell {i}"
        if cell["cell_type"] == "markdown":
            yield where, prose(source)
            continue
        if cell["cell_type"] != "code":
            continue
        for line, text in strings_of(source):
            yield f"{where} line {line}", text
        for output in cell.get("outputs", []):
            if "text" in output:
                yield f"{where} output", "".join(output["text"])
            data = output.get("data", {})
            for kind in ("text/plain", "text/markdown"):
                if kind in data:
                    yield f"{where} output", "".join(data[kind])
            for kind in ("text/html", "image/svg+xml"):
                if kind in data:
                    yield f"{where} output", markup_text("".join(data[kind]))


def question_texts(path: Path) -> Iterator[tuple[str, str]]:
    """(where, text) for every word of a lesson's question file."""
    lesson = json.loads(path.read_text(encoding="utf-8"))
    yield f"{path.name} title", lesson.get("title", "")
    for goal in lesson.get("goals", []):
        yield f"{path.name} goal", goal
    for q in lesson.get("questions", []):
        where = f"{path.name} {q.get('id')}"
        for key in ("prompt", "why"):
            yield f"{where} {key}", q.get(key, "")
        for key in ("choices", "feedback"):
            for text in q.get(key, []):
                yield f"{where} {key}", text
        for seat in q.get("seats", []):
            yield f"{where} seats", seat


def module_texts(path: Path) -> Iterator[tuple[str, str]]:
    """(where, text) for every message string of a module (not its docstrings)."""
    rel = path.relative_to(ROOT)
    for line, text in strings_of(path.read_text(encoding="utf-8")):
        yield f"{rel}:{line}", text


# ----------------------------------------------------------------------- what is scanned
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
QUESTION_FILES = sorted((PACKAGE / "lessons" / "data").glob("*.json"))
PAGES = [ROOT / "README.md", ROOT / "docs" / "rules.md", ROOT / "docs" / "teachers.md"]
#: Modules whose strings a student can read: the engine, the pictures, the widget, the Review,
#: the classroom and the puzzles. Left out: the adapters (programmers' libraries), the
#: lessons' loader (its words come from the question files, scanned above) and the course copy.
SKIPPED = ("adapters", "lessons", "course", "voila_templates")
MODULES = sorted(
    p
    for p in PACKAGE.rglob("*.py")
    if p.relative_to(PACKAGE).parts[0] not in SKIPPED and p.name != "__main__.py"
)


def report(found: list[Hit]) -> str:
    """The hits, one a line, for the failure message."""
    return "\n".join(str(h) for h in found)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_uses_the_glossary_words(path: Path) -> None:
    found = [h for where, text in notebook_texts(path) for h in hits_in(text, where)]
    assert not found, "retired words (see docs/glossary.md):\n" + report(found)


@pytest.mark.parametrize("path", QUESTION_FILES, ids=lambda p: p.name)
def test_questions_use_the_glossary_words(path: Path) -> None:
    found = [h for where, text in question_texts(path) for h in hits_in(text, where)]
    assert not found, "retired words (see docs/glossary.md):\n" + report(found)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_page_uses_the_glossary_words(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = hits_in(prose(text), str(path.relative_to(ROOT)))
    assert not found, "retired words (see docs/glossary.md):\n" + report(found)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_messages_use_the_glossary_words(path: Path) -> None:
    found = [h for where, text in module_texts(path) for h in hits_in(text, where)]
    assert not found, "retired words (see docs/glossary.md):\n" + report(found)
