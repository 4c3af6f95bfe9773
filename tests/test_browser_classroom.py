"""The classroom served as a teacher serves it (``python -m dweebies_widget.classroom serve``,
a temporary SQLite store, Voila with preheated kernels), in Debian's Chromium.

* The pages come from Voila's pool of preheated kernels (the notebook already run), and
  the address students open is the one the server printed.
* Two students on two devices (a desktop with a mouse, a 768 x 1024 touch tablet at device
  pixel ratio 2) make and join one table from the lobby and play a few moves each; each move
  must appear on the other device within a second (the time from the click or tap that
  places to the other page's move log showing it, both read from the pages' clocks).
* The teacher's page refuses a wrong password, and opens with the right one.
* No page asks any other host than the server for anything (checked as each page closes).
* A student's page cannot run code: an ``execute_request`` sent to its kernel over the
  page's own connection is dropped by Voila (a ``kernel_info_request`` sent right after it
  is answered), and the code it carried never runs.

Pixel positions come from a headless twin of each student's board, built in this process
from the seat's state in the store (the same name and PIN give the same seat back).
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Iterator

import pytest
from browser_pages import (
    DESKTOP,
    TABLET,
    TEACHER_PASSWORD,
    ClassroomServer,
    canvas_of,
    lobby,
    log_count,
    match_size,
    opened,
    press,
    status_text,
    type_in,
    visible_legal,
)
from playwright.sync_api import Browser, Page

from dweebies_widget import DweebiesWidget
from dweebies_widget.classroom import Classroom
from dweebies_widget.classroom.seat import RoomSeat

SLOWEST_FOLLOW = 1000.0
"""Milliseconds within which a move must appear on the other student's page."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassroomServer]:
    s = ClassroomServer(tmp_path_factory.mktemp("classroom"))
    yield s
    s.stop()


def preheated(page: Page, server: ClassroomServer, notebook: str) -> bool:
    """Whether ``page`` came from Voila's pool: its kernel had run ``notebook`` before the
    page was asked for (Voila logs which kernel of the pool it hands out)."""
    config = "document.getElementById('jupyter-config-data').textContent"
    kernel = str(page.evaluate(f"JSON.parse({config}).kernelId"))
    return (
        re.search(rf"Using pre-heated kernel: {kernel} for \S*{re.escape(notebook)}", server.text())
        is not None
    )


def twin(store: str, code: str, name: str, pin: str, page: Page) -> DweebiesWidget:
    """The student's board, built here from the seat's state, sized like the page's."""
    room = Classroom(store)
    seat = RoomSeat(room, room.join(code, name, pin))
    w = DweebiesWidget(seats=seat.seats(), game=seat.game, ai_delay=0, source=seat)
    match_size(w, page)
    room.close()
    return w


ARM_FOLLOW = """([count]) => {
    window.__seen = null;
    const look = () => {
        if (window.__seen === null
            && document.querySelectorAll('.dweebies-log li').length > count) {
            window.__seen = Date.now();
        }
    };
    window.__watch = new MutationObserver(look);
    window.__watch.observe(document.body, {subtree: true, childList: true, characterData: true});
    look();
}"""


def place(store: str, code: str, who: tuple[str, str], mover: Page, other: Page,
          touch: bool) -> float:  # fmt: skip
    """The student at ``mover`` picks their first card and places it on a lit cell (a
    click, or two taps); the milliseconds until ``other`` shows the move."""
    time.sleep(0.7)  # a collection's flash is over: the twin's layout is the page's
    w = twin(store, code, *who, page=mover)
    cell = visible_legal(w)[0]
    mine, theirs = log_count(mover), log_count(other)
    press(mover, w.geometry.hand_center(0), touch)
    mover.locator(".dweebies-status", has_text="on a lit cell").wait_for(timeout=10_000)
    other.evaluate(ARM_FOLLOW, [theirs])
    if touch:
        press(mover, w.geometry.cell_center(cell), touch)
        mover.locator(".dweebies-status", has_text="tap again").wait_for(timeout=10_000)
    start = float(mover.evaluate("Date.now()"))
    press(mover, w.geometry.cell_center(cell), touch)
    other.wait_for_function("window.__seen !== null", timeout=10_000)
    seen = float(other.evaluate("window.__seen"))
    mover.wait_for_function(
        f"document.querySelectorAll('.dweebies-log li').length === {mine + 1}", timeout=10_000
    )
    return seen - start


def test_two_students_play_one_table_from_a_desktop_and_a_tablet(
    browser: Browser, server: ClassroomServer, capsys: pytest.CaptureFixture[str]
) -> None:
    url = server.url + "/"
    with opened(browser, url, DESKTOP) as ana, opened(browser, url, TABLET) as ben:
        opened_at = time.monotonic()
        lobby(ana)
        lobby(ben)
        ready = time.monotonic() - opened_at
        assert f"  Students open:     {url}\n" in server.text()  # the address they typed
        assert preheated(ana, server, "lobby.ipynb") and preheated(ben, server, "lobby.ipynb")
        type_in(ana, "your name", "Ana")
        type_in(ana, "4 digits", "1234")
        ana.get_by_role("button", name="Make a table").click()
        ana.locator(".dweebies-waiting b").wait_for(timeout=20_000)
        code = ana.locator(".dweebies-waiting b").inner_text().strip()
        type_in(ben, "your name", "Ben")
        type_in(ben, "4 digits", "9876")
        type_in(ben, "like K7QX", code.lower())
        joined_at = time.monotonic()
        ben.get_by_role("button", name="Join", exact=True).tap()
        canvas_of(ben)
        canvas_of(ana)
        board = time.monotonic() - joined_at
        assert status_text(ana).startswith("Ana to play")
        assert status_text(ben).startswith("Waiting for Ana to play")
        follows = []
        for _ in range(3):
            follows.append(place(server.store, code, ("Ana", "1234"), ana, ben, touch=False))
            assert status_text(ben).startswith("Ben to play")
            follows.append(place(server.store, code, ("Ben", "9876"), ben, ana, touch=True))
            assert status_text(ana).startswith("Ana to play")
        room = Classroom(server.store)
        assert room.spectate(code).moves == 6 == log_count(ana) == log_count(ben)
        room.close()
        with capsys.disabled():
            print(
                f"\nclassroom in Chromium: lobby ready {ready:.1f} s after opening; board "
                f"{board:.1f} s after Join; a move on the other device after "
                f"{', '.join(f'{f:.0f}' for f in follows)} ms (median "
                f"{statistics.median(follows):.0f} ms, max {max(follows):.0f} ms)"
            )
        assert max(follows) < SLOWEST_FOLLOW, follows


def test_the_teachers_page_refuses_a_wrong_password(
    browser: Browser, server: ClassroomServer
) -> None:
    with opened(browser, server.url + "/teacher", DESKTOP) as page:
        box = page.get_by_placeholder("teacher password")
        box.wait_for(timeout=90_000)
        assert preheated(page, server, "teacher.ipynb")
        box.fill("not-the-password")
        page.get_by_role("button", name="Open").click()
        page.get_by_text("Wrong password").wait_for(timeout=20_000)
        assert page.get_by_text("Your classroom").count() == 0
        assert page.locator(".dweebies-table-card").count() == 0
        box.fill(TEACHER_PASSWORD)
        page.get_by_role("button", name="Open").click()
        page.get_by_text("Your classroom").wait_for(timeout=20_000)
        assert page.get_by_text(f"{server.url}/", exact=True).count() == 1
        assert page.locator("svg[aria-label^='QR code']").count() == 1
        assert page.get_by_text("1 wrong teacher password(s) typed so far").count() == 1


SEND_CODE = """async ([path]) => {
    const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
    const session = crypto.randomUUID();
    const socket = new WebSocket(
        `ws://${location.host}/api/kernels/${config.kernelId}/channels?session_id=${session}`);
    const message = (type, content) => ({
        header: {msg_id: crypto.randomUUID(), msg_type: type, session, username: 'student',
                 date: new Date().toISOString(), version: '5.3'},
        parent_header: {}, metadata: {}, content, channel: 'shell', buffers: []});
    const run = message('execute_request', {
        code: `open(${JSON.stringify(path)}, 'w').write('ran')`, silent: false,
        store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true});
    const info = message('kernel_info_request', {});
    const heard = [];
    await new Promise((resolve, reject) => {
        socket.onopen = () => {
            socket.send(JSON.stringify(run));
            socket.send(JSON.stringify(info));
        };
        socket.onerror = () => reject(new Error('the socket failed'));
        socket.onmessage = (event) => {
            const m = JSON.parse(event.data);
            const parent = m.parent_header && m.parent_header.msg_id;
            if (parent === run.header.msg_id) heard.push('execute:' + m.msg_type);
            if (parent === info.header.msg_id) { heard.push('info:' + m.msg_type);
                if (m.msg_type === 'kernel_info_reply') setTimeout(resolve, 1500); }
        };
        setTimeout(resolve, 15000);
    });
    socket.close();
    return heard;
}"""


def test_a_students_page_cannot_run_code(browser: Browser, server: ClassroomServer) -> None:
    target = server.folder / "ran-from-a-page.txt"
    with opened(browser, server.url + "/", DESKTOP) as page:
        lobby(page)
        heard = list(page.evaluate(SEND_CODE, [str(target)]))
        assert "info:kernel_info_reply" in heard, heard  # the kernel answers the page ...
        assert not [h for h in heard if h.startswith("execute:")], heard  # ... not this
        assert not target.exists()
        assert 'Received message of type "execute_request", which is not allowed' in server.text()
        type_in(page, "your name", "Cleo")  # the page still works
        type_in(page, "4 digits", "12")
        page.get_by_role("button", name="Make a table").click()
        page.get_by_text("A PIN is 4 digits, like 2580.").wait_for(timeout=20_000)
