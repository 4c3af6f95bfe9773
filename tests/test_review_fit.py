"""Review and replay fit the whole table; the table's cards are never smaller than the hand's
where it has room; "What do they hold?" stands beside the table; one number a move, hindsight
behind More.

The layout is checked on the geometry's own numbers for tables taken from seeded whole games
(1 to 40 cards and the cells lit around them), on the canvases a class uses: a 1440 x 900
laptop, a 768 x 1024 tablet, a 1280 x 720 projector and the same projector at 150 % browser
zoom (853 x 480 CSS pixels at 1.5 canvas pixels each).  The review screen is then driven as a
person drives it (the session's methods, the review bar's buttons).
"""

from __future__ import annotations

import functools
import html
import random

import pytest
from screen import Screen

from dweebies_widget import DweebiesWidget, Game, Placement
from dweebies_widget.ai import ExpertPlayer, GreedyPlayer, Review, review
from dweebies_widget.grid import Cell
from dweebies_widget.widget import words
from dweebies_widget.widget.geometry import GRAPH_H, MIN_TAP, Box, Geometry
from dweebies_widget.widget.lookback import LOOKING_BACK, REVIEW_LINES
from dweebies_widget.widget.replay import NO_HINDSIGHT_YET
from dweebies_widget.widget.table import ZOOM_STEP

ANALYST = ExpertPlayer(simulations=6)
"""A small budget: these tests check the screen, not the quality of the judgement."""
CANVASES = {
    "laptop 1440x900": ((1440, 900), 1.0),
    "tablet 768x1024": ((768, 1024), 2.0),
    "projector 1280x720": ((1280, 720), 1.0),
    "projector at 150 %": ((853, 480), 1.5),
}
"""CSS size and canvas pixels per CSS pixel of each screen."""
EPS = 1e-6


@functools.cache
def whole_game(players: int, seed: int) -> Game:
    """A whole game of random moves (the same for a seed)."""
    game = Game(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.play_random(rng)
    return game


def positions() -> list[set[Cell]]:
    """Tables of 1 to 40 cards from seeded whole games, each with the cells lit around it:
    what the screen fits."""
    tables = []
    for players, seed in ((2, 1), (3, 2), (4, 3), (6, 4)):
        game = whole_game(players, seed)
        for k in range(1, len(game.history) + 1):
            position = game.after(k)
            if 1 <= len(position.board) <= 40 and k % 3 == 0:
                tables.append(set(position.board) | set(position.legal_cells()))
    return tables


def css_layout(name: str, cells: set[Cell], **options: object) -> Geometry:
    """The layout of ``cells`` and a hand of five on canvas ``name``, in CSS pixels."""
    (w, h), ratio = CANVASES[name]
    g = Geometry.fit(w * ratio, h * ratio, cells, 5, ratio=ratio, **options)  # type: ignore[arg-type]
    return g.css


def inside(inner: Box, outer: Box) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox - EPS <= x and oy - EPS <= y and x + w <= ox + ow + EPS and y + h <= oy + oh + EPS


def overlap(a: Box, b: Box) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + EPS < bx + bw and bx + EPS < ax + aw and ay + EPS < by + bh and by + EPS < ay + ah


def span(cells: set[Cell]) -> tuple[int, int]:
    """Rows and columns the table shows: the cells and one of margin all round."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return max(rows) - min(rows) + 3, max(cols) - min(cols) + 3


LAYOUTS = {
    "play": {"min_cell": MIN_TAP},
    "review": {"graph": GRAPH_H},
    "review, holds shown": {"graph": GRAPH_H, "holds": True},
}
"""The layouts of the screens: play (cells a finger can hit), looking back (the whole table,
the graph) and "What do they hold?" beside it."""


# ---------------------------------------------------------------------------- the geometry
@pytest.mark.parametrize("canvas", CANVASES)
@pytest.mark.parametrize("screen", LAYOUTS)
def test_the_tables_cards_are_never_smaller_than_the_hands_where_the_table_has_room(
    canvas: str, screen: str
) -> None:
    for cells in positions():
        g = css_layout(canvas, cells, **LAYOUTS[screen])
        table_card, hand_card = g.card_box((0, 0))[2], g.hand_box(0)[2]
        rows, cols = span(cells)
        _, _, band_w, band_h = g.table_band
        room = g.hand_scale * 84 * cols <= band_w + EPS and g.hand_scale * 106 * rows <= band_h
        if room:  # the whole table fits with cards as big as the hand's
            assert table_card >= hand_card - EPS, (canvas, screen, len(cells))
        assert hand_card >= MIN_TAP - EPS  # the hand stays a fingertip wide


@pytest.mark.parametrize("size", [(900, 720), (768, 1024), (1280, 720), (1440, 900)])
def test_an_almost_empty_table_has_cards_as_big_as_the_hands(size: tuple[int, int]) -> None:
    lit = {(-1, 0), (0, -1), (0, 1)}
    for cards in ({(0, 0)}, {(0, 0), (1, 0)}):  # one card, then two, and their lit cells
        cells = cards | lit | {(max(r for r, _ in cards) + 1, 0)}
        for screen in ("play", "review"):
            g = Geometry.fit(*size, cells, 5, **LAYOUTS[screen])  # type: ignore[arg-type]
            assert g.card_box((0, 0))[2] >= g.hand_box(0)[2] - EPS, (size, screen, cards)


def test_the_hand_keeps_its_size_where_a_smaller_one_gives_the_table_no_room() -> None:
    first = {(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)}
    g = css_layout("projector at 150 %", first, **LAYOUTS["play"])
    assert g.side and g.hand_box(0)[2] == 76  # beside the table, it takes none of its height
    assert g.table_band[3] == 480 - g.bar_band[3]


def test_the_hand_shrinks_first_and_no_further_than_the_table_needs() -> None:
    column = {(r, 0) for r in range(4)}  # four cards in a column at 900 x 720
    g = Geometry.fit(900, 720, column, 5, min_cell=MIN_TAP)
    full = Geometry.fit(900, 720, {(0, 0)}, 5, min_cell=MIN_TAP)
    assert g.hand_box(0)[2] < full.hand_box(0)[2] == 76  # the hand gave the table room
    assert abs(g.card_box((0, 0))[2] - g.hand_box(0)[2]) < 0.5  # as big as each other
    assert g.table_band[3] > full.table_band[3]


@pytest.mark.parametrize("canvas", CANVASES)
@pytest.mark.parametrize("screen", LAYOUTS)
def test_the_table_keeps_most_of_the_height_and_every_band_has_its_own_room(
    canvas: str, screen: str
) -> None:
    (w, h), _ = CANVASES[canvas]
    short = h <= 720
    for cells in positions()[::4]:
        g = css_layout(canvas, cells, **LAYOUTS[screen])
        _, _, table_w, table_h = g.table_band
        assert table_h >= (0.85 if short else 0.6) * h, (canvas, screen, g.table_band)
        assert table_w >= 0.3 * w
        bands = [g.bar_band, g.table_band, g.hand_band]
        bands += [b for b in (g.graph_band, g.holds_band) if b[2] and b[3]]
        assert bool(g.graph_band[3]) == ("graph" in LAYOUTS[screen])
        assert bool(g.holds_band[3]) == ("holds" in LAYOUTS[screen])
        for i, band in enumerate(bands):
            assert inside(band, (0, 0, w, h)), (canvas, screen, band)
            assert not any(overlap(band, other) for other in bands[i + 1 :]), (canvas, screen)
        for i in range(5):
            assert inside(g.hand_box(i), g.hand_band)


def test_what_they_hold_stands_beside_the_table_on_a_wide_screen_and_under_it_on_a_phone() -> None:
    cells = set(whole_game(2, 1).board)
    wide = Geometry.fit(1280, 720, cells, 5, graph=GRAPH_H, holds=True)
    assert wide.holds_band[0] >= wide.table_band[0] + wide.table_band[2] - EPS
    assert wide.holds_band[3] == wide.table_band[3]
    phone = Geometry.fit(390, 700, {(0, c) for c in range(6)}, 5, graph=GRAPH_H, holds=True)
    assert phone.holds_band[1] >= phone.table_band[1] + phone.table_band[3] - EPS
    assert phone.holds_band[2] == phone.table_band[2]


def test_the_graph_takes_none_of_the_tables_height_beside_it() -> None:
    cells = set(whole_game(3, 2).board)
    with_graph = Geometry.fit(1280, 720, cells, 5, ratio=1.5, graph=GRAPH_H).css
    without = Geometry.fit(1280, 720, cells, 5, ratio=1.5).css
    assert with_graph.side and with_graph.table_band[3] == without.table_band[3]
    gx, gy, gw, gh = with_graph.graph_band
    hx, hy, hw, hh = with_graph.hand_band
    assert gx == hx and gy >= hy + hh - EPS and gh >= GRAPH_H  # under the hand's cards
    plot_w = with_graph.graph_plot[2]
    assert plot_w / 55 >= 4  # each move of a whole game gets a column a mouse can hit


# ---------------------------------------------------------------------------- the screen
@pytest.mark.parametrize("canvas", CANVASES)
def test_review_shows_the_whole_table_at_every_step_of_whole_games(canvas: str) -> None:
    css, ratio = CANVASES[canvas]
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = whole_game(players, seed)
        s = Screen([f"P{i + 1}" for i in range(players)], css=css, ratio=ratio, game=game.copy())
        s.c.open_replay()
        replay = s.c.replay
        assert replay is not None
        for step in range(replay.steps + 1):
            s.c.go_to(step)
            scene, g = s.c.scene, s.g
            shown = set(scene.board) | {m.cell for m in scene.moves}
            hidden = [cell for cell in shown if not g.visible(cell)]
            assert not hidden, (canvas, players, step, hidden)
            assert inside(g.graph_band, (0, 0, g.width, g.height))


def test_what_they_hold_stands_beside_the_review_table() -> None:
    s = Screen(["Ana", GreedyPlayer()], css=(853, 480), ratio=1.5, game=whole_game(2, 1).copy())
    s.c.open_replay()
    s.c.go_to(30)
    s.c.show_holds(True)
    g = s.g
    assert s.c.scene.holds is not None and g.holds_band[2] and g.holds_band[3]
    assert not overlap(g.holds_band, g.table_band)
    assert all(g.visible(cell) for cell in s.c.scene.board)  # the table is still there


@pytest.mark.parametrize("canvas", CANVASES)
def test_fit_and_zoom_in_the_review_bar_change_the_view(canvas: str) -> None:
    (w, h), ratio = CANVASES[canvas]
    game = whole_game(2, 1)
    widget = DweebiesWidget.replay(game, ["Ana", "Ben"], width=w, height=h, pixel_ratio=ratio)
    bar = widget.review_bar
    assert bar.zoom_fit.description == "Fit" and bar.zoom_in.tooltip.startswith("Zoom in")
    assert bar.zoom_out.tooltip.startswith("Zoom out")
    assert all(b in bar.box.children for b in (bar.zoom_out, bar.zoom_fit, bar.zoom_in, bar.more))
    bar.last.click()
    fitted = widget.geometry
    assert all(fitted.visible(cell) for cell in game.board)
    bar.zoom_in.click()
    assert widget.zoom_level == ZOOM_STEP
    assert widget.geometry.cell_size[0] == pytest.approx(fitted.cell_size[0] * ZOOM_STEP)
    bar.zoom_in.click()
    assert not all(widget.geometry.visible(cell) for cell in game.board)  # a part of it
    bar.zoom_out.click()
    assert widget.zoom_level == pytest.approx(ZOOM_STEP)
    bar.zoom_fit.click()
    assert widget.zoom_level == 1 and widget.geometry == fitted
    assert widget.errors == []


# ---------------------------------------------------------------------------- one number a move
@functools.cache
def reviewed() -> tuple[Game, Review]:
    """Six moves of a two-seat game, and their review."""
    game = Game(2, seed=5)
    rng = random.Random(1)
    for _ in range(6):
        game.play_random(rng)
    return game, review(game, ANALYST, names=["Ana", "Ben"], executor=None, progress=False)


def test_one_number_a_move_and_hindsight_behind_more() -> None:
    game, result = reviewed()
    widget = DweebiesWidget.replay(game, ["Ana", "Ben"], review=result)
    bar, replay = widget.review_bar, widget.session.replay
    assert replay is not None
    lines = widget.status_text().splitlines()
    assert len(lines) <= REVIEW_LINES and lines[0].count("%") == 1
    assert lines[0] == f"Move 1 of 6: {words.judged_text(result.moves[0], widget.labels)}."
    assert not bar.more.value and bar.hindsight.layout.display == "none"
    assert "seen every card" not in widget.status_text() + widget.companion.description
    bar.more.value = True  # More: hindsight under the row, said and described
    hindsight = words.hindsight_line(result.moves[0], widget.labels, None)
    assert bar.hindsight.layout.display != "none" and bar.hindsight.value == html.escape(hindsight)
    assert hindsight.startswith("Had Ana seen every card")
    assert hindsight in widget.session.announcement and hindsight in widget.companion.description
    assert widget.status_text().splitlines()[0] == lines[0]  # the status does not change
    bar.forward.click()  # it follows the move shown, and stays on
    later = words.hindsight_line(result.moves[1], widget.labels, None)
    assert bar.more.value and bar.hindsight.value == html.escape(later)
    assert later in widget.session.announcement
    bar.more.value = False
    assert bar.hindsight.layout.display == "none" and bar.hindsight.value == ""
    assert widget.errors == []


def test_a_teachers_screen_shows_hindsight_from_the_start() -> None:
    game = whole_game(2, 1)
    s = Screen(["Ana", "Ben"], game=game.copy(), review=True)
    assert s.c.looking.more_on
    widget = DweebiesWidget(["Ana", "Ben"], game=game.copy(), review=True)
    widget.session.open_replay()
    bar = widget.review_bar
    assert bar.more.value and bar.hindsight.value == html.escape(NO_HINDSIGHT_YET)
    placements = [a for a in game.history if isinstance(a, Placement)]
    assert widget.session.replay is not None and widget.session.replay.steps == len(placements)


def test_the_review_status_has_three_lines_the_move_first_then_the_newest_news() -> None:
    for players, seed in ((2, 1), (4, 3)):
        game = whole_game(players, seed)
        s = Screen([f"P{i + 1}" for i in range(players)], game=game.copy(), review=True,
                   reviewer=lambda job: lambda: None)  # fmt: skip
        s.c.open_review()  # judging (never answers here): where it is goes last
        replay = s.c.replay
        assert replay is not None and replay.progress is not None
        for step in range(0, replay.steps + 1, 5):
            s.c.go_to(step)
            lines = s.c.status_lines()
            assert len(lines) <= REVIEW_LINES == s.c.mode.budget
            assert lines[0] == replay.status_lines()[0] and lines[-1].startswith("Reviewing")
            s.c.undo()  # refused while looking back: the newest news comes second
            lines = s.c.status_lines()
            assert len(lines) == REVIEW_LINES and lines[1] == LOOKING_BACK, lines
            assert lines[0] == replay.status_lines()[0]
