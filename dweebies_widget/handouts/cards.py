"""The sheet of the 54 cards to print and cut out, for a first lesson with paper cards.

Every Dweebie is printed on as many cards as its dots say (one, two or three: 27 Dweebies,
54 cards), each card the face the game draws on the table (:func:`~dweebies_widget.face.
card_face`, painted by the widget's painter and written as SVG): its character (the body
in its colour, a face, something on top), its name and its dots.  The cards are drawn at
nine tenths of their size on the table, where a card shows no number, only its name; the
page prints them about 5.5 cm wide, nine to a page, each with a dashed line to cut along.

>>> sheet = card_sheet()
>>> sheet.count('class="card"')
54
"""

from __future__ import annotations

from ..cards import FULL_DECK, NAMES
from ..face import CARD_H, CARD_W
from ..widget import paint
from ..widget.pen import Pen
from ..widget.svg_writer import canvas_svg
from .page import escape, page

__all__ = ["card_sheet", "card_svg"]

SCALE = 0.9
"""The size the cards are drawn at, of a table card's full size (where no number shows)."""
_STYLE = """
<style>
.cards { display: flex; flex-wrap: wrap; gap: 0; }
.card { width: 56mm; height: 76mm; box-sizing: border-box; border: 1px dashed #8C959F;
        padding: 2mm; break-inside: avoid; page-break-inside: avoid; }
.card svg { width: 100%; height: 100%; display: block; }
</style>
"""


def card_svg(dweebie: int) -> str:
    """One card of ``dweebie`` as an SVG picture."""
    width, height = CARD_W * SCALE, CARD_H * SCALE
    pen = Pen()
    pad = 3.0
    paint.paint_cards(pen, [((pad, pad, width, height), dweebie)])
    return canvas_svg(pen, (width + 2 * pad, height + 2 * pad), 1, label=NAMES[dweebie])


def card_sheet() -> str:
    """The whole sheet (an HTML page): the 54 cards, those of one Dweebie together."""
    cards = "".join(
        f'<div class="card" data-dweebie="{NAMES[d]}">{card_svg(d).strip()}</div>'
        for d in FULL_DECK
    )
    body = (
        f"{_STYLE}<h1>Dweebies: the 54 cards</h1>"
        f'<p class="note">{escape(_HOW)}</p><div class="cards">{cards}</div>'
    )
    return page("Dweebies: the 54 cards to cut out", body)


_HOW = (
    "Print these pages, on card if you can, and cut along the dashed lines. The dots on a "
    "card show how many cards of that Dweebie there are: 1, 2 or 3."
)
