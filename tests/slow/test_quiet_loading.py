"""``show_progress=False`` means no bar at all: not even transformers' "Loading weights" (issue #24, item 6)."""

from __future__ import annotations

import pytest

from llama_index_libra import encoders
from llama_index_libra.adapters.retriever import LibraRetriever


def test_from_tools_without_progress_prints_no_bar(synthetic_tools, tmp_path, capfd, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(encoders, "_LOADED", {})  # load the packaged MiniLM afresh in this test
    capfd.readouterr()
    retriever = LibraRetriever.from_tools(synthetic_tools[:20], show_progress=False, cache_dir=tmp_path)
    captured = capfd.readouterr()
    assert "Loading weights" not in captured.err and "it/s" not in captured.err, captured.err[-500:]
    assert retriever.rank("log in to the notes app")  # the encoder works
    from transformers.utils import logging as hf_logging

    assert hf_logging.is_progress_bar_enabled()  # the user's own setting is left as it was
