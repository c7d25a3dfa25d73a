"""A new user's journey over their own 60-tool catalog (GitForge), each README step a test.

``forge_tools.py`` is copied beside a ``forge_runtime.py`` written exactly as the README shows, then:
``libra catalog`` -> ``libra induce --runtime`` -> ``libra show`` -> ``libra query`` -> a FunctionAgent
and a ReActAgent with ``tool_retriever=`` (scripted LLMs that only call tools they were offered and
take argument values from earlier observations) -> agentic mode (the agent searches, then calls what
it found) -> the catalog round trip and an edited docstring. GitForge lives in ``../shared`` beside
the checkout; without it these tests are skipped.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest
from llama_index.core.agent.workflow import FunctionAgent, ReActAgent

from tests.support import llms
from tests.support.gitforge import FORGE_RUNTIME, GITFORGE, libra, make_project
from tests.support.llms import PlannedReActLLM, observation_value, scripted_function_calling_llm
from tests.support.paths import REPO

run_agent = functools.partial(llms.run_agent, max_iterations=12)

pytestmark = pytest.mark.skipif(not (GITFORGE / "forge_tools.py").exists(), reason="GitForge (../shared) is not beside the checkout")

SSH_TASK = "Upload my laptop's SSH key"
REPO_TASK = "Create a new private repository"

Step = llms.Step


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A user's folder: their tools and the runtime factory, a catalog file and an induced library."""
    folder = make_project(tmp_path_factory.mktemp("forge-project"))
    result = libra("induce", "--runtime", "forge_runtime.py:make_runtime", "--out", "forge.library.json",
                   "--log-dir", "runs", "--executor", "serial", "--field-encoder", "lexical", "--max-depth", "1",
                   "--quiet", cwd=folder)
    assert result.returncode == 0, result.stderr
    return folder


@pytest.fixture(scope="module")
def default_library(project: Path, gitforge_default_build: Any) -> Path:
    """The README's command with every default (process pool, MiniLM field encoder, depth 2), built
    once per session (the GitForge floor test scores the same build)."""
    assert "executor process" in gitforge_default_build.stdout
    shutil.copy(gitforge_default_build.library, project / "default.library.json")
    return project / "default.library.json"


@pytest.fixture(scope="module")
def runtime(project: Path) -> Any:
    from llama_index_libra.runtime.loader import load_runtime

    return load_runtime(str(project / "forge_runtime.py") + ":make_runtime")


def login_step(fixtures: dict[str, Any]) -> Step:
    return lambda obs: ("login", {"username": fixtures["username"], "password": fixtures["password"]})


def token(obs: list[Any]) -> str:
    return next(o["access_token"] for o in obs if isinstance(o, dict) and "access_token" in o)


def ssh_plan(fixtures: dict[str, Any]) -> list[Step]:
    return [
        login_step(fixtures),
        lambda obs: ("generate_ssh_keypair", {"comment": "laptop"}),
        lambda obs: ("add_ssh_key", {"access_token": token(obs), "title": "laptop",
                                     "public_key": next(o["public_key"] for o in obs if isinstance(o, dict) and "public_key" in o)}),
    ]


def repo_plan(fixtures: dict[str, Any]) -> list[Step]:
    return [login_step(fixtures),
            lambda obs: ("create_repo", {"access_token": token(obs), "name": "secret-plans", "private": True})]


# --------------------------------------------------------------------------- the CLI steps


def test_libra_catalog_lists_the_runtime_and_round_trips(project: Path) -> None:
    listed = libra("catalog", "--runtime", "forge_runtime.py:make_runtime", "--out", "forge.catalog.json", cwd=project)
    assert listed.returncode == 0, listed.stderr
    fingerprint = re.search(r"fingerprint (\w+)", listed.stdout).group(1)
    assert "60 tools" in listed.stdout
    checked = libra("catalog", "forge.catalog.json", "--library", "forge.library.json", cwd=project)
    assert checked.returncode == 0, checked.stderr
    assert f"fingerprint {fingerprint}" in checked.stdout and "fits this catalog" in checked.stdout

    from llama_index_libra import ToolCatalog, ToolLibrary

    catalog = ToolCatalog.from_file(project / "forge.catalog.json")
    assert catalog.fingerprint() == fingerprint and catalog.name == "forge_tools"
    assert len(ToolLibrary.load(project / "forge.library.json", catalog=catalog)) > 0


def test_libra_induce_runtime_finds_the_designed_prerequisites(project: Path) -> None:
    from llama_index_libra import ToolLibrary

    library = ToolLibrary.load(project / "forge.library.json")
    pairs = {(r.provider, r.consumer, r.kind) for r in library}
    assert ("login", "add_ssh_key", "provenance") in pairs and ("login", "add_ssh_key", "state") in pairs
    assert ("generate_ssh_keypair", "add_ssh_key", "provenance") in pairs
    assert ("login", "create_repo", "state") in pairs
    assert library.settings and library.catalog.name == "forge_tools"
    assert list(project.joinpath("runs").glob("runs-*.jsonl"))  # --log-dir kept every run


def test_libra_induce_runtime_flags_reach_the_config(project: Path) -> None:
    result = libra("induce", "--runtime", "forge_runtime.py:make_runtime", "--out", "small.library.json",
                   "--executor", "serial", "--field-encoder", "lexical", "--max-depth", "1", "--max-runs", "50",
                   "--enum-variants", "1", "--timeout", "none", "--quiet", cwd=project)
    assert result.returncode == 0, result.stderr
    settings = json.loads((project / "small.library.json").read_text())["settings"]
    flat = json.dumps(settings)
    assert '"enum_variants": 1' in flat and '"timeout_s": null' in flat
    assert "runs refused (max_runs or budget)" in result.stdout
    assert not re.search(r"runs refused \(max_runs or budget\) 0\b", result.stdout)


@pytest.mark.parametrize(
    "ref, message",
    [
        ("forge_runtime.py", "expected MODULE:FACTORY"),
        ("forge_runtime.py:nope", "has no attribute 'nope'"),
        ("missing_file.py:make_runtime", "does not exist"),
        ("no_such_module:make", "cannot import no_such_module"),
        ("forge_tools.py:TOOLS", "is a list, not a Runtime or a factory"),
        ("forge_tools.py:ForgeState", "returned a ForgeState, not a Runtime"),
    ],
)
def test_bad_runtime_reference_is_one_line(project: Path, ref: str, message: str) -> None:
    result = libra("induce", "--runtime", ref, "--out", "x.json", cwd=project)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr
    assert not (project / "x.json").exists()


def test_runtime_and_benchmark_are_exclusive(project: Path) -> None:
    result = libra("induce", "--runtime", "forge_runtime.py:make_runtime", "--benchmark", "bfcl", "--out", "x.json", cwd=project)
    assert result.returncode == 2 and "exactly one of --runtime" in result.stderr


def test_libra_show_names_the_catalog_and_survives_head(project: Path) -> None:
    result = libra("show", "forge.library.json", cwd=project)
    assert result.returncode == 0
    assert "forge_tools:" in result.stdout and "-:" not in result.stdout
    assert "most prerequisites:" in result.stdout
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    piped = subprocess.run(f"{sys.executable} -m llama_index_libra show forge.library.json --tool login --evidence | head -1",
                           shell=True, cwd=project, env=env, capture_output=True, text=True, timeout=120)
    assert piped.stdout.startswith("library forge.library.json") and piped.stderr == ""
    graph = libra("graph", "forge.library.json", "--out", "forge.dot", cwd=project)
    assert graph.returncode == 0 and (project / "forge.dot").read_text().startswith('digraph "relations of forge_tools"')


@pytest.mark.slow
def test_libra_query_promotes_login(project: Path, default_library: Path) -> None:
    result = libra("query", default_library.name, REPO_TASK, "--k", "8", cwd=project)
    assert result.returncode == 0, result.stderr
    lines = [l for l in result.stdout.splitlines() if re.match(r"\s*\d+\.", l)]
    login = next(l for l in lines if " login " in l)
    assert "(promoted)" in login and "create_repo" in lines[0]


def test_edited_docstring_names_the_tool_and_the_incremental_rebuild(project: Path) -> None:
    edited = project / "edited"
    edited.mkdir()
    source = (project / "forge_tools.py").read_text()
    old = '"""Revoke an access token (sign out)."""'
    assert old in source
    (edited / "forge_tools.py").write_text(source.replace(old, '"""Revoke an access token and sign out."""'))
    (edited / "forge_runtime.py").write_text(FORGE_RUNTIME)
    result = libra("catalog", "--runtime", "forge_runtime.py:make_runtime", "--library", "../forge.library.json", cwd=edited)
    assert result.returncode == 2
    assert "1 changed (logout)" in result.stderr and "--log-dir" in result.stderr

    # the path the message offers: the same command with the first build's run log
    rebuilt = libra("induce", "--runtime", "forge_runtime.py:make_runtime", "--out", "forge.library.json",
                    "--log-dir", "../runs", "--executor", "serial", "--field-encoder", "lexical", "--max-depth", "1", cwd=edited)
    assert rebuilt.returncode == 0, rebuilt.stderr
    hits = int(re.search(r"log hits (\d+)", rebuilt.stdout).group(1))
    runs = int(re.search(r"runs (\d+)", rebuilt.stdout).group(1))
    assert hits > 0.8 * runs  # only the runs that involve logout executed again
    first = json.loads((project / "forge.library.json").read_text())
    second = json.loads((edited / "forge.library.json").read_text())
    assert first["relations"] == second["relations"]


# --------------------------------------------------------------------------- agents


@pytest.fixture(scope="module")
def retriever_factory(project: Path, runtime: Any) -> Callable[..., Any]:
    from llama_index_libra import LibraRetriever

    def make(state: Any, library: Path | None = None, **kwargs: Any) -> Any:
        return LibraRetriever.from_tools(runtime.as_llama_tools(state), library=library or project / "forge.library.json",
                                         **kwargs)

    return make


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["function", "react"])
@pytest.mark.parametrize("task", [SSH_TASK, REPO_TASK])
def test_agents_with_tool_retriever_complete_the_tasks(runtime: Any, retriever_factory: Any, default_library: Path,
                                                      kind: str, task: str) -> None:
    state = runtime.fresh()
    retriever = retriever_factory(state, default_library, top_k=8)
    plan = ssh_plan(runtime.fixtures) if task == SSH_TASK else repo_plan(runtime.fixtures)
    offered: list[list[str]] = []
    if kind == "function":
        agent: Any = FunctionAgent(tool_retriever=retriever.as_object_retriever(), llm=scripted_function_calling_llm(plan, offered))
    else:
        llm = PlannedReActLLM(plan)
        agent = ReActAgent(tool_retriever=retriever.as_object_retriever(), llm=llm)
        offered = llm.offered
    answer, results = asyncio.run(run_agent(agent, task))
    assert [r.tool_name for r in results] == [name for name, _ in (step([{"access_token": "t", "public_key": "k"}]) for step in plan)]
    assert not any(r.tool_output.is_error for r in results), [r.tool_output.content for r in results]
    assert "login" in offered[0]  # the prerequisite was offered with the user's request
    if task == SSH_TASK:
        assert [k["title"] for k in state.ssh_keys.values()] == ["laptop"]
        assert "key_id" in answer
    else:
        assert [r for r in state.repos.values() if r["name"] == "secret-plans"][0]["private"] is True


@pytest.mark.slow
def test_without_the_library_login_is_not_offered(runtime: Any) -> None:
    """Control: dense retrieval alone leaves the login prerequisite out of the top 8."""
    from llama_index_libra import LibraRetriever

    qts = LibraRetriever.from_tools(runtime.as_llama_tools(runtime.fresh()), method="qts", top_k=8)
    assert "login" not in [h.name for h in qts.rank(REPO_TASK)]


@pytest.mark.parametrize("kind", ["function", "react"])
def test_agentic_mode_calls_a_tool_it_found(runtime: Any, retriever_factory: Any, hash_embed: Any, kind: str) -> None:
    state = runtime.fresh()
    agentic = retriever_factory(state, embed_model=hash_embed).as_agentic_retriever(top_k=6)
    plan = [lambda obs: ("tool_retriever", {"input": "sign in with username and password, then upload an ssh public key"}),
            *ssh_plan(runtime.fixtures)]
    offered: list[list[str]] = []
    if kind == "function":
        agent: Any = FunctionAgent(tool_retriever=agentic, llm=scripted_function_calling_llm(plan, offered))
    else:
        llm = PlannedReActLLM(plan)
        agent = ReActAgent(tool_retriever=agentic, llm=llm)
        offered = llm.offered
    answer, results = asyncio.run(run_agent(agent, SSH_TASK))
    assert offered[0] == ["tool_retriever"]  # nothing callable before the agent searched
    assert [r.tool_name for r in results] == ["tool_retriever", "login", "generate_ssh_keypair", "add_ssh_key"]
    assert "You can now call any of these tools" in results[0].tool_output.content
    assert not any(r.tool_output.is_error for r in results)
    assert {"login", "generate_ssh_keypair", "add_ssh_key"} <= set(offered[1]) and len(offered[1]) <= 7
    key_id = observation_value(results[-1].tool_output.content)["key_id"]
    assert key_id in answer and list(state.ssh_keys) == [key_id]  # the found tool's output reached the answer


def test_agentic_mode_does_not_offer_what_was_not_found(runtime: Any, retriever_factory: Any, hash_embed: Any) -> None:
    agentic = retriever_factory(runtime.fresh(), embed_model=hash_embed).as_agentic_retriever(top_k=3)
    plan = [lambda obs: ("tool_retriever", {"input": "render markdown text"}), lambda obs: ("delete_repo", {})]
    llm = PlannedReActLLM(plan)
    answer, results = asyncio.run(run_agent(ReActAgent(tool_retriever=agentic, llm=llm), "delete my repo"))
    assert "delete_repo" not in agentic.found and answer == "delete_repo was not offered"
    agentic.reset()
    assert agentic.found == [] and [t.metadata.name for t in agentic.retrieve("x")] == ["tool_retriever"]
