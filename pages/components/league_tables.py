"""Rows for the League page's tables, built from the runtime's league view (plain dicts, no widgets)."""
from __future__ import annotations

from pages.components.labels import gain_text

FORM_MARGIN = 3.0  # fantasy points per game between recent and season before form counts as up/down


def form_text(recent: float, season: float) -> str:
    if recent >= season + FORM_MARGIN:
        return f"▲ hot (+{recent - season:.1f})"
    if recent <= season - FORM_MARGIN:
        return f"▼ cold ({recent - season:.1f})"
    return "● steady"


def roster_rows(roster) -> list[dict]:
    """One row per player; averages as text so `st.table` shows one decimal, not four."""
    return [{"Player": e.player.name, "Pos": "/".join(p for p in e.player.eligible if p not in ("G", "F", "UTIL")),
             "Team": e.player.team or "", "Status": e.status + (" (IR)" if e.on_ir else ""),
             "Games left": e.games_remaining, "Last 5 FPts": f"{e.recent_fantasy_avg:.1f}",
             "Season FPts": f"{e.fantasy_avg:.1f}", "Form": form_text(e.recent_fantasy_avg, e.fantasy_avg),
             "Why this status": e.status_evidence}
            for e in roster.entries]


def category_rows(matchup) -> list[dict]:
    leader = {"me": "Me", "opponent": "Opponent", "tied": "Tied"}
    return [{"Category": c.category.upper(), "Me": round(c.mine, 3), "Opponent": round(c.theirs, 3),
             "Leads": leader.get(c.leader, c.leader), "Win prob.": f"{c.win_probability:.0%}"}
            for c in matchup.categories]


def lineup_rows(weekly: dict) -> list[dict]:
    return [{"Day": d["date"], "Expected": d["expected"], "Starters": len(d["starters"]),
             "Lineup": ", ".join(f"{slot} {name}" for name, slot in d["starters"].items())}
            for d in weekly.get("days") or []]


def calibration_rows(cal) -> list[dict]:
    """The availability calibration: one row per status and days since the last game."""
    return [{"Status": r.status, "Days since last game": r.days_since, "Mornings": r.mornings,
             "Played next game": r.played, "Next game": f"{r.rate:.0%}", "1-4 weeks later": f"{r.later_rate:.0%}"}
            for r in cal.rows]


def transaction_rows(items: list[dict]) -> list[dict]:
    """Approved moves with the expected gain next to the realized one (hindsight, not seen by the agent)."""
    return [{"When": str(t.get("applied_at", ""))[:16].replace("T", " "), "Drop": t.get("drop"), "Add": t.get("add"),
             "Gain (hindsight)": gain_text(t.get("expected_gain"), t.get("realized_gain"), t.get("unit")),
             "League day": str(t.get("as_of", ""))}
            for t in items]


def decision_rows(items: list[dict]) -> list[dict]:
    """Decided cards (approved, declined, refused) with expected next to realized gain."""
    return [{"Decided": str(d.get("decided_at", ""))[:16].replace("T", " "), "Drop": d.get("drop"), "Add": d.get("add"),
             "Decision": d.get("decision"), "Outcome": d.get("outcome"),
             "Gain (hindsight)": gain_text(d.get("expected_gain"), d.get("realized_gain"), d.get("unit"))}
            for d in items]
