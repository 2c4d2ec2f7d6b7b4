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
BUILT := $(VENV)/.built
SOURCES := pyproject.toml setup.py $(shell find src/ossuary -name '*.py')
# the part of the suite run again on pure Python, to keep the fallback honest:
# the kernel and the agents, and for every game random playouts with every
# invariant, hidden information and refused input (where the builds could part:
# a compiled function checks its argument types itself)
PURE_TESTS := tests/engine tests/agents \
	tests/hecatomb/test_playouts.py tests/hecatomb/test_hidden_information.py \
	tests/hecatomb/test_bad_input.py tests/hecatomb/test_illegal.py \
	tests/necromancer/test_playouts.py tests/necromancer/test_illegal.py \
	tests/diabolicards/test_playouts.py tests/diabolicards/test_hidden_information.py \
	tests/diabolicards/test_illegal.py

.PHONY: play ossuary serve build test lint fuzz bench bench-server screenshot docs clean

$(VENV)/bin/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# a player's install: pip compiles it (in a build environment of its own)
$(PLAYER): $(SOURCES) | $(VENV)/bin/python
	$(BIN)/pip install --quiet -e .
	@$(BIN)/ossuary --version
	touch $(PLAYER)

# a developer's: the dev extra, then the compiled modules in place, compiled
# again after every edit, incrementally (only the packages whose C changed)
$(STAMP): pyproject.toml | $(VENV)/bin/python
	OSSUARY_COMPILE=0 $(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(BUILT): $(SOURCES) $(STAMP)
	$(BIN)/python setup.py --quiet build_ext --inplace
	@$(BIN)/ossuary --version
	touch $(BUILT) $(PLAYER)

build: $(BUILT)

# make play ARGS='--deck "Blood and Gold" --ai easy': any 'ossuary play' options
play: $(PLAYER)
	$(BIN)/ossuary play $(GAME) $(ARGS)

# make ossuary ARGS='rules ripper': any ossuary command, without activating .venv
ossuary: $(PLAYER)
	$(BIN)/ossuary $(ARGS)

# the browser client on http://127.0.0.1:8000/ (games kept in ~/.local/share/ossuary)
serve: $(PLAYER)
	$(BIN)/ossuary serve

lint: $(BUILT)
	$(BIN)/ruff check src tests bench setup.py
	$(BIN)/ruff format --check src tests bench setup.py
	$(BIN)/mypy

# the whole suite on the build installed (compiled where a C compiler is), then
# its core again on pure Python
test: lint
	$(BIN)/pytest -n 2
	OSSUARY_PURE=1 $(BIN)/pytest -n 2 -p no:cacheprovider $(PURE_TESTS)

fuzz: $(BUILT)
	$(BIN)/python -m ossuary.fuzz --game $(GAME) --games 10000

docs: $(BUILT)
	$(BIN)/python -m ossuary.hecatomb.catalog

# the builds side by side with the references (docs/benchmarks.md); the bench
# extra brings them (installed without compiling: the build is kept in place)
bench: $(BUILT)
	OSSUARY_COMPILE=0 $(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python setup.py --quiet build_ext --inplace
	$(BIN)/python bench/bench_builds.py
	$(BIN)/python bench/bench_rl.py

# 200 concurrent games over WebSockets on loopback for a minute (docs/server.md)
bench-server: $(BUILT)
	$(BIN)/python bench/bench_server.py --games 200 --seconds 60

# docs/img/board.png, the README's picture of the board (needs Debian's chromium)
screenshot: $(BUILT)
	$(BIN)/python bench/screenshot.py docs/img/board.png

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
	rm -f src/ossuary/_compiled.json
