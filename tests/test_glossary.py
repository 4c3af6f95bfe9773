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
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import played

from dweebies_widget import NAMES, Game, IllegalMoveError, Placement, Rules, copies, name
from dweebies_widget.widget import words

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
    + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in RETIRED), key=len)[::-1])
    + r")(?![\w-])",
    re.IGNORECASE,
)
#: Code strings allowed as they are: every identifier of the "Names in code" column.
CODE_NAMES = {t for e in ENTRIES for c in e.code for t in re.findall(r"\w+", c)}
NAME_WITH_NUMBER = re.compile(r"\b(" + "|".join(NAMES) + r")\s*\((\d+)\)")
_HOUSE = r"(?<!not a )(?<!never a )house rules?"
HOUSE_AUTO_DRAW = re.compile(rf"{_HOUSE}[^.\n]*auto_draw|auto_draw[^.\n]*{_HOUSE}", re.I)
QUOTED = re.compile(r'"[^"\n]*"|\u201c[^\u201d]*\u201d')  # curly quotes may span lines


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
        # Words in quotes are someone else's: a misconception quoted to be corrected
        # ("auto_draw is a house rule") is no claim, and a cited title keeps its words.
        said = QUOTED.sub("", text) if pattern is not NAME_WITH_NUMBER else text
        for m in pattern.finditer(said):
            snippet = " ".join(said[max(0, m.start() - 40) : m.end() + 40].split())
            label = what or f"{m.group(0)} (say: {RETIRED[' '.join(m.group(0).lower().split())]})"
            found.append(Hit(where, label, snippet))
    return found


# ------------------------------------------------------------------- reading the sources
def prose(markdown: str) -> str:
    """Markdown without its fenced code blocks, HTML comments and link targets, and each
    inline code span made one identifier (``code_Rules_auto_draw_False_``): no retired word
    is found inside it, but the house-rule check still sees ``auto_draw``."""
    text = re.sub(r"^(```|~~~).*?^\1", "", markdown, flags=re.S | re.M)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(
        r"(`+)(.+?)\1", lambda m: "code_" + re.sub(r"\W+", "_", m.group(2)), text, flags=re.S
    )
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
    """The string literals of Python ``source`` with their line, docstrings and ``__all__``
    left out.

    An f-string gives its literal parts joined by ``{}``; a string that is exactly a name
    in code (such as the puzzle kind ``"rejoin"``) is left out.
    """
    lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:  # IPython syntax: read its one-line string literals as they are
        for i, line in enumerate(lines, 1):
            for m in re.finditer(r'"([^"\n]*)"|\'([^\'\n]*)\'', line):
                text = m.group(1) if m.group(1) is not None else m.group(2)
                if text.strip() not in CODE_NAMES:
                    yield i, text
        return
    skip = docstring_nodes(tree)
    inside_f = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    exported = {  # the names of ``__all__`` are code
        id(v)
        for n in ast.walk(tree)
        if isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in n.targets)
        for v in ast.walk(n.value)
    }
    for node in ast.walk(tree):
        if id(node) in skip or id(node) in inside_f or id(node) in exported:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
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
PAGES = [
    ROOT / "README.md",
    ROOT / "docs" / "rules.md",
    ROOT / "docs" / "teachers.md",
    ROOT / "docs" / "classroom.md",
    *sorted((ROOT / "docs" / "lessons").glob("*.md")),
]
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


# ------------------------------------------------------------- the glossary itself
def test_the_glossary_table_is_complete_and_one_word_is_one_idea() -> None:
    words = [e.word.lower() for e in ENTRIES]
    assert len(words) == len(set(words)) >= 25
    assert all(e.meaning for e in ENTRIES)
    # A retired word is never a glossary word, and belongs to one idea only.
    assert not set(words) & set(RETIRED)
    assert len(RETIRED) == sum(len(e.retired) for e in ENTRIES)
    # The page itself, outside its table, speaks the glossary's words.
    page = GLOSSARY.read_text(encoding="utf-8").split("<!-- glossary-table:start -->")
    assert not hits_in(prose(page[0] + page[1].split("<!-- glossary-table:end -->")[1]), "")


def test_the_checks_find_what_they_should() -> None:
    found = [h.found for h in hits_in("Rejoin the pieces; 2 cards needed to join.", "x")]
    assert found == [
        "Rejoin (say: join)",
        "pieces (say: group)",
        "cards needed to join (say: bridge cost)",
    ]
    assert [h.found for h in hits_in("Ana placed Zuzu (25) at (0, 0)", "x")] == ["name (number)"]
    assert hits_in("The house rule auto_draw=False", "x")
    assert not hits_in("Join the groups: the bridge cost is 2, Zuzu at (0, 1).", "x")
    # A cited title keeps its own words; the same word outside the quotes is ours.
    cited = "Long et al. (2010), \u201cUnderstanding ... sampling in game tree search\u201d"
    assert not hits_in(cited, "x")
    assert hits_in("Sampling worlds, as in \u201cUnderstanding the success\u201d", "x")
    assert not hits_in(prose("Set `collect_on_reconnect=False` or `kind='rejoin'`."), "x")
    assert hits_in(prose("The house rule `Rules(auto_draw=False)` lets you draw later."), "x")
    assert not hits_in(
        prose("The draw-later rule `Rules(auto_draw=False)`, not a house rule."), "x"
    )
    code = '__all__ = ["Rejoin"]\nf(kind="rejoin")\n"""a doc with worlds"""\nx = f"{n} worlds"'
    assert list(strings_of("x = await f('rejoin', 'many worlds')")) == [(1, "many worlds")]
    assert list(strings_of(code)) == [(4, "{} worlds")]


def meaning(word: str) -> str:
    """The glossary's definition of ``word``."""
    return next(e.meaning for e in ENTRIES if e.word == word)


def test_cards_and_dots_are_as_the_glossary_says() -> None:
    assert "27 characters" in meaning("Dweebie") and len(NAMES) == 27
    assert "54 cards" in meaning("card") and sum(copies(d) for d in range(27)) == 54
    assert [copies(d) for d in range(27)] == [1] * 9 + [2] * 9 + [3] * 9
    assert "0-8 are on one card each, 9-17 on two and 18-26 on three" in meaning("card")


def test_hand_turn_and_draw_pile_are_as_the_glossary_says() -> None:
    assert "starts with five" in meaning("hand")
    game = Game(players=2, seed=3)
    assert [len(game.hand(s)) for s in (0, 1)] == [Rules().hand_size] * 2 == [5, 5]
    pile = game.pile_size
    d = game.hand(0)[0]
    game.play(d, next(iter(game.legal_cells())))
    assert (len(game.hand(0)), game.pile_size) == (5, pile - 1)  # placed one, drew one


def test_split_bridge_cost_join_and_collect_are_as_the_glossary_says() -> None:
    ugbug, zuzu = NAMES.index("Ugbug"), NAMES.index("Zuzu")
    game = Game.from_position({(0, 0): ugbug, (0, 3): zuzu}, hands=[[zuzu, zuzu], [ugbug]])
    assert game.is_split and len(game.groups) == 2 and game.bridge_cost == 2
    assert game.legal_cells() == {(0, 1), (0, 2)}  # only cards that lower the cost by one
    with pytest.raises(IllegalMoveError):
        game.copy().play(zuzu, (1, 0))
    game.play(zuzu, (0, 2))  # joins nothing yet: the table is still split
    assert game.is_split and game.bridge_cost == 1 and game.scores == (0, 0)
    # The card that joins the last two groups collects, with the standard rules (here the
    # column Zuzu-Zuzu), and not with the house rule collect_on_reconnect=False.
    eeko = NAMES.index("Eeko")
    for rules, points in ((Rules(), 2), (Rules(collect_on_reconnect=False), 0)):
        table = {(0, 0): ugbug, (1, 1): zuzu, (1, 2): eeko}
        joining = Game.from_position(table, hands=[[zuzu], [ugbug]], rules=rules)
        assert joining.is_split and joining.bridge_cost == 1
        assert joining.play(zuzu, (0, 1)).points == points
    assert "may collect (with the standard rules)" in meaning("join")


def test_rule_options_house_rules_and_the_draw_later_rule() -> None:
    assert Rules() == Rules(min_line=2, collect_on_reconnect=True, auto_draw=True, hand_size=5)
    house = meaning("house rule")
    assert "`min_line=3`" in house and "`collect_on_reconnect=False`" in house
    assert Rules(min_line=3) != Rules() and Rules(collect_on_reconnect=False) != Rules()
    assert "`auto_draw=False`" in meaning("draw-later rule")
    assert "not a house rule" in meaning("draw-later rule")
    game = Game(players=2, seed=5, rules=Rules(auto_draw=False))
    game.play(game.hand(0)[0], (0, 0))
    assert len(game.hand(0)) == 4 and game.owed_draws(0) == 1  # owes the draw
    game.draw(0)
    assert len(game.hand(0)) == 5 and game.owed_draws(0) == 0


def test_a_two_card_line_with_equal_ends_is_collected() -> None:
    tibbit = NAMES.index("Tibbit")
    game = Game.from_position({(0, 0): tibbit}, hands=[[tibbit], [tibbit]])
    assert game.play(tibbit, (0, 1)).points == 2
    assert name(tibbit) == "Tibbit"


def test_the_readme_course_table_gives_each_lessons_title_and_time() -> None:
    """The README's course table names skills, and takes each lesson's title and time from
    its question file (where one exists), so the two never disagree."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {
        m.group(1): [cell.strip() for cell in m.group(0).strip("|").split("|")]
        for m in re.finditer(r"^\| \[notebooks/(\d\d)_[^\n]*", readme, re.M)
    }
    assert sorted(rows) == [f"0{n}" for n in range(9)]
    for path in QUESTION_FILES:
        lesson = json.loads(path.read_text(encoding="utf-8"))
        _, what, time, skills = rows[lesson["lesson"]]
        assert lesson["notebook"] in rows[lesson["lesson"]][0]
        assert what.startswith(f"**{lesson['title']}**"), (what, lesson["title"])
        assert time == f"{lesson['minutes']} min"
        assert skills and not hits_in(skills, "README")


@pytest.mark.parametrize("seed", range(3))
def test_what_a_played_game_says_names_each_dweebie_without_its_number(seed: int) -> None:
    """The engine's and the widget's sentences about a whole game, and its picture's words,
    use the glossary's words and never print a Dweebie's number after its name."""
    labels = ["You", "Ana", "Ben"]
    game = played(Game(players=3, seed=seed), 200, seed)
    assert game.is_over
    said = [a.describe(labels) for a in game.history]
    said += words.log_entries(game, labels) + [words.result_text(game, labels)]
    said += words.position_lines(game, labels)
    said.append(markup_text(str(game.svg(names=labels))))
    first = game.history[0]
    assert isinstance(first, Placement) and said[0].startswith(
        f"You placed {NAMES[first.move.dweebie]} at"
    )
    found = [h for text in said for h in hits_in(text, f"seed {seed}")]
    assert not found, report(found)


def test_hidden_cards_and_a_guess_are_as_the_glossary_says() -> None:
    """The hidden cards are the other hands and the draw pile; a guess shares them out
    again and agrees with everything the player can see."""
    game = played(Game(players=3, seed=2), 6, 2)
    view = game.view(0)
    hidden = sorted([*game.hand(1), *game.hand(2), *game.pile])
    assert sorted(view.unseen) == hidden
    assert "the other players' hands and the draw pile" in meaning("hidden cards")
    guess = view.sample(random.Random(1))
    assert (guess.board, guess.hand(0), guess.scores) == (game.board, game.hand(0), game.scores)
    assert [len(guess.hand(s)) for s in range(3)] == [len(game.hand(s)) for s in range(3)]
    assert guess.pile_size == game.pile_size
    assert sorted([*guess.hand(1), *guess.hand(2), *guess.pile]) == hidden
