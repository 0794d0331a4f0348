"""Several app processes, one PostgreSQL: the league-wide deployment path, tested for real.

Two `streamlit run app.py` processes, each with its own COURTSIDE_HOME (its own read-only DuckDB
file), share checkpoints and state in one throwaway PostgreSQL cluster. Sessions talk to them
over Streamlit's own websocket (tests/app/st_client.py), as browser tabs would:

- a thread opened in B after a turn in A shows every step of that turn;
- a card made in A is approved in B;
- approvals of two cards of one set, sent to A and B at the same instant: one winner, and the
  other process shows a refusal naming it.
"""
from __future__ import annotations

import asyncio
import re
import shutil
from contextlib import ExitStack
from pathlib import Path

import psycopg
import pytest
from tests.conftest import share_nlu_model

from tests.app.server import NO_XSRF, streamlit_server
from tests.app.st_client import Session

pytest_plugins = ["pg_cluster"]

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


def _steps(run) -> list[str]:
    """Step labels without their durations (a live step and its history show the same step)."""
    return [re.sub(r" · [\d.,]+ (ms|s)$", "", label) for label in run.expanders]


def _cards(run) -> list[str]:
    return [t.strip("*") for t in run.texts if t.startswith("**Drop ")]


def _count(url: str, sql: str, *params) -> int:
    with psycopg.connect(url) as con:
        return con.execute(sql, params).fetchone()[0]


@pytest.fixture
def two_apps(pg_url, courtside_home, tmp_path):
    """(url_a, url_b, pg_url): two app processes on one PostgreSQL database."""
    urls = []
    with ExitStack() as stack:
        for name in ("a", "b"):
            home = tmp_path / f"home-{name}"
            home.mkdir()
            shutil.copy2(courtside_home / "courtside.duckdb", home / "courtside.duckdb")
            share_nlu_model(home)
            url, _ = stack.enter_context(streamlit_server(home, tmp_path / f"{name}.log",
                                                          {"COURTSIDE_STATE_URL": pg_url}, NO_XSRF))
            urls.append(url)
        yield urls[0], urls[1], pg_url


def test_two_app_processes_share_threads_cards_and_one_decision(two_apps):
    url_a, url_b, pg = two_apps

    async def scenario():
        async with Session(url_a, "mp-1") as a:
            asked = await a.ask(REVIEW)
        assert asked.errors == [] and len(asked.buttons.get("Approve", [])) >= 2
        async with Session(url_b, "mp-1") as b:  # the thread opened in the other process
            opened = b.last
            assert _steps(opened) == _steps(asked) and len(_steps(asked)) >= 7  # every optimizer step
            assert _cards(opened) == _cards(asked)
            approved = await b.click(opened.buttons["Approve"][0])  # made in A, approved in B
        assert approved.errors == [] and any(t.startswith(("Done: dropped", "Done: moved")) for t in approved.texts)
        assert _count(pg, "SELECT count(*) FROM roster_moves") == 1

        async with Session(url_a, "mp-2") as a, Session(url_b, "mp-2") as b:
            offered = await a.ask(REVIEW)
            seen = await b.reload()
            assert _cards(seen) == _cards(offered) and len(_cards(offered)) >= 2
            # two cards of one set, approved in A and in B at the same instant
            ra, rb = await asyncio.gather(a.click(offered.buttons["Approve"][0]),
                                          b.click(seen.buttons["Approve"][1]))
        return ra, rb, _cards(offered)

    ra, rb, cards = asyncio.run(scenario())
    assert _count(pg, "SELECT count(*) FROM roster_moves") == 2  # one for mp-1, one for mp-2
    assert _count(pg, "SELECT count(*) FROM decisions WHERE thread_id = %s", "mp-2") == 1
    done = [r for r in (ra, rb) if any(t.startswith(("Done: dropped", "Done: moved")) for t in r.texts)]
    refused = [r for r in (ra, rb) if "decided already" in r.text]
    assert len(done) == 1 and len(refused) == 1, (ra.text[-800:], rb.text[-800:])
    assert any(c.split(",")[0] in refused[0].text for c in cards[:2])  # the refusal names the winner
    assert ra.exceptions == rb.exceptions == []
