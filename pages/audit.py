"""Audit: every turn's provider, model, intent, tool calls, model calls, tokens and decisions."""
import streamlit as st

from pages.components import backend, ownership
from pages.components.desk_audit import has_calculations, render_calc_audit
from pages.components.audit_rows import (SUMMARY_WIDTHS, applied_lines, filter_turns, summary_row, to_jsonl,
                                         tool_rows, tools_of)
from pages.components.labels import intent_label, shorten, tool_label
from pages.components.safe_text import no_images
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

assistant = backend.assistant()
# another identity's threads are not listed; turns an edit and resend replaced are, marked (the audit stays whole)
turns = ownership.mine(assistant.audit(replaced=True))

st.title("Audit")
st.caption("One record per turn or decision, newest first. Keys and cookies are never recorded.")
if not turns:  # one clear empty state: no filters, no empty grid
    st.info("Nothing recorded yet: ask something in Chat, and every turn and decision will be listed here.",
            icon=":material/fact_check:")
    if has_calculations():  # the desk's calculations are audited here even before any chat turn
        st.divider()
        render_calc_audit()
    st.stop()
cards = ownership.decided_cards()  # move id -> card: decisions name both moves in words

threads = sorted({t.thread_id for t in turns})
titles = {t.thread_id: t.title or "Untitled" for t in assistant.threads(limit=100, pending=False)}
intents = sorted({t.intent or "none" for t in turns})
tools = sorted({name for t in turns for name in tools_of(t)})
c1, c2, c3 = st.columns(3)
thread = c1.selectbox("Thread", [None, *threads], key="audit_thread",
                      format_func=lambda v: "All threads" if v is None else f"{shorten(titles.get(v, v), 40)} · {v[:8]}")
picked_intents = c2.multiselect("Intent", intents, key="audit_intents",
                                format_func=lambda v: intent_label(v) if v != "none" else "No intent")
picked_tools = c3.multiselect("Tool", tools, key="audit_tools", format_func=tool_label)
shown = filter_turns(turns, thread, picked_intents, picked_tools)

st.download_button("Export JSON lines", to_jsonl(shown), file_name="courtside-audit.jsonl",
                   mime="application/jsonl", key="audit_export", on_click="ignore", icon=":material/download:")
if not shown:
    st.info("No turns match these filters.")
else:
    st.dataframe([summary_row(t, cards) for t in shown], hide_index=True, key="audit_table",
                 column_config={k: st.column_config.Column(width=w) for k, w in SUMMARY_WIDTHS.items()})

for t in shown[:50]:
    row = summary_row(t, cards)
    box = st.expander(no_images(f"{row['When']} · {row['Intent'] or 'no intent'} · {row['Question'] or 'decision'}"),
                      key=f"audit_turn_{t.turn_id}", on_change="rerun")
    if not box.open:  # drawn when opened: 50 closed turns' tables and JSON cost the browser nothing
        continue
    with box:
        st.caption(f"Thread `{t.thread_id}` · {t.provider} / {t.model} · "
                   f"{t.llm_calls} model call(s) · tokens {row['Tokens'] or 'not reported'} · "
                   f"{t.elapsed_ms} ms")
        if t.replaced:
            st.caption(":material/edit: This question was edited and asked again: a newer turn (listed above) "
                       "replaced it in the thread. Its record is kept here as it ran.")
        if t.tool_calls:
            st.dataframe(tool_rows(t), hide_index=True, key=f"audit_tools_{t.turn_id}")
        if t.node_ms:
            st.json(t.node_ms, expanded=False)
        if t.decisions:
            st.write("Decisions:", t.decisions)
        if t.transactions:
            st.markdown("**Applied:** " + no_images("; ".join(applied_lines(t))))
        if t.guard:
            st.warning(f"Loop guard: {t.guard}")

st.divider()
render_calc_audit()
