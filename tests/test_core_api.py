"""The core's public operations for tools: ``push``, the chance hooks, dealing hidden cards,
the start position, payoffs and the best collection of each Dweebie.

Everything outside ``game.py`` (the AI, the save format, the adapters, the widget) uses these
instead of a game's insides, so each is checked against the checked path it stands beside.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import played

from dweebies_widget import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    IllegalMoveError,
    Placement,
    Rules,
    deal_hidden,
    shuffle,
)


def test_player_bounds_are_the_rules() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 6)
    for n in (MIN_PLAYERS - 1, MAX_PLAYERS + 1):
        with pytest.raises(ValueError, match="2 to 6 players"):
            Game(players=n, seed=1)


def test_starting_pile_is_the_deck_less_the_hands() -> None:
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for rules in (Rules(), Rules(hand_size=3)):
            assert Game(players=n, seed=n, rules=rules).pile_size == rules.starting_pile(n)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_push_plays_exactly_like_play(players: int) -> None:
    checked, fast = Game(players=players, seed=players), Game(players=players, seed=players)
    rng = random.Random(players)
    while not checked.is_over:
        move = checked.random_move(rng)
        assert checked.play(move) == fast.push(move)
        assert checked == fast


@pytest.mark.parametrize("seed", range(4))
def test_a_chance_draw_given_later_equals_the_automatic_draw(seed: int) -> None:
    auto = Game(players=3, seed=seed)
    chance = Game(players=3, seed=seed)
    rng = random.Random(seed)
    while not auto.is_over:
        move = auto.random_move(rng)
        seat = auto.current_player
        top = auto.pile[0] if auto.pile_size else None
        auto.play(move)
        placement = chance.play(move, draw=False)
        assert not placement.drew
        if top is not None:
            assert len(chance.hand(seat)) == len(auto.hand(seat)) - 1
            chance.give(seat, top)
        assert chance == auto


def test_give_takes_the_chosen_card_wherever_it_lies_and_undo_returns_it() -> None:
    game = Game(players=2, seed=5)
    before = game.state()
    game.push(game.legal_moves()[0], draw=False)
    deep = game.pile[-1]  # the last card of the pile, not its top
    pile = Counter(game.pile)
    game.give(0, deep)
    assert Counter(game.pile) == pile - Counter([deep])
    assert deep in game.hand(0)
    last = game.history[-1]
    assert isinstance(last, Placement) and last.drew
    game.undo()
    assert sorted(game.state()["pile"]) == sorted(before["pile"])
    assert game.hand(0) == tuple(before["hands"][0])


def test_give_is_refused_without_a_draw_to_complete_and_changes_nothing() -> None:
    game = Game(players=2, seed=5)
    with pytest.raises(IllegalMoveError, match="section 8"):
        game.give(0, game.pile[0])  # no placement yet
    game.push(game.legal_moves()[0])  # drew automatically
    state = game.state()
    with pytest.raises(IllegalMoveError, match="no draw to complete"):
        game.give(0, game.pile[0])
    assert game.state() == state
    game.push(game.legal_moves()[0], draw=False)
    state = game.state()
    missing = next(d for d in range(27) if d not in game.pile)
    with pytest.raises(IllegalMoveError, match="pile has no"):
        game.give(1, missing)
    with pytest.raises(IllegalMoveError, match="seat 0 has no draw"):
        game.give(0, game.pile[0])  # seat 1 placed last
    assert game.state() == state


def test_redeal_keeps_everything_the_seat_sees() -> None:
    game = played(Game(players=4, seed=9), 13, seed=9)
    seat = game.current_player
    hidden = [c for s in range(4) if s != seat for c in game.hand(s)] + list(game.pile)
    order = list(reversed(hidden))
    other = game.redeal(seat, order)
    mine, theirs = game.view(seat), other.view(seat)
    for field in ("board", "hand", "hand_sizes", "scores", "pile_size", "current_player"):
        assert getattr(mine, field) == getattr(theirs, field), field
    assert mine.unseen == theirs.unseen and mine.legal == theirs.legal
    hands, pile = deal_hidden(order, game.hand_sizes, seat)
    assert [list(other.hand(s)) for s in range(4) if s != seat] == [
        sorted(h) for s, h in enumerate(hands) if s != seat
    ]
    assert list(other.pile) == pile
    assert other.history == () and other.start.pile == tuple(pile)


def test_redeal_refuses_cards_that_are_not_the_hidden_ones() -> None:
    game = Game(players=2, seed=3)
    hidden = list(game.hand(1)) + list(game.pile)
    with pytest.raises(ValueError, match="rearrangement"):
        game.redeal(0, hidden[:-1])
    with pytest.raises(ValueError, match="rearrangement"):
        game.redeal(0, [*hidden[:-1], game.hand(0)[0]])


def test_view_deal_unseen_and_determinize_use_the_one_deal() -> None:
    game = played(Game(players=3, seed=2), 7, seed=2)
    view = game.view(1)
    order = list(view.unseen)
    random.Random(4).shuffle(order)
    hands, pile = view.deal_unseen(order)
    dealt, rest = deal_hidden(order, view.hand_sizes, 1)
    assert pile == rest and hands[0] == dealt[0] and hands[2] == dealt[2]
    assert hands[1] == list(view.hand)
    guess = game.determinize(1, random.Random(8))
    assert Counter(guess.hand(0) + guess.hand(2) + guess.pile) == Counter(view.unseen)
    assert guess.hand(1) == game.hand(1)


def test_shuffle_is_a_seeded_permutation() -> None:
    a, b = list(range(20)), list(range(20))
    shuffle(a, random.Random(1).random)
    shuffle(b, random.Random(1).random)
    assert a == b and sorted(a) == list(range(20)) and a != list(range(20))
    c = list(range(5))
    shuffle(c, lambda: 1.0)  # a sampler at the very top of its range stays in bounds
    assert sorted(c) == list(range(5))


def test_start_replayed_through_history_gives_the_game() -> None:
    game = played(Game(players=3, seed=6, rules=Rules(auto_draw=False)), 20, seed=6)
    while any(game.may_draw(s) for s in range(3)):
        game.draw(next(s for s in range(3) if game.may_draw(s)))
    replay = game.start.to_game(game.rules)
    for action in game.history:
        if isinstance(action, Placement):
            replay.play(action.move)
        else:
            replay.draw(action.seat)
    assert replay.state() == game.state()


def test_returns_reward_winners_and_call_an_all_way_tie_a_draw() -> None:
    def over(scores: list[int]) -> Game:
        return Game.from_position(board={}, hands=[[] for _ in scores], scores=scores)

    assert over([5, 2, 5]).returns() == (1.0, -1.0, 1.0)
    assert over([4, 4]).returns() == (0.0, 0.0)
    assert over([1, 9]).returns() == (-1.0, 1.0)
    assert Game(players=3, seed=1).returns() == (0.0, 0.0, 0.0)


def test_best_collections_is_the_biggest_of_the_collect_map() -> None:
    for seed in range(5):
        game = played(Game(players=2, seed=seed), 20, seed=seed)
        best: dict[int, int] = {}
        for gains in game.collect_map().values():
            for d, n in gains.items():
                best[d] = max(best.get(d, 0), n)
        assert game.best_collections() == best


def test_last_placement_skips_owed_draws() -> None:
    game = Game(players=2, seed=4, rules=Rules(auto_draw=False))
    assert game.last_placement is None and game.last_move is None
    placement = game.play(game.legal_moves()[0])
    game.draw(0)
    assert game.last_placement == placement
    assert game.last_move == placement.move
    assert game.view(1).last_placement == placement


def test_refusals_carry_a_reason_code_for_tools_to_word() -> None:
    game = Game.from_position(board={(0, 0): 20, (0, 3): 9}, hands=[[20, 3], [4]], pile=[5])
    cases = {
        "occupied": (20, (0, 0)),
        "not-adjacent": (20, (5, 5)),
        "not-on-link": (20, (1, 0)),
        "not-in-hand": (7, (0, 1)),
        "bad-cell": (20, "a1"),
    }
    for reason, (dweebie, cell) in cases.items():
        with pytest.raises(IllegalMoveError) as info:
            game.play(dweebie, cell)  # type: ignore[arg-type]
        assert info.value.reason == reason, (reason, str(info.value))
    empty = Game(players=2, seed=1)
    with pytest.raises(IllegalMoveError) as info:
        empty.play(empty.hand(0)[0], (0, 1))
    assert info.value.reason == "empty-table"
    with pytest.raises(IllegalMoveError) as info:
        empty.undo()
    assert info.value.reason == "nothing-to-undo"
