"""A state goes on as the call into it did, and a value first read in a level is aligned by what an
input's description says (twenty-third round).

- :meth:`.joint_bindings.JointBindings.continued`: after an operative marked a crew arrived on job
  WO-7, a tool that never succeeded takes the operative's session and WO-7 together, not the best
  token and the best job of the pool on their own (a supervisor's session and the first job listed).
- :meth:`.bindings.FieldSimilarity.described`: ``amount`` ("The deposit due") takes a ``deposit_due``
  that a reply showed under a name no schema declared, once the master embedded that name with the
  input's description (:meth:`.scheduling.Master.embed_names`), before a ``weekly_rate``.
- :func:`.reply_values.whole_reply_texts` (twenty-fourth round): a whole reply named after its tool
  (``room_availability``, a bare list of times) is aligned by what the docstring says it is ("Free
  start times"), so a booking's ``start`` ("A free start time that day") takes its items.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.induction.bindings import Binder, FieldSimilarity
from llama_index_libra.induction.engine import InductionConfig
from llama_index_libra.induction.field_encoders import described_key
from llama_index_libra.induction.scheduling import Master
from llama_index_libra.induction.values import Value


def _value(provider: str, export: str, v: object) -> Value:
    return Value(provider, export, f"$.output.{export}", v, f"{provider}\x00{export}\x00{canonical_json(v)}")


def _binder(sims: dict | None = None, extra: dict | None = None) -> Binder:
    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    return Binder(ctx, FieldSimilarity(sims or {}, extra))


RECORD_CHECK = ToolSpec(name="record_check", description="Record the risk check.", parameters={
    "type": "object", "properties": {"token": {"type": "string"}, "job_id": {"type": "string"}}})


def test_a_tool_goes_on_with_the_session_and_the_record_the_last_call_took() -> None:
    supervisor, operative = _value("login", "token", "fw-1-sup"), _value("login", "token", "fw-2-op")
    first_job, assigned = _value("list_jobs", "job_id", "WO-3"), _value("list_jobs", "job_id", "WO-7")
    pool = [supervisor, first_job, operative, assigned]
    binder = _binder({("token", "token"): 1.0, ("job_id", "job_id"): 1.0})
    template = SimpleNamespace(observations=["token", "job_id"])
    best = {"token": supervisor, "job_id": first_job}
    going_on = binder.continued(RECORD_CHECK, template, best, pool, {operative.key, assigned.key})
    assert going_on == {"token": operative, "job_id": assigned}
    # only what fits changes; nothing acted on that fits: no binding
    assert binder.continued(RECORD_CHECK, template, best, pool, {operative.key}) == {"token": operative, "job_id": first_job}
    assert binder.continued(RECORD_CHECK, template, best, pool, set()) is None
    assert binder.continued(RECORD_CHECK, template, best, pool, {supervisor.key, first_job.key}) is None


TAKE_DEPOSIT = ToolSpec(name="take_deposit", description="Take the deposit.", parameters={
    "type": "object", "properties": {"amount": {"type": "number", "description": "The deposit due, GBP."}}})


def test_a_value_first_seen_in_a_level_ranks_by_the_inputs_description() -> None:
    pool = [_value("hire_rates", "weekly_rate", 45.0), _value("get_order", "deposit_due", 120.0)]
    by_name = {("weekly_rate", "amount"): 0.38, ("deposit_due", "amount"): 0.0}
    plain = _binder(by_name).candidates_for(TAKE_DEPOSIT, "amount", pool)
    assert [v.value for v in plain][:1] == [45.0]  # by name alone the weekly rate comes first
    described = {("deposit_due", described_key("take_deposit", "amount")): 0.81,
                 ("weekly_rate", described_key("take_deposit", "amount")): 0.22}
    ranked = _binder(by_name, described).candidates_for(TAKE_DEPOSIT, "amount", pool)
    assert [v.value for v in ranked] == [120.0]  # aligned (above tau) and alone
    assert FieldSimilarity({}, described).described("deposit_due", "take_deposit", "amount") == 0.81
    assert FieldSimilarity({}, described).described("deposit_due", "take_deposit", "other") is None


class WordEncoder:
    """A stand-in dense encoder: bag-of-words vectors over a fixed vocabulary, unit length."""

    WORDS = ["deposit", "due", "weekly", "rate", "amount", "gbp", "the"]

    def _vector(self, text: str) -> np.ndarray:
        words = text.lower().replace("_", " ").replace(":", " ").replace(",", " ").replace(".", " ").split()
        v = np.array([float(w in words) for w in self.WORDS]) + 1e-9
        return v / np.linalg.norm(v)

    def similarity(self, a: str, b: str) -> float:
        return float(self._vector(a) @ self._vector(b))

    def name_matrix(self, names: list[str]) -> np.ndarray:
        return np.stack([self._vector(n) for n in names])

    def text_matrix(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._vector(t) for t in texts])


def test_the_master_embeds_new_names_against_each_described_input() -> None:
    master = SimpleNamespace(encoder=WordEncoder(), ctx=SimpleNamespace(sims={}), embedded=set(), catalog=[TAKE_DEPOSIT],
                             extra_sims={}, contracts={})
    Master.embed_names(master, {"deposit_due", "weekly_rate"})
    key = described_key("take_deposit", "amount")
    assert master.extra_sims[("deposit_due", key)] > 0.5 > master.extra_sims[("weekly_rate", key)]
    assert ("deposit_due", "amount") in master.extra_sims  # the name alignment as before


class TimeWords(WordEncoder):
    WORDS = ["free", "start", "time", "times", "room", "availability", "id"]


ROOM_AVAILABILITY = ToolSpec(name="room_availability", description=(
    "room_availability(room_id: str, day: str) -> list[str]\nFree start times of a room on a day.\n\n"
    "    Args:\n        room_id: The room.\n\n    Returns:\n        Free start times.\n"), parameters={
    "type": "object", "properties": {"room_id": {"type": "string", "description": "The room."}}})
BOOK_ROOM = ToolSpec(name="book_room", description="Book a room.", parameters={
    "type": "object", "properties": {"room_id": {"type": "string", "description": "The room."},
                                     "start": {"type": "string", "description": "A free start time that day."}}})


def test_a_whole_reply_is_aligned_by_what_its_docstring_says_it_is() -> None:
    from llama_index_libra.contracts.model import Export
    from llama_index_libra.induction.field_encoders import described_sims
    from llama_index_libra.induction.reply_values import reply_text, whole_reply_texts

    assert reply_text(ROOM_AVAILABILITY) == "Free start times."
    assert reply_text(BOOK_ROOM) == "Book a room."  # no returns section: the first sentence
    contract = SimpleNamespace(exports=(Export("room_availability", "$.output[*]", {"type": "string"}, True, "declared"),
                                        Export("room_id", "$.arguments.room_id", {"type": "string"}, True, "argument")))
    catalog = ToolCatalog([ROOM_AVAILABILITY, BOOK_ROOM])
    texts = whole_reply_texts({"room_availability": contract}, catalog)
    assert texts == {"room_availability": "room availability: Free start times."}  # not the argument echoed
    count = SimpleNamespace(exports=(Export("room_availability", "$.output", {"type": "integer"}, True, "declared"),))
    assert whole_reply_texts({"room_availability": count}, catalog) == {}  # a bare number is matched by its type
    by_name = described_sims(TimeWords(), ["room_availability"], catalog)
    by_text = described_sims(TimeWords(), ["room_availability"], catalog, export_texts=texts)
    assert by_name[("room_availability", "book_room", "start")] < 0.5 < by_text[("room_availability", "book_room", "start")]
    master = SimpleNamespace(encoder=TimeWords(), ctx=SimpleNamespace(sims={}), embedded=set(), catalog=catalog,
                             extra_sims={}, contracts={"room_availability": contract})
    Master.embed_names(master, {"room_availability"})  # a list first read in a level: the same alignment
    assert master.extra_sims[("room_availability", described_key("book_room", "start"))] == by_text[("room_availability", "book_room", "start")]
