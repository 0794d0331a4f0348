"""Player-specific durability: a healthy player's share of games from his own missed-game history.

The return curve (`services.league.calibration`) gives every healthy player of a minutes tier the same
share of his team's games ahead (about 83% for starters). His own history says more: over the team
games from his first game to the as-of morning (each span between two of his games counted on the
team he played the first of them for, the last span up to the morning), he played `played` of `n`.
His tier's share is `base` (the same count pooled over the healthy players of his tier that morning:
those it scales, so the tier's average player keeps the tier's curve). His durability is
the ratio of his share, shrunk to the tier's with `PRIOR_STRENGTH` team games of it, to the tier's:

    multiplier = (played + S x base) / (n + S) / base

so a player with no history (or the tier's own share) keeps the tier's curve, and the season value
reads his curve x multiplier (capped at 1) for the games after this matchup week (`HEALTHY` classes
only: an absent player's next weeks are his return, `services.league.returns`).

S is chosen out of sample by the calibration check (`calibration_check.durability_check`): fit on
the predictions of the dates before `SPLIT` (outcomes before it too), measured on the later dates.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from bisect import bisect_left, bisect_right

from services.league.calibration import class_of, tier_of

PRIOR_STRENGTH = 20.0  # team games of the tier's share: calibration_check.durability_check's best on the dates before SPLIT (Brier 0.15957; none 0.16144)
HEALTHY = ("ACTIVE", "REST")  # the classes whose curve his durability scales
SPLIT = dt.date(2024, 12, 18)  # the check: S chosen on the dates before, measured on the dates from here


def own_counts(games: list[dict], team_dates: dict[str, list[dt.date]], as_of: dt.date) -> tuple[int, int]:
    """(games he played, team games he could have played) before `as_of`, from his first game on.
    `games`: his box-score lines (game_date, team), oldest first."""
    if not games:
        return 0, 0
    missed = 0
    for i, g in enumerate(games):
        dates = team_dates.get(g["team"], [])
        nxt = games[i + 1]["game_date"] if i + 1 < len(games) else as_of
        missed += max(0, bisect_left(dates, nxt) - bisect_right(dates, g["game_date"]))
    return len(games), len(games) + missed


def class_on(games: list[dict], team_dates: dict[str, list[dt.date]], as_of: dt.date) -> str:
    """His availability class on the `as_of` morning (`calibration.class_of` on his missed streak)."""
    last = games[-1]
    dates = team_dates.get(last["team"], [])
    missed = dates[bisect_right(dates, last["game_date"]):bisect_left(dates, as_of)]
    return class_of(len(missed), last["game_date"], missed[0] if missed else None)


@dataclasses.dataclass(frozen=True)
class Durability:
    """Every player's own (played, team games) and each tier's pooled share, as of a morning."""

    as_of: dt.date
    own: dict  # player id -> (played, team games)
    base: dict  # tier -> pooled share of team games played
    tiers: dict  # player id -> his minutes tier

    def multiplier(self, player_id: str, strength: float = PRIOR_STRENGTH) -> float:
        """His share shrunk to his tier's, over the tier's (1.0: no history, or no tier share)."""
        played, n = self.own.get(player_id, (0, 0))
        b = self.base.get(self.tiers.get(player_id, ""), 0.0)
        if b <= 0 or n + strength <= 0:
            return 1.0
        return (played + strength * b) / (n + strength) / b


def fit(games_by_player: dict[str, list[dict]], team_dates: dict[str, list[dt.date]], as_of: dt.date) -> Durability:
    """Durability from the box scores before `as_of` (each player's games oldest first, all before it)."""
    own, tiers, pooled = {}, {}, {}
    for pid, games in games_by_player.items():
        if not games:
            continue
        own[pid] = own_counts(games, team_dates, as_of)
        tiers[pid] = tier_of(sum(g["min"] for g in games) / len(games))
        if class_on(games, team_dates, as_of) not in HEALTHY:  # the tier's share: of the players it scales
            continue
        c = pooled.setdefault(tiers[pid], [0, 0])
        c[0] += own[pid][0]
        c[1] += own[pid][1]
    base = {t: p / n for t, (p, n) in pooled.items() if n}
    return Durability(as_of, own, base, tiers)
