# Two commands for a fresh machine: `make run` and `make test`. Each sets itself up.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup db run api test test-fast bench honest-limits lock clean

$(STAMP): pyproject.toml requirements.lock
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements.lock
	$(BIN)/python -m pip install -q --no-deps -e .
	touch $(STAMP)

setup: $(STAMP)

db: setup
	$(BIN)/python -m services build --if-missing
	$(BIN)/python -m agents.offline.nlu_model build

run: db
	$(BIN)/python -m streamlit run app.py --server.address 127.0.0.1 --server.port 8501

# The HTTP API (docs/api.md): 127.0.0.1, port COURTSIDE_API_PORT (8600); a token beyond loopback.
api: db
	$(BIN)/python -m api

# Three workers (pytest-xdist) on two cores: much of the suite waits on subprocesses, servers and
# browsers, so a third worker fills those waits (docs/benchmarks.md). Each test file runs on one
# worker so its module fixtures are built once (heaviest files first: tests/file_cpu.json); every
# worker has its own home, PostgreSQL cluster and CLI zygote (tests/forkrun.py).
# PYTHONDONTWRITEBYTECODE is cleared for the run: with it set (some images set it), every worker,
# CLI run and server compiled the project's modules from source again (collection 11 s -> 6 s).
test: setup
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n 3 --dist loadfile --durations=10

# The inner loop: services, agents and architecture tests; no page, golden or slow test (the README
# says which; `slow`: tests/conftest.py SLOW and every file over 4 s of CPU in tests/file_cpu.json).
test-fast: setup
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n 2 --dist loadfile -m "not app and not browser and not golden and not slow"

bench: setup
	$(BIN)/python bench/data.py --json
	$(BIN)/python bench/optimizer.py --json
	$(BIN)/python bench/chat.py --json
	$(BIN)/python bench/backtest.py --json
	$(BIN)/python bench/ui.py --json
	$(BIN)/python bench/rerun.py --json
	$(BIN)/python bench/mutants.py --json
	$(BIN)/python bench/nlu.py --json

# The README's "Honest limits" figures: runs the benchmarks that feed them (the backtest is the long one),
# saves their JSON in bench/results/honest_limits.json and rewrites the marked blocks of README.md and
# docs/honest-limits.md (tests/test_honest_limits.py).
honest-limits: db
	$(BIN)/python bench/honest_limits.py --write

lock: setup
	$(BIN)/python -m pip freeze --exclude-editable | grep -v '^courtside' > requirements.lock

clean:
	rm -rf $(VENV)
