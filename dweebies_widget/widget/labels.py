"""Every label written on the canvas, placed by rule: :func:`scene_labels` says where each one
goes, :func:`paint_labels` draws them.

One job: the texts (and the two marks that stand in for a text, the ``where`` puzzle's tick
and the refused cell's cross) that the painters write on a picture, as plain data that a
test can check: the text, its box and font size in CSS pixels, and the table cell it belongs
to (``None`` in the score bar and the hand).  The painters draw these labels and no others
(a card's name is drawn with its face, where :func:`~dweebies_widget.face.card_face` puts
it: its label says where that is).

The rules:

* every text is at least :data:`~dweebies_widget.palette.MIN_TEXT` CSS pixels; a label that
  cannot fit its place at that size is left off (a tag's name is cut short first);
* a cell has three slots: the **top** (who placed the card, the move played or the best
  one; the best one under it when they are two cards on one cell), the **middle** (the
  refused cross, the ``where`` tick, the heat map's value, "taken", the bridge's "+",
  "centre") and the **bottom** (the card's name, a lit cell's coordinates), and a label of
  a cell lies wholly inside that cell;
* labels are placed in order of importance, each in its first free slot: one whose every
  slot overlaps a label placed before it is left off, so no two labels overlap;
* a seat's tag goes only on a cell that still holds a card (a collected card's cell says
  "taken" instead).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .. import palette as P
from ..face import Box, Text, card_face
from ..grid import Cell
from .charts import heat_ink
from .geometry import HAND_GAP, Geometry
from .overlay import Overlay, corners
from .pen import Pen
from .scene import MoveMark, Scene
from .text import text_width
from .words import possessive

__all__ = [
    "LEAST",
    "Label",
    "contains",
    "cut",
    "faint_moves",
    "hand_boxes",
    "in_view",
    "overlaps",
    "paint_labels",
    "scene_labels",
    "taken_on_lit",
]

LEAST = P.MIN_TEXT
"""The smallest font size of a label (CSS pixels)."""
_EDGE = 3.0
"""Room between a cell's top or bottom edge and a label in its top or bottom slot."""
_SIDE = 0.5
"""Room between a cell's sides and a label (a tag is drawn over the cell's outline)."""
_TAG_PAD = 3.0
"""Room left and right of a tag's text."""
_TAG_INK = "#0F5323"  # dark green: 8:1 on white, readable from the back of a room
_TAG_FILL = "rgba(255, 255, 255, 0.9)"
_WHITE = "#FFFFFF"
_MARK = "#0969DA"
_HINT = "#8250DF"
_REFUSED = "#CF222E"
MOVE_COLOURS = {"played": P.OUTLINE, "best": _HINT}
"""The colour of each kind of move marked when looking back (outline and tag)."""
_BOTH = ("played = best", "= best", "best")
"""The one tag of a cell (or hand card) that is both the move played and the best one: the
first of these that fits."""


@dataclass(frozen=True)
class Label:
    """One label: ``text`` in ``box`` (CSS pixels) at font ``size``, ``bold`` or not, in
    ``ink``, on a ``fill`` (a tag) or on nothing, aligned ``align`` in its box.

    ``cell`` is the table cell it belongs to (``None`` in the score bar, the hand, or the
    hint's tag); ``part`` says which painter draws it: ``"bar"``, ``"table"``, ``"hand"``,
    ``"face"`` (a card's name or id, drawn with the card), ``"puzzle"`` or ``"puzzle hand"``
    (the puzzle's overlay).  A ``"tick"`` or ``"cross"`` has no text: a mark of ``stroke``
    width filling its box."""

    kind: str
    text: str
    box: Box
    size: float
    cell: Cell | None = None
    part: str = "table"
    ink: str = P.INK
    fill: str | None = None
    bold: bool = False
    align: str = "center"
    stroke: float = 0.0


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge (a tenth of a pixel is forgiven).

    >>> overlaps((0, 0, 10, 10), (10, 0, 5, 5)), overlaps((0, 0, 10, 10), (9, 9, 5, 5))
    (False, True)
    """
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    e = 0.1
    return ax < bx + bw - e and bx < ax + aw - e and ay < by + bh - e and by < ay + ah - e


def contains(outer: Box, inner: Box) -> bool:
    """Whether ``inner`` lies inside ``outer`` (a tenth of a pixel is forgiven)."""
    ox, oy, ow, oh = outer
    x, y, w, h = inner
    e = 0.1
    return ox - e <= x and oy - e <= y and x + w <= ox + ow + e and y + h <= oy + oh + e


def cut(text: str, size: float, width: float, bold: bool = False) -> str:
    """``text``, cut short with an ellipsis where it is wider than ``width`` at ``size``
    (empty when not even one letter fits).

    >>> cut("Professor Longname", 12, 60, bold=True), cut("Ana", 12, 60), cut("Ana", 12, 5)
    ('Profess…', 'Ana', '')
    """
    if text_width(text, size, bold) <= width:
        return text
    for n in range(len(text) - 1, 0, -1):
        short = text[:n].rstrip() + "\u2026"
        if text_width(short, size, bold) <= width:
            return short
    return ""


def in_view(g: Geometry, cells: Iterable[Cell]) -> list[Cell]:
    """``cells`` that the table band shows (even partly), in reading order."""
    (r0, c0), (r1, c1) = g.visible_cells()
    return sorted(cell for cell in cells if r0 <= cell[0] <= r1 and c0 <= cell[1] <= c1)


def taken_on_lit(scene: Scene) -> frozenset[Cell]:
    """Lit cells that say "taken": while no card is picked (a picture of the legal cells);
    once one is, a lit cell only says where it may go."""
    if scene.selected is not None:
        return frozenset()
    return (scene.taken & scene.lit) - scene.board.keys() - scene.heat.keys()


def _height(size: float, tag: bool) -> float:
    """The height of a label's box: a line of text, and a little room around a tag's."""
    return size * 1.2 + (2 if tag else 0)


class _Placer:
    """Places labels one at a time, each only where it overlaps none placed before; a label
    of the table only where the table ``band`` shows it whole (the table's clip would cut
    it: a name not whole is left off)."""

    def __init__(self, band: Box) -> None:
        self.placed: list[Label] = []
        self.band = band

    def free(self, box: Box) -> bool:
        return not any(overlaps(box, other.box) for other in self.placed)

    def put(self, label: Label, force: bool = False) -> bool:
        if label.part in ("table", "face", "puzzle") and not contains(self.band, label.box):
            return False
        if force or self.free(label.box):
            self.placed.append(label)
            return True
        return False

    def first(self, labels: Iterable[Label]) -> bool:
        """Place the first of ``labels`` that is free (candidates for one label)."""
        return any(self.put(label) for label in labels)


# ---------------------------------------------------------------------------- the table
def _slot(cell_box: Box, slot: str, w: float, h: float) -> Box:
    x, y, cw, ch = cell_box
    left = x + (cw - w) / 2
    if slot == "top":
        return (left, y + _EDGE, w, h)
    if slot == "second":  # under a label of the same height in the top slot
        return (left, y + _EDGE + h + 1, w, h)
    if slot == "bottom":
        return (left, y + ch - h - _EDGE, w, h)
    return (left, y + (ch - h) / 2, w, h)


def _cell_label(
    g: Geometry, cell: Cell, kind: str, text: str, size: float, slots: Sequence[str], *,
    tag: bool = False, shrink: bool = False, shorten: bool = False, **style: object,
) -> list[Label]:  # fmt: skip
    """The candidates of a label of ``cell``, one per slot where it fits inside the cell at
    ``size`` (``shrink``: at the largest size from ``size`` down to :data:`LEAST` that fits;
    ``shorten``: the text cut short rather than left off); a ``tag`` has room round its
    text."""
    box = g.cell_box(cell)
    pad = _TAG_PAD if tag else 1.0
    room = box[2] - 2 * _SIDE - 2 * pad
    bold = bool(style.get("bold", False))
    size = max(size, LEAST)
    if shrink and text_width(text, size, bold) > room:
        size = max(room / max(text_width(text, 1.0, bold), 1e-9), LEAST)
    if shorten:
        text = cut(text, size, room, bold)
    if not text or text_width(text, size, bold) > room + 1e-6:
        return []
    w = text_width(text, size, bold) + 2 * pad
    h = _height(size, tag)
    if h > box[3] - 2 * _EDGE:
        return []
    return [
        Label(kind, text, _slot(box, slot, w, h), size, cell, **style)  # type: ignore[arg-type]
        for slot in slots
    ]


def _face_labels(g: Geometry, cells: Iterable[tuple[Cell, int]]) -> list[Label]:
    """The name of each card (where its face puts it)."""
    out = []
    for cell, d in cells:
        for part in card_face(d, g.card_box(cell)):
            if isinstance(part, Text) and part.halo is None:
                w = text_width(part.text, part.size, part.bold)
                if part.max_width is not None:  # squeezed to fit the card
                    w = min(w, part.max_width)
                x = part.x - w / 2 if part.anchor == "middle" else part.x
                box = (x, part.y - 0.95 * part.size, w, 1.15 * part.size)
                out.append(Label("name", part.text, box, part.size, cell, "face", part.colour,
                                 bold=part.bold))  # fmt: skip
    return out


def _mark(
    g: Geometry, cell: Cell, kind: str, reach: float, stroke: float, ink: str, layer: str = ""
) -> Label:
    """A tick or a cross in the middle of ``cell``'s card, ``reach`` of its side from the
    centre, the line ``stroke`` wide (on ``layer``: by default a tick is the puzzle's, a
    cross the table's)."""
    x, y, w, h = g.card_box(cell)
    d = min(w, h) * reach
    tall = 1.4 * d if kind == "tick" else 2 * d
    box = (x + w / 2 - d - stroke / 2, y + h / 2 - tall / 2 - stroke / 2, 2 * d + stroke,
           tall + stroke)  # fmt: skip
    layer = layer or ("puzzle" if kind == "tick" else "table")
    return Label(kind, "", box, 0.0, cell, layer, ink, stroke=stroke)


def _marked(g: Geometry, cell: Cell, overlay: Overlay) -> Label:
    """A ``where`` puzzle's mark on ``cell``: a tick, or a red cross where the last Check
    found the mark wrong."""
    stroke = max(3.0, 6 * g.scale)
    if cell in overlay.wrong:
        return _mark(g, cell, "cross", 0.22, stroke, _REFUSED, "puzzle")
    return _mark(g, cell, "tick", 0.22, stroke, _MARK)


def _table_labels(put: _Placer, g: Geometry, scene: Scene, overlay: Overlay | None) -> None:
    s = g.scale
    board = scene.board
    shown = [m for m in scene.moves if in_view(g, [m.cell])]
    faces = [(cell, board[cell]) for cell in in_view(g, board)]
    faces += [(cell, d) for cell, d in scene.flash if in_view(g, [cell])]
    if scene.preview is not None and in_view(g, [scene.preview[0]]):
        faces.append((scene.preview[0], scene.preview[1]))
    faces += [(m.cell, m.dweebie) for m in faint_moves(g, scene)]
    for label in _face_labels(g, faces):
        put.put(label, force=True)  # drawn with the card whatever else is there
    if scene.refused is not None and in_view(g, [scene.refused]):
        put.put(_mark(g, scene.refused, "cross", 0.25, 4.0, _REFUSED))
    if overlay is not None:
        for cell in in_view(g, overlay.marks):
            put.put(_marked(g, cell, overlay))
    for cell in in_view(g, scene.heat.keys() & scene.lit):
        text = scene.heat_text.get(cell, f"{round(100 * scene.heat[cell])}%")
        put.first(_cell_label(g, cell, "heat", text, max(13.0, 20 * s), ["middle"], shrink=True,
                              bold=True, ink=heat_ink(scene.heat[cell])))  # fmt: skip
    flashed = {cell for cell, _ in scene.flash}
    ghosts = scene.taken - board.keys() - flashed
    taken = (ghosts - scene.lit) | taken_on_lit(scene) - flashed
    for cell in in_view(g, taken):
        put.first(_cell_label(g, cell, "taken", "taken", 12 * s, ["middle", "top", "bottom"],
                              ink=P.SOFT_INK))  # fmt: skip
    pluses = (scene.links - scene.lit - ghosts) | (
        scene.lit - scene.heat.keys() - taken_on_lit(scene) if scene.link else frozenset()
    )
    for cell in in_view(g, pluses):
        put.first(_cell_label(g, cell, "plus", "+", 28 * s, ["middle"], shrink=True, bold=True,
                              ink=P.LINK_EDGE))  # fmt: skip
    centre = scene.centre
    if centre is not None and not board and centre not in scene.lit and in_view(g, [centre]):
        put.first(_cell_label(g, centre, "centre", "centre", 13 * s, ["middle"], shrink=True,
                              ink=P.SOFT_INK))  # fmt: skip
    for cell, who in scene.marks:
        if cell in board and in_view(g, [cell]):  # a collected card leaves no tag behind
            put.first(_cell_label(g, cell, "seat", who, 12 * s, ["top"], tag=True,
                                  shorten=True, bold=True, ink=_WHITE,
                                  fill=P.LAST_EDGE))  # fmt: skip
    for cell in dict.fromkeys(m.cell for m in shown):
        here = [m for m in shown if m.cell == cell]
        if len({m.dweebie for m in here}) == 1:  # one move: one tag, whatever it is
            put.first(_move_tag(g, cell, [m.kind for m in here], 12 * s, ["top"]))
        else:  # the card played there, and the best card there too (in the hand)
            for m in here:
                put.first(_move_tag(g, cell, [m.kind], 12 * s, ["top", "second", "middle"]))
    if scene.labels:
        previewed = scene.preview[0] if scene.preview is not None else None
        for cell in in_view(g, scene.lit - {previewed}):
            put.first(_cell_label(g, cell, "coordinates", f"{cell[0]}, {cell[1]}", 13 * s,
                                  ["bottom"], tag=True, shrink=True, bold=True, ink=_TAG_INK,
                                  fill=_TAG_FILL))  # fmt: skip


def faint_moves(g: Geometry, scene: Scene) -> list[MoveMark]:
    """The moves marked on the table whose card is drawn faintly on its cell: one per cell
    (the move played, where the best move goes on the same cell with another card), in
    view."""
    shown: dict[Cell, MoveMark] = {}
    for m in scene.moves:
        if in_view(g, [m.cell]):
            shown.setdefault(m.cell, m)
    return list(shown.values())


def _move_tag(
    g: Geometry, cell: Cell, kinds: Sequence[str], size: float, slots: Sequence[str]
) -> list[Label]:
    """The tag of a cell marked as the move played, the best move, or both (one tag)."""
    colour = MOVE_COLOURS["best" if "best" in kinds else kinds[0]]
    texts = _BOTH if len(set(kinds)) > 1 else (kinds[0],)
    for text in texts:
        found = _cell_label(g, cell, "move", text, size, slots, tag=True, bold=True,
                            ink=_WHITE, fill=colour)  # fmt: skip
        if found:
            return found
    return []


def _hint_tag(put: _Placer, g: Geometry, area: Iterable[Cell]) -> None:
    """The hint's "look here" tag: inside the hinted area's top-left corner, else just above
    it, else inside its bottom-left corner; left off where each would cover a label."""
    (top, left), (bottom, right) = corners(area)
    x0, y0, _, _ = g.cell_box((top, left))
    x1, y1, w1, h1 = g.cell_box((bottom, right))
    text, size = "hint: look here", LEAST
    w, h = text_width(text, size, True) + 2 * _TAG_PAD, _height(size, True)
    band = g.table_band
    spots = [(x0 + 8, y0 + 8), (x0 + 8, y0 - h - 2), (x0 + 8, y1 + h1 - h - 8)]
    put.first(
        Label("hint", text, (x, y, w, h), size, None, "puzzle", _WHITE, _HINT, bold=True)
        for x, y in spots
        if contains(band, (x, y, w, h))
    )


# ---------------------------------------------------------------------------- bar and hand
def _bar_labels(put: _Placer, g: Geometry, scene: Scene) -> None:
    for seat, info in enumerate(scene.seats):
        x, y, w, h = g.seat_box(seat, len(scene.seats))
        name = ("\u25b6 " if seat == scene.current else "") + info.label
        score = str(info.score)
        if w < 120:  # a narrow chip: the name above, the score and the hand below
            parts = [
                ("chip", name, x + 6, y + h * 0.28, 13.0, True, "left", w - 12, P.INK),
                ("score", score, x + 6, y + h * 0.75, 15.0, True, "left", w - 12, P.INK),
                ("cards", f"{info.cards} in hand", x + w - 6, y + h * 0.75, LEAST, False,
                 "right", w - 18 - text_width(score, 15.0, True), P.SOFT_INK),
            ]  # fmt: skip
        else:
            owes = f", owes {info.owed}" if info.owed else ""
            room = w - 30 - text_width(score, 22.0, True)
            parts = [
                ("chip", name, x + 10, y + h * 0.3, 14.0, True, "left", room, P.INK),
                ("cards", f"{info.cards} in hand{owes}", x + 10, y + h * 0.73, LEAST, False,
                 "left", room, P.SOFT_INK),
                ("score", score, x + w - 10, y + h / 2, 22.0, True, "right", w - 20, P.INK),
            ]  # fmt: skip
        for kind, text, tx, ty, size, bold, align, most, ink in parts:
            put.put(_text_label(kind, text, tx, ty, size, bold, align, most, ink, "bar"))
    x, y, w, h = g.pile_box()
    put.put(_text_label("pile", "pile", x + w / 2, y + 10, LEAST, False, "center", w - 4,
                        P.SOFT_INK, "bar"))  # fmt: skip
    put.put(_text_label("pile", str(scene.pile), x + w / 2, y + h * 0.72, 18.0, True, "center",
                        w - 4, P.INK, "bar"))  # fmt: skip


def _text_label(
    kind: str, text: str, x: float, y: float, size: float, bold: bool, align: str,
    most: float, ink: str, part: str,
) -> Label:  # fmt: skip
    """A text at ``(x, y)`` (its left end, middle or right end as ``align`` says, its
    middle height), squeezed to ``most`` pixels wide where it is wider (as the canvas
    squeezes a text to its ``max_width``: whole names, at their font size)."""
    w = min(text_width(text, size, bold), max(most, 1.0))
    left = {"left": x, "center": x - w / 2, "right": x - w}[align]
    h = _height(size, False)
    return Label(kind, text, (left, y - h / 2, w, h), size, None, part, ink, bold=bold,
                 align=align)  # fmt: skip


def hand_boxes(g: Geometry, scene: Scene) -> list[Box]:
    """The boxes of the hand's cards as drawn (the picked card stands up)."""
    boxes = [g.hand_box(i) for i in range(len(scene.hand))]
    if scene.selected is not None and scene.selected < len(boxes):
        bx, by, bw, bh = boxes[scene.selected]
        boxes[scene.selected] = (bx, by - 10, bw, bh)
    return boxes


def _above(g: Geometry, box: Box, texts: Sequence[str], kind: str, colour: str,
           part: str) -> Label:  # fmt: skip
    """A tag over a hand card, clear of the outline drawn round it, at most as wide as the
    card and most of the gap to the next one: the first of ``texts`` that fits (the last
    one cut short if none does)."""
    x, y, w, _ = box
    size = LEAST
    room = w + 0.8 * HAND_GAP * g.hand_scale - 2 * _TAG_PAD
    fits = [t for t in texts if text_width(t, size, True) <= room]
    text = fits[0] if fits else cut(texts[-1], size, room, True) or texts[-1][:1]
    tw = text_width(text, size, True) + 2 * _TAG_PAD
    h = _height(size, True)
    return Label(kind, text, (x + (w - tw) / 2, y - 6 - h, tw, h), size, None, part, _WHITE,
                 colour, bold=True)  # fmt: skip


def _hand_labels(put: _Placer, g: Geometry, scene: Scene) -> None:
    if scene.curtain is not None:
        return
    x, y, w, h = g.hand_band
    boxes = hand_boxes(g, scene)
    if scene.hand_owner and (not boxes or boxes[0][0] - x >= 96):
        most = (boxes[0][0] - x - 20) if boxes else w - 20
        put.put(_text_label("hand", f"{possessive(scene.hand_owner)} hand", x + 10, y + 11,
                            13.0, False, "left", most, P.SOFT_INK, "hand"))  # fmt: skip
    for i, (bx, by, _, _) in enumerate(boxes):
        put.put(_text_label("number", str(i + 1), bx + 10, by + 10, LEAST, True, "center", 20,
                            P.FAINT_INK, "hand"))  # fmt: skip
    marked: dict[int, list[str]] = {}
    for m in scene.moves:
        if m.hand is not None and m.hand < len(boxes):
            marked.setdefault(m.hand, []).append(m.kind)
    for index, kinds in marked.items():
        both = len(set(kinds)) > 1
        colour = MOVE_COLOURS["best" if "best" in kinds else kinds[0]]
        put.put(_above(g, boxes[index], _BOTH if both else kinds[:1], "move", colour, "hand"))


def _overlay_labels(put: _Placer, g: Geometry, scene: Scene | None, overlay: Overlay) -> None:
    if scene is None:  # the marks alone (a scene's labels were not asked for)
        for cell in in_view(g, overlay.marks):
            put.put(_marked(g, cell, overlay))
    if overlay.hint_area:
        _hint_tag(put, g, overlay.hint_area)
    for index, colour, text in ((overlay.named, _MARK, "this card"),
                                (overlay.hint_card, _HINT, "hint")):  # fmt: skip
        if index is not None and index < g.hand:
            x, y, w, h = g.hand_box(index)
            if index == overlay.picked:
                y -= 10  # the picked card stands up (as the play picture draws it)
            put.put(_above(g, (x, y, w, h), [text], "card", colour, "puzzle hand"))


def scene_labels(scene: Scene | None, g: Geometry, overlay: Overlay | None = None) -> list[Label]:
    """Every label drawn on the picture of ``scene`` laid out by ``g`` (in CSS pixels,
    whatever ``g``'s ratio), and those of a puzzle's ``overlay`` drawn over it, placed by the
    rules of this module.  With ``scene`` ``None``: the overlay's alone.  A label of the
    table that the table band does not show whole is left off."""
    g = g.css
    put = _Placer(g.table_band)
    if scene is not None:
        _bar_labels(put, g, scene)
        if scene.holds is None:
            _table_labels(put, g, scene, overlay)
        _hand_labels(put, g, scene)
    if overlay is not None:
        _overlay_labels(put, g, scene, overlay)
    return put.placed


# ---------------------------------------------------------------------------- drawing
def paint_labels(pen: Pen, labels: Iterable[Label], part: str) -> None:
    """Draw the labels of ``part`` (on a pen already scaled to CSS pixels)."""
    for label in labels:
        if label.part != part:
            continue
        x, y, w, h = label.box
        if label.fill:
            pen.dash()
            pen.round_rect(label.box, 4, fill=label.fill)
        if label.kind in ("tick", "cross"):
            _paint_mark(pen, label)
            continue
        pad = _TAG_PAD if label.fill else 0.0
        tx = {"left": x + pad, "center": x + w / 2, "right": x + w - pad}[label.align]
        pen.text(tx, y + h / 2, label.text, label.size, label.ink, label.bold, label.align,
                 max_width=w - 2 * pad)  # fmt: skip


def _paint_mark(pen: Pen, label: Label) -> None:
    x, y, w, h = label.box
    d = (w - label.stroke) / 2
    cx, cy = x + w / 2, y + h / 2
    pen.set(stroke_style=label.ink, line_width=label.stroke, line_cap="round", line_join="round")
    if label.kind == "cross":
        pen.do("stroke_line", cx - d, cy - d, cx + d, cy + d)
        pen.do("stroke_line", cx - d, cy + d, cx + d, cy - d)
        return
    pen.do("begin_path")
    pen.do("move_to", cx - d, cy)
    pen.do("line_to", cx - d / 3, cy + d * 0.7)
    pen.do("line_to", cx + d, cy - d * 0.7)
    pen.do("stroke")
