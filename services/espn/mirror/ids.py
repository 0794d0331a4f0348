"""ESPN's ids for the demo league as the mirror serves it: the league ids, ESPN's team, slot,
position, stat and category ids, injury statuses, and the demo season in ESPN's scoring periods
(period 1 is opening night).
"""
from __future__ import annotations

import datetime as dt

from espn_api.basketball.constant import PRO_TEAM_MAP

from services.espn.calendar import EASTERN

SEASON = 2025  # ESPN names the 2024-25 season by its closing year
LEAGUE_IDS = {"points": 20251, "categories": 20252}
OPENING_NIGHT = dt.date(2024, 10, 22)
FIRST_ID = 4_100_000
ESPN_ABBREV = {"BRK": "BKN", "CHO": "CHA", "PHI": "PHL"}  # the demo's (Basketball-Reference) -> ESPN's
PRO_ID = {abbrev: tid for tid, abbrev in PRO_TEAM_MAP.items() if tid}
SLOT_ID = {"PG": 0, "SG": 1, "SF": 2, "PF": 3, "C": 4, "G": 5, "F": 6, "UTIL": 11}
COMBINED_SLOT_ID = {"SG/SF": 7, "G/F": 8, "PF/C": 9, "F/C": 10}  # ESPN's combined slots (a league may use them)
POSITION_ID = {"PG": 1, "SG": 2, "SF": 3, "PF": 4, "C": 5}  # defaultPositionId (espn-api: POSITION_MAP[id - 1])
STAT_ID = {"pts": 0, "blk": 1, "stl": 2, "ast": 3, "reb": 6, "tov": 11, "fgm": 13, "fga": 14, "ftm": 15,
           "fta": 16, "fg3m": 17, "fg3a": 18, "min": 40}
CATEGORY_ITEMS = [(19, False), (20, False), (17, False), (6, False), (3, False), (2, False), (1, False),
                  (11, True), (0, False)]  # FG%, FT%, 3PM, REB, AST, STL, BLK, TO (lower wins), PTS
STATUS = {"ACTIVE": "ACTIVE", "DTD": "DAY_TO_DAY", "OUT": "OUT"}
CATEGORY_NAMES = {19: "FG%", 20: "FT%", 17: "3PM", 6: "REB", 3: "AST", 2: "STL", 1: "BLK", 11: "TO", 0: "PTS"}


def period_of(day: dt.date) -> int:
    return (day - OPENING_NIGHT).days + 1


def date_of(period: int) -> dt.date:
    return OPENING_NIGHT + dt.timedelta(days=int(period) - 1)


def pro_team_id(team: str | None) -> int:
    return PRO_ID.get(ESPN_ABBREV.get(team or "", team or ""), 0)


def epoch_ms(day: dt.date) -> int:
    return int(dt.datetime(day.year, day.month, day.day, 19, 30, tzinfo=EASTERN).timestamp() * 1000)
