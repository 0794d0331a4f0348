"""What the transparent estimator reads for one game, all known before its date: the Elo margin
(results before the date, `services.markets.ratings`), the absence signal (rotation players missing
their team's recent games, from the box scores), the value each team has lost to absences (kept
for comparison; not in the model: its fitted weight was 0.0), and rest (back-to-backs, three games in the four nights before).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from services.league.season_games import get_game
from services.signals.teams import TeamReport, team_report
from services.league.snapshot import snapshot


@dataclass(frozen=True)
class GameFeatures:
    game_id: str
    home: TeamReport
    away: TeamReport
    elo_margin: float  # expected home margin (points) from Elo and home court

    @property
    def value_edge(self) -> float:
        """Value the away team lost minus value the home team lost (fantasy pts per game)."""
        return self.away.value_lost - self.home.value_lost

    @property
    def absence_edge(self) -> float:
        """The absence signal: rotation player-games the away team is missing minus the home team's."""
        return round(self.away.rotation_missing - self.home.rotation_missing, 4)

    @property
    def b2b_edge(self) -> int:
        return int(self.away.back_to_back) - int(self.home.back_to_back)

    @property
    def dense_edge(self) -> int:
        return int(self.away.games_last_4_nights >= 3) - int(self.home.games_last_4_nights >= 3)

    def row(self) -> list[float]:
        return [1.0, self.elo_margin, self.absence_edge, float(self.b2b_edge), float(self.dense_edge)]


def elo_margin(home: str, away: str, before: dt.date) -> float:
    """Expected home margin from Elo ratings and home court on results strictly before `before`."""
    from services.markets.ratings import ELO_PER_POINT, elo_ratings, home_court_points

    r = elo_ratings(before)
    return (r[home] - r[away]) / ELO_PER_POINT + home_court_points(before)


def game_features(game_id: str) -> GameFeatures:
    g = get_game(game_id)
    snap = snapshot(g.date)
    return GameFeatures(game_id=game_id, home=team_report(snap, g.home, g.date), away=team_report(snap, g.away, g.date),
                        elo_margin=elo_margin(g.home, g.away, g.date))
