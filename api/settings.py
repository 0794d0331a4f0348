"""The API's settings from the environment, and the one check that refuses an unsafe start.

COURTSIDE_API_HOST (127.0.0.1), COURTSIDE_API_PORT (8600), COURTSIDE_API_TOKEN (one or more bearer
tokens, comma-separated; each token is its own identity), COURTSIDE_API_RATE (requests per minute
per token, 120), COURTSIDE_API_BURST (60), COURTSIDE_API_MAX_BODY (bytes, 65536),
COURTSIDE_API_WORKERS (turns run at once, 8) and COURTSIDE_API_ASSUME_PUBLIC (treat the host as
reachable beyond loopback: for tests of the token rule on one machine).
"""
from __future__ import annotations

import dataclasses
import ipaddress
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
        if not (0 < self.port < 65536 and self.rate_per_min > 0 and self.burst >= 1 and self.max_body >= 1024
                and self.workers >= 1):
            raise UnsafeStart("COURTSIDE_API_PORT/RATE/BURST/MAX_BODY/WORKERS out of range")


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
                       assume_public=env.get("COURTSIDE_API_ASSUME_PUBLIC", "").lower() in ("1", "true", "yes"))
