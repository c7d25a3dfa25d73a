"""``LibraRetriever.from_persist_dir`` on planted files (issue #23, item 5): a config that is a device, fields of
the wrong shape, and embeddings of the wrong width, rank, values or type. Each fails with one
LibraryError line, or (embeddings, a cache) is ignored and recomputed, never at the first query."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from llama_index_libra import LibraRetriever
from llama_index_libra.adapters.persist import RETRIEVER_CONFIG_FILE
from llama_index_libra.library import LibraryError
from tests.support.fakes import HashEmbedding, make_synthetic_tools
from tests.support.paths import REPO


@pytest.fixture(scope="module")
def persisted(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("persisted")
    LibraRetriever.from_tools(make_synthetic_tools(), embed_model=HashEmbedding(), top_k=4).persist(folder)
    return folder


def _copy(persisted: Path, tmp_path: Path) -> Path:
    import shutil

    target = tmp_path / "copy"
    shutil.copytree(persisted, target)
    return target


def _load(folder: Path, **kwargs):
    return LibraRetriever.from_persist_dir(folder, embed_model=HashEmbedding(), **kwargs)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("planted", ["config", "library="])
def test_a_file_that_is_a_device_is_one_error_not_an_endless_read(persisted: Path, tmp_path: Path, planted: str):
    folder = _copy(persisted, tmp_path)
    device = tmp_path / "planted.json"
    device.symlink_to("/dev/zero")
    if planted == "config":
        (folder / RETRIEVER_CONFIG_FILE).unlink()
        (folder / RETRIEVER_CONFIG_FILE).symlink_to("/dev/zero")
    # in a child process capped at 1 GiB of memory: an endless read ends in MemoryError there, not here
    code = ("import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30));"
            "from llama_index_libra import LibraRetriever; from llama_index_libra.library import LibraryError;"
            "from tests.support.fakes import HashEmbedding\n"
            "kw = {'library': sys.argv[2]} if sys.argv[2] else {}\n"
            "try:\n    LibraRetriever.from_persist_dir(sys.argv[1], embed_model=HashEmbedding(), **kw)\n"
            "except LibraryError as exc:\n    print('LibraryError:', exc)")
    try:
        out = subprocess.run([sys.executable, "-c", code, str(folder), str(device) if planted == "library=" else ""],
                             cwd=REPO, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.fail("loading a /dev/zero file did not end within 300 s (time limit)")
    assert out.returncode == 0 and out.stdout.startswith("LibraryError:"), out.stderr[-600:]
    assert "not a regular file" in out.stdout


BAD_FIELDS = [
    ("method", None), ("method", 5), ("method", "nope"), ("top_k", "3"), ("top_k", 0), ("top_k", True),
    ("always_include", "tool"), ("always_include", [1]), ("library", 5), ("embeddings", 5), ("encoder", 5),
    ("catalog_name", ["x"]), ("retrieval", "paper"), ("retrieval", {"seeds": "many"}),
    ("retrieval", {"hops": 1.5}), ("retrieval", {"seeds": 1.5}), ("always_include", ["nope"]),
]


@pytest.mark.parametrize("field, value", BAD_FIELDS, ids=[f"{f}={v!r}" for f, v in BAD_FIELDS])
def test_wrong_shapes_in_the_config_are_one_library_error(persisted: Path, tmp_path: Path, field: str, value):
    folder = _copy(persisted, tmp_path)
    config = json.loads((folder / RETRIEVER_CONFIG_FILE).read_text())
    if value is None:
        config.pop(field)
    else:
        config[field] = value
    (folder / RETRIEVER_CONFIG_FILE).write_text(json.dumps(config))
    with pytest.raises(LibraryError) as info:
        _load(folder)
    assert "\n" not in str(info.value) and RETRIEVER_CONFIG_FILE in str(info.value)


def _plant_embeddings(folder: Path, matrix: np.ndarray) -> None:
    config = json.loads((folder / RETRIEVER_CONFIG_FILE).read_text())
    np.save(folder / config["embeddings"], matrix, allow_pickle=False)


def test_an_embeddings_header_claiming_a_huge_matrix_is_ignored_not_allocated(persisted: Path, tmp_path: Path, caplog) -> None:
    folder = _copy(persisted, tmp_path)
    config = json.loads((folder / RETRIEVER_CONFIG_FILE).read_text())
    path = folder / config["embeddings"]
    good = np.load(path)
    header = np.lib.format.header_data_from_array_1_0(good)
    header["shape"] = (10**12, good.shape[1])  # a header that claims 8 TB, on a file of a few KB
    with open(path, "wb") as fh:
        np.lib.format.write_array_header_1_0(fh, header)
        fh.write(good.tobytes())
    loaded = _load(folder)
    assert loaded.retrieve("export the notes") and np.allclose(loaded.ranker.dense.matrix, good)


@pytest.mark.parametrize("kind", ["wide", "narrow", "one-dimensional", "nan", "strings", "empty"])
def test_bad_stored_embeddings_are_ignored_and_recomputed(persisted: Path, tmp_path: Path, caplog, kind: str):
    folder = _copy(persisted, tmp_path)
    config = json.loads((folder / RETRIEVER_CONFIG_FILE).read_text())
    good = np.load(folder / config["embeddings"])
    rows, width = good.shape
    bad = {"wide": np.ones((rows, width + 3)), "narrow": np.ones((rows, 2)), "one-dimensional": np.ones(rows),
           "nan": np.full((rows, width), np.nan), "strings": np.array([["x"] * width] * rows),
           "empty": np.zeros((0, width))}[kind]
    _plant_embeddings(folder, bad)
    loaded = _load(folder)
    nodes = loaded.retrieve("export the notes")  # the first query works: the planted matrix was not used
    assert nodes and all(np.isfinite(n.score) for n in nodes)
    assert np.allclose(loaded.ranker.dense.matrix, good)
    assert any("embedding" in r.getMessage() for r in caplog.records)
