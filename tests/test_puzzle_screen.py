"""The puzzle screens as issue 24 asks: a wrong ``where`` Check keeps the marks, puzzles keep
their own numbers whatever the filters, "change the filters for more" only where filters
leave puzzles out, a ``safe`` puzzle shows the copies its goal needs and counts them exactly,
the status is always the same number of lines, the buttons never move, and every sentence
about the solver's seat speaks to "You" in good English.

Everything goes through the public :class:`PuzzleController` and :class:`PuzzleWidget`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from helpers import PUZZLE_GAMES as GAMES
from helpers import where_game

from dweebies_widget import Move, grid
from dweebies_widget.cards import COPIES, NAMES
from dweebies_widget.puzzles import Puzzle, PuzzleWidget
from dweebies_widget.puzzles.kinds import outcomes
from dweebies_widget.widget.companion import PRESENTATION
from dweebies_widget.widget.puzzle import STATUS_LINES, State
from dweebies_widget.widget.puzzle_set import PuzzleController, band, shipped
from dweebies_widget.widget.table import PRESENTATION_SCALE
from dweebies_widget.widget.timing import ManualClock


@pytest.fixture(scope="module")
def made() -> dict[str, Puzzle]:
    # The safe position has two answers: a practice position (the others pass keep()).
    return {kind: Puzzle.make(make(), kind, check_keep=False) for kind, make in GAMES.items()}


def controller(puzzles: Any = None, **options: Any) -> tuple[PuzzleController, ManualClock]:
    clock = ManualClock()
    return PuzzleController(puzzles, scheduler=clock, **options), clock


def play(c: PuzzleController, move: Move) -> None:
    """Pick the card of ``move`` and place it (an attempt the puzzle judges)."""
    index = list(c.scene.hand).index(move.dweebie)
    if c.board.selected != index:
        c.board.select(index)
    c.board.place(move.cell)


def wrong_move(p: Puzzle) -> Move:
    return next(m for m in p.view.legal_moves() if m not in p.answer)


# ---------------------------------------------------------------------------- where
def test_a_wrong_where_check_keeps_the_marks_and_names_the_wrong_ones() -> None:
    p = Puzzle.make(where_game(), "where", dweebie=21)
    assert p.answer == {(0, 1), (0, 2)}
    c, _ = controller([p])
    for cell in [(1, 0), (0, 1), (5, 5)]:
        assert c.board.mark(cell)
    verdict = c.check()
    assert verdict is not None and not verdict.correct
    assert c.board.marks == {(1, 0), (0, 1), (5, 5)}  # kept, to be changed
    assert c.board.state is State.SOLVING and c.controls().check
    assert c.overlay().callout is not None and c.overlay().callout.tone == "wrong"
    # Every wrong cell is named, the missed one only counted: the answer is not given away.
    assert c.message.startswith("Not quite: Velvo may not go on (1, 0) or (5, 5), and ")
    assert "you missed 1 cell" in c.message and "(0, 2)" not in c.message
    assert c.status_lines()[0] == "Change your marks, then press Check again (3 marked)."
    assert c.status_lines()[1] == c.message
    assert "Marked cells: (0, 1), (1, 0), (5, 5)." in c.describe()
    assert c.board.wrong_marks == {(1, 0), (5, 5)}
    assert "The last check found (1, 0), (5, 5) wrong." in c.describe()
    # Changed, then checked again: right, and the puzzle ends.
    said = c.message
    c.board.mark((1, 0))
    c.board.mark((5, 5))
    assert c.board.marks == {(0, 1)} and c.board.wrong_marks == frozenset()
    assert "found" not in c.describe()
    assert c.message == said and c.overlay().callout.text == said  # kept until Check again
    c.check()
    assert c.message == "Not quite: your marks are right, but you missed 1 cell where it may go."
    assert c.board.marks == {(0, 1)}
    c.board.mark((0, 2))
    verdict = c.check()
    assert verdict is not None and verdict.correct and c.board.state is State.SOLVED
    assert c.attempts == {p.id: 3} and c.solved == [p.id]
    assert not c.board.mark((1, 0)) and c.board.marks == {(0, 1), (0, 2)}  # solved: no more


def test_start_again_clears_the_marks_a_wrong_check_kept(made: dict[str, Puzzle]) -> None:
    c, _ = controller([made["where"]])
    c.board.mark((1, 0))
    c.check()
    assert c.board.marks == {(1, 0)}
    c.again()
    assert c.board.marks == frozenset() and "Change your marks" not in c.status_text()


# ---------------------------------------------------------------------------- numbers
def test_puzzle_numbers_are_their_own_with_two_filters() -> None:
    safe = Counter(band(p.rating) for p in shipped() if p.kind == "safe")
    third = next(b for b, n in safe.most_common() if n >= 2)  # a third with 2 safe puzzles
    c, clock = controller(kind="safe", rating=third)  # two filters
    pool = c.pool
    assert len(c.shown) < len(pool) and c.filtered
    first, second = c.shown[0], c.shown[1]
    n1, n2 = pool.index(first) + 1, pool.index(second) + 1
    assert n1 != n2 and c.number() == n1
    assert c.title() == (
        f"Puzzle {n1} of {len(pool)} (1 of {len(c.shown)} shown) \u00b7 Safe \u00b7 "
        f"rating {first.rating} ({third})"
    )
    play(c, wrong_move(first))
    clock.run_all()
    c.next()
    assert c.title().startswith(f"Puzzle {n2} of {len(pool)} (2 of {len(c.shown)} shown)")
    play(c, wrong_move(second))
    clock.run_all()
    logged = [e.split(":")[0] for e in c.log_entries()]
    assert logged == [f"Puzzle {n2} (safe)", f"Puzzle {n1} (safe)"]  # two puzzles, two numbers
    # Without filters the same puzzle has the same number.
    assert c.set_filters(kind=None, rating=None) and not c.filtered
    assert c.puzzle is second and c.number() == n2
    assert c.title().startswith(f"Puzzle {n2} of {len(pool)} \u00b7 Safe")
    everything, _ = controller()
    everything.go(everything.shown.index(first))
    assert everything.number() == n1


# ---------------------------------------------------------------------------- filters said
def test_a_single_puzzle_never_speaks_of_filters(made: dict[str, Puzzle]) -> None:
    c, clock = controller([made["haul"]])
    c.next()
    assert c.message == "This is the last puzzle here."
    play(c, min(made["haul"].answer))
    clock.run_all()
    assert c.status_lines()[0] == "Solved!"
    assert "filter" not in c.status_text() and "filter" not in c.describe()


def test_the_last_of_a_set_without_filters_does_not_ask_to_change_them(
    made: dict[str, Puzzle],
) -> None:
    c, clock = controller([made["rejoin"], made["haul"]])
    c.go(1)
    c.next()
    assert c.message == "This is the last puzzle here."
    play(c, min(made["haul"].answer))
    clock.run_all()
    assert c.status_lines()[0] == "Solved! That was the last puzzle."


def test_the_last_of_a_filtered_set_asks_to_change_the_filters() -> None:
    hauls = Counter(p.rating for p in shipped() if p.kind == "haul")
    alone = next(r for r, n in sorted(hauls.items()) if n == 1)  # one haul of that rating
    c, clock = controller(kind="haul", rating=alone)
    assert len(c.shown) == 1 and c.filtered
    c.next()
    assert c.message == "This is the last puzzle here: change the filters for more."
    play(c, min(c.puzzle.answer))
    clock.run_all()
    assert c.status_lines()[0].endswith("change the filters for more.")
    assert c.set_filters(kind=None, rating=None)  # every puzzle: this one is not the last
    assert c.puzzle.rating == alone and not c.filtered
    assert c.status_lines()[0] == "Solved! Press Next for the next puzzle."


# ---------------------------------------------------------------------------- safe
def _in_play_by_formula(p: Puzzle) -> dict[int, int]:
    """Per Dweebie on the table or in the solver's hand: its copies less those on the table,
    in the solver's hand, collected by anyone or out of play."""
    game = p.position
    seen = Counter(game.board.values()) + Counter(game.hand(p.seat))
    for seat in range(game.players):
        seen += Counter(game.collected(seat))
    seen += Counter(game.out_of_play)
    in_play = set(game.board.values()) | set(game.hand(p.seat))
    return {d: COPIES[d] - seen[d] for d in sorted(in_play)}


def _listed(needs: str, p: Puzzle) -> dict[int, int]:
    """The hidden counts a needs line gives ("2 of Zuzu, Waggo \u00b7 none of the other
    Dweebies in play"), by id, for every Dweebie in play in ``p``."""
    out = {}
    for part in needs.split(": ", 1)[1].split(" \u00b7 "):
        n, cards = part.split(" of ", 1)
        if n != "none":
            out |= {NAMES.index(d): int(n) for d in cards.split(", ")}
    in_play = set(p.position.board.values()) | set(p.position.hand(p.seat))
    assert set(out) <= in_play
    return {d: out.get(d, 0) for d in sorted(in_play)}


def test_a_safe_puzzle_shows_the_unseen_copies_of_each_dweebie_in_play(
    made: dict[str, Puzzle],
) -> None:
    p = made["safe"]
    c, _ = controller([p])
    assert c.needs == (
        "Cards hidden from you (in other hands or the draw pile): 1 of Ugbug, Waggo "
        "\u00b7 none of the other Dweebies in play"
    )
    unseen = Counter(p.view.unseen)
    listed = _listed(c.needs, p)
    assert listed == _in_play_by_formula(p) == {d: unseen[d] for d in listed}
    assert c.needs in c.describe()
    w = PuzzleWidget([p, made["haul"]])
    assert w.needs.layout.display is None and "1 of Ugbug, Waggo" in w.needs.value
    assert w.needs in w.controls_row.children  # under the buttons, kept in view with them
    w.next_button.click()
    assert w.needs.layout.display == "none"  # a haul needs nothing more


def test_every_shipped_safe_puzzle_counts_the_unseen_copies_as_the_engine_does() -> None:
    puzzles = [p for p in shipped() if p.kind == "safe"]
    assert len(puzzles) >= 20
    for p in puzzles:
        needs = p.kind_info.needs(p.view)
        assert needs is not None and needs.startswith("Cards hidden from you")
        unseen = Counter(p.view.unseen)
        listed = _listed(needs, p)
        assert listed == _in_play_by_formula(p) == {d: unseen[d] for d in listed}


def test_a_safe_verdict_counts_the_unseen_copies_when_one_lies_on_the_table(
    made: dict[str, Puzzle],
) -> None:
    p = made["safe"]
    assert 22 in p.position.board.values()  # a Waggo lies on the table
    message = p.check(Move(21, (0, -1))).message
    assert message.endswith("with Waggo: 1 of its 3 cards is hidden from you.")
    assert Counter(p.view.unseen)[22] == 1 and "a Dweebie you have not seen" not in message
    on_table = 0
    for q in [q for q in shipped() if q.kind == "safe"]:
        outs = outcomes(q.view)
        move, out = next((m, o) for m, o in outs.items() if not o.safe)
        assert out.biggest_handed is not None
        d, _ = out.biggest_handed
        text = q.check(move).message
        said = re.search(
            r"with (\w+): (all of its \d|\d+ of its \d|its only) cards? (is|are) hidden", text
        )
        assert said is not None and said.group(1) == NAMES[d], text
        n = Counter(q.view.unseen)[d]
        expected = (
            "its only"
            if COPIES[d] == 1
            else f"all of its {COPIES[d]}"
            if n == COPIES[d]
            else f"{n} of its {COPIES[d]}"
        )
        assert said.group(2) == expected, text
        on_table += d in q.position.board.values()
    assert on_table >= 10  # the Dweebie handed over has a copy on the table, mostly


# ---------------------------------------------------------------------------- status
def _states(c: PuzzleController, clock: ManualClock) -> list[list[str]]:
    """The status lines through a puzzle: start, a hint, a refusal, a wrong answer, back at
    the start, a picked card, solved (and an endgame's proof)."""
    p = c.puzzle
    seen = [c.status_lines()]
    c.hint()
    seen.append(c.status_lines())
    if p.kind_info.marks_cells:
        c.board.mark(next(iter(p.position.board)))  # a card: refused
        seen.append(c.status_lines())
        wrong = min(grid.frontier(p.position.board) - p.answer)
        c.board.mark(wrong)
        c.check()
        seen.append(c.status_lines())
        c.again()
        for cell in p.answer:
            c.board.mark(cell)
        c.check()
    else:
        play(c, wrong_move(p))
        seen.append(c.status_lines())
        clock.advance(60)
        seen.append(c.status_lines())
        c.board.select(list(c.scene.hand).index(min(p.answer).dweebie))
        seen.append(c.status_lines())
        c.board.place((99, 99))  # not a legal cell: refused, with its rule
        seen.append(c.status_lines())
        play(c, min(p.answer))
        while c.board.state is State.PROOF:
            seen.append(c.status_lines())
            clock.run_next()
    clock.run_all()
    seen.append(c.status_lines())
    assert c.board.state is State.SOLVED
    return seen


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_status_has_a_fixed_number_of_lines_what_to_do_first(
    made: dict[str, Puzzle], kind: str
) -> None:
    c, clock = controller([made[kind]])
    for lines in _states(c, clock):
        assert len(lines) == STATUS_LINES and lines[0]
        filled = [line for line in lines if line]
        assert lines[: len(filled)] == filled  # empty lines only at the end
        assert len(set(filled)) == len(filled)
    assert c.status_lines()[0] == "Solved!"


def test_the_newest_news_comes_right_after_what_to_do(made: dict[str, Puzzle]) -> None:
    p = made["haul"]
    c, clock = controller([p])
    c.hint()
    assert c.status_lines()[1] == "Hint: Use Ugbug."
    play(c, Move(20, (1, 0)))
    lines = c.status_lines()
    assert lines[0].startswith("Not the answer") and lines[1].startswith("Not quite:")
    assert "Hint:" not in c.status_text()  # the older news made room
    clock.run_all()
    assert c.status_lines()[1].startswith("Not quite:")  # it stays while the student retries


# ---------------------------------------------------------------------------- the screen
def test_the_buttons_never_move_and_the_status_box_is_fixed(made: dict[str, Puzzle]) -> None:
    w = PuzzleWidget([made["haul"], made["where"]], flash=0, reset=60)
    row = list(w.buttons.children)
    assert row == [w.hint_button, w.again_button, w.previous_button, w.next_button,
                   w.filters_button, w.big_button, w.check_button]  # fmt: skip
    # The filters are under the buttons, shown while Filters is pressed.
    assert list(w.controls_row.children) == [w.buttons, w.needs, w.filters]
    assert w.filters.layout.display == "none"
    w.filters_button.value = True
    assert w.filters.layout.display is None and list(w.buttons.children) == row
    w.filters_button.value = False
    assert w.filters.layout.display == "none"
    height = w.status.layout.height
    assert height and height == w.status.layout.min_height
    w.select(list(w.session.scene.hand).index(3))
    w.place((0, 2))  # wrong
    assert "Not quite" in w.status.value and w.status.layout.height == height
    w.next_button.click()
    assert w.check_button.layout.display is None and list(w.buttons.children) == row
    w.mark((1, 0))
    w.check_button.click()
    assert "Not quite" in w.status.value and w.status.layout.height == height
    assert w.session.board.marks == {(1, 0)}


def test_one_puzzle_shows_no_filters_nor_previous_and_next(made: dict[str, Puzzle]) -> None:
    w = PuzzleWidget([made["safe"]])
    assert w.filters.layout.display == "none" and w.next_button.layout.display == "none"
    assert w.filters_button.layout.display == "none"
    w.filters_button.value = True  # even so: one puzzle has nothing to filter
    assert w.filters.layout.display == "none"
    assert "filter" not in w.status.value


def test_presentation_mode_is_an_option_and_a_toggle_for_every_puzzle(
    made: dict[str, Puzzle],
) -> None:
    w = PuzzleWidget([made["haul"], made["where"]], presentation=True)
    ratio = w.session.board.geometry.ratio
    assert PRESENTATION in classes(w) and w.presentation and w.big_button.value
    assert ratio == PRESENTATION_SCALE * w.pixel_ratio  # everything drawn 1.5 times as big
    w.next_button.click()
    assert w.session.board.presentation and w.session.board.geometry.ratio == ratio
    w.big_button.value = False  # pressed again
    assert PRESENTATION not in classes(w) and not w.presentation
    assert w.session.board.geometry.ratio == w.pixel_ratio
    w.previous_button.click()
    assert not w.session.board.presentation
    w.presentation = True
    assert PRESENTATION in classes(w) and w.big_button.value
    plain = PuzzleWidget([made["haul"]])
    assert PRESENTATION not in classes(plain) and not plain.big_button.value


def classes(w: PuzzleWidget) -> list[str]:
    """The widget's CSS classes, as the page gets them."""
    return list(w.get_state()["_dom_classes"])


# ---------------------------------------------------------------------------- grammar
BAD = re.compile(r"\bYou(?:'s| wins| has| is| was| collects| places| placed a| plays)\b")


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_sentence_speaks_to_the_solver_as_you(made: dict[str, Puzzle], kind: str) -> None:
    c, clock = controller([made[kind]])
    texts = [c.describe(), c.title(), c.goal]
    for lines in _states(c, clock):
        texts += lines
    texts += [c.describe(), c.message, *c.log_entries()]
    callout = c.overlay().callout
    texts.append(callout.text if callout else "")
    for text in texts:
        assert not BAD.search(text), text
    assert "Your hand:" in c.describe()
