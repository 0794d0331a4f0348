"""LeagueSource.today: the league clock comes from the source, never from the wall clock."""
from __future__ import annotations

import datetime as dt

import pytest

from services.league.demo_source import DemoSource
from services.store.state import state_store


@pytest.mark.parametrize("as_of", [dt.date(2024, 12, 3), dt.date(2025, 1, 29), dt.date(2025, 2, 8)])
def test_demo_today_is_its_as_of(as_of):
    assert DemoSource(as_of, store=state_store()).today == as_of
    assert DemoSource(as_of, store=state_store()).today != dt.date.today()  # the wall clock (2026) never leaks in
