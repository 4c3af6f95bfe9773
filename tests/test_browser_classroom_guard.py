"""The classroom server, served as a teacher serves it, against a hostile page and a network
that drops every packet to the outside world, in Debian's Chromium.

* **The outside network black-holed** (first, while the pools of ready pages are full).  A
  browser whose every request to another host goes to a proxy that never answers opens the
  lobby, the teacher's page and the puzzle page; each is ready (its first control shown)
  within :data:`READY` seconds (more on a machine busy with other work: see the test): no
  page waits for anything from outside.
* **The hostile socket.**  Two students play one table; a third browser opens its own
  connection to one student's kernel without the ``v1.kernel.websocket.jupyter.org``
  protocol (the kernel id is in that student's page) and listens, and the other student
  moves (the first student's canvas redraws).  The move still reaches the first student's
  page within :data:`SLOWEST_FOLLOW`, HTTP keeps answering, the server's memory stays under
  :data:`MOST_MEMORY`, and the server refused that connection.  (Voila 0.5.13 alone reads
  every binary message sent over such a connection as the v1 protocol: its first bytes read
  as a count of about 10^18, and the server stalls.)  Every wait here is bounded and the
  server's address space is capped, so a stalled server fails the test quickly; it is
  stopped by its process id at the end.  Then that student leaves: the page's leave beacon,
  with the ``_xsrf`` token of its cookie, shuts its kernel down.
"""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browser_pages import (
    ARM_FOLLOW,
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    ClassroomServer,
    canvas_of,
    lobby,
    log_count,
    opened,
    press,
    seat_twin,
    status_text,
    type_in,
    visible_legal,
)
from playwright.sync_api import Browser, Locator, Page

from dweebies_widget.classroom.serve import LOBBY, PUZZLES, TEACHER

SLOWEST_FOLLOW = 5000.0
"""Milliseconds within which a move must reach the other student's page."""
MOST_MEMORY = 600 * 2**20
"""The most memory (resident bytes) the server's own process may use."""
READY = 3.0
"""Seconds within which a page must show its first control, the outside network dropped."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassroomServer]:
    # A stalled server grows by gigabytes a second: its address space is capped, so that a
    # failing test cannot take the machine's memory with it.
    s = ClassroomServer(tmp_path_factory.mktemp("guarded"), pool=3, most_memory=4 * 2**30)
    try:
        end = time.monotonic() + 180
        while not all(f"Kernel pool of {n} is filled" in s.text() for n in (LOBBY, TEACHER)):
            assert time.monotonic() < end, f"the pools were not filled: {s.text()[-2000:]}"
            time.sleep(0.2)
        yield s
    finally:
        s.stop()


def memory(server: ClassroomServer) -> int:
    """The server process's resident memory, in bytes."""
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


def answers(server: ClassroomServer, seconds: float = 5) -> bool:
    """Whether the server answers an HTTP request within ``seconds``."""
    try:
        with urllib.request.urlopen(f"{server.url}/dweebies/alive", timeout=seconds) as r:
            return bool(r.status == 200 and "server" in json.loads(r.read()))
    except OSError:
        return False


def alive(server: ClassroomServer, kernel: str) -> bool:
    """Whether ``kernel`` runs, as ``/dweebies/alive`` says."""
    with urllib.request.urlopen(f"{server.url}/dweebies/alive?kernel={kernel}", timeout=5) as r:
        return bool(json.loads(r.read())["kernel"])


def kernel_of(page: Page) -> str:
    config = "document.getElementById('jupyter-config-data').textContent"
    return str(page.evaluate(f"JSON.parse({config}).kernelId"))


LEGACY_SOCKET = """async ([kernel]) => {
    const url = `ws://${location.host}/api/kernels/${kernel}/channels?session_id=hostile`;
    const socket = new WebSocket(url);  // no subprotocol: the old protocol
    window.__hostile = {opened: false, closed: false, heard: 0};
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => { window.__hostile.opened = true; };
    socket.onmessage = () => { window.__hostile.heard += 1; };
    socket.onclose = () => { window.__hostile.closed = true; };
    await new Promise(resolve => setTimeout(resolve, 1500));
    return window.__hostile;
}"""


def ready_in(browser: Browser, url: str, first_control: Callable[[Page], Locator]) -> float:
    """Seconds from asking for the page at ``url`` until it shows ``first_control``."""
    asked = time.monotonic()
    with opened(browser, url, DESKTOP) as page:
        first_control(page).wait_for(timeout=90_000)  # how long it took is judged after
        return time.monotonic() - asked


HELD = """async () => {
    const answer = fetch('https://cdn.jsdelivr.net/npm/font-awesome@4.7.0/css/font-awesome.min.css',
                         {mode: 'no-cors'}).then(() => 'answered', () => 'failed');
    return Promise.race([answer, new Promise(r => setTimeout(() => r('held'), 1500))]);
}"""
"""A request to a CDN from the page: ``"held"`` when the network holds it unanswered."""


def test_pages_are_ready_at_once_with_the_outside_network_black_holed(
    browser: Browser, server: ClassroomServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every request to another host goes to a proxy that never answers (a socket that listens
    and accepts nothing: as a firewall that drops packets); the server, on 127.0.0.1, is
    reached directly.  On a machine busy with other work a page is slower for reasons that are
    not the network: the lobby is opened in a connected browser first, and a page may take
    half as long again and a second more than it took there, when that is over :data:`READY`
    (a page that waited for an outside host would wait until the browser gave up, far
    longer)."""
    end = time.monotonic() + 180
    while f"Kernel pool of {PUZZLES} is filled" not in server.text():
        assert time.monotonic() < end, server.text()[-2000:]
        time.sleep(0.2)
    with socket.socket() as hole:
        hole.bind(("127.0.0.1", 0))
        hole.listen(1000)
        cut_off = browser.browser_type.launch(
            executable_path=CHROMIUM,
            args=[*CHROMIUM_ARGS, f"--proxy-server=http://127.0.0.1:{hole.getsockname()[1]}"],
        )
        try:
            first = lambda p: p.get_by_placeholder("your name")  # noqa: E731
            connected = ready_in(browser, server.url + "/", first)
            bound = max(READY, 1.5 * connected + 1.0)
            # The lesson menu (no kernel) first: the browser is started and warm; and the
            # outside network holds a request unanswered.
            ready_in(cut_off, server.url + "/lessons", lambda p: p.get_by_role("heading").first)
            blank = cut_off.new_page()
            assert blank.evaluate(HELD) == "held"
            blank.close()
            took = {
                path: ready_in(cut_off, server.url + path, control)
                for path, control in [
                    ("/", first),
                    ("/teacher", lambda p: p.get_by_placeholder("teacher password")),
                    ("/puzzles", lambda p: p.get_by_placeholder("Your name", exact=True)),
                ]
            }
            with capsys.disabled():
                print(
                    "\nthe outside network black-holed: ready after "
                    + ", ".join(f"{path} {t:.1f} s" for path, t in took.items())
                    + f" (the lobby connected: {connected:.1f} s)"
                )
            assert max(took.values()) < bound, (took, f"connected: {connected:.1f} s")
        finally:
            cut_off.close()


def test_a_legacy_socket_to_a_seats_kernel_stalls_nothing(
    browser: Browser, server: ClassroomServer
) -> None:
    url = server.url + "/"
    with opened(browser, url, DESKTOP) as ana, opened(browser, url, DESKTOP) as ben:
        lobby(ana)
        lobby(ben)
        type_in(ana, "your name", "Ana")
        type_in(ana, "4 digits", "1234")
        ana.get_by_role("button", name="Make a table").click()
        ana.locator(".dweebies-waiting b").wait_for(timeout=20_000)
        code = ana.locator(".dweebies-waiting b").inner_text().strip()
        type_in(ben, "your name", "Ben")
        type_in(ben, "4 digits", "9876")
        type_in(ben, "like K7QX", code)
        ben.get_by_role("button", name="Join", exact=True).click()
        canvas_of(ben)
        canvas_of(ana)
        assert status_text(ana).startswith("Ana to play")

        # A third browser, on the server's own origin, opens the old-protocol socket to
        # Ben's kernel and listens.
        with opened(browser, f"{server.url}/dweebies/alive", DESKTOP) as hostile:
            hostile.set_default_timeout(10_000)
            before = memory(server)
            legacy = hostile.evaluate(LEGACY_SOCKET, [kernel_of(ben)])

            # Ana moves: Ben's canvas redraws, and his page shows the move.
            time.sleep(0.7)  # a collection's flash is over: the twin's layout is the page's
            w = seat_twin(server.store, code, "Ana", "1234", ana)
            cell = visible_legal(w)[0]
            ben.evaluate(ARM_FOLLOW, [log_count(ben)])
            press(ana, w.geometry.hand_center(0), touch=False)
            ana.locator(".dweebies-status", has_text="on a lit cell").wait_for(timeout=10_000)
            start = float(ana.evaluate("Date.now()"))
            press(ana, w.geometry.cell_center(cell), touch=False)
            ben.wait_for_function("window.__seen !== null", timeout=SLOWEST_FOLLOW + 5000)
            follow = float(ben.evaluate("window.__seen")) - start
            assert follow < SLOWEST_FOLLOW, follow
            assert status_text(ben).startswith("Ben to play")

            assert answers(server), "the server stopped answering HTTP"
            assert memory(server) < MOST_MEMORY, (before, memory(server))
            assert legacy == {"opened": False, "closed": True, "heard": 0}, legacy
            assert "without the v1.kernel.websocket.jupyter.org protocol" in server.text()

        # Ben leaves: his page's leave beacon (with the _xsrf token of the cookie his
        # preheated page was sent) shuts his kernel down.
        kernel = kernel_of(ben)
        assert alive(server, kernel)
        ben.close(run_before_unload=True)
        end = time.monotonic() + 10
        while alive(server, kernel):
            assert time.monotonic() < end, "the leave beacon did not shut the kernel down"
            time.sleep(0.1)
