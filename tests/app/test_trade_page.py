"""The Trade page in AppTest: pick the teams and players, evaluate, see both sides; find trades.
The numbers shown must be the service's for the same trade, and the 2-for-1 must show its cut."""
from __future__ import annotations

import datetime as dt

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, rendered_text
from tests.trade_rule import hopeless_ask, lopsided_ask, name, sides

PAGE = "pages/trade.py"


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
    ros = [m for m in at.metric if m.label == "Rest of season, over its free moves"]  # each side's gain apart
    assert [m.value for m in ros] == [f"{ev.mine.wire_after:.1f}", f"{ev.partner.wire_after:.1f}"]
    assert [m.delta for m in ros] == [f"{ev.mine.gain:+.1f}", f"{ev.partner.gain:+.1f}"]
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
    accepted = list(df["They accept"])
    assert len(df) > 0 and accepted == sorted(accepted, reverse=True)  # the trades he accepts first
    ok = [x for x, a in zip(df["Targets"], accepted, strict=True) if a]
    assert ok == sorted(ok, reverse=True) and all(x > 0 for x in df["Targets"])  # then by the target gain


def _page(scoring: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["settings_scoring"] = scoring
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def _propose_on_page(at, partner: int, give: list[str], get: list[str]) -> None:
    at.selectbox(key="trade_partner").set_value(partner)
    at.run()
    at.multiselect(key="trade_give").set_value(give)
    at.multiselect(key="trade_get").set_value(get)
    at.run()
    at.button(key="trade_evaluate").click()
    at.run()
    at.button(key="trade_propose").click()
    at.run()
    assert not at.exception, at.exception


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_trade_page_proposes_and_the_manager_counters(fresh_state, demo_source, scoring):
    """One of my weaker players for a partner's best (tests/trade_rule.lopsided_ask) from the page, each scoring mode: the proposal goes
    through the approval gate, the partner's trade misses his margin (brute force), he counters
    with terms that clear it (re-solved here), the counter is accepted on the page and both
    rosters change in ONE recorded move, audited at the gate. Catches a page that applies a trade
    the manager did not accept, loses the counter, or (categories) applies it to one side only."""
    from services.store.state import state_store
    from tests.trade_rule import partner_change, roster_after

    src = demo_source(dt.date(2025, 1, 29), scoring)
    lg = src.league
    x, y, partner = lopsided_ask(src)
    them, me = lg.team_name(partner)[0], lg.my_team_id
    change, needed = partner_change(lg, partner, [x], [y])
    assert change < needed  # he must not take it as it stands
    at = _page(scoring)
    _propose_on_page(at, partner, [name(lg, x)], [name(lg, y)])
    assert not any("accepts" in i.value for i in at.info)
    assert any(f"{them} counters" in i.value for i in at.info), [i.value for i in at.info]
    assert state_store().moves(src.league_id) == []  # a counter changes nothing yet
    [title] = [m.value for m in at.markdown if m.value.startswith(f"**{them}'s counter: give ")]
    terms = at.session_state["trade_outcome"].counter.model_dump()["trade"]["terms"]  # the card drawn
    change, needed = partner_change(lg, partner, terms["give_ids"], terms["get_ids"])
    assert change >= needed - 0.1  # his own counter clears his rule (re-solved here)
    mine_after = roster_after(lg, me, terms["give_ids"], terms["get_ids"])
    theirs_after = roster_after(lg, partner, terms["get_ids"], terms["give_ids"])
    at.button(key="trade_counter_accept").click()
    at.run()
    assert not at.exception, at.exception
    assert any("Trade done" in s.value for s in at.success)
    [move] = state_store().moves(src.league_id)
    assert move["card"]["kind"] == "trade" and move["card"]["trade"]["terms"]["get_ids"] == terms["get_ids"]
    assert sorted(lg.roster_ids(me)) == sorted(mine_after) and sorted(lg.roster_ids(partner)) == sorted(theirs_after)
    decisions = state_store().decisions()
    assert [(d["thread_id"], d["decision"]) for d in decisions][-1] == ("trade-page", "approve")  # audited at the gate


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_trade_page_the_manager_declines_what_no_change_rescues(fresh_state, demo_source, scoring):
    """My weakest player for a partner's three best, proposed on the page in each scoring mode: it
    misses his margin (brute force; every one-change alternative is checked in chat, see
    tests/agents/test_trade_chat_modes.py), so he declines: the page says so, offers no counter
    buttons, and nothing changes. Catches a page that shows a decline as a counter, applies a
    declined trade, or drops the manager's reason."""
    from services.store.state import state_store
    from tests.trade_rule import partner_change

    src = demo_source(dt.date(2025, 1, 29), scoring)
    lg = src.league
    me = lg.my_team_id
    give, get, partner = hopeless_ask(lg)
    them = lg.team_name(partner)[0]
    change, needed = partner_change(lg, partner, give, get)
    assert change < needed
    at = _page(scoring)
    _propose_on_page(at, partner, [name(lg, p) for p in give], [name(lg, p) for p in get])
    said = "\n".join(i.value for i in at.info)
    assert f"{them} declines" in said and "no single change would get there" in said, said
    assert not at.success and not [b for b in at.button if b.key in ("trade_counter_accept", "trade_counter_decline")]
    assert state_store().moves(src.league_id) == [] and all(lg.owner_of(p) == partner for p in get)
    assert all(lg.owner_of(p) == me for p in give)
