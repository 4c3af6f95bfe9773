"""The widget in a real browser: Debian's Chromium, driven by Playwright, in JupyterLab,
Notebook 7 and Voila, each serving ``tests/browser/play_vs_ai.ipynb`` (a seeded game, Ana
against Greedy).

Each test clicks a hand card and then a lit cell, the way a student does, and checks what
the student would see: the status text in the page, pixels of the canvas that changed, and
the AI's answer in the move log.  Pixel positions come from the widget's own geometry: the
same seeded widget is built here, headless, and asked where its cards and cells are.

The click-to-redraw latency is measured in the page (from the ``mousedown`` event to the
first animation frame whose canvas pixel changed) and printed.  With ``DWEEBIES_SCREENSHOT``
set to a path, the JupyterLab test also saves a picture of the widget mid-game there
(``make screenshot`` refreshes ``docs/screenshot.png`` this way).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, sync_playwright

import dweebies_widget
from dweebies_widget import DweebiesWidget
from dweebies_widget.ai import GreedyPlayer

HERE = Path(__file__).parent
SOURCE = Path(dweebies_widget.__file__).parents[1]
"""Where this test imports the package from: the servers' kernels import it from there too, so
the browser plays the code under test (not another checkout's editable install)."""
NOTEBOOK = HERE / "browser" / "play_vs_ai.ipynb"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
BIN = Path(sys.executable).parent


def twin() -> DweebiesWidget:
    """The notebook's widget, built here to know where things are drawn."""
    return DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], seconds: float = 90) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"nothing listens on port {port}")


def serve(command: list[str], port: int, workdir: Path, log: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")])),
        "JUPYTER_CONFIG_DIR": str(workdir / "config"),
        "JUPYTER_RUNTIME_DIR": str(workdir / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(workdir / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(workdir / "workspaces"),
    }
    # No news or update pop-ups over the notebook.
    plugin = workdir / "settings" / "@jupyterlab" / "apputils-extension"
    plugin.mkdir(parents=True, exist_ok=True)
    (plugin / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    out = log.open("wb")
    process = subprocess.Popen(command, cwd=workdir, env=env, stdout=out, stderr=out)
    try:
        wait_for_port(port, process)
    except Exception:
        process.kill()
        raise RuntimeError(log.read_text(errors="replace")[-3000:]) from None
    return process


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    shutil.copy(NOTEBOOK, tmp_path / NOTEBOOK.name)
    return tmp_path


# ---------------------------------------------------------------------------- in the page
PIXEL = """([x, y]) => {
    const c = document.querySelector('.dweebies-widget canvas');
    return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data);
}"""

# Time from the next mousedown on the canvas to the first frame where pixel (x, y) changed.
ARM_LATENCY = """([x, y]) => {
    const c = document.querySelector('.dweebies-widget canvas');
    const read = () => c.getContext('2d').getImageData(x, y, 1, 1).data.join(',');
    const before = read();
    window.__latency = null;
    c.addEventListener('mousedown', () => {
        const t0 = performance.now();
        const poll = () => {
            if (read() !== before) { window.__latency = performance.now() - t0; }
            else if (performance.now() - t0 < 5000) { requestAnimationFrame(poll); }
        };
        requestAnimationFrame(poll);
    }, {once: true, capture: true});
}"""


def canvas_of(page: Page) -> Locator:
    canvas = page.locator(".dweebies-widget canvas").first
    canvas.wait_for(state="visible", timeout=60_000)
    canvas.scroll_into_view_if_needed()
    last = None
    for _ in range(50):  # wait until the page stops moving the canvas
        box = canvas.bounding_box()
        if box == last and box is not None:
            break
        last = box
        time.sleep(0.1)
    return canvas


def page_point(canvas: Locator, x: float, y: float) -> tuple[float, float]:
    """Canvas pixel -> page position (the canvas may be scaled by CSS)."""
    box = canvas.bounding_box()
    assert box is not None
    width = float(canvas.evaluate("c => c.width"))
    height = float(canvas.evaluate("c => c.height"))
    return box["x"] + x * box["width"] / width, box["y"] + y * box["height"] / height


def status_text(page: Page) -> str:
    return str(page.locator(".dweebies-status").first.inner_text())


def wait_for_text(page: Page, selector: str, text: str, seconds: float = 20) -> None:
    page.locator(selector, has_text=text).first.wait_for(timeout=seconds * 1000)


def pixel(page: Page, point: tuple[float, float]) -> list[int]:
    return list(page.evaluate(PIXEL, [round(point[0]), round(point[1])]))


def play_a_move(page: Page) -> list[float]:
    """Pick a card, place it on the lit centre cell, check the AI answers; return the
    click-to-redraw latencies (ms) of a few card picks."""
    w = twin()
    canvas = canvas_of(page)
    wait_for_text(page, ".dweebies-status", "Ana to play")
    card = w.geometry.hand_center(0)
    centre = w.geometry.cell_center((0, 0))
    empty_centre = pixel(page, centre)
    assert empty_centre[3] == 255, "the table was never drawn"

    # Latency: pick and drop the first card a few times; each click redraws the canvas.
    above_card = (card[0], w.geometry.hand_box(0)[1] - 6)  # the picked card stands up here
    latencies = []
    for _ in range(8):
        time.sleep(0.25)  # let the last click's trailing messages settle, as between clicks
        page.evaluate(ARM_LATENCY, [round(above_card[0]), round(above_card[1])])
        page.mouse.click(*page_point(canvas, *card))
        page.wait_for_function("window.__latency !== null", timeout=10_000)
        latencies.append(float(page.evaluate("window.__latency")))
    assert "pick a card" in status_text(page)  # an even number of clicks: nothing picked

    page.mouse.click(*page_point(canvas, *card))
    wait_for_text(page, ".dweebies-status", "on a lit cell")
    w.select(0)
    lit = pixel(page, centre)
    assert lit != empty_centre, "the lit cell did not light up"

    page.mouse.click(*page_point(canvas, *centre))
    wait_for_text(page, ".dweebies-log", "Ana placed")
    wait_for_text(page, ".dweebies-log", "Greedy placed")
    wait_for_text(page, ".dweebies-status", "Ana to play")
    time.sleep(0.5)  # the last redraw reaches the canvas
    assert pixel(page, centre) not in (lit, empty_centre), "the placed card is not drawn"
    return latencies


def report(name: str, latencies: list[float], capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(
            f"\n{name}: click -> redraw latency over {len(latencies)} clicks: median "
            f"{statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms"
        )


# ---------------------------------------------------------------------------- the tests
@contextmanager
def served_page(
    browser: Browser, workdir: Path, command: Callable[[int], list[str]], path: str
) -> Iterator[Page]:
    """Start the server ``command(port)`` in ``workdir`` and open ``path`` on it."""
    port = free_port()
    server = serve(command(port), port, workdir, workdir / "server.log")
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 1100})
        page.goto(f"http://127.0.0.1:{port}{path}", timeout=90_000)
        yield page
        page.close()
    finally:
        stop(server)


def jupyter(app: str, workdir: Path) -> Callable[[int], list[str]]:
    """JupyterLab (``app="lab"``) or Notebook 7 (``"notebook"``) serving ``workdir``."""
    expose = {"lab": "LabApp", "notebook": "JupyterNotebookApp"}[app]
    return lambda port: [
        str(BIN / "jupyter"), app, "--no-browser", "--allow-root", f"--port={port}",
        "--ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True", f"--{expose}.expose_app_in_browser=True",
        "--ServerApp.port_retries=0", f"--ServerApp.root_dir={workdir}",
    ]  # fmt: skip


def run_all_cells(page: Page) -> None:
    """Run the open notebook once its kernel is idle (JupyterLab and Notebook 7)."""
    page.wait_for_function(
        "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " const k = w && w.sessionContext && w.sessionContext.session"
        " && w.sessionContext.session.kernel;"
        " return k && k.status === 'idle'; }",
        timeout=90_000,
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def voila(port: int) -> list[str]:
    return [
        str(BIN / "voila"), NOTEBOOK.name, "--no-browser", f"--port={port}",
        "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
    ]  # fmt: skip


def test_widget_plays_in_jupyterlab(
    browser: Browser, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lab = jupyter("lab", workdir)
    with served_page(browser, workdir, lab, f"/lab/tree/{NOTEBOOK.name}") as page:
        run_all_cells(page)
        report("JupyterLab", play_a_move(page), capsys)
        shot = os.environ.get("DWEEBIES_SCREENSHOT")
        if shot:
            canvas = canvas_of(page)
            page.mouse.click(*page_point(canvas, *twin().geometry.hand_center(1)))
            wait_for_text(page, ".dweebies-status", "on a lit cell")
            time.sleep(0.5)
            page.locator(".dweebies-widget").first.screenshot(path=shot)


def test_widget_plays_in_notebook_7(
    browser: Browser, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notebook = jupyter("notebook", workdir)
    with served_page(browser, workdir, notebook, f"/notebooks/{NOTEBOOK.name}") as page:
        run_all_cells(page)
        report("Notebook 7", play_a_move(page), capsys)


def test_widget_plays_in_voila(
    browser: Browser, workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with served_page(browser, workdir, voila, "/") as page:
        report("Voila", play_a_move(page), capsys)
