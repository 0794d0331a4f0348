"""The news wire: timestamped items known before a game's tip, generated from box scores.

The data holds no news text, so every item is generated from the box scores of games before the
game's date and labelled so. Topics: `absence` (inferred status, games missed, the player's value),
`return` and `minutes` (the notes of `services.news`), `form` (last 5 vs season) and `rest`
(back-to-backs, games in the last 4 nights, from the published schedule). Each item has an id,
`known_at` (the nominal end of the last game it rests on), the team and the player.

Cutoff: items come from `snapshot(game date)`, which reads box scores strictly before that date,
so nothing from tip on can change them.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from services.lookup import fold
from services.news import all_notes
from services.players import player_status
from services.season_games import NOMINAL_TIP_UTC, get_game
from services.signals.teams import TOP_N, TeamReport, team_report
from services.snapshot import Snapshot, snapshot

LABEL = "generated from box scores before the game (the data holds no news text)"
GAME_LENGTH = dt.timedelta(hours=3)
RECENT_DAYS = 7  # returns and minutes notes older than this are not news any more
FORM_MIN_FPTS = 15.0
FORM_CHANGE = 0.25  # last 5 at least 25% above or below the season average
TOPICS: dict[str, set[str]] = {
    "absence": {"absence", "absences", "injury", "injuries", "injured", "out", "missing", "missed", "sidelined", "status"},
    "return": {"return", "returns", "returned", "back", "comeback"},
    "form": {"form", "hot", "cold", "slump", "streak", "trend"},
    "rest": {"rest", "rested", "tired", "fatigue", "schedule", "b2b", "back to back", "road"},
    "minutes": {"minutes", "role", "rotation", "usage", "playing"},
}


class NewsItem(BaseModel):
    """One wire item; `text` states the facts it was generated from."""
    model_config = ConfigDict(frozen=True)

    id: str
    known_at: dt.datetime
    team: str
    player: str | None = None
    player_id: str | None = None
    topic: str  # absence | return | form | rest | minutes
    text: str
    value: float | None = None  # the player's per-game value (expected fantasy points)
    status: str | None = None  # inferred status (absences)
    games_missed: int | None = None
    label: str = LABEL


def game_end(day: dt.date) -> dt.datetime:
    """Nominal end of the games of `day` (nominal tip + 3 h, UTC)."""
    return dt.datetime.combine(day + dt.timedelta(days=1), NOMINAL_TIP_UTC) + GAME_LENGTH


def _item_id(day: dt.date, team: str, topic: str, player_id: str | None = None) -> str:
    return f"{day:%Y%m%d}-{team}-{topic}" + (f"-{player_id}" if player_id else "")


def _absences(snap: Snapshot, rep: TeamReport, day: dt.date) -> list[NewsItem]:
    out = []
    for p in rep.regulars[: TOP_N + 4]:
        if p.status == "ACTIVE":
            continue
        st = player_status(snap, p.ref.player_id)
        missed_on = _last_team_date(snap, rep.team, day)
        out.append(NewsItem(
            id=_item_id(day, rep.team, "absence", p.ref.player_id), known_at=game_end(missed_on), team=rep.team,
            player=p.ref.name, player_id=p.ref.player_id, topic="absence", value=round(p.expected_fpts, 1),
            status=st.status, games_missed=st.missed_in_row,
            text=f"{p.ref.name} ({rep.team}, {p.expected_fpts:.1f} fantasy pts per game) has {st.evidence}; "
                 f"inferred status {st.status}."))
    return out


def _last_team_date(snap: Snapshot, team: str, day: dt.date) -> dt.date:
    dates = [d for d in snap.team_dates_all.get(team, []) if d < day]
    return dates[-1] if dates else day - dt.timedelta(days=1)


def _form(rep: TeamReport, day: dt.date) -> list[NewsItem]:
    out = []
    for p in rep.regulars[:TOP_N]:
        season, last5 = p.season_avg.get("fpts", 0.0), p.recent_avg.get("fpts", 0.0)
        if p.status == "OUT" or len(p.games) < 10 or season < FORM_MIN_FPTS:
            continue
        change = (last5 - season) / season
        if abs(change) < FORM_CHANGE:
            continue
        word = "up" if change > 0 else "down"
        out.append(NewsItem(
            id=_item_id(day, rep.team, "form", p.ref.player_id), known_at=game_end(p.games[-1]["game_date"]),
            team=rep.team, player=p.ref.name, player_id=p.ref.player_id, topic="form", value=round(p.expected_fpts, 1),
            text=f"{p.ref.name} ({rep.team}) averages {last5:.1f} fantasy pts over his last 5 games, {word} "
                 f"{abs(change):.0%} from {season:.1f} on the season."))
    return out


def _rest(snap: Snapshot, rep: TeamReport, day: dt.date) -> list[NewsItem]:
    if not rep.back_to_back and rep.games_last_4_nights < 3:
        return []
    what = "on the second night of a back-to-back" if rep.back_to_back else "without a night off to speak of"
    return [NewsItem(id=_item_id(day, rep.team, "rest"), known_at=game_end(_last_team_date(snap, rep.team, day)),
                     team=rep.team, topic="rest",
                     text=f"{rep.team} plays {what}: {rep.games_last_4_nights} game"
                          f"{'s' if rep.games_last_4_nights != 1 else ''} in the 4 nights before {day:%b %-d} "
                          "(published schedule).")]


def _notes(snap: Snapshot, rep: TeamReport, day: dt.date) -> list[NewsItem]:
    """Returns and minutes trends: the notes `services.news` generates, for this team's players."""
    out, seen = [], set()
    ids = {p.ref.player_id for p in rep.regulars}
    for n in all_notes(snap):
        topic = "minutes" if n.topic.startswith("minutes") else n.topic
        if topic not in ("return", "minutes") or n.player.player_id not in ids or n.date < day - dt.timedelta(days=RECENT_DAYS):
            continue
        key = _item_id(day, rep.team, topic, n.player.player_id)
        if key in seen:
            continue
        seen.add(key)
        ps = snap.players[n.player.player_id]
        out.append(NewsItem(id=key, known_at=game_end(n.date), team=rep.team, player=n.player.name,
                            player_id=n.player.player_id, topic=topic, text=n.text, value=round(ps.expected_fpts, 1)))
    return out


@lru_cache(maxsize=256)
def _team_items(day: dt.date, team: str, db_key: str) -> tuple[NewsItem, ...]:
    snap = snapshot(day)
    rep = team_report(snap, team, day)
    items = _absences(snap, rep, day) + _notes(snap, rep, day) + _form(rep, day) + _rest(snap, rep, day)
    return tuple(items)


def team_items(day: dt.date, team: str) -> list[NewsItem]:
    """Wire items about `team` known before its game on `day`."""
    from services.build import db_path

    return list(_team_items(day, team, str(db_path())))


def game_wire(game_id: str, at: dt.datetime | None = None) -> list[NewsItem]:
    """Items about either team of the game known at `at` (default: tip; never later than tip)."""
    g = get_game(game_id)
    cutoff = min(at or g.tip, g.tip)
    items = team_items(g.date, g.home) + team_items(g.date, g.away)
    return sorted((i for i in items if i.known_at <= cutoff), key=lambda i: (i.team != g.home, i.topic, i.id))


def search(items: list[NewsItem], team: str | None = None, player: str | None = None,
           topic: str | None = None) -> list[NewsItem]:
    """Filter by team code, player (any word of the name), and topic (a topic name or a word like 'injuries')."""
    out = list(items)
    if team:
        out = [i for i in out if i.team == team.upper()]
    if player:
        words = fold(player).split()
        out = [i for i in out if i.player and all(w in fold(i.player).split() for w in words)]
    if topic:
        phrase = " ".join(fold(topic).replace("-", " ").split())
        topics = {t for t, vocab in TOPICS.items() if phrase == t or phrase in vocab}
        if not topics:  # no exact phrase: any word of the query
            words = set(phrase.split())
            topics = {t for t, vocab in TOPICS.items() if t in words or words & vocab}
        out = [i for i in out if i.topic in topics]
    return out
