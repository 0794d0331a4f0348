"""A turn's flow on one thread: checked, serialized, run, recorded (the `Assistant`'s turn methods).

Turns of one thread take turns: each holds the thread's lease in the state store
(`services.store.thread_locks`) from reading the checkpoint to recording the audit, so concurrent
`ask --thread T` in any number of processes all land in the conversation; a turn that cannot get
the lease in time is refused with `error` and changes nothing. A new question while cards wait
does not block: the waiting set is deferred (`agents.core.deferred`), stays decidable, and the
question is answered.
"""
from __future__ import annotations

import logging
import secrets
import uuid
from typing import Iterator

from langchain_core.messages import HumanMessage
from langgraph.types import Command

from agents.core import history as H
from agents.core.approvals import DEFER, SetDecided, refusal_text
from agents.core.contracts import DoneEvent, StateEvent, TextEvent, TurnEvent, TurnResult, cards_of
from agents.core.deferred import card_sets, set_of, waiting_cards
from agents.core.edit import EditRefused, rewind_last_question
from agents.core.failures import MODEL_FAILED, model_failure_text, store_errors, turn_failure_text
from agents.core.turn_decisions import (applied_already, outcome_of_claim, replay_events, requested_decisions,
                                   resume_problem)
from agents.core.turn_stream import TurnRecorder
from services.store import thread_locks
from services.store.state import state_store

log = logging.getLogger(__name__)

MAX_QUESTION = 4000


def new_thread_id() -> str:
    """Random and unguessable (96 bits), and never starting with '-': a thread id is passed on the
    command line (`resume --thread ID`), where argparse would read a leading '-' as an option."""
    return secrets.token_hex(12)


def question_problem(question: str | None) -> str | None:
    """Why a question cannot be asked (one line), or None. Over the limit it is refused whole,
    never cut: an answer to the first 4,000 characters would answer a question nobody asked."""
    q = (question or "").strip()
    if not q:
        return "Please type a question."
    if len(q) > MAX_QUESTION:
        return (f"That message is too long ({len(q):,} characters; the limit is {MAX_QUESTION:,}); nothing was "
                "sent. Shorten it and ask again.")
    return None


class TurnFlow:
    """Mixed into `agents.core.runtime.Assistant` (its graph, `config()`, provider, model, as-of, options)."""

    turn_wait_s: float | None = None  # how long a turn waits for the thread's previous one (None: settings)

    # --- what waits -----------------------------------------------------------------------
    def card_sets(self, thread_id: str) -> list[tuple[str | None, list[dict]]]:
        """Every card set waiting in the thread, newest first: (set id, card dicts)."""
        state = self.graph.get_state(self.config(thread_id))
        return card_sets(state.values, state.interrupts)

    def pending_approvals(self, thread_id: str) -> list[dict]:
        """Every waiting card of the thread (at the gate, then the deferred sets), newest first, each move once."""
        return waiting_cards(self.card_sets(thread_id))

    def pending_set(self, thread_id: str) -> tuple[str | None, list[dict]]:
        """The newest waiting set: (its id, its cards); (None, []) when none waits."""
        sets = self.card_sets(thread_id)
        return sets[0] if sets else (None, [])

    # --- turns ------------------------------------------------------------------------------
    def _wait_s(self) -> float:
        return float(self.turn_wait_s if self.turn_wait_s is not None else self.options.settings().turn_wait_s)

    def _serialized(self, thread_id: str, body) -> Iterator[TurnEvent]:
        """Runs `body()` (a generator) holding the thread's lease; refused when it cannot be had."""
        store = None
        try:
            store = state_store()
            held = thread_locks.hold(store, thread_id, self._wait_s())
        except (thread_locks.TurnBusy, *store_errors()) as e:  # busy, or a locked or damaged state store
            text = str(e) if isinstance(e, thread_locks.TurnBusy) else self._failure_text(e)
            yield from self._refuse(thread_id, text, pending=None if store is not None else [])
            return
        try:
            yield from body()
        finally:
            try:
                held.release()
            except store_errors() as e:  # an unreleased lease expires on its own
                log.info("lease of thread %s not released (%s); it expires on its own", thread_id, e)

    def _defer_gate(self, thread_id: str) -> int:
        """Sets the cards waiting at the gate aside (still decidable); how many there were."""
        cfg = self.config(thread_id)
        state = self.graph.get_state(cfg)
        waiting = [c for i in state.interrupts for c in (i.value or {}).get("cards", [])]
        if waiting:
            self.graph.invoke(Command(resume=DEFER), cfg)
        return len(waiting)

    def stream_turn(self, question: str, thread_id: str | None = None, replace_last: bool = False
                    ) -> Iterator[TurnEvent]:
        """One question's turn. `replace_last`: edit and resend, the thread's last question and its
        answer (and the cards it offered) replaced by this one (agents/core/edit.py); refused when a
        decision came after it."""
        thread_id = thread_id or new_thread_id()
        problem = question_problem(question)
        if problem:
            yield from self._refuse(thread_id, problem)
            return
        q = question.strip()

        def body() -> Iterator[TurnEvent]:
            try:
                if replace_last:
                    rewind_last_question(self.graph, self.config(thread_id), state_store(), thread_id)
                deferred = self._defer_gate(thread_id)
            except EditRefused as e:
                yield from self._refuse(thread_id, str(e))
                return
            except store_errors() as e:  # a locked or damaged checkpoint store
                yield from self._refuse(thread_id, self._failure_text(e), pending=[])
                return
            if deferred:
                yield TextEvent(type="progress", text=f"{deferred} card{'s' * (deferred != 1)} from before "
                                "stay pending: decide them on their card or in Approvals.")
            yield from self._run({"messages": [HumanMessage(q)], "deferred_decision": None}, thread_id, q)

        yield from self._serialized(thread_id, body)

    def stream_resume(self, thread_id: str, decisions: dict[str, str] | str) -> Iterator[TurnEvent]:
        """Decides cards of one waiting set (at the gate or deferred). Decisions of a thread are
        serialized with its turns; across threads the store's claim on the set decides (first wins)."""

        def body() -> Iterator[TurnEvent]:
            nonlocal decisions
            try:
                sets = self.card_sets(thread_id)
            except store_errors() as e:  # a locked or damaged checkpoint store
                yield from self._refuse(thread_id, self._failure_text(e), pending=[])
                return
            if isinstance(decisions, str):
                decisions = {c.move_id: decisions for c in cards_of([c for _, cs in sets for c in cs][:1])}
            index, set_id, cards = set_of(sets, decisions)
            pending = cards if index >= 0 else [c for _, cs in sets for c in cs]
            claim = applied_already(state_store(), thread_id, pending, decisions)
            if claim is not None:  # a retry of a decision made already: its first outcome, exit 0
                yield from replay_events(thread_id, claim, decisions, pending)
                return
            why = resume_problem(state_store(), thread_id, set_id, pending, decisions)
            if why:
                yield from self._refuse(thread_id, why)
                return
            at_gate = index == 0 and bool(self.graph.get_state(self.config(thread_id)).interrupts)
            if at_gate:
                payload = Command(resume=decisions)
            else:
                self._defer_gate(thread_id)  # a newer set at the gate waits aside meanwhile
                payload = {"deferred_decision": {"set_id": set_id, "decisions": decisions}}
            yield from self._run(payload, thread_id, f"[decision] {decisions}", decisions=decisions, set_id=set_id)

        yield from self._serialized(thread_id, body)

    def _refuse(self, thread_id: str, text: str, pending: list[dict] | None = None) -> Iterator[TurnEvent]:
        yield TextEvent(type="error", text=text)
        if pending is None:
            try:
                pending = self.pending_approvals(thread_id) if thread_id else []
            except store_errors() as e:  # the refusal says why already; its card list is left out
                log.info("pending cards of %s unreadable during a refusal: %s", thread_id, e)
                pending = []
        yield DoneEvent(result=TurnResult(thread_id=thread_id, answer=text, pending_approvals=cards_of(pending),
                                          refused=True, error=text))

    def _failure_text(self, e: BaseException) -> str:
        return turn_failure_text(e)

    def _run(self, payload, thread_id: str, label: str, decisions: dict | None = None,
             set_id: str | None = None) -> Iterator[TurnEvent]:
        cfg = self.config(thread_id)
        rec = TurnRecorder(decisions)
        failure = None  # what failed
        try:
            for mode, data in self.graph.stream(payload, cfg, stream_mode=["custom", "updates", "messages"]):
                yield from rec.feed(mode, data)
        except SetDecided as e:  # another process decided this set first: its claim names it
            failure = refusal_text(e.claim)
            yield TextEvent(type="error", text=failure)
        except Exception as e:  # noqa: BLE001 - last resort: any model, store or graph failure ends the turn
            # with a clear message (the CLI, API and page show it) and the thread stays usable
            log.info("turn of %s failed", thread_id, exc_info=True)
            failure = self._failure_text(e)
            yield StateEvent(state="error")
            yield TextEvent(type="error", text=failure)
        try:
            state = self.graph.get_state(cfg)
            values, pending = state.values, waiting_cards(card_sets(state.values, state.interrupts))
        except store_errors() as e:  # the checkpoint store is unreadable now
            failure = failure or self._failure_text(e)
            values, pending = {}, []
        own = rec.own  # this process's decision outcome
        if decisions and own is None and not failure and set_id:
            # another process decided the set between our check and our run (the graph had no
            # interrupt left to resume): report against its claim
            own, failure = outcome_of_claim(state_store().card_set(set_id), decisions)
            if failure:
                yield TextEvent(type="error", text=failure)
        if decisions:  # a decision reports its own outcome, not the checkpoint another process wrote
            values = {**values, "answer": None, "transactions": []} | (own or {})
            pending = [] if own is None and failure else pending
        if not decisions and not failure and (values.get("error") or "").startswith(MODEL_FAILED):
            failure = model_failure_text(self.provider_label, values["error"].removeprefix(MODEL_FAILED + ": "),
                                         float(self.options.settings().model_timeout_s))
            yield TextEvent(type="error", text=failure)
        result = TurnResult(thread_id=thread_id, intent=values.get("intent") or rec.intent, tool_calls=rec.tool_calls(),
                            answer=values.get("answer") or rec.answer or failure or "",
                            pending_approvals=cards_of(pending),
                            transactions=values.get("transactions", []) if decisions else [],
                            llm_calls=0 if decisions else int(values.get("llm_calls", 0)),
                            elapsed_ms=rec.elapsed_ms(), error=failure, refused=bool(failure and decisions),
                            offers=[] if decisions else values.get("offers") or [])
        try:
            self._record(label, result, rec, values, decisions)
        except store_errors() as e:  # the audit could not be written: the turn says so
            result.error = result.error or self._failure_text(e)
        yield StateEvent(state="idle")
        yield DoneEvent(result=result)

    def _record(self, label: str, result: TurnResult, rec: TurnRecorder, values: dict, decisions: dict | None) -> None:
        state_store().record_turn(uuid.uuid4().hex, result.thread_id, {
            "question": label, "provider": self.provider, "model": self.model_name, "as_of": self.as_of.isoformat(),
            "intent": result.intent, "tool_calls": rec.audit_calls(), "steps": rec.steps, "llm_calls": result.llm_calls,
            "rounds": 0 if decisions else int(values.get("model_rounds", 0)),
            "tokens": H.token_usage(values.get("messages", [])), "node_ms": rec.node_ms,
            "elapsed_ms": result.elapsed_ms, "answer": result.answer[:4000],
            "pending": [c.move_id for c in result.pending_approvals], "decisions": decisions or {},
            "transactions": [t.model_dump(mode="json") for t in result.transactions], "guard": values.get("guard"),
            "error": result.error,
            "desk_cards": list(rec.desk_cards), "signal_ids": list(rec.signal_ids),
            "offers": [o.model_dump(mode="json") for o in result.offers]})  # a refreshed chat redraws them

    def decisions_for(self, thread_id: str, decision: str, move_id: str | None = None) -> dict[str, str]:
        """The decisions a CLI-style request means (see `requested_decisions`): without a move id,
        approve means the newest set's top card and decline every card of that set."""
        pending = [] if move_id is not None else self.pending_set(thread_id)[1]
        return requested_decisions(pending, decision, move_id)
