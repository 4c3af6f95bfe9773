"""The figures of lessons 05 and 07: what their players and learning agent really achieve.

    nice python benchmarks/learning.py [--games 200] [--quick]

Prints every figure and writes ``benchmarks/LEARNING.md`` (``--quick``: a few games of
each, printed only, to check that the script works).  Everything is seeded and played in
this one process, so the same command writes the same file.

It measures the code the lessons show, taken from the notebooks' own cells (a cell that
defines ``example_player`` in notebook 05, ``train`` in notebook 07), so that a figure a
lesson reads is a figure of the code its students read:

- **05**: the worked example and a random player (``my_player`` as it stands) against the
  ladder, with the games and seeds of the lesson's ``ladder`` (100 games, seed 1) and
  ``target`` (100 games against Greedy, seed 2), each with its 95 % interval;
- **07**: the learning agent of :mod:`dweebies_widget.adapters.selfplay` against Greedy and
  Cautious (seat-rotated, ``--games`` games each, 95 % intervals): untrained (weights 0),
  hand-set (weights (1, -1, 0): collect minus reply), and trained by 100 games of self-play
  with three training seeds, without and with a reward baseline (the lesson's ``train``);
- **what the observation leaves out**: the observation counts each seat's collected cards but
  not which Dweebies they were, so the agent's ``reply`` fears collected Dweebies too.  The
  worked example of 05 (the same rule as the hand-set weights, read from a view) is measured
  against Greedy as it is and made blind in the same way (it fears the collected Dweebies
  too): the difference is what that gap costs;
- **reading time** of each lesson: words of its Markdown and of its code cells shown (150
  words a minute), half a minute a code cell, a minute a question.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter
from pathlib import Path
from statistics import mean
from typing import Any

import numpy as np

from dweebies_widget.adapters.pettingzoo import env
from dweebies_widget.adapters.selfplay import (
    FEATURES,
    LinearPolicy,
    Record,
    evaluate,
    features,
    self_play,
)
from dweebies_widget.ai import CautiousPlayer, GreedyPlayer, RandomPlayer, tournament
from dweebies_widget.cards import COPIES, NUM_DWEEBIES
from dweebies_widget.lessons import lesson

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "benchmarks" / "LEARNING.md"
SEEDS = (0, 1, 2)
TRAIN_GAMES = 100
HAND_SET = (1.0, -1.0, 0.0)
WORDS_PER_MINUTE = 150
MINUTES_PER_CELL = 0.5
MINUTES_PER_QUESTION = 1.0


# ----------------------------------------------------------------- the lessons' own code
def lesson_cells(notebook: str) -> list[dict[str, Any]]:
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    return [c for c in cells if c["cell_type"] in ("code", "markdown")]


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else str(text)


def defined(notebook: str, name: str, **names: Any) -> Any:
    """The function ``name`` as the notebook's cell that defines it writes it (run with the
    given ``names`` and the notebook's first code cell, its imports)."""
    cells = [source(c) for c in lesson_cells(notebook) if c["cell_type"] == "code"]
    found = [s for s in cells if re.search(rf"^def {name}\(", s, re.M)]
    if len(found) != 1:
        raise LookupError(f"{notebook}: one cell defining {name}() expected, found {len(found)}")
    space: dict[str, Any] = dict(names)
    exec(compile(cells[0], f"{notebook} imports", "exec"), space)  # noqa: S102 - our own notebook
    exec(compile(found[0], f"{notebook} {name}", "exec"), space)  # noqa: S102 - our own notebook
    return space[name]


# ----------------------------------------------------------------- measuring
def rate(won: int, tied: int, lost: int, low: float, high: float) -> dict[str, Any]:
    games = won + tied + lost
    return {
        "won": won, "tied": tied, "lost": lost, "games": games,
        "rate": round((won + tied / 2) / games, 4), "low": round(low, 4), "high": round(high, 4),
    }


def from_record(record: Record) -> dict[str, Any]:
    return rate(record.won, record.tied, record.lost, *record.interval)


def match(player: Any, opponent: Any, games: int, seed: int) -> dict[str, Any]:
    """A seat-rotated two-player tournament; the first player's figures."""
    row = tournament([player, opponent], games=games, seed=seed, executor=None,
                     progress=False).rows[0]
    return rate(row.wins, row.ties, row.games - row.wins - row.ties, row.ci_low, row.ci_high)


def show(label: str, r: dict[str, Any], started: float) -> None:
    print(f"  {label:<46} {r['won']:>4} won {r['tied']:>3} tied {r['lost']:>4} lost of "
          f"{r['games']}: {r['rate']:6.1%} (95 % {r['low']:.1%} - {r['high']:.1%})"
          f"  [{time.perf_counter() - started:4.0f} s]", flush=True)


class BlindToCollected:
    """A view whose hidden cards also hold every collected Dweebie, as the learning agent's
    observation has it (it counts collected cards but does not say which they were)."""

    def __init__(self, view: Any) -> None:
        self._view = view
        seen = Counter(view.board.values()) + Counter(view.hand) + Counter(view.unseen)
        gone = [d for d in range(NUM_DWEEBIES) if seen[d] < COPIES[d]]
        self.unseen = tuple(sorted((*view.unseen, *gone)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._view, name)


def lesson_05(games: int) -> dict[str, Any]:
    print("Lesson 05: the ladder (100 games, seed 1) and the target (100 games, seed 2)")
    example = defined("05_build_your_own_ai.ipynb", "example_player")
    my_player = defined("05_build_your_own_ai.ipynb", "my_player")
    out: dict[str, Any] = {"ladder": {}, "target": {}}
    for label, player in (("example_player", example), ("my_player", my_player)):
        out["ladder"][label] = {}
        for opponent in (RandomPlayer(), GreedyPlayer(), CautiousPlayer()):
            started = time.perf_counter()
            r = match(player, opponent, games, seed=1)
            out["ladder"][label][opponent.name] = r
            show(f"{label} vs {opponent.name}", r, started)
        started = time.perf_counter()
        out["target"][label] = r = match(player, GreedyPlayer(), games, seed=2)
        show(f"{label} vs Greedy (the target's games)", r, started)
    return out


def lesson_07(games: int, train_games: int) -> dict[str, Any]:
    print(f"Lesson 07: the learning agent, {games} games a match, seed 1")
    opponents = (GreedyPlayer(), CautiousPlayer())
    train = defined("07_rl_ecosystem.ipynb", "train", env=env, np=np, features=features,
                    FEATURES=FEATURES)
    out: dict[str, Any] = {"games": games, "train_games": train_games, "seeds": list(SEEDS),
                           "features": list(FEATURES), "hand_set": list(HAND_SET)}

    def measure(label: str, weights: Any) -> dict[str, Any]:
        policy = LinearPolicy(np.array(weights, dtype=float))
        found: dict[str, Any] = {"weights": [round(float(w), 3) for w in policy.weights]}
        for opponent in opponents:
            started = time.perf_counter()
            r = from_record(evaluate(policy, opponent, games, seed=1))
            found[opponent.name] = r
            show(f"{label} vs {opponent.name}", r, started)
        return found

    out["untrained"] = measure("untrained (0, 0, 0)", np.zeros(len(FEATURES)))
    out["hand_set_agent"] = measure(f"hand-set {HAND_SET}", HAND_SET)
    for kind, with_baseline in (("trained", False), ("baseline", True)):
        out[kind] = []
        for seed in SEEDS:
            started = time.perf_counter()
            if with_baseline:
                policy = train(LinearPolicy(), train_games, seed=seed, baseline=True)
            else:
                policy = LinearPolicy()
                self_play(policy, train_games, seed=seed)
            print(f"  trained seed {seed} ({kind}) in {time.perf_counter() - started:.0f} s: "
                  f"weights {np.round(policy.weights, 2).tolist()}", flush=True)
            found = measure(f"{kind} seed {seed}", policy.weights)
            out[kind].append({"seed": seed, **found})
        for opponent in opponents:
            rates = [r[opponent.name]["rate"] for r in out[kind]]
            out[f"{kind}_{opponent.name}"] = {
                "mean": round(mean(rates), 4), "min": min(rates), "max": max(rates),
            }
    print("What the observation leaves out: the worked example of 05 against Greedy")
    example = defined("05_build_your_own_ai.ipynb", "example_player")

    def blind(view: Any, rng: Any) -> Any:
        return example(BlindToCollected(view), rng)

    for label, player in (("example_player", example), ("example_blind", blind)):
        started = time.perf_counter()
        out[label] = r = match(player, GreedyPlayer(), games, seed=1)
        show(f"{label} vs Greedy", r, started)
    return out


def reading_minutes(notebook: str) -> dict[str, Any]:
    """How long a 15-year-old takes to read the lesson and answer its questions, in all and
    section by section (a section starts at a ``## `` heading)."""
    number = notebook[:2]
    quiz = len(lesson(number).exit_quiz)
    sections: list[dict[str, Any]] = [
        {"title": "(top)", "words": 0, "code_cells": 0, "questions": 0}
    ]
    for cell in lesson_cells(notebook):
        text = source(cell)
        if cell["cell_type"] == "markdown":
            for heading in re.findall(r"^## (.+)$", text, re.M):
                sections.append({"title": heading, "words": 0, "code_cells": 0, "questions": 0})
        here = sections[-1]
        hidden = cell.get("metadata", {}).get("jupyter", {}).get("source_hidden", False)
        if cell["cell_type"] == "code":
            here["code_cells"] += 1
            here["questions"] += len(re.findall(r"\bask\(", text))
            here["questions"] += quiz * len(re.findall(r"\bexit_quiz\(", text))
            if hidden:
                continue
        here["words"] += len(re.findall(r"[A-Za-z0-9_']+", text))
    for here in sections:
        here["minutes"] = round(
            here["words"] / WORDS_PER_MINUTE
            + here["code_cells"] * MINUTES_PER_CELL
            + here["questions"] * MINUTES_PER_QUESTION,
            1,
        )
    total = {k: sum(h[k] for h in sections) for k in ("words", "code_cells", "questions")}
    return {**total, "minutes": round(sum(h["minutes"] for h in sections)), "sections": sections}


def reading() -> dict[str, Any]:
    return {n[:2]: reading_minutes(n) for n in
            ("05_build_your_own_ai.ipynb", "07_rl_ecosystem.ipynb")}


# ----------------------------------------------------------------- the report
def pct(r: dict[str, Any]) -> str:
    return (f"{r['won']} won {r['tied']} tied {r['lost']} lost of {r['games']}: "
            f"{r['rate']:.1%} (95 % {r['low']:.1%} - {r['high']:.1%})")


def report(figures: dict[str, Any]) -> str:
    f05, f07, read = figures["05"], figures["07"], figures["reading"]
    lines = [
        "# Lessons 05 and 07: measured figures",
        "",
        "Written by `nice python benchmarks/learning.py` (one process, seeded: the same command",
        f"writes the same figures) in {figures['minutes_to_run']} minutes. Win rates count a tie",
        "as half a win; every match is seat-rotated (each deal played from both seats) with a",
        "95 % Wilson interval. Notebook 07 reads the JSON block at the end.",
        "",
        "## Lesson 05: the ladder and the target",
        "",
    ]
    for label in ("example_player", "my_player"):
        for opponent, r in f05["ladder"][label].items():
            lines.append(f"- {label} vs {opponent} (ladder, seed 1): {pct(r)}")
        lines.append(f"- {label} vs Greedy (target, seed 2): {pct(f05['target'][label])}")
    g = f07["games"]
    lines += [
        "",
        f"## Lesson 07: the learning agent ({g} games a match)",
        "",
        f"- untrained vs Greedy: {pct(f07['untrained']['Greedy'])}",
        f"- untrained vs Cautious: {pct(f07['untrained']['Cautious'])}",
        f"- hand-set {tuple(f07['hand_set'])} vs Greedy: {pct(f07['hand_set_agent']['Greedy'])}",
        f"- hand-set {tuple(f07['hand_set'])} vs Cautious: "
        f"{pct(f07['hand_set_agent']['Cautious'])}",
    ]
    for kind, words in (("trained", "REINFORCE"), ("baseline", "REINFORCE with a baseline")):
        for run in f07[kind]:
            for opponent in ("Greedy", "Cautious"):
                lines.append(f"- {words}, seed {run['seed']} (weights {run['weights']}) vs "
                             f"{opponent}: {pct(run[opponent])}")
        for opponent in ("Greedy", "Cautious"):
            s = f07[f"{kind}_{opponent}"]
            lines.append(f"- {words}, {len(f07[kind])} seeds vs {opponent}: mean {s['mean']:.1%}"
                         f", from {s['min']:.1%} to {s['max']:.1%}")
    lines += [
        f"- worked example of 05 vs Greedy: {pct(f07['example_player'])}",
        f"- the same, blind to which Dweebies were collected: {pct(f07['example_blind'])}",
        "",
        "## Reading time (150 words a minute, half a minute a code cell, a minute a question)",
        "",
    ]
    for number, r in read.items():
        lines.append(f"- lesson {number}: {r['words']} words, {r['code_cells']} code cells, "
                     f"{r['questions']} questions: {r['minutes']} minutes")
        for here in r["sections"]:
            lines.append(f"  - {here['title']}: {here['minutes']} minutes ({here['words']} words,"
                         f" {here['code_cells']} code cells, {here['questions']} questions)")
    lines += ["", "```json", json.dumps(figures, indent=1, sort_keys=True), "```", ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games a match of lesson 07")
    parser.add_argument("--quick", action="store_true", help="a few games, nothing written")
    parser.add_argument("--reading", action="store_true",
                        help="only measure the reading times again (and rewrite LEARNING.md)")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.reading:
        found = re.search(r"```json\n(.*?)\n```", OUT.read_text(encoding="utf-8"), re.S)
        if found is None:
            raise SystemExit(f"{OUT.name} has no figures yet: run the whole benchmark first")
        figures = json.loads(found[1])
        figures["reading"] = reading()
        if "minutes_to_run" not in figures:  # a file written before the figure was kept
            took = re.search(r"figures\) in (\d+) minutes", OUT.read_text(encoding="utf-8"))
            figures["minutes_to_run"] = int(took[1]) if took else 0
    else:
        games = 4 if args.quick else args.games
        figures = {
            "05": lesson_05(4 if args.quick else 100),
            "07": lesson_07(games, 2 if args.quick else TRAIN_GAMES),
            "reading": reading(),
            "minutes_to_run": 0,
        }
        figures["minutes_to_run"] = round((time.perf_counter() - started) / 60)
    for number, r in figures["reading"].items():
        print(f"lesson {number}: {r['words']} words, {r['code_cells']} code cells, "
              f"{r['questions']} questions: {r['minutes']} minutes to read")
        for here in r["sections"]:
            print(f"  {here['title']}: {here['minutes']} minutes")
    if not args.quick:
        OUT.write_text(report(figures), encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
