"""Read-only league views for the pages (roster, matchup, schedule grid, weekly lineup)."""
from __future__ import annotations

from services import optimizer as opt


def league_view(source) -> dict:
    info = source.info()
    roster = source.roster()
    view = {"info": info, "roster": roster, "matchup": source.matchup(), "schedule_grid": None, "weekly_lineup": None}
    lg = getattr(source, "league", None)
    if lg is None:
        return view
    days = lg.days_remaining
    names = [e.player.name for e in roster.entries]
    games = [[1 if d in e.remaining_dates else 0 for d in days] for e in roster.entries]
    view["schedule_grid"] = {"players": names, "days": [d.isoformat() for d in days], "games": games,
                             "status": [e.status for e in roster.entries]}
    week = opt.weekly_lineup(opt.from_demo_league(lg, free_agents=[]))
    snap = lg.snapshot
    view["weekly_lineup"] = {
        "expected_total": round(week.expected_total, 1), "unit": week.unit,
        "days": [{"date": d.date.isoformat(), "expected": round(d.fantasy_points, 1),
                  "starters": {snap.players[p].ref.name: slot for p, slot in d.slots.items()}} for d in week.days],
        "starts": {snap.players[k].ref.name: v for k, v in week.starts.items()}}
    return view
