"""The play screen's rules for a classroom, checked without a browser.

* The status has a fixed number of lines (:data:`~dweebies_widget.widget.modes.PLAY_LINES`),
  what to do now always first, then the newest news first; its box is exactly that many
  lines tall, so the buttons never move.
* The canvas leaves room for the status and the buttons at 1280 x 720, at 150 % zoom
  (853 x 480 CSS pixels), on a tablet and on a desktop; the end banner and the hot-seat
  curtain fit their bands there.
* Text is read from the back of a room: 16 CSS pixels for the status, the buttons and the
  log, and presentation mode makes everything half as big again (24 px, and the canvas laid
  out at 1.5 times the pixel ratio).
* The hand keeps its order: a drawn card goes to the end.
* The keyboard's focus shows the cursor at once.
"""

from __future__ import annotations

import random
import re
from importlib.resources import files
from typing import Any

import pytest
from screen import Screen
from widget_events import click_cell, click_hand

from dweebies_widget import DweebiesWidget
from dweebies_widget.ai import GreedyPlayer
from dweebies_widget.cards import NAMES
from dweebies_widget.widget import words
from dweebies_widget.widget.buttons import TAP
from dweebies_widget.widget.canvas_box import LINE_EM
from dweebies_widget.widget.companion import (
    LOG_ROOM,
    MIN_HEIGHT,
    PRESENTATION,
    PRESENTATION_TEXT_PX,
    TEXT_PX,
    fit_size,
)
from dweebies_widget.widget.compat import deliver_event
from dweebies_widget.widget.geometry import MIN_TAP
from dweebies_widget.widget.modes import PLAY_LINES
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.position import others
from dweebies_widget.widget.session import Session
from dweebies_widget.widget.table import PRESENTATION_SCALE
from dweebies_widget.widget.text import text_width

GAP = 8
"""CSS pixels the canvas leaves under the buttons (as companion.fit_size does)."""
CSS = (files("dweebies_widget.widget") / "companion.css").read_text(encoding="utf-8")
FONT = re.compile(r"(?:bold )?([0-9.]+)px")


def seats_of(kind: int) -> list[Any]:
    """Screens of every kind: against the computer, hot seat, four seats."""
    return [
        ["You", GreedyPlayer()],
        ["Ana", "Ben"],
        ["You", GreedyPlayer(), GreedyPlayer(), GreedyPlayer()],
        ["B", "Bartholomew Featherstonehaugh-Smythe", GreedyPlayer()],
    ][kind % 4]


def walk(seed: int, css: tuple[float, float] = (1264, 587), ratio: float = 1.0) -> Any:
    """A seeded game played at random through the screen (picks, refusals, taps, keys,
    hand-overs): yields the screen after each step."""
    s = Screen(seats_of(seed), css=css, ratio=ratio, seed=seed)
    rng = random.Random(seed)
    for _ in range(80):
        c = s.c
        if c.game.is_over:
            return
        if c.handover is not None:
            c.key("x")
            yield s
        hand = c.hand()
        if not hand:
            return
        what = rng.random()
        if what < 0.2 and c.game.board:  # a refusal: a card on a full cell
            c.select(rng.randrange(len(hand)))
            c.place(rng.choice(sorted(c.game.board)))
        elif what < 0.3:  # a refusal: no card picked
            c.select(None)
            c.place(rng.choice(sorted(c.game.legal_cells())))
        elif what < 0.4:  # a first tap on a lit cell
            c.select(None)
            s.show(cell := rng.choice(sorted(c.game.legal_cells())))  # (a drag, no card picked)
            c.select(rng.randrange(len(hand)))
            s.tap_cell(cell)
        yield s
        c.key(str(rng.randrange(len(hand)) + 1))
        c.place(rng.choice(sorted(c.game.legal_cells())))
        s.clock.advance(5)
        yield s


# ---------------------------------------------------------------------------- the status
@pytest.mark.parametrize("seed", range(24))
def test_the_status_has_at_most_three_lines_what_to_do_first(seed: int) -> None:
    steps = 0
    for s in walk(seed):
        c = s.c
        lines = c.status_lines()
        assert 1 <= len(lines) <= PLAY_LINES == c.mode.budget, lines
        now = words.status_lines(
            c.game, c.labels, c.players, viewer=c.viewer, handover=c.handover,
            thinking=c.turn_state.thinking, picked=c.picked_dweebie(), me=c.me(), verb=c.verb,
        )[0]  # fmt: skip
        if c.table.armed is None:  # (a first tap says what a second one would do)
            assert lines[0] == now
        news = [t for t in (c.message, c.detail) if t]
        assert lines[1 : 1 + len(news)] == news[: PLAY_LINES - 1]  # the newest news next
        steps += 1
    assert steps >= 20


def test_a_refusal_is_the_newest_news_under_what_to_do() -> None:
    s = Screen(["Ana", GreedyPlayer()], seed=7)
    s.click_hand(0)
    s.click_cell((0, 0))
    before = s.c.status_lines()
    assert len(before) == 2 and before[1].startswith("Greedy placed")  # the computer's move
    s.click_hand(0)
    picked = s.c.status_lines()[0]
    s.click_cell(s.game.history[-1].move.cell)  # a full cell: refused
    lines = s.c.status_lines()
    assert lines == [picked, s.c.message, s.c.detail]
    assert s.c.message.startswith("That cell already holds a card")


def test_the_other_seats_moves_come_newest_first() -> None:
    s = Screen(["Ana", GreedyPlayer(), GreedyPlayer(), GreedyPlayer()], seed=3)
    s.click_hand(0)
    s.click_cell((0, 0))
    moves = others(s.game, 0)
    assert len(moves) == 3
    said = [words.move_text(p, s.c.labels) + "." for p in reversed(moves)]
    assert s.c.status_lines()[1:] == said[: PLAY_LINES - 1]  # the last seat to move first


def test_the_status_box_is_exactly_three_lines_tall_whatever_the_news() -> None:
    w = DweebiesWidget(["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0)
    height = f"{PLAY_LINES * LINE_EM:g}em"
    shown = [w.status.value]
    assert w.status.layout.height == height
    click_hand(w, 0)
    click_cell(w, (0, 0))
    click_hand(w, 0)
    click_cell(w, w.game.history[-1].move.cell)  # refused: the most news there is
    shown.append(w.status.value)
    assert w.status.layout.height == w.status.layout.min_height == height
    for value in shown:
        assert 1 <= value.count('class="dweebies-line') <= PLAY_LINES
    assert shown[-1].count('class="dweebies-line') == PLAY_LINES
    # Each line stays one line (cut with an ellipsis at worst), the box hides the rest.
    line_rule = CSS[CSS.index(".dweebies-widget .dweebies-line {") :].split("}")[0]
    assert "white-space: nowrap" in line_rule and "text-overflow: ellipsis" in line_rule
    assert f"{LINE_EM:g}" in CSS[CSS.index(".dweebies-widget .dweebies-status,") :]


@pytest.mark.parametrize("seed", [seed for seed in range(12) if seed % 4 != 3])
def test_status_lines_fit_a_projector_and_what_to_do_fits_at_150_percent(seed: int) -> None:
    # (Names of everyday length: a 36-letter name makes its own lines long.)
    for s in walk(seed):
        lines = s.c.status_lines()
        assert text_width(lines[0], TEXT_PX, bold=True) <= 853 - 16, lines[0]
        for line in lines:
            assert text_width(line, TEXT_PX) <= 1280 - 16, line


# ---------------------------------------------------------------------------- the canvas size
CONTEXTS = {
    # name: (window width, height, rows of buttons the row wraps into at that width)
    "projector 1280x720": (1280, 720, 1),
    "150 % zoom, 853x480": (853, 480, 2),
    "tablet 768x1024": (768, 1024, 2),
    "desktop 1280x1100": (1280, 1100, 1),
}


def room_besides_canvas(rows: int, text_px: float = TEXT_PX) -> float:
    """CSS pixels of the status and the buttons, from the widget's own CSS sizes: the status
    box (lines of LINE_EM), rows of 44-pixel buttons with their 2-pixel margins."""
    tap = float(TAP.removesuffix("px"))
    return PLAY_LINES * LINE_EM * text_px + rows * (tap + 4) + 4


@pytest.mark.parametrize("context", CONTEXTS)
def test_the_canvas_leaves_room_for_the_status_and_the_buttons(context: str) -> None:
    width, height, rows = CONTEXTS[context]
    other = room_besides_canvas(rows)
    css_w, css_h = fit_size(width - 16, height, other)
    assert css_h + other + GAP <= height  # all in view once the widget's top is at the top
    assert css_h >= min(MIN_HEIGHT, css_w) and css_h >= 0.5 * (height - other)
    # That canvas still shows a hand a finger can hit, and a table band.
    ratio = 1.5 if width == 853 else 2.0
    s = Screen(["Ana", GreedyPlayer()], css=(css_w, css_h), ratio=ratio)
    g = s.g.css
    assert min(g.hand_box(i)[2] for i in range(g.hand)) >= MIN_TAP - 0.5
    assert g.table_band[3] >= 120 and g.table_band[2] >= 200


def test_a_short_screen_gets_a_short_canvas_not_one_that_pushes_the_buttons_away() -> None:
    # What 150 % zoom did: a 480-pixel window, a 320-pixel canvas, Fit and Zoom off screen.
    other = room_besides_canvas(2)
    assert fit_size(837, 480, other)[1] + other + GAP <= 480
    assert fit_size(837, 480, other)[1] < 320


def test_the_logs_first_lines_stay_in_view_where_there_is_room() -> None:
    log = LINE_EM * TEXT_PX + 8  # its newest line
    for width, height, rows in CONTEXTS.values():
        other = room_besides_canvas(rows)
        css_h = fit_size(width - 16, height, other, log_height=log)[1]  # the log's newest too
        assert css_h + other + log + GAP <= height and css_h >= LOG_ROOM
    # Presentation mode at 150 % zoom: the table first, the log by scrolling.
    other = room_besides_canvas(2, PRESENTATION_TEXT_PX)
    log = LINE_EM * PRESENTATION_TEXT_PX + 8
    assert fit_size(837, 480, other, log_height=log) == fit_size(837, 480, other)


def playing_to_the_end(css: tuple[float, float], ratio: float) -> Screen:
    s = Screen(["You", GreedyPlayer()], css=css, ratio=ratio, seed=11)
    rng = random.Random(11)
    while not s.game.is_over:
        s.c.select(rng.randrange(len(s.c.hand())))
        s.c.place(rng.choice(sorted(s.game.legal_cells())))
    return s


def texts(pen: Pen) -> list[tuple[str, float, float, float]]:
    """Each text drawn: its words, x, y and font size (in the painter's CSS pixels)."""
    out, size = [], 0.0
    for name, args in pen.ops:
        if name == "=" and args[0] == "font":
            match = FONT.search(args[1])
            assert match is not None
            size = float(match.group(1))
        elif name == "fill_text":
            out.append((str(args[0]), float(args[1]), float(args[2]), size))
    return out


def painted(s: Screen | Session) -> Pen:
    """The play picture as the widget paints it (a play screen writes nothing over it)."""
    c = s.c if isinstance(s, Screen) else s
    assert c.overlay() is None
    pen = Pen()
    paint(pen, c.geometry, c.scene)
    return pen


def classes(w: DweebiesWidget) -> list[str]:
    """The widget's CSS classes, as the page gets them."""
    return list(w.get_state()["_dom_classes"])


def test_the_end_banner_fits_the_table_band_at_150_percent_zoom() -> None:
    other = room_besides_canvas(2)
    css = fit_size(837, 480, other)
    s = playing_to_the_end(css, 1.5)
    assert s.c.scene.banner
    bx, by, bw, bh = s.g.css.table_band
    rest = " ".join(s.c.scene.banner[1:])
    title = s.c.scene.banner[0]
    banner = [t for t in texts(painted(s)) if t[0] == title or (len(t[0]) > 12 and t[0] in rest)]
    assert banner
    for text, x, y, size in banner:
        assert by <= y - size / 2 and y + size / 2 <= by + bh, text
        assert bx <= x - text_width(text, size, True) / 2 - 1 < x + text_width(text, size) / 2
        assert x + min(text_width(text, size, True), bw) / 2 <= bx + bw + 1, text


def test_the_hand_over_curtain_fits_its_band_at_150_percent_zoom() -> None:
    css = fit_size(837, 480, room_besides_canvas(2))
    s = Screen(["Ana", "Ben"], css=css, ratio=1.5, seed=5)
    s.click_hand(0)
    s.click_cell((0, 0))
    assert s.c.scene.curtain is not None
    hx, hy, hw, hh = s.g.css.hand_band
    curtain = [t for t in texts(painted(s)) if t[0] in s.c.scene.curtain]
    assert curtain
    for text, x, y, size in curtain:
        assert hy <= y - size / 2 and y + size / 2 <= hy + hh, text
        assert hx <= x <= hx + hw


# ---------------------------------------------------------------------------- text sizes
def css_rule(selector: str) -> str:
    return CSS[CSS.index(selector + " {") :].split("}")[0]


def test_status_buttons_and_log_are_16_px_and_24_in_presentation_mode() -> None:
    assert TEXT_PX >= 16 and PRESENTATION_TEXT_PX >= 1.5 * TEXT_PX
    assert f"--dweebies-text: {TEXT_PX}px" in css_rule(".dweebies-widget")
    assert f"--dweebies-text: {PRESENTATION_TEXT_PX}px" in css_rule(
        f".dweebies-widget.{PRESENTATION}"
    )
    sized = CSS[: CSS.index("font-size: var(--dweebies-text)")]
    for part in (".dweebies-status", ".dweebies-log", ".widget-button", ".widget-toggle-button"):
        assert f".dweebies-widget {part}" in sized[sized.rindex("/*") :]


def test_presentation_mode_is_an_option_and_a_toggle() -> None:
    w = DweebiesWidget(["Ana", GreedyPlayer()], seed=7, ai_delay=0, presentation=True)
    assert PRESENTATION in classes(w) and w.presentation and w.session.presentation
    assert w.buttons.big.value and w.buttons.big.description == "Big"
    w.buttons.big.value = False  # pressed again
    assert PRESENTATION not in classes(w) and not w.session.presentation
    plain = DweebiesWidget(["Ana", GreedyPlayer()], seed=7, ai_delay=0)
    assert PRESENTATION not in classes(plain) and not plain.buttons.big.value
    assert plain.session.geometry.css.width == w.session.geometry.css.width
    plain.buttons.big.value = True
    assert PRESENTATION in classes(plain) and plain.session.presentation
    assert plain.session.geometry.ratio == PRESENTATION_SCALE * plain.pixel_ratio


def font_sizes_css(c: Session) -> list[float]:
    """Every canvas text's size in CSS pixels (the painter draws in layout units, each
    ``geometry.ratio / pixel_ratio`` CSS pixels)."""
    k = c.geometry.ratio / c.pixel_ratio
    return [size * k for _, _, _, size in texts(painted(c))]


@pytest.mark.parametrize("seed", range(6))
def test_presentation_mode_draws_every_canvas_text_at_18_css_px_or_more(seed: int) -> None:
    for s in walk(seed, css=(1264, 587), ratio=2):
        if s.c.game.is_over or random.Random(len(s.game.history)).random() < 0.7:
            continue
        c = s.c
        plain = font_sizes_css(c)
        c.presentation = True
        big = font_sizes_css(c)
        c.presentation = False
        assert big and min(big) >= 1.5 * 12, sorted(set(big))[:3]
        assert min(big) >= PRESENTATION_SCALE * min(plain) - 0.1


def test_presentation_mode_lays_the_canvas_out_bigger_and_as_sharp() -> None:
    s = Screen(["Ana", GreedyPlayer()], css=(1264, 587), ratio=2)
    plain = s.g
    s.c.presentation = True
    big = s.g
    assert (big.width, big.height) == (plain.width, plain.height)  # the same backing store
    assert big.ratio == PRESENTATION_SCALE * plain.ratio
    k = PRESENTATION_SCALE
    assert big.cell_size == pytest.approx((k * plain.cell_size[0], k * plain.cell_size[1]))
    assert big.hand_box(0)[2] >= 1.25 * plain.hand_box(0)[2]  # (a hand that fits its band)
    s.click_hand(1)  # events still land where the bigger picture shows them
    assert s.c.selected == 1


def test_presentation_mode_keeps_a_very_short_canvas_playable() -> None:
    # Presentation mode at 150 % zoom: a 271-pixel canvas is drawn at its usual size.
    s = Screen(["Ana", GreedyPlayer()], css=(837, 271), ratio=1.5)
    plain = s.g
    s.c.presentation = True
    assert s.g == plain
    s = Screen(["Ana", GreedyPlayer()], css=(1264, 450), ratio=1.5)  # but 450 is enough
    s.c.presentation = True
    assert s.g.ratio == PRESENTATION_SCALE * 1.5


def test_the_static_picture_in_presentation_mode_has_the_canvas_size() -> None:
    plain = DweebiesWidget(["Ana", GreedyPlayer()], seed=7, ai_delay=0)
    big = DweebiesWidget(["Ana", GreedyPlayer()], seed=7, ai_delay=0, presentation=True)
    size = re.compile(r'^<svg [^>]*width="(\d+)" height="(\d+)"')
    a, b = size.search(plain._repr_svg_()), size.search(big._repr_svg_())
    assert a and b and a.group(1) == b.group(1) == str(plain.display_size[0])
    assert font_sizes_css(big.session) and min(font_sizes_css(big.session)) >= 18


# ---------------------------------------------------------------------------- the hand's order
@pytest.mark.parametrize("seed", range(12))
def test_the_hand_keeps_its_order_after_a_move(seed: int) -> None:
    s = Screen(["You", GreedyPlayer()], seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not s.game.is_over and moves < 25:
        before = s.c.hand()
        i = rng.randrange(len(before))
        s.c.key(str(i + 1))  # number keys pick in the order shown
        assert s.c.picked_dweebie() == before[i]
        s.c.place(rng.choice(sorted(s.game.legal_cells())))
        if s.game.is_over:
            break
        after = s.c.hand()
        kept = before[:i] + before[i + 1 :]
        assert after[: len(kept)] == kept  # the cards still held keep their places
        assert sorted(after) == sorted(s.game.hand(0))  # and the game says which they are
        assert list(s.c.scene.hand) == list(after)
        moves += 1
    assert moves >= 5


def test_clicks_hints_and_words_follow_the_order_shown() -> None:
    s = Screen(["You", GreedyPlayer()], seed=4)
    for _ in range(3):
        s.click_hand(0)
        s.click_cell(sorted(s.game.legal_cells())[0])
    shown = s.c.hand()
    assert shown != s.game.hand(0)  # a drawn card went to the end, not into its sorted place
    for j in range(len(shown)):
        s.click_hand(j)
        assert s.c.picked_dweebie() == shown[j]
        s.click_hand(j)  # dropped again
    move = s.c.hint()
    assert move is not None and s.c.selected is not None
    assert s.c.hand()[s.c.selected] == move.dweebie
    names = [NAMES[d] for d in shown]
    line = next(t for t in s.c.describe().splitlines() if names[0] in t and names[-1] in t)
    assert [line.index(n) for n in names] == sorted(line.index(n) for n in names)


def test_an_undo_shows_the_hand_as_it_was() -> None:
    s = Screen(["You", GreedyPlayer()], seed=2)
    s.click_hand(0)
    s.click_cell((0, 0))
    s.click_hand(2)
    s.click_cell(sorted(s.game.legal_cells())[0])
    before = s.c.hand()
    s.click_hand(1)
    s.click_cell(sorted(s.game.legal_cells())[0])
    s.c.undo()
    assert s.c.hand() == before


def test_a_new_game_shows_its_hand_as_dealt() -> None:
    s = Screen(["You", GreedyPlayer()], seed=2)
    s.click_hand(0)
    s.click_cell((0, 0))
    s.c.new_game(9)
    assert s.c.hand() == s.game.hand(0)


# ---------------------------------------------------------------------------- focus
def test_the_keyboards_focus_shows_the_cursor_at_once() -> None:
    w = DweebiesWidget(["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0)
    assert w.session.cursor is None
    deliver_event(w.companion, {"event": "focus"})  # Tab reached the canvas
    assert w.session.cursor == (0, 0) == w.session.scene.cursor  # the centre, on an empty table
    assert w.session.announcement.startswith("Cursor (0, 0)")
    click_hand(w, 0)
    click_cell(w, (0, 0))
    deliver_event(w.companion, {"event": "focus"})
    assert w.session.cursor == w.game.last_move.cell  # after a move: on the last one
    assert not w.errors


def test_the_focus_ring_is_drawn_all_round_inside_the_canvas() -> None:
    rule = css_rule(".dweebies-widget canvas:focus-visible:not([data-pointer])")
    width = re.search(r"outline: (\d+)px solid", rule)
    offset = re.search(r"outline-offset: (-?\d+)px", rule)
    assert width and offset and int(offset.group(1)) == -int(width.group(1))
