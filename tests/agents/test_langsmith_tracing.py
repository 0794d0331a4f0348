"""LangSmith tracing works when its environment variables are set (a fake endpoint on loopback).

Runs in a subprocess: LangSmith caches its environment, so tracing must not leak into other tests.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import json, os, sys, threading
    from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
    bodies = []

    class Sink(BaseHTTPRequestHandler):
        def log_message(self, *a): pass
        def _ok(self):
            self.send_response(200); self.send_header("Content-Type", "application/json")
            self.end_headers(); self.wfile.write(b"{}")
        def do_POST(self):
            n = int(self.headers.get("Content-Length") or 0)
            bodies.append((self.path, self.rfile.read(n))); self._ok()
        do_PATCH = do_POST
        def do_GET(self): self._ok()

    srv = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    os.environ.update(LANGSMITH_TRACING="true", LANGSMITH_ENDPOINT=f"http://127.0.0.1:{srv.server_port}",
                      LANGSMITH_API_KEY="ls-fake-key")
    from langchain_core.tracers.langchain import wait_for_all_tracers
    from agents.core.runtime import Assistant
    result = Assistant().ask("How has Tyrese Haliburton played lately?")
    wait_for_all_tracers()
    raw = b"".join(b for _, b in bodies)
    print(json.dumps({"paths": sorted({p for p, _ in bodies}), "thread": result["thread_id"],
                      "has_run_name": b"courtside_turn" in raw, "has_thread": result["thread_id"].encode() in raw,
                      "has_tool": b"get_player_game_log" in raw, "intent": result["intent"]}))
    srv.shutdown()
""")


def test_turns_are_traced_with_their_name_thread_and_tools(tmp_path, courtside_home):
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANGSMITH", "LANGCHAIN"))}
    env["COURTSIDE_HOME"] = str(tmp_path)
    proc = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=180, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["intent"] == "player_research"
    assert any(p.startswith("/runs") for p in out["paths"])
    assert out["has_run_name"] and out["has_thread"] and out["has_tool"]
