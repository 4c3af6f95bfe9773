"""The puzzle model: :class:`Puzzle` (a position, a goal and its proven answer), the
:class:`Verdict` of an attempt, and :class:`Hint`.

A puzzle is made from any position with :meth:`Puzzle.make`, which finds the answer by
exhaustive search and rates it by measurement, as its kind says
(:mod:`dweebies_widget.puzzles.kinds`, :mod:`dweebies_widget.puzzles.rating`); it is never
typed in.  :meth:`Puzzle.check` judges an attempt and, when it is wrong, says in plain
words what the move really does and why it falls short, asking the rules engine every fact
it states.  Everything that depends on the kind is asked of the kind object
(:attr:`Puzzle.kind_info`).  Nothing here draws: a widget
shows :attr:`Puzzle.goal`, takes a click, and shows the :class:`Verdict` and the hints.

**Keep-condition.**  A position that fails its kind's keep-condition (:meth:`Puzzle.keep`:
one answer, and tempting wrong moves) is refused, naming the condition and why it fails,
unless it is asked for with ``check_keep=False``: it is then a *practice position*
(:attr:`Puzzle.kept` is ``False``), and its board says so (:attr:`Puzzle.practice_note`).

**Rules.**  A puzzle under other rules than the standard ones (:mod:`~.kinds.house`:
``min_line``, ``collect_on_reconnect`` or ``auto_draw`` not at its default) states them first
in its goal (:attr:`Puzzle.rules_note`), and in every verdict when they give another answer
than the standard rules would (:attr:`Puzzle.rule_changes_answer`).

>>> from dweebies_widget import Game, Move
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4},
...                           hands=[[20, 3], [5]])
>>> p = Puzzle.make(game, "haul")
>>> p.goal
'Collect as many cards as you can with one move.'
>>> sorted(p.answer)
[Move(dweebie=20, cell=(0, 2))]
>>> p.check(Move(20, (0, 2))).correct
True
>>> print(p.check(Move(20, (1, 0))).message)
Not quite: Ugbug at (1, 0) collects 2 cards; the best move collects 3.
>>> p.hint(0).card, p.hint(1).text
(20, 'Look at the top right of the table.')
>>> p.kept, p.standard, p.rules_note
(True, True, None)
>>> from dweebies_widget import Rules
>>> house = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4},
...                            hands=[[20, 3], [5]], rules=Rules(min_line=3))
>>> print(Puzzle.make(house, "haul", check_keep=False).goal)  # doctest: +NORMALIZE_WHITESPACE
House rule: a line needs at least 3 cards to be collected.
Collect as many cards as you can with one move.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..game import Game, Move, View
from ..rules import Rules
from . import kinds as K
from .kinds.house import standard_view
from .rating import Measure
from .verdict import Hint, Verdict

__all__ = ["Hint", "Puzzle", "PuzzleError", "Verdict"]


class PuzzleError(ValueError):
    """A position has no answer of the kind asked for (the message gives the definition),
    or a puzzle was asked for in a way that cannot work."""


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A position, a goal and its proven answer (see the module docstring).

    Build one with :meth:`make` (any position) or read the shipped set with
    :func:`dweebies_widget.puzzles.load`.  Two puzzles are equal when their :attr:`id`
    is, and the id is a digest of the position, the kind, the card and the answer.
    """

    id: str
    kind: str
    """The kind's name (:attr:`kind_info` is the kind itself)."""
    themes: tuple[str, ...]
    rating: int
    """An Elo-like difficulty, 600 (easy) to 2400 (hard): see
    :mod:`dweebies_widget.puzzles.rating`."""
    seat: int
    """The solver's seat (the seat to move)."""
    goal: str
    answer: frozenset[Any]
    """The moves (:class:`~dweebies_widget.game.Move`) that solve it, or for a kind whose
    answer is marked cells (``where``) the cells."""
    dweebie: int | None
    """The named card of a kind that names one, ``where`` (``None`` for the others)."""
    measure: Measure
    """What the rating was measured from."""
    position: Game = field(repr=False)
    kept: bool = True
    """Whether the position passes its kind's keep-condition (:meth:`keep`); ``False`` for a
    practice position, made with ``check_keep=False``."""

    # ------------------------------------------------------------------ making
    @classmethod
    def make(
        cls,
        game: Game,
        kind: str,
        seat: int | None = None,
        dweebie: int | None = None,
        *,
        themes: Iterable[str] = (),
        check_keep: bool = True,
    ) -> Puzzle:
        """The puzzle of ``kind`` in ``game``'s position, for ``seat`` (by default, and
        necessarily, the seat to move).  ``dweebie`` names the card of a ``where`` puzzle
        (by default the lowest id in the solver's hand).  The answer is found by
        exhaustive search and the rating by measurement; extra ``themes`` may be given.

        Raises :class:`PuzzleError`, quoting the kind's definition, when the position
        has no answer of that kind, and, quoting its keep-condition and why the position
        fails it, when it fails the keep-condition (more than one answer, or too few
        tempting wrong moves) and ``check_keep`` is true.  With ``check_keep=False`` such
        a position is made all the same, as a practice position (:attr:`kept` is
        ``False``).  An endgame is proven by a full search, whose cost grows fast with
        the cards left in the hands: well under a second for the six or fewer of the
        shipped endgames, minutes for ten.
        """
        spec = K.kind(kind)
        try:
            view = K.solver_view(game, seat)
        except ValueError as exc:
            raise PuzzleError(f"no {kind} puzzle here: {exc}") from None
        if spec.names_card:
            try:
                dweebie = spec.named_card(view, dweebie)
            except ValueError as exc:
                raise PuzzleError(str(exc)) from None
        elif dweebie is not None:
            naming = " or a ".join(k.name for k in K.kinds().values() if k.names_card)
            raise PuzzleError(f"only a {naming} puzzle names a card, not a {kind} puzzle")
        answer = spec.answer(view, dweebie)
        if not answer:
            raise PuzzleError(
                f"no {kind} puzzle here: {spec.definition}, and this position has none "
                f"({spec.why_none(view)})"
            )
        kept = spec.keep(view, answer)
        if check_keep and not kept:
            why = spec.why_not_kept(view, answer)
            raise PuzzleError(
                f"not a {kind} puzzle worth keeping: {spec.definition}, {spec.keep_rule}, "
                f"and this position fails that{f' ({why})' if why else ''}; "
                "make it with check_keep=False to use it as a practice position"
            )
        position = game.copy()
        found = spec.measure(position, view.seat, answer)
        return cls(
            id=puzzle_id(position, kind, dweebie, answer),
            kind=kind,
            themes=tuple(sorted(set(_themes(view)) | set(spec.themes(view, answer)) | set(themes))),
            rating=found.rating,
            seat=view.seat,
            goal=spec.goal(dweebie, game.rules),
            answer=answer,
            dweebie=dweebie,
            measure=found,
            position=position,
            kept=kept,
        )

    # ------------------------------------------------------------------ reading
    @property
    def kind_info(self) -> K.Kind:
        """The kind itself (:mod:`dweebies_widget.puzzles.kinds`): its title, definition,
        and what a widget needs to know of it."""
        return K.kind(self.kind)

    @property
    def game(self) -> Game:
        """The position, a :class:`~dweebies_widget.game.Game` (a fresh copy each time:
        play on it freely)."""
        return self.position.copy()

    @property
    def view(self) -> View:
        """What the solver sees."""
        return self.position.view(self.seat)

    @property
    def rules(self) -> Rules:
        """The rules the puzzle is set under."""
        return self.position.rules

    @property
    def standard(self) -> bool:
        """Whether the puzzle is under the standard rules (:mod:`~.kinds.house`)."""
        return K.is_standard(self.rules)

    @property
    def rules_note(self) -> str | None:
        """The puzzle's rules in words when they are not the standard ones ("House rule: a
        line needs at least 3 cards to be collected."), else ``None``; the goal starts
        with it."""
        return K.rules_note(self.rules)

    @property
    def practice_note(self) -> str | None:
        """For a practice position (:attr:`kept` is ``False``), what its board says of it;
        else ``None``."""
        if self.kept:
            return None
        if len(self.answer) > 1 and not self.kind_info.marks_cells:
            return "Practice position: more than one move is right here."
        return "Practice position, not a puzzle of the set."

    @cached_property
    def standard_answer(self) -> frozenset[Any]:
        """The answer the same position would have under the standard rules (the answer
        itself for a puzzle under them)."""
        if self.standard:
            return self.answer
        return self.kind_info.answer(standard_view(self.view), self.dweebie)

    @property
    def rule_changes_answer(self) -> bool:
        """Whether the puzzle's rules give another answer than the standard rules would:
        its verdicts then say the rules."""
        return self.standard_answer != self.answer

    @property
    def definition(self) -> str:
        """The exact definition of the answer of this kind."""
        return self.kind_info.definition

    @property
    def line(self) -> tuple[Move, ...]:
        """For an endgame with one answer, the proof line: the answer, then best play of
        both sides to the end (empty for the other kinds)."""
        if len(self.answer) != 1:
            return ()
        (move,) = self.answer
        return self.kind_info.line(self, move)

    def keep(self) -> bool:
        """Whether the position passes the keep-condition of its kind (the generator
        ships only those)."""
        return self.kind_info.keep(self.view, self.answer)

    def prove(self) -> bool:
        """Whether the answer is still exactly what the kind's definition gives, searched
        again from scratch."""
        return self.kind_info.answer(self.view, self.dweebie) == self.answer

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self.id == other.id

    def __hash__(self) -> int:
        return hash(self.id)

    # ------------------------------------------------------------------ checking
    def check(self, attempt: Move | tuple[int, Any] | Iterable[Any]) -> Verdict:
        """Judge an attempt: a move (``Move`` or ``(dweebie, cell)``), or for ``where``
        the cells clicked (any iterable of ``(row, col)``)."""
        return self.kind_info.check(self, attempt)

    # ------------------------------------------------------------------ hints
    def hint(self, level: int = 0) -> Hint:
        """Hint number ``level``: 0 names the card to use, 1 the area of the table (for
        ``where``: 0 says what makes a cell legal, 1 shows the area of the answer)."""
        hints = self.hints()
        return hints[min(max(level, 0), len(hints) - 1)]

    def hints(self) -> tuple[Hint, ...]:
        """Every hint, gentlest first: first the card, then the area."""
        return self.kind_info.hints(self)


# ---------------------------------------------------------------------- helpers
def _themes(view: View) -> list[str]:
    """The themes of the rules and the table, whatever the kind."""
    out = []
    rules = view.rules
    if rules.min_line != 2:
        out.append(f"min_line_{rules.min_line}")
    if not rules.collect_on_reconnect:
        out.append("no_reconnect_collect")
    out.append(f"players_{view.players}")
    game = view.public_game()
    if game.is_split:
        out.append("split")
        if len(game.groups) >= 3:
            out.append("many_groups")
    return out


def puzzle_id(game: Game, kind: str, dweebie: int | None, answer: frozenset[Any]) -> str:
    """The id: the kind and a digest of the position, the card and the answer."""
    data = json.dumps(
        [kind, dweebie, json.loads(game.to_json()), sorted(_plain(x) for x in answer)],
        sort_keys=True,
    )
    return f"{kind}-{hashlib.sha256(data.encode()).hexdigest()[:10]}"


def _plain(x: Any) -> list[Any]:
    if isinstance(x, Move):
        return [x.dweebie, list(x.cell)]
    return list(x)
