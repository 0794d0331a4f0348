"""`GET /api/approvals?league=` takes the league as a user would write it (issue #37).

Two tokens ask for pickups in the demo league on two days each. Token A's filter names one of
his leagues by its label as the API lists it (`/api/threads`' and `/api/approvals`' `league`),
by its id as the sidebar and the CLI show it (`demo-points-2025-01-29`, without A's ledger), or by
his own scoped id (`demo@<ledger>-...`): each answers exactly A's cards of that league. Token B's
scoped id of the same league answers A nothing, and B never sees A's cards under any of them.

Broken version caught: the filter matching only the card's scoped id or the label (the id every
user reads, `demo-points-2025-01-29`, answered an API token no cards at all).
"""
from __future__ import annotations

import datetime as dt
import shutil

import httpx
import pytest
from tests.conftest import share_nlu_model

from tests.http_api.server import TOKEN_A, TOKEN_B, api_server

JSON = {"Accept": "application/json"}
DAYS = (dt.date(2025, 1, 29), dt.date(2025, 1, 22))


@pytest.fixture(scope="module")
def public(tmp_path_factory, courtside_home):
    home = tmp_path_factory.mktemp("api-approvals-league")
    shutil.copy2(courtside_home / "courtside.duckdb", home / "courtside.duckdb")
    share_nlu_model(home)
    env = {"COURTSIDE_API_ASSUME_PUBLIC": "1", "COURTSIDE_API_TOKEN": f"{TOKEN_A},{TOKEN_B}",
           "COURTSIDE_API_RATE": "1000", "COURTSIDE_API_BURST": "1000"}
    with api_server(home, env) as url:
        with httpx.Client(base_url=url, timeout=180) as client:
            yield client


def _as(token: str) -> dict:
    return JSON | {"Authorization": f"Bearer {token}"}


def _pending(client, token: str, league: str | None = None) -> list[dict]:
    r = client.get("/api/approvals", params={"league": league} if league is not None else {}, headers=_as(token))
    assert r.status_code == 200, r.text[:200]
    return r.json()["approvals"]


def test_the_league_filter_takes_the_ids_a_user_reads_and_never_another_owners(public):
    client = public
    made: dict[tuple[str, dt.date], list[dict]] = {}
    for token in (TOKEN_A, TOKEN_B):
        for day in DAYS:
            r = client.post("/api/agent/chat", json={"message": "Who should I pick up?", "team": 1,
                                                     "thread_id": f"filter-{token[6:9]}-{day:%m%d}",
                                                     "as_of": day.isoformat()}, headers=_as(token))
            assert r.status_code == 200, r.text[:300]
            made[token, day] = r.json()["pending_approvals"]
            assert made[token, day], r.json()["answer"][:300]
    ids = lambda cards: sorted(c["move_id"] for c in cards)  # noqa: E731
    listed = {t["thread_id"]: t["league"] for t in client.get("/api/threads", headers=_as(TOKEN_A)).json()}
    every = _pending(client, TOKEN_A)
    assert ids(a["card"] for a in every) == ids(made[TOKEN_A, DAYS[0]] + made[TOKEN_A, DAYS[1]])

    for day in DAYS:
        mine, theirs = made[TOKEN_A, day][0]["league_id"], made[TOKEN_B, day][0]["league_id"]
        plain = f"demo-points-{day.isoformat()}"
        label = listed[f"filter-ali-{day:%m%d}"]
        assert label == f"Demo · points · as of {day.isoformat()}" and mine != plain != theirs != mine
        for named in (plain, label, mine, f"  {label.upper()} "):
            got = _pending(client, TOKEN_A, named)
            assert ids(a["card"] for a in got) == ids(made[TOKEN_A, day]), named
            assert {a["league"] for a in got} == {label}
        assert _pending(client, TOKEN_A, theirs) == []  # B's own copy of that league: none of A's cards
        assert ids(a["card"] for a in _pending(client, TOKEN_B, plain)) == ids(made[TOKEN_B, day])
        assert _pending(client, TOKEN_B, mine) == []
    assert _pending(client, TOKEN_A, "demo-categories-2025-01-29") == []
    assert _pending(client, TOKEN_A, "20251") == []
