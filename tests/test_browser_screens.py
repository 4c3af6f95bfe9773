"""Every screen walked in every context: what a student and a teacher see, step by step.

Each screen is a notebook Voila serves (``walk_*.ipynb`` of ``browser_pages.py``), opened in
each context of :data:`~browser_pages.CONTEXTS`: a desktop (1280 x 1100), a touch tablet
(768 x 1024 at 2x), a projector (1280 x 720) and a projector at 150 % browser zoom (853 x
480 CSS pixels at 1.5).  The screens: play against the computer (a pick, a refusal, moves;
presentation mode by its Big toggle), two people at one screen (the hand-over curtain), the
guided game (its guided turns, a refusal in the first and the third), Review of a whole game
(a step, its end, Fit: every card in view, also with "What do they hold?" beside it),
three puzzles of three kinds answered wrong then right, and a question under them answered
wrong then right.  On the projector the game is played on to its end and looked back
over from its end-of-game panel (the result, the scores and its buttons, in view with the
table and the status).  The long walks (every guided turn, every puzzle, presentation mode)
are taken where space is short, on the projector and zoomed; the desktop and the tablet take
their first steps.

At every step the widget's top is scrolled to the top of the window, and then its table,
its status, every control it shows and (but at 150 % zoom, where the screen rule asks only
for the table, the status and the buttons) its newest log line must be in the window, and the
status box keeps one height on each screen (a fixed number of lines); a screenshot of each
step is saved under ``test-output/screens/SCREEN/CONTEXT/`` (``DWEEBIES_SCREENS`` moves it)
for a person to look through.  No page may log a console error, fail a request or ask
another host for anything.  The text sizes of the status, the buttons and the log are
measured on the projector (in play, the guided game, the puzzles and presentation mode) and
printed: at least 16 CSS px for the status and the buttons.  What a walk finds is listed
part by part, how far out and at which steps, when it ends.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from browser_pages import (
    CONTEXTS,
    GUIDED,
    HOT_SEAT,
    PLAY_PARTS,
    PLAYING,
    PUZZLE_PARTS,
    PUZZLES,
    QUESTION_PARTS,
    REVIEWED,
    Server,
    Walk,
    a_move,
    act,
    built,
    canvas_of,
    font_sizes,
    in_step,
    match_size,
    rendered,
    status_text,
    visible_legal,
    wait_for_text,
    walked,
)
from playwright.sync_api import Browser, Locator, Page

from dweebies_widget import DweebiesWidget
from dweebies_widget.ai import ExpertPlayer, review
from dweebies_widget.grid import Cell

ALL = list(CONTEXTS)
SMALL = ["projector", "zoomed"]
"""The contexts where the table, the status and the buttons are hardest to fit."""
MIN_TEXT = 16
"""The smallest status and button text (CSS px) a class reads on a projector."""
SIZES = {"status": ".dweebies-status", "buttons": "button", "log": ".dweebies-log"}


def url(voila: Server, name: str) -> str:
    return f"{voila.url}/voila/render/{name}"


def button(page: Page, label: str) -> Locator:
    """The widget's button that says ``label`` (exactly, once trimmed), or, when it shows
    only an icon, whose tooltip starts with it."""
    buttons = page.locator(".dweebies-widget button")
    said = buttons.filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
    return said if said.count() else page.locator(f'.dweebies-widget button[title^="{label}"]')


def press_button(page: Page, label: str) -> None:
    found = button(page, label)
    assert found.count(), f"no {label!r} button in {buttons(page)}"
    found.first.click()


def buttons(page: Page) -> list[str]:
    """The labels of the buttons the widget shows."""
    return [
        t.strip() for t in page.locator(".dweebies-widget button").all_inner_texts() if t.strip()
    ]


def touch(context: str) -> bool:
    return bool(CONTEXTS[context].get("has_touch"))


def start(page: Page, code: str) -> Any:
    """The page's widget drawn, and its twin made here, sized like it, in the same state."""
    rendered(page, ".dweebies-widget canvas")
    canvas_of(page)
    w = built(code)
    match_size(w, page)
    in_step(page, w)
    return w


def unlit(w: DweebiesWidget) -> Cell:
    """An empty cell the twin's table shows that is not lit (no card may go there), nearest
    the middle."""
    g = w.geometry
    (top, left), (bottom, right) = g.visible_cells()
    legal, board = w.game.legal_cells(), w.game.board
    cells = [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)
             if g.visible((r, c)) and (r, c) not in legal and (r, c) not in board]  # fmt: skip
    assert cells, "the table shows no cell where a card may not go"
    return min(cells, key=lambda c: abs(c[0]) + abs(c[1]))


def pick(page: Page, w: DweebiesWidget, index: int, on_touch: bool) -> None:
    match_size(w, page)
    act(page, w, w.geometry.hand_center(index), on_touch)
    in_step(page, w)


def put(page: Page, w: DweebiesWidget, cell: Cell, on_touch: bool) -> None:
    """Place the picked card on ``cell`` (a tap shows the preview, the second places)."""
    match_size(w, page)
    for _ in range(2 if on_touch and cell in w.game.legal_cells() else 1):
        act(page, w, w.geometry.cell_center(cell), on_touch)
        in_step(page, w)


def refuse(page: Page, w: DweebiesWidget, walk: Walk, on_touch: bool, name: str) -> None:
    """Pick the first card and try a cell that is not lit: refused, with the reason."""
    moves = len(w.game.history)
    if w.selected is None:
        pick(page, w, 0, on_touch)
    before = w.session.status_lines()
    put(page, w, unlit(w), on_touch)
    assert len(w.game.history) == moves and w.session.status_lines() != before
    walk.step(name)


def text_sizes(page: Page, walk: Walk, screen: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Print the smallest text sizes the screen shows (status, buttons, log); the walk
    notes a status or button text under :data:`MIN_TEXT`."""
    found = font_sizes(page, walk.root, list(SIZES.values()))
    named = {name: found.get(selector) for name, selector in SIZES.items()}
    for name in ("status", "buttons"):
        size = named[name]
        if size is None or size < MIN_TEXT:
            walk.note(f"{screen}: {name} text {size} px, under {MIN_TEXT} px")
    line = ", ".join(f"{k} {v:g}px" for k, v in named.items() if v is not None)
    with capsys.disabled():
        print(f"\ntext sizes ({walk.context}): {screen}: {line}")


# ---------------------------------------------------------------------------- play
@pytest.mark.parametrize("context", ALL)
def test_play_against_the_computer(
    browser: Browser, voila: Server, context: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A few moves and a refusal in every context; on the projector the whole game, its end
    banner, then Review of that game, fitted so that every card shows."""
    on_touch = touch(context)
    with walked(browser, url(voila, "walk_play.ipynb"), "play", context) as (page, walk):
        w = start(page, PLAYING)
        walk.step("start")
        pick(page, w, 0, on_touch)
        walk.step("picked")
        refuse(page, w, walk, on_touch, "refused")
        put(page, w, visible_legal(w)[0], on_touch)
        walk.step("placed")
        a_move(page, w, on_touch)
        walk.step("move-2")
        if context not in SMALL:
            return
        if context == "projector":
            text_sizes(page, walk, "play", capsys)
        present(page, w, walk, capsys, lambda: a_move(page, w, on_touch))
        if context != "projector":
            return
        while not w.game.is_over:
            a_move(page, w)
            walk.step(f"move-{len(w.game.history) // 2}")
        assert w.celebrating and "game over" in status_text(page).lower()
        page.locator(".dweebies-widget .dweebies-celebration").wait_for(state="visible")
        canvas_of(page)  # fitted again around the end-of-game panel
        walk.step("end-celebration", parts=[*PLAY_PARTS, ("result", ".dweebies-celebration",
                                                           "one")])  # fmt: skip

        walk.screen = "review-after-play"
        press_button(page, "Review this game")
        judged = review(w.game, ExpertPlayer(simulations=40), names=w.labels, executor=None,
                        progress=False)  # fmt: skip
        w.session.open_replay(review=judged)
        walk.step("review-opened")
        canvas_of(page)
        match_size(w, page)
        in_step(page, w, seconds=60)  # the moves are judged, as the twin's are
        walk.step("review")
        look_at_the_end(page, w, walk)


def present(
    page: Page,
    w: Any,
    walk: Walk,
    capsys: pytest.CaptureFixture[str],
    then: Callable[[], object] | None = None,
) -> None:
    """Big (presentation mode): the screen, what ``then`` does there, the text sizes; then
    Big again (back to the screen as it was)."""
    screen = walk.screen
    walk.screen = f"{screen}-presentation"
    for on in (True, False):
        press_button(page, "Big")
        w.presentation = on
        canvas_of(page)
        match_size(w, page)
        in_step(page, w)
        if on:
            walk.step("big")
            if then is not None:
                then()
                walk.step("big-then")
            if walk.context == "projector":
                text_sizes(page, walk, walk.screen, capsys)
    walk.screen = screen
    walk.step("big-off")


def look_at_the_end(page: Page, w: DweebiesWidget, walk: Walk) -> None:
    """Last, then Fit: the whole table of the game's end, every card on it in view; then
    "What do they hold?" beside it, the table still whole."""
    press_button(page, "Last")
    replay = w.session.replay
    assert replay is not None
    w.session.go_to(replay.steps)
    in_step(page, w)
    walk.step("last")
    press_button(page, "Fit")
    w.session.zoom(None)
    canvas_of(page)
    match_size(w, page)
    in_step(page, w)
    walk.step("fit")
    board = replay.position().board

    def every_card_shown(when: str) -> None:
        hidden = [cell for cell in board if not w.geometry.visible(cell)]
        if hidden:
            walk.note(f"{when}: {len(hidden)} of the {len(board)} cards out of view: {hidden}")

    every_card_shown("Fit")
    press_button(page, "What do they hold?")  # beside the table, which stays whole
    w.session.show_holds(True)
    canvas_of(page)
    match_size(w, page)
    in_step(page, w)
    walk.step("holds")
    every_card_shown("Fit, with What do they hold? open")


# ---------------------------------------------------------------------------- two people
@pytest.mark.parametrize("context", ALL)
def test_two_people_pass_the_screen(browser: Browser, voila: Server, context: str) -> None:
    """Ana moves, the curtain covers her hand until Ben is ready, Ben moves, and back."""
    on_touch = touch(context)
    with walked(browser, url(voila, "walk_hot_seat.ipynb"), "hot-seat", context) as (page, walk):
        w = start(page, HOT_SEAT)
        walk.step("start")
        rounds = [("Ana", "Ben"), ("Ben", "Ana")] if context in SMALL else [("Ana", "Ben")]
        for turn, (name, other) in enumerate(rounds):
            pick(page, w, 0, on_touch)
            walk.step(f"{name}-picked")
            put(page, w, visible_legal(w)[0], on_touch)
            assert w.session.handover is not None and other in w.session.scene.curtain
            walk.step(f"{name}-placed-curtain")
            act(page, w, w.geometry.cell_center((0, 0)), on_touch)  # the next one is ready
            in_step(page, w)
            assert w.session.handover is None and w.viewer == 1 - turn
            walk.step(f"{other}-ready")


# ---------------------------------------------------------------------------- guided game
@pytest.mark.parametrize("context", ALL)
def test_the_guided_game_through_every_guided_turn(
    browser: Browser, voila: Server, context: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every guided turn (a refusal in the first and the third), the hand-over to free play
    and a free move; New game and every other button stay in view at every step."""
    on_touch = touch(context)
    with walked(browser, url(voila, "walk_guided.ipynb"), "guided", context) as (page, walk):
        w = start(page, GUIDED)
        walk.step("start")
        steps = w.tutorial.script.steps
        if context not in SMALL:  # the first two guided turns (all of them where space is short)
            steps = steps[:2]
        for number, step in enumerate(steps, 1):
            assert w.tutorial.turn == number - 1
            pick(page, w, list(w.session.scene.hand).index(step.move.dweebie), on_touch)
            walk.step(f"turn-{number}-picked")
            if number in (1, 3):
                refuse(page, w, walk, on_touch, f"turn-{number}-refused")
            put(page, w, step.move.cell, on_touch)
            walk.step(f"turn-{number}-placed")
        if context in SMALL:
            assert not w.tutorial.guided
            a_move(page, w, on_touch)
            walk.step("free-move")
        if context == "projector":
            text_sizes(page, walk, "guided game", capsys)


# ---------------------------------------------------------------------------- review
@pytest.mark.parametrize("context", ALL)
def test_review_of_a_whole_game(browser: Browser, voila: Server, context: str) -> None:
    """A whole game looked back over, judged: a step forward, then its end, fitted."""
    with walked(browser, url(voila, "walk_review.ipynb"), "review", context) as (page, walk):
        w = start(page, REVIEWED)
        walk.step("first-move")
        press_button(page, "Forward")
        w.session.go_by(1)
        in_step(page, w)
        walk.step("forward")
        look_at_the_end(page, w, walk)


# ---------------------------------------------------------------------------- puzzles
@pytest.mark.parametrize("context", ALL)
def test_three_puzzles_and_a_question_answered_wrong_then_right(
    browser: Browser, voila: Server, context: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A haul, a safe and a where puzzle: a wrong answer (told), Start again, the right
    answer (solved), Next; then the question under them, wrong, then right."""
    on_touch = touch(context)
    root = ".dweebies-puzzles"
    with walked(browser, url(voila, "walk_puzzles.ipynb"), "puzzles", context, root,
                PUZZLE_PARTS) as (page, walk):  # fmt: skip
        w = start(page, PUZZLES)
        puzzles = w.puzzles if context in SMALL else w.puzzles[:1]  # then the second's start
        for number, puzzle in enumerate(puzzles, 1):
            assert w.puzzle.id == puzzle.id
            solve(page, w, walk, f"{number}-{puzzle.kind}", on_touch)
            if number < len(w.puzzles):
                press_button(page, "Next")
                w.next()
                canvas_of(page)
                match_size(w, page)
                in_step(page, w)
        if len(puzzles) < len(w.puzzles):
            walk.step(f"{len(puzzles) + 1}-{w.puzzle.kind}-start")
        if context == "projector":
            text_sizes(page, walk, "puzzles", capsys)
        if context in SMALL:
            present(page, w, walk, capsys)
        walk.screen = "question"
        ask(page, walk)


def solve(page: Page, w: Any, walk: Walk, name: str, on_touch: bool) -> None:
    """The puzzle shown, answered wrong (told), set back by Start again, answered right."""
    puzzle, c = w.puzzle, w.session
    walk.step(f"{name}-start")
    if puzzle.kind == "where":
        mark(page, w, unmarked(w, puzzle.answer), on_touch)
        walk.step(f"{name}-marked")
        press_button(page, "Check")
        c.check()
        in_step(page, w)
    else:
        wrong = next(m for m in puzzle.view.legal_moves()
                     if m not in puzzle.answer and w.geometry.visible(m.cell))  # fmt: skip
        answer(page, w, wrong, on_touch)
    assert "Not quite" in status_text(page)
    walk.step(f"{name}-wrong")
    press_button(page, "Start again")
    c.again()
    in_step(page, w)
    if puzzle.kind == "where":
        for cell in sorted(puzzle.answer):
            mark(page, w, cell, on_touch)
        walk.step(f"{name}-marked-right")
        press_button(page, "Check")
        c.check()
    else:
        answer(page, w, min(puzzle.answer), on_touch)
    wait_for_text(page, ".dweebies-status", "Right!")
    assert puzzle.id in w.solved
    walk.step(f"{name}-solved")


def unmarked(w: Any, answer: frozenset[Cell]) -> Cell:
    """An empty cell the puzzle's table shows that is not in its answer."""
    g = w.geometry
    board = w.session.board.game.board
    (top, left), (bottom, right) = g.visible_cells()
    cells = [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)
             if g.visible((r, c)) and (r, c) not in board and (r, c) not in answer]  # fmt: skip
    return min(cells, key=lambda c: abs(c[0]) + abs(c[1]))


def mark(page: Page, w: Any, cell: Cell, on_touch: bool) -> None:
    act(page, w, w.geometry.cell_center(cell), on_touch)
    in_step(page, w)


def answer(page: Page, w: Any, move: Any, on_touch: bool) -> None:
    """Pick the move's card, then place it (a tap shows the preview, the second places)."""
    index = list(w.session.scene.hand).index(move.dweebie)
    act(page, w, w.geometry.hand_center(index), on_touch)
    in_step(page, w)
    for _ in range(2 if on_touch else 1):
        act(page, w, w.geometry.cell_center(move.cell), on_touch)
        in_step(page, w)


# ---------------------------------------------------------------------------- a question
def ask(page: Page, walk: Walk) -> None:
    """The question: a wrong choice is told, a second try is right."""
    root = ".dweebies-question"

    def step(name: str) -> None:
        walk.step(name, root, QUESTION_PARTS)

    question = page.locator(root).first
    step("asked")
    verdict = question.locator(".dweebies-verdict")
    question.locator(".dweebies-choice").nth(0).click()
    question.locator("button[type=submit]").click()
    wait_for_text(page, f"{root} .dweebies-verdict", "Not quite")
    step("wrong")
    assert enabled(question.locator(".dweebies-choice input").nth(1)), (
        "no second try: the choices stay locked after a wrong answer"
    )
    question.locator(".dweebies-choice").nth(1).click()
    question.locator("button[type=submit]").click()
    wait_for_text(page, f"{root} .dweebies-verdict", "Right")
    assert "other end of the row" in verdict.inner_text()
    step("right")


def enabled(control: Locator, seconds: float = 5) -> bool:
    """Whether ``control`` is (or becomes, within ``seconds``) enabled."""
    end = time.monotonic() + seconds
    while not control.is_enabled() and time.monotonic() < end:
        time.sleep(0.1)
    return control.is_enabled()
