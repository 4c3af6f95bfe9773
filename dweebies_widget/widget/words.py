"""What the widget tells the players, in words: the status line, refusals, results, the log.

Pure functions of the game and of what the screen shows (whose hand is shown, whom the
screen is being passed to, which AI is thinking, the picked card), so that each sentence has
one home and can be read and checked without a screen.  Nothing here decides a rule: who is
to play, what is legal and who won are the :class:`~dweebies_widget.game.Game`'s answers,
and a refused placement is told with the game's own error message.

>>> from dweebies_widget import Game
>>> game = Game(2, seed=7)
>>> status_lines(game, ("Ana", "Ben"), (None, None), viewer=0)
['Ana to play: pick a card from your hand.']
>>> refusal(game, ("Ana", "Ben"), (None, None), viewer=1)
"It is Ana's turn: pass the screen to them."
"""

from __future__ import annotations

from collections.abc import Sequence

from ..ai import Player
from ..cards import NAMES
from ..game import Game

__all__ = ["curtain", "log_entries", "refusal", "result_text", "status_lines", "value_text"]


def result_text(game: Game, labels: Sequence[str]) -> str:
    """Who won, with how many cards (meaningful once the game is over)."""
    winners = game.winners
    best = game.scores[winners[0]] if winners else 0
    names = [labels[s] for s in winners]
    if len(names) == 1:
        return f"{names[0]} wins with {best} card{'s' if best != 1 else ''}."
    return f"{', '.join(names[:-1])} and {names[-1]} tie with {best} cards each."


def log_entries(game: Game, labels: Sequence[str]) -> list[str]:
    """The move log, oldest first: every action in words, then the result once over."""
    items = [a.describe(labels) for a in game.history]
    if game.is_over:
        items.append(f"Game over: {result_text(game, labels)}")
    return items


def curtain(label: str) -> str:
    """What covers the hand while the screen is passed to ``label`` (hot seat)."""
    return f"Pass to {label} \u2014 click when ready"


def refusal(
    game: Game,
    labels: Sequence[str],
    players: Sequence[Player | None],
    *,
    viewer: int | None,
    handover: int | None = None,
    thinking: int | None = None,
) -> str | None:
    """Why the person at this screen (``viewer``) cannot pick or place now, or ``None``
    when they can."""
    if game.is_over:
        return f"The game is over: {result_text(game, labels)} Press New game to play again."
    if thinking is not None:
        return f"Please wait: {labels[thinking]} is thinking."
    if handover is not None:
        return curtain(labels[handover]) + "."
    seat = game.current_player
    if players[seat] is not None:
        if any(p is None for p in players):
            return f"It is {labels[seat]}'s turn, not yours."
        return f"It is {labels[seat]}'s turn: press Step or Play."
    if seat != viewer:
        return f"It is {labels[seat]}'s turn: pass the screen to them."
    return None


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
) -> list[str]:
    """The status line: what to do now (or who won) first, then the split table and an owed
    draw when they apply, then ``message``.  ``picked`` is the picked Dweebie, if any."""
    lines: list[str] = []
    if game.is_over:
        lines.append(f"Game over: {result_text(game, labels)}")
    elif handover is not None:
        lines.append(curtain(labels[handover]) + ".")
    elif thinking is not None:
        lines.append(f"{labels[thinking]} is thinking\u2026")
    else:
        seat = game.current_player
        who = labels[seat]
        if players[seat] is not None:
            lines.append(f"{who} to play: press Step or Play.")
        elif picked is not None:
            n = len(game.legal_cells())
            lines.append(
                f"{who}: place {NAMES[picked]} on a lit cell "
                f"({n} place{'s' if n != 1 else ''} allowed)."
            )
        else:
            lines.append(f"{who} to play: pick a card from your hand.")
    if game.is_split and not game.is_over:
        k, cost = len(game.groups), game.bridge_cost
        lines.append(
            f"The table is split into {k} groups: {cost} card{'s are' if cost != 1 else ' is'}"
            " needed to rejoin them; nobody may collect until then."
        )
    if viewer is not None and game.may_draw(viewer):
        owed = game.owed_draws(viewer)
        lines.append(
            f"{labels[viewer]} owes {owed} draw{'s' if owed != 1 else ''}: "
            "press Draw to take it (rules section 8)."
        )
    if message:
        lines.append(message)
    return lines


def value_text(value: float) -> str:
    """A hint player's value: a win chance when it is a probability."""
    return f"{round(100 * value)}% win chance" if 0 <= value <= 1 else f"value {value:.2f}"
