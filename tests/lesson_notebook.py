"""What the tests of lessons 02 and 03 add to :mod:`lesson_tables`: a lesson notebook's
cells, the names its code makes (run by :func:`lesson_tables.run`), the text its stored
outputs show, what each of its reveals prints once opened, and the check that its opening
gives the measured minutes of the core and points to an Extension."""

from __future__ import annotations

import contextlib
import io
import json
from functools import cache
from pathlib import Path
from typing import Any

from lesson_tables import run

from dweebies_widget.lessons import lesson

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


@cache
def cells(number: str) -> list[dict[str, Any]]:
    """The cells of lesson ``number``'s notebook."""
    path = NOTEBOOKS / lesson(number).notebook
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def names(number: str) -> dict[str, Any]:
    """The names lesson ``number``'s notebook makes, run top to bottom (nothing answered)."""
    return run(lesson(number).notebook)


@cache
def revealed(number: str) -> dict[str, str]:
    """What each reveal of lesson ``number``'s notebook prints once opened, by the name of its
    function (``pair_shown``...): each is called here, as an answer opens it."""
    said: dict[str, str] = {}
    for key, show in names(number).items():
        if key.endswith("_shown") and callable(show):
            with contextlib.redirect_stdout(io.StringIO()) as out:
                show()
            said[key] = out.getvalue()
    return said


def stored(cell: dict[str, Any]) -> str:
    """The text a cell's stored outputs show (printed text and plain-text results)."""
    parts = []
    for out in cell.get("outputs", []):
        text = out.get("text") or out.get("data", {}).get("text/plain", "")
        parts.append("".join(text) if isinstance(text, list) else str(text))
    return "\n".join(parts)


def assert_opening_gives_the_minutes(number: str) -> None:
    """The opening says the core's measured minutes (the lesson data's), and an Extension
    section follows the core."""
    opening = source(cells(number)[0])
    assert f"{lesson(number).minutes} minutes" in opening
    headings = [source(c) for c in cells(number) if c["cell_type"] == "markdown"]
    assert any(h.startswith("## Extension") for h in headings)
