"""``python -m dweebies_widget.handouts --out DIR``: write every handout into DIR."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from . import INDEX, write


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dweebies_widget.handouts",
        description="Write the course's printable handouts: worksheets and exit quizzes "
        "for students, the answer key for the teacher, the 54 cards to cut out.",
    )
    parser.add_argument("--out", type=Path, default=Path("build/handouts"),
                        help="the folder to write them in (default: build/handouts)")  # fmt: skip
    args = parser.parse_args(argv)
    written = write(args.out)
    print(f"Wrote {len(written)} handouts in {args.out}: open {args.out / INDEX}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
