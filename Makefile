# Two commands on a fresh machine: `make demo` and `make test` (each sets itself up first).
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: setup sysdeps demo test bench clean

# Debian packages for PDFs (WeasyPrint's Pango and HarfBuzz), the PDF page checks (pdftoppm) and the
# browser checks (chromium). Installed only when missing, and only as root with apt-get; otherwise a warning.
SYSPKGS = libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 poppler-utils chromium

$(BIN)/parlour: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

setup: $(BIN)/parlour

sysdeps:
	@missing=$$(for p in $(SYSPKGS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing system packages:" $$missing; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; } >/dev/null 2>&1 \
	      || echo "warning: apt-get could not install:" $$missing >&2; \
	  else echo "warning: missing system packages (install them as root):" $$missing >&2; fi; \
	fi

demo: setup sysdeps
	$(BIN)/parlour generate --family trick-taking --count 12 --seed 7 --out output/demo --force
	$(BIN)/parlour check output/demo/*.yaml
	$(BIN)/parlour playtest output/demo/$$(ls output/demo | grep -m1 '\.yaml$$') --games 200 --seed 1 || true
	$(BIN)/parlour render output/demo/$$(ls output/demo | grep -m1 '\.yaml$$') --format pdf --playtest 100 --out output/demo --force
	$(BIN)/parlour generate --family climbing --count 6 --seed 7 --out output/demo/climbing --force
	$(BIN)/parlour check output/demo/climbing/*.yaml
	$(BIN)/parlour playtest output/demo/climbing/$$(ls output/demo/climbing | grep -m1 '\.yaml$$') --games 200 --seed 1 || true
	$(BIN)/parlour render output/demo/climbing/$$(ls output/demo/climbing | grep -m1 '\.yaml$$') --format pdf --playtest 100 --out output/demo/climbing --force
	$(BIN)/parlour generate --family matching --count 6 --seed 7 --out output/demo/matching --force
	$(BIN)/parlour check output/demo/matching/*.yaml
	$(BIN)/parlour playtest output/demo/matching/$$(ls output/demo/matching | grep -m1 '\.yaml$$') --games 200 --seed 1 || true
	$(BIN)/parlour render output/demo/matching/$$(ls output/demo/matching | grep -m1 '\.yaml$$') --format pdf --playtest 100 --out output/demo/matching --force
	$(BIN)/parlour generate --family melding --count 6 --seed 7 --out output/demo/melding --force
	$(BIN)/parlour check output/demo/melding/*.yaml
	$(BIN)/parlour playtest output/demo/melding/$$(ls output/demo/melding | grep -m1 '\.yaml$$') --games 100 --seed 1 || true
	$(BIN)/parlour render output/demo/melding/$$(ls output/demo/melding | grep -m1 '\.yaml$$') --format pdf --playtest 50 --out output/demo/melding --force
	$(BIN)/parlour book output/demo output/demo/climbing output/demo/matching output/demo/melding --out output/demo/book.pdf --games 50 --force
	@echo "Rulebooks and specs are in output/demo/ (the other families' games in output/demo/climbing/, output/demo/matching/ and output/demo/melding/), the book in output/demo/book.pdf"

test: setup sysdeps
	$(BIN)/python -m pytest -n 2 -q

bench: setup
	$(BIN)/python benchmarks/whist.py

clean:
	rm -rf $(VENV) output
