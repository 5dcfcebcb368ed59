# Two commands a fresh machine needs: `make serve` and `make test` (see README.md), and a third
# for JupyterLab, `make lab`. Each creates .venv and installs what it needs; `make test` also
# installs Debian's chromium for the browser tests when run as root.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
HOST   := 127.0.0.1
PORT   := 8866

.PHONY: serve serve-scaled lab test stress strength fuzz venv test-deps chromium nginx data golden balance models lint docs clean

$(VENV)/.base: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	$(PY) -c "from explorer.ui import enable_offline_charts; enable_offline_charts()"
	touch $@

$(VENV)/.test: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

venv: $(VENV)/.base

test-deps: $(VENV)/.test chromium nginx

## Serve the dashboards with Voila on http://127.0.0.1:8866
serve: $(VENV)/.base
	@echo "Serving the dashboards at http://$(HOST):$(PORT)/ (start at http://$(HOST):$(PORT)/voila/render/index.ipynb)"
	$(PY) -m explorer.serve voila notebooks/ --Voila.ip=$(HOST) --port=$(PORT) --no-browser

## Serve them with PROCESSES Voila processes behind Debian's nginx (sticky sessions) on the same address
PROCESSES ?= 2
serve-scaled: $(VENV)/.base nginx
	$(PY) -m explorer.serve scaled --processes $(PROCESSES) --host $(HOST) --port $(PORT)

## Open notebooks/ in JupyterLab on http://127.0.0.1:8888/lab (the same widgets and charts)
lab: $(VENV)/.base
	$(PY) -m explorer.serve lab --port 8888

## Run the whole test suite (unit, data, notebooks, real Voila + Chromium)
test: test-deps
	$(PY) -m pytest -n 2 --dist loadgroup -m "not stress and not strength"

## The pages under extra CPU load: both cores spun by other processes while they draw
stress: test-deps
	$(PY) -m pytest -m stress

## The search bot against the heuristic bot in Rifts and Riftforce (long: see the README)
strength: test-deps
	$(PY) -m pytest -m strength

## Stateful fuzzing of the five games, the long profile (thousands of examples a game)
fuzz: test-deps
	HYPOTHESIS_PROFILE=fuzz $(PY) -m pytest -n 2 -v --durations=5 tests/test_fuzz.py

chromium:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "chromium is not installed and this is not root: the browser tests will fail." >&2; \
	  echo "Install it with: sudo apt-get install chromium" >&2; \
	fi

nginx:
	@if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Debian's nginx for the scaled server (not started as a service)"; \
	  keep=0; [ -e /usr/sbin/policy-rc.d ] && keep=1; \
	  [ $$keep = 1 ] || { printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; \
	                      chmod +x /usr/sbin/policy-rc.d; }; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
	  status=$$?; [ $$keep = 1 ] || rm -f /usr/sbin/policy-rc.d; exit $$status; \
	else \
	  echo "nginx is not installed and this is not root: the scaled server will not start." >&2; \
	  echo "Install it with: sudo apt-get install nginx" >&2; \
	fi

## Rebuild the Parquet tables from their TOML sources
data: $(VENV)/.base
	$(PY) -m explorer.cards build

## Replay the shipped balance tables, data/simulations/*.parquet (fixed seeds: the same files)
balance: $(VENV)/.base
	$(PY) -m explorer.balance build --workers 2

## Train the coach's value models again from heuristic-bot games (data/models/*.json)
models: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[train]'
	$(PY) -m explorer.coach.train --workers 2

## Regenerate the golden playthroughs from the arguments in their headers (review the diff!)
golden: $(VENV)/.base
	@for f in tests/golden/*.txt; do \
	  args=$$(sed -n 's/^# args: //p' $$f); \
	  $(PY) -m explorer.engine.playthrough $$args > $$f.new && mv $$f.new $$f && echo "wrote $$f"; \
	done

$(VENV)/.docs: $(VENV)/.base
	$(PY) -m pip install --quiet -e '.[docs]'
	touch $@

## Build the documentation site offline into docs/_build/html: the guides, the measurements and
## the API reference read from the docstrings (Sphinx with MyST; a warning is an error)
docs: $(VENV)/.docs
	$(PY) -m sphinx -b html -W --keep-going docs docs/_build/html
	@echo "Built docs/_build/html/index.html"

lint: $(VENV)/.test
	$(VENV)/bin/ruff check explorer tests benchmarks notebooks docs

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache docs/_build
