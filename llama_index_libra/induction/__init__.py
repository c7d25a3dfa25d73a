"""Induction (Algorithm 1): catalog + sandbox runtime -> ToolLibrary of runtime-validated relations."""

from __future__ import annotations

from llama_index_libra.induction.engine import BuildReport, InductionConfig, induce

__all__ = ["induce", "InductionConfig", "BuildReport"]
