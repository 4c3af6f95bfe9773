"""A class at play while hostile clients attack the server: a benchmark that prints
figures (not a test).

    python benchmarks/classroom_abuse.py [--seats 30] [--hostile] [--seconds 60]
                                         [--think 1.0] [--pool 8] [--attacks abcd]

Serves a class as a teacher does (``python -m dweebies_widget.classroom serve`` with a
fresh store, a strong teacher password made up for the run and, when the server has the
option, a ``--limits`` file with the default limits), opens ``--seats / 2`` tables of two
students and seats a **wire student** at every seat: no browser, but the same messages a
page sends.  Each
student is a device of its own: every connection it makes starts from its own address
(``127.0.0.N``), so the server's caps per device apply as in a class.  A student GETs the
lobby page, reads its kernel's id in the page, opens the kernel's websocket with the page's
protocol (``v1.kernel.websocket.jupyter.org``), asks for every widget's state
(``jupyter.widget.control``), types a name, a PIN and the table's code in the boxes it
finds by their placeholders and clicks Join.  Then the two students of each table play
through the board's keyboard path, as a student with a keyboard does: ``1`` picks the first
card of the hand, the arrows move the cursor to a lit cell, Enter places the card (the lit
cells are read from the store, as a spectator sees the table).  A student moves once both
pages show every move made so far and theirs says it is their turn, after ``--think``
seconds more.  The time of a move is from its Enter to the moment the **other** student's
move log shows it (both measured here, on one clock).  A table whose game ends stops; the
round ends after ``--seconds``.  The students GET the pages only, not the files a browser
fetches with them (scripts, styles: ``classroom_boards.py`` measures those).

``--hostile`` plays a second round on a fresh server, the same class with, at the same
time, these clients:

a. a student who opens their own seat's kernel websocket *without* the subprotocol (the
   old protocol) every 3 seconds and waits for the board's redraws (binary frames) on it:
   Voila 0.5.13 reads the old frames as new ones and stalls (see docs/classroom.md);
b. a flood of page requests (GET of the lobby) from 4 addresses, one after another, each
   as fast as the server answers: every page is a kernel;
c. a guesser of the teacher password, through the teacher's page, as a browser would: it
   types a guess in the password box and clicks Open, again and again;
d. a page that sends a message of 1 MiB, then 2000 small messages at once (and counts the
   answers), every 5 seconds.

(``--attacks`` picks some of them: ``--attacks a`` is the old-protocol client alone.)

It prints one line per round: moves made, moves a second, the median and 95th percentile
time for a move to reach the other seat, the moves lost (not on the other seat within 20 s:
that table stops), the server's largest memory (Voila and every kernel, resident), the most
kernels at once, the pages refused (HTTP 503, "the class is full") and the machine's load;
then what the hostile clients got.  A request to the server every second tells whether it
still answers: a server that stops answering (no answer for 30 seconds, or a Voila process
over 1 GiB of memory) ends the round, and a round whose tables stopped while the server had
not answered for 10 seconds says so too ("SERVER STALLED").  Everything started here is
stopped at the end (the server's process group and every process under it), whatever
happens, and a round that runs past its time is cut short and says so.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from classroom_boards import ROOT, descendants, free_port, rss_mib
from classroom_wire import KERNEL_ID, PROTOCOL, Models, decode, encode
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from dweebies_widget.classroom import Classroom

PASSWORD = f"bench-{secrets.token_hex(8)}-class"
"""The teacher password of the benchmark's classroom: strong, and new each run."""
HOST = "127.0.0.1"
START_WAIT = 180.0
"""Seconds every seat has to reach its board before the round starts without it."""
MOVE_WAIT = 20.0
"""Seconds a move may take to reach the other seat before it counts as lost."""
STALLED = 30.0
"""Seconds without an answer from the server after which it counts as stalled (a busy server
answers within a few seconds even while a class arrives)."""
MEMORY_CAP = 1024
"""MiB of resident memory of the Voila process (about 120 when well) at which the round is
stopped."""
SILENT = 10.0
"""Seconds without an answer from the server that, when every table has stopped, say why."""
ARRIVAL = 1.0
"""Seconds between two students' arrivals."""
FLOODERS = 4
"""Addresses the page flood comes from."""
LOG_ITEM = re.compile(r"<li\b")


def address(n: int) -> str:
    """The address of device ``n`` (``127.0.0.N``; 1 is the server's own)."""
    return f"127.0.{n // 250}.{n % 250 + 2}"


# ---------------------------------------------------------------------------- HTTP
@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    cookies: dict[str, str]


async def http(method: str, port: int, path: str, source: str, *, follow: bool = True,
               cookies: dict[str, str] | None = None, timeout: float = 60.0) -> Reply:  # fmt: skip
    """One HTTP/1.1 request from ``source`` (a connection of its own, closed after)."""
    jar = dict(cookies or {})
    for _ in range(5):
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(HOST, port, local_addr=(source, 0)), timeout
        )
        try:
            cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
            request = (
                f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n"
                + (f"Cookie: {cookie}\r\n" if cookie else "")
                + "Content-Length: 0\r\n\r\n"
            )
            writer.write(request.encode())
            raw = await asyncio.wait_for(reader.read(), timeout)
        finally:
            writer.close()
        head, _, body = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        if not lines[0].startswith("HTTP/"):
            raise ConnectionError("no answer")
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.lower() == "set-cookie":
                key, _, rest = value.strip().partition("=")
                jar[key] = rest.split(";")[0]
            elif name:
                headers[name.lower()] = value.strip()
        if headers.get("transfer-encoding") == "chunked":
            body = unchunk(body)
        status = int(lines[0].split()[1])
        if follow and status in (301, 302, 303, 307, 308):
            where = urlsplit(headers["location"])
            path = where.path + (f"?{where.query}" if where.query else "")
            continue
        return Reply(status, headers, body, jar)
    raise ConnectionError(f"too many redirects from {path}")


def unchunk(body: bytes) -> bytes:
    chunks, rest = [], body
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        chunks.append(rest[:size])
        rest = rest[size + 2 :]
    return b"".join(chunks)


# ---------------------------------------------------------------------------- a page
class Page:
    """One page a device opened: its kernel's websocket (the page's protocol), the widgets
    it knows and what its move log showed, when."""

    def __init__(self, port: int, source: str, counts: Counts) -> None:
        self.port, self.source, self.counts = port, source, counts
        self.session = str(uuid.uuid4())
        self.models = Models()
        self.kernel = ""
        self.cookies: dict[str, str] = {}
        self.ws: ClientConnection | None = None
        self.log_count = 0
        self.log_seen: dict[int, float] = {}
        """When the move log first showed each number of moves (this process's clock)."""
        self.updates: list[tuple[str, dict[str, Any]]] = []
        """Every widget update received: its comm id and the state sent."""
        self.heard = asyncio.Condition()
        self.reader: asyncio.Task[None] | None = None

    async def open(self, path: str, wait: float = START_WAIT) -> None:
        """GET the page at ``path`` (again while the class is full, until ``wait`` seconds
        have passed), open its kernel's websocket and learn every widget's state."""
        end = time.monotonic() + wait
        while True:
            reply = await http("GET", self.port, path, self.source, timeout=wait)
            self.counts.pages += 1
            if reply.status != 503:
                break
            self.counts.refused += 1
            if time.monotonic() > end:
                raise RuntimeError("the class stayed full")
            await asyncio.sleep(2)
        found = KERNEL_ID.search(reply.body.decode(errors="replace"))
        if reply.status != 200 or found is None:
            raise RuntimeError(f"GET {path}: HTTP {reply.status}, no kernel id")
        self.kernel, self.cookies = found.group(1), reply.cookies
        self.ws = await self.connect(PROTOCOL)
        await self.send("kernel_info_request", {})
        while (await self.receive())[0] != "kernel_info_reply":
            pass
        control = str(uuid.uuid4())
        await self.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                      "data": {}}, {"version": "1.0.0"})  # fmt: skip
        await self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        while (await self.receive())[2].get("method") != "update_states":
            pass
        await self.send("comm_close", {"comm_id": control, "data": {}})
        self.reader = asyncio.ensure_future(self._read())

    async def connect(self, protocol: str | None) -> ClientConnection:
        """A websocket to this page's kernel, with ``protocol`` (``None``: the old one)."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return await connect(
            f"ws://{HOST}:{self.port}/api/kernels/{self.kernel}/channels"
            f"?session_id={uuid.uuid4() if protocol is None else self.session}",
            subprotocols=[protocol] if protocol else None,  # type: ignore[list-item]
            origin=f"http://{HOST}:{self.port}",  # type: ignore[arg-type]
            additional_headers={"Cookie": cookie} if cookie else None,
            compression=None, max_size=None, max_queue=None, open_timeout=30,
            local_addr=(self.source, 0),
        )  # fmt: skip

    async def send(self, msg_type: str, content: dict[str, Any],
                   metadata: dict[str, Any] | None = None) -> None:  # fmt: skip
        assert self.ws is not None
        await self.ws.send(encode(self.session, msg_type, content, metadata or {}))

    async def update(self, comm: str, state: dict[str, Any]) -> None:
        await self.send("comm_msg", {"comm_id": comm, "data": {
            "method": "update", "state": state, "buffer_paths": []}})  # fmt: skip

    async def custom(self, comm: str, content: dict[str, Any]) -> None:
        await self.send("comm_msg", {"comm_id": comm, "data": {
            "method": "custom", "content": content}})  # fmt: skip

    async def click(self, comm: str) -> None:
        await self.custom(comm, {"event": "click"})

    async def key(self, key: str) -> None:
        """A key pressed on the board (the canvas has the keyboard's focus)."""
        await self.custom(self.board(), {"event": "key_down", "key": key, "shift_key": False,
                                         "ctrl_key": False, "meta_key": False})  # fmt: skip

    async def receive(self) -> tuple[str, str, dict[str, Any]]:
        """The next message: its type, comm id and data (the widgets' states follow it)."""
        assert self.ws is not None
        frame = await self.ws.recv()
        if not isinstance(frame, bytes):
            raise RuntimeError("the server spoke text on a binary socket")
        _, header, content, _ = decode(frame)
        msg_type = header["msg_type"]
        comm, data = self.models.seen(msg_type, content)
        return msg_type, comm, data

    async def _read(self) -> None:
        """Read every message until the socket closes; answer a new canvas's view as the
        page does (``client_ready``) and note when the move log grows."""
        with contextlib.suppress(Exception):
            while True:
                msg_type, comm, data = await self.receive()
                state = self.models.state.get(comm, {})
                if msg_type == "comm_open" and state.get("_send_client_ready_event"):
                    await self.custom(comm, {"event": "client_ready"})
                if data.get("method") == "update":
                    self.updates.append((comm, data.get("state", {})))
                    if "dweebies-log" in state.get("_dom_classes", ()):
                        self.log_count = len(LOG_ITEM.findall(str(state.get("value", ""))))
                        self.log_seen.setdefault(self.log_count, time.monotonic())
                async with self.heard:
                    self.heard.notify_all()

    async def until(self, done: Callable[[], object], wait: float) -> bool:
        """Wait (at most ``wait`` seconds) until ``done()``; whether it came true."""
        try:
            async with self.heard:
                await asyncio.wait_for(self.heard.wait_for(done), wait)
        except TimeoutError:
            return False
        return True

    def find(self, test: Callable[[dict[str, Any]], bool]) -> str:
        """The comm id of the one widget whose state passes ``test``."""
        found = [comm for comm, state in self.models.state.items() if test(state)]
        if len(found) != 1:
            raise LookupError(f"{len(found)} widgets fit")
        return found[0]

    def box(self, placeholder: str) -> str:
        return self.find(lambda s: s.get("placeholder") == placeholder)

    def button(self, label: str) -> str:
        return self.find(lambda s: s.get("_model_name") == "ButtonModel"
                         and s.get("description") == label
                         and not s.get("tooltip", "").endswith("this table"))  # fmt: skip

    def board(self) -> str:
        return self.find(lambda s: s.get("_model_name") == "CanvasModel"
                         and bool(s.get("_send_client_ready_event")))  # fmt: skip

    def status(self) -> str:
        """The board's status line, as text (empty before the board)."""
        return re.sub(r"<[^>]+>", "", self.models.status())

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)


# ---------------------------------------------------------------------------- the class
@dataclass
class Counts:
    """What one round saw."""

    pages: int = 0
    refused: int = 0
    """Pages refused with HTTP 503 ("the class is full")."""
    moves: int = 0
    times: list[float] = field(default_factory=list)
    """Seconds from a move's Enter to the other seat's move log showing it."""
    lost: int = 0
    """Moves that did not reach the other seat in :data:`MOVE_WAIT` seconds."""
    seated: int = 0
    games_over: int = 0
    began: float = 0.0
    """When play began (``time.monotonic``; 0 while the class sits down)."""
    played: float = 0.0
    """Seconds the round was played."""
    rss_max: float = 0.0
    """MiB, Voila and its kernels."""
    voila_rss_max: float = 0.0
    kernels_max: int = 0
    answered: float = 0.0
    """When the server last answered a request (``time.monotonic``)."""
    load: float = 0.0
    """The machine's load average (1 minute) when play ended."""
    ended: str = ""
    """How the round ended, in words."""
    hostile: dict[str, int] = field(default_factory=dict)
    """What the hostile clients did and got (see :func:`hostile_line`)."""

    def add(self, key: str, n: int = 1) -> None:
        self.hostile[key] = self.hostile.get(key, 0) + n


@dataclass
class Seat:
    name: str
    pin: str
    page: Page

    def my_turn(self) -> bool:
        return self.page.status().startswith(f"{self.name} to play")


def keys_for(picture: Any) -> list[str]:
    """The keys that pick the first card and place it on the lit cell nearest the cursor's
    start (the last move, else the first lit cell)."""
    legal = list(picture.legal)
    start = picture.last.move.cell if picture.last is not None else legal[0]
    target = min(legal, key=lambda c: (abs(c[0] - start[0]) + abs(c[1] - start[1]), c))
    dr, dc = target[0] - start[0], target[1] - start[1]
    arrows = ["ArrowDown"] * dr + ["ArrowUp"] * -dr + ["ArrowRight"] * dc + ["ArrowLeft"] * -dc
    return ["1", *(arrows or ["ArrowRight", "ArrowLeft"]), "Enter"]


async def sit(seat: Seat, code: str) -> None:
    """The student opens the lobby, types name, PIN and code, and clicks Join."""
    page = seat.page
    await page.open("/")
    await page.update(page.box("your name"), {"value": seat.name})
    await page.update(page.box("4 digits"), {"value": seat.pin})
    await page.update(page.box("like K7QX"), {"value": code})
    await page.click(page.button("Join"))


async def play_table(code: str, seats: list[Seat], room: Classroom, until: float, think: float,
                     counts: Counts) -> None:  # fmt: skip
    """The two students of table ``code`` play in turn until ``until`` or the game's end.

    Before each move both pages must show every move made so far (their move logs as long as
    the table's history) and the mover's page its turn; the move's time ends when the other
    page's log grows past that length."""
    by_name = {s.name: s for s in seats}
    while time.monotonic() < until:
        picture = await asyncio.to_thread(room.spectate, code)
        if picture.current_player is None or picture.status != "playing":
            counts.games_over += 1
            return
        mover = by_name[str(picture.seats[picture.current_player].name)]
        other = next(s for s in seats if s is not mover)
        made = picture.moves

        def shown(seat: Seat, turn: bool, made: int = made) -> Callable[[], bool]:
            return lambda: seat.page.log_count >= made and (seat.my_turn() or not turn)

        if not (await mover.page.until(shown(mover, True), MOVE_WAIT)
                and await other.page.until(shown(other, False), MOVE_WAIT)):  # fmt: skip
            counts.lost += 1
            print(f"  table {code}: the pages did not show move {made} within {MOVE_WAIT:.0f} s "
                  f"({mover.name}: {mover.page.status()[:40]!r}, {mover.page.log_count} in the "
                  f"log; {other.name}: {other.page.log_count})", file=sys.stderr)  # fmt: skip
            return
        await asyncio.sleep(think)
        if time.monotonic() >= until:
            return
        *keys, enter = keys_for(picture)
        for key in keys:
            await mover.page.key(key)
        sent = time.monotonic()
        await mover.page.key(enter)
        if not await other.page.until(lambda: other.page.log_count > made, MOVE_WAIT):  # noqa: B023
            counts.lost += 1
            print(f"  table {code}: {mover.name}'s move did not reach {other.name} within "
                  f"{MOVE_WAIT:.0f} s; {mover.name}'s page: {mover.page.status()[:40]!r}, "
                  f"{other.name}'s: {other.page.status()[:40]!r} ({other.page.log_count} moves "
                  f"in its log, {mover.page.log_count} in {mover.name}'s)",
                  file=sys.stderr)  # fmt: skip
            return
        counts.moves += 1
        counts.times.append(other.page.log_seen.get(made + 1, time.monotonic()) - sent)


# ---------------------------------------------------------------------------- hostile clients
async def old_protocol(page: Page, stop: asyncio.Event, counts: Counts) -> None:
    """(a) A seat's own student opens the seat's kernel websocket without the subprotocol
    every 3 seconds and waits there 3 seconds for the board's redraws."""
    while not stop.is_set():
        counts.add("old tried")
        try:
            ws = await page.connect(None)
        except InvalidStatus as refused:
            counts.add(f"old refused {refused.response.status_code}")
        except Exception:  # noqa: BLE001 - a server that does not answer
            counts.add("old failed")
        else:
            counts.add("old opened")
            with contextlib.suppress(Exception):
                end = time.monotonic() + 3
                while time.monotonic() < end:
                    frame = await asyncio.wait_for(ws.recv(), end - time.monotonic())
                    if isinstance(frame, bytes):
                        counts.add("old binary frames")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 3)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 3)


async def flood(port: int, source: str, stop: asyncio.Event, counts: Counts) -> None:
    """(b) GETs of the lobby from ``source``, one after another, as fast as answered."""
    while not stop.is_set():
        try:
            reply = await http("GET", port, "/", source, timeout=30)
        except Exception:  # noqa: BLE001 - counted
            counts.add("flood errors")
            await asyncio.sleep(1)
            continue
        counts.pages += 1
        counts.add("flood GETs")
        counts.add(f"flood {reply.status}")
        if reply.status == 503:
            counts.refused += 1


async def guesser(port: int, source: str, stop: asyncio.Event, counts: Counts) -> None:
    """(c) Teacher password guesses through the teacher's page: a guess in the password
    box, a click on Open, at most 2 a second, each waiting for the page's answer."""
    page = Page(port, source, counts)
    try:
        await page.open("/teacher", wait=60)
        box, button = page.box("teacher password"), page.button("Open")
        message = page.find(lambda s: "dweebies-message" in s.get("_dom_classes", ()))
    except Exception:  # noqa: BLE001 - counted
        counts.add("guess page failed")
        await page.close()
        return
    n = 0
    while not stop.is_set():
        n += 1
        began = time.monotonic()
        seen = len(page.updates)

        def answered(seen: int = seen) -> bool:
            return any(comm == message and "value" in state and "Checking" not in state["value"]
                       for comm, state in page.updates[seen:])  # fmt: skip

        await page.update(box, {"value": f"guess-{n:04d}-owl"})
        await page.click(button)
        counts.add("guesses")
        if not await page.until(answered, 20):
            counts.add("guesses unanswered")
            continue
        text = str(page.models.state[message].get("value", ""))
        counts.add("guesses locked out" if "Too many" in text or "locked" in text
                   else "guesses wrong")  # fmt: skip
        await asyncio.sleep(max(0.0, 0.5 - (time.monotonic() - began)))
    await page.close()


async def big_and_fast(port: int, source: str, stop: asyncio.Event, counts: Counts) -> None:
    """(d) A page of its own; every 5 seconds a 1 MiB message on one connection, then 2000
    small messages at once on another."""
    page = Page(port, source, counts)
    try:
        await page.open("/", wait=60)
        await page.close()
    except Exception:  # noqa: BLE001 - counted
        counts.add("big page failed")
        return
    while not stop.is_set():
        for kind in ("big", "fast"):
            try:
                ws = await page.connect(PROTOCOL)
            except Exception:  # noqa: BLE001 - counted
                counts.add(f"{kind} refused")
                continue
            counts.add(f"{kind} tries")
            page.ws = ws
            answers = 0
            with contextlib.suppress(Exception):
                if kind == "big":
                    await page.send("comm_msg", {"comm_id": "x", "data": {"x": "a" * 2**20}})
                else:
                    for _ in range(2000):
                        await page.send("comm_info_request", {})
                end = time.monotonic() + 15  # until 3 s without a message, at most 15 s
                while time.monotonic() < end:
                    frame = await asyncio.wait_for(ws.recv(), min(3, end - time.monotonic()))
                    if (
                        isinstance(frame, bytes)
                        and decode(frame)[1]["msg_type"] == "comm_info_reply"
                    ):
                        answers += 1
            if ws.close_code is not None:
                counts.add(f"{kind} closed")
            counts.add(f"{kind} answers", answers)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 3)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 5)


# ---------------------------------------------------------------------------- the server
class Server:
    """The classroom server in a process group of its own, its store and its log."""

    def __init__(self, folder: Path, pool: int) -> None:
        self.store = str(folder / "class.sqlite")
        self.port = free_port()
        self.log = folder / "serve.log"
        command = [sys.executable, "-m", "dweebies_widget.classroom", "serve", "--store",
                   self.store, "--port", str(self.port), "--pool", str(pool)]  # fmt: skip
        self.limits = has_option("--limits")
        if self.limits:
            from dweebies_widget.classroom.limits import Limits

            toml = "[limits]\n" + "".join(
                f"{k} = {v!r}\n" for k, v in json.loads(Limits().to_env()).items()
            )
            (folder / "limits.toml").write_text(toml)
            command += ["--limits", str(folder / "limits.toml")]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DWEEBIES_TEACHER_PASSWORD": PASSWORD,
               "JUPYTER_RUNTIME_DIR": str(folder / "runtime")}  # fmt: skip
        self.process = subprocess.Popen(
            command, cwd=folder, env=env, stdout=self.log.open("wb"), stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self.seen: set[int] = {self.process.pid}
        """Every process seen under the server (kernels start sessions of their own)."""

    def started(self, wait: float = 120) -> None:
        end = time.monotonic() + wait
        while "Stop with Ctrl+C" not in self.log.read_text(errors="replace"):
            if self.process.poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"the server did not start:\n{self.text()[-2000:]}")
            time.sleep(0.2)
        while time.monotonic() < end:
            with contextlib.suppress(OSError), socket.create_connection((HOST, self.port), 0.5):
                return
            time.sleep(0.2)
        raise RuntimeError("the server did not listen")

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def sample(self) -> tuple[float, float, int]:
        """MiB of Voila, MiB of Voila and its kernels, and the number of kernels, now."""
        pids = descendants(self.process.pid)
        self.seen |= pids
        voila = rss_mib(self.process.pid)
        return voila, voila + sum(rss_mib(p) for p in pids - {self.process.pid}), len(pids) - 1

    def stop(self) -> None:
        """Stop the server: SIGTERM to its group, SIGKILL after 10 seconds; then every
        process ever seen under it."""
        self.seen |= descendants(self.process.pid)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        for pid in self.seen - {self.process.pid}:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)


def has_option(option: str) -> bool:
    """Whether ``serve`` has ``option`` (the server of this checkout)."""
    out = subprocess.run([sys.executable, "-m", "dweebies_widget.classroom", "serve", "--help"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60).stdout  # fmt: skip
    return option in out


async def watch(server: Server, counts: Counts, stop: asyncio.Event) -> None:
    """Sample the server's memory and kernels each second; a server with no answer to a
    request for :data:`STALLED` seconds, or over :data:`MEMORY_CAP`, ends the round."""
    counts.answered = time.monotonic()

    async def probe() -> None:
        while True:
            with contextlib.suppress(Exception):
                await http("GET", server.port, "/", address(249), follow=False, timeout=5)
                counts.answered = time.monotonic()
            await asyncio.sleep(1)

    prober = asyncio.ensure_future(probe())
    began = time.monotonic()
    try:
        while not stop.is_set():
            voila, total, kernels = server.sample()
            counts.voila_rss_max = max(counts.voila_rss_max, voila)
            counts.rss_max = max(counts.rss_max, total)
            counts.kernels_max = max(counts.kernels_max, kernels)
            silent = time.monotonic() - counts.answered
            if silent > STALLED or voila > MEMORY_CAP or server.process.poll() is not None:
                now = time.monotonic()
                when = (f"{now - counts.began:.0f} s into play" if counts.began
                        else f"{now - began:.0f} s after the class began to sit")  # fmt: skip
                counts.ended = (
                    f"SERVER STALLED {when}: "
                    + (f"no answer for {silent:.0f} s, " if silent > STALLED else "")
                    + f"Voila at {voila:.0f} MiB"
                    + (", exited" if server.process.poll() is not None else "")
                )
                stop.set()
                break
            await asyncio.sleep(1)
    finally:
        prober.cancel()


# ---------------------------------------------------------------------------- a round
async def class_round(server: Server, codes: list[str], args: argparse.Namespace,
                      hostile: bool, counts: Counts) -> None:  # fmt: skip
    """Seat the class, play ``args.seconds`` (with the hostile clients if ``hostile``)."""
    stop = asyncio.Event()
    watcher = asyncio.ensure_future(watch(server, counts, stop))
    seats = [Seat(f"Student {i + 1}", f"{1000 + 37 * i}", Page(server.port, address(i), counts))
             for i in range(2 * len(codes))]  # fmt: skip
    tasks: list[asyncio.Task[Any]] = []
    room = Classroom(server.store)
    try:

        async def arrive(i: int) -> None:
            await asyncio.sleep(ARRIVAL * i)
            await sit(seats[i], codes[i // 2])

        arrivals = [asyncio.ensure_future(arrive(i)) for i in range(len(seats))]
        stopped = asyncio.ensure_future(stop.wait())
        tasks.append(stopped)
        arrived: asyncio.Future[Any] = asyncio.gather(*arrivals, return_exceptions=True)
        await asyncio.wait([arrived, stopped],
                           timeout=START_WAIT, return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        ready: asyncio.Future[Any] = asyncio.gather(
            *(s.page.until(s.page.status, START_WAIT) for s in seats if s.page.reader)
        )
        await asyncio.wait([ready, stopped], timeout=START_WAIT,
                           return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        for a in arrivals:
            if a.done() and not a.cancelled() and a.exception() is not None:
                print(f"  a seat failed to sit: {a.exception()!r}", file=sys.stderr)
            forget(a)
        forget(ready)
        counts.seated = sum(1 for s in seats if s.page.status())
        playing = [(c, seats[2 * k : 2 * k + 2]) for k, c in enumerate(codes)
                   if all(s.page.status() for s in seats[2 * k : 2 * k + 2])]  # fmt: skip
        if stop.is_set():
            return
        print(f"  {counts.seated} of {len(seats)} seats at their boards, "
              f"{len(playing)} tables play", flush=True)  # fmt: skip
        if hostile:
            attacks = {
                "a": lambda: [old_protocol(seats[0].page, stop, counts)],
                "b": lambda: [flood(server.port, address(200 + j), stop, counts)
                              for j in range(FLOODERS)],
                "c": lambda: [guesser(server.port, address(230), stop, counts)],
                "d": lambda: [big_and_fast(server.port, address(240), stop, counts)],
            }  # fmt: skip
            for letter in args.attacks:
                tasks += [asyncio.ensure_future(c) for c in attacks[letter]()]
        began = counts.began = time.monotonic()
        until = began + args.seconds
        games = [play_table(c, s, room, until, args.think, counts) for c, s in playing]
        tables: asyncio.Future[Any] = asyncio.gather(*games, return_exceptions=True)
        await asyncio.wait([tables, stopped], timeout=args.seconds + MOVE_WAIT + 10,
                           return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
        counts.played = time.monotonic() - began
        counts.load = os.getloadavg()[0]
        if tables.done() and not tables.cancelled():
            for failed in tables.result():
                if isinstance(failed, BaseException):
                    print(f"  a table failed: {failed!r}", file=sys.stderr)
        silent = time.monotonic() - counts.answered
        if stop.is_set():
            pass  # the watcher said why
        elif silent > SILENT:
            counts.ended = f"SERVER STALLED: no answer for {silent:.0f} s when play stopped"
        else:
            counts.ended = f"played {counts.played:.0f} s" + (
                "" if tables.done() else ", timed out"
            )
        forget(tables)
    finally:
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.wait([*tasks, watcher], timeout=10)
        await asyncio.wait([asyncio.ensure_future(s.page.close()) for s in seats], timeout=10)
        room.close()


def forget(future: asyncio.Future[Any]) -> None:
    """Cancel ``future`` and let its end go unread (a cancelled round's waits)."""
    future.cancel()
    future.add_done_callback(lambda f: f.cancelled() or f.exception())


def run_round(args: argparse.Namespace, hostile: bool) -> Counts:
    """One round on a fresh server, which is stopped at the end whatever happens."""
    counts = Counts()
    with tempfile.TemporaryDirectory(prefix="dweebies-abuse-") as folder:
        server = Server(Path(folder), args.pool)
        try:
            server.started()
            with Classroom(server.store, teacher_password=PASSWORD) as room:
                codes = [room.create_table(players=2) for _ in range(args.seats // 2)]
            total = START_WAIT * 2 + args.seconds + MOVE_WAIT + 60
            try:
                asyncio.run(asyncio.wait_for(class_round(server, codes, args, hostile, counts),
                                             total))  # fmt: skip
            except TimeoutError:
                counts.ended = counts.ended or f"TIMED OUT after {total:.0f} s"
        finally:
            server.stop()
    return counts


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


HEADER = (
    f"{'round':<8} {'seats':>5} {'moves':>6} {'moves/s':>8} {'p50 ms':>7} {'p95 ms':>7} "
    f"{'max ms':>7} {'lost':>5} {'RSS max MiB':>14} {'kernels max':>12} {'refused 503':>12} "
    f"{'load':>5}"
)


def row(label: str, c: Counts) -> str:
    ms = [t * 1000 for t in c.times]
    rate = c.moves / c.played if c.played else float("nan")
    return (f"{label:<8} {c.seated:>5} {c.moves:>6} {rate:>8.1f} "
            f"{statistics.median(ms) if ms else float('nan'):>7.0f} {percentile(ms, 0.95):>7.0f} "
            f"{max(ms, default=float('nan')):>7.0f} {c.lost:>5} "
            f"{c.rss_max:>7.0f} ({c.voila_rss_max:>4.0f}) {c.kernels_max:>12} {c.refused:>12} "
            f"{c.load:>5.1f}   {c.ended}")  # fmt: skip


def hostile_line(c: Counts, attacks: str) -> str:
    """What the hostile clients ``attacks`` (letters) did and got."""
    h = c.hostile
    refused = ", ".join(f"{v} refused with HTTP {k.split()[-1]}" for k, v in sorted(h.items())
                        if k.startswith("old refused"))  # fmt: skip
    pages = ", ".join(f"{v} x HTTP {k.split()[-1]}" for k, v in sorted(h.items())
                      if k.startswith("flood ") and k.split()[-1].isdigit())  # fmt: skip
    tries = {k: h.get(f"{k} tries", 0) for k in ("big", "fast")}
    lines = {
        "a": f"(a) old-protocol sockets to a seat's kernel: {h.get('old tried', 0)} tried, "
        f"{h.get('old opened', 0)} opened, {refused or 'none refused'}, "
        f"{h.get('old failed', 0)} failed; binary frames received: "
        f"{h.get('old binary frames', 0)}",
        "b": f"(b) lobby GET flood from {FLOODERS} addresses: {h.get('flood GETs', 0)} answered "
        f"({pages or 'none'}), {h.get('flood errors', 0)} errors or no answer",
        "c": f"(c) teacher password guesses (the teacher's page): {h.get('guesses', 0)} typed, "
        f"{h.get('guesses wrong', 0)} 'wrong password', {h.get('guesses locked out', 0)} "
        f"'locked', {h.get('guesses unanswered', 0)} unanswered"
        f"{' (the page did not open)' if h.get('guess page failed') else ''}",
        "d": f"(d) 1 MiB message: {h.get('big closed', 0)} of {tries['big']} connections "
        f"closed; 2000 messages at once: {h.get('fast answers', 0) / max(tries['fast'], 1):.0f} "
        f"answered on average, {h.get('fast closed', 0)} of {tries['fast']} connections "
        f"closed{'' if not h.get('big page failed') else ' (its page did not open)'}",
    }
    return "hostile clients:\n" + "\n".join(f"  {lines[a]}" for a in attacks)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=30, help="students, two a table")
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of play a round")
    parser.add_argument("--hostile", action="store_true",
                        help="a second round with the hostile clients")  # fmt: skip
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a student waits before a move")  # fmt: skip
    parser.add_argument("--pool", type=int, default=8, help="the server's --pool")
    parser.add_argument("--attacks", default="abcd",
                        help="the hostile clients to run, by letter")  # fmt: skip
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, cwd=ROOT).stdout.strip()  # fmt: skip
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, cwd=ROOT).stdout.strip()  # fmt: skip
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
          f"commit {commit}{' with changes' if dirty else ''}; {args.seats} seats, "
          f"{args.seconds:.0f} s a round, {args.think} s to think; load average "
          f"{os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
    rounds = [("calm", False)] + ([("hostile", True)] if args.hostile else [])
    done = []
    for label, hostile in rounds:
        print(f"{label} round...", flush=True)
        done.append((label, run_round(args, hostile)))
    print(HEADER)
    for label, counts in done:
        print(row(label, counts))
    print("(RSS max: Voila and its kernels, resident; in brackets Voila alone. A move's time: "
          "from its Enter to the other seat's move log. load: the machine's load average when "
          "play ended.)")  # fmt: skip
    for label, counts in done:
        if label == "hostile":
            print(hostile_line(counts, args.attacks))


if __name__ == "__main__":
    main()
