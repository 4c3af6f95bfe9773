"""Students at the protocol level, for ``classroom_boards.py --modes wire``: what the serving
machine must do for a class, without the cost of rendering the pages on the same cores.

A page is first **recorded** (:func:`record`): one real page (Debian's Chromium through
Playwright, the browser mode's own student) opens the lobby, joins a table and waits for
its board, untimed, while every HTTP request it makes and every message it sends on the
kernel's websocket is written down.  A **wire student** (:func:`wire_student`) then does to
the server what that page did, with no browser: it GETs the page (a fresh one, from the
pool) and every file the page fetched from the server (a first visit, with nothing cached;
6 connections at once, as a browser), the kernel's description, opens the kernel's
websocket with the page's protocol (``v1.kernel.websocket.jupyter.org``: binary frames),
sends the widget manager's handshake (``kernel_info_request``, a ``jupyter.widget.control``
comm and its ``request_states``), finds the lobby's boxes and its Join button in the states
(by placeholder and label), types its name, a PIN and the code, clicks Join, answers the
board's canvas with ``client_ready`` as the canvas's view does, and tells the board its size
once drawn, as the page does (and waits for that drawing); when the round has been
measured, it leaves as the page does (Voila's shutdown request).  The messages it sent are
checked against the recorded page's (:func:`signature`): the same kinds, to the same widgets,
in the same order.

What the server receives is the same; what is left out is the client's own work: no
JavaScript runs, nothing is laid out or painted, and received messages are only parsed.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from websockets.asyncio.client import ClientConnection, connect

PROTOCOL = "v1.kernel.websocket.jupyter.org"
WAIT = 180.0
"""Seconds a student waits for their board before the round counts them as failed."""
CONNECTIONS = 6
"""Connections a browser opens to one server at once (HTTP/1.1)."""
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]+)"')
TO_PLAY = re.compile(r"<b>[^<]*to play")
"""The status line says a student is to play (the browser mode's ``PAINTED`` reads it)."""
COMPANION = "AnyModel:dweebies_widget.widget.companion.Companion"
"""The board's front-end companion (it tells the kernel the size the board is shown at)."""
Signature = tuple[str, ...]
"""A sent message: its type, the widget it goes to (see :func:`role`), what it says."""


def role(name: str, state: dict[str, Any]) -> str:
    """A widget as a page finds it: its model and its placeholder or label."""
    label = state.get("_anywidget_id") or state.get("placeholder") or state.get("description")
    return f"{name}:{label or ''}"


def signature(msg_type: str, content: dict[str, Any], roles: dict[str, str]) -> Signature:
    data = content.get("data", {})
    what = data.get("method") or content.get("target_name", "")
    detail = data.get("content", {}).get("event") or ",".join(sorted(data.get("state", {})))
    return (msg_type, roles.get(content.get("comm_id", ""), ""), what, detail)


class Models:
    """The widget models a page knows (by comm id): their state and role."""

    def __init__(self) -> None:
        self.state: dict[str, dict[str, Any]] = {}
        self.roles: dict[str, str] = {}

    def seen(self, msg_type: str, content: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """Learn from a received message; its comm id and data."""
        comm, data = content.get("comm_id", ""), content.get("data", {})
        if msg_type == "comm_open" and "state" in data:
            self.state[comm] = dict(data["state"])
            self.roles[comm] = role(data["state"].get("_model_name", ""), data["state"])
        elif data.get("method") == "update_states":
            for key, model in data["states"].items():
                self.state[key] = dict(model["state"])
                self.roles[key] = role(model["model_name"], model["state"])
        elif data.get("method") == "update" and comm in self.state:
            self.state[comm].update(data["state"])
        return comm, data

    def find(self, wanted: str) -> str:
        found = [key for key, name in self.roles.items() if name == wanted]
        if len(found) != 1:
            raise LookupError(f"{len(found)} widgets are {wanted}")
        return found[0]

    def status(self) -> str:
        """The board's status line (empty before the board)."""
        for state in self.state.values():
            if "dweebies-status" in state.get("_dom_classes", ()):
                return str(state.get("value", ""))
        return ""


def decode(frame: bytes) -> tuple[str, dict[str, Any], dict[str, Any], int]:
    """A websocket frame (v1): its channel, header, content and number of buffers."""
    channel, parts = deserialize_msg_from_ws_v1(frame)
    return channel, json.loads(parts[0]), json.loads(parts[3]), len(parts) - 4


def encode(session: str, msg_type: str, content: dict[str, Any], metadata: dict[str, Any]) -> bytes:
    header = {"date": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
              "msg_id": str(uuid.uuid4()), "msg_type": msg_type, "session": session,
              "username": "", "version": "5.2"}  # fmt: skip
    parts = [json.dumps(p).encode() for p in (header, {}, metadata, content)]
    return bytes(serialize_msg_to_ws_v1(parts, "shell"))


# ---------------------------------------------------------------------------- recording
@dataclass
class Recording:
    """What one real page asked of the server."""

    before: list[str] = field(default_factory=list)
    """Files fetched before the kernel's websocket opened (paths with their query)."""
    after: list[str] = field(default_factory=list)
    """... and after (the widgets' code, fonts)."""
    size: int = 0
    """Bytes of all those files (as the browser read them)."""
    headers: dict[str, str] = field(default_factory=dict)
    """The browser's request headers that change what the server sends."""
    elsewhere: list[str] = field(default_factory=list)
    """Requests to other servers (not this one's work)."""
    sent: list[Signature] = field(default_factory=list)
    """The messages the page sent on the websocket."""
    binary: bool = True
    """Whether the page spoke the binary protocol (:data:`PROTOCOL`)."""
    board_size: dict[str, Any] = field(default_factory=dict)
    """The state the page sent the board's companion once drawn (the size it is shown at)."""
    status: str = ""
    """The status line the page showed."""
    shutdown: str = ""
    """The request the page made when it was left."""
    board: float = float("nan")
    kernel: str = ""
    """The id of the page's kernel."""
    cpu: tuple[dict[int, float], dict[int, float]] = ({}, {})
    """CPU seconds of each of the server's processes before the page opened, and a second
    after its board."""


class Recorder:
    """Writes down a Playwright page's requests and websocket messages."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.rec = Recording()
        self.models = Models()
        self.opened = False
        self.page_url = ""

    def watch(self, page: Any) -> None:
        page.on("request", self._request)
        page.on("websocket", self._websocket)

    def _request(self, request: Any) -> None:
        url = request.url
        if url.startswith("blob:"):
            return
        if not url.startswith(self.origin):
            self.rec.elsewhere.append(url)
            return
        path = url[len(self.origin) :]
        if request.method != "GET":
            self.rec.shutdown = f"{request.method} {re.sub(r'[0-9a-f-]{36}', '{kernel}', path)}"
        elif request.resource_type == "document" or path.startswith("/api/"):
            self.page_url = self.page_url or path
        else:
            (self.rec.after if self.opened else self.rec.before).append(path)
            if not self.rec.headers:
                headers = request.headers
                self.rec.headers = {k: headers[k] for k in ("accept-encoding", "user-agent")
                                    if k in headers}  # fmt: skip

    def _websocket(self, ws: Any) -> None:
        self.opened = True
        self.rec.kernel = ws.url.split("/api/kernels/")[1].split("/")[0]
        ws.on("framesent", self._sent)
        ws.on("framereceived", self._received)

    def _sent(self, frame: bytes | str) -> None:
        if isinstance(frame, str):
            self.rec.binary = False
            return
        _, header, content, _ = decode(frame)
        self.rec.sent.append(signature(header["msg_type"], content, self.models.roles))
        if content.get("target_name") == "jupyter.widget.control":
            self.models.roles[content["comm_id"]] = "control"
        data = content.get("data", {})
        if self.models.roles.get(content.get("comm_id", "")) == COMPANION:
            self.rec.board_size = data.get("state", {})

    def _received(self, frame: bytes | str) -> None:
        if isinstance(frame, bytes):
            _, header, content, _ = decode(frame)
            self.models.seen(header["msg_type"], content)
            self.rec.status = self.models.status() or self.rec.status


async def record(url: str, code: str, cpu: Callable[[], dict[int, float]], student: Any,
                 chromium: dict[str, Any]) -> Recording:  # fmt: skip
    """One real page joins table ``code`` at ``url`` (untimed): what it asked of the server.
    ``cpu`` reads the server's processes' CPU time, ``student`` is the browser mode's,
    ``chromium`` how it launches the browser."""
    from playwright.async_api import async_playwright

    parts = urlsplit(url)
    recorder = Recorder(f"{parts.scheme}://{parts.netloc}")
    async with async_playwright() as p:
        browser = await p.chromium.launch(**chromium)
        before, start = cpu(), time.monotonic()
        found, context = await student(browser, url, code, "Recorded page", start,
                                       watch=recorder.watch)  # fmt: skip
        await asyncio.sleep(1)  # what the page sends once drawn (its size)
        recorder.rec.cpu = (before, cpu())
        recorder.rec.board = found.board
        if found.error:
            raise RuntimeError(f"the recorded page failed: {found.error}")
        http = Http(recorder.origin, {})
        recorder.rec.size = await http.fetch(recorder.rec.before + recorder.rec.after)
        for page in context.pages:
            await page.close(run_before_unload=True)
        await asyncio.sleep(0.5)
        await context.close()
        await browser.close()
    return recorder.rec


class Http:
    """A browser's HTTP/1.1 to one server: connections kept open, :data:`CONNECTIONS` at
    once, cookies kept.  (Written here because a general client costs this process more
    CPU than the server it measures: httpx, about 3 ms a request.)"""

    def __init__(self, origin: str, headers: dict[str, str]) -> None:
        parts = urlsplit(origin)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.netloc = parts.netloc
        self.headers = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.cookies: dict[str, str] = {}
        self.idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def request(self, method: str, path: str) -> tuple[int, dict[str, str], bytes]:
        """Its status, headers (lower-case names) and body (as sent)."""
        if self.idle:
            reader, writer = self.idle.pop()
        else:
            reader, writer = await asyncio.open_connection(self.host, self.port)
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        writer.write(
            f"{method} {path} HTTP/1.1\r\nHost: {self.netloc}\r\n{self.headers}"
            f"{f'Cookie: {cookie}' + chr(13) + chr(10) if cookie else ''}"
            f"Content-Length: 0\r\n\r\n".encode()
        )  # fmt: skip
        lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        fields: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.lower() == "set-cookie":
                key, _, rest = value.strip().partition("=")
                self.cookies[key] = rest.split(";")[0]
            elif name:
                fields[name.lower()] = value.strip()
        if "content-length" in fields:
            body = await reader.readexactly(int(fields["content-length"]))
        elif fields.get("transfer-encoding") == "chunked":
            chunks = []
            while size := int((await reader.readuntil(b"\r\n")).split(b";")[0], 16):
                chunks.append((await reader.readexactly(size + 2))[:-2])
            await reader.readexactly(2)
            body = b"".join(chunks)
        else:
            body = b""
        self.idle.append((reader, writer))
        return int(lines[0].split()[1]), fields, body

    async def get(self, path: str) -> bytes:
        """GET ``path``, following redirects; its body."""
        status, fields, body = await self.request("GET", path)
        if status in (301, 302, 303, 307, 308):
            return await self.get(urlsplit(fields["location"]).path)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status}")
        return body

    async def fetch(self, paths: list[str]) -> int:
        """GET every one of ``paths``, :data:`CONNECTIONS` at once; their bytes."""
        waiting, size = list(reversed(paths)), 0

        async def one_connection() -> None:
            nonlocal size
            while waiting:
                body = await self.get(waiting.pop())
                size += len(body)

        await asyncio.gather(*(one_connection() for _ in range(min(CONNECTIONS, len(paths)))))
        return size

    def close(self) -> None:
        for _, writer in self.idle:
            writer.close()
        self.idle.clear()


# ---------------------------------------------------------------------------- students
@dataclass
class WireStudent:
    lobby: float = float("nan")
    board: float = float("nan")
    error: str = ""
    kernel: str = ""
    status: str = ""
    sent: list[Signature] = field(default_factory=list)
    received: int = 0
    """Bytes received on the websocket."""
    fetched: int = 0
    """Bytes of the page and its files."""


class Wire:
    """One student's websocket to their kernel."""

    def __init__(self, ws: ClientConnection, session: str, result: WireStudent) -> None:
        self.ws, self.session, self.result = ws, session, result
        self.models = Models()

    async def send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None
                   = None) -> None:  # fmt: skip
        await self.ws.send(encode(self.session, msg_type, content, metadata or {}))
        self.result.sent.append(signature(msg_type, content, self.models.roles))

    async def update(self, comm: str, state: dict[str, Any]) -> None:
        await self.send("comm_msg", {"comm_id": comm, "data": {
            "method": "update", "state": state, "buffer_paths": []}})  # fmt: skip

    async def custom(self, comm: str, event: str) -> None:
        await self.send("comm_msg", {"comm_id": comm, "data": {
            "method": "custom", "content": {"event": event}}})  # fmt: skip

    async def receive(self) -> tuple[str, str, dict[str, Any], int]:
        """The next message: its type, comm id, data and number of buffers."""
        frame = await self.ws.recv()
        assert isinstance(frame, bytes), "the server speaks the binary protocol"
        self.result.received += len(frame)
        _, header, content, buffers = decode(frame)
        comm, data = self.models.seen(header["msg_type"], content)
        return header["msg_type"], comm, data, buffers


async def wire_student(url: str, rec: Recording, code: str, name: str,
                       start: float) -> tuple[WireStudent, Wire | None]:  # fmt: skip
    """A student as :mod:`the module <classroom_wire>` says; the websocket is left open (the
    page stays open until the round is measured)."""
    result = WireStudent()
    http = Http(url, rec.headers)
    try:
        page = await http.get("/")
        result.fetched = len(page)
        result.kernel = KERNEL_ID.search(page.decode()).group(1)  # type: ignore[union-attr]
        result.fetched += await http.fetch(rec.before)
        await http.get(f"/api/kernels/{result.kernel}?{int(time.time() * 1000)}")
        session = str(uuid.uuid4())
        cookies = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        ws = await connect(
            f"ws://{http.netloc}/api/kernels/{result.kernel}/channels?session_id={session}",
            subprotocols=[PROTOCOL], origin=f"http://{http.netloc}", compression=None,
            max_size=None, max_queue=None,
            additional_headers={"Cookie": cookies} if cookies else None,
        )  # type: ignore[arg-type]  # fmt: skip
        if ws.subprotocol != PROTOCOL:
            raise RuntimeError(f"the server chose {ws.subprotocol!r}")
        wire = Wire(ws, session, result)
        later = asyncio.ensure_future(http.fetch(rec.after))
        await asyncio.wait_for(play(wire, rec, code, name, start), WAIT)
        result.fetched += await later
        http.close()
        return result, wire
    except Exception as error:  # noqa: BLE001 - reported with the figures
        result.error = f"{type(error).__name__}: {str(error)[:120]}"
        return result, None


async def play(wire: Wire, rec: Recording, code: str, name: str, start: float) -> None:
    """What the page's widget manager and the student do, until the board is drawn."""
    result = wire.result
    await wire.send("kernel_info_request", {})
    while (await wire.receive())[0] != "kernel_info_reply":
        pass
    control = str(uuid.uuid4())
    await wire.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                  "data": {}}, {"version": "1.0.0"})  # fmt: skip
    wire.models.roles[control] = "control"
    await wire.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
    while (await wire.receive())[2].get("method") != "update_states":
        pass
    await wire.send("comm_close", {"comm_id": control, "data": {}})
    result.lobby = time.monotonic() - start
    find = wire.models.find
    await wire.update(find("TextModel:your name"), {"value": name})
    await wire.update(find("PasswordModel:4 digits"), {"value": "1234"})
    await wire.update(find("TextModel:like K7QX"), {"value": code})
    await wire.custom(find("ButtonModel:Join"), "click")
    drawn = False
    while not (drawn and TO_PLAY.search(wire.models.status())):
        msg_type, comm, data, buffers = await wire.receive()
        if msg_type == "comm_open" and wire.models.state[comm].get("_send_client_ready_event"):
            await wire.custom(comm, "client_ready")  # the canvas's view is shown
        elif data.get("method") == "custom" and buffers:  # the canvas manager draws
            drawn = any(s.get("_model_name") == "CanvasModel" for s in wire.models.state.values())
    result.board = time.monotonic() - start
    result.status = wire.models.status()
    companion = find(COMPANION)
    await wire.update(companion, rec.board_size)  # the size the board is shown at
    echoed = False
    while True:  # until the board is drawn again at that size
        msg_type, comm, data, buffers = await wire.receive()
        if echoed and data.get("method") == "custom" and buffers:
            return
        echoed = echoed or (comm == companion and data.get("method") == "echo_update")


async def leave(url: str, shutdown: str, wire: Wire | None, kernel: str) -> None:
    """Leave the page as the browser does (its shutdown request), then close the socket."""
    if kernel and shutdown:
        method, path = shutdown.split(" ", 1)
        http = Http(url, {})
        await http.request(method, path.replace("{kernel}", kernel))
        http.close()
    if wire is not None:
        await wire.ws.close()
