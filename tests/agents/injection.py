"""A news search that also returns a note about one of my players carrying an instruction (prompt-injection tests).

STAR is my team's best player in the demo league on Jan 29 (the tests check he is on my roster)."""
from __future__ import annotations

import datetime as dt

from services.league import news as news_mod
from services.models import NewsNote


STAR, STAR_ID = "LeBron James", "jamesle01"


def inject_news_note(monkeypatch, source, text: str, who: str = STAR) -> None:
    """From now on every news search returns, first, a Jan 28 'absence' note on `who` saying `text`."""
    jokic = source.player_status(who).player
    real = news_mod.search_news

    def search(snap, player_id=None, topic=None, player_ids=None, limit=10):
        bad = NewsNote(date=dt.date(2025, 1, 28), player=jokic, topic="absence", text=text)
        return [bad, *real(snap, player_id=player_id, topic=topic, player_ids=player_ids, limit=limit)][:limit]

    monkeypatch.setattr(news_mod, "search_news", search)
