"""Tests of the static SVG picture (dweebies_widget/svg.py)."""

from __future__ import annotations

import hashlib
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import played

from dweebies_widget import Game, Rules
from dweebies_widget import palette as P
from dweebies_widget.cards import COPIES, FULL_DECK, LOOKS, NAMES, SHAPES
from dweebies_widget.svg import MAX_WIDTH, SvgPicture, draw_shape, render

NS = "{http://www.w3.org/2000/svg}"


# ---------------------------------------------------------------------------- helpers
def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def groups_of(root: ET.Element, css: str) -> list[ET.Element]:
    """Every ``<g class="css">`` in the picture."""
    return [g for g in root.iter(f"{NS}g") if g.get("class") == css]


def title_of(element: ET.Element) -> str:
    title = element.find(f"{NS}title")
    assert title is not None and title.text is not None
    return title.text


def all_text(root: ET.Element) -> str:
    """The visible text of the picture, one ``<text>`` per line."""
    return "\n".join("".join(t.itertext()) for t in root.iter(f"{NS}text"))


# ---------------------------------------------------------------------------- positions
def empty_game() -> Game:
    return Game(players=2, seed=7)


def mid_game() -> Game:
    return played(Game(players=2, seed=11), 14, seed=3)


def split_three_groups() -> Game:
    """Three groups that need 5 cards to join them."""
    return Game.from_position(
        board={(0, 0): 25, (0, 1): 3, (1, 1): 14, (0, 5): 7, (1, 5): 20, (4, 1): 2, (4, 2): 22},
        hands=[[1, 9, 18], [5, 10, 26]],
        pile=[4, 6, 8],
        scores=[2, 0],
    )


def split_by_collection() -> Game:
    """Zuzu at (0, 3) collects the row (0, 0)..(0, 3) and leaves three groups behind."""
    game = Game.from_position(
        board={(0, 0): 25, (0, 1): 3, (0, 2): 14, (-1, 1): 7, (1, 2): 20, (1, 0): 2, (2, 2): 11},
        hands=[[25, 9], [5, 10]],
        pile=[4, 6],
    )
    game.play(25, (0, 3))
    return game


def finished_game() -> Game:
    game = played(Game(players=3, seed=5), 200, seed=1)
    assert game.is_over
    return game


def six_players() -> Game:
    return played(Game(players=6, seed=2), 9, seed=2)


def owed_draws() -> Game:
    return played(Game(players=3, seed=4, rules=Rules(auto_draw=False)), 5, seed=5)


def forty_cards() -> Game:
    """A 5 x 8 table of 40 cards, the rest of the deck in two hands."""
    board = {(i // 8, i % 8): d for i, d in enumerate(FULL_DECK[:40])}
    rest = list(FULL_DECK[40:])
    return Game.from_position(board=board, hands=[rest[:5], rest[5:10]], pile=rest[10:])


POSITIONS: dict[str, Callable[[], Game]] = {
    "empty": empty_game,
    "mid-game": mid_game,
    "split-3-groups": split_three_groups,
    "split-by-collection": split_by_collection,
    "game-over": finished_game,
    "six-players": six_players,
    "owed-draws": owed_draws,
    "forty-cards": forty_cards,
}


@pytest.fixture(params=sorted(POSITIONS))
def game(request: pytest.FixtureRequest) -> Game:
    return POSITIONS[request.param]()


# ---------------------------------------------------------------------------- the document
@pytest.mark.parametrize("legal", [False, True])
@pytest.mark.parametrize("last", [False, True])
def test_picture_is_valid_xml_with_explicit_size(game: Game, legal: bool, last: bool) -> None:
    text = render(game, legal=legal, last=last)
    root = parse(text)
    assert root.tag == f"{NS}svg"
    width, height = int(root.attrib["width"]), int(root.attrib["height"])
    assert root.attrib["viewBox"] == f"0 0 {width} {height}"
    assert 0 < width <= MAX_WIDTH and height > 0


def test_same_game_gives_byte_identical_picture(game: Game) -> None:
    text = render(game, legal=True)
    assert render(game, legal=True) == text
    assert render(game.copy(), legal=True) == text
    assert render(Game.from_json(game.to_json()), legal=True) == text


def test_repr_svg_of_a_game_is_the_default_render(game: Game) -> None:
    assert game._repr_svg_() == render(game)


def test_forty_card_table_stays_small_and_fits_a_notebook() -> None:
    game = forty_cards()
    text = render(game, legal=True)
    assert len(text.encode("utf-8")) < 150_000
    assert int(parse(text).attrib["width"]) <= MAX_WIDTH


def test_a_long_line_of_cards_is_shrunk_to_the_maximum_width() -> None:
    board = {(0, c): d for c, d in enumerate(FULL_DECK[:30])}
    game = Game.from_position(board=board, hands=[[26], [26]], pile=[])
    root = parse(render(game))
    assert int(root.attrib["width"]) <= MAX_WIDTH
    assert len(groups_of(root, "dw-card")) == 30


# ---------------------------------------------------------------------------- the table
def test_every_card_on_the_table_is_drawn_with_its_tooltip(game: Game) -> None:
    root = parse(render(game))
    cards = groups_of(root, "dw-card")
    assert len(cards) == len(game.board)
    titles = sorted(title_of(g) for g in cards)
    expected = sorted(
        f"{NAMES[d]} ({d}), {COPIES[d]} cop{'y' if COPIES[d] == 1 else 'ies'}, at {cell}"
        for cell, d in game.board.items()
    )
    assert [t[: len(e)] for t, e in zip(titles, expected, strict=True)] == expected


def test_card_tooltip_reads_like_the_spec() -> None:
    game = Game.from_position(board={(0, 1): 25}, hands=[[1], [2]])
    (card,) = groups_of(parse(render(game)), "dw-card")
    assert title_of(card).startswith("Zuzu (25), 3 copies, at (0, 1)")


def test_card_shows_shape_colour_symbol_name_id_and_copy_dots() -> None:
    game = Game.from_position(board={(0, 0): 25}, hands=[[1], [2]])
    (card,) = groups_of(parse(render(game)), "dw-card")
    look = LOOKS[25]
    polygons = card.findall(f"{NS}polygon")  # Zuzu is a hexagon
    assert [p.get("fill") for p in polygons] == [look.colour]
    assert polygons[0].get("stroke") not in (None, "none", look.colour)
    texts = ["".join(t.itertext()) for t in card.iter(f"{NS}text")]
    assert look.symbol in texts and "Zuzu" in texts and "#25" in texts
    assert len(card.findall(f"{NS}circle")) == COPIES[25]  # the copy dots


def test_empty_table_shows_the_center() -> None:
    root = parse(render(empty_game()))
    (center,) = groups_of(root, "dw-center")
    assert "centre" in all_text(center)
    rect = center.find(f"{NS}rect")
    assert rect is not None and rect.get("stroke-dasharray")


def test_center_marker_only_on_an_empty_table() -> None:
    assert not groups_of(parse(render(mid_game())), "dw-center")


def test_coordinates_are_written_along_the_edges() -> None:
    game = Game.from_position(board={(0, 0): 4, (0, 1): 9}, hands=[[1], [2]])
    (coords,) = groups_of(parse(render(game)), "dw-coords")
    numbers = [t.text for t in coords.iter(f"{NS}text")]
    # columns -1..2 (one cell of margin), then rows -1..1
    assert numbers == ["-1", "0", "1", "2", "-1", "0", "1"]


# ---------------------------------------------------------------------------- markers
def test_legal_cells_are_marked_only_when_asked(game: Game) -> None:
    with_legal = parse(render(game, legal=True))
    marked = groups_of(with_legal, "dw-legal")
    assert len(marked) == len(game.legal_cells())
    assert sorted(title_of(g) for g in marked) == sorted(
        f"Legal cell {cell}" for cell in game.legal_cells()
    )
    assert not groups_of(parse(render(game, legal=False)), "dw-legal")


def test_legal_cells_show_their_coordinates() -> None:
    game = Game.from_position(board={(0, 0): 4}, hands=[[1], [2]])
    text = all_text(parse(render(game, legal=True)))
    for cell in [(-1, 0), (1, 0), (0, -1), (0, 1)]:
        assert f"({cell[0]}, {cell[1]})" in text.splitlines()


def test_game_over_has_no_legal_cells_to_mark() -> None:
    assert not groups_of(parse(render(finished_game(), legal=True)), "dw-legal")


def test_last_placement_is_outlined_only_when_asked() -> None:
    game = mid_game()
    assert game.last_move is not None
    (outline,) = groups_of(parse(render(game, last=True)), "dw-last")
    assert str(game.last_move.cell) in title_of(outline)
    assert not groups_of(parse(render(game, last=False)), "dw-last")


def test_no_last_outline_before_the_first_move() -> None:
    assert not groups_of(parse(render(empty_game(), last=True)), "dw-last")


def test_cells_collected_last_turn_are_shown_as_ghosts() -> None:
    game = split_by_collection()
    root = parse(render(game, last=True))
    ghosts = sorted(title_of(g) for g in groups_of(root, "dw-taken"))
    assert ghosts == sorted(
        f"Collected from {cell} last turn" for cell in [(0, 0), (0, 1), (0, 2), (0, 3)]
    )
    assert "collected 4 cards" in all_text(root)
    assert not groups_of(parse(render(game, last=False)), "dw-taken")


# ---------------------------------------------------------------------------- split tables
def test_split_caption_and_link_markers_appear_exactly_when_split(game: Game) -> None:
    root = parse(render(game))
    caption = groups_of(root, "dw-split")
    links = groups_of(root, "dw-link")
    tints = groups_of(root, "dw-group")
    if game.is_split:
        (banner,) = caption
        assert all_text(banner) == (
            f"Split into {len(game.groups)} groups: {game.bridge_cost} "
            f"card{'s' if game.bridge_cost != 1 else ''} needed to rejoin them; "
            "only the card that joins them may collect"
        )
        assert len(links) == len(game.link_cells) > 0
        assert len(tints) == len(game.groups)
    else:
        assert caption == [] and links == [] and tints == []
        assert "Split into" not in render(game)


def test_split_positions_are_split() -> None:
    three = split_three_groups()
    assert three.is_split and len(three.groups) == 3 and three.bridge_cost == 5
    collected = split_by_collection()
    assert collected.is_split and len(collected.groups) == 3 and collected.bridge_cost == 2


def test_link_markers_sit_on_the_link_cells() -> None:
    game = split_by_collection()
    titles = sorted(title_of(g) for g in groups_of(parse(render(game)), "dw-link"))
    assert titles == sorted(
        f"{cell} lies on a shortest bridge between the groups" for cell in game.link_cells
    )


def test_each_group_gets_its_own_tint_under_its_cards() -> None:
    game = split_three_groups()
    tints = groups_of(parse(render(game)), "dw-group")
    assert len({g.get("fill") for g in tints}) == 3
    in_order = sorted(game.groups, key=min)  # reading order of each group's first cell
    assert [len(g.findall(f"{NS}rect")) for g in tints] == [len(g) for g in in_order]


def tint_of(game: Game, cell: tuple[int, int]) -> str:
    """The tint of the group under ``cell`` in the picture of ``game``."""
    for g in groups_of(parse(render(game)), "dw-group"):
        for rect in g.findall(f"{NS}rect"):
            size = float(rect.get("width", 0))
            x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
            cx, cy = centre_of_cell(game, cell)
            if x <= cx <= x + size and y <= cy <= y + float(rect.get("height", 0)):
                return str(g.get("fill"))
    raise AssertionError(f"no tint under {cell}")


def centre_of_cell(game: Game, cell: tuple[int, int]) -> tuple[float, float]:
    """The centre of ``cell`` in the picture, from the card drawn there."""
    for g in groups_of(parse(render(game)), "dw-card"):
        if title_of(g).endswith(f"at {cell}") or f"at {cell}:" in title_of(g):
            rect = g.find(f"{NS}rect")
            assert rect is not None
            x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
            return x + float(rect.get("width", 0)) / 2, y + float(rect.get("height", 0)) / 2
    raise AssertionError(f"no card at {cell}")


def test_a_group_keeps_its_tint_while_a_card_joins_the_other_group() -> None:
    """The two pictures of notebook 01 around Ben's bridge card: the lone Kazoo's group was
    the first (blue) before the card joined the Mumbo's group, and stays blue after, although
    the Mumbo's group is now the larger one (defect: the colours swapped)."""
    game = Game.from_position(
        board={(-1, 0): 10, (0, 0): 21, (0, 1): 11, (1, 1): 12},
        hands=[[21, 10], [12, 5]],
    )
    game.play(21, (0, 2))
    before = (tint_of(game, (-1, 0)), tint_of(game, (1, 1)))
    game.play(12, (0, 1))
    after = (tint_of(game, (-1, 0)), tint_of(game, (1, 1)))
    assert before == after and before[0] != before[1]


def test_every_taken_cell_is_marked_even_under_a_bridge_marker() -> None:
    """A collection that splits the table leaves its cells on the shortest bridge: each of
    them still says "taken" (defect: the yellow bridge marker hid two of the three)."""
    game = Game.from_position(
        board={(0, -1): 24, (0, 1): 5, (1, -1): 6, (1, 0): 7, (1, 1): 8, (2, 0): 24},
        hands=[[24], [3]],
    )
    game.play(24, (0, 0))
    assert game.is_split and {(0, 0), (1, 0)} <= game.link_cells
    for legal in (False, True):
        ghosts = groups_of(parse(render(game, legal=legal)), "dw-taken")
        assert sorted(title_of(g) for g in ghosts) == [
            f"Collected from {cell} last turn" for cell in [(0, 0), (1, 0), (2, 0)]
        ]
        assert all(all_text(g) == "taken" for g in ghosts)


def test_the_legend_explains_the_plus_marks_and_the_tints_of_a_split_table() -> None:
    legend = groups_of(parse(render(split_three_groups())), "dw-legend")
    assert "+ on a shortest bridge" in all_text(legend[0])
    assert "tint: one group" in all_text(legend[0])
    joined = mid_game()
    assert not joined.is_split and "tint: one group" not in render(joined)


def test_card_tooltips_name_their_group_on_a_split_table() -> None:
    game = split_three_groups()
    titles = [title_of(g) for g in groups_of(parse(render(game)), "dw-card")]
    assert all(re.search(r"; group [123] of 3", t) for t in titles)


# ---------------------------------------------------------------------------- the panel
def test_header_says_whose_turn_it_is() -> None:
    game = mid_game()
    root = parse(render(game))
    assert f"Seat {game.current_player} to play" in all_text(root)
    assert f"Draw pile: {game.pile_size} cards" in all_text(root)


def test_finished_game_names_the_winners() -> None:
    game = finished_game()
    names = ["Ana", "Ben", "Cleo"]
    text = all_text(parse(render(game, names=names)))
    winners = ", ".join(names[s] for s in game.winners)
    assert f"Game over \u2014 winners: {winners}" in text
    assert "to play" not in text


def test_names_label_the_seats() -> None:
    game = mid_game()
    root = parse(render(game, names=["Ana", "Ben"]))
    seats = groups_of(root, "dw-seat")
    assert [title_of(s).split(":")[0] for s in seats] == ["Ana", "Ben"]
    assert "Seat 0" not in all_text(root) and "Seat 1" not in all_text(root)


def test_default_seat_labels() -> None:
    seats = groups_of(parse(render(six_players())), "dw-seat")
    assert [title_of(s).split(":")[0] for s in seats] == [f"Seat {i}" for i in range(6)]


def test_names_must_match_the_seats() -> None:
    with pytest.raises(ValueError, match="one name per seat"):
        render(mid_game(), names=["Ana"])
    with pytest.raises(TypeError):
        render(mid_game(), names="AB")


def test_names_are_escaped() -> None:
    game = mid_game()
    text = render(game, names=['<b>&"Ana"', "Ben\x00"])
    assert "<b>" not in text
    seats = groups_of(parse(text), "dw-seat")
    assert [title_of(s).split(":")[0] for s in seats] == ['<b>&"Ana"', "Ben\ufffd"]


def test_scores_are_shown_per_seat() -> None:
    game = split_by_collection()
    seats = groups_of(parse(render(game, names=["Ana", "Ben"])), "dw-seat")
    assert [title_of(s).split(", ")[0] for s in seats] == ["Ana: 4 points", "Ben: 0 points"]


def test_every_hand_is_drawn_as_small_cards(game: Game) -> None:
    root = parse(render(game))
    seats = groups_of(root, "dw-seat")
    assert len(seats) == game.players
    for seat, box in enumerate(seats):
        cards = [g for g in box.iter(f"{NS}g") if g.get("class") == "dw-hand-card"]
        ids = [int(title_of(c).split("(")[1].split(")")[0]) for c in cards]
        assert ids == list(game.hand(seat))


def test_owed_draws_are_shown_without_auto_draw() -> None:
    game = owed_draws()
    owed = [game.owed_draws(s) for s in range(game.players)]
    assert any(owed)
    text = all_text(parse(render(game)))
    for n in owed:
        assert (f"owes {n} draw{'s' if n != 1 else ''}" if n else "owes no draw") in text


def test_owed_draws_are_not_mentioned_with_auto_draw() -> None:
    assert "owes" not in all_text(parse(render(mid_game())))


# ---------------------------------------------------------------------------- shapes
@pytest.mark.parametrize("shape", SHAPES)
def test_each_shape_is_one_svg_element(shape: str) -> None:
    drawn = draw_shape(shape, 50, 60, 20, ' fill="#E69F00"')
    root = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{drawn}</svg>')
    (element,) = list(root)
    assert element.tag in {f"{NS}circle", f"{NS}rect", f"{NS}polygon", f"{NS}path"}
    assert element.get("fill") == "#E69F00"
    assert draw_shape(shape, 50, 60, 20) == draw_shape(shape, 50, 60, 20)


def test_shapes_scale_with_their_size() -> None:
    small = draw_shape("hexagon", 0, 0, 10)
    big = draw_shape("hexagon", 0, 0, 20)
    xs_small = [abs(float(p.split(",")[0])) for p in re.findall(r"-?[\d.]+,-?[\d.]+", small)]
    xs_big = [abs(float(p.split(",")[0])) for p in re.findall(r"-?[\d.]+,-?[\d.]+", big)]
    assert max(xs_big) == pytest.approx(2 * max(xs_small), abs=0.1)


def test_unknown_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown shape 'blob'"):
        draw_shape("blob", 0, 0, 1)


def test_every_dweebie_shape_has_an_outline() -> None:
    for look in LOOKS:
        assert draw_shape(look.shape, 0, 0, 10).startswith("<")


# ---------------------------------------------------------------------------- SvgPicture
def test_game_svg_returns_a_picture_that_shows_itself() -> None:
    game = mid_game()
    picture = game.svg(legal=True, names=["Ana", "Ben"])
    assert isinstance(picture, SvgPicture)
    assert picture.data == render(game, legal=True, names=["Ana", "Ben"])
    assert picture._repr_svg_() == picture.data == str(picture)
    assert repr(picture).startswith("<SvgPicture ")


def test_picture_saves_to_an_svg_file(tmp_path: Path) -> None:
    picture = SvgPicture(render(split_three_groups(), legal=True))
    target = tmp_path / "table.svg"
    picture.save(target)
    assert target.read_text(encoding="utf-8") == picture.data
    picture.save(str(tmp_path / "again.svg"))
    assert parse((tmp_path / "again.svg").read_text(encoding="utf-8")).tag == f"{NS}svg"


def test_picture_wants_text() -> None:
    with pytest.raises(TypeError):
        SvgPicture(b"<svg/>")  # type: ignore[arg-type]


def test_pictures_compare_by_their_text() -> None:
    assert SvgPicture("<svg/>") == SvgPicture("<svg/>")
    assert SvgPicture("<svg/>") != SvgPicture("<svg></svg>")


def test_long_names_and_a_six_way_tie_still_fit_the_maximum_width() -> None:
    game = Game.from_position(board={(0, 0): 4}, hands=[[]] * 6, pile=[])
    assert game.is_over and len(game.winners) == 6
    names = [f"Professor Longname the {i}th of Somewhere" for i in range(6)]
    root = parse(render(game, names=names))
    assert int(root.attrib["width"]) <= MAX_WIDTH
    assert "everybody tied" in all_text(root)
    seats = groups_of(root, "dw-seat")
    assert [title_of(s).split(":")[0] for s in seats] == names  # whole names in the tooltips


# ---------------------------------------------------------------------------- byte identity
def _played(players: int, deck_seed: int, moves: int, rules: Rules | None = None) -> Game:
    """A game from a fixed deck order, played with the public API only (moves picked from
    the sorted legal moves, owed draws taken now and then), so that the position depends on
    the rules and not on how the engine shuffles or picks random moves."""
    deck = list(FULL_DECK)
    rng = random.Random(deck_seed)
    rng.shuffle(deck)
    game = Game(players=players, deck=deck, rules=rules)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
        for seat in range(players):
            if game.owed_draws(seat) and game.pile_size and rng.random() < 0.5:
                game.draw(seat)
    return game


def _first_split(players: int, deck_seed: int) -> Game:
    game = _played(players, deck_seed, 0, Rules(hand_size=8))
    rng = random.Random(deck_seed)
    while not game.is_split:
        assert not game.is_over, "no split in this game: pick another deck_seed"
        game.play(rng.choice(game.legal_moves()))
    return game


def _long_line() -> Game:
    """Eighteen cards in a row: the cells shrink until cards show only their id and dots."""
    game = Game.from_position(
        board={(0, c): d for c, d in enumerate(range(18))},
        hands=[[20, 21, 22], [23, 24, 25]],
        pile=[26, 26],
    )
    game.play(20, (1, 17))
    return game


def test_pictures_stay_byte_identical() -> None:
    """Guards the byte-identity of the picture: notebooks store these SVG texts and compare
    them, so a refactoring of the drawing code (for example of the card face shared with the
    widget in :mod:`dweebies_widget.face`) must not change a single byte.  The digest was
    computed before such a refactoring; change it only for a deliberate change of the
    picture, and say so.  The positions cover the full and the small table card, the hand
    cards, legal cells, last placement and collected ghosts, a split table, owed draws, a
    finished game and seat names that need escaping.  Changed on purpose, each time for the
    lessons' words and clarity: the legend and tooltips say "shortest bridge" (not
    "shortest link"); groups are tinted in reading order, the legend explains the tints and
    the + marks, and taken cells are drawn over the markers; the empty table's mark says
    "centre", as every message does; on a split table the legal cells are amber as the widget
    lights them, and the caption says who may collect in the status line's words."""
    games = [
        (Game(players=2, seed=7), ['<Ana & "Bo">', "Ben"]),
        (_played(3, 1, 12), ["Ana", "Ben", "Cy"]),
        (_played(4, 2, 10, Rules(auto_draw=False, hand_size=3)), None),
        (_played(6, 3, 200, Rules(hand_size=1)), None),
        (_played(2, 4, 30, Rules(hand_size=7, min_line=3)), ["A long seat name indeed", "B"]),
        (_first_split(3, 4), None),
        (_long_line(), None),
    ]
    digest = hashlib.sha256()
    for game, names in games:
        for legal in (False, True):
            digest.update(render(game, legal=legal, names=names).encode())
        digest.update(render(game, last=False).encode())
    assert digest.hexdigest() == "f9bf071f4cd3affd591b0142fe23b59f4dd2f4cb30be41a5c0e97bea782ac146"


def test_a_split_table_lights_its_legal_cells_amber_and_says_who_may_collect() -> None:
    """As the widget does: the legal cells of a split table (on a shortest bridge) are amber,
    and the caption says who may collect in the status line's words, for both options."""
    game = split_three_groups()
    assert game.is_split and game.legal_cells()
    root = parse(render(game, legal=True))
    cells = groups_of(root, "dw-legal")
    assert len(cells) == len(game.legal_cells())
    for g in cells:
        rect = g.find(f"{NS}rect")
        assert rect is not None and rect.get("fill") == P.LINK_FILL
        assert rect.get("stroke") == P.LINK_EDGE
    joined = parse(render(mid_game(), legal=True))
    assert not mid_game().is_split
    for g in groups_of(joined, "dw-legal"):
        rect = g.find(f"{NS}rect")
        assert rect is not None and rect.get("fill") == P.LEGAL_FILL
    for rules in (Rules(), Rules(collect_on_reconnect=False)):
        position = Game.from_position(
            board=dict(game.board), hands=[list(game.hand(0)), list(game.hand(1))],
            pile=[4, 6, 8], scores=[2, 0], rules=rules,
        )  # fmt: skip
        (banner,) = groups_of(parse(render(position)), "dw-split")
        assert all_text(banner).endswith(rules.split_collecting)
