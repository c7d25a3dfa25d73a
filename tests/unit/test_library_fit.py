"""A library built for other versions of the tools keeps serving the tools it knows (issue #24, item 2).

The rules are the same whether the library is a path, a ToolLibrary, a list of libraries or a persisted
retriever: new tools get the base ranking and a warning naming them, a removed tool's relations go,
a changed tool keeps the relations whose inputs still exist, and ``strict=True`` raises instead.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from llama_index.core.tools import FunctionTool

from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import CatalogMismatchError, CatalogMismatchWarning, Relation, ToolLibrary

LOGIN_QUERY = "Create a new note in the notes app titled Groceries"


def _tool(name: str, description: str, **params: str) -> FunctionTool:
    def fn(**kwargs: str) -> str:
        return name

    from pydantic import create_model

    schema = create_model(f"{name}_args", **{p: (str, ...) for p in params})
    return FunctionTool.from_defaults(fn=fn, name=name, description=description, fn_schema=schema)


@pytest.fixture()
def saved(tmp_path: Path, synthetic_tools, synthetic_library) -> Path:
    return synthetic_library.save(tmp_path / "synthetic.library.json")


def _serve(how: str, tools, saved: Path, tmp_path: Path, embed, **kwargs):
    """A retriever over ``tools`` with the library of the original tools, given the way ``how`` says."""
    if how == "path":
        return LibraRetriever.from_tools(tools, library=saved, embed_model=embed, **kwargs)
    if how == "object":
        return LibraRetriever.from_tools(tools, library=ToolLibrary.load(saved), embed_model=embed, **kwargs)
    if how == "list":
        return LibraRetriever.from_tools(tools, library=[saved], embed_model=embed, **kwargs)
    if how == "from_library":
        return LibraRetriever.from_library(saved, tools=tools, embed_model=embed, **kwargs)
    folder = tmp_path / "persisted"
    if not folder.exists():
        LibraRetriever.from_library(saved, embed_model=embed).persist(folder)
    kwargs.pop("top_k", None)  # a persisted retriever keeps its own
    return LibraRetriever.from_persist_dir(folder, tools=tools, embed_model=embed, **kwargs)


HOWS = ["path", "object", "list", "from_library", "persisted"]


@pytest.mark.parametrize("how", HOWS)
def test_an_added_tool_is_served_with_a_warning_naming_it(how, tmp_path, saved, synthetic_tools, synthetic_library,
                                                          hash_embed) -> None:
    added = _tool("garden_water_plants", "Water the plants in the garden.", zone="Garden zone.")
    with pytest.warns(CatalogMismatchWarning, match=r"1 new \(garden_water_plants\) ranked without relations") as caught:
        retriever = _serve(how, [*synthetic_tools, added], saved, tmp_path, hash_embed, top_k=6)
    assert caught[0].filename == __file__  # the warning points at the caller's line, not at the package
    assert len(retriever.library) == len(synthetic_library)  # every relation kept
    assert "notes_login" in {h.name for h in retriever.rank(LOGIN_QUERY) if h.promoted}
    assert retriever.rank("water the plants in the garden")[0].name == "garden_water_plants"
    assert retriever.as_object_retriever().retrieve("garden_water_plants")[0].metadata.name == "garden_water_plants"


@pytest.mark.parametrize("how", HOWS)
def test_strict_refuses_a_library_that_does_not_fit(how, tmp_path, saved, synthetic_tools, hash_embed) -> None:
    added = _tool("garden_water_plants", "Water the plants in the garden.", zone="Garden zone.")
    with pytest.raises(CatalogMismatchError, match=r"1 added \(garden_water_plants\)"):
        _serve(how, [*synthetic_tools, added], saved, tmp_path, hash_embed, strict=True)


@pytest.mark.parametrize("how", HOWS)
def test_a_docstring_edit_keeps_the_relations(how, tmp_path, saved, synthetic_tools, synthetic_library, hash_embed) -> None:
    login = next(t for t in synthetic_tools if t.metadata.name == "notes_login")
    edited = FunctionTool.from_defaults(fn=login.fn, name="notes_login", fn_schema=login.metadata.fn_schema,
                                        description="Sign in to the notes app (edited docstring).")
    tools = [edited if t.metadata.name == "notes_login" else t for t in synthetic_tools]
    with pytest.warns(CatalogMismatchWarning, match=r"1 changed \(notes_login\) keep the relations"):
        retriever = _serve(how, tools, saved, tmp_path, hash_embed, top_k=6)
    assert len(retriever.library) == len(synthetic_library)
    assert "notes_login" in {h.name for h in retriever.rank(LOGIN_QUERY) if h.promoted}


def test_removed_tools_and_renamed_inputs_drop_their_relations() -> None:
    docs = [{"name": "login", "description": "Sign in.", "parameters": {"type": "object", "properties": {}}},
            {"name": "add", "description": "Add a note.", "parameters": {"type": "object", "properties": {"token": {"type": "string"}}}},
            {"name": "old", "description": "Old tool.", "parameters": {"type": "object", "properties": {}}}]
    library = ToolLibrary(catalog=ToolCatalog.from_function_docs(docs), relations=[
        Relation("login", "add", "state"), Relation("login", "add", "provenance", "token", "token"), Relation("login", "old", "state")])
    docs[1] = {**docs[1], "parameters": {"type": "object", "properties": {"access_token": {"type": "string"}}}}
    new = ToolCatalog.from_function_docs(docs[:2])
    with pytest.warns(CatalogMismatchWarning, match=r"1 changed \(add\).*1 removed \(old\); 2 relations dropped"):
        fitted = library.fit(new)
    assert [(r.provider, r.consumer, r.kind) for r in fitted] == [("login", "add", "state")]
    assert fitted.catalog is new


def test_a_reordered_catalog_fits_silently() -> None:
    docs = [{"name": n, "description": f"Tool {n}.", "parameters": {"type": "object", "properties": {}}} for n in "abc"]
    library = ToolLibrary(catalog=ToolCatalog.from_function_docs(docs), relations=[Relation("a", "b", "state")])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fitted = library.fit(ToolCatalog.from_function_docs(docs[::-1]))
    assert len(fitted) == 1 and fitted.catalog.names == ["c", "b", "a"]
