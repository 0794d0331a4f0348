"""The Audit page's calculation audit for the market desk: every logged compare_odds,
compute_exposure_impact, line_counter and line_shading call, recomputed; filter, mark verified, export JSON lines."""
from __future__ import annotations

import json

import streamlit as st

from pages.components.desk_view import desk

TOOLS = {"all": "All calculators", "compare_odds": "compare_odds (edge)",
         "compute_exposure_impact": "compute_exposure_impact (limits)",
         "line_counter": "line_counter (line flexibility)", "line_shading": "line_shading (liability)"}
VERIFIED = {"all": "Verified or not", "yes": "Verified", "no": "Not verified"}


def has_calculations() -> bool:
    """Whether the desk has logged any calculation (the Audit page shows its section only then
    when no chat turn exists, so an empty Audit page stays one empty state)."""
    return bool(desk().book.calcs(limit=1))


def render_calc_audit() -> None:
    d = desk()
    st.subheader("Calculation audit (market desk)")
    st.caption("Each calculator call of the market maker with its inputs and outputs, recomputed now.")
    c1, c2, c3 = st.columns(3)
    tool = c1.selectbox("Calculator", list(TOOLS), format_func=TOOLS.get, key="audit_calc_tool")
    ver = c2.selectbox("Verified", list(VERIFIED), format_func=VERIFIED.get, key="audit_calc_verified")
    quote = c3.text_input("Quote id", key="audit_calc_quote").strip()
    rows = d.audit(None if tool == "all" else tool, None if ver == "all" else ver == "yes", quote or None)
    if not rows:
        st.info("No calculations match." if d.book.calcs(limit=1) else "No calculations yet: quote a bet on the Desk page.")
        return
    matched = sum(r["matched"] for r in rows)
    st.markdown(f"**{matched} of {len(rows)} recompute exactly** · {len(rows) - matched} mismatched")
    table = [{"Mark": False, "Id": r["calc_id"], "Tool": r["tool"], "Quote": r["quote_id"], "Desk time": r["at"][:19],
              "Inputs": json.dumps(r["inputs"]), "Outputs": json.dumps(r["outputs"]), "Recomputes": r["matched"],
              "Verified": r["verified"], "By": r["verified_by"] or ""} for r in rows]
    edited = st.data_editor(table, hide_index=True, key="audit_calc_table", disabled=[k for k in table[0] if k != "Mark"])
    picked = [row["Id"] for row in edited if row["Mark"]]
    b1, b2 = st.columns(2)
    if b1.button(f"Mark {len(picked)} verified", key="audit_calc_mark", disabled=not picked):
        d.mark_verified(picked)
        st.rerun()
    b2.download_button("Export calculations (JSON lines)", d.export_jsonl(rows), file_name="desk-calculations.jsonl",
                       mime="application/jsonl", key="audit_calc_export", on_click="ignore",
                       icon=":material/download:")
