"""Fixtures for the agent tests: offline assistants over the session home or a fresh one.

- `offline_assistant` (module): an `Assistant(provider="offline")` over the session home, for
  read-only questions (it writes audit records and checkpoints there, never moves).
- `make_assistant` (function): a factory over the test's own `fresh_state` home, for tests that
  approve or decline cards. Every call builds a new Assistant (a "restart") over the same home.
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
