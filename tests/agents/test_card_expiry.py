"""Demo cards expire: the league clock starts at noon of the card's as-of day when it is issued and
runs with real time, so it passes the 19:00 lineup lock (it used to stand at noon for ever)."""
from __future__ import annotations

import datetime as dt

from agents.core.approvals import apply_card
from agents.core.cards import card_now, is_expired
from agents.core.contracts import Card

UTC = dt.timezone.utc


def _card(demo_source, issued: dt.datetime) -> Card:
    from agents.core.runtime import Assistant

    card = Assistant(provider="offline").ask("Is Payton Pritchard worth adding?", f"exp-{issued:%H%M%S}")[
        "pending_approvals"][0]
    return Card.model_validate(card | {"issued_at": issued.isoformat()})


def test_a_fresh_card_is_open_and_its_clock_starts_at_noon(fresh_state, demo_source):
    now = dt.datetime.now(UTC)
    card = _card(demo_source, now)
    assert card.expires_at == "2025-01-29T19:00:00"
    assert abs(card_now(card, wall=now) - dt.datetime(2025, 1, 29, 12, 0)) < dt.timedelta(seconds=1)
    assert not is_expired(card)


def test_the_league_clock_passes_the_lock_and_the_card_is_refused(fresh_state, demo_source):
    issued = dt.datetime.now(UTC) - dt.timedelta(hours=7, minutes=1)  # noon + 7h01 > 19:00
    card = _card(demo_source, issued)
    assert card_now(card) >= dt.datetime(2025, 1, 29, 19, 1)
    assert is_expired(card)
    res = apply_card(demo_source(), card, "exp")  # the default clock: the card's own league clock
    assert res == {"move_id": card.move_id, "outcome": "refused",
                   "reason": f"the card expired at {card.expires_at}"}
    assert card.drop_id in demo_source().league.roster_ids()


def test_a_card_without_an_issue_time_keeps_the_old_clock(fresh_state, demo_source):
    card = _card(demo_source, dt.datetime.now(UTC))
    card = card.model_copy(update={"issued_at": None})
    assert card_now(card) == dt.datetime(2025, 1, 29, 12, 0) and not is_expired(card)
