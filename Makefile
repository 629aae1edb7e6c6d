# Two commands on a fresh machine: `make demo` and `make test` (each sets itself up first).
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: setup compile sysdeps demo test test-fast bench clean

# Debian packages for PDFs (WeasyPrint's Pango and HarfBuzz), the PDF page checks (pdftoppm) and the
# browser checks (chromium). Installed only when missing, and only as root with apt-get; otherwise a warning.
SYSPKGS = libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 poppler-utils chromium

$(BIN)/parlour: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	$(BIN)/pip install --quiet -e '.[compile]' || echo "warning: Cython could not be installed; Parlour runs as pure Python" >&2
	touch $@

setup: $(BIN)/parlour compile

# The engine's hot modules compiled with Cython from their own sources (generator/compiled): the same
# games, a third less CPU. Only changed sources are rebuilt; without a C compiler and Python's headers
# (Debian: gcc, python3-dev) Parlour runs as pure Python, as it does with PARLOUR_PURE=1.
compile: $(BIN)/parlour
	@$(BIN)/python -m generator.compiled || echo "warning: running as pure Python (the compiled modules did not build)" >&2

sysdeps:
	@missing=$$(for p in $(SYSPKGS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing system packages:" $$missing; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; } >/dev/null 2>&1 \
	      || echo "warning: apt-get could not install:" $$missing >&2; \
	  else echo "warning: missing system packages (install them as root):" $$missing >&2; fi; \
	fi

# The main job: games generated and kept only when they pass the playtest (drafts drawn until each
# family has its games; drafts only too long are mended), checked, one printed as a PDF rulebook,
# all of them as one book. The seeds are picked so that the demo takes about a minute on two cores
# and its games have different names (a name comes from the seed); the trick-taking seed gives a
# partnership game first, and it is the one printed as the PDF.
DEMO = output/demo
demo: setup sysdeps
	rm -rf $(DEMO)
	$(BIN)/parlour generate --family trick-taking --count 2 --seed 37 --playtest --variations --games 100 --workers 2 --out $(DEMO)/trick-taking
	$(BIN)/parlour generate --family climbing --count 2 --seed 10 --playtest --variations --games 100 --workers 2 --out $(DEMO)/climbing
	$(BIN)/parlour generate --family matching --count 1 --seed 4 --playtest --variations --games 100 --workers 2 --out $(DEMO)/matching
	$(BIN)/parlour generate --family melding --count 2 --seed 6 --playtest --variations --games 100 --workers 2 --out $(DEMO)/melding
	$(BIN)/parlour check $(DEMO)/*/*.yaml
	$(BIN)/parlour render $$(ls $(DEMO)/trick-taking/*.yaml | head -1) --format pdf --playtest 100 --out $(DEMO)
	$(BIN)/parlour book $(DEMO)/trick-taking $(DEMO)/climbing $(DEMO)/matching $(DEMO)/melding --games 50 --out $(DEMO)/book.pdf
	@echo "The games kept are in $(DEMO)/<family>/ (spec and rulebook; rejected drafts and their reasons in"
	@echo "$(DEMO)/<family>/rejected/), one rulebook as a PDF in $(DEMO)/, and all of them in $(DEMO)/book.pdf"

# Every test (markers and Hypothesis profiles: docs/testing.md). PARLOUR_HYPOTHESIS=thorough make test
# runs each property forty times longer, on new examples each run.
test: setup sysdeps
	$(BIN)/python -m pytest -n 2 -q

# The edit-run loop: the tests that are neither slow, statistical nor external (under a minute on two cores).
test-fast: setup
	$(BIN)/python -m pytest -n 2 -q -m "not slow and not statistical and not external"

bench: setup
	$(BIN)/python benchmarks/whist.py

clean:
	rm -rf $(VENV) output generator/_compiled
