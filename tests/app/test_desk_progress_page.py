"""The Desk page reads the quote's progress record (issue #39): the steps it draws after a request
are the record `GET /api/desk/quote/{id}` serves, with their times, from the state store.
Before #39 no record existed (the steps were only seen live)."""
from __future__ import annotations

import datetime as dt

from agents.desk.clock import DeskClock
from agents.desk.tools import market_view
from services.desk import progress
from services.desk.book import DeskBook

AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
GAME = "2025-01-29-CHI-BOS"


def test_the_page_draws_the_quotes_progress_record(app, fresh_state):
    DeskClock(DeskBook(fresh_state.store)).set(AT)
    at = app()
    at.switch_page("pages/desk.py").run()
    at.selectbox(key="desk_req_game").set_value(GAME)
    at.run()
    at.number_input(key="desk_req_line").set_value(market_view(GAME, AT)["spread"]["home_line"])
    at.number_input(key="desk_req_odds").set_value(1.9)
    at.button[[b.label for b in at.button].index("Send to the market maker")].click()
    at.run()
    assert not at.exception
    qid = at.session_state["desk_quote"]["quote_id"]
    record = progress.get(fresh_state.store, qid)
    assert record is not None and record.status == "complete" and record.decision["decision"] == "accept"
    table = [d.value for d in at.dataframe if "Step" in d.value.columns][-1]
    assert list(table["Step"]) == [p.step for p in record.progress]
    assert list(table["At"]) == [p.ts.strftime("%H:%M:%S.%f")[:-3] for p in record.progress]
    assert "Checking current market odds..." in list(table["Message"])
