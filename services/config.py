"""Settings read in one place: environment (COURTSIDE_*), an optional .env, explicit values win.

`COURTSIDE_HOME` is the one directory every written file lives under (DuckDB analytics store,
SQLite state store, checkpoints, audit). Tests and benchmarks point it at a temporary directory.
"""
from __future__ import annotations

import datetime as dt
import os
from functools import lru_cache
from pathlib import Path

import platformdirs
from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = REPO_ROOT / "data" / "nba-2024-25"
DEFAULT_AS_OF = dt.date(2025, 1, 29)


class Settings(BaseSettings):
    """Every knob of the product. Secrets are `SecretStr` so they never print by accident."""

    model_config = SettingsConfigDict(env_prefix="COURTSIDE_", env_file=".env", extra="ignore")

    home: Path = Field(default_factory=lambda: Path(platformdirs.user_data_dir("courtside")))
    as_of: dt.date = DEFAULT_AS_OF
    league: str = "demo"  # "demo" or "espn"
    scoring: str = "points"  # "points" or "categories" for the demo league
    advice_mode: str = "balanced"  # "balanced" (this week and the season) or "this_week" (streaming)
    my_team_id: int = 1
    state_url: str | None = None  # postgresql://... switches the writable store and checkpoints

    provider: str | None = None  # offline | gemini | ollama; None = gemini if a key, else offline
    google_api_key: SecretStr | None = Field(default=None, validation_alias="GOOGLE_API_KEY")
    gemini_model: str = "gemini-2.5-flash"
    reasoning_model: str = "gemini-2.5-pro"
    ollama_model: str = "qwen2.5:7b"
    ollama_url: str = "http://127.0.0.1:11434"
    model_timeout_s: float = 20.0
    model_max_retries: int = 2
    model_retry_backoff_s: float = 0.5

    espn_league_id: int | None = None
    espn_season: int = 2025
    espn_s2: SecretStr | None = None
    espn_swid: SecretStr | None = None


@lru_cache(maxsize=1)
def _env_settings() -> Settings:
    return Settings()


def get_settings(**overrides) -> Settings:
    """Settings from the environment; explicit keyword values win."""
    base = _env_settings() if not overrides else Settings(**overrides)
    home_env = os.environ.get("COURTSIDE_HOME")
    if home_env and Path(home_env) != base.home and not overrides.get("home"):
        base = Settings(**{**overrides, "home": Path(home_env)})
    return base


def data_dir() -> Path:
    """The box scores the database is built from: `COURTSIDE_DATA_DIR` when set (tests build from
    altered copies), else the shipped `data/nba-2024-25`."""
    return Path(os.environ.get("COURTSIDE_DATA_DIR") or DATA_DIR)


def courtside_home() -> Path:
    """The directory for every file the app writes; created on first use."""
    home = Path(os.environ.get("COURTSIDE_HOME") or get_settings().home)
    home.mkdir(parents=True, exist_ok=True)
    return home


def reset_settings_cache() -> None:
    _env_settings.cache_clear()
