"""services.league.scoreboard: one implementation of what each team has banked this week.

The matchup, the optimizer's inputs and the League page's view must show the same banked
figures in both scoring modes, before and after an approved move; a past day never changes
after a move (the bug: the optimizer recomputed past days from today's roster, so approving
Drop Collin Sexton -> Add Alex Sarr lowered the banked PTS from 222 to 177).
"""
from __future__ import annotations

import datetime as dt

import pytest

from services import optimizer as opt
from services.league.scoreboard import banked_totals, day_starters

COUNTING = {"3PM": "fg3m", "REB": "reb", "AST": "ast", "STL": "stl", "BLK": "blk", "TO": "tov", "PTS": "pts"}


def _figures(src) -> dict:
    """Every banked figure each consumer shows, for me and my opponent."""
    from agents.core.views import league_view

    lg = src.league
    m = src.matchup()
    inputs = opt.from_demo_league(lg)
    view = league_view(src)["matchup"]
    if lg.scoring == "points":
        return {"matchup": (m.my_points, m.opponent_points),
                "optimizer": (round(inputs.my_so_far["fpts"], 1), round(inputs.opp_so_far["fpts"], 1)),
                "league_page": (view.my_points, view.opponent_points)}
    by_cat = lambda cats: {c.category: (c.mine, c.theirs) for c in cats if c.category in COUNTING}  # noqa: E731
    return {"matchup": by_cat(m.categories),
            "optimizer": {c: (inputs.my_so_far[s], inputs.opp_so_far[s]) for c, s in COUNTING.items()},
            "league_page": by_cat(view.categories)}


def _csv_banked(lg, team_id: int, csv_facts) -> dict[str, float]:
    """The starters' real lines from the CSV, each day from the roster the team had that day."""
    out = dict.fromkeys(["fpts", *COUNTING.values()], 0.0)
    for day in lg.days_played:
        rows = csv_facts.day_rows(day)
        for pid in day_starters(lg, lg.roster_on(team_id, day), day):
            if pid in rows:
                for k in out:
                    out[k] += rows[pid][k]
    return out


@pytest.mark.parametrize("scoring", ["points", "categories"])
@pytest.mark.parametrize("as_of", [dt.date(2025, 1, 29), dt.date(2025, 1, 31)])
def test_matchup_optimizer_and_league_page_agree_before_and_after_an_approval(fresh_state, demo_source, csv_facts,
                                                                              scoring, as_of):
    from agents.core.approvals import apply_card
    from agents.core.cards import card_from_move

    src = demo_source(as_of, scoring)
    lg = src.league
    before = _figures(src)
    assert before["matchup"] == before["optimizer"] == before["league_page"]
    expected = _csv_banked(lg, lg.my_team_id, csv_facts)
    if scoring == "points":
        assert before["matchup"][0] == round(expected["fpts"], 1) > 0
    else:
        assert before["matchup"]["PTS"][0] == expected["pts"] > 0
    banked_before = banked_totals(lg, lg.my_team_id)
    week_before = opt.weekly_lineup(opt.from_demo_league(lg))

    top = opt.scan_moves(opt.from_demo_league(lg), limit=1)[0]
    card = card_from_move(top, lg.league_id, lg.my_team_id, lg.as_of)
    assert apply_card(src, card, "t-scoreboard")["outcome"] == "applied"
    assert top.add_id in lg.roster_ids() and top.drop_id not in lg.roster_ids()

    after = _figures(src)
    assert after == before  # a past day never changes after a move
    assert banked_totals(lg, lg.my_team_id) == banked_before
    for day in lg.days_played:
        assert top.drop_id in lg.roster_on(lg.my_team_id, day) or top.drop_id not in lg.drafted[1]
    week_after = opt.weekly_lineup(opt.from_demo_league(lg))
    if scoring == "points":  # the new plan is standing pat plus exactly the card's gain
        assert week_after.expected_total == pytest.approx(week_before.expected_total + top.gain, abs=0.01)
    else:  # and never fewer categories than standing pat when the card promised more
        assert top.gain > 0 and week_after.expected_total > week_before.expected_total


def test_the_roster_history_follows_the_move_log(fresh_state, demo_source):
    """A move applied on a day counts from that day: the days before keep the old roster."""
    from services.store.state import state_store

    src = demo_source(dt.date(2025, 1, 31))
    lg = src.league
    drop, add = lg.roster_ids()[-1], lg.free_agent_ids()[0]
    state_store().apply_move(lg.league_id, 1, "mv-history", drop, add, dt.date(2025, 1, 30), "test", {})
    assert drop in lg.roster_on(1, dt.date(2025, 1, 29)) and add not in lg.roster_on(1, dt.date(2025, 1, 29))
    assert add in lg.roster_on(1, dt.date(2025, 1, 30)) and drop not in lg.roster_on(1, dt.date(2025, 1, 30))
    assert add in lg.roster_ids() and drop not in lg.roster_ids()
