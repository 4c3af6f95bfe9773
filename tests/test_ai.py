"""The AI players (rules section 10, the AI ladder of dweebies_widget.ai).

Every player must play only legal moves, under every rule option and for 2-6 players; it
must play fairly (the same view and seed give the same move whatever the hidden cards are);
``analyze`` must value exactly the legal moves; and each level must do what it promises:
Greedy takes the biggest collection, Cautious avoids handing the next player a line, and
Greedy beats Random in real play.  Expert runs with small simulation budgets so the suite
stays fast; no test asserts a timing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from helpers import played

from dweebies_widget import Game, Move, Placement, Rules, View
from dweebies_widget.ai import (
    CautiousPlayer,
    ExpertPlayer,
    FunctionPlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    as_player,
    tournament,
)

PlayerFactory = Callable[[], Player]


# ----------------------------------------------------------------------------- helpers
def nearest_center_lowest_card(view: View, rng: random.Random) -> Move:
    """A student's strategy written as a plain function: the lowest Dweebie on the legal
    cell nearest the center (ties broken by ``rng``)."""
    moves = view.legal_moves()
    low = min(m.dweebie for m in moves)
    dist = {m: abs(m.cell[0]) + abs(m.cell[1]) for m in moves if m.dweebie == low}
    best = sorted(m for m, d in dist.items() if d == min(dist.values()))
    return best[rng.randrange(len(best))]


#: The four levels of the ladder, Expert with a small budget, plus a function player.
LEVELS: dict[str, PlayerFactory] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "cautious": CautiousPlayer,
    "expert": lambda: ExpertPlayer(simulations=8),
    "function": lambda: as_player(nearest_center_lowest_card),
}
LADDER = ["random", "greedy", "cautious", "expert"]


def played_until_split(players: int, seed: int, rules: Rules | None = None) -> Game:
    """A seeded game played at random until a collection splits the table."""
    game = Game(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not game.is_split:
        assert not game.is_over, "no split table in this game; pick another seed"
        game.play_random(rng)
    return game


def redeal(game: Game, seed: int) -> Game:
    """The same position seen from the mover's seat, with the cards the mover cannot see
    (other hands and the pile) dealt again in an order shuffled by ``seed``."""
    view = game.view(game.current_player)
    order = list(view.unseen)
    random.Random(seed).shuffle(order)
    return view.to_game(view.deal_unseen(order))


def points(game: Game, move: Move) -> int:
    """Cards ``move`` collects when really played (on a copy)."""
    return game.copy().play(move).points


def split_position(rules: Rules | None = None) -> Game:
    """Two single cards touching only diagonally: split, bridge cost 1, and the joining
    card may collect a two-card line in either direction (rules sections 5 and 6)."""
    return Game.from_position(
        board={(0, 0): 20, (1, 1): 21},
        hands=[[20, 21, 3], [4, 22]],
        pile=[5, 6],
        rules=rules,
    )


def wide_split_position() -> Game:
    """Three groups far apart: a bridge cost of several cards, so nothing collects."""
    return Game.from_position(
        board={(0, 0): 20, (0, 1): 20, (0, 4): 21, (5, 5): 22},
        hands=[[20, 21, 22, 3], [4, 23]],
        pile=[5, 6, 7],
    )


def emptied_table_position() -> Game:
    """Mid-game, after a collection took every card: the next card goes to the center."""
    return Game.from_position(
        board={},
        hands=[[3, 20, 21], [4, 22, 23]],
        pile=[5, 6, 7, 8],
        scores=[6, 4],
        current_player=1,
    )


def analysis_positions() -> list[Game]:
    """Positions for the ``analyze`` tests: empty tables, split tables, mid-game."""
    return [
        Game(players=2, seed=11),  # the first move: an empty table
        emptied_table_position(),
        split_position(),
        split_position(Rules(collect_on_reconnect=False)),
        wide_split_position(),
        played(Game(3, seed=4), 12, seed=4),
        played(Game(4, seed=6, rules=Rules(min_line=3, auto_draw=False)), 20, seed=6),
        played_until_split(2, seed=1),
    ]


# ----------------------------------------------------------------------------- protocol
def test_every_level_has_a_name_and_plays_a_move_from_a_view() -> None:
    game = Game(players=2, seed=7)
    names = {
        "random": "Random",
        "greedy": "Greedy",
        "cautious": "Cautious",
        "expert": "Expert (8 sims)",
        "function": "nearest_center_lowest_card",
    }
    for level, make in LEVELS.items():
        player = make()
        assert isinstance(player, Player)
        assert player.name == names[level]
        move = player.choose(game.view(0), random.Random(0))
        assert isinstance(move, Move)
        assert game.is_legal(move)


def test_a_plain_function_is_a_player() -> None:
    player = as_player(nearest_center_lowest_card)
    assert isinstance(player, FunctionPlayer)
    assert player.name == "nearest_center_lowest_card"
    assert FunctionPlayer(nearest_center_lowest_card, name="Mine").name == "Mine"
    game = played(Game(2, seed=3), 6, seed=3)
    view = game.view(game.current_player)
    assert player.choose(view, random.Random(5)) == nearest_center_lowest_card(
        view, random.Random(5)
    )


def test_as_player_keeps_players_and_refuses_other_things() -> None:
    greedy = GreedyPlayer()
    assert as_player(greedy) is greedy
    with pytest.raises(TypeError):
        as_player(42)  # type: ignore[arg-type]


def test_players_can_be_renamed() -> None:
    assert RandomPlayer(name="Dice").name == "Dice"
    assert GreedyPlayer(name="Grabby").name == "Grabby"
    assert CautiousPlayer(name="Careful").name == "Careful"
    assert ExpertPlayer(simulations=4, name="Deep").name == "Deep"


# ----------------------------------------------------------------------------- legality
def _rule_configs() -> list[tuple[int, Rules]]:
    """Player counts 2-6 crossed with every value of every rule option."""
    configs = [(n, Rules()) for n in range(2, 7)]
    for i in range(25):
        players = 2 + i % 5
        rules = Rules(
            min_line=2 + i % 3,
            collect_on_reconnect=i % 2 == 0,
            auto_draw=(i // 2) % 2 == 0,
            hand_size=1 + i % 6,
            first_player=players - 1 - (i // 5) % players,
        )
        configs.append((players, rules))
    return configs


RULE_CONFIGS = _rule_configs()


def test_the_rule_configurations_cover_every_option_value() -> None:
    assert {n for n, _ in RULE_CONFIGS} == {2, 3, 4, 5, 6}
    assert {r.min_line for _, r in RULE_CONFIGS} == {2, 3, 4}
    assert {r.collect_on_reconnect for _, r in RULE_CONFIGS} == {True, False}
    assert {r.auto_draw for _, r in RULE_CONFIGS} == {True, False}
    assert {r.hand_size for _, r in RULE_CONFIGS} == {1, 2, 3, 4, 5, 6}
    assert {r.first_player for _, r in RULE_CONFIGS} == {0, 1, 2, 3, 4, 5}


@pytest.mark.parametrize(
    ("index", "players", "rules"),
    [(i, n, r) for i, (n, r) in enumerate(RULE_CONFIGS)],
    ids=[f"{n}p-{i}" for i, (n, _) in enumerate(RULE_CONFIGS)],
)
def test_every_player_plays_only_legal_moves_to_the_end(
    index: int, players: int, rules: Rules
) -> None:
    """A whole game, every seat one of the players (the levels mixed), each move checked
    with ``is_legal`` before it is played; choosing never changes the game."""
    kinds = list(LEVELS)
    seated = [LEVELS[kinds[(index + s) % len(kinds)]]() for s in range(players)]
    rngs = [random.Random(f"legal:{index}:{s}") for s in range(players)]
    game = Game(players=players, seed=1000 + index, rules=rules)
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        before = game.state()
        move = seated[seat].choose(view, rngs[seat])
        assert game.state() == before, f"{seated[seat].name} changed the game"
        assert isinstance(move, Move)
        assert move in view.legal_moves(), (seated[seat].name, move)
        assert game.is_legal(move), (seated[seat].name, move)
        game.play(move)
    placements = [a for a in game.history if isinstance(a, Placement)]
    assert len(placements) == 54  # every card was placed once


# ----------------------------------------------------------------------------- fair play
FAIR_POSITIONS: list[tuple[str, Callable[[], Game]]] = [
    ("2p-start", lambda: Game(players=2, seed=21)),
    ("2p-midgame", lambda: played(Game(2, seed=1), 10, seed=1)),
    ("3p-min_line-3", lambda: played(Game(3, seed=2, rules=Rules(min_line=3)), 14, seed=2)),
    ("4p-owed-draws", lambda: played(Game(4, seed=3, rules=Rules(auto_draw=False)), 9, seed=3)),
    (
        "5p-no-reconnect",
        lambda: played(Game(5, seed=4, rules=Rules(collect_on_reconnect=False)), 17, seed=4),
    ),
    ("6p-hand-2", lambda: played(Game(6, seed=5, rules=Rules(hand_size=2)), 6, seed=5)),
    ("3p-split", lambda: played_until_split(3, seed=2)),
]


@pytest.mark.parametrize(
    "make_position", [make for _, make in FAIR_POSITIONS], ids=[n for n, _ in FAIR_POSITIONS]
)
def test_same_view_and_seed_give_the_same_move_whatever_the_hidden_cards(
    make_position: Callable[[], Game],
) -> None:
    """Rules section 10: two deals that differ only in the cards the mover cannot see (the
    other hands and the pile, permuted differently) give every level the same move."""
    game = make_position()
    seat = game.current_player
    first, second = redeal(game, 1), redeal(game, 2)
    # The hidden cards really differ, and the mover's hand does not.
    assert first.hands != second.hands
    assert first.hand(seat) == second.hand(seat) == game.hand(seat)
    view1, view2 = first.view(seat), second.view(seat)
    assert view1 == view2
    assert view1.unseen == game.view(seat).unseen
    players: list[Player] = [
        RandomPlayer(),
        GreedyPlayer(),
        CautiousPlayer(),
        ExpertPlayer(simulations=16),
        ExpertPlayer(simulations=16, first_play=None),
        ExpertPlayer.previous(simulations=16),
        ExpertPlayer(simulations=16, beliefs=False, value="hand-set"),
    ]
    for player in players:
        for k in range(3):
            move1 = player.choose(view1, random.Random(k))
            move2 = player.choose(view2, random.Random(k))
            assert move1 == move2, (player.name, k)
            assert first.is_legal(move1) and second.is_legal(move2)


def test_the_view_hides_which_seat_holds_which_unseen_card() -> None:
    game = played(Game(3, seed=8), 7, seed=8)
    seat = game.current_player
    view = game.view(seat)
    hidden = sorted([d for s in range(3) if s != seat for d in game.hand(s)] + list(game.pile))
    assert list(view.unseen) == hidden
    assert redeal(game, 5).view(seat) == redeal(game, 6).view(seat)


def test_expert_with_a_simulation_budget_is_reproducible() -> None:
    for game in [played(Game(2, seed=9), 8, seed=9), played(Game(4, seed=10), 15, seed=10)]:
        view = game.view(game.current_player)
        for k in range(3):
            expert = ExpertPlayer(simulations=24)
            move = expert.choose(view, random.Random(k))
            assert expert.last_simulations == 24
            assert expert.choose(view, random.Random(k)) == move
            assert ExpertPlayer(simulations=24).choose(view, random.Random(k)) == move
        assert ExpertPlayer(simulations=12).analyze(view) == ExpertPlayer(simulations=12).analyze(
            view
        )


def test_expert_with_a_time_budget_plays_a_legal_move() -> None:
    game = played(Game(3, seed=12), 5, seed=12)
    move = ExpertPlayer(seconds=0.05).choose(game.view(game.current_player), random.Random(0))
    assert game.is_legal(move)


def test_expert_plays_the_only_legal_move_without_searching() -> None:
    game = Game.from_position(board={}, hands=[[7], [8]], pile=[9])
    expert = ExpertPlayer(simulations=50)
    assert expert.choose(game.view(0), random.Random(0)) == Move(7, (0, 0))
    assert expert.last_simulations == 0


# ----------------------------------------------------------------------------- analyze
@pytest.mark.parametrize("level", list(LEVELS))
def test_analyze_values_exactly_the_legal_moves(level: str) -> None:
    player = LEVELS[level]()
    positions = analysis_positions()
    assert any(g.is_split for g in positions)
    assert any(not g.board for g in positions)
    for game in positions:
        view = game.view(game.current_player)
        values = player.analyze(view)  # type: ignore[attr-defined]
        assert set(values) == set(view.legal_moves()), (level, game)
        assert all(type(v) is float for v in values.values()), values


@pytest.mark.parametrize("level", LADDER)
def test_analyze_of_a_seat_that_is_not_to_move_is_empty(level: str) -> None:
    """Such a view has no legal moves (``view.legal_moves() == []``), so ``analyze``
    values nothing."""
    game = played(Game(3, seed=4), 12, seed=4)
    view = game.view((game.current_player + 1) % 3)
    assert view.legal_moves() == []
    assert LEVELS[level]().analyze(view) == {}  # type: ignore[attr-defined]


def test_random_analysis_is_a_uniform_distribution() -> None:
    for game in analysis_positions():
        values = RandomPlayer().analyze(game.view(game.current_player))
        assert len(set(values.values())) == 1
        assert sum(values.values()) == pytest.approx(1.0)


def test_function_player_analysis_marks_the_move_it_would_pick() -> None:
    player = as_player(nearest_center_lowest_card)
    for game in analysis_positions():
        view = game.view(game.current_player)
        values = player.analyze(view)  # type: ignore[attr-defined]
        pick = nearest_center_lowest_card(view, random.Random(0))
        assert values[pick] == 1.0
        assert sorted(values.values()) == [0.0] * (len(values) - 1) + [1.0]


def _greedy_positions() -> list[Game]:
    """Many positions under every rule option, every split table met on the way included."""
    out = list(analysis_positions())
    for i, (players, rules) in enumerate(RULE_CONFIGS):
        game = Game(players=players, seed=40 + i, rules=rules)
        rng = random.Random(i)
        while not game.is_over:
            if game.is_split or len(game.history) % 9 == 0:
                out.append(game.copy())
            game.play_random(rng)
    return out


GREEDY_POSITIONS = _greedy_positions()


def test_greedy_values_are_the_cards_each_move_really_collects() -> None:
    assert sum(g.is_split for g in GREEDY_POSITIONS) >= 10
    collecting = 0
    for game in GREEDY_POSITIONS:
        values = GreedyPlayer().analyze(game.view(game.current_player))
        for move, value in values.items():
            assert value == points(game, move), (game.board, game.rules, move)
            collecting += value > 0
    assert collecting >= 50  # the check saw many real collections, not just zeros


def test_the_joining_card_collects_only_with_collect_on_reconnect() -> None:
    on = GreedyPlayer().analyze(split_position().view(0))
    off = GreedyPlayer().analyze(split_position(Rules(collect_on_reconnect=False)).view(0))
    assert on[Move(20, (1, 0))] == on[Move(21, (0, 1))] == 2.0
    assert set(off.values()) == {0.0}


def test_expert_values_are_win_chances() -> None:
    expert = ExpertPlayer(simulations=30)
    for game in analysis_positions():
        values = expert.analyze(game.view(game.current_player))
        assert all(0.0 <= v <= 1.0 for v in values.values()), values


# ----------------------------------------------------------------------------- Greedy
def test_greedy_takes_the_biggest_collection() -> None:
    # Three moves collect three cards: 20 at the right end of the top row, 20 below the
    # left column, 21 above it.  21 beside the lone 21 collects only two.
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 9, (1, 0): 21},
        hands=[[21, 20, 3], [4]],
        pile=[5],
    )
    view = game.view(0)
    assert points(game, Move(21, (1, 1))) == 2
    threes = {Move(20, (0, 2)), Move(20, (2, 0)), Move(21, (-1, 0))}
    assert {m for m in view.legal_moves() if points(game, m) == 3} == threes
    assert max(points(game, m) for m in view.legal_moves()) == 3
    picks = {GreedyPlayer().choose(view, random.Random(k)) for k in range(30)}
    assert picks == threes  # only the best moves, ties broken at random


def test_greedy_collects_the_most_in_any_position() -> None:
    for game in GREEDY_POSITIONS:
        view = game.view(game.current_player)
        best = max(points(game, m) for m in view.legal_moves())
        move = GreedyPlayer().choose(view, random.Random(len(game.history)))
        assert points(game, move) == best


def test_greedy_beats_random_in_a_short_match() -> None:
    result = tournament(
        [GreedyPlayer(), RandomPlayer()], games=10, seed=3, executor=None, progress=False
    )
    greedy, rand = result.rows
    assert greedy.wins > rand.wins
    assert greedy.wins >= 8
    assert greedy.avg_cards > rand.avg_cards


# ----------------------------------------------------------------------------- Cautious
def _bait_position() -> Game:
    """A row of four single-copy Dweebies.  Seat 0 holds 4 (its only copy) and 20; seat 1
    almost surely holds a 20 (two of the seven unseen cards, five of them in its hand).
    Nothing collects now.  Any 20 leaves a line that a second 20 collects; a 4 on the end
    of the row leaves a five-card line that only a 4 or a 0 could take, and nobody has one.
    """
    return Game.from_position(
        board={(0, 0): 0, (0, 1): 1, (0, 2): 2, (0, 3): 3},
        hands=[[4, 20], [20, 20, 5, 6, 7]],
        pile=[8, 9],
    )


def test_cautious_does_not_hand_the_next_player_a_line() -> None:
    game = _bait_position()
    view = game.view(0)
    greedy = GreedyPlayer().analyze(view)
    assert set(greedy.values()) == {0.0}  # every move is greedy-equal
    cautious = CautiousPlayer().analyze(view)
    safe, bait = Move(4, (0, 4)), Move(20, (0, 4))
    assert cautious[safe] > cautious[bait]
    for k in range(20):
        move = CautiousPlayer().choose(view, random.Random(k))
        assert move.dweebie == 4
        after = game.copy()
        after.play(move)
        reply = GreedyPlayer().choose(after.view(1), random.Random(k))
        assert after.copy().play(reply).points == 0
    # The bait really is bait: the opponent takes the whole row and the 20.
    after = game.copy()
    after.play(bait)
    reply = GreedyPlayer().choose(after.view(1), random.Random(0))
    assert after.play(reply).points == 6


def test_cautious_takes_a_collection_that_leaves_nothing_behind() -> None:
    # 9 on the right end takes the whole table: three cards now, nothing left to reply to.
    game = Game.from_position(
        board={(0, 0): 9, (0, 1): 1},
        hands=[[9, 20], [20, 20, 5]],
        pile=[8],
    )
    values = CautiousPlayer().analyze(game.view(0))
    assert max(values, key=lambda m: values[m]) == Move(9, (0, 2))
    for k in range(5):
        move = CautiousPlayer().choose(game.view(0), random.Random(k))
        assert move == Move(9, (0, 2))
        assert points(game, move) == 3


# ----------------------------------------------------------------------------- Expert
def test_expert_defaults_to_one_second() -> None:
    expert = ExpertPlayer()
    assert expert.seconds == 1.0
    assert expert.simulations is None
    assert expert.name == "Expert (1 s)"


def test_expert_name_shows_its_budget() -> None:
    assert ExpertPlayer(simulations=200).name == "Expert (200 sims)"
    assert ExpertPlayer(seconds=0.5).name == "Expert (0.5 s)"
    assert ExpertPlayer(seconds=2).name == "Expert (2 s)"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"simulations": 10, "seconds": 1.0},
        {"simulations": 0},
        {"simulations": -5},
        {"simulations": 2.5},
        {"simulations": True},
        {"seconds": 0},
        {"seconds": -1.0},
        {"seconds": float("nan")},
    ],
    ids=repr,
)
def test_expert_refuses_bad_budgets(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        ExpertPlayer(**kwargs)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- Expert's guesses
def history_games() -> tuple[Game, Game]:
    """Two games with the same public history that differ only in the cards seat 0 cannot
    see.  Seat 1 let a three-card collection with 20 (and others) go by."""
    games = []
    for hand1, pile in (([10, 11, 12], [6, 13, 14, 15, 16]), ([10, 14, 15], [6, 13, 11, 12, 16])):
        game = Game.from_position(
            board={(0, 0): 20, (0, 1): 9}, hands=[[3, 4, 5], hand1], pile=pile
        )
        game.play(Move(3, (1, 1)))  # seat 0, collects nothing, draws 6
        game.play(Move(10, (-1, 0)))  # seat 1, collects nothing though 20 at (0, 2) would
        games.append(game)
    return games[0], games[1]


def test_hand_limits_read_the_collections_a_player_let_go_by() -> None:
    from dweebies_widget.ai.expert import hand_limits

    first, _ = history_games()
    view = first.view(0)
    limits = hand_limits(view)
    assert set(limits) == {1}
    newest, *older = limits[1]
    assert newest == frozenset()  # drawn after the turn: could be anything
    assert len(older) == 2
    for banned in older:
        assert {20, 9} <= banned  # 20 at (0, 2) would have taken 3 cards, 9 at (-1, 1) two
        assert 10 not in banned  # the card it played, it held
    # A player that took the biggest collection it could says nothing.
    game = Game.from_position(board={(0, 0): 20, (0, 1): 9}, hands=[[3, 4], [20, 5]], pile=[7, 8])
    game.play(Move(3, (1, 1)))
    game.play(Move(20, (0, 2)))
    assert hand_limits(game.view(0)) == {}
    # A seat reads only the others' turns (seat 0 let the same collections go by).
    assert set(hand_limits(first.view(1))) == {0}
    # With owed draws the history does not show every draw: nothing is read.
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 9},
        hands=[[3, 4], [10, 5]],
        pile=[7, 8],
        rules=Rules(auto_draw=False),
    )
    game.play(Move(3, (1, 1)))
    game.play(Move(10, (-1, 0)))
    assert hand_limits(game.view(0)) == {}


def test_expert_reads_the_history_fairly() -> None:
    """The history is public: two deals with the same history and view but different hidden
    cards give the Expert the same move (rules section 10)."""
    first, second = history_games()
    assert first.hand(1) != second.hand(1)
    view1, view2 = first.view(0), second.view(0)
    assert view1 == view2
    for k in range(3):
        move = ExpertPlayer(simulations=24).choose(view1, random.Random(k))
        assert ExpertPlayer(simulations=24).choose(view2, random.Random(k)) == move
        assert first.is_legal(move)


def test_expert_guesses_agree_with_the_view_and_the_history() -> None:
    from dweebies_widget.ai.expert import hand_limits, redeal_within_limits

    first, _ = history_games()
    view = first.view(0)
    limits = hand_limits(view)
    base = view.public_game()
    rng = random.Random(3)
    for _ in range(20):
        guess = redeal_within_limits(base.determinize(0, rng), 0, limits)
        assert guess.view(0).unseen == view.unseen
        assert guess.hand(0) == view.hand
        assert [len(guess.hand(s)) for s in range(2)] == list(view.hand_sizes)
        # The unseen cards 11-16 allow it: seat 1's two older cards avoid what it let go.
        assert sum(d in limits[1][1] for d in guess.hand(1)) <= 1


# ------------------------------------------------------------------- the search's shortcuts
def test_gives_away_is_whether_the_next_hand_could_collect_after_a_quiet_move() -> None:
    """The search's shortcut (only the placed card's row and column are looked at again on
    a table that stays one group) agrees with playing the move and asking the engine."""
    from dweebies_widget.ai.expert import gives_away

    rng = random.Random(3)
    checked = {True: 0, False: 0}
    for players, rules in RULE_CONFIGS:
        for seed in range(6):
            game = played(Game(players, seed=seed, rules=rules), rng.randrange(0, 40), seed=seed)
            if game.is_over:
                continue
            gains = game.collect_map()
            for m in game.legal_moves():
                if m.dweebie in gains.get(m.cell, ()):
                    continue  # a collection, not a quiet move
                after = game.copy()
                after.play(m)
                expected = not after.is_over and (
                    after.best_collection(after.hand(after.current_player))[0] > 0
                )
                assert gives_away(game, m, gains) == expected, (game.to_json(), m)
                checked[expected] += 1
    assert min(checked.values()) > 50  # both answers met often


def test_collect_map_of_some_cells_is_the_whole_map_there() -> None:
    rng = random.Random(4)
    for players, rules in RULE_CONFIGS:
        game = played(Game(players, seed=2, rules=rules), rng.randrange(0, 40), seed=2)
        whole = game.collect_map()
        cells = [(rng.randrange(-6, 6), rng.randrange(-6, 6)) for _ in range(40)] + list(whole)[:3]
        assert game.collect_map(cells) == {c: g for c, g in whole.items() if c in cells}


def test_an_untried_root_move_counts_as_the_roots_average_or_first_play() -> None:
    from dweebies_widget.ai.expert import Node

    root = Node(player=-1)
    tried, untried = Move(3, (0, 1)), Move(4, (0, 2))
    root.children = {tried: Node(0), untried: Node(0)}
    root.children[tried].visits, root.children[tried].total = 10, 4.0  # Q = 0.4
    root.visits, root.total = 10, 7.0  # the root's average so far: 0.7
    prior = {tried: 0.5, untried: 0.5}
    # Tiny exploration: the choice is Q against the untried move's value alone.
    average = ExpertPlayer(simulations=10, exploration=1e-6, first_play=None)
    assert average.puct_choice(root, [tried, untried], prior, 11) == untried  # 0.7 > 0.4
    default = ExpertPlayer(simulations=10, exploration=1e-6)
    assert default.first_play == 0.0
    assert default.puct_choice(root, [tried, untried], prior, 11) == tried  # 0 < 0.4
    hopeful = ExpertPlayer(simulations=10, exploration=1e-6, first_play=0.5)
    assert hopeful.puct_choice(root, [tried, untried], prior, 11) == untried  # 0.5 > 0.4


def test_the_root_counts_every_round_of_the_search() -> None:
    game = Game(players=2, seed=5)
    root = ExpertPlayer(simulations=60).search(game.view(0), random.Random(0))
    assert root.visits == 60 == sum(c.visits for c in root.children.values())
    assert root.total == pytest.approx(sum(c.total for c in root.children.values()))
