"""The API's settings from the environment, and the one check that refuses an unsafe start.

COURTSIDE_API_HOST (127.0.0.1), COURTSIDE_API_PORT (8600), COURTSIDE_API_TOKEN (one or more bearer
tokens, comma-separated; each token is its own identity), COURTSIDE_API_RATE (requests per minute
per token, 120), COURTSIDE_API_BURST (60), COURTSIDE_API_MAX_BODY (bytes, 65536),
COURTSIDE_API_WORKERS (turns run at once, 8), COURTSIDE_API_HEADER_TIMEOUT and
COURTSIDE_API_BODY_TIMEOUT (seconds a client has to send a request's headers, and its body: 10 each),
COURTSIDE_API_AUTH_FAILS (wrong or missing tokens a minute per client address before 429, 10) and
COURTSIDE_API_ASSUME_PUBLIC (treat the host as reachable beyond loopback: for tests of the token
rule on one machine). Every number is checked against its range (`RANGES`) before the API starts.
"""
from __future__ import annotations

import dataclasses
import ipaddress
import math
import os

DEFAULT_PORT = 8600


class UnsafeStart(Exception):
    """The API would listen beyond loopback without a token (or a setting is malformed)."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to anything


@dataclasses.dataclass(frozen=True)
class ApiSettings:
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    tokens: tuple[str, ...] = dataclasses.field(default=(), repr=False)
    rate_per_min: float = 120.0
    burst: int = 60
    max_body: int = 65536
    workers: int = 8
    header_timeout: float = 10.0
    body_timeout: float = 10.0
    auth_fails_per_min: float = 10.0
    assume_public: bool = False

    @property
    def public(self) -> bool:
        """Whether clients beyond this machine can reach it (a token is then required)."""
        return self.assume_public or not is_loopback(self.host)

    def check(self) -> None:
        """Refuses to serve beyond loopback without a token, and malformed limits."""
        if self.public and not self.tokens:
            raise UnsafeStart(f"refusing to listen on {self.host} beyond loopback without a token: "
                              "set COURTSIDE_API_TOKEN (or listen on 127.0.0.1)")
        if any(len(t) < 16 for t in self.tokens):
            raise UnsafeStart("COURTSIDE_API_TOKEN: each token needs at least 16 characters")
        for field, (env, lo, hi) in RANGES.items():
            x = getattr(self, field)
            if not (math.isfinite(x) and lo <= x <= hi):
                raise UnsafeStart(f"{env} must be between {lo:g} and {hi:g}, not {x}")


# each number setting: (its variable, the smallest and the largest value it may take)
RANGES = {
    "port": ("COURTSIDE_API_PORT", 1, 65535),
    "rate_per_min": ("COURTSIDE_API_RATE", 0.1, 1_000_000),
    "burst": ("COURTSIDE_API_BURST", 1, 100_000),
    "max_body": ("COURTSIDE_API_MAX_BODY", 1024, 64 * 1024 * 1024),
    "workers": ("COURTSIDE_API_WORKERS", 1, 256),
    "header_timeout": ("COURTSIDE_API_HEADER_TIMEOUT", 0.1, 600),
    "body_timeout": ("COURTSIDE_API_BODY_TIMEOUT", 0.1, 600),
    "auth_fails_per_min": ("COURTSIDE_API_AUTH_FAILS", 1, 100_000),
}


def _num(env: dict, name: str, default, kind):
    raw = env.get(name)
    if raw in (None, ""):
        return default
    try:
        return kind(raw)
    except ValueError:
        raise UnsafeStart(f"{name} must be a number, not {raw!r}") from None


def from_env(env: dict | None = None) -> ApiSettings:
    env = dict(os.environ if env is None else env)
    tokens = tuple(t.strip() for t in env.get("COURTSIDE_API_TOKEN", "").split(",") if t.strip())
    return ApiSettings(host=env.get("COURTSIDE_API_HOST") or "127.0.0.1",
                       port=_num(env, "COURTSIDE_API_PORT", DEFAULT_PORT, int), tokens=tokens,
                       rate_per_min=_num(env, "COURTSIDE_API_RATE", 120.0, float),
                       burst=_num(env, "COURTSIDE_API_BURST", 60, int),
                       max_body=_num(env, "COURTSIDE_API_MAX_BODY", 65536, int),
                       workers=_num(env, "COURTSIDE_API_WORKERS", 8, int),
                       header_timeout=_num(env, "COURTSIDE_API_HEADER_TIMEOUT", 10.0, float),
                       body_timeout=_num(env, "COURTSIDE_API_BODY_TIMEOUT", 10.0, float),
                       auth_fails_per_min=_num(env, "COURTSIDE_API_AUTH_FAILS", 10.0, float),
                       assume_public=env.get("COURTSIDE_API_ASSUME_PUBLIC", "").lower() in ("1", "true", "yes"))
