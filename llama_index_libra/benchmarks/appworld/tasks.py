"""AppWorld tasks from the user's own AppWorld data folder, read at run time (nothing is shipped).

Layout (what ``appworld download data`` writes under the AppWorld root)::

    data/datasets/train.txt, dev.txt          task ids, one a line
    data/tasks/<id>/specs.json                {"instruction": ..., "supervisor": {...}, "datetime": ...}
    data/tasks/<id>/ground_truth/compiled_solution.py, api_calls.json, metadata.json

Protocol (paper, Appendix D/F): the 90 train and 57 dev tasks, whose required-API annotations are
public; the query is the task instruction; the gold set is the distinct APIs the ground-truth
solution uses, as AppWorld itself defines them (``GroundTruth.required_apis``: every ``apis.app.api``
in ``compiled_solution.py``), in first-use order; where a task has no compiled solution, the APIs of
its recorded ground-truth calls (``api_calls.json``: method and URL, matched against each API's path
template). The paper's mean gold size is 8.18.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Iterable, Sequence

from llama_index_libra.benchmarks.base import Benchmark, BenchmarkError, Task
from llama_index_libra.catalog import ToolCatalog

__all__ = ["load_task_file", "APPWORLD_SPLITS", "data_dir", "load_task_ids", "required_apis", "load_appworld_tasks", "load_appworld",
           "url_matcher"]

APPWORLD_SPLITS = ("train", "dev")
_SOLUTION_API = re.compile(r"apis\.(\w+\.\w+)")
_DOWNLOAD_HINT = ("download it with `appworld download data` inside the AppWorld root (it needs the internet), "
                  "then pass --appworld-root DIR or set $APPWORLD_ROOT")


def data_dir(root: str | Path | None = None) -> Path:
    """The ``data`` folder of an AppWorld root (``root``, else ``$APPWORLD_ROOT``)."""
    given = root if root is not None else os.environ.get("APPWORLD_ROOT")
    if not given:
        raise BenchmarkError(f"AppWorld's task data is not shipped with this package: {_DOWNLOAD_HINT}")
    base = Path(given).expanduser()
    for candidate in (base / "data", base):
        if (candidate / "datasets").is_dir() and (candidate / "tasks").is_dir():
            return candidate
    raise BenchmarkError(f"{base} holds no AppWorld data (no data/datasets and data/tasks folders): {_DOWNLOAD_HINT}")


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BenchmarkError(f"missing AppWorld file {path}") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise BenchmarkError(f"unreadable AppWorld file {path}: {exc}") from None


def load_task_ids(data: Path, split: str) -> list[str]:
    """The task ids of a split (``data/datasets/<split>.txt``; ``:tag`` suffixes dropped, as AppWorld does)."""
    path = data / "datasets" / f"{split}.txt"
    if not path.is_file():
        raise BenchmarkError(f"no AppWorld split {split!r}: {path} does not exist")
    ids = [line.strip().split(":", 1)[0] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if len(set(ids)) != len(ids):
        raise BenchmarkError(f"{path} lists a task id twice")
    return ids


def url_matcher(catalog: ToolCatalog) -> list[tuple[str, re.Pattern[str], str]]:
    """(method, URL pattern, tool) for every tool whose published doc has AppWorld's ``path``/``method``."""
    out = []
    for spec in catalog:
        doc = spec.source or {}
        path, method = doc.get("path"), doc.get("method")
        if not isinstance(path, str) or not isinstance(method, str):
            continue
        pattern = re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path))
        out.append((method.lower(), re.compile(f"^{pattern}/?$"), spec.name))
    # literal paths before templated ones (/alarms/count before /alarms/{alarm_id})
    out.sort(key=lambda m: m[1].pattern.count("[^/]+"))
    return out


def required_apis(ground_truth: Path, matchers: Sequence[tuple[str, re.Pattern[str], str]] = ()) -> list[str]:
    """The gold APIs of one task's ``ground_truth`` folder, distinct, in first-use order."""
    solution = ground_truth / "compiled_solution.py"
    if solution.is_file():
        names = _SOLUTION_API.findall(solution.read_text(encoding="utf-8"))
    else:
        calls = _read_json(ground_truth / "api_calls.json")
        if not isinstance(calls, list):
            raise BenchmarkError(f"{ground_truth / 'api_calls.json'} is not a list of calls")
        names = []
        for call in calls:
            url = str(call.get("url", "")).split("?", 1)[0] if isinstance(call, dict) else ""
            method = str(call.get("method", "")).lower() if isinstance(call, dict) else ""
            found = next((tool for m, pattern, tool in matchers if m == method and pattern.match(url)), None)
            if found is None:
                raise BenchmarkError(f"{ground_truth / 'api_calls.json'}: no API matches {method.upper()} {url}")
            names.append(found)
    return list(dict.fromkeys(names))


def load_appworld_tasks(root: str | Path | None = None, *, splits: Iterable[str] = APPWORLD_SPLITS,
                        catalog: ToolCatalog | None = None) -> list[Task]:
    """The tasks of ``splits`` with their instruction as query and their required APIs as gold."""
    data = data_dir(root)
    matchers = url_matcher(catalog) if catalog is not None else []
    tasks: list[Task] = []
    for split in splits:
        for task_id in load_task_ids(data, split):
            folder = data / "tasks" / task_id
            specs = _read_json(folder / "specs.json")
            instruction = specs.get("instruction") if isinstance(specs, dict) else None
            if not isinstance(instruction, str) or not instruction.strip():
                raise BenchmarkError(f"{folder / 'specs.json'} has no instruction")
            gold = required_apis(folder / "ground_truth", matchers)
            if not gold:
                raise BenchmarkError(f"task {task_id}: its ground truth names no API")
            tasks.append(Task(id=task_id, query=instruction.strip(), gold=tuple(gold),
                              meta={"split": split, "datetime": specs.get("datetime")}))
    return tasks


def load_appworld(appworld_root: str | Path | None = None, *, splits: Iterable[str] = APPWORLD_SPLITS,
                  catalog: ToolCatalog | None = None, python: str | Path | None = None) -> Benchmark:
    """The AppWorld retrieval benchmark: the catalog of the side environment and the user's tasks, K=15."""
    if catalog is None:
        from llama_index_libra.benchmarks.appworld.catalog import load_appworld_catalog

        catalog = load_appworld_catalog(python=python)
    tasks = load_appworld_tasks(appworld_root, splits=splits, catalog=catalog)
    sizes = [len(t.gold) for t in tasks]
    notes = [f"{len(tasks)} tasks ({', '.join(splits)}), mean gold size {sum(sizes) / max(1, len(sizes)):.2f} "
             f"(paper: 147 tasks, 8.18)", f"catalog: {len(catalog)} APIs (paper: 473)"]
    return Benchmark(name="appworld", catalog=catalog, tasks=tasks, k=15, notes=notes)


def load_task_file(path: str | Path, catalog: ToolCatalog, *, name: str = "appworld-style") -> Benchmark:
    """Tasks written as JSON lines ``{"id", "query", "gold": [...]}`` over the AppWorld catalog
    (e.g. ``examples/appworld_tasks.jsonl``: 20 tasks in AppWorld's style, not the paper's), K=15."""
    tasks = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            tasks.append(Task(id=str(row["id"]), query=str(row["query"]), gold=tuple(dict.fromkeys(row["gold"]))))
        except (ValueError, KeyError, TypeError) as exc:
            raise BenchmarkError(f"{path}:{number}: not a task line ({exc})") from None
    return Benchmark(name=name, catalog=catalog, tasks=tasks, k=15,
                     notes=[f"{len(tasks)} tasks from {Path(path).name}; not the paper's AppWorld tasks"])
