"""Do the shipped puzzle ratings order puzzles the way held-out solvers' success does?

    python benchmarks/puzzle_ratings.py [--rules standard|house|all] [--log FILE] [--quick]

Every shipped puzzle (by default the standard set, :func:`dweebies_widget.puzzles.load`) is
tried by the **held-out panel** (:data:`dweebies_widget.puzzles.panel.HELD_OUT`: other
temperatures, Expert budgets and seeds and care than the fitting panel that made the
ratings).  Prints, overall and per kind, the number of puzzles, Spearman's and Kendall's
rank correlation between the shipped rating and the held-out panel's mean success rate
(negative: harder puzzles are solved less often), each with a 95 % bootstrap interval
(2,000 resamples of the puzzles, seeded), then how many puzzles of each kind fall in each
third of the rating range, and every solver's ability on the rating scale (the fitting
panel's as fitted; each held-out solver's fitted to its shares with the puzzles'
difficulties held fixed).  ``--log FILE`` keeps the held-out shares (JSON lines, one per
puzzle) and reads them back on the next run; ``--quick`` tries the first 20 puzzles only.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

import numpy as np

from dweebies_widget.puzzles import Puzzle, irt, load
from dweebies_widget.puzzles.generate import THIRDS, third
from dweebies_widget.puzzles.kinds import KINDS
from dweebies_widget.puzzles.panel import HELD_OUT, shares
from dweebies_widget.puzzles.rating import LADDER, TRIES, abilities


def held_out(puzzles: list[Puzzle], log: Path | None) -> dict[str, list[float]]:
    """Each puzzle's held-out shares, by id (read from and added to ``log``)."""
    known: dict[str, list[float]] = {}
    if log is not None and log.exists():
        for line in log.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row["solvers"] == [s.name for s in HELD_OUT]:
                known[row["id"]] = row["shares"]
    for p in puzzles:
        if p.id not in known:
            known[p.id] = shares(p.position, p.seat, p.answer, HELD_OUT)
            if log is not None:
                with log.open("a", encoding="utf-8") as out:
                    row = {"id": p.id, "solvers": [s.name for s in HELD_OUT], "shares": known[p.id]}
                    out.write(json.dumps(row) + "\n")
    return known


def interval(
    x: np.ndarray, y: np.ndarray, stat: str, rng: np.random.Generator
) -> tuple[float, float]:
    """A 95 % bootstrap interval of the rank correlation ``stat`` of ``x`` and ``y``."""
    f = irt.spearman if stat == "spearman" else irt.kendall
    found = []
    for _ in range(2000):
        i = rng.integers(0, len(x), len(x))
        if len(set(x[i])) > 1 and len(set(y[i])) > 1:
            found.append(f(x[i], y[i]))
    low, high = np.percentile(found, [2.5, 97.5])
    return float(low), float(high)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", default="standard", choices=("standard", "house", "all"))
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    puzzles = load(rules=args.rules)
    if args.quick:
        puzzles = puzzles[:20]
    start = time.perf_counter()
    found = held_out(puzzles, args.log)
    print(f"{len(puzzles)} puzzles ({args.rules} rules), held-out panel: "
          f"{', '.join(s.name for s in HELD_OUT)} ({time.perf_counter() - start:.0f} s)")
    rng = np.random.default_rng(25)
    print(f"{'kind':<8} {'n':>4}  {'Spearman (95% CI)':<26} {'Kendall (95% CI)':<26}")
    for kind in ("all", *KINDS):
        ps = [p for p in puzzles if kind in ("all", p.kind)]
        if len(ps) < 3:
            continue
        x = np.array([p.rating for p in ps], dtype=float)
        y = np.array([np.mean(found[p.id]) for p in ps])
        cells = []
        for stat in ("spearman", "kendall"):
            value = irt.spearman(x, y) if stat == "spearman" else irt.kendall(x, y)
            low, high = interval(x, y, stat, rng)
            cells.append(f"{value:+.3f} ({low:+.3f} to {high:+.3f})")
        print(f"{kind:<8} {len(ps):>4}  {cells[0]:<26} {cells[1]:<26}")
    counts = Counter((p.kind, third(p.rating)) for p in puzzles)
    print("\npuzzles per third of the rating range")
    print(f"{'kind':<8}" + "".join(f"{f'{lo}-{hi - 1}':>11}" for lo, hi in THIRDS))
    for kind in KINDS:
        print(f"{kind:<8}" + "".join(f"{counts[kind, t]:>11}" for t in range(3)))
    print("\nsolvers on the rating scale")
    for name, theta in zip(LADDER, abilities(), strict=True):
        print(f"  fitting   {name:<16} {irt.elo(theta):6.0f}")
    b = np.array([p.measure.difficulty for p in puzzles])
    for j, solver in enumerate(HELD_OUT):
        y = np.array([found[p.id][j] for p in puzzles])
        theta = -irt.difficulty(y, np.full(len(y), TRIES), -b)
        print(f"  held-out  {solver.name:<16} {irt.elo(theta):6.0f}")


if __name__ == "__main__":
    main()
