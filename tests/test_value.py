"""The learned value (dweebies_widget.ai.value): the features of a view read only that view,
the shipped model loads from plain JSON and judges real games better than the hand-set
judge, the Expert searches with it fairly, and training is seeded."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from helpers import played
from hypothesis import given, settings
from hypothesis import strategies as st

from dweebies_widget import Game, Move
from dweebies_widget.ai import CautiousPlayer, ExpertPlayer, GreedyPlayer
from dweebies_widget.ai.expert import play_out, win_chances
from dweebies_widget.ai.training import fit, positions, scores
from dweebies_widget.ai.value import (
    FEATURES,
    ValueModel,
    features,
    game_features,
)


def redealt(game: Game, seat: int, seed: int) -> Game:
    """The same game seen from ``seat``, the cards it cannot see dealt again."""
    view = game.view(seat)
    order = list(view.unseen)
    random.Random(seed).shuffle(order)
    return view.to_game(view.deal_unseen(order))


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10_000), st.integers(0, 60))
def test_the_search_computes_each_seats_features_as_its_view_defines_them(
    players: int, seed: int, moves: int
) -> None:
    game = played(Game(players=players, seed=seed), moves, seed)
    rows = game_features(game)
    assert len(rows) == players
    for seat in range(players):
        assert rows[seat] == pytest.approx(features(game.view(seat)), abs=1e-12)
        assert len(rows[seat]) == len(FEATURES)
    assert game_features(game, table=game.collect_map()) == rows
    assert game_features(game, seats=[players - 1]) == rows[-1:]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 50), st.integers(0, 99))
def test_a_seats_features_and_chance_never_read_a_card_it_cannot_see(
    players: int, seed: int, moves: int, shuffle: int
) -> None:
    game = played(Game(players=players, seed=seed), moves, seed)
    seat = game.current_player
    first, second = redealt(game, seat, shuffle), redealt(game, seat, shuffle + 1)
    assert first.view(seat) == second.view(seat)  # twins: only the hidden cards differ
    assert first.hand(seat) == game.hand(seat)
    row = game_features(game, seats=[seat])
    assert game_features(first, seats=[seat]) == game_features(second, seats=[seat]) == row
    model = ValueModel.load()
    assert model.view_chance(first.view(seat)) == model.view_chance(game.view(seat))


def test_features_say_what_the_seat_sees() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 9}, hands=[[20, 4], [9, 6]], pile=[7, 8], scores=[3, 1]
    )
    mine = dict(zip(FEATURES, features(game.view(0)), strict=True))
    theirs = dict(zip(FEATURES, features(game.view(1)), strict=True))
    # Seat 0 leads by 2 with 8 cards in play; a 20 at (0, 2) takes three cards.
    assert mine["lead"] == pytest.approx(2 / 3)
    assert mine["lead_cards"] == pytest.approx(0.2) and theirs["lead_cards"] == pytest.approx(-0.2)
    assert mine["to_move"] == 1.0 and theirs["to_move"] == 0.0
    assert theirs["wait"] == pytest.approx(0.5)
    assert mine["my_best"] == pytest.approx(0.6) and mine["my_best_now"] == pytest.approx(0.6)
    assert theirs["my_best"] == pytest.approx(0.6) and theirs["my_best_now"] == 0.0
    assert mine["offers"] == pytest.approx(0.4)  # a 20 or a 9 would collect
    # Seat 0 cannot see 9, 6, 7, 8: one of the four could collect.
    assert mine["unseen_offers"] == pytest.approx(0.25)
    assert theirs["unseen_offers"] == pytest.approx(0.25)  # 20, 4, 7, 8: the 20
    assert mine["hand"] == pytest.approx(0.4) and mine["players"] == 0.0


def test_the_shipped_model_is_plain_json_that_round_trips() -> None:
    model = ValueModel.load()
    again = ValueModel.from_json(model.to_json())
    assert again.hidden == model.hidden and again.output == model.output
    data = json.loads(model.to_json())
    assert data["format"] == "dweebies-value-1" and data["features"] == list(FEATURES)
    generations = model.info["generations"]
    assert generations and generations[-1]["generation"] == len(generations) - 1
    assert model.info["trained_by"] == "benchmarks/train_value.py"


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(format="pickle"), "format"),
        (lambda d: d.update(features=["lead"]), "features"),
        (lambda d: d["output"].update(bias="1; import os"), "numbers"),
        (lambda d: d["output"].update(weights=[1.0]), "output needs"),
        (lambda d: d["hidden"][0].update(weights=d["hidden"][0]["weights"][:-1]), "hidden unit"),
        (lambda d: d["output"].update(bias=float("nan")), "finite"),
        (lambda d: d.pop("hidden"), "numbers"),
        (lambda d: d.update(info=[1]), "info"),
        (lambda d: d["output"].update(bias=10**400), "finite"),
    ],
)
def test_a_damaged_weights_file_is_refused_with_what_is_wrong(change, message) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(ValueModel.load().to_json())
    change(data)
    with pytest.raises(ValueError, match=message):
        ValueModel.from_json(json.dumps(data))


def test_chances_add_up_to_one_and_are_exact_at_the_end() -> None:
    model = ValueModel.load()
    for players in (2, 3, 4):
        for seed in range(5):
            game = played(Game(players=players, seed=seed), 20 + seed, seed)
            chances = model.chances(game)
            assert len(chances) == players and sum(chances) == pytest.approx(1.0)
            assert all(0.0 <= c <= 1.0 for c in chances)
    over = Game.from_position(board={}, hands=[[], [], []], scores=[5, 5, 2])
    assert model.chances(over) == [0.5, 0.5, 0.0]


def test_a_bigger_lead_is_a_better_chance() -> None:
    model = ValueModel.load()
    base = dict(board={(0, 0): 3}, hands=[[4, 5], [6, 7]], pile=[8, 10, 11, 12])
    chances = [
        model.chances(Game.from_position(**base, scores=[mine, 6]))[0]  # type: ignore[arg-type]
        for mine in (2, 4, 6, 8, 10)
    ]
    assert chances == sorted(chances) and chances[0] < 0.3 < 0.7 < chances[-1]


def test_the_shipped_model_judges_new_games_better_than_the_hand_set_judge() -> None:
    # Deals the training never saw (its seeds are below 10 million).
    data = positions([CautiousPlayer(), GreedyPlayer()], games=30, seed=90_000_000)
    quality = scores(ValueModel.load(), data)
    assert quality["log_loss"] < quality["handset_log_loss"]
    assert quality["brier"] < quality["handset_brier"]


def test_play_out_grabs_the_biggest_collection_in_turn_and_returns_the_table() -> None:
    for seed in range(30):
        game = played(Game(players=2, seed=seed), 10 + seed, seed)
        copy = game.copy()
        table = play_out(game)
        # The same grabs, one by one, with the engine's own best_collection.
        for _ in range(8):
            if copy.is_over:
                break
            _, grab = copy.best_collection(copy.hand(copy.current_player))
            if grab is None:
                break
            copy.push(grab)
        assert game.history == copy.history
        if table is not None:
            assert table == game.collect_map()
            assert game.best_collections(table) == game.best_collections()
            assert game.best_collection(game.hand(game.current_player)) == (0, None)


def test_expert_judges_with_the_learned_value_unless_told_otherwise() -> None:
    assert ExpertPlayer(simulations=5).judge is ValueModel.load()
    assert ExpertPlayer.previous(simulations=5).judge is None
    assert repr(ExpertPlayer.previous(simulations=5)) == (
        "ExpertPlayer(simulations=5, value='hand-set')"
    )
    mine = ValueModel([], ([0.0] * len(FEATURES), 0.0))
    assert ExpertPlayer(simulations=5, value=mine).judge is mine
    with pytest.raises(ValueError, match="'learned' or 'hand-set' or a ValueModel"):
        ExpertPlayer(simulations=5, value="clever")


def test_the_judge_changes_what_the_search_learns_and_stays_reproducible() -> None:
    game = played(Game(players=2, seed=4), 24, 4)
    view = game.view(game.current_player)
    learned = ExpertPlayer(simulations=200).statistics(view, random.Random(3))
    again = ExpertPlayer(simulations=200).statistics(view, random.Random(3))
    handset = ExpertPlayer.previous(simulations=200).statistics(view, random.Random(3))
    assert learned == again
    assert learned != handset
    for stats in learned.values():
        assert sum(stats.chances) == pytest.approx(1.0) or stats.visits == 0


def test_an_expert_with_a_flat_value_still_plays_legal_moves_to_the_end() -> None:
    flat = ValueModel([], ([0.0] * len(FEATURES), 0.0))
    game = Game(players=3, seed=5)
    players = [ExpertPlayer(simulations=8, value=flat), CautiousPlayer(), ExpertPlayer(8)]
    rng = random.Random(5)
    while not game.is_over:
        seat = game.current_player
        move = players[seat].choose(game.view(seat), rng)
        assert isinstance(move, Move) and game.is_legal(move)
        game.play(move)


def test_training_is_seeded_and_learns() -> None:
    data = positions([CautiousPlayer(), CautiousPlayer()], games=20, seed=5)
    train, held = data.split(every=5)
    assert len(held) and len(train) + len(held) == len(data)
    assert set(train.game.tolist()).isdisjoint(held.game.tolist())
    one, curve = fit(train, hidden=4, epochs=4, seed=1, held_out=held)
    two, _ = fit(train, hidden=4, epochs=4, seed=1, held_out=held)
    assert one.hidden == two.hidden and one.output == two.output
    assert curve[-1] < math.log(2)  # better than a coin on games it never saw
    flat, _ = fit(train, hidden=0, epochs=4, seed=1)
    assert not flat.hidden and len(flat.output[0]) == len(FEATURES)
    # A dropped feature gets weight 0 everywhere: the model ignores it.
    blind, _ = fit(train, hidden=4, epochs=2, seed=1, drop=["to_move", "wait"])
    for name in ("to_move", "wait"):
        assert all(w[FEATURES.index(name)] == 0.0 for w, _ in blind.hidden)
    assert all(w[FEATURES.index("lead")] != 0.0 for w, _ in blind.hidden)
    with pytest.raises(ValueError, match="no such feature: luck"):
        fit(train, epochs=1, drop=["luck"])
    # The hand-set judge's chance recorded with each row is win_chances of its position.
    game = Game(players=2, seed=5)
    assert data.handset[:2].tolist() == win_chances(game)
    assert np.all((data.y == 0) | (data.y == 0.5) | (data.y == 1))

