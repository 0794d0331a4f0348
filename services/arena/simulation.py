"""The loop: each matchday morning settle what finished, build the Case, invoke the agent with its
one tool, commit the last submission, log it; at the end settle everything at the real finals.
"""
from __future__ import annotations

import datetime as dt
import logging
from typing import Callable

from services.league import season_games
from services.arena import cases
from services.arena.execution import extract_call, handle_submission
from services.arena.instruments import PriceFn, contract, desk_price, listed_contracts, settlement_payout
from services.arena.metrics import episode_metrics
from services.arena.news import NEWS_SOURCES
from services.arena.models import (Agent, AgentInvocation, AgentInvocationResult, Case, Decision, DecisionPointLog,
                                   DecisionResult, EpisodeConfig, EpisodeLog, EpisodeResult, EquityPoint,
                                   ExecutedTrade, MarketRules, PortfolioSnapshot, Settlement, TradeHistory)
from services.markets.pricing import DESK_MARGIN

log = logging.getLogger(__name__)

SIMULATION_VERSION = "arena-sim/2"  # 2: fills at the desk's two-sided quote, a size limit, an optional fee
# the desk's market: its 4.5% margin on both sides (the price of its bets), at most 100 of notional
# per contract per decision (the desk's per-side limits are 150 of liability), no fee
DESK_RULES = MarketRules(margin=DESK_MARGIN, fee_rate=0.0, max_order_notional=100.0)
NO_FRICTION = MarketRules()
Progress = Callable[[int, int, str], None]  # (done, total, matchday)


class ArenaError(ValueError):
    """Bad episode input (no games in range, unknown dates)."""


def matchdays(start: dt.date, end: dt.date) -> list[dt.date]:
    """Dates in [start, end] with at least one regular-season game."""
    return sorted({g.date for g in season_games.schedule(start, end)})


def universe(days: list[dt.date], decision_time: dt.time) -> list[str]:
    """Every ticker listed at some decision point of the episode (schedule facts only)."""
    seen: dict[str, None] = {}
    for d in days:
        for c in listed_contracts(cases.cutoff_at(d, decision_time)):
            seen[c.ticker] = None
    return list(seen)


def make_config(agent_id: str, start: dt.date, end: dt.date, seed: int = 0, initial_cash: float = 1000.0,
                episode_id: str | None = None, news: str = "wire", rules: MarketRules | None = None) -> EpisodeConfig:
    """`rules`: the market's friction (default `DESK_RULES`: the desk's two-sided quote and size limit)."""
    if end < start:
        raise ArenaError(f"--to {end} is before --from {start}")
    days = matchdays(start, end)
    if not days:
        raise ArenaError(f"no regular-season games between {start} and {end}")
    eid = episode_id or f"{agent_id}-{start.isoformat()}-{end.isoformat()}-s{seed}"
    cfg = EpisodeConfig(episode_id=eid, agent_id=agent_id, tickers=[], initial_cash=initial_cash, start=start,
                        end=end, seed=seed, news=news, market_rules=DESK_RULES if rules is None else rules)
    return cfg.model_copy(update={"tickers": universe(days, cfg.decision_time_utc)})


def settle(portfolio: PortfolioSnapshot, before: dt.date | None) -> tuple[PortfolioSnapshot, list[Settlement]]:
    """Pay every position whose game is dated before `before` (all of them when None)."""
    cash, keep, done = portfolio.cash, {}, []
    for t, q in portfolio.positions.items():
        c = contract(t)
        if before is not None and c.date >= before:
            keep[t] = q
            continue
        payout, final = settlement_payout(c)
        cash = round(cash + q * payout, 6)
        done.append(Settlement(ticker=t, game_id=c.game_id, quantity=q, payout=payout, cash_delta=q * payout,
                               final=final))
    return PortfolioSnapshot(cash=cash, positions=keep), done


def mark(case: Case, label: str) -> EquityPoint:
    held = round(sum(q * case.stock_data[t].current_price for t, q in case.portfolio.positions.items()), 6)
    return EquityPoint(label=label, cash=case.portfolio.cash, positions_value=held,
                       value=round(case.portfolio.cash + held, 6))


def _invoke(agent: Agent, inv: AgentInvocation) -> AgentInvocationResult:
    try:
        return agent.invoke(inv)
    except Exception as e:  # noqa: BLE001 - boundary: an agent is a plug-in; its failure is a hold recorded in
        # the run's log (the invocation's error), not a crashed run
        log.info("arena agent failed", exc_info=True)
        return AgentInvocationResult(error=f"{type(e).__name__}: {e}"[:500])


def decide(agent: Agent, case: Case, config: EpisodeConfig, steps_remaining: int):
    """Invoke the agent and pick the submission that counts. Returns (result, decision, outcome, rule, log output)."""
    inv = AgentInvocation(case=case, episode_id=config.episode_id, agent_id=config.agent_id,
                          steps_remaining=steps_remaining).bind(handle_submission)
    out = _invoke(agent, inv)
    raw, rule = extract_call(inv.tool_calls)
    if raw is None:
        decision, result = Decision(), DecisionResult(status="accepted", message=rule, portfolio=case.portfolio)
    else:
        decision, result = inv.submissions[-1]  # executed inside the tool handler
    outcome = "hold" if result.status == "accepted" and not result.executed_trades else result.status
    if decision is None:
        rule = f"invalid: {result.message}"
    output = {"output": out.output, "tool_calls": inv.tool_calls, "error": out.error}
    if inv.dropped_calls:  # a call past the round cap: in the log, beside the calls that ran
        output["dropped_calls"] = inv.dropped_calls
        rule += f"; {len(inv.dropped_calls)} call(s) past the round cap dropped"
    return result, decision, outcome, rule, output


def run_episode(config: EpisodeConfig, agent: Agent, price: PriceFn | None = None,
                news: cases.NewsFn | None = None, progress: Progress | None = None) -> EpisodeLog:
    """Play the episode. Pure given (config, agent, price, news): the same inputs give the same log."""
    price = price or desk_price
    news = news or NEWS_SOURCES[config.news]
    days = matchdays(config.start, config.end)
    portfolio = PortfolioSnapshot(cash=config.initial_cash)
    logs: list[DecisionPointLog] = []
    trades: list[ExecutedTrade] = []
    settlements: list[Settlement] = []
    curve: list[EquityPoint] = []
    outcomes: list[str] = []
    for idx, day in enumerate(days):
        portfolio, paid = settle(portfolio, day)
        settlements += paid
        case = cases.build_case(day, idx, config.episode_id, portfolio, price, config.decision_time_utc, news,
                                config.market_rules)
        equity = mark(case, day.isoformat())
        curve.append(equity)
        result, decision, outcome, rule, output = decide(agent, case, config, len(days) - idx - 1)
        outcomes.append(outcome)
        if result.status == "accepted" and result.portfolio is not None:
            portfolio = result.portfolio
            trades += result.executed_trades
        logs.append(DecisionPointLog(case_id=case.case_id, decision_point_idx=idx,
                                     information_cutoff_timestamp=case.information_cutoff_timestamp.isoformat(),
                                     agent_payload=case.for_agent(compact=True), agent_output=output,
                                     extracted_decision=decision, extraction=rule, execution_result=result,
                                     settlements=paid, equity=equity))
        if progress:
            progress(idx + 1, len(days), day.isoformat())
    portfolio, paid = settle(portfolio, None)
    settlements += paid
    curve.append(EquityPoint(label="final", cash=portfolio.cash, positions_value=0.0, value=portfolio.cash))
    metrics = episode_metrics(config.initial_cash, curve, trades, outcomes)
    result = EpisodeResult(trade_history=TradeHistory(trades=trades), final_portfolio=portfolio,
                           settlements=settlements, equity_curve=curve, metrics=metrics)
    return EpisodeLog(config=config, decision_point_logs=logs, episode_result=result)
