"""The Desk page in AppTest (offline desk): the day's games equal the market at the desk clock,
a request shows the market maker's plain steps and its decision card, a counter is accepted from
its card (no second evaluation), exposure and settled P&L on the real final."""
from __future__ import annotations

import datetime as dt

import pytest

from agents.desk.clock import DeskClock
from agents.desk.tools import market_view
from services.desk.book import DeskBook
from tests.app.conftest import rendered_text

AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
DESK = "pages/desk.py"
GAME = "2025-01-29-CHI-BOS"


@pytest.fixture
def desk_page(app, fresh_state):
    DeskClock(DeskBook(fresh_state.store)).set(AT)

    def make():
        at = app()
        at.switch_page(DESK).run()
        assert not at.exception
        return at

    return make


def _table(at, column: str):
    """The dataframe that has this column (AppTest does not expose dataframe keys)."""
    return [d.value for d in at.dataframe if column in d.value.columns][-1]


def _request(at, market="spread", side="home", line=0.0, odds=1.91, amount=20.0):
    at.selectbox(key="desk_req_game").set_value(GAME)
    at.selectbox(key="desk_req_market").set_value(market)
    at.selectbox(key="desk_req_side").set_value(side)
    at.run()  # as in the browser: picking the game, market or side reruns (the line starts at the market's)
    if market != "moneyline":  # no line on the moneyline: the field is disabled
        at.number_input(key="desk_req_line").set_value(line)
    at.number_input(key="desk_req_odds").set_value(odds)
    at.number_input(key="desk_req_amount").set_value(amount)
    at.button[[b.label for b in at.button].index("Send to the market maker")].click()
    return at.run()


def test_games_table_shows_the_desk_quotes(desk_page):
    at = desk_page()
    table = _table(at, "Spread open")
    view = market_view(GAME, AT)
    row = table[table["Id"] == GAME].iloc[0]
    assert (row["ML home"], row["Spread (home) now"], row["Total now"]) == (
        view["moneyline"]["home"], view["spread"]["home_line"], view["total"]["line"])
    assert row["Spread open"] == view["spread"]["open_home_line"]
    text = rendered_text(at)
    assert "priced from" in text and "simulated" in text


def test_request_shows_steps_and_an_accept_card_then_exposure(desk_page):
    at = desk_page()
    line = market_view(GAME, AT)["spread"]["home_line"]
    at = _request(at, line=line, odds=1.9)
    assert not at.exception
    steps = "\n".join(m.value for m in at.markdown)
    for msg in ("Checking recent activity...", "Checking current market odds...", "Reviewing my position...",
                "Calculating edge...", "Evaluating risk..."):
        assert msg in steps
    assert any(s.value.startswith("Accepted: 1.9 for 20") for s in at.success)
    exposure = _table(at, "Scope")
    assert list(exposure["Worst-case loss"]) == [18.0, 18.0]  # 20 x 0.9 on the side and on the game


def test_counter_accepted_from_its_card(desk_page, fresh_state):
    at = desk_page()
    view = market_view(GAME, AT)
    at = _request(at, line=view["spread"]["home_line"], odds=round(view["spread"]["odds"] * 1.035, 3))
    assert any(i.value.startswith("Counter: BOS") for i in at.info)
    assert any("left on this counter" in m.value for m in at.markdown)
    at.button[[b.label for b in at.button].index("Accept counter")].click()
    at = at.run()
    assert not at.exception
    assert any(s.value.startswith("Counter accepted without a new evaluation") for s in at.success)
    book = DeskBook(fresh_state.store)
    assert [q["status"] for q in book.quotes()] == ["counter_accepted"]
    assert book.positions()[0]["odds"] == view["spread"]["odds"]


def test_reject_card_and_settlement(desk_page, fresh_state):
    at = desk_page()
    at = _request(at, market="moneyline", side="away", odds=20.0, amount=5)
    assert any(e.value.startswith("Rejected: bettor edge") for e in at.error)
    # book one position, move the clock past the final, settle on the real score
    book = DeskBook(fresh_state.store)
    from services.desk.models import DeskLimits

    book.book_position("q-x", GAME, "moneyline", "home", None, 1.2, 10, DeskLimits(), AT)
    DeskClock(book).set(AT + dt.timedelta(days=1))
    at = at.run()
    at.button(key="desk_settle").click()
    at = at.run()
    settled = _table(at, "Result")  # the last table with results: the settled one
    assert any(c.value == "No open positions." for c in at.caption)
    assert list(settled["Result"]) == ["win"] and list(settled["Desk P&L"]) == [-2.0]  # BOS won: pays 10 x 0.2


def test_chat_bet_request_shows_the_desk_steps_and_card(app, fresh_state):
    from tests.app.conftest import ask

    DeskClock(DeskBook(fresh_state.store)).set(AT)
    line = market_view(GAME, AT)["spread"]["home_line"]
    at = ask(app("t-desk-chat"), f"I'd take the Celtics {line:+g} at 1.95 for 20")
    assert not at.exception
    assert [s.label.split(" · ")[0].split(":")[0] for s in at.status] == [  # "Name: its arguments · ms"
        "Checking recent activity", "Checking current market odds", "Reviewing my position", "Calculating edge",
        "Evaluating risk"]
    assert any(s.value.startswith("Accepted: 1.95 for 20") for s in at.success)
    assert ":material/label: Market desk" in "".join(m.value for m in at.markdown)
    assert len(DeskBook(fresh_state.store).positions()) == 1


def test_nudge_moves_the_simulated_clock_to_the_next_line_move(desk_page, fresh_state):
    from agents.desk.runtime import next_line_move
    from services.league.season_games import schedule

    # a game whose market still moves after the desk clock (the martingale path moves sparsely)
    game = next(g.game_id for g in schedule(AT.date(), AT.date()) if next_line_move(g.game_id, AT) is not None)
    at = desk_page()
    at.selectbox(key="desk_nudge_game").set_value(game)
    at.button(key="desk_nudge").click()
    at = at.run()
    assert not at.exception
    clock = DeskClock(DeskBook(fresh_state.store)).now()
    when = next_line_move(game, AT)
    assert when <= clock < when + dt.timedelta(minutes=1)
    before, after = market_view(game, AT), market_view(game, clock)
    row = _table(at, "Spread open")
    row = row[row["Id"] == game].iloc[0]
    assert (row["Spread (home) now"], row["Total now"]) == (after["spread"]["home_line"], after["total"]["line"])
    assert (after["spread"]["home_line"], after["total"]["line"]) != (before["spread"]["home_line"],
                                                                      before["total"]["line"])


def test_a_counter_from_chat_is_listed_and_accepted_on_the_desk_page(desk_page, fresh_state):
    from agents.desk.runtime import Desk
    from agents.offline.desk_policy import DeskPolicyModel
    from services.desk.models import BetRequest

    view = market_view(GAME, AT)
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store)
    q = desk.quote(BetRequest(game_id=GAME, market="spread", side="home", line=view["spread"]["home_line"],
                              odds=round(view["spread"]["odds"] * 1.035, 3), amount=20, bettor="chat"), AT)
    assert q.status == "countered"
    at = desk_page()
    assert "Open counters" in [h.value for h in at.subheader]
    at.button(key=f"desk_open_{q.quote_id}_accept_{q.quote_id}").click()
    at = at.run()
    assert not at.exception and DeskBook(fresh_state.store).quote(q.quote_id)["status"] == "counter_accepted"
    assert "Open counters" not in [h.value for h in at.subheader]
