# Everyday commands. Each one sets up the project's virtual environment (.venv) first if it
# is missing or older than pyproject.toml, so they work on a fresh machine.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python

# Stamp files: reinstall only when pyproject.toml changes.
TEST_STAMP := $(VENV)/.installed-test
LAB_STAMP  := $(VENV)/.installed-notebooks
CLASS_STAMP := $(VENV)/.installed-classroom
# Extra options of make classroom, e.g. make classroom CLASSROOM_ARGS="--lan --pool 30"
CLASSROOM_ARGS ?=
# Extra options of make lessons (Voila's), e.g. make lessons LESSONS_ARGS="--port=8870"
LESSONS_ARGS ?=

# Lint only the folders that exist (benchmarks/ and tests/ may not exist yet).
LINT_PATHS := $(wildcard dweebies_widget tests benchmarks)

# JupyterLab refuses to run as root unless asked; apt-get needs root.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)
SUDO      := $(if $(filter 0,$(shell id -u)),,sudo)

# `make` alone lists the commands and installs nothing.
.DEFAULT_GOAL := help
# axe-core (the accessibility engine the browser tests run), from the npm registry.
AXE_VERSION := 4.14.1
AXE         := .cache/axe/node_modules/axe-core/axe.min.js

.PHONY: help lab app lessons classroom check test notebooks lint typecheck chromium postgresql axe bench \
	screenshot contact-sheet puzzles handouts clean distclean venv-check

# Debian and Ubuntu ship venv apart from Python: say which package to install when it is missing.
venv-check:
	@$(PYTHON) -c "import ensurepip, venv" 2>/dev/null || { \
	  echo "$(PYTHON) -m venv does not work here: install Debian's python3-venv" \
	    "(sudo apt-get install python3-venv), or use pip: pip install \"dweebies-widget[notebooks]\""; \
	  exit 1; }

$(PY): | venv-check
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip

$(TEST_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[test]"
	touch $@

$(LAB_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[notebooks]"
	touch $@

$(CLASS_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[classroom]"
	touch $@

## help: list these commands and what they do
help:
	@sed -n -e 's/^## \([a-z]*:\)/\1/p' -e 's/^## /    /p' $(MAKEFILE_LIST)

## lab: open the play notebook in JupyterLab (with what every course notebook needs)
lab: venv-check $(LAB_STAMP)
	$(PY) -m jupyter lab notebooks/00_play.ipynb $(LAB_FLAGS)

## app: serve the play notebook as an app with Voila (no code cells shown, nothing fetched from
## another host: the package's template), as dweebies app does
app: $(LAB_STAMP)
	$(PY) -m dweebies_widget app

## lessons: serve every lesson as an app with Voila, as dweebies lessons does: a lesson menu
## (number, title, time and goals of each), each lesson without its code, nothing fetched
## from another host. Options go to Voila: make lessons LESSONS_ARGS="--port=8870"
lessons: $(LAB_STAMP)
	$(PY) -m dweebies_widget lessons $(LESSONS_ARGS)

## classroom: serve a class (the lobby for students, the teacher's page behind a password)
## from one store file, classroom.sqlite; asks for the teacher password first
classroom: $(CLASS_STAMP)
	$(PY) -m dweebies_widget.classroom serve $(CLASSROOM_ARGS)

## check: lint, type check, then every test that needs no browser, no PostgreSQL server and
## no notebook run (the markers browser, postgres and notebook of tests/conftest.py), in two
## processes (pytest-xdist): the quick loop while editing; make test before pushing
check: lint typecheck
	$(PY) -m pytest -m "not browser and not postgres and not notebook" $(CHECK_JOBS)

# make check spreads its tests over two processes (pytest-xdist, in the test extra).
CHECK_JOBS = $(shell $(PY) -c "import xdist" 2>/dev/null && echo "-n 2")

## test: lint, type check, then run every test (browser, accessibility and PostgreSQL tests
## included)
test: lint typecheck chromium postgresql axe
	$(PY) -m pytest

## chromium: install Debian's chromium for the browser tests, if it is missing
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

## postgresql: install Debian's PostgreSQL for the classroom tests, if it is missing (the
## tests start a throwaway server of their own with its initdb and pg_ctl)
postgresql:
	@command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "Installing Debian's postgresql for the classroom tests"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

## axe: install axe-core from the npm registry into .cache/axe (Node.js and npm from apt if missing)
axe: $(AXE)

$(AXE):
	@command -v npm >/dev/null 2>&1 || { \
	  echo "Installing Node.js and npm for axe-core"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; }
	npm install --prefix .cache/axe --no-save --no-package-lock --no-audit --no-fund \
	  axe-core@$(AXE_VERSION)

## notebooks: run every notebook top to bottom and store its outputs (what nbval checks)
notebooks: $(TEST_STAMP)
	cd notebooks && for nb in *.ipynb; do \
	  ../$(PY) -m jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.store_widget_state=False "$$nb" || exit 1; \
	done

## lint: ruff on the package, tests and benchmarks
lint: $(TEST_STAMP)
	$(PY) -m ruff check $(LINT_PATHS)

## typecheck: mypy --strict on the package
typecheck: $(TEST_STAMP)
	$(PY) -m mypy dweebies_widget

## bench: print how fast the rules engine is, how heavy a widget redraw is and how long a game review takes
bench: $(TEST_STAMP)
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/widget.py
	$(PY) benchmarks/review.py

## puzzles: regenerate the shipped puzzle set from self-play games (same seed, same file)
puzzles: $(TEST_STAMP)
	mkdir -p build/puzzles
	git show 419f290:dweebies_widget/puzzles/data/puzzles.json > build/puzzles/old.json
	$(PY) -m dweebies_widget.puzzles mine --standard --every-game --quiet --games 400 --seed 2 \
	  --players 2 --kinds endgame --out build/puzzles/endgame.json
	$(PY) -m dweebies_widget.puzzles mine --standard --every-game --quiet --games 120 --seed 3 \
	  --kinds haul,where --out build/puzzles/haulwhere.json
	$(PY) -m dweebies_widget.puzzles mine --standard --every-game --quiet --games 400 --seed 4 \
	  --kinds rejoin --out build/puzzles/rejoin1.json
	$(PY) -m dweebies_widget.puzzles mine --standard --every-game --quiet --games 1500 --seed 5 \
	  --kinds rejoin --out build/puzzles/rejoin2.json
	$(PY) -m dweebies_widget.puzzles mine --standard --every-game --quiet --games 400 --seed 6 \
	  --players 2 --kinds endgame --out build/puzzles/endgame2.json
	$(PY) -m dweebies_widget.puzzles mine --standard --every-game --quiet --games 2500 --seed 7 \
	  --kinds rejoin --out build/puzzles/rejoin3.json
	$(PY) -m dweebies_widget.puzzles mine --standard --every-game --quiet --games 1500 --seed 8 \
	  --kinds rejoin --out build/puzzles/rejoin4.json
	$(PY) -m dweebies_widget.puzzles mine --standard --every-game --quiet --games 150 --seed 9 \
	  --kinds safe --out build/puzzles/safe.json
	$(PY) -m dweebies_widget.puzzles build --per-third 16 --most 300 --seed 0 --quiet \
	  --out dweebies_widget/puzzles/data/puzzles.json \
	  --panel-out dweebies_widget/puzzles/data/panel.json \
	  build/puzzles/old.json build/puzzles/endgame.json build/puzzles/haulwhere.json \
	  build/puzzles/rejoin1.json build/puzzles/rejoin2.json build/puzzles/endgame2.json \
	  build/puzzles/rejoin3.json build/puzzles/rejoin4.json build/puzzles/safe.json

## screenshot: play in Chromium at device pixel ratio 2 and save docs/screenshot.png (JupyterLab),
## docs/screenshot-tablet.png (Voila on a 768 x 1024 touch tablet) and the sequence of a short
## game's motion (docs/motion/: placement, collection, the end)
screenshot: $(TEST_STAMP) chromium
	DWEEBIES_SCREENSHOTS=docs $(PY) -m pytest \
	  tests/test_browser.py::test_widget_plays_in_jupyterlab \
	  "tests/test_browser_touch.py::test_touch_play_in_voila_on_a_tablet_then_landscape_then_a_phone" \
	  tests/test_browser_motion.py::test_screenshots_of_a_short_game

## contact-sheet: draw the 27 Dweebies in Chromium into docs/dweebies.png
contact-sheet: $(TEST_STAMP) chromium
	$(PY) docs/make_contact_sheet.py --out docs/dweebies.png

## handouts: write the printable handouts into build/handouts (an index.html links them):
## for each lesson a student worksheet and an exit quiz (no answers), the teacher's answer
## key (every question's answer and why, every puzzle's answer and proof) and the 54 cards
## to cut out. Elsewhere: make handouts HANDOUTS=folder
HANDOUTS ?= build/handouts
handouts: $(LAB_STAMP)
	$(PY) -m dweebies_widget.handouts --out $(HANDOUTS)

## clean: remove caches and build output (keeps .venv)
clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis .cache
	find . -path ./$(VENV) -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) -exec rm -rf {} +

## distclean: clean, and remove .venv too
distclean: clean
	rm -rf $(VENV)
