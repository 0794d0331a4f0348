"""Bad numbers and bad clients refused at the API's edge (issue #39, failure 4), against a real
uvicorn process: each test names the behaviour of the code before #39 that it catches.

- `"line": Infinity` on /api/desk/quote was a 500 (OverflowError) that dropped the connection;
- `at` in year 1 or 9999 was accepted and stored as a rejected quote (the CLI refuses it);
- COURTSIDE_API_RATE=inf turned the limit off;
- a chunked 70 kB body was a 400, not a 413;
- POST /api/approvals/ was a 307 with an empty body;
- `team` out of range in chat was accepted;
- a slow body or slow headers held a connection for 50 s and more;
- wrong tokens were never rate-limited.
"""
from __future__ import annotations

import socket
import sqlite3
import subprocess
import sys
import time

import httpx
import pytest

from api.settings import UnsafeStart, from_env
from tests.app.server import REPO
from tests.http_api.server import TOKEN_A, api_env, api_server, serving_home

GAME = "2025-01-29-CHI-BOS"
QUOTE = {"game_id": GAME, "market": "spread", "side": "home", "line": -3.5, "odds": 1.9, "amount": 20}
TIMEOUTS = {"COURTSIDE_API_HEADER_TIMEOUT": "1", "COURTSIDE_API_BODY_TIMEOUT": "1"}


@pytest.fixture(scope="module")
def home(tmp_path_factory, courtside_home):
    h = tmp_path_factory.mktemp("api-validation-home")
    serving_home(courtside_home, h)
    return h


@pytest.fixture(scope="module")
def url(home):
    with api_server(home, TIMEOUTS) as u:
        httpx.get(f"{u}/api/desk/games", params={"date": "2025-01-29"}, timeout=60)  # the desk's tables exist
        yield u


def _quotes(home) -> int:
    with sqlite3.connect(home / "state.sqlite") as con:
        return con.execute("SELECT count(*) FROM desk_quotes").fetchone()[0]


def _one_line_error(r: httpx.Response, status: int, words: str) -> None:
    assert r.status_code == status, (r.status_code, r.text)
    body = r.json()
    assert set(body) == {"error"} and "\n" not in body["error"] and words in body["error"], body


@pytest.mark.parametrize("raw", ['"line": Infinity', '"line": -Infinity', '"line": NaN', '"odds": Infinity',
                                 '"amount": NaN', '"line": 1e999'])
def test_non_finite_numbers_are_400_and_the_connection_lives_on(url, home, raw):
    """Catches the 500 (OverflowError on `line * 2`) that also dropped the keep-alive connection."""
    key = raw.split(":")[0].strip('"')
    body = "{" + ", ".join(f'"{k}": {v!r}'.replace("'", '"') for k, v in QUOTE.items() if k != key) + ", " + raw + "}"
    before = _quotes(home)
    with httpx.Client(base_url=url, timeout=60) as client:
        r = client.post("/api/desk/quote", content=body, headers={"content-type": "application/json"})
        _one_line_error(r, 400, key)
        assert r.headers.get("connection") != "close"
        assert client.get("/healthz").status_code == 200  # the same client goes on
    assert _quotes(home) == before


@pytest.mark.parametrize("at", ["0001-01-01T00:00:00", "9999-12-31T23:00:00-05:00", "1899-12-31T23:59:59+00:00"])
def test_desk_times_outside_1900_2100_are_400_and_store_nothing(url, home, at):
    """Catches a year-1 or year-9999 `at` accepted and stored as a rejected quote."""
    before = _quotes(home)
    _one_line_error(httpx.post(f"{url}/api/desk/quote", json=QUOTE | {"at": at}, timeout=60), 400, "1900-2100")
    _one_line_error(httpx.post(f"{url}/api/desk/accept", json={"quote_id": "q-x", "at": at}, timeout=60), 400,
                    "1900-2100")
    _one_line_error(httpx.get(f"{url}/api/desk/games", params={"date": "2025-01-29", "at": at}, timeout=60), 400,
                    "1900-2100")
    assert _quotes(home) == before


def test_dates_outside_1900_2100_are_400_like_the_cli(url, home):
    _one_line_error(httpx.post(f"{url}/api/signals/run", json={"date": "9999-01-01"}, timeout=60), 400, "1900-2100")
    _one_line_error(httpx.get(f"{url}/api/desk/games", params={"date": "0001-01-01"}, timeout=60), 400, "1900-2100")
    cli = subprocess.run([sys.executable, "-m", "agents", "desk", "games", "--date", "9999-01-01", "--json"],
                         cwd=REPO, env=api_env(home), capture_output=True, text=True, timeout=120)
    assert cli.returncode == 2 and "the date 9999-01-01 is outside 1900-2100" in cli.stderr  # the same words


@pytest.mark.parametrize("team", [0, 31, -1, 10**30])
def test_team_out_of_range_in_chat_is_400(url, team):
    _one_line_error(httpx.post(f"{url}/api/agent/chat", json={"message": "hi", "team": team},
                               headers={"accept": "application/json"}, timeout=60), 400, "team")


def test_a_chunked_body_over_the_limit_is_413(url):
    """Catches the 400 a streamed (chunked, no Content-Length) 70 kB body got."""
    def chunks():
        for _ in range(70):
            yield b"x" * 1024

    r = httpx.post(f"{url}/api/desk/quote", content=chunks(), headers={"content-type": "application/json"}, timeout=60)
    _one_line_error(r, 413, "too large")


def test_a_stray_slash_is_a_json_404_not_an_empty_307(url):
    r = httpx.post(f"{url}/api/approvals/", json={"decision": "approve"}, timeout=60)
    _one_line_error(r, 404, "Not Found")
    r = httpx.get(f"{url}/api/threads/", timeout=60)
    assert r.status_code == 404 and r.json()["error"]


def _raw(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=10)


def _read_all(s: socket.socket) -> bytes:
    out = b""
    while chunk := s.recv(4096):
        out += chunk
    return out


def test_slow_headers_are_cut_off(url):
    """Catches a connection held open by headers sent a byte at a time (no header deadline)."""
    s = _raw(url)
    t0 = time.perf_counter()
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # the headers never end
    reply = _read_all(s)
    took = time.perf_counter() - t0
    assert reply.startswith(b"HTTP/1.1 408") and b"headers not received within 1 s" in reply
    assert took < 5


def _read_response(s: socket.socket) -> bytes:
    """One whole response (headers, then its Content-Length of body) of a kept-alive connection: one
    `recv` may return the headers alone (uvicorn writes the headers and the body separately)."""
    out = b""
    while b"\r\n\r\n" not in out:
        chunk = s.recv(4096)
        assert chunk, f"the connection closed mid-response: {out!r}"
        out += chunk
    head, _, body = out.partition(b"\r\n\r\n")
    length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")[1:]
                  if line.split(b":", 1)[0].strip().lower() == b"content-length")
    while len(body) < length:
        chunk = s.recv(4096)
        assert chunk, f"the connection closed mid-body: {out + body!r}"
        body += chunk
    assert len(body) == length, f"more than one response: {head + body!r}"
    return head + b"\r\n\r\n" + body


def test_slow_headers_on_a_kept_alive_connection_are_cut_off(url):
    """Catches the header deadline armed only when a connection opens: the second request's headers
    on a kept-alive connection get the same 1 s."""
    s = _raw(url)
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    first = _read_response(s)
    assert first.startswith(b"HTTP/1.1 200")
    t0 = time.perf_counter()
    s.sendall(b"GET /healthz HTTP/1.1\r\n")
    reply = _read_all(s)
    assert reply.startswith(b"HTTP/1.1 408") and b"headers not received within 1 s" in reply, reply
    assert time.perf_counter() - t0 < 5


def test_a_slow_body_is_408(url, home):
    """Catches a request whose body trickles in (or never comes) holding a worker for good."""
    before = _quotes(home)
    s = _raw(url)
    t0 = time.perf_counter()
    s.sendall(b"POST /api/desk/quote HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: 200\r\n\r\n{\"game_id\": ")
    reply = _read_all(s)
    assert reply.startswith(b"HTTP/1.1 408") and b"body not received within 1 s" in reply
    assert time.perf_counter() - t0 < 5 and _quotes(home) == before


def test_wrong_tokens_are_rate_limited_per_address(home):
    """Catches a token that can be guessed at full speed: after 5 failures a minute from one
    address, every request from it is 429 (a right token too) until the bucket refills."""
    with api_server(home, {"COURTSIDE_API_TOKEN": TOKEN_A, "COURTSIDE_API_ASSUME_PUBLIC": "1",
                           "COURTSIDE_API_AUTH_FAILS": "5"}) as u:
        with httpx.Client(base_url=u, timeout=60) as c:
            codes = [c.get("/api/threads", headers={"authorization": f"Bearer wrong-{i:020d}"}).status_code
                     for i in range(5)]
            assert codes == [401] * 5
            r = c.get("/api/threads", headers={"authorization": "Bearer wrong-again-000000000"})
            _one_line_error(r, 429, "failed token checks from this address")
            assert int(r.headers["Retry-After"]) >= 1
            assert c.get("/api/threads", headers={"authorization": f"Bearer {TOKEN_A}"}).status_code == 429
            assert c.get("/api/threads").status_code == 429  # no token at all is a failure too
            time.sleep(13)  # 5 a minute: one refilled every 12 s
            assert c.get("/api/threads", headers={"authorization": f"Bearer {TOKEN_A}"}).status_code == 200


@pytest.mark.parametrize(("env", "words"), [
    ({"COURTSIDE_API_RATE": "inf"}, "COURTSIDE_API_RATE"),
    ({"COURTSIDE_API_RATE": "nan"}, "COURTSIDE_API_RATE"),
    ({"COURTSIDE_API_RATE": "0"}, "COURTSIDE_API_RATE"),
    ({"COURTSIDE_API_BURST": "0"}, "COURTSIDE_API_BURST"),
    ({"COURTSIDE_API_MAX_BODY": "100000000000"}, "COURTSIDE_API_MAX_BODY"),
    ({"COURTSIDE_API_WORKERS": "100000"}, "COURTSIDE_API_WORKERS"),
    ({"COURTSIDE_API_HEADER_TIMEOUT": "inf"}, "COURTSIDE_API_HEADER_TIMEOUT"),
    ({"COURTSIDE_API_BODY_TIMEOUT": "0"}, "COURTSIDE_API_BODY_TIMEOUT"),
    ({"COURTSIDE_API_AUTH_FAILS": "-1"}, "COURTSIDE_API_AUTH_FAILS"),
    ({"COURTSIDE_API_PORT": "70000"}, "COURTSIDE_API_PORT"),
])
def test_settings_out_of_range_refuse_the_start(env, words):
    """Catches COURTSIDE_API_RATE=inf (the limit off) and any other setting out of its range."""
    with pytest.raises(UnsafeStart, match=words):
        from_env(env).check()


def test_rate_inf_exits_2_before_serving(courtside_home):
    out = subprocess.run([sys.executable, "-m", "api"], cwd=REPO, env=api_env(courtside_home, {"COURTSIDE_API_RATE": "inf"}),
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.startswith("error: COURTSIDE_API_RATE must be between")
