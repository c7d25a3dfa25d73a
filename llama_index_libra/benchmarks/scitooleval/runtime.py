"""SciToolAgentRuntime: the SciToolEval tools of a user's own SciToolAgent checkout, one process per call.

SciToolAgent (HICAI-ZJU/SciToolAgent, MIT) is not a dependency of this package and none of its code is
copied here: the runtime drives the user's checkout with the user's interpreter, since the checkout
pins numpy 2.1.3, torch 1.12 and langchain 0.3 and star-imports them. Where each tool lives is read
statically from the checkout (:mod:`.checkout`); what a reply means is :mod:`.replies`.

**Each call** runs ``_worker.py`` (standard library only) with the checkout's interpreter in a
new temporary working directory (removed afterwards), in its own process group, with a time limit of
``timeout_s`` plus ``import_grace_s`` from the moment the worker is up (importing a module such as
langchain is not the tool's fault; starting the interpreter has its own limit, ``STARTUP_TIMEOUT_S``),
over the worker channel of ``runtime/channel.py`` (dedicated pipes: what a tool, a C library or a child
process writes to stdout goes to the worker's log, never into the reply). On timeout the whole process
group is killed. A crash (``os._exit``, a segfault in a C extension), a hang, an import failure, an
exception, or a reply that is not JSON is an ``error`` record with the cause; nothing of it reaches
the caller's process, and calls already out of process are not forked around by per-call isolation
(``calls_out_of_process``). The worker's output is logged at DEBUG level (logger
``llama_index_libra.benchmarks.scitooleval.runtime``) rather than recorded, since it holds run-dependent text. A module whose import failed once
(a missing package or model) makes its other tools fail at once, without a new process.

**State.** SciToolAgent tools are functions of their input string: there is no sandbox state to
keep, so ``fresh``/``snapshot``/``restore`` return an empty dict, every record has empty
``state_changes``, and there is one partition. Files a tool writes go to its temporary directory and
are discarded with it; the directory's random name appears as ``<workdir>`` in replies and messages,
and an import failure is reported in the same words whether or not it was cached, so records do not
depend on the order or the process in which calls ran.

**Network.** ``no_network=True`` cuts Internet access for every call, in layers: the worker runs
under ``unshare --map-current-user --net`` (or ``unshare -rn``) when the kernel allows unprivileged
user namespaces (a new network namespace with no interfaces up), which covers C libraries and child
processes too; always, the worker replaces the socket module's connect, create_connection and name
lookups with ones that fail at once; and the environment points ``http_proxy``/``https_proxy``/
``ftp_proxy``/``all_proxy`` (both cases) at a closed local port and sets ``HF_HUB_OFFLINE``,
``TRANSFORMERS_OFFLINE`` and ``HF_DATASETS_OFFLINE``, so child processes such as curl and model hubs
fail fast. :attr:`SciToolAgentRuntime.network_isolation` says which layers are active. Tools that need
the network or a missing model thus fail fast and yield no relations, so LIBRA reduces to the dense
baseline for them, as the paper notes.

**Fixtures.** :data:`SAMPLE_INPUTS` are public textbook inputs a tester would be handed (aspirin's
SMILES, benzene's SELFIES, ethanol's InChI and InChIKey, a short peptide, a DNA fragment, silicon's
Materials Project id), keyed by the catalog's input field names; the schema-derived contract proposer
uses them as literals, and tools whose inputs no fixture covers take values other tools produced.
They are part of the runtime, not of any benchmark task.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from llama_index_libra.benchmarks.scitooleval.catalog import load_scitooleval_catalog, reconcile_name
from llama_index_libra.benchmarks.scitooleval.checkout import (
    CheckoutRegistry,
    RegisteredTool,
    find_checkout_python,
    find_tools_root,
)
from llama_index_libra.benchmarks.scitooleval.replies import extract_result, normalize_reply
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.records import InvocationRecord, Status, to_jsonable
from llama_index_libra.runtime.base import Runtime
from llama_index_libra.runtime.channel import ChannelError, ChannelTimeout, PipeChannel, RemoteError, WorkerDied
from llama_index_libra.runtime.sandbox import CLOSED_PROXY, PROXY_VARIABLES, unshare_prefix

__all__ = [
    "SciToolAgentRuntime",
    "CheckoutRegistry",
    "RegisteredTool",
    "WorkerResult",
    "SAMPLE_INPUTS",
    "find_tools_root",
    "find_checkout_python",
    "extract_result",
    "normalize_reply",
    "scitoolagent_runtime",
    "CHECKOUT_ENV",
    "PYTHON_ENV",
    "WORKDIR_PLACEHOLDER",
]

log = logging.getLogger(__name__)

WORKER = Path(__file__).with_name("_worker.py")
CHECKOUT_ENV = "LIBRA_SCITOOLAGENT"
PYTHON_ENV = "LIBRA_SCITOOLAGENT_PYTHON"
WORKDIR_PLACEHOLDER = "<workdir>"
STARTUP_TIMEOUT_S = 120.0  # for the worker's interpreter to start and greet, before a call's limit runs
_STDERR_TAIL = 600

# Public textbook inputs, keyed by the catalog's input field names (see the module docstring).
SAMPLE_INPUTS: dict[str, Any] = {
    "smiles": "CC(=O)Oc1ccccc1C(=O)O",  # aspirin
    "selfies": "[C][=C][C][=C][C][=C][Ring1][=Branch1]",  # benzene
    "inchi": "InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3",  # ethanol
    "inchikey": "LFQSCWFLJHTTHZ-UHFFFAOYSA-N",  # ethanol
    "smiles_pair": "CCO,CCN",
    "smiles_list": "CCO,CCN,CCC",
    "molecule_formula": "C2H6O",
    "protein_sequence": "MKTAYIAKQRQISFVKSHFSRQ",
    "dna_sequence": "ATGGCCATTGTAATGGGCCGCTGAAAGGGTGCCCGATAG",
    "material_id": "mp-149",  # silicon
}


@dataclass(frozen=True)
class WorkerResult:
    """What one worker process did: its parsed reply frame, or how it failed."""

    frame: dict[str, Any] | None
    failure: str | None
    returncode: int | None
    stderr_tail: str
    duration_s: float

    def describe(self) -> str:
        """The failure with the tail of the worker's stderr (for people; records keep only the failure,
        since stderr holds run-dependent text such as timestamps)."""
        tail = self.stderr_tail.strip()
        return f"{self.failure}" + (f" | stderr: ...{tail}" if tail else "")


# --------------------------------------------------------------------------- the runtime


class SciToolAgentRuntime(Runtime):
    """SciToolEval tools called by name in a user's SciToolAgent checkout (see the module docstring).

    Args:
        checkout: the checkout (its root or its ``ToolsAgent`` folder).
        python: the interpreter with SciToolAgent's requirements (default: a ``.venv``/``venv``/``env``
            inside the checkout).
        timeout_s: default per-call limit for the tool itself; ``import_grace_s`` is added for importing
            its module.
        no_network: cut Internet access for every call (layers in the module docstring).
        catalog: the tools to expose (default: the 485-tool SciToolEval catalog). Build catalogs for
            other tools with :func:`llama_index_libra.benchmarks.scitooleval.tool_spec`.
        fixtures: public sample inputs (default :data:`SAMPLE_INPUTS`).
        env: extra environment variables for the workers (API keys, model paths).
    """

    # every call already runs in its own worker process and process group, with its own limit
    # (timeout + import grace): per-call isolation runs the calls here
    calls_out_of_process = True

    def __init__(
        self,
        checkout: str | Path,
        *,
        python: str | Path | None = None,
        timeout_s: float = 30.0,
        import_grace_s: float = 30.0,
        no_network: bool = False,
        catalog: ToolCatalog | None = None,
        fixtures: Mapping[str, Any] | None = None,
        env: Mapping[str, str] | None = None,
        name: str = "scitoolagent",
    ) -> None:
        if timeout_s is None or not timeout_s > 0:
            raise ValueError("timeout_s must be a positive number of seconds: every call runs in a process with a limit")
        if import_grace_s < 0:
            raise ValueError("import_grace_s must be >= 0")
        self.name = name
        self.checkout = Path(checkout).expanduser().resolve()
        self.registry = CheckoutRegistry.scan(self.checkout)
        if python is None:
            found = find_checkout_python(self.checkout)
            if found is None:
                raise ValueError(
                    f"no virtual environment found in {self.checkout} (.venv, venv or env): pass python= (or "
                    f"--scitoolagent-python / ${PYTHON_ENV}), the interpreter that has SciToolAgent's requirements"
                )
            python = found
        self.python = str(python)
        # which tools run where: part of the run log's key, so logs never mix two checkouts
        self.identity = f"{self.checkout}|{self.python}"
        if shutil.which(self.python) is None and not Path(self.python).is_file():
            raise ValueError(f"interpreter {self.python!r} does not exist")
        self._timeout_s = float(timeout_s)
        self.default_timeout_s = self._timeout_s
        self.import_grace_s = float(import_grace_s)
        self.no_network = bool(no_network)
        self.catalog = catalog if catalog is not None else load_scitooleval_catalog()
        self.fixtures: dict[str, Any] = to_jsonable(dict(SAMPLE_INPUTS if fixtures is None else fixtures))
        self._env_extra = {str(k): str(v) for k, v in (env or {}).items()}
        self._prefix = unshare_prefix() if self.no_network else []
        self._broken: dict[str, str] = {}
        self.resolved: dict[str, str] = {}
        self.reconciled: dict[str, tuple[str, str]] = {}
        self.unavailable: list[str] = []
        registered = list(self.registry.tools)
        for spec in self.catalog:
            match, how = reconcile_name(spec.name, registered)
            if match is None:
                self.unavailable.append(spec.name)
                continue
            self.resolved[spec.name] = match
            if how != "exact":
                self.reconciled[spec.name] = (match, how)

    # ---- facts

    @property
    def network_isolation(self) -> list[str]:
        """The active network layers: ``unshare``, ``socket-guard``, ``proxy-env`` (empty: network on)."""
        if not self.no_network:
            return []
        return (["unshare"] if self._prefix else []) + ["socket-guard", "proxy-env"]

    def describe(self) -> str:
        """One paragraph: checkout, interpreter, tools found, reconciled and unavailable names."""
        lines = [
            f"SciToolAgent checkout {self.registry.tools_root} (interpreter {self.python})",
            f"catalog {len(self.catalog)} tools: {len(self.resolved)} registered in the checkout, "
            f"{len(self.unavailable)} not registered, {len(self.reconciled)} reconciled",
        ]
        if self.reconciled:
            lines.append("reconciled: " + ", ".join(f"{a} -> {b} ({how})" for a, (b, how) in self.reconciled.items()))
        if self.unavailable:
            lines.append("not registered: " + ", ".join(self.unavailable))
        lines.append("network: " + (", ".join(self.network_isolation) + " (cut)" if self.no_network else "allowed"))
        return "\n".join(lines)

    # ---- state: tools are functions of their input string

    def fresh(self) -> dict[str, Any]:
        """An empty state: SciToolAgent tools keep none."""
        return {}

    def snapshot(self, state: Any) -> dict[str, Any]:
        return {}

    def restore(self, snap: Any) -> dict[str, Any]:
        return {}

    def view(self, state: Any, partition: str | None = None) -> dict[str, Any]:
        if partition:
            raise KeyError(f"SciToolAgentRuntime has a single partition '', not {partition!r}")
        return {}

    # ---- calls

    def call(
        self, state: Any, tool: str, arguments: Mapping[str, Any], *, timeout_s: float | None = None
    ) -> InvocationRecord:
        """Call ``tool`` with its one string input in a fresh worker process (never raises for tool failures).

        Raises ``KeyError`` for a tool outside the catalog and ``TypeError`` for arguments that are not
        a JSON object, as every runtime does.
        """
        recorded = self._recorded_arguments(tool, arguments)
        t0 = time.perf_counter()

        def record(status: Status, output: Any = None, message: str | None = None) -> InvocationRecord:
            return InvocationRecord(
                tool=tool, status=status, arguments=recorded, output=output, state_changes=[], message=message,
                duration_s=time.perf_counter() - t0,
            )

        text, problem = self._input_text(tool, recorded)
        if problem is not None:
            return record("error", message=problem)
        registered = self.resolved.get(tool)
        if registered is None:
            return record("error", message=f"{tool} is not registered in the checkout's tool dictionaries (ToolsFuns/tools_dict.py)")
        entry = self.registry.tools[registered]
        module_key = entry.module or entry.dict_module
        if module_key in self._broken:
            return record("error", message=self._broken[module_key])
        limit = self._timeout_s if timeout_s is None or not timeout_s > 0 else float(timeout_s)
        result = self.run_worker(entry, text, limit + self.import_grace_s)
        if result.frame is None or not result.frame.get("ok"):
            log.debug("%s(%r) failed; worker stderr: ...%s", tool, text[:80], result.stderr_tail)
        if result.frame is None:
            return record("error", message=result.failure)
        frame = result.frame
        if not frame.get("ok"):
            message = _stable_text(f"{frame.get('phase', 'call')} failed: {frame.get('error')}")
            if frame.get("phase") == "import":
                message = _stable_text(f"import of {module_key} failed: {frame.get('error')}")
                self._broken[module_key] = message  # the same words later: records do not depend on call order
            return record("error", message=message)
        reply = frame.get("reply") or {}
        kind = reply.get("kind")
        value = reply.get("value") if kind != "opaque" else f"{reply.get('type')}: {reply.get('repr')}"
        spec = self.catalog.get(tool)
        field, labels = _response_field(spec)
        status, output, note = normalize_reply(str(kind), value, field, labels)
        return record(status, output, note)

    def _invoke(self, state: Any, tool: str, arguments: dict[str, Any]) -> Any:
        """The tool's raw reply (markdown text, another JSON value, or None), without normalization.

        Raises ``RuntimeError`` when the call produced no reply (crash, timeout, import failure, an
        exception in the tool). :meth:`call` does not go through here: it normalizes the same worker
        result into a record itself.
        """
        text, problem = self._input_text(tool, arguments)
        if problem is not None:
            raise TypeError(problem)
        registered = self.resolved.get(tool)
        if registered is None:
            raise RuntimeError(f"{tool} is not registered in the checkout's tool dictionaries")
        result = self.run_worker(self.registry.tools[registered], text, self._timeout_s + self.import_grace_s)
        if result.frame is None:
            raise RuntimeError(result.describe())
        if not result.frame.get("ok"):
            raise RuntimeError(f"{result.frame.get('phase')} failed: {result.frame.get('error')}")
        reply = result.frame.get("reply") or {}
        if reply.get("kind") == "opaque":
            raise RuntimeError(f"unserializable reply: {reply.get('type')}: {reply.get('repr')}")
        return reply.get("value")

    def _input_text(self, tool: str, arguments: Mapping[str, Any]) -> tuple[str, str | None]:
        """The one string the tool takes, or a problem with the arguments."""
        props = list((self.catalog.get(tool).parameters or {}).get("properties") or {})
        extra = [k for k in arguments if k not in props]
        if extra:
            return "", f"unexpected argument(s) {', '.join(sorted(extra))}; {tool} takes {', '.join(props) or 'one string'}"
        given = [arguments[k] for k in props if k in arguments]
        if not given:
            return "", f"missing the input {props[0] if props else 'string'!r}: every SciToolAgent tool takes one string"
        parts = [v if isinstance(v, str) else json.dumps(v, ensure_ascii=False) for v in given]
        return ",".join(parts), None

    # ---- the worker process

    def _environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(self._env_extra)
        env.setdefault("MPLBACKEND", "Agg")
        env["PYTHONIOENCODING"] = "utf-8"
        if self.no_network:
            for key in PROXY_VARIABLES:
                env[key] = env[key.upper()] = CLOSED_PROXY
            for key in ("no_proxy", "NO_PROXY"):
                env.pop(key, None)
            env["HF_HUB_OFFLINE"] = env["TRANSFORMERS_OFFLINE"] = env["HF_DATASETS_OFFLINE"] = "1"
        return env

    @staticmethod
    def _unshare_prefix() -> list[str]:
        """Deprecated: :func:`llama_index_libra.runtime.sandbox.unshare_prefix`."""
        return unshare_prefix()

    def run_worker(self, entry: RegisteredTool, text: str, limit_s: float) -> WorkerResult:
        """Run one tool call in a new worker process and temporary directory, over a pipe channel that
        is closed (the process group killed) after the reply or at ``limit_s``."""
        request = {
            **entry.request(),
            "tools_root": str(self.registry.tools_root),
            "input": text,
            "block_network": bool(self.no_network),
        }
        command = self._prefix + [self.python, str(WORKER)]
        t0 = time.perf_counter()
        frame: dict[str, Any] | None = None
        failure: str | None = None
        code: int | None = None
        tail = ""
        with tempfile.TemporaryDirectory(prefix="libra-scitool-", ignore_cleanup_errors=True) as workdir:
            channel = None
            try:
                # the interpreter's start is not the call's time (a loaded machine starts slowly):
                # the limit runs from the worker's hello
                channel = PipeChannel(command, env=self._environment(), cwd=workdir,
                                      startup_timeout_s=max(STARTUP_TIMEOUT_S, limit_s))
                frame = channel.request("call", request, timeout_s=limit_s)
            except OSError as exc:
                failure = f"cannot start {self.python}: {exc}"
            except ChannelTimeout:
                failure = f"timeout: the call did not finish within {limit_s:g} s; its process group was killed"
            except WorkerDied as exc:
                failure = exc.reason
            except (ChannelError, RemoteError) as exc:  # a reply that is not JSON, a broken protocol
                failure = f"malformed worker reply: {exc}"
            finally:
                if channel is not None:
                    tail = channel.log_tail()
                    code = channel.proc.poll()
                    channel.close()  # the worker's process group: children a tool left behind
            duration = time.perf_counter() - t0
            # the temporary folder's name is random: replies and messages name it <workdir>, so records
            # (and the library evidence built from them) are the same bytes on every run
            if frame is not None:
                frame = json.loads(_mask_workdir(json.dumps(frame).encode("utf-8"), workdir))
            if failure is not None:
                failure = _mask_workdir(failure.encode("utf-8"), workdir).decode("utf-8")
            tail = _mask_workdir(tail.encode("utf-8"), workdir).decode("utf-8", "replace")[-_STDERR_TAIL:]
        if frame is not None and not isinstance(frame, dict):
            frame, failure = None, f"malformed worker reply: {frame!r:.80}"
        return WorkerResult(frame, failure, code, tail, duration)


def _response_field(spec: Any) -> tuple[str, list[str]]:
    """The catalog response field of a tool and the labels (output types) that name its value."""
    props = ((spec.response or {}).get("properties") or {}) if isinstance(spec.response, dict) else {}
    if not props:
        return "result", []
    name = next(iter(props))
    desc = props[name].get("description") if isinstance(props[name], dict) else None
    labels = [part.strip() for part in str(desc or "").split(",") if part.strip()]
    return name, labels


def _stable_text(message: str) -> str:
    """A message without run-dependent memory addresses (``<object at 0x7f...>``)."""
    return re.sub(r"0x[0-9a-fA-F]{6,}", "0x...", message)


def _mask_workdir(data: bytes, workdir: str) -> bytes:
    """``data`` with the worker's temporary folder (as given and resolved) replaced by ``<workdir>``."""
    for path in sorted({workdir, os.path.realpath(workdir)}, key=len, reverse=True):
        data = data.replace(path.encode("utf-8"), WORKDIR_PLACEHOLDER.encode("ascii"))
    return data


def scitoolagent_runtime(checkout: str | Path | None = None, *, python: str | Path | None = None, **kwargs: Any) -> SciToolAgentRuntime:
    """A :class:`SciToolAgentRuntime`, the checkout and interpreter defaulting to ``$LIBRA_SCITOOLAGENT``
    and ``$LIBRA_SCITOOLAGENT_PYTHON`` (what ``libra induce --scitoolagent`` and ``libra eval`` use)."""
    checkout = checkout or os.environ.get(CHECKOUT_ENV)
    if not checkout:
        raise ValueError(
            "SciToolEval's runtime needs your SciToolAgent checkout: `libra induce --benchmark scitooleval "
            f"--scitoolagent PATH` (or set ${CHECKOUT_ENV}), then give `libra eval` that library with --library; "
            "clone https://github.com/HICAI-ZJU/SciToolAgent and install its requirements in its own virtual environment"
        )
    python = python or os.environ.get(PYTHON_ENV) or None
    return SciToolAgentRuntime(checkout, python=python, **kwargs)
