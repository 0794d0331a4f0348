"""The calculation audit: the Audit page lists the market maker's logged calculations recomputed
(a tampered output shows as mismatched), filters them, and exports JSON lines; `verify` agrees."""
from __future__ import annotations

import datetime as dt
import json

from agents.desk.runtime import Desk
from agents.desk.tools import market_view
from agents.offline.desk_policy import DeskPolicyModel
from services.desk.models import BetRequest

AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
GAME = "2025-01-29-CHI-BOS"


def _seed(store) -> Desk:
    desk = Desk(model=DeskPolicyModel(), store=store)
    line = market_view(GAME, AT)["spread"]["home_line"]
    for odds in (1.9, 2.3):
        desk.quote(BetRequest(game_id=GAME, market="spread", side="home", line=line, odds=odds, amount=20), AT)
    return desk


def _tamper(store, calc_id: str) -> None:
    with store.transaction() as cur:
        cur.execute("UPDATE desk_calcs SET outputs=? WHERE calc_id=?",
                    (json.dumps({"edge_pct": 0.0, "offered_odds": 2.3, "market_odds": 1.914}), calc_id))


def test_audit_page_recomputes_filters_and_exports(app, fresh_state):
    desk = _seed(fresh_state.store)
    rows = desk.audit()
    assert len(rows) == 4 and all(r["matched"] for r in rows)
    edge = next(r for r in rows if r["tool"] == "compare_odds")
    _tamper(fresh_state.store, edge["calc_id"])
    at = app()
    at.switch_page("pages/audit.py").run()
    assert not at.exception
    assert any(m.value.startswith("**3 of 4 recompute exactly** · 1 mismatched") for m in at.markdown)
    at.selectbox(key="audit_calc_tool").set_value("compare_odds").run()
    assert any(m.value.startswith("**1 of 2 recompute exactly**") for m in at.markdown)
    assert [b.label for b in at.get("download_button")][-1] == "Export calculations (JSON lines)"
    v = desk.verify(50)
    assert (v["checked"], v["matched"], v["mismatched"]) == (4, 3, 1)
    assert [c["calc_id"] for c in v["calcs"] if not c["matched"]] == [edge["calc_id"]]


def test_mark_verified_filter_and_jsonl_export(fresh_state):
    desk = _seed(fresh_state.store)
    rows = desk.audit(tool="compute_exposure_impact")
    assert desk.mark_verified([rows[0]["calc_id"]]) == 1
    assert [r["calc_id"] for r in desk.audit(verified=True)] == [rows[0]["calc_id"]]
    assert len(desk.audit(verified=False)) == 3
    lines = desk.export_jsonl(desk.audit()).splitlines()
    parsed = [json.loads(x) for x in lines]
    assert len(parsed) == 4 and {p["tool"] for p in parsed} == {"compare_odds", "compute_exposure_impact"}
    assert all(set(p) >= {"calc_id", "inputs", "outputs", "quote_id", "at", "verified", "matched"} for p in parsed)
