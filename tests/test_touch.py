"""Fingers, high-density screens, small screens, and moving the view: the controller alone.

Every event goes in at the canvas pixels the controller's own geometry gives (on a screen of
``ratio`` canvas pixels per CSS pixel, 2 by default), as ipycanvas delivers them; each test
checks the game itself and what the player is shown and told.
"""

from __future__ import annotations

import random

import pytest
from screen import Screen

from dweebies_widget import Game, Move, Rules
from dweebies_widget.ai import GreedyPlayer, RandomPlayer
from dweebies_widget.cards import NAMES
from dweebies_widget.widget.geometry import MIN_TAP, Geometry, canvas_size
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.session import Change


def vs_greedy(**options: object) -> Screen:
    return Screen(["Ana", GreedyPlayer()], **options)  # type: ignore[arg-type]


def collecting_position() -> Game:
    """Ana holds Ugbug (20): placing it at (0, 2) collects the line (0, 0)-(0, 2)."""
    return Game.from_position({(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6]], pile=[7, 8])


def long_row() -> Game:
    """A row of 25 cards: wider than any screen at a size a finger can hit."""
    return Game.from_position(
        {(0, c): c for c in range(25)}, hands=[[25, 26], [25, 26]], pile=[18, 19, 20, 21]
    )


# ---------------------------------------------------------------------------- taps
def test_a_tap_on_a_hand_card_picks_it_and_a_second_tap_drops_it() -> None:
    s = vs_greedy()
    s.tap_hand(2)
    assert s.c.selected == 2 and s.c.scene.lit == frozenset(s.game.legal_cells())
    assert s.c.status_lines()[0].startswith(f"Ana: place {NAMES[s.game.hand(0)[2]]} on a lit")
    s.tap_hand(2)
    assert s.c.selected is None and not s.c.scene.lit


def test_a_first_tap_on_a_lit_cell_previews_and_a_second_places() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=collecting_position())
    s.tap_hand(1)  # Ugbug
    s.seen()
    s.tap_cell((0, 2))
    assert not s.game.history  # nothing placed yet
    assert s.c.scene.preview == ((0, 2), 20, frozenset({(0, 0), (0, 1), (0, 2)}))
    assert s.c.status_lines()[0] == "Ana: tap again to place Ugbug at (0, 2) (it collects 3 cards)."
    assert s.c.announcement == s.c.status_lines()[0]
    assert s.seen() == [Change.PICTURE, Change.TEXT]  # the words said reach the page too
    s.tap_cell((0, 2))
    first = s.game.history[0]
    assert first.move == Move(20, (0, 2)) and first.points == 3
    assert len(s.game.history) == 2  # and Greedy answered


def test_the_tap_preview_is_the_mouse_hover_preview() -> None:
    finger = Screen(["Ana", GreedyPlayer()], game=collecting_position())
    mouse = Screen(["Ana", GreedyPlayer()], game=collecting_position())
    finger.tap_hand(1)
    mouse.click_hand(1)
    for cell in sorted(finger.game.legal_cells()):
        finger.tap_cell(cell)
        mouse.c.pointer_move(*mouse.g.cell_center(cell))
        assert finger.c.scene.preview == mouse.c.scene.preview is not None
        assert not finger.game.history


def test_a_tap_on_another_lit_cell_moves_the_preview() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=collecting_position())
    s.tap_hand(1)
    s.tap_cell((0, 2))
    s.tap_cell((1, 1))
    assert s.c.scene.preview == ((1, 1), 20, frozenset())
    assert s.c.status_lines()[0] == "Ana: tap again to place Ugbug at (1, 1) (it collects nothing)."
    s.tap_cell((0, 2))  # the first tap there again only previews again
    assert not s.game.history and s.c.scene.preview is not None
    s.tap_cell((0, 2))
    assert s.game.history[0].move == Move(20, (0, 2))


def test_a_drag_over_the_table_moves_the_preview_with_the_finger() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=collecting_position())
    s.tap_hand(1)
    seen = []
    start = s.g.cell_center((1, 1))
    s.c.touch_start([start])
    for cell in [(1, 0), (1, 1), (0, 2)]:
        s.c.touch_move([s.g.cell_center(cell)])
        seen.append(s.c.scene.preview)
    assert seen == [
        ((1, 0), 20, frozenset({(0, 0), (1, 0)})),
        ((1, 1), 20, frozenset()),
        ((0, 2), 20, frozenset({(0, 0), (0, 1), (0, 2)})),
    ]
    s.c.touch_move([s.g.cell_center((0, 0))])  # over a card: no preview
    assert s.c.scene.preview is None
    s.c.touch_move([s.g.cell_center((0, 2))])
    s.c.touch_end([])
    assert not s.game.history and "tap again to place Ugbug at (0, 2)" in s.c.status_lines()[0]
    s.tap_cell((0, 2))
    assert s.game.history[0].move == Move(20, (0, 2))


def test_a_refused_tap_says_why_in_plain_words_and_places_nothing() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=collecting_position())
    s.tap_hand(1)
    s.tap_cell((-1, 3))
    assert not s.game.history and s.c.scene.preview is None
    assert s.c.message.startswith("That cell doesn't touch a card")
    assert s.c.scene.refused == (-1, 3) and s.c.scene.pulse == "lit"
    s.tap_cell((-1, 3))  # a second tap is refused again, never placed
    assert not s.game.history


def test_a_tap_on_a_cell_with_no_card_picked_points_at_the_hand() -> None:
    s = vs_greedy()
    s.tap_cell((0, 0))
    assert s.c.message == "Pick a card from your hand first: tap it."
    assert s.c.scene.pulse == "hand" and not s.game.history
    s.tap_at((5 * s.g.ratio, 5 * s.g.ratio))  # the score bar
    assert s.c.message == "Tap a card of your hand, then a lit cell of the table."


def test_taps_during_the_ais_turn_are_refused() -> None:
    s = vs_greedy(ai_delay=0.6)
    s.tap_hand(0)
    s.tap_cell((0, 0))
    s.tap_cell((0, 0))
    assert s.c.thinking and len(s.game.history) == 1
    before = s.game.state()
    s.tap_hand(0)
    assert s.c.message == "Please wait: Greedy is thinking." and s.c.selected is None
    s.tap_cell(sorted(s.game.legal_cells())[0])
    assert s.game.state() == before and s.c.message == "Please wait: Greedy is thinking."
    s.clock.advance(0.6)
    assert len(s.game.history) == 2 and not s.c.thinking


def test_a_tap_on_the_hot_seat_curtain_reveals_the_hand() -> None:
    s = Screen(["Ana", "Ben"], seed=5)
    s.tap_hand(0)
    s.tap_cell((0, 0))
    s.tap_cell((0, 0))
    assert s.c.handover == 1 and s.c.scene.curtain == "Pass to Ben \u2014 tap when ready"
    before = s.game.state()
    s.tap_hand(0)  # the first tap only lifts the curtain
    assert s.game.state() == before and s.c.selected is None
    assert s.c.viewer == 1 and s.c.scene.curtain is None
    assert list(s.c.scene.hand) == list(s.game.hand(1))


def test_taps_after_the_end_say_the_game_is_over() -> None:
    s = Screen([RandomPlayer(), RandomPlayer()], seed=2)
    while not s.game.is_over:
        s.c.step()
    before = s.game.state()
    for point in [s.g.cell_center((0, 0)), (s.g.width / 2, s.g.height - 10), (5, 5)]:
        s.tap_at(point)
        assert s.game.state() == before
        assert s.c.message.startswith("The game is over: ") and "New game" in s.c.message


def test_two_fingers_make_no_tap_and_a_pinch_zooms() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=long_row())
    a, b = s.g.cell_center((0, 10)), s.g.cell_center((0, 12))
    s.c.touch_start([a])
    s.c.touch_start([a, b])
    s.c.touch_move([(a[0] - 100, a[1]), (b[0] + 100, b[1])])
    assert s.c.zoom_level > 1
    s.c.touch_end([b])
    s.c.touch_end([])
    assert s.c.selected is None and s.c.message == ""  # no tap happened
    s.c.touch_start([a, b])
    s.c.touch_move([(a[0] + 60, a[1]), (b[0] - 60, b[1])])
    assert s.c.zoom_level == 1  # never below the fitted view
    s.c.touch_cancel([])
    s.tap_hand(0)
    assert s.c.selected == 0  # the next tap is a tap


def test_mouse_and_finger_work_together() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=collecting_position())
    s.tap_hand(1)
    s.tap_cell((0, 2))  # previewed by finger
    s.c.pointer_move(*s.g.cell_center((1, 1)))  # the mouse moves the preview
    assert s.c.scene.preview == ((1, 1), 20, frozenset())
    s.tap_cell((0, 2))  # the finger's earlier choice was forgotten: this previews again
    assert not s.game.history
    s.click_cell((1, 1))  # a click places at once
    assert s.game.history[0].move == Move(20, (1, 1))


# ---------------------------------------------------------------------------- moving the view
def test_a_finger_drag_with_no_card_picked_moves_the_view_within_the_table() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=long_row())
    g = s.g
    assert g.cell_size[0] / g.ratio == MIN_TAP  # cells a finger can hit: the table pans
    assert not g.visible((0, 0)) or not g.visible((0, 24))
    before = g.view_centre
    s.finger_drag(
        g.cell_center((0, 12)),
        (g.cell_center((0, 12))[0] + 3 * g.cell_size[0], g.cell_center((0, 12))[1]),
    )
    after = s.g.view_centre
    assert after[1] == pytest.approx(before[1] - 3, abs=0.01)  # dragged right: the view went left
    assert s.c.selected is None and not s.game.history and s.c.message == ""
    for _ in range(10):  # far past the end of the table
        s.finger_drag(s.g.cell_center((0, 12)), (s.g.width, s.g.cell_center((0, 12))[1]))
    # It stops at the table's edge: the lit cell left of the row, and one cell of margin.
    assert s.g.cell_box((0, -2))[0] == pytest.approx(s.g.table_band[0])
    s.tap_hand(0)
    assert s.c.selected == 0  # taps still work after drags


def test_a_mouse_drag_that_starts_where_the_press_does_nothing_moves_the_view() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=long_row())
    g = s.g
    start = g.cell_center((1, 12))  # an empty cell, no card picked: the press says so
    before = g.view_centre
    s.c.click(*start)
    assert s.c.message.startswith("Pick a card from your hand first")
    s.c.pointer_move(start[0] + 2 * g.cell_size[0], start[1])
    assert s.g.view_centre[1] == pytest.approx(before[1] - 2)
    assert s.c.message == ""  # a drag, not a click: the press's message is taken back
    s.c.release(start[0] + 2 * g.cell_size[0], start[1])
    moved = s.g.view_centre
    s.c.pointer_move(*s.g.cell_center((1, 12)))  # released: moving only hovers
    assert s.g.view_centre == moved


def test_a_mouse_press_that_picks_or_places_never_moves_the_view() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=long_row())
    before = s.g.view_centre
    s.c.click(*s.g.hand_center(0))
    s.c.pointer_move(s.g.hand_center(0)[0], s.g.hand_center(0)[1] - 300)
    assert s.g.view_centre == before and s.c.selected == 0
    s.c.release(0, 0)
    lit = sorted(s.game.legal_cells(), key=lambda c: abs(c[1] - 12))[0]
    s.c.click(*s.g.cell_center(lit))
    assert s.game.history[0].move.cell == lit


def test_pointer_move_with_the_button_held_from_outside_moves_the_view() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=long_row())
    g = s.g
    x, y = g.cell_center((1, 12))
    before = g.view_centre
    s.c.pointer_move(x, y, pressed=True)
    s.c.pointer_move(x - g.cell_size[0], y, pressed=True)
    assert s.g.view_centre[1] == pytest.approx(before[1] + 1)
    s.c.pointer_leave()
    s.c.pointer_move(x - 3 * g.cell_size[0], y)
    assert s.g.view_centre[1] == pytest.approx(before[1] + 1)


def test_zoom_never_goes_below_fit_nor_above_three() -> None:
    s = vs_greedy()
    for _ in range(5):
        s.c.wheel(0, 120)
        s.c.key("-")
        s.c.zoom(0.5)
    assert s.c.zoom_level == 1
    for _ in range(20):
        s.c.wheel(0, -120)
    assert s.c.zoom_level == 3
    s.c.zoom(None)
    assert s.c.zoom_level == 1


def test_wheel_zoom_keeps_the_cell_under_the_mouse_in_place() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=long_row())
    target = s.g.cell_center((0, 8))
    s.c.pointer_move(*target)
    under = s.g.point_at(*target)
    s.c.wheel(0, -120)
    assert s.c.zoom_level == 1.25
    assert s.g.point_at(*target) == pytest.approx(under)


def test_zooming_in_keeps_the_whole_table_reachable() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=long_row())
    s.c.zoom(3)
    for edge, step in [((0, 0), +1), ((0, 24), -1)]:
        for _ in range(40):
            y = s.g.cell_center((0, 12))[1]
            s.finger_drag((s.g.width / 2, y), (s.g.width / 2 + step * s.g.width / 3, y))
        assert s.g.visible(edge), edge  # dragged all the way: the end card is in view
        x, _, w, _ = s.g.cell_box((0, -2 if step > 0 else 26))  # the margin past the lit cell
        band_x, _, band_w, _ = s.g.table_band
        assert (x if step > 0 else x + w) == pytest.approx(band_x if step > 0 else band_x + band_w)


# ---------------------------------------------------------------------------- pixels
def picture(ratio: float, steps: int = 6) -> tuple[Geometry, Pen]:
    s = Screen(["Ana", GreedyPlayer()], ratio=ratio, seed=11)
    for _ in range(steps):
        s.tap_hand(0)
        cell = sorted(s.game.legal_cells())[0]
        s.tap_cell(cell)
        s.tap_cell(cell)
    s.tap_hand(1)
    s.c.pointer_move(*s.g.cell_center(sorted(s.game.legal_cells())[-1]))
    pen = Pen()
    paint(pen, s.g, s.c.scene)
    return s.g, pen


@pytest.mark.parametrize("ratio", [2, 3, 1.5])
def test_a_higher_pixel_ratio_draws_the_same_picture_with_more_pixels(ratio: float) -> None:
    g1, pen1 = picture(1)
    g2, pen2 = picture(ratio)
    assert (g2.width, g2.height) == (900 * ratio, 720 * ratio)
    css = g2.css
    assert css.scale == pytest.approx(g1.scale) and css.origin == pytest.approx(g1.origin)
    assert css.table_band == pytest.approx(g1.table_band)
    for cell in [(0, 0), (2, -3)]:
        assert g2.cell_box(cell) == pytest.approx(tuple(ratio * v for v in g1.cell_box(cell)))
    assert g2.hand_box(1) == pytest.approx(tuple(ratio * v for v in g1.hand_box(1)))
    # The same commands, drawn under a scaling by the ratio: the same picture, sharper.
    assert pen1.ops[1] == ("set_transform", (1.0, 0, 0, 1.0, 0, 0))
    assert pen2.ops[1] == ("set_transform", (float(ratio), 0, 0, float(ratio), 0, 0))
    assert pen1.ops[0] == pen2.ops[0] == ("save", ()) and pen2.ops[-1] == ("restore", ())
    if ratio == 2:
        assert pen2.ops[2:] == pen1.ops[2:]
    else:  # one-tenth-pixel rounding of the drawing may differ by 0.1
        assert [n for n, _ in pen2.ops[2:]] == [n for n, _ in pen1.ops[2:]]


def test_events_at_a_higher_ratio_land_on_the_same_cells_and_cards() -> None:
    one = Screen(["Ana", GreedyPlayer()], ratio=1)
    two = Screen(["Ana", GreedyPlayer()], ratio=2)
    x, y = one.g.hand_center(3)
    one.c.click(x, y)
    two.c.click(2 * x, 2 * y)
    assert one.c.selected == two.c.selected == 3
    x, y = one.g.cell_center((0, 0))
    assert two.g.cell_at(2 * x, 2 * y) == (0, 0)


def test_pixel_ratio_can_change_and_must_be_positive() -> None:
    s = vs_greedy(ratio=1)
    size = s.g.cell_size
    s.c.pixel_ratio = 2  # the canvas was not resized: it now shows a half-size screen
    assert s.c.pixel_ratio == 2 and s.g.ratio == 2
    s.c.resize(1800, 1440)
    assert s.g.cell_size == (2 * size[0], 2 * size[1])
    with pytest.raises(ValueError, match="positive"):
        s.c.pixel_ratio = 0


# ---------------------------------------------------------------------------- small screens
def play_through(s: Screen, check: object, moves: int = 200) -> None:
    """Play a whole game by taps (dragging the view first when the chosen cell is out of
    it), calling ``check()`` after every move."""
    rng = random.Random(3)
    for _ in range(moves):
        if s.game.is_over:
            return
        cell = rng.choice(sorted(s.game.legal_cells()))
        s.show(cell)
        s.tap_hand(rng.randrange(len(s.game.hand(s.game.current_player))))
        s.tap_cell(cell)
        s.tap_cell(cell)
        check()  # type: ignore[operator]
    assert s.game.is_over


@pytest.mark.parametrize("css_width", [768, 1024, 900, 390])
def test_tap_targets_are_at_least_44_css_pixels_all_game(css_width: int) -> None:
    width, height = canvas_size(css_width, ratio=2)
    s = Screen(["Ana", GreedyPlayer()], css=(width / 2, height / 2), seed=4)
    widths = []

    def check() -> None:
        g = s.g.css
        assert g.width <= css_width  # nothing wider than the page
        for i in range(g.hand):
            x, _, w, h = g.hand_box(i)
            assert min(w, h) >= MIN_TAP and x >= 0 and x + w <= g.width
        w, h = g.cell_size
        widths.append(w)
        assert min(w, h) >= MIN_TAP - 1e-9

    play_through(s, check)
    assert min(widths) >= MIN_TAP - 1e-9


def test_a_phone_can_play_a_whole_game_by_taps() -> None:
    s = Screen(["Ana", GreedyPlayer()], css=(390, 560), seed=8)
    g = s.g.css
    assert g.hand_scale * 76 >= MIN_TAP and g.table_band[3] >= 3 * MIN_TAP
    play_through(s, lambda: None)
    assert s.c.scene.banner


def test_a_projector_keeps_the_hand_beside_the_table_and_big_cards() -> None:
    """1280 x 720 with the status line, buttons and log under the canvas: the canvas is
    about 1280 x 480 CSS pixels.  The table keeps the whole height beside the hand."""
    s = Screen([GreedyPlayer(), GreedyPlayer()], css=(1280, 480), seed=4)
    side, under = [], []
    for _ in range(40):
        s.c.step()
        g = s.g.css
        assert g.side and g.table_band[1] + g.table_band[3] == 480  # the whole height
        assert g.table_band[2] >= 0.8 * 1280
        side.append(g.cell_size[0])
        cells = set(s.game.board) | s.game.legal_cells()
        stacked = Geometry.fit(1280, 480, cells, g.hand, side=False, min_cell=MIN_TAP)
        under.append(stacked.cell_size[0])
    assert min(side) >= MIN_TAP and sum(side) > 1.2 * sum(under)


def test_canvas_size_for_a_css_width() -> None:
    assert canvas_size(768) == (1536, 1229)
    assert canvas_size(1024, ratio=1) == (1024, 819)
    assert canvas_size(390, 700, ratio=3) == (1170, 2100)


# ---------------------------------------------------------------------------- fuzz
@pytest.mark.parametrize("seed", range(4))
def test_fuzz_mouse_fingers_keys_and_buttons_keep_the_game_consistent(seed: int) -> None:
    rng = random.Random(seed)
    seats: list[object] = ["Ana", GreedyPlayer()] if seed % 2 else ["Ana", "Ben", RandomPlayer()]
    rules = Rules(auto_draw=bool(seed % 3), collect_on_reconnect=seed != 2)
    s = Screen(seats, seed=seed, ratio=rng.choice([1, 2, 3]), rules=rules,
               hint_player=GreedyPlayer())  # fmt: skip
    c = s.c
    buttons = [
        c.undo, c.draw_owed, c.refresh, c.describe, lambda: c.new_game(rng.randrange(99)),
        lambda: c.show_labels(rng.random() < 0.5), lambda: c.show_heat(rng.random() < 0.5),
        c.hint, lambda: c.select(None), lambda: c.zoom(rng.choice([None, 1.25, 0.8])),
    ]  # fmt: skip
    placed = 0
    for _ in range(800):
        moves = len(s.game.history)
        g = s.g
        roll = rng.random()
        point = (rng.uniform(-20, g.width + 20), rng.uniform(-20, g.height + 20))
        if roll < 0.25 and s.game.legal_cells():
            cell = rng.choice(sorted(s.game.legal_cells()))
            s.tap_cell(cell) if rng.random() < 0.6 else s.click_cell(cell)
        elif roll < 0.45:
            s.tap_hand(rng.randrange(6)) if rng.random() < 0.5 else s.click_hand(rng.randrange(6))
        elif roll < 0.6:
            c.touch_start([point])
            c.touch_move([(point[0] + rng.uniform(-300, 300), point[1] + rng.uniform(-300, 300))])
            c.touch_end([] if rng.random() < 0.9 else [point])
        elif roll < 0.7:
            c.click(*point)
            c.pointer_move(point[0] + rng.uniform(-300, 300), point[1], pressed=rng.random() < 0.5)
            c.release(*point) if rng.random() < 0.8 else c.pointer_leave()
        elif roll < 0.85:
            c.key(rng.choice(["1", "3", "Enter", "Escape", "ArrowUp", "ArrowLeft", "+", "-", "0"]))
        elif roll < 0.9:
            c.wheel(0, rng.choice([-120, 120]))
        else:  # the buttons; a hint (the hint player thinks) now and then
            rng.choice(buttons if rng.random() < 0.05 else buttons[:-3])()
        s.clock.advance(rng.choice([0, 0.5, 2]))
        assert (
            sum(len(h) for h in s.game.hands)
            + len(s.game.board)
            + s.game.pile_size
            + sum(s.game.scores)
            + len(s.game.out_of_play)
            == 54
        )
        placed += len(s.game.history) > moves
        assert len(c.status_lines()) <= c.mode.budget  # the screen's fixed budget of lines
        if rng.random() < 0.1:
            paint(Pen(), s.g, c.scene)  # whatever the state, the picture can be drawn
    assert placed > 20
