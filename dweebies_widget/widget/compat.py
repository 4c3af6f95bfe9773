"""The one module that touches ipycanvas, ipywidgets and Voila internals.

Each internal the package relies on is used by one small function here, whose docstring says
the library versions it was checked against; ``pyproject.toml`` pins those libraries below
their next release (``ipycanvas>=0.14,<0.15``, ``ipywidgets>=8.1,<9``, ``voila>=0.5,<0.6``).
When an upgrade removes what a function relies on, the function raises
:class:`InternalsChanged` when it is used, naming the library, its installed version and
what is missing: it never silently does nothing.

* :func:`forget_current_canvas`: the next draw command names its canvas again (the fix for
  a blank canvas in Voila, and for a page that connects while redraws are on their way);
* :func:`dom_classes`: a widget's CSS classes given when it is made;
* :func:`deliver_event`: a custom message from the page, as a browser sends it (tests and
  benchmarks);
* :func:`recorded_draws`: the messages a canvas sends to its page (tests and benchmarks);
* :func:`widget_instances`: every widget alive in the kernel (tests);
* :func:`pace_voila_pool`: how Voila counts and refills its pool of preheated kernels (the
  classroom server);
* :func:`watch_hand_outs`: which kernel Voila's kernel manager hands to a page (the guard of
  :mod:`dweebies_widget.voila_templates.guard`);
* :func:`unsent_bytes`: the bytes a websocket connection has not sent yet (the same guard).

>>> "ipycanvas" in str(InternalsChanged("ipycanvas", "canvas manager", "_current_canvas"))
True
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import import_module, metadata
from types import MappingProxyType
from typing import Any

__all__ = [
    "CHECKED",
    "DrawMessage",
    "InternalsChanged",
    "classes_of",
    "deliver_event",
    "dom_classes",
    "forget_current_canvas",
    "pace_voila_pool",
    "recorded_draws",
    "unsent_bytes",
    "watch_hand_outs",
    "widget_instances",
]

CHECKED = {
    "ipycanvas": ("0.14.3", ">=0.14,<0.15"),
    "ipywidgets": ("8.1.9", ">=8.1,<9"),
    "voila": ("0.5.13", ">=0.5,<0.6"),
    "tornado": ("6.6.1", ">=6.1,<7"),
}
"""For each library: the version whose internals were checked, and the range pinned."""


def installed_version(library: str) -> str:
    """The installed version of ``library`` (``"not installed"`` when it is not).

    >>> installed_version("no-such-library-here")
    'not installed'
    """
    try:
        return metadata.version(library)
    except metadata.PackageNotFoundError:
        return "not installed"


class InternalsChanged(RuntimeError):
    """An installed ipycanvas, ipywidgets or Voila lacks an internal this package relies on
    (an upgrade past the pinned range): the message names the library, its installed
    version and what is missing."""

    def __init__(self, library: str, where: str, missing: str) -> None:
        checked, pinned = CHECKED[library]
        self.library, self.version, self.missing = library, installed_version(library), missing
        super().__init__(
            f"{library} {self.version} has no {missing} on its {where}, which "
            f"dweebies-widget relies on (checked with {library} {checked}). Install "
            f"{library}{pinned}, or update dweebies_widget/widget/compat.py."
        )


def _require(library: str, holder: object, *names: str) -> None:
    """Raise :class:`InternalsChanged` unless ``holder`` has every attribute of ``names``."""
    missing = [name for name in names if not hasattr(holder, name)]
    if missing:
        named = inspect.ismodule(holder) or inspect.isclass(holder)
        where = holder.__name__ if named else type(holder).__name__  # type: ignore[attr-defined]
        raise InternalsChanged(library, where, ", ".join(missing))


# ----------------------------------------------------------------------------- ipycanvas
def _canvas_manager(canvas: Any | None) -> Any:
    """The manager that sends ``canvas``'s draw commands (``None``: ipycanvas's shared one,
    which every canvas uses)."""
    if canvas is None:
        from ipycanvas import canvas as module

        _require("ipycanvas", module, "_CANVAS_MANAGER")
        manager = module._CANVAS_MANAGER
    else:
        _require("ipycanvas", canvas, "_canvas_manager")
        manager = canvas._canvas_manager
    _require("ipycanvas", manager, "_current_canvas")
    return manager


def forget_current_canvas(canvas: Any | None = None) -> None:
    """Have the manager of ``canvas`` (``None``: the shared one) forget which canvas it drew
    on last, so that its next draw command names its canvas first (``switchCanvas``).

    ipycanvas sends every canvas's commands through one manager, which names the canvas only
    when it changes.  A page that connects late (Voila loses what is sent while the notebook
    runs; a page may open while redraws are on their way) never hears that name and then
    draws nothing: forgetting it before a redraw makes the redraw complete on its own.

    Checked with ipycanvas 0.14.3: the ``Canvas._canvas_manager`` trait (default
    ``ipycanvas.canvas._CANVAS_MANAGER``) and the manager's ``_current_canvas``.
    """
    _canvas_manager(canvas)._current_canvas = None


def _command_names() -> dict[int, str]:
    from ipycanvas import canvas as module

    _require("ipycanvas", module, "COMMANDS")
    return {index: name for name, index in module.COMMANDS.items()}


@dataclass(frozen=True)
class DrawMessage:
    """One message a canvas manager sent to the page: ``message`` its JSON part,
    ``buffers`` its binary buffers, the first one the JSON list of draw commands."""

    message: Mapping[str, Any]
    buffers: tuple[bytes, ...]

    @property
    def commands(self) -> list[list[Any]]:
        """The draw commands, each ``[command index, args, number of buffers]`` (a message
        of one command is a list of one)."""
        decoded = json.loads(self.buffers[0])
        return decoded if decoded and isinstance(decoded[0], list) else [decoded]

    @property
    def names(self) -> list[str]:
        """The commands' names (``switchCanvas``, ``fillText``...), as ipycanvas's
        ``COMMANDS`` table gives them (checked with ipycanvas 0.14.3)."""
        by_index = _command_names()
        return [by_index[command[0]] for command in self.commands]

    @property
    def size(self) -> int:
        """Bytes on the wire: the JSON part and the buffers."""
        return len(json.dumps(self.message)) + sum(len(b) for b in self.buffers)


@contextmanager
def recorded_draws(canvas: Any | None = None) -> Iterator[list[DrawMessage]]:
    """Record, instead of sending, every message the manager of ``canvas`` (``None``: the
    shared one, which every canvas uses) sends while the block runs; the list grows as they
    are sent.  Recordings nest.

    Do not record at the comm instead: when ipykernel is imported first, a comm with no
    kernel drops every message before it could be seen.

    Checked with ipycanvas 0.14.3 and ipywidgets 8.1.9: the manager (see
    :func:`forget_current_canvas`) sends with ipywidgets' ``Widget.send``, which hands each
    message to ``Widget._send(msg, buffers)``.
    """
    manager = _canvas_manager(canvas)
    _require("ipywidgets", manager, "_send")
    drawn: list[DrawMessage] = []

    def record(msg: Mapping[str, Any], buffers: Sequence[Any] | None = None) -> None:
        drawn.append(DrawMessage(msg, tuple(bytes(b) for b in buffers or ())))

    own = "_send" in vars(manager)  # an outer recording's
    previous = manager._send
    manager._send = record
    try:
        yield drawn
    finally:
        if own:
            manager._send = previous
        else:
            del manager._send


# ---------------------------------------------------------------------------- ipywidgets
def deliver_event(widget: Any, content: Mapping[str, Any], buffers: Sequence[bytes] = ()) -> None:
    """Hand ``widget`` a custom message from its page, as a browser's arrives (for tests
    and benchmarks): the callbacks registered with ``on_msg`` run, as for a real message (an
    ipycanvas canvas's ``on_mouse_down``, ``on_touch_start``, ``on_key_down``... for
    ``{"event": "mouse_down", "x": .., "y": ..}`` and the like; a button's ``on_click`` for
    ``{"event": "click"}``); what a callback raises is logged by ipywidgets, as it is then.

    Checked with ipywidgets 8.1.9: ``Widget._handle_custom_msg(content, buffers)``, called
    for each custom message once its comm message is unpacked.
    """
    _require("ipywidgets", widget, "_handle_custom_msg")
    widget._handle_custom_msg(dict(content), list(buffers))


def dom_classes(*names: str) -> dict[str, Any]:
    """The constructor keywords that give an ipywidgets widget the CSS classes ``names``
    from the start (``add_class`` after it is made would send one message more to the
    page).

    >>> dom_classes("dweebies-seat")
    {'_dom_classes': ['dweebies-seat']}

    Checked with ipywidgets 8.1.9: the ``DOMWidget._dom_classes`` trait (a constructor
    keyword it did not know would only be warned about, and the classes lost).
    """
    from ipywidgets import DOMWidget

    _require("ipywidgets", DOMWidget, "_dom_classes")
    return {"_dom_classes": list(names)}


def classes_of(widget: Any) -> tuple[str, ...]:
    """The CSS classes a widget has (what ``add_class`` gave it): ipywidgets keeps them in
    the ``_dom_classes`` trait and has no public getter (checked with ipywidgets 8.1.9)."""
    from ipywidgets import DOMWidget

    _require("ipywidgets", DOMWidget, "_dom_classes")
    return tuple(widget._dom_classes)


def widget_instances() -> Mapping[str, Any]:
    """Every ipywidgets widget open in this kernel, by model id: a read-only view that
    follows widgets as they are made and closed.

    Checked with ipywidgets 8.1.9: ``ipywidgets.widgets.widget._instances`` (its public name,
    ``Widget.widgets``, is deprecated and warns).
    """
    module = import_module("ipywidgets.widgets.widget")
    _require("ipywidgets", module, "_instances")
    return MappingProxyType(module._instances)


# --------------------------------------------------------------------------------- Voila
def pace_voila_pool(manager: Any, refill_delay: Callable[[int], float]) -> None:
    """Change how Voila's kernel ``manager`` (the ``VoilaKernelManager`` of a server with
    preheated kernels) counts and refills its pools:

    * a pool's size, which decides whether a page is given a pooled kernel, counts only the
      kernels that have started (their notebook run), not those still waiting to start;
    * a refill after a page took a kernel waits ``refill_delay(starting)`` seconds,
      ``starting`` being how many kernels of that pool have not started yet (a fill that
      gives its own delay, as the one at start-up does, keeps it).

    Checked with voila 0.5.13: ``VoilaKernelManager.fill_if_needed(delay, notebook_name,
    ...)`` (called with ``delay=None`` when a page took a kernel), ``get_pool_size(
    notebook_name)`` (asked by the page handler) and ``_pools`` (notebook name -> list of
    asyncio tasks, each done once its kernel has started).
    """
    _require("voila", manager, "fill_if_needed", "get_pool_size", "_pools")
    fill = manager.fill_if_needed

    def started(notebook_name: str | None) -> int:
        return sum(1 for task in manager._pools.get(notebook_name, ()) if task.done())

    def fill_if_needed(
        delay: float | None = None, notebook_name: str | None = None, **kwargs: Any
    ) -> None:
        if delay is None:  # a page took a kernel
            starting = len(manager._pools.get(notebook_name, ())) - started(notebook_name)
            delay = refill_delay(starting)
        fill(delay=delay, notebook_name=notebook_name, **kwargs)

    manager.fill_if_needed = fill_if_needed
    manager.get_pool_size = started


def watch_hand_outs(manager: Any, handed_out: Callable[[str], None]) -> None:
    """Call ``handed_out(kernel_id)`` each time Voila's kernel ``manager`` hands a kernel to
    a page: a preheated one from its pool, or one started for the page (the kernels it
    starts to fill its pool are not handed out yet, and are not reported).

    Checked with voila 0.5.13: the page handler asks ``get_rendered_notebook(...)`` (which
    returns ``(render task, rendered cells, kernel id)``) for a preheated kernel and
    ``start_kernel(...)`` (which returns the kernel id) otherwise; the pool fills itself
    through the class's own ``start_kernel`` (``super()``), not the instance's.
    """
    _require("voila", manager, "start_kernel")
    start = manager.start_kernel

    async def start_kernel(*args: Any, **kwargs: Any) -> str:
        kernel_id = await ensure_awaited(start(*args, **kwargs))
        handed_out(str(kernel_id))
        return str(kernel_id)

    manager.start_kernel = start_kernel
    if hasattr(manager, "get_rendered_notebook"):  # a server with a pool
        rendered = manager.get_rendered_notebook

        async def get_rendered_notebook(*args: Any, **kwargs: Any) -> Any:
            result = await rendered(*args, **kwargs)
            handed_out(str(result[2]))
            return result

        manager.get_rendered_notebook = get_rendered_notebook


async def ensure_awaited(value: Any) -> Any:
    """``value``, awaited first if it is awaitable (a kernel manager's methods may be
    either)."""
    return await value if inspect.isawaitable(value) else value


def unsent_bytes(socket: Any) -> int:
    """The bytes a tornado websocket handler ``socket`` has written that have not gone out to
    its client yet (0 once it is closed): a client that stops reading makes it grow.

    Checked with tornado 6.6.1: ``WebSocketHandler.ws_connection.stream`` (an ``IOStream``)
    and the stream's ``_write_buffer`` (its unsent bytes, ``len()`` of it; ``None`` once
    closed).
    """
    connection = getattr(socket, "ws_connection", None)
    stream = getattr(connection, "stream", None)
    if stream is None:
        return 0
    _require("tornado", stream, "_write_buffer")
    buffer = stream._write_buffer
    return 0 if buffer is None else len(buffer)
