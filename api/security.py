"""Who is calling (a bearer token's identity, or the local user on loopback), the per-token rate
limit (429 with Retry-After), the limit on failed token checks per client address (429), and the
request body's size and time limits (413, 408), before any route runs."""
from __future__ import annotations

import asyncio
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
            level, now = self._level(who)
            self._refuse_under_one(who, level, now, "for this token")
            self._buckets[who] = (level - 1.0, now)

    def check(self, who: str, what: str = "for this token") -> None:
        """Refuses (429) when `who` has no request left, without taking one."""
        with self._guard:
            level, now = self._level(who)
            self._refuse_under_one(who, level, now, what)

    def _level(self, who: str) -> tuple[float, float]:
        now = self.clock()
        level, then = self._buckets.get(who, (float(self.burst), now))
        return min(float(self.burst), level + (now - then) * self.rate), now

    def _refuse_under_one(self, who: str, level: float, now: float, what: str) -> None:
        if level < 1.0:
            wait = (1.0 - level) / self.rate
            self._buckets[who] = (level, now)
            raise Refused(429, f"too many requests: at most {self.rate * 60:g} a minute (bursts of "
                               f"{self.burst}) {what}; retry in {wait:.1f} s",
                          {"Retry-After": str(max(1, round(wait + 0.5)))})


class BodyLimit:
    """ASGI middleware: the whole request body is read before the route runs, so a body over
    `max_body` bytes gets 413 whether it is declared (Content-Length) or streamed (chunked), and a
    body that does not arrive within `timeout` seconds gets 408 (a slow client cannot hold a
    connection and a worker). The route then reads the buffered body."""

    def __init__(self, app, max_body: int, timeout: float = 10.0):
        self.app, self.max_body, self.timeout = app, max_body, timeout

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_body:
            return await _refuse(send, 413, f"request body too large (limit {self.max_body} bytes)")
        try:
            body, disconnected = await asyncio.wait_for(self._read(receive), self.timeout)
        except _TooLarge:
            return await _refuse(send, 413, f"request body too large (limit {self.max_body} bytes)")
        except asyncio.TimeoutError:
            return await _refuse(send, 408, f"request body not received within {self.timeout:g} s")
        if disconnected:
            return None
        sent = False

        async def replay():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the disconnect a streaming response waits for

        return await self.app(scope, replay, send)

    async def _read(self, receive) -> tuple[bytes, bool]:
        chunks, seen = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return b"", True
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.max_body:
                raise _TooLarge()
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks), False


class _TooLarge(Exception):
    pass


async def _refuse(send, status: int, text: str) -> None:
    body = json.dumps({"error": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class AuthFailures:
    """Wrong or missing tokens per client address: after `per_min` of them in a burst, every
    request from that address is 429 until the bucket refills (a token cannot be guessed at speed;
    a right token from an address that keeps failing waits too)."""

    def __init__(self, per_min: float, clock=time.monotonic):
        self.bucket = RateLimiter(per_min, max(1, int(per_min)), clock)

    def check(self, address: str) -> None:
        self.bucket.check("fail:" + address, "failed token checks from this address")

    def failed(self, address: str) -> None:
        try:
            self.bucket.take("fail:" + address)
        except Refused:
            pass  # refused already; the next request's check says so
