"""One "expected categories won" figure (issue 10): the matchup tool, the optimizer's review, the
offline matchup answer and the League page all show the optimizer's standing-pat evaluation
(`optimizer.weekly.standing_pat`). The bug this catches: the review said "expected categories won
4.2 of 9" (the matchup's own normal model) next to "standing pat: 4.4" (the optimizer's).
In points, the rest-of-week projection is the weekly lineup's expected total everywhere."""
from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from services import optimizer as opt
from tests.app.conftest import APP, TIMEOUT

REVIEW = "Review my matchup and help me optimize for this week."
# any number next to "categories won" / "of 9", whatever the phrasing around it
CATS_FIGURE = re.compile(r"categories won\D{0,25}?(\d+\.\d+)|(\d+\.\d+)\D{0,12}?categories won|(\d+\.\d+) of 9\b")
POINTS_REST = re.compile(r"(\d+\.\d+) fantasy points expected")


@pytest.fixture
def make_assistant(fresh_state):
    """Offline assistants over the test's own home (as tests/agents' fixture of the same name)."""
    from agents.core.runtime import Assistant
    from services.config import reset_settings_cache

    yield lambda **kw: Assistant(provider="offline", **kw)
    reset_settings_cache()


def cats_figures(text: str) -> set[str]:
    return {next(g for g in m if g) for m in CATS_FIGURE.findall(text)}


def matchup_tool_result(assistant) -> dict:
    events = list(assistant.stream_turn("How is my matchup going?"))
    tool = next(e["result"] for e in events if e["type"] == "tool_end" and e["name"] == "get_matchup_details")
    return {"tool": json.loads(tool), "answer": events[-1]["result"]["answer"]}


@pytest.mark.parametrize("as_of", [dt.date(2025, 1, 29), dt.date(2025, 1, 31)])
def test_a_categories_review_states_one_expected_figure_the_same_everywhere(make_assistant, as_of):
    a = make_assistant(scoring="categories", as_of=as_of)
    review = a.ask(REVIEW)["answer"]
    shown = cats_figures(review)
    assert len(shown) == 1, f"the review states several expected-categories-won figures: {shown}"

    m = matchup_tool_result(a)
    tool, exp = m["tool"], m["tool"]["expected_categories_won"]
    assert shown == {f"{exp:.1f}"}  # the matchup tool's figure is the review's
    assert cats_figures(m["answer"]) == shown  # and the offline matchup answer's
    # the headline is the sum of the per-category chances the same tool shows (3 decimals each)
    probs = {c["category"]: c["win_probability"] for c in tool["categories"]}
    assert len(probs) == 9 and abs(sum(probs.values()) - exp) <= 9 * 0.0005 + 1e-9
    # ... and the optimizer's own evaluation of the same week, category by category
    week = opt.weekly_lineup(opt.from_demo_league(a.source.league, free_agents=[]))
    assert week.unit == "categories won" and week.expected_total == exp
    assert set(week.category_win_prob) == set(probs)
    for cat, p in probs.items():
        assert abs(week.category_win_prob[cat] - p) <= 0.0005 + 1e-9, cat


def test_a_points_review_projects_the_same_rest_of_week_as_the_matchup(make_assistant):
    a = make_assistant(scoring="points")
    review = a.ask(REVIEW)["answer"]
    md = a.source.matchup()
    assert md.expected_categories_won is None
    assert POINTS_REST.findall(review) == [f"{md.my_projected_rest:.1f}"]
    assert f"projected final {md.my_points + md.my_projected_rest:.1f}" in review
    tool = matchup_tool_result(a)["tool"]
    assert "expected_categories_won" not in tool and "categories" not in tool
    week = opt.weekly_lineup(opt.from_demo_league(a.source.league, free_agents=[]))
    assert round(week.expected_total, 1) == md.my_projected_rest


def _league_page(scoring: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["settings_scoring"] = scoring
    at.switch_page("pages/league.py").run()
    assert not at.exception
    return at


def test_the_league_page_shows_the_reviews_figure(make_assistant):
    at = _league_page("categories")
    captions = "\n".join(c.value for c in at.caption)
    exp = make_assistant(scoring="categories").source.matchup().expected_categories_won
    assert cats_figures(captions) == {f"{exp:.1f}"}
    assert "categories won expected over the remaining days" in captions  # the weekly lineup's caption counted

    pts = _league_page("points")
    md = make_assistant(scoring="points").source.matchup()
    metrics = {m.label: m.value for m in pts.metric}
    assert metrics["My projected final"] == f"{md.my_points + md.my_projected_rest:.1f}"
    captions = "\n".join(c.value for c in pts.caption)
    assert POINTS_REST.findall(captions) == [f"{md.my_projected_rest:.1f}"]
