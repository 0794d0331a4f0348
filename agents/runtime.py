"""The one agent entry point for the CLI and the UI: turns, resumes, history, approvals, audit.

Every turn is a stream of typed events (`agents.contracts.TurnEvent`: state, intent, tool_start,
tool_end, progress, step, answer, guard, approvals, decision, error, done ...) ending with a
`TurnResult`, so the CLI and the UI draw the same thing. Reading the stream is
`agents.turn_stream`; deciding a waiting card set is checked in `agents.turn_decisions`.
"""
from __future__ import annotations

import datetime as dt
import secrets
import threading
import uuid
from collections import OrderedDict
from typing import Iterator

from langchain_core.messages import HumanMessage
from langgraph.types import Command
from pydantic import SecretStr

from agents import history as H
from agents import views
from agents.approvals import SetDecided, refusal_text
from agents.contracts import Card, DoneEvent, StateEvent, TextEvent, TurnEvent, TurnResult, cards_of
from agents.failures import MODEL_FAILED, model_failure_text, turn_failure_text
from agents.checkpoints import build_checkpointer
from agents.llm import build_model, build_reasoner, pick_provider, provider_label
from agents.llm import model_name as llm_model_name
from agents.overrides import RuntimeOptions, open_league
from agents.supervisor.graph import build_graph
from agents.supervisor.limits import Limits
from agents.turn_decisions import (applied_already, outcome_of_claim, replay_events, requested_decisions,
                                   resume_problem)
from agents.turn_stream import TurnRecorder
from services.store import state_store


MAX_QUESTION = 4000
_thread_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


def new_thread_id() -> str:
    """Random and unguessable (96 bits), and never starting with '-': a thread id is passed on the
    command line (`resume --thread ID`), where argparse would read a leading '-' as an option."""
    return secrets.token_hex(12)


def _lock(thread_id: str) -> threading.Lock:
    with _locks_guard:
        return _thread_locks.setdefault(thread_id, threading.Lock())


class Assistant:
    """One per process and configuration: the compiled graph, its checkpointer and source."""

    def __init__(self, provider: str | None = None, as_of: dt.date | None = None, scoring: str | None = None,
                 model=None, limits: Limits = Limits(), *, model_name: str | None = None,
                 api_key: SecretStr | str | None = None, league: str | None = None,
                 espn_league_id: int | str | None = None, espn_season: int | None = None,
                 espn_s2: SecretStr | str | None = None, espn_swid: SecretStr | str | None = None,
                 advice_mode: str | None = None):
        """Explicit arguments win over the environment; `model` injects a chat model (tests)."""
        # an injected model's provider is only its label ("scripted"), not a setting to validate
        self.options = RuntimeOptions(provider if model is None else None, model_name, api_key, as_of, scoring,
                                      league, espn_league_id, espn_season, espn_s2, espn_swid, advice_mode)
        settings = self.options.settings()
        self.provider = pick_provider(settings) if model is None else (provider or "scripted")
        self.source = open_league(settings, as_of)
        self.as_of = self.source.as_of
        self.league_kind = self.source.kind
        if model is None:
            self.model = build_model(self.provider, settings)
            self.model_name = llm_model_name(self.provider, settings)
            self.provider_label = provider_label(self.provider, settings)
        else:
            self.model = model
            self.model_name = getattr(model, "model_name", type(model).__name__)
            self.provider_label = self.provider
        reasoner = build_reasoner(self.provider, self.source, settings)
        self.limits = limits
        self.checkpointer = build_checkpointer()
        self.graph = build_graph(self.model, self.source, self.checkpointer, reasoner=reasoner, limits=limits)

    def __repr__(self) -> str:
        return (f"Assistant(provider={self.provider!r}, model={self.model_name!r}, "
                f"league={self.league_kind!r}, as_of={self.as_of.isoformat()})")

    # --- configuration ------------------------------------------------------------------
    def config(self, thread_id: str) -> dict:
        """Run config; the name, tags and metadata label LangSmith traces when tracing is on."""
        return {"configurable": {"thread_id": thread_id}, "recursion_limit": self.limits.recursion_limit,
                "run_name": "courtside_turn", "tags": ["courtside", self.provider],
                "metadata": {"thread_id": thread_id, "provider": self.provider, "model": self.model_name,
                             "as_of": self.as_of.isoformat()}}

    def pending_approvals(self, thread_id: str) -> list[dict]:
        return self.pending_set(thread_id)[1]

    def pending_set(self, thread_id: str) -> tuple[str | None, list[dict]]:
        """The card set waiting in this thread: (its id, its cards); (None, []) when none waits."""
        state = self.graph.get_state(self.config(thread_id))
        values = [i.value or {} for i in state.interrupts]
        return next((v.get("set_id") for v in values if v.get("set_id")), None), \
            [c for v in values for c in v.get("cards", [])]

    # --- turns --------------------------------------------------------------------------
    def stream_turn(self, question: str, thread_id: str | None = None) -> Iterator[TurnEvent]:
        thread_id = thread_id or new_thread_id()
        q = (question or "").strip()
        if not q:
            yield from self._refuse(thread_id, "Please type a question.")
            return
        if len(q) > MAX_QUESTION:
            yield from self._refuse(thread_id, f"That message is too long ({len(q)} characters; the limit is {MAX_QUESTION}).")
            return
        lock = _lock(thread_id)
        if not lock.acquire(blocking=False):
            yield from self._refuse(thread_id, "This conversation is already running; wait for it to finish.")
            return
        try:
            try:
                waiting = self.pending_approvals(thread_id)
            except Exception as e:  # noqa: BLE001 - a locked or damaged checkpoint store
                yield from self._refuse(thread_id, self._failure_text(e), pending=[])
                return
            if waiting:
                yield from self._refuse(thread_id, "A roster move card is waiting: approve or decline it first.")
                return
            yield from self._run({"messages": [HumanMessage(q)]}, thread_id, q)
        finally:
            lock.release()

    def stream_resume(self, thread_id: str, decisions: dict[str, str] | str) -> Iterator[TurnEvent]:
        """Decides cards of the waiting set. In this process resumes of a thread are serialized;
        across processes the store's claim on the set decides (first decision wins)."""
        lock = _lock(thread_id)
        with lock:
            try:
                set_id, pending = self.pending_set(thread_id)
            except Exception as e:  # noqa: BLE001 - a locked or damaged checkpoint store
                yield from self._refuse(thread_id, self._failure_text(e), pending=[])
                return
            if isinstance(decisions, str):
                decisions = {c.move_id: decisions for c in cards_of(pending[:1])}
            claim = applied_already(state_store(), thread_id, pending, decisions)
            if claim is not None:  # a retry of a decision made already: its first outcome, exit 0
                yield from replay_events(thread_id, claim, decisions, pending)
                return
            why = resume_problem(state_store(), thread_id, set_id, pending, decisions)
            if why:
                yield from self._refuse(thread_id, why)
                return
            yield from self._run(Command(resume=decisions), thread_id, f"[decision] {decisions}", decisions=decisions,
                                 set_id=set_id)

    def _refuse(self, thread_id: str, text: str, pending: list[dict] | None = None) -> Iterator[TurnEvent]:
        yield TextEvent(type="error", text=text)
        if pending is None:
            try:
                pending = self.pending_approvals(thread_id) if thread_id else []
            except Exception:  # noqa: BLE001 - the refusal itself must not fail
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
        except Exception as e:  # a model, store or graph failure: a clear message, the thread stays usable
            failure = self._failure_text(e)
            yield StateEvent(state="error")
            yield TextEvent(type="error", text=failure)
        try:
            state = self.graph.get_state(cfg)
            values, pending = state.values, [c for i in state.interrupts for c in (i.value or {}).get("cards", [])]
        except Exception as e:  # noqa: BLE001 - the checkpoint store is unreadable now
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
            pending = (own or {}).get("pending_cards", []) if own is not None or failure else pending
        if not decisions and not failure and (values.get("error") or "").startswith(MODEL_FAILED):
            failure = model_failure_text(self.provider_label, values["error"].removeprefix(MODEL_FAILED + ": "),
                                         float(self.options.settings().model_timeout_s))
            yield TextEvent(type="error", text=failure)
        result = TurnResult(thread_id=thread_id, intent=values.get("intent") or rec.intent, tool_calls=rec.tool_calls(),
                            answer=values.get("answer") or rec.answer or failure or "",
                            pending_approvals=cards_of(pending),
                            transactions=values.get("transactions", []) if decisions else [],
                            llm_calls=0 if decisions else int(values.get("llm_calls", 0)),
                            elapsed_ms=rec.elapsed_ms(), error=failure, refused=bool(failure and decisions))
        try:
            self._record(label, result, rec, values, decisions)
        except Exception as e:  # noqa: BLE001 - the audit could not be written: the turn says so
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
            "desk_cards": list(rec.desk_cards), "signal_ids": list(rec.signal_ids)})

    def ask(self, question: str, thread_id: str | None = None) -> dict:
        """One turn; its `TurnResult` as the `ask --json` dict."""
        return final_result(self.stream_turn(question, thread_id)).model_dump(mode="json")

    def resume(self, thread_id: str, decision: str, move_id: str | None = None) -> dict:
        """Approve one card (`move_id`, else the top one) or decline one (else every card)."""
        events = self.stream_resume(thread_id, self.decisions_for(thread_id, decision, move_id))
        return final_result(events).model_dump(mode="json")

    def decisions_for(self, thread_id: str, decision: str, move_id: str | None = None) -> dict[str, str]:
        """The decisions a CLI-style request means (see `requested_decisions`)."""
        pending = [] if move_id is not None else self.pending_approvals(thread_id)
        return requested_decisions(pending, decision, move_id)

    # --- reads for the UI ------------------------------------------------------------------
    def history(self, thread_id: str) -> list[dict]:
        state = self.graph.get_state(self.config(thread_id))
        turns = H.turns(state.values.get("messages", []), state.values.get("intent"))
        return H.enrich(turns, list(reversed(state_store().turns(thread_id))))

    def list_threads(self, limit: int = 20) -> list[dict]:
        return H.thread_list(state_store().turns(limit=500), self.pending_approvals, limit)

    def all_pending(self) -> list[dict]:
        """Pending cards across threads, of this assistant's league only (a card from another
        scoring or as-of universe would be refused here)."""
        league = self.league_id()
        return [c | {"thread_id": t["thread_id"]} for t in self.list_threads(100)
                for c in self.pending_approvals(t["thread_id"]) if league is None or c.get("league_id") == league]

    def league_id(self) -> str | None:
        return self.source.league_id

    def scoring(self) -> str:
        """The league's scoring ("points" | "categories"); "points" while a remote league cannot be read."""
        from services.models import ServiceError

        try:
            return self.source.scoring
        except ServiceError:
            return "points"

    def audit(self, thread_id: str | None = None) -> list[dict]:
        return state_store().turns(thread_id)

    def transactions(self) -> list[dict]:
        """Approved moves, newest first, each with its expected and (hindsight) realized gain."""
        moves = self._applied()
        return [m | {"drop": m["card"].get("drop"), "add": m["card"].get("add"), "unit": m["card"].get("unit"),
                     "expected_gain": m["card"].get("expected_gain"),
                     "realized_gain": views.realized_gain(self.source, views.stored_card(m["card"]), moves)}
                for m in reversed(moves)]

    def decision_history(self, limit: int = 50) -> list[dict]:
        """Decided cards of this league, newest first, with expected and (hindsight) realized gain."""
        rows = [d for d in state_store().decisions() if d["card"].get("league_id") == self.source.league_id][-limit:]
        moves = self._applied()
        return [d | {"drop": d["card"].get("drop"), "add": d["card"].get("add"), "unit": d["card"].get("unit"),
                     "expected_gain": d["card"].get("expected_gain"),
                     "realized_gain": views.realized_gain(self.source, views.stored_card(d["card"]), moves)}
                for d in reversed(rows)]

    def hindsight(self, card: Card | dict) -> float | None:
        """Evaluation only: what the card's move really gained over the rest of its week.

        Read from box scores the agent never sees; for the UI's evaluation views, never for advice.
        """
        return views.realized_gain(self.source, cards_of([card])[0], self._applied())

    def _applied(self) -> list[dict]:
        return state_store().moves(self.source.league_id)

    def league_view(self) -> dict:
        return views.league_view(self.source)


def final_result(events: Iterator[TurnEvent]) -> TurnResult:
    """The `done` event's result of a turn's events (an empty result when none came)."""
    result = None
    for ev in events:
        if isinstance(ev, DoneEvent):
            result = ev.result
    return result or TurnResult(thread_id="", error="the turn ended without a result")


_CACHE_SIZE = 8
_assistants: OrderedDict[tuple, Assistant] = OrderedDict()
_assistants_guard = threading.Lock()


def get_assistant(provider: str | None = None, as_of: dt.date | None = None, scoring: str | None = None, *,
                  model_name: str | None = None, api_key: SecretStr | str | None = None,
                  league: str | None = None, espn_league_id: int | str | None = None,
                  espn_season: int | None = None, espn_s2: SecretStr | str | None = None,
                  espn_swid: SecretStr | str | None = None, advice_mode: str | None = None) -> Assistant:
    """The process's assistant for this configuration (graph compiled once per configuration).

    Cached by the non-secret choices, a digest of the secrets and the home directory; a
    configuration that fails (an unreachable ESPN league) raises and is not cached.
    """
    from services.config import courtside_home

    options = RuntimeOptions(provider, model_name, api_key, as_of, scoring, league,
                             espn_league_id, espn_season, espn_s2, espn_swid, advice_mode)
    key = options.cache_key() + (str(courtside_home()),)
    with _assistants_guard:
        if key in _assistants:
            _assistants.move_to_end(key)
            return _assistants[key]
    built = Assistant(**{f: getattr(options, f) for f in _OPTION_FIELDS})
    with _assistants_guard:
        built = _assistants.setdefault(key, built)
        while len(_assistants) > _CACHE_SIZE:
            _assistants.popitem(last=False)
    return built


_OPTION_FIELDS = ("provider", "model_name", "api_key", "as_of", "scoring", "league", "espn_league_id",
                  "espn_season", "espn_s2", "espn_swid", "advice_mode")
