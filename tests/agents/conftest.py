"""Fixtures for the agent tests: offline assistants over the session home or a fresh one.

- `offline_assistant` (module): an `Assistant(provider="offline")` over the session home, for
  read-only questions (it writes audit records and checkpoints there, never moves).
- `make_assistant` (function): a factory over the test's own `fresh_state` home, for tests that
  approve or decline cards. Every call builds a new Assistant (a "restart") over the same home.
- `sent` (function): every HTTP request sent during the test ("METHOD URL"): an ESPN league must
  only ever be read (`tests.espn_mirror.writes(sent) == []`).
- `espn_noon` (function): the ESPN league's clock at noon of Jan 29 (`tests.espn_mirror.NOON`),
  before the day's 19:00 lineup lock, so its cards are live.
"""
from __future__ import annotations

import pytest

from services.config import reset_settings_cache


@pytest.fixture(scope="module")
def offline_assistant(courtside_home):
    from agents.core.runtime import Assistant

    return Assistant(provider="offline")


@pytest.fixture
def make_assistant(fresh_state):
    from agents.core.runtime import Assistant

    def make(**kw):
        kw.setdefault("provider", "offline")
        return Assistant(**kw)

    yield make
    reset_settings_cache()


@pytest.fixture
def sent(monkeypatch) -> list[str]:
    import requests

    log: list[str] = []
    real = requests.Session.send

    def send(self, request, **kw):
        log.append(f"{request.method} {request.url}")
        return real(self, request, **kw)

    monkeypatch.setattr(requests.Session, "send", send)
    return log


@pytest.fixture
def espn_noon(monkeypatch):
    from tests.espn_mirror import NOON

    monkeypatch.setattr("agents.core.cards.league_now", lambda kind, as_of: NOON)
    return NOON
