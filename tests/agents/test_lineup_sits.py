"""Issue #36: the weekly plan, the day's lineup and the card come from one lineup model, and when a
player with a game sits, the answer says why in the league's units.

Who has a game on which day is read from the box scores (tests/conversations/checks.py's CSV
oracle), never from the product. Catches: the optimizer's weekly plan listing starters with no word
on LaMelo Ball sitting three days with a game (categories, Jan 29); a plan and a day's lineup
computed apart (the punt of the thread weighed in the cards, not in the day's lineup); an
"outvalued" reason naming a starter at a slot he cannot fill.
"""
from __future__ import annotations

import datetime as dt
import json
import re

import pytest

from tests.conversations import checks as K

UNIT = {"points": "fantasy pts", "categories": "category value"}


def _label(day: dt.date) -> str:
    return f"{day.strftime('%a')} {day.strftime('%b')} {day.day}"


def _plan_rows(answer: str) -> dict[dt.date, str]:
    return {dt.date.fromisoformat(c[0]): c[2] for c in K.table_rows(answer)
            if c and re.fullmatch(r"\d{4}-\d\d-\d\d", c[0])}


def _source(scoring, as_of=K.AS_OF):
    from services.league.demo_source import DemoSource
    from services.store.state import state_store

    return DemoSource(as_of, scoring, "balanced", store=state_store())


def _plays_on(name: str, day: dt.date, as_of: dt.date) -> bool:
    """From the box scores: his team (of his last game before `as_of`) plays on `day`."""
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < as_of]
    return day in K.team_dates()[rows[-1]["team"]]


def _day_lineup(source, day: dt.date, punt=None) -> dict:
    from agents.tools.optimizer_tools import build_optimizer_tools

    tool = next(t for t in build_optimizer_tools(source) if t.name == "compose_daily_lineup")
    return json.loads(tool.invoke({"date": day.isoformat(), **({"punt": punt} if punt else {})}))


@pytest.mark.parametrize("scoring,as_of,sitters", [
    ("categories", K.AS_OF, {"LaMelo Ball"}),  # Jan 29, 31 and Feb 1: he has games (the box scores)
    ("points", dt.date(2024, 12, 23), {"Mike Conley"}),  # a Monday: more of mine play than there are slots
])
def test_the_weekly_plan_says_why_every_player_with_a_game_sits(scoring, as_of, sitters, offline_assistant):
    """Every healthy player of mine with a game (the box scores) who is not among a day's starters
    is named under the plan with that day and a figure in the league's units; the plan's starters
    are the day's lineup's, every day."""
    from agents.core.runtime import Assistant

    r = Assistant(provider="offline", scoring=scoring, as_of=as_of).ask("what moves should I make this week?")
    a = r["answer"]
    plan = _plan_rows(a)
    assert min(plan) == as_of and len(plan) >= 3
    source = _source(scoring, as_of)
    entries = [e for e in source.roster().entries if not e.on_ir]
    block = a.split("Who sits with a game, and why", 1)[1] if "Who sits with a game" in a else ""
    sat = 0
    for day, starters in plan.items():
        line = _day_lineup(source, day)
        assert sorted(s["name"] for s in line["starters"]) == sorted(n.strip() for n in starters.split(",") if n.strip() != "-")
        for e in entries:
            name = e.player.name
            if not _plays_on(name, day, as_of) or K.fold(name) in K.fold(starters):
                continue
            sat += 1
            row = next((ln for ln in block.splitlines() if ln.startswith(f"- {name} sits")), "")
            said = row.split(": no game")[0]
            assert _label(day) in said, f"{name} has a game on {day}, sits, and the plan does not say why"
            why = next(b["reason"] for b in line["bench"] if b["name"] == name)
            assert why.split(" even with")[0] in row  # the day's lineup's own reason, its figure in the unit
            assert UNIT[scoring] in row or "OUT" in row
    assert sat >= 2 and all(f"- {n} sits" in block for n in sitters)
    assert "fantasy p" not in block if scoring == "categories" else "category value" not in block


def test_an_outvalued_reason_names_the_lowest_starter_he_could_replace(courtside_home):
    """Points, Wed Feb 5 (next week, the day's lineup reads it): a player with a game who sits is
    compared with the lowest starter in a slot he fits, with both figures as the table shows them."""
    source = _source("points")
    day = dt.date(2025, 2, 5)
    line = _day_lineup(source, day)
    shown = {s["name"]: (s["slot"], s["expected"]) for s in line["starters"]}
    benched = [b for b in line["bench"] if "outvalue" in b["reason"]]
    assert benched, line["bench"]
    slots = set(source.info().slots)
    eligible = {e.player.name: set(e.player.eligible) & slots for e in source.roster().entries}
    for b in benched:
        assert K.plays_on(b["name"], day)
        m = re.search(r"\(([A-Z, ]+)\) outvalues? him: his ([\d.]+) fantasy pts vs ([\d.]+) for (.+), the lowest", b["reason"])
        assert m, b["reason"]
        fits, mine, low, rival = set(m.group(1).split(", ")), float(m.group(2)), float(m.group(3)), m.group(4)
        assert shown[rival][0] in fits and shown[rival][1] == low and low >= mine
        assert eligible[b["name"]] <= fits  # his own positions are among the slots he fits
        assert all(v >= mine for s, v in shown.values() if s in fits)  # nobody in those slots is below him


def test_the_thread_punt_weighs_the_day_lineup_as_it_weighs_the_plan(make_assistant):
    """'I'm punting FG%' then the day's lineup: the punt reaches compose_daily_lineup, and no reason
    cites FG%; the lineup is the one the plan of the same punt gives that day."""
    a = make_assistant(scoring="categories")
    t = a.ask("I'm punting FG%")["thread_id"]
    r = a.ask("who should I start today?", t)
    call = next(c for c in r["tool_calls"] if c["name"] == "compose_daily_lineup")
    assert call["args"].get("punt") == ["FG%"]
    line = _day_lineup(_source("categories"), K.AS_OF, punt=["FG%"])
    assert not any("FG%" in b["reason"] for b in line["bench"])
    from agents.matchup_optimizer.nodes import weekly_plan

    plan = weekly_plan(_source("categories"), ["FG%"])["days"][0]
    assert sorted(plan["starters"]) == sorted(s["name"] for s in line["starters"])
    assert "FG% -" not in r["answer"]


def test_an_out_players_sit_reason_reads_that_days_chance():
    """A categories player whose chance to play differs by day (0% Monday, 80% Wednesday): his value
    split by category sums to that day's value, and the day's sit reason states that day's chance.
    Catches parts and chances read from the week's one row (his flat rate) on a per-day figure."""
    import dataclasses

    from agents.core.sits import category_parts, day_sits
    from services.optimizer.checks import synthetic_inputs
    from services.optimizer.weekly import daily_lineup, prepare

    base = synthetic_inputs(3, "categories", n_roster=10, n_days=4, slots={"UTIL": 3})
    days = base.days
    weak = {k: 0.3 * v for k, v in base.roster[0].expected.items()}  # he sits whenever he may play
    out = dataclasses.replace(base.roster[0], expected=weak, game_days=frozenset(days), status="OUT",
                              availability=0.3,
                              day_availability={days[0]: 0.0, days[1]: 0.1, days[2]: 0.8, days[3]: 0.8})
    inputs = dataclasses.replace(base, roster=(out, *base.roster[1:]))
    prep = prepare(inputs)
    said = {}
    for d, day in enumerate(days):
        parts = category_parts(prep, 0, d)
        assert sum(parts.values()) == pytest.approx(float(prep.roster.values_on(d)[0]), abs=1e-9)
        line = daily_lineup(inputs, day, prep)
        said[day] = next(s for s in day_sits(prep, line) if s["name"] == out.name)
    assert said[days[0]]["kind"] == "out"  # 0%: out that day
    for day in days[1:]:
        assert said[day]["reason"].startswith(f"OUT ({out.day_availability[day]:.0%} chance he plays): ")
    assert sum(category_parts(prep, 0, 2).values()) != pytest.approx(sum(category_parts(prep, 0).values()))
