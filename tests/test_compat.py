"""The library internals the package relies on (:mod:`dweebies_widget.widget.compat`): each
one exists and works on the installed ipycanvas, ipywidgets and Voila, and when an upgrade
removes it, using it fails loudly, naming the library, its installed version and what is
missing (simulated here on an object made without it, or a module it was taken from)."""

from __future__ import annotations

import asyncio
import gc
import re
from importlib import metadata
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import ipywidgets
import pytest
from ipycanvas import Canvas, hold_canvas
from ipycanvas import canvas as ipycanvas_canvas
from ipywidgets.widgets import widget as ipywidgets_widget

from dweebies_widget.widget.compat import (
    InternalsChanged,
    deliver_event,
    dom_classes,
    forget_current_canvas,
    pace_voila_pool,
    recorded_draws,
    widget_instances,
)


def fails_loudly(library: str, missing: str) -> Any:
    """``pytest.raises`` for :class:`InternalsChanged` naming ``library``, its installed
    version and ``missing``."""
    named = re.escape(f"{library} {metadata.version(library)} has no ")
    return pytest.raises(InternalsChanged, match=rf"^{named}.*{re.escape(missing)}")


def test_the_message_says_what_to_do() -> None:
    error = InternalsChanged("voila", "VoilaKernelManager", "_pools")
    assert str(error) == (
        f"voila {metadata.version('voila')} has no _pools on its VoilaKernelManager, which "
        "dweebies-widget relies on (checked with voila 0.5.13). Install voila>=0.5,<0.6, or "
        "update dweebies_widget/widget/compat.py."
    )
    assert (error.library, error.missing) == ("voila", "_pools")


# ----------------------------------------------------------------------------- ipycanvas
def draw(canvas: Any) -> None:
    with hold_canvas():
        canvas.fill_rect(0, 0, 1, 1)


def test_a_forgotten_canvas_is_named_again_by_its_next_draw() -> None:
    canvas = Canvas(width=10, height=10)
    with recorded_draws() as drawn:
        forget_current_canvas(canvas)
        draw(canvas)
        draw(canvas)  # the manager remembers the canvas: not named again
        forget_current_canvas(canvas)
        draw(canvas)
        forget_current_canvas()  # the shared manager, the one every canvas uses
        draw(canvas)
    assert [m.names for m in drawn] == [
        ["switchCanvas", "fillRect"],
        ["fillRect"],
        ["switchCanvas", "fillRect"],
        ["switchCanvas", "fillRect"],
    ]


def test_recorded_draws_hold_each_message_its_commands_and_size() -> None:
    canvas = Canvas(width=10, height=10)
    with recorded_draws(canvas) as drawn:
        forget_current_canvas(canvas)
        canvas.fill_rect(0, 0, 1, 1)  # not held: the switch and the command, one each
    assert [m.names for m in drawn] == [["switchCanvas"], ["fillRect"]]
    assert drawn[1].commands == [[ipycanvas_canvas.COMMANDS["fillRect"], [0, 0, 1, 1], 0]]
    assert drawn[1].size > len(drawn[1].buffers[0]) > 0


def test_recordings_nest_and_end() -> None:
    canvas = Canvas(width=10, height=10)
    with recorded_draws() as outer:
        with recorded_draws() as inner:
            draw(canvas)
        draw(canvas)
    draw(canvas)  # sent, no longer recorded
    assert (len(inner), len(outer)) == (1, 1)


def test_forgetting_a_canvas_without_a_manager_fails_loudly() -> None:
    with fails_loudly("ipycanvas", "_canvas_manager"):
        forget_current_canvas(ipywidgets.HTML())
    with fails_loudly("ipycanvas", "_current_canvas"):
        forget_current_canvas(SimpleNamespace(_canvas_manager=SimpleNamespace()))


def test_a_missing_shared_manager_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(ipycanvas_canvas, "_CANVAS_MANAGER")
    with fails_loudly("ipycanvas", "_CANVAS_MANAGER"):
        forget_current_canvas()
    with fails_loudly("ipycanvas", "_CANVAS_MANAGER"), recorded_draws():
        pass


def test_recording_a_manager_that_sends_otherwise_fails_loudly() -> None:
    canvas = SimpleNamespace(_canvas_manager=SimpleNamespace(_current_canvas=None))
    with fails_loudly("ipywidgets", "_send"), recorded_draws(canvas):
        pass


def test_command_names_without_the_command_table_fail_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    canvas = Canvas(width=10, height=10)
    with recorded_draws() as drawn:
        draw(canvas)
    monkeypatch.delattr(ipycanvas_canvas, "COMMANDS")
    with fails_loudly("ipycanvas", "COMMANDS"):
        _ = drawn[0].names


# ---------------------------------------------------------------------------- ipywidgets
def test_an_event_reaches_the_callbacks_as_from_the_page() -> None:
    canvas = Canvas(width=10, height=10)
    downs: list[tuple[float, float]] = []
    canvas.on_mouse_down(lambda x, y: downs.append((x, y)))
    deliver_event(canvas, {"event": "mouse_down", "x": 3.0, "y": 4.0})
    assert downs == [(3.0, 4.0)]
    button = ipywidgets.Button()
    clicks: list[object] = []
    button.on_click(clicks.append)
    deliver_event(button, {"event": "click"})
    assert clicks == [button]


def test_an_event_for_something_without_messages_fails_loudly() -> None:
    with fails_loudly("ipywidgets", "_handle_custom_msg"):
        deliver_event(SimpleNamespace(), {"event": "click"})


def test_widget_instances_follow_widgets_made_and_closed() -> None:
    made = ipywidgets.HTML("made")
    assert widget_instances()[made.model_id] is made
    model_id = made.model_id
    made.close()
    assert model_id not in widget_instances()
    with pytest.raises(TypeError):
        widget_instances()[model_id] = made


def test_missing_widget_instances_fail_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(ipywidgets_widget, "_instances")
    with fails_loudly("ipywidgets", "_instances"):
        widget_instances()


def test_dom_classes_reach_the_page_with_the_widget() -> None:
    box = ipywidgets.VBox(**dom_classes("dweebies-seat", "wide"))
    assert list(box.get_state()["_dom_classes"]) == ["dweebies-seat", "wide"]  # the page's state
    box.remove_class("wide")
    assert list(box.get_state()["_dom_classes"]) == ["dweebies-seat"]


def test_missing_dom_classes_fail_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(ipywidgets.DOMWidget, "_dom_classes")
    with fails_loudly("ipywidgets", "_dom_classes"):
        dom_classes("dweebies-seat")


# --------------------------------------------------------------------------------- Voila
def kernel_manager(root: Path, *, preheat: bool) -> Any:
    """Voila's kernel manager as its app makes it, for a folder with no notebook (so none
    is started), with pools of two kernels."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets.config import Configurable
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    class App(Configurable):  # what the manager reads from Voila's app
        root_dir, notebook_path, base_url, server_url, port = str(root), None, "/", "/", 0

    kind = voila_kernel_manager_factory(AsyncMappingKernelManager, preheat, 2)
    return kind(parent=App())


# A kernel asked for an hour from now is never started: its coroutine is dropped unrun.
@pytest.mark.filterwarnings("ignore:coroutine .* was never awaited:RuntimeWarning")
def test_the_paced_pool_counts_started_kernels_and_asks_the_refill_delay(
    tmp_path: Path,
) -> None:
    manager = kernel_manager(tmp_path, preheat=True)
    asked: list[int] = []

    def refill_delay(starting: int) -> float:
        asked.append(starting)
        return 3600.0

    async def scenario(manager: Any) -> tuple[int, int]:
        manager.fill_if_needed(delay=3600.0, notebook_name="lobby.ipynb")  # two on their way
        voilas_count = manager.get_pool_size("lobby.ipynb")
        pace_voila_pool(manager, refill_delay)
        paced_count = manager.get_pool_size("lobby.ipynb")
        manager.fill_if_needed(delay=5.0, notebook_name="lobby.ipynb")  # its own delay
        manager.fill_if_needed(notebook_name="lobby.ipynb")  # as when a page took one
        return voilas_count, paced_count

    assert asyncio.run(scenario(manager)) == (2, 0)  # Voila counts both; none has started
    assert asked == [2]
    del manager
    gc.collect()  # the dropped coroutines go now, under this test's warning filter


def test_pacing_a_pool_voila_does_not_have_fails_loudly(tmp_path: Path) -> None:
    manager = kernel_manager(tmp_path, preheat=False)  # a server without preheated kernels
    with fails_loudly("voila", "fill_if_needed, _pools"):
        pace_voila_pool(manager, lambda starting: 0.0)
