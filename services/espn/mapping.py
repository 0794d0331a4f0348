"""ESPN's vocabulary mapped to ours: injury statuses, lineup slots, stat names, scoring.

Pure functions over espn-api objects and raw ESPN settings; nothing here makes a request.
"""
from __future__ import annotations

import datetime as dt
from typing import Any, Mapping

from services.models import PlayerRef, Status
from services.league.scoring import POINTS_WEIGHTS, fantasy_points

# ESPN injuryStatus -> our three statuses (anything else, e.g. ACTIVE or NORMAL, is ACTIVE).
STATUS_MAP: dict[str, Status] = {
    "DAY_TO_DAY": "DTD", "QUESTIONABLE": "DTD", "DOUBTFUL": "DTD", "PROBABLE": "DTD",
    "OUT": "OUT", "INJURY_RESERVE": "OUT", "SUSPENSION": "OUT",
}
STATUS_SOURCE = "ESPN's reported injury status (not inferred)"

# espn-api slot names -> ours; combined slots (SG/SF, G/F, PF/C, F/C), BE and IR are not ours.
SLOT_NAMES: dict[str, str] = {"PG": "PG", "SG": "SG", "SF": "SF", "PF": "PF", "C": "C",
                              "G": "G", "F": "F", "UT": "UTIL"}
SLOT_ORDER = ["PG", "SG", "SF", "PF", "C", "G", "F", "UTIL"]
# ESPN lineupSlotCounts ids (rosterSettings) -> slot name.
SLOT_IDS: dict[str, str] = {"0": "PG", "1": "SG", "2": "SF", "3": "PF", "4": "C", "5": "G",
                            "6": "F", "7": "SG/SF", "8": "G/F", "9": "PF/C", "10": "F/C",
                            "11": "UTIL"}
BENCH_SLOT, IR_SLOT = "12", "13"

# espn-api stat names -> our box-score columns.
STAT_KEYS: dict[str, str] = {"PTS": "pts", "REB": "reb", "AST": "ast", "STL": "stl",
                             "BLK": "blk", "TO": "tov", "3PM": "fg3m", "FGM": "fgm",
                             "FGA": "fga", "FTM": "ftm", "FTA": "fta", "MIN": "min"}
# ESPN stat ids (scoringItems) -> our columns, and -> our category names.
STAT_IDS: dict[int, str] = {0: "pts", 1: "blk", 2: "stl", 3: "ast", 6: "reb", 11: "tov",
                            13: "fgm", 14: "fga", 15: "ftm", 16: "fta", 17: "fg3m"}
CATEGORY_IDS: dict[int, str] = {0: "PTS", 1: "BLK", 2: "STL", 3: "AST", 6: "REB", 11: "TO",
                                17: "3PM", 19: "FG%", 20: "FT%"}
# espn-api's names for the nine categories (box score stats) -> ours.
CATEGORY_NAMES: dict[str, str] = {"PTS": "PTS", "BLK": "BLK", "STL": "STL", "AST": "AST",
                                  "REB": "REB", "TO": "TO", "3PM": "3PM", "FG%": "FG%",
                                  "FT%": "FT%"}


def map_status(injury_status: Any) -> Status:
    return STATUS_MAP.get(injury_status, "ACTIVE") if isinstance(injury_status, str) else "ACTIVE"


def status_evidence(injury_status: Any, expected_return: dt.date | None = None) -> str:
    reported = injury_status if isinstance(injury_status, str) and injury_status else "ACTIVE"
    text = f"ESPN reports injury status {reported}"
    if expected_return:
        text += f", expected return {expected_return.isoformat()}"
    return text + "."


def our_slots(espn_slots: list[str]) -> list[str]:
    mapped = {SLOT_NAMES[s] for s in espn_slots if s in SLOT_NAMES}
    return [s for s in SLOT_ORDER if s in mapped]


def player_ref(player: Any) -> PlayerRef:
    """PlayerRef from an espn-api Player (roster, free agent or player card)."""
    team = getattr(player, "proTeam", None)
    return PlayerRef(player_id=str(player.playerId), name=player.name,
                     team=None if team in (None, "FA") else team,
                     pos=player.position or "UTIL", eligible=our_slots(player.eligibleSlots or []))


def slot_counts(raw_settings: Mapping[str, Any]) -> tuple[dict[str, int], int, int]:
    """(starting slots, bench, IR) from raw `rosterSettings.lineupSlotCounts` (espn-api skips it)."""
    counts = (raw_settings.get("rosterSettings") or {}).get("lineupSlotCounts") or {}
    slots = {name: int(counts[k]) for k, name in SLOT_IDS.items() if int(counts.get(k, 0) or 0) > 0}
    return slots, int(counts.get(BENCH_SLOT, 0)), int(counts.get(IR_SLOT, 0))


def scoring_mode(scoring_type: str | None) -> str:
    return "categories" if scoring_type and "CATEGOR" in scoring_type else "points"


def points_weights(raw_settings: Mapping[str, Any]) -> dict[str, float]:
    """Per-stat points from `scoringSettings.scoringItems`; ESPN's defaults when absent."""
    items = (raw_settings.get("scoringSettings") or {}).get("scoringItems") or []
    weights = {STAT_IDS[i["statId"]]: float(i.get("points", 0)) for i in items if i.get("statId") in STAT_IDS}
    return weights or dict(POINTS_WEIGHTS)


def league_categories(raw_settings: Mapping[str, Any]) -> list[str]:
    """The league's categories by our names, from `scoringItems` (the nine when unknown)."""
    items = (raw_settings.get("scoringSettings") or {}).get("scoringItems") or []
    cats = [CATEGORY_IDS[i["statId"]] for i in items if i.get("statId") in CATEGORY_IDS]
    return cats or ["FG%", "FT%", "3PM", "REB", "AST", "STL", "BLK", "TO", "PTS"]


def our_stats(espn_stats: Mapping[str, float] | None) -> dict[str, float]:
    """espn-api stat dict (per game or one game) -> ours, with fg_pct and ft_pct ratios."""
    s = espn_stats or {}
    out = {ours: round(float(s.get(name, 0) or 0), 3) for name, ours in STAT_KEYS.items()}
    out["fg_pct"] = round(out["fgm"] / out["fga"], 3) if out["fga"] else 0.0
    out["ft_pct"] = round(out["ftm"] / out["fta"], 3) if out["fta"] else 0.0
    return out


def split(player: Any, name: str) -> dict:
    """One of a Player's stat splits: 'total' (season), 'last_7', 'projected', or a period."""
    key = name if name.isdigit() else f"{player.year}_{name}"
    return player.stats.get(key) or {}


def season_fantasy_avg(player: Any, scoring: str, weights: Mapping[str, float]) -> float:
    """ESPN's own per-game fantasy points in a points league; ESPN defaults over averages otherwise."""
    season = split(player, "total")
    if scoring == "points" and season.get("applied_avg"):
        return round(float(season["applied_avg"]), 2)
    return round(fantasy_points(our_stats(season.get("avg")), weights), 2)
