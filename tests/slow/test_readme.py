"""Every code block of the README runs as written (issue #24, item 4).

The README states the convention (its "Code on this page" paragraph): blocks run in a scratch folder
holding a copy of ``examples/``; a Python block whose first line is ``# NAME.py`` is that file; a line
or block marked ``# needs: ...`` wants what a test machine lacks and gets a stand-in here:

* ``# needs: an LLM``: ``llm`` is a scripted LLM (``tests/support/llms.py``); a file with ``main(llm)``
  under ``if __name__ == "__main__":`` is imported and ``main`` called with it;
* ``# needs: a fresh clone``: the ``make`` lines run as ``make -n`` (a dry run) in the repository;
* ``# needs: the network``: the ``pip install`` lines' packages and extras are checked against
  ``pyproject.toml`` and the Makefile.
* any other ``# needs:`` on a bash block (data we cannot ship): each ``libra`` line is parsed by libra's
  own argument parser, so a renamed command or flag fails here.

Every other block runs as it is: Python in its own interpreter, bash with ``set -e``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.support.paths import EXAMPLES, REPO

README = REPO / "README.md"
_FENCE = re.compile(r"^```(\w+)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
_FILE_LINE = re.compile(r"^# ([\w.-]+\.py)\s*$")
_NEEDS = re.compile(r"#\s*needs:\s*([^(\n]+)")
TIMEOUT_S = 1800  # a generous limit for the slowest block (a BFCL evaluation on a loaded machine)


def readme_blocks() -> list[tuple[int, str, str]]:
    """(index, language, code) of every fenced block of the README."""
    return [(i, m.group(1), m.group(2)) for i, m in enumerate(_FENCE.finditer(README.read_text(encoding="utf-8")))]


def _needs(code: str) -> str | None:
    match = _NEEDS.search(code)
    return match.group(1).strip().rstrip(")").strip() if match else None


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update({"PYTHONPATH": os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")]), "HF_HUB_OFFLINE": "1",
                "TRANSFORMERS_OFFLINE": "1", "LIBRA_CACHE_DIR": env.get("LIBRA_CACHE_DIR") or str(tmp / "cache"),
                "PATH": os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]),
                "TOKENIZERS_PARALLELISM": "false"})
    return env


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    try:
        done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        pytest.fail(f"time limit: {args[:3]} did not finish within {TIMEOUT_S} s (a limit for loaded machines, not a speed test)")
    assert done.returncode == 0, f"{args[:3]} failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    return done


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a copy of ``examples/`` and every ``# NAME.py`` file block of the README."""
    folder = tmp_path_factory.mktemp("readme")
    shutil.copytree(EXAMPLES, folder / "examples", ignore=shutil.ignore_patterns("__pycache__", "figures"))
    for _, language, code in readme_blocks():
        first = code.splitlines()[0] if code.strip() else ""
        if language == "python" and _FILE_LINE.match(first):
            (folder / _FILE_LINE.match(first).group(1)).write_text(code, encoding="utf-8")
    return folder


_LLM_PRELUDE = textwrap.dedent('''
    from tests.support.llms import PlannedReActLLM, scripted_function_calling_llm
    QUICKSTART_PLAN = [("login", {"username": "alice", "password": "wonderland"}),
                       ("create_alarm", {"time": "07:00", "label": "gym"})]
    offered = []
    llm = scripted_function_calling_llm(QUICKSTART_PLAN, offered)  # needs: an LLM -> this stand-in
''')


def _python(code: str, folder: Path, tmp: Path) -> subprocess.CompletedProcess:
    script = folder / f"_block_{abs(hash(code))}.py"
    prelude = _LLM_PRELUDE if "llm" in code else ""
    script.write_text(prelude + "\n" + code, encoding="utf-8")
    return _run([sys.executable, script.name], folder, _env(tmp))


def _file_with_main(name: str, folder: Path, tmp: Path) -> subprocess.CompletedProcess:
    """A ``# needs: an LLM`` program: import it and call ``main(llm)`` with the scripted LLM."""
    runner = folder / f"_run_{name}"
    runner.write_text(_LLM_PRELUDE + textwrap.dedent(f'''
        import asyncio
        import {name[:-3]} as program
        asyncio.run(program.main(llm))
        assert all("was not offered" not in line for line in offered), offered
        print("OFFERED", offered)
    '''), encoding="utf-8")
    return _run([sys.executable, runner.name], folder, _env(tmp))


def _dry_run_make(code: str) -> None:
    targets = [line.split()[1] for line in code.splitlines() if line.strip().startswith("make ")]
    assert targets, code
    for target in targets:
        done = subprocess.run(["make", "-n", target], cwd=REPO, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and done.stdout.strip(), f"make -n {target}: {done.stderr}"


def _check_pip_lines(code: str) -> None:
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    project = re.search(r'^name\s*=\s*"([^"]+)"', pyproject, re.MULTILINE).group(1)
    for line in code.splitlines():
        if not line.strip().startswith("pip install"):
            continue
        for requirement in shlex.split(line.split("#", 1)[0])[2:]:
            if requirement.startswith("-"):
                continue
            name, _, extras = requirement.partition("[")
            if name in (project, "."):
                for extra in extras.rstrip("]").split(","):
                    assert re.search(rf"^{re.escape(extra)}\s*=", pyproject, re.MULTILINE), f"no extra {extra!r}"
            else:
                assert requirement in makefile, f"{requirement} is not what the Makefile installs"


def _parse_libra_lines(code: str) -> None:
    """Each ``libra ...`` line of a block that needs what a test machine lacks, parsed by libra's own parser."""
    from llama_index_libra.cli.main import build_parser

    lines = [line.split("#", 1)[0] for line in code.splitlines() if line.strip().startswith("libra ")]
    assert lines, f"a bash block marked '# needs:' holds no libra line to check:\n{code}"
    for line in lines:
        try:
            build_parser().parse_args(shlex.split(line)[1:])
        except SystemExit:
            pytest.fail(f"libra's parser rejects the README line: {line.strip()}")


@pytest.mark.parametrize("index", [i for i, _, _ in readme_blocks()])
def test_readme_block_runs_as_written(index: int, scratch: Path, tmp_path: Path) -> None:
    _, language, code = readme_blocks()[index]
    needs = _needs(code) or ""
    first = code.splitlines()[0] if code.strip() else ""
    if language == "python" and _FILE_LINE.match(first):
        name = _FILE_LINE.match(first).group(1)
        if "def main(llm" in code:
            done = _file_with_main(name, scratch, tmp_path)
            assert "OFFERED" in done.stdout
        else:
            _run([sys.executable, name], scratch, _env(tmp_path))
    elif language == "python":
        _python(code, scratch, tmp_path)
    elif language == "bash" and needs.startswith("a fresh clone"):
        _dry_run_make(code)
    elif language == "bash" and needs.startswith("the network"):
        _check_pip_lines(code)
    elif language == "bash" and needs:
        _parse_libra_lines(code)
    elif language == "bash":
        _run(["bash", "-e", "-c", code], scratch, _env(tmp_path))
    else:
        pytest.fail(f"README block {index} is {language!r}: this test runs python and bash blocks only")


def test_the_readme_says_how_its_code_is_tested() -> None:
    text = README.read_text(encoding="utf-8")
    assert "tests/slow/test_readme.py" in text and "# needs:" in text
    assert len(text.splitlines()) <= 300  # the README stays about a screenful of sections; detail lives in docs/
