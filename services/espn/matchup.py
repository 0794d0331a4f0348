"""The current matchup's totals so far from ESPN's live box score.

ESPN knows the lineups its managers really set, so the banked score is ESPN's; the rest of the
week is projected from the league's box-score history (`EspnLeague.matchup`, the demo's
`services.league.matchup` under the league's own settings).
"""
from __future__ import annotations

from typing import Any


def live_totals(box: Any, my_team_id: int, scoring: str) -> tuple[dict[str, float], dict[str, float]]:
    """(mine, theirs): what ESPN's live box score has banked this matchup week: fantasy points in
    a points league; each counting stat ESPN keeps (its categories and FGM/FGA, FTM/FTA) in a
    categories league."""
    from services.espn.mapping import STAT_KEYS

    home = getattr(box.home_team, "team_id", box.home_team) == my_team_id
    sides = ("home", "away") if home else ("away", "home")
    if scoring != "categories":
        mine, theirs = ({"fpts": float(getattr(box, f"{s}_score") or 0.0)} for s in sides)
        return mine, theirs
    out = []
    for s in sides:
        stats = getattr(box, f"{s}_stats") or {}
        out.append({ours: float((stats.get(name) or {}).get("value") or 0.0)
                    for name, ours in STAT_KEYS.items() if name in stats})
    return out[0], out[1]
