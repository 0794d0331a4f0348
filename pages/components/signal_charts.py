"""Plotly figures of the signals scoreboard: the reliability diagram and the threshold sweep."""
from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from pages.components.charts import LAYOUT, _title


def reliability_figure(board: dict) -> go.Figure | None:
    """Observed home-win frequency against the mean forecast per bin, pod and market, with the diagonal."""
    rel = board.get("reliability") or {}
    if not rel.get("estimate"):
        return None
    fig = go.Figure()
    fig.add_scatter(x=[0, 1], y=[0, 1], mode="lines", name="Perfectly calibrated", line=dict(color="#9ca3af", dash="dot"))
    for key, name, color in (("estimate", "Pod estimate", "#2563eb"), ("market", "Market price", "#f97316")):
        bins = rel.get(key) or []
        fig.add_scatter(x=[b["mean_forecast"] for b in bins], y=[b["observed"] for b in bins], mode="lines+markers",
                        name=name, line=dict(color=color, width=3),
                        marker=dict(size=[6 + min(18, b["n"] / 4) for b in bins]),
                        hovertext=[f"{b['n']} games" for b in bins])
    fig.update_layout(title=_title("Reliability: how often the home team won, by forecast"), **LAYOUT)
    fig.update_xaxes(range=[0, 1], title="forecast P(home wins)")
    fig.update_yaxes(range=[0, 1], title="observed frequency")
    return fig


def sweep_figure(board: dict) -> go.Figure | None:
    """Signals per threshold (bars) and their realized EV per contract (line)."""
    rows = board.get("sweep") or []
    if not rows:
        return None
    fig = make_subplots(specs=[[{"secondary_y": True}]])
    xs = [f"{r['threshold']:.2f}" for r in rows]
    fig.add_bar(x=xs, y=[r["n"] for r in rows], name="Signals", marker_color="#93c5fd", secondary_y=False)
    fig.add_scatter(x=xs, y=[r["realized_ev"] for r in rows], name="Realized EV per contract", mode="lines+markers",
                    line=dict(color="#dc2626", width=3), secondary_y=True)
    fig.add_hline(y=0, line_dash="dot", line_color="#6b7280", secondary_y=True)
    fig.update_layout(title=_title("Threshold sweep: signals and realized EV"), **LAYOUT)
    fig.update_xaxes(type="category", title="|ev| threshold")
    fig.update_yaxes(title="signals", tickformat="d", secondary_y=False)
    fig.update_yaxes(title="realized EV per contract", tickformat="+.2f", rangemode="tozero", secondary_y=True)
    return fig
