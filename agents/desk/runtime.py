"""The desk's one entry point for the CLI, the Desk page, chat and the benchmark: quote a request
through the market maker graph, accept a counter (TTL and market-move checks, else a fresh
evaluation), the day's games with the desk's quotes, settlement and the calculation audit.

Shadow mode (market-maker seed, "Migration Path"): every request runs through both the agent and
the fixed-rule engine (`services.desk.rules`); the configured one (`answering`, setting
`desk_answering`, default the agent) answers and books, the other's decision is logged beside it
in the quote's record (`engines`), and `shadow_report` compares them on the real finals.
"""
from __future__ import annotations

import datetime as dt
import json
import time
from typing import Callable

from langchain_core.messages import HumanMessage
from pydantic import BaseModel

from agents.contracts import TextEvent, ToolEnd, ToolStart
from agents.desk import prompts as P
from agents.desk.clock import DeskClock
from agents.desk.graph import build_graph
from agents.desk.tools import market_view
from services import season_games
from services.desk import calc, flex, profiles, rules, shadow
from services.desk.book import AlreadyBooked, DeskBook, LimitBreach, calcs_jsonl, new_id
from services.desk.counters import check_counter
from services.desk.models import BetRequest, Decision, DeskLimits
from services.markets import state as market
from services.models import ServiceError
from services.store import StateStore, state_store

COUNTER_NOTICE = ("Valid while the TTL runs and the market moves less than the limit; otherwise accepting "
                  "starts a fresh evaluation, which may give different terms.")


class QuoteResult(BaseModel):
    quote_id: str
    parent_quote_id: str | None = None
    game_id: str
    at: dt.datetime
    status: str  # accepted | rejected | countered (later: counter_accepted, counter_expired, ...)
    request: dict
    decision: dict
    desk_odds: float | None
    market_line: float | None
    counter: dict | None = None
    position: dict | None = None
    tool_calls: list[dict] = []
    steps: list[str] = []
    model_calls: int = 0
    elapsed_ms: float = 0.0
    labels: list[str] = []
    error: str | None = None


class AcceptResult(BaseModel):
    quote_id: str
    status: str  # counter_accepted | counter_rejected | fresh_evaluation
    check: dict
    position: dict | None = None
    fresh: QuoteResult | None = None
    model_calls: int = 0
    error: str | None = None


class Desk:
    def __init__(self, model=None, store: StateStore | None = None, limits: DeskLimits | None = None,
                 provider: str | None = None, wall: Callable[[], float] = time.time,
                 answering: str | None = None, risk: bool = True):
        """`answering`: "agent" or "rules" (both always run; default the `desk_answering` setting).
        `risk`: per-bettor profiles and liability shading on (off: the benchmark's "before")."""
        from services.config import get_settings

        if model is None:
            from agents.llm import desk_model

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

    # --- quotes -------------------------------------------------------------------------------
    def quote(self, req: BetRequest, at: dt.datetime | None = None, parent: str | None = None,
              on_event: Callable[[dict], None] | None = None) -> QuoteResult:
        at = at or self.clock.now()
        try:
            s = market.market_state(req.game_id, at)
        except KeyError as e:
            raise ServiceError(str(e).strip('"')) from None
        qid, t0 = new_id("q"), time.perf_counter()
        bet = market_view(req.game_id, at, (req.market, req.side, req.line))["quote"]
        if not s.listed or s.minutes_to_tip <= 0:
            why = "not listed yet (markets open 48 h before tip)" if not s.listed else "the game has started"
            decision = Decision(decision="reject", reason=f"market closed: {why}", confidence=1.0)
            return self._save(qid, parent, req, at, decision, bet, [], [], 0, t0, s.labels)
        ex = self.book.exposure(req.game_id, req.market, req.side)
        ruled = rules.rule_decision(req, bet["desk_odds"], bet["market_line"], ex["side_exposure"] or 0.0,
                                    ex["game_exposure"], self.limits.max_per_side, self.limits.max_per_game)
        prof = (profiles.profile(self.book.store, req.bettor, at) if self.risk else
                profiles.BettorProfile(bettor=req.bettor, bets_closed=0, clv_pct=None, sharp=False,
                                       accept_edge_pct=calc.ACCEPT_EDGE_PCT, max_stake=None, rule="profiles off"))
        task = {"request": req.model_dump(), "limits": self.limits.model_dump(), "desk_time": at.isoformat(),
                "bettor_profile": prof.model_dump()}
        payload = {"messages": [HumanMessage(P.TASK_PROMPT.format(task=json.dumps(task)))],
                   "request": req.model_dump(), "limits": self.limits.model_dump(), "quote_id": qid,
                   "profile": prof.model_dump(), "shading": self.risk,
                   "at": at.isoformat(), "tool_call_count": 0, "llm_calls": 0, "retries": 0, "decision": None}
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
        return self._save(qid, parent, req, at, engines[self.answering], bet, list(calls.values()), steps,
                          final.get("llm_calls", 0), t0, s.labels, engines, prof)

    def _counter_terms(self, req: BetRequest, decision: Decision, at: dt.datetime) -> tuple[dict, float]:
        """A counter's terms (a countered line without odds is priced by the same margin model) and
        the desk's price for them at `at` (the market-move check's reference)."""
        line = decision.line if decision.line is not None else req.line
        odds_then = market.bet_odds(market.market_state(req.game_id, at), req.market, req.side, line)
        odds = decision.odds or (odds_then if line != req.line else req.odds)
        return {"market": req.market, "side": req.side, "line": line, "odds": odds,
                "amount": decision.amount or req.amount}, odds_then

    def _save(self, qid, parent, req, at, decision, bet, tool_calls, steps, model_calls, t0, labels,
              engines: dict | None = None, prof=None) -> QuoteResult:
        status, position, counter = {"accept": "accepted", "reject": "rejected", "counter": "countered"}[decision.decision], None, None
        record = {"desk_odds": bet["desk_odds"], "market_line": bet["market_line"], "parent_quote_id": parent,
                  "tool_calls": tool_calls, "steps": steps, "model_calls": model_calls}
        if engines is not None:
            record |= {"answered_by": self.answering, "engines": {e: d.model_dump() for e, d in engines.items()},
                       "engine_counters": {e: self._counter_terms(req, d, at)[0] for e, d in engines.items()
                                           if d.decision == "counter"}}
        if prof is not None:
            record |= {"bettor_profile": prof.model_dump(), "accept_edge_pct": prof.accept_edge_pct}
        if decision.decision == "accept":
            try:
                position = self.book.book_position(qid, req.game_id, req.market, req.side, req.line, decision.odds,
                                                   decision.amount, self.limits, at)
            except LimitBreach as e:
                status, record["booking_refused"] = "rejected", str(e)
        elif decision.decision == "counter":
            terms, odds_then = self._counter_terms(req, decision, at)
            line = terms["line"]
            counter = {"terms": terms, "line_change": None if line == req.line else
                       {"from": req.line, "to": line, "points": round(abs(line - req.line), 1),
                        "bound_points": flex.flex_bound(req.market)}, "ttl_seconds": decision.ttl_seconds, "max_market_move_pct": decision.max_market_move_pct,
                       "countered_at": at.isoformat(), "expires_at": (at + dt.timedelta(seconds=decision.ttl_seconds)).isoformat(),
                       "desk_odds_then": odds_then, "notice": COUNTER_NOTICE}
            record["counter"] = counter
        record["position"] = position
        self.book.save_quote(qid, req.game_id, at, status, req.model_dump(), decision.model_dump(), record)
        return QuoteResult(quote_id=qid, parent_quote_id=parent, game_id=req.game_id, at=at, status=status,
                           request=req.model_dump(), decision=decision.model_dump(), desk_odds=bet["desk_odds"],
                           market_line=bet["market_line"], counter=counter, position=position, tool_calls=tool_calls,
                           steps=steps, model_calls=model_calls, labels=labels,
                           elapsed_ms=round((time.perf_counter() - t0) * 1000, 1),
                           error=record.get("booking_refused"))

    # --- the counter lifecycle -----------------------------------------------------------------
    def accept(self, quote_id: str, at: dt.datetime | None = None,
               on_event: Callable[[dict], None] | None = None) -> AcceptResult:
        q = self.book.quote(quote_id)
        if q is None:
            raise ServiceError(f"no quote with id {quote_id!r}")
        if q["status"] != "countered":
            raise ServiceError(f"quote {quote_id} is {q['status']}; only a counter can be accepted")
        at = at or self.clock.now()
        c = q["record"]["counter"]
        t = c["terms"]
        odds_now = market.bet_odds(market.market_state(q["game_id"], at), t["market"], t["side"], t["line"])
        chk = check_counter(dt.datetime.fromisoformat(c["countered_at"]), c["ttl_seconds"], c["max_market_move_pct"],
                            c["desk_odds_then"], odds_now, at)
        check = chk.model_dump() | {"desk_odds_now": odds_now}
        if chk.valid:  # within TTL and move: booked on the counter's terms, no model call
            try:
                pos = self.book.book_position(quote_id, q["game_id"], t["market"], t["side"], t["line"], t["odds"],
                                              t["amount"], self.limits, at)
            except (LimitBreach, AlreadyBooked) as e:
                self.book.set_status(quote_id, "counter_rejected", accept_check=check, booking_refused=str(e))
                return AcceptResult(quote_id=quote_id, status="counter_rejected", check=check, error=str(e))
            self.book.set_status(quote_id, "counter_accepted", accept_check=check, position=pos)
            return AcceptResult(quote_id=quote_id, status="counter_accepted", check=check, position=pos)
        self.book.set_status(quote_id, f"counter_{chk.status}", accept_check=check)
        req = BetRequest(**(q["request"] | {"odds": t["odds"], "amount": t["amount"], "line": t["line"]}))
        fresh = self.quote(req, at, parent=quote_id, on_event=on_event)
        return AcceptResult(quote_id=quote_id, status="fresh_evaluation", check=check, fresh=fresh,
                            model_calls=fresh.model_calls)

    # --- views -----------------------------------------------------------------------------------
    def games(self, day: dt.date, at: dt.datetime | None = None) -> list[dict]:
        at = at or self.clock.now()
        return [market_view(g.game_id, at) for g in season_games.schedule(day, day, season_type=None)]

    def settle(self, through: dt.date) -> dict:
        done = self.book.settle_through(through)
        return {"through": through.isoformat(), "settled": done, "count": len(done),
                "desk_pnl": round(sum(p["pnl"] for p in done), 2), "handle": round(sum(p["amount"] for p in done), 2)}

    def audit(self, tool: str | None = None, verified: bool | None = None, quote_id: str | None = None,
              limit: int = 500) -> list[dict]:
        """The calculation log (newest first), each row recomputed: `matched` and what differs."""
        rows = self.book.calcs(tool, verified, quote_id or None, limit)
        for c in rows:
            c["matched"], c["differs"] = calc.verify(c["tool"], c["inputs"], c["outputs"])
        return rows

    def mark_verified(self, calc_ids: list[str], by: str = "auditor") -> int:
        return self.book.mark_verified(calc_ids, by, dt.datetime.now(dt.timezone.utc))

    @staticmethod
    def export_jsonl(rows: list[dict]) -> str:
        return calcs_jsonl(rows)

    def verify(self, last: int = 50) -> dict:
        rows = []
        for c in self.book.calcs(limit=last):
            ok, diffs = calc.verify(c["tool"], c["inputs"], c["outputs"])
            rows.append({"calc_id": c["calc_id"], "tool": c["tool"], "quote_id": c["quote_id"], "matched": ok,
                         "differs": diffs})
        matched = sum(r["matched"] for r in rows)
        out = {"checked": len(rows), "matched": matched, "mismatched": len(rows) - matched, "calcs": rows}
        return out | self.verify_line_counters(last)

    def verify_line_counters(self, last: int = 50) -> dict:
        """`desk verify`'s recompute of the line-flexibility counters (kept apart from the calculation
        re-check above): each countered line re-derived from the market at its time, within bounds."""
        checks = [flex.recheck_line_counter(q) for q in self.book.quotes(limit=last)
                  if (q["record"].get("counter") or {}).get("line_change")]
        bad = sum(not c["matched"] for c in checks)
        return {"line_counters": {"checked": len(checks), "matched": len(checks) - bad, "mismatched": bad,
                                  "counters": checks}}

    @staticmethod
    def netted_by_game(positions: list[dict]) -> dict[str, dict]:
        """Per game: the netted worst case per outcome beside the gross the limits bind on."""
        from services.desk.exposure import netted

        out = {}
        for gid in sorted({p["game_id"] for p in positions}):
            ps = [p for p in positions if p["game_id"] == gid]
            out[gid] = netted(ps) | {"gross_worst_loss": round(sum(p["liability"] for p in ps), 2)}
        return out

    def shadow_report(self, through: dt.date | None = None, limit: int = 10_000) -> dict:
        """Shadow mode's discrepancy report: agent vs rule engine, graded on finals through `through`
        (default: the finals known at the desk clock's time)."""
        from services.markets.clock import results_known_before

        if through is None:
            through = results_known_before(self.clock.now()) - dt.timedelta(days=1)
        return shadow.report(self.book.quotes(limit=limit), through)


def next_line_move(game_id: str, at: dt.datetime) -> dt.datetime | None:
    """When the game's market next moves (the demo's "nudge the market")."""
    return market.next_move(game_id, at)
