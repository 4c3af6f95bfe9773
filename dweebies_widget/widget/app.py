"""The Dweebies widget: a thin controller between a canvas and one :class:`Game`.

:class:`DweebiesWidget` holds one :class:`~dweebies_widget.game.Game` and never decides a
rule itself.  A click becomes a question to the game (``game.play``, ``game.legal_cells``,
``game.would_collect``), and the answer is drawn: the game's own error message for a refused
placement, the game's history for the move log, the game's groups and link cells for a split
table.  Drawing is done by :mod:`~dweebies_widget.widget.paint` from plain data, pixel
positions come from :mod:`~dweebies_widget.widget.geometry`.

Seats are people at this screen (given by name) or AI players (any object with
``choose(view, rng)``, or a plain function).  AI seats move by themselves after a short
visible pause (``ai_delay``); with ``ai_delay=0`` they answer at once, inside the handling of
the click that gave them the turn.  Without human seats the game waits for Step or Play.
"""

from __future__ import annotations

import asyncio
import html
import random
import threading
import traceback
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from ..ai import ExpertPlayer, Player, Strategy, as_player
from ..cards import NAMES
from ..game import Game, IllegalMoveError, Move, Placement, Rules
from ..grid import Cell
from .geometry import MAX_ZOOM, MIN_ZOOM, Geometry
from .paint import Pen, Scene, SeatInfo, paint

__all__ = ["DweebiesWidget"]

Seat = str | Player | Strategy

_ZOOM_STEP = 1.25
_ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


class DweebiesWidget(widgets.VBox):  # type: ignore[misc]
    """Play Dweebies by clicking: the table, your hand, the scores, buttons and a move log.

    Args:
        seats: one entry per seat, in seat order: a name (a person at this screen) or an AI
            player (``ExpertPlayer()``, ``GreedyPlayer()``... or a function
            ``f(view, rng) -> Move``).  Default: ``["You", ExpertPlayer()]``.
        seed: deals the cards (same seed, same deal) and seeds the AI players.
        rules: rule options (:class:`~dweebies_widget.game.Rules`).
        game: adopt this game instead of dealing a new one (``seats`` then defaults to one
            person per seat).
        ai_delay: seconds an AI waits before it moves, so its move can be followed.
        flash: seconds the collected cards stay lit before they leave the table.
        width, height: canvas size in pixels.
        hint_player: the player whose ``analyze`` gives hints and the heat map
            (default ``ExpertPlayer(simulations=300)``).

    >>> from dweebies_widget.ai import GreedyPlayer
    >>> w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0)
    >>> w.game.players, w.labels
    (2, ('Ana', 'Greedy'))
    """

    def __init__(
        self,
        seats: Sequence[Seat] | None = None,
        *,
        seed: int = 0,
        rules: Rules | None = None,
        game: Game | None = None,
        ai_delay: float = 0.6,
        flash: float = 0.5,
        width: int = 900,
        height: int = 720,
        hint_player: Player | None = None,
    ) -> None:
        if seats is None:
            seats = [f"Player {i + 1}" for i in range(game.players)] if game else ["You"]
            if game is None:
                seats = [*seats, ExpertPlayer()]
        if game is not None and rules is not None and rules != game.rules:
            raise ValueError("give rules= or game=, not both: the game brings its own rules")
        if game is not None and len(seats) != game.players:
            raise ValueError(f"the game has {game.players} seats but {len(seats)} were given")
        if not 2 <= len(seats) <= 6:
            raise ValueError(f"Dweebies is for 2 to 6 players, not {len(seats)}")
        if ai_delay < 0 or flash < 0:
            raise ValueError("ai_delay and flash are seconds, 0 or more")
        self.players: tuple[Player | None, ...] = tuple(
            None if isinstance(s, str) else as_player(s) for s in seats
        )
        self.labels: tuple[str, ...] = _labels(seats, self.players)
        self.ai_delay = ai_delay
        self.flash = flash
        self.hint_player: Player = hint_player or ExpertPlayer(simulations=300, name="Expert")
        self.errors: list[str] = []
        """Internal failures caught while handling an event (shown as a message, never
        raised into the notebook); empty in a healthy widget."""
        self._lock = threading.RLock()
        self._seed = seed
        self._dealt = game is None  # False while showing an adopted game (its seed unknown)
        self._rules = rules if rules is not None else (game.rules if game else Rules())
        self._game = game if game is not None else Game(len(seats), seed=seed, rules=self._rules)
        self._rngs = _ai_rngs(seed, len(seats))
        self._zoom = 1.0
        self._selected: int | None = None
        self._hover: Cell | None = None
        self._cursor: Cell | None = None
        self._flash: tuple[tuple[Cell, int], ...] = ()
        self._message = ""
        self._thinking: int | None = None
        self._playing = False
        self._viewer: int | None = None
        self._handover: int | None = None
        self._hint: tuple[Move, float] | None = None
        self._analysis: tuple[object, dict[Move, float]] | None = None
        self._job: object | None = None
        self._cancel_job: Callable[[], object] = lambda: None
        self._geometry = Geometry.fit(width, height, [], 0)

        self.canvas = Canvas(width=width, height=height)
        self.canvas.layout.width = "100%"
        self.canvas.layout.max_width = f"{width}px"
        self.canvas.on_mouse_down(self._guarded(self._on_click))
        self.canvas.on_mouse_move(self._guarded(self._on_move))
        self.canvas.on_mouse_out(self._guarded(self._on_out))
        self.canvas.on_mouse_wheel(self._guarded(self._on_wheel))
        self.canvas.on_key_down(self._guarded(self._on_key))
        self.canvas.on_client_ready(self._guarded(self._on_client_ready))
        self.canvas.observe(self._guarded(lambda _change: self._redraw()), ["width", "height"])

        self.status = widgets.HTML(layout=widgets.Layout(min_height="3.2em"))
        self.status.add_class("dweebies-status")
        self.move_log = widgets.HTML(layout=widgets.Layout(max_height="9em", overflow="auto"))
        self.move_log.add_class("dweebies-log")
        self.buttons = _Buttons(self)
        super().__init__([self.canvas, self.status, self.buttons.box, self.move_log])
        self.add_class("dweebies-widget")
        self._viewer = self._first_human()
        self._advance()

    def __repr__(self) -> str:
        first = self._status_lines()[0]
        deal = f"seed={self._seed}" if self._dealt else "game=<adopted>"
        return f"DweebiesWidget(seats={list(self.labels)!r}, {deal}): {first}"

    # ------------------------------------------------------------------ public API
    @property
    def game(self) -> Game:
        """The game on the table (the rules core's :class:`Game`).  Change it from a cell and
        call :meth:`refresh`, or assign a new game with the same number of seats."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if game.players != len(self.players):
            raise ValueError(f"this widget has {len(self.players)} seats, the game {game.players}")
        with self._lock:
            self._game = game
            self._dealt = False
            if self._viewer is None:
                self._viewer = self._first_human()
            self.refresh()

    @property
    def geometry(self) -> Geometry:
        """Where things are on :attr:`canvas`, in canvas pixels (the last picture drawn)."""
        return self._geometry

    @property
    def selected(self) -> int | None:
        """Index of the picked card in the shown hand, or ``None``."""
        return self._selected

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown (a person at this screen), or ``None``."""
        return self._viewer

    @property
    def thinking(self) -> bool:
        """Whether an AI move is waiting to be played (during ``ai_delay``)."""
        return self._thinking is not None

    def refresh(self) -> None:
        """Redraw from the game (after a notebook cell changed it) and let AI seats go on."""
        with self._lock:
            self._stop_job()
            self._selected = None  # the hand may have changed under the pick
            self._hint = None
            self._analysis = None
            self._handover = None  # _advance hands over again if the shown hand is not the mover's
            self._message = ""
            self._advance()

    def resize(self, width: int, height: int) -> None:
        """Make the canvas ``width`` x ``height`` pixels; the table is fitted again."""
        with self._lock:
            self.canvas.layout.max_width = f"{width}px"
            self.canvas.width, self.canvas.height = width, height  # observed: redraws

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game with the same seats and rules (``seed`` defaults to the seed box)."""
        with self._lock:
            self._stop_job()
            self._seed = self.buttons.seed.value if seed is None else seed
            self.buttons.seed.value = self._seed + 1  # the next New game deals afresh
            self._game = Game(len(self.players), seed=self._seed, rules=self._rules)
            self._dealt = True
            self._rngs = _ai_rngs(self._seed, len(self.players))
            self._reset_view()
            self._message = f"New game, seed {self._seed}."
            self._advance()

    def select(self, index: int | None) -> None:
        """Pick the hand card at ``index`` (``None`` drops the pick), as a click on it does."""
        with self._lock:
            if index is None:
                self._selected = None
                self._redraw()
            else:
                self._pick(index)

    def place(self, cell: Cell) -> Placement | None:
        """Place the picked card on ``cell``, as a click on it does; returns the placement,
        or ``None`` when the click was refused (the status line says why)."""
        with self._lock:
            return self._place(cell)

    def undo(self) -> None:
        """Take back moves up to the last placement of a person at this screen (in an
        AI-only game: the last action)."""
        with self._lock:
            self._stop_job()
            self._playing = False
            history = self._game.history
            humans = {s for s, p in enumerate(self.players) if p is None}
            targets = [
                i
                for i, a in enumerate(history)
                if isinstance(a, Placement) and (not humans or a.seat in humans)
            ]
            if not targets:
                self._message = "Nothing to undo yet."
                self._redraw()
                return
            target = targets[-1]
            while len(self._game.history) > target:
                self._game.undo()
            action = history[target]
            self._reset_view()  # the hand shown stays; _advance hands over to the mover
            self._message = f"Took back: {action.describe(self.labels)}."
            self._advance()

    def hint(self) -> Move | None:
        """Ask the hint player for the best move of the seat at this screen: its card gets
        picked and its cell marked.  Returns the move (``None`` when it is not your turn)."""
        with self._lock:
            seat = self._human_to_play()
            if seat is None:
                self._redraw()
                return None
            values = self._analyze(seat)
            move = max(sorted(values), key=lambda m: values[m])
            self._hint = (move, values[move])
            self._selected = self._hand().index(move.dweebie)
            self._message = (
                f"Hint: {self.hint_player.name} would place {NAMES[move.dweebie]} at "
                f"{move.cell} ({_value_text(values[move])})."
            )
            self._redraw()
            return move

    def draw_owed(self) -> None:
        """Take one owed draw for the seat at this screen (``Rules(auto_draw=False)``)."""
        with self._lock:
            if self._viewer is None or self._handover is not None:
                self._message = "Nobody at this screen can draw right now."
            else:
                hand = self._hand()
                picked = hand[self._selected] if self._selected is not None else None
                try:
                    self._game.draw(self._viewer)
                    self._message = f"{self.labels[self._viewer]} drew a card."
                except IllegalMoveError as error:
                    self._message = str(error)
                if picked is not None:  # hands are sorted: the picked card may have moved
                    self._selected = self._hand().index(picked)
            self._redraw()

    def step(self) -> None:
        """Let the AI whose turn it is make one move (for AI-only games)."""
        with self._lock:
            seat = self._game.current_player
            if self._game.is_over or self.players[seat] is None or self._thinking is not None:
                self._message = "No AI is waiting to move."
                self._redraw()
                return
            self._ai_move()

    def play(self, on: bool = True) -> None:
        """Let AI seats play on by themselves (``on=False`` pauses an AI-only game)."""
        with self._lock:
            self._playing = on
            if not on:
                self._stop_job()
            self._advance()

    def zoom(self, factor: float | None) -> None:
        """Zoom the table by ``factor`` (``None``: fit the whole table again)."""
        with self._lock:
            self._zoom = 1.0 if factor is None else self._zoom * factor
            self._zoom = min(max(self._zoom, MIN_ZOOM), MAX_ZOOM)
            self._redraw()

    @property
    def zoom_level(self) -> float:
        """The current zoom (1 = the whole table fits)."""
        return self._zoom

    @property
    def message(self) -> str:
        """The last message shown (a refused click's reason, a hint...), or ``""``."""
        return self._message

    def status_text(self) -> str:
        """The status line as plain text."""
        return "\n".join(self._status_lines())

    # ------------------------------------------------------------------ events
    def _guarded(self, handler: Callable[..., object]) -> Callable[..., None]:
        """Wrap an event handler: run it under the lock; an unexpected exception becomes a
        message (and an entry in :attr:`errors`), never a traceback in the notebook."""

        def run(*args: Any) -> None:
            with self._lock:
                try:
                    handler(*args)
                except Exception as error:  # noqa: BLE001 - shown, recorded, not raised
                    self.errors.append(traceback.format_exc())
                    self._message = f"Something went wrong: {error!r}"
                    try:
                        self._update_text()
                    except Exception:  # noqa: BLE001 - the status line itself failed
                        self.status.value = html.escape(self._message)

        return run

    def _on_click(self, x: float, y: float) -> None:
        if self._handover is not None:
            self._reveal()
            return
        cell = self._geometry.cell_at(x, y)
        index = self._geometry.hand_at(x, y)
        if index is not None:
            self._pick(index)
        elif cell is not None:
            self._place(cell)
        else:
            self._message = "Click a card of your hand, then a lit cell of the table."
            self._update_text()

    def _on_move(self, x: float, y: float) -> None:
        cell = self._geometry.cell_at(x, y)
        if cell != self._hover:
            self._hover = cell
            if self._preview() is not None or self._showing_preview:
                self._redraw()

    def _on_out(self, x: float, y: float) -> None:
        self._on_move(-1.0, -1.0)

    def _on_wheel(self, dx: float, dy: float) -> None:
        if dy:
            self.zoom(1 / _ZOOM_STEP if dy > 0 else _ZOOM_STEP)

    def _on_key(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        if ctrl or meta:
            return
        if self._handover is not None:
            self._reveal()
        elif key in _ARROWS:
            dr, dc = _ARROWS[key]
            r, c = self._cursor or self._start_cursor()
            self._cursor = (r + dr, c + dc)
            self._hover = self._cursor
            self._redraw()
        elif len(key) == 1 and key in "123456789":
            self._pick(int(key) - 1)
        elif key in ("Enter", " "):
            if self._cursor is None:
                self._message = "Move the cursor with the arrow keys first."
                self._update_text()
            else:
                self._place(self._cursor)
        elif key == "Escape":
            self.select(None)
        elif key in ("+", "="):
            self.zoom(_ZOOM_STEP)
        elif key == "-":
            self.zoom(1 / _ZOOM_STEP)
        elif key == "0":
            self.zoom(None)

    def _on_client_ready(self) -> None:
        # A new view shows an empty canvas. The manager remembers the last canvas it drew on
        # and Voila loses draw commands sent while the notebook ran: forget it, then redraw.
        self.canvas._canvas_manager._current_canvas = None
        self._redraw()

    # ------------------------------------------------------------------ turn flow
    def _refusal(self) -> str | None:
        """Why a person cannot act now, or ``None`` when they can."""
        game = self._game
        if game.is_over:
            return f"The game is over: {self._result_text()} Press New game to play again."
        if self._thinking is not None:
            return f"Please wait: {self.labels[self._thinking]} is thinking."
        if self._handover is not None:
            return f"Pass to {self.labels[self._handover]} \u2014 click when ready."
        seat = game.current_player
        if self.players[seat] is not None:
            if any(p is None for p in self.players):
                return f"It is {self.labels[seat]}'s turn, not yours."
            return f"It is {self.labels[seat]}'s turn: press Step or Play."
        if seat != self._viewer:
            return f"It is {self.labels[seat]}'s turn: pass the screen to them."
        return None

    def _human_to_play(self) -> int | None:
        refusal = self._refusal()
        if refusal is not None:
            self._message = refusal
            return None
        return self._game.current_player

    def _pick(self, index: int) -> None:
        seat = self._human_to_play()
        hand = self._hand()
        if seat is None:
            pass
        elif not 0 <= index < len(hand):
            self._message = f"There is no card {index + 1} in your hand ({len(hand)} cards)."
        elif index == self._selected:
            self._selected = None
            self._message = ""
        else:
            self._selected = index
            self._message = ""
            if self._hint is not None and self._hint[0].dweebie != hand[index]:
                self._hint = None
        self._redraw()

    def _place(self, cell: Cell) -> Placement | None:
        seat = self._human_to_play()
        if seat is None:
            self._update_text()
            return None
        if self._selected is None:
            self._message = "Pick a card from your hand first (click it, or press its number)."
            self._update_text()
            return None
        dweebie = self._hand()[self._selected]
        try:
            placement = self._game.play(dweebie, cell)
        except IllegalMoveError as error:
            self._message = str(error)
            self._update_text()
            return None
        self._message = ""
        self._after_move(placement)
        return placement

    def _ai_move(self) -> None:
        self._thinking = None
        self._job = None
        game = self._game
        seat = game.current_player
        player = self.players[seat]
        if game.is_over or player is None:
            self._advance()
            return
        rng = self._rngs[seat]
        move: object = None
        try:
            move = player.choose(game.view(seat), rng)
            placement = game.play(move)
        except Exception as error:  # noqa: BLE001 - a student's player may fail; play goes on
            problem = (
                f"chose an illegal move {move}: {error}"
                if isinstance(error, IllegalMoveError)
                else f"failed: {error!r}"
            )
            self._message = f"{self.labels[seat]} {problem} A random legal move was played instead."
            placement = game.play(game.random_move(rng))
        if not game.rules.auto_draw:  # AI players never forget to draw
            while game.may_draw(seat):
                game.draw(seat)
        self._after_move(placement)

    def _after_move(self, placement: Placement) -> None:
        self._selected = None
        self._hint = None
        self._cursor = None
        self._flash = placement.taken if self.flash > 0 else ()
        self._advance()

    def _advance(self) -> None:
        """Decide what happens next (a hand-over, an AI move, nothing) and redraw."""
        game = self._game
        if game.is_over:
            self._playing = False
            self._redraw()
            self._end_flash_later()
            return
        seat = game.current_player
        player = self.players[seat]
        if player is None:
            if self._viewer is not None and self._viewer != seat:
                self._handover = seat
                self._selected = None
            self._viewer = seat if self._handover is None else self._viewer
            self._redraw()
            self._end_flash_later()
        elif self._viewer is None and not self._playing:
            self._redraw()  # an AI-only game waits for Step or Play
            self._end_flash_later()
        elif self.ai_delay == 0 and not self._playing:
            self._redraw()
            self._ai_move()
        else:
            self._thinking = seat
            self._redraw()
            delay = max(self.ai_delay, self.flash if self._flash else 0.0)
            self._schedule(delay, self._ai_move)

    def _end_flash_later(self) -> None:
        if self._flash:
            self._schedule(self.flash, self._end_flash)

    def _end_flash(self) -> None:
        self._job = None
        self._flash = ()
        self._redraw()

    def _reveal(self) -> None:
        self._viewer, self._handover = self._handover, None
        self._message = ""
        self._redraw()

    def _reset_view(self) -> None:
        self._selected = None
        self._hint = None
        self._hover = None
        self._cursor = None
        self._flash = ()
        self._handover = None
        self._thinking = None
        self._analysis = None
        if self._viewer is None or self.players[self._viewer] is not None:
            self._viewer = self._first_human()

    # ------------------------------------------------------------------ timing
    def _schedule(self, delay: float, job: Callable[[], None]) -> None:
        """Run ``job`` after ``delay`` seconds on the kernel's event loop (a timer thread
        outside a kernel); a later call or :meth:`_stop_job` cancels it."""
        self._cancel_job()
        token = object()
        self._job = token

        def run() -> None:
            with self._lock:
                if self._job is token:
                    self._guarded(job)()

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            timer = threading.Timer(delay, run)
            timer.daemon = True
            timer.start()
            self._cancel_job = timer.cancel
        else:
            self._cancel_job = loop.call_later(delay, run).cancel

    def _stop_job(self) -> None:
        self._cancel_job()
        self._job = None
        self._thinking = None
        self._flash = ()

    # ------------------------------------------------------------------ helpers
    def _first_human(self) -> int | None:
        humans = [s for s, p in enumerate(self.players) if p is None]
        if not humans:
            return None
        current = self._game.current_player
        return current if current in humans else humans[0]

    def _hand(self) -> tuple[int, ...]:
        return self._game.hand(self._viewer) if self._viewer is not None else ()

    def _start_cursor(self) -> Cell:
        last = self._game.last_move
        if last is not None:
            return last.cell
        legal = sorted(self._game.legal_cells())
        return legal[0] if legal else (0, 0)

    def _analyze(self, seat: int) -> dict[Move, float]:
        game = self._game
        key = (id(game), seat, game.history, game.hand(seat))  # this very position
        if self._analysis is None or self._analysis[0] != key:
            self._analysis = (key, self.hint_player.analyze(self._game.view(seat)))  # type: ignore[attr-defined]
        return self._analysis[1]

    @property
    def _showing_preview(self) -> bool:
        return self._last_scene is not None and self._last_scene.preview is not None

    _last_scene: Scene | None = None

    def _preview(self) -> tuple[Cell, int, frozenset[Cell]] | None:
        if self._selected is None or self._hover is None or self._handover is not None:
            return None
        if self._human_turn() is None or self._hover not in self._game.legal_cells():
            return None
        dweebie = self._hand()[self._selected]
        taken = self._game.would_collect(self._hover).get(dweebie, frozenset())
        return (self._hover, dweebie, taken)

    def _human_turn(self) -> int | None:
        game = self._game
        if game.is_over or self._thinking is not None:
            return None
        seat = game.current_player
        return seat if self.players[seat] is None and seat == self._viewer else None

    # ------------------------------------------------------------------ drawing
    def _scene(self) -> Scene:
        game = self._game
        over = game.is_over
        hand = self._hand()
        mine = self._human_turn() is not None and self._handover is None
        lit = frozenset(game.legal_cells()) if mine and self._selected is not None else frozenset()
        heat: dict[Cell, float] = {}
        if lit and self.buttons.heat.value and self._selected is not None:
            heat = _heat(self._analyze(game.current_player), hand[self._selected])
        hint = None
        if self._hint is not None and self._hint[0].dweebie in hand and mine:
            hint = (hand.index(self._hint[0].dweebie), self._hint[0].cell)
        last = game.last_move
        curtain = None
        owner = self._viewer
        if self._handover is not None:
            curtain = f"Pass to {self.labels[self._handover]} \u2014 click when ready"
        elif self._thinking is not None and self._viewer is None:
            curtain = f"{self.labels[self._thinking]} is thinking\u2026"
        elif owner is None and not over:  # an AI-only game shows the hand of the AI to move
            owner = game.current_player
            hand = game.hand(owner)
        return Scene(
            board=dict(game.board),
            seats=[
                SeatInfo(
                    label=self.labels[s],
                    score=game.scores[s],
                    cards=len(game.hand(s)),
                    owed=game.owed_draws(s),
                    ai=self.players[s] is not None,
                )
                for s in range(game.players)
            ],
            current=None if over else game.current_player,
            winners=game.winners if over else (),
            pile=game.pile_size,
            hand=hand,
            hand_owner=self.labels[owner] if owner is not None else "",
            curtain=curtain,
            selected=self._selected if mine else None,
            lit=lit,
            link=game.is_split,
            links=game.link_cells if game.is_split else frozenset(),
            groups=game.groups if game.is_split else (),
            last=last.cell if last is not None else None,
            flash=self._flash,
            preview=self._preview(),
            heat=heat,
            hint=hint,
            cursor=self._cursor,
        )

    def _redraw(self) -> None:
        scene = self._scene()
        self._last_scene = scene
        cells = set(scene.board) | set(self._game.legal_cells()) | {c for c, _ in scene.flash}
        focus = self._cursor or scene.last
        width, height = int(self.canvas.width), int(self.canvas.height)
        self._geometry = Geometry.fit(width, height, cells, len(scene.hand), self._zoom, focus)
        pen = Pen()
        paint(pen, self._geometry, scene)
        with hold_canvas():
            pen.replay(self.canvas)
        self._update_text()

    def _update_text(self) -> None:
        lines = self._status_lines()
        self.status.value = "<br>".join(
            f"<b>{html.escape(line)}</b>" if i == 0 else html.escape(line)
            for i, line in enumerate(lines)
        )
        history = self._game.history
        items = [a.describe(self.labels) for a in history]
        if self._game.is_over:
            items.append(f"Game over: {self._result_text()}")
        self.move_log.value = (
            "<ol>" + "".join(f"<li>{html.escape(t)}</li>" for t in items[-200:]) + "</ol>"
            if items
            else "<i>No moves yet.</i>"
        )
        self.buttons.update()

    def _status_lines(self) -> list[str]:
        game = self._game
        lines: list[str] = []
        if game.is_over:
            lines.append(f"Game over: {self._result_text()}")
        elif self._handover is not None:
            lines.append(f"Pass to {self.labels[self._handover]} \u2014 click when ready.")
        elif self._thinking is not None:
            lines.append(f"{self.labels[self._thinking]} is thinking\u2026")
        else:
            seat = game.current_player
            who = self.labels[seat]
            if self.players[seat] is not None:
                lines.append(f"{who} to play: press Step or Play.")
            elif self._selected is not None:
                d = self._hand()[self._selected]
                n = len(game.legal_cells())
                lines.append(
                    f"{who}: place {NAMES[d]} on a lit cell "
                    f"({n} place{'s' if n != 1 else ''} allowed)."
                )
            else:
                lines.append(f"{who} to play: pick a card from your hand.")
        if game.is_split and not game.is_over:
            k, cost = len(game.groups), game.bridge_cost
            lines.append(
                f"The table is split into {k} groups: {cost} card{'s are' if cost != 1 else ' is'}"
                " needed to rejoin them; nobody may collect until then."
            )
        if self._viewer is not None and game.may_draw(self._viewer):
            owed = game.owed_draws(self._viewer)
            lines.append(
                f"{self.labels[self._viewer]} owes {owed} draw{'s' if owed != 1 else ''}: "
                "press Draw to take it (rules section 8)."
            )
        if self._message:
            lines.append(self._message)
        return lines

    def _result_text(self) -> str:
        game = self._game
        winners = game.winners
        best = game.scores[winners[0]] if winners else 0
        names = [self.labels[s] for s in winners]
        if len(names) == 1:
            return f"{names[0]} wins with {best} card{'s' if best != 1 else ''}."
        return f"{', '.join(names[:-1])} and {names[-1]} tie with {best} cards each."


class _Buttons:
    """The row of buttons under the canvas, wired to the widget's public methods."""

    def __init__(self, w: DweebiesWidget) -> None:
        self.widget = w

        def button(label: str, tip: str, action: Callable[[], object], icon: str = "") -> Any:
            b = widgets.Button(
                description=label, tooltip=tip, icon=icon, layout=widgets.Layout(width="auto")
            )
            b.on_click(w._guarded(lambda _b: action()))
            return b

        self.seed = widgets.IntText(
            value=w._seed + 1, description="seed", layout=widgets.Layout(width="9em")
        )
        self.seed.style.description_width = "2.5em"
        self.new = button("New game", "Deal a new game with the seed on the right", w.new_game)
        self.undo = button("Undo", "Take back your last move", w.undo, "undo")
        self.hint = button("Hint", "What would the Expert play?", w.hint, "lightbulb-o")
        self.heat = widgets.ToggleButton(
            description="Heat map", tooltip="Shade the lit cells by the hint player's values",
            layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self.heat.observe(w._guarded(lambda _c: w._redraw()), "value")
        self.draw = button("Draw", "Take a draw you owe (rules section 8)", w.draw_owed)
        self.zoom_out = button("\u2212", "Zoom out", lambda: w.zoom(1 / _ZOOM_STEP))
        self.zoom_fit = button("Fit", "Show the whole table", lambda: w.zoom(None))
        self.zoom_in = button("+", "Zoom in", lambda: w.zoom(_ZOOM_STEP))
        self.step = button("Step", "Let the AI to move play one move", w.step, "step-forward")
        self.play = widgets.ToggleButton(
            description="Play", tooltip="Let the AI players play on (press again to pause)",
            icon="play", layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self._syncing = False
        self.play.observe(
            w._guarded(lambda c: None if self._syncing else w.play(bool(c["new"]))), "value"
        )
        children = [self.new, self.seed, self.undo, self.hint, self.heat]
        if not w._rules.auto_draw:
            children.append(self.draw)
        children += [self.zoom_out, self.zoom_fit, self.zoom_in]
        if all(p is not None for p in w.players):
            children += [self.step, self.play]
        self.box = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap"))

    def update(self) -> None:
        w = self.widget
        game = w.game
        mine = w._human_turn() is not None and w._handover is None
        self.hint.disabled = not mine
        self.heat.disabled = not mine
        self.undo.disabled = not game.history
        viewer = w.viewer
        self.draw.disabled = viewer is None or not game.may_draw(viewer)
        self.step.disabled = game.is_over or w.players[game.current_player] is None
        if self.play.value != w._playing:
            self._syncing = True
            self.play.value = w._playing
            self._syncing = False
        self.play.description = "Pause" if w._playing else "Play"
        self.play.icon = "pause" if w._playing else "play"


def _labels(seats: Sequence[Seat], players: Sequence[Player | None]) -> tuple[str, ...]:
    labels = [
        s if isinstance(s, str) else str(getattr(p, "name", "AI"))
        for s, p in zip(seats, players, strict=True)
    ]
    return tuple(
        f"{label} {i + 1}" if labels.count(label) > 1 else label for i, label in enumerate(labels)
    )


def _ai_rngs(seed: int, seats: int) -> list[random.Random]:
    return [random.Random(f"{seed}:{s}") for s in range(seats)]


def _heat(values: dict[Move, float], dweebie: int) -> dict[Cell, float]:
    """Scale the hint player's values of ``dweebie``'s moves to 0..1 for shading."""
    mine = {m.cell: v for m, v in values.items() if m.dweebie == dweebie}
    if not mine:
        return {}
    if all(0.0 <= v <= 1.0 for v in values.values()):
        return mine  # already probabilities
    low, high = min(values.values()), max(values.values())
    span = high - low or 1.0
    return {c: (v - low) / span for c, v in mine.items()}


def _value_text(value: float) -> str:
    return f"{round(100 * value)}% win chance" if 0 <= value <= 1 else f"value {value:.2f}"
