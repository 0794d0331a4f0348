"""The Case of a matchday morning, built only from what is known at its cutoff.

Known at the cutoff: the published schedule (which contracts are listed), each contract's price
path up to the cutoff (the price function is only ever asked about times <= cutoff), finals of
games played before that day (results and standings), and news items published before the cutoff.
Nothing else is read: finals, lines and prices from the cutoff on cannot reach a Case.
"""
from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import Callable

from services.league import season_games
from services.arena.instruments import Contract, PriceFn, listed_contracts
from services.arena.models import (Case, CaseData, CaseDataItem, IntervalPriceSummary, MarketRules,
                                   PortfolioSnapshot, PricePoint, StockData)

SAMPLE = dt.timedelta(hours=3)  # bars are built from the price every 3 hours, plus the cutoff itself
RESULT_DELAY = dt.timedelta(hours=3)  # a final is published ~3 h after the nominal tip
NewsFn = Callable[[dt.datetime], list[CaseDataItem]]  # items published before a cutoff


def cutoff_at(day: dt.date, decision_time: dt.time) -> dt.datetime:
    return dt.datetime.combine(day, decision_time, tzinfo=dt.timezone.utc)


def _p(x: float) -> float:
    return round(float(x), 4)


def price_samples(c: Contract, cutoff: dt.datetime, price: PriceFn) -> list[tuple[dt.datetime, float]]:
    """(time, price) from listing to the cutoff on a 3-hour grid; never a time after the cutoff."""
    out, t = [], c.listed_at
    while t < cutoff:
        out.append((t, _p(price(c.game_id, c.team, t))))
        t += SAMPLE
    out.append((cutoff, _p(price(c.game_id, c.team, cutoff))))
    return out


def stock_data(c: Contract, cutoff: dt.datetime, price: PriceFn, rules: MarketRules | None = None) -> StockData:
    samples = price_samples(c, cutoff, price)
    by_day: dict[str, list[float]] = defaultdict(list)
    for t, p in samples:
        by_day[t.date().isoformat()].append(p)
    bars = [PricePoint(timestamp=d, open=ps[0], high=max(ps), low=min(ps), close=ps[-1]) for d, ps in by_day.items()]
    ps = [p for _, p in samples]
    summary = IntervalPriceSummary(start=samples[0][0].isoformat(), end=cutoff.isoformat(), open=ps[0], close=ps[-1],
                                   high=max(ps), low=min(ps))
    quoted = rules is not None and rules.margin > 0
    return StockData(ticker=c.ticker, current_price=ps[-1], bid=rules.bid(ps[-1]) if quoted else None,
                     ask=rules.ask(ps[-1]) if quoted else None, daily_bars=bars, interval_summary=summary,
                     game_id=c.game_id, team=c.team, opponent=c.opponent, home=c.home, game_date=c.date, tip=c.tip)


def result_items(day: dt.date, teams: set[str]) -> list[CaseDataItem]:
    """Finals of the latest game day before `day`, then each listed team's record and last 10."""
    known = season_games.known_results(before=day, season_type="regular")
    if not known:
        return []
    last_day = known[-1].date
    items = [CaseDataItem(kind="result", content=f"{g.date}: {g.away} {g.away_pts} at {g.home} {g.home_pts}",
                          published_at=g.tip + RESULT_DELAY) for g in known if g.date == last_day]
    games_of: dict[str, list[bool]] = defaultdict(list)
    for g in known:
        games_of[g.home].append(g.home_won)
        games_of[g.away].append(not g.home_won)
    published = known[-1].tip + RESULT_DELAY
    for team in sorted(teams):
        res = games_of.get(team, [])
        last10 = res[-10:]
        items.append(CaseDataItem(kind="other", published_at=published,
                                  content=f"{team} record {sum(res)}-{len(res) - sum(res)}, "
                                          f"last 10 {sum(last10)}-{len(last10) - sum(last10)}"))
    return items


def build_case(day: dt.date, idx: int, episode_id: str, portfolio: PortfolioSnapshot, price: PriceFn,
               decision_time: dt.time = dt.time(15, 0), news: NewsFn | None = None,
               rules: MarketRules | None = None) -> Case:
    """The Case of matchday `day` (decision point `idx`) with the current portfolio."""
    cutoff = cutoff_at(day, decision_time)
    contracts = listed_contracts(cutoff)
    sd = {c.ticker: stock_data(c, cutoff, price, rules) for c in contracts}
    items = [i for i in (news(cutoff) if news else []) if i.published_at is not None and i.published_at <= cutoff]
    items += result_items(day, {c.team for c in contracts})
    return Case(case_id=f"{episode_id}:{idx}", decision_point_idx=idx, information_cutoff_timestamp=cutoff,
                tickers=[c.ticker for c in contracts], stock_data=sd, case_data=CaseData(items=items),
                portfolio=portfolio, market_rules=rules or MarketRules())
