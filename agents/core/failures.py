"""What failed, in one line, and what to do about it: the text of every turn's `error`.

A turn fails when its model cannot be reached, the state store cannot be written, or a
decision loses to an earlier one; each gets a message naming the cause and the way out,
never a traceback. Input echoed back is clipped (`clip`), so a 10,000-character name does not
come back whole.
"""
from __future__ import annotations

import sqlite3

from services.models import ServiceError  # noqa: F401 - re-exported
from services.store import guard

from services.cli import ECHO_LIMIT, clip  # noqa: F401 - one clip for every error line (re-exported)

MODEL_FAILED = "the model failed"  # the prefix the supervisor's nodes put in `error`
# Exception class names (anywhere in the MRO) that mean "the model server is not answering":
# httpx transport errors and timeouts, the stdlib's, google-genai's server errors.
_UNREACHABLE = {"TransportError", "TimeoutException", "TimeoutError", "ConnectionError", "ServerError",
                "ServiceUnavailable", "DeadlineExceeded", "RetryError", "APIConnectionError"}


def model_unavailable(error: BaseException) -> bool:
    """True for a model server that is down, unreachable, hung (timeout) or failing (5xx, 429)."""
    names = {c.__name__ for c in type(error).__mro__}
    if names & _UNREACHABLE:
        return True
    code = getattr(error, "status_code", None)
    return "ResponseError" in names and code is not None and (code == 429 or code >= 500)


def model_failure_text(provider_label: str, detail: str, timeout_s: float) -> str:
    return (f"The model ({provider_label}) did not answer: {detail}. Each call waits at most {timeout_s:g} s "
            f"(COURTSIDE_MODEL_TIMEOUT_S). Check that it is running and reachable (Ollama: `ollama serve` at "
            f"COURTSIDE_OLLAMA_URL; Gemini: the network and GOOGLE_API_KEY), or use the offline planner "
            f"(--provider offline).")


def store_failure_text(error: BaseException, where: str) -> str:
    """A state-store failure: locked by another process, corrupt, or unreachable."""
    from services.store.guard import StoreDamaged

    msg = str(error).splitlines()[0] if str(error) else type(error).__name__
    if isinstance(error, StoreDamaged):
        return msg
    if disk_full(error):
        return (f"The disk holding the state store {where} is full ({clip(msg, 120)}); nothing was changed and "
                f"the store itself is intact. Free some space and try again.")
    if isinstance(error, sqlite3.OperationalError) and "locked" in msg:
        return (f"The state store {where} is locked by another process (a long write or a stuck program); "
                f"nothing was changed. Wait for it to finish, or stop it, and try again.")
    if isinstance(error, sqlite3.DatabaseError):
        return (f"The state store {where} is damaged ({clip(msg, 120)}); nothing was changed. Check it with "
                f"`python -m services store check`, then restore a backup with `python -m services store restore`.")
    return (f"The state store {where} failed ({type(error).__name__}: {clip(msg, 160)}); nothing was changed. "
            f"Check COURTSIDE_STATE_URL / COURTSIDE_HOME and try again.")


def disk_full(error: BaseException) -> bool:
    """SQLite's "database or disk is full" (SQLITE_FULL) or an OSError with ENOSPC."""
    import errno

    return (isinstance(error, OSError) and error.errno == errno.ENOSPC) or \
        (isinstance(error, sqlite3.Error) and "disk is full" in str(error))


def is_store_error(error: BaseException) -> bool:
    names = {c.__name__ for c in type(error).__mro__}
    if "StoreDamaged" in names:
        return True
    return isinstance(error, sqlite3.Error) or bool(names & {"OperationalError", "InterfaceError"} and
                                                     type(error).__module__.startswith("psycopg"))


def one_line_store_failure(e: BaseException) -> str:
    """A store failure of a CLI command, naming where the store is."""
    from services.config import courtside_home, get_settings

    where = "PostgreSQL (COURTSIDE_STATE_URL)" if (get_settings().state_url or "").startswith("postgres") \
        else f"under {courtside_home()}"
    return store_failure_text(e, where)


def turn_failure_text(e: BaseException) -> str:
    """A turn's failure in one line: a store error names the store and the recovery; anything
    else says the conversation is kept."""
    if is_store_error(e):
        from services.config import courtside_home, get_settings

        where = "PostgreSQL (COURTSIDE_STATE_URL)" if (get_settings().state_url or "").startswith("postgres") \
            else f"under {courtside_home()} (state.sqlite / checkpoints.sqlite)"
        return store_failure_text(e, where)
    return f"Something failed while answering ({type(e).__name__}: {clip(e)}). Try again; the conversation is kept."


store_errors = guard.store_errors  # what a store read or write raises, for `except` (one definition)


def cli_fail(message: str, code: int, as_json: bool) -> int:
    """A CLI command's failure before any turn ran: one line on stderr, and `{"error": ...}` for
    --json; returns the exit code."""
    import json
    import sys

    print(f"error: {message}", file=sys.stderr)
    if as_json:
        print(json.dumps({"error": message}, ensure_ascii=False))
    return code


def one_line_failure(e: BaseException) -> str:
    """Any failure of a command in one line (a store failure names where the store is)."""
    if is_store_error(e):
        from services.config import courtside_home

        return store_failure_text(e, f"under {courtside_home()}")
    return f"{type(e).__name__}: {clip(str(e).splitlines()[0] if str(e) else '')}"
