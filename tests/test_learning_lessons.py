"""Lessons 05 (build your own computer player) and 07 (the game-AI toolkits and a learning
agent): their questions hold for the engine, their code does what their text says, and every
figure they state is one that ``benchmarks/learning.py`` measured (``benchmarks/LEARNING.md``),
or, for lesson 07's learned value, one that ``benchmarks/VALUE.md`` and the shipped model's
``info`` hold.

nbval re-runs the notebooks and compares their stored outputs; what it cannot see is checked
here: the claims written in Markdown and in the questions' data, the cells shown only once a
question is answered, and the figures read from ``LEARNING.md``.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import random
import re
from pathlib import Path
from typing import Any

import nbformat
import numpy as np
import pytest

from dweebies_widget import Game
from dweebies_widget.adapters.pettingzoo import env, raw_env
from dweebies_widget.adapters.selfplay import FEATURES, LinearPolicy, features, self_play
from dweebies_widget.ai import CautiousPlayer
from dweebies_widget.ai.expert import win_chances
from dweebies_widget.ai.tournament import wilson
from dweebies_widget.ai.training import fit, log_loss, positions, scores
from dweebies_widget.ai.value import FEATURES as VIEW_FEATURES
from dweebies_widget.ai.value import ValueModel, game_features
from dweebies_widget.ai.value import features as view_features
from dweebies_widget.cards import name
from dweebies_widget.lessons import lesson, question, questions

ROOT = Path(__file__).resolve().parent.parent
OWN_AI = ROOT / "notebooks" / "05_build_your_own_ai.ipynb"
TOOLKITS = ROOT / "notebooks" / "07_rl_ecosystem.ipynb"
LEARNING = ROOT / "benchmarks" / "LEARNING.md"
NOTEBOOKS = {"05": OWN_AI, "07": TOOLKITS}


def cells(path: Path) -> list[Any]:
    return list(nbformat.read(path, as_version=4).cells)


def markdown_of(path: Path) -> str:
    return "\n".join(c.source for c in cells(path) if c.cell_type == "markdown")


def defined(path: Path, name: str, **names: Any) -> Any:
    """The function ``name`` as the notebook's one cell that defines it writes it."""
    found = [c.source for c in cells(path)
             if c.cell_type == "code" and re.search(rf"^def {name}\(", c.source, re.M)]
    assert len(found) == 1, f"{path.name}: one cell defining {name}() expected"
    space: dict[str, Any] = dict(names)
    exec(compile(found[0], f"{path.name} {name}", "exec"), space)  # noqa: S102 - our notebook
    return space[name]


def figures() -> dict[str, Any]:
    found = re.search(r"```json\n(.*?)\n```", LEARNING.read_text(encoding="utf-8"), re.S)
    assert found is not None, "LEARNING.md ends with its figures as JSON"
    data: dict[str, Any] = json.loads(found[1])
    return data


def percent(value: float) -> str:
    return f"{round(100 * value)} %"


# ----------------------------------------------------------------- the lessons' data
@pytest.mark.parametrize("number", ["05", "07"])
def test_each_lesson_asks_every_question_of_its_file_and_only_those(number: str) -> None:
    sources = [c.source for c in cells(NOTEBOOKS[number]) if c.cell_type == "code"]
    asked = [m for s in sources for m in re.findall(r'ask\("(\d\d\.[\w-]+)"\)', s)]
    quiz = lesson(number).exit_quiz
    assert 3 <= len(quiz) <= 5
    assert any(f'exit_quiz("{number}")' in s for s in sources)
    assert sorted(asked + [q.id for q in quiz]) == sorted(q.id for q in questions(number))
    assert lesson(number).notebook == NOTEBOOKS[number].name


@pytest.mark.parametrize("number", ["05", "07"])
def test_question_and_reveal_cells_hold_only_their_call_and_are_hidden(number: str) -> None:
    for cell in cells(NOTEBOOKS[number]):
        source = cell.source
        if cell.cell_type != "code":
            continue
        if re.search(r"\b(ask|reveal|exit_quiz)\(", source):
            assert "\n" not in source.strip(), source
            assert cell.metadata["jupyter"]["source_hidden"] is True
            assert "hide-input" in cell.metadata["tags"]


@pytest.mark.parametrize("number", ["05", "07"])
def test_goals_name_skills_and_never_an_answer(number: str) -> None:
    goals = " ".join(lesson(number).goals).casefold()
    for q in questions(number):
        assert q.choices[q.answer].casefold() not in goals
        assert q.why.casefold()[:40] not in goals


@pytest.mark.parametrize("number", ["05", "07"])
def test_no_source_or_stored_output_names_a_dweebie_by_its_number(number: str) -> None:
    for cell in cells(NOTEBOOKS[number]):
        shown = [cell.source] + ["".join(o.get("text", "")) for o in cell.get("outputs", [])]
        for part in shown:
            assert not re.search(r"Move\(dweebie=|[A-Z][a-z]+ \(\d+\)", part), part[:200]


def test_the_verdict_question_states_the_wilson_interval_of_its_games() -> None:
    low, high = wilson(64 / 100, 100)
    assert f"95 % interval {percent(low)} to {percent(high)}" in question("05.verdict").prompt
    low, high = wilson(12 / 20, 20)
    prompt = question("05.interval").prompt
    assert f"95 % interval of {percent(low)} to {percent(high)}" in prompt
    assert low < 0.5 < high  # "the interval holds 50 %"


def test_the_lesson_judges_a_target_by_its_interval() -> None:
    judge = defined(OWN_AI, "judge")
    assert judge(0.60, 0.70, 0.60) == "above"
    assert judge(0.50, 0.599, 0.60) == "below"
    assert judge(0.542, 0.727, 0.60) == "cannot tell yet"  # the 64-of-100 question
    assert question("05.verdict").choices[question("05.verdict").answer].startswith(
        "Cannot tell yet"
    )


def test_the_rewards_the_questions_state_are_the_engines() -> None:
    three = Game.from_position(board={}, hands=[[], [], []], scores=[9, 9, 4])
    q = question("07.rewards")
    shown = q.choices[q.answer]
    assert [float(v) for v in re.findall(r"[+-]?\d+", shown)] == list(three.returns())
    two = Game.from_position(board={}, hands=[[], []], scores=[12, 12])
    q = question("07.tie")
    assert q.choices[q.answer] == "0 and 0" and two.returns() == (0.0, 0.0)


def test_the_baseline_question_computes_as_the_lesson_trains() -> None:
    q = question("07.baseline")
    won = 0.6
    average = won * 1 + (1 - won) * -1
    assert round(average, 3) == 0.2 and "+0.2" in q.prompt
    assert q.choices[q.answer].startswith(f"By +{1 - average:.1f}")


def test_the_lessons_training_loop_is_self_play_and_its_baseline_changes_it() -> None:
    train = defined(TOOLKITS, "train", env=env, np=np, features=features, FEATURES=FEATURES)
    plain = LinearPolicy()
    self_play(plain, 3, seed=5)
    same = train(LinearPolicy(), 3, seed=5, baseline=False)
    assert np.allclose(same.weights, plain.weights)
    based = train(LinearPolicy(), 3, seed=5, baseline=True)
    assert not np.allclose(based.weights, plain.weights)


def test_the_hand_set_agent_plays_collect_minus_reply() -> None:
    q = question("07.handset")
    assert "collect minus reply" in q.choices[q.answer]
    policy = LinearPolicy(np.array([1.0, -1.0, 0.0]))
    e = env(players=2)
    for seed in range(3):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(12):
            e.step(int(rng.choice(np.flatnonzero(e.last()[0]["action_mask"]))))
        obs = e.last()[0]
        actions, x = features(obs)
        chosen = policy.act(obs, np.random.default_rng(0), explore=False)
        value = x[:, 0] - x[:, 1]
        assert value[list(actions).index(chosen)] == pytest.approx(value.max())


def test_the_observation_does_not_say_which_dweebies_were_collected() -> None:
    q = question("07.observation")
    assert q.choices[q.answer] == "Which Dweebies have been collected"
    board = {(0, 0): 20, (0, 1): 9}
    seen = []
    for other, pile in (([3], [5, 6]), ([4], [7, 8])):
        game = Game.from_position(board=board, hands=[[1, 2], other], pile=pile, scores=[2, 0])
        e = raw_env(players=2)
        e.set_game(game)
        seen.append((e.observe("player_0"), game.view(0).unseen))
    (first, hidden_a), (second, hidden_b) = seen
    assert hidden_a != hidden_b  # other Dweebies collected ...
    assert np.array_equal(first["observation"], second["observation"])  # ... same observation
    assert np.array_equal(first["action_mask"], second["action_mask"])


# ----------------------------------------------------------------- the measured figures
def interval(r: dict[str, Any]) -> str:
    return f"{100 * r['low']:.1f} % to {100 * r['high']:.1f} %"


def test_the_answers_of_lesson_05_hold_in_the_games_it_plays() -> None:
    measured = figures()["05"]
    ladder, target = measured["ladder"], measured["target"]
    random_player = question("05.random")
    assert random_player.choices[random_player.answer] == "Almost none"
    assert ladder["my_player"]["Greedy"]["rate"] <= 0.05
    fear = question("05.fear")
    assert fear.choices[fear.answer].startswith("Worse than Cautious")
    assert ladder["example_player"]["Cautious"]["high"] < 0.5
    assert ladder["example_player"]["Greedy"]["low"] > 0.5
    assert target["example_player"]["low"] >= 0.6  # the plan says: met
    assert target["my_player"]["high"] < 0.6  # the plan says: not met
    plan = " ".join((ROOT / "docs" / "lessons" / "05.md").read_text(encoding="utf-8").split())
    for r in (ladder["example_player"]["Greedy"], ladder["example_player"]["Cautious"],
              target["example_player"]):
        assert interval(r) in plan
    assert f"0 % to {100 * ladder['my_player']['Greedy']['high']:.1f} %" in plan


@pytest.mark.parametrize("number", ["05", "07"])
def test_the_lesson_lasts_what_its_read_through_measured(number: str) -> None:
    read = figures()["reading"][number]
    minutes = lesson(number).minutes
    assert minutes >= read["minutes"]
    top = cells(NOTEBOOKS[number])[0].source
    assert f"**How long:** about {minutes} minutes" in top
    plan_path = ROOT / "docs" / "lessons" / f"{number}.md"
    plan = " ".join(plan_path.read_text(encoding="utf-8").split())
    assert f"**Length: about {minutes} minutes**" in plan
    assert f"{read['minutes']} minutes to read" in plan
    for q in lesson(number).exit_quiz:
        assert " ".join(q.prompt.split()) in plan


def test_what_lesson_07_says_of_its_seeds_and_yardstick_holds() -> None:
    measured = figures()["07"]
    said = " ".join(markdown_of(TOOLKITS).split())
    assert measured["untrained"]["Greedy"]["won"] == 0
    assert "wins none of its 200 games against Greedy" in said
    assert measured["games"] == 200 and len(measured["trained"]) == 3
    for run in measured["trained"]:
        assert run["Greedy"]["low"] > 0.5  # "each interval lies above 50 %"
        assert run["Cautious"]["high"] < 0.5  # "each interval lies below 50 %"
    hand_set = measured["hand_set_agent"]
    assert hand_set["Greedy"]["low"] > 0.5  # "beat Greedy too"
    for opponent, points in (("Greedy", 9), ("Cautious", 5)):
        gain = measured[f"trained_{opponent}"]["mean"] - hand_set[opponent]["rate"]
        assert round(100 * gain) == points
    assert "training added about 9 points against Greedy and about 5 against Cautious" in said


def test_what_lesson_07_says_of_its_reward_baseline_holds() -> None:
    measured = figures()["07"]
    said = " ".join(markdown_of(TOOLKITS).split())
    assert "Here the baseline did not help" in said
    for opponent in ("Greedy", "Cautious"):
        plain, based = measured[f"trained_{opponent}"], measured[f"baseline_{opponent}"]
        assert based["mean"] < plain["mean"]  # "did worse against both players"
        assert based["max"] - based["min"] > 3 * (plain["max"] - plain["min"])  # "spread"
    assert any(run["weights"][1] > 0 for run in measured["baseline"])  # "a reply weight above 0"


def test_what_the_observation_leaves_out_costs_what_lesson_07_shows() -> None:
    measured = figures()["07"]
    assert measured["example_player"]["low"] > measured["example_blind"]["high"]


def test_the_live_match_of_lesson_07_says_what_its_text_says() -> None:
    cell = next(c for c in cells(TOOLKITS) if c.source.startswith("HAND_SET = "))
    printed = "".join(o.get("text", "") for o in cell.outputs)
    found = {
        (m[1].strip(), m[2].strip()): (int(m[3]), int(m[4]))
        for m in re.finditer(r"^\s*(.+?) vs (\w+)\s*:.*\(95 % interval (\d+)%-(\d+)%\)",
                             printed, re.M)
    }
    trained, hand_set = found[("trained (seed 0)", "Cautious")], found[
        ("hand-set (1, -1, 0)", "Cautious")]
    assert trained[0] <= hand_set[1] and hand_set[0] <= trained[1]  # "cannot be told apart"
    assert "the trained agent and\nthe hand-set weights cannot be told apart here" in (
        markdown_of(TOOLKITS))
    rates = {
        (m[1].strip(), m[2]): int(m[3])
        for m in re.finditer(r"^\s*(.+?) vs (\w+)\s*:.*win rate (\d+)%", printed, re.M)
    }
    plan = " ".join((ROOT / "docs" / "lessons" / "07.md").read_text(encoding="utf-8").split())
    assert (
        f"the trained seed 0: {rates[('trained (seed 0)', 'Greedy')]} % against Greedy, "
        f"{rates[('trained (seed 0)', 'Cautious')]} % against Cautious; the hand-set weights: "
        f"{rates[('hand-set (1, -1, 0)', 'Greedy')]} % and "
        f"{rates[('hand-set (1, -1, 0)', 'Cautious')]} %"
    ) in plan


def test_the_plan_of_lesson_07_gives_the_measured_figures() -> None:
    measured = figures()["07"]
    plan = " ".join((ROOT / "docs" / "lessons" / "07.md").read_text(encoding="utf-8").split())

    def shown(r: dict[str, Any]) -> str:
        return f"{100 * r['rate']:.1f} % ({interval(r)})"

    for r in (measured["hand_set_agent"], *measured["trained"]):
        assert f"| {shown(r['Greedy'])} | {shown(r['Cautious'])} |" in plan
    for kind in ("trained", "baseline"):
        for opponent in ("Greedy", "Cautious"):
            s = measured[f"{kind}_{opponent}"]
            assert (f"{100 * s['mean']:.1f} % ({100 * s['min']:.1f} % to "
                    f"{100 * s['max']:.1f} %)") in plan
    for key in ("example_player", "example_blind"):
        assert f"{100 * measured[key]['rate']:.1f} % ({interval(measured[key])})" in plan


# ----------------------------------------------------------------- lesson 07, part 3: a value
VALUE_REPORT = ROOT / "benchmarks" / "VALUE.md"
VALUE_PART = "## 3. A learned value for the Expert's search"


def value_figures() -> dict[str, Any]:
    found = re.search(r"```json\n(.*?)\n```", VALUE_REPORT.read_text(encoding="utf-8"), re.S)
    assert found is not None, "VALUE.md ends with its figures as JSON"
    data: dict[str, Any] = json.loads(found[1])
    return data


def value_part() -> list[Any]:
    """The cells of lesson 07's part 3, from its heading to the next part's."""
    nb = cells(TOOLKITS)
    start = next(i for i, c in enumerate(nb) if c.source.startswith(VALUE_PART))
    end = next(i for i, c in enumerate(nb) if i > start and c.source.startswith("## "))
    return nb[start:end]


def printed(cell: Any) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []))


def the_cell(start: str) -> Any:
    found = [c for c in value_part() if c.cell_type == "code" and c.source.startswith(start)]
    assert len(found) == 1, start
    return found[0]


def the_position() -> Game:
    """The position part 3 judges, as its first code cell makes it."""
    source = the_cell("import random").source
    code = source.split("\nMEANING = ")[0]
    space: dict[str, Any] = {"Game": Game, "CautiousPlayer": CautiousPlayer}
    exec(compile(code, "lesson 07 position", "exec"), space)  # noqa: S102 - our notebook
    game: Game = space["position"]
    return game


def twin(game: Game, mover: int | None = None, swap: bool = True) -> Game:
    """``game`` again, seat 1's hand traded with the top of the draw pile (``swap``), with
    ``mover`` to move."""
    hand0, hand1 = game.hands
    pile = list(game.pile)
    hands = [hand0, pile[: len(hand1)]] if swap else [hand0, hand1]
    rest = list(hand1) + pile[len(hand1):] if swap else pile
    return Game.from_position(board=dict(game.board), hands=hands, pile=rest,
                              scores=game.scores, max_groups=None,
                              current_player=game.current_player if mover is None else mover)


def test_the_value_reads_only_what_its_seat_sees() -> None:
    q = question("07.view")
    assert q.choices[q.answer] == "How many cards of seat 0's own hand could collect now"
    game = the_position()
    other = twin(game)
    assert other.hand(1) != game.hand(1) and other.hand(0) == game.hand(0)
    assert sorted(other.view(0).unseen) == sorted(game.view(0).unseen)
    assert view_features(other.view(0)) == view_features(game.view(0))  # seat 1's hand: no
    assert view_features(other.view(1)) != view_features(game.view(1))  # its own hand: yes
    mine = dict(zip(VIEW_FEATURES, view_features(game.view(0)), strict=True))
    offers = game.best_collections()
    assert mine["my_offers"] == sum(1 for d in game.hand(0) if d in offers) / 5
    # The search judges with the same numbers, each seat from its own view.
    for seat in (0, 1):
        assert game_features(game)[seat] == pytest.approx(view_features(game.view(seat)))
    for seed in range(3):
        played = Game(players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(12):
            seat = played.current_player
            played.play(CautiousPlayer().choose(played.view(seat), rng))
        for seat in range(3):
            assert game_features(played)[seat] == pytest.approx(view_features(played.view(seat)))


def test_the_twin_the_lesson_shows_is_the_twin_the_question_means() -> None:
    space: dict[str, Any] = {"Game": Game, "position": the_position(), "name": name,
                             "view_features": view_features}
    exec(compile(the_cell("def show_twin(").source, "show_twin", "exec"), space)  # noqa: S102
    show_twin = space["show_twin"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        show_twin()
    said = out.getvalue()
    assert "seat 0's features are the same in the twin" in said
    assert "seat 1's features are different in the twin" in said


def test_the_held_out_question_means_what_the_training_measures() -> None:
    q = question("07.heldout")
    assert q.choices[q.answer].startswith("On games it never trained on")
    # "always 50 % scores ln 2, about 0.69"; lower is better
    y = np.array([1.0, 0.0, 1.0, 0.5])
    assert log_loss(np.full(4, 0.5), y) == pytest.approx(math.log(2))
    assert round(math.log(2), 2) == 0.69 and "ln 2, about 0.69" in markdown_of(TOOLKITS)
    assert log_loss(np.array([0.9, 0.1, 0.8, 0.5]), y) < log_loss(np.full(4, 0.5), y)
    # held out whole: no game gives rows to both sides, and the curve is measured on them
    data = positions([CautiousPlayer(), CautiousPlayer()], games=10, seed=0)
    training, held_out = data.split()
    assert set(training.game.tolist()).isdisjoint(held_out.game.tolist())
    assert set(held_out.game.tolist()) == {9}
    model, curve = fit(training, hidden=4, epochs=2, seed=0, held_out=held_out)
    assert curve[-1] == pytest.approx(scores(model, held_out)["log_loss"])


def test_neither_value_the_expert_ships_reads_whose_turn_it_is() -> None:
    game = the_position()
    first, second = (twin(game, mover, swap=False) for mover in (0, 1))
    assert win_chances(first) == win_chances(second)
    row = [dict(zip(VIEW_FEATURES, view_features(g.view(0)), strict=True)) for g in (first, second)]
    assert (row[0]["to_move"], row[1]["to_move"]) == (1.0, 0.0)  # the feature differs...
    shipped = ValueModel.load()
    assert shipped.chances(first) == shipped.chances(second)  # ...and is given no weight
    for feature in ("to_move", "wait", "my_best_now"):
        assert all(w[VIEW_FEATURES.index(feature)] == 0.0 for w, _ in shipped.hidden)
    assert shipped.info["arguments"]["drop"] == ["to_move", "wait", "my_best_now"]
    # A model that reads them judges the two differently (what the lesson warns of).
    reading = ValueModel([(list(w[:4]) + [1.0] + list(w[5:]), b) for w, b in shipped.hidden],
                         shipped.output)
    assert reading.chances(first) != reading.chances(second)


def test_the_screens_lesson_07_prints_are_value_mds() -> None:
    screens = value_figures()["screens"]
    said = printed(the_cell("from dweebies_widget.ai.expert import win_chances"))
    rows = screens["rows"]
    assert rows[0]["label"] == "hand-set value" and "minus_first" not in rows[0]
    for row in rows:
        assert row["games"] == 2 * screens["deals"] and row["simulations"] == screens["simulations"]
        low, high = wilson(row["win_rate"], row["games"])
        assert (row["low"], row["high"]) == pytest.approx((low, high), abs=1e-3)
        assert f"{row['win_rate']:6.1%} ({row['low']:.1%} to {row['high']:.1%})" in said
    clear = [r for r in rows[1:] if r["minus_first"][1] > 0]
    assert f"Of {len(rows) - 1} learned values, {len(clear)} beat the hand-set value" in said
    assert "weight of 0: to_move, wait, my_best_now." in said
    assert f"{screens['deals']} deals, both seats, {screens['simulations']} simulations" in said
    # The row marked shipped is the shipped generation's own screen (its gate).
    info = ValueModel.load().info
    gate = info["generations"][info["shipped_generation"]]["gate"]
    [marked] = [r for r in rows if r["label"].endswith("(shipped)")]
    assert (marked["win_rate"], marked["minus_first"]) == (gate["win_rate"], gate["minus_first"])


def test_the_lesson_judges_a_match_by_its_interval() -> None:
    verdict = defined(TOOLKITS, "verdict")
    assert verdict(0.51, 0.60) == "stronger"
    assert verdict(0.40, 0.49) == "weaker"
    assert verdict(0.463, 0.561) == "cannot tell"
    assert verdict(0.5, 0.56) == "cannot tell"  # 50 % itself is inside
    apart = defined(TOOLKITS, "apart")
    assert apart({"low": 0.70, "high": 0.78}, {"low": 0.60, "high": 0.69})
    assert apart({"low": 0.60, "high": 0.69}, {"low": 0.70, "high": 0.78})
    assert not apart({"low": 0.64, "high": 0.74}, {"low": 0.63, "high": 0.73})


def test_the_match_figures_lesson_07_prints_are_value_mds() -> None:
    measured = value_figures()
    result_line = defined(TOOLKITS, "result_line")
    verdict = defined(TOOLKITS, "verdict")
    apart = defined(TOOLKITS, "apart")
    cell = the_cell("value_report = ")
    said = printed(cell)
    against, head, top = measured["vs_cautious"], measured["vs_previous"], measured["ceiling"]
    for r in (against["learned"], against["hand_set"], head):
        assert r["won"] + r["tied"] + r["lost"] == r["games"]
        assert r["win_rate"] == pytest.approx((r["won"] + r["tied"] / 2) / r["games"], abs=1e-4)
        low, high = wilson(r["win_rate"], r["games"])
        assert (r["low"], r["high"]) == pytest.approx((low, high), abs=1e-3)
        assert result_line(r) in said
    assert f"{top['win_rate']:.1%} of {top['games']} games" in said
    assert f"{top['fair_win_rate']:.1%} (95 % interval {top['fair_low']:.1%}" in said
    assert f"Each Expert thinks {measured['seconds']} s a move." in said
    kind = verdict(head["low"], head["high"])
    assert {"stronger": "lies above 50 %", "weaker": "lies below 50 %",
            "cannot tell": "includes 50 %"}[kind] in said
    overlap = "do not overlap" if apart(against["learned"], against["hand_set"]) else "overlap"
    assert f"Against Cautious the two intervals {overlap}" in said
    assert f"worth {100 * (top['win_rate'] - top['fair_win_rate']):.1f} points" in said


def test_the_generations_lesson_07_prints_are_the_shipped_models() -> None:
    said = printed(the_cell("shipped = ValueModel.load()"))
    generations = ValueModel.load().info.get("generations", [])
    if not generations:
        assert "The shipped model records no generations" in said
    for g in generations:
        row = (f"{g['generation']:>10} {g['games']:>6} {g['positions']:>7}   "
               f"{g['log_loss']:>7.3f} {g['handset_log_loss']:>9.3f}   "
               f"{g['brier']:>7.3f} {g['handset_brier']:>9.3f}")
        assert row in said
        assert len(g["curve"]) >= 1 and g["curve"][-1] == pytest.approx(g["log_loss"], abs=1e-4)
    said += printed(the_cell("if generations:"))
    gated = [g for g in generations if "gate" in g]
    for g in gated:
        mean = g["gate"]["minus_first"][0]
        assert f"generation {g['generation']}: its Expert" in said
        assert f"on the same deals: {100 * mean:+.1f} points" in said
    if gated:
        best = max(gated, key=lambda g: g["gate"]["minus_first"][0])["generation"]
        assert ValueModel.load().info["shipped_generation"] == best
        assert f"The Expert ships generation {best}:" in said


def test_part_3_of_lesson_07_writes_no_measured_figure_in_its_text() -> None:
    """Its figures are placeholders until the benchmark runs: every one is printed by code."""
    for cell in value_part():
        if cell.cell_type != "markdown":
            continue
        for number in re.findall(r"(\d+(?:\.\d+)?)\s*%", cell.source):
            assert number in ("95", "50"), cell.source[:80]
        for number in re.findall(r"\b\d+\.\d+\b", cell.source):
            assert number == "0.69", cell.source[:80]  # ln 2, not a measurement
