"""The ``dweebies`` command (also ``python -m dweebies_widget``): the course, the apps, the
classroom.

* ``dweebies lessons`` serves every lesson as an app with Voila, for classes that do not
  program: a lesson menu (each lesson's number, title, time and goals), each lesson without
  its code (:mod:`.voila_templates.lessons_app`; ``make lessons`` does the same);
* ``dweebies course [DIR]`` copies the course (the nine notebooks and the files they read)
  into DIR (``./dweebies-course`` by default) and opens JupyterLab there, to run and change
  the code.  ``dweebies lessons DIR`` and ``dweebies lessons --lab [DIR]``, what
  ``dweebies lessons`` did before, still do this, with a note to use ``dweebies course``;
* ``dweebies app`` serves the play notebook as an app with Voila, ``dweebies puzzles`` the
  puzzles lesson;
* ``dweebies classroom [OPTIONS]`` is ``python -m dweebies_widget.classroom serve
  [OPTIONS]``.

Options this command does not know go to the server (``dweebies lessons --port=8870``: write
an option's value after ``=``).  Each command checks the extra it needs before it does
anything, and stops with one line naming it.

>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp()) / "course"
>>> main(["course", str(folder), "--no-lab"])  # doctest: +ELLIPSIS
Copied the course into ...
0
>>> sorted(p.name for p in (folder / "notebooks").iterdir())[:2]
['00_play.ipynb', '01_rules.ipynb']
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import subprocess
import sys
from collections.abc import Sequence
from importlib.abc import Traversable
from importlib.resources import as_file, files
from pathlib import Path

from . import voila_templates
from .extras import MissingExtra, require

__all__ = ["COURSE_FILES", "DEFAULT_FOLDER", "copy_course", "course", "main"]

#: What the course folder holds: the lessons and the files they read beside them.
COURSE_FILES = (".ipynb", ".md", ".png")
#: Where ``dweebies course`` copies the course when no folder is given.
DEFAULT_FOLDER = "dweebies-course"
#: The notebook each app serves with Voila.
APPS = {"app": "00_play.ipynb", "puzzles": "06_puzzles.ipynb"}


def course() -> Traversable:
    """The course shipped in the package: ``notebooks/``, and the ``benchmarks/`` and
    ``docs/`` files the notebooks read."""
    return files("dweebies_widget") / "course"


def copy_course(target: Path) -> list[Path]:
    """Copy the course into ``target`` (made if missing); a file already there is kept, so a
    student's work is never overwritten.  Returns the files copied."""
    copied: list[Path] = []

    def walk(source: Traversable, into: Path) -> None:
        for item in sorted(source.iterdir(), key=lambda t: t.name):
            if item.name.startswith("."):
                continue
            if item.is_dir():
                walk(item, into / item.name)
            elif item.name.endswith(COURSE_FILES) and not (into / item.name).exists():
                into.mkdir(parents=True, exist_ok=True)
                (into / item.name).write_bytes(item.read_bytes())
                copied.append(into / item.name)

    walk(course(), target)
    return copied


def _root_flag() -> list[str]:
    """JupyterLab refuses to run as root unless asked."""
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


def _run(
    command: list[str], open_it: bool, cwd: Path | None = None, env: dict[str, str] | None = None
) -> int:
    """Start ``command`` (or, with ``open_it`` false, only say what it would be)."""
    print(("Starting: " if open_it else "Would start: ") + shlex.join(command), flush=True)
    if not open_it:
        return 0
    child = subprocess.Popen(command, cwd=cwd, env=env)
    # Stopping this command stops what it started (a Voila or JupyterLab server).
    previous = signal.signal(signal.SIGTERM, lambda signum, _frame: child.send_signal(signum))
    try:
        return child.wait()
    except KeyboardInterrupt:  # the terminal's Ctrl-C reached the server too: let it finish
        return child.wait()
    finally:
        signal.signal(signal.SIGTERM, previous)


def copy_and_open(folder: Path, extra_args: list[str], open_it: bool) -> int:
    """Copy the course into ``folder`` and open its first notebook in JupyterLab."""
    require("notebooks", what="dweebies course")
    copied = copy_course(folder)
    kept = "" if copied else " (every file was there already and is kept)"
    print(f"Copied the course into {folder.resolve()}: {len(copied)} file(s){kept}")
    command = [sys.executable, "-m", "jupyter", "lab", "notebooks/00_play.ipynb"]
    return _run(command + _root_flag() + extra_args, open_it, cwd=folder)


def lessons_app(extra_args: list[str], open_it: bool) -> int:
    """Serve every lesson with Voila, the lesson menu first
    (:mod:`.voila_templates.lessons_app`)."""
    require("notebooks", what="dweebies lessons")
    command = [sys.executable, "-m", "dweebies_widget.voila_templates.lessons_app"]
    return _run(command + extra_args, open_it)


def app(name: str, extra_args: list[str], open_it: bool) -> int:
    """Serve one course notebook as an app with Voila (no code shown), with the package's
    template (:mod:`.voila_templates`: nothing fetched from another host)."""
    require("notebooks", what=f"dweebies {name}")
    env = {**os.environ, "JUPYTER_PATH": voila_templates.jupyter_path(os.environ)}
    with as_file(course() / "notebooks" / APPS[name]) as notebook:
        command = [sys.executable, "-m", "voila", f"--template={voila_templates.NAME}"]
        return _run(command + [str(notebook), *extra_args], open_it, env=env)


def classroom(extra_args: list[str]) -> int:
    """``python -m dweebies_widget.classroom serve`` with these options."""
    require("classroom", what="dweebies classroom")
    from .classroom.serve import main as serve

    return serve(["serve", *extra_args])


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dweebies",
        description="Learn the card game Dweebies in Jupyter: the course, the apps, the classroom.",
        epilog="Options not listed here go to the server (JupyterLab, Voila or the classroom).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    lesson = commands.add_parser(
        "lessons", help="serve every lesson as an app with Voila: a lesson menu, no code",
        description="Serve every lesson with Voila: a menu of the lessons, each lesson "
        "without its code. (Before, this command copied the course and opened JupyterLab: "
        "that is now dweebies course DIR; dweebies lessons DIR and dweebies lessons --lab "
        "still do it, with a note.)",
    )  # fmt: skip
    lesson.add_argument("dir", nargs="?", default=None, type=Path, help=argparse.SUPPRESS)
    lesson.add_argument("--lab", action="store_true",
                        help="old use: copy the course and open JupyterLab (dweebies course)")
    copy = commands.add_parser("course", help="copy the course into DIR, open JupyterLab there")
    copy.add_argument("dir", nargs="?", default=Path(DEFAULT_FOLDER), type=Path,
                      help=f"the folder for the course (default: ./{DEFAULT_FOLDER})")
    helps = {"app": "serve the play notebook as an app with Voila",
             "puzzles": "serve the puzzles lesson as an app with Voila"}
    for name, text in helps.items():
        commands.add_parser(name, help=text)
    for sub in (lesson, copy, *(commands.choices[name] for name in helps)):
        sub.add_argument("--no-open", "--no-lab", dest="open", action="store_false",
                         help="do everything but start the server; print its command")
    commands.add_parser("classroom", add_help=False,
                        help="serve a class: python -m dweebies_widget.classroom serve")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``dweebies`` command; returns its exit code."""
    args, rest = _parser().parse_known_args(argv)
    try:
        if args.command == "classroom":
            return classroom(rest)
        if args.command == "course":
            return copy_and_open(args.dir, rest, args.open)
        if args.command == "lessons" and (args.lab or args.dir is not None):
            folder = args.dir or Path(DEFAULT_FOLDER)
            print(f"dweebies lessons {folder} is now dweebies course {folder}; dweebies "
                  "lessons serves the lessons as an app.", file=sys.stderr)  # fmt: skip
            return copy_and_open(folder, rest, args.open)
        if args.command == "lessons":
            return lessons_app(rest, args.open)
        return app(args.command, rest, args.open)
    except MissingExtra as missing:
        print(missing, file=sys.stderr)
        return 1
