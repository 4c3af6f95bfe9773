"""Every seat shows the table's true state, in Chromium, on the classroom served as a
teacher serves it (``python -m dweebies_widget.classroom serve``):

* **a closed table**: the teacher closes it (through the classroom's API, as the teacher's
  page does); within 3 s the seat's status says "Your teacher closed this table.", Hint is
  off, a click on the board changes nothing, and Review opens the whole game;
* **a finished game**: a two-seat table against the computer played to its last move
  through the API; the page shows the result, Review and "Back to the lobby";
* **a lost and regained connection**: the server stops; within a few seconds the page
  says "Connection lost: trying again…" and takes no click; a new server starts on the
  same port and store; the page loads itself again and comes back to the same seat on its
  own (nothing typed), where the student can move;
* **a throttled PIN**: wrong PINs typed in the lobby for a seated classmate's name until
  the lobby says how many seconds to wait; the seat says someone typed wrong PINs for its
  name; the teacher's page shows it at its top, and Clear takes it away;
* **a guessed teacher password**: three wrong ones on the served teacher's page lock it
  (the right one is refused too) until the lockout ends; then the teacher's page opens and
  says at its top how many wrong passwords were typed since the last visit;
* **the standings on a projector**: shown alone, filling a 1280 x 720 window, their text
  at least 28 CSS px, with a Back button in view.

Each state is saved as a screenshot under ``test-output/screens/classroom/truth/``, and the
seat's table, status and buttons stay in view at 150 % zoom of a projector (853 x 480).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import browser_pages
import pytest
from browser_pages import (
    DESKTOP,
    TEACHER_PASSWORD,
    ZOOMED,
    ClassroomServer,
    canvas_of,
    log_count,
    opened,
    out_of_view,
    press,
    seat_twin,
    shot,
    status_text,
    top_in_view,
    type_in,
    visible_legal,
    wait_for_log,
)
from playwright.sync_api import Browser, Page

from dweebies_widget.classroom import Classroom
from dweebies_widget.classroom.look import PROJECTOR_PX
from dweebies_widget.classroom.serve import LOBBY, TEACHER

LIMITS = """[limits]
kernels_per_client = 16
pin_tries = 2
pin_wait = 20
pin_longest_wait = 60
password_tries = 3
password_lockout = 10
"""
"""Two wrong PINs, then a wait of 20 s (long enough to read in a screenshot); three wrong
teacher passwords lock the teacher's page for 10 s; every page of these tests comes from one
address, so it may open more pages than a student's device."""
SEAT_PARTS = (
    ("table line", ".dweebies-seat-header", "one"),
    ("canvas", "canvas", "one"),
    ("status", ".dweebies-status", "one"),
)
"""What must be in view on a seat's board (as in test_browser_classroom.py)."""


def filled(server: ClassroomServer, notebooks: list[str], seconds: float = 120) -> None:
    """Wait until Voila's pools of preheated kernels for ``notebooks`` are full."""
    end = time.monotonic() + seconds
    while not all(f"Kernel pool of {n} is filled" in server.text() for n in notebooks):
        assert time.monotonic() < end, f"the pools were not filled: {server.text()[-2000:]}"
        time.sleep(0.2)


def serve(folder: Path, port: int | None = None) -> ClassroomServer:
    """The classroom served from ``folder`` (its store, :data:`LIMITS`), on ``port`` (the
    same port again, after a stop) or a free one."""
    limits = folder / "limits.toml"
    limits.write_text(LIMITS)
    free = browser_pages.free_port
    if port is not None:
        browser_pages.free_port = lambda: port  # the students' pages know this address
    try:
        return ClassroomServer(folder, pool=1, options=["--limits", str(limits)])
    finally:
        browser_pages.free_port = free


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ClassroomServer]]:
    """The classroom's servers, the one serving now last (the restart test starts another
    on the same port and store)."""
    started = [serve(tmp_path_factory.mktemp("classroom-truth"))]
    try:
        filled(started[0], [LOBBY, TEACHER])
        yield started
    finally:
        for s in started:
            s.stop()


@pytest.fixture
def server(servers: list[ClassroomServer]) -> ClassroomServer:
    return servers[-1]


def sit(page: Page, name: str, computers: int = 1, level: str = "random") -> str:
    """Type ``name`` and the PIN 1234, make a two-seat table (``computers`` of its seats the
    computer's); the table's code once the page shows the seat."""
    page.get_by_placeholder("your name").wait_for(timeout=90_000)
    type_in(page, "your name", name)
    type_in(page, "4 digits", "1234")
    page.locator(".dweebies-lobby select").nth(1).select_option(str(computers))
    page.locator(".dweebies-lobby select").nth(2).select_option(label=level.capitalize())
    page.get_by_role("button", name="Make a table").click()
    header = page.locator(".dweebies-seat-header b").first
    header.wait_for(timeout=30_000)
    return header.inner_text().split()[-1]


def fits(page: Page, state: str) -> None:
    """The seat's table line, table and status are in view (its top scrolled to the top of
    the window); the window saved as ``classroom/truth/<state>.png``."""
    root = ".dweebies-seat"
    top_in_view(page, root)
    shot(page, "classroom", "truth", state)
    assert out_of_view(page, root, SEAT_PARTS) == [], state


def test_a_closed_table_says_so_takes_no_click_and_opens_review(
    browser: Browser, server: ClassroomServer
) -> None:
    with opened(browser, server.url + "/", ZOOMED) as page:
        code = sit(page, "Cleo", level="greedy")
        canvas_of(page)
        w = seat_twin(server.store, code, "Cleo", "1234", page)
        press(page, w.geometry.hand_center(0), touch=False)  # one move, and the answer
        page.wait_for_timeout(400)
        press(page, w.geometry.cell_center(visible_legal(w)[0]), touch=False)
        wait_for_log(page, 2)
        page.wait_for_timeout(700)  # the collection's flash is over
        w = seat_twin(server.store, code, "Cleo", "1234", page)
        cell = visible_legal(w)[0]
        hand, spot = w.geometry.hand_center(0), w.geometry.cell_center(cell)
        teacher = Classroom(server.store, teacher_password=TEACHER_PASSWORD)
        moves = teacher.spectate(code).moves
        closed = time.monotonic()
        teacher.close_table(code)
        page.locator(".dweebies-status", has_text="Your teacher closed this table.").wait_for(
            timeout=3_000
        )
        took = time.monotonic() - closed
        assert took < 3, took
        assert page.get_by_role("button", name="Hint").is_disabled()
        fits(page, "closed")
        press(page, hand, touch=False)  # a card, then a cell: nothing happens
        press(page, spot, touch=False)
        page.wait_for_timeout(800)
        assert teacher.spectate(code).moves == moves and log_count(page) == moves
        assert status_text(page).startswith("Your teacher closed this table.")
        assert page.get_by_role("button", name="Back to the lobby").count() == 1
        page.get_by_role("button", name="Review", exact=True).first.click()
        page.locator(".dweebies-review").first.wait_for(timeout=20_000)
        page.locator(".dweebies-status", has_text="Move").wait_for(timeout=20_000)
        fits(page, "closed-review")
        teacher.close()


def test_a_finished_game_shows_the_result_review_and_the_lobby(
    browser: Browser, server: ClassroomServer
) -> None:
    with opened(browser, server.url + "/", ZOOMED) as page:
        code = sit(page, "Dana")
        canvas_of(page)
        with Classroom(server.store) as room:
            token = room.join(code, "Dana", "1234")  # the same seat, played from here
            while room.spectate(code).current_player is not None:
                room.play(token, room.view(token).legal_moves()[0])
        page.locator(".dweebies-status", has_text=re.compile(r"You (won|lost|tied)")).wait_for(
            timeout=20_000
        )
        # The status, the bar's button and the board's Review are three updates of the page.
        page.get_by_role("button", name="Back to the lobby").wait_for(timeout=10_000)
        assert page.get_by_role("button", name="Back to the lobby").count() == 1
        review = page.locator(".dweebies-controls button:not([disabled])", has_text="Review")
        review.wait_for(timeout=10_000)
        fits(page, "finished")
        review.click()
        page.locator(".dweebies-review").first.wait_for(timeout=20_000)
        fits(page, "finished-review")


def test_wrong_pins_make_a_wait_and_the_teacher_sees_them_at_the_top(
    browser: Browser, server: ClassroomServer
) -> None:
    with (
        opened(browser, server.url + "/", DESKTOP) as eve,
        opened(browser, server.url + "/", DESKTOP) as guess,
        opened(browser, server.url + "/teacher", DESKTOP) as teacher,
    ):
        code = sit(eve, "Eve", computers=0)  # waiting for a classmate
        guess.get_by_placeholder("your name").wait_for(timeout=90_000)
        message = guess.locator(".dweebies-lobby .dweebies-message")
        for _ in range(3):
            type_in(guess, "your name", "Eve")
            type_in(guess, "4 digits", "0000")
            type_in(guess, "like K7QX", code)
            guess.get_by_role("button", name="Join", exact=True).click()
            guess.wait_for_timeout(600)
        guess.locator(".dweebies-message", has_text=re.compile(r"wait \d+ seconds")).wait_for(
            timeout=20_000
        )
        assert "Too many wrong PINs for Eve" in message.inner_text()
        shot(guess, "classroom", "truth", "pin-wait")
        eve.locator(".dweebies-seat-notice", has_text="Someone typed wrong PINs").wait_for(
            timeout=20_000
        )
        shot(eve, "classroom", "truth", "pin-notice")
        teacher.get_by_placeholder("teacher password").wait_for(timeout=90_000)
        teacher.get_by_placeholder("teacher password").fill(TEACHER_PASSWORD)
        teacher.get_by_role("button", name="Open").click()
        alerts = teacher.locator(".dweebies-teacher-alerts")
        alerts.filter(has_text=re.compile(r"Eve: \d+ wrong PINs")).wait_for(timeout=20_000)
        box = alerts.bounding_box()
        assert box is not None and box["y"] < 100  # at the top of the page
        shot(teacher, "classroom", "truth", "teacher-alerts")
        teacher.get_by_role("button", name="Clear", exact=True).click()  # not "Clear waits for"
        alerts.wait_for(state="hidden", timeout=20_000)
        # The standings alone, large, on a projector (Dana's game against the computer).
        teacher.set_viewport_size({"width": 1280, "height": 720})
        teacher.get_by_role("button", name="Show on the projector").click()
        big = teacher.locator(".dweebies-projector")
        big.locator("td", has_text="Dana").wait_for(timeout=20_000)
        smallest = big.evaluate(
            "e => Math.min(...Array.from(e.querySelectorAll('td, th, button, h2'))"
            ".map(c => parseFloat(getComputedStyle(c).fontSize)))"
        )
        assert smallest >= PROJECTOR_PX, smallest
        box = big.bounding_box()
        assert box is not None and box["width"] >= 1200 and box["height"] >= 680
        top_in_view(teacher, ".dweebies-projector")
        back = teacher.get_by_role("button", name="Back", exact=True)
        assert back.is_visible() and (back.bounding_box() or {"y": 999})["y"] < 720
        shot(teacher, "classroom", "truth", "standings-on-a-projector")
        back.click()
        teacher.locator(".dweebies-teacher-desk").wait_for(timeout=20_000)


def test_guessing_the_teacher_password_locks_the_teachers_page(
    browser: Browser, server: ClassroomServer
) -> None:
    """Wrong passwords typed on the served teacher's page: the third locks it, the right
    password is refused during the lockout (even from another page), works after it, and the
    teacher is told of the guesses at the top of the page."""
    with (
        opened(browser, server.url + "/teacher", DESKTOP) as guess,
        opened(browser, server.url + "/teacher", DESKTOP) as teacher,
    ):
        box = guess.get_by_placeholder("teacher password")
        box.wait_for(timeout=90_000)
        message = guess.locator(".dweebies-message")
        for tried, words in enumerate(["Wrong password", "Wrong password", "Too many wrong"]):
            box.fill(f"guess-number-{tried}")
            guess.get_by_role("button", name="Open").click()
            message.filter(has_text=words).wait_for(timeout=20_000)
            if tried < 2:
                guess.wait_for_timeout(300)
        locked_at = time.monotonic()
        assert "locked for 10 seconds" in message.inner_text()
        shot(guess, "classroom", "truth", "teacher-locked")
        right = teacher.get_by_placeholder("teacher password")
        right.wait_for(timeout=90_000)
        right.fill(TEACHER_PASSWORD)
        teacher.get_by_role("button", name="Open").click()  # during the lockout: refused
        teacher.locator(".dweebies-message", has_text="Too many wrong").wait_for(timeout=20_000)
        assert teacher.get_by_text("Your classroom").count() == 0
        time.sleep(max(0.0, 10.5 - (time.monotonic() - locked_at)))
        right.fill(TEACHER_PASSWORD)
        teacher.get_by_role("button", name="Open").click()
        teacher.get_by_text("Your classroom").wait_for(timeout=20_000)
        alerts = teacher.locator(".dweebies-teacher-alerts")
        alerts.filter(has_text="3 wrong teacher passwords since your last visit").wait_for(
            timeout=20_000
        )
        shot(teacher, "classroom", "truth", "teacher-told")


# The last test: it stops the server the others share, and starts another.
def test_a_page_survives_a_server_restart_and_comes_back_to_its_seat(
    browser: Browser, servers: list[ClassroomServer]
) -> None:
    first = servers[-1]
    with opened(browser, first.url + "/", DESKTOP) as page:
        code = sit(page, "Finn")
        canvas_of(page)
        kept = page.evaluate("localStorage.getItem('dweebies-seat')")
        assert kept is not None and code in kept and "Finn" in kept
        page.evaluate("window.__before = true")  # gone once the page loads again
        stopped = time.monotonic()
        first.stop()
        banner = page.get_by_role("alert").filter(has_text="Connection lost: trying again")
        banner.wait_for(timeout=6_000)
        lost = time.monotonic() - stopped
        shot(page, "classroom", "truth", "connection-lost")
        assert page.locator("#dweebies-connection").is_visible()  # covers the page
        servers.append(again := serve(first.folder, first.port))
        # The page loads itself again, hands its seat to the new lobby, and sits there.
        page.wait_for_function("!window.__before", timeout=90_000, polling=200)
        page.locator(".dweebies-seat-header", has_text=f"Table {code}").wait_for(timeout=90_000)
        back = time.monotonic() - stopped
        canvas_of(page)
        assert not page.locator("#dweebies-connection").is_visible()
        assert page.get_by_placeholder("your name").is_hidden()
        shot(page, "classroom", "truth", "connection-back")
        w = seat_twin(again.store, code, "Finn", "1234", page)
        moves = log_count(page)
        press(page, w.geometry.hand_center(0), touch=False)
        page.wait_for_timeout(400)
        press(page, w.geometry.cell_center(visible_legal(w)[0]), touch=False)
        wait_for_log(page, moves + 2)  # Finn's move and the computer's answer
        print(f"\nconnection lost shown after {lost:.1f} s; back at the seat {back:.1f} s "
              "after the server stopped")  # fmt: skip
