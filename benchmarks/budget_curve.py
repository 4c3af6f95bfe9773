"""The Expert's budget curve against Cautious: paired, seat-rotated games; writes RESULTS.md.

    nice -n 10 python benchmarks/budget_curve.py [--deals 100] [--budgets 5 10 25 50 100 200]
        [--ablation 50] [--log /tmp/budget_curve.jsonl] [--when TEXT] [--no-write] [--quick]

The defaults are the run of RESULTS.md: 1600 games, 57 minutes of wall time in one process on
the shared two-core machine (2026-12-02).

Every point of the curve plays the Expert (``ExpertPlayer(simulations=N)``) against ONE
opponent, :class:`~dweebies_widget.ai.CautiousPlayer`, on the same deals: deal ``i`` is
``Game(players=2, seed=DEAL_SEED + i)``, played twice, the Expert at seat 0 and then at
seat 1.  Each player's random numbers come from the deal and the seat alone, so every
budget meets the same deals with the same luck (paired games: the difference between two
budgets is measured deal by deal, and much of the luck of the deal cancels).

The ablations play the Expert at one budget without its Cautious prior at the root
(``temperature=inf``: the PUCT prior is the same for every move, so only the search's own
results steer the rounds), first as it is otherwise (a root move not tried yet counts 0),
then with a move not tried yet counting the root's average so far (``first_play=None``),
over the same deals, and compares each with the Expert at that budget.

Printed and written into ``benchmarks/RESULTS.md`` (between the ``budget-curve`` markers):
each point's wins, ties and losses, its win rate (a tie counts half) with a 95 % Wilson
interval, its think time per move, and the paired differences between neighbouring budgets
(the mean over deals of the difference of the deal's two games, with a 95 % normal
interval over the deals).  One process, one game after another; each finished game is
appended to ``--log`` (JSON lines), so a stopped run resumes where it stopped, and the
section is rewritten whenever a point is complete.  ``--quick`` plays 2 deals at 2 small
budgets and writes nothing: a check that the script works.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dweebies_widget.ai import CautiousPlayer, ExpertPlayer, Player, play_game
from dweebies_widget.ai.tournament import wilson

#: The first deal's seed; deal ``i`` is ``Game(players=2, seed=DEAL_SEED + i)``.
DEAL_SEED = 25_000
RESULTS = Path(__file__).with_name("RESULTS.md")
#: One finished game, as the log keeps it (JSON).
Record = dict[str, Any]
BEGIN = "<!-- budget-curve: begin (written by benchmarks/budget_curve.py) -->"
END = "<!-- budget-curve: end -->"
#: The table's rows, as the notebook reads them back: ``| label | budget | games | ...``.
ROW = re.compile(
    r"^\| (?P<label>[^|]+?) \| (?P<simulations>\d+) \| (?P<games>\d+) \| (?P<won>\d+) "
    r"\| (?P<tied>\d+) \| (?P<lost>\d+) \| (?P<rate>[\d.]+) % "
    r"\| (?P<low>[\d.]+) - (?P<high>[\d.]+) % \| (?P<ms>[\d.]+) \|$"
)


@dataclass(frozen=True)
class Point:
    """One Expert of the experiment: a label, its budget and its options."""

    label: str
    simulations: int
    prior: bool = True
    first_play: float | None = 0.0
    """What a root move not tried yet counts as (``ExpertPlayer(first_play=...)``)."""

    def player(self) -> ExpertPlayer:
        temperature = 0.5 if self.prior else math.inf  # inf: the same prior for every move
        return ExpertPlayer(
            simulations=self.simulations, name=self.label, temperature=temperature,
            first_play=self.first_play,
        )  # fmt: skip


def play(point: Point, deal: int, seat: int) -> Record:
    """One game of ``point``'s Expert at ``seat`` against Cautious on deal ``deal``."""
    expert, cautious = point.player(), CautiousPlayer()
    seated: list[Player] = [expert, cautious] if seat == 0 else [cautious, expert]
    rngs = [random.Random(f"curve:{deal}:{s}:{'expert' if s == seat else 'cautious'}")
            for s in range(2)]  # fmt: skip
    game, think, moves = play_game(seated, seed=DEAL_SEED + deal, rngs=rngs)
    winners = game.winners
    result = (1.0 / len(winners)) if seat in winners else 0.0
    return {
        "label": point.label, "simulations": point.simulations, "prior": point.prior,
        "deal": deal, "seat": seat, "scores": list(game.scores), "result": result,
        "think": think[seat], "moves": moves[seat],
    }  # fmt: skip


def load_log(path: Path | None) -> dict[tuple[str, int, int], Record]:
    """The games already played (keyed by label, deal and seat); every line is checked."""
    done: dict[tuple[str, int, int], Record] = {}
    if path is None or not path.exists():
        return done
    for n, line in enumerate(path.read_text().splitlines(), 1):
        rec = json.loads(line)
        if not (
            isinstance(rec, dict)
            and isinstance(rec.get("label"), str)
            and type(rec.get("deal")) is int
            and rec.get("seat") in (0, 1)
            and rec.get("result") in (0.0, 0.5, 1.0)
            and isinstance(rec.get("think"), float)
            and type(rec.get("moves")) is int
        ):
            raise ValueError(f"{path}, line {n}: not a game of this benchmark: {line[:80]}")
        done[(rec["label"], rec["deal"], rec["seat"])] = rec
    return done


@dataclass(frozen=True)
class Summary:
    """A point's figures over its games."""

    point: Point
    games: int
    won: int
    tied: int
    rate: float
    low: float
    high: float
    ms: float

    def row(self) -> str:
        lost = self.games - self.won - self.tied
        return (
            f"| {self.point.label} | {self.point.simulations} | {self.games} | {self.won} "
            f"| {self.tied} | {lost} | {100 * self.rate:.1f} % | {100 * self.low:.1f} - "
            f"{100 * self.high:.1f} % | {self.ms:.1f} |"
        )


def summary(point: Point, recs: list[Record]) -> Summary:
    results = [float(r["result"]) for r in recs]
    rate = sum(results) / len(results)
    low, high = wilson(rate, len(results))
    think = sum(float(r["think"]) for r in recs)
    moves = sum(int(r["moves"]) for r in recs)
    return Summary(
        point, len(results), results.count(1.0), results.count(0.5), rate, low, high,
        1000 * think / max(moves, 1),
    )  # fmt: skip


def paired(a: list[Record], b: list[Record]) -> tuple[float, float, float]:
    """The mean over deals of (b's result - a's result), each deal's two games averaged,
    with a 95 % normal interval over the deals."""

    def by_deal(recs: list[Record]) -> dict[int, float]:
        out: dict[int, float] = {}
        for r in recs:
            out[int(r["deal"])] = out.get(int(r["deal"]), 0.0) + float(r["result"]) / 2
        return out

    da, db = by_deal(a), by_deal(b)
    diffs = [db[d] - da[d] for d in sorted(da) if d in db]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 1.0
    return mean, mean - half, mean + half


def section(points: list[Point], recs: dict[str, list[Record]], deals: int,
            when: str, ablations: list[Point], base: Point | None) -> str:  # fmt: skip
    """RESULTS.md's section of the complete points (``when``: when the games were played)."""
    complete = [p for p in points if len(recs.get(p.label, [])) == 2 * deals]
    budgets = " ".join(str(p.simulations) for p in points if p.prior)
    command = f"--deals {deals} --budgets {budgets}"
    if ablations:
        command += f" --ablation {ablations[0].simulations}"
    lines = [
        BEGIN,
        f"## `python benchmarks/budget_curve.py {command}`",
        "",
        f"The Expert's budget curve against Cautious: {deals} deals (seeds {DEAL_SEED} to "
        f"{DEAL_SEED + deals - 1}), each played twice with the seats swapped, so {2 * deals} "
        "paired games a point, the same deals and the same random numbers at every budget; "
        f"one process under `nice`, one game after another ({when}).  Win rate counts a tie "
        "as half a win; the interval is the 95 % Wilson interval.  The milliseconds a move "
        "are the Expert's think time on the clock, so they depend on what else the machine "
        "ran (the simulations a move, not the time, are what each point fixes).",
        "",
        "| Expert | simulations a move | games | won | tied | lost | win rate | 95 % interval "
        "| ms a move |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    lines += [summary(p, recs[p.label]).row() for p in complete]
    curve = [p for p in complete if p.prior]
    if len(curve) > 1:
        lines += ["", "Paired differences between neighbouring budgets (the mean over the "
                  "deals of the difference of each deal's two games, 95 % normal interval "
                  "over the deals):", "", "```"]  # fmt: skip
        for a, b in zip(curve, curve[1:], strict=False):
            mean, lo, hi = paired(recs[a.label], recs[b.label])
            lines.append(f"{a.simulations:>5} -> {b.simulations:<5} sims: {100 * mean:+5.1f} "
                         f"points (95 % {100 * lo:+5.1f} to {100 * hi:+5.1f})")  # fmt: skip
        lines.append("```")
        mean, lo, hi = paired(recs[curve[0].label], recs[curve[-1].label])
        lines += ["", f"From {curve[0].simulations} to {curve[-1].simulations} simulations, "
                  f"the same deals: {100 * mean:+.1f} points (95 % {100 * lo:+.1f} to "
                  f"{100 * hi:+.1f})."]  # fmt: skip
    for ablation in ablations:
        if ablation not in complete or base not in complete:
            continue
        assert base is not None
        mean, lo, hi = paired(recs[base.label], recs[ablation.label])
        lines += ["", f"Ablation at {base.simulations} simulations, the same deals: "
                  f"{ablation.label} minus {base.label}: {100 * mean:+.1f} points "
                  f"(95 % {100 * lo:+.1f} to {100 * hi:+.1f})."]  # fmt: skip
    missing = [p.label for p in points if p not in complete]
    if missing:
        lines += ["", "Not measured yet: " + ", ".join(missing) + "."]
    lines.append(END)
    return "\n".join(lines)


def write_results(text: str, path: Path = RESULTS) -> None:
    """Put ``text`` between the markers of ``path`` (appended the first time)."""
    old = path.read_text()
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        new = head + text + tail
    else:
        new = old.rstrip("\n") + "\n\n" + text + "\n"
    path.write_text(new)


DIFFERENCE = re.compile(
    r"^\s*(?P<a>\d+) -> (?P<b>\d+)\s+sims:\s+(?P<mean>[+-][\d.]+) points "
    r"\(95 %\s+(?P<low>[+-][\d.]+) to\s+(?P<high>[+-][\d.]+)\)$"
)
OVERALL = re.compile(
    r"^From (?P<a>\d+) to (?P<b>\d+) simulations, the same deals: (?P<mean>[+-][\d.]+) points "
    r"\(95 % (?P<low>[+-][\d.]+) to (?P<high>[+-][\d.]+)\)\.$"
)
ABLATION = re.compile(
    r"^Ablation at (?P<simulations>\d+) simulations, the same deals: (?P<label>.+?) "
    r"minus (?P<base>.+?): "
    r"(?P<mean>[+-][\d.]+) points \(95 % (?P<low>[+-][\d.]+) to (?P<high>[+-][\d.]+)\)\.$"
)


def read_results(path: Path = RESULTS) -> dict[str, list[Record]]:
    """What :func:`section` wrote, read back (what notebook 04 draws): ``points`` (a dict per
    row of the table, rates as fractions), ``differences`` (neighbouring budgets ``a`` and
    ``b``, in points), ``overall`` (the smallest budget to the largest) and ``ablation`` (the
    ablations, in points)."""
    text = path.read_text(encoding="utf-8")
    inside = text.split(BEGIN, 1)[1].split(END, 1)[0] if BEGIN in text else ""
    patterns = {"points": ROW, "differences": DIFFERENCE, "overall": OVERALL, "ablation": ABLATION}
    found: dict[str, list[Record]] = {key: [] for key in patterns}
    for line in inside.splitlines():
        for key, pattern in patterns.items():
            if m := pattern.match(line):
                found[key].append({k: _value(k, v) for k, v in m.groupdict().items()})
                break
    for point in found["points"]:  # rates as fractions
        for k in ("rate", "low", "high"):
            point[k] = float(str(point[k])) / 100
    return found


def _value(key: str, text: str) -> Any:
    """A figure of the section as a number (whole numbers as int), a label as it is."""
    if key in ("label", "base"):
        return text
    return int(text) if text.isdigit() else float(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--budgets", type=int, nargs="+", default=[5, 10, 25, 50, 100, 200])
    parser.add_argument("--ablation", type=int, default=50,
                        help="budget of the Expert without its root prior (0: none)")  # fmt: skip
    parser.add_argument("--log", type=Path, default=None, help="JSON lines of finished games")
    parser.add_argument("--no-write", action="store_true", help="leave RESULTS.md alone")
    parser.add_argument("--quick", action="store_true", help="2 deals, budgets 10 and 25")
    parser.add_argument("--when", default=None, help="when the games were played (the text)")
    args = parser.parse_args()
    deals, budgets, write = args.deals, sorted(set(args.budgets)), not args.no_write
    if args.quick:
        deals, budgets, write = 2, [10, 25], False
    curve = [Point(f"Expert ({n} sims)", n) for n in budgets]
    ablations: list[Point] = []
    base = None
    if args.ablation and not args.quick:
        n = args.ablation
        base = next((p for p in curve if p.simulations == n), None)
        ablations = [
            Point(f"Expert ({n} sims, no prior)", n, prior=False),
            Point(f"Expert ({n} sims, no prior, untried = average)", n, False, None),
        ]
    # Cheap points first, the first ablation beside its base, the second last, so that a late
    # stop loses the least needed.
    points = sorted(curve + ablations[:1], key=lambda p: (p.simulations, not p.prior))
    points += ablations[1:]
    done = load_log(args.log)
    when = args.when or time.strftime("run started %Y-%m-%d %H:%M UTC", time.gmtime())
    recs: dict[str, list[Record]] = {}
    for point in points:
        start = time.perf_counter()
        for deal in range(deals):
            for seat in (0, 1):
                rec = done.get((point.label, deal, seat))
                if rec is None:
                    rec = play(point, deal, seat)
                    if args.log is not None:
                        with args.log.open("a") as f:
                            f.write(json.dumps(rec) + "\n")
                recs.setdefault(point.label, []).append(rec)
        s = summary(point, recs[point.label])
        print(f"{s.row()}   [{time.perf_counter() - start:5.0f} s, load "
              f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}]",
              flush=True)  # fmt: skip
        if write:
            write_results(section(points, recs, deals, when, ablations, base))
    text = section(points, recs, deals, when, ablations, base)
    print(text.split("\n", 1)[1].rsplit("\n", 1)[0])


if __name__ == "__main__":
    main()
