"""The command line of the puzzles.

``python -m dweebies_widget.puzzles generate --games N --seed S --out FILE`` mines N
self-play games (:func:`~dweebies_widget.puzzles.generate.generate`) and writes the puzzles
found; ``--workers K`` plays them in K processes (the file is the same).  ``mine`` writes
the positions found without rating them (``--standard``: standard rules only,
``--players 2``: such games only, ``--every-game``: every kind searched in every game), and
``build FILES --out FILE --panel-out FILE`` rates the positions of position or puzzle files
together and writes the set and the fitted abilities (docs/puzzles.md gives the commands
of the shipped file).  ``stats FILE`` prints what a file holds (per kind and rules: the
count, how many in each third of the rating range, the ratings, each fitting solver's mean
share) and ``prove FILE`` searches every answer again and checks every keep-condition.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from ..game import Rules
from .generate import PLAYER_COUNTS, RULESETS
from .kinds import names
from .model import Puzzle
from .rating import LADDER
from .store import dump, load


def stats(puzzles: Sequence[Puzzle]) -> str:
    """What a set of puzzles holds, as text: per kind and rules (standard or other) the
    count, how many fall in each third of the rating range, the lowest, middle and highest
    rating, and the mean share of each solver of the fitting panel."""
    from statistics import median

    from .generate import standard, third

    lines = [f"{len(puzzles)} puzzles"]
    lines.append(
        f"{'kind':<8} {'rules':<8} {'count':>5}  {'thirds':<12} {'ratings':<16}"
        + "".join(f"{n[:9]:>10}" for n in LADDER)
    )
    for kind in names():
        for std in (True, False):
            ps = [p for p in puzzles if p.kind == kind and standard(p) == std]
            if not ps:
                continue
            counts = Counter(third(p.rating) for p in ps)
            ratings = sorted(p.rating for p in ps)
            row = (
                f"{kind:<8} {'standard' if std else 'house':<8} {len(ps):>5}  "
                f"{' '.join(f'{counts.get(t, 0):>3}' for t in range(3)):<12} "
                f"{ratings[0]}-{median(ratings):.0f}-{ratings[-1]:<6}"
            )
            if all(len(p.measure.shares) == len(LADDER) for p in ps):
                for i in range(len(LADDER)):
                    row += f"{sum(p.measure.shares[i] for p in ps) / len(ps):>10.0%}"
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
    mn = sub.add_parser("mine", help="mine self-play games for positions (no ratings)")
    for p in (gen, mn):
        p.add_argument("--standard", action="store_true", help="standard rules only")
        p.add_argument("--players", default="", help="comma-separated player counts")
        p.add_argument("--every-game", action="store_true", help="search every kind in every game")
    mn.add_argument("--games", type=int, default=100)
    mn.add_argument("--seed", type=int, default=0)
    mn.add_argument("--out", required=True)
    mn.add_argument("--kinds", default=",".join(names()), help="comma-separated kinds")
    mn.add_argument("--workers", type=int, default=1, help="processes (1: play here)")
    mn.add_argument("--quiet", action="store_true", help="no progress bars")
    bd = sub.add_parser("build", help="rate mined positions together and choose the set")
    bd.add_argument("files", nargs="+", help="position files or puzzle files")
    bd.add_argument("--out", required=True, help="the puzzle file to write")
    bd.add_argument("--panel-out", required=True, help="the panel file (abilities) to write")
    bd.add_argument(
        "--per-third", type=int, default=12, help="most puzzles per kind, rules and third"
    )
    bd.add_argument("--most", type=int, default=0, help="most positions per kind of each file")
    bd.add_argument("--pool-out", default="", help="also write every puzzle rated here")
    bd.add_argument("--seed", type=int, default=0)
    bd.add_argument("--quiet", action="store_true", help="no progress bars")
    st = sub.add_parser("stats", help="what a puzzle file holds")
    st.add_argument("file")
    pr = sub.add_parser("prove", help="search every answer of a puzzle file again")
    pr.add_argument("file")
    args = parser.parse_args(argv)
    if args.command in ("generate", "mine"):
        return _mine(args)
    if args.command == "build":
        return _build(args)
    if args.command == "stats":
        print(stats(load(args.file, rules="all")))
        return 0
    start = time.perf_counter()
    puzzles = load(args.file, rules="all", prove=True)
    print(f"{len(puzzles)} puzzles proven in {time.perf_counter() - start:.1f} s")
    return 0


def _build(args: argparse.Namespace) -> int:
    """The ``build`` command."""
    from pathlib import Path

    from .generate import build, read_positions, sample
    from .rating import write_abilities

    start = time.perf_counter()
    positions = []
    for name in args.files:
        found = read_positions(Path(name).read_text(encoding="utf-8"))
        positions.extend(sample(found, args.most, args.seed) if args.most else found)
    puzzles, ability, pool = build(positions, args.per_third, args.seed, not args.quiet)
    dump(puzzles, args.out)
    if args.pool_out:
        dump(pool, args.pool_out)
    write_abilities(ability, args.panel_out)
    print(stats(puzzles))
    took = time.perf_counter() - start
    print(f"{len(positions)} positions rated; written to {args.out} in {took:.0f} s")
    return 0


def _mine(args: argparse.Namespace) -> int:
    """The ``generate`` and ``mine`` commands."""
    from .generate import dump_positions, generate, mine

    start = time.perf_counter()
    options: dict[str, Any] = {
        "rulesets": (Rules(),) if args.standard else RULESETS,
        "players": [int(n) for n in args.players.split(",") if n] or PLAYER_COUNTS,
        "every_game": args.every_game,
    }
    kinds = [k for k in args.kinds.split(",") if k]
    executor: Executor | None = None
    if args.workers > 1:
        executor = ProcessPoolExecutor(max_workers=args.workers)
    try:
        if args.command == "mine":
            found = mine(args.games, args.seed, kinds, executor, not args.quiet, **options)
            dump_positions(found, args.out)
            print(", ".join(f"{k}: {len(v)}" for k, v in found.items()))
        else:
            puzzles = generate(
                args.games, args.seed, kinds, executor, not args.quiet,
                per_kind=args.per_kind, **options,
            )
            dump(puzzles, args.out)
            print(stats(puzzles))
    finally:
        if executor is not None:
            executor.shutdown()
    print(f"written to {args.out} in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
