"""The ``dweebies`` command and ``make``, run as a user runs them: in a subprocess, in an
empty folder.  A missing extra is made missing for real: an import hook in the child makes
importing its module fail, and the command must stop first, with one line naming
``pip install "dweebies-widget[EXTRA]"``, a non-zero exit and no file written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))

BLOCK = """
import runpy, sys
class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, Blocked())
{run}
"""


def command(
    *args: str | Path, cwd: Path, blocked: set[str] = frozenset(), module: str = "dweebies_widget"
) -> subprocess.CompletedProcess[str]:
    """``python -m MODULE ARGS`` in ``cwd``, with the modules ``blocked`` impossible to import."""
    run = f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
    env = {k: v for k, v in os.environ.items() if k != "DWEEBIES_TEACHER_PASSWORD"}
    return subprocess.run(
        [sys.executable, "-c", BLOCK.format(blocked=set(blocked), run=run), *map(str, args)],
        cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
    )


def test_course_copies_the_nine_notebooks_and_would_open_jupyterlab_there(
    tmp_path: Path,
) -> None:
    done = command("course", "course", "--no-lab", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    course = tmp_path / "course"
    assert sorted(p.name for p in (course / "notebooks").iterdir()) == NOTEBOOKS
    assert len(NOTEBOOKS) == 9
    # notebook 04 reads ../benchmarks/RESULTS.md and its picture; the lessons name docs/rules.md
    assert (course / "benchmarks" / "RESULTS.md").is_file()
    assert (course / "benchmarks" / "beliefs_calibration.png").is_file()
    assert (course / "docs" / "rules.md").is_file()
    assert "-m jupyter lab notebooks/00_play.ipynb" in done.stdout


def test_course_keeps_a_students_work_and_has_a_default_folder(tmp_path: Path) -> None:
    assert command("course", "--no-lab", cwd=tmp_path).returncode == 0
    play = tmp_path / "dweebies-course" / "notebooks" / "00_play.ipynb"
    play.write_text("my work", encoding="utf-8")
    again = command("course", "--no-lab", cwd=tmp_path)
    assert again.returncode == 0 and "0 file(s)" in again.stdout
    assert play.read_text(encoding="utf-8") == "my work"


def test_lessons_serves_the_lessons_app_and_writes_nothing(tmp_path: Path) -> None:
    done = command("lessons", "--no-open", "--port=8899", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith("Would start: ")
    assert line.endswith("-m dweebies_widget.voila_templates.lessons_app --port=8899")
    assert list(tmp_path.iterdir()) == []


def test_lessons_with_a_folder_or_lab_still_copies_the_course_with_a_note(
    tmp_path: Path,
) -> None:
    """What ``dweebies lessons DIR`` did before ``dweebies course`` existed still works."""
    for args, folder in ((["lessons", "old"], "old"), (["lessons", "--lab"], "dweebies-course")):
        done = command(*args, "--no-lab", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert f"is now dweebies course {folder}" in done.stderr
        assert (tmp_path / folder / "notebooks" / "00_play.ipynb").is_file()
        assert "-m jupyter lab notebooks/00_play.ipynb" in done.stdout


def test_app_and_puzzles_serve_their_notebook_with_the_packages_template(tmp_path: Path) -> None:
    for name, notebook in (("app", "00_play.ipynb"), ("puzzles", "06_puzzles.ipynb")):
        done = command(name, "--no-open", "--port=8899", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        line = done.stdout.strip()
        assert "-m voila --template=dweebies" in line and line.endswith("--port=8899")
        path = Path(line.split()[-2])
        assert path.name == notebook and path.is_file()
    assert list(tmp_path.iterdir()) == []


def test_the_console_script_is_the_same_command(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("dweebies")
    done = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    for sub in ("lessons", "course", "app", "classroom", "puzzles"):
        assert sub in done.stdout


def one_line_naming(done: subprocess.CompletedProcess[str], extra: str) -> str:
    assert done.returncode != 0
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert f'pip install "dweebies-widget[{extra}]"' in lines[0]
    return lines[0]


def test_classroom_serve_without_the_extra_stops_first_and_writes_nothing(
    tmp_path: Path,
) -> None:
    done = command("serve", cwd=tmp_path, blocked={"jupyter_server"},
                   module="dweebies_widget.classroom")
    assert "jupyter_server" in one_line_naming(done, "classroom")
    assert list(tmp_path.iterdir()) == []  # no store file, nothing
    done = command("classroom", "--lan", cwd=tmp_path, blocked={"segno", "voila"})
    one_line_naming(done, "classroom")
    assert list(tmp_path.iterdir()) == []


def test_lessons_course_and_app_without_the_notebooks_extra_stop_first(tmp_path: Path) -> None:
    done = command("course", "course", cwd=tmp_path, blocked={"jupyterlab"})
    assert "dweebies course" in one_line_naming(done, "notebooks")
    done = command("lessons", cwd=tmp_path, blocked={"voila"})
    assert "dweebies lessons" in one_line_naming(done, "notebooks")
    one_line_naming(command("app", cwd=tmp_path, blocked={"voila"}), "notebooks")
    assert list(tmp_path.iterdir()) == []


def test_plot_without_matplotlib_names_the_extra(tmp_path: Path) -> None:
    script = tmp_path / "plot.py"
    script.write_text(
        "from dweebies_widget.ai import GreedyPlayer, RandomPlayer, tournament\n"
        "from dweebies_widget.extras import MissingExtra\n"
        "result = tournament([GreedyPlayer(), RandomPlayer()], games=2, seed=1, progress=False)\n"
        "try:\n"
        "    result.plot()\n"
        "except MissingExtra as stop:\n"
        "    print(stop)\n",
        encoding="utf-8",
    )
    run = f"runpy.run_path({str(script)!r}, run_name='__main__')"
    done = subprocess.run(
        [sys.executable, "-c", BLOCK.format(blocked={"matplotlib"}, run=run)],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert 'plot() needs the notebooks extra (matplotlib missing): pip install' in done.stdout
    assert 'pip install "dweebies-widget[notebooks]"' in done.stdout


def make(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["make", "--no-print-directory", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_make_alone_prints_the_targets_and_installs_nothing() -> None:
    dry = make("-n")
    assert dry.returncode == 0
    assert "pip" not in dry.stdout and "apt-get" not in dry.stdout and "venv" not in dry.stdout
    shown = make()
    assert shown.returncode == 0
    for target in ("lab:", "test:", "check:", "app:", "lessons:", "handouts:", "classroom:",
                   "help:"):  # fmt: skip
        assert target in shown.stdout


def test_make_lab_names_python3_venv_when_venv_does_not_work(tmp_path: Path) -> None:
    """A Python whose venv module cannot run (as on Debian without python3-venv)."""
    broken = tmp_path / "python3"
    broken.write_text("#!/bin/sh\necho 'No module named ensurepip' >&2\nexit 1\n")
    broken.chmod(0o755)
    venv = tmp_path / "venv"
    done = make("lab", f"PYTHON={broken}", f"VENV={venv}")
    assert done.returncode != 0
    assert "install Debian's python3-venv" in done.stdout + done.stderr
    assert not venv.exists()
