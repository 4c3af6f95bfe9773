"""The PettingZoo adapter: PettingZoo's own API and seed tests, plus the adapter's promises.

The action mask must be exactly the legal moves of the rules core (inside the window), the
observation must not depend on hidden cards, rewards follow ``Game.winners``, and importing
the package must not import PettingZoo.
"""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from dweebies_widget import Game, IllegalMoveError, Move, Rules
from dweebies_widget.adapters import pettingzoo as adapter
from dweebies_widget.adapters.pettingzoo import (
    DEFAULT_WINDOW,
    channel_names,
    env,
    raw_env,
    window_origin,
)
from dweebies_widget.cards import FULL_DECK

PLAYERS = [2, 3, 4, 5, 6]


def masked_moves(e: raw_env, agent: str) -> set[Move]:
    """Every move the action mask of ``agent`` offers, decoded."""
    mask = e.observe(agent)["action_mask"]
    return {e.decode_action(int(a)) for a in np.flatnonzero(mask)}


def in_window(e: raw_env, move: Move) -> bool:
    r, c = e.window_origin
    w = e.window
    return 0 <= move.cell[0] - r < w and 0 <= move.cell[1] - c < w


def play_out(e: Any, rng: random.Random) -> dict[str, float]:
    """Play ``e`` (wrapped or not) to the end with random masked actions; return the
    reward each agent saw when it was terminated."""
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        assert not truncated
        if terminated:
            final[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(list(legal))))
    return final


# ---------------------------------------------------------------------- PettingZoo's tests
# api_test knows PettingZoo's own classic games by name; for any other environment with
# dict observations (as the classic games have) it warns about these two, harmlessly.
KNOWN_API_WARNINGS = [
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.filterwarnings(*KNOWN_API_WARNINGS)
def test_api_test(players: int) -> None:
    e = env(players=players)
    for _ in range(3):  # each api_test plays a whole game, then a few more steps
        api_test(e, num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("players", PLAYERS)
def test_seed_test(players: int) -> None:
    # In PettingZoo 1.27 seed_test takes a constructor and builds two environments.
    seed_test(lambda: env(players=players), num_cycles=100)


@pytest.mark.filterwarnings(*KNOWN_API_WARNINGS)
def test_api_test_with_rule_options() -> None:
    api_test(env(players=3, min_line=3, hand_size=4, first_player=2), num_cycles=1000)
    api_test(env(players=2, rules=Rules(collect_on_reconnect=False)), num_cycles=1000)


# ---------------------------------------------------------------------- the action mask
@pytest.mark.parametrize("players", PLAYERS)
def test_mask_is_exactly_the_legal_moves(players: int) -> None:
    rng = random.Random(players)
    e = raw_env(players=players)
    for seed in range(5):
        e.reset(seed=seed)
        turns = 0
        while not e.terminations[e.agent_selection]:
            game = e.game
            agent = e.agent_selection
            assert agent == f"player_{game.current_player}"
            legal = set(game.legal_moves())
            assert legal, "a live agent always has a legal move"
            assert masked_moves(e, agent) == legal  # the default window holds every move
            assert e.infos[agent]["legal_outside_window"] == 0
            for other in e.agents:
                if other != agent:
                    assert not e.observe(other)["action_mask"].any()
            for move in legal:  # encode and decode agree
                action = e.encode_move(move)
                assert action is not None and e.decode_action(action) == move
            e.step(e.encode_move(rng.choice(sorted(legal))))
            turns += 1
        assert e.game.is_over and turns == 54  # every card is placed once


def test_encoding_formula() -> None:
    e = raw_env(players=2, window=7)
    e.reset(seed=3)
    w = 7
    assert e.action_space("player_0").n == 27 * w * w
    r0, c0 = e.window_origin
    assert (r0, c0) == (-3, -3)  # the empty table: the window is centred on (0, 0)
    for d, row, col in [(0, 0, 0), (5, 3, 3), (26, 6, 6), (12, 2, 5)]:
        action = d * w * w + row * w + col
        assert e.decode_action(action) == Move(d, (r0 + row, c0 + col))
        assert e.encode_move(Move(d, (r0 + row, c0 + col))) == action
    assert e.encode_move(Move(0, (r0 + w, c0))) is None
    with pytest.raises(ValueError):
        e.decode_action(27 * w * w)


def test_default_window_holds_every_legal_cell_in_random_games() -> None:
    """Measured on many fast random games: no legal cell ever falls outside the window."""
    for players in PLAYERS:
        for seed in range(300):
            game = Game(players, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                legal = game.legal_cells()
                r0, c0 = window_origin(game.board, legal, DEFAULT_WINDOW)
                for r, c in legal:
                    assert 0 <= r - r0 < DEFAULT_WINDOW and 0 <= c - c0 < DEFAULT_WINDOW
                for r, c in game.board:  # the whole table is seen too
                    assert 0 <= r - r0 < DEFAULT_WINDOW and 0 <= c - c0 < DEFAULT_WINDOW
                game.play_random(rng)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_small_window_offers_exactly_the_legal_moves_inside(players: int) -> None:
    """With a window too small for the table, the mask is the legal moves inside it, never
    empty, the info counts the rest, and games still play to the end."""
    rng = random.Random(players)
    e = raw_env(players=players, window=3)
    outside_seen = 0
    for seed in range(4):
        e.reset(seed=seed)
        while not e.terminations[e.agent_selection]:
            agent = e.agent_selection
            legal = set(e.game.legal_moves())
            offered = masked_moves(e, agent)
            assert offered == {m for m in legal if in_window(e, m)}
            assert offered, "at least one legal move is always in the window"
            outside = {m.cell for m in legal if not in_window(e, m)}
            assert e.infos[agent]["legal_outside_window"] == len(outside)
            outside_seen += len(outside)
            e.step(e.encode_move(rng.choice(sorted(offered))))
        assert e.game.is_over
    assert outside_seen > 0  # the fallback was exercised


def test_far_split_table_still_offers_a_move() -> None:
    # Two groups 29 columns apart: the only legal cells are at both ends of the gap, too far
    # apart for one window, so the window goes to the one nearest the middle.
    game = Game.from_position(board={(0, 0): 20, (0, 1): 21, (0, 30): 22}, hands=[[3], [4]])
    assert game.legal_cells() == {(0, 2), (0, 29)}
    e = raw_env(players=2)
    e.set_game(game)
    assert e.infos["player_0"]["legal_outside_window"] == 1
    assert masked_moves(e, "player_0") == {Move(3, (0, 2))}
    assert e.observe("player_0")["observation"][:, :, adapter.LEGAL].sum() == 1


# ---------------------------------------------------------------------- the observation
def test_observation_layout() -> None:
    e = raw_env(players=3)
    e.reset(seed=11)
    game = e.game
    for _ in range(7):
        e.step(e.encode_move(game.legal_moves()[0]))
    seat = game.current_player
    agent = f"player_{seat}"
    obs = e.observe(agent)["observation"]
    n, w = 3, DEFAULT_WINDOW
    assert obs.dtype == np.int8 and obs.shape == (w, w, 57 + 3 * n)
    assert len(channel_names(n)) == obs.shape[2]
    r0, c0 = e.window_origin
    table = {(r0 + r, c0 + c): int(d) for r, c, d in zip(*np.nonzero(obs[:, :, :27]), strict=True)}
    assert table == dict(game.board)
    legal = {(r0 + r, c0 + c) for r, c in zip(*np.nonzero(obs[:, :, adapter.LEGAL]), strict=True)}
    assert legal == game.legal_cells()
    last = game.last_move
    assert last is not None and obs[last.cell[0] - r0, last.cell[1] - c0, adapter.LAST] == 1
    hand = [game.hand(seat).count(d) for d in range(27)]
    assert list(obs[0, 0, adapter.HAND : adapter.HAND + 27]) == hand
    assert obs[4, 9, adapter.PILE] == game.pile_size
    s = adapter.SCORE
    order = [(seat + k) % n for k in range(n)]
    assert list(obs[0, 0, s : s + n]) == [game.scores[x] for x in order]
    assert list(obs[0, 0, s + n : s + 2 * n]) == [len(game.hand(x)) for x in order]
    assert list(obs[0, 0, s + 2 * n :]) == [1, 0, 0]  # it is the observer's turn
    other = f"player_{(seat + 1) % n}"
    assert list(e.observe(other)["observation"][0, 0, s + 2 * n :]) == [0, 0, 1]
    assert e.observation_space(agent).contains(e.observe(agent))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_observation_ignores_hidden_cards(players: int) -> None:
    """Two games with the same public information and the same hand for a seat, but the
    other hands and the pile dealt differently, look the same to that seat."""
    rng = random.Random(players)
    game = Game(players, seed=100 + players)
    checked = 0
    for turn in range(40):
        if turn % 6 == 5:
            for seat in range(players):
                view = game.view(seat)
                a = view.to_game(view.deal_unseen(rng.sample(view.unseen, len(view.unseen))))
                b = view.to_game(view.deal_unseen(rng.sample(view.unseen, len(view.unseen))))
                hidden_a = [a.hand(s) for s in range(players) if s != seat] + [a.pile]
                hidden_b = [b.hand(s) for s in range(players) if s != seat] + [b.pile]
                if hidden_a == hidden_b:
                    continue
                agent = f"player_{seat}"
                env_a, env_b = raw_env(players=players), raw_env(players=players)
                env_a.set_game(a)
                env_b.set_game(b)
                obs_a, obs_b = env_a.observe(agent), env_b.observe(agent)
                assert np.array_equal(obs_a["observation"], obs_b["observation"])
                assert np.array_equal(obs_a["action_mask"], obs_b["action_mask"])
                checked += 1
        game.play_random(rng)
    assert checked >= players * 3


# ---------------------------------------------------------------------- whole games, rewards
@pytest.mark.parametrize("players", PLAYERS)
def test_random_game_plays_to_the_end_with_the_right_rewards(players: int) -> None:
    rng = random.Random(players)
    e = env(players=players)
    for seed in range(3):
        e.reset(seed=seed)
        game = e.unwrapped.game
        final = play_out(e, rng)
        assert game.is_over
        assert e.agents == []
        winners = set(game.winners)
        if len(winners) == players:  # everybody tied: a draw
            assert final == {f"player_{s}": 0.0 for s in range(players)}
        else:
            assert final == {f"player_{s}": (1.0 if s in winners else -1.0) for s in range(players)}


def test_agent_selection_follows_the_game() -> None:
    rng = random.Random(5)
    e = raw_env(players=6)
    e.reset(seed=8)
    while not e.terminations[e.agent_selection]:
        game = e.game
        assert e.agent_selection == f"player_{game.current_player}"
        assert game.hand(game.current_player), "the selected agent always holds a card"
        e.step(e.encode_move(rng.choice(game.legal_moves())))
        assert all(r == 0.0 for r in e.rewards.values()) or game.is_over
    assert all(e.terminations.values()) and len(e.terminations) == 6


def test_agents_with_empty_hands_are_skipped() -> None:
    # (In a dealt game every hand empties in the last round; a position shows the skip.)
    game = Game.from_position(board={(0, 0): 0}, hands=[[1], [2, 3], [4, 5, 6]])
    e = env(players=3)
    e.reset(seed=0)
    e.unwrapped.set_game(game)
    order = []
    for agent in e.agent_iter():
        obs, _, terminated, _, _ = e.last()
        if terminated:
            e.step(None)
            continue
        order.append(agent)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert order == ["player_0", "player_1", "player_2", "player_1", "player_2", "player_2"]
    assert game.is_over


def test_a_tie_of_every_seat_is_a_draw() -> None:
    # Seat 0 completes a two-card match (2 points) and the game ends at 2 - 2.
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 5}, hands=[[20], []], scores=[0, 2], current_player=0
    )
    e = raw_env(players=2)
    e.set_game(game)
    e.step(e.encode_move(Move(20, (1, 0))))
    assert game.is_over and game.winners == (0, 1)
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert all(e.terminations.values())


def test_tied_winners_each_get_plus_one() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 5}, hands=[[20], [], []], scores=[0, 2, 1], current_player=0
    )
    e = raw_env(players=3)
    e.set_game(game)
    e.step(e.encode_move(Move(20, (1, 0))))
    assert game.winners == (0, 1)
    assert e.rewards == {"player_0": 1.0, "player_1": 1.0, "player_2": -1.0}


def test_infos_hold_only_public_facts() -> None:
    e = env(players=3)
    e.reset(seed=123)
    for agent in e.agents:
        assert set(e.infos[agent]) == {"window_origin", "legal_outside_window"}
    assert e.unwrapped.game_seed == e.unwrapped.game.seed  # for replaying, not for agents


def test_positions_beyond_the_observation_space_are_refused() -> None:
    e = raw_env(players=2)
    pile = list(FULL_DECK)
    for d in (20, 21, 22):
        pile.remove(d)  # 51 cards in the pile: more than a deal ever leaves (44)
    big_pile = Game.from_position(board={(0, 0): 20}, hands=[[21], [22]], pile=pile)
    with pytest.raises(ValueError, match="observation space"):
        e.set_game(big_pile)


def test_illegal_actions() -> None:
    e = raw_env(players=2)
    e.reset(seed=1)
    hand = e.game.hand(0)
    missing = next(d for d in range(27) if d not in hand)
    with pytest.raises(IllegalMoveError):
        e.step(e.encode_move(Move(missing, (0, 0))))
    with pytest.raises(IllegalMoveError):
        e.step(e.encode_move(Move(hand[0], (0, 1))))
    assert e.game.board == {} and e.agent_selection == "player_0"
    wrapped = env(players=2)
    wrapped.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(wrapped.unwrapped.encode_move(Move(missing, (0, 0))))
    assert wrapped.terminations["player_0"]
    assert wrapped.rewards == {"player_0": -1.0, "player_1": 0}


# ---------------------------------------------------------------------- seeding
def test_reset_seed_gives_the_same_deal() -> None:
    e = raw_env(players=4)
    e.reset(seed=123)
    first = e.game.hands, e.game.pile
    e.reset(seed=123)
    assert (e.game.hands, e.game.pile) == first
    e.reset()  # the next game of the same stream
    second = e.game.hands
    assert second != first[0]
    e.reset(seed=123)
    e.reset()
    assert e.game.hands == second
    assert e.game_seed == e.game.seed


# ---------------------------------------------------------------------- options
def test_options_and_errors() -> None:
    e = raw_env(players=3, min_line=3, hand_size=4)
    assert e.rules == Rules(min_line=3, hand_size=4)
    assert e.metadata["name"] == "dweebies_v0" and e.metadata["is_parallelizable"] is False
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    with pytest.raises(ValueError, match="auto_draw"):
        raw_env(players=2, auto_draw=False)
    with pytest.raises(ValueError):
        raw_env(players=7)
    with pytest.raises(ValueError):
        raw_env(players=2, window=4)
    with pytest.raises(TypeError):
        raw_env(players=2, rules=Rules(), min_line=3)
    with pytest.raises(ValueError):
        raw_env(players=2, render_mode="pygame")
    with pytest.raises(ValueError):
        raw_env(players=3).set_game(Game(2, seed=1))


# ---------------------------------------------------------------------- rendering
def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env(players=3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "player_0 to move" in text and "+" in text
    for _ in range(5):
        e.step(e.encode_move(e.game.legal_moves()[0]))
    text = e.render()
    assert isinstance(text, str)
    assert f"{e.game.board[e.game.last_move.cell]:>3}" in text  # type: ignore[union-attr]

    human = raw_env(players=2, render_mode="human")
    human.reset(seed=2)
    assert human.render() is None
    assert "player_0 to move" in capsys.readouterr().out
    human.step(human.encode_move(human.game.legal_moves()[0]))  # human mode prints each step
    assert "player_1 to move" in capsys.readouterr().out

    pictures: list[tuple[Any, Any]] = []
    for _ in range(2):
        rgb = raw_env(players=2, render_mode="rgb_array")
        rgb.reset(seed=2)
        blank = rgb.render()
        rgb.step(rgb.encode_move(rgb.game.legal_moves()[0]))
        pictures.append((blank, rgb.render()))
    (blank, after), (blank2, after2) = pictures
    assert isinstance(blank, np.ndarray) and blank.dtype == np.uint8
    w = DEFAULT_WINDOW
    assert blank.shape == (adapter.BAND_PX + adapter.CELL_PX * w, adapter.CELL_PX * w, 3)
    assert np.array_equal(blank, blank2) and np.array_equal(after, after2)  # deterministic
    assert not np.array_equal(blank, after)

    plain = raw_env(players=2)
    plain.reset(seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert plain.render() is None


def test_rgb_array_shows_card_colours() -> None:
    from dweebies_widget.cards import LOOKS

    e = raw_env(players=2, render_mode="rgb_array")
    e.reset(seed=4)
    move = e.game.legal_moves()[0]
    e.step(e.encode_move(move))
    image = e.render()
    assert isinstance(image, np.ndarray)
    px, half = adapter.CELL_PX, DEFAULT_WINDOW // 2
    y = adapter.BAND_PX + half * px + px // 2
    x = half * px + px // 2
    colour = LOOKS[move.dweebie].colour
    assert tuple(image[y - 3, x]) == tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


# ---------------------------------------------------------------------- packaging
def test_package_imports_no_pettingzoo() -> None:
    code = (
        "import sys, dweebies_widget, dweebies_widget.adapters; "
        "bad = [m for m in ('pettingzoo', 'gymnasium', 'open_spiel', 'pyspiel') "
        "if m in sys.modules]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
