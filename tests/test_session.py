"""The widget's session, driven synchronously: no ipywidgets, no ipycanvas, no threads.

Clicks and keys go in as plain method calls at the pixels the session's own geometry gives;
timed jobs (an AI's pause, the end of a flash) wait on a :class:`ManualClock` until a test
moves it on.  Each test checks the game itself (history, hands, scores), what the players are
told (status lines, messages, the move log) and what the screen is asked to show (the scene,
and whether the picture or only the text changed).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import dweebies_widget
from dweebies_widget import MAX_PLAYERS, MIN_PLAYERS, Game, IllegalMoveError, Move, View
from dweebies_widget.ai import CautiousPlayer, GreedyPlayer, RandomPlayer
from dweebies_widget.cards import NAMES
from dweebies_widget.grid import Cell
from dweebies_widget.widget.session import Change, Session
from dweebies_widget.widget.timing import ManualClock


class Screen:
    """A session with a manual clock, and a record of what it asked to show."""

    def __init__(self, seats: list[Any], **options: Any) -> None:
        options.setdefault("seed", 7)
        options.setdefault("ai_delay", 0)
        options.setdefault("flash", 0)
        self.clock = ManualClock()
        self.changes: list[Change] = []
        self.c = Session(seats, scheduler=self.clock, on_change=self.changes.append, **options)
        self.changes.clear()

    def click_hand(self, index: int) -> None:
        self.c.click(*self.c.geometry.hand_center(index))

    def click_cell(self, cell: Cell) -> None:
        self.c.click(*self.c.geometry.cell_center(cell))

    def hover(self, cell: Cell) -> None:
        self.c.pointer_move(*self.c.geometry.cell_center(cell))

    def seen(self) -> list[Change]:
        """The changes since the last call."""
        out, self.changes[:] = list(self.changes), []
        return out


def vs_greedy(**options: Any) -> Screen:
    return Screen(["Ana", GreedyPlayer()], **options)


def collecting_position() -> Game:
    """Ana holds Ugbug (20): placing it at (0, 2) collects the line (0, 0)-(0, 2)."""
    return Game.from_position({(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6]], pile=[7, 8])


# ---------------------------------------------------------------------------- without widgets
def test_pure_modules_import_and_play_without_ipywidgets_or_ipycanvas() -> None:
    code = """
import sys
sys.modules["ipywidgets"] = None  # any import of them now fails
sys.modules["ipycanvas"] = None
import dweebies_widget.widget.session, dweebies_widget.widget.geometry
import dweebies_widget.widget.paint, dweebies_widget.widget.timing
from dweebies_widget.ai import GreedyPlayer
from dweebies_widget.widget.geometry import Geometry
from dweebies_widget.widget.session import Session
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.timing import ManualClock
c = Session(["Ana", GreedyPlayer()], seed=7, ai_delay=0.5, flash=0, scheduler=ManualClock())
c.select(0)
c.click(*c.geometry.cell_center((0, 0)))
pen = Pen()
paint(pen, c.geometry, c.scene)
assert isinstance(c.geometry, Geometry) and pen.ops and c.thinking
try:
    from dweebies_widget import DweebiesWidget
except ImportError:
    print("blocked")  # proves the widget libraries really were unavailable
loaded = [m for m, v in sys.modules.items() if v and m.split(".")[0] in ("ipywidgets", "ipycanvas")]
print(len(c.game.history), loaded)
"""
    here = Path(dweebies_widget.__file__).parents[1]  # the same package as this test's
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=here)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["blocked", "1 []"]


def test_seat_count_uses_the_cores_bounds() -> None:
    for n in (MIN_PLAYERS - 1, MAX_PLAYERS + 1):
        with pytest.raises(ValueError, match=f"{MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}"):
            Session(["x"] * n, scheduler=ManualClock())
    assert Session(["x"] * MAX_PLAYERS, scheduler=ManualClock()).game.players == MAX_PLAYERS


# ---------------------------------------------------------------------------- pick and place
def test_a_pick_and_a_lit_cell_make_a_move_and_the_ai_answers_at_once() -> None:
    s = vs_greedy()
    c = s.c
    dweebie = c.game.hand(0)[0]
    s.click_hand(0)
    # The picture, then the words said about it (so that the page hears them too).
    assert c.selected == 0 and s.seen() == [Change.PICTURE, Change.TEXT]
    assert c.scene.lit == frozenset(c.game.legal_cells()) and c.scene.selected == 0
    assert c.status_lines()[0] == f"Ana: place {NAMES[dweebie]} on a lit cell (1 place allowed)."
    s.click_cell((0, 0))
    mine, reply = c.game.history
    assert mine.move == Move(dweebie, (0, 0)) and reply.seat == 1
    assert c.scene.last == reply.move.cell and c.selected is None and not c.scene.lit
    assert c.log_entries() == [f"2. {reply.describe(c.labels)}", f"1. {mine.describe(c.labels)}"]
    assert c.status_lines() == [
        "Ana to play: pick a card from your hand.",
        f"Greedy placed {NAMES[reply.move.dweebie]} at {reply.move.cell}.",
    ]


def test_a_second_click_on_the_picked_card_drops_it() -> None:
    s = vs_greedy()
    s.click_hand(1)
    s.click_hand(1)
    assert s.c.selected is None and not s.c.scene.lit


def test_a_refused_click_is_said_in_plain_words_and_points_at_the_lit_cells() -> None:
    s = vs_greedy()
    s.click_hand(0)
    s.click_cell((0, 0))
    occupied = s.c.game.history[-1].move.cell
    s.click_hand(0)
    before = s.c.game.state()
    dweebie = s.c.game.hand(0)[0]
    with pytest.raises(IllegalMoveError) as refused:
        s.c.game.copy().play(dweebie, occupied)
    assert refused.value.reason == "occupied"
    s.seen()
    s.click_cell(occupied)
    assert s.c.game.state() == before and s.c.selected == 0
    assert s.c.message == (
        "That cell already holds a card: a card goes on an empty cell. Try a lit cell."
    )
    assert s.c.detail == "Rules section 5 (where a card may go)"
    assert str(refused.value).startswith(s.c.detail)  # the game's own words, the start of them
    assert s.c.status_lines()[-2:] == [s.c.message, s.c.detail]
    assert s.seen() == [Change.PICTURE]  # the refused cell crossed out, the lit cells pulse
    assert s.c.scene.refused == occupied and s.c.scene.pulse == "lit"
    assert s.clock.advance(1.2) == 1 and s.seen() == [Change.PICTURE]
    assert s.c.scene.refused is None and s.c.scene.pulse is None and s.c.scene.lit


def test_clicks_that_cannot_act_say_what_to_do() -> None:
    s = vs_greedy()
    s.click_cell((0, 0))
    assert s.c.message == "Pick a card from your hand first (click it, or press its number)."
    s.c.click(5, 5)  # the score bar
    assert s.c.message == "Click a card of your hand, then a lit cell of the table."
    assert not s.c.game.history


def test_hover_previews_the_collection_and_leaving_clears_it() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=collecting_position())
    s.click_hand(1)
    s.hover((0, 2))
    assert s.c.scene.preview == ((0, 2), 20, frozenset({(0, 0), (0, 1), (0, 2)}))
    s.c.pointer_leave()
    assert s.c.scene.preview is None
    s.c.select(None)
    s.seen()
    s.hover((0, 2))  # nothing picked: no preview, so nothing to redraw
    s.hover((5, 5))
    assert s.seen() == []


# ---------------------------------------------------------------------------- hot seat
def test_hot_seat_covers_the_hand_until_the_next_player_clicks() -> None:
    s = Screen(["Ana", "Ben"], seed=5)
    c = s.c
    s.click_hand(0)
    s.click_cell((0, 0))
    assert c.scene.curtain == "Pass to Ben \u2014 click when ready"
    assert c.status_lines()[0] == "Pass to Ben \u2014 click when ready."
    assert c.viewer == 0 and c.handover == 1 and c.scene.selected is None
    before = c.game.state()
    c.select(0)
    assert c.selected is None and c.message == "Pass to Ben \u2014 click when ready."
    assert c.hint() is None and c.place((0, 1)) is None and c.game.state() == before
    assert not c.controls().hint and not c.controls().heat
    s.click_hand(0)  # the first click only lifts the curtain
    assert c.game.state() == before and c.selected is None and c.message == ""
    assert c.viewer == 1 and c.handover is None and c.scene.curtain is None
    assert list(c.scene.hand) == list(c.game.hand(1)) and c.scene.hand_owner == "Ben"


def test_hot_seat_undo_hands_the_screen_back() -> None:
    s = Screen(["Ana", "Ben"], seed=5)
    s.click_hand(0)
    s.click_cell((0, 0))
    s.click_hand(0)  # Ben lifts the curtain, then takes Ana's move back
    s.c.undo()
    assert not s.c.game.history and s.c.scene.curtain == "Pass to Ana \u2014 click when ready"
    s.c.key("x")  # any key lifts the curtain too
    assert s.c.viewer == 0 and list(s.c.scene.hand) == list(s.c.game.hand(0))


# ---------------------------------------------------------------------------- time
def test_an_ai_moves_when_its_delay_has_passed_with_its_seats_own_random_stream() -> None:
    s = vs_greedy(ai_delay=0.6)
    c = s.c
    dweebie = c.game.hand(0)[0]
    s.click_hand(0)
    s.click_cell((0, 0))
    assert c.thinking and c.game.current_player == 1 and s.clock.pending == 1
    assert c.status_lines()[0] == "Greedy is thinking\u2026"
    before = c.game.state()
    s.click_hand(0)
    assert c.message == "Please wait: Greedy is thinking." and c.game.state() == before
    assert s.clock.advance(0.5) == 0 and c.thinking
    assert s.clock.advance(0.1) == 1 and not c.thinking and c.game.current_player == 0
    replay = Game(2, seed=7)
    replay.play(dweebie, (0, 0))
    expected = GreedyPlayer().choose(replay.view(1), random.Random("7:1"))
    assert c.game.history[1].move == expected
    assert c.status_lines()[0] == "Ana to play: pick a card from your hand."


def test_a_collection_flashes_for_flash_seconds() -> None:
    s = Screen(["Ana", "Ben"], game=collecting_position(), flash=0.2)
    s.click_hand(1)
    s.click_cell((0, 2))
    assert s.c.game.scores[0] == 3
    assert s.c.scene.flash == (((0, 0), 20), ((0, 1), 9), ((0, 2), 20))
    s.clock.advance(0.19)
    assert s.c.scene.flash
    s.seen()
    s.clock.advance(0.01)
    assert s.c.scene.flash == () and s.seen() == [Change.PICTURE] and s.clock.pending == 0


def test_the_ai_waits_until_the_flash_is_over() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=collecting_position(), ai_delay=0.2, flash=0.5)
    s.click_hand(1)
    s.click_cell((0, 2))
    s.clock.advance(0.4)
    assert len(s.c.game.history) == 1 and s.c.scene.flash
    s.clock.advance(0.1)
    assert len(s.c.game.history) == 2 and not s.c.thinking


def test_undo_takes_back_the_ai_reply_with_the_move() -> None:
    s = vs_greedy()
    c = s.c
    start = c.game.state()
    s.click_hand(0)
    s.click_cell((0, 0))
    middle, mine = c.game.state(), c.game.history[0]
    s.click_hand(0)
    s.click_cell(sorted(c.game.legal_cells())[0])
    assert len(c.game.history) == 4
    c.undo()
    assert c.game.state() == middle and c.game.current_player == 0
    reply = c.game.history[1]
    c.undo()
    assert c.game.state() == start
    assert c.message == (
        f"Took back: Ana placed {NAMES[mine.move.dweebie]} at {mine.move.cell}; "
        f"Greedy placed {NAMES[reply.move.dweebie]} at {reply.move.cell}."
    )
    c.undo()
    assert c.message == "Nothing to undo yet." and c.game.state() == start


def test_undo_while_the_ai_thinks_cancels_its_move() -> None:
    s = vs_greedy(ai_delay=0.6)
    s.click_hand(0)
    s.click_cell((0, 0))
    assert s.c.thinking
    s.c.undo()
    assert not s.c.thinking and not s.c.game.history and s.clock.pending == 0
    s.clock.advance(10)
    assert not s.c.game.history and s.c.status_lines()[0].startswith("Ana to play")


# ---------------------------------------------------------------------------- hints
class CountingGreedy(GreedyPlayer):
    """Greedy's values, counting how often it is asked (a hint costs one analysis)."""

    def __init__(self) -> None:
        super().__init__("Greedy")
        self.calls = 0

    def analyze(self, view: View) -> dict[Move, float]:
        self.calls += 1
        return super().analyze(view)


def test_a_hint_is_analysed_once_per_position() -> None:
    helper = CountingGreedy()
    s = Screen(["Ana", RandomPlayer()], hint_player=helper)
    c = s.c
    move = c.hint()
    assert move is not None and c.game.is_legal(move) and helper.calls == 1
    assert c.selected == c.game.hand(0).index(move.dweebie)
    assert c.scene.hint == (c.selected, move.cell)
    assert c.message.startswith(f"Hint: Greedy would place {NAMES[move.dweebie]} at {move.cell}")
    c.show_heat(True)
    assert set(c.scene.heat) == set(c.game.legal_cells()) and helper.calls == 1
    assert c.hint() == move and helper.calls == 1  # same position: the cache answers
    c.place(move.cell)  # Ana plays, Random answers: a new position
    assert c.scene.hint is None and c.hint() is not None and helper.calls == 2
    c.refresh()  # code may have changed the game: analyse again
    c.hint()
    assert helper.calls == 3
    c.game = Game(2, seed=12)
    move = c.hint()
    assert helper.calls == 4 and move is not None and move.dweebie in c.game.hand(0)


def test_picking_another_card_drops_the_hint_mark() -> None:
    s = Screen(["Ana", RandomPlayer()], hint_player=GreedyPlayer())
    move = s.c.hint()
    assert move is not None
    other = next(i for i, d in enumerate(s.c.game.hand(0)) if d != move.dweebie)
    s.c.select(other)
    assert s.c.scene.hint is None


# ---------------------------------------------------------------------------- AI-only games
def test_an_ai_only_game_waits_for_step_and_shows_the_movers_hand() -> None:
    s = Screen([GreedyPlayer(), CautiousPlayer()], seed=9)
    c = s.c
    assert c.status_lines()[0] == "Greedy to play: press Step or Play." and c.viewer is None
    s.click_cell((0, 0))
    assert c.message == "It is Greedy's turn: press Step or Play." and not c.game.history
    assert c.controls().step and not c.controls().hint
    c.step()
    assert len(c.game.history) == 1 and s.clock.pending == 0
    assert c.scene.hand_owner == "Cautious" and list(c.scene.hand) == list(c.game.hand(1))


def test_play_runs_an_ai_only_game_to_the_end_on_the_clock() -> None:
    s = Screen([GreedyPlayer(), CautiousPlayer()], seed=9, ai_delay=0.25)
    c = s.c
    c.play()
    assert c.playing and c.controls().playing and c.thinking
    assert c.scene.curtain == "Greedy is thinking\u2026"
    s.clock.advance(0.75)
    assert len(c.game.history) == 3
    s.clock.run_all()
    assert c.game.is_over and not c.playing and not c.controls().playing
    assert c.log_entries()[0].startswith("Game over: ") and s.clock.pending == 0


def test_pause_stops_the_clock_driven_moves() -> None:
    s = Screen([GreedyPlayer(), GreedyPlayer()], seed=9, ai_delay=0.05)
    s.c.play()
    s.clock.advance(0.175)  # moves at 0.05, 0.10 and 0.15 s
    assert len(s.c.game.history) == 3
    s.c.play(False)
    assert s.clock.pending == 0 and not s.c.thinking
    s.clock.advance(10)
    assert len(s.c.game.history) == 3


# ---------------------------------------------------------------------------- keyboard
def test_keyboard_cursor_picks_and_places() -> None:
    s = vs_greedy()
    c = s.c
    dweebie = c.game.hand(0)[1]
    c.key("Enter")
    assert c.message == "Move the cursor with the arrow keys first."
    c.key("2")
    assert c.selected == 1
    c.key("ArrowRight")
    assert c.scene.cursor == (0, 1)
    c.key("ArrowLeft")
    assert c.scene.cursor == (0, 0) and c.scene.preview == ((0, 0), dweebie, frozenset())
    c.key("1", ctrl=True)  # the browser's shortcut, not ours
    assert c.selected == 1
    c.key("Enter")
    assert c.game.history[0].move == Move(dweebie, (0, 0)) and c.scene.cursor is None
    c.key("ArrowUp")  # the cursor starts from the last placement
    assert c.scene.cursor == (c.game.history[-1].move.cell[0] - 1, c.game.history[-1].move.cell[1])
    c.key("3")
    c.key("Escape")
    assert c.selected is None
    c.key("9")
    assert c.message == f"There is no card 9 in your hand ({len(c.game.hand(0))} cards)."
    c.key("+")
    assert c.zoom_level == 1.25
    c.key("0")
    assert c.zoom_level == 1.0


def test_wheel_and_resize_relayout_the_table() -> None:
    s = vs_greedy()
    c = s.c
    size = c.geometry.cell_size[0]
    c.wheel(0, -100)
    assert c.zoom_level > 1 and c.geometry.cell_size[0] > size
    c.wheel(0, 0)
    c.zoom(None)
    for _ in range(20):
        c.zoom(0.5)
    assert c.zoom_level == 1  # never below the fitted view
    s.seen()
    c.resize(500, 420)
    assert (c.geometry.width, c.geometry.height) == (500, 420) and s.seen() == [Change.PICTURE]


# ---------------------------------------------------------------------------- the end
def test_game_over_refuses_play_and_tells_who_won() -> None:
    s = Screen([RandomPlayer(), RandomPlayer()], seed=2)
    c = s.c
    while not c.game.is_over:
        c.step()
    before = c.game.state()
    winner = c.labels[c.game.winners[0]]
    assert c.status_lines()[0].startswith(f"Game over: {winner}")
    s.click_cell((0, 0))
    assert c.message.startswith("The game is over: ") and "Press Review" in c.message
    c.step()
    assert c.message == "No AI is waiting to move." and c.game.state() == before
    assert c.scene.current is None and c.scene.winners == c.game.winners
    assert not c.controls().step and not c.controls().hint
    c.new_game(3)
    assert c.game == Game(2, seed=3) and c.message == "New game, seed 3." and c.seed == 3


def test_an_adopted_game_has_no_seed_and_a_faulty_ai_does_not_stop_play() -> None:
    def cheat(view: View, rng: random.Random) -> Move:
        return Move(view.hand[0], (5, 5))

    game = Game(2, seed=3)
    s = Screen(["Ana", cheat], game=game)
    assert s.c.seed is None and s.c.game is game
    s.click_hand(0)
    s.click_cell((0, 0))
    assert len(game.history) == 2 and game.current_player == 0
    assert s.c.message.startswith("cheat chose an illegal move Move(")
    assert s.c.message.endswith("A random legal move was played instead.")


def test_a_failure_is_shown_as_text() -> None:
    s = vs_greedy()
    s.seen()
    s.c.fail(ZeroDivisionError("oops"))
    assert s.c.message == "Something went wrong: ZeroDivisionError('oops')"
    assert s.c.status_lines()[-1] == s.c.message and s.seen() == [Change.TEXT]


# ---------------------------------------------------------------------------- the clock
def test_manual_clock_runs_due_jobs_in_order_and_skips_cancelled_ones() -> None:
    clock = ManualClock()
    ran: list[str] = []
    clock(0.3, lambda: ran.append("c"))
    clock(0.1, lambda: (ran.append("a"), clock(0.1, lambda: ran.append("b"))))
    cancel = clock(0.2, lambda: ran.append("cancelled"))
    cancel()
    assert clock.pending == 2 and clock.next_delay() == pytest.approx(0.1)
    assert clock.advance(0.25) == 2 and ran == ["a", "b"]
    assert clock.run_next() == 1 and ran == ["a", "b", "c"] and clock.now == pytest.approx(0.3)
    assert clock.run_next() == 0 and clock.next_delay() is None
