"""Motion, short and skippable: what the kernel gives the page to play after a move.

A move is played in the browser (``companion.js``) from a small payload
(:mod:`dweebies_widget.widget.motion`) sent with the companion's announcement, right after
the canvas's one redraw of that move.  These tests check the payload (the placed card comes
from the picked hand card or from its player's seat chip, the collected cards' boxes, the
"+N" and its chip, for the computer's moves too), that a move still costs the canvas one
draw message, that no other redraw (a hover, a resize, a review step) sends a motion, the
``animate`` and ``sound`` options, the "+N" in the announcement, and the last move's mark.
The browser side is ``test_browser_motion.py``.
"""

from __future__ import annotations

from typing import Any

import pytest
from widget_events import click_cell, click_hand, hover, recording

from dweebies_widget import DweebiesWidget, Game
from dweebies_widget.ai import GreedyPlayer
from dweebies_widget.game import Placement
from dweebies_widget.widget import motion
from dweebies_widget.widget.motion import FLY_MS, POP_MS, SLIDE_MS, TOTAL_MS
from dweebies_widget.widget.session import Session
from dweebies_widget.widget.timing import ManualClock


def ana_collects() -> Game:
    """Ana holds Ugbug (20) and Ugbug lies at (0, 0): Ugbug at (0, 2) collects 3 cards;
    Greedy holds nothing that collects."""
    return Game.from_position({(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6, 7]], pile=[8, 10])


def greedy_collects() -> Game:
    """Greedy holds Dweebie 19 and 19 lies at (0, 0): after Ana's card at (1, 0), its 19 at
    (0, 2) collects 3 cards."""
    return Game.from_position({(0, 0): 19, (0, 1): 9}, hands=[[5, 3], [19, 7]], pile=[8, 10])


def session(game: Game, clock: ManualClock, **options: Any) -> Session:
    return Session(["Ana", GreedyPlayer()], game=game, scheduler=clock, **options)


def boxes(*found: tuple[float, ...]) -> list[list[float]]:
    return [[round(v, 1) for v in box] for box in found]


def test_durations_are_declared_and_short() -> None:
    assert SLIDE_MS <= TOTAL_MS <= 400
    assert FLY_MS <= TOTAL_MS and POP_MS <= TOTAL_MS


def test_no_motion_before_the_first_move() -> None:
    s = session(ana_collects(), ManualClock())
    assert motion.of(s) is None and s.motion_id == 0


def test_the_viewers_card_slides_in_from_the_picked_hand_card() -> None:
    s = session(ana_collects(), ManualClock())
    index = s.hand().index(20)
    s.select(index)
    picked = s.geometry.hand_box(index)
    placement = s.place((0, 2))
    assert placement is not None
    m = motion.of(s)
    assert m is not None and m["id"] == 1
    assert m["place"]["from"] == boxes(picked)[0]
    assert m["place"]["to"] == boxes(s.geometry.card_box((0, 2)))[0]
    assert m["ms"] == TOTAL_MS and m["end"] is False


def test_collected_cards_fly_to_the_collectors_chip_with_plus_n() -> None:
    s = session(ana_collects(), ManualClock())
    s.select(s.hand().index(20))
    placement = s.place((0, 2))
    assert placement is not None and len(placement.taken) == 3
    m = motion.of(s)
    assert m is not None
    assert m["plus"] == 3
    assert m["chip"] == boxes(s.geometry.seat_box(0, 2))[0]
    # The collected cards still lie where they were (the flash): those are what fly.
    assert sorted(m["taken"]) == sorted(
        boxes(*(s.geometry.cell_box(c) for c, _ in placement.taken))
    )
    assert {c for c, _ in s.scene.flash} == {c for c, _ in placement.taken}


def test_the_announcement_says_plus_n() -> None:
    s = session(ana_collects(), ManualClock())
    s.select(s.hand().index(20))
    s.place((0, 2))
    assert "Ana placed Ugbug at (0, 2) and collected 3 cards: +3 for Ana." in s.announcement


def test_the_computers_card_slides_in_from_its_seat_chip() -> None:
    clock = ManualClock()
    s = session(greedy_collects(), clock, ai_delay=0.6)
    s.select(0)
    s.place((1, 0))
    first = motion.of(s)
    assert first is not None and first["plus"] == 0 and first["taken"] == []
    clock.advance(0.6)
    reply = s.game.history[-1]
    assert isinstance(reply, Placement) and reply.seat == 1 and len(reply.taken) == 3
    m = motion.of(s)
    assert m is not None and m["id"] == first["id"] + 1
    assert m["place"]["from"] == boxes(s.geometry.seat_box(1, 2))[0]
    assert m["place"]["to"] == boxes(s.geometry.card_box(reply.move.cell))[0]
    assert m["chip"] == m["place"]["from"] and m["plus"] == 3
    assert "collected 3 cards: +3 for Greedy." in s.announcement


def test_plus_n_names_you_in_real_english() -> None:
    s = Session(["You", GreedyPlayer()], game=ana_collects(), scheduler=ManualClock())
    s.select(s.hand().index(20))
    s.place((0, 2))
    assert "You placed Ugbug at (0, 2) and collected 3 cards: +3 for you." in s.announcement


def test_without_a_flash_nothing_flies_but_plus_n_still_pops() -> None:
    s = session(ana_collects(), ManualClock(), flash=0)
    s.select(s.hand().index(20))
    s.place((0, 2))
    m = motion.of(s)
    assert m is not None and m["taken"] == [] and m["plus"] == 3


def test_the_last_move_of_the_game_says_end() -> None:
    game = Game.from_position({(0, 0): 20, (0, 1): 9}, hands=[[20], []], pile=[])
    s = session(game, ManualClock())
    s.select(0)
    s.place((0, 2))
    m = motion.of(s)
    assert s.game.is_over and m is not None and m["end"] is True


def test_the_last_move_stays_marked_for_every_seat_until_the_next() -> None:
    clock = ManualClock()
    seats = ["Ana", GreedyPlayer(), GreedyPlayer(name="Greta")]
    s = Session(seats, seed=3, ai_delay=0.6, flash=0, scheduler=clock)
    for _ in range(2):  # two rounds: Ana's own move, then each computer's
        s.select(0)
        cell = sorted(s.game.legal_cells())[0]
        s.place(cell)
        assert s.scene.last == cell  # the viewer's own move
        s.redraw()  # a plain redraw keeps it
        assert s.scene.last == cell
        for seat in (1, 2):
            clock.advance(0.6)
            move = s.game.history[-1]
            assert isinstance(move, Placement) and move.seat == seat
            assert s.scene.last == move.move.cell
            s.redraw()
            assert s.scene.last == move.move.cell


# ------------------------------------------------------------------------ the widget
def widget(game: Game, **options: Any) -> DweebiesWidget:
    options = {"ai_delay": 0, "flash": 60, **options}  # no timed job runs during a test
    return DweebiesWidget(seats=["Ana", GreedyPlayer()], game=game, **options)


class Timeline:
    """The canvas's draw messages and the companion's updates, in the order they were sent."""

    def __init__(self, w: DweebiesWidget, monkeypatch: pytest.MonkeyPatch) -> None:
        self.events: list[tuple[str, Any]] = []
        self._draws: list[Any] = []
        self._last = 0
        companion = w.companion
        send_state = companion.send_state

        def sent(key: Any = None) -> None:
            self._catch_up()
            keys = sorted(key) if isinstance(key, (set, list, tuple)) else [key]
            motion = companion.motion.get("id") if "motion" in keys else None
            self.events.append(("companion", (keys, motion)))
            send_state(key)

        monkeypatch.setattr(companion, "send_state", sent)

    def watch(self, draws: list[Any]) -> None:
        self._draws = draws

    def _catch_up(self) -> None:
        while self._last < len(self._draws):
            self.events.append(("draw", None))
            self._last += 1

    def done(self) -> list[tuple[str, Any]]:
        self._catch_up()
        return self.events

    def motions(self) -> list[int]:
        return [e[1][1] for e in self.done() if e[0] == "companion" and e[1][1] is not None]


def test_a_move_is_one_draw_message_and_its_motion_follows_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    w = widget(ana_collects())
    timeline = Timeline(w, monkeypatch)
    click_hand(w, w.session.hand().index(20))
    with recording() as sent:
        timeline.watch(sent.messages)
        click_cell(w, (0, 2))  # Ana's move, and Greedy's answer at once
    events = timeline.done()
    assert len(w.game.history) == 2
    assert len(sent.messages) == 2  # one draw message per move
    assert timeline.motions() == [1, 2]
    # Each motion goes with the announcement, in one message, after its move's draw.
    updates = [e for e in events if e[0] == "companion" and e[1][1] is not None]
    assert all("announcement" in keys for _, (keys, _m) in updates)
    kinds = [e[0] if e[0] == "draw" else f"motion {e[1][1]}" for e in events]
    kinds = [k for k in kinds if k != "motion None"]
    assert kinds == ["draw", "motion 1", "draw", "motion 2"]


def test_hover_resize_and_review_steps_send_no_motion(monkeypatch: pytest.MonkeyPatch) -> None:
    w = widget(ana_collects())
    click_hand(w, w.session.hand().index(20))
    click_cell(w, (0, 2))
    timeline = Timeline(w, monkeypatch)
    with recording() as sent:
        timeline.watch(sent.messages)
        click_hand(w, 0)
        hover(w, sorted(w.game.legal_cells())[0])
        w.resize(700, 560)
        w.session.redraw()
    assert len(sent.messages) >= 3 and timeline.motions() == []
    game = Game(2, seed=4)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    looked = DweebiesWidget.replay(game, ["Ana", "Ben"])
    timeline = Timeline(looked, monkeypatch)
    for index in range(1, 5):
        looked.go_to(index)
    assert timeline.motions() == []


def test_animate_and_sound_reach_the_page() -> None:
    w = widget(ana_collects())
    assert w.companion.animate is True and w.companion.sound is False  # sound off by default
    quiet = widget(ana_collects(), animate=False, sound=True, ai_delay=60)
    assert quiet.companion.animate is False and quiet.companion.sound is True
    click_hand(quiet, quiet.session.hand().index(20))
    click_cell(quiet, (0, 2))
    # The page is still told of the move (the sound plays), and draws no motion.
    assert quiet.companion.motion["plus"] == 3 and quiet.companion.animate is False
