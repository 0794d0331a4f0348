"""Issue #38: the Settings punt applies on every page that ranks or values players, and the Players
chart speaks category units in a categories league (AppTest). The broken version: Players' z-sum
counted the punted FT%, Trade's punt box was empty (FT% weighted 1), the chart said "Fantasy points"."""
from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, TIMEOUT


def _punting_ft() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    at.switch_page("pages/settings.py").run()
    at.radio(key="settings_w_scoring").set_value("categories").run()
    at.multiselect(key="settings_w_punt").set_value(["FT%"]).run()
    assert not at.exception
    return at


def test_players_and_trade_start_from_the_settings_punt(fresh_state):
    at = _punting_ft()
    at.switch_page("pages/players.py").run()
    assert not at.exception
    assert at.multiselect(key="players_punt").value == ["FT%"]
    counted = next(c.value for c in at.caption if "z-sum over " in c.value)
    assert "FT%" not in counted.split("z-sum over ")[1].split(" · ")[0]
    rows = at.dataframe[0].value
    z_cols = [c for c in rows.columns if c.startswith("z ") and c != "z-sum"]
    kept = [c for c in z_cols if c != "z FT%"]
    top = rows.iloc[0]
    assert abs(top["z-sum"] - sum(top[c] for c in kept)) < 0.02  # the z-sum leaves FT% out
    chart = json.loads(at.get("plotly_chart")[0].proto.spec)
    names = [t.get("name") for t in chart["data"]]
    assert "Fantasy points" not in names and "Category z-sum" in names

    at.switch_page("pages/trade.py").run()
    assert not at.exception
    assert at.multiselect(key="trade_punt").value == ["FT%"]
