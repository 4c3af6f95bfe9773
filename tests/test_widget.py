"""The widget, headless: every interaction goes in as a canvas event, as from a browser.

What the events mean is tested once, on the session (tests/test_session.py,
tests/test_touch.py); the tests here check what only the widget does: that events, buttons and
timers reach the session, and that the canvas, the status line, the move log and the buttons
show what it says.

Events are delivered by :mod:`widget_events` (through :mod:`dweebies_widget.widget.compat`,
the one module that touches ipycanvas internals); each test checks the game itself (history,
state) and what the player is told (status line, picture data).
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from widget_events import (
    click,
    click_cell,
    click_hand,
    drag,
    hover,
    key,
    measure,
    recording,
    send,
    tap,
    tap_cell,
    tap_hand,
    touch,
    wait_until,
    wheel,
)

from dweebies_widget import DweebiesWidget, Game, Move, Placement, Rules
from dweebies_widget.ai import CautiousPlayer, GreedyPlayer, RandomPlayer
from dweebies_widget.cards import DECK_SIZE, NAMES
from dweebies_widget.widget.companion import fit_size
from dweebies_widget.widget.geometry import MIN_TAP, Geometry
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.scene import Scene, SeatInfo
from dweebies_widget.widget.session import Change


def vs_greedy(**kw: object) -> DweebiesWidget:
    kw.setdefault("ai_delay", 0)
    kw.setdefault("flash", 0)
    return DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, **kw)  # type: ignore[arg-type]


def total_cards(game: Game) -> int:
    return (
        len(game.board)
        + sum(len(h) for h in game.hands)
        + game.pile_size
        + sum(game.scores)
        + len(game.out_of_play)
    )


def state_of(w: DweebiesWidget) -> dict[str, object]:
    return w.game.state()


# ---------------------------------------------------------------------------- set-up
def test_seats_are_names_or_players() -> None:
    w = DweebiesWidget(seats=["Ana", GreedyPlayer(), "Ben"], seed=1, ai_delay=0)
    assert w.labels == ("Ana", "Greedy", "Ben")
    assert w.players[0] is None and w.players[2] is None
    assert w.game.players == 3


def test_default_is_you_against_the_expert() -> None:
    w = DweebiesWidget(ai_delay=0)
    assert w.labels[0] == "You" and w.labels[1].startswith("Expert")


def test_same_ai_twice_gets_seat_numbers() -> None:
    w = DweebiesWidget(seats=[GreedyPlayer(), GreedyPlayer()], ai_delay=0)
    assert w.labels == ("Greedy 1", "Greedy 2")


def test_a_plain_function_can_be_a_seat() -> None:
    def first(view, rng):  # type: ignore[no-untyped-def]
        return view.legal_moves()[0]

    w = DweebiesWidget(seats=["Ana", first], seed=3, ai_delay=0, flash=0)
    click_hand(w, 0)
    click_cell(w, (0, 0))
    assert len(w.game.history) == 2 and w.labels[1] == "first"


def test_rules_pass_through() -> None:
    w = DweebiesWidget(seats=["Ana", "Ben"], rules=Rules(min_line=3, auto_draw=False))
    assert w.game.rules.min_line == 3 and not w.game.rules.auto_draw


def test_adopts_an_existing_game() -> None:
    game = Game(3, seed=11)
    game.play_random(random.Random(0))
    w = DweebiesWidget(game=game, ai_delay=0)
    assert w.game is game
    assert w.labels == ("Player 1", "Player 2", "Player 3")
    assert "game=<adopted>" in repr(w) and "seed=" not in repr(w)
    assert w.viewer == game.current_player


@pytest.mark.parametrize("seats", [["Ana"], ["a", "b", "c", "d", "e", "f", "g"]])
def test_two_to_six_seats(seats: list[str]) -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        DweebiesWidget(seats=seats)


def test_seats_must_match_an_adopted_game() -> None:
    with pytest.raises(ValueError, match="3 seats but 2"):
        DweebiesWidget(seats=["Ana", "Ben"], game=Game(3, seed=1))


def test_rules_core_does_not_import_the_widget_libraries() -> None:
    code = (
        "import sys, dweebies_widget, dweebies_widget.ai, dweebies_widget.svg;"
        "print(any(m.split('.')[0] in ('ipywidgets', 'ipycanvas') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ---------------------------------------------------------------------------- picking, placing
def test_click_on_a_lit_cell_plays_and_the_ai_answers_at_once() -> None:
    w = vs_greedy()
    dweebie = w.game.hand(0)[0]
    click_hand(w, 0)
    click_cell(w, (0, 0))
    first, reply = w.game.history
    assert first.move == Move(dweebie, (0, 0)) and first.seat == 0
    assert reply.seat == 1
    assert w.game.current_player == 0
    assert f"Ana placed {NAMES[dweebie]}" in w.move_log.value
    assert "Greedy placed" in w.move_log.value
    assert w.session.scene.last == reply.move.cell


def test_click_on_a_cell_without_a_picked_card_asks_for_a_card() -> None:
    w = vs_greedy()
    before = state_of(w)
    click_cell(w, (0, 0))
    assert "Pick a card" in w.message and state_of(w) == before


def test_click_on_an_occupied_cell_is_refused_with_the_rule() -> None:
    w = vs_greedy()
    click_hand(w, 0)
    click_cell(w, (0, 0))
    occupied = w.game.history[-1].move.cell
    before = state_of(w)
    click_hand(w, 0)
    click_cell(w, occupied)
    assert state_of(w) == before
    assert w.message.startswith("That cell already holds a card")
    assert w.session.detail.startswith("Rules section 5")  # the rule, for who wants it
    assert w.status_text().endswith(f"{w.message}\n{w.session.detail}")
    detail = w.session.detail
    assert w.status.value.endswith(  # shown quieter (grey: the dweebies-detail class)
        f'<div class="dweebies-line dweebies-detail" title="{detail}">{detail}</div>'
    )


def test_click_on_a_cell_not_touching_the_table_is_refused() -> None:
    w = vs_greedy()
    click_hand(w, 0)
    click_cell(w, (0, 0))
    before = state_of(w)
    (r0, c0), (r1, c1) = w.geometry.visible_cells()
    far = next(
        (r, c)
        for r in range(r0, r1 + 1)
        for c in range(c0, c1 + 1)
        if w.geometry.visible((r, c)) and all(abs(r - a) + abs(c - b) > 1 for a, b in w.game.board)
    )
    click_hand(w, 0)
    click_cell(w, far)
    assert state_of(w) == before
    assert w.message.startswith("That cell doesn't touch a card") and "lit cell" in w.message
    assert w.session.detail.startswith("Rules section 5")
    scene = w.session.scene  # the board points at the lit cells instead of listing them
    assert scene.refused == far and scene.pulse == "lit" and scene.lit


def test_click_off_the_shortest_link_of_a_split_table_is_refused() -> None:
    game = Game.from_position({(0, 0): 1, (0, 2): 2}, hands=[[3, 4], [5, 6]], pile=[7, 8])
    w = DweebiesWidget(seats=["Ana", RandomPlayer()], game=game, ai_delay=0, flash=0)
    assert "Split into 2 groups (bridge cost 1)" in w.status_text()
    before = state_of(w)
    click_hand(w, 0)
    click_cell(w, (1, 0))
    assert state_of(w) == before
    assert "split" in w.message and "shortest bridge" in w.message
    assert w.session.detail == "Rules section 5 (split grid)"
    assert w.session.scene.lit == {(0, 1)}  # the one cell that rejoins, lit
    click_cell(w, (0, 1))
    assert w.game.history[0].move == Move(3, (0, 1))


def test_clicks_outside_the_table_change_nothing() -> None:
    w = vs_greedy()
    before = state_of(w)
    g = w.geometry
    for x, y in [(-5, -5), (5, 5), (g.width + 10, g.height / 2), (3, g.height - 3), (10, 2)]:
        click(w, x, y)
        assert state_of(w) == before
    assert "Click a card" in w.message
    assert not w.errors


def test_double_click_on_a_lit_cell_places_one_card() -> None:
    w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=5, flash=0)
    click_hand(w, 0)
    x, y = w.geometry.cell_center((0, 0))
    send(w, "mouse_down", x=x, y=y)
    send(w, "mouse_down", x=x, y=y)
    assert len(w.game.history) == 1
    assert "Please wait" in w.message
    w.refresh()


def test_clicks_while_the_ai_is_moving_are_refused_until_it_has_moved() -> None:
    w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0.3, flash=0)
    click_hand(w, 0)
    click_cell(w, (0, 0))
    assert w.thinking and w.game.current_player == 1
    before = state_of(w)
    click_hand(w, 0)
    click_cell(w, (0, 1))
    assert state_of(w) == before
    assert "Please wait: Greedy is thinking" in w.message
    assert "Greedy is thinking" in w.status_text()
    assert wait_until(lambda: len(w.game.history) == 2)
    assert not w.thinking and w.game.current_player == 0 and not w.errors


def test_zoom_buttons_wheel_and_keys() -> None:
    w = vs_greedy()
    size = w.geometry.cell_size[0]
    wheel(w, -100)
    assert w.zoom_level > 1 and w.geometry.cell_size[0] > size
    key(w, "0")
    assert w.zoom_level == 1 and w.geometry.cell_size[0] == size
    w.buttons.zoom_out.click()
    assert w.zoom_level == 1  # never zoomed out past Fit
    w.buttons.zoom_in.click()
    assert w.zoom_level > 1
    w.buttons.zoom_out.click()
    assert w.zoom_level == 1
    for _ in range(20):
        key(w, "+")
    assert w.zoom_level == 3.0


def test_resize_refits_the_table() -> None:
    w = vs_greedy()
    for _ in range(6):
        click_hand(w, 0)
        click_cell(w, sorted(w.game.legal_cells())[0])
    w.resize(500, 420)  # CSS pixels: the backing store has twice as many
    assert w.display_size == (500, 420) and w.canvas.layout.width == "500px"
    assert (w.canvas.width, w.canvas.height) == (1000, 840)
    g = w.geometry
    assert g.width == 1000 and g.visible(w.game.history[-1].move.cell)
    shown = [c for c in w.game.board if g.visible(c)]
    assert len(shown) >= 2 and g.cell_size[0] / g.ratio >= MIN_TAP
    for cell in shown:
        assert g.cell_at(*g.cell_center(cell)) == cell


def test_table_grows_fitted_until_cells_would_be_too_small_to_tap() -> None:
    w = DweebiesWidget(seats=[RandomPlayer(), RandomPlayer()], seed=4, ai_delay=0, flash=0)
    fitted = 0
    for _ in range(30):
        w.step()
        g = w.geometry
        last = w.game.last_move
        assert last is not None and g.visible(last.cell)  # the view follows the play
        if all(g.visible(c) for c in w.game.board):
            fitted += 1
        else:  # part of the table is shown, at cells a finger can hit; the rest pans
            assert g.cell_size[0] / g.ratio == pytest.approx(MIN_TAP)
    assert fitted >= 10


# ---------------------------------------------------------------------------- seats
def test_ai_only_games_step_play_and_pause() -> None:
    w = DweebiesWidget(seats=[GreedyPlayer(), CautiousPlayer()], seed=9, ai_delay=0, flash=0)
    assert not w.game.history and "press Step or Play" in w.status_text()
    click(w, *w.geometry.cell_center((0, 0)))
    assert "press Step or Play" in w.message and not w.game.history
    w.buttons.step.click()
    assert len(w.game.history) == 1
    w.buttons.play.value = True
    assert wait_until(lambda: w.game.is_over and not w.buttons.play.value, 30)
    assert w.buttons.play.value is False and not w.errors
    assert w.game.winners and "Game over" in w.move_log.value


def test_an_illegal_ai_move_is_reported_not_raised() -> None:
    def cheat(view, rng):  # type: ignore[no-untyped-def]
        return Move(view.hand[0], (5, 5))

    w = DweebiesWidget(seats=["Ana", cheat], seed=3, ai_delay=0, flash=0)
    click_hand(w, 0)
    click_cell(w, (0, 0))
    assert len(w.game.history) == 2 and w.game.current_player == 0  # play goes on
    assert "cheat chose an illegal move" in w.message
    assert "A random legal move was played instead" in w.message and not w.errors


def test_an_ai_that_raises_does_not_stop_the_game() -> None:
    def broken(view, rng):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("oops")

    w = DweebiesWidget(seats=["Ana", broken], seed=3, ai_delay=0, flash=0)
    click_hand(w, 0)
    click_cell(w, (0, 0))
    assert len(w.game.history) == 2 and w.game.current_player == 0
    assert "broken failed: ZeroDivisionError('oops')" in w.message and not w.errors


# ---------------------------------------------------------------------------- buttons
def test_undo_goes_back_to_the_humans_previous_turn() -> None:
    w = vs_greedy()
    start = state_of(w)
    click_hand(w, 0)
    click_cell(w, (0, 0))
    middle = state_of(w)
    click_hand(w, 0)
    click_cell(w, sorted(w.game.legal_cells())[0])
    assert len(w.game.history) == 4
    w.buttons.undo.click()
    assert state_of(w) == middle and w.game.current_player == 0
    w.buttons.undo.click()
    assert state_of(w) == start
    w.undo()
    assert "Nothing to undo" in w.message and state_of(w) == start


def test_hint_picks_the_card_and_marks_the_cell_and_heat_map_covers_the_lit_cells() -> None:
    w = DweebiesWidget(
        seats=["Ana", GreedyPlayer()],
        seed=7,
        ai_delay=0,
        flash=0,
        hint_player=CautiousPlayer(),
    )
    click_hand(w, 0)
    click_cell(w, (0, 0))
    move = w.hint()
    assert move is not None and w.game.is_legal(move)
    assert w.selected == w.game.hand(0).index(move.dweebie)
    scene = w.session.scene
    assert scene.hint == (w.selected, move.cell)
    assert f"at {move.cell}" in w.message
    w.buttons.heat.value = True
    scene = w.session.scene
    assert set(scene.heat) == set(w.game.legal_cells())
    assert all(0 <= v <= 1 for v in scene.heat.values())


def test_hint_is_refused_when_it_is_not_your_turn() -> None:
    w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=5, flash=0)
    click_hand(w, 0)
    click_cell(w, (0, 0))
    assert w.hint() is None and "Please wait" in w.message
    w.refresh()


def test_draw_button_takes_an_owed_draw() -> None:
    w = DweebiesWidget(
        seats=["Ana", GreedyPlayer()], seed=7, rules=Rules(auto_draw=False), ai_delay=0, flash=0
    )
    assert w.buttons.draw in w.buttons.box.children
    assert w.buttons.draw.disabled
    click_hand(w, 0)
    click_cell(w, (0, 0))
    assert w.game.owed_draws(0) == 1 and w.game.owed_draws(1) == 0  # the AI never forgets
    assert "Ana owes 1 draw" in w.status_text()
    assert not w.buttons.draw.disabled
    hand = len(w.game.hand(0))
    w.buttons.draw.click()
    assert w.game.owed_draws(0) == 0 and len(w.game.hand(0)) == hand + 1
    w.buttons.draw.click()
    assert "owes no draw" in w.message


def test_new_game_deals_from_the_seed_box() -> None:
    w = vs_greedy()
    click_hand(w, 0)
    click_cell(w, (0, 0))
    w.buttons.seed.value = 42
    w.buttons.new.click()
    assert not w.game.history and w.game == Game(2, seed=42)
    assert w.buttons.seed.value == 43 and "seed 42" in w.message


def test_a_collection_flashes_before_it_leaves() -> None:
    game = Game.from_position({(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6]], pile=[7, 8])
    w = DweebiesWidget(seats=["Ana", "Ben"], game=game, ai_delay=0, flash=0.2)
    click_hand(w, 1)
    click_cell(w, (0, 2))
    assert w.game.scores[0] == 3
    scene = w.session.scene
    assert scene.flash == (((0, 0), 20), ((0, 1), 9), ((0, 2), 20))
    assert wait_until(lambda: not w.session.scene.flash)


def test_refresh_picks_up_a_change_made_from_a_cell() -> None:
    w = vs_greedy()
    w.game.play(w.game.hand(0)[0], (0, 0))
    w.refresh()
    assert len(w.game.history) == 2  # the AI answered
    assert "Greedy placed" in w.move_log.value
    other = Game(2, seed=99)
    w.game = other
    assert w.game is other and not w.game.history


def test_split_status_line() -> None:
    game = Game.from_position(
        {(0, 0): 1, (0, 4): 2, (4, 0): 3}, hands=[[5], [6]], pile=[7], current_player=0
    )
    w = DweebiesWidget(seats=["Ana", "Ben"], game=game)
    cost = game.bridge_cost
    assert (
        f"Split into 3 groups (bridge cost {cost}): "
        "only the card that joins them may collect." in w.status_text()
    )
    strict = Game.from_position(
        {(0, 0): 1, (0, 4): 2, (4, 0): 3}, hands=[[5], [6]], pile=[7], current_player=0,
        rules=Rules(collect_on_reconnect=False),
    )  # fmt: skip
    said = DweebiesWidget(seats=["Ana", "Ben"], game=strict).status_text()
    assert f"(bridge cost {cost}): nobody may collect until they are joined." in said
    click_hand(w, 0)
    scene = w.session.scene
    assert scene.link and scene.lit == frozenset(game.legal_cells())
    assert scene.links == game.link_cells and scene.lit < scene.links
    assert len(scene.groups) == 3


# ---------------------------------------------------------------------------- drawing
def test_each_redraw_is_one_message() -> None:
    w = vs_greedy()
    with recording() as sent:
        w.refresh()
        click_hand(w, 0)
    assert len(sent.messages) == 2
    names = sent.names(0)
    assert names[0] == "switchCanvas" and "fillText" in names


def test_client_ready_redraws_for_a_new_view() -> None:
    w = vs_greedy()
    w.refresh()  # the manager now remembers this canvas as the one it draws on
    with recording(forget=False) as sent:
        send(w, "client_ready")
    assert len(sent.messages) == 1 and sent.names(0)[0] == "switchCanvas"


def test_every_dweebie_is_painted_with_its_look() -> None:
    board = {(i // 9, i % 9): i for i in range(27)}
    scene = Scene(board=board, seats=[SeatInfo("A", 0, 5), SeatInfo("B", 0, 5)], current=0)
    g = Geometry.fit(900, 720, board, 0)
    pen = Pen()
    paint(pen, g, scene)
    texts = [args[0] for name, args in pen.ops if name == "fill_text"]
    for d in range(27):
        assert NAMES[d] in texts
    fills = {args[1] for name, args in pen.ops if name == "=" and args[0] == "fill_style"}
    from dweebies_widget.cards import LOOKS

    assert {look.colour for look in LOOKS} <= fills


@given(
    st.lists(st.tuples(st.integers(-30, 30), st.integers(-30, 30)), min_size=1, max_size=40),
    st.integers(300, 1400),
    st.integers(380, 1000),
    st.integers(0, 6),
)
def test_geometry_round_trips_and_fits(
    cells: list[tuple[int, int]], width: int, height: int, hand: int
) -> None:
    g = Geometry.fit(width, height, cells, hand)
    for cell in cells:
        assert g.visible(cell)
        assert g.cell_at(*g.cell_center(cell)) == cell
    for i in range(hand):
        assert g.hand_at(*g.hand_center(i)) == i
        x, _, w, _ = g.hand_box(i)
        assert x >= 0 and x + w <= width
    assert g.cell_at(width / 2, 1) is None


# ---------------------------------------------------------------------------- wiring fuzz
def test_fuzz_canvas_events_and_buttons_reach_the_session_and_never_raise() -> None:
    """A short fuzz of the wiring: every kind of canvas event and every button, through
    ipywidgets.  What the events mean is fuzzed on the session (tests/test_touch.py)."""
    seed = 1
    rng = random.Random(seed)
    seats: list[object] = ["Ana", "Ben", RandomPlayer()]
    rules = Rules(auto_draw=False)
    w = DweebiesWidget(
        seats=seats, seed=seed, rules=rules, ai_delay=0, flash=0, hint_player=GreedyPlayer()
    )
    keys = ["1", "2", "3", "5", "9", "Enter", " ", "Escape", "+", "-", "0", "x"]
    keys += list(("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"))
    placed = 0
    touches = ["touch_start", "touch_move", "touch_end", "touch_cancel"]
    for _ in range(250):
        moves = len(w.game.history)
        roll = rng.random()
        g = w.geometry
        if roll < 0.25 and w.game.legal_cells():
            cell = rng.choice(sorted(w.game.legal_cells()))
            how = rng.random()
            if how < 0.6:
                click_cell(w, cell)
            else:
                tap_cell(w, cell) if how < 0.85 else hover(w, cell)
        elif roll < 0.42:
            tap_hand(w, rng.randrange(6)) if rng.random() < 0.4 else click_hand(w, rng.randrange(6))
        elif roll < 0.52:
            x, y = rng.uniform(-20, g.width + 20), rng.uniform(-20, g.height + 20)
            send(w, rng.choice(["mouse_down", "mouse_move", "mouse_up", "mouse_out"]), x=x, y=y)
        elif roll < 0.64:
            fingers = [
                (rng.uniform(-20, g.width + 20), rng.uniform(-20, g.height + 20))
                for _ in range(rng.choice([0, 1, 1, 1, 2]))
            ]
            touch(w, rng.choice(touches), *fingers)
        elif roll < 0.78:
            key(w, rng.choice(keys))
        elif roll < 0.83:
            wheel(w, rng.choice([-120, 120]))
        else:
            shown = [w.buttons.undo, w.buttons.hint, w.buttons.draw, w.buttons.zoom_fit,
                     w.refresh, w.buttons.labels, w.buttons.heat]  # fmt: skip
            button = rng.choice([b for b in shown if b is not None])  # Draw: auto_draw off
            if button is w.buttons.hint and rng.random() < 0.8:
                continue  # hints think; keep the fuzz quick
            if button in (w.buttons.labels, w.buttons.heat):
                button.value = not button.value
            else:
                button() if button == w.refresh else button.click()
            if rng.random() < 0.02:
                w.buttons.new.click()
        assert total_cards(w.game) == DECK_SIZE
        assert not w.errors, w.errors[0]
        placed += len(w.game.history) > moves
    assert Game.from_json(w.game.to_json()) == w.game
    assert placed > 5


def test_an_ai_only_game_shows_the_hand_of_the_ai_to_move() -> None:
    w = DweebiesWidget(seats=[GreedyPlayer(), CautiousPlayer()], seed=9, ai_delay=0, flash=0)
    w.step()
    scene = w.session.scene
    assert list(scene.hand) == list(w.game.hand(1))
    assert scene.hand_owner == "Cautious"
    click_hand(w, 0)
    assert "press Step or Play" in w.message and w.selected is None


def test_rules_and_game_together_must_agree() -> None:
    with pytest.raises(ValueError, match="not both"):
        DweebiesWidget(seats=["Ana", "Ben"], game=Game(2, seed=1), rules=Rules(min_line=3))


# ---------------------------------------------------------------------------- hand-over and state
def hot_seat() -> DweebiesWidget:
    w = DweebiesWidget(seats=["Ana", "Ben"], seed=5, ai_delay=0, flash=0)
    click_hand(w, 0)
    click_cell(w, (0, 0))
    return w


def test_refresh_after_an_undo_from_a_cell_hands_over_to_the_mover() -> None:
    w = hot_seat()
    click(w, 1, 100)  # Ben lifts the curtain
    assert w.viewer == 1
    w.game.undo()
    w.refresh()
    assert w.session.scene.curtain == "Pass to Ana \u2014 click when ready"
    click(w, 1, 100)
    assert w.viewer == 0 and list(w.session.scene.hand) == list(w.game.hand(0))


def test_nothing_can_be_picked_placed_or_hinted_behind_the_curtain() -> None:
    w = hot_seat()
    before = state_of(w)
    w.select(0)
    assert w.selected is None and "Pass to Ben" in w.message
    assert w.hint() is None and w.place((0, 1)) is None
    assert state_of(w) == before and not w.errors


def test_hot_seat_undo_does_not_show_the_previous_hand() -> None:
    w = hot_seat()
    click(w, 1, 100)  # Ben lifts the curtain, then takes Ana's move back
    w.buttons.undo.click()
    assert w.game.current_player == 0 and not w.game.history
    assert w.session.scene.curtain is not None
    assert "Pass to Ana" in w.status_text()


def test_hint_after_the_game_was_replaced() -> None:
    w = DweebiesWidget(
        seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0, hint_player=GreedyPlayer()
    )
    assert w.hint() is not None
    w.game = Game(2, seed=12)
    move = w.hint()
    assert move is not None and move.dweebie in w.game.hand(0) and not w.errors


def test_a_draw_keeps_the_picked_card_picked() -> None:
    w = DweebiesWidget(seats=["Ana", "Ben"], seed=7, rules=Rules(auto_draw=False), flash=0)
    for _ in range(3):  # Ana and Ben play without drawing
        click_hand(w, 0)
        click_cell(w, sorted(w.game.legal_cells())[0])
        click(w, 1, 100)
    seat = w.viewer
    assert seat is not None and w.game.owed_draws(seat)
    for index in range(len(w.game.hand(seat))):
        picked = w.session.hand()[index]  # the hand as the screen shows it
        w.select(index)
        w.draw_owed()
        assert w.session.hand()[w.selected or 0] == picked and w.selected is not None
        if not w.game.owed_draws(seat):
            break
        w.select(None)


def test_only_ascii_digits_pick_cards() -> None:
    w = vs_greedy()
    key(w, "\u00b2")  # superscript two: a digit to str.isdigit, not a card number
    assert w.selected is None and not w.errors


def test_undo_in_an_ai_only_game_takes_back_a_placement() -> None:
    w = DweebiesWidget(
        seats=[GreedyPlayer(), GreedyPlayer()], seed=3, rules=Rules(auto_draw=False), flash=0
    )
    for _ in range(3):
        w.step()
    placements = [a for a in w.game.history if isinstance(a, Placement)]
    w.undo()
    assert [a for a in w.game.history if isinstance(a, Placement)] == placements[:-1]


def test_a_failing_handler_is_shown_and_recorded_not_raised() -> None:
    class BrokenHelper(GreedyPlayer):
        def analyze(self, view):  # type: ignore[no-untyped-def]
            raise RuntimeError("no idea")

    w = vs_greedy(hint_player=BrokenHelper())
    w.buttons.hint.click()
    assert len(w.errors) == 1 and "RuntimeError: no idea" in w.errors[0]
    assert w.message == "Something went wrong: RuntimeError('no idea')"
    assert "Something went wrong" in w.status.value
    click_hand(w, 0)  # the widget goes on working
    assert w.selected == 0


# ---------------------------------------------------------------------------- touch
def test_touch_events_reach_the_session() -> None:
    """The wiring of touch events; what taps, drags and pinches mean is tested on the
    session (tests/test_touch.py)."""
    w = vs_greedy()
    tap_hand(w, 2)
    assert w.selected == 2
    assert w.session.scene.lit == frozenset(w.game.legal_cells())
    assert NAMES[w.game.hand(0)[2]] in w.status_text()
    tap_hand(w, 2)
    assert w.selected is None and not w.session.scene.lit


def test_a_drag_on_the_table_moves_the_view_by_finger_and_by_mouse() -> None:
    row = Game.from_position(  # a row of 25 cards: too wide to show at a size to tap
        {(0, c): c for c in range(25)}, hands=[[25, 26], [25, 26]], pile=[18, 19, 20, 21]
    )
    w = DweebiesWidget(seats=["Ana", GreedyPlayer()], game=row, ai_delay=0, flash=0)
    g = w.geometry
    x, y = g.cell_center((0, 12))
    size = g.cell_size[0]
    before = g.view_centre
    drag(w, (x, y), (x + size, y), (x + 3 * size, y))
    assert w.geometry.view_centre[1] == pytest.approx(before[1] - 3, abs=0.01)
    x, y = w.geometry.cell_center((1, 12))  # an empty cell: the press does nothing useful
    send(w, "mouse_down", x=x, y=y)
    send(w, "mouse_move", x=x - size, y=y)
    send(w, "mouse_move", x=x - 2 * size, y=y)
    send(w, "mouse_up", x=x - 2 * size, y=y)
    assert w.geometry.view_centre[1] == pytest.approx(before[1] - 1, abs=0.01)
    moved = w.geometry.view_centre
    send(w, "mouse_move", x=x, y=y)  # the button is up: moving only hovers
    assert w.geometry.view_centre == moved
    assert not w.game.history and not w.errors


def test_fingers_still_down_and_a_cancelled_touch_do_not_tap() -> None:
    w = vs_greedy()
    x, y = w.geometry.hand_center(0)
    touch(w, "touch_start", (x, y))
    touch(w, "touch_end", (x + 300, y))  # another finger is still down: not a tap yet
    assert w.selected is None
    touch(w, "touch_start", (x, y))
    touch(w, "touch_cancel")
    touch(w, "touch_end")
    assert w.selected is None and not w.errors
    tap(w, x, y)
    assert w.selected == 0


# ---------------------------------------------------------------------------- the page
def test_the_backing_store_has_pixel_ratio_times_the_displayed_pixels() -> None:
    w = vs_greedy()
    assert w.pixel_ratio == 2 and w.display_size == (900, 720)
    assert (w.canvas.width, w.canvas.height) == (1800, 1440)
    assert w.canvas.layout.width == "900px"
    assert w.geometry.width == 1800 and w.session.size == (1800, 1440)
    sharp = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, pixel_ratio=3, width=400)
    assert (sharp.canvas.width, sharp.canvas.height) == (1200, 3 * 720)
    with pytest.raises(ValueError, match="pixel_ratio"):
        DweebiesWidget(pixel_ratio=0)


def test_the_pages_measures_size_the_canvas() -> None:
    w = vs_greedy()
    measure(w, width=740, view_height=1024, other_height=260, dpr=2)
    assert w.display_size == fit_size(740, 1024, 260) == (740, 756)
    assert (w.canvas.width, w.canvas.height) == (1480, 1512)
    assert w.canvas.layout.width == "740px"
    assert w.geometry.width == 1480 and w.geometry.height == 1512
    for cell in [(0, 0), *w.game.legal_cells()]:
        assert w.geometry.cell_at(*w.geometry.cell_center(cell)) == cell
    measure(w, width=1250, view_height=720, other_height=170)  # a projector: all in view
    assert w.display_size == (1250, 542)
    w.resize(600, 400)  # a fixed size wins over the page's
    measure(w, width=1000)
    assert w.display_size == (600, 400) and w.canvas.width == 1200
    w.resize(None)  # follows the page again
    assert w.display_size == fit_size(1000, 720, 170)
    assert not w.errors


def test_a_resize_is_one_redraw_message() -> None:
    w = vs_greedy()
    with recording() as sent:
        measure(w, width=700, view_height=900, other_height=200)
        measure(w, width=700, view_height=900, other_height=200)  # nothing new: no redraw
    assert len(sent.messages) == 1 and sent.names(0)[0] == "switchCanvas"


def test_each_redraw_is_one_message_at_pixel_ratio_2() -> None:
    w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0, pixel_ratio=2)
    redraws = []
    show = w.session.on_change
    w.session.on_change = lambda change: (redraws.append(change), show(change))
    with recording() as sent:
        tap_hand(w, 0)
        tap_cell(w, (0, 0))
        tap_cell(w, (0, 0))
    assert len(w.game.history) == 2
    pictures = [c for c in redraws if c is Change.PICTURE]
    assert len(pictures) >= 3 and len(sent.messages) == len(pictures)
    assert sent.names(0)[0] == "switchCanvas"
    transform = sent.commands(0)[sent.names(0).index("setTransform")]
    assert transform[1][:4] == [2, 0, 0, 2], "drawn at twice the scale"


def test_the_companion_gets_the_board_in_words_and_each_announcement() -> None:
    w = vs_greedy()
    page = w.companion
    assert page.description == w.session.describe()
    first = page.announcement_id
    tap_hand(w, 0)
    tap_cell(w, (0, 0))
    tap_cell(w, (0, 0))
    assert page.description == w.session.describe()
    assert page.announcement_id == w.session.announcement_id > first
    assert page.announcement == w.session.announcement
    assert "Greedy placed" in page.announcement
    # Words said after an event's last picture reach the page too: a pick, a cursor move.
    tap_hand(w, 0)
    assert page.announcement == w.session.announcement
    assert page.announcement.startswith("Ana: place ")
    key(w, "ArrowUp")
    assert page.announcement == w.session.announcement
    assert page.announcement.startswith("Cursor ")


def test_the_move_log_shows_the_newest_entry_first() -> None:
    w = vs_greedy()
    assert "No moves yet" in w.move_log.value
    click_hand(w, 0)
    click_cell(w, (0, 0))
    log = w.move_log.value
    assert log.index("Greedy placed") < log.index("Ana placed")
    assert log.count("<li>") == 2 and "<li>2. Greedy placed" in log


def test_buttons_are_big_enough_to_tap_and_say_which_game_is_on() -> None:
    w = vs_greedy()
    b = w.buttons
    tappable = [c for c in b.box.children if c.__class__.__name__.endswith("Button")]
    assert len(tappable) >= 8
    for c in tappable:
        assert c.layout.height == "44px" and c.layout.min_width == "44px"
    assert b.seed.layout.height == "44px"
    assert "Game 7" in b.game.value and b.seed.value == 8
    assert b.seed.description == "Next game's seed"
    b.seed.value = 11
    b.new.click()
    assert "Game 11" in b.game.value and b.seed.value == 12 and w.session.seed == 11
    adopted = DweebiesWidget(seats=["Ana", "Ben"], game=Game(2, seed=3))
    assert "Your own game" in adopted.buttons.game.value


def test_the_labels_toggle_shows_the_coordinates_of_the_lit_cells() -> None:
    w = vs_greedy()
    shown = w.session.labels_shown
    assert w.buttons.labels.value == shown
    w.buttons.labels.value = not shown
    assert w.session.labels_shown is not shown
    assert w.session.controls().labels is not shown
    w.buttons.labels.value = shown
    assert w.session.labels_shown == shown


def test_heat_map_without_a_picked_card_says_what_to_do() -> None:
    w = vs_greedy(hint_player=GreedyPlayer())
    w.buttons.heat.value = True
    assert "Pick a card" in w.message and "Heat map" in w.message
    assert w.buttons.heat.value and w.session.heat
