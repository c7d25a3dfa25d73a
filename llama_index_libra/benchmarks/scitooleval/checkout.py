"""A SciToolAgent checkout read statically: which module defines each registered tool (nothing imported).

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
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

__all__ = ["CheckoutRegistry", "RegisteredTool", "find_tools_root", "find_checkout_python"]


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
