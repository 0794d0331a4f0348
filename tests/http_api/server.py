"""Starts `python -m api` (uvicorn) on a free loopback port in a subprocess: the helper of the API
tests and of bench/api.py. No COURTSIDE_* setting or key of this environment leaks in."""
from __future__ import annotations

import os
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import httpx

from tests.app.server import free_port, start_server

TOKEN_A = "token-alice-0123456789abcdef"
TOKEN_B = "token-bob-0123456789abcdef00"


def serving_home(courtside_home: Path, home: Path) -> Path:
    """`home` made ready for a server: the run's DuckDB file copied in, the run's intent model and
    snapshots shared (the server neither trains nor rebuilds)."""
    import shutil

    from tests.conftest import share_nlu_model

    shutil.copy2(courtside_home / "courtside.duckdb", home / "courtside.duckdb")
    share_nlu_model(home)
    return home


def public_env(tokens: tuple[str, ...] = (TOKEN_A, TOKEN_B), **extra: str) -> dict:
    """A server that takes requests beyond loopback (tokens required), rate limits out of the way
    unless `extra` sets them."""
    return {"COURTSIDE_API_ASSUME_PUBLIC": "1", "COURTSIDE_API_TOKEN": ",".join(tokens),
            "COURTSIDE_API_RATE": "1000", "COURTSIDE_API_BURST": "1000"} | extra


def api_env(home: Path, extra: dict | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    env.update(extra or {})
    return env


@contextmanager
def api_server(home: Path, extra: dict | None = None, log: Path | None = None,
               timeout: float = 60.0, fork: bool | None = None) -> Iterator[str]:
    """Yields the base URL of an API process under `home`, healthy; always stopped. Inside a test
    it is forked from the worker's CLI zygote, as tests/app/server.py's app server is; bench/api.py
    (no pytest) starts a plain process."""
    port = free_port()
    env = api_env(home, {"COURTSIDE_API_PORT": str(port)} | (extra or {}))
    proc, out = start_server(["-m", "api"], env, log, fork)
    url = f"http://127.0.0.1:{port}"
    try:
        t0 = time.perf_counter()
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"the API exited with {proc.returncode}")
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.perf_counter() - t0 > timeout:
                raise TimeoutError("the API did not become healthy")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if out is not None:
            out.close()


def sse_events(response: httpx.Response) -> list[tuple[str, dict]]:
    """(event name, JSON data) of every server-sent event of a streamed response, in order."""
    import json

    out, name, data = [], None, []
    for line in response.iter_lines():
        if line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())
        elif line == "" and data:
            out.append((name, json.loads("\n".join(data))))
            name, data = None, []
    return out
