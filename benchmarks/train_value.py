"""Train the Expert's learned value on the ladder's games, then by self-play; measure each one.

    python benchmarks/train_value.py [--quick] [--write]

Generation 0 learns from the ladder's games (Greedy and Cautious, 2 to 4 players): the
features of every seat's view at every position (:mod:`dweebies_widget.ai.value`) and who
won.  Each later generation adds games of the Expert itself, searching with the model just
trained (self-play), and trains again on everything.  After each generation it prints the
held-out log loss and Brier score of the model and of the hand-set judge (on positions of
the newest games, held out whole), and, with ``--match-deals``, the Expert with the model
against the Expert with the hand-set judge at a fixed number of simulations, on the same
deals with the seats swapped (95 % Wilson interval, a tie counting half).

With ``--gate-deals N`` each generation is screened as ``--screen`` does (its Expert and the
hand-set Expert against Cautious on the same N deals, paired) and the generation that did best
is the one saved (AlphaGo Zero, too, kept a new network only when it beat the best one so
far).  Seeded throughout: the same arguments give the same games and the same weights.
``--write`` saves the last (or, gated, the best) generation's model to
``dweebies_widget/ai/data/value.json`` with what was measured (its ``info``), which the Expert
then loads; ``--quick`` runs a few games of each step, to check that the script works.

``--screen FILE[=LABEL] ...`` plays instead the hand-set Expert and an Expert with each model
file against Cautious, on the same ``--match-deals`` deals from both seats at
``--match-sims`` simulations, and prints each one's paired difference to the hand-set
Expert (95 % normal interval over the deals); with ``--write`` the figures go into
``benchmarks/VALUE.md`` (its ``screens``).  ``--cache DIR`` keeps the games' positions and
the screens' results, so that a second run skips what was played already.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import re
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from dweebies_widget.ai import CautiousPlayer, ExpertPlayer, GreedyPlayer, play_game, tournament
from dweebies_widget.ai.base import Player
from dweebies_widget.ai.tournament import wilson
from dweebies_widget.ai.training import Positions, fit, positions, scores
from dweebies_widget.ai.value import ValueModel

#: The first deal of ``--screen``: deal ``i`` is ``Game(players=2, seed=SCREEN_SEED + i)``.
SCREEN_SEED = 31_000

OUT = Path(__file__).resolve().parent.parent / "dweebies_widget" / "ai" / "data" / "value.json"
VALUE = Path(__file__).resolve().parent / "VALUE.md"

#: The ladder's games of generation 0: (players in seat order, games); every job is split
#: into chunks for the two cores.
LADDER = (
    (("cautious", "cautious"), 6),
    (("cautious", "greedy"), 2),
    (("greedy", "greedy"), 1),
    (("cautious", "cautious", "cautious"), 1),
    (("cautious", "greedy", "cautious", "greedy"), 1),
)


def make(kind: str, model: str | None, sims: int) -> Player:
    if kind == "cautious":
        return CautiousPlayer()
    if kind == "greedy":
        return GreedyPlayer()
    value = ValueModel.from_json(model) if model else "hand-set"
    return ExpertPlayer(simulations=sims, value=value)


def job(args: tuple[tuple[str, ...], int, int, str | None, int]) -> Positions:
    kinds, games, seed, model, sims = args
    return positions([make(k, model, sims) for k in kinds], games, seed=seed)


def generate(
    pool: ProcessPoolExecutor,
    plan: Sequence[tuple[tuple[str, ...], int]],
    seed: int,
    model: str | None = None,
    sims: int = 0,
    chunk: int = 20,
    cache: Path | None = None,
) -> Positions:
    jobs: list[tuple[tuple[str, ...], int, int, str | None, int]] = []
    for kinds, games in plan:
        for start in range(0, games, chunk):
            jobs.append((kinds, min(chunk, games - start), seed + len(jobs) * 1000, model, sims))
    key = hashlib.sha256(repr(jobs).encode()).hexdigest()[:16]
    saved = None if cache is None else cache / f"positions-{key}.npz"
    if saved is not None and saved.exists():
        with np.load(saved, allow_pickle=False) as f:
            return Positions(f["x"], f["y"], f["game"], f["handset"])
    out: Positions | None = None
    for part in pool.map(job, jobs):
        out = part if out is None else out + part
    assert out is not None
    if saved is not None:
        saved.parent.mkdir(parents=True, exist_ok=True)
        np.savez(saved, x=out.x, y=out.y, game=out.game, handset=out.handset)
    return out


def match(model: ValueModel, rival: Player, deals: int, sims: int, seed: int) -> dict[str, float]:
    learned = ExpertPlayer(simulations=sims, value=model, name="learned")
    result = tournament([learned, rival], games=2 * deals, seed=seed, progress=False)
    row = result.rows[0]
    low, high = wilson(row.win_rate, row.games)
    return {
        "games": row.games,
        "won": row.wins,
        "tied": row.ties,
        "win_rate": row.win_rate,
        "low": low,
        "high": high,
    }


def screen_game(args: tuple[str, str, int, int, int]) -> float:
    """One game of a screened Expert against Cautious: 1 won, 0.5 tied, 0 lost."""
    label, model, sims, deal, seat = args
    value: ValueModel | str = ValueModel.from_json(model) if model else "hand-set"
    expert = ExpertPlayer(simulations=sims, value=value)
    seated: list[Player] = [CautiousPlayer(), CautiousPlayer()]
    seated[seat] = expert
    rngs = [random.Random(f"screen:{deal}:{s}") for s in (0, 1)]
    game, _, _ = play_game(seated, seed=SCREEN_SEED + deal, rngs=rngs)
    mine, theirs = game.scores[seat], game.scores[1 - seat]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def screen(
    models: dict[str, str], sims: int, deals: int, cache: Path | None = None
) -> list[dict[str, object]]:
    """Each Expert of ``models`` (label -> model JSON, "" for the hand-set judge) against
    Cautious on the same deals, both seats; paired differences against the first.  Returns
    one row of figures per Expert."""
    results: dict[str, list[float]] = {}
    rows: list[dict[str, object]] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        for label, model in models.items():
            jobs = [(label, model, sims, d, seat) for d in range(deals) for seat in (0, 1)]
            key = hashlib.sha256(repr((model, sims, deals)).encode()).hexdigest()[:16]
            saved = None if cache is None else cache / f"screen-{key}.json"
            if saved is not None and saved.exists():
                results[label] = json.loads(saved.read_text())
            else:
                results[label] = list(pool.map(screen_game, jobs, chunksize=4))
                if saved is not None:
                    saved.parent.mkdir(parents=True, exist_ok=True)
                    saved.write_text(json.dumps(results[label]))
            r = results[label]
            low, high = wilson(sum(r) / len(r), len(r))
            line = f"{label:>30} ({sims} sims) vs Cautious: {sum(r) / len(r):6.1%} of {len(r)}"
            line += f" (95% {low:.1%} - {high:.1%})"
            row: dict[str, object] = {
                "label": label, "simulations": sims, "games": len(r), "win_rate": sum(r) / len(r),
                "low": round(low, 4), "high": round(high, 4),
            }  # fmt: skip
            rows.append(row)
            first = next(iter(results))
            if label != first:
                base = results[first]
                diffs = [
                    (r[2 * d] + r[2 * d + 1] - base[2 * d] - base[2 * d + 1]) / 2
                    for d in range(deals)
                ]
                mean = statistics.fmean(diffs)
                half = 1.96 * statistics.stdev(diffs) / math.sqrt(deals)
                line += f"; minus {first}: {100 * mean:+.1f} points (95% {100 * (mean - half):+.1f}"
                line += f" to {100 * (mean + half):+.1f})"
                row["minus_first"] = [round(mean, 4), round(mean - half, 4), round(mean + half, 4)]
            print(line + f"   [{time.perf_counter() - start:5.0f} s]", flush=True)
    return rows


def write_figures(path: Path, figures: dict[str, object]) -> None:
    """Put ``figures`` into the JSON block at the end of ``path`` (VALUE.md), keeping the
    block's other keys."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"```json\n(.*?)\n```", text, re.S)
    data = json.loads(found[1]) if found else {}
    data.update(figures)
    block = "```json\n" + json.dumps(data, indent=1) + "\n```"
    if found:
        text = text[: found.start()] + block + text[found.end() :]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")
    print(f"wrote {', '.join(figures)} into {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generations", type=int, default=2, help="self-play generations")
    parser.add_argument("--ladder", type=int, default=300, help="games per ladder share")
    parser.add_argument("--selfplay", type=int, default=300, help="Expert games a generation")
    parser.add_argument("--sims", type=int, default=50, help="simulations a move in self-play")
    parser.add_argument("--match-deals", type=int, default=0, help="deals of each match")
    parser.add_argument("--match-sims", type=int, default=100)
    parser.add_argument("--match-from", type=int, default=0, help="first generation matched")
    parser.add_argument(
        "--gate-deals", type=int, default=0,
        help="screen each generation against the hand-set Expert on this many deals (paired, "
        "at --match-sims) and ship the generation that did best",
    )  # fmt: skip
    parser.add_argument("--hidden", type=int, default=8)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--cache", type=Path, default=None,
        help="keep the games' positions here (numpy .npz, no pickles) to skip replaying them",
    )  # fmt: skip
    parser.add_argument("--write", action="store_true", help=f"save the model to {OUT.name}")
    parser.add_argument("--out", type=Path, default=OUT, help="where --write saves the model")
    parser.add_argument("--drop", nargs="*", default=[], help="features the model ignores")
    parser.add_argument(
        "--screen", nargs="*", default=None,
        help="play the hand-set Expert and one Expert per model file against Cautious on the "
        "same --match-deals deals at --match-sims (paired) instead of training",
    )  # fmt: skip
    args = parser.parse_args()
    if args.screen is not None:
        models = {"hand-set value": ""}
        for name in args.screen:  # FILE or FILE=LABEL
            path, _, label = name.partition("=")
            models[label or Path(path).name] = Path(path).read_text(encoding="utf-8")
        deals = args.match_deals or 100
        rows = screen(models, args.match_sims, deals, args.cache)
        print(json.dumps(rows))
        if args.write:
            figures = {"simulations": args.match_sims, "deals": deals, "rows": rows}
            write_figures(VALUE, {"screens": figures})
        return
    if args.quick:
        args.ladder, args.selfplay, args.sims, args.epochs = 2, 4, 10, 2
        args.match_deals = min(args.match_deals, 2)
    start = time.perf_counter()
    history = []
    with ProcessPoolExecutor(2) as pool:
        plan = [(kinds, share * args.ladder) for kinds, share in LADDER]
        data = generate(pool, plan, seed=args.seed * 1_000_000, cache=args.cache)
        before = 0  # the first game of the newest generation
        model: ValueModel | None = None
        models: list[ValueModel] = []
        for generation in range(args.generations + 1):
            if generation:
                assert model is not None
                selfplay = [(("expert", "expert"), args.selfplay)]
                newest = generate(
                    pool, selfplay, seed=args.seed * 1_000_000 + generation * 100_000,
                    model=model.to_json(), sims=args.sims, chunk=10, cache=args.cache,
                )  # fmt: skip
                before = int(data.game.max()) + 1
                data = data + newest
            train, held = data.split()
            held = held.take(held.game >= before)  # the newest games' held-out part
            model, curve = fit(
                train, hidden=args.hidden, epochs=args.epochs, seed=args.seed, held_out=held,
                drop=args.drop,
            )  # fmt: skip
            quality = scores(model, held)
            entry = {
                "generation": generation,
                "games": int(data.game.max()) + 1,
                "positions": len(data),
                "curve": [round(c, 5) for c in curve],
                **{k: round(v, 5) for k, v in quality.items()},
            }
            print(
                f"generation {generation}: {entry['positions']} rows from {entry['games']} games;"
                f" held-out log loss {quality['log_loss']:.4f} (hand-set "
                f"{quality['handset_log_loss']:.4f}), Brier {quality['brier']:.4f} (hand-set "
                f"{quality['handset_brier']:.4f}); curve {entry['curve']}"
                f"   [{time.perf_counter() - start:5.0f} s]",
                flush=True,
            )
            if args.gate_deals:
                gate = screen(
                    {"hand-set value": "", f"generation {generation}": model.to_json()},
                    args.match_sims, args.gate_deals, args.cache,
                )  # fmt: skip
                entry["gate"] = gate[1]
                models.append(model)
            if args.match_deals and generation >= args.match_from:
                for label, rival in (
                    ("hand-set", ExpertPlayer.previous(simulations=args.match_sims)),
                    ("Cautious", CautiousPlayer()),
                ):
                    r = match(model, rival, args.match_deals, args.match_sims, seed=9 + generation)
                    entry[f"vs {label}"] = r
                    print(
                        f"  learned ({args.match_sims} sims) vs {label}: {r['won']} won "
                        f"{r['tied']} tied of {r['games']}: {r['win_rate']:.1%} "
                        f"(95% {r['low']:.1%} - {r['high']:.1%})"
                        f"   [{time.perf_counter() - start:5.0f} s]",
                        flush=True,
                    )
            history.append(entry)
    assert model is not None
    shipped = len(history) - 1
    if args.gate_deals:  # the generation whose Expert did best against the hand-set one
        shipped = max(range(len(history)), key=lambda g: history[g]["gate"]["minus_first"][0])
        model = models[shipped]
        print(f"shipping generation {shipped}", flush=True)
    if args.write:
        model.info = {
            "shipped_generation": shipped,
            "trained_by": "benchmarks/train_value.py",
            "arguments": {
                k: v for k, v in vars(args).items() if k not in ("write", "quick", "cache", "out")
            },
            "generations": history,
        }
        args.out.write_text(model.to_json(), encoding="utf-8")
        print(f"wrote {args.out}")
    print(json.dumps(history[-1]))


if __name__ == "__main__":
    main()
