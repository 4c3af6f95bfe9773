"""The widget without a screen: one game on one screen, driven by plain method calls.

One job: the turn flow of a screen.  A :class:`Session` holds the game, the seats (people
at this screen or AI players), the picked card, the hot-seat hand-over, the flash of a
collection, the AI that is "thinking", the hint and its analysis cache, the last message and
what a screen reader should say, and exactly one *mode* (:mod:`~.modes`): local play, a
remote classroom seat, looking back over a game (:mod:`~.lookback`), a puzzle
(:mod:`~.puzzle`) or the guided first game (:mod:`~.tutorial`).  The mode says who may act,
what a placement means, what happens after a move, and what it adds to the picture and the
words; the :class:`~.table.Table` turns the pointer, fingers and keys into intents.  What a
session shows is plain data: a :class:`~dweebies_widget.widget.paint.Scene` laid out by a
:class:`~dweebies_widget.widget.geometry.Geometry`, the status lines, the move log, which
buttons can be used (:class:`Controls`), a text description of the board
(:meth:`Session.describe`) and an announcement (:attr:`Session.announcement`).

It decides no rule of Dweebies: whether a card may go somewhere, what a placement collects,
who plays next and when the game ends are the game's answers (``game.play``,
``game.legal_cells``, ``game.would_collect``...), and a refused move is told from the
game's own error (its ``reason``, in the lessons' words, with the rule section as a detail).

No widget library is imported: all that decides is tested synchronously.  Events are plain
method calls (:meth:`Session.click` at a pixel, :meth:`~Session.key`...); after each change
``on_change`` gets a :class:`Change`: the picture or only the text to show again.

Events and :attr:`Session.geometry` are in canvas pixels (``pixel_ratio`` per CSS pixel).
The session never sleeps nor starts a thread: an AI's pause, the end of a flash... are jobs
for the ``scheduler`` (:mod:`~.timing`); the widget holds a lock around each event and job.

>>> from dweebies_widget.ai import GreedyPlayer
>>> from dweebies_widget.widget.timing import ManualClock
>>> clock = ManualClock()
>>> s = Session(["Ana", GreedyPlayer()], seed=7, ai_delay=0.6, flash=0, scheduler=clock)
>>> s.status_lines()[0]
'Ana to play: pick a card from your hand.'
>>> s.select(0)
>>> s.place((0, 0)).seat, s.thinking, s.status_lines()[0]
(0, True, 'Greedy is thinking…')
>>> clock.advance(0.6), s.thinking, len(s.game.history)
(1, False, 2)
>>> s.announcement.startswith("Greedy placed")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..ai import ExpertPlayer, Player
from ..game import Game, Move, Placement, Rules
from ..grid import Cell
from . import forward, words
from .announce import PULSE, Change, Voice, event
from .geometry import Geometry
from .hand_order import HandOrder
from .hints import Hints
from .lookback import Looking
from .modes import NO_HINTS, LocalPlay, Mode, RemoteSeat
from .motion import Motion
from .remote import Source
from .replay import Reviewer
from .scene import Scene
from .scenes import Controls, play_controls, play_scene, play_status, play_words
from .seats import Seat, Seats, ai_rngs
from .table import ZOOM_STEP, Table
from .timing import Scheduler
from .turn import Turn

if TYPE_CHECKING:
    from .overlay import Overlay

__all__ = ["NO_HINTS", "PULSE", "ZOOM_STEP", "Change", "Controls", "Session"]


def _table(name: str) -> Any:
    """An input event of the table, as a session event."""
    return forward.method("table", name, Table, hold=Voice.event)


def _looking(name: str) -> Any:
    """An action of looking back, as a session event."""
    return forward.method("looking", name, Looking, hold=Voice.event)


class Session(Voice):
    """The turn flow of one game on one screen, driven by plain method calls.

    Args:
        seats: one entry per seat, in seat order: a name (a person at this screen) or an AI
            player (or a function ``f(view, rng) -> Move``).  Default: ``["You",
            ExpertPlayer()]``, or one person per seat of an adopted ``game``.
        seed: deals the cards (same seed, same deal) and seeds each AI seat
            (``random.Random(f"{seed}:{seat}")``).
        rules: rule options; game: adopt this game instead of dealing one.
        ai_delay: seconds an AI waits before it moves (0: at once, in the event that gave it).
        flash: seconds collected cards stay lit before they leave the table.
        width, height: the canvas size in canvas pixels (what :attr:`geometry` lays out);
            by default 900 x 720 CSS pixels' worth (1800 x 1440 at ``pixel_ratio`` 2).
        hint_player: whose ``analyze`` gives hints and the heat map.
        scheduler: runs timed jobs (see :mod:`~dweebies_widget.widget.timing`).
        on_change: called after every change with what must be shown again.
        pixel_ratio: canvas pixels per CSS pixel (the backing store's scale to its shown size).
        review: a teacher's screen: Review, and "What do they hold?", at any time (else
            once the game is over, or with nobody at this screen).
        review_analyst: the Expert that judges every move of a review (default
            ``ExpertPlayer(simulations=300)``: rounds, so a review is the same anywhere).
        reviewer: runs a review (see :data:`~.replay.Reviewer`; default: at once, here).
        source: where this screen's seat's moves are made (a classroom seat: RemoteSeat).
        mode: the screen's mode (default :class:`~.modes.LocalPlay`, or ``RemoteSeat``
            with a ``source``).
        presentation: everything on the canvas 1.5 times as big, for a projector (see
            :attr:`~.table.Table.presentation`).
        animate: a move is played in the page (:mod:`~.motion`; reduced motion turns it off).
        sound: a short sound for a collection and the end of the game (off: classrooms).
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
        width: int | None = None,
        height: int | None = None,
        hint_player: Player | None = None,
        scheduler: Scheduler,
        on_change: Callable[[Change], object] | None = None,
        pixel_ratio: float = 2,
        review: bool = False,
        review_analyst: ExpertPlayer | None = None,
        reviewer: Reviewer | None = None,
        source: Source | None = None,
        mode: Mode | None = None,
        presentation: bool = False,
        animate: bool = True,
        sound: bool = False,
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
        if not pixel_ratio > 0:
            raise ValueError(f"pixel_ratio must be positive, not {pixel_ratio!r}")
        self.ai_delay = ai_delay
        self.flash = flash
        self.animate, self.sound = animate, sound
        self.motion: Motion | None = None  # the last move made, to be played in the page
        self.motion_id = 0  # one more with each move made (here, by an AI, or elsewhere)
        self.hint_player: Player = hint_player or ExpertPlayer(simulations=300, name="Expert")
        super().__init__(scheduler, on_change)
        self.play_mode: Mode = mode or (RemoteSeat(source) if source else LocalPlay())
        """The mode the screen plays in (the one it returns to after looking back)."""
        self.mode: Mode = self.play_mode
        """The mode now: :attr:`play_mode`, or a :class:`~.lookback.LookBack`."""
        self.table = Table(self, presentation)
        """The pointer, fingers, keys and view of the picture."""
        self.hand_order = HandOrder()
        """The order each hand is shown in: a drawn card goes to the end (see :meth:`hand`)."""
        self.hints = Hints(self)
        """The hint player's advice: Hint and the heat map (see :mod:`~.hints`)."""
        self.looking = Looking(self, review, review_analyst, reviewer)
        """Review and replay (see :mod:`~.lookback`)."""
        self._seed = seed
        self._dealt = game is None  # False while showing an adopted game (its seed unknown)
        self._rules = rules if rules is not None else (game.rules if game else Rules())
        self._game = game if game is not None else Game(len(seats), seed=seed, rules=self._rules)
        self._rngs = ai_rngs(seed, len(seats))
        self._size = (
            round(900 * pixel_ratio) if width is None else width,
            round(720 * pixel_ratio) if height is None else height,
        )
        self._ratio = float(pixel_ratio)
        self._labels = True
        self.flashing: tuple[tuple[Cell, int], ...] = ()
        """Cards just collected, lit where they lay until the flash ends."""
        self.turn_state = Turn(viewer=self._first_human())
        """Where the screen is in the turn (one value: see :mod:`~.turn`)."""
        self._scene, self._geometry = self._picture()
        with self.event():
            self.mode.advance(self)

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
        """The canvas size in canvas pixels (width, height)."""
        return self._size

    @property
    def pixel_ratio(self) -> float:
        """Canvas pixels per CSS pixel; setting it draws the picture again at that scale."""
        return self._ratio

    @pixel_ratio.setter
    def pixel_ratio(self, ratio: float) -> None:
        if not ratio > 0:
            raise ValueError(f"pixel_ratio must be positive, not {ratio!r}")
        self._ratio = float(ratio)
        self.redraw()

    def status_lines(self) -> list[str]:
        """The status lines, at most the mode's :attr:`~.modes.Mode.budget` of them (the
        screen shows exactly that many lines' room): what to do now (or who won) first, then
        the newest news first (the last message and its :attr:`detail`, which may be shown
        quieter, then what the other seats did, see :func:`~.scenes.play_status`)."""
        lines = self.mode.status(self, self.play_status())
        news = [t for t in (self.message, self.detail) if t]
        tail = len(news) if news and lines[-len(news) :] == news else 0  # kept when last
        return words.fit_lines(lines, self.mode.budget, tail=tail)

    def play_status(self) -> list[str]:
        """The status lines of play (what a mode's :meth:`~.modes.Mode.status` starts from)."""
        return play_status(self)

    def status_text(self) -> str:
        """The status line as plain text."""
        return "\n".join(self.status_lines())

    def log_entries(self) -> list[str]:
        """The move log, **newest first**: the result once the game is over, then every
        action of the game in words, numbered from the first."""
        return words.log_entries(self._game, self.labels, self.play_mode.again)

    def controls(self) -> Controls:
        """Which buttons can be used now."""
        return play_controls(self)

    def overlay(self) -> Overlay | None:
        """What the mode writes over the picture (a puzzle's marks, a callout), or ``None``."""
        return self.mode.overlay(self)

    def describe(self) -> str:
        """The board in words, for a screen reader: what to do now, the scores, what the
        last move did, the table row by row, the hand shown, and where the picked card may
        go (with what each lit cell collects).  It follows the game: ask again after every
        change (looking back: the position shown, and the moves marked on it)."""
        return self.mode.describe(self)

    def describe_play(self) -> str:
        """The board in words as play describes it (what a mode's ``describe`` builds on)."""
        return play_words(self)

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
    def labels_shown(self) -> bool:
        """Whether the lit cells show their coordinates (see :meth:`show_labels`)."""
        return self._labels

    @property
    def game(self) -> Game:
        """The game on the table; assigning one (same number of seats) shows it instead."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self.check_seats(game)
        self.looking.leave()
        self._game = game
        self._dealt = False
        self.hand_order.forget()
        if self.viewer is None:
            self.turn_state = self.turn_state.but(viewer=self._first_human())
        self.refresh()

    def put(self, game: Game, *, adopted: bool = False) -> None:
        """Make ``game`` the game on the table, nothing else (for modes: a puzzle set back to
        its start, a game to replay); ``adopted``: its seed is unknown."""
        self._game = game
        self._dealt = self._dealt and not adopted

    def play_on(self, game: Game) -> None:
        """Play on with ``game`` on the table: the AI seats' random streams start again,
        Play is off, the view is reset (the caller says what happens next)."""
        self._game = game
        self.hand_order.forget()
        self._rngs = ai_rngs(self._seed, len(self.players))
        self.turn_state = self.turn_state.but(playing=False)
        self.reset_view()

    @property
    def source(self) -> Source | None:
        """A :class:`~.modes.RemoteSeat`'s source (its table elsewhere), else ``None``."""
        return self.play_mode.source if isinstance(self.play_mode, RemoteSeat) else None

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
        """Index of the picked card in the shown hand, or ``None``; setting it picks."""
        return self.turn_state.picked

    @selected.setter
    def selected(self, index: int | None) -> None:
        self.turn_state = self.turn_state.but(picked=index)

    @property
    def thinking_seat(self) -> int | None:
        """The AI seat whose move waits (during ``ai_delay``), or ``None``."""
        return self.turn_state.thinking

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown (a person at this screen), or ``None``."""
        return self.turn_state.viewer

    @property
    def handover(self) -> int | None:
        """The seat the screen is being passed to (its hand stays covered), or ``None``."""
        return self.turn_state.handover

    @property
    def thinking(self) -> bool:
        """Whether an AI move is waiting to be played (during ``ai_delay``)."""
        return self.turn_state.thinking is not None

    @property
    def playing(self) -> bool:
        """Whether AI seats play on by themselves (Play is on)."""
        return self.turn_state.playing

    heat = forward.value("hints", "on", Hints)
    show_heat = forward.method("hints", "show_heat", Hints, hold=Voice.event)

    @property
    def zoom_level(self) -> float:
        """The current zoom (1 = fitted: the whole table, or as much as fits with cells a
        finger can hit)."""
        return self.table.zoom

    @property
    def cursor(self) -> Cell | None:
        """The keyboard cursor's cell, or ``None`` until the table gets the keyboard's focus
        (or an arrow key is pressed)."""
        return self.table.cursor

    @property
    def verb(self) -> str:
        """``"click"`` or ``"tap"``, as the person last pointed."""
        return self.table.verb

    # ------------------------------------------------------------------ mouse, touch, keys
    click = _table("click")
    release = _table("release")
    pointer_move = _table("pointer_move")
    pointer_leave = _table("pointer_leave")
    wheel = _table("wheel")
    touch_start = _table("touch_start")
    touch_move = _table("touch_move")
    touch_end = _table("touch_end")
    touch_cancel = _table("touch_cancel")

    key = _table("key")
    focus = _table("focus")
    presentation = forward.value("table", "presentation", Table, settable=True, hold=Voice.event)

    # ------------------------------------------------------------------ looking back
    teacher = forward.value("looking", "teacher", Looking)
    review_analyst = forward.value("looking", "analyst", Looking)
    holds_on = forward.value("looking", "holds_on", Looking, settable=True)
    replay = forward.value("looking", "replay", Looking)
    open_review = _looking("open_review")
    open_replay = _looking("open_replay")
    analyse = _looking("analyse")
    close_review = _looking("close_review")
    go_to = _looking("go_to")
    go_by = _looking("go_by")
    play_from_here = _looking("play_from_here")
    show_holds = _looking("show_holds")

    # ------------------------------------------------------------------ actions
    @event
    def select(self, index: int | None) -> None:
        """Pick the hand card at ``index`` (``None`` drops the pick), as a click on it does."""
        if index is None:
            dropped = self.selected is not None
            self.selected = None
            self.table.disarm()
            self.redraw()
            if dropped:
                self.say(self.status_lines()[0])
        else:
            self.pick(index)

    @event
    def place(self, cell: Cell) -> Placement | None:
        """Place the picked card on ``cell``, as a click on it does; returns the placement,
        or ``None`` when the click was refused (:attr:`message` says why)."""
        return self.mode.place(self, cell)

    @event
    def refresh(self) -> None:
        """Show the game again (after code changed it) and let AI seats go on."""
        self.stop_job()
        self.selected = None  # the hand may have changed under the pick
        self.hints.forget()
        self.turn_state = self.turn_state.but(handover=None)  # advance hands over again if need be
        self.table.disarm()
        self.tell("")
        self.mode.advance(self)

    def redraw(self) -> None:
        """Build the picture again and show it (a new view of the canvas needs one)."""
        self._scene, self._geometry = self._picture()
        self.changed(Change.PICTURE)

    def stop_job(self) -> None:
        """Cancel the timed job (an AI's move, the end of a flash) and its state."""
        self.cancel_later()
        self.turn_state = self.turn_state.but(thinking=None)
        self.flashing = ()

    @event
    def follow(self, game: Game) -> None:
        """Show ``game``: the same game, moved on elsewhere (by the other seats of a remote
        table, see :mod:`~.remote`).  Its new moves are said, and the last one is lit as if
        it had been made here."""
        seen = self._game.history
        self._game = game
        allowed = self.play_mode.hints
        self.hints.forget(hint=not allowed, heat=not allowed)
        now = game.history
        new = now[len(seen) :] if now[: len(seen)] == seen else now[-1:]
        placements = [a for a in new if isinstance(a, Placement)]
        for placement in placements[:-1]:
            self.say(words.move_text(placement, self.labels) + ".")
        if placements:
            self.mode.after_move(self, placements[-1])
        else:
            self.mode.advance(self)

    @event
    def resize(self, width: int, height: int) -> None:
        """The canvas is now ``width`` x ``height`` canvas pixels: fit the table again."""
        self._size = (width, height)
        self.redraw()

    @event
    def new_game(self, seed: int) -> None:
        """Deal a new game with the same seats and rules from ``seed``."""
        self.mode.new_game(self, seed)

    @event
    def undo(self) -> None:
        """Take back moves up to the last placement of a person at this screen (in an
        AI-only game: the last placement); the message names every move taken back."""
        self.mode.undo(self)

    @event
    def hint(self) -> Move | None:
        """Ask for a hint for the seat at this screen (in play: the hint player's best
        move, its card picked and its cell marked).  Returns the move (``None`` when it is
        not your turn)."""
        return self.mode.hint(self)

    @event
    def show_labels(self, on: bool) -> None:
        """Show the coordinates on the lit cells, or hide them."""
        self._labels = on
        self.redraw()
        self.say("Coordinates shown on the lit cells." if on else "Coordinates hidden.")

    @event
    def draw_owed(self) -> None:
        """Take one owed draw for the seat at this screen (``Rules(auto_draw=False)``)."""
        self.mode.draw_owed(self)

    @event
    def step(self) -> None:
        """Let the AI whose turn it is make one move (for AI-only games)."""
        self.mode.step(self)

    @event
    def play(self, on: bool = True) -> None:
        """Let AI seats play on by themselves (``on=False`` pauses an AI-only game)."""
        self.mode.play(self, on)

    @event
    def zoom(self, factor: float | None) -> None:
        """Zoom the table by ``factor`` (``None``: fit again).  Never below the fitted
        view (zoom 1), at most :data:`~.geometry.MAX_ZOOM`."""
        if factor is None:
            self.table.fit()
        else:
            self.table.zoom_to(self.table.zoom * factor, None)

    @event
    def fail(self, error: BaseException) -> None:
        """Show that handling an event failed unexpectedly (the glue catches, this says)."""
        self.tell(f"Something went wrong: {error!r}")
        self.changed_text()

    # ------------------------------------------------------------------ turn flow (for modes)
    def who_may_act(self) -> int | None:
        """The seat of the person at this screen if they may pick or place now; else
        ``None``, and the status line says why."""
        refusal = self.mode.refusal(self)
        if refusal is not None:
            self.tell(refusal)
            return None
        return self._game.current_player

    def pick(self, index: int) -> None:
        """Pick the hand card at ``index`` (again: drop it), if the mode and turn allow."""
        if self.mode.pick(self, index):
            return
        seat = self.who_may_act()
        hand = self.hand()
        if seat is None:
            pass
        elif not 0 <= index < len(hand):
            self.tell(f"There is no card {index + 1} in your hand ({len(hand)} cards).")
        elif index == self.selected:
            self.selected = None
            self.tell("")
            self.table.disarm()
        else:
            self.selected = index
            self.tell("")
            self.table.disarm()
            self.stop_pulse()
            self.hints.keep_if(hand[index])
        self.redraw()
        if seat is not None and 0 <= index < len(hand):
            self.say(self.status_lines()[0])

    def refuse_pick(self) -> None:
        """A cell was chosen with no card picked: say so, and point at the hand."""
        if self.verb == "tap":
            self.tell("Pick a card from your hand first: tap it.")
        else:
            self.tell("Pick a card from your hand first (click it, or press its number).")
        self.pulse_on(None, "hand")

    def forget_pick(self) -> None:
        """After a move: no card picked, no hint, no cursor, the view follows the play."""
        self.selected = None
        self.hints.suggested = None
        self.table.cursor = self.table.armed = None
        self.table.centre = None
        self.stop_pulse()

    def ai_now(self) -> None:
        """The AI seat to play moves now (its delay is over, or Step was pressed)."""
        self.turn_state = self.turn_state.but(thinking=None)
        self.cancel_later()
        self.mode.ai_move(self)

    def deal(self, seed: int) -> None:
        """Deal a new game from ``seed`` (same seats and rules); nothing is shown yet."""
        self.stop_job()
        self._seed = seed
        self._game = Game(len(self.players), seed=seed, rules=self._rules)
        self.hand_order.forget()
        self._dealt = True
        self._rngs = ai_rngs(seed, len(self.players))
        self.reset_view()

    def rng(self, seat: int) -> random.Random:
        """The random stream of an AI seat (seeded from the game's seed)."""
        return self._rngs[seat]

    def start_flash(self, placement: Placement) -> None:
        """Light the cards ``placement`` took where they lay (for :attr:`flash` seconds)."""
        self.flashing = placement.taken if self.flash > 0 else ()

    def end_flash_later(self) -> None:
        """End the flash after :attr:`flash` seconds (if cards are lit)."""
        if self.flashing:
            self.later(self.flash, self.end_flash)

    def end_flash(self) -> None:
        """The flashed cards leave the table."""
        self.cancel_later()
        self.flashing = ()
        self.redraw()

    def reveal(self) -> None:
        """The hot-seat curtain is lifted: the next person's hand is shown."""
        self.turn_state = self.turn_state.but(viewer=self.handover, handover=None)
        self.tell("")
        self.redraw()
        self.say(self.status_lines()[0])

    def reset_view(self) -> None:
        """Forget the pointing, the flash, the hand-over, the AI waiting and the analysis
        (the game on the table changed)."""
        self.reset_pointing()
        self.flashing = ()
        self.turn_state = self.turn_state.but(handover=None, thinking=None)
        self.hints.forget(hint=False)
        self.stop_pulse()
        viewer = self.viewer
        if viewer is None or self.players[viewer] is not None:
            self.turn_state = self.turn_state.but(viewer=self._first_human(), picked=None)

    def reset_pointing(self) -> None:
        """Forget the pick, the hint, the cursor and the view (the table shown changes)."""
        self.selected = None
        self.hints.suggested = None
        self.table.reset()
        self.stop_pulse()

    def me(self) -> int | None:
        """The seat of the one person at this screen, or ``None`` (no one, or several)."""
        humans = self.seats.humans
        return next(iter(humans)) if len(humans) == 1 else None

    # ------------------------------------------------------------------ helpers
    def check_seats(self, game: Game) -> None:
        """Refuse ``game`` unless it has as many seats as this screen."""
        if game.players != len(self.players):
            raise ValueError(f"this widget has {len(self.players)} seats, the game {game.players}")

    def _first_human(self) -> int | None:
        return self.seats.first_human(self._game.current_player)

    def hand(self) -> tuple[int, ...]:
        """The hand shown (the viewer's), or ``()``: in the screen's order, where the cards
        still held keep their places and a drawn card goes to the end (:attr:`hand_order`).
        Number keys, clicks, hints and the words for a screen reader all use this order."""
        return () if self.viewer is None else self.hand_order.of(self._game, self.viewer)

    def picked_dweebie(self) -> int | None:
        """The Dweebie of the picked card, or ``None``."""
        return self.hand()[self.selected] if self.selected is not None else None

    def preview(self) -> tuple[Cell, int, frozenset[Cell]] | None:
        """The hovered lit cell, the picked Dweebie and what placing it there collects."""
        hover = self.table.hover
        if self.selected is None or hover is None or self.handover is not None:
            return None
        if self.human_turn() is None or hover not in self._game.legal_cells():
            return None
        dweebie = self.hand()[self.selected]
        taken = self._game.would_collect(hover).get(dweebie, frozenset())
        return self.mode.preview(self, (hover, dweebie, taken))

    def human_turn(self) -> int | None:
        """The seat to play if it is the person whose hand is shown, else ``None``."""
        game = self._game
        if game.is_over or self.turn_state.thinking is not None:
            return None
        seat = game.current_player
        return seat if self.players[seat] is None and seat == self.viewer else None

    # ------------------------------------------------------------------ the picture
    def _picture(self) -> tuple[Scene, Geometry]:
        scene = self.mode.scene(self)
        return scene, self.table.layout(scene)

    def relayout(self) -> Geometry:
        """Lay the last picture out again (the view moved); shown if it changed."""
        geometry = self.table.layout(self._scene)
        if geometry != self._geometry:
            self._geometry = geometry
            self.changed(Change.PICTURE)
        return geometry

    def play_scene(self) -> Scene:
        """The picture of the game being played (what a mode's ``scene`` builds on)."""
        return play_scene(self)
