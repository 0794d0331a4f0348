"""The news wire as it was built before the one-pass book: one full `snapshot(day)` per game date,
`team_report`, and every note of `services.league.news` (the snapshot may be of an earlier information
date than the game's, as the one-pass wire allows; the default is the game's date). Frozen here as the oracle the one-pass wire must
equal, byte for byte (tests/services/signals/test_wire_one_pass.py)."""
from __future__ import annotations

import datetime as dt

from services.league.news import all_notes
from services.league.players import player_status
from services.signals.teams import TOP_N, TeamReport, team_report
from services.signals.wire import FORM_CHANGE, FORM_MIN_FPTS, RECENT_DAYS, NewsItem, _item_id, game_end
from services.league.snapshot import Snapshot, snapshot


def _last_team_date(snap: Snapshot, team: str, day: dt.date) -> dt.date:
    dates = [d for d in snap.team_dates_all.get(team, []) if d < day]
    return dates[-1] if dates else day - dt.timedelta(days=1)


def _absences(snap: Snapshot, rep: TeamReport, day: dt.date) -> list[NewsItem]:
    out = []
    for p in rep.regulars[: TOP_N + 4]:
        if p.status == "ACTIVE":
            continue
        st = player_status(snap, p.ref.player_id)
        missed_on = _last_team_date(snap, rep.team, snap.as_of)
        out.append(NewsItem(
            id=_item_id(day, rep.team, "absence", p.ref.player_id), known_at=game_end(missed_on), team=rep.team,
            player=p.ref.name, player_id=p.ref.player_id, topic="absence", value=round(p.expected_fpts, 1),
            status=st.status, games_missed=st.missed_in_row,
            text=f"{p.ref.name} ({rep.team}, {p.expected_fpts:.1f} fantasy pts per game) has {st.evidence}; "
                 f"inferred status {st.status}."))
    return out


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
    return [NewsItem(id=_item_id(day, rep.team, "rest"), known_at=game_end(_last_team_date(snap, rep.team, snap.as_of)),
                     team=rep.team, topic="rest",
                     text=f"{rep.team} plays {what}: {rep.games_last_4_nights} game"
                          f"{'s' if rep.games_last_4_nights != 1 else ''} in the 4 nights before {day:%b %-d} "
                          "(published schedule).")]


def _notes(snap: Snapshot, rep: TeamReport, day: dt.date) -> list[NewsItem]:
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


def old_team_items(day: dt.date, team: str, as_of: dt.date | None = None) -> list[NewsItem]:
    """Items about `team`'s game on `day` from `snapshot(as_of)` (default: the game's date)."""
    snap = snapshot(as_of or day)
    rep = team_report(snap, team, day)
    return _absences(snap, rep, day) + _notes(snap, rep, day) + _form(rep, day) + _rest(snap, rep, day)
