"""Trade proposals through the approval gate: the card, the other manager's answer by his stated
rule (accept from +0.2% of his roster's rest-of-season value, else one change as a counter, else
decline), an accepted trade applied to both rosters as one recorded move, a counter as a new card."""
from __future__ import annotations

import datetime as dt

import pytest

from services.optimizer.season import SeasonInputs, season_player
from services.slots import STARTING_SLOTS
from services.store import state_store
from services.trades.respond import ACCEPT_MARGIN, TradeTerms, respond
from tests.agents.scripted import ScriptedChatModel, call, tools_msg
from tests.brute_force import Season

AS_OF = dt.date(2025, 1, 29)


def _value(lg, ids) -> float:
    """A roster's rest-of-season lineup value, re-solved by the exhaustive solver of tests/brute_force.py."""
    from services.optimizer.season import category_floor

    floor = category_floor(lg.snapshot, lg.scoring) if lg.scoring != "points" else 0.0
    players = tuple(season_player(lg, p, lg.week[2], lg.scoring, floor) for p in ids)
    return Season(SeasonInputs("", tuple(sorted({d for p in players for d in p.games})), players, ()),
                  tuple(STARTING_SLOTS.items())).base


def _assistant(make_assistant, give, get):
    model = ScriptedChatModel([tools_msg(call("propose_trade", give=give, get=get)), "Here is the proposal."])
    return make_assistant(model=model, as_of=AS_OF, scoring="points")


@pytest.mark.parametrize("scoring, give, get", [
    ("points", ["Tyler Herro"], ["Jalen Brunson"]), ("points", ["Tyler Herro"], ["Kevin Durant"]),
    ("points", ["Mark Williams"], ["Victor Wembanyama"]), ("categories", ["Jalen Brunson"], ["Dyson Daniels"]),
    ("categories", ["Cason Wallace"], ["Victor Wembanyama"])])
def test_managers_answer_by_their_stated_rule(demo_source, scoring, give, get):
    """Both scoring modes. Catches a manager who accepts a trade that does not clear his margin (or
    refuses one that does), or a counter he would not accept himself."""
    src = demo_source(AS_OF, scoring)
    lg = src.league
    terms = TradeTerms(team_id=1, partner_id=lg.owner_of(src.resolve_id(get[0])),
                       give_ids=[src.resolve_id(n) for n in give], get_ids=[src.resolve_id(n) for n in get])
    before = lg.roster_ids(terms.partner_id)
    base = _value(lg, before)
    after = [p for p in before if p not in terms.get_ids] + terms.give_ids
    change = _value(lg, after) - base
    answer = respond(lg, terms)
    assert answer.their_change == pytest.approx(change, abs=0.11)
    assert (answer.decision == "accept") == (change >= ACCEPT_MARGIN * base)
    if answer.decision == "counter":
        c = answer.counter
        assert sum(a != b for a, b in zip(c.give_ids, terms.give_ids)) + abs(len(c.give_ids) - len(terms.give_ids)) \
            + abs(len(c.get_ids) - len(terms.get_ids)) == 1  # one change
        assert respond(lg, c).decision == "accept"


def test_accepted_trade_changes_both_rosters_once(make_assistant):
    """Scottie Barnes (mine) for Donovan Mitchell (Fast Break Fund's) in the one league on Jan 29: the
    card, approval, the other manager accepts, both rosters change in one
    recorded move, the decision is audited. Catches a trade applied to one team only or twice."""
    a = _assistant(make_assistant, ["Scottie Barnes"], ["Donovan Mitchell"])
    r = a.ask("Would you trade Scottie Barnes for Donovan Mitchell?", "t1")
    [card] = r["pending_approvals"]
    assert card["kind"] == "trade" and card["title"].startswith("Propose trade to Fast Break Fund: give Scottie Barnes, get Donovan Mitchell")
    lg = a.source.league
    barnes, mitchell = a.source.resolve_id("Scottie Barnes"), a.source.resolve_id("Donovan Mitchell")
    assert lg.owner_of(barnes) == 1 and lg.owner_of(mitchell) == 5
    done = a.resume("t1", "approve", card["move_id"])
    assert "Trade done" in done["answer"] and "Fast Break Fund accepts" in done["answer"]
    assert lg.owner_of(barnes) == 5 and lg.owner_of(mitchell) == 1
    assert len(lg.roster_ids(1)) == 13 and len(lg.roster_ids(5)) == 13
    moves = state_store().moves(lg.league_id)
    assert len(moves) == 1 and moves[0]["card"]["kind"] == "trade"
    assert [t["move_id"] for t in done["transactions"]] == [card["move_id"]]
    again = a.resume("t1", "approve", card["move_id"])  # a second approval changes nothing
    assert len(state_store().moves(lg.league_id)) == 1 and lg.owner_of(barnes) == 5
    assert "Trade done" not in (again.get("answer") or "") or "earlier" in again["answer"]


def test_a_counter_comes_back_as_a_new_card(make_assistant):
    """Bradley Beal for Karl-Anthony Towns does not clear Fast Break Fund's margin: they counter with
    one change, as
    a card; approving the counter applies it. Catches a counter lost in text or applied unasked."""
    a = _assistant(make_assistant, ["Bradley Beal"], ["Karl-Anthony Towns"])
    r = a.ask("Would you trade Bradley Beal for Karl-Anthony Towns?", "t2")
    [card] = r["pending_approvals"]
    out = a.resume("t2", "approve", card["move_id"])
    assert "Fast Break Fund counters" in out["answer"] and out["transactions"] == []
    [counter] = out["pending_approvals"]
    assert counter["kind"] == "trade" and counter["title"].startswith("Fast Break Fund's counter: give ")
    assert state_store().moves(a.source.league.league_id) == []  # nothing applied yet
    done = a.resume("t2", "approve", counter["move_id"])
    assert "Trade done" in done["answer"]
    lg = a.source.league
    assert lg.owner_of(a.source.resolve_id("Karl-Anthony Towns")) == 1
    for pid in counter["trade"]["terms"]["give_ids"]:
        assert lg.owner_of(pid) == 5


def test_the_league_page_shows_an_accepted_trade(make_assistant, fresh_state):
    """The League page's recent moves list the trade (give and get), from the recorded move."""
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP, rendered_text

    a = _assistant(make_assistant, ["Scottie Barnes"], ["Donovan Mitchell"])
    [card] = a.ask("Would you trade Scottie Barnes for Donovan Mitchell?", "t3")["pending_approvals"]
    a.resume("t3", "approve", card["move_id"])
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("pages/views/league.py").run()
    assert not at.exception, at.exception
    text = rendered_text(at)
    assert "Recent approved moves" in text and "Donovan Mitchell" in text and "Scottie Barnes" in text
    roster = next(t for t in at.table if "Donovan Mitchell" in str(t.value))
    assert "Scottie Barnes" not in str(roster.value)


def test_an_espn_league_is_told_to_propose_in_espn():
    """No write to a real league: a source without the demo's history gets the ESPN note."""
    from agents.trade_cards import ESPN_NOTE, propose
    from services.models import ServiceError

    class Remote:  # the LeagueSource default: no box-score history
        def history(self):
            raise ServiceError("This works on the demo league only")

    with pytest.raises(ServiceError) as e:
        propose(Remote(), ["Tyler Herro"], ["Jalen Brunson"])
    assert str(e.value) == ESPN_NOTE and "proposed in ESPN" in ESPN_NOTE
