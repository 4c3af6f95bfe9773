"""Labels on the canvas never overlap, each stays on its own cell, and no text is under 12 CSS
pixels: checked on the scene data and on the recorded drawing of many generated positions
of every screen (play, the guided game, puzzles, review), at a 1280x720 projector, at
1280x720 under 150 % zoom (853x480 CSS pixels at 1.5 canvas pixels each) and on a 768x1024
tablet at 2.

The labels checked are the ones the painter draws (:func:`scene_labels` is its list), and
the font sizes are read from what was drawn."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from helpers import played

from dweebies_widget import Game
from dweebies_widget.cards import NUM_DWEEBIES
from dweebies_widget.grid import Cell
from dweebies_widget.puzzles import Puzzle
from dweebies_widget.widget.charts import Graph, contrast, heat_colour, heat_ink, heat_shades
from dweebies_widget.widget.geometry import GRAPH_H, MIN_TAP, Geometry
from dweebies_widget.widget.labels import Label, contains, overlaps, scene_labels
from dweebies_widget.widget.overlay import Overlay
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.position import scene_of, table_cells
from dweebies_widget.widget.puzzle import PuzzleBoard
from dweebies_widget.widget.puzzle_set import shipped
from dweebies_widget.widget.scene import HeatKey, MoveMark, Scene, SeatInfo
from dweebies_widget.widget.timing import ManualClock
from dweebies_widget.widget.tutorial import Tutorial

SIZES = ((1280, 720, 1.0), (853, 480, 1.5), (768, 1024, 2.0))
"""CSS width, CSS height and canvas pixels per CSS pixel."""
PER_SCREEN = 201
"""Generated positions per screen (a third at each size)."""
NAMES = ("You", "A", "Ana", "Professor Longname of Somewhere", "Greedy (computer)", "Player 4")

Case = tuple[Scene, Geometry, Overlay | None]


# ---------------------------------------------------------------------------- the checks
def check(scene: Scene, g: Geometry, overlay: Overlay | None = None) -> list[Label]:
    """No two labels overlap, each label of a cell lies inside it, none is under 12 px; and
    what is drawn is at least 12 CSS px too.  Returns the labels."""
    labels = scene_labels(scene, g, overlay)
    css = g.css
    for label in labels:
        if label.cell is not None:
            assert contains(css.cell_box(label.cell), label.box), label
        if label.text:
            assert label.size >= 12, label
    boxes = sorted(labels, key=lambda label: label.box[0])
    for i, a in enumerate(boxes):  # a sweep along x: only neighbours can overlap
        for b in boxes[i + 1 :]:
            if b.box[0] >= a.box[0] + a.box[2]:
                break
            assert not overlaps(a.box, b.box), (a, b)
    # Nothing of the score bar or the hand's numbers is left off to make room.
    assert len([label for label in labels if label.part == "bar"]) == 3 * len(scene.seats) + 2
    numbers = [label for label in labels if label.kind == "number"]
    assert len(numbers) == (len(scene.hand) if scene.curtain is None else 0)
    sizes, texts = drawn(scene, g, overlay)
    assert min(sizes, default=12.0) >= 12 - 1e-6
    # What the list says is what is drawn: each label's text, in its box.
    for label in labels:
        if label.text and label.part != "face":
            x, y, w, h = label.box
            assert any(
                t == label.text and x - 0.2 <= tx <= x + w + 0.2 and y <= ty <= y + h
                for t, tx, ty in texts
            ), label
    return labels


def drawn_sizes(scene: Scene, g: Geometry, overlay: Overlay | None) -> list[float]:
    return drawn(scene, g, overlay)[0]


def drawn(
    scene: Scene, g: Geometry, overlay: Overlay | None
) -> tuple[list[float], list[tuple[str, float, float]]]:
    """The font size of every text drawn, in CSS pixels (the size set, times the canvas
    transform's scale, divided by the pixel ratio), and every text filled with where (CSS
    pixels)."""
    pen = Pen()
    paint(pen, g, scene, overlay)
    scale, stack, font = 1.0, [], "10px"
    sizes: list[float] = []
    texts: list[tuple[str, float, float]] = []
    for name, args in pen.ops:
        if name == "save":
            stack.append(scale)
        elif name == "restore":
            scale = stack.pop() if stack else 1.0
        elif name == "set_transform":
            scale = float(args[0])
        elif name == "=" and args[0] == "font":
            font = str(args[1])
        elif name in ("fill_text", "stroke_text"):
            size = float(font.removeprefix("bold ").split("px")[0])
            sizes.append(size * scale / g.ratio)
            k = scale / g.ratio
            texts.append((str(args[0]), float(args[1]) * k, float(args[2]) * k))
    return sizes, texts


def geometry(
    scene: Scene, size: tuple[int, int, float], rng: random.Random | None = None
) -> Geometry:
    """The layout a play screen gives ``scene`` (as its table does), zoomed now and then
    (with ``rng``)."""
    w, h, ratio = size
    cells = table_cells(scene)
    zoom = 1.0 if rng is None or rng.random() < 0.7 else rng.uniform(1.0, 2.5)
    return Geometry.fit(
        w * ratio, h * ratio, cells, len(scene.hand), zoom, scene.last, ratio=ratio,
        min_cell=MIN_TAP, graph=GRAPH_H if scene.graph is not None else 0.0,
    )  # fmt: skip


def empty_cells(game: Game, rng: random.Random, n: int) -> list[Cell]:
    near = sorted(
        {(r + dr, c + dc) for r, c in game.board for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
        - game.board.keys()
    ) or [(0, 0)]
    return rng.sample(near, min(n, len(near)))


# ---------------------------------------------------------------------------- the screens
def play_cases(seed: int) -> Iterator[Case]:
    """Seeded random games at random points, seen from the seat to play, with what a play
    screen adds: a picked card and its lit cells, a hover preview, the hint and its heat
    map, other seats' marks (also on cells emptied since), what the last move took and the
    cards flashing, a refused cell, the keyboard cursor, the coordinates on or off."""
    rng = random.Random(seed)
    for i in range(PER_SCREEN):
        players = rng.randint(2, 6)
        game = played(Game(players=players, seed=rng.randrange(10**6)), rng.randrange(0, 70),
                      seed=rng.randrange(10**6))  # fmt: skip
        names = rng.sample(NAMES, players)
        over = game.is_over
        scene = scene_of(game, names=names, viewer=None if over else game.current_player,
                         labels=rng.random() < 0.8)  # fmt: skip
        changes: dict[str, object] = {}
        legal = sorted(game.legal_cells()) if not over else []
        if scene.hand and legal and rng.random() < 0.85:
            picked = rng.randrange(len(scene.hand))
            d = scene.hand[picked]
            changes.update(selected=picked, lit=frozenset(legal), link=game.is_split)
            if rng.random() < 0.5:
                values = {cell: rng.uniform(0.3, 0.7) for cell in legal}
                changes.update(
                    heat=heat_shades(values),
                    heat_text={c: f"{100 * v:.0f}%" for c, v in values.items()},
                    heat_key=HeatKey("Your chance to win", "worst", "best"),
                )
            if rng.random() < 0.5:
                changes["hint"] = (picked, rng.choice(legal))
            if rng.random() < 0.5:
                cell = rng.choice(legal)
                taken = frozenset(rng.sample(sorted(game.board), min(3, len(game.board))))
                changes["preview"] = (cell, d, taken)
        if game.board and rng.random() < 0.5:
            collected = frozenset(rng.sample(sorted(game.board), min(4, len(game.board))))
            board = {c: d for c, d in game.board.items() if c not in collected}
            changes.update(board=board, taken=collected | scene.taken)
            if rng.random() < 0.5:
                changes["flash"] = tuple((c, game.board[c]) for c in sorted(collected))
            # other seats' marks, some on the cells just emptied: no tag may stay there
            marked = rng.sample(sorted(game.board), min(3, len(game.board)))
            changes["marks"] = tuple((c, rng.choice(names)) for c in marked)
        if rng.random() < 0.3:
            changes["refused"] = rng.choice(empty_cells(game, rng, 3))
        if rng.random() < 0.3:
            changes["cursor"] = rng.choice(empty_cells(game, rng, 3))
        shown = replace(scene, **changes)  # type: ignore[arg-type]
        yield shown, geometry(shown, SIZES[i % 3], rng), None


def tutorial_cases(seed: int) -> Iterator[Case]:
    """The guided game played by random clicks (refused ones too) through its guided turns
    into free play, hints asked now and then, a new guided game after each end."""
    rng = random.Random(seed)
    count = 0
    while count < PER_SCREEN:
        w, h, ratio = SIZES[count % 3]
        clock = ManualClock()
        t = Tutorial(scheduler=clock, ai_delay=0, flash=0, width=round(w * ratio),
                     height=round(h * ratio), pixel_ratio=ratio)  # fmt: skip
        for _ in range(60):
            if t.game.is_over or count >= PER_SCREEN:
                break
            hand = t.hand()
            if hand:
                t.select(rng.randrange(len(hand)))
                if rng.random() < 0.3:
                    t.hint()
                yield t.scene, t.geometry, t.overlay()
                count += 1
                legal = sorted(t.game.legal_cells())
                if legal and count < PER_SCREEN:
                    t.place(rng.choice(legal) if rng.random() < 0.8 else (9, 9))
                    yield t.scene, t.geometry, t.overlay()
                    count += 1
            clock.run_all()


def puzzle_cases(seed: int) -> Iterator[Case]:
    """Every kind of shipped puzzle: cells marked in ``where`` puzzles (the taken ones too),
    wrong and right answers (an endgame's only picked), cards picked, every hint shown."""
    rng = random.Random(seed)
    puzzles: list[Puzzle] = list(shipped())
    count = 0
    while count < PER_SCREEN:
        puzzle = rng.choice(puzzles)
        w, h, ratio = SIZES[count % 3]
        clock = ManualClock()
        board = PuzzleBoard(puzzle, scheduler=clock, width=round(w * ratio),
                            height=round(h * ratio), pixel_ratio=ratio)  # fmt: skip
        game = board.game
        for _ in range(4):
            if board.where:
                for cell in empty_cells(game, rng, rng.randint(1, 4)) + sorted(board.scene.taken):
                    board.mark(cell)
            elif board.hand():
                board.select(rng.randrange(len(board.hand())))
            if rng.random() < 0.5:
                board.show_hint(puzzle.hint(rng.randrange(3)))
            yield board.scene, board.geometry, board.overlay()
            count += 1
            if board.where:
                board.check()
            elif board.scene.lit and puzzle.kind != "endgame":  # (its check searches long)
                board.place(rng.choice(sorted(board.scene.lit)))
            yield board.scene, board.geometry, board.overlay()
            count += 1
            clock.advance(rng.choice((0.0, 0.5, 5.0)))


def review_cases(seed: int) -> Iterator[Case]:
    """Games looked back on: the move played and the best one on the table and in the hand
    (one cell, one card, or two), under the graph of the chances."""
    rng = random.Random(seed)
    for i in range(PER_SCREEN):
        players = rng.randint(2, 4)
        game = played(Game(players=players, seed=rng.randrange(10**6)), rng.randrange(1, 50),
                      seed=rng.randrange(10**6))  # fmt: skip
        if game.is_over or not game.hand(game.current_player):
            continue
        names = rng.sample(NAMES, players)
        scene = scene_of(game, names=names, viewer=game.current_player)
        legal = sorted(game.legal_cells())
        hand = list(scene.hand)
        a, b = rng.randrange(len(hand)), rng.randrange(len(hand))
        cell = rng.choice(legal)
        best_cell = cell if rng.random() < 0.5 else rng.choice(legal)
        moves = (
            MoveMark(cell, hand[a], "played", a),
            MoveMark(best_cell, hand[b], "best", b),
        )
        steps = rng.randint(2, 80)
        lines = tuple(tuple(rng.random() for _ in range(steps + 1)) for _ in names)
        graph = Graph(steps, rng.randrange(steps + 1), tuple(names), lines)
        shown = replace(scene, moves=moves, graph=graph)
        yield shown, geometry(shown, SIZES[i % 3], rng), None


SCREENS = {
    "play": play_cases,
    "tutorial": tutorial_cases,
    "puzzle": puzzle_cases,
    "review": review_cases,
}


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_no_two_labels_overlap_and_each_stays_on_its_cell(screen: str) -> None:
    cases = 0
    kinds: set[str] = set()
    for scene, g, overlay in SCREENS[screen](seed=24):
        kinds |= {label.kind for label in check(scene, g, overlay)}
        cases += 1
    assert cases >= (PER_SCREEN if screen != "review" else 150)
    # The positions had something to label: names, tags, marks of every kind of the screen.
    expected = {
        "play": {"name", "seat", "coordinates", "heat", "taken", "cross", "hand", "number"},
        "tutorial": {"name", "coordinates", "number"},
        "puzzle": {"name", "tick", "hint", "card"},
        "review": {"name", "move", "number"},
    }[screen]
    assert expected <= kinds, expected - kinds


# ---------------------------------------------------------------------------- the rules
def test_a_collected_card_leaves_no_seat_tag_behind() -> None:
    game = played(Game(players=4, seed=3), 12, seed=5)
    names = ["You", "Ben", "Cy", "Player 4"]
    scene = scene_of(game, names=names, viewer=0)
    cell = sorted(game.board)[0]
    gone = {c: d for c, d in game.board.items() if c != cell}
    stray = replace(scene, board=gone, taken=frozenset({cell}), marks=((cell, "Player 4"),))
    g = geometry(stray, SIZES[0])
    labels = check(stray, g)
    assert not [label for label in labels if label.kind == "seat"]
    assert [label.text for label in labels if label.cell == cell] == ["taken"]
    kept = replace(scene, marks=((cell, "Player 4"),))
    assert "Player 4" in [label.text for label in check(kept, g) if label.cell == cell]


def test_taken_and_a_tick_share_a_cell_without_touching() -> None:
    """A ``where`` puzzle's tick on a cell the last move emptied: "taken" moves to the top."""
    game = played(Game(players=2, seed=3), 10, seed=5)
    cell = sorted(game.board)[0]
    board = {c: d for c, d in game.board.items() if c != cell}
    scene = replace(scene_of(game, names=["You", "Ben"], viewer=0), board=board,
                    taken=frozenset({cell}))  # fmt: skip
    g = geometry(scene, SIZES[0])
    labels = check(scene, g, Overlay(marks=frozenset({cell})))
    here = {label.kind: label for label in labels if label.cell == cell}
    assert set(here) == {"tick", "taken"}
    assert here["taken"].box[1] + here["taken"].box[3] <= here["tick"].box[1]


def test_played_and_best_as_one_move_get_one_tag_within_the_card() -> None:
    game = played(Game(players=2, seed=3), 10, seed=5)
    scene = scene_of(game, names=["You", "Ben"], viewer=game.current_player)
    cell, d = sorted(game.legal_cells())[0], scene.hand[0]
    both = replace(scene, moves=(MoveMark(cell, d, "played", 0), MoveMark(cell, d, "best", 0)))
    for size in SIZES:
        g = geometry(both, size)
        tags = [label for label in check(both, g) if label.kind == "move"]
        table = [t for t in tags if t.cell == cell]
        hand = [t for t in tags if t.cell is None]
        assert len(table) == len(hand) == 1
        assert table[0].text in ("played = best", "= best", "best")
        assert contains(g.css.cell_box(cell), table[0].box)  # not over the next cell
        assert hand[0].box[2] < g.css.hand_box(0)[2] + 14 * g.css.hand_scale  # nor card


def test_card_names_are_left_off_rather_than_drawn_small() -> None:
    board = {(r, c): (r * 9 + c) % NUM_DWEEBIES for r in range(6) for c in range(12)}
    scene = Scene(board=board, seats=[SeatInfo("You", 0, 1), SeatInfo("Ben", 0, 1)],
                  current=0, hand=(1,), hand_owner="You")  # fmt: skip
    small = Geometry.fit(600, 420, table_cells(scene), 1)
    assert small.css.cell_size[0] < 40
    sizes = drawn_sizes(scene, small, None)
    assert min(sizes) >= 12
    assert not [label for label in scene_labels(scene, small) if label.kind == "name"]


def test_heat_values_stand_out_on_every_shade_and_close_chances_look_close() -> None:
    for i in range(101):
        shade = heat_colour(i / 100)
        assert contrast(shade, heat_ink(i / 100)) >= 4.5
    close = heat_shades({(0, 0): 0.45, (0, 1): 0.5})
    assert 0.3 <= close[(0, 0)] < close[(0, 1)] <= 0.7  # no longer the whole scale
    far = heat_shades({(0, 0): 0.05, (0, 1): 0.95})
    assert far == {(0, 0): 0.0, (0, 1): 1.0}
