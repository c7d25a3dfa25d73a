"""The Figure 10-14 prompt files and the tool fields that fill them."""

from __future__ import annotations

import pytest
from tests.support.baselines import ScriptedBaselineLLM, WorldReplies, alarm_catalog

from llama_index_libra.baselines import build_baseline
from llama_index_libra.baselines.prompts import PROMPT_KINDS, load_baseline_prompts
from llama_index_libra.baselines.toolfields import structural_entities, tool_category, tool_docstring, tool_signature
from llama_index_libra.catalog import ToolSpec

# Sentences of the figures, as printed (straight quotes)
FIGURE_TEXT = {
    "toolrex_profile": ["output strict JSON with keys 'function_description' (1-2 sentences on what it does), 'when_to_use'",
                        "Return the JSON object."],
    "toolrex_refine": ['- "function": less than 20 words; clearly describe the tool\'s main function using real terms.',
                       '- Do not use the <think> step.', 'The "tool_profile" document is now generated based on the following API:'],
    "toolrex_judge": ['Output only one word: "true" if the tool_profile is consistent, otherwise "false".'],
    "tgr_pair": ["Valid labels: a_depends_on_b, b_depends_on_a, no_dependency.", 'Answer: {"label":"b_depends_on_a"}',
                 'Return exactly one JSON object such as {"label":"no_dependency"}.'],
    "egotrip_triples": ["The exact tool title may occur only in those three relations.",
                        'Output schema: {"relationships":[{"head":"...","relationship":"...","tail":"..."}]}'],
}


def test_prompt_set_loads_with_figures_and_text() -> None:
    prompts = load_baseline_prompts()
    assert prompts.version == "libra-baseline-prompt-v1"
    assert [prompts.figure(k) for k in PROMPT_KINDS] == [10, 11, 12, 13, 14]
    for kind, sentences in FIGURE_TEXT.items():
        values = {name: f"<{name}>" for name in ("tool_name", "tool_signature", "tool_category", "tool_docstring", "api_document",
                                                 "tool_profile", "tool_a_id", "tool_a_signature", "tool_a_docstring", "tool_b_id",
                                                 "tool_b_signature", "tool_b_docstring", "category", "function", "description",
                                                 "parameter_names")}
        rendered = prompts.render(kind, values)
        text = rendered.system + "\n" + rendered.user
        for sentence in sentences:
            assert sentence in text, (kind, sentence)
        assert "{" + "tool_name" + "}" not in text
    assert prompts.render("toolrex_judge", {"api_document": "d", "tool_profile": "p"}).system == ""  # no system part
    with pytest.raises(KeyError, match="needs api_document"):
        prompts.render("toolrex_refine", {})
    with pytest.raises(ValueError, match="no baseline prompt version"):
        load_baseline_prompts("v9")
    with pytest.raises(ValueError, match="invalid prompt version"):
        load_baseline_prompts("../contracts")


def test_values_are_filled_once() -> None:
    """A tool description that itself says "{tool_name}" stays as written."""
    rendered = load_baseline_prompts().render("egotrip_triples", {"tool_name": "T", "category": "c", "function": "f()",
                                                                  "description": "uses {tool_name} and {category}",
                                                                  "parameter_names": "none"})
    assert "Description: uses {tool_name} and {category}" in rendered.user and "The exact tool title is T." in rendered.user


def test_tool_fields_from_public_metadata() -> None:
    spec = ToolSpec("TravelAPI.book_flight", "Book a flight.", {
        "type": "object",
        "properties": {"access_token": {"type": "string", "description": "Token."}, "travel_class": {"type": "string", "default": "economy"},
                       "seats": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}},
                       "note": {"type": ["string", "null"]}},
        "required": ["access_token", "seats"]},
        {"type": "object", "description": "The booking.", "properties": {"booking_id": {"type": "string", "description": "Id."}}})
    assert tool_signature(spec) == "(access_token: str, travel_class: str = 'economy', seats: int, tags: list[str] = None, note: str | None = None)"
    assert tool_docstring(spec) == ("Book a flight.\nArgs:\n    access_token (str): Token.\nReturns: The booking.\n"
                                    "    booking_id (str): Id.")
    assert tool_category(spec) == "TravelAPI"
    published = ToolSpec("GetNPR2", "d", source={"name": "GetNPR2", "category": "Chemistry tool", "description": "d"})
    assert tool_category(published) == "Chemistry tool" and tool_category(ToolSpec("plain", "d")) is None
    assert structural_entities(alarm_catalog())[4] == ["city", "Weather"]


def test_build_prompts_carry_the_tool_fields() -> None:
    world = WorldReplies()
    llm = ScriptedBaselineLLM(respond=world)
    build_baseline("ego-trip", alarm_catalog(), llm, show_progress=False)
    system, user = llm.calls[1]
    assert system.startswith("Extract a compact knowledge graph from one tool description.")
    assert ("Scenario title: Clock.create_alarm\nLine of business: Clock\nFunction: create_alarm(access_token: str, time: str)\n"
            "Description: Create a new alarm at a time of day.\nInput parameters: access_token, time") in user
