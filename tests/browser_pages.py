"""What the browser tests share: the servers, the notebooks they serve, and the page helpers.

The browser is Debian's Chromium driven by Playwright; the servers are one JupyterLab (which
also serves Notebook 7) and one Voila (in tree mode: ``/voila/render/NAME``), each started once
per test session over a folder of small notebooks (:data:`NOTEBOOKS`), and stopped by their
process id.  Each notebook opened gets its own kernel, so tests do not share a game.

Pixel positions come from the widget's own geometry: the same seeded widget is built here,
headless (:func:`twin`), sized like the canvas in the page (:func:`match_size`), and asked
where its cards and cells are.  The servers' kernels import the package this test imports
(:data:`SOURCE` goes first on their ``PYTHONPATH``), so the browser plays the code under test.
Voila serves its pages with the package's template (:mod:`dweebies_widget.voila_templates`),
as ``make app`` and the classroom do.

Every page is opened by :func:`opened` (or :func:`recorded`), which records every request the
browser makes for it (websockets too) and fails the test if a served page asked a host other
than its server for anything: no served page may depend on the internet.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Locator, Page

import dweebies_widget
from dweebies_widget import DweebiesWidget, voila_templates
from dweebies_widget.ai import GreedyPlayer
from dweebies_widget.grid import Cell
from dweebies_widget.puzzles import PuzzleWidget

HERE = Path(__file__).parent
ROOT = HERE.parent
SOURCE = Path(dweebies_widget.__file__).parents[1]
"""Where this test imports the package from: the servers' kernels import it from there too."""
NOTEBOOK = HERE / "browser" / "play_vs_ai.ipynb"
"""A seeded game, Ana against Greedy (``ai_delay=0.2, flash=0.2``)."""
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
AXE_VERSION = "4.14.1"
AXE_CACHE = ROOT / ".cache" / "axe"
"""Where ``npm install axe-core`` puts the accessibility engine (``make axe`` does too)."""

FAST = (
    "from dweebies_widget import DweebiesWidget\nfrom dweebies_widget.ai import GreedyPlayer\n\n"
    'widget = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0)\n'
    "widget"
)
SHORT = (
    "from dweebies_widget import DweebiesWidget, Game\n"
    "from dweebies_widget.ai import ExpertPlayer, GreedyPlayer\n\n"
    "game = Game.from_position({(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6, 7]], pile=[8, 10])\n"
    'widget = DweebiesWidget(seats=["Ana", GreedyPlayer()], game=game, ai_delay=0, flash=0,\n'
    "                        review_analyst=ExpertPlayer(simulations=30))\n"
    "widget"
)
"""A short game (six placements, Greedy answering at once) with a quick review."""
GREEDY_GAME = (
    "import random\n\n"
    "from dweebies_widget import DweebiesWidget, Game\n"
    "from dweebies_widget.ai import ExpertPlayer, GreedyPlayer, review\n\n"
    "game = Game(2, seed=7)\n"
    "while not game.is_over:\n"
    "    game.play(GreedyPlayer().choose(game.view(game.current_player), random.Random(0)))\n"
)
"""A whole game (54 placements), Greedy against itself: ``game``."""
REVIEWING = (
    GREEDY_GAME + 'widget = DweebiesWidget.replay(game, ["Ana", "Ben"], review=True,\n'
    "                               review_analyst=ExpertPlayer(simulations=40))\n"
    "widget"
)
"""A whole game replayed, its review running while the page connects (each judged move
redraws the graph)."""
ASK = (
    "from dweebies_widget.lessons import QuestionWidget\n\n"
    'QuestionWidget("Which card collects the top row?", ["Doozy", "Ugbug"], answer=1,\n'
    '               why="Ugbug matches the Ugbug at the other end of the row.")'
)
"""A multiple-choice question (the answer is B)."""
PUZZLE = (
    "from dweebies_widget import Game\n"
    "from dweebies_widget.puzzles import Puzzle, PuzzleWidget\n\n"
    "game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])\n"
    'widget = PuzzleWidget([Puzzle.make(game, "haul")], reset=1)\n'
    "display(widget)\n" + ASK
)
"""A haul puzzle (Ugbug at (0, 2) collects 3) and a question under it."""
PLAYING = FAST.replace(
    "flash=0)", "flash=0,\n                        review_analyst=ExpertPlayer(simulations=40))"
).replace("import GreedyPlayer", "import ExpertPlayer, GreedyPlayer")
""":data:`FAST` with a quick review (Review after a whole game judges it in a second)."""
HOT_SEAT = (
    "from dweebies_widget import DweebiesWidget\n\n"
    'widget = DweebiesWidget(seats=["Ana", "Ben"], seed=7, flash=0)\n'
    "widget"
)
"""Two people at one screen: the hand-over curtain between their turns."""
GUIDED = (
    "from dweebies_widget import TutorialWidget\n\n"
    "widget = TutorialWidget(ai_delay=0, flash=0)\n"
    "widget"
)
"""The guided first game, Greedy answering at once."""
REVIEWED = (
    GREEDY_GAME
    + 'judged = review(game, ExpertPlayer(simulations=40), names=["Ana", "Ben"], progress=False)\n'
    'widget = DweebiesWidget.replay(game, ["Ana", "Ben"], review=judged)\n'
    "widget"
)
"""A whole game looked back over, its moves judged."""
PUZZLES = (
    "from dweebies_widget.puzzles import PuzzleWidget, load\n\n"
    "def fits(p):\n"
    "    cells = [*p.game.board, *p.game.legal_cells()]\n"
    "    rows = {r for r, _ in cells}\n"
    "    cols = {c for _, c in cells}\n"
    "    middle = (max(rows) + min(rows)) / 2\n"
    "    answer = [m if kind == 'where' else m.cell for m in p.answer for kind in [p.kind]]\n"
    "    near = all(abs(r - middle) <= 1 for r, _ in answer)\n"
    "    return max(rows) - min(rows) < 5 and max(cols) - min(cols) < 6 and near\n\n"
    "shipped = load()\n"
    'kinds = ["haul", "safe", "where"]\n'
    "first = [next(p for p in shipped if p.kind == kind and fits(p)) for kind in kinds]\n"
    "widget = PuzzleWidget(first, flash=0, reset=1)\n"
    "display(widget)\n" + ASK
)
"""Three shipped puzzles of three kinds (the first haul, safe and where puzzles whose table,
with its legal cells, spans at most 5 rows and 6 columns, with the answer within a row of its
middle, so that the answer is in view at 150 % zoom of a projector without panning), and a
question under them."""
NOTEBOOKS = {
    # name: the code of its one cell (None: a copy of NOTEBOOK)
    "play_vs_ai.ipynb": None,
    "play_nb7.ipynb": None,
    "play_fast.ipynb": FAST,  # the AI answers at once: its state is the twin's after each move
    "play_touch.ipynb": FAST,
    "review_short.ipynb": SHORT,
    "replay_reviewing.ipynb": REVIEWING,
    "puzzle.ipynb": PUZZLE,
    # the screens walked by test_browser_screens.py
    "walk_play.ipynb": PLAYING,
    "walk_hot_seat.ipynb": HOT_SEAT,
    "walk_guided.ipynb": GUIDED,
    "walk_review.ipynb": REVIEWED,
    "walk_puzzles.ipynb": PUZZLES,
}


def write_notebook(path: Path, code: str) -> None:
    cell = {"cell_type": "code", "execution_count": None, "id": "c0", "metadata": {},
            "outputs": [], "source": code}  # fmt: skip
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nb = {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb))


def notebook_folder(folder: Path) -> Path:
    """Fill ``folder`` with the test notebooks and the project's play notebook."""
    for name, code in NOTEBOOKS.items():
        if code is None:
            shutil.copy(NOTEBOOK, folder / name)
        else:
            write_notebook(folder / name, code)
    shutil.copy(ROOT / "notebooks" / "00_play.ipynb", folder / "00_play.ipynb")
    return folder


def built(code: str) -> Any:
    """The ``widget`` a notebook's code makes, made here (a twin of the page's)."""
    names: dict[str, Any] = {"display": lambda *_: None}
    exec(code, names)
    return names["widget"]


def twin(size: tuple[int, int] | None = None) -> DweebiesWidget:
    """The notebooks' widget, built here to know where things are drawn."""
    w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0)
    if size is not None:
        w.session.resize(*size)
    return w


# ---------------------------------------------------------------------------- servers
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


class Server:
    """A server started in ``workdir`` (``environ``: what its environment adds; ``most_memory``:
    the most bytes of address space each of its processes may take): its ``url``, stopped
    by :meth:`stop`.  (JupyterLab pages are opened with ``?reset``: each starts from
    an empty workspace, with only its own notebook open, whatever an earlier test left open.)"""

    def __init__(
        self,
        command: Callable[[int], list[str]],
        workdir: Path,
        name: str,
        environ: dict[str, str] | None = None,
        most_memory: int | None = None,
    ) -> None:
        port = self.port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.log = workdir / f"{name}.log"
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(
                filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")])
            ),
            "JUPYTER_CONFIG_DIR": str(workdir / "config"),
            "JUPYTER_RUNTIME_DIR": str(workdir / f"runtime-{name}"),
            "JUPYTER_PATH": voila_templates.jupyter_path(os.environ),  # Voila's template
            "JUPYTERLAB_SETTINGS_DIR": str(workdir / "settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(workdir / "workspaces"),
            **(environ or {}),
        }
        # No news or update pop-ups over the notebook.
        plugin = workdir / "settings" / "@jupyterlab" / "apputils-extension"
        plugin.mkdir(parents=True, exist_ok=True)
        (plugin / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        out = self.log.open("wb")

        def cap() -> None:  # in the server's process, before it starts
            if most_memory is not None:
                resource.setrlimit(resource.RLIMIT_AS, (most_memory, most_memory))

        self.process = subprocess.Popen(
            command(port), cwd=workdir, env=env, stdout=out, stderr=out, preexec_fn=cap
        )
        try:
            wait_for_port(port, self.process)
        except Exception:
            self.process.kill()
            raise RuntimeError(self.log.read_text(errors="replace")[-3000:]) from None

    def text(self) -> str:
        """What the server has printed so far."""
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def jupyter_command(workdir: Path) -> Callable[[int], list[str]]:
    """JupyterLab serving ``workdir`` (Notebook 7 pages too, under ``/notebooks/``)."""
    return lambda port: [
        str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root", f"--port={port}",
        "--ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True", "--LabApp.expose_app_in_browser=True",
        "--JupyterNotebookApp.expose_app_in_browser=True",
        "--ServerApp.port_retries=0", f"--ServerApp.root_dir={workdir}",
    ]  # fmt: skip


def voila_command(port: int) -> list[str]:
    """Voila serving the folder it runs in: each notebook at ``/voila/render/NAME``, made
    with the package's template (found on the ``JUPYTER_PATH`` :class:`Server` sets)."""
    return [
        str(BIN / "voila"), ".", "--no-browser", f"--port={port}",
        "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", f"--template={voila_templates.NAME}",
        "--show_tracebacks=True",  # a notebook that fails says why in the page
    ]  # fmt: skip


TEACHER_PASSWORD = "maple-kettle-harbour-42"
"""A teacher password strong enough for a new classroom."""


ONE_DEVICE_LIMITS = """[limits]
kernels = 200
kernels_per_client = 200
sockets_per_client = 400
"""
"""The server's caps for tests: every page a test opens comes from one address (this
machine), more than one device of a class would open."""


class ClassroomServer(Server):
    """``python -m dweebies_widget.classroom serve`` on a free port, a fresh store in
    ``folder``, the teacher password :data:`TEACHER_PASSWORD`, and ``options`` added to its
    command line; without a ``--limits`` option there, the caps are
    :data:`ONE_DEVICE_LIMITS`."""

    def __init__(
        self,
        folder: Path,
        pool: int = 2,
        options: Sequence[str] = (),
        most_memory: int | None = None,
    ) -> None:
        self.folder = folder
        self.store = str(folder / "class.sqlite")
        if "--limits" not in options:
            (folder / "one-device-limits.toml").write_text(ONE_DEVICE_LIMITS)
            options = [*options, "--limits", str(folder / "one-device-limits.toml")]
        command = [sys.executable, "-m", "dweebies_widget.classroom", "serve",
                   "--store", self.store, "--pool", str(pool), *options, "--port"]  # fmt: skip
        super().__init__(lambda port: [*command, str(port)], folder, "serve",
                         {"DWEEBIES_TEACHER_PASSWORD": TEACHER_PASSWORD}, most_memory)  # fmt: skip


# ---------------------------------------------------------------------------- pages
DESKTOP = {"viewport": {"width": 1280, "height": 1100}}
TABLET = {
    "viewport": {"width": 768, "height": 1024},
    "device_scale_factor": 2,
    "has_touch": True,
    "is_mobile": True,
}
PROJECTOR = {"viewport": {"width": 1280, "height": 720}}
ZOOMED = {"viewport": {"width": 853, "height": 480}, "device_scale_factor": 1.5}
"""A 1280x720 screen at 150 % browser zoom: 853x480 CSS pixels, 1.5 device pixels each."""
SHORT_WINDOWS = {"zoomed"}
"""The contexts where only the table, the status and the buttons must be in view together
(the screen rule): with 480 CSS pixels of height the move log may start below them.
Elsewhere the newest line of the log must be in view too."""
CONTEXTS: dict[str, dict[str, Any]] = {
    "desktop": DESKTOP,
    "tablet": TABLET,
    "projector": PROJECTOR,
    "zoomed": ZOOMED,
}
"""Every context a screen must fit in, by the name its screenshots are filed under."""
SCREENS = Path(os.environ.get("DWEEBIES_SCREENS", "test-output/screens"))
"""Where :func:`shot` saves the screenshots (``DWEEBIES_SCREENS`` moves them)."""


def shot(page: Page, *parts: str) -> Path:
    """Save a screenshot of what the window shows to ``SCREENS/part/.../last.png`` (the
    folders are made), so that a person can look at every screen a test walked."""
    path = SCREENS.joinpath(*parts[:-1], f"{parts[-1]}.png")
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))
    return path


NOT_OURS = ("labextensions/@jupyter-notebook/lab-extension/",)
"""Where console errors come from that are not the project's: Notebook 7's extension to
JupyterLab, which Voila loads too, cannot share ``@jupyterlab/docregistry`` there and says so
on every Voila page (module federation's RUNTIME-012), before any widget is shown."""


def console_errors(page: Page) -> list[str]:
    """A list that fills with the page's console errors and uncaught exceptions from now on
    (but those of :data:`NOT_OURS`)."""
    errors: list[str] = []

    def note(text: str) -> None:
        if not any(source in text for source in NOT_OURS):
            errors.append(text)

    page.on("console", lambda m: note(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: note(f"uncaught: {e} {e.stack or ''}"))
    return errors


def failed_requests(page: Page) -> list[str]:
    """A list that fills with the page's requests that failed from now on (no answer at all:
    refused, reset, aborted) and those answered with an error status (400 and above)."""
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    page.on(
        "response", lambda r: failed.append(f"{r.url}: {r.status}") if r.status >= 400 else None
    )
    return failed


class Requests:
    """Every address a browser context asks for: its requests (the fonts a stylesheet loads,
    the scripts a script imports, ...) and its pages' websockets."""

    def __init__(self, context: BrowserContext) -> None:
        self.urls: list[str] = []
        context.on("request", lambda request: self.urls.append(request.url))
        context.on("page", lambda page: page.on("websocket", lambda ws: self.urls.append(ws.url)))

    def elsewhere(self, url: str) -> list[str]:
        """The addresses asked for on another host than ``url``'s (``data:`` and ``blob:``
        addresses are the page's own)."""
        home = urlsplit(url).netloc
        return [
            u
            for u in self.urls
            if urlsplit(u).scheme in {"http", "https", "ws", "wss"} and urlsplit(u).netloc != home
        ]


@contextmanager
def recorded(
    browser: Browser,
    url: str,
    device: dict[str, Any],
    watch: Callable[[Page], object] | None = None,
) -> Iterator[tuple[Page, Requests]]:
    """A page in a fresh browser context emulating ``device``, and what it asked for; when
    the test is done with a served page (``url`` is ``http:``), nothing may have been asked
    of a host other than ``url``'s.  ``watch`` is given the page before it loads (to listen
    to it from the start)."""
    context = browser.new_context(**device)
    try:
        asked = Requests(context)
        page = context.new_page()
        if watch is not None:
            watch(page)
        page.goto(url, timeout=90_000)
        yield page, asked
        served = urlsplit(url).scheme in {"http", "https"}
        assert not served or not asked.elsewhere(url), f"{url} asked {asked.elsewhere(url)}"
    finally:
        context.close()


@contextmanager
def opened(browser: Browser, url: str, device: dict[str, Any]) -> Iterator[Page]:
    """A page in a fresh browser context emulating ``device`` (see :func:`recorded`: it may
    ask no other host than ``url``'s for anything)."""
    with recorded(browser, url, device) as (page, _):
        yield page


def lobby(page: Page) -> None:
    """Wait until the classroom's lobby asks for a name."""
    page.get_by_placeholder("your name").wait_for(timeout=90_000)


def type_in(page: Page, placeholder: str, text: str) -> None:
    """Type ``text`` into the box showing ``placeholder``, and leave it."""
    box = page.get_by_placeholder(placeholder)
    box.fill(text)
    box.press("Tab")  # the value reaches the kernel before the button is pressed


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


CANVAS = ".dweebies-widget canvas"

PIXEL = """([x, y]) => {
    const c = document.querySelector('.dweebies-widget canvas');
    return Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data);
}"""

# Time from the next press (`event`: mousedown or touchstart) to the first frame where pixel
# (x, y) of the canvas changed.  Listened for on the window, in the capture phase: first.
ARM_LATENCY = """([x, y, event]) => {
    const c = document.querySelector('.dweebies-widget canvas');
    const read = () => c.getContext('2d').getImageData(x, y, 1, 1).data.join(',');
    const before = read();
    window.__latency = null;
    window.addEventListener(event, () => {
        const t0 = performance.now();
        const poll = () => {
            if (read() !== before) { window.__latency = performance.now() - t0; }
            else if (performance.now() - t0 < 5000) { requestAnimationFrame(poll); }
        };
        requestAnimationFrame(poll);
    }, {once: true, capture: true});
}"""

SIZES = """() => {
    const c = document.querySelector('.dweebies-widget canvas');
    const r = c.getBoundingClientRect();
    return [c.width, c.height, r.width, r.height];
}"""


OUT_OF_VIEW = """([root, parts]) => {
    const box = document.querySelector(root);
    if (!box) return [`${root}: not on the page`];
    const height = window.innerHeight, width = window.innerWidth;
    const shown = e => e.getClientRects().length > 0;
    const name = e => {
        const row = e.closest('.widget-inline-hbox');
        const label = row && row.querySelector('label');
        const text = e.tagName === 'BUTTON' ? e.textContent.trim() : '';
        return text || e.getAttribute('aria-label') || (label && label.textContent.trim())
            || e.title || e.tagName.toLowerCase();
    };
    const found = [];
    for (const [label, selector, how] of parts) {
        const all = Array.from(box.querySelectorAll(selector)).filter(shown);
        if (!all.length && how === 'one') found.push([label, null]);
        const some = how === 'each' ? all : all.slice(0, 1);
        some.forEach((e, i) => found.push([some.length > 1 ? `${label} ${i + 1}` : label, e]));
    }
    const controls = 'button, select, input:not([type=radio]):not([type=checkbox])';
    for (const e of Array.from(box.querySelectorAll(controls)).filter(shown)) {
        found.push([name(e), e]);
    }
    const out = [];
    for (const [label, e] of found) {
        if (!e) { out.push(`${label}: not on the page`); continue; }
        const r = e.getBoundingClientRect();
        const px = n => `${Math.round(n)} px`;
        const off = [];
        if (r.width === 0 || r.height === 0) off.push('not shown (no size)');
        if (r.top < -0.5) off.push(`${px(-r.top)} above the window`);
        if (r.bottom > height + 0.5) off.push(`${px(r.bottom - height)} below the window`);
        if (r.left < -0.5) off.push(`${px(-r.left)} left of the window`);
        if (r.right > width + 0.5) off.push(`${px(r.right - width)} right of the window`);
        if (label === 'status' && e.scrollHeight > e.clientHeight + 1) {
            off.push(`its text ${px(e.scrollHeight - e.clientHeight)} taller than its box`);
        }
        if (off.length) out.push(`${label}: ${off.join(', ')}`);
    }
    return out;
}"""
"""What of the widget at ``root`` is not wholly in the window: each of its ``parts``
(``[name, selector, how]``: ``how`` is ``"one"``, the first match, which must be there;
``"any"``, the first match if there is one; ``"each"``, every match; ``"near"``, as
``"any"``, but a :class:`Walk` leaves it out in the :data:`SHORT_WINDOWS` contexts) and
every control it shows (buttons, dropdowns, text boxes), each as "name: how far out" (and
the status's text taller than its box, when it is); empty when all are in view.  Hidden
parts do not count."""

Part = tuple[str, str, str]
PLAY_PARTS: tuple[Part, ...] = (
    ("canvas", "canvas", "one"),
    ("status", ".dweebies-status", "one"),
    ("newest log entry", ".dweebies-log li", "near"),
)
"""The play widget's parts (the guided game's too): the table, the status, the newest move."""
PUZZLE_PARTS: tuple[Part, ...] = (
    ("title", ".dweebies-puzzle-title", "one"),
    ("goal", ".dweebies-puzzle-goal", "one"),
    *PLAY_PARTS,
)
"""The puzzle widget's parts: its title and goal over the play widget's."""
QUESTION_PARTS: tuple[Part, ...] = (
    ("question", "legend", "one"),
    ("choice", ".dweebies-choice", "each"),
    ("verdict", ".dweebies-verdict", "any"),
)
"""The question's parts: the question, every choice and the verdict (once there is one)."""


def out_of_view(
    page: Page, root: str = ".dweebies-widget", parts: Sequence[Part] = PLAY_PARTS
) -> list[str]:
    """The parts of the widget at ``root`` that are not wholly in the window (see
    :data:`OUT_OF_VIEW`): empty when the widget's table, status and buttons are all in view."""
    return list(page.evaluate(OUT_OF_VIEW, [root, [list(p) for p in parts]]))


def top_in_view(page: Page, root: str = ".dweebies-widget") -> None:
    """Scroll the top of the widget at ``root`` to the top of the window, and wait until
    its layout is still for a few frames."""
    page.locator(root).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate(STEADY, root)


STEADY = """(root) => new Promise(done => {
    const box = document.querySelector(root);
    const end = performance.now() + 3000;
    let last = '', same = 0;
    const look = () => {
        const c = box.querySelector('canvas');
        const now = JSON.stringify([box.getBoundingClientRect(),
            c && c.getBoundingClientRect(), c && c.width, box.scrollHeight]);
        same = now === last ? same + 1 : 0;
        last = now;
        if (same >= 3 || performance.now() > end) done(); else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
})"""
"""Waits until the widget's box, its canvas and its height have not changed for 3 frames."""


def font_sizes(page: Page, root: str, selectors: Sequence[str]) -> dict[str, float]:
    """The smallest computed font size (CSS px) of the text each of ``selectors`` shows in
    the widget at ``root`` (the element and what it holds)."""
    sizes = page.evaluate(
        """([root, selectors]) => {
        const box = document.querySelector(root);
        const out = {};
        for (const s of selectors) {
            const shown = Array.from(box.querySelectorAll(s))
                .filter(e => e.getClientRects().length > 0);
            const texts = shown.flatMap(e => [e, ...e.querySelectorAll('*')])
                .filter(e => Array.from(e.childNodes)
                    .some(n => n.nodeType === 3 && n.textContent.trim()));
            const px = texts.map(e => parseFloat(getComputedStyle(e).fontSize));
            out[s] = px.length ? Math.min(...px) : null;
        }
        return out;
    }""",
        [root, list(selectors)],
    )
    return {k: float(v) for k, v in sizes.items() if v is not None}


class Walk:
    """A screen walked step by step in one context (a page of :func:`walked`): at each
    :meth:`step` the widget's top is scrolled to the top of the window, what is out of view
    is noted and the window is saved as a screenshot (``SCREENS/screen/context/NN-step.png``).
    The page's console errors and failed requests are collected from its start; when the
    walk ends, nothing may have been out of view at any step, each screen's status box must
    have kept one height (a fixed number of lines), and nothing may have failed.  Set
    :attr:`screen` to walk on to another screen of the same page (Review after a game)."""

    def __init__(self, screen: str, context: str, root: str, parts: Sequence[Part]) -> None:
        self.screen, self.context = screen, context
        self.root, self.parts = root, tuple(parts)
        self.page: Page | None = None
        self.errors: list[str] = []
        self.failed: list[str] = []
        self.out: dict[tuple[str, str], list[str]] = {}
        """What was out of view (screen, "part: how far") and at which steps."""
        self.problems: list[str] = []
        """Anything else wrong the walk met, in words (see :meth:`note`)."""
        self.heights: dict[str, dict[str, float]] = {}
        """The status box's height at each step, by screen."""
        self.steps = 0

    def watch(self, page: Page) -> None:
        """Listen to ``page`` from its start."""
        self.page = page
        self.errors = console_errors(page)
        self.failed = failed_requests(page)

    def step(self, name: str, root: str | None = None, parts: Sequence[Part] | None = None) -> None:
        """Check the screen now (the widget at ``root`` and its ``parts``, by default the
        walk's) and save its screenshot."""
        page = self.page
        assert page is not None
        root = root or self.root
        self.steps += 1
        label = f"{self.steps:02d}-{name}"
        top_in_view(page, root)
        parts = self.parts if parts is None else parts
        if self.context in SHORT_WINDOWS:
            parts = [p for p in parts if p[2] != "near"]
        out = out_of_view(page, root, parts)
        for part in out:
            self.out.setdefault((self.screen, part), []).append(label)
        status = page.locator(f"{root} .dweebies-status")
        if status.count():
            height = status.first.evaluate("e => e.getBoundingClientRect().height")
            self.heights.setdefault(self.screen, {})[label] = float(height)
        shot(page, self.screen, self.context, label)

    def note(self, text: str) -> None:
        """Note something wrong on the screen now; the walk goes on (and fails at its end)."""
        self.problems.append(f"{self.screen} ({self.context}): {text}")

    def findings(self) -> list[str]:
        """Everything wrong the walk met (empty: nothing): each part out of view, how far
        and at which steps."""
        found = [f"{screen} ({self.context}) {part}, at {', '.join(steps)}"
                 for (screen, part), steps in self.out.items()]  # fmt: skip
        found += self.problems
        for screen, heights in self.heights.items():
            if max(heights.values()) - min(heights.values()) > 1:
                found.append(f"{screen} ({self.context}): the status box changes height: {heights}")
        found += [f"{self.screen} ({self.context}): {e}" for e in self.errors]
        found += [f"{self.screen} ({self.context}): request failed: {f}" for f in self.failed]
        return found


@contextmanager
def walked(
    browser: Browser,
    url: str,
    screen: str,
    context: str,
    root: str = ".dweebies-widget",
    parts: Sequence[Part] = PLAY_PARTS,
) -> Iterator[tuple[Page, Walk]]:
    """The page at ``url`` in the context named ``context`` (of :data:`CONTEXTS`), and the
    :class:`Walk` of its ``screen``; checked when the test is done
    (:meth:`Walk.findings` must be empty)."""
    walk = Walk(screen, context, root, parts)
    with recorded(browser, url, CONTEXTS[context], walk.watch) as (page, _):
        try:
            yield page, walk
        except BaseException:  # what the walk met before it stopped, in the test's output
            print("\n".join(["The walk met, before it stopped:", *walk.findings()]))
            raise
        assert walk.steps, "no step was checked"
        assert walk.findings() == [], "\n".join(walk.findings())


FAILED_CELL = '[data-mime-type="application/vnd.jupyter.stderr"]'
"""A cell's error output in a Voila page (with ``--show_tracebacks``, the traceback)."""


def rendered(page: Page, root: str, seconds: float = 60) -> None:
    """Wait until the page shows the widget at ``root``; fail at once, with the traceback,
    if the notebook's cell failed instead."""
    page.wait_for_function(
        "([root, failed]) => document.querySelector(failed)"
        " || Array.from(document.querySelectorAll(root)).some(e => e.getClientRects().length)",
        arg=[root, FAILED_CELL],
        timeout=seconds * 1000,
    )
    failed = page.locator(FAILED_CELL)
    assert not failed.count(), f"the notebook failed:\n{failed.first.inner_text()}"


def canvas_sizes(page: Page) -> tuple[int, int, float, float]:
    """The canvas's backing size (canvas pixels) and its size on the page (CSS pixels)."""
    w, h, cw, ch = page.evaluate(SIZES)
    return int(w), int(h), float(cw), float(ch)


def canvas_of(page: Page) -> Locator:
    """The widget's canvas, scrolled into view, once it has stopped moving and resizing."""
    canvas = page.locator(CANVAS).first
    canvas.wait_for(state="visible", timeout=60_000)
    page.wait_for_selector(".dweebies-status b", timeout=60_000)
    settle(page)
    canvas.scroll_into_view_if_needed()
    settle(page)
    return canvas


def settle(page: Page, seconds: float = 8) -> None:
    """Wait until the canvas's size and place have not changed for a few frames."""
    last = None
    stable = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end and stable < 4:
        now = page.evaluate(
            "() => { const c = document.querySelector('.dweebies-widget canvas');"
            " const r = c.getBoundingClientRect(); return [c.width, c.height, r.x, r.y, r.width]; }"
        )
        stable = stable + 1 if now == last else 0
        last = now
        time.sleep(0.1)


def match_size(w: DweebiesWidget | PuzzleWidget, page: Page) -> None:
    """Size the headless twin's canvas like the page's (so its geometry is the page's)."""
    width, height, _, _ = canvas_sizes(page)
    if getattr(w.session, "size", None) != (width, height):
        w.session.resize(width, height)

def seat_twin(store: str, code: str, name: str, pin: str, page: Page) -> DweebiesWidget:
    """A classroom student's board, built here from the seat's state in ``store`` (the same
    name and PIN give the same seat back), sized like the board on ``page``: where its
    cards and cells are drawn."""
    from dweebies_widget.classroom import Classroom
    from dweebies_widget.classroom.seat import RoomSeat

    with Classroom(store) as room:
        seat = RoomSeat(room, room.join(code, name, pin))
        w = DweebiesWidget(seats=seat.seats(), game=seat.game, ai_delay=0, source=seat)
        match_size(w, page)
    return w


ARM_FOLLOW = """([count]) => {
    window.__seen = null;
    const look = () => {
        if (window.__seen === null
            && document.querySelectorAll('.dweebies-log li').length > count) {
            window.__seen = Date.now();
        }
    };
    window.__watch = new MutationObserver(look);
    window.__watch.observe(document.body, {subtree: true, childList: true, characterData: true});
    look();
}"""
"""Arms the page to note (``window.__seen``, its clock) when its move log grows past
``count`` lines: when another student's move reached it."""



def page_point(page: Page, x: float, y: float) -> tuple[float, float]:
    """Canvas pixel -> page position (the canvas is shown smaller than its backing store)."""
    box = page.locator(CANVAS).first.bounding_box()
    assert box is not None
    width, height, _, _ = canvas_sizes(page)
    return box["x"] + x * box["width"] / width, box["y"] + y * box["height"] / height


def status_text(page: Page) -> str:
    return str(page.locator(".dweebies-status").first.inner_text())


def log_text(page: Page) -> str:
    return str(page.locator(".dweebies-log").first.inner_text())


def description(page: Page) -> str:
    """The board in words, as a screen reader finds it: the canvas's aria-describedby."""
    return str(
        page.evaluate(
            "() => { const c = document.querySelector('.dweebies-widget canvas');"
            " const ids = (c.getAttribute('aria-describedby') || '').split(' ');"
            " return ids.map(i => document.getElementById(i)).filter(Boolean)"
            ".map(e => Array.from(e.children).map(p => p.textContent).join('\\n'))"
            ".join('\\n'); }"
        )
    )


def described(page: Page, want: str, seconds: float = 10) -> str:
    """The board in words once it says ``want`` (it is the last thing a change sends), or
    whatever it says after ``seconds``."""
    end = time.monotonic() + seconds
    seen = description(page)
    while seen != want and time.monotonic() < end:
        time.sleep(0.05)
        seen = description(page)
    return seen


def wait_for_text(page: Page, selector: str, text: str, seconds: float = 20) -> None:
    page.locator(selector, has_text=text).first.wait_for(timeout=seconds * 1000)


def log_count(page: Page) -> int:
    return int(page.locator(".dweebies-log li").count())


def wait_for_log(page: Page, count: int, seconds: float = 20) -> None:
    page.wait_for_function(
        f"() => document.querySelectorAll('.dweebies-log li').length >= {count}",
        timeout=seconds * 1000,
    )


def pixel(page: Page, point: tuple[float, float]) -> list[int]:
    return list(page.evaluate(PIXEL, [round(point[0]), round(point[1])]))


def press(page: Page, point: tuple[float, float], touch: bool) -> None:
    """A click, or a tap, at canvas pixel ``point``."""
    x, y = page_point(page, *point)
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def act(page: Page, w: DweebiesWidget, point: tuple[float, float], touch: bool) -> None:
    """A click or a tap at canvas pixel ``point`` in the page, and the same on the twin."""
    press(page, point, touch)
    c = w.session
    if touch:
        c.touch_start([point])
        c.touch_end([])
    else:  # the mouse moves there, goes down and up
        c.pointer_move(*point)
        c.click(*point)
        c.release(*point)


def in_step(page: Page, w: DweebiesWidget, seconds: float = 20) -> None:
    """Wait until the page's status line and move log say what the twin's say."""
    want = (w.session.status_lines()[0], len(w.session.log_entries()))
    end = time.monotonic() + seconds
    while True:
        lines = status_text(page).splitlines()
        now = (lines[0] if lines else "", log_count(page))
        if now == want:
            return
        assert time.monotonic() < end, f"the page shows {now}, the twin {want}"
        time.sleep(0.05)


def a_move(page: Page, w: DweebiesWidget, touch: bool = False) -> None:
    """Click (or tap) the first card, then the lit cell nearest the middle (twice, to place
    it, on a touch screen); the computer answers."""
    match_size(w, page)
    act(page, w, w.geometry.hand_center(0), touch)
    in_step(page, w)
    cell = w.geometry.cell_center(visible_legal(w)[0])
    for _ in range(2 if touch else 1):
        act(page, w, cell, touch)
        in_step(page, w)


def latencies(page: Page, w: DweebiesWidget, touch: bool, presses: int = 8) -> list[float]:
    """Pick and drop the first card ``presses`` times; each press redraws the canvas.
    Returns the times (ms) from each press to the first frame that shows it."""
    card = w.geometry.hand_center(0)
    above_card = (card[0], w.geometry.hand_box(0)[1] - 6)  # the picked card stands up here
    event = "touchstart" if touch else "mousedown"
    found = []
    for _ in range(presses):
        time.sleep(0.25)  # let the last press's trailing messages settle, as between presses
        page.evaluate(ARM_LATENCY, [round(above_card[0]), round(above_card[1]), event])
        press(page, card, touch)
        page.wait_for_function("window.__latency !== null", timeout=10_000)
        found.append(float(page.evaluate("window.__latency")))
    return found


def report(name: str, found: list[float]) -> str:
    return (
        f"{name}: press -> redraw latency over {len(found)} presses: median "
        f"{statistics.median(found):.1f} ms, max {max(found):.1f} ms"
    )


def no_horizontal_overflow(page: Page) -> list[str]:
    """What scrolls sideways: the page, or any box around the widget (empty: nothing)."""
    return list(
        page.evaluate(
            """() => {
        const out = [];
        const doc = document.scrollingElement || document.documentElement;
        if (doc.scrollWidth > window.innerWidth + 1) {
            out.push(`page ${doc.scrollWidth} > ${window.innerWidth}`);
        }
        let n = document.querySelector('.dweebies-widget');
        for (; n; n = n.parentElement) {
            const s = getComputedStyle(n).overflowX;
            if ((s === 'auto' || s === 'scroll') && n.scrollWidth > n.clientWidth + 1) {
                out.push(`${n.className} ${n.scrollWidth} > ${n.clientWidth}`);
            }
        }
        return out;
    }"""
        )
    )


def small_controls(page: Page) -> list[str]:
    """The widget's buttons and inputs on the page that are smaller than 44 x 44 CSS pixels
    (one not shown, ``display: none``, is no target)."""
    return list(
        page.evaluate(
            """() => Array.from(document.querySelectorAll(
                '.dweebies-widget button, .dweebies-widget input'))
            .filter(b => b.getClientRects().length > 0)
            .map(b => [b.textContent.trim() || b.type, b.getBoundingClientRect()])
            .filter(([_, r]) => r.width < 43.5 || r.height < 43.5)
            .map(([t, r]) => `${t} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`)"""
        )
    )


def ratio_of(page: Page) -> float:
    """Canvas pixels per CSS pixel, as the page shows the canvas."""
    width, _, css_width, _ = canvas_sizes(page)
    return width / css_width


def visible_legal(w: DweebiesWidget) -> list[Cell]:
    """The legal cells the twin's picture shows, nearest the middle of the table first."""
    g = w.geometry
    cells = [c for c in sorted(w.game.legal_cells()) if g.visible(c)]
    return sorted(cells, key=lambda c: abs(c[0]) + abs(c[1]))


def axe_script() -> Path:
    """axe-core's script, installed from the npm registry into :data:`AXE_CACHE` if missing."""
    script = AXE_CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        AXE_CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--prefix", str(AXE_CACHE), "--no-save", "--no-package-lock",
             "--no-audit", "--no-fund", f"axe-core@{AXE_VERSION}"],
            check=True, capture_output=True,
        )  # fmt: skip
    return script
