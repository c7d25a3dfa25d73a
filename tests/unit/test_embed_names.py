"""Value names first seen during a build (read from sentences and JSON text at extraction time) get
their field alignments from the build's encoder for the next level, like feedback exports do."""

from __future__ import annotations

from types import SimpleNamespace

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.scheduling import Master


class CountingEncoder:
    """A stand-in encoder: similarity 0.9 for a shared first word, else 0.1; counts its pairs."""

    def __init__(self) -> None:
        self.pairs: list[tuple[str, str]] = []

    def similarity(self, a: str, b: str) -> float:
        self.pairs.append((a, b))
        return 0.9 if a.split("_")[0] == b.split("_")[0] else 0.1


def _master(encoder) -> SimpleNamespace:
    spec = ToolSpec(name="add_work_items", description="d", parameters={
        "type": "object", "properties": {"application_no": {"type": "string"}, "session": {"type": "string"}}})
    return SimpleNamespace(encoder=encoder, ctx=SimpleNamespace(sims={("session", "session"): 1.0}),
                           embedded=set(), catalog=[spec], extra_sims={}, contracts={})


def test_new_names_are_embedded_once_against_every_input() -> None:
    encoder = CountingEncoder()
    master = _master(encoder)
    Master.embed_names(master, {"application_id", "session"})  # "session" is in the build's table already
    assert master.extra_sims[("application_id", "application_no")] == 0.9
    assert master.extra_sims[("application_id", "session")] == 0.1
    assert not any(a == "session" for a, _ in master.extra_sims)
    asked = len(encoder.pairs)
    Master.embed_names(master, {"application_id"})
    assert len(encoder.pairs) == asked  # already embedded: no second pass


def test_without_an_encoder_nothing_changes() -> None:
    master = _master(None)
    Master.embed_names(master, {"application_id"})
    assert master.extra_sims == {} and master.embedded == set()
