"""SciToolAgentRuntime: the SciToolEval tools of a user's own SciToolAgent checkout, one process per call.

SciToolAgent (HICAI-ZJU/SciToolAgent, MIT) is not a dependency of this package and none of its code is
copied here: the runtime drives the user's checkout with the user's interpreter, since the checkout
pins numpy 2.1.3, torch 1.12 and langchain 0.3 and star-imports them.

**Finding a tool.** The checkout registers tools in two levels of dictionaries, read here statically
(``ast``, nothing imported): ``ToolsAgent/ToolsFuns/tools_dict.py`` maps categories to tool names
(``TOOLS_MAPPING = {"ChemicalTools": [...], ...}``), and ``ToolsFuns/<Category>/tool_name_dict.py``
maps each name to a function (``CHEMICAL_TOOLS_DICT = {"SELFIEStoSMILES": selfies_to_smiles, ...}``),
which that file star-imports from the category's modules. Importing the dictionary would import every
module of the category (RDKit, langchain, torch, keras ...), so the runtime follows the dictionary's
imports in Python's order (a later ``import *`` wins) to the one module whose namespace defines the
function, and the worker imports only that module (as ``ToolsFuns.<Category>.<module>``, so relative
imports work) with the tools folder first on ``sys.path`` (the checkout's ``from config import
Config`` works). A dictionary value that is not a plain name falls back to importing the dictionary.

Catalog names are matched to the registered names by :func:`~llama_index_libra.benchmarks.scitooleval.
reconcile_name` (exact, then spelling, then token order): with the real checkout that maps
``LengthSELFIES`` -> ``Length_SELFIES``, ``SplitSELFIES`` -> ``Split_SELFIES``, ``InChIKeyToMol`` ->
``InChIKeyToMOL``, ``GetFracAChargeByBatteryId`` -> ``GetFracaChargeByBatteryId`` and ``FindORF`` ->
``ORFFind`` (:attr:`SciToolAgentRuntime.reconciled`). Catalog tools the checkout does not register
(:attr:`SciToolAgentRuntime.unavailable`) fail at once without starting a process.

**Each call** runs ``_scitool_worker.py`` (standard library only) with the checkout's interpreter in a
new temporary working directory (removed afterwards), in its own process group, with a time limit of
``timeout_s`` plus ``import_grace_s`` (importing a module such as langchain is not the tool's fault).
On timeout the whole process group is killed. A crash (``os._exit``, a segfault in a C extension), a
hang, an import failure, an exception, or a reply line the worker could not write cleanly (a tool that
writes to the process's stdout behind Python's back corrupts it) is an ``error`` record with the cause;
nothing of it reaches the caller's process. The worker's stderr is logged at DEBUG level (logger
``llama_index_libra.runtime.scitoolagent``) rather than recorded, since it holds run-dependent text. A module whose import failed once
(a missing package or model) makes its other tools fail at once, without a new process.

**Replies** are markdown (or None) and are normalized into :class:`InvocationRecord` s:

* ``None`` (how these tools report most failures) -> ``rejected``;
* text whose first line is an error report ("An error occurred: ...", "Error: ...", "Invalid SMILES
  string.", "Failed to ...", "... not found", "Network error ...") or that contains a Python
  traceback -> ``rejected``, with the first line as the message;
* any other text -> ``success``, output ``{<response field>: <result>, "markdown": <the reply>}``,
  the response field being the catalog's (``smiles`` for SELFIEStoSMILES) and the result the value
  after the reply's result label (``**Result:** CCO``, a ``**Result**`` heading and the lines below
  it, the typo ``**Reuslt**``, a label naming the output type such as ``**NPR2:** 0.41``, else the
  last labelled value that is not an input echo, else the whole text), see :func:`extract_result`;
  a result that is empty or the word None -> ``rejected``;
* another JSON value -> ``success`` (a dict with an ``error`` key -> ``rejected``); anything else
  (bytes, objects) -> ``error``.

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

import ast
import json
import logging
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.records import InvocationRecord, Status, to_jsonable

from llama_index_libra.runtime.base import Runtime

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

WORKER = Path(__file__).with_name("_scitool_worker.py")
PROTOCOL = "libra-scitool-1"
CHECKOUT_ENV = "LIBRA_SCITOOLAGENT"
PYTHON_ENV = "LIBRA_SCITOOLAGENT_PYTHON"
WORKDIR_PLACEHOLDER = "<workdir>"
_CLOSED_PROXY = "http://127.0.0.1:9"  # the discard port: nothing listens, connections are refused
_MAX_TEXT = 100_000
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


# --------------------------------------------------------------------------- the checkout


def find_tools_root(checkout: str | Path) -> Path:
    """The folder holding ``ToolsFuns/tools_dict.py``: the checkout's ``ToolsAgent``, or ``checkout`` itself."""
    root = Path(checkout).expanduser().resolve()
    for candidate in (root / "ToolsAgent", root):
        if (candidate / "ToolsFuns" / "tools_dict.py").is_file():
            return candidate
    raise ValueError(
        f"{root} is not a SciToolAgent checkout: neither {root / 'ToolsAgent'} nor {root} holds "
        "ToolsFuns/tools_dict.py (clone https://github.com/HICAI-ZJU/SciToolAgent and pass its folder)"
    )


def find_checkout_python(checkout: str | Path) -> Path | None:
    """The interpreter of a virtual environment inside the checkout (``.venv``, ``venv``, ``env``), or None."""
    root = Path(checkout).expanduser().resolve()
    for base in (root, root / "ToolsAgent"):
        for venv in (".venv", "venv", "env"):
            for exe in ("bin/python", "bin/python3", "Scripts/python.exe"):
                path = base / venv / exe
                if path.is_file() and os.access(path, os.X_OK):
                    return path
    return None


@dataclass(frozen=True)
class RegisteredTool:
    """Where a registered tool lives: its dictionary and, when found statically, its module."""

    name: str
    category: str
    dict_module: str
    dict_name: str
    module: str | None
    attribute: str | None

    def request(self) -> dict[str, Any]:
        return {
            "tool": self.name,
            "module": self.module,
            "attribute": self.attribute,
            "dict_module": self.dict_module,
            "dict_name": self.dict_name,
        }


class _ModuleIndex:
    """Static (ast) view of the checkout's modules: what names each module's namespace defines."""

    def __init__(self, tools_root: Path) -> None:
        self.root = tools_root
        self._trees: dict[str, ast.Module | None] = {}

    def path_of(self, module: str) -> Path | None:
        base = self.root.joinpath(*module.split("."))
        for path in (base.with_suffix(".py"), base / "__init__.py"):
            if path.is_file():
                return path
        return None

    def tree(self, module: str) -> ast.Module | None:
        if module not in self._trees:
            path = self.path_of(module)
            tree = None
            if path is not None:
                try:
                    tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"), filename=str(path))
                except SyntaxError:
                    tree = None
            self._trees[module] = tree
        return self._trees[module]

    def absolute(self, module: str, name: str | None, level: int) -> str:
        """The absolute module of ``from <level dots><name> import ...`` inside ``module``."""
        if level == 0:
            return name or ""
        package = module.split(".")
        path = self.path_of(module)
        if path is None or path.name != "__init__.py":  # a plain module: its package is its parent
            package = package[:-1]
        if level > 1:
            package = package[: len(package) - (level - 1)]
        return ".".join(package + ([name] if name else []))

    @staticmethod
    def _statements(body: list[ast.stmt]) -> Iterable[ast.stmt]:
        """Top-level statements, looking inside ``if``/``try``/``with`` blocks (not into functions)."""
        for stmt in body:
            yield stmt
            if isinstance(stmt, (ast.If, ast.With)):
                yield from _ModuleIndex._statements(stmt.body)
                yield from _ModuleIndex._statements(getattr(stmt, "orelse", []))
            elif isinstance(stmt, ast.Try):
                for block in (stmt.body, stmt.orelse, stmt.finalbody, *[h.body for h in stmt.handlers]):
                    yield from _ModuleIndex._statements(block)

    def binding(self, module: str, name: str, depth: int = 0) -> bool:
        """Whether ``name`` is bound in ``module``'s namespace after it runs (statically)."""
        tree = self.tree(module)
        if tree is None or depth > 8:
            return False
        star_sources: list[str] = []
        for stmt in self._statements(tree.body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and stmt.name == name:
                return True
            if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                    return True
            if isinstance(stmt, ast.Import):
                if any((a.asname or a.name.split(".")[0]) == name for a in stmt.names):
                    return True
            if isinstance(stmt, ast.ImportFrom):
                for alias in stmt.names:
                    if alias.name == "*":
                        star_sources.append(self.absolute(module, stmt.module, stmt.level))
                    elif (alias.asname or alias.name) == name:
                        return True
        return any(self._star_exports(src, name, depth + 1) for src in reversed(star_sources))

    def _star_exports(self, module: str, name: str, depth: int) -> bool:
        if name.startswith("_"):
            return False
        tree = self.tree(module)
        if tree is None:
            return False
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets):
                try:
                    exported = ast.literal_eval(stmt.value)
                except ValueError:
                    break
                if name not in exported:
                    return False
        return self.binding(module, name, depth)

    def locate(self, dict_module: str, name: str) -> tuple[str, str] | None:
        """``(module, attribute)`` to import for the function ``name`` used in ``dict_module``."""
        tree = self.tree(dict_module)
        if tree is None:
            return None
        candidates: list[tuple[str, str]] = []
        for stmt in self._statements(tree.body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign)):
                bound = [stmt.name] if hasattr(stmt, "name") else [t.id for t in stmt.targets if isinstance(t, ast.Name)]  # type: ignore[union-attr]
                if name in bound:
                    candidates.append(("", ""))  # defined in the dictionary module itself
            elif isinstance(stmt, ast.ImportFrom):
                source = self.absolute(dict_module, stmt.module, stmt.level)
                for alias in stmt.names:
                    if alias.name == "*":
                        if self._star_exports(source, name, 1):
                            candidates.append((source, name))
                    elif (alias.asname or alias.name) == name:
                        candidates.append((source, alias.name))
        if not candidates or candidates[-1] == ("", ""):  # the last binding wins, as in Python
            return None
        return candidates[-1]


class CheckoutRegistry:
    """The checkout's registered tools, read statically from its two levels of dictionaries."""

    def __init__(self, tools_root: Path, tools: Mapping[str, RegisteredTool], problems: list[str]) -> None:
        self.tools_root = tools_root
        self.tools = dict(tools)
        self.problems = problems

    @classmethod
    def scan(cls, checkout: str | Path) -> "CheckoutRegistry":
        root = find_tools_root(checkout)
        index = _ModuleIndex(root)
        mapping = _literal_assignment(root / "ToolsFuns" / "tools_dict.py", "TOOLS_MAPPING")
        if not isinstance(mapping, dict):
            raise ValueError(f"{root / 'ToolsFuns' / 'tools_dict.py'} has no literal TOOLS_MAPPING dict")
        tools: dict[str, RegisteredTool] = {}
        problems: list[str] = []
        for category, names in mapping.items():
            base = str(category).replace("Tools", "")
            dict_module = f"ToolsFuns.{base}.tool_name_dict"
            dict_name = f"{base.upper()}_TOOLS_DICT"
            path = index.path_of(dict_module)
            functions = _dict_values(path, dict_name) if path is not None else None
            if functions is None:
                problems.append(f"category {category}: no {dict_name} in {dict_module}")
                continue
            for name in names if isinstance(names, list) else []:
                if name in tools:
                    continue  # listed twice (the real mapping repeats some names)
                if name not in functions:
                    problems.append(f"{name}: listed in TOOLS_MAPPING[{category!r}] but not in {dict_name}")
                    continue
                attribute = functions[name]
                where = index.locate(dict_module, attribute) if attribute else None
                tools[name] = RegisteredTool(
                    name=name,
                    category=str(category),
                    dict_module=dict_module,
                    dict_name=dict_name,
                    module=where[0] if where else None,
                    attribute=where[1] if where else None,
                )
        return cls(root, tools, problems)

    def __contains__(self, name: object) -> bool:
        return name in self.tools

    def __len__(self) -> int:
        return len(self.tools)


def _module_tree(path: Path) -> ast.Module:
    try:
        return ast.parse(path.read_text(encoding="utf-8", errors="replace"), filename=str(path))
    except SyntaxError as exc:
        raise ValueError(f"cannot parse {path}: {exc}") from None


def _literal_assignment(path: Path, name: str) -> Any:
    for stmt in _module_tree(path).body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            try:
                return ast.literal_eval(stmt.value)
            except ValueError:
                return None
    return None


def _dict_values(path: Path, name: str) -> dict[str, str | None] | None:
    """``{tool name: function identifier (None when the value is not a plain name)}`` of a dict literal."""
    for stmt in _module_tree(path).body:
        if isinstance(stmt, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            if not isinstance(stmt.value, ast.Dict):
                return None
            out: dict[str, str | None] = {}
            for key, value in zip(stmt.value.keys, stmt.value.values, strict=True):
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    out[key.value] = value.id if isinstance(value, ast.Name) else None
            return out
    return None


# --------------------------------------------------------------------------- replies

_RESULT_LABEL = re.compile(r"^(?:\w+\s+)?(?:resul\w*|reuslt\w*)$", re.IGNORECASE)
_BOLD_LINE = re.compile(r"^\s*(?:[-*+]\s+)?\*\*(?P<label>[^*\n]{1,80}?)\s*:?\s*\*\*\s*:?\s*(?P<value>.*?)\s*$")
_PLAIN_PAIR = re.compile(r"^\s*(?:[-*+]\s+)?(?P<label>[A-Za-z][\w ()/\-]{0,40}?)\s*:\s*(?P<value>\S.*?)\s*$")
_HEADING = re.compile(r"^\s*#{1,6}\s*")
_REJECTION = re.compile(
    r"^(?:an? )?(?:error|erro\b|exception|invalid|failed|failure|fail to|could ?n[o']t|cannot|can't|unable|"
    r"not found|no such|no \w+ found|tool function execution error|parameter or request error|network error|"
    r"your \w+ is not found|\w+ not found|调用服务失败)",
    re.IGNORECASE,
)
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|\bAn error occurred\b", re.IGNORECASE)


def _clean_value(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "`'\"":
        value = value[1:-1].strip()
    return value.strip("`").strip()


def _norm_label(label: str) -> str:
    return re.sub(r"[^a-z0-9]", "", label.lower())


def extract_result(text: str, output_labels: Iterable[str] = ()) -> str:
    """The result value of a SciToolAgent markdown reply (see the module docstring for the order)."""
    lines = text.strip().splitlines()
    wanted = {_norm_label(label) for label in output_labels if _norm_label(label)}
    labelled: list[tuple[str, str, int]] = []  # (label, inline value, line index)
    for i, line in enumerate(lines):
        m = _BOLD_LINE.match(line)
        if m:
            labelled.append((m.group("label").strip(), m.group("value"), i))

    def block_after(i: int) -> str:
        out: list[str] = []
        for line in lines[i + 1:]:
            if _BOLD_LINE.match(line) or _HEADING.match(line):
                break
            if not line.strip():
                if out:
                    break
                continue
            out.append(line.strip())
        return "\n".join(out)

    def from_block(block: str) -> str:
        pairs = [m for m in (_PLAIN_PAIR.match(line) for line in block.splitlines()) if m]
        if pairs and len(pairs) == len(block.splitlines()):
            for m in pairs:
                if _norm_label(m.group("label")) in wanted:
                    return _clean_value(m.group("value"))
            if len(pairs) == 1:
                return _clean_value(pairs[0].group("value"))
        return _clean_value(block)

    for label, value, i in labelled:
        if _RESULT_LABEL.match(label):
            return _clean_value(value) if value else from_block(block_after(i))
    for label, value, i in labelled:
        if _norm_label(label) in wanted or any(w and w in _norm_label(label) for w in wanted):
            return _clean_value(value) if value else from_block(block_after(i))
    for label, value, _line in reversed(labelled):
        if value and not _norm_label(label).startswith("input"):
            return _clean_value(value)
    return _clean_value(text)


def normalize_reply(kind: str, value: Any, output_field: str, output_labels: Iterable[str] = ()) -> tuple[Status, Any, str | None]:
    """``(status, output, message)`` for a worker reply of ``kind`` (none, text, json, opaque)."""
    if kind == "none":
        return "rejected", None, "the tool returned None (SciToolAgent tools report most failures that way)"
    if kind == "text":
        text = str(value).encode("utf-8", "replace").decode("utf-8")
        truncated = len(text) > _MAX_TEXT
        text = text[:_MAX_TEXT]
        stripped = text.strip()
        if not stripped:
            return "rejected", {output_field: "", "markdown": text}, "the tool replied with empty text"
        first = _HEADING.sub("", stripped.splitlines()[0]).strip().strip("*").strip()
        if _REJECTION.match(first) or _TRACEBACK.search(stripped):
            return "rejected", {output_field: None, "markdown": text}, first[:300]
        result = extract_result(text, [output_field.replace("_", " "), *output_labels])
        output = {output_field: result, "markdown": text}
        if not result or result.lower() in ("none", "null", "nan"):
            return "rejected", output, f"the reply's result is empty: {first[:200]}"
        return "success", output, ("reply truncated to 100,000 characters" if truncated else None)
    if kind == "json":
        if isinstance(value, dict) and "error" in value:
            return "rejected", value, str(value["error"])[:300] or "error"
        return "success", {output_field: value}, None
    return "error", None, f"unserializable reply: {value}"


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


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"


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

    # every call already runs in its own process group with its own limit (timeout + import grace)
    isolation = "none"

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
        from llama_index_libra.benchmarks.scitooleval import load_scitooleval_catalog, reconcile_name

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
        self._prefix = self._unshare_prefix() if self.no_network else []
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
            for key in ("http_proxy", "https_proxy", "ftp_proxy", "all_proxy"):
                env[key] = env[key.upper()] = _CLOSED_PROXY
            for key in ("no_proxy", "NO_PROXY"):
                env.pop(key, None)
            env["HF_HUB_OFFLINE"] = env["TRANSFORMERS_OFFLINE"] = env["HF_DATASETS_OFFLINE"] = "1"
        return env

    @staticmethod
    def _unshare_prefix() -> list[str]:
        """``unshare`` arguments that give the worker an empty network namespace, when this machine allows it."""
        exe = shutil.which("unshare")
        if exe is None:
            return []
        for args in ([exe, "--map-current-user", "--net"], [exe, "-rn"]):
            try:
                probe = subprocess.run(args + ["true"], capture_output=True, timeout=10)
            except (OSError, subprocess.SubprocessError):
                continue
            if probe.returncode == 0:
                return args
        return []

    def run_worker(self, entry: RegisteredTool, text: str, limit_s: float) -> WorkerResult:
        """Run one tool call in a new process and temporary directory; kill its process group on timeout."""
        request = {
            **entry.request(),
            "tools_root": str(self.registry.tools_root),
            "input": text,
            "block_network": self.no_network,
        }
        payload = json.dumps(request, ensure_ascii=True).encode("ascii")
        command = self._prefix + [self.python, str(WORKER)]
        t0 = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="libra-scitool-", ignore_cleanup_errors=True) as workdir:
            try:
                proc = subprocess.Popen(
                    command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    cwd=workdir, env=self._environment(), start_new_session=True,
                )
            except OSError as exc:
                return WorkerResult(None, f"cannot start {self.python}: {exc}", None, "", time.perf_counter() - t0)
            timed_out = False
            try:
                out, err = proc.communicate(payload, timeout=limit_s)
            except subprocess.TimeoutExpired:
                timed_out = True
                _kill_group(proc)
                try:
                    out, err = proc.communicate(timeout=5)
                except subprocess.TimeoutExpired:  # a grandchild escaped the group and holds the pipes
                    out, err = b"", b""
            finally:
                _kill_group(proc)  # children a tool left behind
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
        duration = time.perf_counter() - t0
        # the temporary folder's name is random: replies and messages name it <workdir>, so records
        # (and the library evidence built from them) are the same bytes on every run
        out = _mask_workdir(out, workdir)
        tail = _mask_workdir(err, workdir).decode("utf-8", "replace")[-_STDERR_TAIL:]
        if timed_out:
            return WorkerResult(
                None, f"timeout: the call did not finish within {limit_s:g} s; its process group was killed",
                proc.returncode, tail, duration,
            )
        frame = _parse_frame(out)
        if frame is not None:
            return WorkerResult(frame, None, proc.returncode, tail, duration)
        if not out:
            code = proc.returncode
            how = f"was killed by {_signal_name(code)}" if code is not None and code < 0 else f"exited with code {code}"
            return WorkerResult(None, f"crash: the worker process {how} before replying", code, tail, duration)
        marker = out.find(b'{"protocol"')
        stray = out[:marker] if marker > 0 else out  # what the tool wrote, without the (timed) reply line
        return WorkerResult(
            None,
            f"malformed worker reply: the tool wrote to the process's stdout outside Python's sys.stdout: {stray[:80]!r}",
            proc.returncode, tail, duration,
        )


def _response_field(spec: Any) -> tuple[str, list[str]]:
    """The catalog response field of a tool and the labels (output types) that name its value."""
    props = ((spec.response or {}).get("properties") or {}) if isinstance(spec.response, dict) else {}
    if not props:
        return "result", []
    name = next(iter(props))
    desc = props[name].get("description") if isinstance(props[name], dict) else None
    labels = [part.strip() for part in str(desc or "").split(",") if part.strip()]
    return name, labels


def _parse_frame(out: bytes) -> dict[str, Any] | None:
    """The worker's reply line, or None unless stdout is exactly one protocol line."""
    if not out.endswith(b"\n") or out.count(b"\n") != 1:
        return None
    try:
        frame = json.loads(out.decode("ascii"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(frame, dict) or frame.get("protocol") != PROTOCOL:
        return None
    return frame


def _stable_text(message: str) -> str:
    """A message without run-dependent memory addresses (``<object at 0x7f...>``)."""
    return re.sub(r"0x[0-9a-fA-F]{6,}", "0x...", message)


def _mask_workdir(data: bytes, workdir: str) -> bytes:
    """``data`` with the worker's temporary folder (as given and resolved) replaced by ``<workdir>``."""
    for path in sorted({workdir, os.path.realpath(workdir)}, key=len, reverse=True):
        data = data.replace(path.encode("utf-8"), WORKDIR_PLACEHOLDER.encode("ascii"))
    return data


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass


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
