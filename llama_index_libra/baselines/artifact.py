"""One baseline build as a versioned JSON file: method x catalog x model.

The file holds only what the LLM replies determine (profiles, pair labels, triples, and which items
failed), so the same replies give the same bytes; run figures (calls, cache hits, seconds) go to a
separate build report. It records the catalog it was built for (name, fingerprint, a hash of every
tool's text), so loading it against another catalog names the tools that changed. Every problem with
a file is one :class:`BaselineError` line; writes are atomic (temporary file, then rename).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from llama_index_libra._io import atomic_write_json, parse_json
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import LibraryError

__all__ = [
    "BASELINE_FORMAT",
    "BASELINE_VERSION",
    "BASELINE_METHODS",
    "ITEM_STATUSES",
    "BaselineError",
    "BaselineArtifact",
    "tool_text_hash",
]

BASELINE_FORMAT = "llama-index-libra/baseline"
BASELINE_VERSION = 1
BASELINE_METHODS = ("toolrex", "tgr", "ego-trip")
# toolrex: accepted (judge said true), refined (judge said false or gave no verdict; Figure 11
# profile), dropped (refinement unusable: original text only), failed (no usable profile reply);
# ego-trip: ok, failed; both: request-failed (the server did not answer: rerun to resume).
ITEM_STATUSES = {
    "toolrex": ("accepted", "refined", "dropped", "failed", "request-failed"),
    "ego-trip": ("ok", "failed", "request-failed"),
}
_MAX_DETAIL = 300


class BaselineError(LibraryError):
    """A baseline artifact that cannot be used: corrupt, another format or version, or another catalog."""


def tool_text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class BaselineArtifact:
    """The build of one baseline over one catalog with one model.

    ``items`` (toolrex, ego-trip): tool name -> ``{"status", "profile" | "triples", "detail"?}``.
    ``edges`` (tgr): (consumer, provider) pairs the LLM labelled dependent; ``failed_pairs``:
    (tool a, tool b, reason) for pairs with no usable label (they count as no dependency).
    """

    method: str
    catalog_name: str
    catalog_fingerprint: str
    tool_hashes: tuple[tuple[str, str], ...]
    model: str
    prompt_version: str
    settings: Mapping[str, Any] = field(default_factory=dict)
    judge_model: str | None = None
    items: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    edges: tuple[tuple[str, str], ...] = ()
    pairs_total: int = 0
    failed_pairs: tuple[tuple[str, str, str], ...] = ()

    @property
    def tool_names(self) -> list[str]:
        return [name for name, _ in self.tool_hashes]

    @classmethod
    def for_catalog(cls, method: str, catalog: ToolCatalog, **kwargs: Any) -> "BaselineArtifact":
        """An artifact bound to ``catalog`` (its name, fingerprint and per-tool text hashes)."""
        hashes = tuple((t.name, tool_text_hash(t.text())) for t in catalog)
        artifact = cls(method, catalog.name, catalog.fingerprint(), hashes, **kwargs)
        artifact.validate()
        return artifact

    # ------------------------------------------------------------------ checks
    def validate(self) -> None:
        """Raise BaselineError for content that does not fit the method or the recorded catalog."""
        if self.method not in BASELINE_METHODS:
            raise BaselineError(f"unknown baseline method {self.method!r}; choose from {', '.join(BASELINE_METHODS)}")
        for name in ("model", "prompt_version", "catalog_name", "catalog_fingerprint"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name):
                raise BaselineError(f"{name} must be a non-empty string")
        if self.judge_model is not None and not isinstance(self.judge_model, str):
            raise BaselineError("judge_model must be a string or null")
        if not isinstance(self.settings, Mapping):
            raise BaselineError("settings must be a JSON object")
        names = self.tool_names
        known = set(names)
        if len(known) != len(names):
            raise BaselineError("the recorded catalog names a tool twice")
        if self.method == "tgr":
            for consumer, provider in self.edges:
                if consumer not in known or provider not in known or consumer == provider:
                    raise BaselineError(f"edge {consumer!r} -> {provider!r} does not join two tools of the catalog")
            if isinstance(self.pairs_total, bool) or not isinstance(self.pairs_total, int) or self.pairs_total < 0:
                raise BaselineError("pairs_total must be a non-negative integer")
            return
        statuses = ITEM_STATUSES[self.method]
        for tool, item in self.items.items():
            if tool not in known:
                raise BaselineError(f"item for {tool!r}, which is not in the recorded catalog")
            if not isinstance(item, Mapping) or item.get("status") not in statuses:
                raise BaselineError(f"{tool}: status must be one of {', '.join(statuses)}")
            if self.method == "toolrex":
                profile = item.get("profile")
                if profile is not None and not isinstance(profile, Mapping):
                    raise BaselineError(f"{tool}: profile must be a JSON object or null")
                if (profile is not None) != (item["status"] in ("accepted", "refined")):
                    raise BaselineError(f"{tool}: a profile goes with status accepted or refined, and only with them")
            else:
                triples = item.get("triples")
                if not isinstance(triples, list) or not all(
                        isinstance(t, (list, tuple)) and len(t) == 3 and all(isinstance(p, str) and p for p in t) for t in triples):
                    raise BaselineError(f"{tool}: triples must be a list of [head, relationship, tail] strings")

    def check_catalog(self, catalog: ToolCatalog) -> None:
        """Raise BaselineError naming the tools that differ when ``catalog`` is not the one built for."""
        if catalog.fingerprint() == self.catalog_fingerprint:
            return
        old = dict(self.tool_hashes)
        new = {t.name: tool_text_hash(t.text()) for t in catalog}
        changed = [n for n in new if n in old and old[n] != new[n]]
        added = [n for n in new if n not in old]
        removed = [n for n in old if n not in new]
        parts = [f"{len(v)} {k} ({', '.join(v[:6])}{' ...' if len(v) > 6 else ''})"
                 for k, v in (("changed", changed), ("added", added), ("removed", removed)) if v]
        what = "; ".join(parts) or "the tool order differs"
        raise BaselineError(f"the {self.method} artifact was built for another version of catalog {self.catalog_name!r}: "
                            f"tools {what}. Rebuild it: `libra baseline build` with the same --log resumes and asks the "
                            "LLM only about what changed")

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": BASELINE_FORMAT,
            "version": BASELINE_VERSION,
            "method": self.method,
            "catalog": {"name": self.catalog_name, "fingerprint": self.catalog_fingerprint,
                        "tools": [[n, h] for n, h in self.tool_hashes]},
            "model": self.model,
            "judge_model": self.judge_model,
            "prompt_version": self.prompt_version,
            "settings": dict(self.settings),
            "summary": self.summary(),
        }
        if self.method == "tgr":
            out["pairs_total"] = self.pairs_total
            out["edges"] = [list(e) for e in sorted(self.edges)]
            out["failed_pairs"] = [list(p) for p in sorted(self.failed_pairs)]
        else:
            order = {n: i for i, n in enumerate(self.tool_names)}
            out["items"] = {k: dict(self.items[k]) for k in sorted(self.items, key=order.__getitem__)}
        return out

    def summary(self) -> dict[str, Any]:
        """Counts for people reading the file: items per status, or pairs, edges and failures."""
        if self.method == "tgr":
            return {"pairs": self.pairs_total, "dependent": len(self.edges), "failed": len(self.failed_pairs)}
        counts: dict[str, int] = {}
        for item in self.items.values():
            counts[item["status"]] = counts.get(item["status"], 0) + 1
        return {"tools": len(self.items), **dict(sorted(counts.items()))}

    @classmethod
    def from_json(cls, data: Any, *, catalog: ToolCatalog | None = None) -> "BaselineArtifact":
        """Read :meth:`to_json` output; BaselineError for another format, version or a malformed field."""
        if not isinstance(data, Mapping):
            raise BaselineError("not a baseline artifact (expected a JSON object)")
        if data.get("format") != BASELINE_FORMAT:
            raise BaselineError(f"not a baseline artifact (format {str(data.get('format'))[:60]!r}, expected {BASELINE_FORMAT!r})")
        if data.get("version") != BASELINE_VERSION:
            raise BaselineError(f"baseline artifact version {data.get('version')!r} is not supported (this package reads {BASELINE_VERSION})")
        try:
            cat = data["catalog"]
            hashes = tuple((str(n), str(h)) for n, h in cat["tools"])
            method = data["method"]
            kwargs: dict[str, Any] = dict(
                model=data["model"], prompt_version=data["prompt_version"], settings=dict(data.get("settings") or {}),
                judge_model=data.get("judge_model"),
            )
            if method == "tgr":
                kwargs["edges"] = tuple((str(c), str(p)) for c, p in data["edges"])
                kwargs["pairs_total"] = data["pairs_total"]
                kwargs["failed_pairs"] = tuple((str(a), str(b), str(r)) for a, b, r in data.get("failed_pairs") or [])
            else:
                items = data["items"]
                if not isinstance(items, Mapping):
                    raise BaselineError("items must be a JSON object")
                kwargs["items"] = {str(k): dict(v) if isinstance(v, Mapping) else v for k, v in items.items()}
            artifact = cls(method, cat["name"], cat["fingerprint"], hashes, **kwargs)
        except BaselineError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise BaselineError(f"malformed baseline artifact: {type(exc).__name__}: {str(exc)[:200]}") from None
        artifact.validate()
        if catalog is not None:
            artifact.check_catalog(catalog)
        return artifact

    def save(self, path: str | Path) -> Path:
        """Write the artifact atomically (a crash leaves the previous file or the complete new one)."""
        self.validate()
        return atomic_write_json(path, self.to_json(), indent=1)

    @classmethod
    def load(cls, path: str | Path, *, catalog: ToolCatalog | None = None) -> "BaselineArtifact":
        """Read an artifact file; every problem (missing, unreadable, corrupt, malformed) is one BaselineError line."""
        path = Path(path)
        if not path.exists():
            raise BaselineError(f"baseline artifact {path} does not exist")
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise BaselineError(f"cannot read baseline artifact {path}: {exc.strerror or exc}") from None
        data = parse_json(raw, error=lambda r: BaselineError(f"baseline artifact {path} is corrupt: {r}"))
        try:
            return cls.from_json(data, catalog=catalog)
        except BaselineError as exc:
            raise BaselineError(f"{path}: {exc}") from None
        except RecursionError:
            raise BaselineError(f"baseline artifact {path} is nested too deeply") from None


def clip_detail(text: str) -> str:
    """A one-line failure reason, bounded."""
    return " ".join(str(text).split())[:_MAX_DETAIL]
