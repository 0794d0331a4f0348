"""Settings read in one place: environment (COURTSIDE_*), an optional .env, explicit values win.

`COURTSIDE_HOME` is the one directory every written file lives under (DuckDB analytics store,
SQLite state store, checkpoints, audit). Tests and benchmarks point it at a temporary directory.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import os
import uuid
from functools import lru_cache
from pathlib import Path
from typing import Literal

import platformdirs
from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from services.models import ServiceError

REPO_ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = REPO_ROOT / "data" / "nba-2024-25"
DEFAULT_AS_OF = dt.date(2025, 1, 29)


class SettingsError(ServiceError):
    """A setting has a value the product cannot use; the message names it, the value and what is allowed."""


class Settings(BaseSettings):
    """Every knob of the product, validated when read. Secrets are `SecretStr` so they never print."""

    model_config = SettingsConfigDict(env_prefix="COURTSIDE_", env_file=".env", extra="ignore")

    home: Path = Field(default_factory=lambda: Path(platformdirs.user_data_dir("courtside")))
    as_of: dt.date = DEFAULT_AS_OF
    league: Literal["demo", "espn"] = "demo"
    scoring: Literal["points", "categories"] = "points"  # the demo league's scoring
    advice_mode: Literal["balanced", "this_week"] = "balanced"  # this week and the season, or streaming
    punt: str = ""  # categories punted by default (categories leagues): "FT%,TO"; a chat can change it
    my_team_id: int = Field(1, ge=1, le=30)  # the team you manage (demo: 1-10; ESPN: the team's id)
    # who an app session without sign-in is: "browser", the browser session itself (a league state of
    # its own, kept across reloads by its ?session= id); "local", the CLI's one local user (one person
    # on his own machine, the app and the CLI sharing one league)
    app_owner: Literal["browser", "local"] = "browser"
    nlu_model: Path | None = None  # a prebuilt intent model to read instead of home/models (a test run shares one)
    state_url: str | None = None  # postgresql://... switches the writable store and checkpoints
    store_busy_timeout_s: float = Field(10.0, gt=0, le=600)  # how long a write waits for a locked SQLite store
    turn_wait_s: float = Field(120.0, gt=0, le=3600)  # how long a turn waits for the thread's previous turn

    provider: Literal["offline", "gemini", "ollama"] | None = None  # None = gemini if a key, else offline
    google_api_key: SecretStr | None = Field(default=None, validation_alias="GOOGLE_API_KEY")
    gemini_model: str = "gemini-2.5-flash"
    reasoning_model: str = "gemini-2.5-pro"
    ollama_model: str = "qwen2.5:7b"
    ollama_url: str = "http://127.0.0.1:11434"
    model_timeout_s: float = Field(20.0, gt=0, le=600)
    model_max_retries: int = Field(2, ge=0, le=10)
    model_retry_backoff_s: float = Field(0.5, ge=0, le=60)
    signals_threshold: float = Field(default=0.05, ge=0.0, le=1.0)  # |ev| at which the pod makes a signal

    espn_league_id: int | None = Field(None, gt=0)
    espn_season: int = Field(2025, ge=2000, le=2100)
    espn_s2: SecretStr | None = None
    espn_swid: SecretStr | None = None

    # the market desk's worst-case loss limits: finite (an infinite limit is no limit)
    desk_max_per_side: float = Field(200.0, gt=0, allow_inf_nan=False)
    desk_max_per_game: float = Field(400.0, gt=0, allow_inf_nan=False)
    desk_answering: Literal["agent", "rules"] = "agent"  # shadow mode: which engine answers (both always run)

    @field_validator("punt")
    @classmethod
    def _punt(cls, v: str) -> str:
        from services.league.scoring import normalize_category

        names = [p.strip() for p in (v or "").split(",") if p.strip()]
        cats = [normalize_category(p) for p in names]
        bad = [n for n, c in zip(names, cats, strict=True) if c is None]
        if bad:
            raise ValueError(f"unknown categories {bad}; use FG%, FT%, 3PM, REB, AST, STL, BLK, TO, PTS")
        if len(set(cats)) >= 9:
            raise ValueError("punting all nine categories leaves nothing to play for")
        return ",".join(dict.fromkeys(c for c in cats if c))

    @field_validator("provider", mode="before")
    @classmethod
    def _provider(cls, v):
        return (v.strip().lower() or None) if isinstance(v, str) else v

    @field_validator("state_url")
    @classmethod
    def _state_url(cls, v: str | None) -> str | None:
        if v is not None and not v.strip():
            return None
        if v is not None and not v.startswith(("postgresql://", "postgres://")):
            raise ValueError("use a postgresql://user@host:port/db URL, or leave it unset for SQLite")
        return v

    @field_validator("ollama_url")
    @classmethod
    def _http_url(cls, v: str) -> str:
        if not v.startswith(("http://", "https://")):
            raise ValueError("use an http:// or https:// URL")
        return v


ENV_NAMES = {"google_api_key": "GOOGLE_API_KEY"}
SECRET_FIELDS = {"google_api_key", "espn_s2", "espn_swid"}


def settings_error(e: ValidationError) -> SettingsError:
    """One line: each bad variable, its value (clipped; never a secret) and what is allowed."""
    parts = []
    for err in e.errors():
        field = str(err["loc"][0]) if err["loc"] else "?"
        name = ENV_NAMES.get(field, f"COURTSIDE_{field.upper()}")
        value = "(hidden)" if field in SECRET_FIELDS else repr(str(err.get("input", "")))[:200]
        why = err["msg"].removeprefix("Value error, ")
        parts.append(f"{name}={value} is not allowed: {why}")
    return SettingsError("Bad setting: " + "; ".join(parts) + ". Fix it in the environment or .env.")


def _validated(**values) -> Settings:
    try:
        return Settings(**values)
    except ValidationError as e:
        raise settings_error(e) from None


@lru_cache(maxsize=1)
def _env_settings() -> Settings:
    return _validated()


_MEMO: dict[tuple, Settings] = {}  # (what Settings reads, the explicit values) -> the validated settings
_MEMO_MAX = 64


def _read_by_settings() -> tuple:
    """Everything `Settings()` reads besides its arguments: the COURTSIDE_* and GOOGLE_API_KEY
    variables (matched without case, as pydantic-settings does) and the .env file of the working
    directory (its path, size and modification time)."""
    env = tuple(sorted((k, v) for k, v in os.environ.items()
                       if k.upper().startswith("COURTSIDE_") or k.upper() == "GOOGLE_API_KEY"))
    try:
        cwd = os.getcwd()
    except OSError:  # the working directory was removed: no .env can be read from it
        return env, (None, None, None)
    try:
        st = os.stat(".env")
        dotenv = (cwd, st.st_size, st.st_mtime_ns)
    except OSError:
        dotenv = (cwd, None, None)
    return env, dotenv


def _memo_part(value) -> str:
    """A value as part of the memo's key: a secret by a digest of its text (every SecretStr has the
    same repr, so two API keys would have shared one entry), anything else by its repr."""
    if isinstance(value, SecretStr):
        return "secret:" + hashlib.sha256(value.get_secret_value().encode()).hexdigest()
    return repr(value)


def _validated_memo(**values) -> Settings:
    """`_validated`, remembered for the same explicit values and the same environment: a turn asks
    for its settings several times (validating them costs ~10 ms each), and a changed variable or
    .env reads them again. A bad setting is never remembered (it raises each time)."""
    key = (_read_by_settings(), tuple(sorted((k, _memo_part(v)) for k, v in values.items())))
    hit = _MEMO.get(key)
    if hit is None:
        hit = _validated(**values)
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        _MEMO[key] = hit
    return hit


def get_settings(**overrides) -> Settings:
    """Settings from the environment; explicit keyword values win. Raises SettingsError (one line)."""
    base = _env_settings() if not overrides else _validated_memo(**overrides)
    home_env = os.environ.get("COURTSIDE_HOME")
    if home_env and Path(home_env) != base.home and not overrides.get("home"):
        base = _validated_memo(**{**overrides, "home": Path(home_env)})
    return base


def data_dir() -> Path:
    """The box scores the database is built from: `COURTSIDE_DATA_DIR` when set (tests build from
    altered copies), else the shipped `data/nba-2024-25`."""
    return Path(os.environ.get("COURTSIDE_DATA_DIR") or DATA_DIR)


def courtside_home() -> Path:
    """The directory for every file the app writes; created on first use."""
    home = Path(os.environ.get("COURTSIDE_HOME") or get_settings().home)
    try:
        home.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SettingsError(f"COURTSIDE_HOME={str(home)[:200]!r} cannot be used: {e.strerror or e}. "
                            f"Point it at a directory you can write.") from None
    return home


def check_settings() -> Settings:
    """Validates every setting and that COURTSIDE_HOME is writable; call at start. Raises SettingsError."""
    s = get_settings()
    home = courtside_home()
    probe = home / f".write-check-{os.getpid()}-{uuid.uuid4().hex}"  # unique: threads check at once
    try:
        probe.write_bytes(b"")
        probe.unlink(missing_ok=True)
    except OSError as e:
        raise SettingsError(f"COURTSIDE_HOME={str(home)[:200]!r} is not writable: {e.strerror or e}. "
                            f"Point it at a directory you can write.") from None
    return s


def reset_settings_cache() -> None:
    _env_settings.cache_clear()
    _MEMO.clear()
