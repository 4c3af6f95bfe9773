"""The command line of the puzzles.

``python -m dweebies_widget.puzzles generate --games N --seed S --out FILE`` mines N
self-play games (:func:`~dweebies_widget.puzzles.generate.generate`) and writes the puzzles
found; ``--workers K`` plays them in K processes (the file is the same).  ``stats FILE``
prints what a file holds (kinds, ratings, how often each ladder player solves each kind)
and ``prove FILE`` searches every answer again and checks every keep-condition.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

from .kinds import names
from .model import Puzzle
from .rating import LADDER
from .store import dump, load


def stats(puzzles: Sequence[Puzzle]) -> str:
    """What a set of puzzles holds, as text: per kind the count, the ratings and the share
    of puzzles each ladder player solves."""
    lines = [f"{len(puzzles)} puzzles"]
    head = f"{'kind':<8} {'count':>5}  {'ratings 1-5':<22}" + "".join(f"{n:>9}" for n in LADDER)
    lines.append(head)
    for kind in names():
        ps = [p for p in puzzles if p.kind == kind]
        if not ps:
            continue
        ratings = Counter(p.rating for p in ps)
        spread = " ".join(f"{ratings.get(r, 0):>3}" for r in range(1, 6))
        row = f"{kind:<8} {len(ps):>5}  {spread:<22}"
        if all(p.measure.shares for p in ps):  # rated by the ladder
            for i in range(len(LADDER)):
                row += f"{sum(p.measure.shares[i] for p in ps) / len(ps):>9.0%}"
        else:
            row += f"{'(rules)':>9}"  # measured otherwise: by the size of the task
        lines.append(row)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dweebies_widget.puzzles")
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="mine self-play games for puzzles")
    gen.add_argument("--games", type=int, default=100)
    gen.add_argument("--seed", type=int, default=0)
    gen.add_argument("--out", required=True)
    gen.add_argument("--kinds", default=",".join(names()), help="comma-separated kinds")
    gen.add_argument("--per-kind", type=int, default=60, help="most puzzles of each kind")
    gen.add_argument("--workers", type=int, default=1, help="processes (1: play here)")
    gen.add_argument("--quiet", action="store_true", help="no progress bars")
    st = sub.add_parser("stats", help="what a puzzle file holds")
    st.add_argument("file")
    pr = sub.add_parser("prove", help="search every answer of a puzzle file again")
    pr.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "generate":
        from .generate import generate

        start = time.perf_counter()
        executor: Executor | None = None
        if args.workers > 1:
            executor = ProcessPoolExecutor(max_workers=args.workers)
        try:
            puzzles = generate(
                games=args.games,
                seed=args.seed,
                kinds=[k for k in args.kinds.split(",") if k],
                executor=executor,
                progress=not args.quiet,
                per_kind=args.per_kind,
            )
        finally:
            if executor is not None:
                executor.shutdown()
        dump(puzzles, args.out)
        print(stats(puzzles))
        print(f"written to {args.out} in {time.perf_counter() - start:.0f} s")
        return 0
    if args.command == "stats":
        print(stats(load(args.file)))
        return 0
    start = time.perf_counter()
    puzzles = load(args.file, prove=True)
    print(f"{len(puzzles)} puzzles proven in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
