"""The rule options and the fixed numbers of the game: :class:`Rules`, the player bounds,
the centre cell.

Each fact has one home here; the engine (:mod:`dweebies_widget.game`), the save format,
the widget and the adapters read it from here instead of writing it again.

>>> Rules()
Rules(min_line=2, collect_on_reconnect=True, auto_draw=True, hand_size=5, first_player=0)
>>> Rules().starting_pile(players=2)
44
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .cards import DECK_SIZE
from .grid import Cell

__all__ = ["CENTER", "MAX_PLAYERS", "MIN_PLAYERS", "Rules"]

#: Where the first card goes, and the next card after a collection empties the table
#: (rules section 5).
CENTER: Cell = (0, 0)

#: The fewest and the most players of a game (rules section 2).
MIN_PLAYERS = 2
MAX_PLAYERS = 6


@dataclass(frozen=True)
class Rules:
    """The rule options (rules.md); the defaults are the game everybody plays.

    >>> Rules(min_line=3).min_line
    3
    """

    min_line: int = 2
    """Fewest cards a line needs to be collected (section 6)."""
    collect_on_reconnect: bool = True
    """Whether the placement that joins the last two groups may collect (section 6)."""
    auto_draw: bool = True
    """Draw at the end of each turn; ``False`` makes draws owed (section 8)."""
    hand_size: int = 5
    """Cards dealt to each player (section 2)."""
    first_player: int = 0
    """The seat that moves first (section 2)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            expected = bool if f.type in ("bool", bool) else int
            if type(value) is not expected:
                raise TypeError(
                    f"Rules.{f.name} must be {expected.__name__}, not {type(value).__name__}"
                )
        if self.min_line < 2:
            raise ValueError(f"Rules.min_line must be at least 2, not {self.min_line}")
        if not 1 <= self.hand_size <= DECK_SIZE // 2:
            raise ValueError(
                f"Rules.hand_size must be between 1 and {DECK_SIZE // 2}, not {self.hand_size}"
            )
        if self.first_player < 0:
            raise ValueError(f"Rules.first_player must be a seat (>= 0), not {self.first_player}")

    def to_dict(self) -> dict[str, int | bool]:
        """The options as a plain dict (for JSON)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def split_collecting(self) -> str:
        """Who may collect while the table is split (section 6), in the words every screen
        uses (the status line, the pictures).

        >>> Rules().split_collecting
        'only the card that joins them may collect'
        """
        if self.collect_on_reconnect:
            return "only the card that joins them may collect"
        return "nobody may collect until they are joined"

    def starting_pile(self, players: int) -> int:
        """Cards in the draw pile right after the deal of a ``players``-player game (rules
        section 2): the deck less one hand per seat.  The pile never holds more."""
        return DECK_SIZE - players * self.hand_size
