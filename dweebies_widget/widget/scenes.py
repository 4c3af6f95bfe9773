"""The picture of a game being played on a session's screen, as plain data.

One job: build the :class:`~dweebies_widget.widget.paint.Scene` of play from a
:class:`~.session.Session`'s public state: the game, the hand shown, the picked card and its
lit cells, the hint, the heat map, the preview, the flash, the hot-seat curtain, the other
seats' marks, the end banner and "What do they hold?".  It decides nothing: the lit cells and
what a cell would collect are the game's answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ..ai import ExpertPlayer
from ..game import Move
from ..grid import Cell, reading_order
from . import words
from .paint import HeatKey, Scene, SeatInfo

if TYPE_CHECKING:
    from .session import Session

__all__ = ["HeatMap", "heat_map", "play_scene"]

HeatMap = tuple[dict[Cell, float], dict[Cell, str], HeatKey]
"""Shades (0..1) per cell, the values written on them, and the legend."""


def heat_map(values: Mapping[Move, float], dweebie: int, title: str, chances: bool) -> HeatMap:
    """Shades (0..1), the values written on the cells and the legend of the heat map of
    ``dweebie`` from the hint player's ``values``: the darkest shade for its worst cell, the
    lightest for its best (so that close values still look different), each cell's value
    written on it (a win chance in percent when ``chances``), the legend giving the values
    at both ends."""
    mine = {m.cell: v for m, v in values.items() if m.dweebie == dweebie}
    if not mine:
        return {}, {}, HeatKey(title, "", "")
    least, most = min(mine.values()), max(mine.values())
    if chances:  # a decimal when the chances are close, so that the numbers differ too
        digits = 1 if most - least < 0.05 else 0
        text = {c: f"{100 * v:.{digits}f}%" for c, v in mine.items()}
    else:
        text = {c: f"{round(v, 2):g}" for c, v in mine.items()}
    if most > least:
        shade = {c: (v - least) / (most - least) for c, v in mine.items()}
    else:
        shade = dict.fromkeys(mine, 0.5)
    worst, best = min(mine, key=lambda c: (mine[c], c)), max(mine, key=lambda c: (mine[c], c))
    return shade, text, HeatKey(title, f"worst {text[worst]}", f"best {text[best]}")


def play_scene(s: Session) -> Scene:
    """The picture of the game on ``s``'s table as its seat at this screen sees it."""
    game = s.game
    over = game.is_over
    hand = s.hand()
    mine = s.human_turn() is not None and s.handover is None
    lit = frozenset(game.legal_cells()) if mine and s.selected is not None else frozenset()
    heat: HeatMap = ({}, {}, HeatKey("", "", ""))
    shaded = bool(lit) and s.heat and s.selected is not None
    if shaded and s.selected is not None:
        chances = isinstance(s.hint_player, ExpertPlayer)
        values = s.analyze(game.current_player)
        heat = heat_map(values, hand[s.selected], s.heat_title(), chances)
    hint = None
    if s.suggested is not None and s.suggested[0].dweebie in hand and mine:
        hint = (hand.index(s.suggested[0].dweebie), s.suggested[0].cell)
    last = game.last_placement
    flashing = {c for c, _ in s.flashing}
    taken = frozenset(last.collected - game.board.keys() - flashing) if last else frozenset()
    curtain = None
    owner = s.viewer
    if s.handover is not None:
        curtain = words.curtain(s.labels[s.handover], s.verb)
    elif s.thinking_seat is not None and s.viewer is None:
        curtain = f"{s.labels[s.thinking_seat]} is thinking\u2026"
    elif owner is None and not over:  # an AI-only game shows the hand of the AI to move
        owner = game.current_player
        hand = game.hand(owner)
    scene = Scene(
        board=dict(game.board),
        seats=[
            SeatInfo(
                label=s.labels[seat], score=game.scores[seat], cards=len(game.hand(seat)),
                owed=game.owed_draws(seat), ai=s.players[seat] is not None,
            )  # fmt: skip
            for seat in range(game.players)
        ],
        current=None if over else game.current_player,
        winners=game.winners if over else (),
        pile=game.pile_size,
        hand=hand,
        hand_owner=s.labels[owner] if owner is not None else "",
        curtain=curtain,
        selected=s.selected if mine else None,
        lit=lit,
        link=game.is_split,
        links=game.link_cells if game.is_split else frozenset(),
        groups=reading_order(game.groups) if game.is_split else (),
        last=last.move.cell if last is not None else None,
        taken=taken,
        marks=tuple((p.move.cell, s.labels[p.seat]) for p in s.others()),
        flash=s.flashing,
        preview=s.preview(),
        heat=heat[0],
        heat_text=heat[1],
        heat_key=heat[2] if shaded else None,
        hint=hint,
        cursor=s.cursor,
        labels=s.labels_shown,
        refused=s.refused,
        pulse=s.pulse if (s.pulse != "lit" or lit) else None,
        banner=words.banner(game, s.labels, s.me(), s.play_mode.again) if over else (),
    )
    if s.holds_on and s.looking.may_hold():
        scene = replace(scene, holds=s.looking.holds())
    return scene
