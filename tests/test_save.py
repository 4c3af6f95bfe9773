"""Rules section 11 (saved games): exact JSON round trips, and refusal of bad saves.

A refused save raises :class:`SaveError` (a ``ValueError``) with a message that says what is
wrong; nothing is returned, so nothing is half-loaded.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import pytest

from dweebies_widget import Game, Rules, SaveError


# ---------------------------------------------------------------- games to save
def played(game: Game, moves: int, seed: int = 0) -> Game:
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    return game


def dealt_game() -> Game:
    return played(Game(players=3, seed=4, rules=Rules(min_line=2, first_player=1)), 20)


def position_game() -> Game:
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 5, (2, 2): 9},
        hands=[[20, 1, 2], [3, 4], [6]],
        pile=[7, 8, 10],
        scores=[3, 0, 1],
        current_player=2,
        rules=Rules(collect_on_reconnect=False),
        owed=[0, 0, 0],
    )
    return played(game, 3, seed=2)


def owed_draw_game() -> Game:
    game = Game(players=2, seed=9, rules=Rules(auto_draw=False, hand_size=3))
    for _ in range(4):
        game.play(game.legal_moves()[0])
    game.draw(0)
    game.play(game.legal_moves()[-1])
    game.draw(1)
    return game


def settled_position_game() -> Game:
    # Seat 0 starts with an empty hand and owed draws: it draws them when the game is built.
    game = Game.from_position(
        board={(0, 0): 20},
        hands=[[], [20, 3]],
        pile=[4, 5, 6],
        scores=[0, 0],
        current_player=0,
        rules=Rules(auto_draw=False),
        owed=[2, 1],
    )
    assert game.hand(0) == (4, 5)
    return played(game, 2, seed=1)


def finished_game() -> Game:
    game = Game(players=2, seed=12)
    played(game, 200, seed=12)
    assert game.is_over
    return game


GAMES: dict[str, Callable[[], Game]] = {
    "dealt": dealt_game,
    "position": position_game,
    "owed draws": owed_draw_game,
    "settled position": settled_position_game,
    "finished": finished_game,
    "fresh": lambda: Game(players=6, seed=1),
}


# ---------------------------------------------------------------- round trips
@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_save_and_load_round_trip_exactly(make: Callable[[], Game]) -> None:
    game = make()
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded == game
    assert loaded.state() == game.state()
    assert loaded.to_json() == text
    assert loaded.legal_moves() == game.legal_moves()
    assert loaded.history == game.history
    assert loaded.is_over == game.is_over
    assert loaded.seed == game.seed


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_save_loads_from_utf8_bytes_and_indented_text(make: Callable[[], Game]) -> None:
    game = make()
    assert Game.from_json(game.to_json().encode("utf-8")) == game
    assert Game.from_json(game.to_json(indent=2)) == game


@pytest.mark.parametrize("make", GAMES.values(), ids=GAMES.keys())
def test_undo_still_works_after_loading(make: Callable[[], Game]) -> None:
    game = make()
    loaded = Game.from_json(game.to_json())
    if not game.history:
        with pytest.raises(ValueError):
            loaded.undo()
        return
    while game.history:
        assert loaded.undo() == game.undo()
        assert loaded == game
    assert loaded.state()["history"] == []


def test_loaded_game_plays_on_like_the_original() -> None:
    game = dealt_game()
    loaded = Game.from_json(game.to_json())
    played(game, 10, seed=5)
    played(loaded, 10, seed=5)
    assert loaded == game


def test_loaded_owed_draw_game_keeps_the_debts() -> None:
    game = owed_draw_game()
    loaded = Game.from_json(game.to_json())
    for seat in range(2):
        assert loaded.owed_draws(seat) == game.owed_draws(seat)
    seat = next(s for s in range(2) if game.owed_draws(s))
    assert loaded.draw(seat) == game.draw(seat)


# ---------------------------------------------------------------- refusals
def refused(text: str | bytes, *words: str) -> SaveError:
    with pytest.raises(SaveError) as info:
        Game.from_json(text)
    error = info.value
    assert isinstance(error, ValueError)
    message = str(error)
    for word in words:
        assert word.lower() in message.lower(), (word, message)
    return error


def tampered(
    change: Callable[[dict[str, Any]], object], make: Callable[[], Game] = dealt_game
) -> str:
    data = json.loads(make().to_json())
    change(data)
    return json.dumps(data)


def test_save_that_is_not_json_is_refused() -> None:
    refused("this is not a saved game", "JSON")
    refused("", "JSON")
    refused('{"format": ', "JSON")
    refused("[1, 2, 3]", "object")
    refused("null", "object")


def test_save_that_is_not_utf8_is_refused() -> None:
    refused(b"\xff\xfe{not utf-8}", "UTF-8")
    good = dealt_game().to_json().encode("utf-16")
    refused(good, "UTF-8")


def test_save_that_is_not_text_is_refused() -> None:
    with pytest.raises(SaveError):
        Game.from_json(12)  # type: ignore[arg-type]


def test_save_with_wrong_format_is_refused() -> None:
    refused(tampered(lambda d: d.update(format="chess/game")), "format")


@pytest.mark.parametrize("version", [2, 0, "1", 1.0, True, None])
def test_save_with_wrong_version_is_refused(version: object) -> None:
    refused(tampered(lambda d: d.update(version=version)), "version")


@pytest.mark.parametrize("key", ["format", "version", "rules", "seed", "start", "actions", "state"])
def test_save_missing_a_key_is_refused(key: str) -> None:
    refused(tampered(lambda d: d.pop(key)), key)


@pytest.mark.parametrize("where", ["top", "rules", "start", "state"])
def test_save_with_an_extra_key_is_refused(where: str) -> None:
    def change(data: dict[str, Any]) -> None:
        (data if where == "top" else data[where])["cheat"] = 1

    refused(tampered(change), "cheat")


@pytest.mark.parametrize("where", ["start", "state"])
def test_save_missing_a_position_key_is_refused(where: str) -> None:
    refused(tampered(lambda d: d[where].pop("pile")), "pile")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_save_with_nan_is_refused(constant: str) -> None:
    text = dealt_game().to_json().replace('"scores": [', f'"scores": [{constant}, ', 1)
    assert constant in text
    refused(text, constant)


def test_save_with_a_hand_card_changed_is_refused() -> None:
    def change(data: dict[str, Any]) -> None:
        hand = data["state"]["hands"][0]
        hand[0] = 26 if hand[0] != 26 else 25

    refused(tampered(change), "state.hands")


def test_save_with_the_pile_reordered_is_refused() -> None:
    refused(tampered(lambda d: d["state"]["pile"].reverse()), "state.pile")


def test_save_with_a_score_changed_is_refused() -> None:
    def change(data: dict[str, Any]) -> None:
        data["state"]["scores"][0] += 2

    refused(tampered(change), "scores")


def test_save_with_a_start_hand_changed_is_refused() -> None:
    # Changing the dealt hand changes what the actions lead to (or makes them illegal).
    def change(data: dict[str, Any]) -> None:
        data["start"]["hands"][0], data["start"]["hands"][1] = (
            data["start"]["hands"][1],
            data["start"]["hands"][0],
        )

    refused(tampered(change))


def test_save_with_an_action_on_an_illegal_cell_is_refused() -> None:
    def change(data: dict[str, Any]) -> None:
        data["actions"][1][3] = [40, 40]

    refused(tampered(change), "action 1", "section 5")


def test_save_with_an_action_by_the_wrong_seat_is_refused() -> None:
    def change(data: dict[str, Any]) -> None:
        action = data["actions"][0]
        action[1] = (action[1] + 1) % 3

    refused(tampered(change), "action 0", "seat")


def test_save_with_an_action_using_a_card_not_in_hand_is_refused() -> None:
    def change(data: dict[str, Any]) -> None:
        action = data["actions"][0]
        hand = data["start"]["hands"][action[1]]
        action[2] = next(d for d in range(27) if d not in hand)

    refused(tampered(change), "action 0", "section 4")


def test_save_with_a_draw_that_was_not_owed_is_refused() -> None:
    refused(tampered(lambda d: d["actions"].insert(0, ["draw", 0])), "action 0", "section 8")


@pytest.mark.parametrize(
    "action",
    [["play", 0, 3], ["jump", 0], "play", [], ["play", 0, 3, [0]], ["play", 0, 3, "0,0"]],
    ids=repr,
)
def test_save_with_a_malformed_action_is_refused(action: object) -> None:
    refused(tampered(lambda d: d["actions"].insert(0, action)), "action 0")


def test_save_with_card_counts_that_do_not_add_up_is_refused() -> None:
    # A fourth copy of a three-copy Dweebie in the starting pile.
    def change(data: dict[str, Any]) -> None:
        data["start"]["pile"] += [26, 26, 26, 26]

    refused(tampered(change), "26", "cop")


def test_save_of_a_dealt_game_missing_a_card_is_refused() -> None:
    # A seeded game is dealt from all 54 cards.  Dropping the last pile card from both the
    # start and the state leaves a save whose cards no longer add up to the deck.
    def change(data: dict[str, Any]) -> None:
        assert data["seed"] is not None
        data["start"]["pile"].pop()
        data["state"]["pile"].pop()

    refused(tampered(change))


def test_save_whose_seed_does_not_match_its_deal_is_refused() -> None:
    # The seed says which deal the game started from; another seed is inconsistent.
    def change(data: dict[str, Any]) -> None:
        data["seed"] += 1

    refused(tampered(change), "seed")


def test_save_with_an_extra_card_in_the_state_is_refused() -> None:
    refused(tampered(lambda d: d["state"]["pile"].append(0)), "state.pile")


@pytest.mark.parametrize("bad", [27, -1, 100])
def test_save_with_an_unknown_dweebie_id_is_refused(bad: int) -> None:
    def change(data: dict[str, Any]) -> None:
        data["start"]["hands"][0][0] = bad

    refused(tampered(change), str(bad))


def test_save_with_two_cards_on_one_cell_is_refused() -> None:
    def start(data: dict[str, Any]) -> None:
        data["start"]["board"] = [[0, 0, 20], [0, 0, 21]]

    refused(tampered(start, position_game), "cell")

    def state(data: dict[str, Any]) -> None:
        first = data["state"]["board"][0]
        data["state"]["board"].append([first[0], first[1], 26])

    refused(tampered(state, position_game), "state.board")


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["state"].update(current_player="1"),
        lambda d: d["state"].update(current_player=1.0),
        lambda d: d["state"].update(current_player=True),
        lambda d: d["state"]["scores"].__setitem__(0, "0"),
        lambda d: d["state"]["scores"].__setitem__(0, 0.0),
        lambda d: d["start"]["hands"][0].__setitem__(0, 3.0),
        lambda d: d["start"]["hands"][0].__setitem__(0, "3"),
        lambda d: d["start"]["hands"][0].__setitem__(0, False),
        lambda d: d["start"]["pile"].__setitem__(0, None),
        lambda d: d["actions"][0].__setitem__(1, "0"),
        lambda d: d["actions"][0].__setitem__(2, 3.0),
        lambda d: d["actions"][0][3].__setitem__(0, 0.0),
        lambda d: d["actions"][0][3].__setitem__(1, True),
        lambda d: d["rules"].update(min_line=2.0),
        lambda d: d["rules"].update(auto_draw=1),
        lambda d: d["rules"].update(hand_size="5"),
        lambda d: d.update(seed="4"),
        lambda d: d.update(seed=4.0),
        lambda d: d["start"].update(hands={"0": [1]}),
        lambda d: d["start"].update(board=[[0, 0]]),
        lambda d: d.update(actions={"0": 1}),
    ],
)
def test_save_with_wrong_types_is_refused(change: Callable[[dict[str, Any]], object]) -> None:
    refused(tampered(change))


def test_save_with_bad_rules_values_is_refused() -> None:
    refused(tampered(lambda d: d["rules"].update(min_line=1)), "min_line")


def test_refused_save_leaves_the_original_game_alone() -> None:
    game = dealt_game()
    before = game.state()
    text = game.to_json().replace('"scores": [', '"scores": [NaN, ', 1)
    refused(text)
    assert game.state() == before


def test_loading_never_executes_anything(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Loading reads plain data only: with every way of running or unpickling code
    switched off, saves still load (or are refused for what they say), and text that
    would leave a trace if it ran leaves none."""
    import builtins
    import marshal
    import pickle

    def forbidden(*args: object, **kwargs: object) -> NoReturn:
        raise AssertionError("loading a save ran or unpickled code")

    for module, name in [
        (builtins, "eval"),
        (builtins, "exec"),
        (builtins, "compile"),
        (pickle, "loads"),
        (pickle, "load"),
        (marshal, "loads"),
    ]:
        monkeypatch.setattr(module, name, forbidden)
    for make in (dealt_game, position_game):
        game = make()
        assert Game.from_json(game.to_json()) == game
    trace = tmp_path / "ran"
    code = f"__import__('pathlib').Path({str(trace)!r}).touch()"
    refused(tampered(lambda d: d.update(format=code)), "format")
    refused(tampered(lambda d: d["start"]["hands"][0].append(code)), "integer")
    assert not trace.exists()
