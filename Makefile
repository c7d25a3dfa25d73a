# Two entry points (see README): `make demo` runs the main job end to end on the offline
# defaults, `make test` runs the whole test suite. Both install what they need into .venv.
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: install demo test test-fast clean

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	# CPU torch first: an unpinned torch would pull a multi-GB CUDA build.
	$(PIP) install -q torch==2.13.0
	$(PIP) install -q -e '.[dev]'
	# bfcl-eval pins numpy==1.26.4 and ~30 LLM SDKs; its 8 classic classes need only mpmath.
	$(PIP) install -q --no-deps bfcl-eval==2026.3.23
	touch $@

demo: install
	$(VENV)/bin/libra eval --benchmark bfcl --methods bm25,qts,hybrid,schema-only,libra --k 15

# the suite runs on up to four worker processes (pytest-xdist; two on a 2-core machine): the slow
# builds are made once per session and shared (tests/conftest.py)
PYTEST_WORKERS ?= -n auto --maxprocesses 4

test: install
	$(PY) -m pytest -q $(PYTEST_WORKERS)

test-fast: install
	$(PY) -m pytest -q $(PYTEST_WORKERS) -m "not slow"

clean:
	rm -rf $(VENV) .pytest_cache
