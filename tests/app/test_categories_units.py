"""A categories league reads as categories: every figure the pages and answers show in categories
mode is in that mode's units (no "FPts", no fantasy points), win chances are percents, FG%/FT%
have three decimals, and no unrounded float appears anywhere (issue 10, section 3)."""
from __future__ import annotations

import re

import pandas as pd

from pages.components import labels, league_tables
from tests.app.conftest import OPTIMIZE

LONG_FLOAT = re.compile(r"(?<![\w.])\d+\.\d{4,}(?!\d)")  # never shown: 87.21428
THREE_DECIMALS = re.compile(r"(?<![\w.])\d*\.\d{3}(?!\d)")  # only a FG% / FT% value has three decimals
FANTASY = re.compile(r"FPts|fantasy p(ts|oints)", re.IGNORECASE)


def visible_lines(at) -> list[str]:
    """What a person reads on the page: text elements, labels, metrics and table cells, one line each."""
    lines: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error"):
        for el in getattr(at, kind):
            lines += str(el.value).splitlines()
    lines += [str(s.label) for s in at.status] + [str(e.label) for e in at.expander]
    lines += [f"{m.label} {m.value} {m.delta or ''}" for m in at.metric]
    for frame in [t.value for t in at.table] + [d.value for d in at.dataframe]:
        frame = pd.DataFrame(frame)
        for _, row in frame.iterrows():
            lines.append(" | ".join(f"{col}={val}" for col, val in row.items()))
    return lines


def unit_problems(lines: list[str]) -> list[str]:
    bad = []
    for line in lines:
        if FANTASY.search(line) or LONG_FLOAT.search(line):
            bad.append(line)
        elif THREE_DECIMALS.search(line) and not re.search(r"FG%|FT%", line):
            bad.append(line)
    return bad


def test_categories_mode_shows_no_fantasy_points_and_no_unrounded_float(fresh_state):
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP, TIMEOUT

    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["settings_scoring"] = "categories"
    at.query_params["thread"] = "t-cats-units"
    at.run()
    at.chat_input[0].set_value(OPTIMIZE).run()
    assert not at.exception
    chat = visible_lines(at)
    assert any("cats expected" in line for line in chat)  # the categories review ran
    assert any(re.search(r"\d+% -> \d+%", line) for line in chat)  # win chances as percents
    assert unit_problems(chat) == []

    for page in ("league", "approvals", "audit", "settings"):
        at.switch_page(f"pages/{page}.py").run()
        assert not at.exception, page
        lines = visible_lines(at)
        assert unit_problems(lines) == [], page
        if page == "league":
            assert any("Categories scoring" in line for line in lines)
            assert any(re.search(r"FG%=0?\.\d{3}\b", line) for line in lines)  # three decimals in the roster


def test_the_unit_check_would_catch_the_issue_examples():
    assert unit_problems(["Last 5 FPts | Season FPts"]) and unit_problems(["win probability 0.348"])
    assert unit_problems(["total 87.21428"]) and unit_problems(["| Day | Expected fantasy pts |"])
    assert unit_problems(["| FG% | 0.475 | 0.468 |"]) == [] and unit_problems(["58% -> 64%"]) == []


def test_category_figures_and_roster_rows_in_their_units(fresh_state):
    assert league_tables.cat_figure("FG%", 0.47512) == "0.475"
    assert league_tables.cat_figure("REB", 87.21428) == "87.2"
    assert labels.number_text(0.348, "win_probability") == "35%"
    assert labels.number_text(0.47512, "fg_pct") == "0.475"
    assert labels.number_text(87.21428, "total") == "87.21"
    from agents.core.runtime import get_assistant

    roster = get_assistant(scoring="categories").league_view()["roster"]
    rows = league_tables.roster_rows(roster, "categories")
    assert rows and not any("FPts" in k for k in rows[0])
    for row, entry in zip(rows, roster.entries, strict=True):
        avg = entry.season_avg
        assert row["REB"] == f"{avg['reb']:.1f}"
        if avg.get("fga"):
            assert row["FG%"] == f"{avg['fgm'] / avg['fga']:.3f}"
