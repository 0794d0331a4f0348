"""The desk's quote routes, as the market-maker reference design has them: a quote and its
progress record.

- `POST /api/desk/quote`: with `Prefer: respond-async`, 202 and the quote's id at once (its record
  says `processing`); without, the evaluation runs and the `QuoteResult` is the answer (as before),
  its record written as it went.
- `GET /api/desk/quote/{id}`: the record: `status`, `started_at`/`completed_at`, `progress[]` (one
  timestamped entry per step), `decision` and the `result`.
- `GET /api/desk/quote/{id}/events`: the same as server-sent events: each progress entry once, as
  it is written (`event: progress`), then `event: done` with the whole record.
"""
from __future__ import annotations

import asyncio

from fastapi import APIRouter, Header, Path
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from sse_starlette.sse import EventSourceResponse
from starlette.concurrency import run_in_threadpool

from agents import door
from api.models import ErrorBody, QuoteRequest
from api.routes import _desk

router = APIRouter()
ERRORS = {s: {"model": ErrorBody} for s in (400, 401, 404, 413, 429, 503)}
POLL_S = 0.2
QuoteId = Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")


def _bet(body: QuoteRequest):
    try:
        return door.desk.BetRequest(**body.model_dump(exclude={"at"}))
    except ValidationError as e:
        err = e.errors()[0]
        raise door.ServiceError(f"bad request: {'.'.join(map(str, err['loc'])) or 'request'}: {err['msg']}") from None


@router.post("/api/desk/quote", response_model=door.desk.QuoteResult, responses=ERRORS | {202: {
    "description": "with `Prefer: respond-async`: `{quote_id, status: processing, url, events}` at once"}})
def desk_quote(body: QuoteRequest, idempotency_key: str | None = Header(None, max_length=200),
               prefer: str | None = Header(None, max_length=200)):
    """Ask the market maker to take a bet: accepted, rejected or countered. With an
    `Idempotency-Key` header a retry returns the first outcome (`replayed`) instead of booking again;
    with `Prefer: respond-async` the answer is the quote's id at once (read its record)."""
    req, desk = _bet(body), _desk()
    if prefer and "respond-async" in prefer.lower():
        qid = desk.start_quote(req, body.at, key=idempotency_key)
        return JSONResponse({"quote_id": qid, "status": "processing", "url": f"/api/desk/quote/{qid}",
                             "events": f"/api/desk/quote/{qid}/events", "error": None}, status_code=202)
    return desk.quote_tracked(req, body.at, key=idempotency_key)


def _record(quote_id: str):
    rec = _desk().quote_progress(quote_id)
    if rec is None:
        raise door.supervisor.CardNotFound(f"no quote {quote_id}")
    return rec


@router.get("/api/desk/quote/{quote_id}", responses=ERRORS)
def desk_quote_record(quote_id: str = QuoteId):
    """The quote's progress record: status, timestamped progress, decision and result."""
    return _record(quote_id).model_dump(mode="json")


@router.get("/api/desk/quote/{quote_id}/events", responses=ERRORS | {200: {"content": {"text/event-stream": {}}}})
async def desk_quote_events(quote_id: str = QuoteId):
    """The progress record as server-sent events: each step once, then `done` with the record."""
    await run_in_threadpool(_record, quote_id)  # 404 before the stream starts

    async def stream():
        sent = 0
        while True:
            rec = await run_in_threadpool(_record, quote_id)
            for step in rec.progress[sent:]:
                yield {"event": "progress", "data": step.model_dump_json()}
            sent = len(rec.progress)
            if rec.status != "processing":
                yield {"event": "done", "data": rec.model_dump_json()}
                return
            await asyncio.sleep(POLL_S)

    return EventSourceResponse(stream(), ping=15)
