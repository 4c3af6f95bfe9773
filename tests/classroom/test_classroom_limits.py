"""The classroom's caps: the guide's ``[limits]`` table says what :class:`Limits` holds, and a
``[limits]`` file is read as the guide says (a key that does not exist stops the server)."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from dweebies_widget.classroom.limits import LIMITS_VARIABLE, Limits

GUIDE = Path(__file__).parents[2] / "docs" / "classroom.md"


def guide_table() -> dict[str, float]:
    """The guide's table of the ``[limits]`` keys: each key's default, as a number."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text[text.index("### The `[limits]` section") :]
    rows = re.findall(r"^\| `(\w+)` \| ([0-9.]+)[^|]*\|", section, re.M)
    assert len(rows) == len({key for key, _ in rows}), "a key is in the table twice"
    return {key: float(default) for key, default in rows}


def test_the_guides_table_lists_every_limit_with_its_default() -> None:
    defaults = Limits()
    assert guide_table() == {f.name: float(getattr(defaults, f.name)) for f in fields(Limits)}


def test_a_limits_file_changes_what_it_names_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "limits.toml"
    path.write_text("[limits]\nkernels = 90\npin_wait = 2.5\n", encoding="utf-8")
    limits = Limits.from_toml(path)
    assert (limits.kernels, limits.pin_wait) == (90, 2.5)
    assert limits.kernels_per_client == Limits().kernels_per_client
    assert Limits.from_env({LIMITS_VARIABLE: limits.to_env()}) == limits


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[limits]\nkernel = 90\n", "[limits] has no key 'kernel'; its keys are: kernels,"),
        ("[limits]\nkernels = 0\n", "[limits] kernels must be a positive whole number, not 0"),
        ("[limits]\nkernels = 2.5\n", "kernels must be a positive whole number, not 2.5"),
        ("[limits]\npin_wait = true\n", "pin_wait must be a positive number, not True"),
        ("limits = 3\n", "[limits] must be a section of keys"),
    ],
)
def test_a_limits_file_with_a_mistake_says_which(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "limits.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(words)):
        Limits.from_toml(path)
