"""The Arena page's figures and tables, from the runner's SimulationLogs (no Streamlit here)."""
from __future__ import annotations

import plotly.graph_objects as go

from pages.components.charts import LAYOUT, _title

PALETTE = ["#2563eb", "#f97316", "#16a34a", "#dc2626", "#9333ea", "#0891b2", "#ca8a04", "#4b5563"]


def run_label(log) -> str:
    cfg = log.episode_logs[0].config
    return f"{cfg.agent_id} · seed {cfg.seed}"


def equity_figure(logs: list) -> go.Figure | None:
    """Portfolio value each matchday morning (marked at that morning's prices), then the settled final."""
    if not logs:
        return None
    fig = go.Figure()
    for i, log in enumerate(logs):
        curve = log.episode_logs[0].episode_result.equity_curve
        fig.add_scatter(x=[p.label for p in curve], y=[p.value for p in curve], mode="lines", name=run_label(log),
                        line=dict(color=PALETTE[i % len(PALETTE)], width=2))
    fig.update_layout(title=_title("Equity: value each matchday morning, then settled"), **LAYOUT)
    # Categorical: on an auto axis plotly.js reads the matchday labels as dates and drops the
    # settled point (labelled "final"), so the line ended on the last morning, not the final value.
    fig.update_xaxes(type="category")
    fig.update_yaxes(title_text="portfolio value")
    return fig


def metrics_rows(logs: list) -> list[dict]:
    rows = []
    for log in logs:
        m = log.episode_logs[0].episode_result.metrics
        rows.append({"run": log.run_id, "agent": log.episode_logs[0].config.agent_id,
                     "seed": log.episode_logs[0].config.seed, "final value": round(m.final_value, 2),
                     "return": f"{m.total_return:+.2%}", "Sharpe / matchday": round(m.sharpe_per_matchday, 3),
                     "max drawdown": f"{m.max_drawdown:.1%}", "turnover": round(m.turnover, 2),
                     "accepted": m.accepted, "rejected": m.rejected, "holds": m.holds, "trades": m.trades,
                     "spread paid": fills_of(log)["spread_paid"]})
    return rows


def fills_of(log) -> dict:
    from agents.door import arena as runner

    return runner.fills(log)


def leaderboard_rows(board: dict) -> list[dict]:
    """The ranked leaderboard: return with its 95% interval, drawdown and ruin, the baselines included."""
    return [{"rank": r["rank"], "agent": r["agent"], "episodes": r["episodes"], "return": f"{r['return_mean']:+.1%}",
             "95% interval": f"{r['return_ci95'][0]:+.1%} .. {r['return_ci95'][1]:+.1%}",
             "max drawdown": f"{r['max_drawdown_mean']:.1%}", "ruin": f"{r['ruin_share']:.0%}",
             "trades": r["trades_mean"]} for r in board["ranked"]]


def band_rows(aggregate: dict[str, dict]) -> list[dict]:
    """One row per agent: mean and [min, max] across seeds."""
    rows = []
    for agent, stats in aggregate.items():
        fv, ret, sh, dd = (stats[k] for k in ("final_value", "total_return", "sharpe_per_matchday", "max_drawdown"))
        rows.append({"agent": agent, "seeds": fv["n"], "final value (mean)": round(fv["mean"], 2),
                     "final value band": f"{fv['min']:.2f} .. {fv['max']:.2f}",
                     "return (mean)": f"{ret['mean']:+.2%}", "Sharpe (mean)": round(sh["mean"], 3),
                     "max drawdown (mean)": f"{dd['mean']:.1%}"})
    return rows


def decision_rows(log) -> list[dict]:
    return [{"#": p.decision_point_idx, "morning": p.information_cutoff_timestamp[:10], "extraction": p.extraction,
             "status": p.execution_result.status, "trades": len(p.execution_result.executed_trades),
             "value": round(p.equity.value, 2), "message": p.execution_result.message}
            for p in log.episode_logs[0].decision_point_logs]


def diff_rows(diff: dict) -> tuple[list[dict], list[dict]]:
    metrics = [{"metric": k, "A": v["a"], "B": v["b"], "B - A": v["b_minus_a"]} for k, v in diff["metrics"].items()]
    points = [{"#": p["decision_point_idx"], "morning": p["date"], "A status": p["a_status"],
               "A orders": len((p["a_decision"] or {}).get("orders", [])), "B status": p["b_status"],
               "B orders": len((p["b_decision"] or {}).get("orders", []))} for p in diff["differing_decision_points"]]
    return metrics, points
