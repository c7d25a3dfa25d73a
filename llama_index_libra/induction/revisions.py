"""Contract revisions between levels: what the master changes in the contracts as the build learns.

Three sources: records that matched neither outcome schema (the proposer revises the contract, at most
``max_revisions`` per tool), exports first seen in a level (their field alignments are embedded for the
next level), and tools none of whose templates ever succeeded (their free-text literals become
observations, once per tool). Every revision applies from the next level, in tool order, so the
library is the same whatever the executor.
"""

from __future__ import annotations

from typing import Any

from llama_index_libra.induction.field_encoders import described_key, described_sims
from llama_index_libra.induction.reply_values import whole_reply_texts

__all__ = ["ContractRevisions"]


class ContractRevisions:
    """The revision steps of :class:`.scheduling.Master`, which supplies what they read and write:
    ``proposer``, ``revisions_left``, ``catalog``, ``contracts``, ``report``, ``encoder``, ``ctx``,
    ``embedded``, ``extra_sims``, ``succeeded`` and ``revised``."""

    proposer: Any
    revisions_left: dict[str, int]
    catalog: Any
    contracts: dict[str, Any]
    report: Any
    encoder: Any
    ctx: Any
    embedded: set[str]
    extra_sims: dict[tuple[str, str], float]
    succeeded: set[str]
    revised: set[str]

    def revise_from_feedback(self, unmatched: dict[str, Any], updates: dict[str, Any]) -> None:
        """Ask the proposer to revise contracts whose records matched neither outcome schema.

        Called between levels in the master, in tool order, so the per-tool budget
        (``max_revisions``) is one budget whatever the executor.
        """
        proposer = self.proposer
        if proposer is None:
            return
        for tool in sorted(unmatched):
            if self.revisions_left.get(tool, 0) <= 0:
                continue
            self.revisions_left[tool] -= 1
            spec = self.catalog.get(tool)
            revised = proposer.revise(spec, updates.get(tool, self.contracts[tool]), unmatched[tool])
            if revised is not None:
                updates[tool] = revised.with_mechanical_exports(spec)

    def apply_updates(self, updates: dict[str, Any]) -> None:
        """Contracts revised during a level (feedback exports, LLM revisions) apply from the next."""
        if not updates:
            return
        for tool in sorted(updates):
            self.contracts[tool] = updates[tool]
        self.report.contracts_revised += len(updates)
        self.embed_names({e.name for c in updates.values() for e in c.exports})

    def embed_names(self, names: set[str]) -> None:
        """Field alignments of value names first seen in a level, by the build's encoder, from the next
        level on: feedback exports, and names read at extraction time from sentences and JSON text
        (``application_id`` in "Application BP-25-0143 created"), which would otherwise stay lexical.
        The level loop passes only names of values tools gave: a fixture's names keep their lexical
        alignment (embedding them let a hotel's ``property_name`` stand in for ``property_code``:
        staybook recall 0.83 -> 0.29)."""
        encoder = self.encoder
        if encoder is None:
            return
        known = {a for a, _ in self.ctx.sims} | self.embedded
        fresh = sorted(names - known)
        if not fresh:
            return
        self.embedded.update(fresh)
        inputs = sorted({b for _, b in self.ctx.sims} | {n for s in self.catalog for n in s.input_names})
        if hasattr(encoder, "warm"):
            encoder.warm(fresh + inputs)
        for a in fresh:
            for b in inputs:
                self.extra_sims[(a, b)] = round(float(encoder.similarity(a, b)), 6)
        # and against each input's description (``amount``: "the deposit due", for a ``deposit_due``
        # read from a reply no schema declared), as the contracts' exports have it from the start
        texts = whole_reply_texts(self.contracts, self.catalog)  # what a whole reply is, where a name is its tool's
        for (a, tool, name), value in described_sims(encoder, fresh, self.catalog, export_texts=texts).items():
            self.extra_sims[(a, described_key(tool, name))] = value

    def revise_unsuccessful(self) -> list[str]:
        """Runtime-feedback revision for tools none of whose success templates ever succeeded.

        Their free-text literals (strings without an enum or format, which metadata could not make
        valid) become observations, so the next pass binds them to values other tools produced.
        One revision per tool; returns the revised tool names.
        """
        from dataclasses import replace

        from llama_index_libra.contracts.model import ArgumentSpec, CallTemplate

        revised = []
        for spec in self.catalog:
            if spec.name in self.succeeded or spec.name in self.revised:
                continue
            contract = self.contracts[spec.name]
            props = (spec.parameters or {}).get("properties") or {}
            new_templates = []
            for template in contract.success_templates:
                args = dict(template.arguments)
                changed = False
                for name, arg in template.arguments.items():
                    schema = props.get(name) or {}
                    if arg.kind == "literal" and isinstance(arg.value, str) and not any(
                        k in schema for k in ("enum", "const", "format", "pattern")
                    ):
                        args[name] = ArgumentSpec.obs({"type": "string"})
                        changed = True
                if changed:
                    new_templates.append(CallTemplate(f"{template.id}_r1", "success", args))
            self.revised.add(spec.name)
            if new_templates:
                taken = {t.id for t in contract.templates}
                extra = tuple(t for t in new_templates if t.id not in taken)
                self.contracts[spec.name] = replace(contract, templates=contract.templates + extra)
                revised.append(spec.name)
        self.report.contracts_revised += len(revised)
        return revised
