"""The AI lesson (notebook 04, with a few checks of 05) states facts about the code and the
benchmarks; these tests keep them true when the code changes.

nbval re-runs the notebooks and compares their outputs; what it cannot see is the text:
the formulas written in Markdown, each question of ``dweebies_widget/lessons/data/04.json``
(its right answer is checked against the engine and the players wherever it states a fact),
the figures read from ``benchmarks/RESULTS.md`` (the budget curve of
``benchmarks/budget_curve.py`` included), and whether a saved notebook gives an answer away.
"""

from __future__ import annotations

import html
import importlib.util
import inspect
import itertools
import json
import math
import os
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from dweebies_widget import NAMES, Game, Move
from dweebies_widget.ai import CautiousPlayer, ExpertPlayer, GreedyPlayer, RandomPlayer, beliefs
from dweebies_widget.ai.base import hold_chance
from dweebies_widget.ai.beliefs import BeliefModel, clue_factor
from dweebies_widget.ai.cautious import cautious_values
from dweebies_widget.ai.expert import PRIOR_SAMPLES, SWING, Node, win_chances
from dweebies_widget.ai.tournament import wilson
from dweebies_widget.lessons import lesson, question

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "notebooks" / "04_ai_opponents.ipynb"
OWN_AI = ROOT / "notebooks" / "05_build_your_own_ai.ipynb"
RESULTS = ROOT / "benchmarks" / "RESULTS.md"


def benchmark() -> Any:
    """``benchmarks/budget_curve.py``, loaded as a module (benchmarks/ is not a package)."""
    spec = importlib.util.spec_from_file_location("budget_curve", ROOT / "benchmarks" /
                                                  "budget_curve.py")  # fmt: skip
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


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


def outputs_text(path: Path) -> str:
    """Every stored output of a notebook as text: streams, plain text and HTML (unescaped)."""
    parts = []
    for c in cells(path):
        for o in c.get("outputs", []):
            parts.append("".join(o.get("text", "")))
            data = o.get("data", {})
            parts.append("".join(data.get("text/plain", "")))
            parts.append(html.unescape("".join(data.get("text/html", ""))))
    return "\n".join(parts)


def test_the_real_code_shown_is_the_current_code() -> None:
    shown = outputs_text(LESSON)
    for label, function in {
        "ExpertPlayer.puct_choice": ExpertPlayer.puct_choice,
        "ExpertPlayer.ucb_choice": ExpertPlayer.ucb_choice,
    }.items():
        assert label in shown
        assert inspect.getsource(function) in shown, label
    assert inspect.getsource(win_chances) in shown
    # ExpertPlayer.choose answers question 04.pick, so it is shown only once it is answered.
    assert "ExpertPlayer.choose" in code_cell(LESSON, 'reveal("04.pick"')
    assert inspect.getsource(ExpertPlayer.choose) not in shown


# ----------------------------------------------------------------- the questions' facts
def right(qid: str) -> str:
    q = question(qid)
    return q.choices[q.answer]


def percent(x: float) -> str:
    return f"{round(100 * x)} %"


def test_view_a_fair_player_cannot_tell_hands_or_the_pile_order_apart() -> None:
    """04.view: the view holds the table, the scores, the history and the own hand, and is
    the same whatever the other hand and the draw pile's order are."""
    board = {(0, 0): 20, (0, 1): 9}
    a = Game.from_position(board=board, hands=[[3, 4], [5, 6]], pile=[7, 8], scores=[2, 1])
    b = Game.from_position(board=board, hands=[[3, 4], [8, 7]], pile=[6, 5], scores=[2, 1])
    assert a.hand(1) != b.hand(1) and a.pile != b.pile
    assert a.view(0) == b.view(0)
    view = a.view(0)
    assert view.hand == (3, 4) and view.scores == (2, 1) and dict(view.board) == board
    assert sorted(view.unseen) == [5, 6, 7, 8]  # which cards are hidden, not where
    assert question("04.view").answer == 2 and "not who holds them" in right("04.view")


def test_trap_the_greedy_move_hands_ben_the_row_and_ben_surely_holds_a_squonk() -> None:
    q = question("04.trap")
    assert q.position is not None
    trap = q.position.copy()
    ana = trap.view(0)
    jibber = Move(9, (1, -1))
    assert trap.is_legal(jibber)  # choice C is false: nothing forbids it
    assert len(trap.would_collect((1, -1))[9]) == 3
    assert GreedyPlayer().choose(ana, random.Random(0)) == jibber
    # Every deal that fits Ana's view gives Ben a Squonk (18).
    hidden = list(ana.unseen)
    assert Counter(hidden)[18] == 2 and len(hidden) == 4 and ana.hand_sizes[1] == 3
    for order in itertools.permutations(hidden):
        hands, _pile = ana.deal_unseen(list(order))
        assert 18 in hands[1]
    after = trap.copy()
    after.play(jibber)
    assert len(after.would_collect((0, 7))[18]) == 8
    values = CautiousPlayer().analyze(ana)
    assert values[jibber] == pytest.approx(3 - 8)
    assert max(values.values()) > values[jibber]  # not a good move
    assert q.answer == 1 and "Ben surely holds a Squonk" in right("04.trap")


def test_the_hold_chance_question_states_the_position_the_notebook_builds() -> None:
    position = Game(players=2, seed=3)
    rng = random.Random(5)
    for _ in range(24):
        position.play(CautiousPlayer().choose(position.view(position.current_player), rng))
    seen = position.view(0)
    unseen = Counter(seen.unseen)
    assert (len(seen.unseen), unseen[10], seen.hand_sizes[1]) == (25, 2, 5)
    q = question("04.chance")
    assert "25 cards are hidden from Ana, 2 of them Kazoos. Ben holds 5 of the 25" in q.prompt
    chance = hold_chance(unseen, 5)[10]
    assert right("04.chance") == percent(chance)  # the right choice
    wrong = [c for i, c in enumerate(q.choices) if i != q.answer]
    assert wrong == [f"{percent(2 / 25)} (2 in 25)", f"{percent(5 / 25)} (5 in 25)",
                     f"{percent(5 * 2 / 25)} (5 times 2 in 25)"]  # fmt: skip
    hands = list(itertools.combinations(range(25), 5))
    with_kazoo = sum(any(seen.unseen[i] == 10 for i in hand) for hand in hands)
    assert with_kazoo / len(hands) == pytest.approx(chance)
    assert f"{1 - chance:.3f}" in q.why and f"{chance:.3f}" in q.why


def test_odds_the_exit_question_is_the_hypergeometric_chance() -> None:
    q = question("04.odds")
    assert "12 cards are hidden from Ana; 3 of them are Zuzus. Ben holds 4 of the 12" in q.prompt
    zuzu = NAMES.index("Zuzu")
    chance = hold_chance(Counter({zuzu: 3, 0: 9}), 4)[zuzu]
    assert right("04.odds") == percent(chance)
    assert math.comb(9, 4) == 126 and math.comb(12, 4) == 495 and "126 / 495" in q.why
    wrong = [c for i, c in enumerate(q.choices) if i != q.answer]
    assert wrong == [f"{percent(3 / 12)} (3 in 12)", f"{percent(4 / 12)} (4 in 12)",
                     f"{percent(4 * 3 / 12)} (4 times 3 in 12)"]  # fmt: skip


def positions(games: int, moves: int = 12) -> list[Game]:
    """Positions of Cautious-against-Cautious games, each ``moves`` or more moves in."""
    found = []
    for seed in range(games):
        game = Game(players=2, seed=100 + seed)
        rng = random.Random(seed)
        for _ in range(moves + seed % 7):
            game.play(CautiousPlayer().choose(game.view(game.current_player), rng))
        found.append(game)
    return found


def test_pick_the_expert_plays_the_most_tried_move_not_the_best_average() -> None:
    assert right("04.pick") == "The move tried in the most rounds"
    expert = ExpertPlayer(simulations=100)
    differ = 0
    for game in positions(8):
        view = game.view(game.current_player)
        root = expert.search(view, random.Random(0))
        children = root.children
        most = max(children.values(), key=lambda n: n.visits).visits
        played = expert.choose(view, random.Random(0))
        assert children[played].visits == most
        tried = [m for m in children if children[m].visits]
        best = max(children[m].total / children[m].visits for m in tried)
        differ += children[played].total / children[played].visits < best
    assert differ  # choice A is another move in some positions


def test_fusion_the_numbers_of_the_made_up_game() -> None:
    wait = {"Squonk": {"left": 3, "right": -3}, "Mumbo": {"left": -3, "right": 3}}
    clairvoyant = sum(0.5 * max(ends.values()) for ends in wait.values())
    honest = max(sum(0.5 * wait[g][end] for g in wait) for end in ("left", "right"))
    q = question("04.fusion")
    assert (clairvoyant, honest) == (3, 0)
    assert q.choices[0].startswith("+3") and right("04.fusion").startswith("0:")
    assert q.choices[2].startswith("+2")


def test_clue_a_skip_makes_a_squonk_less_likely_but_not_impossible() -> None:
    setup = code_cell(LESSON, "skip = Game.from_position(")
    space: dict[str, Any] = {"Game": Game}
    exec(setup.split("print(")[0], space)  # noqa: S102 - the notebook's own position
    skip: Game = space["skip"]
    skip.play(3, (1, 0))
    view = skip.view(0)
    fair = hold_chance(Counter(view.unseen), view.hand_sizes[1])[18]
    believed = BeliefModel(view).hold_chances()[1][18]
    assert 0 < believed < fair  # "probably", not "surely"
    assert right("04.clue") == "He probably holds no Squonk"


class Peeker:
    """A cheat: Cautious's idea, with the next player's real hand read from ``game``."""

    name = "Peeker"

    def __init__(self, game: Game) -> None:
        self.game = game

    def choose(self, view: Any, rng: random.Random) -> Move:
        game = self.game.copy()
        values = {}
        for move in view.legal_moves():
            now = len(game.play(move).collected)
            reply = 0 if game.is_over else game.best_collection(game.hand(game.current_player))[0]
            game.undo()
            values[move] = now - reply
        best = sorted(m for m, v in values.items() if v == max(values.values()))
        return best[rng.randrange(len(best))]


def test_peek_fair_players_make_one_move_in_games_that_look_the_same() -> None:
    position = positions(1, moves=10)[0]
    seen = position.view(position.current_player)
    rng = random.Random(0)
    guesses = []
    for _ in range(6):
        order = list(seen.unseen)
        rng.shuffle(order)
        guesses.append(seen.to_game(seen.deal_unseen(order)))
    assert all(g.view(seen.seat) == guesses[0].view(seen.seat) for g in guesses)
    assert len({g.hand(1 - seen.seat) for g in guesses}) > 1
    fair = [RandomPlayer(), GreedyPlayer(), CautiousPlayer(), ExpertPlayer(simulations=30)]
    for player in fair:
        moves = {player.choose(g.view(seen.seat), random.Random(1)) for g in guesses}
        assert len(moves) == 1, player.name
    peeked = {Peeker(g).choose(g.view(seen.seat), random.Random(1)) for g in guesses}
    assert len(peeked) > 1
    assert "the same move in all of them" in right("04.peek")


def test_node_the_tree_is_keyed_by_moves_and_merges_anas_draws() -> None:
    """04.node and the lesson's text: children are stored under moves only, so after Ana's
    move and Ben's reply one node holds Ana's moves with every card she drew in some guess."""
    trap = question("04.trap").position
    assert trap is not None
    ana = trap.view(0)
    tree = ExpertPlayer(simulations=300).search(ana, random.Random(0))
    stack = [tree]
    while stack:
        node = stack.pop()
        assert all(type(m) is Move for m in node.children)
        stack.extend(node.children.values())
    first = max(tree.children, key=lambda m: tree.children[m].visits)
    below = tree.children[first].children
    node = below[max(below, key=lambda m: below[m].visits)]
    held = set(ana.hand) - {first.dweebie}
    drawn = {m.dweebie for m in node.children} - held
    assert len(drawn) >= 2  # cards from different guesses' draws meet in one node
    assert right("04.node").startswith("The moves played since the root")
    words = markdown(LESSON)
    assert "**A node is keyed by moves\nonly**" in words
    assert 'A node is therefore *not* "what Ana knows"' in words


def test_prior_one_round_plays_a_move_cautious_values_most() -> None:
    trap = question("04.trap").position
    assert trap is not None
    collects_less = 0
    for game in [trap, *positions(10, moves=8)]:
        view = game.view(game.current_player)
        model = BeliefModel(view)
        chances = model.hold_chances(PRIOR_SAMPLES) if model.informed else None
        values = cautious_values(view, chances=chances)
        move = ExpertPlayer(simulations=1).choose(view, random.Random(0))
        assert values[move] == max(values.values())
        gains = view.public_game().collect_map()
        gain = gains.get(move.cell, {}).get(move.dweebie, 0)
        most = max(gains.get(m.cell, {}).get(m.dweebie, 0) for m in view.legal_moves())
        collects_less += gain < most
    assert collects_less  # choice B (Greedy's move) is another move in the trap
    assert "one Cautious would value most" in right("04.prior")


def test_paired_the_benchmark_plays_the_same_deals_at_every_budget_from_both_seats(
    tmp_path: Path,
) -> None:
    curve = benchmark()
    a = curve.play(curve.Point("A", 2), 0, 1)
    b = curve.play(curve.Point("B", 2), 0, 1)
    # A game's deal and luck come from the deal and the seat alone, not from the point.
    assert {k: v for k, v in a.items() if k not in ("label", "think")} == {
        k: v for k, v in b.items() if k not in ("label", "think")
    }
    log = tmp_path / "games.jsonl"
    argv = sys.argv
    sys.argv = ["budget_curve.py", "--quick", "--log", str(log)]
    try:
        curve.main()
    finally:
        sys.argv = argv
    games = curve.load_log(log)
    labels = {label for label, _, _ in games}
    assert len(labels) == 2
    for label in labels:
        assert {(d, s) for lab, d, s in games if lab == label} == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert right("04.paired").startswith("So that every budget meets the same luck")


def test_interval_the_exit_question_states_wilson_intervals() -> None:
    q = question("04.interval")
    low_a, high_a = wilson(0.66, 200)
    low_b, high_b = wilson(0.69, 200)
    assert f"66 % (95 % interval {100 * low_a:.1f}-{100 * high_a:.1f} %)" in q.prompt
    assert f"69 % ({100 * low_b:.1f}-{100 * high_b:.1f} %)" in q.prompt
    assert low_a < 0.69 < high_a and low_b < 0.66 < high_b
    assert round(100 * (high_a - low_a)) == 13 and "about 13 points wide" in q.why


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
    cell = code_cell(LESSON, 'results_md = Path("../benchmarks/RESULTS.md")')
    measured = run_cell_until(cell, "def show")["measured"]
    greedy = measured[("Expert (0.25 s)", "Greedy")]
    cautious = measured[("Expert (0.25 s)", "Cautious")]
    assert int(cautious["games"]) == 400
    q = question("04.budget")
    assert f"wins about {round(float(greedy['rate']))} % of its games" in q.prompt
    assert f"beats Greedy {measured[('Cautious', 'Greedy')]['rate']} %" in q.why


def test_the_budget_curve_in_results_md_holds_the_experiment_the_issue_asks_for() -> None:
    """At least 5 budgets of 200 or more paired games against Cautious, their paired
    differences, and one ablation on the same deals; the notebook reads these figures."""
    read = benchmark().read_results(RESULTS)
    curve = [p for p in read["points"] if "no prior" not in p["label"]]
    assert len(curve) >= 5
    assert all(p["games"] >= 200 and p["games"] == curve[0]["games"] for p in read["points"])
    for p in read["points"]:
        assert p["won"] + p["tied"] + p["lost"] == p["games"]
        rate = (p["won"] + p["tied"] / 2) / p["games"]
        assert p["rate"] == pytest.approx(rate, abs=0.0006)
        low, high = wilson(rate, p["games"])
        assert (p["low"], p["high"]) == pytest.approx((low, high), abs=0.0006)
    sims = [p["simulations"] for p in curve]
    assert [(d["a"], d["b"]) for d in read["differences"]] == list(
        zip(sims, sims[1:], strict=False)
    )
    assert len(read["overall"]) == 1 and read["overall"][0]["a"] == sims[0]
    assert read["overall"][0]["b"] == sims[-1]
    assert read["ablation"] and all(a["simulations"] in sims for a in read["ablation"])
    assert code_cell(LESSON, "from budget_curve import read_results")


def section_text(heading: str) -> str:
    """The Markdown of the lesson's section whose heading starts with ``heading``."""
    found, inside = [], False
    for cell in cells(LESSON):
        words = text(cell)
        if cell["cell_type"] == "markdown" and words.startswith("## "):
            inside = words.startswith(heading)
        if inside and cell["cell_type"] == "markdown":
            found.append(words)
    return "\n".join(found)


def test_every_figure_the_curve_text_quotes_is_in_results_md() -> None:
    """Section 6's text quotes win rates and paired differences: each one is a figure of the
    budget curve's section of RESULTS.md (or of the runs it corrects), so the words cannot
    drift from the measurement."""
    words = " ".join(section_text("## 6.").split())
    results = RESULTS.read_text(encoding="utf-8")
    curve = results.split(benchmark().BEGIN)[1]
    figures = re.findall(r"[+-]?\d+\.\d %|[+-]\d+\.\d points|[+-]\d+\.\d(?= to)", words)
    assert len(figures) >= 6
    others = ("65.5 %", "68.6 %", "70.0 %")  # the runs RESULTS.md's correction quotes
    for figure in figures:
        assert figure.split()[0] in curve or figure in others, figure
    assert "saturation" in words


def test_the_curve_is_drawn_as_points_with_error_bars_and_no_line() -> None:
    plot = code_cell(LESSON, "ax.errorbar(sims, rates")
    assert plot.count("ax.errorbar(") == 2 and plot.count("fmt=") == 2
    assert "ax.plot(" not in plot and "polyfit" not in plot


def test_results_md_no_longer_claims_what_its_figures_contradict() -> None:
    """RESULTS.md once read a gain into 300 -> about 646 simulations (65.5 -> 68.6 % against
    Cautious, overlapping intervals); the claim survives only as quoted in its correction."""
    text = " ".join(RESULTS.read_text(encoding="utf-8").split())
    claim = "so the gain at 0.25 s comes from the extra simulations"
    assert text.count(claim) == 1
    assert f'used to conclude "{claim}"' in text and "**Correction (2026-12-02).**" in text
    for figure in ("65.5 % against Cautious (400 games, 95 % 60.7-70.0 %",
                   "68.6 % (400 games, 63.9-73.0 %)"):  # fmt: skip
        assert figure in text
    assert "646" not in markdown(LESSON) and "646" not in outputs_text(LESSON)


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
        assert any(c["cell_type"] == "code" and 'ask("04.' in text(c) for c in section)


def test_the_lesson_asks_its_questions_in_order_then_its_exit_quiz() -> None:
    code = [text(c) for c in cells(LESSON) if c["cell_type"] == "code"]
    asked = [m for src in code for m in re.findall(r'\bask\("(04\.[\w-]+)"\)', src)]
    plan = lesson("04")
    assert asked == [q.id for q in plan.questions if not q.exit]
    assert 3 <= len(plan.exit_quiz) <= 5
    quiz = [i for i, src in enumerate(code) if src.strip() == 'exit_quiz("04")']
    assert len(quiz) == 1 and quiz[0] == len(code) - 2
    assert "results(asked())" in code[-1]
    for src in code:
        for qid in re.findall(r'reveal\("(04\.[\w-]+)"', src):
            assert qid in asked
    assert plan.notebook == LESSON.name


def test_question_reveal_and_helper_cells_are_folded() -> None:
    for cell in cells(LESSON):
        source = text(cell)
        if cell["cell_type"] != "code":
            continue
        if re.search(r"\b(ask|reveal|exit_quiz)\(|^import |results\(asked", source, re.M):
            meta = cell["metadata"]
            assert meta.get("jupyter", {}).get("source_hidden") is True, source[:60]
            assert "hide-input" in meta.get("tags", []), source[:60]


@pytest.mark.parametrize("path", [LESSON, OWN_AI], ids=lambda p: p.name)
def test_saved_questions_keep_their_answers(path: Path) -> None:
    """Nothing a saved notebook stores gives a question's answer away: no widget state of a
    question holds its answer or why, and no output holds a why of the lesson's questions."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    widgets = notebook["metadata"].get("widgets", {})
    state = widgets.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model in state.values():
        q = model["state"]
        if "prompt" in q:
            assert (q["right"], q["why"], q["verdict"], q["submitted"]) == (-1, "", "", False)
    shown = " ".join(outputs_text(path).split())
    number = path.name[:2]
    asked = [q for q in lesson(number).questions] if number == "04" else []
    for q in asked:
        assert " ".join(q.why.split()) not in shown, q.id
    everything = " ".join(" ".join(text(c) for c in notebook["cells"]).split())
    for q in asked:
        assert " ".join(q.why.split()) not in everything, q.id


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
    results = RESULTS.read_text(encoding="utf-8")
    row = re.search(
        r"Expert \(0.25 s\) vs previous Expert\s+(\d+) won\s+(\d+) tied\s+(\d+) lost of (\d+)",
        results,
    )
    assert row is not None
    won, lost, games = int(row[1]), int(row[3]), int(row[4])
    assert abs(won - lost) <= 0.05 * games
    assert "wins about as\noften as it loses against the Expert without them" in markdown(LESSON)


def test_the_count_of_legal_moves_the_departures_table_gives() -> None:
    """ "In 20 games of Cautious against Cautious, half the turns had 50 legal moves or more
    (up to 135)": the reason the root needs a prior."""
    counts = []
    for seed in range(20):
        game = Game(players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            counts.append(len(game.legal_moves()))
            game.play(CautiousPlayer().choose(game.view(game.current_player), rng))
    assert sum(c >= 50 for c in counts) >= len(counts) / 2 and max(counts) == 135
    words = " ".join(markdown(LESSON).split())
    assert "in 20 games of Cautious against Cautious, half the turns had 50 legal moves or" in words
    assert "more (up to 135)" in words


def test_the_lesson_plan_quotes_the_measured_figures_and_minutes() -> None:
    """docs/lessons/04.md: its figures are RESULTS.md's, its core minutes the lesson's, and
    its exit quiz the lesson's exit questions."""
    plan = (ROOT / "docs" / "lessons" / "04.md").read_text(encoding="utf-8")
    curve = RESULTS.read_text(encoding="utf-8").split(benchmark().BEGIN)[1]
    measured = plan.split("## The lesson's figures")[1].split("## Common misconceptions")[0]
    figures = re.findall(r"\d+\.\d %|[+-]\d+\.\d\b", measured)
    assert len(figures) >= 20
    for figure in figures:
        assert figure in curve, figure
    assert f"**Core:** {lesson('04').minutes} minutes" in plan
    assert f"{lesson('04').minutes} minutes for the core" in text(cells(LESSON)[0])
    for q in lesson("04").exit_quiz:
        assert f"(`{q.id}`)" in plan and q.prompt in plan
