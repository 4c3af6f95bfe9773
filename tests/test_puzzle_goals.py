"""Every kind's goal text says exactly what its answer is, on many positions of seeded play.

For each kind the goal the student reads is pinned here, and what it says is worked out a
second way, from the rules alone (the reference functions of :mod:`helpers`, written from
rules.md without the engine's grid code) or by playing each move on a copy of the game
through the public API: every move of the kind's ``answer`` must do what the goal asks, and
every other legal move must fail it.  Positions come from the shipped puzzles of the kind
(standard and house set) and from seeded random play, under the standard rules and under
the house rules of the shipped set.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

import pytest
from helpers import brute_legal_cells, expected_collection, frontier_of, groups_of

from dweebies_widget import Game, IllegalMoveError, Move, Rules
from dweebies_widget.puzzles import Puzzle, load
from dweebies_widget.puzzles import kinds as K

Cell = tuple[int, int]

#: The rules the positions are played under: the standard rules and the shipped house rules.
RULES = (Rules(), Rules(min_line=3), Rules(collect_on_reconnect=False))


@cache
def positions(players: int, rules: Rules, games: int, every: int = 1) -> tuple[Game, ...]:
    """Copies of every ``every``-th position of ``games`` seeded random games."""
    out = []
    for seed in range(games):
        game = Game(players=players, seed=1000 + seed, rules=rules)
        rng = random.Random(seed)
        ply = 0
        while not game.is_over:
            if ply % every == 0:
                out.append(game.copy())
            game.play_random(rng)
            ply += 1
    return tuple(out)


@cache
def shipped(kind: str) -> tuple[Game, ...]:
    """The positions of the shipped puzzles of ``kind``, both sets."""
    return tuple(p.game for p in every_puzzle() if p.kind == kind)


@cache
def every_puzzle() -> tuple[Puzzle, ...]:
    return tuple(load(rules="all"))


def all_positions(games: int, every: int, kind: str | None = None) -> Iterator[Game]:
    """The shipped positions of ``kind``, then those of seeded play."""
    if kind is not None:
        yield from shipped(kind)
    for rules in RULES:
        for players in (2, 3, 4):
            yield from positions(players, rules, games, every)


def collected(game: Game, move: Move) -> frozenset[Cell]:
    """What ``move`` collects, by the rules alone (rules section 6)."""
    return expected_collection(game.board, move.cell, move.dweebie, game.rules)


def after(game: Game, move: Move) -> dict[Cell, int]:
    """The table after ``move`` and its collection, by the rules alone."""
    board = dict(game.board)
    board[move.cell] = move.dweebie
    for cell in collected(game, move):
        del board[cell]
    return board


# ---------------------------------------------------------------------------- haul
def test_haul_goal_is_the_moves_that_collect_the_most() -> None:
    haul = K.kind("haul")
    assert haul.goal() == "Collect as many cards as you can with one move."
    seen = 0
    for game in all_positions(games=2, every=4, kind="haul"):
        moves = game.legal_moves()
        sizes = {m: len(collected(game, m)) for m in moves}
        best = max(sizes.values(), default=0)
        answer = haul.answer(game.view(game.current_player))
        for m in moves:
            # In the answer exactly when nothing collects more, and it collects something.
            assert (m in answer) == (best > 0 and sizes[m] == best), (m, sizes[m], best)
        seen += bool(answer)
    assert seen >= 30


# ---------------------------------------------------------------------------- rejoin
def test_join_goal_is_joining_collecting_and_keeping_the_table_joined() -> None:
    join = K.kind("rejoin")
    assert join.goal() == (
        "The table is split: place a card that joins it into one group and collects, and "
        "keeps it joined (the collection must not split it again)."
    )
    split = answered = wrong_but_tempting = 0
    for game in all_positions(games=3, every=1, kind="rejoin"):
        if len(groups_of(game.board)) < 2:
            assert not join.answer(game.view(game.current_player))
            continue
        split += 1
        answer = join.answer(game.view(game.current_player))
        for m in game.legal_moves():
            placed = dict(game.board) | {m.cell: m.dweebie}
            joins = len(groups_of(placed)) == 1
            collects = bool(collected(game, m))
            keeps = len(groups_of(after(game, m))) <= 1  # one group, or an empty table
            assert (m in answer) == (joins and collects and keeps), m
            wrong_but_tempting += joins and collects and not keeps
        answered += bool(answer)
    assert split >= 60 and answered >= 30
    assert wrong_but_tempting >= 1  # the "keeps it joined" part of the goal matters


# ---------------------------------------------------------------------------- safe
def handed(game: Game, move: Move, hidden: set[int]) -> bool:
    """Whether, after ``move``, the next player (another seat than the mover) could collect
    something with a card hidden from the mover, by the rules alone."""
    mover = game.current_player
    next_game = game.copy()
    next_game.play(move)
    if next_game.is_over or next_game.current_player == mover:
        return False
    board = next_game.board
    for cell in next_game.legal_cells():
        ends = set()
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            r, c = cell[0] + dr, cell[1] + dc
            while (r + dr, c + dc) in board:
                r, c = r + dr, c + dc
            if (r, c) in board:
                ends.add(board[(r, c)])  # only the Dweebie at a far end can collect
        for d in ends & hidden:
            if expected_collection(board, cell, d, next_game.rules):
                return True
    return False


def test_safe_goal_is_collecting_the_most_and_leaving_nothing_to_collect() -> None:
    safe = K.kind("safe")
    assert safe.goal() == (
        "Collect as many cards as you can, but leave the next player nothing they could "
        "collect with a card that is hidden from you."
    )
    answered = tempted = 0
    for game in all_positions(games=1, every=4, kind="safe"):
        view = game.view(game.current_player)
        hidden = set(view.unseen)
        sizes = {m: len(collected(game, m)) for m in game.legal_moves()}
        takers = {m: n for m, n in sizes.items() if n}
        safe_takers = {m: n for m, n in takers.items() if not handed(game, m, hidden)}
        best = max(safe_takers.values(), default=0)
        answer = safe.answer(view)
        for m in sizes:
            assert (m in answer) == (m in safe_takers and safe_takers[m] == best), m
        answered += bool(answer)
        tempted += any(n > best for n in takers.values())
    assert answered >= 30 and tempted >= 10


def test_every_shipped_safe_puzzle_meets_the_keep_rule_worked_out_by_the_rules() -> None:
    """The keep rule, by the rules alone: one answer, and another move that collects but
    hands the next player a collection.  The temptation may collect fewer cards than the
    answer: some standard puzzles have no unsafe move that collects more, and those are
    the easy ones."""
    assert K.kind("safe").keep_rule == (
        "kept if that is one move and at least one other move collects but is unsafe"
    )
    gentle = []
    for p in every_puzzle():
        if p.kind != "safe":
            continue
        game = p.game
        hidden = set(game.view(p.seat).unseen)
        (answer,) = p.answer
        best = len(collected(game, answer))
        unsafe = [
            len(found)
            for m in game.legal_moves()
            if (found := collected(game, m)) and handed(game, m, hidden)
        ]
        assert best and unsafe, p.id
        if p.position.rules == Rules() and max(unsafe) <= best:
            gentle.append(p.rating)
    assert gentle and min(gentle) < 1200


# ---------------------------------------------------------------------------- where
def test_where_goal_is_every_legal_cell_of_the_named_card() -> None:
    where = K.kind("where")
    assert where.goal(21) == "Click every cell where Velvo may go, then press Check."
    split = 0
    for game in all_positions(games=2, every=3, kind="where"):
        if len(groups_of(game.board)) > 3:
            continue  # the brute-force bridge search grows too slow
        view = game.view(game.current_player)
        card = min(view.hand)
        answer = where.answer(view, card)
        assert answer == brute_legal_cells(game.board)
        for cell in frontier_of(game.board) | answer:
            trial = game.copy()
            try:
                trial.play(card, cell)
            except IllegalMoveError:
                assert cell not in answer
            else:
                assert cell in answer
        split += len(groups_of(game.board)) > 1
    assert split >= 10


# ---------------------------------------------------------------------------- endgame
def wins(game: Game, seat: int) -> bool:
    """Whether ``seat`` ends with more collected cards than its opponent whatever the
    opponent does (and ``seat`` plays its best), by trying every move to the end."""
    if game.is_over:
        return game.scores[seat] > game.scores[1 - seat]
    results = []
    for m in game.legal_moves():
        game.push(m)
        won = wins(game, seat)
        game.undo()
        results.append(won)
        if won == (game.current_player == seat):
            break  # a winning move of the seat, or a reply of the opponent that stops it
    return any(results) if game.current_player == seat else all(results)


def test_endgame_goal_is_ending_with_more_collected_cards_whatever_they_do() -> None:
    endgame = K.kind("endgame")
    assert endgame.goal() == (
        "The draw pile is empty: find a move after which you end with more collected cards "
        "than your opponent, whatever they do."
    )
    checked = answered = 0
    three = 0
    for game in all_positions(games=3, every=1, kind="endgame"):
        left = sum(game.hand_sizes)
        if game.players != 2 or game.pile_size or left > 3 or (left == 3 and three >= 12):
            continue  # with more cards left, trying every move takes too long here
        three += left == 3
        seat = game.current_player
        answer = endgame.answer(game.view(seat))
        for m in game.legal_moves():
            trial = game.copy()
            trial.push(m)
            assert (m in answer) == wins(trial, seat), m
        checked += 1
        answered += bool(answer)
    assert checked >= 30 and answered >= 10


# ---------------------------------------------------------------------------- rules
@pytest.mark.parametrize("name", K.KINDS)
def test_every_goal_under_house_rules_states_them_first(name: str) -> None:
    kind = K.kind(name)
    card = 21 if kind.names_card else None
    plain = kind.goal(card)
    assert kind.goal(card, Rules()) == plain
    assert kind.goal(card, Rules(min_line=3)) == (
        f"House rule: a line needs at least 3 cards to be collected. {plain}"
    )
    assert kind.goal(card, Rules(collect_on_reconnect=False)) == (
        f"House rule: the card that joins a split table collects nothing. {plain}"
    )
