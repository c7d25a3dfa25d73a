"""agent_eval: the ToolReAGt agentic retrieval harness (paper section 4.3, Figures 2 and 17).

ReAct agents (LlamaIndex's workflow ``ReActAgent``) search a benchmark's tool catalog through one
``tool_retriever`` tool, for each retrieval method, agent LLM, seed and retrieval budget:

- :mod:`agent_eval.prompts`: Figure 15/16 prompt texts (package data) and their rendering;
- :mod:`agent_eval.config`: LLM presets (``presets.toml``) and run settings;
- :mod:`agent_eval.llms`: vLLM agent LLMs (``vllm serve`` endpoint or local engine);
- :mod:`agent_eval.agent`: the agent, the budgeted tool and one task's run;
- :mod:`agent_eval.runner`: resumable, concurrent grids and per-iteration candidate lists;
- :mod:`agent_eval.report`: Recall/NDCG tables over seeds, LIBRA-vs-QTS gains and plots.

Command line: ``python -m agent_eval run ...`` and ``python -m agent_eval report RUN_DIR``.
"""

from .config import DEFAULT_BUDGET, DEFAULT_TOP_K, PAPER_LLMS, LLMPreset, RunSettings, load_presets

__all__ = ["DEFAULT_BUDGET", "DEFAULT_TOP_K", "PAPER_LLMS", "LLMPreset", "RunSettings", "load_presets"]
