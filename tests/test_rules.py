"""One test per rule of rules.md, each named after the rule it checks.

Positions are built with ``Game.from_position`` so that each test shows the table it is
about.  Dweebie ids: 0-8 have one copy, 9-17 two, 18-26 three (rules section 1), so matching
pairs use ids of 18 and above.
"""

from __future__ import annotations

import random
from collections import Counter

from dweebies_widget import Game, Move, Rules, shuffled_deck
from dweebies_widget.cards import FULL_DECK

DEFAULT = Rules()
NO_AUTO_DRAW = Rules(auto_draw=False)


# ============================================================== section 2: players and setup
def test_play_passes_to_the_left() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2, 3], [4, 5], [6, 7]],
        pile=[],
        scores=[0, 0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0, 0],
    )
    seen = []
    for cell in [(0, 1), (0, 2), (0, 3), (0, 4)]:
        seen.append(game.current_player)
        game.play(game.hand(game.current_player)[0], cell)
    assert seen == [0, 1, 2, 0]
    assert game.current_player == 1


def test_play_passes_to_the_left_from_the_last_seat_to_seat_0() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2], [4], [6, 7]],
        pile=[],
        scores=[0, 0, 0],
        current_player=2,
        rules=DEFAULT,
        owed=[0, 0, 0],
    )
    game.play(6, (0, 1))
    assert game.current_player == 0


def test_first_player_option_chooses_who_starts() -> None:
    deck = shuffled_deck(3)
    game = Game(players=4, deck=deck, rules=Rules(first_player=2))
    # The deal does not depend on who starts: seat i still gets deck[5i:5i+5].
    for seat in range(4):
        assert game.hand(seat) == tuple(sorted(deck[5 * seat : 5 * seat + 5]))
    assert game.current_player == 2
    game.play(game.legal_moves()[0])
    assert game.current_player == 3
    game.play(game.legal_moves()[0])
    assert game.current_player == 0


def test_first_player_defaults_to_seat_0() -> None:
    assert Game(players=3, seed=11).current_player == 0


def test_hand_size_option_sets_how_many_cards_are_dealt() -> None:
    deck = shuffled_deck(21)
    game = Game(players=3, deck=deck, rules=Rules(hand_size=3))
    for seat in range(3):
        assert game.hand(seat) == tuple(sorted(deck[3 * seat : 3 * seat + 3]))
    assert game.pile == tuple(deck[9:])
    assert game.pile_size == 54 - 9


def test_default_hand_size_is_five() -> None:
    game = Game(players=6, seed=5)
    assert [len(game.hand(s)) for s in range(6)] == [5] * 6
    assert game.pile_size == 54 - 30


def test_explicit_deck_deals_seat_i_the_cards_5i_to_5i_plus_5() -> None:
    deck = list(reversed(FULL_DECK))
    game = Game(players=3, deck=deck)
    for seat in range(3):
        assert game.hand(seat) == tuple(sorted(deck[5 * seat : 5 * seat + 5]))
    assert game.pile == tuple(deck[15:])
    assert game.board == {}
    assert game.scores == (0, 0, 0)


def test_explicit_deck_first_card_drawn_is_deck_5n() -> None:
    deck = shuffled_deck(12)
    for players in (2, 5):
        game = Game(players=players, deck=deck)
        before = Counter(game.hand(0))
        move = game.legal_moves()[0]
        game.play(move)
        after = Counter(game.hand(0))
        after[move.dweebie] += 1
        assert after - before == Counter([deck[5 * players]])
        assert game.pile == tuple(deck[5 * players + 1 :])


def test_same_seed_gives_same_deck() -> None:
    assert shuffled_deck(7) == shuffled_deck(7)
    assert shuffled_deck(123456789) == shuffled_deck(123456789)
    assert shuffled_deck(7) != shuffled_deck(8)
    a, b = Game(players=4, seed=99), Game(players=4, seed=99)
    assert a == b
    assert a.hands == b.hands and a.pile == b.pile


def test_seeded_shuffle_is_a_permutation_of_the_54_cards() -> None:
    for seed in range(20):
        assert sorted(shuffled_deck(seed)) == list(FULL_DECK)


def test_seed_7_deck_is_the_same_on_every_machine() -> None:
    # Checked-in values: the cross-machine guarantee of rules section 2.  They may only
    # change together with a deliberate (and announced) change of the shuffle.
    assert shuffled_deck(7)[:12] == [16, 10, 0, 22, 23, 9, 20, 17, 21, 24, 12, 9]


def test_seeded_game_deals_from_the_seeded_deck() -> None:
    deck = shuffled_deck(7)
    game = Game(players=2, seed=7)
    assert game == Game(players=2, deck=deck)
    assert game.hand(0) == tuple(sorted(deck[:5]))
    assert game.hand(1) == tuple(sorted(deck[5:10]))
    assert game.pile == tuple(deck[10:])


# ============================================================== section 3: coordinates
def test_cell_may_be_given_as_a_list_of_two_ints() -> None:
    game = Game.from_position(
        board={},
        hands=[[1], [2]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    game.play(1, [0, 0])
    assert dict(game.board) == {(0, 0): 1}
    assert game.last_move == Move(1, (0, 0))


# ============================================================== section 5: placing
def test_first_card_goes_to_the_center() -> None:
    game = Game.from_position(
        board={},
        hands=[[3, 4], [5]],
        pile=[6],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert game.legal_cells() == {(0, 0)}
    assert game.legal_moves() == [Move(3, (0, 0)), Move(4, (0, 0))]
    game.play(4, (0, 0))
    assert dict(game.board) == {(0, 0): 4}


def test_center_again_after_a_collection_empties_the_table() -> None:
    # The cards are away from the center; collecting all of them empties the table.
    game = Game.from_position(
        board={(3, 4): 20, (3, 5): 7},
        hands=[[20, 1], [2, 3]],
        pile=[4],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(20, (3, 6))
    assert result.collected == {(3, 4), (3, 5), (3, 6)}
    assert game.board == {}
    assert game.current_player == 1
    assert game.legal_cells() == {(0, 0)}
    assert not game.is_split and game.bridge_cost == 0


def test_legal_cells_are_empty_cells_orthogonally_adjacent_to_a_card() -> None:
    game = Game.from_position(
        board={(0, 0): 1, (0, 1): 2, (1, 1): 3},
        hands=[[4], [5]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert game.legal_cells() == {(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0), (1, 2), (2, 1)}


def test_diagonal_contact_does_not_count() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[4], [5]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert game.legal_cells() == {(-1, 0), (1, 0), (0, -1), (0, 1)}
    assert not {(1, 1), (1, -1), (-1, 1), (-1, -1)} & game.legal_cells()


def test_diagonal_contact_does_not_join_groups() -> None:
    game = Game.from_position(
        board={(0, 0): 1, (1, 1): 2},
        hands=[[4], [5]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert game.is_split
    assert game.bridge_cost == 1
    assert game.legal_cells() == {(0, 1), (1, 0)}


def test_placement_needs_no_matching_card() -> None:
    game = Game.from_position(
        board={(0, 0): 1, (0, 1): 2},
        hands=[[3, 9, 9, 26], [5]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    cells = sorted(game.legal_cells())
    assert len(cells) == 6
    assert game.legal_moves() == [Move(d, c) for d in (3, 9, 26) for c in cells]
    for move in game.legal_moves():
        assert game.copy().play(move).move == move


def test_legal_cells_when_split_are_frontier_cells_on_a_cheapest_link() -> None:
    # Two cards three steps apart: every cell of the rectangle between them lies on a
    # cheapest link, but only those next to a card may be played now.
    game = Game.from_position(
        board={(0, 0): 1, (2, 2): 2},
        hands=[[3, 4], [5, 6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert game.bridge_cost == 3
    assert game.link_cells == {(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)}
    assert game.legal_cells() == {(0, 1), (1, 0), (1, 2), (2, 1)}
    game.play(3, (0, 1))
    assert game.bridge_cost == 2
    assert game.legal_cells() == {(0, 2), (1, 1), (1, 2), (2, 1)}


def test_split_placement_lowers_the_bridge_cost_by_exactly_one() -> None:
    game = Game.from_position(
        board={(0, 0): 1, (0, 4): 2},
        hands=[[3, 4, 5], [6, 7, 8]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    costs = [game.bridge_cost]
    for cell in [(0, 1), (0, 3), (0, 2)]:
        assert cell in game.legal_cells()
        game.play(game.hand(game.current_player)[0], cell)
        costs.append(game.bridge_cost)
    assert costs == [3, 2, 1, 0]
    assert not game.is_split


def test_bridge_cost_of_two_groups() -> None:
    game = Game.from_position(
        board={(0, 0): 1, (0, 1): 2, (0, 4): 3, (1, 4): 4},
        hands=[[5], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert game.is_split
    assert len(game.groups) == 2
    assert game.bridge_cost == 2
    assert game.legal_cells() == {(0, 2), (0, 3)}


def test_bridge_cost_of_three_groups_is_a_cheapest_tree_not_pairwise_links() -> None:
    # Joining (0, 0) and (0, 4) costs 3, and a direct link to (3, 2) from either costs 4:
    # pairwise links would need 7 cards, but a tree branching at (0, 2) needs only 5.
    game = Game.from_position(
        board={(0, 0): 1, (0, 4): 2, (3, 2): 3},
        hands=[[5], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert len(game.groups) == 3
    assert game.bridge_cost == 5
    assert game.link_cells == {(0, 1), (0, 2), (0, 3), (1, 2), (2, 2)}
    assert game.legal_cells() == {(0, 1), (0, 3), (2, 2)}


def test_bridge_cost_of_four_groups() -> None:
    game = Game.from_position(
        board={(0, 2): 1, (2, 0): 2, (2, 4): 3, (4, 2): 4},
        hands=[[5], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert len(game.groups) == 4
    assert game.bridge_cost == 5
    assert game.legal_cells() == {(1, 2), (2, 1), (2, 3), (3, 2)}


def test_link_through_a_third_group_is_cheaper_than_a_direct_link() -> None:
    # (0, 0) and (0, 6) are 5 cards apart directly, but each is one card away from the row
    # of cards below them: the bridge cost is 2, and the direct path is not legal.
    board = {(0, 0): 1, (0, 6): 2}
    board.update({(1, c): 2 + c for c in range(1, 6)})
    game = Game.from_position(
        board=board,
        hands=[[9], [10]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert len(game.groups) == 3
    assert game.bridge_cost == 2
    assert game.legal_cells() == {(0, 1), (1, 0), (0, 5), (1, 6)}
    assert (0, 2) not in game.legal_cells()


def test_collection_that_splits_the_grid_limits_next_player_to_shortest_link_cells() -> None:
    game = Game.from_position(
        board={(-1, 0): 10, (0, 0): 21, (0, 1): 11, (1, 1): 12},
        hands=[[21], [1, 2]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert not game.is_split
    result = game.play(21, (0, 2))
    assert result.collected == {(0, 0), (0, 1), (0, 2)}
    assert dict(game.board) == {(-1, 0): 10, (1, 1): 12}
    assert game.current_player == 1
    assert game.is_split
    assert game.bridge_cost == 2
    assert game.legal_cells() == {(-1, 1), (0, 0), (0, 1), (1, 0)}
    assert {m.cell for m in game.legal_moves()} == game.legal_cells()
    assert not game.is_legal(1, (2, 1))  # next to a card, but on no shortest bridge


# ============================================================== section 6: collecting
def test_two_card_line_is_collected() -> None:
    game = Game.from_position(
        board={(0, 0): 20},
        hands=[[20, 5], [6]],
        pile=[7, 8],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(20, (0, 1))
    assert result.collected == {(0, 0), (0, 1)}
    assert result.taken == (((0, 0), 20), ((0, 1), 20))
    assert game.scores == (2, 0)
    assert game.collected(0) == (20, 20)
    assert game.board == {}


def test_two_card_column_is_collected() -> None:
    game = Game.from_position(
        board={(0, 0): 19, (0, 1): 3},
        hands=[[19, 5], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(19, (-1, 0))
    assert result.collected == {(-1, 0), (0, 0)}
    assert dict(game.board) == {(0, 1): 3}
    assert game.scores == (2, 0)


def test_line_with_different_end_cards_is_not_collected() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 5},
        hands=[[21], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(21, (0, 2))
    assert result.collected == frozenset()
    assert len(game.board) == 3
    assert game.scores == (0, 0)


def test_longer_line_is_collected_with_both_end_cards() -> None:
    game = Game.from_position(
        board={(0, 0): 21, (0, 1): 5, (0, 2): 6, (1, 1): 7},
        hands=[[21], [8]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(21, (0, 3))
    assert result.collected == {(0, 0), (0, 1), (0, 2), (0, 3)}
    assert game.scores == (4, 0)
    assert sorted(game.collected(0)) == [5, 6, 21, 21]
    assert dict(game.board) == {(1, 1): 7}


def test_both_axes_collected_at_once_placed_card_counts_once() -> None:
    game = Game.from_position(
        board={(0, 0): 22, (0, 1): 5, (1, 1): 7, (1, 2): 6, (2, 2): 22},
        hands=[[22], [8]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(22, (0, 2))
    row = {(0, 0), (0, 1), (0, 2)}
    col = {(0, 2), (1, 2), (2, 2)}
    assert result.collected == row | col
    assert game.scores == (5, 0)  # 3 + 3 - 1: the placed card counts once
    assert result.points == 5
    assert dict(game.board) == {(1, 1): 7}


def test_middle_placement_collects_nothing_in_that_direction() -> None:
    # Placing 24 between two 24s joins two runs; it is at no end of the row.
    game = Game.from_position(
        board={(0, -1): 24, (0, 1): 24, (1, -1): 6, (1, 0): 7, (1, 1): 8},
        hands=[[24], [5]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(24, (0, 0))
    assert result.collected == frozenset()
    assert len(game.board) == 6
    assert game.scores == (0, 0)


def test_middle_placement_still_collects_along_the_other_axis() -> None:
    game = Game.from_position(
        board={(0, -1): 24, (0, 1): 5, (1, -1): 6, (1, 0): 7, (1, 1): 8, (2, 0): 24},
        hands=[[24], [3]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(24, (0, 0))
    assert result.collected == {(0, 0), (1, 0), (2, 0)}
    assert (0, -1) in game.board  # the row is not collected: the card was in its middle
    assert game.scores == (3, 0)


def test_matching_line_not_ended_by_the_placed_card_stays_on_the_table() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 5, (0, 2): 20},
        hands=[[6], [7]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(6, (1, 1))
    assert result.collected == frozenset()
    assert dict(game.board) == {(0, 0): 20, (0, 1): 5, (0, 2): 20, (1, 1): 6}


def test_line_whose_ends_match_after_a_removal_stays_on_the_table() -> None:
    # Collecting column 3 takes (0, 3) away and leaves the row 20, 5, 20: only the placed
    # card can start a collection, so that row stays.
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 5, (0, 2): 20, (0, 3): 9, (1, 3): 6},
        hands=[[9], [7]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(9, (2, 3))
    assert result.collected == {(0, 3), (1, 3), (2, 3)}
    assert dict(game.board) == {(0, 0): 20, (0, 1): 5, (0, 2): 20}
    assert game.scores == (3, 0)


def test_min_line_3_two_card_match_is_not_collected() -> None:
    game = Game.from_position(
        board={(0, 0): 20},
        hands=[[20], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=Rules(min_line=3),
        owed=[0, 0],
    )
    result = game.play(20, (0, 1))
    assert result.collected == frozenset()
    assert dict(game.board) == {(0, 0): 20, (0, 1): 20}


def test_min_line_3_three_card_match_is_collected() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 5},
        hands=[[20], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=Rules(min_line=3),
        owed=[0, 0],
    )
    result = game.play(20, (0, 2))
    assert result.collected == {(0, 0), (0, 1), (0, 2)}
    assert game.scores == (3, 0)


def test_min_line_4_collects_a_four_card_line_only_in_that_direction() -> None:
    # Row of 4 with matching ends is collected; the column pair (two cards) is not.
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 5, (0, 2): 6, (1, 3): 20},
        hands=[[20], [7]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=Rules(min_line=4),
        owed=[0, 0],
    )
    result = game.play(20, (0, 3))
    assert result.collected == {(0, 0), (0, 1), (0, 2), (0, 3)}
    assert dict(game.board) == {(1, 3): 20}


def test_no_collection_while_split() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (0, 3): 9},
        hands=[[20], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert game.bridge_cost == 2
    result = game.play(20, (0, 1))  # 20, 20 would be collected on a joined table
    assert result.collected == frozenset()
    assert dict(game.board) == {(0, 0): 20, (0, 1): 20, (0, 3): 9}
    assert game.is_split and game.bridge_cost == 1


def test_reconnecting_placement_collects_with_collect_on_reconnect() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (1, 1): 9},
        hands=[[20], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=Rules(collect_on_reconnect=True),
        owed=[0, 0],
    )
    assert game.is_split
    result = game.play(20, (0, 1))
    assert result.collected == {(0, 0), (0, 1)}
    assert dict(game.board) == {(1, 1): 9}
    assert game.scores == (2, 0)


def test_reconnecting_placement_does_not_collect_without_collect_on_reconnect() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (1, 1): 9},
        hands=[[20], [20]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=Rules(collect_on_reconnect=False),
        owed=[0, 0],
    )
    result = game.play(20, (0, 1))
    assert result.collected == frozenset()
    assert dict(game.board) == {(0, 0): 20, (0, 1): 20, (1, 1): 9}
    assert not game.is_split


def test_collecting_resumes_the_turn_after_a_reconnect_without_collect_on_reconnect() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (1, 1): 9},
        hands=[[20], [20]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=Rules(collect_on_reconnect=False),
        owed=[0, 0],
    )
    game.play(20, (0, 1))
    result = game.play(20, (0, 2))
    assert result.seat == 1
    assert result.collected == {(0, 0), (0, 1), (0, 2)}
    assert game.scores == (0, 3)


def test_collection_may_split_the_grid_again_on_reconnect() -> None:
    # (0, 1) touches all three single cards; placing 20 there joins them and collects the
    # column pair, which splits the table into (0, 0) and (0, 2) again.
    game = Game.from_position(
        board={(0, 0): 9, (0, 2): 10, (1, 1): 20},
        hands=[[20], [6]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    assert game.bridge_cost == 1
    result = game.play(20, (0, 1))
    assert result.collected == {(0, 1), (1, 1)}
    assert game.is_split
    assert game.legal_cells() == {(0, 1)}


# ============================================================== section 7: views
def _view_game(hands: list[list[int]], pile: list[int]) -> Game:
    return Game.from_position(
        board={(0, 0): 18, (0, 1): 19},
        hands=hands,
        pile=pile,
        scores=[2, 0, 1],
        current_player=1,
        rules=DEFAULT,
        owed=[0, 0, 0],
    )


def test_view_shows_own_hand_only() -> None:
    game = _view_game([[1, 2], [3, 4, 26], [5]], [6, 7])
    view = game.view(1)
    assert view.seat == 1
    assert view.hand == (3, 4, 26)
    assert not hasattr(view, "hands")
    assert not hasattr(view, "pile")
    assert game.view(0).hand == (1, 2)


def test_view_shows_hand_sizes_scores_and_pile_size() -> None:
    game = _view_game([[1, 2], [3, 4, 26], [5]], [6, 7])
    view = game.view(0)
    assert view.hand_sizes == (2, 3, 1)
    assert view.scores == (2, 0, 1)
    assert view.pile_size == 2
    assert dict(view.board) == {(0, 0): 18, (0, 1): 19}
    assert view.current_player == 1
    assert view.legal_cells() == game.legal_cells()


def test_view_unseen_cards_are_other_hands_plus_pile() -> None:
    game = _view_game([[1, 2], [3, 4, 26], [5]], [6, 7])
    assert sorted(game.view(0).unseen) == [3, 4, 5, 6, 7, 26]
    assert sorted(game.view(1).unseen) == [1, 2, 5, 6, 7]
    assert sorted(game.view(2).unseen) == [1, 2, 3, 4, 6, 7, 26]


def test_views_are_equal_when_only_hidden_cards_differ() -> None:
    a = _view_game([[1, 2], [3, 4, 26], [5]], [6, 7])
    b = _view_game([[7, 5], [3, 4, 26], [1]], [6, 2])
    assert a.view(1) == b.view(1)
    assert a.view(0) != b.view(0)  # seat 0's own hand differs
    # The same public move (and the same card drawn) keeps the views equal.
    a.play(3, (0, 2))
    b.play(3, (0, 2))
    assert a.view(1) == b.view(1)


def test_view_of_a_seat_not_to_move_offers_no_moves() -> None:
    game = _view_game([[1, 2], [3, 4, 26], [5]], [6, 7])
    assert game.view(0).legal_moves() == []
    assert game.view(1).legal_moves() == game.legal_moves()


def test_sampled_game_agrees_with_the_view() -> None:
    # Rules section 10: an AI may fill in the unseen cards at random; the game it gets
    # must agree with everything the seat can see.
    game = _view_game([[1, 2], [3, 4, 26], [5]], [6, 7])
    view = game.view(1)
    for seed in range(5):
        sample = view.sample(random.Random(seed))
        seen = sample.view(1)
        assert seen.hand == view.hand
        assert dict(seen.board) == dict(view.board)
        assert seen.hand_sizes == view.hand_sizes
        assert seen.scores == view.scores
        assert seen.pile_size == view.pile_size
        assert seen.unseen == view.unseen
        assert sample.legal_moves() == game.legal_moves()


# ============================================================== section 8: drawing
def test_player_draws_the_top_pile_card_after_each_turn() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2, 3], [4, 5]],
        pile=[6, 7, 8],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(2, (0, 1))
    assert result.drew
    assert game.hand(0) == (3, 6)
    assert list(game.pile) == [7, 8]
    result = game.play(4, (0, 2))
    assert result.drew
    assert game.hand(1) == (5, 7)
    assert list(game.pile) == [8]


def test_without_auto_draw_turn_passes_without_drawing() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2, 3], [4, 5]],
        pile=[6, 7],
        scores=[0, 0],
        current_player=0,
        rules=NO_AUTO_DRAW,
        owed=[0, 0],
    )
    result = game.play(2, (0, 1))
    assert not result.drew
    assert game.hand(0) == (3,)
    assert game.pile == (6, 7)
    assert game.current_player == 1
    assert game.owed_draws(0) == 1


def test_owed_draws_are_counted() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2, 3, 8], [4, 5]],
        pile=[6, 7],
        scores=[0, 0],
        current_player=0,
        rules=NO_AUTO_DRAW,
        owed=[0, 0],
    )
    game.play(2, (0, 1))
    game.play(4, (0, 2))
    game.play(3, (0, 3))
    assert (game.owed_draws(0), game.owed_draws(1)) == (2, 1)


def test_owed_draw_may_be_taken_during_another_seats_turn() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2, 3], [4, 5]],
        pile=[6, 7],
        scores=[0, 0],
        current_player=0,
        rules=NO_AUTO_DRAW,
        owed=[0, 0],
    )
    game.play(2, (0, 1))
    assert game.current_player == 1
    assert game.draw(0) == 6
    assert game.hand(0) == (3, 6)
    assert game.owed_draws(0) == 0
    assert game.pile == (7,)
    assert game.current_player == 1


def test_owed_draw_may_be_taken_on_own_turn_before_placing() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2, 3], [4, 5]],
        pile=[6, 7],
        scores=[0, 0],
        current_player=0,
        rules=NO_AUTO_DRAW,
        owed=[2, 0],
    )
    assert game.draw(0) == 6
    assert game.owed_draws(0) == 1
    assert game.current_player == 0
    game.play(6, (0, 1))
    assert game.owed_draws(0) == 2


def test_empty_hand_with_owed_draws_takes_them_before_placing() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1], [2, 3]],
        pile=[4, 5, 6],
        scores=[0, 0],
        current_player=0,
        rules=NO_AUTO_DRAW,
        owed=[1, 0],
    )
    game.play(1, (0, 1))
    assert game.hand(0) == () and game.owed_draws(0) == 2
    game.play(2, (0, 2))
    assert game.current_player == 0
    assert game.hand(0) == (4, 5)
    assert game.owed_draws(0) == 0
    assert game.pile == (6,)


def test_empty_hand_takes_owed_draws_only_as_far_as_the_pile_allows() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1], [2, 3]],
        pile=[4, 5],
        scores=[0, 0],
        current_player=0,
        rules=NO_AUTO_DRAW,
        owed=[2, 0],
    )
    game.play(1, (0, 1))  # seat 0 now owes 3
    game.play(2, (0, 2))  # seat 1 owes 1
    assert game.current_player == 0
    assert game.hand(0) == (4, 5)
    assert game.pile_size == 0
    assert game.owed_draws(0) == 1


def test_empty_hand_with_nothing_owed_is_skipped() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1], [], [2]],
        pile=[4, 5],
        scores=[0, 0, 0],
        current_player=0,
        rules=NO_AUTO_DRAW,
        owed=[0, 0, 0],
    )
    game.play(1, (0, 1))
    assert game.current_player == 2
    assert game.hand(1) == ()
    assert game.pile == (4, 5)


def test_empty_hand_with_owed_draws_but_empty_pile_is_skipped() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1], [], [2]],
        pile=[],
        scores=[0, 0, 0],
        current_player=0,
        rules=NO_AUTO_DRAW,
        owed=[0, 2, 0],
    )
    game.play(1, (0, 1))
    assert game.current_player == 2
    assert game.owed_draws(1) == 2


def test_seat_to_move_with_empty_hand_and_owed_draws_draws_at_once_in_a_position() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[], [2]],
        pile=[4, 5, 6],
        scores=[0, 0],
        current_player=0,
        rules=NO_AUTO_DRAW,
        owed=[2, 0],
    )
    assert game.current_player == 0
    assert game.hand(0) == (4, 5)
    assert game.owed_draws(0) == 0


# ============================================================== section 9: end of the game
def test_play_continues_without_drawing_when_the_pile_is_empty() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1, 2], [3, 4]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    result = game.play(1, (0, 1))
    assert not result.drew
    assert game.hand(0) == (2,)
    assert game.current_player == 1
    assert not game.is_over


def test_player_with_no_cards_left_is_skipped() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1], [], [2, 3]],
        pile=[],
        scores=[0, 0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0, 0],
    )
    game.play(1, (0, 1))
    assert game.current_player == 2
    game.play(2, (0, 2))
    assert game.current_player == 2  # seats 0 and 1 have nothing left
    assert not game.is_over


def test_game_ends_when_pile_and_every_hand_are_empty() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1], [2]],
        pile=[3],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    game.play(1, (0, 1))  # draws 3
    assert not game.is_over
    game.play(2, (0, 2))
    assert not game.is_over  # seat 0 still holds 3
    game.play(3, (0, 3))
    assert game.is_over
    assert game.legal_moves() == []
    assert game.legal_cells() == set()


def test_cards_left_on_the_table_belong_to_nobody() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1], [2]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    game.play(1, (0, 1))
    game.play(2, (0, 2))
    assert game.is_over
    assert len(game.board) == 3
    assert game.scores == (0, 0)


def test_most_collected_cards_wins() -> None:
    game = Game.from_position(
        board={(0, 0): 20},
        hands=[[1], [20]],
        pile=[],
        scores=[3, 2],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    game.play(1, (0, 1))
    game.play(20, (0, 2))  # 20, 1, 20: seat 1 collects 3
    assert game.is_over
    assert game.scores == (3, 5)
    assert game.winners == (1,)


def test_tied_highest_scores_share_the_win() -> None:
    game = Game.from_position(
        board={(0, 0): 2},
        hands=[[1], [], []],
        pile=[],
        scores=[3, 3, 1],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0, 0],
    )
    game.play(1, (0, 1))
    assert game.is_over
    assert game.winners == (0, 1)


def test_all_seats_tie_at_zero() -> None:
    game = Game.from_position(
        board={(0, 0): 2},
        hands=[[1], [3]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=DEFAULT,
        owed=[0, 0],
    )
    game.play(1, (0, 1))
    game.play(3, (0, 2))
    assert game.is_over
    assert game.winners == (0, 1)


def test_may_draw_needs_an_owed_draw_and_a_pile() -> None:
    game = Game.from_position(
        board={}, hands=[[20, 21], [22]], pile=[3], rules=Rules(auto_draw=False), owed=[1, 0]
    )
    assert game.may_draw(0) and not game.may_draw(1)
    game.draw(0)
    assert not game.may_draw(0)
