"""What keeps a Voila server serving when a page misbehaves: :func:`guarded`.

The classroom server (:mod:`dweebies_widget.classroom.serve`) and the lessons app
(:mod:`.lessons_app`) hand the list of Voila's handlers to :func:`guarded`, which swaps two
of them for the guarded ones here and shares one :class:`Guard` between them.  Every cap
comes from :class:`~dweebies_widget.classroom.limits.Limits`:

* **Kernel connections** (:class:`GuardedSocket`) speak only the current protocol,
  ``v1.kernel.websocket.jupyter.org``: a connection that does not offer it is refused with
  HTTP 400 before it opens.  (Voila 0.5.13 reads every binary message it sends as that
  protocol; on a connection of the old protocol the first bytes of a canvas redraw read as a
  count of about 10^18, and the server stalls building a list that long.)  A message from a
  page is at most :attr:`~Limits.message_bytes` (a bigger one closes the connection), comes at
  most :attr:`~Limits.messages_per_second` on average (:attr:`~Limits.message_burst` at once;
  the rest are dropped) and must be a well-formed message of that protocol (counts read from
  it are checked against its length before they are used).  A page that stops reading has
  its connection closed once :attr:`~Limits.send_buffer_bytes` wait to be sent to it, and one
  device opens at most :attr:`~Limits.sockets_per_client` connections at once.
* **Pages** (:class:`GuardedPage`): each page handed out is a kernel; at most
  :attr:`~Limits.kernels` in all and :attr:`~Limits.kernels_per_client` from one device are
  open at once (until their kernel is shut down).  Over a cap, the page asked for is a small
  page of its own (HTTP 503) that says what to do.  A kernel whose page has not connected
  :attr:`~Limits.unconnected_kernel` seconds after it was sent is shut down: a flood of
  requests leaves no kernels behind.  Every page sets the ``_xsrf`` cookie, so the beacon a
  page sends when it is left (to ``/voila/api/shutdown``) carries the token that the server
  asks of every request that changes something.
* ``/dweebies/alive?kernel=ID`` (:class:`AliveHandler`, the classroom server only) answers
  ``{"server": BOOT, "kernel": true|false}``: ``BOOT`` is new each time the server starts, so
  a page learns that the server came back, and whether its kernel survived.

>>> v1_offsets(v1_frame([b"shell", b"{}"]))
[32, 37, 39]
>>> v1_offsets((10**18).to_bytes(8, "little") + bytes(24)) is None
True
>>> Guard(Limits(kernels=1)).refusal("127.0.0.1") is None
True
"""

from __future__ import annotations

import html
import json
import logging
import secrets
import time
from collections import Counter
from collections.abc import Sequence
from contextlib import suppress
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from tornado import web
from tornado.ioloop import IOLoop

from ..classroom.limits import Limits
from ..widget.compat import ensure_awaited, unsent_bytes, watch_hand_outs

__all__ = [
    "ALIVE_PATH",
    "V1",
    "AliveHandler",
    "Guard",
    "GuardedPage",
    "GuardedSocket",
    "full_page",
    "guarded",
    "v1_frame",
    "v1_offsets",
]

V1 = "v1.kernel.websocket.jupyter.org"
"""The kernel websocket protocol the pages speak (JupyterLab's services, since 2022)."""
ALIVE_PATH = "dweebies/alive"
"""Where :class:`AliveHandler` answers, under the server's base URL."""
SETTING = "dweebies_guard"
"""The tornado setting that holds the server's :class:`Guard`."""
MOST_PARTS = 1024
"""The most parts a kernel message may have (its channel, header, parent header, metadata,
content and buffers): more is not a message a page sends."""

log = logging.getLogger("dweebies.guard")


# ---------------------------------------------------------------------------- the v1 frame
def v1_frame(parts: Sequence[bytes]) -> bytes:
    """``parts`` (the channel first) as one message of the v1 protocol: the number of
    offsets, the offsets (8 bytes each, little-endian), then the parts."""
    offsets = [8 * (len(parts) + 2)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = [len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets)]
    return b"".join([*head, *parts])


def v1_offsets(message: bytes | str) -> list[int] | None:
    """The offsets of a v1 message's parts, or ``None`` when ``message`` is not one: the
    count is checked against the message's length before anything is read by it, and the
    offsets must follow each other inside the message."""
    if not isinstance(message, bytes) or len(message) < 8:
        return None
    count = int.from_bytes(message[:8], "little")
    if not 2 <= count <= min(MOST_PARTS, len(message) // 8 - 1):
        return None
    offsets = [int.from_bytes(message[8 * i : 8 * i + 8], "little") for i in range(1, count + 1)]
    if offsets[0] != 8 * (count + 1) or offsets[-1] > len(message):
        return None
    if any(b < a for a, b in zip(offsets, offsets[1:], strict=False)):
        return None
    return offsets


def v1_header(message: bytes) -> dict[str, Any] | None:
    """The header of a v1 message (its second part), or ``None`` when there is none."""
    offsets = v1_offsets(message)
    if offsets is None or len(offsets) < 3:
        return None
    try:
        header = json.loads(message[offsets[1] : offsets[2]].decode("utf-8"))
    except ValueError:
        return None
    return header if isinstance(header, dict) else None


# ---------------------------------------------------------------------------- the guard
@dataclass(eq=False)
class Claim:
    """A page being served to ``address``: the kernel it was handed (``None`` until then).
    (Each claim is its own: two pages for one address are two claims.)"""

    address: str
    kernel_id: str | None = None


@dataclass
class Guard:
    """The state the guarded handlers of one server share: the pages handed out, the kernels
    a page connected to, the connections open from each device."""

    limits: Limits
    manager: Any = None
    """Voila's kernel manager (``None`` in the examples)."""
    boot: str = field(default_factory=lambda: secrets.token_hex(8))
    claims: list[Claim] = field(default_factory=list)
    connected: set[str] = field(default_factory=set)
    sockets: Counter[str] = field(default_factory=Counter)

    def open_claims(self) -> list[Claim]:
        """The pages that count: being served, or handed a kernel that still runs."""
        alive = [
            c for c in self.claims
            if c.kernel_id is None or self.manager is None or c.kernel_id in self.manager
        ]  # fmt: skip
        gone = {c.kernel_id for c in self.claims} - {c.kernel_id for c in alive}
        self.connected -= gone
        self.claims = alive
        return alive

    def refusal(self, address: str) -> str | None:
        """What a page asked for from ``address`` gets instead, when a cap is reached (the
        text of :func:`full_page`); ``None`` when the page may be served."""
        claims = self.open_claims()
        mine = sum(1 for c in claims if c.address == address)
        if mine >= self.limits.kernels_per_client:
            return f"This device has {mine} Dweebies pages open already: close one, then reload."
        if len(claims) >= self.limits.kernels:
            return (
                f"The class is full: {len(claims)} pages are open. Close a page you do not "
                "use, or ask your teacher."
            )
        return None

    def claim(self, address: str) -> Claim:
        """Count a page for ``address`` from now on (see :meth:`release`)."""
        claim = Claim(address)
        self.claims.append(claim)
        return claim

    def handed_out(self, kernel_id: str) -> None:
        """The page being served in this context was handed ``kernel_id``."""
        claim = CLAIM.get(None)
        if claim is not None and claim.kernel_id is None:
            claim.kernel_id = kernel_id

    def release(self, claim: Claim) -> None:
        """The page of ``claim`` is sent (or failed): a page that got no kernel stops
        counting; one that did must connect within :attr:`Limits.unconnected_kernel`."""
        if claim.kernel_id is None:
            if claim in self.claims:
                self.claims.remove(claim)
            return
        kernel_id = claim.kernel_id
        IOLoop.current().call_later(
            self.limits.unconnected_kernel, self.shut_if_unconnected, kernel_id
        )

    async def shut_if_unconnected(self, kernel_id: str) -> None:
        """Shut ``kernel_id`` down unless a page has connected to it."""
        if kernel_id in self.connected or self.manager is None or kernel_id not in self.manager:
            return
        log.warning("Shutting down kernel %s: no page connected to it.", kernel_id)
        with suppress(KeyError, RuntimeError):  # shut down meanwhile
            await ensure_awaited(self.manager.shutdown_kernel(kernel_id))
        self.open_claims()


CLAIM: ContextVar[Claim | None] = ContextVar("dweebies_claim", default=None)
"""The page the request being handled in this context is serving (read where Voila hands
the kernel out: see :func:`~dweebies_widget.widget.compat.watch_hand_outs`)."""


def full_page(text: str) -> str:
    """A small page that says ``text``: everything it shows is in it (no other request)."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Dweebies: no room for this page</title><style>"
        "body{font-family:Arial,Helvetica,'DejaVu Sans',sans-serif;font-size:20px;"
        "line-height:1.5;color:#1F2328;background:#F6F8FA;margin:0}"
        "main{max-width:34em;margin:3em auto;padding:1em}</style></head><body><main>"
        f"<h1>No room for this page yet</h1><p>{html.escape(text)}</p></main></body></html>"
    )


# ---------------------------------------------------------------------------- handlers
def _guard(handler: web.RequestHandler) -> Guard:
    guard = handler.settings[SETTING]
    assert isinstance(guard, Guard)
    return guard


def _page_handler() -> type:
    from voila.tornado.handler import TornadoVoilaHandler

    class GuardedPage(TornadoVoilaHandler):  # type: ignore[misc]
        """Voila's page handler, counting each page it hands a kernel to, and refusing a page
        over the caps with :func:`full_page` (HTTP 503)."""

        async def get(self, path: str | None = None) -> None:
            self.xsrf_token  # noqa: B018 - sets the _xsrf cookie the leave beacon sends
            guard = _guard(self)
            refusal = guard.refusal(self.request.remote_ip or "")
            if refusal is not None:
                log.warning("Page refused to %s: %s", self.request.remote_ip, refusal)
                self.set_status(503)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                self.set_header("Retry-After", "30")
                self.finish(full_page(refusal))
                return
            claim = guard.claim(self.request.remote_ip or "")
            token = CLAIM.set(claim)
            try:
                await super().get(path)
            finally:
                CLAIM.reset(token)
                guard.release(claim)

    return GuardedPage


def _socket_handler() -> type:
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    class GuardedSocket(VoilaKernelWebsocketHandler):  # type: ignore[misc]
        """Voila's kernel websocket handler, for the v1 protocol only, with the caps of
        :class:`Limits` on each connection."""

        tokens: float = 0.0
        filled: float = 0.0
        said: frozenset[str] = frozenset()
        counted: str | None = None

        async def get(self, kernel_id: str) -> None:
            offered = self.request.headers.get("Sec-WebSocket-Protocol", "")
            if V1 not in [p.strip() for p in offered.split(",")]:
                log.warning(
                    "Refused a kernel connection from %s without the %s protocol.",
                    self.request.remote_ip, V1,
                )  # fmt: skip
                raise web.HTTPError(400, f"Kernel connections must use the {V1} protocol.")
            guard = _guard(self)
            address = self.request.remote_ip or ""
            if guard.sockets[address] >= guard.limits.sockets_per_client:
                log.warning("Refused a kernel connection from %s: too many open.", address)
                raise web.HTTPError(429, "Too many connections from this device.")
            await super().get(kernel_id)

        def write_error(self, status_code: int, **kwargs: Any) -> None:
            """A refusal, as one line of text (Jupyter's error page needs settings Voila
            does not have)."""
            error = kwargs.get("exc_info", (None, None, None))[1]
            said = isinstance(error, web.HTTPError) and error.log_message
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(f"{status_code}: {said or 'the connection is refused.'}\n")

        async def open(self, kernel_id: str) -> None:
            guard = _guard(self)
            self.counted = self.request.remote_ip or ""
            guard.sockets[self.counted] += 1
            guard.connected.add(kernel_id)
            self.tokens, self.filled = float(guard.limits.message_burst), time.monotonic()
            await super().open(kernel_id)

        def on_close(self) -> None:
            if self.counted is not None:
                sockets = _guard(self).sockets
                sockets[self.counted] -= 1
                if sockets[self.counted] <= 0:
                    del sockets[self.counted]
                self.counted = None
            super().on_close()

        def note(self, text: str) -> None:
            """Log ``text`` for this connection, once."""
            if text not in self.said:
                self.said = self.said | {text}
                log.warning("Kernel connection from %s: %s", self.request.remote_ip, text)

        def on_message(self, message: str | bytes) -> None:
            limits = _guard(self).limits
            now = time.monotonic()
            self.tokens = min(
                float(limits.message_burst),
                self.tokens + (now - self.filled) * limits.messages_per_second,
            )
            self.filled = now
            if self.tokens < 1:
                self.note("too many messages; the extra ones are dropped.")
                return
            self.tokens -= 1
            if v1_offsets(message) is None:
                self.note("a message that is not of the v1 protocol is dropped.")
                return
            super().on_message(message)

        def write_message(self, message: bytes | dict[str, Any] | str, binary: bool = False) -> Any:
            if isinstance(message, bytes):
                header = v1_header(message)
            elif isinstance(message, dict):
                header = message.get("header")
            else:
                header = None
            if isinstance(header, dict) and header.get("msg_type") == "execute_input":
                return None  # as Voila: the page shows no code
            limit = _guard(self).limits.send_buffer_bytes
            if unsent_bytes(self) > limit:
                self.note(f"over {limit} bytes wait to be sent: the connection is closed.")
                self.close(1008, "The page does not read what it is sent.")
                return None
            return KernelWebsocketHandler.write_message(self, message, binary)

    return GuardedSocket


class AliveHandler(web.RequestHandler):
    """``GET /dweebies/alive?kernel=ID``: ``{"server": BOOT, "kernel": true|false}``."""

    def get(self) -> None:
        guard = _guard(self)
        kernel = self.get_argument("kernel", "")
        running = bool(kernel) and guard.manager is not None and kernel in guard.manager
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps({"server": guard.boot, "kernel": running}))


GuardedPage: type = object
"""Voila's page handler, guarded (made by :func:`guarded`, which needs Voila)."""
GuardedSocket: type = object
"""Voila's kernel websocket handler, guarded (made by :func:`guarded`)."""


def guarded(app: Any, handlers: Sequence[Any], limits: Limits, alive: bool = False) -> list[Any]:
    """The handlers of Voila ``app`` (its ``init_handlers()``, the server's own added),
    guarded: its kernel websocket and page handlers swapped for :class:`GuardedSocket` and
    :class:`GuardedPage`, sharing one :class:`Guard` over ``limits``, and (``alive``)
    :class:`AliveHandler` added.  Call it when ``app.app`` (the tornado application) is
    made: from ``init_handlers``."""
    global GuardedPage, GuardedSocket
    from jupyter_server.utils import url_path_join
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    if GuardedPage is object:
        GuardedPage, GuardedSocket = _page_handler(), _socket_handler()
    guard = Guard(limits, app.kernel_manager)
    watch_hand_outs(app.kernel_manager, guard.handed_out)
    app.app.settings[SETTING] = guard
    app.app.settings["websocket_max_message_size"] = limits.message_bytes
    swap = {TornadoVoilaHandler: GuardedPage, VoilaKernelWebsocketHandler: GuardedSocket}
    result = [(h[0], swap.get(h[1], h[1]), *h[2:]) for h in handlers]
    if alive:
        result.insert(0, (url_path_join(app.server_url or "/", ALIVE_PATH), AliveHandler))
    return result
