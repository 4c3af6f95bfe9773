"""How long until every student has a board to play on?  A benchmark that prints figures;
tests never time.

    python benchmarks/classroom_boards.py [--students 1 10 30] [--modes pool cold lobbies wire]
                                          [--pool N]

Serves a class as a teacher does (``python -m dweebies_widget.classroom serve``, a fresh
SQLite store) and has N students (Debian's Chromium through Playwright, one browser context
each, all started at once) open the address, type a name and a PIN and the code of a table
the teacher made (one computer seat each, so nobody waits for a classmate), and press Join.
Per student it times, from the moment all N pages were asked for:

* **lobby**: the lobby can be typed in;
* **board**: the board is drawn (the canvas has been painted and the status line says the
  student is to play): the student can play;

and, for the whole round, the CPU time used by the server (Voila and its kernels) and by the
browser (all students' pages), read from ``/proc``: on a real class each device pays for its
own page, and the server's share is what the machine that serves must do.

Two ways to serve: ``pool``: Voila's preheated kernels, ``--pool`` as many as students,
measured once the pool is warm (every kernel started and its notebook run, and the machine
quiet again); ``cold``: no pool (``--pool 0``), each page starts a kernel and runs the lobby
notebook when it is asked for.  After each round the memory of the kernels is read
(``/proc``, resident set size): a kernel that waits in the pool with the lobby, and one
whose student plays.

A third way, ``lobbies``, opens no page: it measures what the lobbies waiting in the pool
cost the server while a class arrives.  With ``--pool`` as many kernels as students, ready,
half of N students make a table of two each and the other half join them, through the API
(one every :data:`ACTION_EVERY` seconds, as a class does in the lobby); every pooled lobby
follows the list of tables waiting for students.  It prints the server's CPU time during the
arrival and 10 s after.

The browser runs on the same machine as the server and competes for its cores; on a real
class each student's device renders its own page, so these figures are on the slow side.

A fourth way, ``wire``, measures the serving machine alone: the students are simulated at
the protocol level (:mod:`classroom_wire`), with the pool warm as for ``pool``.  One real page
is first recorded, untimed, on a table of its own: every request it makes of the server and
every message it sends on its kernel's websocket.  Then each of the N students, all at once
from this process (asyncio), does the same to the server: GETs a fresh page and every file
the real page fetched (nothing cached), opens the kernel's websocket with the page's binary
protocol, does the widget manager's handshake and state request, types a name, a PIN and the
code into the lobby's boxes (found in the states by their placeholders) and clicks Join,
answers the canvas's ``client_ready``, and waits for the same thing as the browser's
``PAINTED``, read from the widget messages: the canvas has received a drawing and the status
line says the student is to play.  It differs from a browser in what the client does, not in
what the server does: no script runs, nothing is laid out or painted, so the students' side
costs this process a few hundredths of a second each instead of seconds of Chromium.  Checked
each round: the students sent the recorded page's messages (same kinds, same widgets, same
order), and the store has each of them seated and to play.  The CPU of the recorded page's
server (Voila and its kernel) is printed beside the students', for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dweebies_widget.classroom import Classroom  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
PASSWORD = "bench-password"
PAINTED = """() => {
    const c = document.querySelector('.dweebies-widget canvas');
    const s = document.querySelector('.dweebies-status b');
    if (!c || !s || !/to play/.test(s.textContent)) return false;
    const p = c.getContext('2d').getImageData(c.width / 2, c.height - 20, 1, 1).data;
    return p[3] > 0;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """The classroom server, its store and its log."""

    def __init__(self, folder: Path, pool: int) -> None:
        self.store = str(folder / "class.sqlite")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = folder / "serve.log"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "DWEEBIES_TEACHER_PASSWORD": PASSWORD,
               "JUPYTER_RUNTIME_DIR": str(folder / "runtime")}  # fmt: skip
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dweebies_widget.classroom", "serve", "--store", self.store,
             "--port", str(self.port), "--pool", str(pool)],
            cwd=folder, env=env, stdout=self.log.open("wb"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        end = time.monotonic() + 120
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        raise TimeoutError("the server did not start")

    def filled(self, pool: int) -> int:
        """How many times the lobby's pool was reported full."""
        pattern = f"Kernel pool of lobby.ipynb is filled with {pool} kernel"
        return self.log.read_text(errors="replace").count(pattern)

    def kernels(self) -> list[int]:
        """The server's kernel processes."""
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True,
                             text=True).stdout  # fmt: skip
        return [int(p) for p in out.split()]

    def cpu(self) -> dict[int, float]:
        """CPU seconds so far of each of the server's processes."""
        return {pid: cpu_seconds({pid}) for pid in descendants(self.process.pid)}

    def used(self, before: dict[int, float], after: dict[int, float], kernels: list[str]) -> float:
        """CPU seconds Voila and the kernels ``kernels`` (ids) used from ``before`` to
        ``after`` (see :meth:`cpu`)."""
        files = {f"kernel-{k}.json" for k in kernels}
        pids = {self.process.pid}
        for pid in self.kernels():
            try:
                words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            pids |= {pid for w in words if Path(w.decode()).name in files}
        return sum(after.get(pid, 0.0) - before.get(pid, 0.0) for pid in pids)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def descendants(root: int) -> set[int]:
    """``root`` and every process below it."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parent[int(entry.name)] = int(fields[1])
    found, grew = {root}, True
    while grew:
        more = {pid for pid, up in parent.items() if up in found} - found
        grew = bool(more)
        found |= more
    return found


def cpu_seconds(pids: set[int]) -> float:
    """CPU time (user and system) the processes ``pids`` have used so far."""
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"VmRSS:\s+(\d+) kB", text)
    return int(found.group(1)) / 1024 if found else 0.0


def quiet(seconds: float = 60, below: float = 1.5) -> float:
    """Wait (at most ``seconds``) until the 1-minute load average is under ``below``;
    the load average then."""
    end = time.monotonic() + seconds
    while os.getloadavg()[0] > below and time.monotonic() < end:
        time.sleep(2)
    return os.getloadavg()[0]


@dataclass
class Student:
    lobby: float = float("nan")
    board: float = float("nan")
    error: str = ""


async def student(browser: object, url: str, code: str, name: str, start: float,
                  watch: Callable[[Any], object] | None = None) -> Student:  # fmt: skip
    """One browser student; ``watch`` (if given) is called with the page before it opens."""
    result = Student()
    context = await browser.new_context(viewport={"width": 1024, "height": 900})  # type: ignore[attr-defined]
    try:
        page = await context.new_page()
        if watch is not None:
            watch(page)
        await page.goto(url, timeout=180_000)
        box = page.get_by_placeholder("your name")
        await box.wait_for(timeout=180_000)
        result.lobby = time.monotonic() - start
        await box.fill(name)
        await page.get_by_placeholder("4 digits").fill("1234")
        await page.get_by_placeholder("like K7QX").fill(code)
        await page.get_by_placeholder("like K7QX").press("Tab")
        await page.get_by_role("button", name="Join", exact=True).click()
        await page.wait_for_function(PAINTED, timeout=180_000, polling=50)
        result.board = time.monotonic() - start
    except Exception as error:  # noqa: BLE001 - reported with the figures
        result.error = f"{type(error).__name__}: {str(error)[:120]}"
    return result, context  # type: ignore[return-value]


@dataclass
class Round:
    students: list[Student]
    rss: list[float]
    """The kernels' memory (MiB) while the students play."""
    server_cpu: float
    """CPU seconds the server and its kernels used during the round."""
    voila_cpu: float
    """... of which Voila's own process (pages, files, messages)."""
    refill_cpu: float
    """... of which kernels started during the round (Voila refilling its pool)."""
    client_cpu: float
    """CPU seconds the students' side used: the browser (all its processes), or this
    process for ``wire``."""
    students_cpu: float = float("nan")
    """CPU seconds of Voila and the students' own kernels (``wire``, which knows them)."""


async def round_of(served: Served, codes: list[str]) -> Round:
    """N students at once."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        before = descendants(served.process.pid)
        server_before = cpu_seconds(before)
        voila_before = cpu_seconds({served.process.pid})
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        start = time.monotonic()
        done = await asyncio.gather(*(
            student(browser, served.url, code, f"Student {i + 1}", start)
            for i, code in enumerate(codes)
        ))  # fmt: skip
        server = descendants(served.process.pid)
        server_cpu = cpu_seconds(server) - server_before
        voila_cpu = cpu_seconds({served.process.pid}) - voila_before
        refill_cpu = cpu_seconds(server - before)
        client_cpu = cpu_seconds(descendants(os.getpid()) - server - {os.getpid()})
        rss = [rss_mib(pid) for pid in served.kernels()]
        for _, context in done:  # leaving a page shuts its kernel down (Voila's beforeunload)
            for page in context.pages:  # type: ignore[attr-defined]
                await page.close(run_before_unload=True)
            await context.close()  # type: ignore[attr-defined]
        await browser.close()
    return Round([d[0] for d in done], rss, server_cpu, voila_cpu, refill_cpu, client_cpu)


async def wire_round(served: Served, codes: list[str], rec: Any) -> Round:
    """N students at once, at the protocol level (``wire``: see :mod:`classroom_wire`)."""
    from classroom_wire import leave, wire_student

    before = descendants(served.process.pid)
    server_before = cpu_seconds(before)
    voila_before = cpu_seconds({served.process.pid})
    each = served.cpu()
    client_before = cpu_seconds({os.getpid()})
    start = time.monotonic()
    done = await asyncio.gather(*(
        wire_student(served.url, rec, code, f"Student {i + 1}", start)
        for i, code in enumerate(codes)
    ))  # fmt: skip
    client_cpu = cpu_seconds({os.getpid()}) - client_before
    server = descendants(served.process.pid)
    server_cpu = cpu_seconds(server) - server_before
    voila_cpu = cpu_seconds({served.process.pid}) - voila_before
    refill_cpu = cpu_seconds(server - before)
    students = served.used(each, served.cpu(), [s.kernel for s, _ in done if s.kernel])
    rss = [rss_mib(pid) for pid in served.kernels()]
    await asyncio.gather(*(leave(served.url, rec.shutdown, wire, s.kernel) for s, wire in done))
    return Round([d[0] for d in done], rss, server_cpu, voila_cpu, refill_cpu, client_cpu,
                 students)  # fmt: skip


def seated(store: str, codes: list[str], names: list[str]) -> int:
    """How many of the students ``names`` sit at their table ``codes``, and are to play."""
    with Classroom(store) as room:
        infos = [room.table(code) for code in codes]
    return sum(1 for info, name in zip(infos, names, strict=True)
               if info.status == "playing" and info.turn is not None
               and info.seats[info.turn].name == name)  # fmt: skip


def recorded(served: Served) -> Any:
    """One real page, untimed, on a table of its own (``wire``): what a page asks."""
    from classroom_wire import record

    code = tables(served.store, 1)[0]
    rec = asyncio.run(record(served.url, code, served.cpu, student,
                             {"executable_path": CHROMIUM, "args": ARGS}))  # fmt: skip
    page_cpu = served.used(*rec.cpu, [rec.kernel])
    ok = seated(served.store, [code], ["Recorded page"])
    print(f"wire: a real page (Chromium, untimed) fetched {len(rec.before) + len(rec.after)} "
          f"files from the server ({rec.size / 2**20:.1f} MiB as sent; "
          f"{len(rec.before)} before its websocket, {len(rec.after)} after) and "
          f"{len(rec.elsewhere)} from elsewhere (not this server's work), spoke the "
          f"{'binary v1' if rec.binary else 'JSON'} protocol and sent {len(rec.sent)} "
          f"messages; its board in {rec.board:.1f} s, seated and to play in the store: "
          f"{'yes' if ok else 'NO'}; server CPU for it (Voila and its kernel, from opening to a "
          f"second after the board) {page_cpu:.2f} s", flush=True)  # fmt: skip
    if not rec.binary:
        raise SystemExit("the page spoke the JSON protocol: the wire students do not")
    return rec


def wire_figures(rec: Any, done: Round, store: str, codes: list[str]) -> str:
    """What the wire students sent, fetched and saw, against the recorded page."""
    ok = [s for s in done.students if not s.error]
    names = [f"Student {i + 1}" for i in range(len(codes))]
    same = sum(1 for s in ok if s.sent == rec.sent)
    fetched = statistics.median(s.fetched for s in ok) / 2**20
    received = statistics.median(s.received for s in ok) / 1024
    text = (f"     each: page and files {fetched:.1f} MiB, websocket {received:.0f} KiB "
            f"received; {same} of {len(ok)} sent the recorded page's {len(rec.sent)} messages; "
            f"seated and to play in the store: {seated(store, codes, names)} of "
            f"{len(codes)}")  # fmt: skip
    if ok and ok[0].sent != rec.sent:
        text += f"\n     differs: page {rec.sent}\n              wire {ok[0].sent}"
    if ok and ok[0].status.replace("Student 1", "Recorded page") != rec.status:
        text += f"\n     status: page {rec.status!r}, wire {ok[0].status!r}"
    return text


def tables(store: str, n: int) -> list[str]:
    with Classroom(store, teacher_password=PASSWORD) as room:
        return [room.create_table(players=2, ai={1: "random"}) for _ in range(n)]


def figures(label: str, found: list[Student]) -> str:
    ok = [s for s in found if not s.error]
    errors = [s.error for s in found if s.error]
    if not ok:
        return f"{label}: every student failed: {errors[:2]}"
    lobby = sorted(s.lobby for s in ok)
    board = sorted(s.board for s in ok)
    text = (
        f"{label}: lobby median {statistics.median(lobby):5.1f} s, last {lobby[-1]:5.1f} s; "
        f"board median {statistics.median(board):5.1f} s, last {board[-1]:5.1f} s"
    )
    if errors:
        text += f"; {len(errors)} failed ({errors[0]})"
    return text


ACTION_EVERY = 1.0
"""Seconds between two students' actions in the lobby (``lobbies``)."""


def arrival(served: Served, n: int) -> str:
    """``n`` students arrive through the API while the pooled lobbies wait (``lobbies``)."""
    before = descendants(served.process.pid)
    server_before, voila_before = cpu_seconds(before), cpu_seconds({served.process.pid})
    with Classroom(served.store) as room:
        codes = []
        for i in range(0, n, 2):  # half the class make a table and sit at it...
            codes.append(room.create_table(players=2))
            room.join(codes[-1], f"Student {i + 1}", pin="1234")
            time.sleep(ACTION_EVERY)
        for i, code in zip(range(1, n, 2), codes, strict=False):  # ... the others join
            room.join(code, f"Student {i + 1}", pin="1234")
            time.sleep(ACTION_EVERY)
    time.sleep(10)
    server = cpu_seconds(descendants(served.process.pid)) - server_before
    voila = cpu_seconds({served.process.pid}) - voila_before
    return (f"lobbies {n:2d} student{'s' if n > 1 else ' '} arrive, {len(before) - 1} kernels "
            f"waiting: server CPU {server:.1f} s ({server / n:.2f} s a student; Voila itself "
            f"{voila:.1f} s, the kernels the rest)")  # fmt: skip


def warm(served: Served, pool: int, wanted: int) -> None:
    """Wait until the pool was reported full ``wanted`` times, and a little more."""
    end = time.monotonic() + 900
    while served.filled(pool) < wanted and time.monotonic() < end:
        time.sleep(1)
    time.sleep(3)


def run(mode: str, counts: list[int], pool: int | None = None) -> None:
    pool = 0 if mode == "cold" else pool or max(counts)
    with tempfile.TemporaryDirectory(prefix="dweebies-boards-") as work:
        served = Served(Path(work), pool)
        try:
            wanted = 1  # "pool filled" lines to wait for: one at start, one per kernel taken
            if mode == "wire":
                warm(served, pool, wanted)
                rec, wanted = recorded(served), wanted + 1
            for n in counts:
                if mode != "cold":
                    warm(served, pool, wanted)
                    wanted = served.filled(pool) + (n if mode in ("pool", "wire") else 0)
                    lobby_rss = [rss_mib(pid) for pid in served.kernels()]
                else:
                    lobby_rss = []
                load = quiet()
                if mode == "lobbies":
                    print(arrival(served, n), flush=True)
                    continue
                print(f"  ({mode}: {n} student(s) open the page...)", file=sys.stderr, flush=True)
                codes = tables(served.store, n)
                if mode == "wire":
                    done = asyncio.run(wire_round(served, codes, rec))
                else:
                    done = asyncio.run(round_of(served, codes))
                found, rss = done.students, done.rss
                label = f"{mode:4s} {n:2d} student{'s' if n > 1 else ' '} (load {load:.1f})"
                print(figures(label, found), flush=True)
                kernels = "the kernels the rest"
                if mode != "cold":  # the pages' kernels were warm; new ones refill the pool
                    pages = done.server_cpu - done.voila_cpu - done.refill_cpu
                    kernels = (f"the pages' kernels {pages:.1f} s, kernels started to refill "
                               f"the pool {done.refill_cpu:.1f} s")  # fmt: skip
                client = "this process" if mode == "wire" else "browser"
                print(f"     CPU: server {done.server_cpu:.1f} s ({done.server_cpu / n:.2f} s a "
                      f"student; Voila itself {done.voila_cpu:.1f} s, {kernels}), "
                      f"{client} {done.client_cpu:.1f} s ({done.client_cpu / n:.2f} s a page)",
                      flush=True)  # fmt: skip
                if mode == "wire":
                    print(f"     of which Voila and the students' own kernels "
                          f"{done.students_cpu:.2f} s ({done.students_cpu / n:.2f} s a student; "
                          f"the rest is the kernels waiting in the pool)", flush=True)  # fmt: skip
                    print(wire_figures(rec, done, served.store, codes), flush=True)
                if lobby_rss:
                    print(f"     a kernel waiting in the pool with the lobby: "
                          f"{statistics.median(lobby_rss):.0f} MiB", flush=True)  # fmt: skip
                playing = sorted(rss)[-n:]
                print(f"     a kernel whose student plays: {statistics.median(playing):.0f} MiB "
                      f"(median of the {n} largest of {len(rss)} kernels)", flush=True)  # fmt: skip
        finally:
            served.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, nargs="+", default=[1, 10, 30])
    parser.add_argument("--modes", nargs="+", choices=["pool", "cold", "lobbies", "wire"],
                        default=["pool", "cold"])  # fmt: skip
    parser.add_argument("--pool", type=int, help="kernels kept ready (default: as many as the "
                        "most students; ignored by cold)")  # fmt: skip
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}", flush=True)
    for mode in args.modes:
        run(mode, sorted(args.students), args.pool)


if __name__ == "__main__":
    main()
