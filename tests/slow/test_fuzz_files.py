"""Fuzzed catalog files, library files and run logs through the loaders and the CLI (slow).

``LIBRA_FUZZ_EXAMPLES`` sets the examples per entry point (default 200 here; the 10,000-example
runs reported in the README are ``python scripts/fuzz_files.py --examples 10000``).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from tests.support import fuzzing

EXAMPLES = int(os.environ.get("LIBRA_FUZZ_EXAMPLES", "200"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])

pytestmark = pytest.mark.slow


@FUZZ
@given(fuzzing.catalog_files())
def test_fuzzed_catalog_files(case):
    fuzzing.check_catalog(*case)


@FUZZ
@given(fuzzing.library_files())
def test_fuzzed_library_files(raw):
    fuzzing.check_library(raw)


@FUZZ
@given(fuzzing.runlog_files())
def test_fuzzed_run_logs(lines):
    fuzzing.check_runlog(lines)
