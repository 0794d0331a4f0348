"""Closing-line value of the desk's book (issue #41, "Desk: CLV of every booked bet against the real
close (mean, share beating the close, interval)"), checked against games.csv by hand.

The oracle reads the close from the CSV (`home_spread`, `total`) and prices a bet at it with the
normal margin model (sd 13.6 for margins, 17.6 for totals), independently of services.markets.
Broken versions caught: no report at all (today's code: `desk report` is an unknown command); the
sign of the desk's CLV flipped (the bettor's figure reported as the desk's); bets on games that
have not tipped counted against a close that does not exist yet; an interval that resamples bets
instead of games (narrower than the game bootstrap on the same data).
"""
from __future__ import annotations

import csv
import datetime as dt
import json
import os
from statistics import NormalDist

import pytest

import forkrun
from services.config import DATA_DIR
from services.desk import clv
from services.desk.book import DeskBook
from services.desk.models import DeskLimits
from services.league import season_games as sg
from tests.conftest import ISOLATED_ENV, REPO_ROOT

UTC = dt.timezone.utc


def _close(game_id: str) -> tuple[float, float]:
    day, away, home = game_id[:10], game_id[11:14], game_id[15:18]
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if (r["game_date"], r["away"], r["home"]) == (day, away, home):
                return float(r["home_spread"]), float(r["total"])
    raise KeyError(game_id)


def _oracle_clv(game_id, market, side, line, odds) -> float:
    spread, total = _close(game_id)
    if market == "moneyline":
        p = NormalDist(0, 13.6).cdf(-spread)
        p = p if side == "home" else 1 - p
    elif market == "spread":
        p = NormalDist(0, 13.6).cdf((line - spread) if side == "home" else (line + spread))
    else:
        p_over = NormalDist(0, 17.6).cdf(total - line)
        p = p_over if side == "over" else 1 - p_over
    return odds * p - 1


def _book(fresh_state, bets):
    book = DeskBook(fresh_state.store)
    lim = DeskLimits(max_per_side=10_000, max_per_game=10_000)
    at = dt.datetime(2025, 1, 20, 12, tzinfo=UTC)
    for i, (gid, market, side, line, odds, amount) in enumerate(bets):
        book.save_quote(f"q-{i}", gid, at, "accepted", {"bettor": "b", "market": market, "side": side}, {}, {})
        book.book_position(f"q-{i}", gid, market, side, line, odds, amount, lim, at)
    return book


def test_clv_of_every_booked_bet_against_the_csv_close(fresh_state):
    """Each bet's CLV equals odds x P(win at the CSV close) - 1; the desk's is minus it; the mean,
    the stake-weighted mean and the share beating the close follow; a game that has not tipped is
    pending, not scored."""
    g20 = sg.schedule(dt.date(2025, 1, 20), dt.date(2025, 1, 20))
    g25 = sg.schedule(dt.date(2025, 1, 25), dt.date(2025, 1, 25))
    a, b, c, later = g20[0].game_id, g20[1].game_id, g20[2].game_id, g25[0].game_id
    sa, ta = _close(a)
    sb, _ = _close(b)
    bets = [(a, "spread", "home", sa, 1.80, 20.0),          # the close's line at 1.80: under the fair 2.0, desk wins
            (a, "total", "over", ta - 2.0, 1.91, 10.0),      # two points under the closing total: bettor beats it
            (b, "moneyline", "away", None, 2.5, 30.0),
            (c, "spread", "away", -_close(c)[0] + 1.5, 1.95, 15.0),
            (later, "moneyline", "home", None, 1.9, 50.0)]   # not tipped at the report's time
    book = _book(fresh_state, bets)
    at = max(sg.get_game(g).tip for g in (a, b, c))
    r = clv.report(book.positions(), at)
    assert r.pending == 1 and r.clv.bets == 4 and r.clv.games == 3
    want = [_oracle_clv(*bet[:5]) for bet in bets[:4]]
    got = {(x.game_id, x.market): x for x in r.bets}
    for bet, w in zip(bets[:4], want, strict=True):
        row = got[(bet[0], bet[1])]
        assert row.bettor_clv_pct == pytest.approx(100 * w, abs=0.01)
        assert row.desk_clv_pct == pytest.approx(-100 * w, abs=0.01)
        assert row.desk_beat_close is (w < 0)
    assert got[(a, "spread")].desk_clv_pct == pytest.approx(10.0, abs=0.01)  # 1 - 1.80 x 0.5
    assert got[(a, "total")].desk_beat_close is False
    assert r.clv.mean_desk_clv_pct == pytest.approx(-100 * sum(want) / 4, abs=0.01)
    stakes = [bet[5] for bet in bets[:4]]
    assert r.clv.stake_weighted_desk_clv_pct == pytest.approx(
        -100 * sum(w * s for w, s in zip(want, stakes, strict=True)) / sum(stakes), abs=0.01)
    assert r.clv.share_beating_close == pytest.approx(sum(w < 0 for w in want) / 4)
    lo, hi = r.clv.ci95_desk_clv_pct
    assert lo <= r.clv.mean_desk_clv_pct <= hi
    assert set(r.by_market) == {"spread", "total", "moneyline"} and r.by_market["spread"].bets == 2


def test_interval_resamples_games_not_bets():
    """Two games, each with many identical bets: resampling games gives the two games' means as the
    extremes; resampling bets one by one would give an interval far narrower than that."""
    groups = [[10.0] * 20, [-10.0] * 20]
    lo, hi = clv.bootstrap_mean(groups)
    assert lo == -10.0 and hi == 10.0
    assert clv.bootstrap_mean([[1.0, 2.0]]) is None  # one game: no interval


def test_desk_report_cli_has_clv_and_pnl(tmp_path):
    """`agents desk report --json`: the CLV summary beside P&L, `error` null; a bad --at exits 2."""
    env = {k: v for k, v in os.environ.items() if k not in ISOLATED_ENV and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(tmp_path)

    def run(*args):
        p = forkrun.run(["-m", "agents", "desk", *args], cwd=REPO_ROOT, env=env, timeout=120)
        return p.returncode, (json.loads(p.stdout) if p.stdout.strip().startswith("{") else None)

    at = "2025-01-29T17:00:00+00:00"
    rc, games = run("games", "--date", "2025-01-29", "--at", at, "--json")
    g = games["games"][0]
    line, odds = g["spread"]["home_line"], g["spread"]["odds"]
    rc, q = run("quote", "--game", g["game_id"], "--market", "spread", "--side", "home", "--line", str(line),
                "--odds", str(odds), "--amount", "20", "--at", at, "--json")
    assert rc == 0 and q["status"] == "accepted"
    rc, before = run("report", "--at", at, "--json")
    assert rc == 0 and before["error"] is None and before["clv"]["bets"] == 0 and before["clv_pending"] == 1
    rc, r = run("report", "--at", "2025-01-31T12:00:00+00:00", "--json")
    assert rc == 0 and r["error"] is None and r["clv"]["bets"] == 1 and r["clv_pending"] == 0
    booked = r["bets"][0]
    assert booked["desk_clv_pct"] == pytest.approx(-100 * _oracle_clv(g["game_id"], "spread", "home", line,
                                                                      booked["odds"]), abs=0.01)
    assert "settled_bets" in r and "desk_pnl" in r
    rc, bad = run("report", "--at", "yesterday", "--json")
    assert rc == 2
