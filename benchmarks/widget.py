"""How heavy is one redraw of the widget?  A benchmark that prints figures; tests never time.

    python benchmarks/widget.py [--repeat R]

For a 40-card table (a seeded random game played until 40 cards lie on the table), prints:
* the time one redraw takes in Python (building the scene, painting it, and handing the
  commands to ipycanvas), median and 95th percentile;
* how many comm messages one redraw sends and how many bytes they carry (counted at
  ipycanvas's shared canvas manager, where every canvas's draw commands leave the kernel);
* the same for a click on a hand card (the most frequent redraw) and for a hovered lit cell.

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


def measure(label: str, action: Any, repeat: int, sent: list[DrawMessage]) -> None:
    times = []
    del sent[:]
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    times.sort()
    print(
        f"{label:<34} median {1000 * statistics.median(times):6.2f} ms   "
        f"p95 {1000 * times[int(0.95 * (len(times) - 1))]:6.2f} ms   "
        f"{len(sent) / repeat:.1f} message(s), "
        f"{sum(m.size for m in sent) / repeat / 1024:.1f} kB each"
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


if __name__ == "__main__":
    main()
