"""Every Python example of the README runs as written: its ```python blocks, in order, in one
fresh interpreter (in an empty folder, with matplotlib drawing off screen), the way a reader
pastes them into a notebook; the widget blocks construct their widgets."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def blocks() -> list[str]:
    return BLOCK.findall(README.read_text(encoding="utf-8"))


def test_the_readme_shows_python_examples() -> None:
    found = blocks()
    assert len(found) >= 8
    assert any("DweebiesWidget(" in b for b in found)
    assert any("PuzzleWidget(" in b for b in found)


def test_every_readme_python_block_runs_in_order(tmp_path: Path) -> None:
    script = "".join(
        f"print('README block {n} starts', flush=True)\n{code}\n" for n, code in enumerate(blocks())
    )
    script += "print('README blocks all ran', flush=True)\n"
    (tmp_path / "readme_blocks.py").write_text(script, encoding="utf-8")
    env = {**os.environ, "MPLBACKEND": "Agg", "TQDM_DISABLE": "1"}
    run = subprocess.run(
        [sys.executable, "readme_blocks.py"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600,
    )
    started = re.findall(r"README block (\d+) starts", run.stdout)
    where = f"README block {started[-1]}" if started else "before the first block"
    assert run.returncode == 0, f"{where} failed:\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}"
    assert run.stdout.rstrip().endswith("README blocks all ran")
