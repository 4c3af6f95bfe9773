"""Puzzle files: a list of puzzles as JSON text, and JSON text back to checked puzzles.

A file holds ``{"format": "dweebies-widget/puzzles", "version": 1, "puzzles": [...]}``;
each puzzle holds its id, kind, themes, rating, seat, goal, named card, answer, the
measurement behind the rating, and its position as a game save (the JSON of
:meth:`Game.to_json <dweebies_widget.game.Game.to_json>`: for a puzzle mined from a game,
the deal's seed and every move that led there).  The answer's shape is its kind's
(:meth:`Kind.encode <dweebies_widget.puzzles.kinds.base.Kind.encode>`): moves as
``[dweebie, row, col]``, cells as ``[row, col]``.

Loading is checked like a game save and never executes anything (:func:`json.loads` reads
plain data only): unknown or missing fields, wrong types, NaN and duplicate keys are
refused; the position is rebuilt by :meth:`Game.from_json` (which replays every move
through the rules); the seat must be the seat to move, the goal the kind's goal (today's
words, or those of a file written before them: the puzzle then gets today's), the rating
the one its measurement gives, on the Elo-like scale from 600 to 2400 (a file of the
earlier 1 to 5 scale is refused), the answer possible in the position (its kind
says what that means), and the id the digest of the position, kind, card and answer, so an
answer or position changed by hand is refused.
``prove=True`` also searches every answer again from scratch and checks the
keep-condition of its kind (what the tests do for the shipped set), refusing a practice
position (``Puzzle.make(..., check_keep=False)``); without it such a puzzle loads as what it
is (:attr:`Puzzle.kept <dweebies_widget.puzzles.Puzzle.kept>` is ``False``).

**Two sets.**  :func:`load` gives by default only the puzzles under the **standard rules**
(every rule option that changes play at its default: :mod:`~.kinds.house`); the others, each
of which states its rules in its goal, are the **house set**, ``load(rules="house")``, and
``load(rules="all")`` gives both.  :func:`loads` reads a file's text whole.

>>> from dweebies_widget import Game
>>> from dweebies_widget.puzzles import Puzzle
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
>>> text = dumps([Puzzle.make(game, "haul")])
>>> [p.kind for p in loads(text)]
['haul']
>>> all(p.standard for p in load()), any(p.standard for p in load(rules="house"))
(True, False)
>>> len(load(rules="all")) == len(load()) + len(load(rules="house"))
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, Literal, NoReturn

from ..errors import SaveError
from ..game import Game
from ..save import json_object, read_json
from . import kinds as K
from .irt import HIGHEST, LOWEST
from .model import Puzzle, puzzle_id
from .rating import LADDER, Measure, rating_of

__all__ = [
    "FORMAT",
    "RULE_SETS",
    "VERSION",
    "PuzzleFileError",
    "RuleSet",
    "dump",
    "dumps",
    "load",
    "loads",
]

FORMAT = "dweebies-widget/puzzles"
VERSION = 1
_TOP_KEYS = {"format", "version", "puzzles"}
_PUZZLE_KEYS = {
    "id",
    "kind",
    "themes",
    "rating",
    "seat",
    "goal",
    "dweebie",
    "answer",
    "measure",
    "game",
}
_MEASURE_KEYS = {"shares", "moves", "difficulty", "rating"}
_MAX_TEXT = 20_000_000
#: Where the shipped set lives inside the package.
SHIPPED = "data/puzzles.json"

RuleSet = Literal["standard", "house", "all"]
"""Which puzzles :func:`load` gives: those under the standard rules, the others (the
house set, each stating its rules in its goal), or all."""
RULE_SETS: tuple[RuleSet, ...] = ("standard", "house", "all")


class PuzzleFileError(SaveError):
    """A puzzle file that is malformed, tampered with or inconsistent; nothing was
    loaded."""


def dumps(puzzles: Iterable[Puzzle], *, indent: int | None = None) -> str:
    """The puzzles as JSON text (one puzzle a line when ``indent`` is None)."""
    items = [json.dumps(to_record(p), sort_keys=True) for p in puzzles]
    if indent is not None:
        return json.dumps(
            {"format": FORMAT, "version": VERSION, "puzzles": [json.loads(i) for i in items]},
            indent=indent,
        )
    body = ",\n".join(items)
    return (
        f'{{"format": "{FORMAT}", "version": {VERSION}, "puzzles": [\n{body}\n]}}\n'
        if items
        else f'{{"format": "{FORMAT}", "version": {VERSION}, "puzzles": []}}\n'
    )


def dump(puzzles: Iterable[Puzzle], path: str | Path) -> None:
    """Write the puzzles to ``path`` (see :func:`dumps`)."""
    Path(path).write_text(dumps(puzzles), encoding="utf-8")


def load(
    path: str | Path | None = None, *, rules: RuleSet = "standard", prove: bool = False
) -> list[Puzzle]:
    """The shipped set (package data) or the puzzles of the file at ``path``, checked (see
    the module docstring): by default only those under the standard rules;
    ``rules="house"`` gives the others (the house set), ``rules="all"`` every puzzle.
    ``prove`` also searches every answer again."""
    if rules not in RULE_SETS:
        raise ValueError(f"rules must be one of {', '.join(RULE_SETS)}, not {rules!r}")
    if path is None:
        text = resources.files(__package__).joinpath(SHIPPED).read_text(encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    puzzles = loads(text, prove=prove)
    if rules == "all":
        return puzzles
    return [p for p in puzzles if p.standard == (rules == "standard")]


def loads(text: str | bytes, *, prove: bool = False) -> list[Puzzle]:
    """The puzzles of a puzzle file's text, checked (see the module docstring)."""
    data = read_json(text, fail=_fail, what="a puzzle file", max_chars=_MAX_TEXT)
    top = _obj(data, "the file", _TOP_KEYS)
    if top["format"] != FORMAT:
        _fail(f"'format' must be {FORMAT!r}, not {top['format']!r}")
    if type(top["version"]) is not int or top["version"] != VERSION:
        _fail(f"'version' {top['version']!r} is not supported (this version reads {VERSION})")
    if not isinstance(top["puzzles"], list):
        _fail("'puzzles' must be a list")
    out: list[Puzzle] = []
    seen: set[str] = set()
    for i, item in enumerate(top["puzzles"]):
        puzzle = _puzzle(item, f"puzzle {i}", prove)
        if puzzle.id in seen:
            _fail(f"puzzle {i}: the id {puzzle.id!r} appears twice")
        seen.add(puzzle.id)
        out.append(puzzle)
    return out


# ---------------------------------------------------------------------- records
def to_record(p: Puzzle) -> dict[str, Any]:
    """A puzzle as plain data, its answer in the shape its kind gives it."""
    answer = p.kind_info.encode(p.answer)
    return {
        "id": p.id,
        "kind": p.kind,
        "themes": list(p.themes),
        "rating": p.rating,
        "seat": p.seat,
        "goal": p.goal,
        "dweebie": p.dweebie,
        "answer": answer,
        "measure": p.measure.to_dict(),
        "game": json.loads(p.position.to_json()),
    }


def _puzzle(item: object, where: str, prove: bool) -> Puzzle:
    rec = _obj(item, where, _PUZZLE_KEYS)
    kind = rec["kind"]
    try:
        spec = K.kind(kind)
    except ValueError:
        _fail(f"{where}: unknown kind {kind!r} (the kinds are {', '.join(K.names())})")
    themes = rec["themes"]
    if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes):
        _fail(f"{where}: 'themes' must be a list of strings")
    rating = _int(rec["rating"], f"{where}: 'rating'")
    if not LOWEST <= rating <= HIGHEST:
        _fail(f"{where}: 'rating' must be {LOWEST} to {HIGHEST}, not {rating}")
    seat = _int(rec["seat"], f"{where}: 'seat'")
    dweebie = rec["dweebie"]
    if dweebie is not None:
        dweebie = _int(dweebie, f"{where}: 'dweebie'")
    if spec.names_card != (dweebie is not None):
        names = "names a card" if spec.names_card else "names no card"
        _fail(f"{where}: a {kind} puzzle {names} ('dweebie')")
    try:
        game = Game.from_json(json.dumps(rec["game"]))
    except SaveError as exc:
        _fail(f"{where}: its position is not a valid game save: {exc}")
    if game.is_over or game.current_player != seat:
        _fail(f"{where}: 'seat' {seat} is not the seat to move")
    answer = _answer(rec["answer"], spec, where)
    problem = spec.illegal(game, seat, answer, dweebie)
    if problem:
        _fail(f"{where}: {problem}")
    goal = spec.goal(dweebie, game.rules)
    if rec["goal"] != goal and rec["goal"] not in spec.former_goals(dweebie):
        _fail(f"{where}: 'goal' is not the goal of a {kind} puzzle")
    m = _obj(rec["measure"], f"{where}: 'measure'", _MEASURE_KEYS)
    shares = m["shares"]
    if not isinstance(shares, list) or len(shares) not in (0, len(LADDER)):
        _fail(f"{where}: 'measure.shares' must list one share per ladder player")
    for s in shares:
        if type(s) not in (int, float) or not 0 <= s <= 1:
            _fail(f"{where}: 'measure.shares' must be numbers from 0 to 1")
    difficulty = m["difficulty"]
    if type(difficulty) not in (int, float):
        _fail(f"{where}: 'measure.difficulty' must be a number")
    measure = Measure(
        tuple(float(s) for s in shares),
        _int(m["moves"], f"{where}: 'measure.moves'"),
        float(difficulty),
        _int(m["rating"], f"{where}: 'measure.rating'"),
    )
    if measure.rating != rating or rating_of(measure.difficulty) != rating:
        _fail(f"{where}: 'rating' {rating} is not what its measurement gives")
    if puzzle_id(game, kind, dweebie, answer) != rec["id"]:
        _fail(
            f"{where}: 'id' {rec['id']!r} is not the digest of its position, kind and answer; "
            "the file was changed by hand"
        )
    puzzle = Puzzle(
        id=rec["id"],
        kind=kind,
        themes=tuple(themes),
        rating=rating,
        seat=seat,
        goal=goal,
        answer=answer,
        dweebie=dweebie,
        measure=measure,
        position=game,
        kept=spec.keep(game.view(seat), answer),
    )
    if prove:
        if not puzzle.prove():
            _fail(f"{where}: the answer is not what the definition of {kind} gives")
        if not puzzle.kept:
            _fail(f"{where}: the position fails the keep-condition of {kind}")
    return puzzle


def _answer(data: object, spec: K.Kind, where: str) -> frozenset[Any]:
    """The answer of a record, in the shape of its kind's codec."""
    if not isinstance(data, list) or not data:
        _fail(f"{where}: 'answer' must be a non-empty list")
    try:
        out = spec.decode(data)
    except ValueError as exc:
        _fail(f"{where}: {exc}")
    if len(out) != len(data):
        _fail(f"{where}: 'answer' lists something twice")
    return out


# ---------------------------------------------------------------------- shapes
def _fail(message: str) -> NoReturn:
    raise PuzzleFileError(f"puzzle file: {message}", rule="save")


def _int(value: object, what: str) -> int:
    if type(value) is not int:
        _fail(f"{what} must be an int, not {value!r}")
    return value


def _obj(value: object, what: str, keys: set[str]) -> dict[str, Any]:
    return json_object(value, what, keys, fail=_fail)
