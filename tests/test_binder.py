"""Binder, imitated as far as this machine allows: a fresh virtual environment made only from
``binder/requirements.txt`` and ``binder/postBuild`` (what repo2docker does, minus the
container), in which every notebook runs and matches its stored outputs (nbval).

Only pytest and nbval are added on top, to run the check itself.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = {".git", ".venv", ".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache", "build"}


def run(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, (
        f"{' '.join(command)} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    )
    return done.stdout


def test_notebooks_run_in_an_environment_built_like_binder(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(
        ROOT,
        repo,
        ignore=lambda _dir, names: [n for n in names if n in SKIP or n.endswith(".egg-info")],
    )
    venv = tmp_path / "venv"
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(venv)], check=True)
    env = {
        **os.environ,
        "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "VIRTUAL_ENV": str(venv),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "jupyter-config"),
        "JUPYTER_DATA_DIR": str(tmp_path / "jupyter-data"),
    }
    env.pop("PYTHONPATH", None)
    python = str(venv / "bin" / "python")
    run([python, "-m", "pip", "install", "-q", "-r", "binder/requirements.txt"], repo, env)
    run(["bash", "binder/postBuild"], repo, env)
    run([python, "-m", "pip", "check"], repo, env)
    run([python, "-m", "pip", "install", "-q", "pytest", "nbval"], repo, env)
    out = run(
        [
            python,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
            "--nbval",
            "--nbval-current-env",
            "--nbval-sanitize-with",
            "notebooks/nbval-sanitize.cfg",
            "notebooks",
        ],  # fmt: skip
        repo,
        env,
    )
    assert " passed" in out and "failed" not in out
    # The package came from postBuild, not from the working tree of the tests.
    where = run(
        [python, "-c", "import dweebies_widget; print(dweebies_widget.__file__)"], tmp_path, env
    )
    assert str(venv) in where
