"""Plotly figures: a player's game log, the matchup's category bars, the schedule grid."""
from __future__ import annotations

import plotly.graph_objects as go

# The title sits on its own line above the legend (a legend at the title's height overlaps it).
LAYOUT = dict(margin=dict(l=10, r=10, t=80, b=10), height=320, template="plotly_white",
              legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0))
LEADER_COLORS = {"me": "#2563eb", "opponent": "#9ca3af", "tied": "#f59e0b"}


def _fig(category: str, value) -> str:
    """A category total in its units (FG%/FT% three decimals, counts one)."""
    return f"{float(value):.3f}" if str(category).endswith("%") else f"{float(value):.1f}"


def _title(text: str) -> dict:
    return dict(text=text, y=0.97, yanchor="top", x=0, xanchor="left", xref="paper")


def day_label(day) -> str:
    """"2025-01-30" -> "Thu 01-30": managers think in weekdays; the year is the same all week."""
    import datetime as dt

    try:
        d = day if isinstance(day, dt.date) else dt.date.fromisoformat(str(day))
    except ValueError:
        return str(day)
    return d.strftime("%a %m-%d")


CATEGORY_BARS = (("pts", "PTS", "#2563eb"), ("reb", "REB", "#16a34a"), ("ast", "AST", "#f97316"))


def game_log_figure(log: dict, window: int = 3, scoring: str = "points") -> go.Figure | None:
    """Fantasy points per game with a rolling average, from a game-log tool result; in a
    categories league, points, rebounds and assists per game (category units, no fantasy points)."""
    games = sorted((g for g in log.get("games") or [] if g.get("fpts") is not None), key=lambda g: str(g["date"]))
    if not games:
        return None
    if scoring == "categories":
        return _category_log_figure(log, games)
    dates = [str(g["date"]) for g in games]
    fpts = [float(g["fpts"]) for g in games]
    rolling = [sum(fpts[max(0, i - window + 1): i + 1]) / (i + 1 - max(0, i - window + 1)) for i in range(len(fpts))]
    fig = go.Figure()
    fig.add_bar(x=dates, y=fpts, name="Fantasy points", marker_color="#2563eb",
                hovertext=[g.get("opp", "") for g in games])
    fig.add_scatter(x=dates, y=rolling, name=f"{window}-game average", mode="lines+markers",
                    line=dict(color="#f97316", width=3))
    fig.update_layout(title=_title(f"{log.get('player', 'Player')}: fantasy points per game"), **LAYOUT)
    fig.update_xaxes(type="category")
    return fig


def _category_log_figure(log: dict, games: list[dict]) -> go.Figure:
    dates = [str(g["date"]) for g in games]
    fig = go.Figure()
    for key, name, color in CATEGORY_BARS:
        fig.add_bar(x=dates, y=[float(g.get(key) or 0) for g in games], name=name, marker_color=color,
                    hovertext=[g.get("opp", "") for g in games])
    fig.update_layout(title=_title(f"{log.get('player', 'Player')}: points, rebounds and assists per game"),
                      barmode="group", **LAYOUT)
    fig.update_xaxes(type="category")
    return fig


def category_figure(categories: list[dict]) -> go.Figure | None:
    """Each category's chance of being won, one bar each, coloured by who leads so far.

    Raw totals do not share a scale (PTS in the hundreds, FG% below 1), so the bars show the win
    probability; the totals are in the table under the chart.
    """
    if not categories:
        return None
    names = [c["category"].upper() for c in categories]
    probs = [round(100 * float(c.get("win_probability") or 0), 1) for c in categories]
    leaders = [c.get("leader", "tied") for c in categories]
    fig = go.Figure()
    for leader, label in (("me", "I lead"), ("opponent", "Opponent leads"), ("tied", "Tied")):
        idx = [i for i, who in enumerate(leaders) if who == leader]
        if idx:
            fig.add_bar(x=[names[i] for i in idx], y=[probs[i] for i in idx], name=label,
                        marker_color=LEADER_COLORS[leader], text=[f"{probs[i]:.0f}%" for i in idx],
                        textposition="outside",
                        hovertext=[f"me {_fig(categories[i]['category'], categories[i]['mine'])}, "
                                   f"opponent {_fig(categories[i]['category'], categories[i]['theirs'])}"
                                   for i in idx])
    fig.add_hline(y=50, line_dash="dot", line_color="#6b7280")
    fig.update_layout(title=_title("Chance to win each category"), **LAYOUT)
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=names)
    fig.update_yaxes(range=[0, 110], ticksuffix="%")
    return fig


def schedule_figure(grid: dict) -> go.Figure | None:
    """Players x remaining days, a filled cell where the player's team plays."""
    players, days, games = grid.get("players") or [], grid.get("days") or [], grid.get("games") or []
    if not players or not days:
        return None
    # weekday over date, level: on a phone plotly tilted "Wed 01-29" up into the title
    labels = [day_label(d).replace(" ", "<br>", 1) for d in days]
    fig = go.Figure(go.Heatmap(z=games, x=labels, y=players, colorscale=[[0, "#f3f4f6"], [1, "#16a34a"]],
                               zmin=0, zmax=1, showscale=False, xgap=2, ygap=2,
                               hovertemplate="%{y} on %{x}: %{z} game<extra></extra>"))
    height = max(260, 28 * len(players) + 100)
    fig.update_layout(title=_title("Games left this week"), **{**LAYOUT, "height": height, "margin": dict(l=10, r=10, t=90, b=10)})
    fig.update_xaxes(type="category", side="top", tickangle=0)
    fig.update_yaxes(autorange="reversed")
    return fig
