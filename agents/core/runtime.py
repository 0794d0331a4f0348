"""The one agent entry point for the CLI and the UI: turns, resumes, history, approvals, audit.

Every turn is a stream of typed events (`agents.core.contracts.TurnEvent`: state, intent, tool_start,
tool_end, progress, step, answer, guard, approvals, decision, error, done ...) ending with a
`TurnResult`, so the CLI and the UI draw the same thing. A turn's flow (serialized per thread,
cards deferred by a new question) is `agents.core.turn_flow`; reading the stream is `agents.core.turn_stream`;
deciding a waiting card set is checked in `agents.core.turn_decisions`.
"""
from __future__ import annotations

import datetime as dt
import threading
from collections import OrderedDict
from typing import Iterator

from pydantic import SecretStr

from agents.core import history as H
from agents.core import views
from agents.core.checkpoints import build_checkpointer
from agents.core.contracts import Card, DoneEvent, TurnEvent, TurnResult, cards_of
from agents.models.llm import build_model, build_reasoner, pick_provider, provider_label
from agents.models.llm import model_name as llm_model_name
from agents.core.overrides import RuntimeOptions, open_league
from agents.supervisor.graph import build_graph
from agents.supervisor.limits import Limits
from agents.core.turn_flow import MAX_QUESTION, TurnFlow, new_thread_id, question_problem
from services.store.state import state_store

__all__ = ["MAX_QUESTION", "Assistant", "final_result", "get_assistant", "new_thread_id", "question_problem"]


class Assistant(TurnFlow):
    """One per process and configuration: the compiled graph, its checkpointer and source."""

    def __init__(self, provider: str | None = None, as_of: dt.date | None = None, scoring: str | None = None,
                 model=None, limits: Limits = Limits(), *, model_name: str | None = None,
                 api_key: SecretStr | str | None = None, league: str | None = None,
                 espn_league_id: int | str | None = None, espn_season: int | None = None,
                 espn_s2: SecretStr | str | None = None, espn_swid: SecretStr | str | None = None,
                 advice_mode: str | None = None, team: int | None = None, punt=None, owner: str | None = None):
        """Explicit arguments win over the environment; `model` injects a chat model (tests);
        `team` is the team the user manages (else COURTSIDE_MY_TEAM_ID, else 1); `owner` is whose
        league state this assistant works in (an identity; None: the local user's)."""
        # an injected model's provider is only its label ("scripted"), not a setting to validate
        self.options = RuntimeOptions(provider if model is None else None, model_name, api_key, as_of, scoring,
                                      league, espn_league_id, espn_season, espn_s2, espn_swid, advice_mode, team, punt,
                                      owner)
        settings = self.options.settings()
        self.provider = pick_provider(settings) if model is None else (provider or "scripted")
        self.source = open_league(settings, as_of, owner)
        self.as_of = self.source.as_of
        self.league_kind = self.source.kind
        self.team_id = self.source.my_team_id
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
                f"league={self.league_kind!r}, team={self.team_id}, as_of={self.as_of.isoformat()})")

    # --- configuration ------------------------------------------------------------------
    def config(self, thread_id: str) -> dict:
        """Run config; the name, tags and metadata label LangSmith traces when tracing is on."""
        return {"configurable": {"thread_id": thread_id}, "recursion_limit": self.limits.recursion_limit,
                "run_name": "courtside_turn", "tags": ["courtside", self.provider],
                "metadata": {"thread_id": thread_id, "provider": self.provider, "model": self.model_name,
                             "as_of": self.as_of.isoformat()}}

    def ask(self, question: str, thread_id: str | None = None) -> dict:
        """One turn; its `TurnResult` as the `ask --json` dict."""
        return final_result(self.stream_turn(question, thread_id)).model_dump(mode="json")

    def resume(self, thread_id: str, decision: str, move_id: str | None = None) -> dict:
        """Approve one card (`move_id`, else the top one) or decline one (else every card)."""
        events = self.stream_resume(thread_id, self.decisions_for(thread_id, decision, move_id))
        return final_result(events).model_dump(mode="json")

    # --- reads for the UI ------------------------------------------------------------------
    def history(self, thread_id: str) -> list[dict]:
        state = self.graph.get_state(self.config(thread_id))
        turns = H.turns(state.values.get("messages", []), state.values.get("intent"))
        return H.enrich(turns, list(reversed(state_store().turns(thread_id))))

    def list_threads(self, limit: int = 20, pending: bool = True) -> list[dict]:
        """Recent threads, newest first; `pending=False` leaves out each one's pending count (it
        loads the thread's checkpoint: a page wanting titles only does not pay for it)."""
        return H.thread_list(state_store().turns(limit=500), self.pending_approvals if pending else None, limit)

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

    def audit(self, thread_id: str | None = None, replaced: bool = False) -> list[dict]:
        """Recorded turns, newest first; with `replaced`, also the turns an edited question replaced
        (marked `replaced`: agents/core/edit.py)."""
        return state_store().turns(thread_id, replaced=replaced)

    def transactions(self) -> list[dict]:
        """Approved moves, newest first, each with its expected and (hindsight) realized gain."""
        moves = self._applied()
        return [m | {"drop": m["card"].get("drop"), "add": m["card"].get("add"), "unit": m["card"].get("unit"),
                     "kind": m["card"].get("kind", "swap"),
                     "expected_gain": m["card"].get("expected_gain"),
                     "realized_gain": views.realized_gain(self.source, views.stored_card(m["card"]), moves)}
                for m in reversed(moves)]

    def decision_history(self, limit: int = 50) -> list[dict]:
        """Decided cards of this league, newest first, with expected and (hindsight) realized gain."""
        rows = [d for d in state_store().decisions() if d["card"].get("league_id") == self.source.league_id][-limit:]
        moves = self._applied()
        return [d | {"drop": d["card"].get("drop"), "add": d["card"].get("add"), "unit": d["card"].get("unit"),
                     "kind": d["card"].get("kind", "swap"),
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


_CACHE_SIZE = 16  # configurations x owners (each owner works in its own league state)
_assistants: OrderedDict[tuple, Assistant] = OrderedDict()
_assistants_guard = threading.Lock()


def get_assistant(provider: str | None = None, as_of: dt.date | None = None, scoring: str | None = None, *,
                  model_name: str | None = None, api_key: SecretStr | str | None = None,
                  league: str | None = None, espn_league_id: int | str | None = None,
                  espn_season: int | None = None, espn_s2: SecretStr | str | None = None,
                  espn_swid: SecretStr | str | None = None, advice_mode: str | None = None,
                  team: int | None = None, punt=None, owner: str | None = None) -> Assistant:
    """The process's assistant for this configuration and owner (graph compiled once per both).

    Cached by the non-secret choices, a digest of the secrets and the home directory; a
    configuration that fails (an unreachable ESPN league) raises and is not cached.
    """
    from services.config import courtside_home

    options = RuntimeOptions(provider, model_name, api_key, as_of, scoring, league,
                             espn_league_id, espn_season, espn_s2, espn_swid, advice_mode, team, punt, owner)
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
                  "espn_season", "espn_s2", "espn_swid", "advice_mode", "team", "punt", "owner")
