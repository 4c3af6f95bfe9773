"""The one text metric: how wide a line of text is, and where a long text wraps.

The kernel cannot ask a browser how wide a text will be, so every part that fits or wraps
text estimates it here and nowhere else: the painter (tags, legends, the banner, the
curtain), the puzzle's callouts and the SVG writer (the lines over and under a picture).
A picture therefore wraps a text exactly where the canvas does.

>>> text_width("Ana", 10)
16.5
>>> wrap("one two three four", 10, 50)
['one two', 'three', 'four']
"""

from __future__ import annotations

__all__ = ["text_width", "wrap"]

EM_PLAIN = 0.55
"""The width of an average character of the widget's font, in ems."""
EM_BOLD = 0.6
"""The same for bold text."""


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is at font ``size`` (pixels), bold or not."""
    return len(text) * size * (EM_BOLD if bold else EM_PLAIN)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` in lines that fit ``width`` pixels at ``size`` (by :func:`text_width`);
    a word longer than the width gets a line of its own.

    >>> wrap("", 10, 50)
    ['']
    >>> wrap("a b", 10, 1000, bold=True)
    ['a b']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
