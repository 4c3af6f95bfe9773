"""Reviewing a game move by move (dweebies_widget.ai.review).

A review judges each placement from what its mover could see then: a known bad move is
found, two games that look the same to the mover get the same judgement, and hindsight (a
search on the true deal) is reported apart.  It must replay any game (unfinished, 2-6
players, owed draws, undo in its past), give the same result whatever executor ran it, and
show itself as text, HTML and a matplotlib chart.  Budgets are small so the file stays fast;
no test asserts a timing.
"""

from __future__ import annotations

import html
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

import matplotlib
import pytest

from dweebies_widget import Draw, Game, Move, Placement, Rules, shuffled_deck
from dweebies_widget.ai import (
    BEST,
    BLUNDER,
    GOOD,
    INACCURACY,
    LABELS,
    MISTAKE,
    ExpertPlayer,
    GreedyPlayer,
    MoveReview,
    Review,
    play_game,
    review,
)
from dweebies_widget.ai.expert import FOCUS_SHARE
from dweebies_widget.ai.review import (
    BLUNDER_LOSS,
    INACCURACY_LOSS,
    LUCKY,
    MISTAKE_LOSS,
    PUNISHED,
    label,
)

matplotlib.use("Agg")  # before pyplot is imported anywhere: no window, no display needed

#: The fair fields of a move's review: what the mover's view decides.
FAIR = ("ply", "seat", "played", "best", "chance_played", "chance_best", "chances", "options")


def quick(game: Game, simulations: int = 30, **kwargs: object) -> Review:
    """A review with a small budget, here, without a progress bar."""
    options: dict[str, object] = {"seed": 0, "executor": None, "progress": False}
    options.update(kwargs)
    return review(game, ExpertPlayer(simulations=simulations), **options)  # type: ignore[arg-type]


def fair(move: MoveReview) -> tuple[object, ...]:
    return tuple(getattr(move, field) for field in FAIR) + (move.loss, move.label)


def placements(game: Game) -> list[Placement]:
    return [a for a in game.history if isinstance(a, Placement)]


def open_line(opponent: list[int], pile: list[int]) -> Game:
    """Seat 0 to move beside a row of five single-copy Dweebies (nobody can match its ends).
    Ugbug (20) at the row's right end opens the whole row for a player holding another
    Ugbug: a 7-card collection at its left end.  Aroo (0) or Gorp (6) anywhere is safe."""
    return Game.from_position(
        board={(0, c): d for c, d in enumerate([1, 2, 3, 4, 5])},
        hands=[[20, 0, 6], opponent],
        pile=pile,
    )


def move(
    loss: float, *, ply: int = 0, seat: int = 0, best: bool = False, **kwargs: object
) -> MoveReview:
    """A move's review written by hand (for the table, the lines and the ordering)."""
    played = Move(3, (0, 1))
    fields: dict[str, object] = {
        "ply": ply,
        "seat": seat,
        "played": played,
        "best": played if best else Move(12, (1, -1)),
        "chance_played": 0.5 - loss,
        "chance_best": 0.5,
        "chances": (0.5 - loss, 0.5 + loss),
        "options": 10,
        "hindsight_best": played if best else Move(12, (1, -1)),
        "hindsight_chance_played": 0.5 - loss,
        "hindsight_chance_best": 0.5,
    }
    fields.update(kwargs)
    return MoveReview(**fields)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- judgement
def test_opening_a_long_line_for_the_next_player_is_a_mistake() -> None:
    """Two of the seven unseen cards are Ugbugs and the next player holds three of the
    seven: it holds one with a chance of 71 %, so Ugbug at the row's end hands it seven
    cards.  The review calls that a mistake or a blunder, with a safe card as best."""
    game = open_line(opponent=[20, 20, 9], pile=[10, 11, 12, 13])
    game.play(20, (0, 5))
    game.play(20, (0, -1))  # the next player takes the row
    assert game.history[-1].points == 7  # type: ignore[union-attr]
    rev = review(game, ExpertPlayer(simulations=300), seed=1, executor=None, progress=False)
    bad = rev.moves[0]
    assert bad.played == Move(20, (0, 5))
    assert bad.label in (MISTAKE, BLUNDER)
    assert bad.best.dweebie in (0, 6) and bad.best != bad.played
    assert bad.chance_best > bad.chance_played + MISTAKE_LOSS
    assert rev.mistakes() and rev.mistakes()[0] is bad
    # The next player's collection was the right thing to do.
    assert rev.moves[1].label in (BEST, GOOD)


def test_leaving_a_big_collection_to_the_next_player_is_a_blunder() -> None:
    """Seat 0 holds Ugbug (20) beside a row that starts with Ugbug: seven cards to take.
    The pile is empty, so the last Ugbug is in the next player's hand, as seat 0 can work
    out.  A quiet Aroo instead hands the row over: a blunder; the best move takes it."""
    game = Game.from_position(
        board={(0, c): d for c, d in enumerate([20, 1, 2, 3, 4, 5])},
        hands=[[20, 0], [20, 9, 10]],
    )
    game.play(0, (1, 0))
    rev = review(game, ExpertPlayer(simulations=200), seed=2, executor=None, progress=False)
    (bad,) = rev.moves
    assert bad.label == BLUNDER
    assert bad.best == Move(20, (0, 6))
    assert bad.loss >= BLUNDER_LOSS


def test_twins_that_look_the_same_to_the_mover_get_the_same_judgement() -> None:
    """Fairness: the same open row, but in one game the next player holds both Ugbugs and
    in the other they lie at the bottom of the pile.  Seat 0's move is judged the same;
    only hindsight (a search on the true deal) tells the games apart."""
    twins = [
        open_line(opponent=[20, 20, 9], pile=[10, 11, 12, 13]),
        open_line(opponent=[9, 10, 11], pile=[12, 13, 20, 20]),
    ]
    reviews = []
    for game in twins:
        game.play(20, (0, 5))
        reviews.append(quick(game, simulations=200, seed=3).moves[0])
    assert twins[0].hand(1) != twins[1].hand(1)
    assert fair(reviews[0]) == fair(reviews[1])
    assert reviews[0].label in (MISTAKE, BLUNDER)
    # With every card seen: handing over the row is bad only where the opponent has Ugbugs.
    punished, spared = reviews
    assert punished.hindsight_chance_played < spared.hindsight_chance_played - MISTAKE_LOSS
    assert spared.hindsight_loss < punished.hindsight_loss


def test_twins_deep_in_a_game_get_the_same_judgement() -> None:
    """Two decks that differ in one card of seat 1's hand and the last card of the pile.
    The same moves are played in both (seat 1 never plays the card that differs), so every
    view of seat 0 is the same in both games while the hidden cards differ."""
    deck = shuffled_deck(5)
    other = list(deck)
    i = next(k for k in range(5, 10) if deck[k] != deck[-1])  # a card of seat 1's hand
    other[i], other[-1] = deck[-1], deck[i]
    games = [Game(players=2, deck=deck), Game(players=2, deck=other)]
    rng = random.Random(5)
    for _ in range(8):
        seat = games[0].current_player
        moves = [m for m in games[0].legal_moves() if seat == 0 or m.dweebie != deck[i]]
        choice = moves[rng.randrange(len(moves))]
        for game in games:
            game.play(choice)
    assert games[0].hand(1) != games[1].hand(1)
    assert games[0].view(0) == games[1].view(0)
    first, second = (quick(g, simulations=40, seed=4) for g in games)
    seat0 = [k for k, m in enumerate(first.moves) if m.seat == 0]
    assert len(seat0) == 4
    for k in seat0:
        assert fair(first.moves[k]) == fair(second.moves[k]), k


def test_the_same_seed_gives_the_same_review() -> None:
    """Another seed may change the numbers, never the moves reviewed or their order."""
    game = play_game([GreedyPlayer(), GreedyPlayer()], seed=6)[0]
    short = Game.from_json(game.to_json())
    while len(short.history) > 6:
        short.undo()
    a, b = quick(short, seed=1), quick(short, seed=1)
    assert a == b
    c = quick(short, seed=2)
    assert [(m.ply, m.seat, m.played) for m in a.moves] == [
        (m.ply, m.seat, m.played) for m in c.moves
    ]


# ----------------------------------------------------------------------------- hindsight
def test_hindsight_sees_the_true_deal() -> None:
    """Where the Ugbugs are out of the opponent's reach, the fair mistake was lucky."""
    game = open_line(opponent=[9, 10, 11], pile=[12, 13, 14, 15, 20, 20])
    game.play(20, (0, 5))
    rev = quick(game, simulations=300, seed=0)
    (m,) = rev.moves
    assert rev.hindsight() == [m] and rev.hindsight(seat=1) == []
    assert m.label in (MISTAKE, BLUNDER)
    assert m.hindsight_loss < INACCURACY_LOSS
    assert m.hindsight_best != m.best
    assert m.hindsight == LUCKY
    text = m.describe_hindsight(["Ana", "Ben"])
    assert text is not None and "lucky" in text and text.startswith("Ana's Ugbug at (0, 5)")


def test_hindsight_verdicts_and_their_words() -> None:
    good = move(
        0.0,
        best=True,
        hindsight_best=Move(7, (2, 2)),
        hindsight_chance_played=0.2,
        hindsight_chance_best=0.6,
    )
    assert good.label == BEST and good.hindsight == PUNISHED
    words = good.describe_hindsight(["Ana", "Ben"])
    assert words is not None and "punished" in words and "60 % against 20 %" in words
    lucky = move(
        0.3, hindsight_best=Move(3, (0, 1)), hindsight_chance_played=0.7, hindsight_chance_best=0.7
    )
    assert lucky.label == BLUNDER and lucky.hindsight == LUCKY
    assert "it was the best move (70 %)" in (lucky.describe_hindsight() or "")
    # Hindsight that agrees with the fair best move says nothing.
    assert move(0.3).hindsight is None
    assert move(0.3).describe_hindsight() is None
    # A small difference in hindsight is no verdict either.
    assert (
        move(
            0.0,
            best=True,
            hindsight_best=Move(7, (2, 2)),
            hindsight_chance_played=0.58,
            hindsight_chance_best=0.6,
        ).hindsight
        is None
    )


# ----------------------------------------------------------------------------- the search
def test_the_focus_move_gets_its_share_of_the_rounds() -> None:
    game = play_game([GreedyPlayer(), GreedyPlayer()], seed=17)[0]
    position = Game.from_json(game.to_json())
    while len(position.history) > 20:
        position.undo()
    view = position.view(position.current_player)
    expert = ExpertPlayer(simulations=200)
    plain = expert.statistics(view, random.Random(0), open_all=False)
    rare = min(plain, key=lambda m: (plain[m].visits, m))
    focused = expert.statistics(view, random.Random(0), open_all=False, focus=rare)
    assert plain[rare].visits <= 1
    assert focused[rare].visits >= FOCUS_SHARE * 200 - 1
    assert sum(s.visits for s in focused.values()) == 200
    # Two seats: every round's chances add up to 1, so the averages do too.
    for stats in (plain, focused):
        for s in stats.values():
            if s.visits:
                assert sum(s.chances) == pytest.approx(1.0) and s.chances[view.seat] == s.chance
    with pytest.raises(ValueError, match="focus"):
        expert.statistics(view, random.Random(0), focus=Move(rare.dweebie, (99, 99)))


def test_a_deal_must_agree_with_the_view() -> None:
    game = Game(players=2, seed=18)
    view = game.view(0)
    expert = ExpertPlayer(simulations=20)
    seen = expert.statistics(view, random.Random(0), deal=game)
    assert set(seen) == set(view.legal_moves())
    other = game.redeal(0, sorted(game.hand(1) + game.pile))  # another deal, same view
    assert other.view(0) == view and other.hand(1) != game.hand(1)
    assert set(expert.statistics(view, random.Random(0), deal=other)) == set(seen)
    with pytest.raises(ValueError, match="agrees with the view"):
        expert.statistics(view, random.Random(0), deal=Game(players=2, seed=19))


def test_a_deal_can_keep_its_hands_and_hide_its_pile() -> None:
    """``pile_seen=False`` (the yardstick of perfect beliefs): the search knows every hand
    of the deal but guesses the pile's order, so the pile's order changes nothing."""
    game = Game(players=2, seed=18)
    view = game.view(0)
    expert = ExpertPlayer(simulations=60)

    def summary(deal: Game, pile_seen: bool) -> list[tuple[Move, int, float]]:
        root = expert.search(view, random.Random(3), deal=deal, pile_seen=pile_seen)
        return [(m, n.visits, n.total) for m, n in sorted(root.children.items())]

    # The same hands, the pile in another order.
    reordered = game.redeal(0, list(game.hand(1)) + sorted(game.pile))
    assert reordered.hand(1) == game.hand(1) and reordered.pile != game.pile
    assert summary(reordered, pile_seen=False) == summary(game, pile_seen=False)
    assert summary(reordered, pile_seen=True) != summary(game, pile_seen=True)
    # Other hands do change it.
    other = game.redeal(0, sorted(game.hand(1) + game.pile))
    assert other.hand(1) != game.hand(1)
    assert summary(other, pile_seen=False) != summary(game, pile_seen=False)


# ----------------------------------------------------------------------------- replay
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_any_number_of_players_and_unfinished_games(players: int) -> None:
    game = Game(players=players, seed=players)
    rng = random.Random(players)
    for _ in range(players + 3):
        game.play_random(rng)
    rev = quick(game, simulations=12)
    assert not rev.finished and rev.players == players
    assert [m.played for m in rev.moves] == [p.move for p in placements(game)]
    assert [m.seat for m in rev.moves] == [p.seat for p in placements(game)]
    assert [m.ply for m in rev.moves] == list(range(players + 3))
    for m in rev.moves:
        assert len(m.chances) == players and all(0.0 <= c <= 1.0 for c in m.chances)
        assert m.chances[m.seat] == m.chance_played
        assert 0.0 <= m.loss <= 1.0 and m.label in LABELS


def test_a_finished_game_under_other_rules() -> None:
    rules = Rules(min_line=3, collect_on_reconnect=False, hand_size=3, first_player=1)
    game = play_game([GreedyPlayer(), GreedyPlayer()], seed=8, rules=rules)[0]
    rev = quick(game, simulations=8)
    assert rev.finished and len(rev.moves) == len(placements(game))
    assert rev.moves[0].seat == 1
    assert rev.moves[-1].options >= 1


def test_owed_draws_are_replayed_but_are_not_moves() -> None:
    game = Game(players=3, seed=9, rules=Rules(auto_draw=False))
    rng = random.Random(9)
    for k in range(9):
        game.play(game.random_move(rng))
        owing = [s for s in range(3) if game.may_draw(s) and s != game.current_player]
        if k % 2 and owing:
            game.draw(owing[0])  # an owed draw, taken during another seat's turn
    assert sum(isinstance(a, Draw) for a in game.history) >= 3
    rev = quick(game, simulations=12)
    assert [m.played for m in rev.moves] == [p.move for p in placements(game)]
    assert len(rev.moves) == 9


def test_moves_taken_back_with_undo_are_not_reviewed() -> None:
    game = Game(players=2, seed=10)
    first = game.legal_moves()[0]
    game.play(first)
    taken_back = game.legal_moves()[-1]
    game.play(taken_back)
    game.undo()
    kept = game.legal_moves()[0]
    assert kept != taken_back
    game.play(kept)
    rev = quick(game)
    assert [m.played for m in rev.moves] == [first, kept]


def test_a_game_with_cards_given_out_of_pile_order_is_refused() -> None:
    game = Game(players=2, seed=11)
    game.push(game.legal_moves()[0], draw=False)
    assert game.pile[-1] != game.pile[0]
    game.give(0, game.pile[-1])  # the bottom card of the pile, not the top one
    with pytest.raises(ValueError, match="cannot be replayed"):
        quick(game)


def test_the_same_review_whatever_runs_it() -> None:
    game = Game(players=3, seed=12)
    rng = random.Random(12)
    for _ in range(8):
        game.play_random(rng)
    here = quick(game, simulations=16, seed=5)
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = quick(game, simulations=16, seed=5, executor=pool)
    assert here == there
    assert quick(game, simulations=16, seed=5, executor="auto") == here  # a pool of its own
    assert here != quick(game, simulations=16, seed=6)


def test_a_progress_bar_and_the_default_executor(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(players=2, seed=13)
    game.play_random(random.Random(0))
    rev = review(game, ExpertPlayer(simulations=10), progress=True)  # "auto": one move, here
    assert len(rev.moves) == 1
    assert "moves" in capsys.readouterr().err


def test_a_budget_in_seconds_or_another_analyst_is_refused() -> None:
    game = Game(players=2, seed=14)
    with pytest.raises(ValueError, match="simulations=N"):
        review(game, ExpertPlayer(seconds=0.1), executor=None, progress=False)
    with pytest.raises(ValueError, match="simulations=N"):
        review(game, ExpertPlayer(), executor=None, progress=False)
    with pytest.raises(TypeError, match="ExpertPlayer"):
        review(game, GreedyPlayer(), executor=None, progress=False)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Game"):
        review(game.view(0), executor=None, progress=False)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="names"):
        review(game, names=["Ana"], executor=None, progress=False)
    with pytest.raises(TypeError, match="executor"):
        review(game, ExpertPlayer(simulations=5), executor="pool", progress=False)


# ----------------------------------------------------------------------------- labels
def test_labels_follow_the_documented_thresholds() -> None:
    assert 0 < INACCURACY_LOSS < MISTAKE_LOSS < BLUNDER_LOSS < 1
    assert label(0.0, best=True) == BEST
    assert label(0.0) == label(INACCURACY_LOSS - 1e-9) == GOOD
    assert label(INACCURACY_LOSS) == label(MISTAKE_LOSS - 1e-9) == INACCURACY
    assert label(MISTAKE_LOSS) == label(BLUNDER_LOSS - 1e-9) == MISTAKE
    assert label(BLUNDER_LOSS) == label(1.0) == BLUNDER


def test_labels_grow_worse_with_the_loss() -> None:
    losses = [k / 1000 for k in range(1001)]
    ranks = [LABELS.index(label(x)) for x in losses]
    assert ranks == sorted(ranks)
    game = play_game([GreedyPlayer(), GreedyPlayer()], seed=15)[0]
    moves = sorted(quick(game, simulations=10).moves, key=lambda m: m.loss)
    for a, b in zip(moves, moves[1:], strict=False):
        if a.loss < b.loss:
            assert LABELS.index(a.label) <= LABELS.index(b.label) or a.label == BEST
        assert (a.label == BEST) == (a.played == a.best) and a.loss >= 0


def test_a_move_as_good_as_the_best_is_good_and_the_best_move_is_best() -> None:
    assert move(0.0).label == GOOD  # another move was preferred, at the same chance
    assert move(0.0, best=True).label == BEST
    assert move(INACCURACY_LOSS / 2).label == GOOD


# ----------------------------------------------------------------------------- the table
def sample_review(names: tuple[str, ...] = ("Ana", "Ben")) -> Review:
    moves = (
        move(0.0, ply=0, seat=0, best=True),
        move(MISTAKE_LOSS + 0.01, ply=1, seat=1),
        move(BLUNDER_LOSS + 0.01, ply=2, seat=0),
        move(INACCURACY_LOSS + 0.01, ply=3, seat=1),
        move(BLUNDER_LOSS + 0.01, ply=4, seat=1),
        move(INACCURACY_LOSS / 2, ply=5, seat=0),
    )
    return Review(moves=moves, players=2, names=names, finished=False, seed=0, simulations=30)


def test_mistakes_are_listed_worst_first_and_filtered() -> None:
    rev = sample_review()
    assert [m.ply for m in rev.mistakes()] == [2, 4, 1]
    assert [m.ply for m in rev.mistakes(seat=1)] == [4, 1]
    assert [m.ply for m in rev.mistakes(at_least=BLUNDER)] == [2, 4]
    assert [m.ply for m in rev.mistakes(at_least=INACCURACY)] == [2, 4, 1, 3]
    assert [m.ply for m in rev.mistakes(seat=0, at_least=GOOD)] == [2, 5]
    assert len(rev.mistakes(at_least=BEST)) == 6
    with pytest.raises(ValueError, match="at_least"):
        rev.mistakes(at_least="terrible")
    with pytest.raises(ValueError, match="seat"):
        rev.mistakes(seat=2)
    assert rev.counts(0) == {BEST: 1, GOOD: 1, INACCURACY: 0, MISTAKE: 0, BLUNDER: 1}


def test_a_move_is_described_in_one_line() -> None:
    m = MoveReview(
        ply=3,
        seat=0,
        played=Move(12, (0, 2)),
        best=Move(10, (1, -1)),
        chance_played=0.41,
        chance_best=0.63,
        chances=(0.41, 0.59),
        options=20,
        hindsight_best=Move(10, (1, -1)),
        hindsight_chance_played=0.3,
        hindsight_chance_best=0.7,
    )
    assert m.describe(["Ana", "Ben"]) == (
        "Ana played Mumbo at (0, 2): 41 % -> best was Kazoo at (1, -1): 63 % (blunder)"
    )
    assert m.describe() == (
        "Seat 0 played Mumbo at (0, 2): 41 % -> best was Kazoo at (1, -1): 63 % (blunder)"
    )
    same = replace(m, best=m.played, chance_best=0.41)
    assert same.describe(["Ana", "Ben"]) == "Ana played Mumbo at (0, 2): 41 % (best)"
    only = replace(same, options=1)
    assert only.describe(["Ana", "Ben"]) == "Ana played Mumbo at (0, 2): 41 % (the only move)"
    assert "Mumbo at (0, 2)" in repr(m)


def test_the_html_table_escapes_everything() -> None:
    rev = sample_review(names=("<script>alert(1)</script>", "Ben & Co"))
    page = rev._repr_html_()
    assert "<script>" not in page
    assert html.escape("<script>alert(1)</script>") in page
    assert "Ben &amp; Co" in page
    assert page.count("<tr") == 1 + len(rev.moves)
    assert "blunder" in page and "Doozy at (0, 1)" in page
    text = repr(rev)
    assert "Review of 6 moves" in text and "Worst moves:" in text
    assert "move 3: <script>alert(1)</script> played" in text


def test_the_graph_has_one_line_per_seat() -> None:
    import matplotlib.pyplot as plt

    game = Game(players=3, seed=16)
    rng = random.Random(16)
    for _ in range(7):
        game.play_random(rng)
    rev = quick(game, simulations=10, names=["Ana", "Ben", "Cy"])
    ax = rev.plot()
    assert len(ax.lines) == 3
    assert [line.get_label() for line in ax.lines] == ["Ana", "Ben", "Cy"]
    for s, line in enumerate(ax.lines):
        assert list(line.get_ydata()) == [m.chances[s] for m in rev.moves]
    plt.close("all")
    fig, given = plt.subplots()
    assert sample_review().plot(given) is given
    assert len(given.collections) == 2  # the mistakes and the blunders are marked
    plt.close(fig)
