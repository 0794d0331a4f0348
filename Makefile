# Two commands for a fresh machine: `make run` and `make test`. Each sets itself up.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup db run api test bench lock clean

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

test: setup
	$(BIN)/python -m pytest -q

bench: setup
	$(BIN)/python bench/data.py --json
	$(BIN)/python bench/optimizer.py --json
	$(BIN)/python bench/chat.py --json
	$(BIN)/python bench/backtest.py --json
	$(BIN)/python bench/ui.py --json
	$(BIN)/python bench/mutants.py --json
	$(BIN)/python bench/nlu.py --json

lock: setup
	$(BIN)/python -m pip freeze --exclude-editable | grep -v '^courtside' > requirements.lock

clean:
	rm -rf $(VENV)
