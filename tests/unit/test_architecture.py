"""The architecture map (docs/architecture.md) against the tree: every module it names exists, every
module sits in a declared layer, and the import graph (function-local imports included) has no circle
and no import from a lower layer to a higher one. Also: a catalog loads no higher layer, and every
public name the README and docs use imports."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tests.support import paths

REPO = paths.REPO
ARCHITECTURE = REPO / "docs" / "architecture.md"
PACKAGES = ("llama_index_libra", "agent_eval")


# --------------------------------------------------------------------------- the graph


def package_modules() -> dict[str, Path]:
    """Dotted module name -> file, for every module of the two packages (a package is its __init__)."""
    out: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def imported_names(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module name ``module`` imports anywhere in its file (function bodies and TYPE_CHECKING
    blocks included), relative imports resolved; ``importlib.import_module("literal")`` counts too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                names.add(full if full in modules else target)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called == "import_module" and isinstance(node.args[0].value, str):
                names.add(node.args[0].value)
    return names


def import_graph() -> dict[str, set[str]]:
    """Module -> the package modules it loads: what it imports, plus the ``__init__`` of every package
    above an imported module that the importer is not itself inside (Python runs those first)."""
    modules = package_modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        for name in imported_names(module, path, modules):
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if not name:
                continue
            parts = name.split(".")
            targets = {name} | {
                ".".join(parts[:i]) for i in range(1, len(parts))
                if not (module == ".".join(parts[:i]) or module.startswith(".".join(parts[:i]) + "."))
            }
            graph[module] |= {t for t in targets if t in modules and t != module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


# --------------------------------------------------------------------------- the map


def declared_layers() -> list[tuple[int, str, list[str]]]:
    """``(rank, name, module prefixes)`` from the Layers table of docs/architecture.md, lowest first."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        match = re.match(r"^\|\s*(\d+)\s*\|\s*([^|]+?)\s*\|\s*([^|]+?)\s*\|", line)
        if match:
            prefixes = re.findall(r"`([A-Za-z_][\w.]*)`", match.group(3))
            rows.append((int(match.group(1)), match.group(2), [p if p.startswith(PACKAGES) else f"llama_index_libra.{p}" for p in prefixes]))
    return rows


def layer_of(module: str, layers: list[tuple[int, str, list[str]]]) -> int | None:
    """The rank of the longest declared prefix that covers ``module`` (None: not declared)."""
    best: tuple[int, int] | None = None
    for rank, _name, prefixes in layers:
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), rank)
    return best[1] if best else None


def test_the_map_declares_every_module_and_names_only_existing_ones() -> None:
    layers = declared_layers()
    assert [rank for rank, _, _ in layers] == sorted(rank for rank, _, _ in layers) and len(layers) >= 8
    modules = package_modules()
    undeclared = sorted(m for m in modules if layer_of(m, layers) is None)
    assert not undeclared, f"modules with no layer in docs/architecture.md: {undeclared}"
    text = ARCHITECTURE.read_text(encoding="utf-8")
    named = set(re.findall(r"`((?:llama_index_libra|agent_eval)(?:\.\w+)*)`", text))
    named |= {f"llama_index_libra.{p}" for _, _, prefixes in layers for p in prefixes if not p.startswith(PACKAGES)}
    named |= {p for _, _, prefixes in layers for p in prefixes}
    # module files written as paths in the tree drawing: llama_index_libra/runtime/base.py -> runtime.base
    for path in re.findall(r"((?:llama_index_libra|agent_eval)/[\w/]+\.py)", text):
        named.add(path[:-3].replace("/", ".").removesuffix(".__init__"))
    missing = sorted(n for n in named if n not in modules)
    assert not missing, f"docs/architecture.md names modules that do not exist: {missing}"
    # every file of the tree drawing exists in the folder it is drawn in
    tree = text.split("## The tree", 1)[1].split("```", 2)[1]
    files = {path.relative_to(REPO).as_posix() for path in modules.values()}
    unknown: list[str] = []
    folders: dict[int, str] = {}
    current = ""
    for line in tree.splitlines():
        folder = re.match(r"^( *)(\w+/)", line)
        body = line
        if folder:
            indent = len(folder.group(1))
            parent = folders.get(indent - 2, "llama_index_libra/") if indent else ""
            current = folders[indent] = parent + folder.group(2)
            body = line[folder.end():]
        elif re.match(r"^  \w+\.py", line):  # a module at the package's top level
            current = "llama_index_libra/"
        unknown += [current + name for name in re.findall(r"\b\w+\.py", body) if current + name not in files]
    assert not unknown, f"docs/architecture.md's tree names files that do not exist: {unknown}"


def test_import_graph_has_no_circle() -> None:
    found = circles(import_graph())
    assert not found, f"import circles (function-local imports included): {found}"


def test_no_import_runs_from_a_lower_layer_to_a_higher_one() -> None:
    layers = declared_layers()
    upward = []
    for module, targets in import_graph().items():
        mine = layer_of(module, layers)
        for target in targets:
            theirs = layer_of(target, layers)
            if mine is not None and theirs is not None and theirs > mine:
                upward.append(f"{module} (layer {mine}) -> {target} (layer {theirs})")
    assert not upward, "imports from a lower layer to a higher one:\n" + "\n".join(sorted(upward))


def test_the_checker_sees_function_local_and_package_level_imports(tmp_path: Path) -> None:
    """The graph counts an import inside a function and the __init__ an imported submodule runs."""
    modules = {"pkg": tmp_path / "pkg" / "__init__.py", "pkg.a": tmp_path / "pkg" / "a.py", "other": tmp_path / "other.py"}
    for path in modules.values():
        path.parent.mkdir(parents=True, exist_ok=True)
    modules["pkg"].write_text("from pkg import a\n")
    modules["pkg.a"].write_text("def f():\n    import other\n")
    modules["other"].write_text("import importlib\nimportlib.import_module('pkg.a')\n")
    assert imported_names("pkg.a", modules["pkg.a"], modules) == {"other"}
    assert imported_names("other", modules["other"], modules) == {"importlib", "pkg.a"}
    assert circles({"x": {"y"}, "y": {"z"}, "z": {"x"}, "w": {"x"}}) == [["x", "y", "z"]]


# --------------------------------------------------------------------------- what a catalog loads


def test_importing_the_catalog_loads_no_higher_layer_and_no_torch() -> None:
    code = (
        "import sys\n"
        "from llama_index_libra.catalog import ToolCatalog, ToolSpec\n"
        "ToolCatalog([ToolSpec('a', 'd')]).fingerprint()\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO).stdout.split()
    forbidden = ("llama_index_libra.contracts", "llama_index_libra.induction", "llama_index_libra.adapters",
                 "llama_index_libra.runtime", "llama_index_libra.retrieval", "torch", "llama_index.core")
    bad = [m for m in loaded if m.startswith(forbidden)]
    assert not bad, f"importing the catalog loaded {bad}"
    assert "llama_index_libra.schemas.validate" in loaded  # the floor it stands on


def test_the_baselines_ranking_half_loads_no_llm_code_and_nothing_above_retrieval() -> None:
    """docs/architecture.md: a baseline ranker (numpy over the QTS embeddings) needs no LLM client."""
    code = (
        "import sys\n"
        "from llama_index_libra.baselines.ranker import BaselineRanker\n"
        "from llama_index_libra.baselines import ranking\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO).stdout.split()
    forbidden = ("llama_index_libra.contracts", "llama_index_libra.induction", "llama_index_libra.adapters",
                 "llama_index_libra.benchmarks", "llama_index_libra.evaluation", "llama_index_libra.cli",
                 "llama_index_libra.baselines.llm", "llama_index_libra.baselines.build", "llama_index_libra.baselines.work")
    bad = [m for m in loaded if m.startswith(forbidden)]
    assert not bad, f"importing the baseline ranker loaded {bad}"


# --------------------------------------------------------------------------- public names of the docs


def _documented_imports() -> list[tuple[str, str]]:
    """``(module, name)`` of every ``from M import a, b`` the README and docs/ show for this package."""
    pairs = []
    for path in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        pattern = r"from\s+((?:llama_index_libra|llama_index\.retrievers\.libra|agent_eval)[\w.]*)\s+import\s+(?:\(([\w\s,]+)\)|([\w, ]+))"
        for match in re.finditer(pattern, text):
            for name in re.split(r"[\s,]+", (match.group(2) or match.group(3)).strip()):
                if name and name != "as":
                    pairs.append((match.group(1), name))
    return sorted(set(pairs))


def _documented_paths() -> list[str]:
    """Dotted names written in backticks in the README and docs (``llama_index_libra.sources``)."""
    found = set()
    for path in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        found |= set(re.findall(r"`((?:llama_index_libra|agent_eval)(?:\.\w+)+)`", path.read_text(encoding="utf-8")))
    return sorted(found)


@pytest.mark.parametrize("module, name", _documented_imports())
def test_every_documented_import_works(module: str, name: str) -> None:
    import importlib

    assert hasattr(importlib.import_module(module), name), f"from {module} import {name}"


def test_every_documented_dotted_name_resolves() -> None:
    import importlib

    unresolved = []
    for dotted in _documented_paths():
        # the wheel ships the harness as llama_index_libra.agent_eval; a checkout has it at the top level
        parts = dotted.replace("llama_index_libra.agent_eval", "agent_eval").split(".")
        for cut in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            try:
                for attr in parts[cut:]:
                    obj = getattr(obj, attr)
            except AttributeError:
                unresolved.append(dotted)
            break
        else:
            unresolved.append(dotted)
    assert not unresolved, f"names in the docs that do not resolve: {unresolved}"
    assert len(_documented_imports()) >= 5  # the README's quick start and induction sections


def test_public_face_names_resolve() -> None:
    import llama_index_libra

    for name in llama_index_libra.__all__:
        assert getattr(llama_index_libra, name) is not None, name
    from llama_index.retrievers.libra import AgenticToolRetriever, LibraRetriever, LibraToolRetrieverTool  # noqa: F401

    assert callable(LibraRetriever.as_agentic_retriever)  # the documented alias of AgenticToolRetriever(retriever)
