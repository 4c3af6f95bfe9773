"""The seams of the package: imports go one way, and only the engine touches a game's insides.

Two checks that keep the layout easy to change (see the module docstrings for the map):

* the import graph of ``dweebies_widget`` has no cycle (imports for type checking only are
  not edges: they never run).  The one import back into a higher
  module that may stay is where a picture is made (``Game.svg()`` / ``_repr_svg_`` import
  :mod:`dweebies_widget.svg` when called, as python-chess does);
* no module outside :mod:`dweebies_widget.game` reads or calls a ``Game``'s underscore
  attributes: a spy on ``Game.__getattribute__`` watches every part of the package at work
  (AI players, tournaments, reviews, saves, pictures, views, the widget and both adapters).
"""

from __future__ import annotations

import ast
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import dweebies_widget
from dweebies_widget import Game, Rules

PACKAGE = Path(dweebies_widget.__file__).parent
ALLOWED_LAZY = {("dweebies_widget.game", "dweebies_widget.svg")}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_only(tree: ast.AST) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``: imports for type checking only,
    never run (a part of a session may name its owner's type so)."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
        for stmt in node.body
        for inner in ast.walk(stmt)
    }


def _imports(name: str, path: Path, known: set[str]) -> Iterator[str]:
    """The package modules that module ``name`` imports (anywhere in its code, but for
    type checking only)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    yield sub  # "from . import grid" imports the module grid
                elif target in known:
                    yield target


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {
        name: {t for t in _imports(name, path, known) if t != name}
        for name, path in modules.items()
    }


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (as a path of module names), or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_imports_for_type_checking_only_are_not_run_time_edges() -> None:
    tree = ast.parse("if TYPE_CHECKING:\n    import a\nimport b\n")
    skipped = _type_only(tree)
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.Import)]
    assert sorted(n.names[0].name for n in imports) == ["a", "b"]
    assert [n.names[0].name for n in imports if id(n) not in skipped] == ["b"]


def test_the_import_graph_sees_the_core_imports() -> None:
    graph = _graph()
    assert "dweebies_widget.save" in graph["dweebies_widget.game"]
    assert "dweebies_widget.game" in graph["dweebies_widget.ai.expert"]


def test_the_package_has_no_import_cycle() -> None:
    graph = _graph()
    for source, target in ALLOWED_LAZY:
        graph[source].discard(target)
    assert _cycle(graph) is None


def test_the_save_format_does_not_import_the_engine() -> None:
    graph = _graph()
    assert "dweebies_widget.game" not in graph["dweebies_widget.save"]
    assert "dweebies_widget.game" not in graph["dweebies_widget.errors"]
    assert "dweebies_widget.game" not in graph["dweebies_widget.rules"]


# ----------------------------------------------------------------------------- privates
@pytest.fixture
def private_reads(monkeypatch: pytest.MonkeyPatch) -> set[tuple[str, str]]:
    """Every ``(module, attribute)`` where code outside ``game.py`` reads a ``Game``'s
    underscore attribute while the test runs (the display protocol's ``_repr_*_``
    methods are public by convention)."""
    seen: set[tuple[str, str]] = set()
    plain = object.__getattribute__

    def spy(self: Game, attribute: str) -> Any:
        if (
            attribute.startswith("_")
            and not attribute.startswith("__")
            and not attribute.startswith("_repr_")  # the notebook display protocol
        ):
            caller = str(sys._getframe(1).f_globals.get("__name__"))
            if caller != "dweebies_widget.game":
                seen.add((caller, attribute))
        return plain(self, attribute)

    monkeypatch.setattr(Game, "__getattribute__", spy)
    return seen


def test_the_spy_sees_a_private_read(private_reads: set[tuple[str, str]]) -> None:
    game = Game(players=2, seed=1)
    game._hands  # noqa: B018 - the read under test
    assert (__name__, "_hands") in private_reads


def test_no_module_outside_the_engine_reads_a_games_privates(
    private_reads: set[tuple[str, str]],
) -> None:
    from dweebies_widget.ai import (
        CautiousPlayer,
        ExpertPlayer,
        GreedyPlayer,
        RandomPlayer,
        play_game,
        review,
    )
    from dweebies_widget.ai.expert import hand_limits, win_chances

    players = [ExpertPlayer(simulations=30), CautiousPlayer(), GreedyPlayer(), RandomPlayer()]
    for n, rules in [(2, Rules()), (3, Rules(min_line=3)), (4, Rules(auto_draw=False))]:
        finished, _, _ = play_game(players[:n], seed=n, rules=rules)
        assert finished.is_over
    game = Game(players=2, seed=3)
    rng = random.Random(0)
    while not game.is_over:
        view = game.view(game.current_player)
        hand_limits(view)
        view.sample(rng).svg(legal=True)
        game.play(ExpertPlayer(simulations=20).choose(view, rng))
        win_chances(game)
    assert Game.from_json(game.to_json()) == game
    game._repr_svg_()
    review(finished, ExpertPlayer(simulations=4), executor=None, progress=False)
    assert not private_reads


def test_no_adapter_or_widget_reads_a_games_privates(
    private_reads: set[tuple[str, str]],
) -> None:
    import numpy as np
    import pyspiel

    import dweebies_widget.adapters.openspiel  # noqa: F401 - registers the game
    from dweebies_widget import DweebiesWidget
    from dweebies_widget.adapters.pettingzoo import raw_env
    from dweebies_widget.ai import GreedyPlayer

    env = raw_env(players=3, render_mode="rgb_array")
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _agent in env.agent_iter():
        obs, _, done, cut, _ = env.last()
        action = None if done or cut else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        env.render()
    state = pyspiel.load_game("python_dweebies", {"players": 3}).new_initial_state()
    sampler = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(sampler.choices(outcomes, probs)[0])
        else:
            state.resample_from_infostate(state.current_player(), sampler.random)
            state.apply_action(sampler.choice(state.legal_actions()))
    assert state.returns()
    widget = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=4, ai_delay=0, flash=0)
    while not widget.game.is_over:
        widget.select(0)
        widget.place(sorted(widget.game.legal_cells())[0])
    widget.undo()
    widget.hint()
    assert not private_reads
