"""ChatOllama with the retry policy every remote model gets: back off on rate limits and server errors.

ChatOllama itself has a timeout but no retries. Timeouts are not retried (the turn's wall-clock
budget matters more than one slow answer); HTTP 429 and 5xx are, with exponential backoff.
"""
from __future__ import annotations

import time
from typing import Any

from langchain_ollama import ChatOllama
from ollama import ResponseError


def is_transient(error: Exception) -> bool:
    code = getattr(error, "status_code", None)
    return isinstance(error, ResponseError) and code is not None and (code == 429 or code >= 500)


class RetryingChatOllama(ChatOllama):
    """ChatOllama that retries transient failures `max_retries` times with exponential backoff."""

    max_retries: int = 2
    retry_backoff_s: float = 0.5

    def _generate(self, *args: Any, **kwargs: Any):
        for attempt in range(self.max_retries + 1):
            try:
                return super()._generate(*args, **kwargs)
            except ResponseError as e:
                if not is_transient(e) or attempt == self.max_retries:
                    raise
                time.sleep(self.retry_backoff_s * (2 ** attempt))
        raise AssertionError("unreachable")
