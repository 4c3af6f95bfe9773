"""Optional extras checked before a command or picture needs them: one line naming the extra.

>>> from dweebies_widget.extras import install_line, missing
>>> install_line("classroom")
'pip install "dweebies-widget[classroom]"'
>>> missing("json", "no_such_module_here")
['no_such_module_here']
>>> require("classroom", "json")     # present: nothing happens
>>> try:
...     require("classroom", "no_such_module_here", what="the classroom server")
... except MissingExtra as stop:
...     print(stop)
the classroom server needs the classroom extra (no_such_module_here missing): pip install ...

:data:`EXTRAS` names what each extra must provide; :func:`require` with no modules checks
those.
"""

from __future__ import annotations

import importlib.util

__all__ = ["EXTRAS", "MissingExtra", "install_line", "missing", "require"]

#: The modules each extra of pyproject.toml brings that its commands import (the
#: ``notebooks`` extra's OpenSpiel is left out: it has no Windows wheels, and notebook 07
#: says so).
EXTRAS: dict[str, tuple[str, ...]] = {
    "notebooks": (
        "jupyterlab", "ipykernel", "matplotlib", "voila", "pettingzoo", "gymnasium", "numpy",
    ),
    "classroom": ("voila", "jupyter_server", "ipykernel", "segno"),
}


class MissingExtra(ImportError):
    """An optional extra of the package is not installed; the message is one line that names
    the ``pip install`` command."""


def install_line(extra: str) -> str:
    """The command that installs ``extra``."""
    return f'pip install "dweebies-widget[{extra}]"'


def missing(*modules: str) -> list[str]:
    """Those of ``modules`` that cannot be imported (looked up, not imported)."""
    absent = []
    for name in modules:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            absent.append(name)
    return absent


def require(extra: str, *modules: str, what: str = "this") -> None:
    """Raise :class:`MissingExtra` unless every one of ``modules`` (by default all of the
    extra's, :data:`EXTRAS`) is installed: ``what`` needs the extra, and the message says how
    to install it."""
    absent = missing(*(modules or EXTRAS[extra]))
    if absent:
        raise MissingExtra(
            f"{what} needs the {extra} extra ({', '.join(absent)} missing): {install_line(extra)}"
        )
