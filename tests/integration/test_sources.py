"""Catalog sources: LlamaIndex BaseToolSpecs, a real MCP server over stdio, OpenAPI documents."""

from __future__ import annotations

import asyncio
import json
import sys
import textwrap

import pytest
from llama_index.core.tools.tool_spec.base import BaseToolSpec

from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.catalog import CatalogError
from llama_index_libra.sources import (
    catalog_from_mcp,
    catalog_from_openapi,
    catalog_from_tool_specs,
    mcp_tools,
    openapi_tool_specs,
    tools_from_tool_specs,
)


class ForgeSpec(BaseToolSpec):
    """A LlamaIndex tool spec with two tools."""

    spec_functions = ["login", "add_ssh_key"]

    def login(self, username: str, password: str) -> dict:
        """Sign in with a username and password; returns an access_token."""
        return {"access_token": "tok-" + username}

    def add_ssh_key(self, access_token: str, public_key: str) -> dict:
        """Upload an SSH public key to your account; needs an access_token from login."""
        return {"key_id": "K1"}


def test_tool_specs_become_a_catalog_and_a_retriever(hash_embed) -> None:
    catalog = catalog_from_tool_specs([ForgeSpec()], name="forge")
    assert catalog.names == ["login", "add_ssh_key"] and catalog.get("login").required_inputs == ["username", "password"]
    retriever = LibraRetriever.from_tools(tools_from_tool_specs(ForgeSpec()), embed_model=hash_embed, top_k=1)
    tool = retriever.as_object_retriever().retrieve("upload an ssh public key")[0]
    assert tool.metadata.name == "add_ssh_key" and tool.call(access_token="t", public_key="k").raw_output == {"key_id": "K1"}
    with pytest.raises(CatalogError, match="expected a LlamaIndex BaseToolSpec"):
        tools_from_tool_specs([object()])


MCP_SERVER = textwrap.dedent(
    '''
    from mcp.server.mcpserver import MCPServer

    app = MCPServer("forge-mini")


    @app.tool()
    def login(username: str, password: str) -> dict:
        """Sign in with a username and password; returns an access_token."""
        return {"access_token": "tok-" + username}


    @app.tool()
    def add_ssh_key(access_token: str, public_key: str) -> dict:
        """Upload an SSH public key to your account; needs an access_token from login."""
        return {"key_id": "K1"} if access_token.startswith("tok-") else {"error": "bad token"}


    if __name__ == "__main__":
        app.run()
    '''
)


@pytest.fixture()
def mcp_server(tmp_path):
    pytest.importorskip("mcp.server.mcpserver")
    pytest.importorskip("llama_index.tools.mcp")
    path = tmp_path / "forge_mcp_server.py"
    path.write_text(MCP_SERVER)
    return path


def test_a_real_mcp_server_over_stdio_lists_into_a_catalog(mcp_server, hash_embed) -> None:
    catalog = catalog_from_mcp(sys.executable, args=[str(mcp_server)], name="forge-mcp")
    assert catalog.name == "forge-mcp" and catalog.names == ["login", "add_ssh_key"]
    assert catalog.get("add_ssh_key").required_inputs == ["access_token", "public_key"]
    tools = mcp_tools(sys.executable, args=[str(mcp_server)])
    retriever = LibraRetriever.from_tools(tools, embed_model=hash_embed, top_k=2)
    assert retriever.catalog.fingerprint() == catalog.fingerprint()  # a library induced on it loads with the tools
    assert "add_ssh_key" in retriever.explain("upload an ssh public key")
    login = retriever.as_object_retriever().retrieve("login")[0]
    out = asyncio.run(login.acall(username="alice", password="x"))  # a real call through the server
    assert "tok-alice" in str(out.content)


def test_mcp_server_that_cannot_start_is_one_clear_error(tmp_path) -> None:
    pytest.importorskip("llama_index.tools.mcp")
    broken = tmp_path / "broken.py"
    broken.write_text("raise SystemExit(3)\n")
    with pytest.raises(CatalogError, match="cannot list the tools of MCP server"):
        catalog_from_mcp(sys.executable, args=[str(broken)], timeout=20)


OPENAPI = {
    "openapi": "3.0.3",
    "info": {"title": "Forge API", "version": "1"},
    "paths": {
        "/login": {"post": {
            "operationId": "login", "summary": "Sign in.",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Credentials"}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Token"}}}}},
        }},
        "/repos/{repo_id}": {
            "parameters": [{"name": "repo_id", "in": "path", "schema": {"type": "string"}, "description": "Repository id."}],
            "get": {"summary": "Get a repository.", "parameters": [{"name": "X-Token", "in": "header", "required": True, "schema": {"type": "string"}}],
                    "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Repo"}}}},
                                  "404": {"description": "missing"}}},
            "delete": {"operationId": "delete_repo", "description": "Delete a repository.", "responses": {"204": {"description": "gone"}}},
        },
        "/repos/{repo_id}/topics": {"put": {
            "operationId": "set_topics", "summary": "Set topics.",
            "parameters": [{"name": "repo_id", "in": "path", "schema": {"type": "string"}}],
            "requestBody": {"content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}},
            "responses": {"200": {"description": "ok"}},
        }},
    },
    "components": {"schemas": {
        "Credentials": {"type": "object", "properties": {"username": {"type": "string"}, "password": {"type": "string"}},
                        "required": ["username", "password"]},
        "Token": {"type": "object", "properties": {"access_token": {"type": "string"}}},
        "Repo": {"type": "object", "properties": {"repo_id": {"type": "string"}, "parent": {"$ref": "#/components/schemas/Repo"}}},
    }},
}


def test_openapi_operations_become_tool_specs(tmp_path) -> None:
    path = tmp_path / "forge.openapi.json"
    path.write_text(json.dumps(OPENAPI))
    catalog = catalog_from_openapi(path)
    assert catalog.name == "Forge API"
    assert catalog.names == ["login", "get_repos_repo_id", "delete_repo", "set_topics"]
    login = catalog.get("login")
    assert login.required_inputs == ["username", "password"]
    assert login.response == {"type": "object", "properties": {"access_token": {"type": "string"}}}
    get = catalog.get("get_repos_repo_id")
    assert get.parameters["properties"]["repo_id"] == {"type": "string", "description": "Repository id."}
    assert set(get.required_inputs) == {"repo_id", "X-Token"}
    assert get.response["properties"]["parent"]["description"].startswith("recursive reference")  # cycle cut
    topics = catalog.get("set_topics")
    assert topics.parameters["properties"]["body"]["type"] == "array" and topics.required_inputs == ["repo_id"]
    assert catalog.get("delete_repo").response is None and catalog.get("delete_repo").description == "Delete a repository."
    assert [s.name for s in openapi_tool_specs(OPENAPI, namespace="Forge")][0] == "Forge.login"


@pytest.mark.parametrize(
    "document, message",
    [
        ({"info": {}}, "not an OpenAPI document"),
        ({"openapi": "3.0.0", "paths": {}}, "has no 'paths'"),
        ({"openapi": "3.0.0", "paths": {"/a": {"get": {"requestBody": {"$ref": "https://example.invalid/x.json"}}}}}, "points outside the document"),
        ({"openapi": "3.0.0", "paths": {"/a": {"get": {"requestBody": {"$ref": "#/components/nope"}}}}}, "does not exist"),
        ({"openapi": "3.0.0", "paths": {"/a": {"get": {"operationId": "x"}}, "/b": {"get": {"operationId": "x"}}}}, "duplicate tool names: x"),
    ],
)
def test_bad_openapi_documents_are_one_error(document, message) -> None:
    with pytest.raises(CatalogError, match=message):
        catalog_from_openapi(document)


def test_libra_catalog_reads_an_openapi_document_and_an_mcp_server(tmp_path, mcp_server, capsys) -> None:
    from llama_index_libra.catalog import ToolCatalog
    from llama_index_libra.cli import main

    (tmp_path / "api.json").write_text(json.dumps(OPENAPI))
    assert main(["catalog", str(tmp_path / "api.json"), "--out", str(tmp_path / "api.catalog.json")]) == 0
    assert "4 tools" in capsys.readouterr().out
    assert ToolCatalog.from_file(tmp_path / "api.catalog.json").names[0] == "login"
    assert main(["catalog", "--mcp", f"{sys.executable} {mcp_server}", "--out", str(tmp_path / "mcp.json")]) == 0
    out = capsys.readouterr().out
    assert "2 tools" in out and ToolCatalog.from_file(tmp_path / "mcp.json").names == ["login", "add_ssh_key"]
    assert main(["catalog", str(tmp_path / "api.json"), "--mcp", "x"]) == 2
