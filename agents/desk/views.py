"""The desk's views over its book, a mixin of `agents.desk.runtime.Desk`: the day's games with the
desk's quotes, settlement, the calculation audit and its re-check (`desk verify`), the netted
exposure per game and shadow mode's discrepancy report."""
from __future__ import annotations

import datetime as dt

from agents.desk.tools import market_view
from services.desk import flex, shadow
from services.desk.audit import audit_book, check_calcs
from services.desk.book import calcs_jsonl
from services.league import season_games


class DeskViews:
    """What the desk shows of its book (`self.book`, `self.clock`: the desk's)."""

    # --- views -----------------------------------------------------------------------------------
    def games(self, day: dt.date, at: dt.datetime | None = None) -> list[dict]:
        at = at or self.clock.now()
        return [market_view(g.game_id, at) for g in season_games.schedule(day, day, season_type=None)]

    def settle(self, through: dt.date) -> dict:
        done = self.book.settle_through(through)
        return {"through": through.isoformat(), "settled": done, "count": len(done),
                "desk_pnl": round(sum(p["pnl"] for p in done), 2), "handle": round(sum(p["amount"] for p in done), 2)}

    def audit(self, tool: str | None = None, verified: bool | None = None, quote_id: str | None = None,
              limit: int = 500) -> list[dict]:
        """The calculation log (newest first), each row recomputed: `matched` and what differs."""
        return check_calcs(self.book, self.book.calcs(tool, verified, quote_id or None, limit))

    def mark_verified(self, calc_ids: list[str], by: str = "auditor") -> int:
        return self.book.mark_verified(calc_ids, by, dt.datetime.now(dt.timezone.utc))

    @staticmethod
    def export_jsonl(rows: list[dict]) -> str:
        return calcs_jsonl(rows)

    def verify(self, last: int = 50) -> dict:
        """Recompute the last calculations from RE-DERIVED inputs (the market from the game and time,
        the exposure from the book), check the book's own consistency (services/desk/audit.py), and
        recompute the line counters."""
        return audit_book(self.book, last) | self.verify_line_counters(last)

    def verify_line_counters(self, last: int = 50) -> dict:
        """`desk verify`'s recompute of the line-flexibility counters (kept apart from the calculation
        re-check above): each countered line re-derived from the market at its time, within bounds."""
        checks = [flex.recheck_line_counter(q) for q in self.book.quotes(limit=last)
                  if (q["record"].get("counter") or {}).get("line_change")]
        bad = sum(not c["matched"] for c in checks)
        return {"line_counters": {"checked": len(checks), "matched": len(checks) - bad, "mismatched": bad,
                                  "counters": checks}}

    @staticmethod
    def netted_by_game(positions: list[dict]) -> dict[str, dict]:
        """Per game: the netted worst case per outcome beside the gross the limits bind on."""
        from services.desk.exposure import netted

        out = {}
        for gid in sorted({p["game_id"] for p in positions}):
            ps = [p for p in positions if p["game_id"] == gid]
            out[gid] = netted(ps) | {"gross_worst_loss": round(sum(p["liability"] for p in ps), 2)}
        return out

    def shadow_report(self, through: dt.date | None = None, limit: int = 10_000) -> dict:
        """Shadow mode's discrepancy report: agent vs rule engine, graded on finals through `through`
        (default: the finals known at the desk clock's time)."""
        from services.markets.clock import results_known_before

        if through is None:
            through = results_known_before(self.clock.now()) - dt.timedelta(days=1)
        return shadow.report(self.book.quotes(limit=limit), through)
