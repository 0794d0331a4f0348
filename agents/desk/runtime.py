"""The desk's one entry point for the CLI, the Desk page, chat and the benchmark: quote a request
through the market maker graph, accept a counter (TTL and market-move checks, else a fresh
evaluation), the day's games with the desk's quotes, settlement and the calculation audit.

Shadow mode (market-maker seed, "Migration Path"): every request runs through both the agent and
the fixed-rule engine (`services.desk.rules`); the configured one (`answering`, setting
`desk_answering`, default the agent) answers and books, the other's decision is logged beside it
in the quote's record (`engines`), and `shadow_report` compares them on the real finals.

The progress record of a quote is agents/desk/tracking.py's, the views over the book
agents/desk/views.py's (both mixed into `Desk`).
"""
from __future__ import annotations

import datetime as dt
import json
import time
from typing import Callable

from langchain_core.messages import HumanMessage

from agents.core.contracts import TextEvent, ToolEnd, ToolStart
from agents.desk import lifecycle
from agents.desk import prompts as P
from agents.desk.clock import DeskClock
from agents.desk.graph import build_graph
from agents.desk.results import AcceptResult, QuoteResult  # noqa: F401 (re-exported: the desk facade's)
from agents.desk.tools import market_view
from agents.desk.tracking import TrackedQuotes
from agents.desk.views import DeskViews
from services.desk import calc, flex, profiles, progress, rules, shadow
from services.desk import idempotency as idem
from services.desk.book import DeskBook, LimitBreach, new_id
from services.desk.models import BetRequest, Decision, DeskLimits, echo_differences
from services.markets import state as market
from services.models import ServiceError
from services.store.state import StateStore, state_store

COUNTER_NOTICE = ("Valid while the TTL runs and the market moves less than the limit; otherwise accepting "
                  "starts a fresh evaluation, which may give different terms.")


def not_an_echo(decision: Decision, req: BetRequest) -> str | None:
    """Why an accept decision cannot be booked as one: its terms are not the request's (the graph
    turns such an accept into a counter; this guards every engine at the booking step)."""
    diffs = echo_differences(decision, req)
    return f"an accept must echo the request ({'; '.join(diffs)}); nothing was booked" if diffs else None


def last_look(decision: Decision, price_now: float, tool_calls: list[dict], s_now,
              accept_edge_pct: float = calc.ACCEPT_EDGE_PCT) -> str | None:
    """Why an accept cannot be booked at the desk's price read inside the booking transaction:
    the market closed, the evaluation priced it against another desk price (a stale reuse), or
    the odds give the bettor more edge than the desk accepts from this bettor (None: book it)."""
    if not s_now.listed or s_now.minutes_to_tip <= 0:
        return "market closed at booking: " + ("not listed yet" if not s_now.listed else "the game has started")
    basis = next((c["args"].get("market_odds") for c in reversed(tool_calls) if c["name"] == "compare_odds"), None)
    if isinstance(basis, (int, float)) and abs(basis - price_now) > calc.TOL:
        return (f"the market moved: the desk's price at booking is {price_now}, the evaluation used {basis}; "
                f"nothing was booked, ask again for a fresh quote")
    edge = calc.compare_odds(decision.odds, price_now)["bettor_edge_pct"]
    if edge > accept_edge_pct + calc.TOL:
        return (f"last look: {decision.odds} is a {edge:.2f}% bettor edge over the desk's price {price_now} at "
                f"booking (over {accept_edge_pct:g}%); nothing was booked")
    return None


class Desk(TrackedQuotes, DeskViews):
    def __init__(self, model=None, store: StateStore | None = None, limits: DeskLimits | None = None,
                 provider: str | None = None, wall: Callable[[], float] = time.time,
                 answering: str | None = None, risk: bool = True):
        """`answering`: "agent" or "rules" (both always run; default the `desk_answering` setting).
        `risk`: per-bettor profiles and liability shading on (off: the benchmark's "before")."""
        from services.config import get_settings

        if model is None:
            from agents.models.llm import desk_model

            model = desk_model(provider=provider)
        self.book = DeskBook(store or state_store())
        s = get_settings()
        if limits is None:
            limits = DeskLimits(max_per_side=s.desk_max_per_side, max_per_game=s.desk_max_per_game)
        self.answering = answering or s.desk_answering
        if self.answering not in shadow.ENGINES:
            raise ServiceError(f"answering must be agent or rules, not {self.answering!r}")
        self.risk = risk
        self.limits = limits
        self.clock = DeskClock(self.book, wall)
        self.graph = build_graph(model, self.book)
        progress.ensure(self.book.store)

    # --- quotes -------------------------------------------------------------------------------
    def quote(self, req: BetRequest, at: dt.datetime | None = None, parent: str | None = None,
              on_event: Callable[[dict], None] | None = None, key: str | None = None,
              _claimed: bool = False, _on_booked: Callable[[QuoteResult], None] | None = None,
              quote_id: str | None = None) -> QuoteResult:
        """Evaluate and book. With `key`, a retry returns the first outcome (`replayed`) instead of
        booking again; the key is finished in the booking transaction. `quote_id`: the id to give the
        quote (default: a new one)."""
        if key is not None and not _claimed:
            idem.check_key(key)
            prior = idem.claim(self.book, key, "quote",
                               idem.fingerprint("quote", [req.model_dump(), at.isoformat() if at else None]))
            if prior is not None:
                return QuoteResult(**(prior | {"replayed": True}))
        try:
            return self._quote(req, at, parent, on_event, key, _on_booked, quote_id)
        except BaseException:
            if key is not None:  # nothing was booked: a corrected retry may use the key
                idem.release(self.book, key)
            raise

    def _quote(self, req, at, parent, on_event, key, on_booked, quote_id=None) -> QuoteResult:
        at_eval, started_ns = at or self.clock.now(), time.time_ns()
        try:
            s = market.market_state(req.game_id, at_eval)
        except KeyError as e:
            raise ServiceError(str(e).strip('"')) from None
        qid, t0 = quote_id or new_id("q"), time.perf_counter()
        bet = market_view(req.game_id, at_eval, (req.market, req.side, req.line))["quote"]
        ev = {"qid": qid, "parent": parent, "req": req, "at": at_eval, "bet": bet, "t0": t0, "labels": s.labels,
              "started_ns": started_ns, "key": key, "on_booked": on_booked}
        if not s.listed or s.minutes_to_tip <= 0:
            why = "not listed yet (markets open 48 h before tip)" if not s.listed else "the game has started"
            decision = Decision(decision="reject", reason=f"market closed: {why}", confidence=1.0)
            return self._save(ev, decision, [], [], 0, at_eval)
        ex = self.book.exposure(req.game_id, req.market, req.side)
        ruled = rules.rule_decision(req, bet["desk_odds"], bet["market_line"], ex["side_exposure"] or 0.0,
                                    ex["game_exposure"], self.limits.max_per_side, self.limits.max_per_game)
        prof = (profiles.profile(self.book.store, req.bettor, at_eval) if self.risk else
                profiles.BettorProfile(bettor=req.bettor, bets_closed=0, clv_pct=None, sharp=False,
                                       accept_edge_pct=calc.ACCEPT_EDGE_PCT, max_stake=None, rule="profiles off"))
        task = {"request": req.model_dump(), "limits": self.limits.model_dump(), "desk_time": at_eval.isoformat(),
                "bettor_profile": prof.model_dump()}
        payload = {"messages": [HumanMessage(P.TASK_PROMPT.format(task=json.dumps(task)))],
                   "request": req.model_dump(), "limits": self.limits.model_dump(), "quote_id": qid,
                   "profile": prof.model_dump(), "shading": self.risk,
                   "at": at_eval.isoformat(), "tool_call_count": 0, "llm_calls": 0, "retries": 0, "decision": None}
        final, calls, steps = {}, {}, []
        for mode, data in self.graph.stream(payload, {"recursion_limit": 40}, stream_mode=["custom", "values"]):
            if mode == "values":
                final = data
                continue
            if on_event:
                on_event(data)
            if isinstance(data, ToolStart):
                steps.append(data.text)
                calls[data.id] = {"name": data.name, "args": dict(data.args)}
            elif isinstance(data, ToolEnd) and data.id in calls:
                calls[data.id] |= {"ok": data.ok, "ms": data.ms}
            elif isinstance(data, TextEvent) and data.type == "guard":
                steps.append(data.text)
        agent = Decision(**final["decision"])
        engines = {"agent": agent, "rules": ruled}
        # the price is read again at booking: the desk clock has run on during the evaluation
        return self._save(ev | {"engines": engines, "prof": prof}, engines[self.answering], list(calls.values()),
                          steps, final.get("llm_calls", 0), at or self.clock.now())

    def _counter_terms(self, req: BetRequest, decision: Decision, at: dt.datetime) -> tuple[dict, float]:
        """A counter's terms (a countered line without odds is priced by the same margin model) and
        the desk's price for them at `at` (the market-move check's reference)."""
        line = decision.line if decision.line is not None else req.line
        odds_then = market.bet_odds(market.market_state(req.game_id, at), req.market, req.side, line)
        odds = decision.odds or (odds_then if line != req.line else req.odds)
        return {"market": req.market, "side": req.side, "line": line, "odds": odds,
                "amount": decision.amount or req.amount}, odds_then

    def _price_at_booking(self, req: BetRequest, s_now, agent_answers: bool) -> float:
        """The desk's price for the request inside the booking transaction: the market's, shaded
        against the side's exposure read now when the agent answers with shading on (as its
        get_market_state priced it)."""
        price = market.bet_odds(s_now, req.market, req.side, req.line)
        if not (agent_answers and self.risk):
            return price
        side_now = self.book.exposure(req.game_id, req.market, req.side)["side_exposure"] or 0.0
        return flex.shaded_odds(s_now, req.market, req.side, req.line, side_now, self.limits.max_per_side) or price

    def _save(self, ev: dict, decision: Decision, tool_calls: list[dict], steps: list[str], model_calls: int,
              booking_at: dt.datetime) -> QuoteResult:
        """The quote, its status, its position (or counter) and its idempotency key in ONE transaction,
        with the game locked and the market read inside it (the price at booking)."""
        req, qid, bet, at = ev["req"], ev["qid"], ev["bet"], ev["at"]
        engines, prof = ev.get("engines"), ev.get("prof")
        status = {"accept": "accepted", "reject": "rejected", "counter": "countered"}[decision.decision]
        position = counter = None
        record = {"desk_odds": bet["desk_odds"], "market_line": bet["market_line"], "parent_quote_id": ev["parent"],
                  "tool_calls": tool_calls, "steps": steps, "model_calls": model_calls,
                  "limits": self.limits.model_dump(), "eval_started_ns": ev["started_ns"]}
        if engines is not None:
            record |= {"answered_by": self.answering, "engines": {e: d.model_dump() for e, d in engines.items()},
                       "engine_counters": {e: self._counter_terms(req, d, at)[0] for e, d in engines.items()
                                           if d.decision == "counter"}}
        if prof is not None:
            record |= {"bettor_profile": prof.model_dump(), "accept_edge_pct": prof.accept_edge_pct}
        agent_answers = engines is not None and self.answering == "agent"
        with self.book.game_lock(req.game_id):
            s_now = market.market_state(req.game_id, booking_at)
            if decision.decision == "accept":
                price_now = self._price_at_booking(req, s_now, agent_answers)
                record["booking"] = {"at": booking_at.isoformat(), "desk_odds": price_now}
                band = prof.accept_edge_pct if (prof is not None and agent_answers) else calc.ACCEPT_EDGE_PCT
                refused = not_an_echo(decision, req) or last_look(decision, price_now,
                                                                   tool_calls if agent_answers else [], s_now, band)
                if refused is None:  # an accept books the request's terms (the decision echoes them)
                    try:
                        position = self.book.book_position(qid, req.game_id, req.market, req.side, req.line,
                                                           req.odds, req.amount, self.limits, booking_at)
                    except LimitBreach as e:
                        refused = str(e)
                if refused:
                    status, record["booking_refused"] = "rejected", refused
            elif decision.decision == "counter":
                terms, odds_then = self._counter_terms(req, decision, booking_at)
                line = terms["line"]
                counter = {"terms": terms, "line_change": None if line == req.line else
                           {"from": req.line, "to": line, "points": round(abs(line - req.line), 1),
                            "bound_points": flex.flex_bound(req.market)}, "ttl_seconds": decision.ttl_seconds,
                           "max_market_move_pct": decision.max_market_move_pct, "countered_at": booking_at.isoformat(),
                           "expires_at": (booking_at + dt.timedelta(seconds=decision.ttl_seconds)).isoformat(),
                           "desk_odds_then": odds_then, "notice": COUNTER_NOTICE}
                record["counter"] = counter
            record["position"] = position
            self.book.save_quote(qid, req.game_id, at, status, req.model_dump(), decision.model_dump(), record)
            result = QuoteResult(
                quote_id=qid, parent_quote_id=ev["parent"], game_id=req.game_id, at=at, status=status,
                request=req.model_dump(), decision=decision.model_dump(), desk_odds=bet["desk_odds"],
                market_line=bet["market_line"], counter=counter, position=position, tool_calls=tool_calls,
                steps=steps, model_calls=model_calls, labels=ev["labels"], booking=record.get("booking"),
                elapsed_ms=round((time.perf_counter() - ev["t0"]) * 1000, 1), error=record.get("booking_refused"))
            if ev["key"] is not None:
                idem.finish(self.book, ev["key"], result.model_dump(mode="json"))
            if ev["on_booked"] is not None:
                ev["on_booked"](result)
        return result

    # --- the counter lifecycle -----------------------------------------------------------------
    def accept(self, quote_id: str, at: dt.datetime | None = None,
               on_event: Callable[[dict], None] | None = None, key: str | None = None) -> AcceptResult:
        """Accept a counter, once: concurrent and repeated accepts all get the first outcome
        (`replayed` for the later ones); the loser never overwrites the winner's status."""
        if key is not None:
            idem.check_key(key)
            prior = idem.claim(self.book, key, "accept", idem.fingerprint("accept", quote_id))
            if prior is not None:
                return AcceptResult(**(prior | {"replayed": True}))
        try:
            res = lifecycle.accept_counter(self, quote_id, at, on_event)
        except BaseException:
            if key is not None:
                idem.release(self.book, key)
            raise
        if key is not None:  # the outcome itself is on the quote already: this is the key's pointer to it
            with self.book.store.transaction():
                idem.finish(self.book, key, res.model_dump(mode="json"))
        return res


def next_line_move(game_id: str, at: dt.datetime) -> dt.datetime | None:
    """When the game's market next moves (the demo's "nudge the market")."""
    return market.next_move(game_id, at)
