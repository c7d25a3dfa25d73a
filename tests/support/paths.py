"""Where things are, for tests in any tier folder (and for scripts that reuse the test support)."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TESTS = REPO / "tests"
SUPPORT = TESTS / "support"
FIXTURES = TESTS / "fixtures"
EXAMPLES = REPO / "examples"
# ../shared beside the checkout (the paper's transcriptions, GitForge); tests that need it skip without it
SHARED = REPO.parent / "shared"
