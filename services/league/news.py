"""News notes generated from box scores (the data has no news text), and a search over them.

Every note says it was generated from box scores. Notes only use games before the as-of date.
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left, bisect_right
from functools import lru_cache

from services.league.lookup import fold
from services.models import NewsNote, PlayerRef
from services.league.snapshot import Snapshot, averages

WINDOW_DAYS = 14
TOPIC_WORDS: dict[str, set[str]] = {
    "absence": {"injury", "injuries", "injured", "out", "absence", "absences", "missed", "missing", "sidelined", "health", "dtd"},
    "return": {"return", "returns", "returned", "back", "comeback"},
    "big_game": {"big", "hot", "breakout", "explosion", "career", "monster", "triple", "double", "huge", "best"},
    "minutes_up": {"minutes", "role", "usage", "rotation", "starter", "starting", "playing time", "opportunity"},
    "minutes_down": {"minutes", "role", "rotation", "benched", "reduced", "playing time"},
    "slump": {"slump", "cold", "struggling", "struggles", "bad", "down"},
}


def return_notes(ref: PlayerRef, games: list[dict], team_dates: list[dt.date], since: dt.date) -> list[NewsNote]:
    """A note for each game from `since` on that followed 3+ missed games of `team_dates` (sorted)
    since his previous game for the same team."""
    notes, first = [], len(games)
    while first > 0 and games[first - 1]["game_date"] >= since:  # games are oldest first
        first -= 1
    for prev, g in zip(games[max(first, 1) - 1:], games[max(first, 1):]):
        if g["team"] != prev["team"]:
            continue
        missed = bisect_left(team_dates, g["game_date"]) - bisect_right(team_dates, prev["game_date"])
        if missed >= 3:
            notes.append(NewsNote(date=g["game_date"], player=ref, topic="return",
                                  text=f"{ref.name} returned on {g['game_date']:%b %-d} after missing {missed} games: "
                                       f"{g['pts']} pts, {g['reb']} reb, {g['ast']} ast in {g['min']:.0f} min."))
    return notes


def minutes_notes(ref: PlayerRef, games: list[dict], last5: dict[str, float], season: dict[str, float],
                  since: dt.date) -> list[NewsNote]:
    """Minutes up or down 6+ over the last 5 games (`last5`, `season`: `averages` of them), if he
    played since `since`. Needs 10+ games."""
    delta = last5["min"] - season["min"]
    if len(games) < 10 or abs(delta) < 6 or games[-1]["game_date"] < since:
        return []
    topic = "minutes_up" if delta > 0 else "minutes_down"
    return [NewsNote(date=games[-1]["game_date"], player=ref, topic=topic,
                     text=f"{ref.name} is averaging {last5['min']:.1f} minutes over his last 5 games, "
                          f"{'up' if delta > 0 else 'down'} from {season['min']:.1f} on the season.")]


def _notes_for(snap: Snapshot, pid: str) -> list[NewsNote]:
    ps = snap.players[pid]
    if not ps.games:
        return []
    ref, games, since = ps.ref, ps.games, snap.as_of - dt.timedelta(days=WINDOW_DAYS)
    notes: list[NewsNote] = []
    if ps.status != "ACTIVE" and ps.last_played and ps.last_played >= snap.as_of - dt.timedelta(days=60):
        notes.append(NewsNote(date=snap.as_of - dt.timedelta(days=1), player=ref, topic="absence",
                              text=f"{ref.name} has {ps.evidence}; inferred status {ps.status}."))
    notes += return_notes(ref, games, snap.team_dates_all.get(ref.team or "", []), since)
    for g in games:
        if g["game_date"] < since:
            continue
        triple = sum(g[k] >= 10 for k in ("pts", "reb", "ast", "stl", "blk")) >= 3
        if g["pts"] >= 35 or g["fpts"] >= 55 or triple:
            what = "a triple-double" if triple else f"{g['pts']} points"
            notes.append(NewsNote(date=g["game_date"], player=ref, topic="big_game",
                                  text=f"{ref.name} had {what} vs {g['opp']} on {g['game_date']:%b %-d}: {g['pts']} pts, "
                                       f"{g['reb']} reb, {g['ast']} ast, {g['stl']} stl, {g['blk']} blk ({g['fpts']:.0f} fantasy pts)."))
    if len(games) >= 10:
        last5, season = averages(games[-5:]), averages(games)
        notes += minutes_notes(ref, games, last5, season, since)
        if season["fpts"] >= 20 and last5["fpts"] <= 0.7 * season["fpts"] and games[-1]["game_date"] >= since:
            notes.append(NewsNote(date=games[-1]["game_date"], player=ref, topic="slump",
                                  text=f"{ref.name} has {last5['fpts']:.1f} fantasy pts per game over his last 5, "
                                       f"below his season average of {season['fpts']:.1f}."))
    return notes


@lru_cache(maxsize=32)
def _all_notes(as_of: dt.date, db_key: str) -> tuple[NewsNote, ...]:
    from services.league.snapshot import snapshot

    snap = snapshot(as_of)
    notes = [n for pid in snap.players for n in _notes_for(snap, pid)]
    notes.sort(key=lambda n: (n.date, n.player.player_id, n.topic), reverse=True)
    return tuple(notes)


def all_notes(snap: Snapshot) -> tuple[NewsNote, ...]:
    from services.league.snapshot_cache import content_key

    return _all_notes(snap.as_of, content_key())


def search_news(snap: Snapshot, player_id: str | None = None, topic: str | None = None,
                player_ids: set[str] | None = None, limit: int = 10) -> list[NewsNote]:
    """Notes for a player and/or about a topic (words like 'injuries', 'minutes', 'hot')."""
    notes = all_notes(snap)
    if player_id:
        notes = tuple(n for n in notes if n.player.player_id == player_id)
    if player_ids is not None:
        notes = tuple(n for n in notes if n.player.player_id in player_ids)
    if topic:
        words = set(fold(topic).split())
        topics = {t for t, vocab in TOPIC_WORDS.items() if words & vocab or fold(topic) in vocab or t in words}
        notes = tuple(n for n in notes if n.topic in topics or words <= set(fold(n.text).split()))
    return list(notes[: max(1, int(limit))])
