"""Puzzle ratings: the item-response fit, the Elo-like scale, the panel, and the shipped
set's ratings (their range, their spread over the thirds of the scale, their records)."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from helpers import haul_game, rejoin_game, where_game

from dweebies_widget import Game, Move
from dweebies_widget.errors import SaveError
from dweebies_widget.puzzles import Puzzle, irt, load
from dweebies_widget.puzzles.generate import (
    THIRDS,
    build,
    dump_positions,
    mine,
    read_positions,
    spread,
    third,
)
from dweebies_widget.puzzles.kinds import KINDS
from dweebies_widget.puzzles.panel import FITTING, HELD_OUT, Solver, softmax_share, where_chance
from dweebies_widget.puzzles.rating import (
    LADDER,
    Measure,
    abilities,
    measure,
    rating_of,
    read_abilities,
)

#: The spread target: puzzles of every kind in each third of the rating range.
PER_THIRD = 8


@pytest.fixture(scope="module")
def shipped() -> list[Puzzle]:
    return load()


# ---------------------------------------------------------------------- the model
def test_the_fit_recovers_known_difficulties_from_simulated_attempts() -> None:
    rng = np.random.default_rng(25)
    b, theta = rng.normal(0.0, 2.0, 120), np.linspace(-3.0, 3.0, 9)
    shares = irt.simulate(b, theta, tries=12, rng=rng)
    found = irt.fit(shares, np.full(shares.shape, 12.0))
    assert irt.spearman(found.difficulty, b) > 0.95
    assert irt.kendall(found.difficulty, b) > 0.8
    assert irt.spearman(found.ability, theta) > 0.95
    # The same attempts give the same fit.
    again = irt.fit(shares, np.full(shares.shape, 12.0))
    assert np.array_equal(again.difficulty, found.difficulty)


def test_one_puzzle_measured_with_abilities_fixed_gets_the_difficulty_of_the_fit() -> None:
    rng = np.random.default_rng(3)
    shares = irt.simulate(rng.normal(0, 1.5, 40), np.linspace(-2, 2, 6), tries=4, rng=rng)
    found = irt.fit(shares, np.full(shares.shape, 4.0), anchor=2)
    assert found.ability[2] == 0.0  # the anchor solver sets where 0 lies
    assert irt.spearman(found.ability, np.arange(6.0)) > 0.9
    for i in (0, 17, 39):
        alone = irt.difficulty(shares[i], np.full(6, 4.0), found.ability)
        assert alone == pytest.approx(found.difficulty[i], abs=1e-6)


def test_the_elo_like_scale() -> None:
    assert rating_of(0.0) == 1500
    # 400 points are a factor of 10 in the odds, as in Elo.
    assert rating_of(math.log(10.0)) == 1900 and rating_of(-math.log(10.0)) == 1100
    assert rating_of(-50.0) == 600 and rating_of(50.0) == 2400
    assert all(type(rating_of(x)) is int for x in (-1.234, 0.5, 3.21))
    assert [third(r) for r in (600, 1199, 1200, 1799, 1800, 2400)] == [0, 0, 1, 1, 2, 2]
    assert THIRDS[0][0] == irt.LOWEST and THIRDS[-1][1] - 1 == irt.HIGHEST


def test_rank_correlations() -> None:
    x = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    assert irt.spearman(x, -x) == pytest.approx(-1.0)
    assert irt.kendall(x, x**3) == pytest.approx(1.0)
    assert irt.kendall(x, np.array([2.0, 1.0, 3.0, 4.0, 5.0])) == pytest.approx(0.8)


# ---------------------------------------------------------------------- the panel
def test_softmax_shares_and_the_care_model() -> None:
    one, two, three = Move(1, (0, 0)), Move(2, (0, 0)), Move(3, (0, 0))
    values = {one: 2.0, two: 0.0, three: 0.0}
    share = softmax_share(values, frozenset({one}), 1.0)
    assert share == pytest.approx(math.exp(2) / (math.exp(2) + 2))
    # A colder solver and a solver with more insight find the answer more often.
    assert softmax_share(values, frozenset({one}), 0.5) > share
    # Insight 2 makes a move worth 2 cards less as likely as the move worth most.
    tied = softmax_share(values, frozenset({two}), 1.0, insight=2.0)
    assert tied == pytest.approx(math.exp(2) / (2 * math.exp(2) + 1))
    game = Game.from_position(board={(0, 0): 20, (0, 2): 9}, hands=[[20, 3], [5]])
    cells = frozenset(game.legal_cells())
    chances = [where_chance(game.view(0), cells, care) for care in (-1.0, 1.0, 3.0)]
    assert 0 < chances[0] < chances[1] < chances[2] < 1


def test_random_solves_as_often_as_its_share_of_the_legal_moves() -> None:
    game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
    legal = game.legal_moves()
    random_solver = Solver("Random", "random", 0.0)
    assert random_solver.share(game, 0, frozenset(legal[:2])) == pytest.approx(2 / len(legal))


def test_the_panels_are_named_once_and_apart() -> None:
    assert tuple(s.name for s in FITTING) == LADDER
    names = [s.name for s in FITTING + HELD_OUT]
    assert len(names) == len(set(names))
    assert len(abilities()) == len(LADDER)


def test_a_panel_file_is_checked_on_loading() -> None:
    good = '{"format": "dweebies-widget/puzzle-panel", "solvers": %s, "abilities": %s}'
    names = str(list(LADDER)).replace("'", '"')
    assert len(read_abilities(good % (names, [0.5] * len(LADDER)))) == len(LADDER)
    for bad in (
        good % (names, [0.5] * (len(LADDER) - 1)),
        good % ('["Random"]', [0.5]),
        good % (names, '["x"]'),
        '{"format": "other", "solvers": [], "abilities": []}',
    ):
        with pytest.raises(SaveError):
            read_abilities(bad)


def test_spread_keeps_at_most_so_many_of_each_kind_rules_and_third(shipped: list[Puzzle]) -> None:
    kept = spread(shipped, 2, seed=1)
    groups = Counter((p.kind, third(p.rating)) for p in kept)
    assert max(groups.values()) == 2
    assert set(groups) == {(p.kind, third(p.rating)) for p in shipped}
    assert spread(shipped, 2, seed=1) == kept


# ---------------------------------------------------------------------- the shipped set
def test_every_shipped_rating_is_an_int_in_range_from_its_measure() -> None:
    for p in load(rules="all"):
        assert type(p.rating) is int and 600 <= p.rating <= 2400, p.id
        assert p.rating == p.measure.rating == rating_of(p.measure.difficulty), p.id
        assert len(p.measure.shares) == len(LADDER), p.id
        assert all(0 <= s <= 1 for s in p.measure.shares), p.id


def test_every_kind_has_puzzles_in_each_third_of_the_rating_range(shipped: list[Puzzle]) -> None:
    """The spread target, for the standard set: every kind has at least :data:`PER_THIRD`
    puzzles in each third of the rating range (easy, medium and hard)."""
    counts = Counter((p.kind, third(p.rating)) for p in shipped)
    short = {
        (kind, t): counts[kind, t]
        for kind in KINDS
        for t in range(len(THIRDS))
        if counts[kind, t] < PER_THIRD
    }
    assert short == {}


def test_harder_puzzles_are_solved_less_often_by_the_panel(shipped: list[Puzzle]) -> None:
    ratings = np.array([p.rating for p in shipped], dtype=float)
    mean_share = np.array([np.mean(p.measure.shares) for p in shipped])
    assert irt.spearman(ratings, mean_share) < -0.9


def test_measuring_a_shipped_puzzle_again_gives_its_rating(shipped: list[Puzzle]) -> None:
    by_kind = {p.kind: p for p in shipped}
    for kind in ("haul", "where"):
        p = by_kind[kind]
        again = measure(p.position, p.seat, p.answer)
        assert again.shares == pytest.approx(p.measure.shares, abs=1e-4)
        assert abs(again.difficulty - p.measure.difficulty) <= 0.002
        assert abs(again.rating - p.rating) <= 1


def test_a_measure_is_plain_data() -> None:
    m = Measure((0.5,) * len(LADDER), 12, 0.25, rating_of(0.25))
    assert m.to_dict() == {
        "shares": [0.5] * len(LADDER),
        "moves": 12,
        "difficulty": 0.25,
        "rating": 1543,
    }


# ---------------------------------------------------------------------- mining and building
def test_mined_positions_travel_as_a_checked_file(tmp_path: Path) -> None:
    found = mine(2, seed=3, kinds=["haul", "where"], progress=False, every_game=True)
    path = tmp_path / "positions.json"
    dump_positions(found, path)
    back = read_positions(path.read_text(encoding="utf-8"))
    mined = [c for cands in found.values() for c in cands]
    assert len(mined) >= 2
    assert [(k, d, g.to_json()) for k, d, g in back] == [(c.kind, c.dweebie, c.save) for c in mined]
    for bad in ('{"format": "x", "version": 1, "positions": []}', '[]'):
        with pytest.raises(SaveError):
            read_positions(bad)


def test_a_set_is_built_from_positions_fitted_together() -> None:
    positions = [
        ("haul", None, haul_game()),
        ("rejoin", None, rejoin_game()),
        ("where", 21, where_game()),
        ("haul", None, haul_game()),  # the same puzzle twice counts once
    ]
    puzzles, ability, rated = build(positions, per_third=8, progress=False)
    assert len(rated) == 3 and len(ability) == len(LADDER)
    assert sorted(p.kind for p in puzzles) == ["haul", "rejoin", "where"]
    for p in puzzles:
        assert p.rating == rating_of(p.measure.difficulty)
        # Measured alone with the fitted abilities, a puzzle gets its fitted difficulty.
        alone = measure(p.position, p.seat, p.answer, ability)
        assert abs(alone.difficulty - p.measure.difficulty) <= 0.002
