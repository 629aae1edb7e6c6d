# Two commands on a fresh machine: `make demo` and `make test` (each sets itself up first).
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: setup demo test bench clean

$(BIN)/parlour: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

setup: $(BIN)/parlour

demo: setup
	$(BIN)/parlour generate --family trick-taking --count 12 --seed 7 --out output/demo --force
	$(BIN)/parlour check output/demo/*.yaml
	$(BIN)/parlour playtest output/demo/$$(ls output/demo | grep -m1 '\.yaml$$') --games 200 --seed 1 || true
	@echo "Rulebooks and specs are in output/demo/"

test: setup
	$(BIN)/python -m pytest -n 2 -q

bench: setup
	$(BIN)/python benchmarks/whist.py

clean:
	rm -rf $(VENV) output
