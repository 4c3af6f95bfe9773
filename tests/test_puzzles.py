"""Puzzles: the shipped set re-proven, checks and their wording, errors, files, the generator.

Every shipped puzzle is searched again here from scratch: its answer must be exactly what
its kind's definition gives, and it must still pass its keep-condition.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from helpers import endgame_game, haul_game, rejoin_game, safe_game, where_game

from dweebies_widget import Game, Move, Rules
from dweebies_widget.puzzles import KINDS, Puzzle, PuzzleError, load
from dweebies_widget.puzzles import kinds as K
from dweebies_widget.puzzles.generate import candidates, game_specs, generate, mine_game
from dweebies_widget.puzzles.model import puzzle_id
from dweebies_widget.puzzles.rating import rating_of
from dweebies_widget.puzzles.store import PuzzleFileError, dumps, loads


@pytest.fixture(scope="module")
def shipped() -> list[Puzzle]:
    """Every puzzle of the shipped file: the standard set and the house set."""
    return load(rules="all")


# ---------------------------------------------------------------------- the shipped set
def test_the_shipped_set_has_enough_puzzles_of_every_kind(shipped: list[Puzzle]) -> None:
    counts = Counter(p.kind for p in shipped)
    assert len(shipped) >= 250
    assert all(counts[k] >= 30 for k in KINDS), counts
    assert len({p.id for p in shipped}) == len(shipped)
    assert all(600 <= p.rating <= 2400 for p in shipped)


@pytest.mark.parametrize("kind", KINDS)
def test_every_shipped_puzzle_is_proven_again(shipped: list[Puzzle], kind: str) -> None:
    for p in shipped:
        if p.kind == kind:
            assert p.prove(), p.id
            assert p.keep(), p.id


def test_shipped_puzzles_come_from_real_play(shipped: list[Puzzle]) -> None:
    players = set()
    rules = set()
    for p in shipped:
        game = p.game
        assert game.seed is not None  # a dealt game, every move replayed on loading
        assert game.history
        players.add(game.players)
        rules.add(game.rules)
    assert players == {2, 3, 4, 5, 6}
    assert Rules() in rules and len(rules) >= 3


def test_shipped_ratings_follow_their_measurement(shipped: list[Puzzle]) -> None:
    for p in shipped:
        assert p.rating == rating_of(p.measure.difficulty)
    assert len({p.rating for p in shipped}) >= 4


# ---------------------------------------------------------------------- make and check
def test_haul_check_and_wording() -> None:
    p = Puzzle.make(haul_game(), "haul")
    assert p.answer == {Move(20, (0, 2))}
    right = p.check(Move(20, (0, 2)))
    assert right.correct and right.collected == {(0, 0), (0, 1), (0, 2)}
    wrong = p.check((20, (1, 0)))
    assert not wrong.correct
    assert wrong.message == (
        "Not quite: Ugbug at (1, 0) collects 2 cards; the best move collects 3."
    )
    assert "not allowed" in p.check(Move(4, (0, 2))).message
    assert "not allowed" in p.check(Move(20, (5, 5))).message


def test_rejoin_check_and_wording() -> None:
    p = Puzzle.make(rejoin_game(), "rejoin")
    assert p.answer == {Move(20, (0, 1))}
    assert p.keep()
    assert p.check(Move(20, (0, 1))).message == (
        "Right! Ugbug at (0, 1) collects 3 cards, joins the table into one group and keeps it "
        "joined."
    )
    assert p.check(Move(3, (0, 1))).message == (
        "Not quite: Doozy at (0, 1) joins the table but collects nothing."
    )
    assert p.check(Move(10, (-1, 0))).message.startswith(
        "Not quite: Kazoo at (-1, 0) collects 2 cards, but the collection leaves the "
        "table split into 2 groups"
    )


def test_safe_check_and_wording() -> None:
    # Taking the whole top row leaves Gribble (22) alone; taking Ugbug (20) splits the
    # table so that nothing can be collected next.  Two answers: a practice position.
    with pytest.raises(PuzzleError, match="not a safe puzzle worth keeping: .*2 moves are safe"):
        Puzzle.make(safe_game(), "safe")
    p = Puzzle.make(safe_game(), "safe", check_keep=False)
    assert not p.kept and p.practice_note == "Practice position: more than one move is right here."
    assert p.answer == {Move(20, (1, 1)), Move(20, (-1, 1))}
    wrong = p.check(Move(21, (0, -1)))
    assert wrong.message == (
        "Not quite: Velvo at (0, -1) collects 4 cards, but it hands the next player "
        "(seat 1) a collection of 2 cards with Waggo: 1 of its 3 cards is hidden from you."
    )
    assert p.check(Move(20, (1, 1))).correct
    assert "collects nothing, but it hands the next player" in p.check(Move(5, (2, 0))).message


def test_where_check_and_wording() -> None:
    p = Puzzle.make(where_game(), "where", dweebie=21)
    assert p.answer == {(0, 1), (0, 2)}
    assert p.goal == "Click every cell where Velvo may go, then press Check."
    assert p.keep()
    assert p.check([(0, 2), (0, 1)]).correct
    assert p.check({(1, 0), (0, 1)}).message == (
        "Not quite: Velvo may not go on (1, 0), and you missed 1 cell where it may go. "
        "(1, 0) is next to a card, but the table is split into 2 groups and its bridge cost "
        "is 2: a card on (1, 0) would not lower it by one."
    )
    assert "touches no card" in p.check({(5, 5), (0, 1), (0, 2)}).message
    assert "you missed 1 cell" in p.check({(0, 1)}).message


def test_endgame_check_wording_and_proof_line() -> None:
    p = Puzzle.make(endgame_game(), "endgame")
    assert p.answer == {Move(20, (0, 2))}
    assert p.line[0] == Move(20, (0, 2))
    right = p.check(Move(20, (0, 2)))
    assert right.correct and right.line == p.line
    refuted = p.check(Move(3, (0, -1)))
    assert refuted.line[0] == Move(3, (0, -1)) and len(refuted.line) == 3
    assert "you end at least 3 cards ahead" in right.message
    assert p.check(Move(3, (0, -1))).message.startswith(
        "Not quite: Doozy at (0, -1) collects nothing, but your opponent can then force "
        "a win: you end 4 cards behind. For example Jibber at"
    )
    assert "force a tie" in p.check(Move(20, (1, 0))).message


def test_hints_give_first_the_card_then_the_area() -> None:
    p = Puzzle.make(haul_game(), "haul")
    first, second = p.hints()
    assert first.card == 20 and not first.area and first.text == "Use Ugbug."
    assert (0, 2) in second.area and second.text == "Look at the top right of the table."
    w = Puzzle.make(where_game(), "where", dweebie=21)
    assert "split into 2 groups" in w.hint(0).text
    assert w.answer <= w.hint(1).area


@pytest.mark.parametrize(
    ("game", "kind", "words"),
    [
        (Game(players=2, seed=1), "haul", "collect the most cards.*no move collects anything"),
        (haul_game(), "rejoin", "split table.*the table is not split"),
        (Game(players=3, seed=1), "endgame", "two players.*this game has 3"),
        (Game(players=2, seed=1), "endgame", "empty pile"),
        (
            Game.from_position(
                board={(0, 0): 20, (0, 1): 9, (1, 0): 21}, hands=[[9], [3]], pile=[20, 21]
            ),
            "safe",
            "no move collects without handing the next player a collection",
        ),
    ],
)
def test_make_names_the_definition_when_there_is_no_answer(
    game: Game, kind: str, words: str
) -> None:
    with pytest.raises(PuzzleError, match=f"no {kind} puzzle here: .*{words}"):
        Puzzle.make(game, kind)


def test_make_refuses_what_cannot_be_asked() -> None:
    with pytest.raises(PuzzleError, match="seat 0 is to move, not seat 1"):
        Puzzle.make(haul_game(), "haul", seat=1)
    with pytest.raises(PuzzleError, match="must be one of them"):
        Puzzle.make(where_game(), "where", dweebie=9)
    with pytest.raises(PuzzleError, match="only a where puzzle names a card"):
        Puzzle.make(haul_game(), "haul", dweebie=20)
    with pytest.raises(ValueError, match="unknown puzzle kind 'chess'"):
        Puzzle.make(haul_game(), "chess")


def test_a_puzzle_never_changes_its_position() -> None:
    p = Puzzle.make(haul_game(), "haul")
    game = p.game
    game.play(Move(20, (0, 2)))
    assert p.game.board == haul_game().board


# ---------------------------------------------------------------------- files
def test_a_file_round_trips() -> None:
    made = [
        Puzzle.make(haul_game(), "haul"),
        Puzzle.make(where_game(), "where", dweebie=21),
        Puzzle.make(endgame_game(), "endgame"),
    ]
    back = loads(dumps(made), prove=True)
    assert [p.id for p in back] == [p.id for p in made]
    for a, b in zip(made, back, strict=True):
        assert (a.kind, a.answer, a.rating, a.goal, a.themes, a.dweebie) == (
            b.kind,
            b.answer,
            b.rating,
            b.goal,
            b.themes,
            b.dweebie,
        )
        assert a.game == b.game


def _edited(edit: Any) -> str:
    data = json.loads(dumps([Puzzle.make(where_game(), "where", dweebie=21)]))
    edit(data["puzzles"][0])
    return json.dumps(data)


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda p: p.update(answer=[[0, 1]]), "changed by hand"),
        (lambda p: p.update(answer=[[0, 1], [9, 9]]), "no card may go"),
        (
            lambda p: p.update(rating=p["rating"] + (1 if p["rating"] < 2400 else -1)),
            "not what its measurement gives",
        ),
        (lambda p: p.update(rating=5), "must be 600 to 2400"),
        (lambda p: p.update(kind="chess"), "unknown kind"),
        (lambda p: p.update(goal="Win."), "not the goal"),
        (lambda p: p.update(extra=1), "unknown field"),
        (lambda p: p["game"]["state"].update(scores=[9, 0]), "not a valid game save"),
        (lambda p: p.update(seat=1), "not the seat to move"),
    ],
)
def test_a_tampered_file_is_refused(edit: Any, words: str) -> None:
    with pytest.raises(PuzzleFileError, match=words):
        loads(_edited(edit))


def test_a_file_with_a_wrong_answer_and_a_matching_id_is_refused_when_proven() -> None:
    p = Puzzle.make(where_game(), "where", dweebie=21)

    def edit(rec: dict[str, Any]) -> None:
        rec["answer"] = [[0, 1]]
        rec["id"] = puzzle_id(p.game, "where", 21, frozenset({(0, 1)}))

    text = _edited(edit)
    assert loads(text)[0].answer == {(0, 1)}  # shape and id are fine...
    with pytest.raises(PuzzleFileError, match="not what the definition of where gives"):
        loads(text, prove=True)  # ...but the search finds two cells


def test_a_file_that_is_not_json_or_not_puzzles_is_refused() -> None:
    with pytest.raises(PuzzleFileError, match="not valid JSON"):
        loads('{"format": NaN}')
    with pytest.raises(PuzzleFileError, match="not valid JSON"):
        loads('{"format": 1, "format": 2}')
    with pytest.raises(PuzzleFileError, match="'format'"):
        loads('{"format": "x", "version": 1, "puzzles": []}')


# ---------------------------------------------------------------------- the generator
def test_the_generator_is_deterministic_and_independent_of_the_executor() -> None:
    args: dict[str, Any] = {
        "games": 2,
        "seed": 16,
        "kinds": ("haul", "where"),
        "progress": False,
        "per_kind": 2,
    }
    first = dumps(generate(**args))
    assert first == dumps(generate(**args))
    with ThreadPoolExecutor(2) as pool:
        assert first == dumps(generate(executor=pool, **args))
    assert json.loads(first)["puzzles"]


def test_the_generator_keeps_only_positions_that_pass_their_keep_condition() -> None:
    # Two moves collect the most here: a haul answer, but not one worth keeping.
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 9, 3], [5]], pile=[6]
    )
    assert len(Puzzle.make(game, "haul", check_keep=False).answer) == 3
    assert not Puzzle.make(game, "haul", check_keep=False).keep()
    assert list(candidates(game, game.view(0), KINDS, random.Random(0))) == []
    kept = Game.from_position(
        board={(0, 0): 20, (0, 1): 9, (1, 1): 11}, hands=[[20, 3, 4], [5]], pile=[6]
    )
    assert Puzzle.make(kept, "haul").keep()
    assert ("haul", None) in list(candidates(kept, kept.view(0), KINDS, random.Random(0)))
    assert list(candidates(rejoin_game(), rejoin_game().view(0), ["rejoin"], random.Random(0)))
    # Everything one real game yields passes its keep-condition.
    spec = game_specs(1, seed=46)[0]
    found = mine_game(spec, ("haul", "rejoin", "safe", "where"))
    assert found
    for cand in found:
        view = Game.from_json(cand.save).view(json.loads(cand.save)["state"]["current_player"])
        spec_ = K.kind(cand.kind)
        assert (cand.dweebie is not None) == spec_.names_card
        assert spec_.keep(view, spec_.answer(view, cand.dweebie))


def test_the_model_and_generator_import_no_widget_library() -> None:
    code = (
        "import sys, dweebies_widget.puzzles, dweebies_widget.puzzles.generate; "
        "print(any(m.split('.')[0] in ('ipywidgets', 'ipycanvas') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_puzzles_use_only_the_public_api_of_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: set[tuple[str, str]] = set()
    plain = object.__getattribute__

    def spy(self: Game, attribute: str) -> Any:
        if attribute.startswith("_") and not attribute.startswith("__"):
            caller = str(sys._getframe(1).f_globals.get("__name__"))
            if caller.startswith("dweebies_widget.puzzles"):
                seen.add((caller, attribute))
        return plain(self, attribute)

    monkeypatch.setattr(Game, "__getattribute__", spy)
    for game, kind, card in [
        (haul_game(), "haul", None),
        (rejoin_game(), "rejoin", None),
        (safe_game(), "safe", None),
        (where_game(), "where", 21),
        (endgame_game(), "endgame", None),
    ]:
        p = Puzzle.make(game, kind, dweebie=card, check_keep=False)
        p.check(min(p.answer) if kind != "where" else p.answer)
        p.hints()
        assert loads(dumps([p]))[0].prove()
    list(candidates(haul_game(), haul_game().view(0), K.KINDS, random.Random(0)))
    assert not seen


def test_the_command_line_generates_describes_and_proves_a_file(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from dweebies_widget.puzzles.__main__ import main

    out = tmp_path / "where.json"
    args = ["generate", "--games", "1", "--seed", "16", "--kinds", "where", "--quiet"]
    assert main([*args, "--out", str(out)]) == 0
    assert main(["stats", str(out)]) == 0
    assert main(["prove", str(out)]) == 0
    text = capsys.readouterr().out
    assert "where" in text and "proven" in text
    assert all(p.kind == "where" for p in load(out))


def test_the_shipped_set_is_package_data() -> None:
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert "puzzles/data/*.json" in config["tool"]["setuptools"]["package-data"]["dweebies_widget"]
    # The make target that rebuilds it: mined (generate, or mine then build) by the command line.
    makefile = (root / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"dweebies_widget\.puzzles (generate|build) ", makefile)
