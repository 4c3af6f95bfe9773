"""Honest puzzles: the default set is the standard rules only, the house set says its rules on
the board, in the goal and in the verdicts, every note about a rule is true of the engine,
and ``Puzzle.make`` refuses (or flags, when asked) a position that fails its keep-condition.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from helpers import haul_game, rejoin_game, safe_game

from dweebies_widget import Game, Move, Rules
from dweebies_widget.puzzles import Puzzle, PuzzleError, dumps, load, loads
from dweebies_widget.puzzles.kinds import outcomes, rules_note
from dweebies_widget.puzzles.kinds.words import does
from dweebies_widget.puzzles.store import PuzzleFileError
from dweebies_widget.widget.companion import TEXT_PX
from dweebies_widget.widget.puzzle import STATUS_LINES
from dweebies_widget.widget.puzzle_set import PuzzleController
from dweebies_widget.widget.text import text_width
from dweebies_widget.widget.timing import ManualClock

LINES_OF_3 = "House rule: a line needs at least 3 cards to be collected."
NO_JOIN_COLLECT = "House rule: the card that joins a split table collects nothing."
PRACTICE = (
    "Practice position: more than one move is right here.",
    "Practice position, not a puzzle of the set.",
)


@pytest.fixture(scope="module")
def every() -> list[Puzzle]:
    return load(rules="all")


@pytest.fixture(scope="module")
def standard() -> list[Puzzle]:
    return load()


@pytest.fixture(scope="module")
def house() -> list[Puzzle]:
    return load(rules="house")


def house_haul() -> Game:
    """Under lines of 3, Tibbit (19) at (-2, 0) collects a line of 4; at (1, -1) it collects
    a line of 3 and, with the standard rules, a line of 2 besides: 4 cards too."""
    return Game.from_position(
        board={(-1, -1): 19, (-1, 0): 18, (0, -1): 20, (0, 0): 6, (1, 0): 19},
        hands=[[19, 21], [7]],
        rules=Rules(min_line=3),
    )


# ---------------------------------------------------------------------------- the two sets
def test_load_gives_the_standard_set_and_the_house_set_apart(
    every: list[Puzzle], standard: list[Puzzle], house: list[Puzzle]
) -> None:
    assert standard and house
    assert all(p.standard and p.rules_note is None for p in standard)
    assert not any(p.standard for p in house)
    assert {p.id for p in standard} | {p.id for p in house} == {p.id for p in every}
    assert not {p.id for p in standard} & {p.id for p in house}
    assert Counter(p.rules.min_line for p in standard) == {2: len(standard)}
    assert all(p.rules.collect_on_reconnect and p.rules.auto_draw for p in standard)
    with pytest.raises(ValueError, match="standard, house, all"):
        load(rules="usual")  # type: ignore[arg-type]


def test_every_house_puzzle_states_its_rules_first_in_its_goal(
    standard: list[Puzzle], house: list[Puzzle]
) -> None:
    for p in house:
        note = p.rules_note
        assert note is not None and p.goal.startswith(note + " "), p.id
        assert p.goal == p.kind_info.goal(p.dweebie, p.rules)
        assert ("min_line_3" in p.themes) == (p.rules.min_line == 3)
        assert ("no_reconnect_collect" in p.themes) == (not p.rules.collect_on_reconnect)
    assert {p.rules_note for p in house} <= {LINES_OF_3, NO_JOIN_COLLECT}
    for p in standard:
        assert "House rule" not in p.goal


def test_every_house_endgame_is_labelled_and_its_verdicts_say_the_rule(
    standard: list[Puzzle], house: list[Puzzle]
) -> None:
    endgames = [p for p in house if p.kind == "endgame"]
    assert len(endgames) >= 8
    assert all(p.goal.startswith(f"{p.rules_note} The draw pile is empty") for p in endgames)
    changed = []
    for p in endgames:  # proving each again under the standard rules: the first few will do
        if p.rule_changes_answer:
            changed.append(p)
            if len(changed) == 2:
                break
    assert changed  # some answers are not those of the standard rules...
    for p in changed:
        assert p.standard_answer != p.answer
        right = p.check(min(p.answer))
        assert right.correct and right.message.endswith(p.rules_note or "?")
        # ...a move that would be right with the standard rules is wrong here, and says why
        for move in sorted(p.standard_answer - p.answer):
            verdict = p.check(move)
            assert not verdict.correct and verdict.message.endswith(p.rules_note or "?")
    # Notebook 06's first endgame board (one answer here, four with the standard rules)
    # is not among the standard puzzles.
    assert "endgame-294fa6aa85" not in {p.id for p in standard}


def test_a_verdict_says_the_house_rule_only_when_it_changes_the_answer() -> None:
    p = Puzzle.make(house_haul(), "haul")
    assert p.kept and not p.standard and p.rules_note == LINES_OF_3
    assert p.goal == f"{LINES_OF_3} Collect as many cards as you can with one move."
    assert p.answer == {Move(19, (-2, 0))}
    assert p.standard_answer == {Move(19, (-2, 0)), Move(19, (1, -1))}
    assert p.rule_changes_answer
    wrong = p.check(Move(19, (1, -1)))
    assert wrong.message == (
        f"Not quite: Tibbit at (1, -1) collects 3 cards; the best move collects 4. {LINES_OF_3}"
    )
    assert p.check(Move(19, (-2, 0))).message.endswith(LINES_OF_3)
    # The same position under the standard rules: no rule to state.
    plain = Game.from_position(board=house_haul().board, hands=[[19, 21], [7]])
    q = Puzzle.make(plain, "haul", check_keep=False)
    assert q.standard and not q.rule_changes_answer and q.rules_note is None
    assert all("House rule" not in q.check(m).message for m in plain.legal_moves())
    # Lines of 3 that change nothing: the goal says the rule, the verdicts need not.
    threes = Game.from_position(haul_game().board, [[20, 3], [5]], rules=Rules(min_line=3))
    same = Puzzle.make(threes, "haul", check_keep=False)
    assert same.goal.startswith(LINES_OF_3) and not same.rule_changes_answer
    assert "House rule" not in same.check(Move(20, (0, 2))).message


# ---------------------------------------------------------------------------- the notes are true
def test_the_lines_of_3_note_is_what_the_engine_does() -> None:
    standard = Game.from_position(board={(0, 0): 20}, hands=[[20], [5]])
    three = Game.from_position(board={(0, 0): 20}, hands=[[20], [5]], rules=Rules(min_line=3))
    assert len(standard.play(20, (0, 1)).collected) == 2
    assert not three.play(20, (0, 1)).collected  # a matching line of 2 stays on the table
    sizes = Counter()
    for seed in range(6):
        game = Game(players=3, seed=seed, rules=Rules(min_line=3))
        rng = random.Random(seed)
        while not game.is_over:
            placed = game.play_random(rng)
            for dr, dc in ((0, 1), (1, 0)):  # each collected line along the row or column
                line = [
                    c
                    for c in placed.collected
                    if (c[0] - placed.move.cell[0]) * dc == (c[1] - placed.move.cell[1]) * dr
                ]
                if len(line) > 1:
                    sizes[len(line)] += 1
    assert sizes and min(sizes) >= 3


def test_the_joining_card_note_is_what_the_engine_does() -> None:
    joining = Move(20, (0, 1))  # joins the two groups of the position and matches Ugbug
    assert rejoin_game().is_split and len(rejoin_game().play(joining).collected) == 3
    plain = rejoin_game()
    off = Game.from_position(
        plain.board, [[20, 3, 10], [4]], pile=[8], rules=Rules(collect_on_reconnect=False)
    )
    placed = off.play(joining)
    assert not off.is_split and not placed.collected
    before = off.copy()
    before.undo()  # the position before the joining card, with the house rule
    said = does(outcomes(before.view(0))[joining])
    assert said == "Ugbug at (0, 1) joins the table and, by the house rule, collects nothing"
    assert does(outcomes(plain.view(0))[joining]) == "Ugbug at (0, 1) collects 3 cards"
    joined = 0
    for seed in range(8):
        game = Game(players=2, seed=seed, rules=Rules(collect_on_reconnect=False))
        rng = random.Random(seed)
        while not game.is_over:
            split = game.is_split
            placed = game.play_random(rng)
            assert not (split and placed.collected)  # the joining card collects nothing
            joined += split and not game.is_split
    assert joined >= 3


def test_the_draw_later_note_is_what_the_engine_does() -> None:
    note = Puzzle.make(
        Game.from_position(
            haul_game().board, [[20, 3], [5]], pile=[6], rules=Rules(auto_draw=False)
        ),
        "haul",
        check_keep=False,
    ).rules_note
    assert note == (
        "Draw-later rule: a player who does not draw owes the draw and may take it at any "
        "later moment."
    )
    assert "house rule" not in note.lower()  # a rule option of the original rules
    game = Game(players=2, seed=3, rules=Rules(auto_draw=False))
    game.play_random(random.Random(0))
    assert game.owed_draws(0) == 1 and len(game.hand(0)) == 4  # did not draw: owes it
    assert game.current_player == 1  # later, in another player's turn...
    game.draw(0)
    assert game.owed_draws(0) == 0 and len(game.hand(0)) == 5  # ...taken


# ---------------------------------------------------------------------------- the screen
def controller(puzzle: Puzzle) -> tuple[PuzzleController, ManualClock]:
    clock = ManualClock()
    return PuzzleController([puzzle], scheduler=clock), clock


def test_the_board_states_the_house_rule_with_the_goal_and_in_the_verdict() -> None:
    p = Puzzle.make(house_haul(), "haul")
    c, clock = controller(p)
    assert c.goal.startswith(LINES_OF_3)
    lines = c.status_lines()
    assert len(lines) == STATUS_LINES and LINES_OF_3 in lines
    assert LINES_OF_3 in c.describe()
    c.board.select(list(c.scene.hand).index(19))
    c.board.place((1, -1))  # right with the standard rules, wrong with lines of 3
    assert c.message.endswith(LINES_OF_3)  # the whole verdict, for the screen reader...
    assert c.status_lines()[1:] == [c.message, LINES_OF_3]  # ...and the rule on its own line
    clock.advance(60)
    assert len(c.status_lines()) == STATUS_LINES and LINES_OF_3 in c.status_lines()
    standard, _ = controller(Puzzle.make(haul_game(), "haul"))
    assert not any("House rule" in line for line in standard.status_lines())


def test_every_kind_of_house_puzzle_shows_its_rule_in_its_status(house: list[Puzzle]) -> None:
    firsts = {p.kind: p for p in reversed(house)}
    assert len(firsts) >= 4
    for p in firsts.values():
        c, _ = controller(p)
        lines = c.status_lines()
        assert len(lines) == STATUS_LINES and p.rules_note in lines, (p.id, lines)
        assert c.goal.startswith(p.rules_note or "?")


def test_the_notes_of_the_board_fit_one_status_line() -> None:
    # On a 1280x720 projector at 150 % zoom (853 CSS pixels) and, with two rules, at 100 %.
    for note in (LINES_OF_3, NO_JOIN_COLLECT, *PRACTICE):
        assert text_width(note, TEXT_PX) <= 853 - 16, note
    both = Rules(min_line=3, collect_on_reconnect=False, auto_draw=False)
    for sentence in (rules_note(both) or "").split(". "):
        assert text_width(sentence, TEXT_PX) <= 1280 - 16, sentence


def test_a_practice_position_says_so_on_its_board() -> None:
    p = Puzzle.make(safe_game(), "safe", check_keep=False)
    c, _ = controller(p)
    assert PRACTICE[0] in c.status_lines()
    kept, _ = controller(Puzzle.make(haul_game(), "haul"))
    assert not any("Practice" in line for line in kept.status_lines())


# ---------------------------------------------------------------------------- keep
def test_make_refuses_a_position_that_fails_keep_and_says_why() -> None:
    with pytest.raises(PuzzleError) as info:
        Puzzle.make(safe_game(), "safe")
    message = str(info.value)
    assert "not a safe puzzle worth keeping" in message
    assert "kept if that is one move and at least one other move collects but is unsafe" in message
    assert "(2 moves are safe and collect the most)" in message and "check_keep=False" in message
    joined = Game.from_position(board={(0, 0): 1, (0, 1): 2}, hands=[[20], [4]])
    with pytest.raises(
        PuzzleError, match=r"kept only for split tables.*\(the table is not split\)"
    ):
        Puzzle.make(joined, "where")
    with pytest.raises(PuzzleError, match=r"\(3 moves collect the most\)"):
        Puzzle.make(Game.from_position(haul_game().board, [[20, 9, 3], [5]], pile=[6]), "haul")
    practice = Puzzle.make(joined, "where", check_keep=False)
    assert not practice.kept and not practice.keep()
    assert practice.practice_note == PRACTICE[1]
    assert practice.answer == joined.legal_cells()


def test_a_practice_position_is_saved_as_one_and_refused_when_proven() -> None:
    practice = Puzzle.make(safe_game(), "safe", check_keep=False)
    kept = Puzzle.make(haul_game(), "haul")
    back = loads(dumps([practice, kept]))
    assert [p.kept for p in back] == [False, True]
    with pytest.raises(PuzzleFileError, match="fails the keep-condition of safe"):
        loads(dumps([practice]), prove=True)


# ---------------------------------------------------------------------------- files
@pytest.mark.parametrize(
    ("rating", "ok"),
    [(0, False), (5, False), (599, False), (600, True), (1500, True), (2400, True), (2401, False)],
)
def test_a_file_holds_ratings_from_600_to_2400(rating: int, ok: bool) -> None:
    data = json.loads(dumps([Puzzle.make(haul_game(), "haul")]))
    data["puzzles"][0]["rating"] = rating
    try:
        loads(json.dumps(data))
    except PuzzleFileError as exc:  # in range, it must still be what its measurement gives
        assert ("must be 600 to 2400" in str(exc)) is not ok
    else:
        assert ok


def test_a_file_written_with_earlier_goal_words_loads_with_todays() -> None:
    p = Puzzle.make(rejoin_game(), "rejoin")
    data = json.loads(dumps([p]))
    data["puzzles"][0]["goal"] = (
        "The table is split: place a card that joins it into one group and collects."
    )
    assert loads(json.dumps(data))[0].goal == p.goal
    data["puzzles"][0]["goal"] = "Join the table."
    with pytest.raises(PuzzleFileError, match="not the goal of a rejoin puzzle"):
        loads(json.dumps(data))
