"""The desk's booking step (issue #20): the price is read again inside the booking transaction
(a last look), a lost accept and a refused booking exit 1, an idempotency key cannot be reused
for another request, and verify re-derives the exposure a calculation used from the book."""
from __future__ import annotations

import contextlib
import datetime as dt
import io
import json

import pytest
from langchain_core.messages import AIMessage

from agents.desk.runtime import Desk
from services.desk import calc
from services.desk.models import BetRequest, DeskLimits
from services.markets import state as market
from tests.agents.desk_moves import first_move
from tests.agents.scripted import ScriptedChatModel, call, tools_msg

GAME = "2025-01-29-CHI-BOS"
UTC = dt.timezone.utc
AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=UTC)


def _accept(odds: float, amount: float, line: float | None) -> AIMessage:
    return AIMessage(content=json.dumps({"decision": "accept", "odds": odds, "amount": amount, "line": line,
                                         "reason": "reused my recent price", "confidence": 0.8}))


def _cli(*argv: str) -> tuple[int, dict]:
    from agents.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    assert "Traceback" not in err.getvalue()
    return code, json.loads(out.getvalue().strip().splitlines()[-1])


def test_an_accept_priced_on_a_stale_price_is_refused_at_booking(fresh_state):
    """A model that reuses the price it saw 20 s earlier (the line has moved since) and accepts:
    catches booking at a price the desk no longer quotes (the issue's 1.914 vs 1.859, a 2.87% edge)."""
    mv = first_move()
    req = BetRequest(game_id=mv.game, market="spread", side="home", line=mv.line, odds=mv.stale, amount=100)
    model = ScriptedChatModel([tools_msg(call("compare_odds", offered_odds=mv.stale, market_odds=mv.stale)),
                               _accept(mv.stale, 100, mv.line)])
    q = Desk(model=model, store=fresh_state.store).quote(req, mv.after)
    assert q.status == "rejected" and q.position is None
    assert "market moved" in q.error and str(mv.now) in q.error and str(mv.stale) in q.error
    assert q.booking == {"at": mv.after.isoformat(), "desk_odds": mv.now}

    # no calculator call at all: the desk's own acceptance rule at the booking price refuses it
    q = Desk(model=ScriptedChatModel([_accept(mv.stale, 100, mv.line)]), store=fresh_state.store).quote(req, mv.after)
    assert q.status == "rejected" and "last look" in q.error and f"{mv.edge_pct:.2f}%" in q.error
    assert Desk(model=ScriptedChatModel([]), store=fresh_state.store).book.positions() == []


def test_a_counter_lost_to_the_limit_exits_1_and_keys_cannot_be_reused(fresh_state, monkeypatch):
    """Catches an accept that loses (`counter_rejected`) exiting 0, and one key booking two requests."""
    from services.config import reset_settings_cache

    monkeypatch.setenv("COURTSIDE_DESK_MAX_PER_SIDE", "25")
    reset_settings_cache()
    try:
        line = market.market_state(GAME, AT).home_spread
        odds = market.bet_odds(market.market_state(GAME, AT), "spread", "home", line)
        bet = ["desk", "quote", "--game", GAME, "--market", "spread", "--side", "home", "--line", str(line),
               "--amount", "20", "--at", AT.isoformat(), "--json"]
        code, q = _cli(*bet, "--odds", str(round(odds + 0.06, 3)))
        assert code == 0 and q["status"] == "countered"
        # meanwhile another bet takes the side's room
        Desk(model=ScriptedChatModel([]), store=fresh_state.store).book.book_position(
            "q-other", GAME, "spread", "home", line, 2.0, 10, DeskLimits(max_per_side=25), AT)
        code, a = _cli("desk", "accept", "--quote", q["quote_id"], "--at", (AT + dt.timedelta(seconds=20)).isoformat(),
                       "--json")
        assert code == 1 and a["status"] == "counter_rejected" and "side limit" in a["error"]

        ml = market.bet_odds(market.market_state(GAME, AT), "moneyline", "home", None)
        ml_bet = ["desk", "quote", "--game", GAME, "--market", "moneyline", "--side", "home", "--odds", str(ml),
                  "--at", AT.isoformat(), "--key", "order-1", "--json"]
        code, first = _cli(*ml_bet, "--amount", "10")
        assert code == 0 and first["status"] == "accepted"
        code, again = _cli(*ml_bet, "--amount", "10")
        assert code == 0 and again["replayed"] and again["quote_id"] == first["quote_id"]
        code, other = _cli(*ml_bet, "--amount", "12")  # the same key for another request
        assert code == 2 and "used for a different quote request" in other["error"]
    finally:
        monkeypatch.delenv("COURTSIDE_DESK_MAX_PER_SIDE")
        reset_settings_cache()


def test_verify_rederives_the_exposure_from_the_book(fresh_state):
    """A logged exposure input planted as 0 while the book held a position on the side: the outputs
    are recomputed to match, so only re-deriving the input from the book catches it."""
    desk = Desk(provider="offline", store=fresh_state.store)
    line = market.market_state(GAME, AT).home_spread
    odds = market.bet_odds(market.market_state(GAME, AT), "spread", "home", line)
    req = BetRequest(game_id=GAME, market="spread", side="home", line=line, odds=odds, amount=20)
    first = desk.quote(req, AT)
    with desk.book.store.transaction() as cur:  # booked a minute before the next evaluation (wall clock)
        cur.execute("UPDATE desk_positions SET booked_ns = booked_ns - 60000000000")
    second = desk.quote(req, AT + dt.timedelta(seconds=90))
    assert first.status == second.status == "accepted"
    assert desk.verify(100)["mismatched"] == 0
    c = next(c for c in desk.book.calcs(tool="compute_exposure_impact") if c["quote_id"] == second.quote_id)
    assert c["inputs"]["current_side_exposure"] == first.position["liability"]  # what the book held
    planted = c["inputs"] | {"current_side_exposure": 0.0, "current_game_exposure": 0.0}
    with desk.book.store.transaction() as cur:
        cur.execute("UPDATE desk_calcs SET inputs=?, outputs=? WHERE calc_id=?",
                    (json.dumps(planted), json.dumps(calc.compute_exposure_impact(**planted)), c["calc_id"]))
    v = desk.verify(100)
    bad = [r for r in v["calcs"] if not r["matched"]]
    assert [r["calc_id"] for r in bad] == [c["calc_id"]]
    assert any("current_side_exposure 0.0 is not the book's" in d for d in bad[0]["differs"])


def test_a_dust_stake_and_an_infinite_limit_are_refused_as_bad_input(fresh_state, monkeypatch):
    """Catches a 1e-9 stake booked with liability 0.0 and COURTSIDE_DESK_MAX_PER_GAME=inf accepted."""
    from services.config import reset_settings_cache

    bet = ["desk", "quote", "--game", GAME, "--market", "moneyline", "--side", "home", "--odds", "1.2",
           "--at", AT.isoformat(), "--json"]
    code, out = _cli(*bet, "--amount", "1e-9")
    assert code == 2 and "amount" in out["error"] and "greater than or equal to 1" in out["error"]
    monkeypatch.setenv("COURTSIDE_DESK_MAX_PER_GAME", "inf")
    reset_settings_cache()
    try:
        code, out = _cli(*bet, "--amount", "10")
        assert code == 2 and "COURTSIDE_DESK_MAX_PER_GAME" in out["error"] and "finite" in out["error"]
    finally:
        monkeypatch.delenv("COURTSIDE_DESK_MAX_PER_GAME")
        reset_settings_cache()
    assert Desk(model=ScriptedChatModel([]), store=fresh_state.store).book.quotes() == []  # nothing recorded
