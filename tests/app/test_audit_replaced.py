"""Issue #38: the Audit page keeps a turn that edit and resend replaced, marked as replaced (AppTest).

Jan 29, the one demo league: a full review (three cards), then Edit and resend with another question.
The thread shows the edited question only (agents/core/edit.py); its store keeps the review's record
marked `replaced`. The broken version: the Audit page listed the edited question alone, so the review
that ran (its tools, its model calls) was gone from the audit.
"""
from __future__ import annotations

from services.store.state import state_store
from tests.app.conftest import OPTIMIZE, ask

EDITED = "How has Nikola Jokic played over his last 5 games?"


def test_the_audit_lists_the_replaced_turn_marked_as_replaced(app):
    at = ask(app("t-audit-edit"), OPTIMIZE)
    assert not at.exception
    at = next(b for b in at.button if b.label == "Edit and resend").click().run()
    at = ask(at, EDITED)
    assert not at.exception
    stored = state_store().turns("t-audit-edit", replaced=True)  # the store, read apart from the page
    assert [(r["question"], bool(r.get("replaced"))) for r in stored] == [(EDITED, False), (OPTIMIZE, True)]
    review_tools = len(stored[1].get("tool_calls") or [])

    at.switch_page("pages/audit.py").run()
    assert not at.exception
    table = at.dataframe[0].value
    questions = list(table["Question"])
    assert questions[0] == EDITED, questions  # newest first: the edited question, as asked
    assert len(questions) == 2 and questions[1].startswith("Replaced by an edit: Review my matchup"), questions
    assert list(table["Tools"])[1] == review_tools > 0  # the replaced review's record, as it ran
    labels = [e.label for e in at.expander]
    assert any("Replaced by an edit: Review my matchup" in lbl for lbl in labels), labels
    assert EDITED in " ".join(labels)

    at.selectbox(key="audit_thread").set_value("t-audit-edit").run()  # the thread's filter keeps it too
    assert len(at.dataframe[0].value) == 2

    at.switch_page("pages/chat.py").run()  # the chat still shows the edited turn only
    assert not at.exception
    said = [m.markdown[0].value for m in at.chat_message if m.name == "user" and m.markdown]
    assert any("Jokic" in s for s in said) and not any("Review my matchup" in s for s in said), said
