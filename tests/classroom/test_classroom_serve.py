"""``python -m dweebies_widget.classroom serve`` (``make classroom``) as a teacher starts it:
with no option it keeps the class in ``classroom.sqlite`` in the folder it is started in,
prints the addresses students and the teacher type, and serves this machine only; with
``--lan`` it prints this machine's address on the local network and serves it there.  Each
server runs for real (Voila, without a pool of kernels: no page is opened here) and is
asked for its two addresses over HTTP."""

from __future__ import annotations

import html
import http.client
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser_pages import SOURCE, free_port, wait_for_port

from dweebies_widget.classroom import Classroom, WrongPassword
from dweebies_widget.classroom.address import lan_ip
from dweebies_widget.classroom.serve import FILL_DELAY, LOBBY, REFILL_EVERY
from dweebies_widget.lessons import lessons

PASSWORD = "maple-kettle-harbour-42"
PUZZLE_PAGE = f"{Path(LOBBY).parent.as_posix()}/puzzles.ipynb"


@contextmanager
def serving(folder: Path, *options: str) -> Iterator[tuple[int, str]]:
    """The server started in ``folder`` with ``options``: its port and what it printed
    once it answers."""
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")])),
        "DWEEBIES_TEACHER_PASSWORD": PASSWORD,
        "JUPYTER_CONFIG_DIR": str(folder / "config"),
        "JUPYTER_RUNTIME_DIR": str(folder / "runtime"),
    }
    command = [sys.executable, "-m", "dweebies_widget.classroom", "serve", "--port", str(port),
               "--pool", "0", *options]  # fmt: skip
    log = folder / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=folder, env=env, stdout=out, stderr=out)
    try:
        wait_for_port(port, process)
        end = time.monotonic() + 30
        while "Stop with Ctrl+C." not in log.read_text(errors="replace"):
            assert time.monotonic() < end, log.read_text(errors="replace")
            time.sleep(0.05)
        yield port, log.read_text(errors="replace")
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def where_to(address: str) -> str:
    """Where the server sends a browser that opens ``address`` (it is not followed)."""
    url = urlsplit(address)
    connection = http.client.HTTPConnection(url.hostname or "", url.port, timeout=10)
    try:
        connection.request("GET", url.path)
        response = connection.getresponse()
        assert response.status in (301, 302), response.status
        return str(response.getheader("Location"))
    finally:
        connection.close()


def refused(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=2):
            return False
    except OSError:
        return True


@pytest.fixture(scope="module")
def default_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, int, str]]:
    """One server with the default options for the tests of this module that only ask it
    things: its folder, its port and what it printed once it answers."""
    folder = tmp_path_factory.mktemp("default")
    with serving(folder) as (port, printed):
        yield folder, port, printed


def test_serve_keeps_the_class_in_classroom_sqlite_and_serves_this_machine_only(
    default_server: tuple[Path, int, str],
) -> None:
    folder, port, printed = default_server
    students, teacher = f"http://127.0.0.1:{port}/", f"http://127.0.0.1:{port}/teacher"
    assert f"  Students open:     {students}\n" in printed
    assert f"  Teacher's page:    {teacher}  (with the password)\n" in printed
    assert "add --lan for the class" in printed
    assert where_to(students).endswith("/voila/render/classroom/notebooks/lobby.ipynb")
    assert where_to(teacher).endswith("/voila/render/classroom/notebooks/teacher.ipynb")
    if lan_ip() != "127.0.0.1":
        assert refused(lan_ip(), port)  # not on the local network
    store = folder / "classroom.sqlite"
    assert f"the store file {str(store)!r}, 0 table(s)" in printed
    with pytest.raises(WrongPassword):
        Classroom(store, teacher_password="cat")
    Classroom(store, teacher_password=PASSWORD).close()  # the password it was started with


def test_the_server_serves_the_puzzle_page(default_server: tuple[Path, int, str]) -> None:
    """The classroom server renders the puzzle page's notebook (a kernel runs it) without
    an error, over the store it serves."""
    _folder, port, _printed = default_server
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        connection.request("GET", f"/voila/render/{PUZZLE_PAGE}")
        response = connection.getresponse()
        page = response.read().decode("utf-8", errors="replace")
    finally:
        connection.close()
    assert response.status == 200
    assert "application/vnd.jupyter.widget-view+json" in page
    assert "Traceback" not in page and '"output_type": "error"' not in page
    assert "PuzzlePage(children=" in page  # the page found the server's store
    assert "Type your name and a PIN of 4 digits" in page


def test_serve_lan_prints_and_serves_this_machines_local_network_address(tmp_path: Path) -> None:
    host = lan_ip()
    with socket.socket() as s:
        s.bind((host, 0))  # an address of this machine
    with serving(tmp_path, "--lan", "--store", "lesson.sqlite") as (port, printed):
        students = f"http://{host}:{port}/"
        assert f"  Students open:     {students}\n" in printed
        assert f"  Teacher's page:    {students}teacher  (with the password)\n" in printed
        assert "add --lan" not in printed
        assert where_to(students).endswith("/voila/render/classroom/notebooks/lobby.ipynb")
        teacher_page = where_to(f"{students}teacher")
        assert teacher_page.endswith("/voila/render/classroom/notebooks/teacher.ipynb")
        assert f"  Puzzles:           {students}puzzles\n" in printed
        puzzle_page = where_to(f"{students}puzzles")
        assert puzzle_page.endswith("/voila/render/classroom/notebooks/puzzles.ipynb")
        # The lesson menu, served beside the lobby (which links to it).
        with urllib.request.urlopen(f"{students}lessons", timeout=60) as response:
            menu = response.read().decode()
        for lesson in lessons():
            assert html.escape(lesson.title) in menu
            assert f"/voila/render/course/notebooks/{lesson.notebook}" in menu
    assert (tmp_path / "lesson.sqlite").exists() and not (tmp_path / "classroom.sqlite").exists()


def test_the_pool_is_refilled_one_kernel_at_a_time_and_never_keeps_a_page_waiting(
    tmp_path: Path,
) -> None:
    """Two pages take the two pooled lobby kernels at once; a third page, while their
    replacements wait, gets a kernel of its own at once instead of one that waits to start;
    the replacements start FILL_DELAY seconds after the pages were asked for, and
    REFILL_EVERY seconds apart (Voila alone would start both together)."""
    log = tmp_path / "serve.log"

    def said(text: str) -> int:
        return log.read_text(errors="replace").count(text)

    def page() -> float:
        """Open the lobby page; when it was asked for."""
        asked = time.monotonic()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        connection.request("GET", "/voila/render/classroom/notebooks/lobby.ipynb")
        response = connection.getresponse()
        assert response.status == 200 and b"dweebies" in response.read().lower()
        connection.close()
        return asked

    with serving(tmp_path, "--pool", "2") as (port, _printed):
        end = time.monotonic() + 120
        while not (
            said("Kernel pool of classroom/notebooks/lobby.ipynb is filled with 2 kernel")
            and said("Kernel pool of classroom/notebooks/puzzles.ipynb is filled with 1 kernel")
        ):
            assert time.monotonic() < end, log.read_text(errors="replace")
            time.sleep(0.1)
        before = said("Kernel started:")  # two lobby kernels, the teacher's and the puzzles'

        asked = [page(), page()]
        assert said("Using pre-heated kernel") == 2
        page()  # the pool's ready kernels are taken: this page starts its own
        assert said("Using pre-heated kernel") == 2
        assert said("Kernel started:") == before + 1  # its own; no replacement yet
        starts: list[float] = []
        end = time.monotonic() + FILL_DELAY + 60
        while len(starts) < 2:
            assert time.monotonic() < end, log.read_text(errors="replace")
            starts += [time.monotonic()] * (said("Kernel started:") - before - 1 - len(starts))
            time.sleep(0.02)
    assert starts[0] >= asked[0] + FILL_DELAY
    # Without the stagger the two would start as far apart as the pages were asked for.
    assert starts[1] - starts[0] >= asked[1] - asked[0] + REFILL_EVERY - 0.5, (asked, starts)
