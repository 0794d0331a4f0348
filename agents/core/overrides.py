"""Explicit runtime choices (from the Settings page or the CLI) layered over the environment.

An explicit value wins over `COURTSIDE_*`; a `None` leaves the environment's value. Secrets stay
`SecretStr` end to end: they are excluded from `repr`, and `cache_key()` carries only a SHA-256
digest of them, so an assistant can be cached per key without the key being stored in the cache.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib

from pydantic import SecretStr

from agents.models.llm import pick_provider
from services.config import Settings, get_settings
from services.models import ServiceError
from services.league.source import LeagueSource
from services.store.threads import LOCAL_OWNER

LEAGUES = ("demo", "espn")
ADVICE_MODES = ("balanced", "this_week")  # services.optimizer.moves.MODES


def as_secret(value: SecretStr | str | None) -> SecretStr | None:
    if isinstance(value, SecretStr):
        return value if value.get_secret_value() else None
    return SecretStr(value) if value else None


def secret_digest(*values: SecretStr | None) -> str | None:
    """A short SHA-256 of the secrets (None when there are none): safe to put in a cache key."""
    joined = "\x1f".join(v.get_secret_value() if v else "" for v in values)
    return hashlib.sha256(joined.encode()).hexdigest()[:16] if joined.strip("\x1f") else None


@dataclasses.dataclass(frozen=True)
class RuntimeOptions:
    """What a caller chose explicitly; everything left `None` comes from the environment."""

    provider: str | None = None
    model_name: str | None = None
    api_key: SecretStr | None = dataclasses.field(default=None, repr=False)
    as_of: dt.date | None = None
    scoring: str | None = None
    league: str | None = None  # "demo" | "espn"
    espn_league_id: int | None = None
    espn_season: int | None = None
    espn_s2: SecretStr | None = dataclasses.field(default=None, repr=False)
    espn_swid: SecretStr | None = dataclasses.field(default=None, repr=False)
    advice_mode: str | None = None  # "balanced" | "this_week" (streaming)
    team: int | None = None  # the team the user manages (COURTSIDE_MY_TEAM_ID when None)
    punt: tuple[str, ...] | None = None  # categories punted by default (COURTSIDE_PUNT when None)
    owner: str | None = None  # whose league state (an identity; None: the local user), issue #37 item 4

    def __post_init__(self):
        for name in ("api_key", "espn_s2", "espn_swid"):
            object.__setattr__(self, name, as_secret(getattr(self, name)))
        if self.league is not None and self.league not in LEAGUES:
            raise ServiceError(f"Unknown league {self.league!r}; use one of: {', '.join(LEAGUES)}.")
        if self.advice_mode is not None and self.advice_mode not in ADVICE_MODES:
            raise ServiceError(f"Unknown advice mode {self.advice_mode!r}; use one of: {', '.join(ADVICE_MODES)}.")
        if self.punt is not None:
            from services.league.scoring import normalize_category

            items = [self.punt] if isinstance(self.punt, str) else list(self.punt)
            cats = [normalize_category(str(p)) for p in items]
            if None in cats:
                raise ServiceError(f"Unknown categories {[p for p, c in zip(items, cats) if c is None]}; use "
                                   "FG%, FT%, 3PM, REB, AST, STL, BLK, TO, PTS.")
            object.__setattr__(self, "punt", tuple(dict.fromkeys(cats)))
        if self.team is not None:
            try:
                object.__setattr__(self, "team", int(self.team))
            except (TypeError, ValueError):
                raise ServiceError(f"The team must be a team id (a number), not {self.team!r}.") from None
            if not 1 <= self.team <= 30:
                raise ServiceError(f"Team {self.team} does not exist; team ids run from 1 (demo league: 1 to 10).")
        if self.owner in ("", LOCAL_OWNER):  # the local user is the default owner: one assistant, not two
            object.__setattr__(self, "owner", None)
        if self.espn_league_id is not None:
            try:
                object.__setattr__(self, "espn_league_id", int(self.espn_league_id))
            except (TypeError, ValueError):
                raise ServiceError("The ESPN league id must be a number (it is in the league's URL: "
                                   "leagueId=...).") from None

    def cache_key(self) -> tuple:
        """Every non-secret choice plus a digest of the secrets (never a secret in plain text)."""
        public = tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.repr)
        # What the environment fills in for the choices left open is part of the key too: one process
        # (a test session, a server whose settings were reloaded) must not get an assistant built for
        # another environment's scoring or provider.
        s = get_settings()
        env = (s.provider, s.scoring, s.as_of, s.league, s.advice_mode, s.punt, s.my_team_id, s.gemini_model,
               s.ollama_model, s.espn_league_id, s.espn_season)
        return public + env + (secret_digest(s.google_api_key, s.espn_s2, s.espn_swid),
                               secret_digest(self.api_key, self.espn_s2, self.espn_swid))

    def settings(self) -> Settings:
        """`Settings` from the environment with these choices applied on top."""
        chosen = {"provider": self.provider, "GOOGLE_API_KEY": self.api_key, "as_of": self.as_of,
                  "scoring": self.scoring, "league": self.league, "espn_league_id": self.espn_league_id,
                  "espn_season": self.espn_season, "espn_s2": self.espn_s2, "espn_swid": self.espn_swid,
                  "advice_mode": self.advice_mode, "my_team_id": self.team,
                  "punt": None if self.punt is None else ",".join(self.punt)}
        settings = get_settings(**{k: v for k, v in chosen.items() if v is not None})
        if self.model_name:
            provider = pick_provider(settings)
            field = {"gemini": "gemini_model", "ollama": "ollama_model"}.get(provider)
            if field:  # the offline planner has no model to choose
                settings = settings.model_copy(update={field: self.model_name})
        return settings


def check_environment() -> str | None:
    """Every setting validated, COURTSIDE_HOME writable, a configured PostgreSQL reachable, the
    state and checkpoint files sound: None when all is well, else the one line that says what is
    wrong (which variable and what is allowed; which file and how to recover)."""
    from services.config import check_settings, courtside_home
    from services.store.build import install
    from services.store.connections import check_state_url
    from services.store.state import state_store
    from services.store.guard import StoreDamaged, check

    install()  # every front end starts here: a missing or damaged database is built on first use
    try:
        check_settings()
        check_state_url()
        state_store()  # opens (and checks) the state store
        if not get_settings().state_url:
            check(courtside_home() / "checkpoints.sqlite", "checkpoint store")
    except (ServiceError, StoreDamaged) as e:
        return str(e)
    return None


def open_league(settings: Settings, as_of: dt.date | None = None, owner: str | None = None) -> LeagueSource:
    """The league these settings name, as `owner` holds it: the demo league is the owner's own copy
    (its moves, its card ids: services/league/ledger.py; None is the local user's). An ESPN league is
    read once here, so a wrong id, missing cookies or an unreachable ESPN fail now with ESPN's
    message instead of in the middle of a turn."""
    from services.store.build import install

    install()  # an assistant built in any process (a script, a notebook) builds a missing database on first use
    from services.league.ledger import ledger_of

    if settings.league == "espn":
        from services.espn import EspnLeague

        source = EspnLeague.from_settings(settings, as_of=as_of, ledger=ledger_of(owner))
        source.info()
        source.punt = tuple(c for c in settings.punt.split(",") if c)
        return source
    from services.league.demo_source import DemoSource
    from services.store.state import state_store

    source = DemoSource(as_of or settings.as_of, settings.scoring, settings.advice_mode, store=state_store(),
                        team_id=settings.my_team_id, ledger=ledger_of(owner))
    source.punt = tuple(c for c in settings.punt.split(",") if c)
    return source
