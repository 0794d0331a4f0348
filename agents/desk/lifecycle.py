"""The counter lifecycle, atomic: accepting a counter reads the market and the counter's status
inside one transaction with the game locked, and writes its outcome there.

- valid (within TTL and market move): the position, the status `counter_accepted` and the
  outcome commit together; a limit breach commits `counter_rejected` instead (exit 1).
- expired or moved: the status and the claim of the fresh evaluation (idempotency key
  `fresh:<quote id>`) commit together; the fresh quote then books and writes the parent's
  outcome in ITS booking transaction.
- every later or concurrent accept returns that first outcome (`replayed`); nothing is booked
  twice and no loser overwrites the winner's status. A request that finds the fresh evaluation's
  claimer dead takes it over (services/desk/idempotency.py).
"""
from __future__ import annotations

import datetime as dt
from typing import Callable, Protocol

from services.desk import idempotency as idem
from services.desk.book import AlreadyBooked, LimitBreach
from services.desk.counters import check_counter
from services.desk.models import BetRequest
from services.markets import state as market
from services.models import ServiceError

from agents.desk.clock import DeskClock
from agents.desk.results import AcceptResult, QuoteResult
from services.desk.book import DeskBook
from services.desk.models import DeskLimits


class CounterDesk(Protocol):
    """What accepting a counter needs of the desk (agents/desk/runtime.py's `Desk` is one): its book,
    clock and limits, and its quote path for the fresh evaluation. A protocol, so this module does not
    import the runtime that imports it."""
    book: DeskBook
    clock: DeskClock
    limits: DeskLimits

    def quote(self, req: BetRequest, at: dt.datetime | None = None, **kw) -> QuoteResult: ...


def fresh_key(quote_id: str) -> str:
    return f"fresh:{quote_id}"


def _replay(q: dict) -> AcceptResult:
    return AcceptResult(**(q["record"]["accept"] | {"replayed": True}))


def accept_counter(desk: CounterDesk, quote_id: str, at: dt.datetime | None,
                   on_event: Callable[[dict], None] | None) -> AcceptResult:
    q = desk.book.quote(quote_id)
    if q is None:
        raise ServiceError(f"no quote with id {quote_id!r}")
    if "counter" not in q["record"] or not q["status"].startswith("counter"):
        raise ServiceError(f"quote {quote_id} is {q['status']}; only a counter can be accepted")
    at = at or desk.clock.now()
    book, c = desk.book, q["record"]["counter"]
    t = c["terms"]
    with book.game_lock(q["game_id"]):
        q = book.quote(quote_id)  # again, under the lock: another accept may have decided it
        if q["record"].get("accept"):
            return _replay(q)
        if q["status"] == "countered":
            odds_now = market.bet_odds(market.market_state(q["game_id"], at), t["market"], t["side"], t["line"])
            chk = check_counter(dt.datetime.fromisoformat(c["countered_at"]), c["ttl_seconds"],
                                c["max_market_move_pct"], c["desk_odds_then"], odds_now, at)
            check = chk.model_dump() | {"desk_odds_now": odds_now, "at": at.isoformat()}
            if chk.valid:  # booked on the counter's terms, no model call
                try:
                    pos = book.book_position(quote_id, q["game_id"], t["market"], t["side"], t["line"], t["odds"],
                                             t["amount"], desk.limits, at)
                    res = AcceptResult(quote_id=quote_id, status="counter_accepted", check=check, position=pos)
                except (LimitBreach, AlreadyBooked) as e:
                    res = AcceptResult(quote_id=quote_id, status="counter_rejected", check=check,
                                       error=f"the counter could not be booked: {e}")
                book.set_status(quote_id, res.status, accept_check=check, position=res.position,
                                booking_refused=res.error, accept=res.model_dump(mode="json"))
                return res
            status = f"counter_{chk.status}"
            book.set_status(quote_id, status, accept_check=check, fresh_key=fresh_key(quote_id))
            idem.claim_once(book, fresh_key(quote_id), "fresh", None)  # claimed with the status, atomically
        else:  # voided by an earlier accept whose fresh evaluation is running (or died)
            status, check = q["status"], q["record"]["accept_check"]
    if q["status"] != "countered":
        if idem.claim(book, fresh_key(quote_id), "fresh", None) is not None:  # waits for the first outcome
            return _replay(book.quote(quote_id))
    req = BetRequest(**(q["request"] | {"odds": t["odds"], "amount": t["amount"], "line": t["line"]}))

    def record_outcome(fresh) -> None:  # inside the fresh quote's booking transaction
        res = AcceptResult(quote_id=quote_id, status="fresh_evaluation", check=check, fresh=fresh,
                           model_calls=fresh.model_calls, error=fresh.error)
        book.set_status(quote_id, status, accept=res.model_dump(mode="json"))

    fresh = desk.quote(req, at, parent=quote_id, on_event=on_event, key=fresh_key(quote_id), _claimed=True,
                       _on_booked=record_outcome)
    return AcceptResult(quote_id=quote_id, status="fresh_evaluation", check=check, fresh=fresh,
                        model_calls=fresh.model_calls, error=fresh.error)
