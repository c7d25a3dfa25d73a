"""Property-based fuzzing of the package's file formats (catalog files, library files, run logs).

Shared by ``tests/slow/test_fuzz_files.py`` (slow-marked, a few hundred examples each by default) and
``scripts/fuzz_files.py`` (10,000 each). Inputs are valid files from the smart-home example,
mutated structurally (a value replaced by any JSON, a key dropped, a type changed, hostile names
such as ``..``) and then byte-wise (cut anywhere, even inside a UTF-8 character, random bytes,
escapes for lone surrogates, deep nesting, huge integers, NaN). Each input goes through the Python
loader, which must succeed or raise the package's own error type with one line, and through the
CLI entry (``cli.main([...])`` in-process), which must exit 0 or 2 with one ``libra: error:``
line. Anything else (a traceback) fails the property.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tests.support.paths import EXAMPLES  # noqa: E402

sys.path.insert(0, str(EXAMPLES))

import smart_home  # noqa: E402

from llama_index_libra import cli  # noqa: E402
from llama_index_libra.catalog import CatalogError, ToolCatalog  # noqa: E402
from llama_index_libra.library import LibraryError, ToolLibrary  # noqa: E402

OUTCOMES: Counter = Counter()

HOSTILE_STRINGS = ["..", "../../x", "/etc/passwd", "a\\ud800b", "", " ", "$.output..x", "\x00", "é", "tools", "properties",
                   "type", "object", "$ref", "file:///dev/zero", "NaN", "-1", "true"]

json_scalars = (
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12) | st.sampled_from(HOSTILE_STRINGS)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8) | st.sampled_from(HOSTILE_STRINGS), inner, max_size=4),
    max_leaves=12,
)


# --------------------------------------------------------------------------- base documents


def _base() -> dict[str, Any]:
    """Valid documents of every format, built once per process from the smart-home example."""
    cached = getattr(_base, "cache", None)
    if cached is not None:
        return cached
    from llama_index_libra.induction import induce

    runtime = smart_home.build_runtime()
    docs = [spec.public_doc() for spec in runtime.catalog]
    with tempfile.TemporaryDirectory() as tmp:
        library, _ = induce(runtime, field_encoder="lexical", executor="serial", log_dir=Path(tmp) / "log")
        lines = [line for p in sorted((Path(tmp) / "log").glob("runs-*.jsonl")) for line in p.read_bytes().splitlines(keepends=True)]
    _base.cache = {"catalog": docs, "library": library.to_json(), "runlog": lines}  # type: ignore[attr-defined]
    return _base.cache  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- mutations


@st.composite
def mutated_json(draw: Any, base: Any) -> Any:
    """``base`` with 0-4 structural mutations at random places."""
    doc = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(0, 4))):
        doc = _mutate_once(draw, doc)
    return doc


def _mutate_once(draw: Any, doc: Any) -> Any:
    path: list[Any] = []
    node = doc
    while isinstance(node, (dict, list)) and node and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(node, key=str) if isinstance(node, dict) else list(range(len(node)))))
        path.append(key)
        node = node[key]
    action = draw(st.sampled_from(["replace", "drop", "retype", "hostile", "negate", "wrap"]))
    if not path:
        return draw(json_values) if action == "replace" else doc
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if action == "drop":
        del parent[last]
    elif action == "replace":
        parent[last] = draw(json_values)
    elif action == "retype":
        parent[last] = draw(st.sampled_from([None, True, 5, -1, 1.5, "x", [], {}, [None], {"a": None}]))
    elif action == "hostile":
        parent[last] = draw(st.sampled_from(HOSTILE_STRINGS))
    elif action == "negate" and isinstance(parent[last], int) and not isinstance(parent[last], bool):
        parent[last] = -parent[last] - 1
    elif action == "wrap":
        parent[last] = [parent[last]] if draw(st.booleans()) else {"x": parent[last]}
    return doc


@st.composite
def damaged_bytes(draw: Any, data: bytes) -> bytes:
    """``data`` cut, spliced with random bytes, or replaced by a pathological document."""
    kind = draw(st.sampled_from(["keep", "keep", "cut", "insert", "flip", "deep", "bigint", "nan", "bom", "random"]))
    if kind == "cut" and data:
        return data[: draw(st.integers(0, len(data) - 1))]
    if kind == "insert":
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    if kind == "flip" and data:
        at = draw(st.integers(0, len(data) - 1))
        return data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1:]
    if kind == "deep":
        depth = draw(st.sampled_from([100, 2_000, 100_000]))
        return b'{"tools": ' * (depth // 10) + b"[" * depth + b"]" * depth
    if kind == "bigint":
        return data.replace(b"1", b"9" * 5000, 1)
    if kind == "nan":
        return data.replace(b"1", b"NaN", 1)
    if kind == "bom":
        return b"\xef\xbb\xbf" + data
    if kind == "random":
        return draw(st.binary(max_size=64))
    return data


def _dumps(obj: Any, ascii_only: bool) -> bytes:
    return json.dumps(obj, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


@st.composite
def catalog_files(draw: Any) -> tuple[str, bytes]:
    docs = draw(mutated_json(_base()["catalog"]))
    layout = draw(st.sampled_from(["array", "tools", "jsonl"]))
    ascii_only = draw(st.booleans())
    if layout == "jsonl" and isinstance(docs, list):
        raw = b"".join(_dumps(d, ascii_only) + b"\n" for d in docs)
        suffix = ".jsonl"
    else:
        raw = _dumps({"tools": docs} if layout == "tools" else docs, ascii_only)
        suffix = ".json"
    return suffix, draw(damaged_bytes(raw))


@st.composite
def library_files(draw: Any) -> bytes:
    return draw(damaged_bytes(_dumps(draw(mutated_json(_base()["library"])), draw(st.booleans()))))


@st.composite
def runlog_files(draw: Any) -> list[bytes]:
    lines = _base()["runlog"]
    picked = draw(st.lists(st.sampled_from(lines), min_size=1, max_size=6))
    out = []
    for line in picked:
        if draw(st.booleans()):
            entry = json.loads(line)
            line = _dumps(draw(mutated_json(entry)), draw(st.booleans())) + b"\n"
        out.append(draw(damaged_bytes(line)))
    return out


# --------------------------------------------------------------------------- checks


def _one_line(exc: BaseException) -> None:
    text = str(exc)
    assert text and "\n" not in text, f"not a one-line error: {text!r}"


def run_cli(argv: list[str]) -> tuple[int, str]:
    """``cli.main(argv)`` in-process; returns (exit code, stderr). An uncaught exception propagates."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, err.getvalue()


def _check_cli(argv: list[str]) -> None:
    code, err = run_cli(argv)
    assert "Traceback" not in err, err
    if code == 2:
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("libra: error: "), err
    else:
        assert code == 0, (code, err)


def _exercise(catalog: ToolCatalog, library: ToolLibrary | None) -> None:
    """What loading promises: retrieval (and propagation over the library) works on the result."""
    from llama_index.core.embeddings import MockEmbedding

    from llama_index_libra.adapters.retriever import LibraRetriever
    from llama_index_libra.contracts.model import mechanical_exports

    from llama_index_libra.contracts.proposer import SchemaContractProposer

    catalog.fingerprint()
    for spec in catalog:
        mechanical_exports(spec)
        if library is None:  # a loaded catalog must be inducible: its schema-derived contracts validate
            SchemaContractProposer().propose(spec)
    retriever = LibraRetriever.from_catalog(catalog, embed_model=MockEmbedding(embed_dim=4), library=library, cache_dir=False, top_k=5)
    retriever.retrieve("move my alarm")
    if library is not None:
        for name in catalog.names[:3]:
            library.relations_of(name)
        library.to_json()


def check_catalog(suffix: str, raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"fuzzed{suffix}"
        path.write_bytes(raw)
        try:
            catalog = ToolCatalog.from_file(path)
        except CatalogError as exc:
            _one_line(exc)
            OUTCOMES["catalog rejected"] += 1
        else:
            _exercise(catalog, None)
            OUTCOMES["catalog accepted"] += 1
        _check_cli(["catalog", str(path)])


def check_library(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzzed.library.json"
        path.write_bytes(raw)
        try:
            library = ToolLibrary.load(path)
        except LibraryError as exc:
            _one_line(exc)
            OUTCOMES["library rejected"] += 1
        else:
            _exercise(library.catalog, library)
            OUTCOMES["library accepted"] += 1
        _check_cli(["show", str(path)])
        names = _base()["library"]["catalog"]["tools"]
        _check_cli(["show", str(path), "--tool", names[0]["name"], "--evidence"])


def check_runlog(lines: list[bytes]) -> None:
    from llama_index_libra.induction.runlog import RunLog
    from llama_index_libra.records import InvocationRecord

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "runs-1-1.jsonl").write_bytes(b"".join(lines))
        log = RunLog(tmp)
        assert len(log) + log.skipped_lines >= 1 or all(not line.strip() for line in lines)
        for key in list(log.entries):
            record, changed = log.get(key)
            assert isinstance(record, InvocationRecord) and isinstance(changed, bool)
            record.to_evidence()
            record.to_json()
        log.append("fresh-key", InvocationRecord(tool="t", status="success", arguments={}), False)
        log.close()
        again = RunLog(tmp)
        assert "fresh-key" in again.entries and len(again) == len(log)
        OUTCOMES["runlog lines kept"] += len(log) - 1
        OUTCOMES["runlog lines skipped"] += log.skipped_lines
