"""The shape of the code, kept by tests: small widget modules, no class reaching into another
module's private methods, library internals in one place, tests through public names.

* no module under ``dweebies_widget/widget/`` is over :data:`MAX_LINES` lines;
* no class of the package overrides an underscore method (or property) that a class of
  another module defines: variants plug into public, documented hooks (a session's mode, a
  store's engine hooks), never into private ones;
* an underscore attribute that the package itself does not define (an ipycanvas,
  ipywidgets or Voila internal) is touched only in :mod:`dweebies_widget.widget.compat`,
  in the package, its tests and its benchmarks alike;
* no test or benchmark imports an underscore name of the package, and no test or notebook
  reads the source of a private function.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
from collections.abc import Iterator
from pathlib import Path

import dweebies_widget

PACKAGE = Path(dweebies_widget.__file__).resolve().parent
ROOT = PACKAGE.parent
MAX_LINES = 700
COMPAT = PACKAGE / "widget" / "compat.py"
#: Where library internals may be named besides compat itself: compat's own tests.
COMPAT_TESTS = ROOT / "tests" / "test_compat.py"
#: Underscore names that are their library's documented API, not internals: anywidget's
#: front end (``_esm``, ``_css``), named tuples' ``_replace``/``_fields``, ``sys._getframe``,
#: and the helpers PettingZoo's AEC environment API gives environment authors.
DOCUMENTED = frozenset({
    "_esm", "_css", "_replace", "_fields", "_asdict", "_getframe",
    "_clear_rewards", "_accumulate_rewards", "_was_dead_step",
})  # fmt: skip


def _sources(*folders: Path) -> Iterator[Path]:
    for folder in folders:
        yield from sorted(p for p in folder.rglob("*.py") if ".ipynb_checkpoints" not in p.parts)


def _private(name: str) -> bool:
    """An underscore name that is not a dunder (``__init__``) nor a sunder name of
    Python's own protocols (``_generate_next_value_``, ``_repr_svg_``)."""
    return name.startswith("_") and not name.endswith("_")


def _classes() -> Iterator[type]:
    for info in pkgutil.walk_packages(dweebies_widget.__path__, "dweebies_widget."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if inspect.isclass(value) and value.__module__ == module.__name__:
                yield value


def test_no_widget_module_is_over_the_line_limit() -> None:
    sizes = {
        path.name: len(path.read_text(encoding="utf-8").splitlines())
        for path in (PACKAGE / "widget").glob("*.py")
    }
    assert len(sizes) > 20
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def _overrides(cls: type) -> list[str]:
    """The underscore methods (and properties) ``cls`` defines that a class of another
    module defines too."""
    found = []
    for name, value in vars(cls).items():
        code = isinstance(value, property | classmethod | staticmethod) or inspect.isfunction(value)
        if not (_private(name) and code):
            continue
        for base in cls.__mro__[1:]:
            if name in vars(base) and base.__module__ != cls.__module__:
                where = f"{cls.__module__}.{cls.__qualname__}.{name}"
                found.append(f"{where} overrides {base.__module__}")
                break
    return found


def test_no_class_overrides_a_private_method_of_another_module() -> None:
    classes = list(_classes())
    assert len(classes) > 100
    assert [o for cls in classes for o in _overrides(cls)] == []


def test_the_override_check_finds_one() -> None:
    base = type("Base", (), {"_hook": lambda self: 1, "__module__": "elsewhere"})
    child = type("Child", (base,), {"_hook": lambda self: 2, "__module__": "here"})
    assert _overrides(child) == ["here.Child._hook overrides elsewhere"]


def _defined_privates() -> set[str]:
    """Every underscore name the project defines (the package, its tests and benchmarks):
    functions, classes, methods, and attributes assigned on ``self`` or at module level."""
    names: set[str] = set()
    for path in _sources(PACKAGE, ROOT / "tests", ROOT / "benchmarks"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
    return {n for n in names if _private(n)}


def _foreign_privates(path: Path, ours: set[str], root: Path = ROOT) -> list[str]:
    """The underscore attributes and keywords ``path`` uses that the package does not
    define: another library's internals."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        name = None
        if isinstance(node, ast.Attribute) and _private(node.attr):
            name = node.attr
        elif isinstance(node, ast.keyword) and node.arg and _private(node.arg):
            name = node.arg
        elif isinstance(node, ast.ImportFrom) and not (node.module or "").startswith(
            "dweebies_widget"
        ):
            name = next((a.name for a in node.names if _private(a.name)), None)
        if name is not None and name not in ours:
            found.append(f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)} {name}")
    return found


def test_library_internals_are_touched_only_in_the_compatibility_module() -> None:
    ours = _defined_privates()
    paths = [
        p
        for p in _sources(PACKAGE, ROOT / "tests", ROOT / "benchmarks")
        if p not in (COMPAT, COMPAT_TESTS)
    ]
    assert len(paths) > 100
    found = [hit for path in paths for hit in _foreign_privates(path, ours)]
    assert [hit for hit in found if hit.split()[-1] not in DOCUMENTED] == []


def test_the_internals_check_finds_one(tmp_path: Path) -> None:
    path = tmp_path / "x.py"
    path.write_text("canvas._canvas_manager._current_canvas = self._mine\n", encoding="utf-8")
    hits = _foreign_privates(path, {"_mine"}, root=tmp_path)
    assert sorted(hit.split()[-1] for hit in hits) == ["_canvas_manager", "_current_canvas"]


def _private_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dweebies_widget"):
            found += [f"{path.name}:{node.lineno} {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "dweebies_widget" and any(_private(p) for p in parts):
                    found.append(f"{path.name}:{node.lineno} {alias.name}")
    return found


def test_no_test_or_benchmark_imports_a_private_name_of_the_package() -> None:
    paths = list(_sources(ROOT / "tests", ROOT / "benchmarks"))
    assert [hit for path in paths for hit in _private_imports(path)] == []


def _reads_private_source(text: str) -> bool:
    """Whether Python ``text`` asks ``inspect.getsource`` for a private function."""
    for node in ast.walk(ast.parse(text)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("getsource", "getsourcelines")
        ):
            for arg in ast.walk(node):
                if isinstance(arg, ast.Attribute) and _private(arg.attr):
                    return True
                if isinstance(arg, ast.Name) and _private(arg.id):
                    return True
    return False


def test_no_test_or_notebook_reads_the_source_of_a_private_function() -> None:
    assert _reads_private_source("inspect.getsource(ExpertPlayer._puct)")
    assert not _reads_private_source("inspect.getsource(ExpertPlayer.puct_choice)")
    texts = {str(p.relative_to(ROOT)): p.read_text("utf-8") for p in _sources(ROOT / "tests")}
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        for i, cell in enumerate(cells):
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and not source.lstrip().startswith(("%", "!")):
                texts[f"{notebook.name} cell {i}"] = source
    assert [name for name, text in texts.items() if _reads_private_source(text)] == []
