# Everyday commands. Each one sets up the project's virtual environment (.venv) first if it
# is missing or older than pyproject.toml, so they work on a fresh machine.

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python

# Stamp files: reinstall only when pyproject.toml changes.
TEST_STAMP := $(VENV)/.installed-test
LAB_STAMP  := $(VENV)/.installed-notebooks

# Lint only the folders that exist (benchmarks/ and tests/ may not exist yet).
LINT_PATHS := $(wildcard dweebies_widget tests benchmarks)

# JupyterLab refuses to run as root unless asked; apt-get needs root.
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)
SUDO      := $(if $(filter 0,$(shell id -u)),,sudo)

.DEFAULT_GOAL := test
.PHONY: lab app test notebooks lint typecheck chromium bench screenshot puzzles clean distclean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip

$(TEST_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[test]"
	touch $@

$(LAB_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[notebooks]"
	touch $@

## lab: open the play notebook in JupyterLab
lab: $(LAB_STAMP)
	$(PY) -m jupyter lab notebooks/00_play.ipynb $(LAB_FLAGS)

## app: serve the play notebook as an app with Voila (no code cells shown)
app: $(LAB_STAMP)
	$(PY) -m voila notebooks/00_play.ipynb

## test: lint, type check, then run every test (browser tests included)
test: lint typecheck chromium
	$(PY) -m pytest

## chromium: install Debian's chromium for the browser tests, if it is missing
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

## notebooks: run every notebook top to bottom and store its outputs (what nbval checks)
notebooks: $(TEST_STAMP)
	cd notebooks && for nb in *.ipynb; do \
	  ../$(PY) -m jupyter nbconvert --to notebook --execute --inplace "$$nb" || exit 1; \
	done

## lint: ruff on the package, tests and benchmarks
lint: $(TEST_STAMP)
	$(PY) -m ruff check $(LINT_PATHS)

## typecheck: mypy --strict on the package
typecheck: $(TEST_STAMP)
	$(PY) -m mypy dweebies_widget

## bench: print how fast the rules engine is and how heavy a widget redraw is
bench: $(TEST_STAMP)
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/widget.py

## puzzles: regenerate the shipped puzzle set from self-play games (same seed, same file)
puzzles: $(TEST_STAMP)
	$(PY) -m dweebies_widget.puzzles generate --games 26000 --seed 1 --workers 2 \
	  --out dweebies_widget/puzzles/data/puzzles.json

## screenshot: play in JupyterLab in Chromium and save the widget to docs/screenshot.png
screenshot: $(TEST_STAMP) chromium
	DWEEBIES_SCREENSHOT=docs/screenshot.png $(PY) -m pytest tests/test_browser.py -k lab

## clean: remove caches and build output (keeps .venv)
clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) -exec rm -rf {} +

## distclean: clean, and remove .venv too
distclean: clean
	rm -rf $(VENV)
