"""IR moves end to end (card, approve, roster, lineup, audit) and the two advice modes through the
runtime: every card carries the week's gain and the rest-of-season change."""
from __future__ import annotations

import datetime as dt

import pytest

from services import optimizer as opt
from services.store.state import state_store

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
AS_OF = dt.date(2025, 1, 29)


def _ir_card(cards: list[dict]) -> dict:
    [card] = [c for c in cards if c.get("kind") == "ir"]  # one IR slot: at most one IR card per turn
    return card


def test_an_ir_card_moves_an_out_player_to_ir_without_a_drop(make_assistant, csv_facts):
    a = make_assistant(as_of=AS_OF)
    lg = a.source.league
    cards = a.ask(REVIEW, "ir-1")["pending_approvals"]
    assert cards and all(c["season_gain"] is not None and "rest of season" in c["title"] for c in cards)
    card = _ir_card(cards)
    # the player really is OUT by the CSV: 3+ team games missed in a row before the as-of date
    assert csv_facts.missed_in_row(card["drop_id"], AS_OF) >= 3
    assert card["title"].startswith(f"Move {card['drop']} to IR, add {card['add']}, ")
    if card.get("expected_return"):  # the later cut is on the card (issue #19)
        assert card["title"].endswith(f"one player has to go, likely {card['cut']}") and card["cut_id"]
    before = lg.roster_ids()

    r = a.resume("ir-1", "approve", card["move_id"])
    assert [t["move_id"] for t in r["transactions"]] == [card["move_id"]]
    assert f"Done: moved {card['drop']} to IR and added {card['add']}" in r["answer"]
    after = lg.roster_ids()
    assert len(after) == len(before) == 13  # IR players do not count against the 13
    assert card["add_id"] in after and card["drop_id"] not in after
    assert lg.ir_ids() == [card["drop_id"]] and lg.owner_of(card["drop_id"]) == lg.my_team_id
    assert card["drop_id"] not in lg.free_agent_ids()
    roster = a.source.roster()
    assert [e.player.player_id for e in roster.entries if e.on_ir] == [card["drop_id"]]
    # an IR player cannot start: the optimizer's roster no longer holds him
    inputs = opt.from_demo_league(lg)
    assert card["drop_id"] not in {p.player_id for p in inputs.roster}
    assert all(card["drop_id"] not in d.slots for d in opt.weekly_lineup(inputs).days)
    # audited like any other card, and the IR slot is now taken: no IR card next time
    [decision] = state_store().decisions("ir-1")
    assert (decision["decision"], decision["outcome"], decision["card"]["kind"]) == ("approve", "applied", "ir")
    assert [m["card"]["kind"] for m in state_store().moves(lg.league_id)] == ["ir"]
    assert opt.from_demo_league(lg).ir_slots_free == 0
    assert not [c for c in a.ask(REVIEW, "ir-2")["pending_approvals"] if c.get("kind") == "ir"]


def test_an_ir_card_is_refused_when_the_slot_is_taken(make_assistant):
    from agents.core.approvals import apply_card
    from agents.core.contracts import Card

    a = make_assistant(as_of=AS_OF)
    lg = a.source.league
    cards = a.ask(REVIEW, "ir-3")["pending_approvals"]
    card = _ir_card(cards)
    other = next(p for p in lg.roster_ids() if lg.snapshot.players[p].status == "OUT" and p != card["drop_id"])
    state_store().apply_move(lg.league_id, 1, "mv-other-ir", other, lg.free_agent_ids()[-1], AS_OF, "test",
                             {"kind": "ir"})
    out = apply_card(a.source, Card.model_validate(card), "ir-3")
    assert out["outcome"] == "refused" and out["reason"] == "your IR slot is taken"


def _streaming_morning(scoring: str) -> dt.date:
    """The first Wednesday from Dec 11 on whose best three streaming moves include one that costs the
    season (the one league's rosters decide which mornings have such a stream)."""
    from agents.tools.optimizer_tools import best_moves
    from services.league.demo_source import DemoSource

    for day in (dt.date(2024, 12, 11) + dt.timedelta(weeks=i) for i in range(8)):
        src = DemoSource(day, scoring, store=state_store())
        if any(m.season_gain < 0 for m in best_moves(src, limit=3, mode="this_week")):
            return day
    return dt.date(2024, 12, 11)


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_balanced_never_offers_a_move_that_lowers_the_season_and_streaming_may(scoring):
    """Catches a balanced mode that offers a season-losing move, or a streaming mode that is balanced."""
    from agents.tools.optimizer_tools import best_moves
    from services.league.demo_source import DemoSource

    src = DemoSource(_streaming_morning(scoring), scoring, store=state_store())
    balanced = best_moves(src, limit=3, mode="balanced")
    streaming = best_moves(src, limit=3, mode="this_week")
    # a week's loss only for a season gain that outweighs it (the balanced ranking key)
    assert balanced and all(m.season_gain >= 0 and m.score > 0 and (m.gain > 0 or m.season_gain > -m.gain)
                            for m in balanced)
    assert all(m.gain > 0 for m in streaming)
    assert any(m.season_gain < 0 for m in streaming)  # a stream for this week that costs the season
    # streaming ranks by the week alone: its best week gain is at least balanced's
    assert max(m.gain for m in streaming) >= max((m.gain for m in balanced), default=0.0)


def test_the_mode_setting_reaches_the_optimizer(make_assistant):
    streaming = make_assistant(as_of=_streaming_morning("points"), advice_mode="this_week")
    assert streaming.source.advice_mode == "this_week"
    cards = streaming.ask(REVIEW, "mode-1")["pending_approvals"]
    from agents.tools.optimizer_tools import best_moves

    expected = best_moves(streaming.source, limit=3, mode="this_week")
    assert [c["move_id"] for c in cards] == [
        c["move_id"] for c in cards if (c["drop_id"], c["add_id"]) in {(m.drop_id, m.add_id) for m in expected}]
    assert any(c["season_gain"] < 0 for c in cards)
    from services.models import ServiceError

    with pytest.raises(ServiceError, match="Unknown advice mode"):
        make_assistant(advice_mode="forever")
