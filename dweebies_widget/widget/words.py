"""What the widget tells the players, in words: the status line, refusals, results, the log.

Pure functions of the game and of what the screen shows (whose hand is shown, whom the
screen is being passed to, which AI is thinking, the picked card), so that each sentence has
one home and can be read and checked without a screen.  Nothing here decides a rule: who is
to play, what is legal and who won are the :class:`~dweebies_widget.game.Game`'s answers.
A refused move is told in the words of the lessons (:func:`explain`), from the reason the
game gives with its error; the game's own message stays exact, for those who read code.

Every sentence that puts a seat's name before a verb or a noun is built with
:mod:`dweebies_widget.grammar`, so that the seat called "You" reads right ("You win with 29
cards", "Your hand", "It is your turn") and every other name takes the third person.

The same word for the same idea everywhere: a *cell* of the table, a *lit* cell (where the
picked card may go), to *pick* a card, to *place* it, to *collect* a line, the *pile*.
``verb`` is ``"click"`` or ``"tap"``, as the player last pointed.

>>> from dweebies_widget import Game
>>> game = Game(2, seed=7)
>>> status_lines(game, ("Ana", "Ben"), (None, None), viewer=0)
['Ana to play: pick a card from your hand.']
>>> refusal(game, ("Ana", "Ben"), (None, None), viewer=1)
"It is Ana's turn: pass the screen to them."
>>> status_lines(game, ("You", "Ben"), (None, None), viewer=0)
['Your turn: pick a card from your hand.']
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .. import grammar
from ..ai import MoveReview, Player, Review
from ..cards import NAMES
from ..errors import IllegalMoveError
from ..game import Action, Game, Move, Placement
from ..grammar import clause, is_you, possessive, subject, them
from ..grid import Cell
from .remote import Elsewhere

__all__ = [
    "AGAIN", "banner", "curtain", "describe", "explain", "fit_lines", "gain_text", "heat_title",
    "hindsight_line", "holds_lines", "holds_note", "holds_title", "judged_text", "log_entries",
    "move_news", "move_text", "names_text", "position_lines", "possessive", "refusal",
    "result_text", "result_title", "review_heading", "review_state", "review_summary",
    "status_lines", "thinking_text", "to_play", "value_text",
]  # fmt: skip


AGAIN = "Press Review to look back over every move, or New game to play again."
"""What to do once the game is over (at a remote table, the lobby deals: see
:data:`~.remote.AGAIN`)."""


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, plural when ``n`` is not 1.

    >>> plural(1, "card"), plural(3, "card")
    ('1 card', '3 cards')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def names_text(names: Sequence[str], *, start: bool = True) -> str:
    """Names as the subject of one sentence, "you" first ("You and Ana", "Ana, Ben and Cy";
    "you and Ana" inside a sentence, ``start=False``).

    >>> names_text(["Ana", "You"]), names_text(["Ana", "Ben", "Cy"]), names_text(["Ana"])
    ('You and Ana', 'Ana, Ben and Cy', 'Ana')
    >>> names_text(["Ana", "You"], start=False)
    'you and Ana'
    """
    ordered = sorted(names, key=lambda n: not is_you(n))  # a stable sort: you first
    said = [subject(n, start=start and i == 0) for i, n in enumerate(ordered)]
    if len(said) < 2:
        return "".join(said)
    return f"{', '.join(said[:-1])} and {said[-1]}"


def to_play(name: str, *, start: bool = True) -> str:
    """Whose turn it is, in a few words: "Ana to play", and for the seat called "You" "Your
    turn" ("your turn" inside a sentence).

    >>> to_play("Ana"), to_play("You"), to_play("You", start=False)
    ('Ana to play', 'Your turn', 'your turn')
    """
    return f"{possessive(name, start=start)} turn" if is_you(name) else f"{name} to play"


def thinking_text(name: str) -> str:
    """That the seat ``name`` (a computer) is choosing its move.

    >>> thinking_text("Greedy"), thinking_text("You")
    ('Greedy is thinking\u2026', 'You are thinking\u2026')
    """
    return f"{clause(name, 'is')} thinking\u2026"


def move_text(placement: Placement, labels: Sequence[str]) -> str:
    """One placement in plain words (no card ids, no drawing: what the table shows).

    >>> from dweebies_widget.game import Move
    >>> turn = Placement(1, Move(12, (1, 2)), (((1, 1), 12), ((1, 2), 12)), True)
    >>> move_text(turn, ["Ana", "Ben"]), move_text(turn, ["Ana", "You"])
    ('Ben placed Mumbo at (1, 2) and collected 2 cards', 'You placed Mumbo at (1, 2) and \
collected 2 cards')
    """
    who = subject(labels[placement.seat])
    text = f"{who} placed {NAMES[placement.move.dweebie]} at {placement.move.cell}"
    if placement.taken:
        text += f" and collected {plural(len(placement.taken), 'card')}"
    return text


def gain_text(placement: Placement, labels: Sequence[str]) -> str:
    """What a collection adds to its collector's score ("+2 for Ana"), or ``""``.

    >>> from dweebies_widget.game import Move
    >>> turn = Placement(1, Move(12, (1, 2)), (((1, 1), 12), ((1, 2), 12)), True)
    >>> gain_text(turn, ["Ana", "Ben"]), gain_text(turn, ["Ana", "You"])
    ('+2 for Ben', '+2 for you')
    """
    if not placement.taken:
        return ""
    return f"+{len(placement.taken)} for {them(labels[placement.seat])}"


def move_news(placement: Placement, labels: Sequence[str]) -> str:
    """A placement as announced: :func:`move_text`, then the collection's :func:`gain_text`.

    >>> from dweebies_widget.game import Move
    >>> turn = Placement(0, Move(12, (0, 2)), (((0, 1), 12), ((0, 2), 12)), True)
    >>> move_news(turn, ["Ana", "Ben"])
    'Ana placed Mumbo at (0, 2) and collected 2 cards: +2 for Ana.'
    >>> move_news(Placement(0, Move(12, (0, 2)), (), True), ["You", "Ben"])
    'You placed Mumbo at (0, 2).'
    """
    gain = gain_text(placement, labels)
    return move_text(placement, labels) + (f": {gain}." if gain else ".")


def action_text(action: Action, labels: Sequence[str]) -> str:
    """A placement (:func:`move_text`) or an owed draw, in plain words."""
    if isinstance(action, Placement):
        return move_text(action, labels)
    return action.describe(labels)


def result_text(game: Game, labels: Sequence[str]) -> str:
    """Who won, with how many cards (meaningful once the game is over).

    >>> from dweebies_widget import Game
    >>> game = Game.from_position({}, hands=[[], [], []], pile=[], scores=[20, 9, 20])
    >>> result_text(game, ["Ana", "Ben", "You"]), result_text(game, ["You", "Ben", "Cy"])
    ('You and Ana tie with 20 cards each.', 'You and Cy tie with 20 cards each.')
    >>> result_text(game, ["Ana", "You", "Cy"])
    'Ana and Cy tie with 20 cards each.'
    """
    winners = game.winners
    best = game.scores[winners[0]] if winners else 0
    names = [labels[s] for s in winners]
    if len(names) == 1:
        return f"{clause(names[0], 'wins')} with {plural(best, 'card')}."
    return f"{names_text(names)} tie with {best} cards each."


def result_title(game: Game, labels: Sequence[str], me: int | None = None) -> str:
    """The result in a few words, from ``me``'s side when one person plays against the
    computer ("You lost 2-41"), else by name ("Ana won 41-2"); the scores are the winner's
    (or yours) and the best of the others'.

    >>> from dweebies_widget import Game
    >>> game = Game.from_position({}, hands=[[], []], pile=[], scores=[2, 41])
    >>> result_title(game, ["Ana", "Greedy"], me=0), result_title(game, ["Ana", "Greedy"])
    ('You lost 2-41', 'Greedy won 41-2')
    """
    scores, winners = game.scores, game.winners
    best = scores[winners[0]] if winners else 0

    def others(seat: int) -> int:
        return max((v for s, v in enumerate(scores) if s != seat), default=0)

    if me is not None:
        if me not in winners:
            return f"You lost {scores[me]}-{best}"
        if len(winners) > 1:
            return f"You tied {best}-{best}"
        return f"You won {best}-{others(me)}"
    if len(winners) == 1:
        return f"{subject(labels[winners[0]])} won {best}-{others(winners[0])}"
    return f"{names_text([labels[s] for s in winners])} tied {best}-{best}"


def banner(
    game: Game, labels: Sequence[str], me: int | None = None, again: str = AGAIN
) -> tuple[str, ...]:
    """The end-of-game banner: the result, every seat's score (best first), why cards are
    left on the table, and what to do next (``again``).

    >>> from dweebies_widget import Game
    >>> game = Game.from_position({(0, 0): 3}, hands=[[], []], pile=[], scores=[2, 41])
    >>> for line in banner(game, ["Ana", "Greedy"], me=0): print(line)
    You lost 2-41
    Greedy 41, Ana 2
    1 card is left on the table: cards on the table belong to nobody, only collected cards count.
    Press Review to look back over every move, or New game to play again.
    """
    order = sorted(range(game.players), key=lambda s: (-game.scores[s], s))
    left = len(game.board)
    if left:
        why = (
            f"{plural(left, 'card')} {'is' if left == 1 else 'are'} left on the table: cards on "
            "the table belong to nobody, only collected cards count."
        )
    else:
        why = "No cards are left on the table."
    return (
        result_title(game, labels, me),
        ", ".join(f"{labels[s]} {game.scores[s]}" for s in order),
        why,
        again,
    )


def log_entries(game: Game, labels: Sequence[str], again: str = AGAIN) -> list[str]:
    """The move log, **newest first**: the result once the game is over (and what to do
    next, ``again``), then every action of the game in words, numbered from the first.

    >>> from dweebies_widget import Game
    >>> game = Game(2, seed=7)
    >>> _ = game.play(game.hand(0)[0], (0, 0))
    >>> log_entries(game, ["Ana", "Ben"])
    ['1. Ana placed Aroo at (0, 0) and drew a card']
    """
    items = [f"{i}. {a.describe(labels)}" for i, a in enumerate(game.history, 1)]
    items.reverse()
    if game.is_over:
        items.insert(0, f"Game over: {result_text(game, labels)} {again}")
    return items


def curtain(label: str, verb: str = "click") -> str:
    """What covers the hand while the screen is passed to ``label`` (hot seat).

    >>> curtain("Ana"), curtain("You", "tap")
    ('Pass to Ana \u2014 click when ready', 'Pass to you \u2014 tap when ready')
    """
    return f"Pass to {them(label)} \u2014 {verb} when ready"


def refusal(
    game: Game,
    labels: Sequence[str],
    players: Sequence[Player | None],
    *,
    viewer: int | None,
    handover: int | None = None,
    thinking: int | None = None,
    verb: str = "click",
    again: str = AGAIN,
) -> str | None:
    """Why the person at this screen (``viewer``) cannot pick or place now, or ``None``
    when they can; ``again`` says what to do once the game is over.

    >>> from dweebies_widget import Game
    >>> game = Game(2, seed=7)
    >>> refusal(game, ["You", "Ben"], [None, None], viewer=0, thinking=0)
    'Please wait: you are thinking.'
    >>> refusal(game, ["You", "Ben"], [None, None], viewer=1)
    'It is your turn: take the screen.'
    """
    if game.is_over:
        return f"The game is over: {result_text(game, labels)} {again}"
    if thinking is not None:
        return f"Please wait: {clause(labels[thinking], 'is', start=False)} thinking."
    if handover is not None:
        return curtain(labels[handover], verb) + "."
    seat = game.current_player
    whose = possessive(labels[seat], start=False)
    if players[seat] is not None:
        if any(p is None for p in players):
            return f"It is {whose} turn, not yours."
        return f"It is {whose} turn: press Step or Play."
    if seat != viewer:
        give = "take the screen" if is_you(labels[seat]) else "pass the screen to them"
        return f"It is {whose} turn: {give}."
    return None


_EXPLAIN = {
    "occupied": "That cell already holds a card: a card goes on an empty cell. Try a lit cell.",
    "not-adjacent": (
        "That cell doesn't touch a card (above, below, left or right). Try a lit cell."
    ),
    "empty-table": "The table is empty, so the first card goes in the centre. Try the lit cell.",
    "not-on-link": "The table is split: a card must go on a shortest bridge. Try a lit cell.",
    "not-in-hand": "That card is not in your hand.",
    "auto-draw": "Cards are drawn for you in this game: there is nothing to draw by hand.",
    "not-owed": "You don't owe a draw right now.",
    "pile-empty": "The draw pile is empty, so owed draws can no longer be taken.",
}
_SECTION = re.compile(r"^(Rules section \d+ \([^)]*\))")


def explain(error: IllegalMoveError) -> tuple[str, str]:
    """A refused action in the lessons' words, and the rule it comes from as a detail for
    those who want it (the start of the game's own message, e.g. ``"Rules section 5 (where
    a card may go)"``).  An error without plain words keeps the game's message.

    >>> from dweebies_widget import Game
    >>> game = Game(2, seed=7)
    >>> try:
    ...     game.play(game.hand(0)[0], (3, 3))
    ... except IllegalMoveError as error:
    ...     explain(error)
    ('The table is empty, so the first card goes in the centre. Try the lit cell.', \
'Rules section 5 (where a card may go)')
    """
    message = str(error)
    found = _SECTION.match(message)
    detail = found.group(1) if found else ""
    if error.reason == "over":
        return "The game is over: press New game to play again.", detail
    return _EXPLAIN.get(error.reason, message), detail if error.reason in _EXPLAIN else ""


def status_lines(
    game: Game,
    labels: Sequence[str],
    players: Sequence[Player | None],
    *,
    viewer: int | None,
    handover: int | None = None,
    thinking: int | None = None,
    picked: int | None = None,
    message: str = "",
    others: Sequence[str] = (),
    armed: tuple[Cell, int] | None = None,
    detail: str = "",
    me: int | None = None,
    verb: str = "click",
) -> list[str]:
    """The status line: what to do now (or who won) first, then what the other seats did
    since this screen's last move (``others``), the split table and an owed draw when they
    apply, then ``message`` and its ``detail``.  ``picked`` is the picked Dweebie, if any;
    ``armed`` the cell a first tap chose and how many cards placing there would collect."""
    lines: list[str] = []
    if game.is_over:
        lines.append(f"Game over: {result_title(game, labels, me)}. {result_text(game, labels)}")
    elif handover is not None:
        lines.append(curtain(labels[handover], verb) + ".")
    elif thinking is not None:
        lines.append(thinking_text(labels[thinking]))
    else:
        seat = game.current_player
        name = labels[seat]
        who = to_play(name) if is_you(name) else name  # "Ana: place ...", "Your turn: place ..."
        if isinstance(players[seat], Elsewhere):
            lines.append(f"Waiting for {them(name)} to play.")
        elif players[seat] is not None:
            lines.append(f"{to_play(name)}: press Step or Play.")
        elif picked is not None and armed is not None:
            cell, n = armed
            gain = f"it collects {plural(n, 'card')}" if n else "it collects nothing"
            lines.append(f"{who}: tap again to place {NAMES[picked]} at {cell} ({gain}).")
        elif picked is not None:
            n = len(game.legal_cells())
            lines.append(
                f"{who}: place {NAMES[picked]} on a lit cell "
                f"({n} place{'s' if n != 1 else ''} allowed)."
            )
        else:
            lines.append(f"{to_play(name)}: pick a card from your hand.")
    if others:
        lines.append(". ".join(others) + ".")
    if game.is_split and not game.is_over:
        k, cost = len(game.groups), game.bridge_cost
        lines.append(f"Split into {k} groups (bridge cost {cost}): {game.rules.split_collecting}.")
    if viewer is not None and game.may_draw(viewer):
        owed = game.owed_draws(viewer)
        lines.append(
            f"{clause(labels[viewer], 'owes')} {plural(owed, 'draw')}: "
            f"press Draw to take {'it' if owed == 1 else 'one'} (rules section 8)."
        )
    if message:
        lines.append(message)
    if detail:
        lines.append(detail)
    return lines


def fit_lines(lines: Sequence[str], budget: int, *, tail: int = 0) -> list[str]:
    """At most ``budget`` of ``lines``: the first ones, and the ``tail`` last ones (the last
    message and its detail) always; lines in between are left out when they do not fit.

    >>> fit_lines(["do", "a", "b", "c", "said", "why"], 4, tail=2)
    ['do', 'a', 'said', 'why']
    >>> fit_lines(["do", "said"], 4, tail=1)
    ['do', 'said']
    """
    if len(lines) <= budget:
        return list(lines)
    tail = min(tail, budget - 1)
    return list(lines[: budget - tail]) + (list(lines[len(lines) - tail :]) if tail else [])


def value_text(value: float) -> str:
    """A hint player's value: a win chance when it is a probability."""
    return f"{round(100 * value)}% win chance" if 0 <= value <= 1 else f"value {value:.2f}"


def heat_title(who: str, player: str, chances: bool) -> str:
    """What the heat map shows: ``who``'s chance to win as ``player`` sees it, or (for a
    player whose values are not chances) how good each lit cell is.

    >>> heat_title("Ana", "Expert (300 sims)", True)
    "Ana's chance to win, as the Expert (300 sims) sees it"
    >>> heat_title("Ana", "Greedy", False)
    'How good each lit cell is for Ana, as Greedy sees it'
    >>> heat_title("You", "Expert (300 sims)", True)
    'Your chance to win, as the Expert (300 sims) sees it'
    """
    the = "the " if player.startswith("Expert") else ""
    if chances:
        return f"{possessive(who)} chance to win, as {the}{player} sees it"
    return f"How good each lit cell is for {them(who)}, as {the}{player} sees it"


def table_rows(board: Mapping[Cell, int]) -> list[str]:
    """The table row by row, top to bottom, each card with its cell and name.

    >>> table_rows({(0, 0): 9, (0, 2): 4, (-1, 0): 25})
    ['Row -1: (-1, 0) Zuzu.', 'Row 0: (0, 0) Jibber, (0, 2) Eeko.']
    """
    rows: dict[int, list[str]] = {}
    for (r, c), d in sorted(board.items()):
        rows.setdefault(r, []).append(f"({r}, {c}) {NAMES[d]}")
    return [f"Row {r}: {', '.join(cards)}." for r, cards in rows.items()]


def position_lines(game: Game, labels: Sequence[str]) -> list[str]:
    """The position in words: the scores, the hands' and the pile's sizes, the last move,
    and the table row by row."""
    n = game.players
    scores = ", ".join(f"{labels[s]} {game.scores[s]}" for s in range(n))
    hands = ", ".join(f"{labels[s]} {plural(len(game.hand(s)), 'card')}" for s in range(n))
    pile = plural(game.pile_size, "card")
    lines = [f"Scores: {scores}. Cards in hand: {hands}. Draw pile: {pile}."]
    last = game.last_placement
    if last is not None:
        lines.append(f"Last move: {move_text(last, labels)}.")
    board = game.board
    if board:
        rows = [r for r, _ in board]
        cols = [c for _, c in board]
        lines.append(
            f"Table: {plural(len(board), 'card')}, rows {min(rows)} to {max(rows)}, "
            f"columns {min(cols)} to {max(cols)}."
        )
        lines += table_rows(board)
    return lines


def describe(
    game: Game,
    labels: Sequence[str],
    *,
    status: Sequence[str],
    hand: Sequence[int],
    hand_owner: str,
    covered: bool,
    picked: int | None,
    lit: Mapping[Cell, int],
    cursor: Cell | None,
    keys: str | None = None,
) -> str:
    """A text alternative of the whole picture, for a screen reader: what to do now (the
    ``status`` lines), the scores, what the last move did, the table row by row, the hand
    shown (unless ``covered``), and where the picked card may go (``lit``: each cell with
    how many cards placing there collects); last, the keys (``keys``, by default the keys
    of play while the game goes on)."""
    lines = list(status) + position_lines(game, labels)
    board = game.board
    if not board:
        lines.append("Table: empty. The first card goes in the centre, (0, 0).")
    if game.is_split and not game.is_over:
        lines.append(
            f"The table is split into {len(game.groups)} groups. Cells on a shortest bridge: "
            + ", ".join(map(str, sorted(game.link_cells)))
            + "."
        )
    if covered:
        lines.append("The hand is covered until the next player is at the screen.")
    elif hand_owner:
        cards = ", ".join(f"{i + 1} {NAMES[d]}" for i, d in enumerate(hand))
        lines.append(f"{possessive(hand_owner)} hand: {cards or 'no cards'}.")
    if picked is not None and picked < len(hand):
        spots = ", ".join(
            f"{cell}" + (f" collects {plural(k, 'card')}" if k else "")
            for cell, k in sorted(lit.items())
        )
        lines.append(
            f"Picked: {NAMES[hand[picked]]}. It may go on {plural(len(lit), 'lit cell')}: {spots}."
        )
    if cursor is not None:
        what = NAMES[board[cursor]] if cursor in board else "empty"
        lines.append(f"Cursor: {cursor}, {what}.")
    if keys is None and not game.is_over:
        keys = (
            "Keys on the board: 1 to 9 pick a card, the arrows move the cursor, Enter places "
            "the picked card there, Escape drops it, + and - zoom."
        )
    if keys:
        lines.append(keys)
    return "\n".join(lines)


# ---------------------------------------------------------------------------- looking back
REVIEW_KEYS = (
    "Keys on the board: the left and right arrows step back and forward one move, Home and "
    "End go to the start and the end, + and - zoom."
)


def _percent(chance: float) -> str:
    return f"{round(100 * chance)} %"


def _move(move: Move) -> str:
    return f"{NAMES[move.dweebie]} at {move.cell}"


def judged_text(judged: MoveReview, labels: Sequence[str]) -> str:
    """A judged move for a student, with one number: the mover's chance to win after it,
    judged from what the mover could see then (what hindsight says is
    :func:`hindsight_line`'s, apart).

    >>> from dweebies_widget.ai import MoveReview
    >>> def judged(played, best=Move(9, (1, -1)), options=9):
    ...     return MoveReview(0, 1, played, best, 0.41, 0.63, (0.59, 0.41), options, played,
    ...                       0.41, 0.41)
    >>> judged_text(judged(Move(12, (0, 2))), ["Ana", "Ben"])
    "Ben played Mumbo at (0, 2), a blunder; best was Jibber at (1, -1). Ben's chance to win \
after it: 41 %"
    >>> judged_text(judged(Move(9, (1, -1))), ["Ana", "You"])
    'You played Jibber at (1, -1), the best move. Your chance to win after it: 41 %'
    >>> judged_text(judged(Move(12, (0, 2)), Move(12, (0, 2)), options=1), ["Ana", "You"])
    'You played Mumbo at (0, 2), the only move. Your chance to win after it: 41 %'
    """
    name = labels[judged.seat]
    text = f"{subject(name)} played {_move(judged.played)}, {judged.label_text}"
    if judged.played != judged.best:
        text += f"; best was {_move(judged.best)}"
    return f"{text}. {possessive(name)} chance to win after it: {_percent(judged.chance_played)}"


def review_heading(
    game: Game,
    labels: Sequence[str],
    step: int,
    placement: Placement | None,
    judged: MoveReview | None,
) -> str:
    """The first line when looking back at ``step`` of ``game`` (the whole game): the move
    about to be played from the table shown, judged if the review has judged it (with one
    number, :func:`judged_text`), or the end.

    >>> from dweebies_widget import Game
    >>> game = Game(2, seed=7)
    >>> turn = game.play(game.hand(0)[0], (0, 0))
    >>> review_heading(game, ["Ana", "Ben"], 0, turn, None)
    'Move 1 of 1: Ana placed Aroo at (0, 0).'
    >>> review_heading(game, ["Ana", "Ben"], 1, None, None)
    'After move 1 the game goes on: Ben to play.'
    >>> review_heading(game, ["Ana", "You"], 1, None, None)
    'After move 1 the game goes on: your turn.'
    """
    moves = sum(isinstance(a, Placement) for a in game.history)
    if placement is None:
        if game.is_over:
            return f"The end, after move {moves}: {result_text(game, labels)}"
        turn = to_play(labels[game.current_player], start=False)
        return f"After move {moves} the game goes on: {turn}."
    text = judged_text(judged, labels) if judged is not None else move_text(placement, labels)
    return f"Move {step + 1} of {moves}: {text}."


def hindsight_line(judged: MoveReview, labels: Sequence[str], me: int | None) -> str:
    """Hindsight, kept apart from the fair judgement (for a "More" toggle or the teacher):
    what the best move was had the mover seen every hidden card (``me``: the seat called
    "you", whatever its label).

    >>> from dweebies_widget.ai import MoveReview
    >>> good = MoveReview(0, 0, Move(12, (0, 2)), Move(12, (0, 2)), 0.5, 0.5, (0.5, 0.5), 9,
    ...                   Move(9, (1, -1)), 0.2, 0.6)
    >>> hindsight_line(good, ["Ana", "Ben"], me=0)  # doctest: +ELLIPSIS
    'Had you seen every card: Your Mumbo at (0, 2) was the best move from what you could see, \
but the hidden cards punished it: ...'
    >>> hindsight_line(good, ["Ana", "Ben"], me=None)  # doctest: +ELLIPSIS
    "Had Ana seen every card: Ana's Mumbo at (0, 2) was the best move from what Ana could see, ..."
    """
    names = [grammar.YOU if s == me else label for s, label in enumerate(labels)]
    who = subject(names[judged.seat], start=False)
    verdict = judged.describe_hindsight(names)
    if verdict is not None:
        return f"Had {who} seen every card: {verdict}"
    best, chance = judged.hindsight_best, _percent(judged.hindsight_chance_best)
    if best == judged.played:
        text = f"the move played was the best too ({chance})."
    elif best == judged.best:
        text = f"{_move(best)} was the best too ({chance})."
    else:
        text = (
            f"{_move(best)} would have been best ({chance} against "
            f"{_percent(judged.hindsight_chance_played)})."
        )
    return f"Had {who} seen every card: {text}"


def review_state(
    analyst: str, rounds: int, *, progress: tuple[int, int] | None, done: bool, failure: str
) -> str:
    """Where the review is: not asked for, running (how far), failed, or done (how it
    judged)."""
    if failure:
        return f"The review failed: {failure}"
    if progress is not None:
        n, total = progress
        return (
            f"Reviewing every move with the {analyst} ({rounds} rounds a move), away from the "
            f"table: {n} of {total} done. You can step through the game meanwhile."
        )
    if done:
        return (
            f"Each move is judged from what its player could see then, by the {analyst} "
            f"({rounds} rounds a move); the percentage is that player's chance to win after it."
        )
    return "Press Review to have every move judged (it takes a little while)."


def review_summary(review: Review, labels: Sequence[str]) -> str:
    """The review in one sentence: each seat's mistakes and blunders.

    >>> from dweebies_widget.ai import Review
    >>> review_summary(Review((), 2, ("Ana", "Ben"), True, 0, 30), ["Ana", "Ben"])
    'Review done. Ana: no mistakes; Ben: no mistakes.'
    """
    parts = []
    for seat in range(review.players):
        counts = review.counts(seat)
        bad = [plural(counts[k], k) for k in ("mistake", "blunder") if counts[k]]
        parts.append(f"{labels[seat]}: {' and '.join(bad) if bad else 'no mistakes'}")
    return f"Review done. {'; '.join(parts)}."


def holds_title(who: str, when: str) -> str:
    """The title of "What do they hold?": whose guesses (``who``: a seat's name, "you" for the
    person at the screen), and when.

    >>> holds_title("you", "before move 3")
    'What do they hold? Your guesses from what you could see, before move 3'
    >>> holds_title("Ana", "at the end")
    "What do they hold? Ana's guesses from what Ana could see, at the end"
    """
    whose, seer = possessive(who), subject(who, start=False)
    return f"What do they hold? {whose} guesses from what {seer} could see, {when}"


def holds_note(truth: bool) -> str:
    """How to read the bars."""
    if truth:
        return "Bars: expected copies in each hand. Black squares: the cards really held."
    return "Bars: expected copies in each hand. The real hands are shown once the game is over."


def holds_lines(
    labels: Sequence[str], seats: Sequence[tuple[int, int, Sequence[tuple[int, float, int | None]]]]
) -> list[str]:
    """The bars in words: per seat ``(seat, cards, rows)`` with rows ``(dweebie, expected,
    held)``, the likeliest Dweebies and, when known, what was really held.

    >>> holds_lines(["Ana", "Ben"], [(1, 2, [(3, 0.6, 1), (5, 0.4, 0), (7, 0.2, 1)])])
    ['Ben (2 cards) probably holds Doozy 0.6, Fizzwig 0.4, Hoopla 0.2 (expected copies); \
really held: Doozy, Hoopla.']
    >>> holds_lines(["Ana", "You"], [(1, 0, [])])
    ['You (0 cards) hold no cards.']
    """
    lines = []
    for seat, cards, rows in seats:
        name = labels[seat]
        likely = ", ".join(f"{NAMES[d]} {e:.1f}" for d, e, _ in rows[:5])
        holds = grammar.verb(name, "holds")
        text = f"{subject(name)} ({plural(cards, 'card')}) "
        text += f"probably {holds} {likely} (expected copies)" if rows else f"{holds} no cards"
        if rows and rows[0][2] is not None:
            held = [NAMES[d] for d, _, h in rows for _ in range(h or 0)]
            text += f"; really held: {', '.join(held) or 'nothing'}"
        lines.append(text + ".")
    return lines
