"""The classroom server against a hostile page, without a browser: each test starts the real
server (``python -m dweebies_widget.classroom serve``, no pool of kernels) with small caps from
a ``--limits`` file, and speaks HTTP and websockets to it as a script would.

* A kernel connection without the ``v1.kernel.websocket.jupyter.org`` protocol is refused
  (HTTP 400); one with it is answered.  A message bigger than ``message_bytes`` closes the
  connection; messages over ``message_burst`` are dropped (logged once); a message whose
  offset count is about 10^18 is dropped and the server keeps answering; a third connection
  from one device (``sockets_per_client`` 2) is refused (HTTP 429).
* A flood of page requests from one address stops at ``kernels_per_client`` (HTTP 503 and a
  page that says what to do), from several at ``kernels`` (another sentence); the number of
  kernels stays within the caps, and the kernels no page connected to are shut down after
  ``unconnected_kernel`` seconds, after which a page is served again.
* The leave beacon (POST ``/voila/api/shutdown/ID``) and DELETE ``/api/kernels/ID`` without
  the ``_xsrf`` token are refused (403); with the token of the page's cookie they shut the
  kernel down.  ``/dweebies/alive`` says whether a kernel runs.
* The lessons app (``dweebies lessons``) refuses the old protocol and a beacon without the
  token too.
* ``--limits`` with a key that does not exist, and a weak first password, stop the server
  (exit 2) with a sentence that says why; a store made before with a weak password starts
  with a warning; ``--tls`` serves the lobby over https (and not plain http).

Client addresses: 127.0.0.2, 127.0.0.3... are this machine too (the loopback network), so a
script binds its socket to one of them to be another device.
"""

from __future__ import annotations

import asyncio
import getpass
import http.client
import json
import os
import re
import socket
import ssl
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from browser_pages import SOURCE, ClassroomServer, free_port, wait_for_port
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from dweebies_widget.classroom import Classroom
from dweebies_widget.classroom.serve import PASSWORD_VARIABLE, read_password
from dweebies_widget.voila_templates.guard import V1, v1_frame, v1_offsets

LOBBY = "/voila/render/classroom/notebooks/lobby.ipynb"
LIMITS = """[limits]
kernels = 3
kernels_per_client = 2
unconnected_kernel = 60
message_bytes = 65536
message_burst = 10
messages_per_second = 1
sockets_per_client = 2
"""


def started(folder: Path, *options: str, limits: str = LIMITS) -> ClassroomServer:
    """The server in ``folder`` with ``limits`` (and ``options``), no pool."""
    (folder / "limits.toml").write_text(limits)
    return ClassroomServer(folder, pool=0, options=["--limits", "limits.toml", *options])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassroomServer]:
    s = started(tmp_path_factory.mktemp("guard"))
    try:
        yield s
    finally:
        s.stop()


class Page:
    """A page as the server sent it: its status, its text, its kernel and ``_xsrf`` cookie."""

    def __init__(self, port: int, source: str = "127.0.0.1", path: str = LOBBY) -> None:
        connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=120, source_address=(source, 0)
        )
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            self.status = response.status
            self.text = response.read().decode(errors="replace")
            cookies = response.headers.get_all("Set-Cookie") or []
        finally:
            connection.close()
        found = re.search(r'"kernelId": "([0-9a-f-]+)"', self.text)
        self.kernel = found.group(1) if found else ""
        xsrf = [c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("_xsrf=")]
        self.xsrf = xsrf[0] if xsrf else ""


def request(
    port: int, method: str, path: str, body: str = "", headers: dict[str, str] | None = None
) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body or None, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode(errors="replace")
    finally:
        connection.close()


def alive(port: int, kernel: str) -> dict[str, object]:
    status, text = request(port, "GET", f"/dweebies/alive?kernel={kernel}")
    assert status == 200, text
    return dict(json.loads(text))


def kernels_of(process: subprocess.Popen[bytes]) -> int:
    """How many kernels the server runs now (its child processes running ipykernel)."""
    count = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == process.pid and b"ipykernel" in command:
            count += 1
    return count


# ---------------------------------------------------------------------------- websockets
def message(msg_type: str, msg_id: str) -> bytes:
    header = {"msg_id": msg_id, "msg_type": msg_type, "session": "s", "username": "u",
              "date": "2026-01-01T00:00:00Z", "version": "5.3"}  # fmt: skip
    return v1_frame([b"shell", json.dumps(header).encode(), b"{}", b"{}", b"{}"])


async def connect(port: int, kernel: str, protocols: list[str] | None) -> WebSocketClientConnection:
    url = f"ws://127.0.0.1:{port}/api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"
    return await websocket_connect(HTTPRequest(url, request_timeout=20), subprotocols=protocols)


async def replies(socket: WebSocketClientConnection, seconds: float) -> list[str] | None:
    """The types of the shell replies heard within ``seconds`` (``None``: the connection
    was closed)."""
    heard: list[str] = []
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        try:
            data = await asyncio.wait_for(socket.read_message(), left)
        except TimeoutError:
            break
        if data is None:
            return None
        assert isinstance(data, bytes)
        offsets = v1_offsets(data)
        assert offsets is not None
        if data[offsets[0] : offsets[1]] == b"shell":
            heard.append(json.loads(data[offsets[1] : offsets[2]])["msg_type"])
    return heard


def test_a_legacy_connection_is_refused_and_a_v1_one_is_bounded(server: ClassroomServer) -> None:
    page = Page(server.port)
    assert page.status == 200 and page.kernel, page.text[-2000:]

    async def talk() -> None:
        with pytest.raises(HTTPClientError) as refused:
            await connect(server.port, page.kernel, None)  # the old protocol
        assert refused.value.code == 400
        assert "without the v1.kernel.websocket.jupyter.org protocol" in server.text()

        socket = await connect(server.port, page.kernel, [V1])
        assert socket.selected_subprotocol == V1
        await socket.write_message(message("kernel_info_request", "first"), binary=True)
        assert "kernel_info_reply" in (await replies(socket, 10) or [])
        # A count from the wire of about 10^18 (the old protocol's first bytes) is dropped.
        await socket.write_message((10**18).to_bytes(8, "little") + bytes(64), binary=True)
        # More than message_burst (10) at once: the rest are dropped, and said once.
        for n in range(30):
            await socket.write_message(message("kernel_info_request", f"m{n}"), binary=True)
        heard = await replies(socket, 4) or []
        assert 1 <= heard.count("kernel_info_reply") <= 11, heard
        assert server.text().count("too many messages; the extra ones are dropped") == 1
        assert server.text().count("is not of the v1 protocol is dropped") == 1
        # Two connections at once from this device (sockets_per_client), not three.
        second = await connect(server.port, page.kernel, [V1])
        with pytest.raises(HTTPClientError) as third:
            await connect(server.port, page.kernel, [V1])
        assert third.value.code == 429
        second.close()
        # A message bigger than message_bytes closes the connection.
        await socket.write_message(bytes(65536 + 1), binary=True)
        assert await replies(socket, 10) is None
        socket.close()

    asyncio.run(talk())
    assert alive(server.port, page.kernel)["kernel"] is True  # the server answers


def test_state_changing_requests_need_the_pages_xsrf_token(server: ClassroomServer) -> None:
    first, second = Page(server.port, "127.0.0.5"), Page(server.port, "127.0.0.5")
    assert first.xsrf and first.kernel and second.kernel, first.text[-2000:]
    boot = alive(server.port, first.kernel)["server"]
    assert isinstance(boot, str) and len(boot) >= 8

    shutdown = f"/voila/api/shutdown/{first.kernel}"
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    assert request(server.port, "POST", shutdown, "_xsrf=", form)[0] == 403
    assert request(server.port, "DELETE", f"/api/kernels/{second.kernel}")[0] == 403
    assert alive(server.port, first.kernel) == {"server": boot, "kernel": True}
    assert alive(server.port, second.kernel)["kernel"] is True

    # As the page's leave beacon sends it: the cookie, and the form field read from it.
    cookie = {"Cookie": f"_xsrf={first.xsrf}"}
    status, _ = request(server.port, "POST", shutdown, f"_xsrf={first.xsrf}", {**form, **cookie})
    assert status == 204
    headers = {**cookie, "X-XSRFToken": first.xsrf}
    assert request(server.port, "DELETE", f"/api/kernels/{second.kernel}", "", headers)[0] == 204
    assert alive(server.port, first.kernel) == {"server": boot, "kernel": False}
    assert alive(server.port, second.kernel)["kernel"] is False


def test_a_flood_of_page_requests_stops_at_the_caps_and_leaves_no_kernel(
    tmp_path: Path,
) -> None:
    """One device asks for 4 pages at once, then a second device for one, a third for one
    (each a moment after the one before, while the first pages are still being made)."""
    server = started(
        tmp_path, limits=LIMITS.replace("unconnected_kernel = 60", "unconnected_kernel = 3")
    )
    try:
        sources = ["127.0.0.2"] * 4 + ["127.0.0.3", "127.0.0.4"]
        most = 0
        with ThreadPoolExecutor(len(sources)) as pool:
            asked = []
            for source in sources:
                asked.append(pool.submit(Page, server.port, source))
                time.sleep(0.3)
            while not all(a.done() for a in asked):
                most = max(most, kernels_of(server.process))
                time.sleep(0.1)
        flood = [a.result() for a in asked]
        assert sorted(p.status for p in flood[:4]) == [200, 200, 503, 503]
        full = next(p for p in flood if p.status == 503).text
        assert "This device has 2 Dweebies pages open already: close one, then reload." in full
        assert "<link" not in full and "<script" not in full and "src=" not in full
        assert flood[4].status == 200  # another device: 3 pages in all
        assert flood[5].status == 503
        assert "The class is full: 3 pages are open. Close a page you do not use" in flood[5].text
        assert most <= 3  # no kernel for a page refused

        # No page connected to them: each is shut down unconnected_kernel (3 s) after its
        # page was sent, and the class has room again.
        end = time.monotonic() + 30
        while kernels_of(server.process) > 0:
            assert time.monotonic() < end, server.text()[-3000:]
            time.sleep(0.2)
        assert server.text().count("no page connected to it") == 3
        assert Page(server.port, "127.0.0.4").status == 200
    finally:
        server.stop()


def test_alive_answers_for_an_unknown_kernel_without_caching(server: ClassroomServer) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("GET", "/dweebies/alive?kernel=no-such-kernel")
    response = connection.getresponse()
    assert response.getheader("Cache-Control") == "no-store"
    answer = json.loads(response.read())
    connection.close()
    assert answer["kernel"] is False and isinstance(answer["server"], str)


def test_the_lessons_app_is_guarded_too(tmp_path: Path) -> None:
    """``dweebies lessons``: the old protocol is refused before the kernel is even looked up
    (Voila alone says 404 for a kernel it does not know), and the leave beacon needs the
    token."""
    port = free_port()
    log = tmp_path / "lessons.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "dweebies_widget.voila_templates.lessons_app",
             "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"],
            cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(SOURCE)}, stdout=out, stderr=out,
        )  # fmt: skip
    try:
        wait_for_port(port, process)
        kernel = "00000000-0000-0000-0000-000000000000"

        async def upgrade(protocols: list[str] | None) -> int:
            try:
                (await connect(port, kernel, protocols)).close()
            except HTTPClientError as refused:
                return refused.code
            return 101

        assert asyncio.run(upgrade(None)) == 400
        assert asyncio.run(upgrade([V1])) == 404
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        assert request(port, "POST", f"/voila/api/shutdown/{kernel}", "_xsrf=", form)[0] == 403
    finally:
        process.terminate()
        process.wait(30)


# ---------------------------------------------------------------------------- starting
def serve(folder: Path, *options: str, password: str) -> subprocess.CompletedProcess[str]:
    """Run the server's command in ``folder`` until it stops (these ones stop at once)."""
    env = {**os.environ, "PYTHONPATH": str(SOURCE), "DWEEBIES_TEACHER_PASSWORD": password}
    return subprocess.run(
        [sys.executable, "-m", "dweebies_widget.classroom", "serve", "--pool", "0", *options],
        cwd=folder, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_limits_with_a_key_that_does_not_exist_stop_the_server(tmp_path: Path) -> None:
    (tmp_path / "limits.toml").write_text("[limits]\nkernel = 90\n")
    done = serve(tmp_path, "--limits", "limits.toml", password="maple-kettle-harbour-42")
    assert done.returncode == 2
    assert "limits.toml: [limits] has no key 'kernel'; its keys are: kernels," in done.stderr
    assert not (tmp_path / "classroom.sqlite").exists()


def test_a_weak_first_password_is_refused(tmp_path: Path) -> None:
    done = serve(tmp_path, password="owl")
    assert done.returncode == 2
    assert "The teacher password is too weak for a new classroom:" in done.stderr
    assert not (tmp_path / "classroom.sqlite").exists()


def test_a_weak_password_typed_at_the_prompt_is_refused_and_asked_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = iter(["owl", "maple-kettle-harbour-42", "maple-kettle-harbour-42"])
    monkeypatch.delenv(PASSWORD_VARIABLE, raising=False)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(getpass, "getpass", lambda prompt="": next(typed))
    assert read_password(None, new=True) == "maple-kettle-harbour-42"
    assert "Too weak: a teacher password has at least 12 characters" in capsys.readouterr().out


def test_an_existing_store_with_a_weak_password_starts_with_a_warning(tmp_path: Path) -> None:
    Classroom(tmp_path / "classroom.sqlite", teacher_password="owl").close()  # an old class
    with socket.socket() as taken:  # the port is taken: the server stops once it has said
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = serve(tmp_path, "--port", port, password="owl")
    assert "Warning: this classroom's teacher password is weak (" in done.stdout, done
    assert "at least 12 characters" in done.stdout


def test_tls_serves_the_lobby_over_https(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    server = ClassroomServer(tmp_path, pool=0, options=["--tls", str(cert), str(key)])
    try:
        end = time.monotonic() + 30
        while "Stop with Ctrl+C." not in server.text():
            assert time.monotonic() < end, server.text()
            time.sleep(0.05)
        assert f"  Students open:     https://127.0.0.1:{server.port}/\n" in server.text()
        context = ssl.create_default_context(cafile=str(cert))
        connection = http.client.HTTPSConnection(
            "127.0.0.1", server.port, timeout=120, context=context
        )
        connection.request("GET", LOBBY)
        response = connection.getresponse()
        page = response.read().decode()
        connection.close()
        assert response.status == 200 and "jupyter-config-data" in page
        with pytest.raises(ConnectionResetError):  # no plain http
            request(server.port, "GET", LOBBY)
    finally:
        server.stop()
