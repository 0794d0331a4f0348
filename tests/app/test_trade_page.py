"""The Trade page in AppTest: pick the teams and players, evaluate, see both sides; find trades.
The numbers shown must be the service's for the same trade, and the 2-for-1 must show its cut."""
from __future__ import annotations

import datetime as dt

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, rendered_text
from tests.trade_rule import lopsided_ask, name, sides

PAGE = "pages/views/trade.py"


@pytest.fixture
def trade_page(fresh_state):
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def test_trade_page_evaluates_a_two_for_one_and_finds_trades(trade_page, demo_source):
    """Catches a page that shows another trade than the one picked, hides the forced cut, or
    draws numbers that are not evaluate_trade's."""
    from services.trades.evaluate import evaluate_trade

    src = demo_source(dt.date(2025, 1, 29), "points")
    mine, partner, theirs = sides(src)  # read from the league: no owner is named here
    at = trade_page
    at.selectbox(key="trade_partner").set_value(partner)
    at.run()
    at.multiselect(key="trade_give").set_value([mine[3], mine[8]])
    at.multiselect(key="trade_get").set_value([theirs[2]])
    at.run()  # the button is enabled once both sides have a player
    at.button(key="trade_evaluate").click()
    at.run()
    assert not at.exception, at.exception
    ev = evaluate_trade(src, [mine[3], mine[8]], [theirs[2]])
    assert at.subheader[0].value == ev.verdict
    ros = [m for m in at.metric if m.label == "Rest of season"]
    assert [m.value for m in ros] == [f"{ev.mine.ros_after:.1f}", f"{ev.partner.ros_after:.1f}"]
    text = rendered_text(at)
    moved = [d.value for d in at.dataframe if "Player" in d.value.columns]  # each team's players table
    assert len(moved) == 2
    rows = lambda df: list(zip(df.iloc[:, 0], df["Player"]))  # noqa: E731  (role, player)
    assert ("cuts", ev.partner.cut[0].player.name) in rows(moved[1])  # the 2-for-1's forced cut is shown
    assert ("picks up", ev.mine.pickup[0].player.name) in rows(moved[0])
    shown = "\n".join(m.value for m in at.markdown)  # the markdown as written (protobuf text escapes quotes)
    for r in ev.reasons:
        assert r in shown
    assert "Mar 24-Mar 30" in text  # the fantasy playoff weeks are named

    at.multiselect(key="trade_find_targets").set_value(["AST"])
    at.button(key="trade_find").click()
    at.run()
    assert not at.exception, at.exception
    df = next(d.value for d in at.dataframe if list(d.value.columns)[0] == "Partner")  # dataframes carry no key
    assert len(df) > 0 and list(df["Targets"]) == sorted(df["Targets"], reverse=True)


def test_trade_page_proposes_and_the_manager_counters(trade_page, fresh_state, demo_source):
    """My weakest player for a partner's best from the page: the proposal goes through the approval
    gate, the partner counters (his stated rule), the counter is accepted on the page and both
    rosters change. Catches a page that applies a trade the manager did not accept, or loses the
    counter."""
    from services.store import state_store

    src = demo_source(dt.date(2025, 1, 29), "points")
    x, y, partner = lopsided_ask(src)
    them = src.league.team_name(partner)[0]
    at = trade_page
    at.selectbox(key="trade_partner").set_value(partner)
    at.run()
    at.multiselect(key="trade_give").set_value([name(src.league, x)])
    at.multiselect(key="trade_get").set_value([name(src.league, y)])
    at.run()
    at.button(key="trade_evaluate").click()
    at.run()
    at.button(key="trade_propose").click()
    at.run()
    assert not at.exception, at.exception
    assert any(f"{them} counters" in i.value for i in at.info)
    assert state_store().moves(src.league_id) == []  # a counter changes nothing yet
    at.button(key="trade_counter_accept").click()
    at.run()
    assert not at.exception, at.exception
    assert any("Trade done" in s.value for s in at.success)
    [move] = state_store().moves(src.league_id)
    assert move["card"]["kind"] == "trade" and y in move["card"]["trade"]["terms"]["get_ids"]
    assert src.league.owner_of(y) == src.league.my_team_id
    assert [d["thread_id"] for d in state_store().decisions()][-1] == "trade-page"  # audited at the gate
