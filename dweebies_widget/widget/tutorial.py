"""The guided first game, without a screen: a fixed deal, a few guided turns, then free play.

:class:`Tutorial` is a play :class:`~dweebies_widget.widget.session.Session` in a
:class:`TutorialMode` (the same picture, the same clicks, taps, drags and keys, the same
refusals in plain words), for one person against Greedy, on a fixed deal
(:data:`FIRST_GAME`, an explicit deck order: real cards, real rules).  Its
differences:

* the first turns are **guided**: each has a goal, said in the status line, and its card
  and cell are outlined.  Only the intended move is accepted: another move is refused with
  the reason (the game's own, or what that move would do) and the move asked for, and the
  game is left as it was.  The right move gets a verdict.  Nothing is written over the
  table: the play picture's own legend says what its marks mean, the status says the rest;
* during the guided turns Greedy answers with moves fixed by the script, each one a move
  Greedy itself could choose there (one that collects the most it can: the tests check
  it); then Greedy plays on its own, and the game is a free game to its end, with Review
  after it.

The status line has three lines, the newest news first (:attr:`TutorialMode.budget`): what
just happened (the verdict on your move, a refusal, a hint, the card just picked), the goal
of this guided turn (:func:`aim`), then what to do (after a refusal: the move the turn asks
for).  Greedy's answer is the newest line of the move log, and marked on the table.

Every word about a move is the engine's answer: what a placement collects
(``game.would_collect``, ``Placement.taken``), where a card may go (``game.legal_cells``),
the groups of a split table and its shortest bridge (``game.groups``, ``game.link_cells``),
the most a hand can collect (``game.best_collection``).  The texts are built from those
answers when they are shown (:func:`aim`, :func:`goal`, :func:`verdict`).

The guided turn is read from the game itself (the moves played so far against the script),
so Undo, Review's "Play from here" and New game need nothing special: a game that left the
script is a free game.

>>> from dweebies_widget.widget.timing import ManualClock
>>> t = Tutorial(scheduler=ManualClock(), ai_delay=0, flash=0)
>>> t.status_lines()[1]
'Guided turn 1 of 4: the table is empty, so the first card goes in the centre, (0, 0).'
>>> t.select(t.game.hand(0).index(12)); _ = t.place((0, 1))   # not where the card may go
>>> for line in t.status_lines(): print(line)
The table is empty, so the first card goes in the centre. Try the lit cell.
Guided turn 1 of 4: the table is empty, so the first card goes in the centre, (0, 0).
This turn asks for Mumbo at (0, 0): both are outlined.
>>> _ = t.place((0, 0))
>>> t.turn, dict(t.game.board)
(1, {(0, 0): 12, (0, 1): 15})
>>> t.status_lines()[0], t.log_entries()[0]
('Right! Mumbo is at (0, 0). It collected nothing: no other Mumbo was on the table.', \
'2. Greedy placed Pimble at (0, 1) and drew a card')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..ai import GreedyPlayer, Player
from ..cards import FULL_DECK, NAMES
from ..errors import IllegalMoveError
from ..game import Game, Move, Placement, Position, shuffled_deck
from ..grid import Cell
from . import words
from .modes import Mode
from .scene import Scene
from .session import Session

__all__ = [
    "FIRST_GAME",
    "HANDOVER",
    "RULES",
    "SECTIONS",
    "Script",
    "Step",
    "Tutorial",
    "TutorialMode",
    "aim",
    "goal",
    "verdict",
]

YOU = 0
"""The seat of the person at the screen (Greedy sits at seat 1)."""

HANDOVER = (
    "Guided turns over: play on against Greedy. Most cards collected wins; then press Review."
)
"""What the guided game says when it hands over to free play."""


@dataclass(frozen=True)
class Step:
    """One guided turn: its lesson (``kind``), the move asked for, and Greedy's answer."""

    kind: str
    """``"centre"`` (the first card), ``"next"`` (next to a card), ``"collect"`` or
    ``"bridge"`` (a split table's shortest bridge): which words the goal uses."""
    move: Move
    """The one move accepted in this turn."""
    reply: Move | None
    """Greedy's scripted answer (``None`` after the last guided turn: Greedy then plays on
    its own)."""


@dataclass(frozen=True)
class Script:
    """A guided game: the deck order it is dealt from (2 players, rules section 2) and its
    guided turns."""

    deck: tuple[int, ...]
    steps: tuple[Step, ...]

    def game(self) -> Game:
        """A new game dealt from :attr:`deck`."""
        return Game(2, deck=list(self.deck))

    def moves(self) -> list[Move]:
        """Every scripted placement in the order it is played: yours and Greedy's."""
        out: list[Move] = []
        for step in self.steps:
            out.append(step.move)
            if step.reply is not None:
                out.append(step.reply)
        return out


def _deck(prefix: Sequence[int], seed: int) -> tuple[int, ...]:
    """``prefix`` (the hands and the first draws), then the other cards of the deck in the
    order ``shuffled_deck(seed)`` gives them."""
    rest = list(shuffled_deck(seed))
    for card in prefix:
        rest.remove(card)
    deck = (*prefix, *rest)
    assert sorted(deck) == sorted(FULL_DECK)
    return deck


_MUMBO, _PIMBLE, _ZUZU, _JIBBER, _TIBBIT = 12, 15, 25, 9, 19
_YOURS = [_MUMBO, _ZUZU, _JIBBER, 3, 6]
_GREEDYS = [_PIMBLE, _JIBBER, _TIBBIT, 1, 7]
_DRAWS = [4, 5, _MUMBO, 8, 2]  # the first five draws: yours, Greedy's, yours...
FIRST_GAME = Script(
    deck=_deck(_YOURS + _GREEDYS + _DRAWS, seed=2024),
    steps=(
        Step("centre", Move(_MUMBO, (0, 0)), Move(_PIMBLE, (0, 1))),
        Step("next", Move(_ZUZU, (-1, 0)), Move(_JIBBER, (1, 1))),
        Step("collect", Move(_MUMBO, (0, 2)), Move(_TIBBIT, (0, 1))),
        Step("bridge", Move(_JIBBER, (-1, 1)), None),
    ),
)
"""The guided first game: Mumbo in the centre, Zuzu next to it, Mumbo collects a row of 3
(which splits the table), Jibber joins the table again on the shortest bridge and collects a
column of 3."""


# ---------------------------------------------------------------------------- the words
def _lines(taken: frozenset[Cell], cell: Cell) -> list[tuple[str, Cell]]:
    """The lines of a collection through ``cell``: ``("row" or "column", far end)``."""
    out = []
    row = [c for c in taken if c[0] == cell[0] and c != cell]
    column = [c for c in taken if c[1] == cell[1] and c != cell]
    for word, cells in (("row", row), ("column", column)):
        if cells:
            far = max(cells, key=lambda c: abs(c[0] - cell[0]) + abs(c[1] - cell[1]))
            out.append((word, far))
    return out


def _collects(game: Game, move: Move) -> str:
    """What ``move`` would collect now, and why, in words (the engine's answer)."""
    taken = game.would_collect(move.cell).get(move.dweebie, frozenset())
    if not taken:
        return "it collects nothing there"
    name = NAMES[move.dweebie]
    lines = _lines(taken, move.cell)
    where = " and ".join(f"the {word} from {far} to {move.cell}" for word, far in lines)
    ends = " and ".join(str(far) for _, far in lines)
    return (
        f"it collects {words.plural(len(taken), 'card')}, {where}, because the card at the "
        f"other end, {ends}, is {name} too"
    )


_NEXT_TO = {(1, 0): "above", (-1, 0): "below", (0, 1): "left of", (0, -1): "right of"}


def _beside(game: Game, cell: Cell) -> str:
    """Where ``cell`` lies beside a card of the table, in words: "left of Zuzu"."""
    board = game.board
    (dr, dc), side = next((d, w) for d, w in _NEXT_TO.items()
                          if (cell[0] + d[0], cell[1] + d[1]) in board)  # fmt: skip
    return f"{side} {NAMES[board[(cell[0] + dr, cell[1] + dc)]]}"


def short_goal(step: Step) -> str:
    """The goal of a guided turn in a few words."""
    name, cell = NAMES[step.move.dweebie], step.move.cell
    return {
        "centre": f"place {name} in the centre, {cell}",
        "next": f"place {name} at {cell}, next to a card",
        "collect": f"collect with {name} at {cell}",
        "bridge": f"join the table again with {name} at {cell}",
    }[step.kind]


RULES = {
    "centre": "",
    "next": (
        "A card goes on an empty cell right above, below, left or right of a card on the "
        "table (corners do not count)."
    ),
    "collect": (
        "A line (a row or a column without gaps) is collected when the card you place is at "
        "one end and the card at the other end is the same Dweebie."
    ),
    "bridge": (
        "While the table is split, a card may go only on a shortest bridge between its "
        "groups; the card that joins them may collect as usual."
    ),
}
"""The rule behind each kind of guided turn, said with its goal to a screen reader."""

SECTIONS = {"centre": 5, "next": 5, "collect": 6, "bridge": 5}
"""The section of the rules page behind each kind of guided turn."""


def goal(game: Game, step: Step) -> str:
    """What a guided turn asks and why (written on the board), from the engine's answers
    about ``game`` now."""
    move = step.move
    name, cell = NAMES[move.dweebie], move.cell
    legal = sorted(game.legal_cells())
    if step.kind == "centre":
        where = (
            f"the only cell where a card may go is {legal[0]}, the centre"
            if len(legal) == 1
            else f"a card may go on {words.plural(len(legal), 'cell')}"
        )
        return f"The table is empty, so {where}. Pick {name} from your hand, then place it there."
    if step.kind == "next":
        return (
            f"A card goes right next to a card: the {len(legal)} cells that light up when you "
            f"pick a card. Place {name} at {cell}, {_beside(game, cell)}: "
            f"{_collects(game, move)}."
        )
    if step.kind == "collect":
        n = len(game.would_collect(cell).get(move.dweebie, frozenset()))
        best, _ = game.best_collection(game.hand(game.current_player))
        most = " No card in your hand can collect more." if best == n else ""
        return f"Collect! Place {name} at {cell}: {_collects(game, move)}.{most}"
    # "bridge": the table is split
    cells = ", ".join(map(str, legal))
    return (
        f"Yellow + = the shortest bridge between the {len(game.groups)} groups: {cells}. "
        f"{name} at {cell} joins them, and {_collects(game, move)}."
    )


def aim(game: Game, step: Step) -> str:
    """The goal of a guided turn in one short line (the status line's second), from the
    engine's answers about ``game`` now."""
    move = step.move
    name, cell = NAMES[move.dweebie], move.cell
    taken = game.would_collect(cell).get(move.dweebie, frozenset())
    if step.kind == "centre":
        (centre,) = sorted(game.legal_cells())
        return f"the table is empty, so the first card goes in the centre, {centre}."
    if step.kind == "next":
        return (
            f"a card goes next to a card, not at a corner: {name} {_beside(game, cell)}, {cell}."
        )
    if step.kind == "collect":
        ((word, far),) = _lines(taken, cell)
        return f"collect! {name} at {cell} ends a {word}; the other end, {far}, is a {name}."
    gain = words.plural(len(taken), "card")
    return f"{name} at {cell} joins the split table and collects {gain}."


def verdict(game: Game, placement: Placement) -> str:
    """What a guided turn's right move did, from the placement the game made (``game`` is
    the game after it)."""
    name, cell = NAMES[placement.move.dweebie], placement.move.cell
    n = placement.points
    if n == 0:
        alone = sum(1 for d in game.board.values() if d == placement.move.dweebie) == 1
        why = f": no other {name} was on the table" if alone else ""
        return f"Right! {name} is at {cell}. It collected nothing{why}."
    text = f"Right! You collected {words.plural(n, 'card')}: a match always collects."
    if game.is_split:
        text += f" It split the table: {len(game.groups)} groups."
    elif len(game.history) > 1 and game.after(len(game.history) - 1).is_split:
        text += " The table is joined again."
    return text


# ---------------------------------------------------------------------------- the mode
class TutorialMode(Mode):
    """The guided game's mode: the first turns guided by ``script``, then local play."""

    budget = 3
    """Three status lines, the newest news first: what just happened (the verdict on your
    move, a refusal, a hint), the goal of this turn, what to do."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.moves = script.moves()
        self.start: Position = script.game().start
        self.announced: int | None = None
        self.asked = ("", "")
        """The last refusal, and the move its guided turn asks for (said under it)."""

    # ------------------------------------------------------------------ where we are
    def played(self, game: Game) -> int | None:
        """How many scripted placements ``game`` has made (more: the game went on after
        them), or ``None`` when it left the script (another deal, another move)."""
        if game.start != self.start:
            return None
        moves = [a.move for a in game.history if isinstance(a, Placement)]
        n = min(len(moves), len(self.moves))
        return len(moves) if moves[:n] == self.moves[:n] else None

    def my_step(self, session: Session) -> int | None:
        """The guided turn waiting for the person at the screen, or ``None``."""
        played = self.played(session.game)
        if played is None or played >= len(self.moves) or played % 2:
            return None
        return played // 2 if session.human_turn() is not None else None

    def step_shown(self, session: Session) -> int | None:
        """The guided turn the status line is about: the one waiting for you, or the one
        Greedy is answering; ``None`` once the guided turns are over."""
        played = self.played(session.game)
        if played is None or played >= len(self.moves):
            return None
        return played // 2

    # ------------------------------------------------------------------ the status
    def news(self, session: Session) -> str:
        """What just happened, in one line: a message (a refusal, a hint), the card just
        picked, else the verdict on your last guided move (Greedy's answer is the newest
        line of the move log, and marked on the table)."""
        if session.message:
            return session.message
        game = session.game
        mine = self.my_step(session)
        dweebie = session.picked_dweebie()
        if mine is not None and dweebie is not None:
            want = self.script.steps[mine].move
            if dweebie == want.dweebie:
                return f"You picked {NAMES[dweebie]}: it goes on the outlined cell, {want.cell}."
            return f"You picked {NAMES[dweebie]}, but this turn asks for {NAMES[want.dweebie]}."
        played = self.played(game)
        if played == 0:
            n = len(self.script.steps)
            return f"Your first game of Dweebies, against Greedy: {n} guided turns."
        if played is None or played > len(self.moves) + 1:
            return ""
        done = [a for a in game.history if isinstance(a, Placement)]
        last = played - 1 if played % 2 else played - 2  # your last guided placement
        return verdict(game.after(self._index(game, last) + 1), done[last])

    @staticmethod
    def _index(game: Game, nth: int) -> int:
        """Where the ``nth`` placement stands in the game's history."""
        return [i for i, a in enumerate(game.history) if isinstance(a, Placement)][nth]

    def todo(self, session: Session, play: str) -> str:
        """What to do now: after a refusal, the move this turn asks for; the guided turn's
        card to pick; or play's own line ``play``."""
        mine = self.my_step(session)
        if mine is None:
            return play
        if session.message and self.asked[0] == session.message:
            return self.asked[1]
        want = NAMES[self.script.steps[mine].move.dweebie]
        dweebie = session.picked_dweebie()
        if dweebie is None:
            return f"Pick {want} from your hand: it is outlined."
        if NAMES[dweebie] != want:
            return f"Pick {want} instead: it is outlined in your hand."
        return play

    def status(self, session: Session, lines: list[str]) -> list[str]:
        """Three lines, the newest news first: what just happened, the goal of this guided
        turn (or the hand-over, or play's news), what to do."""
        game = session.game
        news = [t for t in (self.news(session),) if t]
        shown = self.step_shown(session)
        if shown is not None:
            if self.played(game) != 2 * shown:  # Greedy answers: the turn as it was asked
                game = game.after(self._index(game, 2 * shown))
            step = self.script.steps[shown]
            aims = [f"Guided turn {shown + 1} of {len(self.script.steps)}: {aim(game, step)}"]
        elif self.played(game) in (len(self.moves), len(self.moves) + 1):
            aims = [HANDOVER]
        else:  # free play: play's news (what Greedy did, the split table...), then what to do
            aims = [t for t in lines[1:] if t not in (*news, session.detail)]
            if game.is_over:  # the result is the newest news
                return [lines[0], *news, *aims][: self.budget]
        return [*news, *aims][: self.budget - 1] + [self.todo(session, lines[0])]

    def hint(self, session: Session) -> Move | None:
        """In a guided turn: pick its card and say where it goes; else the play hint."""
        mine = self.my_step(session)
        if mine is None:
            return session.hints.suggest()
        move = self.script.steps[mine].move
        session.selected = session.hand().index(move.dweebie)
        session.table.disarm()
        session.tell(f"Hint: place {NAMES[move.dweebie]} at {move.cell}; it is picked for you.")
        session.redraw()
        return move

    def place(self, session: Session, cell: Cell) -> Placement | None:
        mine = self.my_step(session)
        dweebie = session.picked_dweebie()
        if mine is None or dweebie is None:
            return super().place(session, cell)
        want = self.script.steps[mine].move
        move = Move(dweebie, cell)
        if move == want:
            return super().place(session, cell)
        instead = f"This turn asks for {NAMES[want.dweebie]} at {want.cell}: both are outlined."
        try:  # the game's answer, without playing: where it may go, what it would collect
            taken = session.game.would_collect(cell).get(move.dweebie, frozenset())
        except IllegalMoveError as error:
            said, detail = words.explain(error)
        else:
            gain = f"collect {words.plural(len(taken), 'card')}" if taken else "collect nothing"
            said, detail = f"{NAMES[move.dweebie]} may go at {cell}, and would {gain} there.", ""
        self.asked = (said, instead)
        session.tell(said, detail)
        session.table.disarm()
        session.pulse_on(cell, "lit")
        return None

    def after_move(self, session: Session, placement: Placement, note: str = "") -> None:
        played = self.played(session.game)
        n = len(self.moves)
        if placement.seat == YOU and played is not None and played % 2 == 1 and played <= n:
            session.say(words.move_text(placement, session.labels) + ".")
            said = verdict(session.game, placement)
            session.say(f"{said} {HANDOVER}" if played == n else said)
        super().after_move(session, placement, note)

    def ai_move(self, session: Session) -> None:
        played = self.played(session.game)
        if played is None or played >= len(self.moves) or played % 2 == 0:
            super().ai_move(session)  # Greedy on its own
            return
        self.after_move(session, session.game.play(self.moves[played]))

    def advance(self, session: Session) -> None:
        super().advance(session)
        mine = self.my_step(session)
        if mine is not None and mine != self.announced:
            step = self.script.steps[mine]
            n = len(self.script.steps)
            session.say(
                f"Guided turn {mine + 1} of {n}: {goal(session.game, step)} {RULES[step.kind]}"
            )
        self.announced = mine

    def scene(self, session: Session) -> Scene:
        scene = session.play_scene()
        mine = self.my_step(session)
        hand = list(scene.hand)
        if mine is None or session.handover is not None:
            return scene
        want = self.script.steps[mine].move
        if want.dweebie not in hand:
            return scene
        # The guided move is marked as a hint is: its card and its cell outlined.
        return replace(scene, hint=(hand.index(want.dweebie), want.cell))


class Tutorial(Session):
    """The guided first game (see the module docstring): a session in a
    :class:`TutorialMode`.

    Args:
        script: the guided game (default :data:`FIRST_GAME`).
        seed: seeds Greedy once it plays on its own.
        hint_player: whose ``analyze`` gives hints in free play (default Greedy; a guided
            turn's hint is its own move).
        options: as for :class:`~dweebies_widget.widget.session.Session` (``scheduler``,
            ``ai_delay``, ``flash``, ``width``...); the seats, the rules and the deal are the
            script's.
    """

    def __init__(
        self,
        seats: Sequence[Any] | None = None,
        *,
        script: Script = FIRST_GAME,
        seed: int = 0,
        rules: Any = None,
        game: Game | None = None,
        hint_player: Player | None = None,
        **options: Any,
    ) -> None:
        if seats is not None or rules is not None or game is not None:
            raise ValueError("the guided game brings its own seats, rules and deal")
        self.guide = TutorialMode(script)
        """The guided game's mode (its script, where the game is in it)."""
        super().__init__(
            ["You", GreedyPlayer()], game=script.game(), seed=seed,
            hint_player=hint_player or GreedyPlayer(), mode=self.guide, **options,
        )  # fmt: skip

    @property
    def script(self) -> Script:
        """The guided game."""
        return self.guide.script

    @property
    def guided(self) -> bool:
        """Whether the game is still in its guided turns."""
        played = self.guide.played(self.game)
        return played is not None and played < len(self.guide.moves)

    @property
    def turn(self) -> int | None:
        """The guided turn being played or just played (0 is the first), or ``None`` once
        the game is free."""
        played = self.guide.played(self.game)
        if played is None or played >= len(self.guide.moves):
            return None
        return played // 2

    @property
    def rule_number(self) -> int | None:
        """The section of the rules behind the last refusal, else behind the guided turn
        shown; ``None`` in free play without a refusal."""
        found = re.match(r"Rules section (\d+)", self.detail)
        if found:
            return int(found.group(1))
        shown = self.guide.step_shown(self)
        return None if shown is None else SECTIONS[self.script.steps[shown].kind]
