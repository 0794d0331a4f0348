"""Who is calling (a bearer token's identity, or the local user on loopback), the per-token rate
limit (429 with Retry-After) and the request size limit (413), before any route runs."""
from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time

from api.settings import ApiSettings

LOCAL = "local"  # agents.core.threads.LOCAL_OWNER: loopback without a token is the UI's local user


class Refused(Exception):
    """A request refused before its route: HTTP `status`, the one-line `error`, extra headers."""

    def __init__(self, status: int, error: str, headers: dict | None = None):
        super().__init__(error)
        self.status, self.error, self.headers = status, error, headers or {}


def token_owner(token: str) -> str:
    """The identity a token stands for (its threads are its own); the token itself is never stored."""
    return "api:" + hashlib.sha256(token.encode()).hexdigest()[:16]


def identify(settings: ApiSettings, authorization: str | None) -> str:
    """The caller's identity. With tokens configured, a valid `Authorization: Bearer` is required
    (401 otherwise); without any (loopback only, see `ApiSettings.check`) it is the local user."""
    if not settings.tokens:
        return LOCAL
    scheme, _, given = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not given.strip():
        raise Refused(401, "missing bearer token: send 'Authorization: Bearer <token>'",
                      {"WWW-Authenticate": "Bearer"})
    for token in settings.tokens:
        if hmac.compare_digest(token.encode(), given.strip().encode()):
            return token_owner(token)
    raise Refused(401, "invalid bearer token", {"WWW-Authenticate": "Bearer"})


class RateLimiter:
    """A token bucket per identity: `burst` requests at once, refilled at `rate_per_min`."""

    def __init__(self, rate_per_min: float, burst: int, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate_per_min / 60.0, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._guard = threading.Lock()

    def take(self, who: str) -> None:
        with self._guard:
            now = self.clock()
            level, then = self._buckets.get(who, (float(self.burst), now))
            level = min(float(self.burst), level + (now - then) * self.rate)
            if level < 1.0:
                wait = (1.0 - level) / self.rate
                self._buckets[who] = (level, now)
                raise Refused(429, f"too many requests: at most {self.rate * 60:g} a minute (bursts of "
                                   f"{self.burst}) for this token; retry in {wait:.1f} s",
                              {"Retry-After": str(max(1, round(wait + 0.5)))})
            self._buckets[who] = (level - 1.0, now)


class BodyLimit:
    """ASGI middleware: a request body over `max_body` bytes gets 413, declared or streamed."""

    def __init__(self, app, max_body: int):
        self.app, self.max_body = app, max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_body:
            return await _too_large(send, self.max_body)
        seen = 0

        async def counted():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise _TooLarge()
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await _too_large(send, self.max_body)


class _TooLarge(Exception):
    pass


async def _too_large(send, limit: int) -> None:
    body = json.dumps({"error": f"request body too large (limit {limit} bytes)"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
