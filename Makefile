VENV = .venv
PY = $(VENV)/bin/python
# The suite runs on every core (pytest-xdist); PYTEST_ARGS=-n0 runs it in one process.
PYTEST_ARGS ?= -n auto

.PHONY: install run serve test bench lint

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -e '.[test]'
	touch $@

# Development on SQLite, nothing to install: the server and, beside it, the task worker
# that renders sheets ahead (printing's print_worker; they share their PDFs through files in
# .cache/pdf) and prints the players' e-mails on its console (campaigns/notify.py).
run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	export PDF_CACHE_DIR=$(CURDIR)/.cache/pdf; \
	$(PY) manage.py print_worker --no-startup-delay --interval 0.5 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) manage.py runserver 127.0.0.1:8000

# The production profile (scripts/serve): DEBUG off, static files, Redis, gunicorn.
serve: install
	scripts/serve

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

# The benchmarks need Locust too (the load test): installed beside the test tools.
bench: install $(VENV)/.bench-installed
	$(PY) bench/run.py

$(VENV)/.bench-installed: pyproject.toml
	$(PY) -m pip install -e '.[test,bench]'
	touch $@

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
