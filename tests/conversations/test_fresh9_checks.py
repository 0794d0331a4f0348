"""fresh9's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV at 2025-01-29).
Catches a check that cannot fail (the wrong row named for 'the third guy', the same list passed off as
'2 more', a punt still applied after it was withdrawn, a center streamed after 'I hate streaming bigs')
or one that fails every right answer; and the set cut down (25 whole conversations, both scorings,
>= 6 deciding a card)."""
from __future__ import annotations

from tests.conversations import checks as K
from tests.conversations import fresh8_checks as F8
from tests.conversations import fresh9_checks as F
from tests.conversations.checks import AS_OF, Ctx
from tests.conversations.fresh9 import FRESH9
from tests.conversations.suite import D

FAS = ["Christian Braun", "Payton Pritchard", "Tyus Jones", "Naz Reid", "Keon Ellis"]


def _ctx(*results, scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=[], source=None)


def _table(names):
    return "| Player | Owner |\n|---|---|\n" + "".join(f"| {n} | Free agent |\n" for n in names)


def _list(names):
    return {"answer": "Best pickups:\n\n" + _table(names), "tool_calls": [{"name": "get_free_agents", "args": {}}]}


def test_the_set_is_whole():
    assert len(FRESH9) == 25 and len({c.id for c in FRESH9}) == 25
    assert all(c.id.startswith("f9-") and 2 <= len(c.turns) <= 4 for c in FRESH9)
    assert {c.scoring for c in FRESH9} == {"points", "categories"} and sum(c.decides for c in FRESH9) >= 6
    assert all(not isinstance(c.turns[0], D) for c in FRESH9)  # a decision needs a card before it


def test_the_facts_the_turns_rely_on():
    """The schedule and averages the conversations assume (the CSV): Claxton and Conley idle on Sunday
    Feb 2, Ivey plays; Beal out-threes Bogdanovic over the season and his last 10."""
    assert not K.plays_on(F8.CLAXTON, F.SUNDAY) and not K.plays_on(F8.CONLEY, F.SUNDAY)
    assert K.plays_on(F8.IVEY, F.SUNDAY)
    assert K.last_n_avg(F.BEAL, "fg3m", 82) > K.last_n_avg(F8.BOGDAN, "fg3m", 82)
    assert K.last_n_avg(F.BEAL, "fg3m", 10) > K.last_n_avg(F8.BOGDAN, "fg3m", 10)


def test_nth_listed():
    prev = _list(FAS)
    right = {"answer": "Tyus Jones: 11.2 fantasy points a game over his last 5, ACTIVE, 3 games left."}
    assert F.nth_listed(2)(right, _ctx(prev, right)) is None
    wrong = {"answer": "Payton Pritchard: 14.1 a game, 3 games left."}
    assert F.nth_listed(2)(wrong, _ctx(prev, wrong))
    both = {"answer": "Unlike Braun, Tyus Jones averages 11.2."}
    assert F.nth_listed(2)(both, _ctx(prev, both))
    last = {"answer": "Keon Ellis is ACTIVE, no injury note."}
    assert F.nth_listed(-1)(last, _ctx(prev, last)) is None
    assert F.nth_listed(-1)(right, _ctx(prev, right))
    assert F.nth_listed(2)(right, _ctx({"answer": "no table"}, right))


def test_more_and_fewer_listed():
    prev = _list(FAS[:3])
    more = _list(FAS)
    assert F.more_listed(2)(more, _ctx(prev, more)) is None
    same = _list(FAS[:3])
    assert F.more_listed(2)(same, _ctx(prev, same))
    one_new = _list(FAS[:4])
    assert F.more_listed(2)(one_new, _ctx(prev, one_new))
    big = _list(FAS)
    small = _list(FAS[:2])
    assert F.fewer_listed(small, _ctx(big, small)) is None
    assert F.fewer_listed(big, _ctx(big, big))
    empty = {"answer": "Fewer then."}
    assert F.fewer_listed(empty, _ctx(big, empty))


def test_punt_cleared():
    chk = F.punt_cleared("FT%")
    right = {"answer": "Without the punt, FT% is back in play: Tyus Jones helps it most.",
             "tool_calls": [{"name": "get_free_agents", "args": {"punt": None}}]}
    assert chk(right, _ctx(right)) is None
    still = {"answer": "Tyus Jones.", "tool_calls": [{"name": "get_free_agents", "args": {"punt": ["FT%"]}}]}
    assert chk(still, _ctx(still))
    said = {"answer": "Since you are punting FT%, Naz Reid.", "tool_calls": [{"name": "get_free_agents", "args": {}}]}
    assert chk(said, _ctx(said))
    assert chk({"answer": "Okay.", "tool_calls": []}, _ctx({}))


def test_not_bigs():
    right = {"tool_calls": [{"name": "get_free_agents", "args": {"not_position": "C"}}]}
    assert F.not_bigs(right, _ctx(right)) is None
    guards = {"tool_calls": [{"name": "get_free_agents", "args": {"position": "G"}}]}
    assert F.not_bigs(guards, _ctx(guards)) is None
    any_one = {"tool_calls": [{"name": "get_free_agents", "args": {}}]}
    assert F.not_bigs(any_one, _ctx(any_one))
    centers = {"tool_calls": [{"name": "get_free_agents", "args": {"position": "C"}}]}
    assert F.not_bigs(centers, _ctx(centers))


def test_the_day_verdict_the_set_uses():
    """Claxton is idle on Feb 2: 'no game Sunday' passes, 'he plays Feb 2' without a no fails (fresh6's check)."""
    from tests.conversations.fresh6_checks import _plays_day_verdict
    chk = _plays_day_verdict(F8.CLAXTON, F.SUNDAY, "Sunday")
    assert chk({"answer": "No, Nic Claxton has no game on Sunday, Feb 2."}, _ctx()) is None
    assert chk({"answer": "Yes, Claxton plays Feb 2 against Boston."}, _ctx())
    assert AS_OF < F.SUNDAY


def test_top_card_drops():
    bol = {"pending_approvals": [{"move_id": "m1", "drop": "Bol Bol", "add": "Christian Braun"}]}
    assert F.top_card_drops(F8.BOL)(bol, _ctx(bol)) is None
    other = {"pending_approvals": [{"move_id": "m2", "drop": "Bogdan Bogdanović", "add": "Tyus Jones"}]}
    assert F.top_card_drops(F8.BOL)(other, _ctx(other))
    assert F.top_card_drops(F8.BOL)({"pending_approvals": []}, _ctx({}))
