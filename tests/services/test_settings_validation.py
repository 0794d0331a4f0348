"""Settings never crash: every bad value is one line naming the variable, the value and what is
allowed, with exit 2 in both CLIs and an error page (not a traceback) in the app. Each of these
printed a 27-40 line traceback before, and COURTSIDE_LEAGUE=yahoo silently ran the demo.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import forkrun

from services.config import Settings, SettingsError, get_settings, reset_settings_cache

REPO = Path(__file__).resolve().parents[2]
BAD = [
    ("COURTSIDE_SCORING", "roto", "'points' or 'categories'"),
    ("COURTSIDE_AS_OF", "garbage", "valid date"),
    ("COURTSIDE_MODEL_TIMEOUT_S", "abc", "valid number"),
    ("COURTSIDE_MODEL_TIMEOUT_S", "-1", "greater than 0"),
    ("COURTSIDE_MODEL_MAX_RETRIES", "many", "valid integer"),
    ("COURTSIDE_ESPN_LEAGUE_ID", "abc", "valid integer"),
    ("COURTSIDE_LEAGUE", "yahoo", "'demo' or 'espn'"),
    ("COURTSIDE_PROVIDER", "gpt", "'offline', 'gemini' or 'ollama'"),
    ("COURTSIDE_STATE_URL", "mysql://db/x", "postgresql://"),
    ("COURTSIDE_OLLAMA_URL", "localhost:11434", "http://"),
    ("COURTSIDE_HOME", "/proc/x", "Point it at a directory you can write"),
    ("COURTSIDE_STATE_URL", "postgresql://u:s3cret@127.0.0.1:1/x", "cannot be reached"),
]


def _env(home: Path, name: str, value: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    env[name] = value
    return env


@pytest.mark.parametrize(("name", "value", "allowed"), BAD)
@pytest.mark.parametrize("cli", [["agents", "ask", "How is Jokic doing?", "--json"],
                                 ["agents", "desk", "games", "--date", "2025-01-29", "--json"],
                                 ["services", "status", "jokic"]])
def test_a_bad_setting_is_one_line_and_exit_2(fresh_state, cli, name, value, allowed):
    p = forkrun.run(["-m", *cli], cwd=REPO, env=_env(fresh_state.home, name, value), timeout=120)
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1
    line = p.stderr.strip()
    assert line.startswith("error: ") and name in line and allowed in line
    if name != "COURTSIDE_HOME":
        assert repr(value) in line or value.replace("s3cret", "***") in line
    assert "s3cret" not in p.stderr + p.stdout  # a password in the URL is never echoed


def test_a_huge_bad_value_is_echoed_clipped(monkeypatch):
    monkeypatch.setenv("COURTSIDE_SCORING", "x" * 10_000)
    reset_settings_cache()
    try:
        with pytest.raises(SettingsError) as e:
            get_settings()
    finally:
        monkeypatch.delenv("COURTSIDE_SCORING")
        reset_settings_cache()
    assert len(str(e.value)) < 400


def test_explicit_values_are_validated_too():
    with pytest.raises(SettingsError, match="COURTSIDE_SCORING='roto'"):
        get_settings(scoring="roto")
    assert Settings(provider=" Gemini ").provider == "gemini" and Settings(provider="").provider is None


def test_the_app_shows_the_bad_setting_instead_of_the_app(fresh_state, monkeypatch):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("COURTSIDE_LEAGUE", "yahoo")
    reset_settings_cache()
    try:
        at = AppTest.from_file(str(REPO / "app.py"), default_timeout=60).run()
    finally:
        monkeypatch.delenv("COURTSIDE_LEAGUE")
        reset_settings_cache()
    assert not at.exception
    assert [e.value for e in at.error] == [
        "Courtside cannot start: Bad setting: COURTSIDE_LEAGUE='yahoo' is not allowed: Input should be 'demo' "
        "or 'espn'. Fix it in the environment or .env."]
    assert not at.chat_input and not at.sidebar.button  # the app itself is not drawn


def test_explicit_settings_follow_the_environment_and_the_dotenv_between_calls(monkeypatch, tmp_path):
    """get_settings(**explicit) remembers what it validated (a turn asks several times), keyed on
    what Settings reads: a variable or a .env changed between two calls, with no reset, is read.
    Catches a memo keyed on the explicit values alone (a server whose environment changed would
    keep the old scoring)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COURTSIDE_SCORING", "points")
    first = get_settings(provider="offline")
    assert first.scoring == "points" and get_settings(provider="offline") is first  # remembered
    monkeypatch.setenv("COURTSIDE_SCORING", "categories")
    assert get_settings(provider="offline").scoring == "categories"
    monkeypatch.delenv("COURTSIDE_SCORING")
    (tmp_path / ".env").write_text("COURTSIDE_ADVICE_MODE=this_week\n")
    assert get_settings(provider="offline").advice_mode == "this_week"
    (tmp_path / ".env").write_text("COURTSIDE_ADVICE_MODE=balanced\nCOURTSIDE_MY_TEAM_ID=3\n")
    assert (get_settings(provider="offline").advice_mode, get_settings(provider="offline").my_team_id) == ("balanced", 3)
    monkeypatch.setenv("COURTSIDE_SCORING", "roto")
    with pytest.raises(SettingsError):  # a bad value is never remembered as good
        get_settings(provider="offline")


def test_two_api_keys_given_explicitly_are_two_settings():
    """Every SecretStr prints as '**********': a memo keyed on repr gave the second user's
    assistant the first user's Gemini key (one server, two keys in the Settings page)."""
    from pydantic import SecretStr

    a = get_settings(provider="gemini", GOOGLE_API_KEY=SecretStr("key-of-user-a"))
    b = get_settings(provider="gemini", GOOGLE_API_KEY=SecretStr("key-of-user-b"))
    assert a.google_api_key.get_secret_value() == "key-of-user-a"
    assert b.google_api_key.get_secret_value() == "key-of-user-b"
    assert get_settings(provider="gemini", GOOGLE_API_KEY=SecretStr("key-of-user-a")) is a
