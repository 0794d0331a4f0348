"""The FastAPI application: the agents behind `agents.door`, over HTTP (issue #24).

`create_app(settings)` wires the routes (`api.routes`), the caller's identity and rate limit, the
body size limit and the error handlers: every error is `{"error": "<one line>"}` with the CLI's
text and a status matching its exit code (400 bad input, 401 no token, 403 another user's, 404
unknown, 408 a body too slow, 409 decided or busy, 413 too large, 429 too many (also after too
many failed token checks from one address), 503 a store or model down). No
traceback ever reaches a client: an unexpected failure is one line, logged in full server-side.
"""
from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from agents import door
from api import desk_quotes, routes
from api.security import AuthFailures, BodyLimit, RateLimiter, Refused, identify
from api.settings import ApiSettings

log = logging.getLogger("courtside.api")


def _error(status: int, text: str, headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status, headers=headers)


def status_for(e: Exception) -> int:
    sup = door.supervisor
    if isinstance(e, sup.CardNotFound):
        return 404
    if isinstance(e, sup.NotYours):
        return 403
    if isinstance(e, sup.LeagueUnavailable) or door.is_store_error(e):
        return 503
    return 400  # ServiceError, ProviderError, ValueError: bad input or settings (the CLI's exit 2)


def _validation_text(e: RequestValidationError) -> str:
    err = e.errors()[0] if e.errors() else {"loc": (), "msg": "invalid request"}
    where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "request"
    return f"bad request: {where}: {err.get('msg', 'invalid')}"[:300]


def create_app(settings: ApiSettings) -> FastAPI:
    pool = ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="courtside-turn")

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="Courtside API", version="1.0",
                  description="The Courtside agents over HTTP: the supervisor's chat (SSE), player research, "
                              "approvals, the market desk and the signals pod. Errors are `{\"error\": ...}`.",
                  lifespan=lifespan, redirect_slashes=False)  # a stray slash is a JSON 404, not an empty 307
    app.state.settings, app.state.pool = settings, pool
    app.state.limiter = RateLimiter(settings.rate_per_min, settings.burst)
    app.state.auth_failures = AuthFailures(settings.auth_fails_per_min)
    app.add_middleware(BodyLimit, max_body=settings.max_body, timeout=settings.body_timeout)

    @app.middleware("http")
    async def who(request: Request, call_next):
        if request.url.path in ("/healthz", "/openapi.json", "/docs", "/docs/oauth2-redirect", "/redoc") \
                and not (settings.public and request.url.path != "/healthz"):
            request.state.owner = None
            return await call_next(request)
        address = request.client.host if request.client else "?"
        try:
            app.state.auth_failures.check(address)
            try:
                owner = identify(settings, request.headers.get("authorization"))
            except Refused:
                app.state.auth_failures.failed(address)
                raise
            app.state.limiter.take(owner)
        except Refused as e:
            return _error(e.status, e.error, e.headers)
        request.state.owner = owner
        return await call_next(request)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, e: RequestValidationError):
        return _error(400, _validation_text(e))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, e: StarletteHTTPException):
        return _error(e.status_code, str(e.detail), getattr(e, "headers", None))

    async def failure(request: Request, e: Exception):
        status = status_for(e)
        if status == 400 and not isinstance(e, (door.ServiceError, door.ProviderError, ValueError)):
            status = 500
        if status >= 500:
            log.exception("request failed: %s %s", request.method, request.url.path)
        text = str(e).splitlines()[0][:300] if status < 500 and str(e) else door.one_line_failure(e)
        return _error(status, text)

    for kind in (door.ServiceError, door.ProviderError, ValueError, Exception):
        app.add_exception_handler(kind, failure)
    app.include_router(desk_quotes.router)  # before the routes: POST /api/desk/quote is its own
    app.include_router(routes.router)
    return app
