"""The AI lesson (notebooks 04 and 05) states facts about the code and the benchmarks; these
tests keep them true when the code changes.

nbval re-runs the notebooks and compares their outputs; what it cannot see is the text:
the formulas written in Markdown, the numbers in a question's prompt, the figures read from
``benchmarks/RESULTS.md``, and whether a saved notebook gives an answer away.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from dweebies_widget import Game, Move
from dweebies_widget.ai import CautiousPlayer, ExpertPlayer, beliefs
from dweebies_widget.ai.base import hold_chance
from dweebies_widget.ai.beliefs import BeliefModel, clue_factor
from dweebies_widget.ai.expert import SWING, Node, win_chances

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "notebooks" / "04_ai_opponents.ipynb"
OWN_AI = ROOT / "notebooks" / "05_build_your_own_ai.ipynb"


def cells(path: Path) -> list[dict[str, Any]]:
    return list(json.loads(path.read_text(encoding="utf-8"))["cells"])


def text(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def markdown(path: Path) -> str:
    return "\n".join(text(c) for c in cells(path) if c["cell_type"] == "markdown")


def code_cell(path: Path, start: str) -> str:
    found = [text(c) for c in cells(path) if c["cell_type"] == "code" and start in text(c)]
    assert len(found) == 1, f"one code cell with {start!r} expected, found {len(found)}"
    return found[0]


# ----------------------------------------------------------------- the selection formulas
def puct_as_taught(root: Node, moves: list[Move], prior: dict[Move, float], n: int) -> Move:
    """The root's score exactly as the lesson writes it."""
    c = ExpertPlayer().exploration
    untried = 0.0  # a move not tried yet: Q = 0 (first_play)
    scores = {}
    for m in moves:
        child = root.children[m]
        q = child.total / child.visits if child.visits else untried
        scores[m] = q + c * math.sqrt(n) * prior[m] / (1 + child.visits)
    return max(moves, key=lambda m: scores[m])


def random_root(rng: random.Random, visits: int) -> tuple[Node, list[Move], dict[Move, float]]:
    root = Node(player=-1)
    root.visits = visits
    cells = [(rng.randrange(-5, 5), rng.randrange(-5, 5)) for _ in range(8)]
    moves = list(dict.fromkeys(Move(rng.randrange(27), cell) for cell in cells))
    for m in moves:
        child = root.children[m] = Node(0)
        child.visits = rng.choice([0, 0, 1, 2, 5, 30, 200])
        child.total = child.visits * rng.random()
    weights = [rng.random() ** 3 for _ in moves]
    prior = {m: w / sum(weights) for m, w in zip(moves, weights, strict=True)}
    return root, moves, prior


def test_the_root_formula_taught_is_the_one_the_code_computes() -> None:
    rng = random.Random(0)
    expert = ExpertPlayer(simulations=10)
    for trial in range(400):
        visits = 0 if trial % 4 == 0 else rng.randrange(1, 500)
        root, moves, prior = random_root(rng, visits)
        n = rng.randrange(1, 1000)
        taught = puct_as_taught(root, moves, prior, n)
        assert expert.puct_choice(root, moves, prior, n) == taught


def test_the_lesson_writes_the_formulas_and_constants_of_the_code() -> None:
    words = markdown(LESSON)
    expert = ExpertPlayer()
    assert r"Q(m) + c\,\sqrt{n}\;\frac{P(m)}{1 + N(m)}" in words
    assert r"Q(m) + c\,\sqrt{\frac{\ln A(m)}{N(m)}}" in words
    assert f"$c = {expert.exploration:g}$" in words
    assert f"$T = {expert.temperature:g}$ card" in words
    assert "1.5\\sqrt{\\text{cards left} + 1}" in words and SWING == 1.5
    assert "A move not tried yet gets $Q = 0$ (`first_play`)" in words
    assert expert.first_play == 0.0


def pick_as_taught(node: Node, legal: list[Move]) -> Move:
    """A deeper node's choice exactly as the lesson writes it: an untried move scores 2,
    a tried one min(UCB, 2), with A(m) counting this round; the first listed wins ties."""
    c = ExpertPlayer().exploration
    scores = {}
    for m in legal:
        ch = node.children.get(m)
        if ch is None:
            scores[m] = 2.0
        else:
            scores[m] = min(
                ch.total / ch.visits + c * math.sqrt(math.log(ch.avail + 1) / ch.visits), 2.0
            )
    return next(m for m in legal if scores[m] == max(scores.values()))


def test_the_deeper_formula_taught_is_the_one_the_code_computes() -> None:
    rng = random.Random(1)
    expert = ExpertPlayer()
    game = Game(players=2, seed=0)  # the seat of a new node only
    capped = 0
    for _ in range(600):
        node = Node(0)
        legal = list(
            dict.fromkeys(Move(rng.randrange(27), (0, rng.randrange(40))) for _ in range(6))
        )
        for m in legal:
            if rng.random() < 0.15:
                continue  # not tried here yet
            child = node.children[m] = Node(1)
            child.visits = rng.randrange(1, 200)
            child.total = child.visits * rng.random()
            child.avail = child.visits + rng.randrange(0, 2000)
        expected = pick_as_taught(node, legal)
        capped += expected in node.children and node.children[expected].visits < 20
        assert expert.ucb_choice(node, legal, game)[1] == expected
    assert capped  # the cap at 2 was met, not only plain UCB


def test_the_judgement_taught_is_the_one_the_code_computes() -> None:
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 9}, hands=[[3, 4], [5, 6]], pile=[7, 8], scores=[7, 3]
    )
    left = game.pile_size + len(game.board) + sum(game.hand_sizes)
    phi = 0.5 * (1 + math.erf(4 / (1.5 * math.sqrt(left + 1)) / math.sqrt(2)))
    assert win_chances(game) == pytest.approx([phi, 1 - phi])


def test_the_real_code_shown_is_the_current_code() -> None:
    import html
    import inspect

    stored = {
        "ExpertPlayer.puct_choice": ExpertPlayer.puct_choice,
        "ExpertPlayer.ucb_choice": ExpertPlayer.ucb_choice,
        "win_chances": win_chances,
    }
    outputs = " ".join(
        "".join(o["data"]["text/html"])
        for c in cells(LESSON)
        if c["cell_type"] == "code"
        for o in c["outputs"]
        if "text/html" in o.get("data", {})
    )
    for label, function in stored.items():
        assert label in outputs
        assert html.escape(inspect.getsource(function), quote=False) in outputs, label


# ----------------------------------------------------------------- Cautious's chance
def test_the_hold_chance_question_states_the_position_the_notebook_builds() -> None:
    position = Game(players=2, seed=3)
    rng = random.Random(5)
    for _ in range(24):
        position.play(CautiousPlayer().choose(position.view(position.current_player), rng))
    seen = position.view(0)
    unseen = Counter(seen.unseen)
    assert (len(seen.unseen), unseen[10], seen.hand_sizes[1]) == (25, 2, 5)
    prompt = code_cell(LESSON, "is the chance that Ben holds at least one Kazoo")
    assert "25 cards are unseen by Ana, 2 of them Kazoos. Ben holds 5 of the 25" in prompt
    chance = hold_chance(unseen, 5)[10]
    assert f'"{round(100 * chance)} %"' in prompt  # the right choice
    hands = list(itertools.combinations(range(25), 5))
    with_kazoo = sum(any(seen.unseen[i] == 10 for i in hand) for hand in hands)
    assert with_kazoo / len(hands) == pytest.approx(chance)


# ----------------------------------------------------------------- beliefs
def test_the_skipped_line_example_moves_the_beliefs_as_the_lesson_says() -> None:
    setup = code_cell(LESSON, "skip = Game.from_position(")
    space: dict[str, Any] = {"Game": Game}
    exec(setup.split("print(")[0], space)  # noqa: S102 - the notebook's own position
    skip: Game = space["skip"]
    assert len(skip.would_collect((0, 4))[18]) == 5
    skip.play(3, (1, 0))
    view = skip.view(0)
    model = BeliefModel(view)
    kept = 4 / 5
    rate = model.pass_rates[1]
    assert model.weights[1][18] == pytest.approx((1 - kept) + kept * clue_factor(5, rate))
    held = beliefs(view)[1]
    share = view.hand_sizes[1] * Counter(view.unseen)[18] / len(view.unseen)
    assert held[18] < share / 2
    assert sum(held.values()) == pytest.approx(5)


# ----------------------------------------------------------------- measured figures
def run_cell_until(cell: str, stop: str = "print(") -> dict[str, Any]:
    """Run ``cell`` up to its first ``stop`` in the notebooks folder, where the lesson runs
    (it reads ``../benchmarks/RESULTS.md``), and return the names it made."""
    space: dict[str, Any] = {}
    here = os.getcwd()
    os.chdir(ROOT / "notebooks")
    try:
        exec("import re\nfrom pathlib import Path\n" + cell.split(stop)[0], space)  # noqa: S102
    finally:
        os.chdir(here)
    return space


def test_the_figures_the_lesson_reads_are_in_results_md() -> None:
    space = run_cell_until(code_cell(LESSON, 'results_md = Path("../benchmarks/RESULTS.md")'))
    measured = space["measured"]
    greedy = measured[("Expert (0.25 s)", "Greedy")]
    cautious = measured[("Expert (0.25 s)", "Cautious")]
    assert int(cautious["games"]) == 400
    question = code_cell(LESSON, "which opponent should the curve be measured against")
    assert f"wins about {round(float(greedy['rate']))} % of its games" in question
    assert f"beats Greedy {measured[('Cautious', 'Greedy')]['rate']} %" in question
    assert space["rounds_per_second"] > 0


# ----------------------------------------------------------------- the lesson's shape
@pytest.mark.parametrize("path", [LESSON, OWN_AI], ids=lambda p: p.name)
def test_the_top_says_who_how_long_and_what_after(path: Path) -> None:
    top = text(cells(path)[0])
    for heading in ("**Who it is for:**", "**How long:**", "**After it you will be able to:**"):
        assert heading in top


def test_every_section_of_the_lesson_asks_a_question() -> None:
    sections: list[list[dict[str, Any]]] = []
    for cell in cells(LESSON):
        headings = [
            line
            for line in text(cell).splitlines()
            if cell["cell_type"] == "markdown" and line.startswith("## ")
        ]
        if any(h.startswith("## What next") for h in headings):
            break
        sections.extend([] for _ in headings)
        if sections:
            sections[-1].append(cell)
    assert len(sections) == 9
    for section in sections:
        assert any(c["cell_type"] == "code" and "QuestionWidget(" in text(c) for c in section)


@pytest.mark.parametrize("path", [LESSON, OWN_AI], ids=lambda p: p.name)
def test_saved_questions_keep_their_answers(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    state = notebook["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    questions = [m["state"] for m in state.values() if "prompt" in m["state"]]
    asked = sum("QuestionWidget(" in text(c) for c in notebook["cells"] if c["cell_type"] == "code")
    assert len(questions) == asked > 0
    for q in questions:
        assert (q["right"], q["why"], q["verdict"], q["submitted"]) == (-1, "", "", False)


def test_the_ceiling_the_lesson_reads_says_what_its_text_says() -> None:
    """Section 7 reads what seeing the hidden cards is worth from RESULTS.md and says that
    Cautious's hand is most of it, and that beliefs win about as often as they lose."""
    cell = code_cell(LESSON, 'for what in ("no hidden card", "every hand", "the true deal")')
    space = run_cell_until(cell, "    print(")
    ceiling = space["ceiling"]
    hand = ceiling["every hand"] - ceiling["no hidden card"]
    pile = ceiling["the true deal"] - ceiling["every hand"]
    assert hand > pile > 0
    assert "Most of what the Expert does not know is Cautious's hand" in markdown(LESSON)
    results = (ROOT / "benchmarks" / "RESULTS.md").read_text(encoding="utf-8")
    row = re.search(
        r"Expert \(0.25 s\) vs previous Expert\s+(\d+) won\s+(\d+) tied\s+(\d+) lost of (\d+)",
        results,
    )
    assert row is not None
    won, lost, games = int(row[1]), int(row[3]), int(row[4])
    assert abs(won - lost) <= 0.05 * games
    assert "wins about as\noften as it loses against the Expert without them" in markdown(LESSON)
