"""Rows for the League page's tables, built from the runtime's league view (plain dicts, no widgets)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from pages.components.labels import gain_text
from pages.components.moves import decision_text, done_text

if TYPE_CHECKING:
    from agents.door import DecidedCard, TransactionRow

FORM_MARGIN = 3.0  # fantasy points per game between recent and season before form counts as up/down


def form_text(recent: float, season: float) -> str:
    if recent >= season + FORM_MARGIN:
        return f"▲ hot (+{recent - season:.1f})"
    if recent <= season - FORM_MARGIN:
        return f"▼ cold ({recent - season:.1f})"
    return "● steady"


CATEGORY_COLUMNS = (("PTS", "pts"), ("REB", "reb"), ("AST", "ast"), ("STL", "stl"), ("BLK", "blk"),
                    ("3PM", "fg3m"), ("TO", "tov"))


def cat_figure(category: str, value: float | None) -> str:
    """A category figure in its own units: FG%/FT% with three decimals, counts with one."""
    if value is None:
        return ""
    return f"{value:.3f}" if category.endswith("%") else f"{value:.1f}"


def _pct(avg: dict, made: str, att: str) -> float | None:
    return avg[made] / avg[att] if avg.get(att) else None


def roster_rows(roster, scoring: str = "points") -> list[dict]:
    """One row per player; averages as text so `st.table` shows one decimal, not four. A
    categories league shows season averages per category (FG%/FT% with three decimals)."""
    if scoring == "categories":
        return [_category_roster_row(e) for e in roster.entries]
    return [{"Player": e.player.name, "Pos": "/".join(p for p in e.player.eligible if p not in ("G", "F", "UTIL")),
             "Team": e.player.team or "", "Status": e.status + (" (IR)" if e.on_ir else ""),
             "Games left": e.games_remaining, "Last 5 FPts": f"{e.recent_fantasy_avg:.1f}",
             "Season FPts": f"{e.fantasy_avg:.1f}", "Form": form_text(e.recent_fantasy_avg, e.fantasy_avg),
             "Why this status": e.status_evidence}
            for e in roster.entries]


def _category_roster_row(e) -> dict:
    avg, recent = e.season_avg, e.recent_avg
    row = {"Player": e.player.name, "Pos": "/".join(p for p in e.player.eligible if p not in ("G", "F", "UTIL")),
           "Team": e.player.team or "", "Status": e.status + (" (IR)" if e.on_ir else ""),
           "Games left": e.games_remaining}
    row |= {label: cat_figure(label, avg.get(key)) for label, key in CATEGORY_COLUMNS}
    row["FG%"] = cat_figure("FG%", _pct(avg, "fgm", "fga"))
    row["FT%"] = cat_figure("FT%", _pct(avg, "ftm", "fta"))
    row["Last 5 PTS/REB/AST"] = "/".join(f"{recent.get(k, 0.0):.1f}" for k in ("pts", "reb", "ast"))
    row["Why this status"] = e.status_evidence
    return row


def category_rows(matchup) -> list[dict]:
    leader = {"me": "Me", "opponent": "Opponent", "tied": "Tied"}
    return [{"Category": c.category.upper(), "Me": cat_figure(c.category, c.mine),
             "Opponent": cat_figure(c.category, c.theirs),
             "Leads": leader.get(c.leader, c.leader), "Win prob.": f"{c.win_probability:.0%}"}
            for c in matchup.categories]


def lineup_rows(weekly: dict) -> list[dict]:
    """Per day: in points the expected fantasy points; categories are won over the week, so no per-day figure."""
    points = not str(weekly.get("unit", "")).startswith("categories")
    return [({"Day": d["date"], "Expected fantasy pts": f"{d['expected']:.1f}"} if points else {"Day": d["date"]})
            | {"Starters": len(d["starters"]), "Lineup": ", ".join(f"{slot} {name}" for name, slot in d["starters"].items())}
            for d in weekly.get("days") or []]


def calibration_rows(cal) -> list[dict]:
    """The availability calibration: one row per class (REST: sat a back-to-back's second night),
    minutes tier and days since the last game."""
    return [{"Status": r.status, "Minutes": r.tier, "Days since last game": r.days_since, "Mornings": r.mornings,
             "Played next game": r.played, "Next game": f"{r.rate:.0%}", "1-4 weeks later": f"{r.later_rate:.0%}"}
            for r in cal.rows]


def transaction_rows(items: list[TransactionRow]) -> list[dict]:
    """Approved moves in words ("Moved A to IR, added B": an IR move drops nobody) with the expected
    gain next to the realized one (hindsight, not seen by the agent)."""
    return [{"When": (t.applied_at or "")[:16].replace("T", " "), "Move": done_text(t),
             "Gain (hindsight)": gain_text(t.expected_gain, t.realized_gain, t.unit), "League day": t.as_of or ""}
            for t in items]


def expected_text(expected: float | None, unit: str | None) -> str:
    digits = 1 if unit in (None, "pts") else 2
    return f"expected {expected:+.{digits}f} {unit or 'pts'}" if expected is not None else "expected n/a"


def decision_rows(items: list[DecidedCard], hindsight: bool = False) -> list[dict]:
    """Decided cards (approved, declined, refused), each move in words; the realized gain only with
    `hindsight` (the Approvals toggle: off, the page shows what was expected and nothing after)."""
    rows = []
    for d in items:
        row = {"Decided": (d.decided_at or "")[:16].replace("T", " "),
               "Move": decision_text(d, d.decision, d.outcome), "Decision": d.decision, "Outcome": d.outcome}
        if hindsight:
            row["Gain (hindsight)"] = gain_text(d.expected_gain, d.realized_gain, d.unit)
        else:
            row["Gain"] = expected_text(d.expected_gain, d.unit)
        rows.append(row)
    return rows
