"""The guided first game, headless: by clicks, taps and keys, refusals, the hand-over to
Greedy, and every word of its goals and verdicts checked against the engine.

The controller is driven synchronously (plain method calls at the pixels its own geometry
gives, timed jobs on a :class:`ManualClock`); the widget gets canvas events as from a browser
(:mod:`widget_events`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers import orthogonal
from widget_events import click_cell, click_hand, recording, tap_cell

from dweebies_widget import Game, Move, Placement, TutorialWidget
from dweebies_widget.ai import GreedyPlayer
from dweebies_widget.ai.base import best_moves
from dweebies_widget.cards import NAMES
from dweebies_widget.grid import Cell
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.puzzle_paint import paint_overlay
from dweebies_widget.widget.session import Change
from dweebies_widget.widget.timing import ManualClock
from dweebies_widget.widget.tutorial import FIRST_GAME, HANDOVER, Step, Tutorial

STEPS = FIRST_GAME.steps


class Screen:
    """A tutorial on a pretend screen, with a manual clock and a record of what it asked to
    show; ``how`` is the way the person points: "click", "tap" or "key"."""

    def __init__(self, how: str = "click", **options: Any) -> None:
        self.clock = ManualClock()
        self.changes: list[Change] = []
        self.how = how
        options.setdefault("ai_delay", 0.5)
        options.setdefault("flash", 0.3)
        self.t = Tutorial(scheduler=self.clock, on_change=self.changes.append, **options)

    def _tap(self, x: float, y: float) -> None:
        self.t.touch_start([(x, y)])
        self.t.touch_end([])

    def pick(self, dweebie: int) -> None:
        """Pick ``dweebie`` from the hand, the way this screen points."""
        index = list(self.t.scene.hand).index(dweebie)
        if self.t.selected == index:
            return
        if self.how == "key":
            self.t.key(str(index + 1))
        elif self.how == "tap":
            self._tap(*self.t.geometry.hand_center(index))
        else:
            x, y = self.t.geometry.hand_center(index)
            self.t.click(x, y)
            self.t.release(x, y)
        assert self.t.selected == index

    def put(self, cell: Cell) -> None:
        """Place the picked card on ``cell``, the way this screen points (a tap twice: the
        first shows what it would do; a key: the arrows walk the cursor there, then
        Enter)."""
        t = self.t
        if self.how == "key":
            t.key("ArrowUp")  # the cursor appears
            while t.cursor != cell:
                r, c = t.cursor or cell
                if r != cell[0]:
                    t.key("ArrowDown" if r < cell[0] else "ArrowUp")
                else:
                    t.key("ArrowRight" if c < cell[1] else "ArrowLeft")
            t.key("Enter")
        elif self.how == "tap":
            legal = cell in t.game.legal_cells()
            self._tap(*t.geometry.cell_center(cell))
            if legal:
                assert any("tap again" in line for line in t.status_lines())
                self._tap(*t.geometry.cell_center(cell))
        else:
            x, y = t.geometry.cell_center(cell)
            t.click(x, y)
            t.release(x, y)

    def play(self, move: Move) -> None:
        self.pick(move.dweebie)
        self.put(move.cell)

    def settle(self) -> None:
        """Let Greedy move and the flashes end."""
        self.clock.advance(5)


def placements(game: Game) -> list[Placement]:
    return [a for a in game.history if isinstance(a, Placement)]


# ---------------------------------------------------------------------------- the script
def test_greedys_scripted_answers_are_moves_greedy_itself_could_choose() -> None:
    game = FIRST_GAME.game()
    for move in FIRST_GAME.moves():
        if game.current_player == 1:
            assert move in best_moves(GreedyPlayer().analyze(game.view(1)))
        game.play(move)


def walk() -> list[tuple[Step, Game, Placement, Game]]:
    """Each guided turn: its step, the game before your move, your placement, and the game
    after it."""
    game = FIRST_GAME.game()
    out = []
    for step in STEPS:
        before = game.copy()
        placement = game.play(step.move)
        out.append((step, before, placement, game.copy()))
        if step.reply is not None:
            game.play(step.reply)
    return out


def test_every_goal_and_verdict_says_what_the_engine_does() -> None:
    from dweebies_widget.widget.tutorial import RULES, goal, verdict

    for i, (step, before, placement, after) in enumerate(walk()):
        name, cell = NAMES[step.move.dweebie], step.move.cell
        text = goal(before, step)
        rule = RULES[step.kind]
        said = verdict(after, placement, last=i == len(STEPS) - 1)
        assert name in text and str(cell) in text
        legal = before.legal_cells()
        taken = placement.collected
        if step.kind == "centre":
            assert not before.board and legal == {(0, 0)}
            assert "the only cell where a card may go is (0, 0), the centre" in text
        if step.kind == "next":
            # Lit cells: every empty cell right above, below, left or right of a card.
            edge = {n for c in before.board for n in orthogonal(c) if n not in before.board}
            assert legal == edge and f"the {len(legal)} lit cells" in text
            corners = {(r + d, c + e) for r, c in before.board for d in (-1, 1) for e in (-1, 1)}
            assert not (corners - edge) & legal
            assert (cell[0] + 1, cell[1]) in before.board and "above" in text
            assert "(corners do not count)" in rule
        if step.kind in ("collect", "bridge"):
            assert taken and f"it collects {len(taken)} cards" in text
            # The far end of the line holds the same Dweebie as the card placed.
            far = max(taken, key=lambda c: abs(c[0] - cell[0]) + abs(c[1] - cell[1]))
            assert before.board[far] == step.move.dweebie
            assert f"the card at the other end, {far}, is {name} too" in text
            assert f"You collected {len(taken)} cards" in said
        if step.kind == "collect":
            assert before.best_collection(before.hand(0))[0] == len(taken)
            assert "No card in your hand can collect more." in text
            assert "the card at the other end is the same Dweebie" in rule
            assert after.is_split and f"split the table into {len(after.groups)} groups" in said
        if step.kind == "bridge":
            assert before.is_split and legal <= before.link_cells
            cells = ", ".join(map(str, sorted(legal)))
            assert f"between the {len(before.groups)} groups: {cells}." in text
            assert f"{name} at {cell} joins them" in text and "shortest bridge" in rule
            assert not after.is_split and "The table is joined again." in said
        if not taken:
            assert "It collected nothing: no other" in said
            assert list(after.board.values()).count(step.move.dweebie) == 1
            assert step.kind == "centre" or "it collects nothing there" in text
    assert walk()[-1][0].reply is None


# ---------------------------------------------------------------------------- playing it
@pytest.mark.parametrize("how", ["click", "tap", "key"])
def test_the_whole_guided_game_by_each_way_of_pointing(how: str) -> None:
    s = Screen(how)
    t = s.t
    for i, step in enumerate(STEPS):
        assert t.turn == i and t.guided
        lines = t.status_lines()
        assert lines[0].startswith(f"Guided turn {i + 1} of {len(STEPS)}")
        callout = t.callout
        assert callout is not None and callout.tone == "info"
        assert callout.text == lines[1] and f"Guided turn {i + 1}" in t.announcement
        hand = list(t.scene.hand)
        assert t.scene.hint == (hand.index(step.move.dweebie), step.move.cell)  # outlined
        assert len(lines) <= t.mode.budget
        s.play(step.move)
        assert len(t.status_lines()) <= t.mode.budget
        last = placements(t.game)[2 * i]
        assert last.seat == 0 and last.move == step.move
        assert t.message.startswith("Right!")
        assert t.callout is not None and t.callout.tone == "right"  # while Greedy thinks
        assert t.thinking
        s.settle()
        if step.reply is not None:
            assert placements(t.game)[2 * i + 1].move == step.reply
    # Handed over: Greedy has played on its own, and nothing is guided any more.
    assert not t.guided and t.turn is None
    assert len(placements(t.game)) == 2 * len(STEPS)
    assert t.callout is not None and t.callout.text == HANDOVER
    assert HANDOVER in t.message
    assert not t.status_lines()[0].startswith("Guided")


def test_a_wrong_move_is_refused_with_the_reason_and_the_game_unchanged() -> None:
    s = Screen()
    t = s.t
    before = t.game.state()
    s.pick(STEPS[0].move.dweebie)
    s.put((0, 1))  # not the centre: the game's own reason
    assert t.game.state() == before
    assert t.message.startswith("The table is empty, so the first card goes in the centre.")
    assert "place Mumbo at (0, 0)" in t.message and t.detail.startswith("Rules section 5")
    assert t.callout is not None and t.callout.tone == "wrong" and t.callout.text == t.message
    assert t.scene.refused == (0, 1)
    lines = t.status_lines()  # a refusal keeps the lines within the screen's budget, last
    assert len(lines) <= t.mode.budget and lines[-2:] == [t.message, t.detail]
    # Two guided turns on: a legal move that is not the lesson's.
    for step in STEPS[:2]:
        s.play(step.move)
        s.settle()
    before = t.game.state()
    s.pick(STEPS[2].move.dweebie)
    s.put((-2, 0))
    assert t.game.state() == before
    gain = len(t.game.would_collect((-2, 0))[STEPS[2].move.dweebie])
    assert t.message == (
        f"Mumbo may go at (-2, 0), and it would collect {gain} cards there, but this lesson "
        "needs another move. In this guided turn, place Mumbo at (0, 2): its card and cell "
        "are outlined."
    )
    # Another card: what it would do, in the engine's words.
    jibber = STEPS[3].move.dweebie
    s.pick(jibber)
    assert t.callout is not None and t.callout.tone == "info"  # a new try: the goal again
    s.put((1, 2))
    gain = len(t.game.would_collect((1, 2))[jibber])
    assert t.message.startswith(f"Jibber may go at (1, 2), and it would collect {gain} cards")
    assert t.game.state() == before
    # A tap on a cell where no card may go is refused as well.
    s.how = "tap"
    s.put((-1, 2))
    assert t.message.startswith("That cell doesn't touch a card")
    assert t.game.state() == before and t.turn == 2


def test_the_hint_picks_the_guided_card_then_greedy_hints_in_free_play() -> None:
    s = Screen(ai_delay=0, flash=0)
    t = s.t
    move = t.hint()
    assert move == STEPS[0].move and t.selected == list(t.scene.hand).index(move.dweebie)
    assert t.message == "Hint: place Mumbo at (0, 0); it is picked for you."
    for step in STEPS:
        s.play(step.move)
    free = t.hint()
    assert free is not None and t.message.startswith("Hint: Greedy would place")


def test_undo_goes_back_to_the_guided_turn() -> None:
    s = Screen(ai_delay=0, flash=0)
    t = s.t
    for step in STEPS[:2]:
        s.play(step.move)
    assert t.turn == 2
    t.undo()
    assert t.turn == 1 and t.guided and t.status_lines()[0].startswith("Guided turn 2")
    s.play(STEPS[1].move)
    assert t.turn == 2


def test_the_free_game_against_greedy_plays_to_the_end_with_review() -> None:
    s = Screen(ai_delay=0, flash=0)
    t = s.t
    for step in STEPS:
        s.play(step.move)
    greedy = GreedyPlayer()
    while not t.game.is_over:
        # You play like Greedy too; Greedy answers on its own.
        move = best_moves(greedy.analyze(t.game.view(0)))[0]
        t.select(list(t.scene.hand).index(move.dweebie))
        assert t.place(move.cell) is not None
    assert t.callout is None and t.controls().review
    assert "Press Review" in " ".join(t.scene.banner)
    # New game: a free game against Greedy, dealt from the seed.
    t.new_game(3)
    assert not t.guided and t.callout is None and t.labels == ("You", "Greedy")


def finish(make: Callable[[], Screen]) -> tuple[Any, ...]:
    s = make()
    for step in STEPS:
        s.play(step.move)
        s.settle()
    for _ in range(4):
        move = sorted(s.t.game.legal_moves())[0]
        s.play(move)
        s.settle()
    return s.t.game.history


def test_the_guided_game_is_deterministic() -> None:
    assert finish(Screen) == finish(Screen)
    assert FIRST_GAME.game() == FIRST_GAME.game()


def test_it_refuses_seats_and_deals_of_its_own() -> None:
    with pytest.raises(ValueError, match="its own seats"):
        Tutorial(["Ana", "Ben"], scheduler=ManualClock())


# ---------------------------------------------------------------------------- the widget
def test_the_hand_is_labelled_once_and_in_english() -> None:
    w = TutorialWidget(ai_delay=0, flash=0)
    pen = Pen()
    w.paint(pen)  # the picture and the callout written over it, as the canvas gets them
    texts = [str(op[1][0]) for op in pen.ops if op[0] == "fill_text"]
    assert texts.count("Your hand") == 1 and not [t for t in texts if "You's" in t]


def test_the_widget_is_played_by_canvas_events_and_draws_its_callout() -> None:
    w = TutorialWidget(ai_delay=0, flash=0)
    assert repr(w).startswith("TutorialWidget (a guided first game against Greedy): Guided")
    with recording() as sent:
        click_hand(w, list(w.session.scene.hand).index(STEPS[0].move.dweebie))
    assert len(sent.messages) == 1  # the picture and the callout: one message
    click_cell(w, (0, 1))
    assert "place Mumbo at (0, 0)" in w.status.value and w.game.board == {}
    tap_cell(w, (0, 0))
    tap_cell(w, (0, 0))
    assert w.tutorial.turn == 1 and "Right!" in w.status.value
    pen = Pen()
    paint_overlay(pen, w.geometry, w.tutorial.overlay())
    texts = " ".join(str(op[1][0]) for op in pen.ops if op[0] == "fill_text")
    assert "Zuzu" in texts and "On the board:" in w.companion.description
    assert w.errors == []
