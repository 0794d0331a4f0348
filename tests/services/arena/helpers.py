"""Hand-built Cases for the arena's model and execution tests (no prices from the desk)."""
from __future__ import annotations

import datetime as dt

from services.arena.models import Case, PortfolioSnapshot, StockData

UTC = dt.timezone.utc
CUTOFF = dt.datetime(2025, 1, 31, 15, 0, tzinfo=UTC)


def stock(ticker: str, price: float) -> StockData:
    team, day = ticker.split("-", 1)
    d = dt.date.fromisoformat(day)
    return StockData(ticker=ticker, current_price=price, game_id=f"{day}-XXX-{team}", team=team, opponent="XXX",
                     home=True, game_date=d, tip=dt.datetime.combine(d + dt.timedelta(days=1), dt.time(0), UTC))


def make_case(prices: dict[str, float], cash: float = 100.0, positions: dict[str, int] | None = None,
              idx: int = 3, episode: str = "ep") -> Case:
    return Case(case_id=f"{episode}:{idx}", decision_point_idx=idx, information_cutoff_timestamp=CUTOFF,
                tickers=list(prices), stock_data={t: stock(t, p) for t, p in prices.items()},
                portfolio=PortfolioSnapshot(cash=cash, positions=positions or {}))
