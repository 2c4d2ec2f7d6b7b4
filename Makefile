# One command to play, one to test. Both create .venv on first use.
PY ?= python3
GAME ?= hecatomb
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint fuzz bench docs clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
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
	$(BIN)/pip install --quiet 'open_spiel>=1.5'
	$(BIN)/python bench/bench_engine.py

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
