"""The news wire: timestamped items known before a game's tip, generated from box scores.

The data holds no news text, so every item is generated from the box scores of games before the
game's date and labelled so. Topics: `absence` (inferred status, games missed, the player's value),
`return` and `minutes` (the notes of `services.league.news`), `form` (last 5 vs season) and `rest`
(back-to-backs, games in the last 4 nights, from the published schedule). Each item has an id,
`known_at` (the nominal end of the last game it rests on), the team and the player.

Cutoff: items come from the team's view (`services.signals.wire_book`: the same facts as
`snapshot(as_of)`) built from the box scores known at the moment asked about: at tip, every game
before the game's date; at an earlier moment (a Case days before the game) only the games that had
ended by then. Nothing from that moment on can change them, not even which items exist. The views
of every date come from one read of the box scores.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from services.league.lookup import fold
from services.league.season_games import NOMINAL_TIP_UTC, get_game
from services.signals.teams import TOP_N
from services.signals.wire_book import TeamView, WireBook

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


def _absences(view: TeamView) -> list[NewsItem]:
    out = []
    for p in view.regulars[: TOP_N + 4]:
        if p.status == "ACTIVE":
            continue
        out.append(NewsItem(
            id=_item_id(view.day, view.team, "absence", p.ref.player_id), known_at=game_end(view.last_game),
            team=view.team, player=p.ref.name, player_id=p.ref.player_id, topic="absence",
            value=round(p.expected_fpts, 1), status=p.status, games_missed=p.missed_in_row,
            text=f"{p.ref.name} ({view.team}, {p.expected_fpts:.1f} fantasy pts per game) has {p.evidence}; "
                 f"inferred status {p.status}."))
    return out


def _form(view: TeamView) -> list[NewsItem]:
    out = []
    for p in view.regulars[:TOP_N]:
        season, last5 = p.season_avg.get("fpts", 0.0), p.recent_avg.get("fpts", 0.0)
        if p.status == "OUT" or len(p.games) < 10 or season < FORM_MIN_FPTS:
            continue
        change = (last5 - season) / season
        if abs(change) < FORM_CHANGE:
            continue
        word = "up" if change > 0 else "down"
        out.append(NewsItem(
            id=_item_id(view.day, view.team, "form", p.ref.player_id), known_at=game_end(p.games[-1]["game_date"]),
            team=view.team, player=p.ref.name, player_id=p.ref.player_id, topic="form",
            value=round(p.expected_fpts, 1),
            text=f"{p.ref.name} ({view.team}) averages {last5:.1f} fantasy pts over his last 5 games, {word} "
                 f"{abs(change):.0%} from {season:.1f} on the season."))
    return out


def _rest(view: TeamView) -> list[NewsItem]:
    if not view.back_to_back and view.games_last_4_nights < 3:
        return []
    what = "on the second night of a back-to-back" if view.back_to_back else "without a night off to speak of"
    n = view.games_last_4_nights
    return [NewsItem(id=_item_id(view.day, view.team, "rest"), known_at=game_end(view.last_game), team=view.team,
                     topic="rest",
                     text=f"{view.team} plays {what}: {n} game{'s' if n != 1 else ''} in the 4 nights before "
                          f"{view.day:%b %-d} (published schedule).")]


def _notes(view: TeamView) -> list[NewsItem]:
    """Returns and minutes trends: the notes `services.league.news` generates, for this team's regulars."""
    out, seen = [], set()
    value = {p.ref.player_id: p.expected_fpts for p in view.regulars}
    for n in view.notes:
        topic = "minutes" if n.topic.startswith("minutes") else n.topic
        if topic not in ("return", "minutes") or n.date < view.day - dt.timedelta(days=RECENT_DAYS):
            continue
        key = _item_id(view.day, view.team, topic, n.player.player_id)
        if key in seen:
            continue
        seen.add(key)
        out.append(NewsItem(id=key, known_at=game_end(n.date), team=view.team, player=n.player.name,
                            player_id=n.player.player_id, topic=topic, text=n.text,
                            value=round(value[n.player.player_id], 1)))
    return out


def items_of(view: TeamView) -> list[NewsItem]:
    """The wire items of one team view: absences, returns and minutes, form, rest."""
    return _absences(view) + _notes(view) + _form(view) + _rest(view)


def db_key() -> str:
    """What the database holds (`snapshot_cache.content_key`: its fingerprint recorded at build,
    which the file is verified against on open): two copies of one database (each test's home, a
    restored backup) share one book; another database gets its own."""
    from services.league.snapshot_cache import content_key

    return content_key()


@lru_cache(maxsize=2)
def _book(key: str) -> WireBook:
    return WireBook()


@lru_cache(maxsize=8192)  # a season has ~2,500 (date, team) games, each seen from one or two dates
def _team_items(day: dt.date, team: str, as_of: dt.date, key: str) -> tuple[NewsItem, ...]:
    return tuple(items_of(_book(key).team_view(team, day, as_of)))


def clear_cache() -> None:
    _team_items.cache_clear()
    _book.cache_clear()


def team_items(day: dt.date, team: str, as_of: dt.date | None = None) -> list[NewsItem]:
    """Wire items about `team`'s game on `day` from the box scores before `as_of` (default and at
    most `day`: everything before the game)."""
    return list(_team_items(day, team, min(as_of or day, day), db_key()))


def information_date(at: dt.datetime) -> dt.date:
    """The first date whose box scores are not all known at `at` (a day's are known at `game_end`)."""
    day = at.astimezone(dt.timezone.utc).date() + dt.timedelta(days=1)
    while game_end(day - dt.timedelta(days=1)) > at:
        day -= dt.timedelta(days=1)
    return day


def game_wire(game_id: str, at: dt.datetime | None = None) -> list[NewsItem]:
    """Items about either team of the game known at `at` (default: tip; never later than tip):
    built from the box scores known at `at`, so a game days away is seen from the morning of `at`,
    not from the box scores of the days in between (which would decide which items exist)."""
    g = get_game(game_id)
    cutoff = min(at or g.tip, g.tip)
    as_of = min(g.date, information_date(cutoff))
    items = team_items(g.date, g.home, as_of) + team_items(g.date, g.away, as_of)
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
