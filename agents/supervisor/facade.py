"""The supervisor's facade: turns, decisions by card id, and the typed reads of a league.

`Supervisor` wraps one `agents.core.runtime.Assistant` (one league, one model) and returns models
(`TurnResult`, `Card`, `agents.facades.models` rows) where the runtime hands dicts: pending
approvals, history, audit records, transactions, threads and decided cards. Any other attribute is
the assistant's own (streams of typed events, settings, labels).

A decision needs only the card's id: `stream_decide` finds the thread that offered the card (the
audit records which cards each turn left pending; the decisions table keeps decided ones), checks
that the caller owns that thread, opens the card's own league (`threads.choice_for_card`) and
resumes the thread there. The Chat and Approvals pages and the HTTP API decide through it; the CLI's
`resume --thread ID` keeps its thread-based contract (`Supervisor.resume_result`). Whose threads and
cards are whose (`my_threads`, `pending_cards`, `mine`, `card_choice`): agents/supervisor/ownership.py.
"""
from __future__ import annotations

import datetime as dt
import logging
from typing import Iterator

from pydantic import BaseModel

from agents.core import threads
from agents.core.contracts import Card, TurnEvent, TurnResult, cards_of
from agents.facades.models import (AuditRecord, DecidedCard, HistoryTurn, ThreadHistory, ThreadSummary,
                                   TransactionRow)
from agents.core.runtime import MAX_QUESTION, Assistant, final_result, get_assistant, new_thread_id
from agents.core.threads import LOCAL_OWNER, LeagueChoice
from agents.supervisor.ownership import (card_choice, mine, my_threads, pending_cards,  # noqa: F401 (the door's)
                                         thread_summary)
from services.models import ServiceError
from services.store.state import state_store

log = logging.getLogger(__name__)

__all__ = ["MAX_QUESTION", "ServiceError", "CardNotFound", "CardLocation", "LeagueUnavailable", "NotYours", "Supervisor",
           "card_choice", "locate", "mine", "my_threads", "new_thread_id", "open", "open_choice", "pending_cards",
           "stream_decide", "decide", "open_thread", "research", "research_question", "thread_started"]

SCAN_TURNS = 5000  # audit records searched for the thread that offered a card


class CardNotFound(ServiceError):
    """No thread offered a card with this id."""


class NotYours(ServiceError):
    """The card's (or thread's) conversation belongs to another identity."""


class LeagueUnavailable(ServiceError):
    """The card's own league cannot be opened here (an ESPN league this session has no access to)."""


class Supervisor:
    """One league's assistant behind typed methods (other attributes: the assistant's)."""

    def __init__(self, assistant: Assistant):
        self.assistant = assistant

    def __getattr__(self, name: str):
        if name == "assistant":  # not set yet (a copy being built): no recursion
            raise AttributeError(name)
        return getattr(self.assistant, name)

    def __repr__(self) -> str:
        return f"Supervisor({self.assistant!r})"

    # --- turns ------------------------------------------------------------------------------
    def turn(self, question: str, thread_id: str | None = None) -> Iterator[TurnEvent]:
        return self.assistant.stream_turn(question, thread_id)

    def ask_result(self, question: str, thread_id: str | None = None) -> TurnResult:
        return final_result(self.assistant.stream_turn(question, thread_id))

    def resume_result(self, thread_id: str, decision: str, move_id: str | None = None) -> TurnResult:
        """The CLI's `resume`: approve one card (`move_id`, else the top one) or decline (else all)."""
        decisions = self.assistant.decisions_for(thread_id, decision, move_id)
        return final_result(self.assistant.stream_resume(thread_id, decisions))

    # --- typed reads: the runtime's rows as models (the pages read attributes) ---------------------
    def pending_approvals(self, thread_id: str) -> list[Card]:
        """Every waiting card of the thread, newest set first."""
        return cards_of(self.assistant.pending_approvals(thread_id))

    def history(self, thread_id: str) -> list[HistoryTurn]:
        """The thread's messages as the chat redraws them (tool and node steps, intent, guard)."""
        return [HistoryTurn.model_validate(t) for t in self.assistant.history(thread_id)]

    def audit(self, thread_id: str | None = None, replaced: bool = False) -> list[AuditRecord]:
        """Recorded turns and decisions, newest first (of one thread, else all); with `replaced`, the
        turns an edit and resend replaced as well (their `replaced` is True)."""
        return [AuditRecord.model_validate(r) for r in self.assistant.audit(thread_id, replaced=replaced)]

    def transactions(self) -> list[TransactionRow]:
        """Approved moves of this league, newest first, with expected and (hindsight) realized gain."""
        return [TransactionRow.model_validate(m) for m in self.assistant.transactions()]

    def thread_history(self, thread_id: str) -> ThreadHistory:
        bound = threads.binding(thread_id)
        return ThreadHistory(thread_id=thread_id, league=threads.league_label(bound.league_id, bound.league_kind)
                             if bound else "", turns=self.history(thread_id),
                             pending_approvals=self.pending_approvals(thread_id))

    def threads(self, limit: int = 20, pending: bool = True) -> list[ThreadSummary]:
        """Recent threads; `pending=False` skips the pending counts (a checkpoint load each)."""
        return [thread_summary(t) for t in self.assistant.list_threads(limit, pending=pending)]

    def closed_cards(self, thread_id: str) -> dict[str, Card]:
        """Cards the thread once offered, by move id, read from its checkpoints (closed ones included)."""
        from agents.core.offered import closed_cards

        return closed_cards(self.assistant.graph, self.assistant.config(thread_id))

    def decided(self, limit: int = 50) -> list[DecidedCard]:
        return [DecidedCard.model_validate(d) for d in self.assistant.decision_history(limit)]


def open(provider: str | None = None, as_of: dt.date | None = None, scoring: str | None = None,  # noqa: A001
         **options) -> Supervisor:
    """The process's supervisor for these settings (`runtime.get_assistant`'s cache)."""
    return Supervisor(get_assistant(provider, as_of, scoring, **options))


def open_choice(choice: LeagueChoice, secrets: dict | None = None, owner: str = LOCAL_OWNER) -> Supervisor:
    """The supervisor of a saved league choice (a thread's binding) in `owner`'s league state, with
    the caller's secrets (`api_key`, `espn_s2`, `espn_swid`) when its model or league needs them."""
    return open(choice.provider, choice.as_of, choice.scoring, model_name=choice.model, league=choice.league,
                espn_league_id=choice.espn_league_id, espn_season=choice.espn_season,
                advice_mode=choice.advice_mode, team=choice.team, owner=owner, **(secrets or {}))


def open_thread(thread_id: str | None, owner: str, as_of: dt.date | None = None, scoring: str | None = None,
                secrets: dict | None = None, team: int | None = None) -> tuple[Supervisor, str]:
    """The supervisor of `thread_id` for `owner` (a new thread when None), in `owner`'s own league
    state, bound to `owner` and its league (and the team managed there) before its first turn, as
    the UI binds a thread. Raises
    `NotYours` for another owner's thread and `ServiceError` when `as_of`/`scoring`/`team` name another
    league or team than the thread's."""
    thread_id = thread_id or new_thread_id()
    bound = threads.binding(thread_id)
    started = bound is not None or thread_started(thread_id)
    if started and not threads.owns(bound, owner):
        raise NotYours("this conversation belongs to another user")
    if bound is not None:
        was = bound.choice
        if (as_of and was.as_of and as_of != was.as_of) or (scoring and was.scoring and scoring != was.scoring):
            raise ServiceError(f"this conversation was started in {threads.league_label(bound.league_id, bound.league_kind)};"
                               " start a new one for another league")
        if team is not None and was.team is not None and team != was.team:
            raise ServiceError(f"this conversation is about team {was.team}; start a new one to ask about team {team}")
        return _opened(was, secrets, bound.owner), thread_id
    sup = open(None, as_of, scoring, team=team, owner=owner, **(secrets or {}))
    choice = LeagueChoice(provider=sup.provider, as_of=sup.as_of if sup.league_kind == "demo" else None,
                          scoring=sup.scoring() if sup.league_kind == "demo" else None,
                          league=sup.league_kind, team=sup.assistant.team_id)
    if not started:  # a thread the CLI started stays the local user's, unbound
        held = threads.bind(thread_id, owner, choice, sup.assistant)  # atomic: the first binding wins
        if held.owner != owner:  # another owner bound this id between our check and our bind
            raise NotYours("this conversation belongs to another user")
    return sup, thread_id


def thread_started(thread_id: str) -> bool:
    """Whether the thread has a recorded turn or a binding (a new id has neither)."""
    return threads.binding(thread_id) is not None or bool(state_store().turns(thread_id, limit=1))


def research_question(name: str, last_n: int | None = None) -> str:
    """The question that runs the player research agent on `name` (status, form, news, game log)."""
    return f"How has {name} played over his last {last_n} games?" if last_n else f"How is {name} doing?"


def research(sup: Supervisor, name: str, last_n: int | None = None, thread_id: str | None = None) -> TurnResult:
    """The player research agent's answer about `name`, with its tool calls."""
    return sup.ask_result(research_question(name, last_n), thread_id)


# --- deciding a card by its id --------------------------------------------------------------------
class CardLocation(BaseModel):
    """Where a card lives: the thread that offered it, the card (None when its set was closed by a
    sibling's approval: only the audit names it then), and whether it is still pending."""

    thread_id: str
    card: Card | None
    pending: bool


def _offering_threads(move_id: str) -> list[str]:
    store = state_store()
    found = [r["thread_id"] for r in store.turns(limit=SCAN_TURNS) if move_id in (r.get("pending") or [])]
    found += [d["thread_id"] for d in reversed(store.decisions()) if d["move_id"] == move_id]
    return list(dict.fromkeys(found))


def locate(move_id: str, thread_id: str | None = None, secrets: dict | None = None) -> CardLocation | None:
    """The card `move_id` (in `thread_id` when given): pending in its thread, else as decided."""
    candidates = [thread_id] if thread_id else _offering_threads(move_id)
    for tid in candidates:
        bound = threads.binding(tid)
        reader = _opened(bound.choice if bound else LeagueChoice(), secrets, bound.owner if bound else LOCAL_OWNER)
        card = next((c for c in reader.pending_approvals(tid) if c.move_id == move_id), None)
        if card is not None:
            return CardLocation(thread_id=tid, card=card, pending=True)
        decided = next((d for d in reversed(state_store().decisions(tid)) if d["move_id"] == move_id), None)
        if decided is not None:
            return CardLocation(thread_id=tid, card=Card.model_validate(decided["card"]), pending=False)
    if candidates and not thread_id:  # offered, then closed unseen: the thread's claim says by what
        return CardLocation(thread_id=candidates[0], card=None, pending=False)
    return None


def _opened(choice: LeagueChoice, secrets: dict | None, owner: str) -> Supervisor:
    try:
        return open_choice(choice, secrets, owner)
    except Exception as e:  # noqa: BLE001 - boundary: any failure to open the league (ESPN, a key, the store)
        # is re-raised as LeagueUnavailable with its reason; nothing is decided
        log.info("the card's league cannot be opened", exc_info=True)
        why = str(e).splitlines()[0][:300] if str(e) else type(e).__name__
        raise LeagueUnavailable(f"its league cannot be opened now ({why})") from None


def stream_decide(move_id: str, decision: str, owner: str = LOCAL_OWNER, thread_id: str | None = None,
                  secrets: dict | None = None) -> Iterator[TurnEvent]:
    """Approves or declines the card `move_id` in its own league, with the runtime's guarantees
    (one decision per card set, across processes). Raises `CardNotFound`, `NotYours` or
    `LeagueUnavailable` before anything runs; a decided set streams the runtime's refusal."""
    if decision not in ("approve", "decline"):
        raise ServiceError("A decision must be 'approve' or 'decline'.")
    if not (move_id or "").strip():
        raise ServiceError("Name the card to decide (a move id); an empty id is not a card.")
    where = locate(move_id, thread_id, secrets)
    if where is None:
        raise CardNotFound(f"No card {move_id[:80]!r} was offered in any conversation.")
    if where.card is None:
        bound = threads.binding(where.thread_id)
        choice, why = (bound.choice if bound else LeagueChoice(), None) if threads.owns(bound, owner) else \
            (None, "this conversation belongs to another user")
    else:
        choice, why = card_choice(where.card, where.thread_id, owner)
    if choice is None:
        raise (NotYours if why == "this conversation belongs to another user" else LeagueUnavailable)(why)
    return _opened(choice, secrets, owner).stream_resume(where.thread_id, {move_id: decision})


def decide(move_id: str, decision: str, owner: str = LOCAL_OWNER, thread_id: str | None = None,
           secrets: dict | None = None) -> TurnResult:
    return final_result(stream_decide(move_id, decision, owner, thread_id, secrets))
