"""A league of one's own per API token (issue #37 item 4).

Two tokens ask the same question of the same team on the same day, 20 times (each trial a team and
a day of its own, the days going back four at a time so that no trial's league sees an earlier
trial's moves; the one who approves first alternating). Before #37 both got the same card ids
(`mv_72f1671acba3` for each), the first approval changed the other token's roster, and the other's
own card then answered 403 ("belongs to another user": the id located the first token's thread).
Here each token's cards have ids of their own (0 shared in 20 trials), the first approval writes
only its owner's league (the other's roster, as the API answers it, and his move rows are
unchanged, his card still pending), and the other then approves his own card: 200, applied, his
roster then holds his add.
"""
from __future__ import annotations

import datetime as dt
import sqlite3

import httpx
import pytest

from tests.http_api.server import TOKEN_A, TOKEN_B, api_server, public_env, serving_home

TRIALS = 20
PICKUP = "Who should I pick up?"
ROSTER = "Who is on my roster?"
JSON = {"Accept": "application/json"}


@pytest.fixture(scope="module")
def public(tmp_path_factory, courtside_home):
    home = tmp_path_factory.mktemp("api-own")
    serving_home(courtside_home, home)
    env = public_env()
    with api_server(home, env) as url:
        with httpx.Client(base_url=url, timeout=180) as client:
            yield client, home


def _as(token: str) -> dict:
    return JSON | {"Authorization": f"Bearer {token}"}


def _ask(client, token: str, message: str, thread_id: str, team: int, day: dt.date) -> dict:
    r = client.post("/api/agent/chat", json={"message": message, "thread_id": thread_id, "team": team,
                                             "as_of": day.isoformat()}, headers=_as(token))
    assert r.status_code == 200, (thread_id, r.status_code, r.text[:300])
    return r.json()


def _roster(client, token: str, thread_id: str, team: int, day: dt.date) -> set[str]:
    """The players of the roster table the API answers to "Who is on my roster?"."""
    answer = _ask(client, token, ROSTER, thread_id, team, day)["answer"]
    from tests.conversations.checks import table_column

    names = set(table_column(answer, "Player"))
    assert len(names) >= 10, answer[:600]
    return names


def _moves(home) -> dict[str, list[str]]:
    """Move ids per league id of the state store's move table (what an approval writes)."""
    with sqlite3.connect(home / "state.sqlite") as con:
        rows = con.execute("SELECT league_id, move_id FROM roster_moves ORDER BY rowid").fetchall()
    out: dict[str, list[str]] = {}
    for league, move in rows:
        out.setdefault(league, []).append(move)
    return out


def _pending(client, token: str) -> set[str]:
    r = client.get("/api/approvals", headers=_as(token))
    assert r.status_code == 200, r.text[:200]
    return {a["card"]["move_id"] for a in r.json()["approvals"]}


def test_each_token_works_in_its_own_league(public):
    client, home = public
    seen: dict[str, set[str]] = {TOKEN_A: set(), TOKEN_B: set()}
    leagues: dict[str, set[str]] = {TOKEN_A: set(), TOKEN_B: set()}
    for trial in range(TRIALS):
        team, day = trial % 10 + 1, dt.date(2025, 1, 29) - dt.timedelta(days=4 * trial)
        first, second = (TOKEN_A, TOKEN_B) if trial % 2 == 0 else (TOKEN_B, TOKEN_A)
        tag = f"own-{trial:02d}"
        before = _roster(client, second, f"{tag}-roster-before", team, day)
        made = {tok: _ask(client, tok, PICKUP, f"{tag}-{tok[6:9]}", team, day) for tok in (first, second)}
        cards = {tok: made[tok]["pending_approvals"] for tok in made}
        assert cards[first] and cards[second], (trial, {t[6:9]: made[t]["answer"][:200] for t in made})
        for tok, own in cards.items():
            seen[tok] |= {c["move_id"] for c in own}
            leagues[tok] |= {c["league_id"] for c in own}
        # the same league, the same roster, the same question: the same moves, under ids of each owner's own
        assert [c["title"] for c in cards[first]] == [c["title"] for c in cards[second]], trial
        assert not seen[TOKEN_A] & seen[TOKEN_B], (trial, seen[TOKEN_A] & seen[TOKEN_B])
        mine, theirs = cards[first][0], cards[second][0]

        rows = _moves(home)
        won = client.post(f"/api/approvals/{mine['move_id']}", json={"decision": "approve"}, headers=_as(first))
        assert won.status_code == 200, (trial, won.text[:300])
        assert [(t["move_id"], t["outcome"]) for t in won.json()["transactions"]] == [(mine["move_id"], "applied")]
        after = _moves(home)
        assert after.get(theirs["league_id"]) == rows.get(theirs["league_id"]), trial  # nothing in the other's league
        assert after[mine["league_id"]] == [*rows.get(mine["league_id"], []), mine["move_id"]], trial
        assert _roster(client, second, f"{tag}-roster-after", team, day) == before, trial
        assert theirs["move_id"] in _pending(client, second), trial
        assert mine["move_id"] not in _pending(client, second)  # another owner's card is not listed to him

        own = client.post(f"/api/approvals/{theirs['move_id']}", json={"decision": "approve"}, headers=_as(second))
        assert own.status_code == 200, (trial, own.status_code, own.text[:300])
        assert [(t["move_id"], t["outcome"]) for t in own.json()["transactions"]] == [(theirs["move_id"], "applied")]
        now = _roster(client, second, f"{tag}-roster-own", team, day)
        assert theirs["add"] in now and theirs["add"] not in before, trial
    assert all(len(ids) >= TRIALS for ids in seen.values())
    assert len(leagues[TOKEN_A]) == len(leagues[TOKEN_B]) == TRIALS and not leagues[TOKEN_A] & leagues[TOKEN_B]
