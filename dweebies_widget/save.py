"""Saving and loading games as JSON, with validation.

A save holds the rules, the starting position, every action in order and the resulting
state.  Loading checks the shape of every field, rebuilds the starting position (validated
like :meth:`Game.from_position`), replays each action through the rules (so an illegal
action is refused) and finally compares the result with the saved state (so a tampered
state is refused).  Nothing is ever half-loaded, and nothing in the file is executed:
:func:`json.loads` reads plain data only.

>>> from dweebies_widget import Game
>>> game = Game(players=2, seed=7)
>>> _ = game.play(game.legal_moves()[0])
>>> Game.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

from .game import Game, GameError, Rules, SaveError

FORMAT = "dweebies-widget/game"
VERSION = 1

_TOP_KEYS = {"format", "version", "rules", "seed", "start", "actions", "state"}
_POSITION_KEYS = {"board", "hands", "pile", "scores", "current_player", "owed"}
_MAX_TEXT = 1_000_000  # a real save is a few kilobytes


def game_to_dict(game: Game) -> dict[str, Any]:
    """The save of ``game`` as plain JSON-ready data."""
    start = game._start
    state = game.state()
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "start": {
            "board": [[r, c, d] for (r, c), d in start.board],
            "hands": [list(h) for h in start.hands],
            "pile": list(start.pile),
            "scores": list(start.scores),
            "current_player": start.current_player,
            "owed": list(start.owed),
        },
        "actions": state["history"],
        "state": {
            "board": [[r, c, d] for (r, c), d in state["board"]],
            "hands": state["hands"],
            "pile": state["pile"],
            "scores": state["scores"],
            "current_player": state["current_player"],
            "owed": state["owed"],
        },
    }


def game_to_json(game: Game, *, indent: int | None = None) -> str:
    """The save of ``game`` as JSON text."""
    return json.dumps(game_to_dict(game), indent=indent)


def game_from_json(text: str | bytes) -> Game:
    """Load a save made by :func:`game_to_json`; raises :class:`SaveError` if it is not
    valid JSON, not a Dweebies save, or not consistent with the rules."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"saved game: not UTF-8 text ({exc})", rule="save") from None
    if not isinstance(text, str):
        raise SaveError(f"saved game: expected JSON text, not {type(text).__name__}", rule="save")
    if len(text) > _MAX_TEXT:
        raise SaveError("saved game: the text is far too long to be a game", rule="save")
    try:
        data = json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_refuse_duplicates
        )
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"saved game: not valid JSON ({exc})", rule="save") from None
    return game_from_dict(data)


def game_from_dict(data: object) -> Game:
    """Load a save given as plain data (see :func:`game_to_dict`)."""
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
    try:
        game = Game.from_position(
            board={(r, c): d for r, c, d in start["board"]},
            hands=start["hands"],
            pile=start["pile"],
            scores=start["scores"],
            current_player=start["current_player"],
            rules=rules,
            owed=start["owed"],
        )
    except (TypeError, ValueError) as exc:
        _fail(f"'start' is not a valid position: {exc}")
    if len({(r, c) for r, c, _ in start["board"]}) != len(start["board"]):
        _fail("'start' puts two cards on one cell")
    if seed is not None:
        # A dealt game: the start must be exactly the deal of that seed.
        try:
            dealt = Game(players=len(start["hands"]), seed=seed, rules=rules)
        except (TypeError, ValueError) as exc:
            _fail(f"'seed' {seed} cannot deal this game: {exc}")
        if dealt._start != game._start or dealt.state() != game.state():
            _fail(
                f"'start' is not the deal of seed {seed} (cards missing, added or moved); "
                "the file was changed by hand"
            )
    for i, action in enumerate(actions):
        _replay(game, action, i)
    saved = {
        "board": sorted(((r, c), d) for r, c, d in state["board"]),
        "hands": [sorted(h) for h in state["hands"]],
        "pile": state["pile"],
        "scores": state["scores"],
        "current_player": state["current_player"],
        "owed": state["owed"],
    }
    now = game.state()
    for key, value in saved.items():
        if now[key] != value:
            _fail(
                f"'state.{key}' does not match what the saved actions lead to "
                f"(saved {value!r}, replayed {now[key]!r}); the file was changed by hand"
            )
    game.seed = seed
    return game


def _replay(game: Game, action: object, i: int) -> None:
    where = f"action {i}"
    if not isinstance(action, list) or not action:
        _fail(f"{where} must be a list such as ['play', seat, dweebie, [row, col]]")
    kind = action[0]
    try:
        if kind == "play" and len(action) == 4:
            _, seat, dweebie, cell = action
            _int(seat, f"{where} seat")
            _int(dweebie, f"{where} dweebie")
            if not (isinstance(cell, list) and len(cell) == 2):
                _fail(f"{where}: the cell must be [row, col]")
            _int(cell[0], f"{where} row")
            _int(cell[1], f"{where} col")
            if seat != game.current_player:
                _fail(f"{where} is by seat {seat} but seat {game.current_player} was to move")
            game.play(dweebie, (cell[0], cell[1]))
        elif kind == "draw" and len(action) == 2:
            _int(action[1], f"{where} seat")
            game.draw(action[1])
        else:
            _fail(f"{where} is neither ['play', seat, dweebie, [row, col]] nor ['draw', seat]")
    except GameError as exc:
        if isinstance(exc, SaveError):
            raise
        raise SaveError(f"saved game: {where} breaks the rules: {exc}", rule="save") from None


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
    if not isinstance(value, dict):
        _fail(f"{what} must be a JSON object")
    missing = keys - set(value)
    extra = set(value) - keys
    if missing:
        _fail(f"{what} lacks {', '.join(sorted(missing))}")
    if extra:
        _fail(f"{what} has unknown fields {', '.join(sorted(map(str, extra)))}")
    return value


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
    raise SaveError(f"saved game: {message}", rule="save")
