"""services.league.news: notes generated from box scores, searchable by player and topic, never
using a game on or after the as-of date."""
from __future__ import annotations

import datetime as dt

import pytest

from services.league.news import all_notes, search_news
from services.league.snapshot import snapshot

AS_OFS = [dt.date(2024, 12, 1), dt.date(2025, 1, 29), dt.date(2025, 2, 8)]


def _big_games(csv_facts, as_of) -> set[tuple[str, dt.date]]:
    since = as_of - dt.timedelta(days=14)
    out = set()
    for pid in csv_facts.by_player:
        for r in csv_facts.player_games(pid, before=as_of):
            triple = sum(r[k] >= 10 for k in ("pts", "reb", "ast", "stl", "blk")) >= 3
            if r["game_date"] >= since and (r["pts"] >= 35 or r["fpts"] >= 55 or triple):
                out.add((pid, r["game_date"]))
    return out


def _absent(csv_facts, as_of) -> set[str]:
    out = set()
    for pid in csv_facts.by_player:
        rows = csv_facts.player_games(pid, before=as_of)
        if rows and csv_facts.missed_in_row(pid, as_of) > 0 and rows[-1]["game_date"] >= as_of - dt.timedelta(days=60):
            out.add(pid)
    return out


@pytest.mark.parametrize("as_of", AS_OFS)
def test_notes_are_labelled_and_before_the_as_of_date(as_of):
    notes = all_notes(snapshot(as_of))
    assert notes
    assert all(n.source == "generated from box scores (the data holds no news text)" for n in notes)
    assert all(n.date < as_of for n in notes)
    assert [n.date for n in notes] == sorted((n.date for n in notes), reverse=True)


@pytest.mark.parametrize("as_of", AS_OFS)
def test_big_game_notes_are_exactly_the_big_games_in_the_csv(csv_facts, as_of):
    notes = [n for n in all_notes(snapshot(as_of)) if n.topic == "big_game"]
    assert {(n.player.player_id, n.date) for n in notes} == _big_games(csv_facts, as_of)
    assert len(notes) == len(_big_games(csv_facts, as_of))


@pytest.mark.parametrize("as_of", AS_OFS)
def test_absence_notes_are_the_players_missing_team_games(csv_facts, as_of):
    notes = [n for n in all_notes(snapshot(as_of)) if n.topic == "absence"]
    assert {n.player.player_id for n in notes} == _absent(csv_facts, as_of)
    assert all(n.date == as_of - dt.timedelta(days=1) for n in notes)


def test_search_by_player(demo_source, as_of):
    notes = demo_source(as_of).news("embiid")
    assert notes and all(n.player.player_id == "embiijo01" for n in notes)
    (absence,) = [n for n in notes if n.topic == "absence"]
    assert absence.text == "Joel Embiid has missed PHI's last 12 games (last played Jan 4); inferred status OUT."


def test_search_big_game_text_matches_the_box_score(csv_facts, as_of):
    snap = snapshot(as_of)
    for note in search_news(snap, topic="big game", limit=200):
        assert note.topic == "big_game"
        (row,) = [r for r in csv_facts.player_games(note.player.player_id) if r["game_date"] == note.date]
        assert f"{row['pts']} pts, {row['reb']} reb, {row['ast']} ast, {row['stl']} stl, {row['blk']} blk" in note.text
        assert f"({row['fpts']:.0f} fantasy pts)" in note.text


@pytest.mark.parametrize("topic,topics", [
    ("injuries", {"absence"}), ("who is out", {"absence"}), ("hot", {"big_game"}),
    ("minutes", {"minutes_up", "minutes_down"}), ("slump", {"slump"}), ("return", {"return"}),
])
def test_search_by_topic(as_of, topic, topics):
    snap = snapshot(as_of)
    notes = search_news(snap, topic=topic, limit=500)
    assert notes and {n.topic for n in notes} <= topics
    assert len(notes) == len([n for n in all_notes(snap) if n.topic in topics])


def test_search_by_player_and_topic(as_of):
    snap = snapshot(as_of)
    assert search_news(snap, player_id="embiijo01", topic="injury")[0].topic == "absence"
    assert search_news(snap, player_id="embiijo01", topic="hot") == []


def test_search_limits_and_roster_filter(demo_source, as_of):
    src = demo_source(as_of)
    assert len(src.news(limit=3)) == 3
    mine = set(src.league.roster_ids())
    notes = search_news(src.league.snapshot, player_ids=mine, limit=100)
    assert notes and all(n.player.player_id in mine for n in notes)


def test_a_player_with_no_notes(demo_source, as_of):
    assert demo_source(as_of).news("Tyrese Martin", topic="hot") == []
