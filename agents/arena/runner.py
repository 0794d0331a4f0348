"""The arena's one entry point for the CLI and the page: run an agent over a range of matchdays
(one experiment per seed), load a run, summarise it, diff two runs."""
from __future__ import annotations

import datetime as dt
from typing import Callable

from agents.arena.registry import AGENTS, BASELINES, REFERENCE_BASELINES, make_agent  # noqa: F401 - re-exported
from services.arena import experiments
from services.arena.leaderboard import leaderboard
from services.arena.metrics import across_seeds
from services.arena.models import EpisodeLog, SimulationLog
from services.arena.simulation import ArenaError, make_config

DEFAULT_CASH = 1000.0
RunNotFound = experiments.RunNotFound
SEEDED = ("random",)  # the agents whose runs differ by seed (the others are the same at any seed)


def run(agent: str, start: dt.date, end: dt.date, seed: int = 1, cash: float = DEFAULT_CASH,
        provider: str | None = None, news: str = "wire",
        progress: Callable[[int, int, str], None] | None = None) -> SimulationLog:
    """Run one episode and write it under COURTSIDE_HOME/experiments/{run_id}/."""
    if cash <= 0:
        raise ArenaError("--cash must be positive")
    bot = make_agent(agent, seed=seed, provider=provider)
    config = make_config(agent, start, end, seed=seed, initial_cash=cash, news=news)
    return experiments.run_experiment(config, bot, progress=progress)


def episode_row(log: SimulationLog) -> dict:
    """What the leaderboard reads of a run."""
    ep = log.episode_logs[0]
    return {"initial_cash": ep.config.initial_cash, "metrics": ep.episode_result.metrics.model_dump(),
            "equity_curve": [p.model_dump() for p in ep.episode_result.equity_curve]}


def compare(agents: list[str], start: dt.date, end: dt.date, seeds: int = 1, cash: float = DEFAULT_CASH,
            provider: str | None = None, news: str = "wire", done: dict[str, list[SimulationLog]] | None = None,
            progress: Callable[[str, int], None] | None = None) -> dict:
    """Every agent asked for plus the reference baselines (hold, favourite, market-implied Kelly) over
    the same window: a seeded agent over `seeds` seeds, the others once; `done` holds runs already
    made (reused, not rerun). Returns the leaderboard and the logs."""
    logs: dict[str, list[SimulationLog]] = {a: list(v) for a, v in (done or {}).items()}
    for a in dict.fromkeys([*agents, *REFERENCE_BASELINES]):
        want = range(1, seeds + 1) if a in SEEDED else range(1, 2)
        have = {lg.episode_logs[0].config.seed for lg in logs.get(a, [])}
        for s in want:
            if a in SEEDED and s in have or a not in SEEDED and have:
                continue
            logs.setdefault(a, []).append(run(a, start, end, seed=s, cash=cash, provider=provider, news=news))
            if progress:
                progress(a, s)
    board = leaderboard({a: [episode_row(lg) for lg in ls] for a, ls in logs.items()})
    return {"from": start.isoformat(), "to": end.isoformat(), "leaderboard": board, "logs": logs}


def fills(log: SimulationLog) -> dict:
    """How the run's trades filled: at the desk's quote, with what the spread and the fee cost."""
    ep = log.episode_logs[0]
    trades = ep.episode_result.trade_history.trades
    mids = {(p.case_id, t): sd["current_price"] for p in ep.decision_point_logs
            for t, sd in p.agent_payload["stock_data"].items()}
    spread = sum(t.quantity * abs(t.price - mids.get((t.case_id, t.ticker), t.price)) for t in trades)
    rules = ep.config.market_rules
    return {"rule": "buy at the desk's ask, sell at its bid (its margin on both sides of the no-vig mid)",
            "margin": rules.margin, "fee_rate": rules.fee_rate, "max_order_notional": rules.max_order_notional,
            "trades": len(trades), "notional": round(sum(t.quantity * t.price for t in trades), 2),
            "spread_paid": round(spread, 2), "fees_paid": round(sum(t.fee for t in trades), 2)}


def load(run_id: str) -> SimulationLog:
    return experiments.read_run(run_id)


def list_runs() -> list[str]:
    return experiments.list_runs()


def summary(log: SimulationLog) -> dict:
    """The JSON both `arena run` and `arena show` print (without the per-decision payloads)."""
    ep: EpisodeLog = log.episode_logs[0]
    cfg, res = ep.config, ep.episode_result
    return {"run_id": log.run_id, "agent": cfg.agent_id, "episode_id": cfg.episode_id, "from": cfg.start.isoformat(),
            "to": cfg.end.isoformat(), "seed": cfg.seed, "initial_cash": cfg.initial_cash, "news": cfg.news,
            "versions": {"simulation": log.simulation_version, "agent": log.agent_version,
                         "evaluation": log.evaluation_version},
            "metrics": res.metrics.model_dump(), "final_portfolio": res.final_portfolio.model_dump(),
            "equity_curve": [p.model_dump() for p in res.equity_curve],
            "decisions": [{"case_id": p.case_id, "extraction": p.extraction, "status": p.execution_result.status,
                           "message": p.execution_result.message, "trades": len(p.execution_result.executed_trades)}
                          for p in ep.decision_point_logs],
            "fills": fills(log),
            "return_ci95": leaderboard({cfg.agent_id: [episode_row(log)]})["ranked"][0]["return_ci95"],
            "files": [f"experiments/{log.run_id}/{f}" for f in experiments.FILES],
            "errors": log.errors, "error": None}


def aggregate(logs: list[SimulationLog]) -> dict[str, dict]:
    """Per agent: the mean and band (min..max) of each metric across its runs (seeds)."""
    by_agent: dict[str, list] = {}
    for log in logs:
        ep = log.episode_logs[0]
        by_agent.setdefault(ep.config.agent_id, []).append(ep.episode_result.metrics)
    return {a: across_seeds(rows) for a, rows in by_agent.items()}


def diff(a: SimulationLog, b: SimulationLog) -> dict:
    """Where two runs part: metric differences (b - a) and the decision points whose outcome differs."""
    ea, eb = a.episode_logs[0], b.episode_logs[0]
    ma, mb = ea.episode_result.metrics.model_dump(), eb.episode_result.metrics.model_dump()
    metrics = {k: {"a": ma[k], "b": mb[k], "b_minus_a": round(mb[k] - ma[k], 6)} for k in ma}
    pa = {p.decision_point_idx: p for p in ea.decision_point_logs}
    pb = {p.decision_point_idx: p for p in eb.decision_point_logs}
    points = []
    for idx in sorted(set(pa) | set(pb)):
        x, y = pa.get(idx), pb.get(idx)
        da = x.extracted_decision.model_dump() if x and x.extracted_decision else None
        db = y.extracted_decision.model_dump() if y and y.extracted_decision else None
        sa = x.execution_result.status if x else None
        sb = y.execution_result.status if y else None
        if da != db or sa != sb:
            day = (x or y).information_cutoff_timestamp[:10]
            points.append({"decision_point_idx": idx, "date": day, "a_decision": da, "a_status": sa,
                           "b_decision": db, "b_status": sb})
    return {"a": a.run_id, "b": b.run_id, "metrics": metrics, "differing_decision_points": points}
