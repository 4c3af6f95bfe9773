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
* Every classroom page fits and reads from the back of a room, in every context of
  :data:`~browser_pages.CONTEXTS` (a desktop, a touch tablet, a projector, a projector at
  150 % zoom): the lobby (empty, refusing the name "You", listing a table), a seat waiting for
  students, a seat's board before and after a move, and the teacher's page (its password,
  its desk, a table, the standings).  At each step the part's top is scrolled to the top of
  the window, and its text, its status and every control it shows must be in the window,
  all their text at least :data:`MIN_TEXT` CSS px; a screenshot of each step is saved under
  ``test-output/screens/classroom/`` (``DWEEBIES_SCREENS`` moves it); no page may log a
  console error or fail a request.

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
    ARM_FOLLOW,
    CONTEXTS,
    DESKTOP,
    TABLET,
    TEACHER_PASSWORD,
    ClassroomServer,
    Part,
    Walk,
    canvas_of,
    font_sizes,
    lobby,
    log_count,
    opened,
    press,
    seat_twin,
    status_text,
    type_in,
    visible_legal,
    wait_for_log,
    walked,
)
from playwright.sync_api import Browser, Page

from dweebies_widget.classroom import Classroom
from dweebies_widget.classroom.serve import LOBBY, TEACHER

SLOWEST_FOLLOW = 1000.0
"""Milliseconds within which a move must appear on the other student's page."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassroomServer]:
    s = ClassroomServer(tmp_path_factory.mktemp("classroom"))
    try:
        filled(s, [LOBBY, TEACHER])
        yield s
    finally:
        s.stop()


def filled(server: ClassroomServer, notebooks: list[str], seconds: float = 120) -> None:
    """Wait until Voila's pools of preheated kernels for ``notebooks`` are full (as a class
    arrives after the teacher started the server, not at the same second)."""
    end = time.monotonic() + seconds
    while not all(f"Kernel pool of {n} is filled" in server.text() for n in notebooks):
        assert time.monotonic() < end, f"the pools were not filled: {server.text()[-2000:]}"
        time.sleep(0.2)


def preheated(page: Page, server: ClassroomServer, notebook: str) -> bool:
    """Whether ``page`` came from Voila's pool: its kernel had run ``notebook`` before the
    page was asked for (Voila logs which kernel of the pool it hands out)."""
    config = "document.getElementById('jupyter-config-data').textContent"
    kernel = str(page.evaluate(f"JSON.parse({config}).kernelId"))
    return (
        re.search(rf"Using pre-heated kernel: {kernel} for \S*{re.escape(notebook)}", server.text())
        is not None
    )


def place(store: str, code: str, who: tuple[str, str], mover: Page, other: Page,
          touch: bool) -> float:  # fmt: skip
    """The student at ``mover`` picks their first card and places it on a lit cell (a
    click, or two taps); the milliseconds until ``other`` shows the move."""
    time.sleep(0.7)  # a collection's flash is over: the twin's layout is the page's
    w = seat_twin(store, code, *who, page=mover)
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
        # The teacher is told of the wrong one typed before, at the top of the page.
        alerts = page.locator(".dweebies-teacher-alerts")
        alerts.filter(has_text="1 wrong teacher password since your last visit").wait_for(
            timeout=20_000
        )


SEND_CODE = """async ([path]) => {
    const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
    const session = crypto.randomUUID();
    const enc = new TextEncoder();
    const frame = (channel, m) => {  // the v1 kernel websocket protocol's binary frame
        const parts = [channel, JSON.stringify(m.header), JSON.stringify(m.parent_header),
                       JSON.stringify(m.metadata), JSON.stringify(m.content)]
            .map(p => enc.encode(p));
        const n = parts.length + 1;
        const offsets = [8 * (n + 1)];
        for (const p of parts) offsets.push(offsets[offsets.length - 1] + p.length);
        const out = new Uint8Array(offsets[offsets.length - 1]);
        const view = new DataView(out.buffer);
        view.setBigUint64(0, BigInt(n), true);
        offsets.forEach((o, i) => view.setBigUint64(8 * (i + 1), BigInt(o), true));
        parts.forEach((p, i) => out.set(p, offsets[i]));
        return out.buffer;
    };
    const unframe = (buffer) => {
        const view = new DataView(buffer);
        const n = Number(view.getBigUint64(0, true));
        const offsets = [...Array(n).keys()]
            .map(i => Number(view.getBigUint64(8 * (i + 1), true)));
        const dec = new TextDecoder();
        const part = i => dec.decode(
            new Uint8Array(buffer, offsets[i], offsets[i + 1] - offsets[i]));
        const header = JSON.parse(part(1));
        return {channel: part(0), msg_type: header.msg_type, parent_header: JSON.parse(part(2))};
    };
    const socket = new WebSocket(
        `ws://${location.host}/api/kernels/${config.kernelId}/channels?session_id=${session}`,
        ['v1.kernel.websocket.jupyter.org']);
    socket.binaryType = 'arraybuffer';
    const message = (type, content) => ({
        header: {msg_id: crypto.randomUUID(), msg_type: type, session, username: 'student',
                 date: new Date().toISOString(), version: '5.3'},
        parent_header: {}, metadata: {}, content});
    const run = message('execute_request', {
        code: `open(${JSON.stringify(path)}, 'w').write('ran')`, silent: false,
        store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true});
    const info = message('kernel_info_request', {});
    const heard = [];
    await new Promise((resolve, reject) => {
        socket.onopen = () => {
            socket.send(frame('shell', run));
            socket.send(frame('shell', info));
        };
        socket.onerror = () => reject(new Error('the socket failed'));
        socket.onmessage = (event) => {
            if (typeof event.data === 'string') return;
            const m = unframe(event.data);
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
"""Sends an ``execute_request`` (code that writes ``path``) to the page's own kernel over a
connection of the page's protocol (a connection of the old protocol is refused outright:
tests/classroom/test_classroom_guard.py), then a ``kernel_info_request``; what came back."""


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


# ---------------------------------------------------------------------------- every page
MIN_TEXT = 16
"""The smallest text (CSS px) on the classroom's pages: read from the back of a room."""
TEXT = ("button", "select", "label", ".widget-html-content")
"""Where the pages' text is: every control, label and line of text."""
SEAT_TEXT = ("button", ".dweebies-status", ".dweebies-seat-header")
"""A seat's text that the classroom answers for: its buttons, the status, the table's line."""
LOBBY_PARTS: tuple[Part, ...] = (
    ("title", "h2", "one"),
    ("message", ".dweebies-message", "one"),
    ("a table waiting for students", ".dweebies-open-tables button", "any"),
)
WAITING_PARTS: tuple[Part, ...] = (
    ("table line", ".dweebies-seat-header", "one"),
    ("the code to tell", ".dweebies-waiting b", "one"),
)
SEAT_PARTS: tuple[Part, ...] = (
    ("table line", ".dweebies-seat-header", "one"),
    ("canvas", "canvas", "one"),
    ("status", ".dweebies-status", "one"),
)
"""A seat's board: the table's line (with the Lobby button), the table, the status (the move
log under the buttons may run below the window: the status says the newest news first)."""
LOGIN_PARTS: tuple[Part, ...] = (("title", "h2", "one"), ("message", ".dweebies-message", "one"))
DESK_PARTS: tuple[Part, ...] = (
    ("title", "h2", "one"),
    ("the address's QR code", ".dweebies-qr svg", "one"),
    ("message", ".dweebies-message", "one"),
)
CARD_PARTS: tuple[Part, ...] = (
    ("how the table stands", ".widget-html-content", "one"),
    ("table", "canvas", "one"),
)
RESULT_PARTS: tuple[Part, ...] = (
    ("title", "h3", "one"),
    ("standings", ".dweebies-leaders", "one"),
    ("show on the projector", ".dweebies-teacher-results button", "any"),
)
NAMES = {"desktop": "Ana", "tablet": "B", "projector": "Maximiliana Oyelaran-Ng", "zoomed": "Zoe"}
"""The student in each context: a short name, a one-letter one and a long one."""


INPUT_SIZES = """(root) => {
    const shown = Array.from(document.querySelector(root).querySelectorAll('input'))
        .filter(e => e.getClientRects().length > 0);
    return shown.length ? Math.min(...shown.map(e => parseFloat(getComputedStyle(e).fontSize)))
        : null;
}"""
"""The smallest text size of the text boxes shown at ``root`` (``null``: none)."""
SMALL_CONTROLS = """(root) => Array.from(document.querySelector(root)
        .querySelectorAll('button, select, input:not([type=checkbox])'))
    .filter(e => e.getClientRects().length > 0)
    .map(e => [e.textContent.trim() || e.placeholder || e.tagName, e.getBoundingClientRect()])
    .filter(([_, r]) => r.height < 43.5)
    .map(([name, r]) => `${name} ${r.height.toFixed(1)} px high`)"""
"""The controls shown at ``root`` lower than a fingertip (44 CSS px)."""


def look(page: Page, walk: Walk, name: str, root: str, parts: tuple[Part, ...],
         text: tuple[str, ...] = TEXT) -> dict[str, float]:  # fmt: skip
    """A step of the walk (the part at ``root`` scrolled to the top, in view, screenshotted)
    and its text sizes: any under :data:`MIN_TEXT`, or a control lower than a fingertip, is
    one of the walk's findings."""
    walk.step(name, root, parts)
    sizes = font_sizes(page, root, text)
    typed = page.evaluate(INPUT_SIZES, root)  # what a box shows is no text node: its own size
    if typed is not None:
        sizes["input"] = float(typed)
    small = {k: v for k, v in sizes.items() if v < MIN_TEXT}
    if small:
        walk.problems.append(f"{walk.screen} ({walk.context}), {name}: text under {small}")
    low = page.evaluate(SMALL_CONTROLS, root)
    if low:
        walk.problems.append(f"{walk.screen} ({walk.context}), {name}: controls {low}")
    return sizes


def make_table(page: Page, computers: int) -> None:
    """Make a table of two seats from the lobby (``computers`` of them the computer's)."""
    page.locator(".dweebies-lobby select").nth(1).select_option(str(computers))
    page.get_by_role("button", name="Make a table").click()


def play_a_move(page: Page, store: str, code: str, name: str, touch: bool) -> None:
    """The student picks their first card and places it on a lit cell (two taps on a touch
    screen: a preview, then the move); the computer answers."""
    w = seat_twin(store, code, name, "1234", page)
    cell = visible_legal(w)[0]
    moves = log_count(page)
    for point in (w.geometry.hand_center(0), *[w.geometry.cell_center(cell)] * (2 if touch else 1)):
        press(page, point, touch)
        page.wait_for_timeout(400)  # the kernel answers before the next press
    wait_for_log(page, moves + 2)


@pytest.mark.parametrize("context", list(CONTEXTS))
def test_every_classroom_page_fits_and_reads_from_afar(
    browser: Browser, server: ClassroomServer, context: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name = NAMES[context]
    touch = bool(CONTEXTS[context].get("has_touch"))
    sizes: dict[str, dict[str, float]] = {}
    with walked(browser, server.url + "/", "classroom/lobby", context, ".dweebies-lobby",
                LOBBY_PARTS) as (page, walk):  # fmt: skip
        lobby(page)
        sizes["lobby"] = look(page, walk, "lobby", ".dweebies-lobby", LOBBY_PARTS)
        type_in(page, "your name", "You")
        type_in(page, "4 digits", "1234")
        make_table(page, 0)
        page.get_by_text('"You" cannot be a name here').wait_for(timeout=20_000)
        look(page, walk, "you-refused", ".dweebies-lobby", LOBBY_PARTS)
        type_in(page, "your name", name)
        type_in(page, "4 digits", "1234")
        make_table(page, 0)
        page.locator(".dweebies-waiting b").wait_for(timeout=20_000)
        walk.screen = "classroom/seat"
        look(page, walk, "waiting", ".dweebies-seat", WAITING_PARTS)
        page.get_by_role("button", name="Lobby").click()
        page.locator(".dweebies-open-tables button").first.wait_for(timeout=20_000)
        walk.screen = "classroom/lobby"
        look(page, walk, "a-table-listed", ".dweebies-lobby", LOBBY_PARTS)
        type_in(page, "4 digits", "1234")
        make_table(page, 1)
        canvas_of(page)
        code = page.locator(".dweebies-seat-header b").first.inner_text().split()[-1]
        walk.screen = "classroom/seat"
        sizes["seat"] = look(page, walk, "board", ".dweebies-widget", SEAT_PARTS, SEAT_TEXT)
        assert page.locator(".dweebies-widget button", has_text="Lobby").count() == 1
        play_a_move(page, server.store, code, name, touch)
        look(page, walk, "after-a-move", ".dweebies-widget", SEAT_PARTS, SEAT_TEXT)
        if context == "projector":  # presentation mode: the table line grows with the rest
            page.locator(".dweebies-widget button", has_text="Big").click()
            page.locator(".dweebies-presentation").wait_for(timeout=20_000)
            walk.screen = "classroom/seat-in-presentation-mode"  # its lines are bigger
            found = look(page, walk, "big", ".dweebies-widget", SEAT_PARTS, SEAT_TEXT)
            sizes["seat in presentation mode"] = found
            assert found[".dweebies-seat-header"] == found[".dweebies-status"] > MIN_TEXT
    with walked(browser, server.url + "/teacher", "classroom/teacher", context,
                ".dweebies-teacher", LOGIN_PARTS) as (page, walk):  # fmt: skip
        page.get_by_placeholder("teacher password").wait_for(timeout=90_000)
        look(page, walk, "password", ".dweebies-teacher", LOGIN_PARTS)
        page.get_by_placeholder("teacher password").fill(TEACHER_PASSWORD)
        page.get_by_role("button", name="Open").click()
        page.locator(".dweebies-teacher-desk").wait_for(timeout=20_000)
        page.get_by_role("button", name="Make a table").click()
        page.get_by_text("is ready: students join it").wait_for(timeout=20_000)
        sizes["teacher"] = look(page, walk, "desk", ".dweebies-teacher-desk", DESK_PARTS)
        page.locator(".dweebies-table-card canvas").first.wait_for(timeout=20_000)
        look(page, walk, "a-table", ".dweebies-table-card", CARD_PARTS)
        look(page, walk, "leaderboard", ".dweebies-teacher-results", RESULT_PARTS)
    with capsys.disabled():
        line = "; ".join(
            f"{screen} " + ", ".join(f"{k} {v:g}px" for k, v in found.items())
            for screen, found in sizes.items()
        )
        print(f"\nclassroom text sizes ({context}): {line}")
