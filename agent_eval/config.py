"""Run settings and the user-editable agent LLM presets (``presets.toml``).

A preset names one agent LLM and how to talk to it: the hub id, the context window, sampling, the stop
sequence that keeps a ReAct model from writing its own ``Observation:``, and the chat-template switches
that turn thinking modes off. :class:`RunSettings` holds what must be identical across every cell of a
run for its numbers to be comparable (retrieval budget, candidates per call, step limit).
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass, field, fields
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_TOP_K",
    "PAPER_LLMS",
    "ConfigError",
    "LLMPreset",
    "RunSettings",
    "load_presets",
    "default_presets_path",
]

DEFAULT_BUDGET = 10  # retrieval calls per task (the paper's ten iterations)
DEFAULT_TOP_K = 20  # tools per retrieval call (the paper's candidate size)
PAPER_LLMS = ("gemma-4-12b", "nemotron-9b", "qwen3.5-9b")


class ConfigError(ValueError):
    """A preset file or run setting that cannot be used."""


@dataclass(frozen=True)
class LLMPreset:
    """One agent LLM served by vLLM (see ``presets.toml`` for the meaning of each key)."""

    name: str
    model: str
    label: str = ""
    context_window: int = 32768
    max_tokens: int = 1024
    temperature: float = 0.7
    top_p: float = 1.0
    top_k: int | None = None
    stop: tuple[str, ...] = ("Observation:",)
    chat_template_kwargs: Mapping[str, Any] = field(default_factory=dict)
    system_suffix: str = ""
    merge_consecutive_roles: bool = False
    strip_think: bool = True
    extra_body: Mapping[str, Any] = field(default_factory=dict)
    vllm_kwargs: Mapping[str, Any] = field(default_factory=dict)
    serve_args: str = ""

    @property
    def display(self) -> str:
        return self.label or self.name

    @classmethod
    def from_mapping(cls, name: str, data: Mapping[str, Any]) -> "LLMPreset":
        known = {f.name for f in fields(cls)} - {"name"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ConfigError(f"preset {name!r}: unknown keys {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        if not isinstance(data.get("model"), str) or not data["model"].strip():
            raise ConfigError(f"preset {name!r} needs a non-empty 'model'")
        values = dict(data)
        if "stop" in values:
            stop = values["stop"]
            if isinstance(stop, str):
                stop = [stop]
            values["stop"] = tuple(str(s) for s in stop)
        for key in ("chat_template_kwargs", "extra_body", "vllm_kwargs"):
            if key in values and not isinstance(values[key], Mapping):
                raise ConfigError(f"preset {name!r}: {key} must be a table")
        for key in ("context_window", "max_tokens"):
            if key in values and (not isinstance(values[key], int) or values[key] <= 0):
                raise ConfigError(f"preset {name!r}: {key} must be a positive integer")
        return cls(name=name, **values)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["stop"] = list(self.stop)
        for key in ("chat_template_kwargs", "extra_body", "vllm_kwargs"):
            out[key] = dict(out[key])
        return out

    def serve_command(self) -> str:
        """The ``vllm serve`` command line for this preset."""
        return f"vllm serve {self.model} {self.serve_args}".strip()


def default_presets_path() -> Path:
    """The packaged ``presets.toml``."""
    return Path(str(resources.files(__package__).joinpath("presets.toml")))


def load_presets(path: str | Path | None = None) -> dict[str, LLMPreset]:
    """Presets by name from a TOML file (default: the packaged ``presets.toml``)."""
    p = Path(path) if path is not None else default_presets_path()
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"preset file {p} does not exist") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"preset file {p} is not valid TOML: {exc}") from None
    presets = {}
    for name, table in data.items():
        if not isinstance(table, Mapping):
            raise ConfigError(f"preset file {p}: {name!r} is not a table")
        presets[name] = LLMPreset.from_mapping(name, table)
    if not presets:
        raise ConfigError(f"preset file {p} defines no presets")
    return presets


@dataclass(frozen=True)
class RunSettings:
    """What every cell of a run shares.

    ``budget`` retrieval calls per task (a call past it returns an error text to the agent);
    ``top_k`` tools per call; ``max_iterations`` is LlamaIndex's step limit, which allows
    ``max_iterations - 1`` agent steps, so the default ``budget + 2`` leaves room for ``budget``
    calls and a final answer. ``task_timeout`` bounds one task's wall-clock seconds;
    ``concurrency`` bounds the tasks in flight.
    """

    budget: int = DEFAULT_BUDGET
    top_k: int = DEFAULT_TOP_K
    max_iterations: int | None = None
    concurrency: int = 16
    task_timeout: float = 900.0

    def __post_init__(self) -> None:
        for name in ("budget", "top_k", "concurrency"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ConfigError(f"{name} must be a positive integer, got {value!r}")
        if self.max_iterations is not None and (not isinstance(self.max_iterations, int) or self.max_iterations < 2):
            raise ConfigError(f"max_iterations must be an integer >= 2, got {self.max_iterations!r}")
        if not self.task_timeout > 0:
            raise ConfigError(f"task_timeout must be positive, got {self.task_timeout!r}")

    @property
    def steps_limit(self) -> int:
        """The ``max_iterations`` handed to ``agent.run``."""
        return self.max_iterations if self.max_iterations is not None else self.budget + 2

    def identity(self) -> dict[str, Any]:
        """The settings a resumed cell must share with its first run (not concurrency or timeouts)."""
        return {"budget": self.budget, "top_k": self.top_k, "max_iterations": self.steps_limit}
