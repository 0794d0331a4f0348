"""Failures inside a route (issue #24, errors): one line of JSON, the right status, never a
traceback. In-process (FastAPI's TestClient) with a facade made to fail, so the failure is real
code raising, not a mocked response."""
from __future__ import annotations

import sqlite3

import pytest
from fastapi.testclient import TestClient

from agents import door
from api.app import create_app
from api.settings import ApiSettings


@pytest.fixture
def client():
    with TestClient(create_app(ApiSettings()), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("error,status,words", [
    (RuntimeError("boom\nTraceback (most recent call last):\n  File secret.py"), 500, "RuntimeError: boom"),
    (sqlite3.OperationalError("database is locked"), 503, "locked"),
    (door.ServiceError("no quote with id 'q-1'"), 400, "no quote with id 'q-1'"),
])
def test_a_failing_route_answers_one_line_with_its_status(client, monkeypatch, error, status, words):
    """Catches a 500 page with a traceback, a store failure reported as bad input (400) or as a
    crash (500), and bad input reported as a crash."""
    def fail(*args, **kwargs):
        raise error

    monkeypatch.setattr(door.desk, "games", fail)
    r = client.get("/api/desk/games", params={"date": "2025-01-29"})
    assert r.status_code == status and r.headers["content-type"] == "application/json"
    body = r.json()
    assert set(body) == {"error"} and words in body["error"]
    assert "\n" not in body["error"] and "Traceback" not in r.text and "secret.py" not in r.text


def test_unknown_routes_and_methods_are_json_errors(client):
    assert client.get("/api/nope").json() == {"error": "Not Found"}
    r = client.get("/api/agent/chat")
    assert r.status_code == 405 and r.json() == {"error": "Method Not Allowed"}
