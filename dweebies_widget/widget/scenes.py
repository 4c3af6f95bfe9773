"""What a session's screen shows of a game being played, as plain data.

One job: from a :class:`~.session.Session`'s public state, build what play shows: the
status lines (:func:`play_status`), the board in words (:func:`play_words`), which buttons can
be used (:func:`play_controls`) and the :class:`~dweebies_widget.widget.paint.Scene`
(:func:`play_scene`): the game, the hand shown (in the screen's order, see
:mod:`~.hand_order`), the picked card and its
lit cells, the hint, the heat map, the preview, the flash, the hot-seat curtain, the other
seats' marks, the end banner and "What do they hold?".  It decides nothing: the lit cells and
what a cell would collect are the game's answers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..game import Placement
from ..grid import Cell
from . import words
from .hints import HeatMap
from .position import others, scene_of
from .scene import HeatKey, Scene

if TYPE_CHECKING:
    from .session import Session

__all__ = [
    "Controls", "armed_preview", "others_since", "play_controls", "play_scene", "play_status",
    "play_words",
]  # fmt: skip


def play_scene(s: Session) -> Scene:
    """The picture of the game on ``s``'s table as its seat at this screen sees it: the
    position's (:func:`~.position.scene_of`) with what the screen is doing on it."""
    game = s.game
    hand = s.hand()
    mine = s.human_turn() is not None and s.handover is None
    lit = frozenset(game.legal_cells()) if mine and s.selected is not None else frozenset()
    heat: HeatMap = ({}, {}, HeatKey("", "", ""))
    shaded = bool(lit) and s.hints.on and s.selected is not None
    if shaded and s.selected is not None:
        heat = s.hints.shades(hand[s.selected])
    hint = None
    suggested = s.hints.suggested
    if suggested is not None and suggested[0].dweebie in hand and mine:
        hint = (hand.index(suggested[0].dweebie), suggested[0].cell)
    curtain = None
    if s.handover is not None:
        curtain = words.curtain(s.labels[s.handover], s.verb)
    elif s.thinking_seat is not None and s.viewer is None:
        curtain = words.thinking_text(s.labels[s.thinking_seat])
    position = scene_of(
        game, names=s.labels, viewer=s.viewer, labels=s.labels_shown, curtain=curtain,
        ai=[p is not None for p in s.players], me=s.me(), again=s.play_mode.again,
    )  # fmt: skip
    scene = replace(
        position,
        hand=hand if s.viewer is not None else position.hand,
        taken=position.taken - {c for c, _ in s.flashing},  # flashing where they lay
        selected=s.selected if mine else None,
        lit=lit,
        flash=s.flashing,
        preview=s.preview(),
        heat=heat[0],
        heat_text=heat[1],
        heat_key=heat[2] if shaded else None,
        hint=hint,
        cursor=s.cursor,
        refused=s.refused,
        pulse=s.pulse if (s.pulse != "lit" or lit) else None,
    )
    if s.holds_on and s.looking.may_hold():
        scene = replace(scene, holds=s.looking.holds())
    return scene


@dataclass(frozen=True)
class Controls:
    """Which buttons can be used now (``True``: enabled), whether Play is on and whether
    the lit cells show their coordinates."""

    hint: bool
    heat: bool
    undo: bool
    draw: bool
    step: bool
    playing: bool
    labels: bool = True
    review: bool = False
    """Whether Review can be pressed (the game is over, or a teacher may at any time)."""
    holds: bool = False
    """Whether "What do they hold?" may be shown now."""
    holds_on: bool = False
    """Whether it is shown."""


def play_controls(s: Session) -> Controls:
    """Which buttons can be used now."""
    game = s.game
    live = not s.mode.looking_back
    mine = s.human_turn() is not None and s.handover is None and live
    viewer = s.viewer
    holds = s.looking.may_hold()
    hints = mine and s.play_mode.hints
    return Controls(
        hint=hints,
        heat=hints,
        undo=bool(game.history) and live and s.play_mode.own_games,
        draw=viewer is not None and game.may_draw(viewer) and live,
        step=not game.is_over and s.players[game.current_player] is not None and live,
        playing=s.turn_state.playing,
        labels=s.labels_shown,
        review=s.looking.may_review() and live,
        holds=holds,
        holds_on=holds and s.holds_on,
    )


def play_status(s: Session) -> list[str]:
    """The status lines of play (what a mode's :meth:`~.modes.Mode.status` starts from),
    **the newest news first**: what to do now (or who won) is always the first line; then
    the last message and its detail (:attr:`~.session.Session.detail`); then what the other
    seats did since this screen's last move, the newest first, one line each; then what
    stays true (a split table, an owed draw)."""
    now = words.status_lines(
        s.game, s.labels, s.players, viewer=s.viewer,
        handover=s.handover, thinking=s.turn_state.thinking, picked=s.picked_dweebie(),
        armed=armed_preview(s), me=s.me(), verb=s.verb,
    )  # fmt: skip
    news = [t for t in (s.message, s.detail) if t]
    moves = [words.move_text(p, s.labels) + "." for p in reversed(others_since(s))]
    return [now[0], *news, *moves, *now[1:]]


def others_since(s: Session) -> list[Placement]:
    """The placements of the other seats since the last placement of the seat at ``s``'s
    screen (in an AI-only game: the last placement), at most one round of them, oldest
    first."""
    return others(s.game, s.viewer)


def armed_preview(s: Session) -> tuple[Cell, int] | None:
    """The cell tapped once and how many cards placing there collects, if any."""
    preview = s.preview()
    armed = s.table.armed
    if armed is None or preview is None or preview[0] != armed:
        return None
    return preview[0], len(preview[2])


def play_words(s: Session) -> str:
    """The board in words as play describes it (what a mode's ``describe`` builds on)."""
    scene = s.scene
    hand = list(scene.hand)
    lit: dict[Cell, int] = {}
    if scene.lit and scene.selected is not None and scene.selected < len(hand):
        gains = s.game.collect_map()
        dweebie = hand[scene.selected]
        lit = {cell: gains.get(cell, {}).get(dweebie, 0) for cell in scene.lit}
    text = words.describe(
        s.game, s.labels, status=s.status_lines(), hand=hand,
        hand_owner=scene.hand_owner, covered=s.handover is not None,
        picked=scene.selected, lit=lit, cursor=s.table.cursor,
    )  # fmt: skip
    return text + s.looking.holds_text()
