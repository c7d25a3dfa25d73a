"""Repair states: the child states a call refused for its state succeeds in (status-driven search).

:mod:`.repairs` reads a refusal (which record status or person it names, which transitions share its
words); :class:`RepairSearch` runs the refused call again where the refusal points, inside one
explored state, with the worker's :class:`~.calls.CallRunner` and :class:`~.bindings.Binder`:

- in the state's own child states, ranked by :func:`.repairs.rank_enablers`, as refused and with
  the values the transition produced in place of those it had (:func:`.repairs.substituted`);
- in *peer children*: when a refusal names the person the path acted on (``Priya Raman (BMS) is
  not authorised``), the path's latest call on handed records runs again with the other people's
  (a nurse's sign-on), :func:`.handed.peer_bindings`;
- a rerun refused further on for the record's status (the role is right now, the order still
  pending) tries the records that show the status it names (:func:`.repairs.status_bindings`).

A child where the call succeeds is a *repair state*: the scheduler explores it in full past the
depth bounds and runs the call there first (``Node.seeds``), so state tests credit the transition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.contracts.vocabulary import names_secret, tool_summary
from llama_index_libra.induction.bindings import Keep
from llama_index_libra.induction.blame import names_actor
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.handed import HANDED_PEERS, peer_bindings
from llama_index_libra.induction.hints import error_hints, refusal_text
from llama_index_libra.induction.stated import stated_amounts
from llama_index_libra.induction.repairs import StatusIndex, rank_enablers, refuses_the_person, repairable, shared_needed, status_bindings, substituted, word_stems
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, ValuePool

__all__ = ["RepairSearch", "StateAt", "got_past_refusal", "signed_in_here", "REPAIR_CHILDREN", "REPAIR_RUNS", "REPAIR_SHARE", "REPAIR_REFUSALS", "STATUS_RECORDS"]

# records showing a status a refusal names, tried per input; child states a refused call is rerun
# in, per refusal; such reruns per state; refusals read per tool
STATUS_RECORDS = 3
REPAIR_CHILDREN = 3
REPAIR_RUNS = 24
REPAIR_SHARE = 3  # reruns each waiting tool is owed per state (REPAIR_RUNS grows to give every tool as many)
REPAIR_REFUSALS = 2
# distinct refusals of one template read (as for hints)
READ_REFUSALS = 6
# a rerun got past its refusal to one that teaches values: that many values per input, and reruns, at once
TAUGHT_VALUES = 2
TAUGHT_RERUNS = 3

Child = tuple  # (digest, snapshot, tool, arguments, pool prefix, new values): a child state as Explorer records it


def got_past_refusal(refused: str, rerun: str | None) -> bool:
    """Whether a rerun got past the refusal it was rerun for and was refused further on: for a value
    (a vocabulary, a layout, an unknown id: the child's state is right, the binding is not), or for
    another kind of reason (the right person now, the session not yet open: the child's own repairs
    may take the next step)."""
    if not rerun or rerun == refused:
        return False
    cause = cause_of(rerun)
    return not repairable(cause) or cause != cause_of(refused)


def signed_in_here(refusals: Mapping[tuple[str, str], list[tuple[Any, Any, str | None]]]) -> set[str]:
    """The tools some of whose calls in this state were refused past the credential check (for a
    role, a status, an unknown record): their credential refusals came from the binding, since the
    state held a session another binding presented (as :func:`.causes.never_succeeded_cause` reads
    a tool's errors)."""
    causes: dict[str, set[str | None]] = {}
    for (tool, _), refused in refusals.items():
        causes.setdefault(tool, set()).update(cause_of(m) for _, _, m in refused if m)
    return {tool for tool, seen in causes.items() if "credentials" in seen and seen - {"credentials", "crash", "budget"}}


class RepairSearch:
    """Reruns refused calls where their refusals point, for one worker's explorer."""

    def __init__(self, calls: Any, binder: Any, reader: Any, contracts: Mapping[str, Any], catalog: Any,
                 shared: dict[str, Any] | None = None) -> None:
        """``shared``: what the explorers of one chunk share (here: the tools' words, computed once)."""
        self.calls = calls
        self.binder = binder
        self.reader = reader
        self.contracts = contracts
        self.catalog = catalog
        self.shared = shared if shared is not None else {}

    def search(self, node: Any, children: list[Child],
               refusals: Mapping[tuple[str, str], list[tuple[Mapping[str, Any], dict[str, Any], str | None]]],
               pool: ValuePool, known_tools: set[str] | None) -> tuple[dict[str, list[tuple[str, str, dict[str, Any], str]]], list]:
        """Repair states (:mod:`.repairs`): each tool that never succeeded and was refused here for
        its state is rerun, as refused and with the transition's new values, in the child states
        whose transitions its refusal points to; the children where it then succeeds or gets past
        that refusal (digest -> the calls to run there first, each with whether it only got past:
        :func:`got_past_refusal`: the refusal it got to, else ``""``), and the peer children
        (:meth:`peer_children`) among them."""
        calls, binder = self.calls, self.binder
        stale = {name for name, _ in refusals if name not in calls.succeeded and (known_tools is None or name not in known_tools)}
        if not stale:
            return {}, []
        words = self._tool_words()
        index = StatusIndex(pool.values)

        def handed_text(*calls_args: Mapping[str, Any]) -> str:
            """The words of the handed records these arguments came from (a person's name and role)."""
            texts: list[str] = []
            for args in calls_args:
                for x in args.values():
                    for v in pool.index.get(canonical_json(x), ()):
                        if v.provider == FIXTURE_PROVIDER and v.record:
                            texts.extend(sorted(index.records.get(v.record, ())))
            return " ".join(dict.fromkeys(texts))

        path_text = handed_text(*(step["arguments"] for step in node.path))
        runs = 0
        # a refusal that names the person the path acted on (``Priya Raman (BMS) is not authorised``):
        # the path's calls on handed records run again with the other people's (a nurse's sign-on, the
        # director's log-in), as more child states to rank
        current = word_stems(path_text)
        extra: list = []
        # (or a refusal of what the one acting may do, naming nobody: ``a contact cannot do this``)
        naming: list[set[str]] = []
        acting: set[str] = set()  # the tools whose replies those refused calls presented as who acts
        for (tool, _), refused in refusals.items():
            for b, _, m in refused[:READ_REFUSALS] if tool in stale else ():
                if m and repairable(cause_of(m)):
                    stems = word_stems(refusal_text(m))
                    if current & stems or (current and refuses_the_person(m)):
                        naming.append(stems)
                        acting.update(v.provider for name, v in b.items()
                                      if isinstance(v, Value) and v.provider != FIXTURE_PROVIDER and names_actor(name))
        if naming:
            # the people whose records name what those refusals ask for (``it needs: finance``: the
            # finance officer) are signed on first
            wanted = set().union(*naming) - current
            # (the person a refusal names: the path's call that acted as them is the one rerun)
            named = set().union(*naming) & current
            extra, runs = self.peer_children(node, pool, REPAIR_RUNS // 2, wanted, index, named, acting)
        own = len(children)
        children = children + extra
        acted = [v for v in pool.values[node.new_from:] if v.provider == node.path[-1]["tool"]] if node.depth and extra else []
        described = [(tool, args, handed_text(args)) for _digest, _snap, tool, args, _prefix, _values in children]
        found: dict[str, list[tuple[str, str, dict[str, Any], str]]] = {}
        # every waiting tool first gets its share of the reruns, in catalog order (a director's decision
        # comes after a dozen other refused writes, which must not spend them all); then what is left
        # of the budget goes to the tools still waiting, in order, as before
        waiting = len({tool for (tool, _), refused in refusals.items() if tool in stale
                       and any(m and repairable(cause_of(m)) for _, _, m in refused[:READ_REFUSALS])})
        budget = REPAIR_RUNS + REPAIR_SHARE * waiting
        spent_by: dict[str, int] = {}
        done: dict[tuple[str, str], Any] = {}  # (child digest, call) -> its record, once rerun
        passed: set[str] = set()  # tools let past their refusal in some child (and refused there for something else)
        past_sign_in = signed_in_here(refusals)
        for share in (REPAIR_SHARE, budget):
            for (tool, template_id), refused in refusals.items():
                if tool not in stale or runs >= budget or spent_by.get(tool, 0) >= share:
                    continue
                if tool in past_sign_in:
                    # some call of the tool got past the sign-in check here: the state holds a session,
                    # and a refusal at that check was a binding's junk token, not the state's to repair
                    refused = [r for r in refused if cause_of(r[2] or "") != "credentials"]
                template = self.contracts[tool].template(template_id)  # refused here: a template of these contracts
                messages: set[str] = set()
                for binding, args, message in refused:
                    if tool not in stale or runs >= budget or spent_by.get(tool, 0) >= share or len(messages) >= REPAIR_REFUSALS:
                        break
                    if not message or message in messages or not repairable(cause_of(message)):
                        continue
                    messages.add(message)
                    current = f"{path_text} {handed_text(args)}"
                    ranked = rank_enablers(message, args, described, words, exclude=tool, current=current,
                                           needed=shared_needed(cause_of(message)))
                    if extra:  # another person's sign-on first: the refusal named the one acting now (so
                        # every peer child is a candidate, even one whose words the refusal does not share);
                        # of those, the person whose record shares the tool's own words (``(director only)``)
                        mine = words.get(tool, set())
                        scores = dict((i, sc) for sc, i in ranked)
                        ranked = sorted(((scores.get(i, 0.0) + ((1.0 + 0.5 * len(mine & word_stems(described[i][2]))) if i >= own else 0.0), i)
                                         for i in sorted(set(scores) | set(range(own, len(children))))), key=lambda si: (-si[0], si[1]))
                    for _score, i in ranked[:REPAIR_CHILDREN + len(extra)]:
                        digest, snap, _tool, _args, _prefix, produced = children[i]
                        tries: list[tuple[Mapping[str, Any], bool]] = [(binding, False)]  # (binding, from a status retry)
                        # (in another person's sign-on, also with what the transition into this state
                        # produced: the job the supervisor just assigned, for the operative to act on)
                        other = substituted(binding, produced + (acted if i >= own else []))
                        if other is not None:
                            # (in another person's sign-on, the binding as refused acts as the first
                            # person still, and is refused again: only the other person's)
                            tries = [(other, False)] if i >= own else [(other, False)] + tries
                        at = StateAt(digest, snap)
                        while tries and runs < budget and spent_by.get(tool, 0) < share:
                            b, retried = tries.pop(0)
                            call = {**binder.literal_args(template), **{k: (v.value if isinstance(v, Value) else v)
                                                                        for k, v in b.items() if not isinstance(v, Keep)}}
                            key = (digest, canonical_json({"tool": tool, "arguments": call}))
                            record = done.get(key)  # rerun in the first pass: read again, not run again
                            if record is None:
                                runs += 1
                                spent_by[tool] = spent_by.get(tool, 0) + 1
                                record, _ = calls.run(at, tool, call, "repair")
                                done[key] = record
                            if calls.classify(tool, record) == "success":
                                calls.tally.repair_successes += 1
                                found.setdefault(digest, []).append((tool, template_id, dict(b), ""))
                                stale.discard(tool)
                                break
                            past = got_past_refusal(message, record.message)
                            if past and not retried:
                                # past the refusal, refused further on for a value it teaches (``unknown
                                # channel(s) ['channel']; use sms, voice, ...``): those values here at once
                                taught = [({**b, n: v}, True) for n, vs in sorted(({**stated_amounts(record.message, call), **error_hints(record.message, call)}).items())
                                          for v in vs[:TAUGHT_VALUES]][:TAUGHT_RERUNS]
                                if taught:
                                    tries[:0] = taught
                                    continue
                            if tool not in passed and past:
                                # past the refusal, refused further on (``unknown services 'service'; the
                                # yard offers ...``, ``session SN-88140 is not open``): explored in full, the
                                # child gives the call what the new refusal teaches and its own repairs,
                                # which a rerun with this binding cannot
                                passed.add(tool)
                                calls.tally.repair_passes += 1
                                found.setdefault(digest, []).append((tool, template_id, dict(b), record.message or ""))
                                break
                            if not retried and record.message and record.message != message and repairable(cause_of(record.message)):
                                # past the refusal, refused further on for the record's status (the role is
                                # right now, the order still pending): the records that show the status it names
                                spec = self.catalog.get(tool)
                                fits = lambda name: binder.candidates_for(spec, name, pool.values, aligned_only=True)  # noqa: E731
                                more = status_bindings(b, record.message, index, fits, per_input=STATUS_RECORDS)
                                tries[:0] = [(o, True) for o in more]
                        if tool not in stale:
                            break
        return found, [c for c in extra if c[0] in found]

    def peer_children(self, node: Any, pool: ValuePool, limit: int, wanted: set[str] | None = None,
                      index: StatusIndex | None = None, named: set[str] | None = None,
                      acting: set[str] | None = None) -> tuple[list[Child], int]:
        """Child states of the path's latest call on handed records rerun with the other people's
        (:func:`.handed.peer_bindings`; a sign-on as the nurse, not the scientist), at most ``limit``
        runs; the children and the runs spent. Children are appended to the node's own by the caller.
        People whose handed records share more of the ``wanted`` word stems (what the refusals ask
        for: ``officer``, ``finance``) are tried first; ``index`` gives each record's words. Where
        refusals name the person acting (``named``: their words), the latest call that presented a
        secret of a record with those words (their sign-in), else the latest call on such a record, is
        the one rerun (the sign-in as Nell, not the new seller's details entered after it, nor a
        report whose narrative quoted Dev's record). Before either, the latest call of a tool in
        ``acting`` (whose reply the refused calls presented as who acts: the sign-in that gave their
        session token), not a later order that took the clerk's password as a passphrase."""
        calls = self.calls
        out: list[Child] = []
        runs = 0
        rank = None
        if wanted and index is not None:
            stems: dict[str, set[str]] = {}

            def rank(p: Value) -> float:
                if p.record not in stems:
                    stems[p.record] = word_stems(" ".join(sorted(index.records.get(p.record, ())))) if p.record else set()
                return len(stems[p.record] & wanted)
        steps: list[tuple[str, dict[str, Any]]] = []  # (tool, binding), the latest call first
        for step in reversed(node.path):
            binding: dict[str, Any] = {}
            for name, x in step["arguments"].items():
                handed = next((v for v in pool.index.get(canonical_json(x), ()) if v.provider == FIXTURE_PROVIDER), None)
                binding[name] = handed if handed is not None else x
            steps.append((step["tool"], binding))
        if named and index is not None:
            def acts_as_named(binding: Mapping[str, Any]) -> int:
                """2: the call presented a secret of a named person's record (their sign-in); 1: it
                took some other value of such a record (a note about them); 0: neither."""
                took = [(name, v) for name, v in binding.items() if isinstance(v, Value) and v.provider == FIXTURE_PROVIDER and v.record
                        and named & word_stems(" ".join(sorted(index.records.get(v.record, ()))))]
                if not took:
                    return 0
                return 2 if any(names_secret(name) for name, _ in took) else 1
            ranks = [acts_as_named(binding) for _tool, binding in steps]
            if max(ranks) > 0:  # the latest such call first, then the others as before
                steps.insert(0, steps.pop(ranks.index(max(ranks))))
        if acting:
            at = next((i for i, (tool, _) in enumerate(steps) if tool in acting), None)
            if at is not None:
                steps.insert(0, steps.pop(at))
        for tool, binding in steps:
            # every other person up to the run limit, not only the first HANDED_PEERS: a refusal of the
            # one acting that names no role (``Pelagia Ibekwe (planner) may not do this``) ranks nobody
            # first, and the head of testing is the seventh record handed
            peers = peer_bindings(binding, pool.values, max(HANDED_PEERS, limit), rank)
            tried: set[str] = set()
            for peer in peers:
                if runs >= limit:
                    return out, runs
                args = {k: (v.value if isinstance(v, Value) else v) for k, v in peer.items()}
                key = canonical_json(args)
                if key in tried:  # the same person reached through another of their fields
                    continue
                if len(tried) >= HANDED_PEERS and not out:
                    break  # the first people's reruns all failed: no sign-on to swap here, try the next call
                tried.add(key)
                runs += 1
                record, child = calls.run(node, tool, args, "repair")
                if child is None or calls.classify(tool, record) != "success":
                    continue
                values = self.reader.values_of(tool, record, [canonical_json(v.value) for v in peer.values() if isinstance(v, Value)])
                new = [v for v in dict((v.key, v) for v in values).values() if v.key not in pool.keys]
                out.append((child[0], child[1], tool, args, len(pool.values), new))
            if out:
                # the first call whose peers' reruns succeed (the named person's, else the latest): who
                # the state acts as; a call none of whose peers succeed is no sign-on to swap (an order
                # that presented the clerk's password as a signatory's passphrase), so the next one is
                break
        return out, runs

    def _tool_words(self) -> dict[str, set[str]]:
        """Each tool's name and summary as stems (:func:`.repairs.word_stems`), once per chunk."""
        words = self.shared.get("tool_words")
        if words is None:
            words = self.shared["tool_words"] = {s.name: word_stems(s.name) | word_stems(tool_summary(str(s.description or "")))
                                                 for s in self.catalog}
        return words


@dataclass
class StateAt:
    """A child state as :meth:`CallRunner.run` takes it (its digest and snapshot)."""

    digest: str
    snap: Any


