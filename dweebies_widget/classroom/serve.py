"""Serve a class: ``python -m dweebies_widget.classroom serve`` (``make classroom``).

One command starts everything a lesson needs on the teacher's laptop or a school server:

1. the **store** (``--store``, ``classroom.sqlite`` by default; a ``postgresql://`` URL works
   too) is opened with the **teacher password** (asked for at start, or read from
   ``DWEEBIES_TEACHER_PASSWORD`` or ``--password-file``; the first password a store gets
   stays its password), checked, and every computer move left pending by a stopped server is
   made (:meth:`Classroom.resume <dweebies_widget.classroom.Classroom.resume>`);
2. **Voila** serves the package's folder: the lobby at ``/`` (students) and the teacher's
   page at ``/teacher`` (behind the password), the class's puzzle page at ``/puzzles``, all
   three in ``classroom/notebooks``, and the lesson
   menu at ``/lessons`` (the lobby links to it), each lesson at
   ``/voila/render/course/notebooks/NN_name.ipynb``.  Each classroom page gets a
   kernel of its own, taken from Voila's pool of **preheated kernels**: the page's notebook
   has already run in it, so the page a student opens is ready at once (``--pool`` kernels
   are kept ready for the lobby; ``--pool 0`` turns the pool off);
3. the address students type is printed (the teacher's page shows it too, with a QR code).

Every page is made with the package's Voila template (:mod:`dweebies_widget.voila_templates`):
nothing on it is fetched from another host, so a class behind a firewall that drops outside
traffic gets its pages as fast as any.

By default only this machine can open the pages (``127.0.0.1``); ``--lan`` serves the local
network, at this machine's address there.

**What a page may do.**  Voila gives each page a kernel and passes only widget messages to
it: its kernel manager is made with ``allowed_message_types`` = ``comm_open``,
``comm_close``, ``comm_msg``, ``comm_info_request``, ``kernel_info_request`` and
``shutdown_request``, so an ``execute_request`` sent from a page is dropped by the server
before it reaches the kernel, and no page can run code.  The tests send one and check.
Every page is guarded (:mod:`dweebies_widget.voila_templates.guard`): kernel connections speak
only the current protocol, within a message size, rate and send buffer; pages (kernels) are
capped in all and per device, with a page that says so when the class is full; every request
that changes something needs the ``_xsrf`` token the page's cookie carries.

**Options for a school server.**  ``--limits FILE`` reads the caps from the ``[limits]``
section of a TOML file (:class:`~.limits.Limits`; a wrong key stops the server before it
starts); ``--tls CERT KEY`` serves https with that certificate and key (students then type
``https://``); ``--behind-proxy`` takes each device's address from the ``X-Forwarded-For`` or
``X-Real-Ip`` header a reverse proxy in front of the server adds (the per-device caps need
it).  A new store's teacher password must be strong
(:func:`~.credentials.check_new_password`): at least 12 characters, not a known weak one.
"""

from __future__ import annotations

import argparse
import getpass
import os
import ssl
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import voila_templates
from ..voila_templates.guard import guarded
from ..voila_templates.menu import MENU_PATH, MENU_VARIABLE, menu_handler
from ..widget.compat import pace_voila_pool
from .address import lan_ip, student_address, teacher_address
from .controls import STORE_VARIABLE
from .credentials import check_new_password
from .errors import BadInput, ClassroomError, WrongPassword
from .limits import LIMITS_VARIABLE, Limits
from .pages import ADDRESS_VARIABLE, TEACHER_VARIABLE
from .room import Classroom

__all__ = ["NOTEBOOKS", "PASSWORD_VARIABLE", "main", "voila_config"]

ROOT = Path(__file__).parent.parent
"""The folder Voila serves: the package, so that the classroom's pages and the course's
lessons are both under it."""
NOTEBOOKS = Path(__file__).parent / "notebooks"
"""The classroom's notebooks: ``lobby.ipynb`` and ``teacher.ipynb``."""
LOBBY = "classroom/notebooks/lobby.ipynb"
TEACHER = "classroom/notebooks/teacher.ipynb"
PUZZLES = "classroom/notebooks/puzzles.ipynb"
"""The class's puzzle page (:mod:`.puzzles`), at ``/puzzles``."""
LESSONS = "course/notebooks"
"""Where the lessons are, under :data:`ROOT` (the lesson menu links to them)."""
PASSWORD_VARIABLE = "DWEEBIES_TEACHER_PASSWORD"
DEFAULT_PORT = 8866
DEFAULT_POOL = 8
FILL_DELAY = 30.0
"""Seconds Voila waits before it starts a kernel to replace one a page took: a class that
arrives at once gets its pages before the machine gets busy starting new kernels."""
REFILL_EVERY = 1.5
"""Seconds between two kernels started to refill the pool (see :func:`refill_gently`)."""
PAGE_NEEDS_NOT = [
    "@jupyter-notebook/lab-extension",
    "jupyterlab_pygments",
]
"""Front-end extensions installed beside JupyterLab that the pages never use: a page
does not load them (fewer files to send every student)."""
CULL_IDLE = 20 * 60
"""Seconds after which a kernel that no page is connected to is shut down (its student
comes back with the same name and PIN)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m dweebies_widget.classroom",
        description="Serve a Dweebies classroom: students play each other from their devices.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the lobby and the teacher's page")
    serve.add_argument(
        "--store", default="classroom.sqlite",
        help="where the class is kept: an SQLite file (default classroom.sqlite) or a "
        "postgresql:// URL",
    )  # fmt: skip
    serve.add_argument(
        "--lan", action="store_true",
        help="serve the local network (default: this machine only)",
    )  # fmt: skip
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="the port (default 8866)")
    serve.add_argument(
        "--pool", type=int, default=DEFAULT_POOL,
        help=f"lobby kernels kept ready, already run (default {DEFAULT_POOL}; about the class "
        "size if everybody arrives at once; 0: none)",
    )  # fmt: skip
    serve.add_argument(
        "--password-file", type=Path,
        help=f"read the teacher password from this file (or set {PASSWORD_VARIABLE}; "
        "otherwise it is asked for)",
    )  # fmt: skip
    serve.add_argument(
        "--limits", type=Path, metavar="FILE",
        help="read the server's caps from the [limits] section of this TOML file (pages "
        "open in all and per device, connections, password and PIN tries...)",
    )  # fmt: skip
    serve.add_argument(
        "--tls", nargs=2, type=Path, metavar=("CERT", "KEY"),
        help="serve https with this certificate and its private key (PEM files)",
    )  # fmt: skip
    serve.add_argument(
        "--behind-proxy", action="store_true",
        help="a reverse proxy serves the class: take each device's address from the "
        "X-Forwarded-For or X-Real-Ip header it adds",
    )  # fmt: skip
    return parser


def password_problem(password: str) -> str | None:
    """Why ``password`` is too weak for a new classroom, or ``None`` when it is strong
    enough (:func:`~.credentials.check_new_password`)."""
    try:
        check_new_password(password)
    except BadInput as error:
        return str(error)
    return None


def read_password(password_file: Path | None, new: bool) -> str:
    """The teacher password: from ``password_file``, the environment, or typed (twice for
    a new store).  A new store's password must be strong: typed, a weak one is refused and
    asked for again; given, the reason is printed and the server stops (exit code 2)."""
    given: str | None = None
    if password_file is not None:
        given = password_file.read_text(encoding="utf-8").strip()
    elif os.environ.get(PASSWORD_VARIABLE):
        given = os.environ[PASSWORD_VARIABLE]
    if given is not None:
        problem = password_problem(given) if new else None
        if problem is not None:
            print(f"The teacher password is too weak for a new classroom: {problem}",
                  file=sys.stderr)  # fmt: skip
            raise SystemExit(2)
        return given
    if not sys.stdin.isatty():
        raise SystemExit(
            f"No teacher password: type one at a terminal, set {PASSWORD_VARIABLE}, or give "
            "--password-file."
        )
    while True:
        password = getpass.getpass("Teacher password: ")
        if not password:
            print("The teacher's page needs a password.")
            continue
        problem = password_problem(password) if new else None
        if problem is not None:
            print(f"Too weak: {problem}. Try another one.")
            continue
        if not new or getpass.getpass("Once more: ") == password:
            return password
        print("The two were not the same; again.")


def _is_new(store: str) -> bool:
    return "://" not in store and not Path(store).exists()


def voila_config(*, ip: str, port: int, pool: int) -> Any:
    """Voila's settings for the classroom: its kernel pool (``pool`` lobby kernels and
    one for the teacher's page, each preheated: the notebook already run), the address."""
    from traitlets.config import Config

    c = Config()
    c.Voila.ip = ip
    c.Voila.port = port
    c.Voila.port_retries = 0
    c.Voila.open_browser = False
    c.VoilaConfiguration.show_tracebacks = False
    c.VoilaConfiguration.template = voila_templates.NAME  # found on JUPYTER_PATH: see serve()
    c.VoilaConfiguration.extension_denylist = PAGE_NEEDS_NOT
    c.VoilaConfiguration.preheat_kernel = pool > 0
    c.VoilaConfiguration.default_pool_size = max(pool, 0)
    c.VoilaKernelManager.kernel_pools_config = {
        "default": {"pool_size": 0},  # the lessons: a kernel each when a page opens
        LOBBY: {"pool_size": max(pool, 0)},
        TEACHER: {"pool_size": 1 if pool > 0 else 0},
        PUZZLES: {"pool_size": 1 if pool > 0 else 0},
    }
    c.VoilaKernelManager.fill_delay = FILL_DELAY
    # A page that is left shuts its kernel down (a beacon to /voila/api/shutdown, with the
    # _xsrf token of the cookie the guarded page sets).  A kernel whose page went away without
    # saying so (a tablet put to sleep) is shut down once idle and unconnected for CULL_IDLE
    # seconds.
    c.MappingKernelManager.cull_idle_timeout = CULL_IDLE
    c.MappingKernelManager.cull_interval = 60
    c.MappingKernelManager.cull_connected = False
    return c


def _voila_class(limits: Limits, tls: ssl.SSLContext | None, behind_proxy: bool) -> Any:
    from jupyter_server.utils import url_path_join
    from tornado.web import RedirectHandler
    from voila.app import Voila

    class ClassroomVoila(Voila):  # type: ignore[misc]
        """Voila with the lobby at ``/`` and the teacher's page at ``/teacher``, its pool
        refilled one kernel at a time, every page guarded
        (:func:`~dweebies_widget.voila_templates.guard.guarded`), served over ``tls`` when
        given, trusting a reverse proxy's headers when ``behind_proxy``."""

        def init_settings(self) -> Any:
            settings = super().init_settings()
            if self.voila_configuration.preheat_kernel:  # a pool to refill
                refill_gently(self.kernel_manager)
            return settings

        def init_handlers(self) -> list[Any]:
            base = self.server_url or "/"
            lobby = url_path_join(base, "voila/render", LOBBY)
            teacher = url_path_join(base, "voila/render", TEACHER)
            puzzles = url_path_join(base, "voila/render", PUZZLES)
            lessons = {"render": url_path_join(base, "voila/render", LESSONS)}
            return guarded(self, [
                (base, RedirectHandler, {"url": lobby}),
                (url_path_join(base, "teacher/?"), RedirectHandler, {"url": teacher}),
                (url_path_join(base, "puzzles/?"), RedirectHandler, {"url": puzzles}),
                (url_path_join(base, f"{MENU_PATH}/?"), menu_handler(), lessons),
                *super().init_handlers(),
            ], limits, alive=True)  # fmt: skip

        def listen(self) -> None:
            listen = self.app.listen

            def secure_listen(port: int, address: str = "", **kwargs: Any) -> Any:
                return listen(port, address, ssl_options=tls, xheaders=behind_proxy, **kwargs)

            self.app.listen = secure_listen
            super().listen()

    return ClassroomVoila


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    """The https settings for ``cert`` and its private ``key`` (PEM files);
    :class:`ValueError` saying what is wrong with them."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        context.load_cert_chain(str(cert), str(key))
    except (OSError, ssl.SSLError) as error:
        raise ValueError(
            f"--tls {cert} {key}: not a certificate and its private key ({error})"
        ) from None
    return context


def read_limits(path: Path | None) -> Limits:
    """The server's limits: the ``[limits]`` section of the TOML file at ``path``, or the
    defaults; :class:`ValueError` that names the file and what is wrong."""
    if path is None:
        return Limits()
    try:
        return Limits.from_toml(path)
    except OSError as error:
        raise ValueError(f"--limits {path}: cannot read it ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"--limits {path}: not a TOML file ({error})") from None
    except ValueError as error:
        raise ValueError(f"--limits {path}: {error}") from None


def refill_gently(manager: Any, every: float = REFILL_EVERY) -> None:
    """Have Voila's kernel ``manager`` refill its pools one kernel at a time, and never make a
    page wait for a kernel that is not started yet.

    Voila starts a kernel to replace each one a page takes, :data:`FILL_DELAY` seconds
    later, and counts the kernels waiting to start as part of the pool.  When a class arrives
    at once, that is two problems:

    * many kernels start together, each taking most of a second of a core to start and run
      the lobby, just when the students begin to play: here each replacement waits
      ``every`` seconds more than the one before it that has not started yet, so refilling
      takes at most one core's share at a time;
    * a student who comes when every ready kernel is taken is handed one that waits out its
      delay first: here only started kernels count as the pool, so that student's page gets
      a kernel of its own at once (as without a pool) instead."""
    pace_voila_pool(manager, lambda starting: manager.fill_delay + every * starting)


def serve(args: argparse.Namespace) -> int:
    try:
        limits = read_limits(args.limits)
        tls = tls_context(*args.tls) if args.tls else None
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    os.environ[LIMITS_VARIABLE] = limits.to_env()  # before the store: it applies them too
    store = args.store if "://" in args.store else str(Path(args.store).resolve())
    new = _is_new(store)
    password = read_password(args.password_file, new)
    weak = None if new else password_problem(password)
    try:
        room = Classroom(store, teacher_password=password)
    except WrongPassword as error:
        locked = getattr(error, "wait", None) is not None  # too many wrong ones: locked out
        print(error if locked else f"{store}: this store has another teacher password.",
              file=sys.stderr)  # fmt: skip
        return 2
    except ClassroomError as error:
        print(str(error), file=sys.stderr)
        return 2
    try:
        where = room.store
        resumed = room.resume()
        tables = len(room.tables())
    finally:
        room.close()
    if weak is not None:
        print(f"Warning: this classroom's teacher password is weak ({weak}).", flush=True)
    host = lan_ip() if args.lan else "127.0.0.1"
    scheme = "https" if tls else "http"
    students = student_address(host, args.port, scheme)
    teacher = teacher_address(host, args.port, scheme)
    os.environ[STORE_VARIABLE] = store
    os.environ[ADDRESS_VARIABLE] = students
    os.environ[TEACHER_VARIABLE] = teacher
    os.environ[MENU_VARIABLE] = f"/{MENU_PATH}"  # the lobby links to the lesson menu
    os.environ["JUPYTER_PATH"] = voila_templates.jupyter_path(os.environ)
    print(
        f"Dweebies classroom: {where}, {tables} table(s); {resumed} computer move(s) resumed.\n"
        f"  Students open:     {students}\n"
        f"  Teacher's page:    {teacher}  (with the password)\n"
        f"  Puzzles:           {students}puzzles\n"
        + ("" if args.lan else "  Only this machine can open them: add --lan for the class.\n")
        + "Stop with Ctrl+C.",
        flush=True,
    )
    app = _voila_class(limits, tls, args.behind_proxy)(config=voila_config(
        ip="0.0.0.0" if args.lan else "127.0.0.1", port=args.port, pool=args.pool
    ))  # fmt: skip
    app.initialize([str(ROOT)])
    app.start()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "serve":
        return serve(args)
    return 2  # pragma: no cover - argparse requires a command
