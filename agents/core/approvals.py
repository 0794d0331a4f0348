"""The human gate: present cards with `interrupt()`, then apply exactly what a person approved.

Safe on re-runs: LangGraph re-runs this node from its top on resume, and two resumes of one
thread can both run, in one process or several. Nothing before `interrupt()` writes. The cards one
interrupt offers are a set with a stable id; the first decision claims the set and applies its
moves in one state-store transaction, so one decision per set holds across processes, and a
different later decision is refused naming the winner. Each applied move is also keyed by its
`move_id` (unique in the state store), so a card offered in two threads is applied once.
"""
from __future__ import annotations

import datetime as dt
import hashlib
from typing import Callable, Literal

from langchain_core.messages import AIMessage
from langgraph.types import interrupt

from agents.core.cards import card_now, is_expired, season_label
from agents.core.contracts import ApprovalsEvent, Card, DecisionEvent, card_dicts, cards_of
from agents.core.events import emit
from agents.core.stale import withdraw_stale
from services.store.state import MoveConflict, StateStore, state_store

Clock = Callable[[Card], dt.datetime]


def default_clock(card: Card) -> dt.datetime:
    return card_now(card)


def apply_card(source, card: Card, thread_id: str, actor: str = "user", clock: Clock = default_clock,
               store: StateStore | None = None) -> dict:
    """Applies one approved card through its league's source; returns the outcome (applied, approved
    with steps for ESPN, or refused with a reason)."""
    store = store or state_store()
    if is_expired(card, clock(card)):
        return {"move_id": card.move_id, "outcome": "refused", "reason": f"the card expired at {card.expires_at}"}
    return source.apply_move(card.model_dump(mode="json"), store, actor)  # services take the card's JSON


def decision_line(card: Card) -> str:
    """What an applied card did, in words."""
    gain = f"{card.expected_gain:+} {card.unit} expected this week"
    if card.season_gain is not None:
        gain += f", {card.season_gain:+} {season_label(card.season_unit)} rest of season"
    if card.kind == "ir":
        return f"Done: moved {card.drop} to IR and added {card.add} ({gain}); nobody was dropped."
    if card.kind == "trade":
        return f"Trade done: you gave {card.drop} and got {card.add} ({gain})."
    if card.kind == "activate":
        return f"Done: activated {card.add} from IR and dropped {card.drop} ({gain})."
    if card.kind == "activate_ir":
        return f"Done: activated {card.add} from IR and moved {card.drop} to IR ({gain}); nobody was dropped."
    return f"Done: dropped {card.drop} and added {card.add} ({gain})."


def normalize_decisions(resume, cards: list[Card]) -> dict[str, str]:
    """Resume values: {'move_id': 'approve'|'decline'} or a single 'approve'/'decline' for the first card."""
    if isinstance(resume, str):
        return {cards[0].move_id: resume} if cards else {}
    if isinstance(resume, dict):
        decisions = resume.get("decisions", resume)
        return {k: str(v).lower() for k, v in decisions.items() if k in {c.move_id for c in cards}}
    return {}


class SetDecided(Exception):
    """Another decision on this card set came first; `claim` names it (what, when, which thread)."""

    def __init__(self, claim: dict):
        self.claim = claim
        super().__init__(refusal_text(claim))


def refusal_text(claim: dict) -> str:
    return (f"These cards were decided already ({claim['summary']}, at {claim['decided_at']} in conversation "
            f"{claim['thread_id']}); your decision was not applied and nothing changed.")


def card_set_id(thread_id: str, cards: list[Card], turn: int) -> str:
    """The id of the set one interrupt offers: same thread, same turn, same cards -> same id, so a
    re-run of the node (every resume re-runs it) and another process compute the same one."""
    raw = "|".join([thread_id, str(turn), *sorted(c.move_id for c in cards)])
    return "set_" + hashlib.sha256(raw.encode()).hexdigest()[:16]


def _summary(cards: list[Card], decisions: dict[str, str]) -> str:
    return "; ".join(f"{decisions[c.move_id]} of '{c.title or c.move_id}'" for c in cards if c.move_id in decisions)


def card_source(card: Card, source, store: StateStore | None = None):
    """The card's own league (league id, scoring, as-of), whatever the deciding session's options:
    `source` when it is that league, else the league the card names (services.league.demo_source)."""
    from services.league.demo_source import card_league
    from services.models import ServiceError

    if card_source_is(source, card):
        return source
    try:
        return card_league(card.model_dump(mode="json"), store or state_store())
    except ServiceError as e:
        raise MoveConflict(str(e)) from None


def decide(source, cards: list[Card], decisions: dict[str, str], thread_id: str, clock: Clock = default_clock,
           set_id: str | None = None, store: StateStore | None = None, counters: list | None = None):
    """Decides the set: claim it and apply/record every decision in one store transaction.

    Returns (transactions, outcome lines). The first decision on a set wins; the same decision
    again (a retry after a crash, a double click in another process) reports the recorded outcome;
    a different one raises SetDecided naming the winner, and changes nothing. `counters` collects
    (the proposal's own league, a manager's counter terms) for each trade he countered.
    """
    store = store or state_store()
    chosen = [(c, decisions[c.move_id]) for c in cards if decisions.get(c.move_id) in ("approve", "decline")]
    if not chosen:
        return [], []
    set_id = set_id or card_set_id(thread_id, cards, 0)
    sources: dict[str, object] = {}
    for card, choice in chosen:  # opened before the lock: building a league reads DuckDB
        if choice == "approve":
            try:
                sources[card.move_id] = card_source(card, source, store)
            except MoveConflict as e:
                sources[card.move_id] = e
    mine = {c.move_id: d for c, d in chosen}

    def apply() -> dict:
        results = {}
        for card, choice in chosen:
            own = sources.get(card.move_id)
            if choice == "decline":
                res = {"move_id": card.move_id, "outcome": "declined"}
            elif isinstance(own, MoveConflict):
                res = {"move_id": card.move_id, "outcome": "refused", "reason": str(own)}
            else:
                res = apply_card(own, card, thread_id, clock=clock, store=store)
            store.record_decision(card.move_id, thread_id, choice, res["outcome"], res.get("reason"), "user",
                                  card.model_dump(mode="json"))
            results[card.move_id] = res
        return {"offered": [c.move_id for c in cards], "results": results}

    won, claim = store.decide_set(set_id, thread_id, mine, _summary(cards, mine), "user", apply)
    if not won and claim["decisions"] != mine:
        raise SetDecided(claim)
    results = claim["outcomes"].get("results", {})
    transactions, lines = [], []
    for card, _choice in chosen:
        res = dict(results.get(card.move_id) or {"move_id": card.move_id, "outcome": "refused",
                                                    "reason": "no outcome was recorded"})
        again = "" if won else " (recorded earlier; this request changed nothing)"
        if not won:
            res["already"] = True
        if res["outcome"] == "applied":
            transactions.append({k: v for k, v in res.items() if k != "reason"})
            line = decision_line(card)
            lines.append(line[:-1] + again + "." if again else line)
            if res.get("reason"):  # a trade: the other manager's answer
                lines.append(res["reason"])
        elif res["outcome"] in ("countered", "rejected"):  # a trade proposal the other manager did not accept
            lines.append(res["reason"] + ("" if res["outcome"] == "rejected" else " Their counter is a new card."))
            if res.get("counter") and counters is not None:  # with the proposal's own league (its scoring)
                own = sources.get(card.move_id)
                counters.append((source if own is None or isinstance(own, MoveConflict) else own, res["counter"]))
        elif res["outcome"] == "approved":
            transactions.append(res)
            lines.append("Approved. Make it in ESPN:\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(res["steps"], 1)))
        elif res["outcome"] == "declined":
            lines.append(f"Declined: {card.title}. Nothing changed{again}.")
        else:
            lines.append(f"Could not apply {card.title}: {res['reason']}. Nothing changed.")
        emit(DecisionEvent(move_id=card.move_id, outcome=res["outcome"], reason=res.get("reason")))
    return transactions, lines


DEFER = {"defer": True}  # the resume value that sets a waiting card set aside for a new question


def is_defer(resume) -> bool:
    return isinstance(resume, dict) and resume.get("defer") is True


def settle(source, cards: list[Card], decisions: dict[str, str], thread_id: str, set_id: str,
           after_decision: Callable[[list[dict], dict], str] | None = None, clock: Clock = default_clock,
           state: dict | None = None) -> dict:
    """Decides `cards` (one set) and returns the gate's update: the outcome text, the transactions,
    and the cards still to decide (after a decline and no approval, the set's other cards).
    `after_decision(transactions, state)` writes what follows an applied move (the new lineup, with
    the thread's state: its punt)."""
    counters: list[tuple] = []
    transactions, lines = decide(source, cards, decisions, thread_id, clock, set_id, counters=counters)
    declined = [c for c in cards if decisions.get(c.move_id) == "decline"]
    # After a decline (and no approval) the next best cards are offered again; an approval
    # closes the set, since the others were computed for the roster before the move.
    others = [c for c in cards if c.move_id not in decisions] if declined and not transactions else []
    if others:
        lines.append(f"Next best: {others[0].title}. Approve or decline it on its card.")
    elif declined and not transactions:
        lines.append("Standing pat is fine too; ask me again if a player's status changes.")
    if counters:  # a manager's counter to a trade proposal comes back as a card of its own
        from agents.trades.cards import counter_card

        others = [c for c in (counter_card(src, t) for src, t in counters) if c is not None] + others
    own_league = all(card_source_is(source, c) for c in cards)
    applied = any(t["outcome"] == "applied" for t in transactions)  # a roster changed (ESPN: steps only)
    if applied and after_decision and own_league and not any(t.get("already") for t in transactions):
        lines.append(after_decision(transactions, state or {}))
    text = "\n\n".join(lines) or "No decision was recorded."
    return {"pending_cards": card_dicts(others), "transactions": transactions, "answer": text,
            "decisions": [{"move_id": k, "decision": v} for k, v in decisions.items()],
            "messages": [AIMessage(content=text)]}


def make_present_and_confirm(source, after_decision: Callable[[list[dict], dict], str] | None = None,
                             clock: Clock = default_clock):
    """The node: pause with every card of the turn, then apply the person's decisions, or (a new
    question came first) set the cards aside as a deferred set that stays decidable."""

    def present_and_confirm(state: dict, config) -> dict:
        cards = cards_of(state.get("pending_cards"))  # state keeps the cards' JSON; typed from here on
        if not cards:
            return {}
        thread_id = config.get("configurable", {}).get("thread_id", "")
        set_id = card_set_id(thread_id, cards, len(state.get("messages") or []))
        emit(ApprovalsEvent(cards=card_dicts(cards)))
        # a resume re-runs this node from its top: nothing above writes, so a re-run is harmless
        resume = interrupt({"cards": card_dicts(cards), "set_id": set_id})
        if is_defer(resume):  # the answer and history stay as they were; the cards wait aside
            kept = [d for d in state.get("deferred") or [] if d.get("set_id") != set_id]
            return {"pending_cards": [], "deferred": [{"set_id": set_id, "cards": card_dicts(cards)}, *kept]}
        update = settle(source, cards, normalize_decisions(resume, cards), thread_id, set_id, after_decision, clock,
                        state=state)
        return withdraw_stale(update, cards, state.get("deferred"))

    return present_and_confirm


def card_source_is(source, card: Card) -> bool:
    """True when `source` is the card's own league and team (so the session's lineup is the card's)."""
    return source.league_id == card.league_id and (card.team_id is None or source.my_team_id == card.team_id)


def route_after_confirm(state: dict) -> Literal["present_and_confirm", "__end__"]:
    """Back to the gate while declined cards left others to decide; otherwise the turn ends."""
    return "present_and_confirm" if state.get("pending_cards") else "__end__"
