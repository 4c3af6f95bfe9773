"""The hint player's advice on a session's screen: Hint, and the heat map.

One job: what a hint player (``hint_player``, any player with ``analyze(view)``) says about
the moves of the seat at this screen.  Hint picks the card of its best move and marks the
cell; the heat map shades the picked card's lit cells by its values (a win chance for the
Expert).  The analysis is computed once per position and seat.  At a remote table the
teacher may turn both off (:attr:`~.modes.Mode.hints`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..ai import ExpertPlayer
from ..cards import NAMES
from ..game import Move
from ..grid import Cell
from . import words
from .charts import heat_scale, heat_shades
from .modes import NO_HINTS
from .scene import HeatKey

if TYPE_CHECKING:
    from .session import Session

__all__ = ["HeatMap", "Hints", "heat_map"]

HeatMap = tuple[dict[Cell, float], dict[Cell, str], HeatKey]
"""Shades (0..1) per cell, the values written on them, and the legend."""


class Hints:
    """A session's hints and heat map (see the module docstring)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.on = False
        """Whether the lit cells are shaded by the hint player's values (the heat map)."""
        self.suggested: tuple[Move, float] | None = None
        """The hint shown (its move and value), or ``None``."""
        self._analysis: tuple[object, dict[Move, float]] | None = None

    def suggest(self) -> Move | None:
        """The hint of play: the hint player's best move for the seat at this screen, its
        card picked and its cell marked (``None`` when it is not their turn)."""
        s = self.session
        seat = s.who_may_act()
        if seat is not None and not s.play_mode.hints:
            s.tell(NO_HINTS)
            seat = None
        if seat is None:
            s.redraw()
            return None
        values = self.analyze(seat)
        move = max(sorted(values), key=lambda m: values[m])
        self.suggested = (move, values[move])
        s.selected = s.hand().index(move.dweebie)
        s.table.disarm()
        s.tell(
            f"Hint: {s.hint_player.name} would place {NAMES[move.dweebie]} at "
            f"{move.cell} ({words.value_text(values[move])})."
        )
        s.redraw()
        return move

    def show_heat(self, on: bool) -> None:
        """Shade the lit cells by the hint player's values (the heat map), or stop.  The
        message says whose chances (or values) the shades show, and what to do when no card
        is picked."""
        s = self.session
        if on and not s.play_mode.hints:
            self.on = False
            s.tell(NO_HINTS)
            s.redraw()
            return
        self.on = on
        if not on:
            s.tell("")
            s.say("Heat map off.")
        else:
            title = self.title()
            if s.human_turn() is None or s.handover is not None:
                s.tell(f"Heat map: {title}. It shows on your turn, once you pick a card.")
            elif s.selected is None:
                s.tell(f"Heat map: {title}. Pick a card to see it on the lit cells.")
            else:
                s.tell(f"Heat map: {title}.")
        s.redraw()

    def analyze(self, seat: int) -> dict[Move, float]:
        """The hint player's values for ``seat``'s moves, computed once per position."""
        s = self.session
        game = s.game
        key = (id(game), seat, game.history, game.hand(seat))  # this very position
        if self._analysis is None or self._analysis[0] != key:
            self._analysis = (key, s.hint_player.analyze(game.view(seat)))  # type: ignore[attr-defined]
        return self._analysis[1]

    def title(self) -> str:
        """Whose chances (or values) the heat map shows, in words."""
        s = self.session
        seat = s.viewer if s.viewer is not None else s.game.current_player
        return words.heat_title(
            s.labels[seat], s.hint_player.name, isinstance(s.hint_player, ExpertPlayer)
        )

    def shades(self, dweebie: int) -> HeatMap:
        """The heat map of ``dweebie`` for the seat to play."""
        s = self.session
        chances = isinstance(s.hint_player, ExpertPlayer)
        return heat_map(self.analyze(s.game.current_player), dweebie, self.title(), chances)

    def forget(self, *, hint: bool = True, heat: bool = False) -> None:
        """The position changed: forget the analysis, the hint shown (``hint``) and turn
        the heat map off (``heat``)."""
        self._analysis = None
        if hint:
            self.suggested = None
        if heat:
            self.on = False

    def keep_if(self, dweebie: int) -> None:
        """Another card was picked: the hint shown goes unless it is ``dweebie``'s."""
        if self.suggested is not None and self.suggested[0].dweebie != dweebie:
            self.suggested = None


def heat_map(values: Mapping[Move, float], dweebie: int, title: str, chances: bool) -> HeatMap:
    """Shades (0..1), the values written on the cells and the legend of the heat map of
    ``dweebie`` from the hint player's ``values``, each cell's value written on it.  Win
    chances (``chances``) are shaded on a scale at least 20 points wide
    (:func:`~dweebies_widget.widget.charts.heat_scale`), so that 45 % and 50 % look close,
    the legend giving the scale's ends; other values run from the darkest shade for the worst
    cell to the lightest for the best, the legend giving both."""
    mine = {m.cell: v for m, v in values.items() if m.dweebie == dweebie}
    if not mine:
        return {}, {}, HeatKey(title, "", "")
    least, most = min(mine.values()), max(mine.values())
    if chances:  # a decimal when the chances are close, so that the numbers differ too
        digits = 1 if most - least < 0.05 else 0
        text = {c: f"{100 * v:.{digits}f}%" for c, v in mine.items()}
    else:
        text = {c: f"{round(v, 2):g}" for c, v in mine.items()}
    if chances:  # on a scale at least 20 points wide: close chances look close
        low, high = heat_scale(mine.values())
        return heat_shades(mine), text, HeatKey(title, f"{100 * low:.0f}%", f"{100 * high:.0f}%")
    if most > least:
        shade = {c: (v - least) / (most - least) for c, v in mine.items()}
    else:
        shade = dict.fromkeys(mine, 0.5)
    worst, best = min(mine, key=lambda c: (mine[c], c)), max(mine, key=lambda c: (mine[c], c))
    return shade, text, HeatKey(title, f"worst {text[worst]}", f"best {text[best]}")
