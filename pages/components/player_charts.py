"""Figures of the Players and Trade pages (Plotly), drawn from the facades' typed results."""
from __future__ import annotations

import plotly.graph_objects as go

LAYOUT = dict(height=320, margin=dict(l=10, r=10, t=40, b=10), legend=dict(orientation="h", y=-0.2))


def trend_figure(trend, scoring: str = "points") -> go.Figure | None:
    """A player's games one by one and the 5-game rolling mean: fantasy points in a points league,
    the category z-sum (category units, no fantasy points) in a categories league."""
    if not trend.points:
        return None
    x = [p.date.isoformat() for p in trend.points]
    fig = go.Figure()
    if scoring == "categories":
        z = [p.z_sum for p in trend.points]
        rolling = [sum(z[max(0, i - 4): i + 1]) / len(z[max(0, i - 4): i + 1]) for i in range(len(z))]
        fig.add_bar(x=x, y=z, name="Category z-sum", hovertext=[f"vs {p.opp}" for p in trend.points],
                    marker_color="#93c5fd")
        fig.add_scatter(x=x, y=rolling, name="5-game average", mode="lines", line=dict(color="#1d4ed8", width=3))
        fig.update_layout(title=dict(text=f"{trend.player.name}: category value (z-sum) per game before {trend.as_of}"),
                          **LAYOUT)
        return fig
    fig.add_bar(x=x, y=[p.fpts for p in trend.points], name="Fantasy points",
                hovertext=[f"vs {p.opp}: z-sum {p.z_sum:+.2f}" for p in trend.points], marker_color="#93c5fd")
    fig.add_scatter(x=x, y=[p.rolling_fpts for p in trend.points], name="5-game average", mode="lines",
                    line=dict(color="#1d4ed8", width=3))
    fig.update_layout(title=dict(text=f"{trend.player.name}: games before {trend.as_of}"), **LAYOUT)
    return fig


def rank_rows(table, scoring: str) -> list[dict]:
    """The rankings table as rows: per-game, window totals or per-36 rates (beside the real minutes a
    game), z-scores, games left, owner; with the minutes trend when it is the sort."""
    total, per36 = table.per == "total", table.per == "36"
    rows = []
    for p in table.players:
        stats = p.totals if total else p.per_36 if per36 else p.per_game
        row = {"Rank": p.rank, "Player": p.player.name, "Team": p.player.team, "Pos": "/".join(
            s for s in p.player.eligible if s in {"PG", "SG", "SF", "PF", "C"}), "Status": p.status, "Owner": p.owner,
               "GP": p.games, "Team GP": p.team_games, "Flags": ", ".join(p.flags),
               "FPTS": p.fpts_total if total else p.per_36.get("fpts") if per36 else p.fpts,
               "Min/G": p.per_game.get("min")}
        if table.sort == "minutes_trend":
            row["Season Min/G"], row["Min change"] = p.season_mpg, p.minutes_change
        for label, key in (("PTS", "pts"), ("REB", "reb"), ("AST", "ast"), ("STL", "stl"), ("BLK", "blk"),
                           ("3PM", "fg3m"), ("TO", "tov")):
            row[label] = stats.get(key)
        row["FG%"], row["FT%"] = p.per_game.get("fg_pct"), p.per_game.get("ft_pct")
        row["z-sum"] = p.z36_sum if per36 else round(p.z_sum * (p.games if total else 1), 2)
        for cat, z in (p.z36 if per36 else p.z).items():
            row[f"z {cat}"] = z
        row["Wk G"], row["ROS G"], row["ROS value"] = p.games_left_week, p.games_left_season, p.ros_value
        rows.append(row)
    return rows


def filtered_rows(table) -> list[dict]:
    """Who the sample filter left out of the ranks, best first, and why."""
    return [{"Would rank": f.would_rank, "Player": f.player.name, "Team": f.player.team, "Status": f.status,
             "Owner": f.owner, "GP": f.games, "Team GP": f.team_games, "Why": f.reason} for f in table.filtered]


def trade_player_rows(side) -> list[dict]:
    """Who moves (and who is cut or picked up) with each one's rest-of-season numbers."""
    rows = []
    for label, ps in (("gives", side.gives), ("gets", side.gets), ("cuts", side.cut), ("picks up", side.pickup)):
        for p in ps:
            rows.append({"": label, "Player": p.player.name, "Status": p.status, "Per game": p.per_game,
                         "Plays": f"{p.availability:.0%}", "Games left": p.games_left, "This week": p.games_this_week,
                         "Playoff games": p.playoff_games, "ROS value": p.ros_value})
    return rows


def starts_figure(ev) -> go.Figure | None:
    """My starts with a game per remaining week, before and after the trade (playoff weeks marked)."""
    weeks = ev.mine.starts
    if not weeks:
        return None
    x = [f"{w.week_start:%b %-d}{' (playoffs)' if w.playoff else ''}" for w in weeks]
    fig = go.Figure()
    fig.add_bar(x=x, y=[w.before for w in weeks], name="Before", marker_color="#9ca3af")
    fig.add_bar(x=x, y=[w.after for w in weeks], name="After", marker_color="#2563eb")
    fig.update_layout(title=dict(text=f"{ev.mine.team_name}: starts per remaining week"), barmode="group", **LAYOUT)
    return fig
