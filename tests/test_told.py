"""What a player must be told: every move in words, the log, the end, refusals, the heat map,
the legend, the coordinates, and a description of the board for those who cannot see it.

The controller is driven as a player would drive it (taps and clicks at its own geometry);
each test reads what the player is shown (the status line, the scene, the painted commands)
and told (the announcement a screen reader speaks, :meth:`describe`).
"""

from __future__ import annotations

import pytest
from screen import Screen

from dweebies_widget import Game, IllegalMoveError, Move, Rules
from dweebies_widget import palette as P
from dweebies_widget.ai import ExpertPlayer, GreedyPlayer, RandomPlayer
from dweebies_widget.cards import NAMES
from dweebies_widget.widget import words
from dweebies_widget.widget.paint import heat_colour, paint
from dweebies_widget.widget.pen import Pen


def texts(s: Screen) -> list[str]:
    """Every text the picture draws."""
    pen = Pen()
    paint(pen, s.g, s.c.scene)
    return [args[0] for name, args in pen.ops if name == "fill_text"]


def ops(s: Screen) -> list[tuple[str, tuple[object, ...]]]:
    pen = Pen()
    paint(pen, s.g, s.c.scene)
    return pen.ops


def greedy_collects() -> Game:
    """Ana plays first; Greedy holds an Ugbug that collects three cards next turn."""
    return Game.from_position(
        {(0, 0): 20, (0, 1): 9}, hands=[[5, 6], [20, 7]], pile=[8, 10, 11, 12]
    )


def play_out(s: Screen) -> None:
    """Ana plays her first legal move until the game is over."""
    while not s.game.is_over:
        cell = sorted(s.game.legal_cells())[0]
        s.show(cell)
        s.click_hand(0)
        s.click_cell(cell)


# ---------------------------------------------------------------------------- other seats
def test_the_computers_move_is_said_and_marked_until_you_move() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=greedy_collects(), ai_delay=0.5)
    s.tap_hand(0)
    s.tap_cell((1, 0))
    s.tap_cell((1, 0))
    assert s.c.thinking and s.c.scene.marks == ()
    assert s.c.announcement == f"Ana placed {NAMES[5]} at (1, 0)."
    said = s.c.announcement_id
    s.clock.advance(0.5)
    reply = s.game.history[-1]
    assert reply.seat == 1 and reply.points == 3 and reply.move.dweebie == 20
    line = f"Greedy placed Ugbug at {reply.move.cell} and collected 3 cards"
    assert s.c.status_lines()[1] == line + "."
    assert s.c.announcement == line + ": +3 for Greedy." and s.c.announcement_id == said + 1
    assert s.c.scene.marks == ((reply.move.cell, "Greedy"),)
    assert "Greedy" in texts(s)  # the tag on the table
    s.tap_hand(0)  # picking does not clear it: only your move does
    assert s.c.scene.marks == ((reply.move.cell, "Greedy"),)
    cell = sorted(s.game.legal_cells())[0]
    s.click_cell(cell)
    assert s.c.scene.marks == () and len(s.c.status_lines()) == 1


def test_every_seat_at_once_is_one_announcement() -> None:
    s = Screen(["Ana", GreedyPlayer(), RandomPlayer()], seed=3)
    said = s.c.announcement_id
    s.click_hand(0)
    s.click_cell((0, 0))
    one, two, three = s.game.history
    assert s.c.announcement_id == said + 2  # the pick, then the move and both replies
    assert s.c.announcement == " ".join(
        words.move_text(p, s.c.labels) + "." for p in (one, two, three)
    )
    assert s.c.status_lines()[1:] == [  # both replies, the newest first
        f"{words.move_text(three, s.c.labels)}.",
        f"{words.move_text(two, s.c.labels)}.",
    ]
    assert [who for _, who in s.c.scene.marks] == ["Greedy", "Random"]
    s.c.pointer_move(5, 5)  # a hover says nothing new
    assert s.c.announcement_id == said + 2


def test_the_hot_seat_tells_the_next_player_what_the_other_did() -> None:
    s = Screen(["Ana", "Ben"], seed=5)
    s.click_hand(0)
    s.click_cell((0, 0))
    assert s.c.announcement.endswith("Pass to Ben \u2014 click when ready.")
    assert s.c.scene.marks == ()  # Ana sees her own move, not a mark
    s.click_hand(0)  # Ben lifts the curtain
    ana = s.game.history[0]
    assert s.c.status_lines()[1] == words.move_text(ana, s.c.labels) + "."
    assert s.c.scene.marks == ((ana.move.cell, "Ana"),)
    assert s.c.announcement == "Ben to play: pick a card from your hand."


# ---------------------------------------------------------------------------- the log
def test_the_log_shows_the_newest_move_first_numbered_and_the_end_on_top() -> None:
    s = Screen([RandomPlayer(), RandomPlayer()], seed=2)
    for _ in range(3):
        s.c.step()
    first, second, third = s.game.history
    assert s.c.log_entries() == [
        f"3. {third.describe(s.c.labels)}",
        f"2. {second.describe(s.c.labels)}",
        f"1. {first.describe(s.c.labels)}",
    ]
    while not s.game.is_over:
        s.c.step()
    log = s.c.log_entries()
    assert log[0] == f"Game over: {words.result_text(s.game, s.c.labels)} {words.AGAIN}"
    assert log[1].startswith(f"{len(s.game.history)}. ") and log[-1].startswith("1. ")


# ---------------------------------------------------------------------------- the last move
def test_no_outline_sits_around_an_empty_cell_the_last_move_reads_collected_from_here() -> None:
    s = Screen(["Ana", "Ben"], game=Game.from_position(
        {(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6]], pile=[7, 8]
    ))  # fmt: skip
    s.click_hand(1)
    s.click_cell((0, 2))  # Ugbug collects the whole row: the table is empty
    placement = s.game.history[0]
    scene = s.c.scene
    assert scene.last == (0, 2) and scene.last not in scene.board
    assert scene.taken == placement.collected == {(0, 0), (0, 1), (0, 2)}
    drawn = ops(s)
    assert ("=", ("stroke_style", P.LAST_EDGE)) not in drawn  # no last-move outline
    assert ("=", ("stroke_style", P.TAKEN_EDGE)) in drawn
    assert sum(t == "taken" for t in texts(s)) == 3
    assert any(t.startswith("taken:") for t in texts(s))  # and the legend says so
    s.click_hand(0)  # Ben lifts the curtain
    s.click_hand(0)
    assert sum(t == "taken" for t in texts(s)) == 2  # (0, 0) is lit: the next card goes there
    s.click_cell((0, 0))
    assert s.c.scene.taken == frozenset() and s.c.scene.last in s.c.scene.board
    assert ("=", ("stroke_style", P.LAST_EDGE)) in ops(s)  # a card there: outlined


def test_the_flash_comes_before_the_ghosts() -> None:
    s = Screen(["Ana", "Ben"], flash=0.4, game=Game.from_position(
        {(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6]], pile=[7, 8]
    ))  # fmt: skip
    s.click_hand(1)
    s.click_cell((0, 2))
    assert s.c.scene.flash and s.c.scene.taken == frozenset()
    s.clock.advance(0.4)
    assert not s.c.scene.flash and s.c.scene.taken == {(0, 0), (0, 1), (0, 2)}


# ---------------------------------------------------------------------------- the end
def test_the_end_banner_says_who_won_from_your_side_and_why_cards_are_left() -> None:
    s = Screen(["Ana", GreedyPlayer()], seed=4)
    play_out(s)
    game = s.game
    ana, greedy = game.scores
    assert greedy > ana  # Ana plays the first lit cell: she loses
    banner = s.c.scene.banner
    left = len(game.board)
    assert banner == (
        f"You lost {ana}-{greedy}",
        f"Greedy {greedy}, Ana {ana}",
        f"{left} cards are left on the table: cards on the table belong to nobody, only "
        "collected cards count.",
        "Press Review to look back over every move, or New game to play again.",
    )
    assert s.c.status_lines()[0] == (
        f"Game over: You lost {ana}-{greedy}. Greedy wins with {greedy} cards."
    )
    assert f"You lost {ana}-{greedy}" in texts(s)
    assert s.c.announcement.endswith(
        f"Game over: You lost {ana}-{greedy}. Greedy wins with {greedy} cards."
    )


def test_in_an_ai_only_game_the_banner_names_the_winner() -> None:
    s = Screen([GreedyPlayer(), RandomPlayer()], seed=6)
    while not s.game.is_over:
        s.c.step()
    winner = s.game.winners[0]
    best, other = s.game.scores[winner], s.game.scores[1 - winner]
    assert s.c.scene.banner[0] == f"{s.c.labels[winner]} won {best}-{other}"


def test_after_the_end_hand_clicks_and_undo_make_sense() -> None:
    s = Screen(["Ana", GreedyPlayer()], seed=4)
    play_out(s)
    for point in [s.g.hand_band[:2], s.g.cell_center((0, 0)), s.g.hand_center(0)]:
        s.c.click(*point)
        assert s.c.message.startswith("The game is over: ") and s.c.message.endswith(words.AGAIN)
    s.tap_at(s.g.hand_center(0))
    assert s.c.message.startswith("The game is over: ")
    taken = s.game.history[-2:]
    s.c.undo()
    assert not s.game.is_over and s.c.scene.banner == ()
    assert s.c.message.startswith("Took back: ") and s.c.message.endswith(
        "The game goes on from there."
    )
    for placement in taken:
        assert words.move_text(placement, s.c.labels) in s.c.message  # the reply too


# ---------------------------------------------------------------------------- refusals
def refused(game: Game, dweebie: int, cell: tuple[int, int]) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as error:
        game.copy().play(dweebie, cell)
    return error.value


@pytest.mark.parametrize(
    ("reason", "board", "cell", "plain"),
    [
        ("occupied", {(0, 0): 4}, (0, 0), "That cell already holds a card: a card goes on an "
         "empty cell. Try a lit cell."),
        ("not-adjacent", {(0, 0): 4}, (1, 1), "That cell doesn't touch a card (above, "
         "below, left or right). Try a lit cell."),
        ("empty-table", {}, (2, 2), "The table is empty, so the first card goes in the "
         "centre. Try the lit cell."),
        ("not-on-link", {(0, 0): 1, (0, 2): 2}, (1, 0), "The table is split: a card must "
         "go on a shortest bridge. Try a lit cell."),
    ],
)  # fmt: skip
def test_a_refused_placement_is_said_short_in_the_lessons_words(
    reason: str, board: dict[tuple[int, int], int], cell: tuple[int, int], plain: str
) -> None:
    game = Game.from_position(board, hands=[[5, 6], [7]], pile=[8, 9])
    assert refused(game, 5, cell).reason == reason
    s = Screen(["Ana", "Ben"], game=game)
    s.click_hand(0)
    s.c.place(cell)
    detail = "Rules section 5 (split grid)" if reason == "not-on-link" else (
        "Rules section 5 (where a card may go)"
    )  # fmt: skip
    assert (s.c.message, s.c.detail) == (plain, detail)
    assert s.c.status_lines()[-2:] == [plain, detail]
    assert "Legal cells" not in s.c.status_text() and not s.game.history
    assert s.c.announcement == plain  # said, the detail left to those who look for it
    assert s.c.scene.refused == cell and s.c.scene.pulse == "lit" and s.c.scene.lit


def test_the_other_refusals_are_said_in_plain_words_too() -> None:
    game = Game(2, seed=1)
    error = refused(game, next(d for d in range(27) if d not in game.hand(0)), (0, 0))
    assert error.reason == "not-in-hand"
    assert words.explain(error) == (
        "That card is not in your hand.",
        "Rules section 4 (place a card from your hand)",
    )
    over = Game.from_position({(0, 0): 1}, hands=[[], []], pile=[])
    error = refused(over, 1, (0, 1))
    assert error.reason == "over"
    assert words.explain(error)[0] == "The game is over: press New game to play again."
    auto = Screen(["Ana", "Ben"], rules=Rules(auto_draw=True))
    auto.c.draw_owed()
    assert (
        auto.c.message == "Cards are drawn for you in this game: there is nothing to draw by hand."
    )
    assert auto.c.detail == "Rules section 8 (drawing)"
    owed = Screen(["Ana", "Ben"], rules=Rules(auto_draw=False))
    owed.c.draw_owed()
    assert owed.c.message == "Ana owes no draw right now."
    empty = Screen(["Ana", "Ben"], game=Game.from_position(
        {(0, 0): 1}, hands=[[2], [3]], pile=[], rules=Rules(auto_draw=False), owed=[1, 0]
    ))  # fmt: skip
    empty.c.draw_owed()
    assert empty.c.message == "The draw pile is empty, so owed draws can no longer be taken."


def test_a_cell_with_no_card_picked_points_at_the_hand() -> None:
    s = Screen(["Ana", GreedyPlayer()])
    s.click_cell((0, 0))
    assert s.c.message == "Pick a card from your hand first (click it, or press its number)."
    assert s.c.scene.pulse == "hand"
    s.clock.advance(2)
    assert s.c.scene.pulse is None


# ---------------------------------------------------------------------------- coordinates
def test_coordinates_on_the_lit_cells_are_big_switchable_and_off_the_preview() -> None:
    s = Screen(["Ana", "Ben"], game=Game.from_position(
        {(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6]], pile=[7, 8]
    ))  # fmt: skip
    assert s.c.labels_shown and s.c.controls().labels
    s.click_hand(1)
    lit = sorted(s.game.legal_cells())
    labels = {f"{r}, {c}" for r, c in lit}
    assert labels <= set(texts(s))
    s.c.pointer_move(*s.g.cell_center((0, 2)))
    assert "0, 2" not in texts(s) and "-1, 0" in texts(s)  # none under the preview
    said = s.c.announcement_id
    s.c.show_labels(False)
    assert not s.c.scene.labels and not s.c.controls().labels and not s.c.labels_shown
    assert not labels & set(texts(s)) and s.c.announcement_id == said + 1
    s.c.show_labels(True)
    assert "-1, 0" in texts(s)


def test_coordinate_tags_are_at_least_13_css_pixels_at_any_ratio() -> None:
    for ratio in (1, 2):
        s = Screen(["Ana", GreedyPlayer()], ratio=ratio)
        s.click_hand(0)
        drawn = ops(s)
        i = next(i for i, (n, a) in enumerate(drawn) if n == "fill_text" and a[0] == "0, 0")
        font = next(a[1] for n, a in reversed(drawn[:i]) if n == "=" and a[0] == "font")
        assert float(font.split("px")[0].split()[-1]) >= 13  # CSS pixels (drawn under a scaling)


# ---------------------------------------------------------------------------- the heat map
def test_the_heat_map_says_what_it_shows_and_what_to_do() -> None:
    s = Screen(["Ana", GreedyPlayer()], hint_player=ExpertPlayer(simulations=40, name="Expert"))
    s.c.show_heat(True)
    title = "Ana's chance to win, as the Expert sees it"
    assert s.c.message == f"Heat map: {title}. Pick a card to see it on the lit cells."
    assert s.c.announcement == s.c.message
    s.click_hand(0)
    s.click_cell((0, 0))
    s.click_hand(1)
    scene = s.c.scene
    assert set(scene.heat) == s.game.legal_cells() and scene.heat_key is not None
    assert scene.heat_key.title == title
    assert all(t.endswith("%") for t in scene.heat_text.values())
    # The legend's ends are the scale's: at least 20 points apart, around every value shown,
    # and each shade is where its value lies on that scale.
    low, high = (float(v.rstrip("%")) for v in (scene.heat_key.low, scene.heat_key.high))
    assert high - low >= 19.5
    shown = {c: float(t.rstrip("%")) for c, t in scene.heat_text.items()}
    assert low - 0.5 <= min(shown.values()) and max(shown.values()) <= high + 0.5
    for cell, value in shown.items():
        assert scene.heat[cell] == pytest.approx((value - low) / (high - low), abs=0.05)
    assert title in texts(s)  # the legend on the table
    s.c.show_heat(False)
    assert s.c.announcement == "Heat map off." and not s.c.scene.heat


def test_the_heat_map_of_another_helper_says_whose_values_they_are() -> None:
    s = Screen(["Ana", RandomPlayer()], hint_player=GreedyPlayer())
    s.click_hand(0)
    s.click_cell((0, 0))
    s.click_hand(0)
    s.c.show_heat(True)
    assert s.c.message == "Heat map: How good each lit cell is for Ana, as Greedy sees it."


def test_the_heat_scale_is_viridis_dark_to_light() -> None:
    shades = [heat_colour(i / 10) for i in range(11)]
    assert shades[0] == "#440154" and shades[-1] == "#FDE725" and len(set(shades)) == 11

    def lightness(colour: str) -> float:
        red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    values = [lightness(c) for c in shades]
    assert values == sorted(values)  # one way, so no two shades of a scale look alike


# ---------------------------------------------------------------------------- the legend
def test_the_legend_lists_only_what_is_on_the_table() -> None:
    s = Screen(["Ana", "Ben"], game=Game.from_position(
        {(0, 0): 1, (0, 2): 2}, hands=[[3, 4], [5, 6]], pile=[7, 8]
    ))  # fmt: skip
    legend = {t.split(":")[0] for t in texts(s) if ":" in t}
    assert legend == {"+", "tint"}  # a split table, nothing picked
    s.click_hand(0)
    legend = [t for t in texts(s) if ":" in t]  # the bridge cell is lit now, with its +
    assert legend == ["+: on a shortest bridge, where the picked card may go",
                      "tint: one group of the split table"]  # fmt: skip
    plain = Screen(["Ana", "Ben"])
    assert not [t for t in texts(plain) if ":" in t]
    plain.click_hand(0)
    assert [t for t in texts(plain) if ":" in t] == ["lit: where the picked card may go"]


# ---------------------------------------------------------------------------- describe
def test_describe_follows_the_game_for_a_screen_reader() -> None:
    s = Screen(["Ana", GreedyPlayer()], game=greedy_collects())
    text = s.c.describe()
    assert text.splitlines()[0] == "Ana to play: pick a card from your hand."
    assert "Scores: Ana 0, Greedy 0." in text
    assert "Row 0: (0, 0) Ugbug, (0, 1) Jibber." in text
    assert "Ana's hand: 1 Fizzwig, 2 Gorp." in text
    s.click_hand(0)
    text = s.c.describe()
    assert "Picked: Fizzwig. It may go on 6 lit cells: " in text
    s.click_hand(0)
    s.click_hand(0)
    s.click_cell((1, 0))
    reply = s.game.history[-1]
    text = s.c.describe()
    assert f"Last move: Greedy placed Ugbug at {reply.move.cell} and collected 3 cards." in text
    assert "Scores: Ana 0, Greedy 3." in text
    s.click_hand(0)  # Gorp
    text = s.c.describe()
    assert "Picked: Gorp." in text


def test_describe_names_what_each_lit_cell_collects_and_the_split_table() -> None:
    s = Screen(["Ana", "Ben"], game=Game.from_position(
        {(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6]], pile=[7, 8]
    ))  # fmt: skip
    s.click_hand(1)
    assert "(0, 2) collects 3 cards" in s.c.describe()
    split = Screen(["Ana", "Ben"], game=Game.from_position(
        {(0, 0): 1, (0, 2): 2}, hands=[[3, 4], [5, 6]], pile=[7, 8]
    ))  # fmt: skip
    text = split.c.describe()
    assert "The table is split into 2 groups. Cells on a shortest bridge: (0, 1)." in text


def test_describe_keeps_a_covered_hand_covered() -> None:
    s = Screen(["Ana", "Ben"], seed=5)
    s.click_hand(0)
    s.click_cell((0, 0))
    text = s.c.describe()
    assert "The hand is covered until the next player is at the screen." in text
    assert not any(line.startswith(("Ana's hand", "Ben's hand")) for line in text.splitlines())
    assert text.splitlines()[0] == "Pass to Ben \u2014 click when ready."
    move = Move(s.game.hand(1)[0], sorted(s.game.legal_cells())[0])
    assert s.c.place(move.cell) is None  # and nothing can be played behind it
