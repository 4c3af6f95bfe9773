"""How heavy is one redraw of the widget?  A benchmark that prints figures; tests never time.

    python benchmarks/widget.py [--repeat R]

For a 40-card table (a seeded random game played until 40 cards lie on the table), prints:
* the time one redraw takes in Python (building the scene, painting it, and handing the
  commands to ipycanvas), median and 95th percentile;
* how many comm messages one redraw sends and how many bytes they carry (counted at
  ipycanvas's shared canvas manager, where every canvas's draw commands leave the kernel);
* the same for a click on a hand card (the most frequent redraw) and for a hovered lit cell;
* the same for a move (a click on a lit cell: the person's placement and the computer's answer
  at once), with the messages per move: the motion after a move is played by the page, from
  the companion's update, never by more canvas messages.

The click-to-screen latency in Chromium is measured by the browser test
(``tests/test_browser.py``), which prints it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from dweebies_widget import DweebiesWidget, Game
from dweebies_widget.ai import GreedyPlayer
from dweebies_widget.widget.compat import DrawMessage, deliver_event, recorded_draws


def forty_card_game() -> Game:
    seed = 0
    while True:
        game, rng = Game(2, seed=seed), random.Random(seed)
        while not game.is_over and len(game.board) < 40:
            game.play_random(rng)
        if len(game.board) == 40 and not game.is_over:
            return game
        seed += 1


def measure(
    label: str,
    action: Any,
    repeat: int,
    sent: list[DrawMessage],
    reset: Any = None,
    moves: int = 0,
) -> None:
    """Time ``action`` ``repeat`` times and count the messages it sends; ``reset`` runs
    before each, untimed and uncounted; ``moves``: the moves one action makes (then the
    messages per move are printed too)."""
    times = []
    counted: list[DrawMessage] = []
    for _ in range(repeat):
        if reset is not None:
            reset()
        del sent[:]
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
        counted.extend(sent)
    times.sort()
    per_move = f", {len(counted) / repeat / moves:.1f} per move" if moves else ""
    print(
        f"{label:<34} median {1000 * statistics.median(times):6.2f} ms   "
        f"p95 {1000 * times[int(0.95 * (len(times) - 1))]:6.2f} ms   "
        f"{len(counted) / repeat:.1f} message(s){per_move}, "
        f"{sum(m.size for m in counted) / repeat / 1024:.1f} kB each"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()

    with recorded_draws() as sent:  # counted, not sent: there is no page
        game = forty_card_game()
        widget = DweebiesWidget(seats=["Ana", "Ben"], game=game, ai_delay=0, flash=0)
        lit = sorted(game.legal_cells())
        print(f"A {len(game.board)}-card table, {len(lit)} legal cells, canvas 900 x 720:")
        measure("redraw (refresh)", widget.refresh, args.repeat, sent)

        def pick() -> None:
            widget.select(0 if widget.selected is None else None)

        measure("click on a hand card", pick, args.repeat, sent)
        widget.select(0)
        in_view = [cell for cell in lit if widget.geometry.visible(cell)]  # the table may pan
        hover_targets = [widget.geometry.cell_center(cell) for cell in in_view[:2]]
        state = {"i": 0}

        def hover() -> None:
            state["i"] ^= 1
            x, y = hover_targets[state["i"]]
            deliver_event(widget.canvas, {"event": "mouse_move", "x": x, "y": y})

        measure("hover from one lit cell to another", hover, args.repeat, sent)

        # A move: Ana places, Greedy answers at once; Undo (untimed) takes both back.
        played = DweebiesWidget(seats=["Ana", GreedyPlayer()], game=game.copy(), ai_delay=0)
        cell = sorted(played.game.legal_cells())[0]
        before = len(played.game.history)

        def pick_card() -> None:
            if len(played.game.history) > before:
                played.undo()
            played.select(0)

        def place() -> None:
            x, y = played.geometry.cell_center(cell)
            deliver_event(played.canvas, {"event": "mouse_down", "x": x, "y": y})
            assert len(played.game.history) == before + 2, "the move was not made"

        measure("a move (place + computer answer)", place, args.repeat, sent, pick_card, 2)


if __name__ == "__main__":
    main()
