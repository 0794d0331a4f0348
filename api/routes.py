"""The routes: chat (SSE or JSON), player research, threads, approvals, desk, signals, health.

Each route calls one facade of `agents.door`; the synchronous ones run on FastAPI's thread pool,
turns on the app's bounded turn pool (`api.streaming`).
"""
from __future__ import annotations

import datetime as dt
import threading

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from sse_starlette.sse import EventSourceResponse
from starlette.concurrency import run_in_threadpool

from agents import door
from api.models import (AcceptRequest, Approvals, ChatRequest, Day, DecisionRequest, ErrorBody, Health, Moment,
                        PlayerRequest, SignalsRunRequest)
from api.streaming import events_of, result_of, sse

router = APIRouter()
ERRORS = {s: {"model": ErrorBody} for s in (400, 401, 403, 404, 409, 413, 429, 503)}
_desks: dict[str | None, object] = {}
_desks_guard = threading.Lock()


def status_of(result: door.TurnResult) -> int:
    """200; 409 when refused (a decided set, a waiting card, a busy thread); 503 when it failed."""
    return 200 if not result.error else 409 if result.refused else 503


def _json(result: door.TurnResult) -> JSONResponse:
    return JSONResponse(result.model_dump(mode="json"), status_code=status_of(result))


@router.post("/api/agent/chat", response_model=door.TurnResult, responses=ERRORS | {200: {
    "description": "`text/event-stream` (default): one event per `TurnEvent` (`event:` its type, `data:` its "
                   "JSON), ending with `done` carrying the `TurnResult`. `Accept: application/json`: the "
                   "`TurnResult` alone.", "content": {"text/event-stream": {}}}})
async def chat(body: ChatRequest, request: Request):
    """One chat turn of the supervisor, streamed as the UI draws it."""
    sup, thread_id = await run_in_threadpool(door.supervisor.open_thread, body.thread_id, request.state.owner,
                                             body.as_of, body.scoring, None, body.team)
    pool = request.app.state.pool
    run = lambda: sup.turn(body.message, thread_id)  # noqa: E731
    if "application/json" in request.headers.get("accept", ""):
        return _json(await result_of(run, pool))

    async def stream():
        async for ev in events_of(run, pool):
            yield sse(ev)

    return EventSourceResponse(stream(), ping=15)


@router.post("/api/agent/player", response_model=door.TurnResult, responses=ERRORS)
async def player(body: PlayerRequest, request: Request):
    """The player research agent: a player's status, form, news and game log, with its tool calls."""
    sup, thread_id = await run_in_threadpool(door.supervisor.open_thread, None, request.state.owner)
    question = door.supervisor.research_question(body.name.strip(), body.last_n)
    return _json(await result_of(lambda: sup.turn(question, thread_id), request.app.state.pool))


@router.get("/api/threads", response_model=list[door.models.ThreadSummary], responses=ERRORS)
def my_threads(request: Request, limit: int = Query(20, ge=1, le=100)):
    """Your conversations, newest first, each with its title, pending cards and league."""
    return door.supervisor.my_threads(door.supervisor.open(), request.state.owner, limit)


@router.get("/api/threads/{thread_id}", response_model=door.models.ThreadHistory, responses=ERRORS)
def thread(thread_id: str, request: Request):
    """A conversation's turns (with their steps) and the cards waiting in it."""
    sup, _ = _own_thread(thread_id, request.state.owner)
    return sup.thread_history(thread_id)


def _own_thread(thread_id: str, owner: str):
    if len(thread_id) > 64 or not thread_id.replace("-", "").replace("_", "").isalnum():
        raise door.ServiceError("a thread id is up to 64 letters, digits, '-' or '_'")
    if not door.supervisor.thread_started(thread_id):
        raise door.supervisor.CardNotFound(f"no conversation {thread_id}")
    return door.supervisor.open_thread(thread_id, owner)


@router.get("/api/approvals", response_model=Approvals, responses=ERRORS)
def approvals(request: Request, league: str | None = Query(None, max_length=80,
                                                                description="a league id or label")):
    """Cards waiting for a decision in your conversations, in every league (or one)."""
    sup = door.supervisor.open()
    return Approvals(approvals=door.supervisor.pending_cards(sup, request.state.owner, league))


@router.post("/api/approvals/{move_id}", response_model=door.TurnResult, responses=ERRORS)
async def decide(move_id: str, body: DecisionRequest, request: Request):
    """Approve or decline a card by its id: one decision per card set, as in the UI and the CLI."""
    owner, pool = request.state.owner, request.app.state.pool
    events = await run_in_threadpool(door.supervisor.stream_decide, move_id[:120], body.decision, owner)
    return _json(await result_of(lambda: events, pool))


def _desk(provider: str | None = None):
    with _desks_guard:
        if provider not in _desks:
            _desks[provider] = door.desk.open(provider)
        return _desks[provider]


@router.get("/api/desk/games", response_model=door.desk.DeskGames, responses=ERRORS)
def desk_games(date: Day, at: Moment | None = None):
    """The day's games with the desk's prices at desk time `at` (default: the desk clock)."""
    return door.desk.games(_desk(), date, _aware(at))


@router.post("/api/desk/accept", response_model=door.desk.AcceptResult, responses=ERRORS)
def desk_accept(body: AcceptRequest, idempotency_key: str | None = Header(None, max_length=200)):
    """Accept the desk's counter: booked while valid, else a fresh evaluation (once: a repeated accept
    gets the first outcome, `replayed`)."""
    return _desk().accept(body.quote_id, _aware(body.at), key=idempotency_key)


def _aware(at: dt.datetime | None) -> dt.datetime | None:
    return at if at is None or at.tzinfo else at.replace(tzinfo=dt.timezone.utc)


@router.post("/api/signals/run", response_model=door.signals.DayRun, responses=ERRORS)
def signals_run(body: SignalsRunRequest):
    """Run the signals pod over every game of a day."""
    return door.signals.run_day(body.date, body.mode, threshold=body.threshold)


@router.get("/healthz", response_model=Health, responses={503: {"model": Health}})
def healthz():
    """Up, with its settings, home and stores readable (503 and why, otherwise)."""
    problem = door.check_environment()
    return JSONResponse(Health(status="down" if problem else "ok", error=problem).model_dump(),
                        status_code=503 if problem else 200)
