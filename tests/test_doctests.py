"""The examples in the docstrings are part of the documentation: they must run as shown."""

from __future__ import annotations

import doctest
import importlib
from types import ModuleType

import pytest

MODULES = [
    "dweebies_widget",
    "dweebies_widget.cards",
    "dweebies_widget.grid",
    "dweebies_widget.game",
    "dweebies_widget.save",
]


def _optional(name: str) -> list[str]:
    """``name`` if that module exists (the picture module is written separately)."""
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return []
        raise
    return [name]


MODULES += _optional("dweebies_widget.svg")


@pytest.mark.parametrize("module_name", MODULES)
def test_docstring_examples_run(module_name: str) -> None:
    module: ModuleType = importlib.import_module(module_name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest failures in {module_name}"
    assert result.attempted > 0, f"{module_name} has no docstring examples"
