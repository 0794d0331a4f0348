"""The desk's report card: closing-line value of every booked bet against the real close
(`services.desk.clv`) beside the settled P&L, the `desk report --json` object and the Desk page's
"Closing-line value" panel."""
from __future__ import annotations

import datetime as dt

from pydantic import BaseModel

from services.desk.clv import ClvReport, report


class DeskReport(BaseModel):
    at: dt.datetime
    clv: dict  # ClvReport.clv: mean, stake-weighted mean, share beating the close, 95% interval
    clv_by_market: dict
    clv_pending: int
    clv_label: str
    settled_bets: int
    desk_pnl: float
    handle: float
    hold_pct: float | None
    bets: list[dict]
    error: str | None = None


def clv_report(desk, at: dt.datetime | None = None) -> DeskReport:
    """CLV and P&L of the desk's book at desk time `at` (default: the desk clock)."""
    at = at or desk.clock.now()
    positions = desk.book.positions()
    r: ClvReport = report(positions, at)
    settled = [p for p in positions if p["outcome"]]
    pnl, handle = sum(p["pnl"] for p in settled), sum(p["amount"] for p in settled)
    return DeskReport(at=at, clv=r.clv.model_dump(), clv_by_market={k: v.model_dump() for k, v in r.by_market.items()},
                      clv_pending=r.pending, clv_label=r.label, settled_bets=len(settled), desk_pnl=round(pnl, 2),
                      handle=round(handle, 2), hold_pct=round(100 * pnl / handle, 3) if handle else None,
                      bets=[b.model_dump() for b in r.bets])
