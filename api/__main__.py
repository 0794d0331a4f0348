"""`python -m api`: serves the HTTP API with uvicorn on COURTSIDE_API_HOST:COURTSIDE_API_PORT
(127.0.0.1:8600), with a deadline for each request's headers (`api.timeouts`). Refuses to start beyond loopback without COURTSIDE_API_TOKEN (exit 2, one line)."""
from __future__ import annotations

import sys


def main() -> int:
    from agents import door
    from api.settings import UnsafeStart, from_env

    try:
        settings = from_env()
        settings.check()
    except UnsafeStart as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    problem = door.check_environment()  # every setting, the home, the stores: one line, exit 2
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    import uvicorn

    from api.app import create_app
    from api.timeouts import header_deadline_protocol

    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level="warning",
                timeout_graceful_shutdown=5, http=header_deadline_protocol(settings.header_timeout))
    return 0


if __name__ == "__main__":
    sys.exit(main())
