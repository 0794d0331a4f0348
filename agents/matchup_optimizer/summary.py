"""The optimizer's answer text: recommendation first, then numbers, then the caveat."""
from __future__ import annotations

from services import optimizer as opt


def lineup_table(lineup: dict) -> str:
    """Day-by-day starters (who starts, not only how many) and the day's expected fantasy points."""
    rows = ["| Day | Starts | Starters | Expected fantasy pts |", "|---|---|---|---|"]
    rows += [f"| {d['date']} | {len(d['starters'])} | {', '.join(d['starters']) or '-'} | {d['expected']} |"
             for d in lineup["days"]]
    return "\n".join(rows)


def move_label(card: dict) -> str:
    if card.get("kind") == "ir":
        return f"Move {card['drop']} to IR, add {card['add']}"
    return f"Drop {card['drop']} -> Add {card['add']}"


def season_cell(card: dict) -> str:
    if card.get("season_gain") is None:
        return "-"
    unit = "pts" if (card.get("season_unit") or "").startswith("fantasy") else "cat value"
    return f"{card['season_gain']:+} {unit}"


def write_summary(state: dict, matchup_summary: str) -> str:
    cards, lineup = state.get("valid_moves") or [], state.get("weekly_lineup") or {}
    parts = []
    if cards:
        top = cards[0]
        parts.append(f"**Top move: {top['title']}.** Approve or decline it on the card; nothing changes until you do.")
        rows = ["| Move | This week | Rest of season | Games left (add / drop) | Confidence |",
                "|---|---|---|---|---|"]
        rows += [f"| {move_label(c)} | {c['expected_gain']:+} {c['unit']} | {season_cell(c)} | "
                 f"{c['add_games_remaining']} / {c['drop_games_remaining']} | {c['confidence']:.0%} |" for c in cards]
        parts.append("\n".join(rows))
        parts.append("Why: " + "; ".join(top["reasons"][:3]) + ".")
    else:
        parts.append(f"**No move beats standing pat this week** (checked in {state.get('iteration', 0)} passes, "
                     "relaxing the filters each time). Keep your roster and set the lineup below.")
    parts.append(matchup_summary)
    if lineup:
        parts.append(f"Weekly lineup standing pat: {lineup['expected_total']} {lineup['unit']} expected.\n\n" + lineup_table(lineup))
    parts.append("Protected: your top players are never offered as drops unless you name them. "
                 "Statuses are inferred from missed games.")
    if state.get("advice_mode") == "this_week":
        parts.append("Mode: this week only (streaming): moves are ranked by this week's gain; the rest-of-season "
                     "change is shown but not weighed. Say \"think about the season\" to go back to balanced.")
    return "\n\n".join(parts)


def lineup_after(source) -> str:
    """The recomputed weekly lineup after an approved move."""
    lg = source.league
    week = opt.weekly_lineup(opt.from_demo_league(lg, free_agents=[]))
    snap = lg.snapshot
    days = [{"date": d.date.isoformat(), "starters": [snap.players[p].ref.name for p in d.slots],
             "expected": round(d.fantasy_points, 1)} for d in week.days]
    names = ", ".join(f"{snap.players[k].ref.name} {v}" for k, v in sorted(week.starts.items(), key=lambda kv: -kv[1]) if v)
    return (f"New weekly lineup: {round(week.expected_total, 1)} {week.unit} expected.\n\n"
            + lineup_table({"days": days}) + f"\n\nStarts: {names}.")
