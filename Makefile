# One command to play, one to test. Both create .venv on first use.
# A player's install is the package alone; the tests add the dev extra (the
# research libraries, the browser and database drivers the tests need).
PY ?= python3
GAME ?= hecatomb
VENV := .venv
BIN := $(VENV)/bin
PLAYER := $(VENV)/.installed-player
STAMP := $(VENV)/.installed-dev

.PHONY: play test lint fuzz bench docs clean

$(VENV)/bin/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(PLAYER): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e .
	touch $(PLAYER)

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP) $(PLAYER)

play: $(PLAYER)
	$(BIN)/ossuary play hecatomb

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -n 2

fuzz: $(STAMP)
	$(BIN)/python -m ossuary.fuzz --game $(GAME) --games 10000

docs: $(STAMP)
	$(BIN)/python -m ossuary.hecatomb.catalog

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_rl.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
