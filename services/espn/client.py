"""Reads from ESPN through espn-api, behind the TTL cache. The only module that makes requests.

`espn_api.basketball.League(...)` is built lazily on first use: it fetches the league
(mTeam/mRoster/mMatchup/mSettings/mStandings), the player pool (players_wl), the NBA schedule
(proTeamSchedules_wl) and the draft (mDraftDetail). Later reads refresh single views when their
TTL runs out. The espn_s2/SWID cookies stay inside espn-api; no message here ever contains them.
"""
from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass, field
from typing import Any, Iterator

import requests
from espn_api.basketball import League
from espn_api.basketball.player import Player
from espn_api.basketball.team import Team
from espn_api.requests.espn_requests import ESPNAccessDenied, ESPNInvalidLeague, ESPNUnknownError
from pydantic import SecretStr

from services.espn.cache import TTLCache
from services.models import ServiceError


@dataclass
class LeagueSnapshot:
    """One read of the main league view: raw JSON plus espn-api's parsed teams."""

    raw: dict
    teams: list[Team]
    matchup_period: int
    scoring_period: int
    matchup_periods: dict[int, list[int]] = field(default_factory=dict)  # id -> scoring periods

    @property
    def settings(self) -> dict:
        return self.raw.get("settings") or {}

    def team(self, team_id: int) -> Team | None:
        return next((t for t in self.teams if t.team_id == team_id), None)


ESPN_HOSTS = ("https://lm-api-reads.fantasy.espn.com", "https://site.api.espn.com")


def base_url() -> str | None:
    """`COURTSIDE_ESPN_URL`: where ESPN's fantasy API is read instead of ESPN (the mirror)."""
    import os

    url = (os.environ.get("COURTSIDE_ESPN_URL") or "").strip().rstrip("/")
    return url or None


def rebase(league: League, url: str | None) -> None:
    """Points espn-api's request endpoints (fantasy and news) at `url` (same paths)."""
    if not url:
        return
    req = league.espn_request
    for attr in ("ENDPOINT", "LEAGUE_ENDPOINT", "NEWS_ENDPOINT"):
        value = getattr(req, attr)
        for host in ESPN_HOSTS:
            value = value.replace(host, url)
        setattr(req, attr, value)


class _RecordingLeague(League):
    """espn-api's League, keeping the raw main-view JSON it already fetched (saves a request);
    its requests go to `COURTSIDE_ESPN_URL` when set."""

    raw_league: dict | None = None

    def __init__(self, league_id: int, year: int, espn_s2=None, swid=None):
        super().__init__(league_id, year, espn_s2=espn_s2, swid=swid, fetch_league=False)
        rebase(self, base_url())
        self.fetch_league()

    def _fetch_league(self):
        data = super()._fetch_league()
        self.raw_league = data
        return data


def snapshot_from(raw: dict) -> LeagueSnapshot:
    members = raw.get("members", [])
    teams = sorted((Team(t, roster=t.get("roster") or {"entries": []}, schedule=raw.get("schedule", []),
                         year=raw["seasonId"],
                         owners=[m for m in members if m.get("id") in t.get("owners", [])])
                    for t in raw.get("teams", [])), key=lambda t: t.team_id)
    periods: dict[int, set[int]] = {}
    for match in raw.get("schedule", []):
        for side in ("home", "away"):
            keys = (match.get(side) or {}).get("pointsByScoringPeriod") or {}
            periods.setdefault(match["matchupPeriodId"], set()).update(int(k) for k in keys)
    return LeagueSnapshot(raw=raw, teams=teams, matchup_period=raw["status"]["currentMatchupPeriod"],
                          scoring_period=raw["scoringPeriodId"],
                          matchup_periods={k: sorted(v) for k, v in periods.items() if v})


@contextlib.contextmanager
def espn_errors(league_id: int, season: int) -> Iterator[None]:
    """ESPN and network failures as one readable ServiceError line (never echoing cookies)."""
    try:
        yield
    except ServiceError:
        raise
    except ESPNAccessDenied:
        raise ServiceError(f"ESPN refused access to league {league_id}: a private league needs "
                           "valid espn_s2 and SWID cookies.") from None
    except ESPNInvalidLeague:
        raise ServiceError(f"ESPN has no fantasy basketball league {league_id} "
                           f"for season {season}.") from None
    except ESPNUnknownError as exc:
        raise ServiceError(f"ESPN answered with an error ({exc}); try again later.") from None
    except requests.RequestException as exc:
        raise ServiceError(f"Could not reach ESPN ({type(exc).__name__}); try again later.") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ServiceError(f"ESPN sent league {league_id} data in an unexpected shape "
                           f"({type(exc).__name__}).") from None


class EspnClient:
    """Cached reads of one ESPN league; every method returns espn-api objects or raw JSON."""

    def __init__(self, league_id: int, season: int, espn_s2: SecretStr | None,
                 swid: SecretStr | None, cache: TTLCache):
        self.league_id, self.season, self.cache = int(league_id), int(season), cache
        self._s2, self._swid = espn_s2, swid
        self._league: _RecordingLeague | None = None
        self._fresh_raw: dict | None = None     # the construction's main view, not yet cached
        self._fresh_pro: dict | None = None     # the construction's NBA schedule, not yet cached
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"EspnClient(league_id={self.league_id}, season={self.season})"

    def _key(self, *parts: Any) -> tuple:
        return (self.league_id, self.season, *parts)

    def _errors(self):
        return espn_errors(self.league_id, self.season)

    def league(self) -> League:
        with self._lock:
            if self._league is None:
                s2 = self._s2.get_secret_value() if self._s2 else None
                swid = self._swid.get_secret_value() if self._swid else None
                with self._errors():
                    league = _RecordingLeague(self.league_id, self.season, espn_s2=s2, swid=swid)
                self._fresh_raw, self._fresh_pro = league.raw_league, league.pro_schedule
                self._league = league
            return self._league

    def _take(self, attr: str) -> Any:
        with self._lock:
            value = getattr(self, attr)
            setattr(self, attr, None)
            return value

    def player_names(self) -> dict[int, str]:
        """Every active NBA player ESPN lists (players_wl), id -> full name."""
        return {k: v for k, v in self.league().player_map.items() if isinstance(k, int)}

    def snapshot(self) -> LeagueSnapshot:
        def load() -> LeagueSnapshot:
            league = self.league()
            raw = self._take("_fresh_raw")
            with self._errors():
                return snapshot_from(raw if raw is not None else league.espn_request.get_league())
        return self.cache.get_or_load("roster", self._key("league"), load)

    def pro_schedule(self) -> dict:
        def load() -> dict:
            league = self.league()
            pro = self._take("_fresh_pro")
            with self._errors():
                return pro if pro is not None else league._get_all_pro_schedule()
        return self.cache.get_or_load("schedule", self._key("pro"), load)

    def box_scores(self, matchup_period: int, scoring_period: int) -> list:
        def load() -> list:
            with self._errors():
                return self.league().box_scores(matchup_period=matchup_period,
                                                scoring_period=scoring_period)
        return self.cache.get_or_load("matchup", self._key("box", matchup_period, scoring_period), load)

    def player_card(self, player_id: int) -> Player | None:
        """ESPN's player card (status, expected return, every game this season); None if none."""
        def load() -> tuple[Player | None]:
            with self._errors():
                card = self.league().player_info(playerId=int(player_id))
            return (card[0] if isinstance(card, list) else card,)  # a tuple, so "no card" caches too
        return self.cache.get_or_load("player_status", self._key("card", int(player_id)), load)[0]

    def player_cards(self, player_ids: list[int], top_periods: int) -> list[dict]:
        """Raw player cards (kona_playercard) of many players at once, with the per-game splits of
        the last `top_periods` scoring periods (ESPN's filterStatsForTopScoringPeriodIds). Not
        cached here: the history stores what it needs (services/espn/history.py)."""
        league = self.league()
        out: list[dict] = []
        with self._errors():
            for i in range(0, len(player_ids), 100):
                data = league.espn_request.get_player_card(player_ids[i:i + 100], max(1, int(top_periods)))
                out += data.get("players", [])
        return out

    def rosters_on(self, scoring_period: int) -> dict:
        """The raw main view's rosters on a past scoring period (ESPN's `scoringPeriodId`); a
        past day never changes, so it is kept for good."""
        def load() -> dict:
            with self._errors():
                return self.league().espn_request.league_get(params={"view": ["mRoster"], "scoringPeriodId": int(scoring_period)})
        return self.cache.get_or_load("game_log_final", self._key("rosters_on", int(scoring_period)), load)
