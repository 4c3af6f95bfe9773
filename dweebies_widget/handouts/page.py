"""The frame of every handout: one HTML page that prints well on A4 or Letter paper.

Everything a page needs is inside it (its style sheet and its pictures, as inline SVG), so
it opens from a folder or a USB stick in any browser, with no network, and prints as it is
shown.  An item (a question, a puzzle, a card) is never cut in two by a page break.

>>> text = page("Lesson 01", "<p>Hello</p>")
>>> text.startswith("<!DOCTYPE html>") and "<title>Lesson 01</title>" in text
True
>>> escape("Ana & <Ben>")
'Ana &amp; &lt;Ben&gt;'
"""

from __future__ import annotations

import html

__all__ = ["STYLE", "escape", "name_line", "page", "picture", "write_lines"]

STYLE = """
@page { size: auto; margin: 14mm; }
html { background: #FFFFFF; }
body { font-family: Arial, Helvetica, 'DejaVu Sans', sans-serif; font-size: 12pt;
       line-height: 1.45; color: #1F2328; max-width: 190mm; margin: 0 auto; padding: 6mm; }
h1 { font-size: 20pt; margin: 0 0 3mm; }
h2 { font-size: 16pt; margin: 8mm 0 2mm; break-after: avoid; }
h3 { font-size: 13pt; margin: 5mm 0 2mm; break-after: avoid; }
p { margin: 1.5mm 0; }
.note { color: #57606A; }
.who { display: flex; gap: 6mm; margin: 4mm 0; }
.who span { flex: 1; border-bottom: 1px solid #57606A; padding-bottom: 1mm; }
.item { break-inside: avoid; page-break-inside: avoid; border-top: 1px solid #D0D7DE;
        padding-top: 3mm; margin-top: 4mm; }
.picture svg { display: block; width: 100%; height: auto; max-height: 115mm; }
.choices { list-style: none; padding-left: 0; margin: 2mm 0; }
.choices li { margin: 1.5mm 0; }
.box { display: inline-block; width: 4mm; height: 4mm; border: 1.5px solid #1F2328;
       margin-right: 2mm; vertical-align: -0.5mm; }
.lines div { border-bottom: 1px solid #8C959F; height: 9mm; }
.right { font-weight: bold; }
.tag { font-size: 10pt; border: 1px solid #57606A; border-radius: 2mm; padding: 0 1.5mm;
       margin-left: 2mm; font-weight: normal; }
table { border-collapse: collapse; }
td, th { border: 1px solid #D0D7DE; padding: 1mm 2mm; text-align: left; vertical-align: top; }
@media print { body { padding: 0; } a { color: inherit; text-decoration: none; } }
"""
"""The one style sheet of every handout."""


def escape(text: str) -> str:
    """``text`` as HTML text (quotes kept as they are)."""
    return html.escape(text, quote=False)


def page(title: str, body: str) -> str:
    """A whole HTML page titled ``title`` around ``body`` (HTML)."""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def picture(svg: str) -> str:
    """An SVG picture as a block of the page (it shrinks to the page's width)."""
    return f'<div class="picture">{svg.strip()}</div>'


def name_line() -> str:
    """Where a student writes their name, class and the date."""
    return '<div class="who"><span>Name:</span><span>Class:</span><span>Date:</span></div>'


def write_lines(label: str, lines: int = 2) -> str:
    """``lines`` ruled lines to write on, after ``label``."""
    return f'<p>{escape(label)}</p><div class="lines">{"<div></div>" * lines}</div>'
