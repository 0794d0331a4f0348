"""Plotly figures: a player's game log, the matchup's category bars, the schedule grid."""
from __future__ import annotations

import plotly.graph_objects as go

LAYOUT = dict(margin=dict(l=10, r=10, t=40, b=10), height=300, template="plotly_white",
              legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))


def game_log_figure(log: dict, window: int = 3) -> go.Figure | None:
    """Fantasy points per game with a rolling average, from a game-log tool result."""
    games = sorted((g for g in log.get("games") or [] if g.get("fpts") is not None), key=lambda g: str(g["date"]))
    if not games:
        return None
    dates = [str(g["date"]) for g in games]
    fpts = [float(g["fpts"]) for g in games]
    rolling = [sum(fpts[max(0, i - window + 1): i + 1]) / (i + 1 - max(0, i - window + 1)) for i in range(len(fpts))]
    fig = go.Figure()
    fig.add_bar(x=dates, y=fpts, name="Fantasy points", marker_color="#2563eb",
                hovertext=[g.get("opp", "") for g in games])
    fig.add_scatter(x=dates, y=rolling, name=f"{window}-game average", mode="lines+markers",
                    line=dict(color="#f97316", width=3))
    fig.update_layout(title=f"{log.get('player', 'Player')}: fantasy points per game", **LAYOUT)
    fig.update_xaxes(type="category")
    return fig


def category_figure(categories: list[dict]) -> go.Figure | None:
    """Each category, mine against the opponent's, bars side by side, leader in the hover."""
    if not categories:
        return None
    names = [c["category"].upper() for c in categories]
    fig = go.Figure()
    fig.add_bar(x=names, y=[c["mine"] for c in categories], name="Me", marker_color="#2563eb")
    fig.add_bar(x=names, y=[c["theirs"] for c in categories], name="Opponent", marker_color="#9ca3af",
                hovertext=[f"leader: {c['leader']}" for c in categories])
    fig.update_layout(barmode="group", title="Categories so far", **LAYOUT)
    return fig


def schedule_figure(grid: dict) -> go.Figure | None:
    """Players x remaining days, a filled cell where the player's team plays."""
    players, days, games = grid.get("players") or [], grid.get("days") or [], grid.get("games") or []
    if not players or not days:
        return None
    labels = [str(d) for d in days]
    fig = go.Figure(go.Heatmap(z=games, x=labels, y=players, colorscale=[[0, "#f3f4f6"], [1, "#16a34a"]],
                               zmin=0, zmax=1, showscale=False, xgap=2, ygap=2,
                               hovertemplate="%{y} on %{x}: %{z} game<extra></extra>"))
    height = max(260, 28 * len(players) + 80)
    fig.update_layout(title="Games left this week", **{**LAYOUT, "height": height})
    fig.update_xaxes(type="category", side="top")
    fig.update_yaxes(autorange="reversed")
    return fig
