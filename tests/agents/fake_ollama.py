"""A loopback stand-in for `ollama serve`: just enough HTTP for the `ollama` client and ChatOllama.

`FakeOllama` answers on 127.0.0.1 (a free port) in a daemon thread:

- `POST /api/chat`: a request with a `format` (ChatOllama's structured output, method
  `json_schema`) gets the classifier label as JSON text; any other request takes the next
  recorded reply from the script. Replies stream as NDJSON chunks when the request asks for
  `stream`, as one JSON object otherwise, shaped like Ollama 0.5's (`model`, `created_at`,
  `message`, `done`, `done_reason`, token counts and durations on the last chunk).
- `GET /api/tags`, `POST /api/show`: the one model, for `validate_model_on_init`.

`mode="error"` answers every chat with HTTP 500 and Ollama's `{"error": ...}` body;
`mode="hang"` holds chats open without a byte until `close()` (or `hang_cap_s`), so a client
timeout is the only way out. Every parsed chat request is kept in `requests`.
"""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CREATED_AT = "2025-01-29T18:00:00.000000Z"
FINAL_STATS = {"total_duration": 1_845_000_000, "load_duration": 12_000_000, "prompt_eval_count": 612,
               "prompt_eval_duration": 410_000_000, "eval_count": 38, "eval_duration": 1_400_000_000}


def tool_calls_reply(*calls: tuple[str, dict]) -> list[dict]:
    """A recorded turn where the model asks for tools: one chunk with the calls, then `done`."""
    calls_json = [{"function": {"name": name, "arguments": args}} for name, args in calls]
    return [{"message": {"role": "assistant", "content": "", "tool_calls": calls_json}, "done": False},
            {"message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop", **FINAL_STATS}]


def text_reply(text: str, pieces: int = 3) -> list[dict]:
    """A recorded text turn, streamed in a few pieces as Ollama does token by token."""
    step = max(1, -(-len(text) // pieces))
    chunks = [{"message": {"role": "assistant", "content": text[i:i + step]}, "done": False}
              for i in range(0, len(text), step)]
    return [*chunks, {"message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop",
                      **FINAL_STATS}]


class FakeOllama:
    """The server, its script and what it saw. Use as a context manager or call `close()`."""

    def __init__(self, replies=(), intent: str = "general_advice", model: str = "qwen2.5:7b",
                 mode: str = "ok", hang_cap_s: float = 30.0, fail_first: int = 0):
        self.replies, self.intent, self.model, self.mode = list(replies), intent, model, mode
        self.fail_first = fail_first  # answer the first N chats with HTTP 503, then behave
        self.hang_cap_s = hang_cap_s
        self.requests: list[dict] = []  # parsed /api/chat bodies, in arrival order
        self.paths: list[str] = []  # "METHOD /path" of every request
        self._release = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="fake-ollama", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def chat_requests(self) -> list[dict]:
        """The chat requests that were not the classifier's (no `format`)."""
        return [r for r in self.requests if not r.get("format")]

    def close(self) -> None:
        self._release.set()  # frees any handler held by mode="hang"
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> "FakeOllama":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _chunks_for(self, body: dict) -> list[dict]:
        if body.get("format"):
            return text_reply(json.dumps({"intent": self.intent}), pieces=2)
        if not self.replies:
            raise AssertionError(f"the fake Ollama script ran out after {len(self.chat_requests) - 1} chat replies")
        return self.replies.pop(0)

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # keep pytest output clean
                pass

            def _json(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _body(self) -> dict:
                length = int(self.headers.get("Content-Length") or 0)
                return json.loads(self.rfile.read(length) or b"{}")

            def do_GET(self) -> None:
                fake.paths.append(f"GET {self.path}")
                if self.path == "/api/tags":
                    self._json(200, {"models": [{"name": fake.model, "model": fake.model}]})
                else:
                    self._json(404, {"error": "not found"})

            def do_POST(self) -> None:
                fake.paths.append(f"POST {self.path}")
                body = self._body()
                if self.path == "/api/show":
                    self._json(200, {"modelfile": "", "details": {"family": "qwen2", "parameter_size": "7.6B"},
                                     "capabilities": ["completion", "tools"]})
                    return
                if self.path != "/api/chat":
                    self._json(404, {"error": f"unexpected path {self.path}"})
                    return
                fake.requests.append(body)
                if len(fake.requests) <= fake.fail_first:
                    self._json(503, {"error": "server busy"})
                    return
                if fake.mode == "error":
                    self._json(500, {"error": "llama runner process has terminated: signal: killed"})
                    return
                if fake.mode == "hang":
                    fake._release.wait(fake.hang_cap_s)
                    self.close_connection = True  # then drop it, so a client without a timeout errors too
                    return
                try:
                    chunks = fake._chunks_for(body)
                except AssertionError as e:
                    self._json(500, {"error": str(e)})
                    return
                stamped = [{"model": fake.model, "created_at": CREATED_AT, **c} for c in chunks]
                if not body.get("stream", False):
                    final = dict(stamped[-1])
                    final["message"] = {**stamped[0]["message"],
                                        "content": "".join(c["message"]["content"] for c in stamped)}
                    self._json(200, final)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/x-ndjson")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for c in stamped:
                    line = (json.dumps(c) + "\n").encode()
                    self.wfile.write(f"{len(line):x}\r\n".encode() + line + b"\r\n")
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")

        return Handler
