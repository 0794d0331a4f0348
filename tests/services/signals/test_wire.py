"""The news wire: items checked against the raw CSV (games missed, status, values, rest), known
before tip, searchable; and the cutoff (unchanged when everything from tip on is scrambled; a look
days before the game unchanged when the games not yet ended then are scrambled)."""
from __future__ import annotations

import datetime as dt

import pytest

from services.signals.estimator import estimate
from services.signals.wire import LABEL, game_wire, information_date, search
from tests.services.signals.old_wire import old_team_items

GAME = "2025-01-29-OKC-GSW"
DAY = dt.date(2025, 1, 29)


def test_absences_say_what_the_csv_says(csv_facts):
    items = [i for i in game_wire(GAME) if i.topic == "absence"]
    assert items, "GSW and OKC had absences before Jan 29"
    for i in items:
        missed = csv_facts.missed_in_row(i.player_id, DAY)
        assert i.games_missed == missed >= 1
        assert i.status == ("DTD" if missed <= 2 else "OUT")
        assert csv_facts.team_of(i.player_id, DAY) == i.team
        rows = csv_facts.player_games(i.player_id, DAY)
        season = sum(r["fpts"] for r in rows) / len(rows)
        last10 = sum(r["fpts"] for r in rows[-10:]) / len(rows[-10:])
        assert i.value == pytest.approx(0.5 * season + 0.5 * last10, abs=0.06)
        assert f"missed {i.team}'s last {missed} game" in i.text


def test_curry_absence_is_on_the_wire(csv_facts):
    curry = [i for i in game_wire(GAME) if i.player_id == "curryst01"]
    assert [i.topic for i in curry] == ["absence"]
    assert curry[0].games_missed == csv_facts.missed_in_row("curryst01", DAY)


def test_rest_from_the_schedule(csv_facts):
    for team in ("GSW", "OKC"):
        dates = csv_facts.team_dates[team]
        b2b = (DAY - dt.timedelta(days=1)) in dates
        last4 = sum(1 for d in dates if DAY - dt.timedelta(days=4) <= d < DAY)
        rest = search(game_wire(GAME), team=team, topic="rest")
        assert bool(rest) == (b2b or last4 >= 3)
        if rest:
            assert f"{last4} game" in rest[0].text and ("back-to-back" in rest[0].text) == b2b


def test_every_item_is_known_before_tip_labelled_and_unique():
    items = game_wire(GAME)
    tip = dt.datetime(2025, 1, 30, tzinfo=dt.timezone.utc)
    assert all(i.known_at < tip and i.label == LABEL and i.team in ("GSW", "OKC") for i in items)
    assert len({i.id for i in items}) == len(items)
    early = dt.datetime(2025, 1, 27, tzinfo=dt.timezone.utc)
    assert all(i.known_at <= early for i in game_wire(GAME, early))
    assert len(game_wire(GAME, early)) < len(items)


EARLY = dt.datetime(2025, 1, 27, tzinfo=dt.timezone.utc)  # two days before the game
KNOWN_BEFORE = dt.date(2025, 1, 26)  # Jan 26's games end ~03:00 UTC on Jan 27: not known yet


def test_information_date_is_the_first_day_whose_games_have_not_ended():
    assert information_date(EARLY) == KNOWN_BEFORE
    assert information_date(dt.datetime(2025, 1, 27, 3, tzinfo=dt.timezone.utc)) == dt.date(2025, 1, 27)
    assert information_date(dt.datetime(2025, 1, 30, tzinfo=dt.timezone.utc)) == DAY  # tip: all before the date


def test_an_earlier_look_counts_only_the_games_known_then(csv_facts):
    """Two days before the game, an absence counts the team games missed up to Jan 25 (CSV), not
    the ones played in between."""
    early = [i for i in game_wire(GAME, EARLY) if i.topic == "absence"]
    at_tip = {i.player_id: i for i in game_wire(GAME) if i.topic == "absence"}
    assert early
    for i in early:
        assert i.games_missed == csv_facts.missed_in_row(i.player_id, KNOWN_BEFORE) >= 1
        assert f"missed {i.team}'s last {i.games_missed} game" in i.text
    # the look from tip saw more of the absences (GSW and OKC both played in between)
    assert any(at_tip[i.player_id].games_missed > i.games_missed for i in early if i.player_id in at_tip)


def test_an_earlier_look_equals_the_snapshot_of_what_was_known_then():
    want = [i for t in ("GSW", "OKC") for i in old_team_items(DAY, t, as_of=KNOWN_BEFORE) if i.known_at <= EARLY]
    got = game_wire(GAME, EARLY)
    assert sorted(i.model_dump_json() for i in got) == sorted(i.model_dump_json() for i in want)


def test_an_earlier_look_is_unchanged_when_the_games_not_yet_ended_are_scrambled(scramble_from):
    """Which items exist, not only their content: the games of Jan 26-28 must not decide them."""
    before = [i.model_dump() for i in game_wire(GAME, EARLY)]
    scramble_from(KNOWN_BEFORE)
    assert [i.model_dump() for i in game_wire(GAME, EARLY)] == before
    scramble_from(KNOWN_BEFORE - dt.timedelta(days=2))  # games that had ended do change it
    assert [i.model_dump() for i in game_wire(GAME, EARLY)] != before


def test_search_by_team_player_and_topic():
    items = game_wire(GAME)
    assert {i.team for i in search(items, team="gsw")} == {"GSW"}
    assert [i.player for i in search(items, player="curry")] == ["Stephen Curry"]
    hurt = search(items, topic="injuries")
    assert hurt and {i.topic for i in hurt} == {"absence"}
    assert search(items, topic="back-to-back") == [i for i in items if i.topic == "rest"]
    assert search(items, player="nobody named this") == []


def _snapshot_of(game_id: str) -> tuple:
    e = estimate(game_id, mode="blind")
    return [i.model_dump() for i in game_wire(game_id)], e.model_dump()


@pytest.mark.parametrize("game_id", [GAME, "2025-01-29-DAL-NOP"])
def test_cutoff_news_and_estimate_unchanged_when_everything_from_tip_on_is_scrambled(scramble_from, game_id):
    before = _snapshot_of(game_id)
    scramble_from(DAY)
    assert _snapshot_of(game_id) == before


def test_cutoff_test_can_fail(scramble_from):
    # scrambling one day earlier changes what the wire and the estimate may use, so the comparison bites
    before = _snapshot_of(GAME)
    scramble_from(DAY - dt.timedelta(days=2))
    assert _snapshot_of(GAME) != before
