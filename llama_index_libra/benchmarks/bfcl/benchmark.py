"""BFCL v4 multi_turn_base: 200 tasks over the 128 functions of the 8 classic classes.

Protocol (Appendix D): the query joins every non-empty user message of every turn with "\\n" in
turn order; the gold set is the distinct ``Class.function`` names of the flattened ground-truth
calls. Data come from the installed ``bfcl-eval`` package, read as files: nothing of it that
reaches the network is imported.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from llama_index_libra.benchmarks.base import Benchmark, BenchmarkError, Task
from llama_index_libra.catalog import ToolCatalog, ToolSpec

__all__ = ["BFCL_CLASSES", "bfcl_data_dir", "load_bfcl_catalog", "load_bfcl_tasks", "load_bfcl", "BFCL_INSTALL_HINT"]

BFCL_INSTALL_HINT = "pip install --no-deps bfcl-eval==2026.3.23 mpmath"
SPLIT = "BFCL_v4_multi_turn_base"

# class name -> (function-doc file, module under eval_checker/multi_turn_eval/func_source_code)
BFCL_CLASSES: dict[str, tuple[str, str]] = {
    "GorillaFileSystem": ("gorilla_file_system.json", "gorilla_file_system"),
    "MathAPI": ("math_api.json", "math_api"),
    "MessageAPI": ("message_api.json", "message_api"),
    "TwitterAPI": ("posting_api.json", "posting_api"),
    "TicketAPI": ("ticket_api.json", "ticket_api"),
    "TradingBot": ("trading_bot.json", "trading_bot"),
    "TravelAPI": ("travel_booking.json", "travel_booking"),
    "VehicleControlAPI": ("vehicle_control.json", "vehicle_control"),
}
_CALL_RE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def bfcl_data_dir() -> Path:
    """The ``data`` folder of the installed bfcl-eval package (found without importing it)."""
    import importlib.util

    spec = importlib.util.find_spec("bfcl_eval")
    if spec is None or not spec.submodule_search_locations:
        raise BenchmarkError(f"BFCL needs the bfcl-eval package: {BFCL_INSTALL_HINT}")
    root = Path(list(spec.submodule_search_locations)[0])
    data = root / "data"
    if not (data / f"{SPLIT}.json").exists():
        raise BenchmarkError(f"bfcl-eval at {root} lacks {SPLIT}.json; install {BFCL_INSTALL_HINT}")
    return data


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@lru_cache(maxsize=4)
def _catalog_cached(data_dir: str) -> ToolCatalog:
    specs: list[ToolSpec] = []
    for cls, (doc_file, _module) in BFCL_CLASSES.items():
        for doc in _read_jsonl(Path(data_dir) / "multi_turn_func_doc" / doc_file):
            specs.append(ToolSpec.from_function_doc(doc, namespace=cls))
    return ToolCatalog(specs, name="bfcl")


def load_bfcl_catalog(data_dir: str | Path | None = None) -> ToolCatalog:
    """The 128 documented functions of the 8 classic classes, named ``Class.function``."""
    return _catalog_cached(str(data_dir or bfcl_data_dir()))


def _user_query(question: list[list[dict[str, Any]]]) -> str:
    parts = []
    for turn in question:
        for message in turn:
            if message.get("role") == "user" and str(message.get("content", "")).strip():
                parts.append(message["content"])
    return "\n".join(parts)


def load_bfcl_tasks(catalog: ToolCatalog | None = None, data_dir: str | Path | None = None) -> list[Task]:
    """The 200 multi_turn_base tasks with queries and gold sets built as Appendix D says."""
    data = Path(data_dir) if data_dir else bfcl_data_dir()
    catalog = catalog or load_bfcl_catalog(data)
    questions = _read_jsonl(data / f"{SPLIT}.json")
    answers = {a["id"]: a for a in _read_jsonl(data / "possible_answer" / f"{SPLIT}.json")}
    by_short: dict[str, list[str]] = {}
    for tool in catalog:
        by_short.setdefault(tool.short_name, []).append(tool.name)
    tasks = []
    for row in questions:
        answer = answers.get(row["id"])
        if answer is None:
            raise BenchmarkError(f"BFCL task {row['id']} has no ground truth record")
        involved = set(row.get("involved_classes", []))
        gold: list[str] = []
        for turn in answer["ground_truth"]:
            for call in turn:
                m = _CALL_RE.match(call)
                if not m:
                    raise BenchmarkError(f"BFCL task {row['id']}: cannot parse ground-truth call {call!r}")
                names = by_short.get(m.group(1), [])
                if len(names) > 1:
                    names = [n for n in names if n.split(".")[0] in involved]
                if len(names) != 1:
                    raise BenchmarkError(f"BFCL task {row['id']}: function {m.group(1)!r} matches {names or 'no tool'}")
                if names[0] not in gold:
                    gold.append(names[0])
        tasks.append(
            Task(
                id=row["id"],
                query=_user_query(row["question"]),
                gold=tuple(gold),
                meta={"involved_classes": sorted(involved), "initial_config": row.get("initial_config", {})},
            )
        )
    return tasks


def load_bfcl(data_dir: str | Path | None = None) -> Benchmark:
    """BFCL v4 multi_turn_base as a :class:`Benchmark` (K = 15)."""
    catalog = load_bfcl_catalog(data_dir)
    return Benchmark(name="bfcl", catalog=catalog, tasks=load_bfcl_tasks(catalog, data_dir), k=15)
