"""The colours and font of every picture: the widget's canvas and the SVG written from it.

Card colours are not here: each Dweebie's colour is part of its look
(:data:`dweebies_widget.cards.LOOKS`).  These are the colours of the table, the markers and
the text around the cards, chosen to stay apart from the card colours.
"""

from __future__ import annotations

FONT = "Arial, Helvetica, 'DejaVu Sans', sans-serif"
INK = "#1F2328"  # text
SOFT_INK = "#57606A"  # secondary text
FAINT_INK = "#8C959F"  # coordinates, hints
OUTLINE = "#24292F"  # shape outlines
CARD_EDGE = "#6E7781"
TABLE_FILL = "#F3F6F1"
GRID_LINE = "#DDE5D8"
LEGAL_FILL = "#D3F2D3"
LEGAL_EDGE = "#2DA44E"
LINK_EDGE = "#BF8700"
LINK_FILL = "#FFF1C2"
LAST_EDGE = "#0969DA"
TAKEN_EDGE = "#8C959F"
SEAT_FILL = "#F6F8FA"
SEAT_EDGE = "#D0D7DE"
TURN_FILL = "#FFF8C5"
TURN_EDGE = "#D4A72C"
WIN_FILL = "#DAFBE1"
WIN_EDGE = "#2DA44E"
# Group tints of a split table: pale, and unlike any card colour at full strength.
GROUP_TINTS = ("#9CC9F5", "#F5B78F", "#B4E3A1", "#D4B1F2", "#F2E08C", "#9FE2DA", "#F2A7C3")

MIN_TEXT = 12.0
"""The smallest text any picture draws, in CSS pixels: what a class still reads from the back
of the room.  A text that would be smaller is left off (a small card keeps its character and
its dots) rather than drawn tiny."""
