"""Puzzle kinds as classes: each kind's goal, answer, keep-condition and JSON codec; a kind
registered from outside works everywhere; and no module but the kinds' own names a kind.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import endgame_game, haul_game, rejoin_game, safe_game, where_game

import dweebies_widget
from dweebies_widget import Game, Move, View
from dweebies_widget.puzzles import KINDS, Puzzle, PuzzleError, dump, dumps, load, loads
from dweebies_widget.puzzles import kinds as K
from dweebies_widget.puzzles.generate import candidates
from dweebies_widget.puzzles.kinds import MoveKind, Outcome, Posed, outcomes
from dweebies_widget.puzzles.rating import LADDER
from dweebies_widget.puzzles.store import PuzzleFileError

PACKAGE = Path(dweebies_widget.__file__).resolve().parent

#: The modules where kind names may not appear as string literals (globs under the
#: package), and the modules that may name kinds: each kind's own module.
SCOPE = ("**/*.py",)
OWN = ("puzzles/kinds/*.py",)


def kind_literals(source: str) -> list[tuple[int, str]]:
    """The string constants of ``source`` that are a kind's name, with their lines;
    documentation (a string standing alone as a statement: docstrings) does not count."""
    tree = ast.parse(source)
    docs = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in KINDS
        and id(node) not in docs
    ]


def test_the_scan_finds_a_kind_name_but_not_in_documentation() -> None:
    source = 'x = "haul"\n\n\ndef f():\n    """where"""\n    return f"{x} where"\n'
    assert kind_literals('"""A haul puzzle."""\n' + source) == [(2, "haul")]
    assert kind_literals('if kind == "where":\n    pass\n') == [(1, "where")]


def test_only_the_kinds_own_modules_name_a_kind() -> None:
    own = {p for pattern in OWN for p in PACKAGE.glob(pattern)}
    scanned = sorted({p for pattern in SCOPE for p in PACKAGE.glob(pattern)} - own)
    assert len(scanned) >= 8 and own
    found = {
        str(path.relative_to(PACKAGE)): hits
        for path in scanned
        if (hits := kind_literals(path.read_text(encoding="utf-8")))
    }
    assert found == {}, "ask the kind object (dweebies_widget.puzzles.kinds) instead"


# ---------------------------------------------------------------------- each kind
#: For each kind: a position, the named card, the answer and whether it is kept.
CASES: dict[str, tuple[Callable[[], Game], int | None, frozenset[Any], bool]] = {
    "haul": (haul_game, None, frozenset({Move(20, (0, 2))}), True),
    "rejoin": (rejoin_game, None, frozenset({Move(20, (0, 1))}), True),
    "safe": (safe_game, None, frozenset({Move(20, (1, 1)), Move(20, (-1, 1))}), False),
    "where": (where_game, 21, frozenset({(0, 1), (0, 2)}), True),
    "endgame": (endgame_game, None, frozenset({Move(20, (0, 2))}), True),
}


def test_the_registry_holds_the_five_kinds_in_the_order_lessons_meet_them() -> None:
    assert KINDS == ("haul", "rejoin", "safe", "where", "endgame") == tuple(CASES)
    assert K.names() == KINDS
    assert [K.kind(k).title for k in KINDS] == ["Haul", "Join", "Safe", "Where", "Endgame"]
    with pytest.raises(ValueError, match="unknown puzzle kind 'chess'; the kinds are haul"):
        K.kind("chess")


@pytest.mark.parametrize("name", KINDS)
def test_each_kind_finds_its_answer_and_keep_condition(name: str) -> None:
    make, dweebie, answer, kept = CASES[name]
    spec = K.kind(name)
    view = make().view(0)
    assert spec.name == name
    assert spec.answer(view, dweebie) == answer
    assert spec.keep(view, answer) is kept
    assert spec.definition and spec.keep_rule
    puzzle = Puzzle.make(make(), name, dweebie=dweebie, check_keep=False)
    assert puzzle.kind == name and puzzle.kind_info is spec and puzzle.kept is kept
    assert puzzle.goal == spec.goal(dweebie)
    assert puzzle.keep() is kept


def test_goals_name_the_card_only_where_a_card_is_named() -> None:
    assert K.kind("where").goal(21) == "Click every cell where Velvo may go, then press Check."
    assert K.kind("haul").goal() == "Collect as many cards as you can with one move."
    assert [k for k in KINDS if K.kind(k).names_card] == ["where"]


@pytest.mark.parametrize("name", KINDS)
def test_each_kind_writes_and_reads_its_answer_as_json(name: str) -> None:
    make, dweebie, answer, _ = CASES[name]
    spec = K.kind(name)
    data = json.loads(json.dumps(spec.encode(answer)))
    assert data == sorted(data)
    assert spec.decode(data) == answer
    assert spec.illegal(make(), 0, answer, dweebie) == ""
    wrong = [[0, 1]] if spec.answer_shape == "[dweebie, row, col]" else [[20, 0, 1]]
    shape = re.escape(f"each answer must be {spec.answer_shape} (ints)")
    with pytest.raises(ValueError, match=shape):
        spec.decode(wrong)
    with pytest.raises(ValueError, match="ints"):
        spec.decode([[True] * len(data[0])])


@pytest.mark.parametrize(
    ("name", "answer", "dweebie", "words"),
    [
        ("haul", frozenset({Move(20, (5, 5))}), None, "illegal move"),
        ("endgame", frozenset({Move(4, (0, 2))}), None, "illegal move"),
        ("where", frozenset({(9, 9)}), 21, "no card may go"),
        ("where", frozenset({(0, 1)}), 9, "not in the solver's hand"),
    ],
)
def test_a_loaded_answer_that_cannot_be_played_is_named(
    name: str, answer: frozenset[Any], dweebie: int | None, words: str
) -> None:
    make = CASES[name][0]
    assert words in K.kind(name).illegal(make(), 0, answer, dweebie)


def test_what_a_widget_needs_to_know_of_a_kind() -> None:
    assert [k for k in KINDS if K.kind(k).marks_cells] == ["where"]
    endgame = Puzzle.make(endgame_game(), "endgame")
    assert endgame.kind_info.status_line(endgame.view) == (
        "The draw pile is empty, so every card hidden from you is in your opponent's hand: Jibber."
    )
    assert all(K.kind(k).status_line(haul_game().view(0)) is None for k in KINDS[:4])


# ---------------------------------------------------------------------- a new kind
class Pair(MoveKind):
    """A kind defined here: collect exactly two cards."""

    name = "pair"
    title = "Pair"
    definition = "the answer is the moves that collect exactly two cards"
    keep_rule = "kept if some move does"
    goal_text = "Collect exactly two cards."

    def answer(self, view: View, dweebie: int | None = None) -> frozenset[Move]:
        outs = outcomes(view, handed=False)
        return frozenset(m for m, o in outs.items() if o.points == 2)

    def keep(self, view: View, answer: frozenset[Any]) -> bool:
        return bool(answer)

    def why_none(self, view: View) -> str:
        return "no move collects exactly two cards"

    def praise(self, puzzle: Posed, out: Outcome) -> str:
        return "Right! Two cards."

    def fault(self, puzzle: Posed, outs: dict[Move, Outcome], out: Outcome) -> str:
        return f"that collects {out.points}."


@pytest.fixture
def pair() -> Iterator[Pair]:
    kind = K.register(Pair())
    try:
        yield kind
    finally:
        K.unregister("pair")


def test_a_registered_kind_is_made_checked_saved_and_loaded(pair: Pair, tmp_path: Path) -> None:
    p = Puzzle.make(haul_game(), "pair")
    assert p.kind == "pair" and p.kind_info is pair
    assert p.answer == {Move(20, (1, 0)), Move(20, (-1, 0))}
    assert p.goal == "Collect exactly two cards."
    assert p.check(Move(20, (1, 0))).message == "Right! Two cards."
    assert p.check(Move(20, (0, 2))).message == "Not quite: that collects 3."
    assert p.hint(0).card == 20
    assert 600 <= p.rating <= 2400 and len(p.measure.shares) == len(LADDER)
    back = loads(dumps([p]), prove=True)
    assert [(b.id, b.kind, b.answer) for b in back] == [(p.id, "pair", p.answer)]
    dump([p], tmp_path / "pairs.json")
    assert load(tmp_path / "pairs.json", prove=True) == [p]
    assert "pair" in K.names() and tuple(CASES) == K.KINDS


def test_a_registered_kind_is_found_by_the_generator_and_says_why_there_is_none(
    pair: Pair,
) -> None:
    game = haul_game()
    found = list(candidates(game, game.view(0), ["haul", "pair"], random.Random(0)))
    assert found == [("haul", None), ("pair", None)]
    with pytest.raises(PuzzleError, match="no pair puzzle here: .*no move collects exactly two"):
        Puzzle.make(Game(players=2, seed=1), "pair")


def test_a_kind_once_unregistered_is_unknown_again() -> None:
    K.register(Pair())
    try:
        text = dumps([Puzzle.make(haul_game(), "pair")])
    finally:
        K.unregister("pair")
    with pytest.raises(PuzzleFileError, match="unknown kind 'pair'"):
        loads(text)
    with pytest.raises(ValueError, match="unknown puzzle kind 'pair'"):
        Puzzle.make(haul_game(), "pair")


def test_a_kind_name_is_registered_once_and_shipped_kinds_stay(pair: Pair) -> None:
    with pytest.raises(ValueError, match="already a puzzle kind called 'pair'"):
        K.register(Pair())
    with pytest.raises(ValueError, match="already a puzzle kind called 'haul'"):
        K.register(type("Haul2", (Pair,), {"name": "haul"})())
    with pytest.raises(ValueError, match="ships"):
        K.unregister("haul")


def test_a_kind_must_say_its_answer_keep_condition_and_messages() -> None:
    class Half(MoveKind):
        name = "half"

        def answer(self, view: View, dweebie: int | None = None) -> frozenset[Move]:
            return frozenset()

    with pytest.raises(TypeError, match="abstract"):
        Half()  # type: ignore[abstract]
