"""A trade proposed and answered through the stable CLI, in BOTH scoring modes (the scoring chosen
by COURTSIDE_SCORING, as a user's shell sets it): `python -m agents ask "propose X for Y to T"
--json` returns the proposal card; `python -m agents resume --thread T --decision approve --move ID
--json` (no scoring given: the stable resume takes none, and a card names its own league) sends
it and carries the other manager's answer: a decline (his three best for my weakest),
or a counter as a NEW card in the resume JSON, which a second resume accepts (both rosters change
in one recorded move, audited).

One thread per mode (six CLI start-ups each). Trades are chosen from the league's rosters in setup
(tests/trade_rule.py) and the manager's rule is re-solved by brute force; no owner is named."""
from __future__ import annotations

import datetime as dt
import json
import os

import pytest

import forkrun

from tests.conftest import ISOLATED_ENV, REPO_ROOT
from tests.trade_rule import lopsided_ask, name, names, partner_change, roster_after

AS_OF = dt.date(2025, 1, 29)


def _agents(home, scoring: str | None, *args: str) -> dict:
    """`python -m agents ARGS --as-of D --json` under `home`; `scoring` None: COURTSIDE_SCORING unset."""
    env = {k: v for k, v in os.environ.items() if k not in ISOLATED_ENV}
    env.update(COURTSIDE_HOME=str(home), **({"COURTSIDE_SCORING": scoring} if scoring else {}))
    p = forkrun.run(["-m", "agents", *args, "--as-of", AS_OF.isoformat(), "--json"],
                    cwd=REPO_ROOT, env=env, timeout=240)
    assert p.returncode == 0 and "Traceback" not in p.stderr, (p.returncode, p.stdout[-2000:], p.stderr[-2000:])
    out = json.loads(p.stdout)
    assert out["error"] is None, out["error"]
    return out


def _propose(home, scoring: str, thread: str, lg, give: list[str], get: list[str], them: str) -> dict:
    r = _agents(home, scoring, "ask", f"propose {names(lg, give)} for {names(lg, get)} to {them}", "--thread", thread)
    [card] = r["pending_approvals"]
    assert card["kind"] == "trade" and card["title"].startswith(f"Propose trade to {them}: give ")
    assert card["unit"] == ("pts" if scoring == "points" else "cats")
    assert card["trade"]["terms"]["give_ids"] == give and card["trade"]["terms"]["get_ids"] == get
    return card


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_propose_and_the_managers_answer_through_the_cli(fresh_state, demo_source, scoring):
    """Each mode, one CLI thread: (1) my weakest for his three best is declined (below his margin,
    brute force): the resume JSON says so, carries no card and no transaction; (2) my weakest for
    his best, evaluated ("would you trade X for Y?": no card) then "propose it" (that trade's
card: it was read as "find me trades"), is countered: the counter is a new card in the resume JSON whose terms clear his
    margin (re-solved here); approving it applies the trade to both rosters in one move, with an
    audit row for each decision. Catches a CLI resume that drops the manager's answer or the
    counter card, a categories counter lost when the thread is resumed
without the scoring (it was: the counter card was built on the session's points league), or a counter applied
    to one side only."""
    from services.trades.value import Valuer

    home, store = fresh_state.home, fresh_state.store
    src = demo_source(AS_OF, scoring)
    lg = src.league
    me, thread = lg.my_team_id, f"cli-trade-{scoring}"
    v = Valuer(lg)
    partner = next(t for t in lg.team_ids if t != me)
    them = lg.team_name(partner)[0]

    give = [min(lg.roster_ids(me), key=lambda p: (v.ros_total(p), p))]
    get = sorted(lg.roster_ids(partner), key=lambda p: (-v.ros_total(p), p))[:3]
    change, needed = partner_change(lg, partner, give, get)
    assert change < needed
    card = _propose(home, scoring, thread, lg, give, get, them)
    out = _agents(home, None, "resume", "--thread", thread, "--decision", "approve", "--move", card["move_id"])
    assert f"{them} declines" in out["answer"] and "no single change would get there" in out["answer"]
    assert out["pending_approvals"] == [] and out["transactions"] == [] and store.moves(lg.league_id) == []

    x, y, partner = lopsided_ask(src)
    them = lg.team_name(partner)[0]
    change, needed = partner_change(lg, partner, [x], [y])
    assert change < needed
    r = _agents(home, scoring, "ask", f"would you trade {name(lg, x)} for {name(lg, y)}?", "--thread", thread)
    assert r["pending_approvals"] == [] and [c["name"] for c in r["tool_calls"]] == ["evaluate_trade"]
    r = _agents(home, scoring, "ask", "propose it", "--thread", thread)  # the trade just evaluated
    assert [(c["name"], c["args"]) for c in r["tool_calls"]] == \
        [("propose_trade", {"give": [name(lg, x)], "get": [name(lg, y)]})]
    [card] = r["pending_approvals"]
    assert card["title"].startswith(f"Propose trade to {them}: give {name(lg, x)}, get {name(lg, y)}")
    assert card["unit"] == ("pts" if scoring == "points" else "cats")
    out = _agents(home, None, "resume", "--thread", thread, "--decision", "approve", "--move", card["move_id"])
    assert "accepts" not in out["answer"] and out["transactions"] == [] and store.moves(lg.league_id) == []
    assert f"{them} counters" in out["answer"], out["answer"]
    [counter] = out["pending_approvals"]
    assert counter["kind"] == "trade" and counter["title"].startswith(f"{them}'s counter: give ")
    assert counter["unit"] == card["unit"]
    terms = counter["trade"]["terms"]
    change, needed = partner_change(lg, partner, terms["give_ids"], terms["get_ids"])
    assert change >= needed - 0.1  # his own counter clears his rule (re-solved here)
    mine_after = roster_after(lg, me, terms["give_ids"], terms["get_ids"])
    theirs_after = roster_after(lg, partner, terms["get_ids"], terms["give_ids"])
    assert name(lg, terms["get_ids"][0]) in counter["title"]

    done = _agents(home, None, "resume", "--thread", thread, "--decision", "approve", "--move", counter["move_id"])
    assert "Trade done" in done["answer"] and done["pending_approvals"] == []
    [move] = store.moves(lg.league_id)
    assert move["card"]["kind"] == "trade" and move["card"]["trade"]["terms"]["get_ids"] == terms["get_ids"]
    assert sorted(lg.roster_ids(me)) == sorted(mine_after) and sorted(lg.roster_ids(partner)) == sorted(theirs_after)
    assert [(d["move_id"], d["decision"]) for d in store.decisions(thread)][-1] == (counter["move_id"], "approve")
