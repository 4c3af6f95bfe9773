"""Rules section 11: every illegal action is refused and leaves the game exactly as it was.

Each refusal must be an :class:`IllegalMoveError` (a ``ValueError``) whose message names the
rule section broken and says what would be legal (api.md: for a bad cell, the legal cells,
nearest first).  Invalid games and positions are refused when they are built.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import assert_lists_legal_cells, assert_refused

from dweebies_widget import Game, IllegalMoveError, Move, Rules, SaveError, shuffled_deck
from dweebies_widget.cards import FULL_DECK


def small_game(rules: Rules | None = None, **kw: Any) -> Game:
    """Seat 0 to move with 3, 4 and 21 in hand; the table is an L of three cards."""
    args: dict[str, Any] = {
        "board": {(0, 0): 1, (0, 1): 2, (1, 1): 5},
        "hands": [[3, 4, 21], [6, 7]],
        "pile": [8, 9],
        "scores": [0, 0],
        "current_player": 0,
        "rules": rules or Rules(),
        "owed": [0, 0],
    }
    args.update(kw)
    return Game.from_position(**args)


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalMoveError, ValueError)
    assert issubclass(SaveError, ValueError)


# ---------------------------------------------------------------- section 4: from the hand
def test_dweebie_not_in_hand_is_refused() -> None:
    game = small_game()
    error = assert_refused(game, lambda: game.play(22, (0, 2)), section="4", mentions=[3, 4, 21])
    assert set(error.legal) == {3, 4, 21}


def test_dweebie_of_another_seat_is_refused() -> None:
    game = small_game()
    assert_refused(game, lambda: game.play(6, (0, 2)), section="4", mentions=[3, 4, 21])


@pytest.mark.parametrize("dweebie", ["3", 3.0, None, (3,), True, False])
def test_dweebie_that_is_not_an_int_is_refused(dweebie: object) -> None:
    game = small_game()
    assert_refused(game, lambda: game.play(dweebie, (0, 2)), section="1", mentions=[3, 4, 21])  # type: ignore[arg-type]


def test_unknown_dweebie_id_is_refused() -> None:
    game = small_game()
    for dweebie in (27, -1, 1000):
        assert_refused(game, lambda d=dweebie: game.play(d, (0, 2)), section="4", mentions=[21])


def test_is_legal_agrees_with_play_for_refused_dweebies() -> None:
    # is_legal is documented as "whether play would accept this move now".
    game = small_game()
    for dweebie in (3.0, True, "3", 22):
        trial = game.copy()
        with pytest.raises(IllegalMoveError):
            trial.play(dweebie, (0, 2))  # type: ignore[arg-type]
        assert not game.is_legal(dweebie, (0, 2)), dweebie  # type: ignore[arg-type]
    game = small_game(board={(0, 0): 10, (0, 1): 2, (1, 1): 5}, hands=[[1, 3], [6]])
    with pytest.raises(IllegalMoveError):
        game.copy().play(True, (0, 2))
    assert not game.is_legal(True, (0, 2))


# ---------------------------------------------------------------- section 5: where
def test_occupied_cell_is_refused() -> None:
    game = small_game()
    error = assert_refused(game, lambda: game.play(3, (0, 1)), section="5")
    assert_lists_legal_cells(str(error), game.legal_cells(), (0, 1))
    assert set(error.legal) == game.legal_cells()


def test_cell_not_adjacent_to_any_card_is_refused() -> None:
    game = small_game()
    error = assert_refused(game, lambda: game.play(3, (5, 5)), section="5")
    assert_lists_legal_cells(str(error), game.legal_cells(), (5, 5))


def test_diagonal_only_cell_is_refused() -> None:
    game = small_game()
    error = assert_refused(game, lambda: game.play(3, (1, -1)), section="5")
    assert "diagonal" in str(error)
    assert_lists_legal_cells(str(error), game.legal_cells(), (1, -1))
    error = assert_refused(game, lambda: game.play(3, (2, 2)), section="5")
    assert_lists_legal_cells(str(error), game.legal_cells(), (2, 2))


def test_cell_off_the_shortest_link_is_refused_while_split() -> None:
    game = small_game(board={(0, 0): 1, (0, 3): 2})
    assert game.legal_cells() == {(0, 1), (0, 2)}
    for cell in [(1, 0), (0, -1), (-1, 3), (0, 4)]:  # next to a card, but off the link
        error = assert_refused(game, lambda c=cell: game.play(3, c), section="5")
        assert "split" in str(error)
        assert_lists_legal_cells(str(error), {(0, 1), (0, 2)}, cell)


def test_first_card_not_at_the_center_is_refused() -> None:
    game = small_game(board={})
    for cell in [(0, 1), (1, 1), (5, -3)]:
        error = assert_refused(game, lambda c=cell: game.play(3, c), section="5")
        assert "(0, 0)" in str(error)
        assert error.legal == ((0, 0),)


@pytest.mark.parametrize(
    "cell",
    ["a1", "00", (0, 1, 2), (0.0, 2.0), [0.0, 2.0], (0, 2.5), ("0", "2"), (True, 2), 7, {0, 2}],
    ids=repr,
)
def test_cell_of_the_wrong_type_is_refused(cell: object) -> None:
    game = small_game()
    error = assert_refused(game, lambda: game.play(3, cell), section="3")  # type: ignore[arg-type]
    assert list(error.legal) == sorted(game.legal_cells(), key=lambda c: (abs(c[0]) + abs(c[1]), c))


def test_missing_cell_is_refused() -> None:
    game = small_game()
    error = assert_refused(game, lambda: game.play(3, None), section="5")
    assert set(error.legal) == game.legal_cells()


def test_bad_cell_error_message_lists_the_legal_cells_nearest_first() -> None:
    # api.md: "Their message names the rule that was broken and what would be legal (for a
    # bad cell: the legal cells, nearest first)"; rules section 11 says the same.
    game = small_game()
    for cell in ["a1", (0, 1, 2), (0.0, 2.0), None]:
        with pytest.raises(IllegalMoveError) as info:
            game.play(3, cell)  # type: ignore[arg-type]
        assert_lists_legal_cells(str(info.value), game.legal_cells(), (0, 0))


def test_move_object_with_a_separate_cell_is_refused() -> None:
    game = small_game()
    before = game.state()
    with pytest.raises((TypeError, ValueError)):
        game.play(Move(3, (0, 2)), (0, 2))
    assert game.state() == before


# ---------------------------------------------------------------- section 9: after the end
def test_move_after_the_game_is_over_is_refused() -> None:
    game = small_game(hands=[[3], []], pile=[])
    game.play(3, (0, 2))
    assert game.is_over
    assert_refused(game, lambda: game.play(3, (0, 3)), section="9", mentions=["over"])
    assert_refused(game, lambda: game.play(Move(3, (0, 3))), section="9")


# ---------------------------------------------------------------- section 8: drawing
def test_draw_not_owed_is_refused() -> None:
    game = small_game(rules=Rules(auto_draw=False), owed=[0, 2])
    error = assert_refused(game, lambda: game.draw(0), section="8", mentions=["seat 0"])
    assert error.legal == (1,)
    assert "1" in str(error).split("owe")[-1]  # names the seats that do owe draws


def test_draw_not_owed_by_anybody_is_refused() -> None:
    game = small_game(rules=Rules(auto_draw=False))
    assert_refused(game, lambda: game.draw(1), section="8")


def test_draw_with_auto_draw_is_refused() -> None:
    game = small_game()
    game.play(3, (0, 2))
    assert_refused(game, lambda: game.draw(0), section="8", mentions=["auto_draw"])


def test_draw_from_an_empty_pile_is_refused() -> None:
    game = small_game(rules=Rules(auto_draw=False), pile=[], owed=[1, 0])
    assert_refused(game, lambda: game.draw(0), section="8", mentions=["pile"])


@pytest.mark.parametrize("seat", [2, -1, 7, "0", 0.0, True, None])
def test_bad_seat_is_refused(seat: object) -> None:
    game = small_game(rules=Rules(auto_draw=False), owed=[1, 1])
    assert_refused(game, lambda: game.draw(seat), section="2", mentions=["0..1"])  # type: ignore[arg-type]
    assert_refused(game, lambda: game.owed_draws(seat), section="2")  # type: ignore[arg-type]
    assert_refused(game, lambda: game.hand(seat), section="2")  # type: ignore[arg-type]
    assert_refused(game, lambda: game.view(seat), section="2")  # type: ignore[arg-type]


def test_undo_with_nothing_to_undo_is_refused() -> None:
    game = small_game()
    before = game.state()
    with pytest.raises(IllegalMoveError, match="[Nn]othing to undo"):
        game.undo()
    assert game.state() == before
    fresh = Game(players=2, seed=7)
    with pytest.raises(IllegalMoveError):
        fresh.undo()
    assert fresh == Game(players=2, seed=7)


# ---------------------------------------------------------------- invalid games
@pytest.mark.parametrize("players", [0, 1, 7, -2, 2.0, "2", True])
def test_player_count_outside_2_to_6_is_refused(players: object) -> None:
    with pytest.raises(ValueError, match="section 2"):
        Game(players=players, seed=1)  # type: ignore[arg-type]


def test_deck_of_53_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="section 1"):
        Game(players=2, deck=list(FULL_DECK)[:-1])


def test_deck_of_55_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="section 1"):
        Game(players=2, deck=[*FULL_DECK, 26])


def test_deck_with_wrong_copy_counts_is_refused() -> None:
    deck = list(FULL_DECK)
    deck[deck.index(0)] = 26  # 54 cards, but no 0 and four 26s
    with pytest.raises(ValueError, match="section 1") as info:
        Game(players=2, deck=deck)
    assert "26" in str(info.value)


@pytest.mark.parametrize("bad", [27, -1, "3", 3.5, None])
def test_deck_with_unknown_ids_is_refused(bad: object) -> None:
    deck: list[Any] = list(FULL_DECK)
    deck[5] = bad
    with pytest.raises(ValueError):
        Game(players=2, deck=deck)


def test_seed_and_deck_together_are_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        Game(players=2, seed=7, deck=shuffled_deck(7))


def test_game_without_seed_or_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="seed"):
        Game(players=2)


@pytest.mark.parametrize("seed", ["7", 7.0, [7]])
def test_seed_that_is_not_an_int_is_refused(seed: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        Game(players=2, seed=seed)  # type: ignore[arg-type]


def test_first_player_outside_the_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="first_player"):
        Game(players=3, seed=1, rules=Rules(first_player=3))


def test_hands_too_big_for_the_deck_are_refused() -> None:
    with pytest.raises(ValueError, match="section 2"):
        Game(players=6, seed=1, rules=Rules(hand_size=10))


@pytest.mark.parametrize(
    "options",
    [
        {"min_line": 1},
        {"min_line": 0},
        {"min_line": 2.0},
        {"min_line": True},
        {"hand_size": 0},
        {"hand_size": -5},
        {"hand_size": 28},
        {"hand_size": "5"},
        {"first_player": -1},
        {"first_player": 1.0},
        {"auto_draw": 1},
        {"auto_draw": "yes"},
        {"auto_draw": None},
        {"collect_on_reconnect": 0},
        {"collect_on_reconnect": "False"},
    ],
    ids=repr,
)
def test_bad_rules_values_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises((TypeError, ValueError)):
        Rules(**options)


def test_rules_object_of_the_wrong_type_is_refused() -> None:
    with pytest.raises(TypeError):
        Game(players=2, seed=1, rules={"min_line": 2})  # type: ignore[arg-type]


# ---------------------------------------------------------------- invalid positions
def position(**kw: Any) -> Game:
    args: dict[str, Any] = {
        "board": {(0, 0): 1},
        "hands": [[2], [3]],
        "pile": [4],
        "scores": [0, 0],
        "current_player": 0,
        "rules": Rules(),
        "owed": [0, 0],
    }
    args.update(kw)
    return Game.from_position(**args)


def test_position_is_accepted_as_a_baseline() -> None:
    game = position()
    assert game.current_player == 0
    assert len(game.out_of_play) == 54 - 4


def test_position_with_too_many_copies_is_refused() -> None:
    with pytest.raises(ValueError, match="section 1"):
        position(board={(0, 0): 0}, hands=[[0], [3]])  # Dweebie 0 has one copy
    with pytest.raises(ValueError, match="section 1"):
        position(board={(0, 0): 20, (0, 1): 20}, hands=[[20], [3]], pile=[20])


def test_position_with_two_cards_on_one_cell_is_refused() -> None:
    with pytest.raises(ValueError, match="cell"):
        position(board=[((0, 0), 1), ((0, 0), 5)])
    with pytest.raises(ValueError, match="cell"):
        position(board=[((0, 0), 1), ([0, 0], 5)])


@pytest.mark.parametrize("current", [2, -1, 5, "0", None, 0.0, True])
def test_position_with_current_player_out_of_range_is_refused(current: object) -> None:
    with pytest.raises(ValueError, match="current_player"):
        position(current_player=current)


def test_position_with_more_points_than_cards_out_of_play_is_refused() -> None:
    hands = [list(FULL_DECK[:26]), list(FULL_DECK[26:52])]  # 52 cards in hands, 2 left
    position(board={}, hands=hands, pile=[], scores=[1, 1])
    with pytest.raises(ValueError, match="scores"):
        position(board={}, hands=hands, pile=[], scores=[2, 1])


@pytest.mark.parametrize(
    "kw",
    [
        {"scores": [0]},
        {"scores": [0, -1]},
        {"scores": [0, 1.5]},
        {"owed": [0]},
        {"owed": [1, 0]},  # owed draws only exist without auto_draw
        {"hands": [[2]]},  # one player
        {"hands": [[2]] * 7, "scores": None, "owed": None},
        {"board": {(0, 0): 27}},
        {"board": {(0, 0): -1}},
        {"board": {(0, 0, 0): 1}},
        {"board": {("a", 0): 1}},
        {"hands": [[2], ["3"]]},
        {"pile": [4.0]},
        {"hands": [[], []], "pile": [4]},  # nobody could ever play
    ],
    ids=repr,
)
def test_invalid_position_is_refused(kw: dict[str, Any]) -> None:
    with pytest.raises((TypeError, ValueError)):
        position(**kw)
