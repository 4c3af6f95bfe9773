"""The OpenSpiel adapter: registration, chance nodes, hidden information, resampling, saving.

OpenSpiel's C++ consistency check (``pyspiel.random_sim_test``) runs in a fresh process for
each player count, since a registered Python game and the C++ test can interact.
"""

from __future__ import annotations

import pickle
import pickletools
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pyspiel  # the [openspiel] extra, installed for the tests
import pytest

from dweebies_widget import Game, Move, shuffled_deck
from dweebies_widget.adapters import openspiel as osp
from dweebies_widget.cards import FULL_DECK


def load(players: int = 2) -> Any:
    return pyspiel.load_game("python_dweebies", {"players": players})


def step_random(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def random_states(players: int, seed: int, every: int = 7) -> list[Any]:
    """Clones of the states of one random game, every ``every``-th action."""
    rng = random.Random(seed)
    state = load(players).new_initial_state()
    out = []
    while not state.is_terminal():
        if len(state.history()) % every == 0:
            out.append(state.clone())
        step_random(state, rng)
    out.append(state)
    return out


def test_load_game_for_every_player_count() -> None:
    for players in range(2, 7):
        game = load(players)
        assert game.num_players() == players
        assert game.num_distinct_actions() == osp.NUM_ACTIONS
        assert game.max_chance_outcomes() == 27
        assert game.max_game_length() == 108
        state = game.new_initial_state()
        assert state.is_chance_node()
    assert pyspiel.load_game("python_dweebies").num_players() == 2
    kind = load().get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_information_state_string and kind.provides_observation_string
    with pytest.raises(Exception, match="players"):
        load(7)


@pytest.mark.parametrize("players", range(2, 7))
def test_random_sim_test_with_serialization(players: int) -> None:
    code = (
        "import pyspiel, dweebies_widget.adapters.openspiel\n"
        f"game = pyspiel.load_game('python_dweebies', {{'players': {players}}})\n"
        "pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().endswith("ok")


def test_importing_the_package_does_not_import_pyspiel() -> None:
    code = (
        "import sys, dweebies_widget, dweebies_widget.adapters, dweebies_widget.ai\n"
        "assert 'pyspiel' not in sys.modules and 'open_spiel' not in sys.modules\n"
        "import dweebies_widget.adapters.openspiel\n"
        "assert 'pyspiel' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]


def test_action_encoding_round_trips() -> None:
    for move in [Move(0, (0, 0)), Move(26, (53, -53)), Move(13, (-7, 20))]:
        action = osp.encode_move(move)
        assert 0 <= action < osp.NUM_ACTIONS
        assert osp.decode_action(action) == move
    with pytest.raises(ValueError):
        osp.encode_move(Move(1, (54, 0)))


def test_chance_outcomes_are_the_unseen_cards_weighted_by_count() -> None:
    for players, seed in [(2, 1), (4, 2), (6, 3)]:
        rng = random.Random(seed)
        state = load(players).new_initial_state()
        collected: Counter[int] = Counter()
        checked = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                # The unseen cards: not in any hand, not on the table, not collected.
                unseen = Counter(FULL_DECK)
                unseen -= Counter(d for h in state.hands for d in h)
                unseen -= Counter(state.board.values())
                unseen -= collected
                total = sum(unseen.values())
                assert outcomes == [(d, k / total) for d, k in sorted(unseen.items())]
                checked += 1
                step_random(state, rng)
            else:
                before = Counter(state.core_game().board.values())
                action = rng.choice(state.legal_actions())
                before[osp.decode_action(action).dweebie] += 1
                state.apply_action(action)
                collected += before - Counter(state.board.values())
        assert checked == 54  # every card was dealt or drawn by a chance node


def test_a_game_follows_the_rules_core_and_returns_plus_minus_one() -> None:
    """Chance outcomes in the seeded deck's order replay ``Game(seed=...)`` exactly."""
    for players, seed in [(2, 5), (3, 6)]:
        deck = shuffled_deck(seed)
        core = Game(players=players, seed=seed)
        state = load(players).new_initial_state()
        for card in deck[: 5 * players]:
            state.apply_action(card)
        drawn = 5 * players
        rng = random.Random(seed)
        while not core.is_over:
            assert state.current_player() == core.current_player
            assert state.core_game().hands == core.hands
            actions = state.legal_actions()
            assert actions == sorted(osp.encode_move(m) for m in core.legal_moves())
            action = rng.choice(actions)
            core.play(osp.decode_action(action))
            state.apply_action(action)
            if state.is_chance_node():
                state.apply_action(deck[drawn])
                drawn += 1
        assert state.is_terminal()
        assert len(state.history()) == 108
        assert state.scores == core.scores
        winners = core.winners
        expected = [1.0 if s in winners else -1.0 for s in range(players)]
        if len(winners) == players:
            expected = [0.0] * players
        assert state.returns() == expected


def test_information_strings_show_nothing_hidden() -> None:
    state = random_states(3, seed=4)[8]
    text = state.information_state_string(1)
    assert f"hand: {' '.join(map(str, state.hands[1]))}" in text
    for other in (0, 2):
        # another hand never appears (the hands of random deals differ here)
        assert f"hand: {' '.join(map(str, state.hands[other]))}" not in text
    assert "pile: " in text and "hand sizes: " in text and "placements: " in text
    obs = state.observation_string(1)
    assert "placements" not in obs and "received" not in obs
    tensor = state.observation_tensor(1)
    assert len(tensor) > 2 * osp.CELLS


def test_resampling_keeps_what_the_player_knows() -> None:
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for players, seed in [(2, 11), (3, 12), (5, 13)]:
        game = load(players)
        for state in random_states(players, seed, every=9):
            if state.is_terminal():
                continue
            seats = [state.current_player()] if not state.is_chance_node() else [0, 1]
            for seat in seats:
                others = set()
                for _ in range(6):
                    sample = state.resample_from_infostate(seat, sampler)
                    assert sample.information_state_string(seat) == (
                        state.information_state_string(seat)
                    )
                    assert sample.observation_string(seat) == state.observation_string(seat)
                    assert sample.current_player() == state.current_player()
                    if sample.current_player() == seat:
                        assert sample.legal_actions() == state.legal_actions()
                    others.add(tuple(h for s, h in enumerate(sample.hands) if s != seat))
                    # The resampled state is a real state: its history leads to it.
                    replay = game.new_initial_state()
                    for action in sample.history():
                        replay.apply_action(action)
                    assert str(replay) == str(sample)
                    for p in range(players):
                        assert replay.information_state_string(p) == (
                            sample.information_state_string(p)
                        )
                hidden = [d for s, h in enumerate(state.hands) if s != seat for d in h]
                if state.pile and len(set(hidden) | set(state.pile)) > 1 and hidden:
                    # Six guesses all alike would be very unlikely here.
                    assert len(others) > 1, "resampling never changed the hidden hands"


def test_saved_state_is_plain_data() -> None:
    state = random_states(2, seed=21)[9]
    data = pickle.dumps(state.__dict__)
    names = [arg for op, arg, _ in pickletools.genops(data) if op.name == "SHORT_BINUNICODE"]
    globals_ = [op.name for op, _, _ in pickletools.genops(data) if "GLOBAL" in op.name]
    assert len(globals_) <= 1  # the rules-core cache, saved as builtins.dict()
    assert "dweebies_widget.game" not in names
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, loaded = pyspiel.deserialize_game_and_state(text)
    assert str(loaded) == str(state)
    assert loaded.legal_actions() == state.legal_actions()


def test_ismcts_bot_plays_a_whole_game() -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = load(2)
    rs = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=4, random_state=rs
    )
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            step_random(state, rng)
        else:  # the bot plays both seats
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert len(state.history()) == 108
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
