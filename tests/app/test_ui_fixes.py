"""Regressions found by using the app in a browser: each test pins one fix.

- the same move offered in two threads (move ids come from the move) crashed the Approvals page;
- approving on the Approvals page left Approve buttons on the other cards of the closed set;
- a late `answer_delta` after the full `answer` printed the answer twice;
- a blank message was sent; an over-long one was typed in full before the runtime refused it;
- chart titles sat on top of their legends; category totals shared one axis (FG% invisible);
- roster averages showed four decimals; decisions in the audit read "[decision] {...}".
"""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from streamlit.testing.v1 import AppTest

from agents.door import AuditRecord, ThreadSummary
from pages.components import audit_rows
from pages.components import cards as card_ui, charts, labels, league_tables
from tests.app.conftest import OPTIMIZE, ask


def approve_buttons(at) -> list:
    return [b for b in at.button if b.label == "Approve"]


def test_the_same_move_pending_in_two_threads_is_drawn_and_decided_per_thread(app):
    ask(app("t-twin-1"), OPTIMIZE)
    ask(app("t-twin-2"), OPTIMIZE)
    from agents.core.runtime import get_assistant

    assistant = get_assistant()
    first = [c["move_id"] for c in assistant.pending_approvals("t-twin-1")]
    second = [c["move_id"] for c in assistant.pending_approvals("t-twin-2")]
    assert set(first) & set(second)  # the same move, offered twice: the case that crashed

    at = app("t-twin-3")
    at.switch_page("pages/approvals.py").run()
    assert not at.exception
    assert len(approve_buttons(at)) == len(first) + len(second)
    key = next(b.key for b in approve_buttons(at) if "t-twin-1" in b.key)
    at.button(key=key).click().run()
    assert not at.exception
    # approving closes thread 1's whole set; thread 2's cards (same move ids) keep their buttons
    assert assistant.pending_approvals("t-twin-1") == []
    left = [b.key for b in approve_buttons(at)]
    assert left and all("t-twin-2" in k for k in left) and len(left) == len(second)
    closed = card_ui.closed_text(None).split(":")[0]  # "Closed": what happened to the siblings (issue #38)
    assert any(i.value.startswith(closed + ": you approved another alternative") for i in at.info)


def draw_late_delta():
    import streamlit as st

    from pages.components import backend
    from pages.components.turn import TurnView

    backend.init_session()
    view = TurnView("t-fake", "late")
    view.consume([{"type": "answer_delta", "text": "Nothing found."},
                  {"type": "answer", "text": "Nothing found.\n\n_Note: the model failed._"},
                  {"type": "answer_delta", "text": "Nothing found.\n\n_Note: the model failed._"},
                  {"type": "done", "result": {}}])
    st.write(f"answer={view.answer!r}")


def test_a_delta_after_the_full_answer_does_not_repeat_it():
    at = AppTest.from_function(draw_late_delta, default_timeout=30).run()
    assert not at.exception
    assert at.markdown[-1].value == "answer='Nothing found.\\n\\n_Note: the model failed._'"


def test_a_blank_message_is_not_sent(app):
    at = ask(app("t-blank"), "   ")
    assert not at.exception
    assert len(at.chat_message) == 0  # no empty bubble, no refusal
    from agents.core.runtime import get_assistant

    assert get_assistant().history("t-blank") == []


def test_a_message_over_the_limit_is_refused_whole_not_cut(app):
    """Issue #18 §3: the box's max_chars cut a 5,000-character paste to 4,000 without a word and the
    answer was for a question nobody asked. Now the box takes it and the refusal says why."""
    at = app("t-long")
    assert at.chat_input[0].proto.max_chars == 0  # no silent cut in the browser
    at = ask(at, "y" * 5000)
    assert not at.exception
    assert any("too long (5,000 characters; the limit is 4,000)" in e.value for e in at.error)
    from agents.core.runtime import get_assistant

    assert get_assistant().audit("t-long") == []


def test_chart_titles_sit_above_their_legends():
    log = {"player": "A", "games": [{"date": "2025-01-27", "fpts": 30.0}, {"date": "2025-01-29", "fpts": 40.0}]}
    for fig in (charts.game_log_figure(log),
                charts.schedule_figure({"players": ["A"], "days": ["2025-01-30"], "games": [[1]]})):
        layout = fig.layout
        assert layout.title.yanchor == "top" and layout.title.y >= 0.95
        assert layout.margin.t >= 70  # room for the title line, then the legend line


def test_category_chart_shows_win_chances_on_one_scale():
    cats = [{"category": "fg_pct", "mine": 0.529, "theirs": 0.545, "leader": "opponent", "win_probability": 0.35},
            {"category": "pts", "mine": 222, "theirs": 314, "leader": "opponent", "win_probability": 0.03},
            {"category": "ast", "mine": 65, "theirs": 57, "leader": "me", "win_probability": 0.9}]
    fig = charts.category_figure(cats)
    bars = {bar.name: dict(zip(bar.x, bar.y, strict=True)) for bar in fig.data}
    assert bars == {"I lead": {"AST": 90.0}, "Opponent leads": {"FG_PCT": 35.0, "PTS": 3.0}}
    assert fig.layout.yaxis.ticksuffix == "%"


def test_schedule_days_read_as_weekdays():
    assert [charts.day_label(d) for d in ("2025-01-30", dt.date(2025, 2, 2), "soon")] == \
        ["Thu 01-30", "Sun 02-02", "soon"]


def test_roster_averages_show_one_decimal():
    player = SimpleNamespace(name="A", eligible=["PG", "G", "UTIL"], team="DEN")
    entry = SimpleNamespace(player=player, status="ACTIVE", on_ir=False, games_remaining=3,
                            recent_fantasy_avg=77.6, fantasy_avg=70.70001, status_evidence="played")
    row = league_tables.roster_rows(SimpleNamespace(entries=[entry]))[0]
    assert (row["Pos"], row["Last 5 FPts"], row["Season FPts"], row["Form"]) == ("PG", "77.6", "70.7", "▲ hot (+6.9)")


def test_recent_chat_labels_are_cut_with_an_ellipsis_and_keep_the_title_in_the_tooltip():
    title = "Who should I stream for the rest of this week? I'm down in a"
    label, tip = labels.thread_label(ThreadSummary(thread_id="t", title=title, pending=2,
                                                   updated_at="2026-11-22T02:59:46+00:00"))
    assert label == "Who should I stream for the rest of… · 2 pending"
    assert tip == f"{title} (last update 2026-11-22 02:59 UTC)"
    assert labels.thread_label(ThreadSummary(thread_id="t", title=None))[0] == "Untitled"


def test_decisions_in_the_audit_say_what_was_decided():
    applied = {"move_id": "mv_1", "outcome": "applied", "drop": "Tari Eason", "add": "Payton Pritchard",
               "expected_gain": 4.2, "unit": "pts"}
    approve = _record({"question": "[decision] {'mv_1': 'approve'}", "intent": "lineup_optimization",
                       "decisions": {"mv_1": "approve"}, "transactions": [applied]})
    decline = _record({"question": "[decision] {'mv_2': 'decline'}", "decisions": {"mv_2": "decline"},
                       "transactions": []})
    assert audit_rows.summary_row(approve)["Question"] == "Dropped Tari Eason, added Payton Pritchard"  # moves.done_text
    assert audit_rows.summary_row(approve)["Intent"] == "Lineup optimization"
    assert audit_rows.question_text(decline) == "Declined (mv_2)"
    assert audit_rows.question_text(_record({"question": "x" * 80})) == "x" * 69 + "…"


def _record(fields: dict) -> AuditRecord:
    return AuditRecord.model_validate({"turn_id": "r", "thread_id": "t", "created_at": "2025-01-29T20:00:00"} | fields)


def test_settings_league_choice_is_not_labelled_twice(app):
    at = app("t-settings-label")
    at.switch_page("pages/settings.py").run()
    assert not at.exception
    radio = at.radio(key="settings_w_league")
    assert radio.proto.label_visibility.value == radio.proto.label_visibility.COLLAPSED
