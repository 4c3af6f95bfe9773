"""How fast does the classroom serve a class?  A benchmark that prints figures; tests never
time.

    python benchmarks/classroom_load.py [--store sqlite|postgres|both] [--repeat R]

Runs the load test of ``tests/classroom`` (:func:`workers.run_load`) on each store: 30
student processes, two at each of 15 tables (5 of them with a computer seat too), join
with a name and PIN and play random legal moves through the API as fast as it answers,
until every game is over; every game is then checked (it ended, 54 cards, every accepted
move exactly once in its history).  Prints, per run: the moves made per second over the
whole class, and the median and 95th percentile of the time one ``play`` call takes (the
computer's answer included at tables with a computer), with the machine's load average.

The PostgreSQL server is a throwaway one started here (Debian's ``initdb`` and ``pg_ctl``,
on a free port of 127.0.0.1), as in the tests.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "classroom"))

from postgres_server import TempPostgres  # noqa: E402
from workers import LoadResult, run_load  # noqa: E402


def once(store: str) -> LoadResult:
    with tempfile.TemporaryDirectory(prefix="dweebies-load-") as work:
        target = str(Path(work) / "class.sqlite") if store == "sqlite" else store
        return run_load(target, Path(work))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}")
    server = TempPostgres() if args.store in ("postgres", "both") else None
    try:
        for _ in range(args.repeat):
            if args.store in ("sqlite", "both"):
                print(once("sqlite").summary(), flush=True)
            if server is not None:
                print(once(server.new_database()).summary(), flush=True)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
