# One command to play, one to test. Both create .venv on first use.
# A player's install is the package alone; the tests add the dev extra (the
# research libraries, the browser and database drivers the tests need).
#
# Installing compiles the hot modules with mypyc where a C compiler is present
# (in place: src/ossuary/**/*.so), and installs again whenever a source changes,
# so what runs is what is in src/ (docs/compiled.md). OSSUARY_COMPILE=0 builds
# pure Python, OSSUARY_COMPILE=1 insists on compiling; OSSUARY_PURE=1 runs pure
# Python from a compiled install.
PY ?= python3
GAME ?= hecatomb
VENV := .venv
BIN := $(VENV)/bin
PLAYER := $(VENV)/.installed-player
STAMP := $(VENV)/.installed-dev
SOURCES := pyproject.toml setup.py $(shell find src/ossuary -name '*.py')
# the part of the suite run again on pure Python, to keep the fallback honest:
# the kernel, every game's rules and agents, and the builds compared game by game
PURE_TESTS := tests/engine tests/agents tests/test_compiled.py \
	tests/hecatomb/test_playouts.py tests/hecatomb/test_rules.py \
	tests/necromancer/test_playouts.py tests/diabolicards/test_playouts.py

.PHONY: play ossuary serve build test lint fuzz bench bench-server screenshot docs clean

$(VENV)/bin/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(PLAYER): $(SOURCES) | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e .
	@$(BIN)/ossuary --version
	touch $(PLAYER)

$(STAMP): $(SOURCES) | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e '.[dev]'
	@$(BIN)/ossuary --version
	touch $(STAMP) $(PLAYER)

# compile again after editing sources, without touching the dependencies
build: | $(VENV)/bin/python
	$(BIN)/pip install --quiet --no-deps -e .
	@$(BIN)/ossuary --version

# make play ARGS='--deck "Blood and Gold" --ai easy': any 'ossuary play' options
play: $(PLAYER)
	$(BIN)/ossuary play $(GAME) $(ARGS)

# make ossuary ARGS='rules ripper': any ossuary command, without activating .venv
ossuary: $(PLAYER)
	$(BIN)/ossuary $(ARGS)

# the browser client on http://127.0.0.1:8000/ (games kept in ~/.local/share/ossuary)
serve: $(PLAYER)
	$(BIN)/ossuary serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench setup.py
	$(BIN)/ruff format --check src tests bench setup.py
	$(BIN)/mypy

# the whole suite on the build installed (compiled where a C compiler is), then
# its core again on pure Python
test: lint
	$(BIN)/pytest -n 2
	OSSUARY_PURE=1 $(BIN)/pytest -n 2 -p no:cacheprovider $(PURE_TESTS)

fuzz: $(STAMP)
	$(BIN)/python -m ossuary.fuzz --game $(GAME) --games 10000

docs: $(STAMP)
	$(BIN)/python -m ossuary.hecatomb.catalog

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python bench/bench_engine.py
	$(BIN)/python bench/bench_rl.py

# 200 concurrent games over WebSockets on loopback for a minute (docs/server.md)
bench-server: $(STAMP)
	$(BIN)/python bench/bench_server.py --games 200 --seconds 60

# docs/img/board.png, the README's picture of the board (needs Debian's chromium)
screenshot: $(STAMP)
	$(BIN)/python bench/screenshot.py docs/img/board.png

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
	rm -f src/ossuary/_compiled.json
