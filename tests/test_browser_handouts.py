"""Handouts: notebooks exported to HTML by ``make handouts``, read in a real browser.

A small lesson notebook is written here and executed as ``make notebooks`` executes the
lessons (its widget state stored too): a seeded game a few moves in, a puzzle, a question.
``make handouts`` turns it into a page, which Debian's Chromium opens with no kernel
anywhere: where each board was, its picture is shown (an SVG image, drawn, with its size),
exactly the picture of the widget as it stood when the cell ran; the question shows its
prompt and choices and not its answer; no widget view is left to show an empty box.  Then
``make handouts`` runs over the project's notebooks: one page each, every picture they
store in it.
"""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
from browser_pages import DESKTOP, ROOT, SOURCE, opened
from playwright.sync_api import Browser, Page

from dweebies_widget.widget.static import play_picture, puzzle_picture

PLAY = """\
from dweebies_widget import DweebiesWidget
from dweebies_widget.ai import GreedyPlayer

widget = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0)
for _ in range(3):
    widget.select(0)
    widget.place(sorted(widget.game.legal_cells())[0])
widget"""
PUZZLE = """\
from dweebies_widget import Game
from dweebies_widget.puzzles import Puzzle, PuzzleWidget

game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
puzzle = PuzzleWidget([Puzzle.make(game, "haul")])
puzzle"""
QUESTION = """\
from dweebies_widget.lessons import QuestionWidget

QuestionWidget("Which card collects the top row?", ["Doozy", "Ugbug"], answer=1,
               why="Ugbug matches the Ugbug at the other end of the row.")"""
VIEW = "application/vnd.jupyter.widget-view+json"
SVG_IMAGE = re.compile(r'<img [^>]*src="data:image/svg\+xml;base64,')


def make_handouts(out: Path, notebooks: str | None = None) -> None:
    """``make handouts`` into ``out`` (of ``notebooks``: by default the project's), with
    this Python, whose environment has the notebook tools already."""
    command = ["make", "-s", "-o", ".venv/.installed-notebooks", "handouts",
               f"PY={sys.executable}", f"HANDOUTS={out}"]  # fmt: skip
    if notebooks is not None:
        command.append(f"HANDOUT_NOTEBOOKS={notebooks}")
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.fixture(scope="module")
def handout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("handout")
    notebook = folder / "lesson.ipynb"
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(c) for c in (PLAY, PUZZLE, QUESTION)]
    )
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    nbformat.write(nb, notebook)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")])),
    }
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
         "--inplace", str(notebook)],
        cwd=folder, env=env, check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    assert "widgets" in json.loads(notebook.read_text())["metadata"]  # as `make notebooks` stores
    make_handouts(folder / "out", str(notebook))
    return folder / "out" / "lesson.html"


def picture_of(code: str, name: str) -> str:
    """The picture of the widget the cell ``code`` leaves in ``name``, built here."""
    space: dict[str, Any] = {}
    exec(code, space)  # the notebook's own cell: the same seeded widget
    widget = space[name]
    return (
        play_picture(widget.session) if name == "widget" else puzzle_picture(widget.session)
    )


def shown(page: Page, cell: int) -> dict[str, Any]:
    """What the output of code cell ``cell`` shows: its images (their SVG, their size, and
    the share of their pixels drawn in any colour but white, and in dark ink) and its text."""
    output = page.locator(".jp-Cell").nth(cell).locator(".jp-OutputArea")
    images = output.locator("img").evaluate_all(
        """images => images.map(img => {
            const canvas = document.createElement('canvas');
            canvas.width = img.naturalWidth;
            canvas.height = img.naturalHeight;
            const pen = canvas.getContext('2d');
            pen.drawImage(img, 0, 0);
            const data = pen.getImageData(0, 0, canvas.width, canvas.height).data;
            let painted = 0, inked = 0;
            for (let i = 0; i < data.length; i += 4) {
                const darkest = Math.min(data[i], data[i + 1], data[i + 2]);
                if (data[i + 3] > 0 && darkest < 250) painted++;
                if (data[i + 3] > 0 && darkest < 128) inked++;
            }
            const pixels = canvas.width * canvas.height;
            const box = img.getBoundingClientRect();
            return {src: img.getAttribute('src'), complete: img.complete,
                    natural: [img.naturalWidth, img.naturalHeight],
                    box: [box.width, box.height], painted: painted / pixels,
                    inked: inked / pixels};
        })"""
    )
    return {"images": images, "text": output.inner_text()}


def test_a_handout_shows_each_board_where_its_widget_was(browser: Browser, handout: Path) -> None:
    html = handout.read_text()
    assert VIEW not in html and "embed-amd" not in html  # no widget view left to show empty
    with opened(browser, handout.as_uri(), DESKTOP) as page:
        page.wait_for_function("() => [...document.images].every(i => i.complete)")
        for cell, code, name in ((0, PLAY, "widget"), (1, PUZZLE, "puzzle")):
            (image,) = shown(page, cell)["images"]
            prefix = "data:image/svg+xml;base64,"
            assert image["src"].startswith(prefix)
            svg = base64.b64decode(image["src"][len(prefix) :]).decode()
            assert svg == picture_of(code, name)  # the widget as it stood when the cell ran
            width, height = image["natural"]
            assert image["complete"] and width == 900 and height > 720
            assert image["box"][0] > 400 and image["box"][1] > 300  # shown, and big enough
            assert image["painted"] > 0.5 and image["inked"] > 0.005  # the table, cards, text
        question = shown(page, 2)
        assert question["images"] == []
        text = question["text"]
        assert "Which card collects the top row?" in text and "A. Doozy" in text
        assert "B. Ugbug" in text and "matches" not in text


def test_make_handouts_makes_a_page_of_each_notebook_with_every_picture(tmp_path: Path) -> None:
    make_handouts(tmp_path)
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(p.stem for p in tmp_path.glob("*.html")) == [p.stem for p in notebooks]
    for notebook in notebooks:
        nb = nbformat.read(notebook, as_version=4)
        pictures = sum(
            "image/svg+xml" in output.get("data", {})
            for cell in nb.cells
            if cell.cell_type == "code"
            for output in cell.outputs
        )
        html = (tmp_path / f"{notebook.stem}.html").read_text()
        assert len(SVG_IMAGE.findall(html)) == pictures, notebook.name
        assert VIEW not in html, notebook.name
