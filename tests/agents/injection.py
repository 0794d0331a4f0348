"""A news search that also returns a note about Jokic carrying an instruction (prompt-injection tests)."""
from __future__ import annotations

import datetime as dt

from services import news as news_mod
from services.models import NewsNote


def inject_news_note(monkeypatch, source, text: str) -> None:
    """From now on every news search returns, first, a Jan 28 'absence' note on Jokic saying `text`."""
    jokic = source.player_status("jokic").player
    real = news_mod.search_news

    def search(snap, player_id=None, topic=None, player_ids=None, limit=10):
        bad = NewsNote(date=dt.date(2025, 1, 28), player=jokic, topic="absence", text=text)
        return [bad, *real(snap, player_id=player_id, topic=topic, player_ids=player_ids, limit=limit)][:limit]

    monkeypatch.setattr(news_mod, "search_news", search)
