"""The widget without a screen: what a click, a key or a button means, and what to show.

One job: turn what a player does into questions to the
:class:`~dweebies_widget.game.Game`, and the answers into what to show.  A :class:`Controller`
holds everything that is neither the game nor a widget: the seats (people at this screen or
AI players), the picked card, the hovered cell and the keyboard cursor, the hot-seat
hand-over, the flash of a collection, the AI that is "thinking", the hint and its analysis
cache, the zoom, the last message.  What it shows is plain data: a
:class:`~dweebies_widget.widget.paint.Scene` laid out by a
:class:`~dweebies_widget.widget.geometry.Geometry`, the status lines, the move log and which
buttons can be used (:class:`Controls`).

It decides no rule of Dweebies: whether a card may go somewhere, what a placement collects,
who plays next and when the game ends are the game's answers (``game.play``,
``game.legal_cells``, ``game.would_collect``...), and a refused click shows the game's own
error message.  What it does decide is the turn flow on one screen: whose hand is shown, when
to hand over, when an AI moves.

Why it is separate from the ipywidgets glue (:mod:`~dweebies_widget.widget.app`): everything
that decides can then be tested synchronously, without ipywidgets, ipycanvas, a kernel or a
browser, and the glue is left with wiring only.  Events come in as plain method calls
(:meth:`Controller.click` at a pixel, :meth:`~Controller.key`, :meth:`~Controller.undo`...);
after each change the controller calls ``on_change`` with a :class:`Change` saying whether
the picture or only the text must be shown again.

Time: the controller never sleeps and never starts a thread.  An AI's visible pause and the
end of a flash are jobs given to the ``scheduler`` (:mod:`~dweebies_widget.widget.timing`):
the widget's runs them on the kernel's event loop, a test's :class:`~.timing.ManualClock`
runs them when the test says so.  The controller is not thread-safe: its owner calls it from
one thread at a time (the widget holds a lock around every event and every timed job).

>>> from dweebies_widget.ai import GreedyPlayer
>>> from dweebies_widget.widget.timing import ManualClock
>>> clock = ManualClock()
>>> c = Controller(["Ana", GreedyPlayer()], seed=7, ai_delay=0.6, flash=0, scheduler=clock)
>>> c.status_lines()[0]
'Ana to play: pick a card from your hand.'
>>> c.select(0)
>>> c.place((0, 0)).seat, c.thinking, c.status_lines()[0]
(0, True, 'Greedy is thinking…')
>>> clock.advance(0.6), c.thinking, len(c.game.history)
(1, False, 2)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..ai import ExpertPlayer, Player
from ..cards import NAMES
from ..game import Game, IllegalMoveError, Move, Placement, Rules
from ..grid import Cell
from . import words
from .geometry import MAX_ZOOM, MIN_ZOOM, Geometry
from .paint import Scene, SeatInfo
from .seats import Seat, Seats, ai_play, ai_rngs
from .timing import Cancel, Job, Scheduler

__all__ = ["ZOOM_STEP", "Change", "Controller", "Controls"]

ZOOM_STEP = 1.25
"""One zoom step (a wheel notch, a ``+`` or ``-`` key or button)."""
_ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


class Change(enum.Enum):
    """What changed, so what the screen must show again."""

    TEXT = "text"
    """The status lines, the move log or the buttons; the picture is unchanged."""
    PICTURE = "picture"
    """The picture (:attr:`Controller.scene` and :attr:`Controller.geometry` were rebuilt),
    and the text with it."""


@dataclass(frozen=True)
class Controls:
    """Which buttons can be used now (``True``: enabled), and whether Play is on."""

    hint: bool
    heat: bool
    undo: bool
    draw: bool
    step: bool
    playing: bool


class Controller:
    """The turn flow of one game on one screen, driven by plain method calls.

    Args:
        seats: one entry per seat, in seat order: a name (a person at this screen) or an AI
            player (or a function ``f(view, rng) -> Move``).  Default: ``["You",
            ExpertPlayer()]``, or one person per seat of an adopted ``game``.
        seed: deals the cards (same seed, same deal) and seeds each AI seat
            (``random.Random(f"{seed}:{seat}")``).
        rules: rule options; game: adopt this game instead of dealing one.
        ai_delay: seconds an AI waits before it moves (0: at once, inside the event that gave
            it the turn).
        flash: seconds collected cards stay lit before they leave the table.
        width, height: the canvas size in pixels (what :attr:`geometry` lays out).
        hint_player: whose ``analyze`` gives hints and the heat map.
        scheduler: runs timed jobs (see :mod:`~dweebies_widget.widget.timing`).
        on_change: called after every change with what must be shown again.
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
        scheduler: Scheduler,
        on_change: Callable[[Change], object] | None = None,
    ) -> None:
        if seats is None:
            seats = [f"Player {i + 1}" for i in range(game.players)] if game else ["You"]
            if game is None:
                seats = [*seats, ExpertPlayer()]
        if game is not None and rules is not None and rules != game.rules:
            raise ValueError("give rules= or game=, not both: the game brings its own rules")
        if game is not None and len(seats) != game.players:
            raise ValueError(f"the game has {game.players} seats but {len(seats)} were given")
        self.seats = Seats.of(seats)
        """Who sits where: per seat its AI player (or ``None``) and its label."""
        if ai_delay < 0 or flash < 0:
            raise ValueError("ai_delay and flash are seconds, 0 or more")
        self.ai_delay = ai_delay
        self.flash = flash
        self.hint_player: Player = hint_player or ExpertPlayer(simulations=300, name="Expert")
        self.on_change: Callable[[Change], object] = on_change or (lambda _change: None)
        """Told after every change what must be shown again (set by the screen's glue)."""
        self._schedule = scheduler
        self._seed = seed
        self._dealt = game is None  # False while showing an adopted game (its seed unknown)
        self._rules = rules if rules is not None else (game.rules if game else Rules())
        self._game = game if game is not None else Game(len(seats), seed=seed, rules=self._rules)
        self._rngs = ai_rngs(seed, len(seats))
        self._size = (width, height)
        self._zoom = 1.0
        self._heat = False
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
        self._cancel_job: Cancel = lambda: None
        self._viewer = self._first_human()
        self._scene, self._geometry = self._picture()
        self._advance()

    # ------------------------------------------------------------------ what is shown
    @property
    def scene(self) -> Scene:
        """The last picture, as plain data (what :func:`~.paint.paint` draws)."""
        return self._scene

    @property
    def geometry(self) -> Geometry:
        """Where things are in the last picture, in canvas pixels."""
        return self._geometry

    @property
    def size(self) -> tuple[int, int]:
        """The canvas size in pixels (width, height)."""
        return self._size

    def status_lines(self) -> list[str]:
        """The status line: what to do now (or who won) first, then what else to know, then
        the last message."""
        picked = self._hand()[self._selected] if self._selected is not None else None
        return words.status_lines(
            self._game, self.labels, self.players, viewer=self._viewer,
            handover=self._handover, thinking=self._thinking, picked=picked,
            message=self._message,
        )  # fmt: skip

    def status_text(self) -> str:
        """The status line as plain text."""
        return "\n".join(self.status_lines())

    def log_entries(self) -> list[str]:
        """The move log, oldest first: every action of the game in words, and the result
        once the game is over."""
        return words.log_entries(self._game, self.labels)

    def controls(self) -> Controls:
        """Which buttons can be used now."""
        game = self._game
        mine = self._human_turn() is not None and self._handover is None
        viewer = self._viewer
        return Controls(
            hint=mine,
            heat=mine,
            undo=bool(game.history),
            draw=viewer is not None and game.may_draw(viewer),
            step=not game.is_over and self.players[game.current_player] is not None,
            playing=self._playing,
        )

    # ------------------------------------------------------------------ state
    @property
    def players(self) -> tuple[Player | None, ...]:
        """Per seat: its AI player, or ``None`` for a person at this screen."""
        return self.seats.players

    @property
    def labels(self) -> tuple[str, ...]:
        """Per seat: the name shown (numbered when two seats share one)."""
        return self.seats.labels

    @property
    def game(self) -> Game:
        """The game on the table; assigning one (same number of seats) shows it instead."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if game.players != len(self.players):
            raise ValueError(f"this widget has {len(self.players)} seats, the game {game.players}")
        self._game = game
        self._dealt = False
        if self._viewer is None:
            self._viewer = self._first_human()
        self.refresh()

    @property
    def seed(self) -> int | None:
        """The seed that dealt the game shown, or ``None`` for an adopted game."""
        return self._seed if self._dealt else None

    @property
    def rules(self) -> Rules:
        """The rules every new game is dealt with."""
        return self._rules

    @property
    def selected(self) -> int | None:
        """Index of the picked card in the shown hand, or ``None``."""
        return self._selected

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown (a person at this screen), or ``None``."""
        return self._viewer

    @property
    def handover(self) -> int | None:
        """The seat the screen is being passed to (its hand stays covered), or ``None``."""
        return self._handover

    @property
    def thinking(self) -> bool:
        """Whether an AI move is waiting to be played (during ``ai_delay``)."""
        return self._thinking is not None

    @property
    def playing(self) -> bool:
        """Whether AI seats play on by themselves (Play is on)."""
        return self._playing

    @property
    def heat(self) -> bool:
        """Whether the lit cells are shaded by the hint player's values."""
        return self._heat

    @property
    def zoom_level(self) -> float:
        """The current zoom (1 = the whole table fits)."""
        return self._zoom

    @property
    def message(self) -> str:
        """The last message shown (a refused click's reason, a hint...), or ``""``."""
        return self._message

    # ------------------------------------------------------------------ pointer and keys
    def click(self, x: float, y: float) -> None:
        """A click (mouse button down) at canvas pixel ``(x, y)``."""
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
            self._changed(Change.TEXT)

    def pointer_move(self, x: float, y: float) -> None:
        """The pointer moved to canvas pixel ``(x, y)``: preview the hovered cell."""
        self._hover_over(self._geometry.cell_at(x, y))

    def pointer_leave(self) -> None:
        """The pointer left the canvas."""
        self._hover_over(None)

    def wheel(self, dx: float, dy: float) -> None:
        """A wheel turn: zoom in (``dy < 0``) or out (``dy > 0``)."""
        if dy:
            self.zoom(1 / ZOOM_STEP if dy > 0 else ZOOM_STEP)

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """A key press (``key`` as the browser names it: ``"ArrowUp"``, ``"Enter"``, ``"3"``).

        Digits 1-9 pick a hand card, arrows move the cursor, Enter or space place on it,
        Escape drops the pick, ``+``/``-``/``0`` zoom; with Ctrl or Meta the key is the
        browser's.
        """
        if ctrl or meta:
            return
        if self._handover is not None:
            self._reveal()
        elif key in _ARROWS:
            dr, dc = _ARROWS[key]
            r, c = self._cursor or self._start_cursor()
            self._cursor = (r + dr, c + dc)
            self._hover = self._cursor
            self._draw()
        elif len(key) == 1 and key in "123456789":
            self._pick(int(key) - 1)
        elif key in ("Enter", " "):
            if self._cursor is None:
                self._message = "Move the cursor with the arrow keys first."
                self._changed(Change.TEXT)
            else:
                self._place(self._cursor)
        elif key == "Escape":
            self.select(None)
        elif key in ("+", "="):
            self.zoom(ZOOM_STEP)
        elif key == "-":
            self.zoom(1 / ZOOM_STEP)
        elif key == "0":
            self.zoom(None)

    # ------------------------------------------------------------------ actions
    def select(self, index: int | None) -> None:
        """Pick the hand card at ``index`` (``None`` drops the pick), as a click on it does."""
        if index is None:
            self._selected = None
            self._draw()
        else:
            self._pick(index)

    def place(self, cell: Cell) -> Placement | None:
        """Place the picked card on ``cell``, as a click on it does; returns the placement,
        or ``None`` when the click was refused (:attr:`message` says why)."""
        return self._place(cell)

    def refresh(self) -> None:
        """Show the game again (after code changed it) and let AI seats go on."""
        self._stop_job()
        self._selected = None  # the hand may have changed under the pick
        self._hint = None
        self._analysis = None
        self._handover = None  # _advance hands over again if the shown hand is not the mover's
        self._message = ""
        self._advance()

    def redraw(self) -> None:
        """Build the picture again and show it (a new view of the canvas needs one)."""
        self._draw()

    def resize(self, width: int, height: int) -> None:
        """The canvas is now ``width`` x ``height`` pixels: fit the table again."""
        self._size = (width, height)
        self._draw()

    def new_game(self, seed: int) -> None:
        """Deal a new game with the same seats and rules from ``seed``."""
        self._stop_job()
        self._seed = seed
        self._game = Game(len(self.players), seed=seed, rules=self._rules)
        self._dealt = True
        self._rngs = ai_rngs(seed, len(self.players))
        self._reset_view()
        self._message = f"New game, seed {seed}."
        self._advance()

    def undo(self) -> None:
        """Take back moves up to the last placement of a person at this screen (in an
        AI-only game: the last placement)."""
        self._stop_job()
        self._playing = False
        history = self._game.history
        humans = self.seats.humans
        targets = [
            i
            for i, a in enumerate(history)
            if isinstance(a, Placement) and (not humans or a.seat in humans)
        ]
        if not targets:
            self._message = "Nothing to undo yet."
            self._draw()
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
        seat = self._human_to_play()
        if seat is None:
            self._draw()
            return None
        values = self._analyze(seat)
        move = max(sorted(values), key=lambda m: values[m])
        self._hint = (move, values[move])
        self._selected = self._hand().index(move.dweebie)
        self._message = (
            f"Hint: {self.hint_player.name} would place {NAMES[move.dweebie]} at "
            f"{move.cell} ({words.value_text(values[move])})."
        )
        self._draw()
        return move

    def show_heat(self, on: bool) -> None:
        """Shade the lit cells by the hint player's values (the heat map), or stop."""
        self._heat = on
        self._draw()

    def draw_owed(self) -> None:
        """Take one owed draw for the seat at this screen (``Rules(auto_draw=False)``)."""
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
        self._draw()

    def step(self) -> None:
        """Let the AI whose turn it is make one move (for AI-only games)."""
        seat = self._game.current_player
        if self._game.is_over or self.players[seat] is None or self._thinking is not None:
            self._message = "No AI is waiting to move."
            self._draw()
            return
        self._ai_move()

    def play(self, on: bool = True) -> None:
        """Let AI seats play on by themselves (``on=False`` pauses an AI-only game)."""
        self._playing = on
        if not on:
            self._stop_job()
        self._advance()

    def zoom(self, factor: float | None) -> None:
        """Zoom the table by ``factor`` (``None``: fit the whole table again)."""
        self._zoom = 1.0 if factor is None else self._zoom * factor
        self._zoom = min(max(self._zoom, MIN_ZOOM), MAX_ZOOM)
        self._draw()

    def fail(self, error: BaseException) -> None:
        """Show that handling an event failed unexpectedly (the glue catches, this says)."""
        self._message = f"Something went wrong: {error!r}"
        self._changed(Change.TEXT)

    # ------------------------------------------------------------------ turn flow
    def _human_to_play(self) -> int | None:
        refusal = words.refusal(
            self._game, self.labels, self.players, viewer=self._viewer,
            handover=self._handover, thinking=self._thinking,
        )  # fmt: skip
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
        self._draw()

    def _place(self, cell: Cell) -> Placement | None:
        seat = self._human_to_play()
        if seat is None:
            self._changed(Change.TEXT)
            return None
        if self._selected is None:
            self._message = "Pick a card from your hand first (click it, or press its number)."
            self._changed(Change.TEXT)
            return None
        dweebie = self._hand()[self._selected]
        try:
            placement = self._game.play(dweebie, cell)
        except IllegalMoveError as error:
            self._message = str(error)
            self._changed(Change.TEXT)
            return None
        self._message = ""
        self._after_move(placement)
        return placement

    def _hover_over(self, cell: Cell | None) -> None:
        if cell != self._hover:
            self._hover = cell
            if self._preview() is not None or self._scene.preview is not None:
                self._draw()

    def _ai_move(self) -> None:
        self._thinking = None
        self._job = None
        game = self._game
        seat = game.current_player
        player = self.players[seat]
        if game.is_over or player is None:
            self._advance()
            return
        placement, problem = ai_play(game, player, self._rngs[seat])
        if problem is not None:
            self._message = f"{self.labels[seat]} {problem} A random legal move was played instead."
        self._after_move(placement)

    def _after_move(self, placement: Placement) -> None:
        self._selected = None
        self._hint = None
        self._cursor = None
        self._flash = placement.taken if self.flash > 0 else ()
        self._advance()

    def _advance(self) -> None:
        """Decide what happens next (a hand-over, an AI move, nothing) and show it."""
        game = self._game
        if game.is_over:
            self._playing = False
            self._draw()
            self._end_flash_later()
            return
        seat = game.current_player
        player = self.players[seat]
        if player is None:
            if self._viewer is not None and self._viewer != seat:
                self._handover = seat
                self._selected = None
            self._viewer = seat if self._handover is None else self._viewer
            self._draw()
            self._end_flash_later()
        elif self._viewer is None and not self._playing:
            self._draw()  # an AI-only game waits for Step or Play
            self._end_flash_later()
        elif self.ai_delay == 0 and not self._playing:
            self._draw()
            self._ai_move()
        else:
            self._thinking = seat
            self._draw()
            delay = max(self.ai_delay, self.flash if self._flash else 0.0)
            self._later(delay, self._ai_move)

    def _end_flash_later(self) -> None:
        if self._flash:
            self._later(self.flash, self._end_flash)

    def _end_flash(self) -> None:
        self._job = None
        self._flash = ()
        self._draw()

    def _reveal(self) -> None:
        self._viewer, self._handover = self._handover, None
        self._message = ""
        self._draw()

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
    def _later(self, delay: float, job: Job) -> None:
        """Have ``job`` run after ``delay`` seconds; a later call or :meth:`_stop_job`
        cancels it (and a job that runs anyway after being cancelled does nothing)."""
        self._cancel_job()
        token = object()
        self._job = token

        def run() -> None:
            if self._job is token:
                job()

        self._cancel_job = self._schedule(delay, run)

    def _stop_job(self) -> None:
        self._cancel_job()
        self._job = None
        self._thinking = None
        self._flash = ()

    # ------------------------------------------------------------------ helpers
    def _first_human(self) -> int | None:
        return self.seats.first_human(self._game.current_player)

    def _hand(self) -> tuple[int, ...]:
        return self._game.hand(self._viewer) if self._viewer is not None else ()

    def _start_cursor(self) -> Cell:
        last = self._game.last_move
        if last is not None:
            return last.cell
        legal = sorted(self._game.legal_cells())
        return legal[0] if legal else (0, 0)

    def _analyze(self, seat: int) -> dict[Move, float]:
        """The hint player's values for ``seat``'s moves, computed once per position."""
        game = self._game
        key = (id(game), seat, game.history, game.hand(seat))  # this very position
        if self._analysis is None or self._analysis[0] != key:
            self._analysis = (key, self.hint_player.analyze(game.view(seat)))  # type: ignore[attr-defined]
        return self._analysis[1]

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

    # ------------------------------------------------------------------ the picture
    def _changed(self, change: Change) -> None:
        self.on_change(change)

    def _draw(self) -> None:
        self._scene, self._geometry = self._picture()
        self._changed(Change.PICTURE)

    def _picture(self) -> tuple[Scene, Geometry]:
        scene = self._build_scene()
        cells = set(scene.board) | set(self._game.legal_cells()) | {c for c, _ in scene.flash}
        focus = self._cursor or scene.last
        width, height = self._size
        geometry = Geometry.fit(width, height, cells, len(scene.hand), self._zoom, focus)
        return scene, geometry

    def _build_scene(self) -> Scene:
        game = self._game
        over = game.is_over
        hand = self._hand()
        mine = self._human_turn() is not None and self._handover is None
        lit = frozenset(game.legal_cells()) if mine and self._selected is not None else frozenset()
        heat: dict[Cell, float] = {}
        if lit and self._heat and self._selected is not None:
            heat = _heat(self._analyze(game.current_player), hand[self._selected])
        hint = None
        if self._hint is not None and self._hint[0].dweebie in hand and mine:
            hint = (hand.index(self._hint[0].dweebie), self._hint[0].cell)
        last = game.last_move
        curtain = None
        owner = self._viewer
        if self._handover is not None:
            curtain = words.curtain(self.labels[self._handover])
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
