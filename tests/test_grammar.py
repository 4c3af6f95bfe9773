"""Every sentence about a seat reads right whatever the seat is called.

A seat may be called "You" (the person at the screen): then English wants the second person
("You win with 29 cards", "Your hand", "It is your turn"), and every other name the third
("B wins", "B's hand").  Every message template of the package that names a seat is called
here on real games (fresh, in the middle, split, with owed draws, won, tied), with the
seat names "You", "B" and a long name in every seat position, and through the screens that
use them (play in every seating, the guided game, puzzles, a review, the classroom's list of
tables).  No text may say "You wins", "You has", "You's" and the like.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import dweebies_widget
from dweebies_widget import Game, IllegalMoveError, Move, Placement, Rules
from dweebies_widget.ai import ExpertPlayer, GreedyPlayer, MoveReview, RandomPlayer, review
from dweebies_widget.ai.base import best_moves
from dweebies_widget.classroom.picture import SeatInfo, TableInfo
from dweebies_widget.classroom.teacher import status_text
from dweebies_widget.puzzles import load
from dweebies_widget.widget import words
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.remote import Elsewhere
from dweebies_widget.widget.session import Session
from dweebies_widget.widget.timing import ManualClock
from dweebies_widget.widget.tutorial import FIRST_GAME, Tutorial

YOU, B, LONG = "You", "B", "Bartholomew Featherstonehaugh-Smythe"

#: Verbs as they go with a name (the third person): after "You" each is wrong.
THIRD_PERSON = (
    "wins", "has", "is", "was", "does", "collects", "plays", "places", "draws", "passes",
    "picks", "owes", "holds", "takes", "ties", "goes", "thinks", "needs", "sees", "gets",
    "tries", "loses", "leads", "makes", "moves", "waits", "joins", "keeps", "gives", "says",
    "wants", "knows", "hands", "guesses",
)  # fmt: skip
WRONG = re.compile(
    rf"\b[Yy]ou (?:{'|'.join(THIRD_PERSON)})\b|\b[Yy]ou's\b|\bYous\b|\b[Yy]ou[\u2019]s\b"
)


def wrong_english(texts: Sequence[str]) -> list[str]:
    """The texts that put "you" with the third person or a possessive 's."""
    return [t for t in texts if WRONG.search(t)]


def test_the_check_finds_the_wrong_english_of_the_issue() -> None:
    bad = ["You wins with 29 cards.", "You's hand", "You's chance to win", "So you has 3."]
    assert wrong_english(bad) == bad
    good = ["You win with 29 cards.", "Your hand", "Your chance to win", "Yours", "You placed"]
    assert wrong_english(good) == []


# ---------------------------------------------------------------------------- seatings
def seatings(n: int) -> list[tuple[str, ...]]:
    """Seat names for ``n`` seats: "You" at every seat with "B" and the long name around
    it (each starting the others once), and the two names without "You"."""
    out = []
    for you in (*range(n), None):
        for first, second in ((B, LONG), (LONG, B)):
            others = itertools.cycle((first, second))
            out.append(tuple(YOU if s == you else next(others) for s in range(n)))
    return out


def test_the_seatings_put_every_name_at_every_seat() -> None:
    for n in (2, 3, 4):
        for name in (YOU, B, LONG):
            assert {s for labels in seatings(n) for s in range(n) if labels[s] == name} == set(
                range(n)
            )


# ---------------------------------------------------------------------------- positions
def random_game(players: int, seed: int, plies: int, rules: Rules | None = None) -> Game:
    """A game dealt from ``seed`` and played ``plies`` random placements on (owed draws are
    taken as they come)."""
    game = Game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        for seat in range(players):
            while game.may_draw(seat) and rng.random() < 0.5:
                game.draw(seat)
        game.play(rng.choice(game.legal_moves()))
    return game


def split_game() -> Game:
    """The first random game that is going on with its table split."""
    return next(
        g for seed in range(200) for g in [random_game(2, seed, 12)] if g.is_split and not g.is_over
    )


def positions() -> Iterator[Game]:
    """Fresh deals, games in their middle, split tables, owed draws, and finished games:
    won by each seat, and tied."""
    for players in (2, 3, 4):
        yield Game(players, seed=players)
        yield random_game(players, seed=10 + players, plies=7)
        yield random_game(players, seed=20 + players, plies=400)  # to the end
        yield random_game(players, seed=30 + players, plies=9, rules=Rules(auto_draw=False))
        for winner in range(players):
            scores = [5] * players
            scores[winner] = 30
            yield Game.from_position({(0, 0): 3}, [[]] * players, scores=scores)
        yield Game.from_position({}, [[]] * players, scores=[12] * players)  # everybody ties
        yield Game.from_position({}, [[]] * players, scores=[12, 3, 12, 12][:players])
    yield split_game()


POSITIONS = list(positions())


def test_the_positions_cover_what_the_messages_speak_of() -> None:
    assert any(g.is_split and not g.is_over for g in POSITIONS)
    assert any(g.is_over and len(g.winners) == 1 for g in POSITIONS)
    assert any(g.is_over and 1 < len(g.winners) < g.players for g in POSITIONS)
    assert any(any(g.may_draw(s) for s in range(g.players)) for g in POSITIONS)
    assert any(g.history and not g.is_over for g in POSITIONS)


# ---------------------------------------------------------------------------- words.py
def seat_players(n: int, viewer: int | None) -> list[tuple[Any, ...]]:
    """Who plays the seats: everybody here (hot seat), the others computers, the others
    elsewhere (a classroom table)."""
    greedy = GreedyPlayer()
    return [
        (None,) * n,
        tuple(None if s == viewer else greedy for s in range(n)),
        tuple(None if s == viewer else Elsewhere(f"seat {s}") for s in range(n)),
        (greedy,) * n,
    ]


def status_and_refusals(game: Game, labels: Sequence[str]) -> list[str]:
    """Every status line and refusal of ``game`` for every seat at the screen, everybody
    playing, thinking and taking the screen, a picked card and a first tap."""
    n = game.players
    out: list[str] = []
    others = [words.move_text(a, labels) for a in game.history[-n:] if isinstance(a, Placement)]
    picked = None if game.is_over else (game.hand(game.current_player) or (None,))[0]
    cells = sorted(game.legal_cells()) if not game.is_over else []
    for viewer in (*range(n), None):
        for players in seat_players(n, viewer):
            common: dict[str, Any] = {"viewer": viewer}
            for verb in ("click", "tap"):
                out += words.status_lines(
                    game, labels, players, **common, me=viewer, others=others, verb=verb
                )
                out.append(words.refusal(game, labels, players, **common, verb=verb) or "")
            for seat in range(n):
                out += words.status_lines(game, labels, players, **common, thinking=seat)
                out += words.status_lines(game, labels, players, **common, handover=seat)
                out.append(words.refusal(game, labels, players, **common, thinking=seat) or "")
                out.append(words.refusal(game, labels, players, **common, handover=seat) or "")
            if picked is not None and cells:
                out += words.status_lines(game, labels, players, **common, picked=picked)
                for gain in (0, 1, 3):
                    out += words.status_lines(
                        game, labels, players, **common, picked=picked, armed=(cells[0], gain)
                    )
    return out


def messages(game: Game, labels: Sequence[str]) -> list[str]:
    """Every message of :mod:`~dweebies_widget.widget.words` about ``game`` with the seats
    called ``labels``."""
    n = game.players
    out = status_and_refusals(game, labels)
    out += [words.result_text(game, labels), words.result_title(game, labels)]
    for me in (*range(n), None):
        out.append(words.result_title(game, labels, me))
        out += words.banner(game, labels, me)
    out += words.log_entries(game, labels)
    out += words.position_lines(game, labels)
    out += [words.action_text(a, labels) for a in game.history]
    out += [a.describe(labels) for a in game.history]
    hand = game.hand(0)
    for label in labels:
        out.append(words.curtain(label))
        out.append(words.curtain(label, "tap"))
        out.append(words.to_play(label))
        out.append(words.thinking_text(label))
        for player, chances in (("Expert (300 sims)", True), ("Greedy", False)):
            out.append(words.heat_title(label, player, chances))
        out.append(words.holds_title(label, "before move 3"))
        for covered in (False, True):
            out.append(
                words.describe(
                    game,
                    labels,
                    status=["Now."],
                    hand=hand,
                    hand_owner=label,
                    covered=covered,
                    picked=0 if hand else None,
                    lit={c: 2 for c in game.legal_cells()},
                    cursor=(0, 0),
                )
            )
    rows = [(3, 0.6, 1), (5, 0.4, 0)]
    out += words.holds_lines(labels, [(s, len(game.hand(s)), rows) for s in range(n)])
    out += words.holds_lines(labels, [(s, 0, []) for s in range(n)])
    out.append(words.names_text(labels))
    placements = [a for a in game.history if isinstance(a, Placement)]
    for step, placement in enumerate(placements[-3:]):
        out.append(words.review_heading(game, labels, step, placement, None))
    out.append(words.review_heading(game, labels, len(placements), None, None))
    return [t for t in out if t]


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_no_message_of_the_words_says_you_wins_or_yous(index: int) -> None:
    game = POSITIONS[index]
    for labels in seatings(game.players):
        texts = messages(game, labels)
        assert texts and wrong_english(texts) == [], labels


def test_you_wins_you_tie_your_turn_in_the_second_person() -> None:
    won = Game.from_position({}, [[], []], scores=[30, 5])
    assert words.result_text(won, [YOU, B]) == "You win with 30 cards."
    assert words.result_text(won, [B, YOU]) == "B wins with 30 cards."
    assert words.result_text(won, [LONG, YOU]) == f"{LONG} wins with 30 cards."
    assert words.result_title(won, [YOU, B]) == "You won 30-5"
    assert words.log_entries(won, [YOU, B])[0].startswith("Game over: You win with 30 cards.")
    tie = Game.from_position({}, [[], [], []], scores=[20, 20, 3])
    assert words.result_text(tie, [B, YOU, LONG]) == "You and B tie with 20 cards each."
    assert words.result_text(tie, [LONG, B, YOU]) == f"{LONG} and B tie with 20 cards each."
    assert words.result_title(tie, [B, YOU, LONG]) == "You and B tied 20-20"
    everybody = Game.from_position({}, [[], [], []], scores=[9, 9, 9])
    assert words.result_text(everybody, [B, LONG, YOU]).startswith(f"You, B and {LONG} tie")

    game = Game(2, seed=7)
    assert words.status_lines(game, [YOU, B], [None, None], viewer=0)[0] == (
        "Your turn: pick a card from your hand."
    )
    assert words.status_lines(game, [B, YOU], [None, None], viewer=0)[0] == (
        "B to play: pick a card from your hand."
    )
    greedy = GreedyPlayer()
    assert words.status_lines(game, [YOU, B], [greedy, None], viewer=1)[0] == (
        "Your turn: press Step or Play."
    )
    assert words.status_lines(game, [YOU, B], [None, None], viewer=0, thinking=0) == [
        "You are thinking\u2026"
    ]
    assert words.status_lines(game, [B, YOU], [None, None], viewer=0, thinking=0) == [
        "B is thinking\u2026"
    ]
    picked = game.hand(0)[0]
    first = words.status_lines(game, [YOU, B], [None, None], viewer=0, picked=picked)[0]
    assert first.startswith("Your turn: place ")
    tapped = words.status_lines(
        game, [YOU, B], [None, None], viewer=0, picked=picked, armed=((0, 0), 0)
    )[0]
    assert tapped.startswith("Your turn: tap again to place ")
    assert words.refusal(game, [YOU, B], [None, None], viewer=1) == (
        "It is your turn: take the screen."
    )
    assert words.refusal(game, [B, YOU], [None, None], viewer=1) == (
        "It is B's turn: pass the screen to them."
    )
    assert words.refusal(game, [B, YOU], [greedy, None], viewer=1) == ("It is B's turn, not yours.")
    assert words.refusal(game, [YOU, B], [None, None], viewer=1, thinking=0) == (
        "Please wait: you are thinking."
    )
    assert words.curtain(YOU) == "Pass to you \u2014 click when ready"
    assert words.status_lines(game, [B, YOU], [None, Elsewhere("x")], viewer=0)[0] == (
        "B to play: pick a card from your hand."
    )
    remote = Game.from_position({(0, 0): 3}, [[4], [5]], current_player=1)
    assert words.status_lines(remote, [B, YOU], [None, Elsewhere("x")], viewer=0)[0] == (
        "Waiting for you to play."
    )


def test_owed_draws_hands_and_chances_in_the_second_person() -> None:
    game = Game.from_position(
        {(0, 0): 3}, [[4, 5], [6]], pile=[7, 8], rules=Rules(auto_draw=False), owed=[2, 1]
    )
    lines = words.status_lines(game, [YOU, B], [None, None], viewer=0)
    assert "You owe 2 draws: press Draw to take one (rules section 8)." in lines
    lines = words.status_lines(game, [B, YOU], [None, None], viewer=0)
    assert "B owes 2 draws: press Draw to take one (rules section 8)." in lines
    said = words.describe(
        game, [YOU, B], status=[], hand=game.hand(0), hand_owner=YOU, covered=False,
        picked=None, lit={}, cursor=None,
    )  # fmt: skip
    assert "\nYour hand: 1 Eeko, 2 Fizzwig." in said
    said = words.describe(
        game, [LONG, B], status=[], hand=game.hand(0), hand_owner=LONG, covered=False,
        picked=None, lit={}, cursor=None,
    )  # fmt: skip
    assert f"\n{LONG}'s hand: 1 Eeko, 2 Fizzwig." in said
    assert words.heat_title(YOU, "Expert (300 sims)", True) == (
        "Your chance to win, as the Expert (300 sims) sees it"
    )
    assert words.heat_title(B, "Expert (300 sims)", True).startswith("B's chance to win")
    assert words.heat_title(YOU, "Greedy", False) == (
        "How good each lit cell is for you, as Greedy sees it"
    )
    assert words.possessive(YOU) == "Your" and words.possessive(B) == "B's"
    assert words.holds_title(YOU, "now") == (
        "What do they hold? Your guesses from what you could see, now"
    )
    assert (
        words.holds_title(B, "now") == "What do they hold? B's guesses from what B could see, now"
    )
    rows = [(3, 0.6, None)]
    assert words.holds_lines([B, YOU], [(1, 1, rows)]) == [
        "You (1 card) probably hold Doozy 0.6 (expected copies)."
    ]
    assert words.holds_lines([B, YOU], [(0, 1, rows)]) == [
        "B (1 card) probably holds Doozy 0.6 (expected copies)."
    ]


def test_the_moves_are_told_with_the_seat_as_it_is_called() -> None:
    game = Game(2, seed=7)
    placement = game.play(game.legal_moves()[0])
    for labels in seatings(2):
        name = labels[0]
        assert placement.describe(labels).startswith(f"{name} placed ")
        assert words.move_text(placement, labels).startswith(f"{name} placed ")
    assert placement.describe() == placement.describe(["Seat 0", "Seat 1"])
    game = Game(2, seed=7, rules=Rules(auto_draw=False))
    game.play(game.legal_moves()[0])
    game.draw(0)
    assert game.history[-1].describe([YOU, B]) == "You took an owed draw"
    assert words.review_heading(game, [B, YOU], 1, None, None) == (
        "After move 1 the game goes on: your turn."
    )
    assert words.review_heading(game, [YOU, B], 1, None, None) == (
        "After move 1 the game goes on: B to play."
    )


# ---------------------------------------------------------------------------- the engine
def refused(call: Any) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as error:
        call()
    return error.value


def engine_refusals() -> list[IllegalMoveError]:
    """One refusal of every kind the engine gives."""
    fresh = Game(2, seed=7)
    hand = fresh.hand(0)
    missing = next(d for d in range(27) if d not in hand)
    one = Game(2, seed=7)
    one.play(one.legal_moves()[0])
    split = split_game()
    off_link = next(
        c
        for cell in split.board
        for c in [(cell[0] + 1, cell[1]), (cell[0], cell[1] + 1)]
        if c not in split.board and c not in split.legal_cells()
    )
    over = Game.from_position({}, [[], []], scores=[3, 1])
    manual = Game(2, seed=7, rules=Rules(auto_draw=False))
    dry = Game.from_position({(0, 0): 3}, [[4], [5]], rules=Rules(auto_draw=False), owed=[1, 0])
    pushed = Game.from_position({}, [[4], [5]], pile=[7, 8])
    pushed.push(Move(4, (0, 0)), draw=False)
    errors = [
        refused(lambda: fresh.play(hand[0], (3, 3))),  # empty-table
        refused(lambda: fresh.play("x", (0, 0))),  # not-a-card
        refused(lambda: fresh.play(missing, (0, 0))),  # not-in-hand
        refused(lambda: fresh.play(hand[0])),  # no-cell
        refused(lambda: fresh.play(hand[0], (0.5, 1))),  # bad-cell
        refused(lambda: one.play(one.hand(1)[0], next(iter(one.board)))),  # occupied
        refused(lambda: one.play(one.hand(1)[0], (5, 5))),  # not-adjacent
        refused(lambda: split.play(split.hand(split.current_player)[0], off_link)),
        refused(lambda: over.play(0, (0, 0))),  # over
        refused(lambda: fresh.draw(0)),  # auto-draw
        refused(lambda: manual.draw(0)),  # not-owed
        refused(lambda: dry.draw(0)),  # pile-empty
        refused(lambda: fresh.draw(5)),  # no-such-seat
        refused(lambda: fresh.give(0, 3)),  # no-draw-to-complete
        refused(lambda: pushed.give(0, 9)),  # not-in-pile
        refused(lambda: fresh.undo()),  # nothing-to-undo
    ]
    return errors


def test_every_refusal_of_the_engine_reads_right() -> None:
    errors = engine_refusals()
    assert sorted(e.reason for e in errors) == [
        "auto-draw", "bad-cell", "empty-table", "no-cell", "no-draw-to-complete", "no-such-seat",
        "not-a-card", "not-adjacent", "not-in-hand", "not-in-pile", "not-on-link", "not-owed",
        "nothing-to-undo", "occupied", "over", "pile-empty",
    ]  # fmt: skip
    texts = [str(e) for e in errors] + [t for e in errors for t in words.explain(e)]
    assert all(str(e) for e in errors) and wrong_english(texts) == []


# ---------------------------------------------------------------------------- a review
def judged(
    seat: int, played: Move, best: Move, fair: float, seen: Move, chances: tuple[float, float]
) -> MoveReview:
    return MoveReview(0, seat, played, best, 0.4, 0.4 + fair, (0.6, 0.4), 9, seen, *chances)


def test_a_review_speaks_to_you_with_one_number_and_hindsight_apart() -> None:
    game = Game(2, seed=5)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    reviewed = review(game, ExpertPlayer(simulations=6), seed=0, executor=None, progress=False)
    mumbo, jibber = Move(12, (0, 2)), Move(9, (1, -1))
    made = [
        *reviewed.moves,
        judged(0, mumbo, mumbo, 0.0, jibber, (0.2, 0.6)),  # punished
        judged(1, mumbo, jibber, 0.3, mumbo, (0.5, 0.5)),  # lucky, the best with every card seen
        judged(0, mumbo, jibber, 0.3, Move(2, (3, 3)), (0.5, 0.52)),  # lucky, about as good
        judged(1, mumbo, jibber, 0.12, jibber, (0.3, 0.6)),  # hindsight agrees
    ]
    assert {m.hindsight for m in made} >= {"punished", "lucky", None}
    texts: list[str] = []
    for labels in seatings(2):
        texts.append(words.review_summary(reviewed, labels))
        for m in made:
            texts += [
                m.describe(labels),
                m.describe_hindsight(labels) or "",
                words.judged_text(m, labels),
            ]
            for me in (0, 1, None):
                texts.append(words.hindsight_line(m, labels, me))
            placement = next(a for a in game.history if isinstance(a, Placement))
            texts.append(words.review_heading(game, labels, 0, placement, m))
    assert wrong_english(texts) == []

    punished, lucky = made[-4], made[-3]
    heading = words.review_heading(game, [YOU, B], 0, game.history[0], punished)  # type: ignore[arg-type]
    assert heading == (
        "Move 1 of 4: You played Mumbo at (0, 2), the best move. Your chance to win after it: 40 %."
    )
    assert heading.count("%") == 1  # one number for a student: the judgement
    blunder = words.judged_text(lucky, [YOU, B])
    assert blunder == (
        "B played Mumbo at (0, 2), a blunder; best was Jibber at (1, -1). B's chance to win "
        "after it: 40 %"
    )
    assert words.judged_text(lucky, [B, YOU]).startswith("You played Mumbo")
    assert words.hindsight_line(punished, [YOU, B], None) == (
        "Had you seen every card: Your Mumbo at (0, 2) was the best move from what you could "
        "see, but the hidden cards punished it: with every card seen, Jibber at (1, -1) was "
        "better (60 % against 20 %)."
    )
    assert words.hindsight_line(punished, ["Ana", B], 0).startswith(
        "Had you seen every card: Your Mumbo"
    )
    assert words.hindsight_line(lucky, [YOU, LONG], None) == (
        f"Had {LONG} seen every card: {LONG}'s Mumbo at (0, 2) was a blunder from what {LONG} "
        "could see, but lucky: the hidden cards favoured it, and with every card seen it was "
        "the best move (50 %)."
    )
    assert "two" not in words.review_state("Expert", 6, progress=None, done=True, failure="")


# ---------------------------------------------------------------------------- the screens
def texts_of(session: Session, painted: bool = True) -> list[str]:
    """What a session says and shows in words: the status, the message, the log, the
    description, and (``painted``) every text painted on the canvas."""
    pen = Pen()
    if painted:
        paint(pen, session.geometry, session.scene, session.overlay())
    texts = [str(args[0]) for name, args in pen.ops if name in ("fill_text", "stroke_text")]
    scene = session.scene
    return [
        *session.status_lines(),
        session.message,
        *session.log_entries(),
        session.describe(),
        scene.curtain or "",
        *scene.banner,
        *texts,
    ]


def play_through(session: Session, clock: ManualClock, rng: random.Random) -> list[str]:
    """Play ``session``'s game to its end as the people at the screen would (a refused
    click now and then, owed draws, the screen passed on), with everything said on the way."""
    said: list[str] = []
    for turn in range(300):
        said += texts_of(session, painted=turn % 4 == 0 or session.game.is_over)
        game = session.game
        if game.is_over:
            break
        if session.handover is not None:
            session.reveal()
            continue
        seat = game.current_player
        if session.players[seat] is not None or session.viewer != seat:
            session.step() if session.players[seat] is not None else session.reveal()
            clock.advance(5)
            continue
        viewer = session.viewer
        if viewer is not None and game.may_draw(viewer):
            session.draw_owed()
            continue
        move = rng.choice(game.legal_moves())
        session.select(list(session.hand()).index(move.dweebie))
        if rng.random() < 0.3:
            session.place((40, 40))  # far from the table: refused
            said += texts_of(session, painted=False)
            session.draw_owed()  # nothing owed: refused
            said += texts_of(session, painted=False)
        session.place(move.cell)
        clock.advance(5)
    return said


@pytest.mark.parametrize("players", [2, 3])
def test_every_seating_of_a_whole_game_on_the_screen_reads_right(players: int) -> None:
    """Hot seat with every seating, and one person against computers (whose names are
    their own) under each name; three players take owed draws by hand."""
    greedy = GreedyPlayer()
    tables = {
        tuple(greedy if s in computers else labels[s] for s in range(players))
        for labels in seatings(players)
        for computers in ((), range(1, players))
    }
    for seats in tables:
        clock = ManualClock()
        session = Session(
            list(seats), seed=players, ai_delay=0, flash=0, scheduler=clock,
            hint_player=RandomPlayer(), rules=Rules(auto_draw=players != 3),
        )  # fmt: skip
        said = play_through(session, clock, random.Random(players))
        assert session.game.is_over and len(said) > 50
        assert wrong_english(said) == [], seats
        if seats[0] == YOU and YOU not in seats[1:]:
            assert any(t.startswith("Your turn") for t in said)
            assert any("Your hand" in t for t in said)
            assert not any("You to play" in t for t in said)


def test_the_guided_game_reads_right() -> None:
    clock = ManualClock()
    tutorial = Tutorial(scheduler=clock, ai_delay=0, flash=0)
    said = texts_of(tutorial)
    for step in FIRST_GAME.steps:
        tutorial.select(list(tutorial.hand()).index(step.move.dweebie))
        tutorial.place((40, 40))  # a refused click first
        said += texts_of(tutorial)
        tutorial.place(step.move.cell)
        clock.advance(5)
        said += texts_of(tutorial)
    greedy = GreedyPlayer()
    while not tutorial.game.is_over:
        move = best_moves(greedy.analyze(tutorial.game.view(0)))[0]
        tutorial.select(list(tutorial.hand()).index(move.dweebie))
        tutorial.place(move.cell)
        clock.advance(5)
        said += texts_of(tutorial)
    assert wrong_english(said) == []
    assert any("Your hand" in t for t in said)


def test_puzzle_verdicts_and_hints_read_right() -> None:
    by_kind: dict[str, list[Any]] = {}
    for puzzle in load():
        by_kind.setdefault(puzzle.kind, []).append(puzzle)
    texts: list[str] = []
    for kind, puzzles in by_kind.items():
        for puzzle in puzzles[:2]:
            texts += [h.text for h in puzzle.hints()]
            if kind == "where":
                texts.append(puzzle.check(sorted(puzzle.answer)).message)
                texts.append(puzzle.check([]).message)
                continue
            right = sorted(puzzle.answer)[0]
            texts.append(puzzle.check(right).message)
            wrong = [m for m in puzzle.game.legal_moves() if m not in puzzle.answer][:1]
            texts += [puzzle.check(m).message for m in wrong]
    assert len(by_kind) >= 5 and wrong_english(texts) == []


def test_the_classroom_list_of_tables_reads_right() -> None:
    texts = []
    for labels in seatings(3):
        seats = tuple(SeatInfo(s, name, None) for s, name in enumerate(labels))
        info = TableInfo("K7QX", 5, 3, seats, "playing", True, 0, (3, 0, 1), (), 4, 0.0, 0.0)
        texts += [status_text(replace(info, turn=turn)) for turn in range(3)]
        for winners in ((0,), (1,), (0, 2), (0, 1, 2)):
            texts.append(status_text(replace(info, status="over", turn=None, winners=winners)))
    assert wrong_english(texts) == []


# ---------------------------------------------------------------------------- the source
def test_no_sentence_pastes_s_after_a_name() -> None:
    """A possessive is :func:`~dweebies_widget.grammar.possessive`'s to build ("Your",
    "Ana's"): no f-string of the package pastes 's after a placeholder."""
    package = Path(dweebies_widget.__file__).parent
    pasted = re.compile(r"\}'s\b")
    found = [
        f"{path.relative_to(package)}:{number}: {line.strip()}"
        for path in sorted(package.rglob("*.py"))
        if path.name != "grammar.py"  # the one home of "'s"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pasted.search(line)
    ]
    assert found == []
