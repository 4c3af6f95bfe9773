"""Packaging facts written once: the version lives in pyproject.toml only."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import dweebies_widget


def test_version_comes_from_the_package_metadata() -> None:
    pyproject = Path(__file__).parent.parent / "pyproject.toml"
    declared = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
    assert dweebies_widget.__version__ == metadata.version("dweebies-widget") == declared
