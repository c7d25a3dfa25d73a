"""``python -m agent_eval``: run the agentic grid, report it, list the LLM presets.

    python -m agent_eval run --run-dir runs/agentic --llms qwen3.5-9b --api-base http://localhost:8000/v1
    python -m agent_eval report runs/agentic --iterations 1,3,5,7,10 --plot runs/agentic/fig.png
    python -m agent_eval presets

Every user error ends in one line on stderr starting with ``agent_eval: error:`` and exit code 2; a run
stopped by consecutive task errors exits with 1 (rerun the same command to resume).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Sequence

__all__ = ["main", "build_parser"]

# how this module was run: `python -m agent_eval` from a checkout, `python -m llama_index_libra.agent_eval`
# from the wheel (help, usage and hints name the command the user typed)
PROG = f"python -m {__package__ or 'agent_eval'}"


class CLIError(Exception):
    """A user-facing error: one line, exit code 2."""


def _csv(text: str) -> list[str]:
    values = [v.strip() for v in text.split(",") if v.strip()]
    if not values:
        raise argparse.ArgumentTypeError("expected a comma-separated list")
    return values


def _seeds(text: str) -> list[int]:
    try:
        return [int(v) for v in _csv(text)]
    except ValueError:
        raise argparse.ArgumentTypeError(f"seeds must be integers, got {text!r}") from None


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {value}")
    return value


def _pairs(values: Sequence[str] | None, what: str) -> tuple[str | None, dict[str, str]]:
    """``["URL"]`` or ``["name=URL", ...]`` -> (default, per-name)."""
    default, named = None, {}
    for v in values or []:
        if "=" in v and not v.split("=", 1)[0].startswith(("http:", "https:")):
            name, value = v.split("=", 1)
            named[name.strip()] = value.strip()
        elif default is None:
            default = v
        else:
            raise CLIError(f"give one default {what} or NAME={what} pairs, not two defaults")
    return default, named


# --------------------------------------------------------------------------- run
def cmd_run(args: argparse.Namespace) -> int:
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    from .config import RunSettings, load_presets
    from .llms import build_llm
    from .runner import make_retriever_factory, run_grid_sync
    from llama_index_libra.benchmarks import BENCHMARKS, load_benchmark
    from llama_index_libra.retrieval.ranker import METHODS

    presets = load_presets(args.presets)
    unknown = [m for m in args.methods if m not in METHODS]
    if unknown:
        raise CLIError(f"unknown method {', '.join(unknown)}; choose from {', '.join(METHODS)}")
    missing = [n for n in args.llms if n not in presets]
    if missing:
        raise CLIError(f"unknown LLM preset {', '.join(missing)}; presets: {', '.join(presets)}")
    if args.served_model_name and len(args.llms) != 1:
        raise CLIError("--served-model-name needs exactly one --llms preset")
    benchmarks_arg = args.benchmarks or list(BENCHMARKS)
    bad = [b for b in benchmarks_arg if b not in BENCHMARKS]
    if bad:
        raise CLIError(f"unknown benchmark {', '.join(bad)}; choose from {', '.join(sorted(BENCHMARKS))}")
    if args.tasks and len(benchmarks_arg) != 1:
        raise CLIError("--tasks needs exactly one --benchmarks name")
    default_base, named_bases = _pairs(args.api_base, "URL")
    if args.backend == "server" and not default_base:
        lacking = [n for n in args.llms if n not in named_bases]
        if lacking:
            raise CLIError(f"--backend server needs --api-base URL (the `vllm serve` endpoint, …/v1) for {', '.join(lacking)}")
    _, libraries = _pairs(args.library, "PATH")
    settings = RunSettings(
        budget=args.budget,
        top_k=args.top_k,
        max_iterations=args.max_iterations,
        concurrency=args.concurrency,
        task_timeout=args.task_timeout,
    )
    benchmarks = {name: load_benchmark(name) for name in benchmarks_arg}
    engines: dict[str, Any] = {}

    def llm_factory(name: str, seed: int) -> Any:
        preset = presets[name]
        return build_llm(
            preset,
            backend=args.backend,
            seed=seed,
            api_base=named_bases.get(name, default_base),
            served_model_name=args.served_model_name,
            request_timeout=args.request_timeout,
            engines=engines,
        )

    llm_info = {
        name: {
            "label": presets[name].display,
            "model": args.served_model_name or presets[name].model,
            "backend": args.backend,
            "preset": presets[name].to_json(),
        }
        for name in args.llms
    }
    from llama_index_libra.retrieval.settings import RetrievalSettings

    retrieval = RetrievalSettings.from_arguments(args)
    factory = make_retriever_factory(
        embed_model=args.embed_model, libraries=libraries, top_k=args.top_k, cache_dir=args.cache_dir, show_progress=not args.quiet,
        settings=retrieval,
    )
    summary = run_grid_sync(
        args.run_dir,
        benchmarks=benchmarks,
        methods=args.methods,
        llms=args.llms,
        seeds=args.seeds,
        llm_factory=llm_factory,
        retriever_factory=factory,
        settings=settings,
        llm_info=llm_info,
        cell_extra={"encoder": args.embed_model or "minilm", "libraries": libraries, "retrieval": retrieval.to_json()},
        task_ids={benchmarks_arg[0]: args.tasks} if args.tasks else None,
        limit=args.limit,
        retry_failed=not args.no_retry_failed,
        max_consecutive_errors=args.max_consecutive_errors,
        progress=not args.quiet,
    )
    print(summary.describe())
    print(f"report: {PROG} report {args.run_dir}")
    return 1 if summary.aborted else 0


# --------------------------------------------------------------------------- report
def cmd_report(args: argparse.Namespace) -> int:
    from .report import build_report

    text, written = build_report(
        args.run_dir, iterations=args.iterations, k=args.k, plot=args.plot, json_path=args.json, method=args.method, baseline=args.baseline
    )
    print(text, end="")
    for path in written:
        print(f"wrote {path}")
    return 0


# --------------------------------------------------------------------------- presets
def cmd_presets(args: argparse.Namespace) -> int:
    from .config import default_presets_path, load_presets

    presets = load_presets(args.presets)
    if args.serve:
        if args.serve not in presets:
            raise CLIError(f"unknown LLM preset {args.serve}; presets: {', '.join(presets)}")
        print(presets[args.serve].serve_command())
        return 0
    print(f"presets from {args.presets or default_presets_path()} (hub ids unverified offline: check them before a run)")
    for name, p in presets.items():
        thinking = ", ".join(f"{k}={v}" for k, v in p.chat_template_kwargs.items()) or "-"
        suffix = f"; system suffix {p.system_suffix!r}" if p.system_suffix else ""
        print(f"  {name:<14} {p.display:<14} {p.model}")
        print(f"    T={p.temperature} top_p={p.top_p} top_k={p.top_k} max_tokens={p.max_tokens} ctx={p.context_window} stop={list(p.stop)}")
        print(f"    chat template: {thinking}{suffix}")
        print(f"    serve: {p.serve_command()}")
    return 0


# --------------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    from .config import DEFAULT_BUDGET, DEFAULT_TOP_K, PAPER_LLMS

    parser = argparse.ArgumentParser(prog=PROG, description="ToolReAGt agentic retrieval harness (paper section 4.3).")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("run", help="run (or resume) the grid benchmarks x methods x LLMs x seeds")
    p.add_argument("--run-dir", required=True, help="output folder; rerunning with it resumes")
    p.add_argument("--benchmarks", type=_csv, default=None, help="comma-separated (default: every registered benchmark)")
    p.add_argument("--methods", type=_csv, default=["bm25", "qts", "schema-only", "libra"], help="comma-separated retrieval methods")
    p.add_argument("--llms", type=_csv, default=list(PAPER_LLMS), help="comma-separated preset names (see `presets`)")
    p.add_argument("--seeds", type=_seeds, default=[0, 1, 2], help="comma-separated integers (default 0,1,2)")
    p.add_argument("--presets", default=None, help="a presets TOML file (default: the packaged presets.toml)")
    p.add_argument("--backend", choices=("server", "local"), default="server", help="vllm serve endpoint or in-process vLLM engine")
    p.add_argument("--api-base", action="append", default=None, help="vllm serve URL (…/v1), or NAME=URL per preset; repeatable")
    p.add_argument("--served-model-name", default=None, help="the model name the server knows (default: the preset's model)")
    p.add_argument("--budget", type=_positive_int, default=DEFAULT_BUDGET, help="retrieval calls per task (default 10)")
    p.add_argument("--top-k", type=_positive_int, default=DEFAULT_TOP_K, help="tools per retrieval call (default 20)")
    p.add_argument("--max-iterations", type=_positive_int, default=None, help="LlamaIndex step limit (default budget + 2)")
    p.add_argument("--concurrency", type=_positive_int, default=16, help="tasks in flight (default 16)")
    p.add_argument("--task-timeout", type=_positive_float, default=900.0, help="seconds per task (default 900)")
    p.add_argument("--request-timeout", type=_positive_float, default=300.0, help="seconds per LLM request (default 300)")
    p.add_argument("--embed-model", default=None, help="encoder: minilm (offline default), qwen3 (the paper's), or a name/path")
    from llama_index_libra.retrieval.settings import RetrievalSettings

    RetrievalSettings.add_arguments(p, embed_model=False)  # --recipe (--variant), --base, ..., --prerequisite-rule
    p.add_argument("--library", action="append", default=None, help="BENCHMARK=PATH of a tool library (default: the cached default)")
    p.add_argument("--cache-dir", default=None, help="embedding cache folder")
    p.add_argument("--limit", type=_positive_int, default=None, help="only the first N tasks of each benchmark")
    p.add_argument("--tasks", type=_csv, default=None, help="only these task ids (one benchmark)")
    p.add_argument("--no-retry-failed", action="store_true", help="on resume, keep timeout/error tasks instead of rerunning them")
    p.add_argument("--max-consecutive-errors", type=int, default=50, help="stop after this many task errors in a row (0: never)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_run)

    r = sub.add_parser("report", help="Recall/NDCG per method x LLM over seeds, gains over QTS, plots")
    r.add_argument("run_dir", help="a run directory written by `run`")
    r.add_argument("--iterations", default="10", help="budget(s): 10, 1,3,5,7,10 or all (default 10)")
    r.add_argument("--k", type=_positive_int, default=None, help="cutoff K (default: each benchmark's, 15 for BFCL)")
    r.add_argument("--plot", default=None, help="PNG path; several iterations write PATH-iterN.png each")
    r.add_argument("--json", default=None, help="write the rows and gains as JSON here")
    r.add_argument("--method", default="libra", help="method whose gain is reported (default libra)")
    r.add_argument("--baseline", default="qts", help="baseline of the gain (default qts)")
    r.set_defaults(func=cmd_report)

    s = sub.add_parser("presets", help="list the LLM presets and their vllm serve commands")
    s.add_argument("--presets", default=None, help="a presets TOML file (default: the packaged presets.toml)")
    s.add_argument("--serve", default=None, metavar="NAME", help="print only the `vllm serve` command of one preset")
    s.set_defaults(func=cmd_presets)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("agent_eval: interrupted (rerun the same command to resume)", file=sys.stderr)
        return 130
    except CLIError as exc:
        print(f"agent_eval: error: {exc}", file=sys.stderr)
        return 2
    except (ValueError, KeyError, FileNotFoundError, RuntimeError, ImportError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"agent_eval: error: {message}".splitlines()[0], file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
