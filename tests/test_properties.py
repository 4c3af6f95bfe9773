"""Property tests: whole random games, for 2-6 players and every rule option.

Hypothesis picks the number of players, the rules (``min_line`` 2-4, ``collect_on_reconnect``,
``auto_draw``, ``hand_size`` 1-6, ``first_player``), the deal seed and the seed of the random
choices; :func:`walk` then plays the game to its end, taking owed draws at random moments
when ``auto_draw`` is off, and hands every action to a check.  Each test checks one
property on every action of every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from helpers import (
    FULL_COUNT,
    assert_refused,
    card_count,
    expected_collection,
    frontier_of,
    groups_of,
)
from hypothesis import given
from hypothesis import strategies as st

from dweebies_widget import Game, Move, Placement, Rules, grid

Cell = tuple[int, int]


@dataclass(frozen=True)
class Setup:
    players: int
    rules: Rules
    seed: int
    choices: int


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    players = draw(st.integers(2, 6))
    rules = Rules(
        min_line=draw(st.integers(2, 4)),
        collect_on_reconnect=draw(st.booleans()),
        auto_draw=draw(st.booleans()),
        hand_size=draw(st.integers(1, 6)),
        first_player=draw(st.integers(0, players - 1)),
    )
    return Setup(players, rules, draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 2**32)))


@dataclass
class Step:
    """One action of a game: the game before it (a copy), and what was done."""

    before: Game
    after: Game
    move: Move | None  # None for an owed draw
    drawer: int | None  # the seat that took an owed draw
    result: Placement | None
    rng: random.Random


Check = Callable[[Step], None]


def ends_a_matching_line(board: Mapping[Cell, int], move: Move) -> bool:
    """Whether ``move`` ends a row or column whose far end shows the same Dweebie."""
    r, c = move.cell
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        if (r - dr, c - dc) in board or (r + dr, c + dc) not in board:
            continue
        k = 1
        while (r + (k + 1) * dr, c + (k + 1) * dc) in board:
            k += 1
        if board[(r + k * dr, c + k * dc)] == move.dweebie:
            return True
    return False


def walk(setup: Setup, check: Check | None = None) -> Game:
    """Play a whole game at random, calling ``check`` after every action."""
    game = Game(players=setup.players, seed=setup.seed, rules=setup.rules)
    rng = random.Random(setup.choices)
    for _ in range(250):
        if game.is_over:
            break
        if not setup.rules.auto_draw and game.pile_size and rng.random() < 0.3:
            owers = [s for s in range(game.players) if game.owed_draws(s)]
            if owers:
                seat = rng.choice(owers)
                before = game.copy()
                game.draw(seat)
                if check:
                    check(Step(before, game, None, seat, None, rng))
                continue
        legal = game.legal_moves()
        # Prefer collecting moves half of the time, so that collections, split tables and
        # reconnections happen often.
        greedy = [m for m in legal if ends_a_matching_line(game.board, m)]
        move = rng.choice(greedy if greedy and rng.random() < 0.5 else legal)
        before = game.copy()
        result = game.play(move)
        if check:
            check(Step(before, game, move, None, result, rng))
    return game


def near_cells(board: Mapping[Cell, int], margin: int = 2) -> list[Cell]:
    """Every cell within ``margin`` of the bounding box of the cards."""
    box = grid.bounding_box(board)
    if box is None:
        return [(r, c) for r in range(-margin, margin + 1) for c in range(-margin, margin + 1)]
    top, left, bottom, right = box
    return [
        (r, c)
        for r in range(top - margin, bottom + margin + 1)
        for c in range(left - margin, right + margin + 1)
    ]


# ------------------------------------------------------------------------- rules section 1
@given(setups())
def test_cards_are_always_conserved(setup: Setup) -> None:
    def check(step: Step) -> None:
        game = step.after
        assert card_count(game) == FULL_COUNT
        assert (
            sum(len(game.hand(s)) for s in range(game.players))
            + game.pile_size
            + len(game.board)
            + sum(game.scores)
            == 54
        )
        for seat in range(game.players):
            assert game.scores[seat] == len(game.collected(seat))

    walk(setup, check)


# ------------------------------------------------------------------------- rules section 6
@given(setups())
def test_scores_never_go_down(setup: Setup) -> None:
    def check(step: Step) -> None:
        old, new = step.before.scores, step.after.scores
        assert all(b >= a for a, b in zip(old, new, strict=True))
        if step.result is not None:
            gained = [b - a for a, b in zip(old, new, strict=True)]
            assert gained[step.result.seat] == step.result.points
            assert sum(gained) == step.result.points
        else:
            assert old == new

    walk(setup, check)


@given(setups())
def test_collections_follow_section_6(setup: Setup) -> None:
    def check(step: Step) -> None:
        if step.move is None or step.result is None:
            return
        board = dict(step.before.board)
        expected = expected_collection(board, step.move.cell, step.move.dweebie, setup.rules)
        assert step.result.collected == expected, (sorted(board.items()), step.move)
        board[step.move.cell] = step.move.dweebie
        for cell in expected:
            del board[cell]
        assert dict(step.after.board) == board
        placed = {**step.before.board, step.move.cell: step.move.dweebie}
        assert step.result.taken == tuple(sorted((c, placed[c]) for c in expected))

    walk(setup, check)


# ------------------------------------------------------------------------- rules section 5
def reference_legal_cells(board: dict[Cell, int]) -> set[Cell]:
    """Section 5 from scratch: the center, the frontier, or (split) the frontier cells whose
    placement lowers a freshly computed bridge cost by exactly one.  (``grid.bridge`` itself
    is checked against an exhaustive search in test_bridge.py.)"""
    if not board:
        return {(0, 0)}
    edge = frontier_of(board)
    if len(groups_of(board)) == 1:
        return edge

    def cost(cells: set[Cell]) -> int:
        return grid.bridge(cells, [frozenset(g) for g in groups_of(cells)])[0]

    now = cost(set(board))
    return {c for c in edge if cost(set(board) | {c}) == now - 1}


@given(setups())
def test_legal_cells_follow_section_5(setup: Setup) -> None:
    def check(step: Step) -> None:
        game = step.after
        if game.is_over:
            assert game.legal_cells() == set()
            return
        board = dict(game.board)
        groups = groups_of(board)
        assert game.is_split == (len(groups) > 1)
        if game.is_split:
            cost, _ = grid.bridge(set(board), [frozenset(g) for g in groups])
            assert game.bridge_cost == cost
        else:
            assert game.bridge_cost == 0
        assert game.legal_cells() == reference_legal_cells(board), sorted(board)
        hand = sorted(set(game.hand(game.current_player)))
        cells = sorted(game.legal_cells())
        assert game.legal_moves() == [Move(d, c) for d in hand for c in cells]

    walk(setup, check)


@given(setups())
def test_every_legal_move_is_accepted(setup: Setup) -> None:
    def check(step: Step) -> None:
        game = step.after
        legal = game.legal_moves()
        for move in step.rng.sample(legal, min(3, len(legal))):
            assert game.is_legal(move)
            trial = game.copy()
            result = trial.play(move)
            assert result.move == move
            assert trial.history[-1] == result
            assert trial.board.get(move.cell) == (None if result.taken else move.dweebie)

    walk(setup, check)


@given(setups())
def test_every_other_placement_is_refused_and_changes_nothing(setup: Setup) -> None:
    def check(step: Step) -> None:
        game = step.after
        if game.is_over:
            return
        rng = step.rng
        legal = game.legal_cells()
        hand = game.hand(game.current_player)
        card = rng.choice(hand)
        near = [c for c in near_cells(game.board) if c not in legal and c not in game.board]
        for cell in rng.sample(near, min(3, len(near))):
            assert not game.is_legal(card, cell)
            assert_refused(game, lambda c=cell: game.play(card, c), section="5")
        occupied = sorted(game.board)
        for cell in rng.sample(occupied, min(2, len(occupied))):
            assert_refused(game, lambda c=cell: game.play(card, c), section="5")
        others = [d for d in range(27) if d not in hand]
        target = rng.choice(sorted(legal))
        for d in rng.sample(others, 2):
            assert not game.is_legal(d, target)
            assert_refused(game, lambda d=d: game.play(d, target), section="4")

    walk(setup, check)


# ------------------------------------------------------------------------- rules sections 8, 9
@given(setups())
def test_turn_passes_to_the_next_seat_that_can_play(setup: Setup) -> None:
    def check(step: Step) -> None:
        before, game = step.before, step.after
        if step.result is None:  # an owed draw never passes the turn
            assert game.current_player == before.current_player
            return
        mover = step.result.seat
        assert mover == before.current_player
        # Drawing (section 8): automatic, or owed, and only while the pile lasts.  Cards in
        # hand plus draws owed change only for the mover, by the card placed and the draw.
        if setup.rules.auto_draw:
            assert step.result.drew == (before.pile_size > 0)
        else:
            assert not step.result.drew
        for seat in range(game.players):
            have = len(game.hand(seat)) + game.owed_draws(seat)
            had = len(before.hand(seat)) + before.owed_draws(seat)
            if seat == mover:
                had += (before.pile_size > 0) - 1
            assert have == had
        if game.is_over:
            return
        n = game.players
        current = game.current_player
        assert game.hand(current), "the seat to move must hold a card"
        skipped = [(mover + i) % n for i in range(1, n)]
        skipped = skipped[: skipped.index(current)] if current != mover else skipped
        for seat in skipped:
            assert not game.hand(seat)
            assert game.owed_draws(seat) == 0 or game.pile_size == 0

    walk(setup, check)


@given(setups())
def test_game_always_terminates(setup: Setup) -> None:
    game = walk(setup)
    assert game.is_over
    assert game.legal_moves() == []
    assert game.legal_cells() == set()
    assert game.pile_size == 0
    assert all(not game.hand(s) for s in range(game.players))
    best = max(game.scores)
    assert game.winners == tuple(s for s in range(game.players) if game.scores[s] == best)
    placements = [h for h in game.history if isinstance(h, Placement)]
    assert len(placements) == 54


# ------------------------------------------------------------------------- undo and saving
@given(setups())
def test_undo_restores_the_exact_state(setup: Setup) -> None:
    def check(step: Step) -> None:
        game = step.after
        after = game.copy()
        assert game.undo() == step.move
        assert game.state() == step.before.state()
        assert game == step.before
        # Doing the same action again leads to the same state.
        if step.move is not None:
            game.play(step.move)
        else:
            assert step.drawer is not None
            game.draw(step.drawer)
        assert game == after

    walk(setup, check)


@given(setups())
def test_save_round_trip_at_random_points(setup: Setup) -> None:
    def check(step: Step) -> None:
        if step.rng.random() < 0.1:
            game = step.after
            loaded = Game.from_json(game.to_json())
            assert loaded == game
            assert loaded.legal_moves() == game.legal_moves()

    game = walk(setup, check)
    assert Game.from_json(game.to_json()) == game
