"""The save format: a game as JSON text, and JSON text back to checked plain data.

A save holds the rules, the seed (if the game was dealt from one), the starting position,
every action in order and the resulting state.  This module knows the *shape* of a save and
nothing of the rules of play: :func:`loads` refuses anything that is not exactly that shape
(unknown or missing fields, wrong types, NaN, duplicate keys, text far too long) and returns
plain data.  :meth:`Game.from_json <dweebies_widget.game.Game.from_json>` then rebuilds the
starting position (validated like :meth:`Game.from_position`), replays each action through
the rules and compares the result with the saved state.  Nothing is ever half-loaded, and
nothing in the file is executed: :func:`json.loads` reads plain data only.

The engine imports this module, never the other way round.

>>> data = loads(dumps(document(
...     rules={"min_line": 2, "collect_on_reconnect": True, "auto_draw": True,
...            "hand_size": 1, "first_player": 0},
...     seed=None,
...     start={"board": [], "hands": [[3], [4]], "pile": [], "scores": [0, 0],
...            "current_player": 0, "owed": [0, 0]},
...     actions=[],
...     state={"board": [], "hands": [[3], [4]], "pile": [], "scores": [0, 0],
...            "current_player": 0, "owed": [0, 0]})))
>>> data.rules.hand_size, data.start["hands"], data.actions
(1, [[3], [4]], [])
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple, NoReturn

from .errors import SaveError
from .rules import Rules

__all__ = [
    "FORMAT",
    "VERSION",
    "SavedGame",
    "document",
    "dumps",
    "error",
    "json_object",
    "loads",
    "read_json",
]

FORMAT = "dweebies-widget/game"
VERSION = 1

_TOP_KEYS = {"format", "version", "rules", "seed", "start", "actions", "state"}
_POSITION_KEYS = {"board", "hands", "pile", "scores", "current_player", "owed"}
_MAX_TEXT = 1_000_000  # a real save is a few kilobytes

#: One saved action: ``("play", seat, dweebie, (row, col))`` or ``("draw", seat)``.
Action = tuple[Any, ...]


class SavedGame(NamedTuple):
    """A save read by :func:`loads`: every field has the right shape and types; whether
    the actions are legal is for the engine to find out by replaying them."""

    rules: Rules
    seed: int | None
    start: dict[str, Any]
    """``board`` (a list of ``[row, col, dweebie]``), ``hands``, ``pile``, ``scores``,
    ``current_player``, ``owed``."""
    actions: list[Action]
    state: dict[str, Any]
    """The position after the actions, in the same shape as ``start``."""


def document(
    *,
    rules: dict[str, Any],
    seed: int | None,
    start: dict[str, Any],
    actions: list[Any],
    state: dict[str, Any],
) -> dict[str, Any]:
    """The save as JSON-ready data; ``start`` and ``state`` are positions with ``board``
    given as ``[row, col, dweebie]`` lists."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules,
        "seed": seed,
        "start": start,
        "actions": actions,
        "state": state,
    }


def dumps(data: dict[str, Any], *, indent: int | None = None) -> str:
    """A :func:`document` as JSON text."""
    return json.dumps(data, indent=indent)


def loads(text: str | bytes) -> SavedGame:
    """Read and check a save; raises :class:`SaveError` if it is not valid JSON, not a
    Dweebies save, or not of the right shape."""
    return _checked(read_json(text, fail=_fail, what="a game"))


def read_json(
    text: str | bytes, *, fail: Callable[[str], NoReturn], what: str, max_chars: int = _MAX_TEXT
) -> object:
    """Plain data from JSON text, strictly: UTF-8 only, at most ``max_chars`` characters,
    no NaN or Infinity, no key twice in an object.  Anything else calls ``fail`` with a
    message (``what`` the text should be, e.g. "a game").  The one strict JSON reader of
    the package's files (game saves, puzzle files)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            fail(f"not UTF-8 text ({exc})")
    if not isinstance(text, str):
        fail(f"expected JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        fail(f"the text is far too long to be {what}")
    try:
        return json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_refuse_duplicates
        )
    except (ValueError, RecursionError) as exc:
        fail(f"not valid JSON ({exc})")


def json_object(
    value: object, what: str, keys: set[str], *, fail: Callable[[str], NoReturn]
) -> dict[str, Any]:
    """``value`` if it is a JSON object with exactly the fields ``keys``, else ``fail``."""
    if not isinstance(value, dict):
        fail(f"{what} must be a JSON object")
    missing = keys - set(value)
    extra = set(value) - keys
    if missing:
        fail(f"{what} lacks {', '.join(sorted(missing))}")
    if extra:
        fail(f"{what} has unknown fields {', '.join(sorted(map(str, extra)))}")
    return value


def error(message: str) -> SaveError:
    """The error for a refused save (its message starts with ``saved game:``)."""
    return SaveError(f"saved game: {message}", rule="save")


def _checked(data: object) -> SavedGame:
    top = _obj(data, "the save", _TOP_KEYS)
    if top["format"] != FORMAT:
        _fail(f"'format' must be {FORMAT!r}, not {top['format']!r}")
    if top["version"] != VERSION or type(top["version"]) is not int:
        _fail(f"'version' {top['version']!r} is not supported (this version reads {VERSION})")
    rules_data = _obj(top["rules"], "'rules'", set(Rules().to_dict()))
    try:
        rules = Rules(**rules_data)
    except (TypeError, ValueError) as exc:
        _fail(f"'rules': {exc}")
    seed = top["seed"]
    if seed is not None and type(seed) is not int:
        _fail(f"'seed' must be an integer or null, not {seed!r}")
    start = _position(top["start"], "'start'")
    state = _position(top["state"], "'state'")
    actions = top["actions"]
    if not isinstance(actions, list):
        _fail("'actions' must be a list")
    return SavedGame(rules, seed, start, [_action(a, i) for i, a in enumerate(actions)], state)


def _action(action: object, i: int) -> Action:
    where = f"action {i}"
    if not isinstance(action, list) or not action:
        _fail(f"{where} must be a list such as ['play', seat, dweebie, [row, col]]")
    kind = action[0]
    if kind == "play" and len(action) == 4:
        _, seat, dweebie, cell = action
        _int(seat, f"{where} seat")
        _int(dweebie, f"{where} dweebie")
        if not (isinstance(cell, list) and len(cell) == 2):
            _fail(f"{where}: the cell must be [row, col]")
        _int(cell[0], f"{where} row")
        _int(cell[1], f"{where} col")
        return ("play", seat, dweebie, (cell[0], cell[1]))
    if kind == "draw" and len(action) == 2:
        _int(action[1], f"{where} seat")
        return ("draw", action[1])
    _fail(f"{where} is neither ['play', seat, dweebie, [row, col]] nor ['draw', seat]")


def _position(value: object, what: str) -> dict[str, Any]:
    pos = _obj(value, what, _POSITION_KEYS)
    board = pos["board"]
    if not isinstance(board, list):
        _fail(f"{what}.board must be a list of [row, col, dweebie]")
    for item in board:
        if not (isinstance(item, list) and len(item) == 3):
            _fail(f"{what}.board entries must be [row, col, dweebie], not {item!r}")
        for x in item:
            _int(x, f"{what}.board")
    hands = pos["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        _fail(f"{what}.hands must be a list of lists of Dweebie ids")
    for h in hands:
        for d in h:
            _int(d, f"{what}.hands")
    for key in ("pile", "scores", "owed"):
        if not isinstance(pos[key], list):
            _fail(f"{what}.{key} must be a list of integers")
        for x in pos[key]:
            _int(x, f"{what}.{key}")
    _int(pos["current_player"], f"{what}.current_player")
    return pos


def _obj(value: object, what: str, keys: set[str]) -> dict[str, Any]:
    return json_object(value, what, keys, fail=_fail)


def _int(value: object, what: str) -> None:
    if type(value) is not int:
        _fail(f"{what}: expected an integer, not {value!r}")


def _refuse_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        dup = sorted({k for k in keys if keys.count(k) > 1})
        raise ValueError(f"the key {dup[0]!r} appears twice")
    return dict(pairs)


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed in a saved game")


def _fail(message: str) -> NoReturn:
    raise error(message)
