"""Trade proposals through the approval gate: the card, the other manager's answer by his stated
rule (accept from +0.5% of his rest-of-season value over his own best free moves, else one change
as a counter, else decline), an accepted trade applied to both rosters as one recorded move, a counter as a new card."""
from __future__ import annotations

import datetime as dt

import pytest

from services.store.state import state_store
from services.trades.respond import TradeTerms, respond
from tests.agents.scripted import ScriptedChatModel, call, tools_msg
from tests.trade_rule import accepted_trade, lopsided_ask, name, names, partner_change, ros, roster_after

AS_OF = dt.date(2025, 1, 29)


def _assistant(make_assistant, give, get):
    model = ScriptedChatModel([tools_msg(call("propose_trade", give=give, get=get)), "Here is the proposal."])
    return make_assistant(model=model, as_of=AS_OF, scoring="points")


@pytest.mark.parametrize("scoring, mine_rank, their_rank, partner", [
    ("points", 3, 3, 0), ("points", 12, 0, 1), ("points", 8, 5, 2),
    ("categories", 4, 6, 0), ("categories", 12, 0, 3), ("categories", 2, 2, 4), ("categories", 9, 9, 5)])
def test_managers_answer_by_their_stated_rule(demo_source, scoring, mine_rank, their_rank, partner):
    """Both scoring modes, 1-for-1s picked by rank from the league's rosters (my k-th best for a
    partner's j-th best). The rule's inputs are re-computed here: each roster's rest-of-season
    lineup value by the exhaustive solver (tests/brute_force.py). Catches a manager who accepts a
    trade that does not clear his margin (or refuses one that does), or a counter he would not
    accept himself."""
    src = demo_source(AS_OF, scoring)
    lg = src.league
    me = lg.my_team_id
    team = [t for t in lg.team_ids if t != me][partner]
    rank = lambda t: sorted(lg.roster_ids(t), key=lambda p: (-ros(lg, p), p))  # noqa: E731
    give, get = rank(me)[mine_rank], rank(team)[their_rank]
    terms = TradeTerms(team_id=me, partner_id=team, give_ids=[give], get_ids=[get])
    change, needed = partner_change(lg, team, [give], [get])
    answer = respond(lg, terms)
    assert answer.their_change == pytest.approx(change, abs=0.11)
    assert answer.needed == pytest.approx(needed, abs=0.06)
    assert (answer.decision == "accept") == (change >= needed)
    if answer.decision == "counter":
        c = answer.counter
        assert sum(a != b for a, b in zip(c.give_ids, terms.give_ids)) + abs(len(c.give_ids) - len(terms.give_ids)) \
            + abs(len(c.get_ids) - len(terms.get_ids)) == 1  # one change
        c_change, _ = partner_change(lg, team, c.give_ids, c.get_ids)
        assert c_change >= needed - 0.1 and respond(lg, c).decision == "accept"


def test_accepted_trade_changes_both_rosters_once(make_assistant, demo_source):
    """A trade its partner accepts by rule (chosen from the league's rosters): the card, approval,
    both rosters change in one recorded move, the decision is audited, a second approval changes
    nothing. Catches a trade applied to one team only or twice."""
    src = demo_source(AS_OF, "points")
    lg = src.league
    xs, ys, partner = accepted_trade(src)
    them, me = lg.team_name(partner)[0], lg.my_team_id
    mine_after, theirs_after = sorted(roster_after(lg, me, xs, ys)), sorted(roster_after(lg, partner, ys, xs))
    a = _assistant(make_assistant, [name(lg, p) for p in xs], [name(lg, p) for p in ys])
    r = a.ask(f"Would you trade {names(lg, xs)} for {names(lg, ys)}?", "t1")
    [card] = r["pending_approvals"]
    assert card["kind"] == "trade" and card["title"].startswith(f"Propose trade to {them}: give ")
    lg = a.source.league
    done = a.resume("t1", "approve", card["move_id"])
    assert "Trade done" in done["answer"] and f"{them} accepts" in done["answer"]
    assert sorted(lg.roster_ids(me)) == mine_after and sorted(lg.roster_ids(partner)) == theirs_after
    moves = state_store().moves(lg.league_id)
    assert len(moves) == 1 and moves[0]["card"]["kind"] == "trade"
    assert [t["move_id"] for t in done["transactions"]] == [card["move_id"]]
    again = a.resume("t1", "approve", card["move_id"])  # a second approval changes nothing
    assert len(state_store().moves(lg.league_id)) == 1 and sorted(lg.roster_ids(me)) == mine_after
    assert "Trade done" not in (again.get("answer") or "") or "earlier" in again["answer"]


def test_a_counter_comes_back_as_a_new_card(make_assistant, demo_source):
    """My weakest player for a partner's best does not clear his margin: he counters with one
    change, as a card; approving the counter applies it to both rosters. Catches a counter lost in
    text or applied unasked."""
    src = demo_source(AS_OF, "points")
    lg = src.league
    x, y, partner = lopsided_ask(src)
    them, me = lg.team_name(partner)[0], lg.my_team_id
    a = _assistant(make_assistant, [name(lg, x)], [name(lg, y)])
    r = a.ask(f"Would you trade {name(lg, x)} for {name(lg, y)}?", "t2")
    [card] = r["pending_approvals"]
    out = a.resume("t2", "approve", card["move_id"])
    assert f"{them} counters" in out["answer"] and out["transactions"] == []
    [counter] = out["pending_approvals"]
    assert counter["kind"] == "trade" and counter["title"].startswith(f"{them}'s counter: give ")
    assert state_store().moves(a.source.league.league_id) == []  # nothing applied yet
    terms = counter["trade"]["terms"]
    lg = a.source.league
    mine_after = sorted(roster_after(lg, me, terms["give_ids"], terms["get_ids"]))
    theirs_after = sorted(roster_after(lg, partner, terms["get_ids"], terms["give_ids"]))
    done = a.resume("t2", "approve", counter["move_id"])
    assert "Trade done" in done["answer"]
    lg = a.source.league  # both rosters as the counter's terms and the roster fit say (a cut leaves the league)
    assert sorted(lg.roster_ids(me)) == mine_after and sorted(lg.roster_ids(partner)) == theirs_after


def test_the_league_page_shows_an_accepted_trade(make_assistant, fresh_state, demo_source):
    """The League page's recent moves list the trade (give and get), from the recorded move."""
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP, rendered_text

    src = demo_source(AS_OF, "points")
    lg = src.league
    xs, ys, _ = accepted_trade(src)
    a = _assistant(make_assistant, [name(lg, p) for p in xs], [name(lg, p) for p in ys])
    [card] = a.ask(f"Would you trade {names(lg, xs)} for {names(lg, ys)}?", "t3")["pending_approvals"]
    a.resume("t3", "approve", card["move_id"])
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("pages/league.py").run()
    assert not at.exception, at.exception
    text = rendered_text(at).replace("\\'", "'")  # a name's apostrophe is escaped in the rendered text
    got, gave = name(lg, ys[0]), name(lg, xs[0])
    assert "Recent approved moves" in text and got in text and gave in text
    roster = next(t for t in at.table if got in str(t.value))
    assert gave not in str(roster.value)


def test_an_espn_league_is_told_to_propose_in_espn():
    """No write to a real league: an ESPN league's history says trade proposals need the demo
    (services.league.history.DEMO_ONLY, as EspnHistory.needs_demo holds it); the note is said."""
    from agents.trades.cards import ESPN_NOTE, propose
    from services.league.history import DEMO_ONLY
    from services.models import ServiceError

    class Remote:  # an ESPN league: a history, and what of the demo it lacks
        def history(self):
            return type("H", (), {"needs_demo": DEMO_ONLY})()

    with pytest.raises(ServiceError) as e:
        propose(Remote(), ["Tyler Herro"], ["Jalen Brunson"])
    assert str(e.value) == ESPN_NOTE and "proposed in ESPN" in ESPN_NOTE
