"""Every cap of the classroom server, in one place: :class:`Limits`.

A teacher changes them in the ``[limits]`` section of a TOML file given to
``python -m dweebies_widget.classroom serve --limits FILE``, for example::

    [limits]
    kernels = 90              # a bigger class on a bigger server
    kernels_per_client = 6

A key that is not a field of :class:`Limits`, or a value of the wrong kind, stops the server
before it starts, with a message that names the key and the keys there are.  The server
hands its limits to every page it serves (the environment variable :data:`LIMITS_VARIABLE`),
so the pages' kernels apply the same PIN waits and token lifetime as the server.

>>> Limits().kernels_per_client
4
>>> Limits.from_mapping({"kernels": 90}).kernels
90
>>> Limits.from_mapping({"kernel": 90})
Traceback (most recent call last):
...
ValueError: [limits] has no key 'kernel'; its keys are: kernels, kernels_per_client, ...
>>> Limits.from_env({LIMITS_VARIABLE: Limits(pin_tries=2).to_env()}).pin_tries
2
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

__all__ = ["LIMITS_VARIABLE", "Limits"]

LIMITS_VARIABLE = "DWEEBIES_LIMITS"
"""The environment variable the server hands its limits to its pages in (JSON)."""


@dataclass(frozen=True)
class Limits:
    """The classroom server's caps.  Each page a student opens is a kernel (a Python
    process of about 75 MiB), so the kernel caps bound the server's memory."""

    # -- pages (kernels)
    kernels: int = 60
    """Pages open at once, in all (the pool of ready pages not counted)."""
    kernels_per_client: int = 4
    """Pages open at once from one device (one client address): the lobby, the puzzles,
    a lesson and a reload."""
    unconnected_kernel: float = 90.0
    """Seconds a page's kernel waits for its page to connect before it is shut down (a page
    asked for and never opened, as a flood of requests leaves)."""
    # -- connections (websockets)
    sockets_per_client: int = 12
    """Connections to kernels open at once from one client address."""
    message_bytes: int = 256 * 1024
    """The largest message a page may send its kernel, in bytes (a bigger one closes the
    connection)."""
    messages_per_second: float = 60.0
    """The rate of messages a page may send its kernel, on average (more are dropped)."""
    message_burst: int = 240
    """How many messages a page may send at once before :attr:`messages_per_second` counts."""
    send_buffer_bytes: int = 16 * 2**20
    """Bytes waiting to be sent to one page before its connection is closed (a page that
    stopped reading)."""
    # -- the teacher password
    password_tries: int = 5
    """Wrong teacher passwords in a row before the teacher's page locks."""
    password_lockout: float = 300.0
    """Seconds the teacher's page stays locked after :attr:`password_tries` wrong ones."""
    # -- PINs
    pin_tries: int = 3
    """Wrong PINs for one student before each further try must wait."""
    pin_wait: float = 5.0
    """The first wait, in seconds; it doubles with each wrong PIN after that."""
    pin_longest_wait: float = 300.0
    """The longest wait, in seconds: a seat is never locked for good."""
    # -- seat tokens
    token_hours: float = 12.0
    """Hours a seat's token (what keeps a device at its seat) lasts; then the student types
    their name and PIN again."""

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Limits:
        """Limits with ``values`` changed from the defaults; :class:`ValueError` for a key
        that is not a field or a value of the wrong kind."""
        known = {f.name: f for f in fields(cls)}
        changed: dict[str, Any] = {}
        for key, value in values.items():
            if key not in known:
                raise ValueError(
                    f"[limits] has no key {key!r}; its keys are: {', '.join(known)}"
                )
            kind = int if isinstance(getattr(cls(), key), int) else float
            ok = isinstance(value, int if kind is int else (int, float))
            if not ok or isinstance(value, bool) or value <= 0:
                raise ValueError(
                    f"[limits] {key} must be a positive {'whole ' if kind is int else ''}"
                    f"number, not {value!r}"
                )
            changed[key] = kind(value)
        return cls(**changed)

    @classmethod
    def from_toml(cls, path: str | os.PathLike[str]) -> Limits:
        """The ``[limits]`` section of the TOML file at ``path`` (defaults for what it does
        not say)."""
        with Path(path).open("rb") as file:
            data = tomllib.load(file)
        section = data.get("limits", {})
        if not isinstance(section, dict):
            raise ValueError(f"{path}: [limits] must be a section of keys")
        return cls.from_mapping(section)

    def to_env(self) -> str:
        """These limits as the value of :data:`LIMITS_VARIABLE`."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """The limits the server handed its pages (the defaults when none were)."""
        text = (os.environ if environ is None else environ).get(LIMITS_VARIABLE)
        return cls.from_mapping(json.loads(text)) if text else cls()
