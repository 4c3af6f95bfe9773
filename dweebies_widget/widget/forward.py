"""Members declared once: a method or a property of an object that is one of its parts'.

One job: where an object offers what one of its parts does (the session the table's input
events, a widget its session's actions under the widget's lock, a set of puzzles its
board's events), the member is declared in one line with :func:`method` or :func:`value`;
it keeps the part's own name, signature and docstring, so nothing is written twice.

>>> class Part:
...     def hello(self, name: str) -> str:
...         '''Say hello.'''
...         return f"hello {name}"
>>> class Whole:
...     hello = method("part", "hello", Part)
...     def __init__(self) -> None:
...         self.part = Part()
>>> Whole().hello("Ana"), Whole.hello.__doc__
('hello Ana', 'Say hello.')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

__all__ = ["Hold", "method", "value"]

Hold = Callable[[Any], AbstractContextManager[Any]]
"""What to hold while a declared member runs, from the object (an event, a lock)."""


def _nothing(_owner: Any) -> AbstractContextManager[Any]:
    return nullcontext()


def method(part: str, name: str, of: type, hold: Hold = _nothing) -> Any:
    """A method that calls ``self.<part>.<name>`` (a method of class ``of``) while
    ``hold(self)`` is held."""
    original = getattr(of, name)

    @functools.wraps(original)
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        with hold(self):
            return getattr(getattr(self, part), name)(*args, **kwargs)

    return run


def value(part: str, name: str, of: type, *, settable: bool = False, hold: Hold = _nothing) -> Any:
    """A property that reads (and, if ``settable``, sets while ``hold(self)`` is held)
    ``self.<part>.<name>``, with the docstring of ``of.<name>``."""
    doc = getattr(getattr(of, name, None), "__doc__", None) if isinstance(
        getattr(of, name, None), property
    ) else None

    def read(self: Any) -> Any:
        return getattr(getattr(self, part), name)

    def write(self: Any, new: Any) -> None:
        with hold(self):
            setattr(getattr(self, part), name, new)

    return property(read, write if settable else None, doc=doc)
