"""Why a player sits on a day (issue #36): one reason per benched player, read off the lineup model
itself (services/optimizer/weekly.py: a start's value, the slots he fits, the starters there), in
the league's units: fantasy points, or the category value of the matchup's weights with the
categories that make it. The day's lineup (`compose_daily_lineup`), the weekly plan of the optimizer
and its tool all call `day_sits`, so the three say the same thing.
"""
from __future__ import annotations

import datetime as dt

from services.league.scoring import CATEGORIES
from services.optimizer import projection as pj

WEEKDAY = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def day_label(day: dt.date) -> str:
    """'Thu Jan 30'."""
    return f"{WEEKDAY[day.weekday()]} {day.strftime('%b')} {day.day}"


def unit_of(points: bool) -> str:
    return "fantasy pts" if points else "category value"


def fmt(value: float, points: bool) -> str:
    if points:
        return f"{value:.1f}"
    # two decimals, as every category value is shown; a value that rounds to zero says so (an OUT
    # player's start at a low chance to play is worth about nothing, not "-0.001")
    return f"{value:+.2f}" if abs(value) >= 0.005 else "about 0"


def category_parts(prep, i: int, day: int | None = None) -> dict[str, float]:
    """Player i's start value split by category (sums to his value; on remaining day `day`, that day's
    value): each category's weight times his expected stats (FG% and FT%: makes above the team's rate
    on his attempts)."""
    rows = prep.roster.rows if day is None else prep.roster.rows_on(day)
    mean = rows[i, pj.MEAN]
    out = {}
    for cat, (col, _) in CATEGORIES.items():
        cols = col.split("/")
        out[cat] = float(sum(prep.coef[pj.IDX[c]] * mean[pj.IDX[c]] for c in cols))
    return out


def _why_below_zero(prep, i: int, day: int | None = None) -> str:
    """' (FG% -0.05 and TO -0.02 outweigh STL +0.04 and BLK +0.02)': the categories that make his
    value, the largest first (three decimals when every part rounds to zero at two)."""
    parts = category_parts(prep, i, day)
    for floor, digits in ((0.005, 2), (0.0005, 3)):
        minus = sorted(((v, c) for c, v in parts.items() if v <= -floor), key=lambda x: x[0])[:2]
        plus = sorted(((v, c) for c, v in parts.items() if v >= floor), key=lambda x: -x[0])[:2]
        if minus:
            break
    if not minus:
        return ""
    say = lambda xs: " and ".join(f"{c} {v:+.{digits}f}" for v, c in xs)  # noqa: E731
    return f" ({say(minus)} outweigh{'s' * (len(minus) == 1)} {say(plus)})" if plus else f" ({say(minus)})"


def _pair(a: float, b: float, points: bool) -> tuple[str, str]:
    """Two values in the league's units, with a third decimal when two would show them equal."""
    x, y = fmt(a, points), fmt(b, points)
    if x == y and not points:
        x, y = f"{a:+.3f}", f"{b:+.3f}"
    return x, y


def day_sits(prep, line, out_reason: str = "OUT") -> list[dict]:
    """Every player of the roster not starting on `line`'s day, with why: {'name', 'kind' (no_game,
    out, below_zero, outvalued), 'reason' (one clause, the league's units), 'value'}. An OUT player
    with a chance to play is valued like the others (that chance is in his value), his status said first."""
    points, table = prep.points, prep.roster
    d = prep.days.index(line.date)
    unit = unit_of(points)
    values = table.values_on(d)  # that day's: an OUT player's chance to play differs by day
    index = {p.player_id: i for i, p in enumerate(table.players)}
    open_slots = int(prep.counts.sum()) - len(line.slots)
    out = []
    for pid in line.bench:
        i, p = index[pid], table.players[index[pid]]
        v = float(values[i])
        chance = p.chance_on(line.date)
        status = f"{out_reason} ({chance:.0%} chance he plays): " if p.status == "OUT" else ""
        if not table.plays[i, d]:
            kind, reason = "no_game", "no game"
        elif p.status == "OUT" and chance <= 0:
            kind, reason = "out", out_reason
        elif v <= 0:
            kind = "below_zero"
            reason = (f"{status}a start is worth {fmt(v, points)} {unit} to the matchup"
                      f"{'' if points else _why_below_zero(prep, i, d)}: not above zero, so he sits"
                      + (f" even with {open_slots} slot{'s' * (open_slots != 1)} open" if open_slots else ""))
        else:
            kind = "outvalued"
            fits = {prep.slot_names[t] for t in range(len(prep.slot_names)) if table.elig[i, t]}
            rivals = sorted(((float(values[index[q]]), table.players[index[q]].name) for q, s in line.slots.items()
                             if s in fits), key=lambda x: x[0])
            if rivals:
                mine, low = _pair(v, rivals[0][0], points)
                reason = (f"{status}{len(rivals)} starter{'s' * (len(rivals) != 1)} in the slots he fits "
                          f"({', '.join(sorted(fits))}) outvalue{'s' * (len(rivals) == 1)} him: his {mine} {unit} vs "
                          f"{low} for {rivals[0][1]}, the lowest of them")
            else:
                reason = f"{status}no slot he fits is free (his start: {fmt(v, points)} {unit})"
        out.append({"name": p.name, "kind": kind, "reason": reason, "value": round(v, 3 if not points else 1)})
    return out


def week_sits_text(days: list[dict]) -> str:
    """The weekly plan's own words on who sits (each day's `sits` from `day_sits`): every player who
    sits on a day he has a game, the days and why, and his days without a game; OUT players in one
    line. Empty when everyone with a game starts."""
    by_player: dict[str, dict] = {}
    for d in days:
        day = dt.date.fromisoformat(d["date"])
        for s in d.get("sits", []):
            row = by_player.setdefault(s["name"], {"game": [], "no_game": [], "out": []})
            key = "no_game" if s["kind"] == "no_game" else "out" if s["kind"] == "out" else "game"
            row[key].append((day, s))
    lines, out_names = [], []
    for name, row in by_player.items():
        if row["out"] and not row["game"]:
            out_names.append(name)
        if not row["game"]:
            continue
        groups: dict[str, list[dt.date]] = {}
        for day, s in row["game"]:
            groups.setdefault(_core(s["reason"]), []).append(day)
        said = "; ".join(f"{', '.join(day_label(x) for x in ds)}: {why}" for why, ds in groups.items())
        idle = f"; {', '.join(day_label(x) for x, _ in row['no_game'])}: no game" if row["no_game"] else ""
        lines.append(f"- {name} sits {said}{idle}.")
    if not lines and not out_names:
        return ""
    head = "**Who sits with a game, and why** (the same lineup model as the day's lineup and the cards):"
    tail = [f"OUT with no chance to play, so never started: {', '.join(out_names)}."] if out_names else []
    return "\n".join(([head, *lines] if lines else []) + tail)


def _core(reason: str) -> str:
    """A reason without its day's open-slot count (the days it groups differ only there)."""
    import re

    return re.sub(r" even with \d+ slots? open", " even with slots open", reason)
