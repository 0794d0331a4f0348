"""A quote's progress record, a mixin of `agents.desk.runtime.Desk`: `quote` writing each step as
it goes (`quote_tracked`), started on a thread of its own (`start_quote`), and read back
(`quote_progress`, also for a quote made without one). `GET /api/desk/quote/{id}` and the Desk page
read it (services/desk/progress.py stores it)."""
from __future__ import annotations

import datetime as dt
import logging
from typing import Callable

from agents.core.contracts import DeskStep, TextEvent, ToolEnd, ToolStart
from agents.desk.results import QuoteResult
from services.desk import idempotency as idem
from services.desk import progress
from services.desk.book import new_id
from services.desk.models import BetRequest
from services.markets import state as market
from services.models import ServiceError

log = logging.getLogger("agents.desk.runtime")  # the runtime's logger, as before the split


class TrackedQuotes:
    """The progress record of the desk's quotes (`self.quote`, `self.book`, `self.clock`: the desk's)."""

    # --- the progress record (the reference design's progress document) -------------------------
    def quote_tracked(self, req: BetRequest, at: dt.datetime | None = None, key: str | None = None,
                      quote_id: str | None = None, on_event: Callable[[dict], None] | None = None,
                      _started: bool = False) -> QuoteResult:
        """`quote`, writing its progress record as it goes: each step timestamped, then the decision
        and the result (or the error). `GET /api/desk/quote/{id}` and the Desk page read it."""
        qid = quote_id or new_id("q")
        if not _started:
            self._check_game(req, at, key)  # bad input writes nothing, not even a record
            progress.start(self.book.store, qid, req.model_dump())

        def record(ev) -> None:
            step = _progress_step(ev)
            if step is not None:
                progress.add_step(self.book.store, qid, *step)
            if on_event is not None:
                on_event(ev)

        try:
            result = self.quote(req, at, on_event=record, key=key, quote_id=qid)
        except Exception as e:
            progress.fail(self.book.store, qid, str(e).splitlines()[0] if str(e) else type(e).__name__)
            raise
        progress.finish(self.book.store, qid, result.model_dump(mode="json"))
        return result

    def start_quote(self, req: BetRequest, at: dt.datetime | None = None, key: str | None = None) -> str:
        """Starts `quote_tracked` on a thread of its own and returns the quote's id at once (its
        record already says `processing`)."""
        import threading

        self._check_game(req, at, key)
        qid = new_id("q")
        progress.start(self.book.store, qid, req.model_dump())

        def run() -> None:
            try:
                self.quote_tracked(req, at, key, qid, _started=True)
            except Exception:  # noqa: BLE001 - boundary: the record says what failed
                log.info("a started quote failed", exc_info=True)

        threading.Thread(target=run, name=f"desk-quote-{qid}", daemon=True).start()
        return qid

    def _check_game(self, req: BetRequest, at: dt.datetime | None, key: str | None = None) -> None:
        """Bad input a quote would refuse, checked before its progress record is written."""
        if key is not None:
            idem.check_key(key)
        try:
            market.market_state(req.game_id, at or self.clock.now())
        except KeyError as e:
            raise ServiceError(str(e).strip('"')) from None

    def quote_progress(self, quote_id: str) -> progress.QuoteProgress | None:
        """The quote's progress record; for a quote made without one (the CLI's), one built from the
        stored quote: complete, its steps without their times."""
        rec = progress.get(self.book.store, quote_id)
        if rec is not None:
            return rec
        q = self.book.quote(quote_id)
        if q is None:
            return None
        at = dt.datetime.fromisoformat(q["at"])
        return progress.QuoteProgress(quote_id=quote_id, status="complete", started_at=at, completed_at=at,
                                      request=q["request"], decision=q["decision"],
                                      progress=[progress.ProgressStep(step="step", message=m, ts=at)
                                                for m in q["record"].get("steps", [])])


def _progress_step(ev) -> tuple[str, str, dict | None] | None:
    """(step, message, data) of an evaluation event for the progress record (None: not a step)."""
    if isinstance(ev, ToolStart):
        return ev.name, ev.text, {"args": dict(ev.args)}
    if isinstance(ev, ToolEnd):
        return f"{ev.name}:done", f"{ev.name} {'done' if ev.ok else 'failed'} in {ev.ms:g} ms", \
            {"ok": ev.ok, "ms": ev.ms}
    if isinstance(ev, DeskStep):
        return ev.name, ev.text, None
    if isinstance(ev, TextEvent) and ev.type == "guard":
        return "guard", ev.text, None
    return None
