"""Connecting an ESPN league: checked on save, one line when it fails (issue #37 item 5).

`check_league` reads the league once through espn-api (at `COURTSIDE_ESPN_URL` when set) and
answers the league's name, season, scoring and teams, or raises `ServiceError` with one line: a
private league without (or with wrong) cookies, an id ESPN does not know, no network. Nothing here
ever puts the cookies in a message or a log line. `save_connection` / `load_connection` keep a
connection (the cookies included) in the state store under its owner (`services.store.threads`).
"""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import SecretStr

from services.models import ServiceError


@dataclass(frozen=True)
class Connected:
    league_id: int
    season: int
    name: str
    scoring: str
    teams: list[tuple[int, str]]


def check_league(league_id: str | int, season: int, espn_s2: SecretStr | str | None = None,
                 swid: SecretStr | str | None = None) -> Connected:
    """The league, read once; ServiceError with one line when it cannot be read."""
    from services.espn.cache import TTLCache
    from services.espn.client import EspnClient
    from services.espn.mapping import scoring_mode

    text = str(league_id).strip()
    if not text.isdigit() or int(text) <= 0:
        raise ServiceError(f"An ESPN league id is a positive number (the leagueId in the league's URL), not {text[:20]!r}.")
    if not 2019 <= int(season) <= 2100:
        raise ServiceError(f"Season {season} is not one ESPN's fantasy API serves (2019 on).")
    s2, sw = (SecretStr(v) if isinstance(v, str) and v.strip() else (v or None) for v in (espn_s2, swid))
    if bool(s2) != bool(sw):
        raise ServiceError("A private league needs both cookies, espn_s2 and SWID (or neither for a public league).")
    client = EspnClient(int(text), int(season), s2, sw, TTLCache())
    snap = client.snapshot()  # every ESPN or network failure is one ServiceError line (client.espn_errors)
    settings = snap.settings
    return Connected(league_id=int(text), season=int(season), name=settings.get("name", f"ESPN league {text}"),
                     scoring=scoring_mode((settings.get("scoringSettings") or {}).get("scoringType")),
                     teams=[(t.team_id, t.team_name) for t in snap.teams])
