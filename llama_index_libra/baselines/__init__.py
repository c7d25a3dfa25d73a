"""The paper's baselines, built for real: ToolREX, TGR-Adapt and Ego-Trip (LIBRA Table 2, Appendix D).

Each baseline has an offline build half that calls an LLM through the package's LLM client (the
Figure 10-14 prompts; reply cache, retries, timeouts; resumable) and writes one versioned JSON
artifact per method, catalog and model, and a query-time half that is pure numpy over the same dense
tool embeddings QTS uses (:mod:`.ranking`, which imports nothing above ``retrieval``).

The package sits between ``retrieval`` and ``adapters`` (docs/architecture.md): the ranking half
(``ranking``, ``ranker``, ``artifact``, ``toolfields``) imports nothing above ``retrieval`` and no LLM
code; the build half asks through ``contracts``' LLM client. The evaluation runner
(``evaluate(..., baselines=...)``), ``LibraRetriever`` (``method="tgr", baseline=...``) and
``libra baseline`` use them. Names are imported lazily.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "BASELINE_METHODS",
    "BaselineArtifact",
    "BaselineError",
    "BaselineLLM",
    "BaselineRanker",
    "build_baseline",
]

_HOMES = {
    "BASELINE_METHODS": "artifact",
    "BaselineArtifact": "artifact",
    "BaselineError": "artifact",
    "BaselineLLM": "llm",
    "BaselineRanker": "ranker",
    "build_baseline": "build",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
