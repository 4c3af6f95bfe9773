"""Packaging facts, checked on the built files: the version lives in pyproject.toml only; the
wheel and the sdist, built from a copy of this checkout, pass pyroma (10/10), ``twine check
--strict`` and ``check-wheel-contents``; the wheel holds the licence, the course and the
``dweebies`` command, and works installed on its own; the sdist is deliberately minimal."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import tomllib
import urllib.request
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path

import pytest

import dweebies_widget

ROOT = Path(__file__).parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
#: What a checkout holds that the build reads.
#: The tests are copied too, so that the test of the sdist sees MANIFEST.in leave them out.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "MANIFEST.in", "tests",
           "dweebies_widget")


def run(*command: str | Path, cwd: Path | None = None, **env: str) -> str:
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=300,
        env={**os.environ, **env},
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel, built (the wheel from the sdist) from a copy of the checkout
    (links followed, caches left out) with ``python -m build --no-isolation``."""
    tmp = tmp_path_factory.mktemp("dist")
    source = tmp / "checkout"
    source.mkdir()
    skip = shutil.ignore_patterns("__pycache__", "*.egg-info", ".ipynb_checkpoints", "build")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=skip)
        else:
            shutil.copy2(path, source / name)
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", tmp / "out", source)
    (sdist,) = (tmp / "out").glob("*.tar.gz")
    (wheel,) = (tmp / "out").glob("*.whl")
    return {"sdist": sdist, "wheel": wheel, "tmp": tmp}


def test_version_comes_from_the_package_metadata() -> None:
    declared = PYPROJECT["project"]["version"]
    assert dweebies_widget.__version__ == metadata.version("dweebies-widget") == declared


def test_pyroma_gives_ten_out_of_ten(dist: dict[str, Path]) -> None:
    out = run(sys.executable, "-m", "pyroma", "-n", "10", dist["sdist"])
    assert "Final rating: 10/10" in out


def test_twine_check_strict_and_check_wheel_contents_pass(dist: dict[str, Path]) -> None:
    out = run(sys.executable, "-m", "twine", "check", "--strict", dist["sdist"], dist["wheel"])
    assert out.count("PASSED") == 2, out
    checker = Path(sys.executable).with_name("check-wheel-contents")
    assert "OK" in run(checker, dist["wheel"])


def test_the_wheel_holds_the_licence_the_course_and_the_command(dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        names = set(wheel.namelist())
        info = next(n for n in names if n.endswith(".dist-info/METADATA")).rpartition("/")[0]
        meta = Parser().parsestr(wheel.read(f"{info}/METADATA").decode())
        entry_points = wheel.read(f"{info}/entry_points.txt").decode()
        licence = wheel.read(f"{info}/licenses/LICENSE").decode()
    assert "BSD 3-Clause License" in licence and "dweebies-widget contributors" in licence
    assert meta["License-Expression"] == "BSD-3-Clause"
    assert "dweebies-widget contributors" in meta["Author-email"]
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Documentation", "Issues", "Binder"} <= set(urls)
    assert all("dweebies-widget/dweebies-widget" in u for u in urls.values())
    assert "dweebies = dweebies_widget.cli:main" in entry_points
    course = {n.rpartition("/")[2] for n in names if n.startswith("dweebies_widget/course/")}
    assert len(NOTEBOOKS) == 9 and set(NOTEBOOKS) <= course
    # what the notebooks read beside them, and the Voila template of the served pages
    beside = {"RESULTS.md", "LEARNING.md", "VALUE.md", "budget_curve.py", "beliefs_calibration.png",
              "rules.md", "glossary.md"}
    assert beside <= course
    # the Expert's learned value, read with json
    assert "dweebies_widget/ai/data/value.json" in names
    assert any(n.startswith("dweebies_widget/voila_templates/voila/templates/") for n in names)
    assert not any(n.startswith(("tests/", "benchmarks/", "notebooks/")) for n in names)


def test_the_installed_wheel_copies_the_course(dist: dict[str, Path]) -> None:
    """The wheel alone (its dependencies from this environment), in front of any other copy
    of the package: ``python -m dweebies_widget lessons DIR`` copies the nine notebooks."""
    target = dist["tmp"] / "site"
    run(sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
        "--target", target, dist["wheel"])
    course = dist["tmp"] / "course"
    out = run(sys.executable, "-c",
              "import sys, dweebies_widget as d, dweebies_widget.cli as c; print(d.__file__); "
              "sys.exit(c.main(sys.argv[1:]))", "lessons", course, "--no-lab",
              cwd=dist["tmp"], PYTHONPATH=str(target))
    assert out.startswith(str(target))
    assert sorted(p.name for p in (course / "notebooks").iterdir()) == NOTEBOOKS
    assert (course / "benchmarks" / "RESULTS.md").is_file()


def test_the_installed_wheels_lessons_command_starts_jupyterlab_in_the_course(
    dist: dict[str, Path],
) -> None:
    """``dweebies lessons DIR`` from the wheel alone (the notebooks extra from this
    environment): JupyterLab starts in DIR and serves the first notebook; stopping the
    command stops it."""
    target = dist["tmp"] / "site-lab"
    run(sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
        "--target", target, dist["wheel"])
    course = dist["tmp"] / "lab-course"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [
        sys.executable, "-m", "dweebies_widget", "lessons", str(course), "--no-browser",
        f"--port={port}", "--ip=127.0.0.1", "--ServerApp.token=", "--ServerApp.password=",
        "--ServerApp.port_retries=0",
    ]
    lab = subprocess.Popen(
        command, cwd=dist["tmp"], env={**os.environ, "PYTHONPATH": str(target)},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        # JupyterLab opens the first notebook, so it serves the folder that holds it.
        url = f"http://127.0.0.1:{port}/api/contents/00_play.ipynb?content=0"
        deadline = time.monotonic() + 120
        answer = None
        while time.monotonic() < deadline and lab.poll() is None:
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    answer = json.loads(response.read())
                break
            except OSError:
                time.sleep(0.5)
        assert answer is not None, "JupyterLab did not answer"
        assert answer["name"] == "00_play.ipynb" and answer["type"] == "notebook"
        assert sorted(p.name for p in (course / "notebooks").iterdir()) == NOTEBOOKS
    finally:
        lab.terminate()
        output = lab.communicate(timeout=60)[0]
    assert lab.returncode is not None, output


def test_the_sdist_is_deliberately_minimal(dist: dict[str, Path]) -> None:
    """No tests (they run from a clone, as CHANGELOG.md says), but the licence, the changelog
    and the course."""
    with tarfile.open(dist["sdist"]) as sdist:
        names = {n.partition("/")[2] for n in sdist.getnames()}
    assert {"LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml"} <= names
    assert {f"dweebies_widget/course/notebooks/{n}" for n in NOTEBOOKS} <= names
    assert not any(n.startswith(("tests", "benchmarks")) for n in names)
    assert "deliberately minimal" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_classifiers_claim_only_the_pythons_tested() -> None:
    """requires-python says 3.11 and up; the classifiers name the Pythons the tests run on,
    this one among them."""
    project = PYPROJECT["project"]
    assert project["requires-python"] == ">=3.11"
    minors = {
        int(c.rsplit(".", 1)[1])
        for c in project["classifiers"]
        if c.startswith("Programming Language :: Python :: 3.")
    }
    assert minors and min(minors) >= 11
    assert sys.version_info.minor in minors
    assert "Intended Audience :: Education" in project["classifiers"]
    assert any(c.startswith("Development Status ::") for c in project["classifiers"])
