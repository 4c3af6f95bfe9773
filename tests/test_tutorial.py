"""The guided first game, headless: by clicks, taps and keys, refusals, the hand-over to
Greedy, and every word of its goals and verdicts checked against the engine.

The controller is driven synchronously (plain method calls at the pixels its own geometry
gives, timed jobs on a :class:`ManualClock`); the widget gets canvas events as from a browser
(:mod:`widget_events`).
"""

from __future__ import annotations

import html
import re
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
from dweebies_widget.lessons import rules_section
from dweebies_widget.widget.buttons import TAP
from dweebies_widget.widget.canvas_box import LINE_EM
from dweebies_widget.widget.companion import TEXT_PX, fit_size
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.session import Change
from dweebies_widget.widget.text import text_width
from dweebies_widget.widget.timing import ManualClock
from dweebies_widget.widget.tutorial import FIRST_GAME, HANDOVER, Step, Tutorial
from dweebies_widget.widget.tutorial_app import rule_box

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
    from dweebies_widget.widget.tutorial import RULES, aim, goal, verdict

    for step, before, placement, after in walk():
        name, cell = NAMES[step.move.dweebie], step.move.cell
        text = goal(before, step)
        short = aim(before, step)
        rule = RULES[step.kind]
        said = verdict(after, placement)
        assert name in text and str(cell) in text
        assert str(cell) in short and (name in short or step.kind == "centre")
        legal = before.legal_cells()
        taken = placement.collected
        if step.kind == "centre":
            assert not before.board and legal == {(0, 0)}
            assert "the only cell where a card may go is (0, 0), the centre" in text
            assert "the first card goes in the centre, (0, 0)." in short
        if step.kind == "next":
            # Lit cells: every empty cell right above, below, left or right of a card.
            edge = {n for c in before.board for n in orthogonal(c) if n not in before.board}
            # Nothing is lit before a card is picked: the goal says which cells light up.
            assert legal == edge and f"the {len(legal)} cells that light up when" in text
            assert "lit" not in text and "lit" not in short
            corners = {(r + d, c + e) for r, c in before.board for d in (-1, 1) for e in (-1, 1)}
            assert not (corners - edge) & legal
            assert (cell[0] + 1, cell[1]) in before.board and "above" in text
            below = NAMES[before.board[(cell[0] + 1, cell[1])]]
            assert f"{name} above {below}, {cell}" in short
            assert "(corners do not count)" in rule
        if step.kind in ("collect", "bridge"):
            assert taken and f"it collects {len(taken)} cards" in text
            # The far end of the line holds the same Dweebie as the card placed.
            far = max(taken, key=lambda c: abs(c[0] - cell[0]) + abs(c[1] - cell[1]))
            assert before.board[far] == step.move.dweebie
            assert f"the card at the other end, {far}, is {name} too" in text
            assert f"You collected {len(taken)} cards" in said
            assert f"collects {len(taken)} cards" in short or f"other end, {far}, is a" in short
        if step.kind == "collect":
            assert before.best_collection(before.hand(0))[0] == len(taken)
            assert "No card in your hand can collect more." in text
            assert "the card at the other end is the same Dweebie" in rule
            assert after.is_split and f"It split the table: {len(after.groups)} groups." in said
        if step.kind == "bridge":
            assert before.is_split and legal <= before.link_cells
            cells = ", ".join(map(str, sorted(legal)))
            assert f"between the {len(before.groups)} groups: {cells}." in text
            assert f"{name} at {cell} joins them" in text and "shortest bridge" in rule
            assert not after.is_split and "The table is joined again." in said
            assert cell in before.link_cells and "joins the split table" in short
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
        assert lines[-2].startswith(f"Guided turn {i + 1} of {len(STEPS)}")  # the goal
        assert lines[-1] == f"Pick {NAMES[step.move.dweebie]} from your hand: it is outlined."
        assert t.overlay() is None  # nothing written over the table: the status says it
        assert f"Guided turn {i + 1}" in t.announcement
        hand = list(t.scene.hand)
        assert t.scene.hint == (hand.index(step.move.dweebie), step.move.cell)  # outlined
        assert len(lines) <= t.mode.budget
        s.play(step.move)
        lines = t.status_lines()
        assert len(lines) <= t.mode.budget
        last = placements(t.game)[2 * i]
        assert last.seat == 0 and last.move == step.move
        assert lines[0].startswith("Right!") and lines[-1] == "Greedy is thinking\u2026"
        assert "Right!" in t.announcement
        assert (HANDOVER in t.announcement) == (i == len(STEPS) - 1)
        assert t.overlay() is None and t.thinking
        s.settle()
        if step.reply is not None:
            reply = placements(t.game)[2 * i + 1]
            assert reply.move == step.reply
            # The verdict on your move stays first; Greedy's answer is the log's newest line.
            assert t.status_lines()[0] == lines[0]
            said = f"Greedy placed {NAMES[reply.move.dweebie]} at "
            assert t.log_entries()[0].startswith(f"{2 * i + 2}. {said}{reply.move.cell}")
    # Handed over: Greedy has played on its own, and nothing is guided any more.
    assert not t.guided and t.turn is None
    assert len(placements(t.game)) == 2 * len(STEPS)
    assert HANDOVER in t.status_lines()
    assert not [line for line in t.status_lines() if line.startswith("Guided turn ")]


def test_a_wrong_move_is_refused_with_the_reason_and_the_game_unchanged() -> None:
    s = Screen()
    t = s.t
    before = t.game.state()
    s.pick(STEPS[0].move.dweebie)
    s.put((0, 1))  # not the centre: the game's own reason
    assert t.game.state() == before
    assert t.message.startswith("The table is empty, so the first card goes in the centre.")
    assert t.detail.startswith("Rules section 5")
    assert t.scene.refused == (0, 1)
    lines = t.status_lines()  # a refusal is the newest news: first, then the move asked for
    assert len(lines) <= t.mode.budget
    assert lines[0] == t.message
    assert lines[-1] == "This turn asks for Mumbo at (0, 0): both are outlined."
    assert t.detail not in lines  # the rule is opened under the buttons (the widget's)
    # Two guided turns on: a legal move that is not the lesson's.
    for step in STEPS[:2]:
        s.play(step.move)
        s.settle()
    before = t.game.state()
    s.pick(STEPS[2].move.dweebie)
    s.put((-2, 0))
    assert t.game.state() == before
    gain = len(t.game.would_collect((-2, 0))[STEPS[2].move.dweebie])
    assert t.message == f"Mumbo may go at (-2, 0), and would collect {gain} cards there."
    lines = t.status_lines()
    assert lines[0] == t.message
    assert lines[-1] == "This turn asks for Mumbo at (0, 2): both are outlined."
    # Another card: what it would do, in the engine's words.
    jibber = STEPS[3].move.dweebie
    s.pick(jibber)
    assert t.status_lines()[0] == "You picked Jibber, but this turn asks for Mumbo."
    s.put((1, 2))
    gain = len(t.game.would_collect((1, 2))[jibber])
    assert t.message.startswith(f"Jibber may go at (1, 2), and would collect {gain} cards")
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
    assert t.turn == 1 and t.guided and "Guided turn 2" in t.status_text()
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
    assert t.overlay() is None and t.controls().review
    assert "Press Review" in " ".join(t.scene.banner)
    # New game: a free game against Greedy, dealt from the seed.
    t.new_game(3)
    assert not t.guided and t.labels == ("You", "Greedy")


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
    w.paint(pen)  # the picture, as the canvas gets it
    texts = [str(op[1][0]) for op in pen.ops if op[0] == "fill_text"]
    assert texts.count("Your hand") == 1 and not [t for t in texts if "You's" in t]


def test_the_widget_is_played_by_canvas_events() -> None:
    w = TutorialWidget(ai_delay=0, flash=0)
    assert repr(w).startswith("TutorialWidget (a guided first game against Greedy): Guided")
    with recording() as sent:
        click_hand(w, list(w.session.scene.hand).index(STEPS[0].move.dweebie))
    assert len(sent.messages) == 1  # the picture: one message
    click_cell(w, (0, 1))
    assert "This turn asks for Mumbo at (0, 0)" in w.status.value and w.game.board == {}
    tap_cell(w, (0, 0))
    tap_cell(w, (0, 0))
    assert w.tutorial.turn == 1 and "Right!" in w.status.value
    assert "Guided turn 2 of 4" in w.status.value and "Zuzu" in w.companion.description
    assert w.errors == []


# ---------------------------------------------------------------------------- the screen
NARROW = 853 - 2 * 16
"""The status's width on the smallest screen of the rules (1280 x 720 at 150 % zoom: 853
CSS pixels, less a page margin each side)."""


def check_status(t: Tutorial) -> list[str]:
    """The status lines: never more than the screen's three;
    in the guided turns each is one line of the smallest screen at 16 CSS pixels (the first
    is bold)."""
    lines = t.status_lines()
    assert 1 <= len(lines) <= t.mode.budget == 3
    for i, line in enumerate(lines):
        # Play's own lines (free play, and a refusal in the lessons' words: words.explain)
        # are checked with play's status; every line the guided game writes is checked here.
        play = not t.guided or line == t.message and t.detail.startswith("Rules section")
        assert play or text_width(line, 16, bold=i == 0) <= NARROW, line
    return lines


def test_every_guided_turn_and_every_refusal_keeps_the_status_to_its_lines() -> None:
    s = Screen()
    t = s.t
    for i, step in enumerate(STEPS):
        name = NAMES[step.move.dweebie]
        lines = check_status(t)
        assert not [line for line in lines if "lit" in line.split()]  # nothing is lit yet
        # A refusal on every cell around the table but the asked one, and on a far cell.
        board = t.game.board
        around = {n for c in board for n in orthogonal(c) if n not in board} or {(0, 1)}
        for cell in sorted(around - {step.move.cell}) + [(9, 9)]:
            s.pick(step.move.dweebie)
            if cell == (9, 9):
                assert t.place(cell) is None  # by code: a cell off the screen
            else:
                s.put(cell)
            lines = check_status(t)
            assert lines[0] == t.message and t.message  # the newest news first
            assert lines[1].startswith(f"Guided turn {i + 1} of 4: ")
            assert lines[2] == f"This turn asks for {name} at {step.move.cell}: both are outlined."
        # Another card picked: said first; then the asked one.
        other = next(d for d in t.scene.hand if d != step.move.dweebie)
        s.pick(other)
        assert check_status(t)[0] == f"You picked {NAMES[other]}, but this turn asks for {name}."
        s.pick(step.move.dweebie)
        lines = check_status(t)
        assert lines[0] == f"You picked {name}: it goes on the outlined cell, {step.move.cell}."
        n = len(t.game.legal_cells())
        assert "lit cell" in lines[-1] and f"({n} place" in lines[-1]  # lit once picked
        s.put(step.move.cell)
        check_status(t)
        s.settle()
        check_status(t)
    # Free play to the end of the game: the same lines, the newest news first.
    greedy = GreedyPlayer()
    while not t.game.is_over:
        move = best_moves(greedy.analyze(t.game.view(0)))[0]
        t.select(list(t.scene.hand).index(move.dweebie))
        check_status(t)
        t.place(move.cell)
        check_status(t)
        s.settle()
        check_status(t)
    assert t.status_lines()[0].startswith("Game over")


def test_the_board_never_repeats_the_status() -> None:
    """Nothing is written over the table in any step: the words are the status line's, and
    what the marks mean is the play picture's own legend."""
    s = Screen()
    t = s.t

    def check() -> None:
        assert t.overlay() is None
        pen = Pen()
        paint(pen, t.geometry, t.scene)
        drawn = " ".join(str(op[1][0]) for op in pen.ops if op[0] == "fill_text")
        assert not [line for line in t.status_lines() if line in drawn]

    for step in STEPS:
        check()
        s.pick(step.move.dweebie)
        check()
        s.put(sorted(t.game.legal_cells() - {step.move.cell} or {(5, 5)})[0])  # refused
        check()
        s.play(step.move)
        check()
        s.settle()


def test_the_first_board_says_your_hand() -> None:
    t = Screen().t
    assert t.labels[0] == "You" and t.scene.hand_owner in ("You", "Your hand")
    assert "Your hand" in t.describe() and "You's" not in t.describe()


def test_the_rule_behind_a_turn_or_a_refusal_opens_in_place_with_its_own_words() -> None:
    w = TutorialWidget(ai_delay=0, flash=0)
    assert "Rules section 5 (where a card may go)" in w.rule.value
    assert w.children[-1] is w.rule  # under the log: it moves nothing above it
    click_hand(w, list(w.session.scene.hand).index(STEPS[0].move.dweebie))
    click_cell(w, (0, 1))
    assert w.tutorial.detail.startswith("Rules section 5")
    box = w.rule.value
    assert box.startswith("<details") and "<summary" in box and "http" not in box
    # Opened, it shows the section's words as the rules page says them.
    _, section = rules_section(5)
    opened = re.sub(r"</?(b|code)>", "", box.split("</summary>")[1])  # inline: no space
    shown = html.unescape(re.sub(r"<[^>]+>", " ", opened)).split()
    said = re.sub(r"\*\*|`|^- |^#+ |```", "", section, flags=re.M).split()
    assert shown == said
    # The collecting turn names section 6; the bridge, section 5 again.
    for i, step in enumerate(STEPS[:3]):
        index = list(w.session.scene.hand).index(step.move.dweebie)
        if w.selected != index:
            click_hand(w, index)
        tap_cell(w, step.move.cell)
        tap_cell(w, step.move.cell)
        assert w.tutorial.turn == i + 1
        number = 6 if STEPS[i + 1].kind == "collect" else 5
        assert f"Rules section {number} (" in w.rule.value
    assert "Rules section 6 (collecting)" in rule_box(6)


SCREENS = {
    # name: (window width, height, rows of buttons the row wraps into at that width)
    "projector 1280x720": (1280, 720, 1),
    "150 % zoom, 853x480": (853, 480, 2),
}


@pytest.mark.parametrize("screen", SCREENS)
def test_the_table_the_status_and_the_buttons_fit_together(screen: str) -> None:
    """The status box is as tall as the screen's three lines whatever the news (the buttons
    never move), and with it and the buttons the table fits the window (from the widget's
    own CSS sizes: lines of LINE_EM at 16 px, 44-pixel buttons with their margins)."""
    w = TutorialWidget(ai_delay=0, flash=0)
    tall = f"{w.session.mode.budget * LINE_EM:g}em"
    heights = {w.status.layout.height}
    click_hand(w, list(w.session.scene.hand).index(STEPS[0].move.dweebie))
    click_cell(w, (0, 1))  # a refusal
    heights.add(w.status.layout.height)
    tap_cell(w, (0, 0))
    tap_cell(w, (0, 0))
    heights.add(w.status.layout.height)
    assert heights == {tall}
    width, height, rows = SCREENS[screen]
    tap = float(TAP.removesuffix("px"))
    other = w.session.mode.budget * LINE_EM * TEXT_PX + rows * (tap + 4) + 4
    css_w, css_h = fit_size(width - 16, height, other)
    assert css_h + other + 8 <= height and css_h >= 0.5 * (height - other)
