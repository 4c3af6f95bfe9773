"""pytest configuration: the hypothesis profiles, the markers that ``make check`` selects
by, and the browser tests' servers (the test helpers are in ``helpers.py``, the browser
tests' in ``browser_pages.py``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# Deterministic in CI: the same examples on every run and every machine.
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# For a longer hunt on a developer machine: HYPOTHESIS_PROFILE=thorough pytest
settings.register_profile(
    "thorough",
    max_examples=500,
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# ---------------------------------------------------------------------------- markers
# What a test needs beyond Python, so that `make check` can leave it out (`make test` runs
# everything).  They are given here, by the fixtures a test uses, its module and its kind,
# and by the classroom's `store` fixture for its PostgreSQL engine (tests/classroom).
MARKERS = {
    "browser": "drives Chromium in JupyterLab, Notebook 7 or Voila",
    "postgres": "needs the PostgreSQL server the test session starts",
    "notebook": "runs notebooks (nbval's cells, or a run of its own)",
}
BROWSER_FIXTURES = {"browser", "lab", "voila"}
# Tests that run notebooks without nbval: Binder's imitation runs every notebook, and the
# classroom server's kernel pool renders the lobby notebook (a module, or module::test).
NOTEBOOK_RUNS = {
    "test_binder.py",
    "test_classroom_serve.py::test_the_pool_is_refilled_one_kernel_at_a_time_and_never_keeps_a_page_waiting",
    "test_classroom_serve.py::test_the_server_serves_the_puzzle_page",
}


def pytest_configure(config: pytest.Config) -> None:
    for name, meaning in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {meaning} (left out by make check)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if "postgres" in fixtures:
            item.add_marker(pytest.mark.postgres)
        runs = {item.path.name, f"{item.path.name}::{item.name}"}
        if item.path.suffix == ".ipynb" or runs & NOTEBOOK_RUNS:
            item.add_marker(pytest.mark.notebook)


# ---------------------------------------------------------------------------- browser tests
# One JupyterLab (which serves Notebook 7 too) and one Voila for the whole session, started
# the first time a browser test asks for them (see browser_pages.py); one Chromium per test
# module.  (Playwright's sync API keeps an asyncio loop marked as running in this thread
# while it is open, and the widget's timers would go to that loop: so it closes when its
# module is done, before the widget's own tests run.)
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from browser_pages import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def notebooks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from browser_pages import notebook_folder

    return notebook_folder(tmp_path_factory.mktemp("served"))


@pytest.fixture(scope="session")
def lab(notebooks: Path) -> Iterator[Any]:
    from browser_pages import Server, jupyter_command

    server = Server(jupyter_command(notebooks), notebooks, "lab")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila(notebooks: Path) -> Iterator[Any]:
    from browser_pages import Server, voila_command

    server = Server(voila_command, notebooks, "voila")
    yield server
    server.stop()
