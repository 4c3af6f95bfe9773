"""The end-of-game panel (celebration.py): shown exactly when a game is over, in words from
the viewer's side, with buttons that review, deal again and hide it."""

from __future__ import annotations

import random

from dweebies_widget import Game, Move, Placement
from dweebies_widget.ai import GreedyPlayer, RandomPlayer
from dweebies_widget.widget.app import NO_MOTION, DweebiesWidget
from dweebies_widget.widget.compat import classes_of
from dweebies_widget.widget.remote import Elsewhere, SeatGame
from dweebies_widget.widget.tutorial_app import TutorialWidget


def play_out(w: DweebiesWidget) -> None:
    """The person at this screen places their first card on the first lit cell until the
    game is over (the computer answers at once: ``ai_delay=0``)."""
    while not w.game.is_over:
        assert not w.celebrating
        w.select(0)
        w.place(sorted(w.game.legal_cells())[0])


def press(button: object) -> None:
    button.click()  # type: ignore[attr-defined]


def test_the_panel_appears_exactly_when_the_game_is_over() -> None:
    w = DweebiesWidget(["You", GreedyPlayer()], seed=4, ai_delay=0)
    assert not w.celebrating and w.controls_row.children == (w.buttons.box,)
    play_out(w)
    assert w.celebrating and w.controls_row.children == (w.celebration.box,)
    scores = w.game.scores
    assert w.celebration.title == f"You lost {scores[0]}-{scores[1]}"
    text = w.celebration.text.value
    assert "<h2" in text and f"You lost {scores[0]}-{scores[1]}" in text
    assert "cards are left on the table" in text or "No cards are left" in text


def test_an_ai_game_names_the_winner_and_lists_every_score_best_first() -> None:
    w = DweebiesWidget([GreedyPlayer(), RandomPlayer()], seed=6, ai_delay=0)
    while not w.game.is_over:
        w.step()
    assert w.celebrating
    title, scores, _why = w.celebration.lines()
    winner = w.game.winners[0]
    assert title.startswith(f"{w.labels[winner]} won ")
    assert [s for _n, s, _w in scores] == sorted(w.game.scores, reverse=True)
    assert [won for _n, _s, won in scores] == [True, False]
    assert "(winner)" in w.celebration.text.value  # said in words, not by colour alone


def test_you_win_in_real_english_and_a_tie_names_both() -> None:
    won = Game.from_position({}, hands=[[], []], pile=[], scores=[30, 12])
    w = DweebiesWidget(["You", GreedyPlayer()], game=won)
    assert w.celebrating and w.celebration.title == "You won 30-12"
    tie = Game.from_position({(0, 0): 3}, hands=[[], [], []], pile=[], scores=[20, 9, 20])
    t = DweebiesWidget(["Ana", "Ben", "Cy"], game=tie)
    title, scores, why = t.celebration.lines()
    assert title == "Ana and Cy tied 20-20"
    assert scores == [("Ana", 20, True), ("Cy", 20, True), ("Ben", 9, False)]
    assert why.startswith("1 card is left on the table")


def test_review_this_game_opens_the_review() -> None:
    w = DweebiesWidget(["You", GreedyPlayer()], seed=4, ai_delay=0)
    play_out(w)
    press(w.celebration.review)
    assert w.session.replay is not None
    assert w.controls_row.children == (w.review_bar.box,) and not w.celebrating


def test_new_game_deals_a_new_game_and_hides_the_panel() -> None:
    w = DweebiesWidget(["You", GreedyPlayer()], seed=4, ai_delay=0)
    play_out(w)
    first = w.game.history[0]
    press(w.celebration.new)
    assert not w.game.is_over and w.session.seed == 5  # the seed box's next game
    assert not w.game.history or w.game.history[0] != first
    assert not w.celebrating and w.controls_row.children == (w.buttons.box,)
    assert w.buttons.result.layout.display == "none"


def test_look_at_the_table_hides_it_and_result_shows_it_again() -> None:
    w = DweebiesWidget(["You", GreedyPlayer()], seed=4, ai_delay=0)
    play_out(w)
    press(w.celebration.close)
    assert not w.celebrating and w.controls_row.children == (w.buttons.box,)
    assert w.buttons.result.layout.display is None  # offered while the game is over
    press(w.buttons.result)
    assert w.celebrating


def test_the_live_canvas_leaves_out_the_banner_but_the_scene_keeps_it() -> None:
    w = DweebiesWidget(["You", GreedyPlayer()], seed=4, ai_delay=0)
    play_out(w)
    assert w.session.scene.banner  # the words stay in the scene (and in Game.svg())
    assert "You lost" in w._repr_svg_()


def test_the_guided_game_shows_the_panel_at_its_end() -> None:
    w = TutorialWidget(ai_delay=0)
    w.game = Game.from_position({}, hands=[[], []], pile=[], scores=[25, 20])
    assert w.celebrating and w.celebration.title == "You won 25-20"
    assert w.celebration.new is not None


def test_a_screen_adds_its_own_buttons_before_look_at_the_table() -> None:
    w = DweebiesWidget(["You", GreedyPlayer()], game=Game.from_position(
        {}, hands=[[], []], pile=[], scores=[1, 2]))  # fmt: skip
    left: list[bool] = []
    leave = w.celebration.add_action("Leave seat", "Give up this seat", lambda: left.append(True))
    kids = w.celebration.actions.children
    assert kids[-2] is leave and kids[-1] is w.celebration.close
    press(leave)
    assert left == [True]


def test_animate_false_turns_the_entrance_off() -> None:
    assert NO_MOTION in classes_of(DweebiesWidget(["You", GreedyPlayer()], animate=False))
    assert NO_MOTION not in classes_of(DweebiesWidget(["You", GreedyPlayer()]))


class Table:
    """A classroom table as a seat's source: the game is kept there (nothing is played
    here in this test)."""

    hints = True

    def play(self, move: Move) -> tuple[Placement, Game]:
        raise AssertionError("no move is made at a finished table")

    def draw(self) -> Game:
        raise AssertionError("no draw is taken at a finished table")


def test_a_classroom_seat_offers_review_but_no_new_game() -> None:
    game = Game(2, seed=3)
    rng = random.Random(1)
    while not game.is_over:
        game.play(GreedyPlayer().choose(game.view(game.current_player), rng))
    w = DweebiesWidget(["Ana", Elsewhere("Ben")], game=SeatGame.of(game.view(0)), source=Table())
    assert w.celebrating and w.celebration.new is None
    labels = [b.description for b in w.celebration.actions.children]
    assert labels == ["Review this game", "Look at the table"]
    assert w.celebration.title.startswith("You ")  # Ana is the one person at this screen
    press(w.celebration.review)
    assert w.session.replay is not None
