"""Issue #38: one description of every decision, used by every page (AppTest).

Jan 29, the one demo league: one of the full review's cards moves an OUT player to IR and adds a free
agent; nobody is dropped. Approving it must read "Moved X to IR, added Y" in the chat (live and
after a reload), the League "Recent approved moves" table, Approvals History and the Audit table.
The broken version (a "Drop"/"Add" pair of columns, "Approved: move X to IR, add Y", "Done:
moved X to IR and added Y" read back from the agent's line) said "Drop X" on three pages.
"""
from __future__ import annotations

from agents.door import AuditRecord, Card
from pages.components import audit_rows, moves
from pages.components.league_tables import decision_rows, transaction_rows
from tests.app.conftest import OPTIMIZE, ask, rendered_text


def _ir_card(at) -> tuple[str, str, int]:
    """(drop, add, index among the cards) of the review's IR card ("**Move X to IR, add Y, ...**")."""
    titles = [m.value for m in at.markdown if m.value.startswith(("**Drop ", "**Move "))]
    i = next((i for i, t in enumerate(titles) if t.startswith("**Move ") and " to IR, add " in t), None)
    assert i is not None, titles  # the scenario: an IR card in the set
    head = titles[i].strip("*")
    return head.removeprefix("Move ").split(" to IR")[0], head.split(", add ")[1].split(",")[0], i


def test_an_ir_move_reads_moved_to_ir_on_every_page_live_and_after_a_reload(app):
    at = ask(app("t-ir-words"), OPTIMIZE)
    drop, add, i = _ir_card(at)
    at = [b for b in at.button if b.label == "Approve"][i].click().run()
    assert not at.exception
    words = f"Moved {drop} to IR, added {add}"

    from agents.core.runtime import get_assistant

    stored = get_assistant().transactions()  # the store: one move, an IR move of these two players
    assert [(m["card"]["kind"], m["drop"], m["add"]) for m in stored] == [("ir", drop, add)]

    live = [s.value for s in at.success]
    assert any(v.startswith(f"Approved. {words} (") and v.endswith("; nobody was dropped.") for v in live), live

    at.switch_page("pages/league.py").run()
    assert not at.exception
    recent = at.table[-1].value  # "Recent approved moves", the page's last table
    assert list(recent["Move"]) == [words]
    assert "Drop" not in recent.columns

    at.switch_page("pages/approvals.py").run()
    assert not at.exception
    history = at.dataframe[0].value
    assert list(history["Move"]) == [words]
    assert "Gain (hindsight)" not in history.columns  # Hindsight is off: no realized gain
    assert list(history["Gain"])[0].startswith("expected +")

    at.switch_page("pages/audit.py").run()
    assert not at.exception
    questions = list(at.dataframe[0].value["Question"])
    assert words in questions, questions
    assert not any(f"drop {drop}" in q.lower() for q in questions)

    fresh = app("t-ir-words")  # a reload: a new session on the same link
    assert not fresh.exception
    again = [s.value for s in fresh.success]
    assert any(v.startswith(f"Approved. {words} (") for v in again), again
    assert f"Drop {drop}" not in rendered_text(fresh)


def test_the_hindsight_toggle_shows_realized_gains_in_approvals_history(app):
    """With Hindsight on, History shows the realized gain (catches a toggle that hides it for good)."""
    at = ask(app("t-ir-hind"), OPTIMIZE)
    at = next(b for b in at.button if b.label == "Approve").click().run()
    at.switch_page("pages/approvals.py").run()
    at.toggle(key="approvals_hindsight").set_value(True).run()
    assert not at.exception
    history = at.dataframe[0].value
    assert list(history["Gain (hindsight)"])[0].startswith("expected +") and "realized" in history["Gain (hindsight)"][0]


CARD = dict(move_id="mv_1", title="Move John Collins to IR, add Jeremy Sochan", drop="John Collins",
            add="Jeremy Sochan", drop_id="collijo01", add_id="sochaje01", expected_gain=3.0, unit="pts",
            expires_at="2025-01-30T19:00", league_id="demo-points-2025-01-29", team_id=1, as_of="2025-01-29")


def test_each_kind_of_move_has_one_description_in_every_table():
    """The four kinds of roster moves, in the tables built from the runtime's rows and the audit."""
    from agents.door import DecidedCard, TransactionRow

    expected = {"swap": "Dropped John Collins, added Jeremy Sochan", "ir": "Moved John Collins to IR, added Jeremy Sochan",
                "activate": "Activated Jeremy Sochan from IR, dropped John Collins",
                "activate_ir": "Activated Jeremy Sochan from IR, moved John Collins to IR"}
    for kind, words in expected.items():
        row = TransactionRow(move_id="mv_1", drop="John Collins", add="Jeremy Sochan", kind=kind, unit="pts",
                             expected_gain=3.0)
        assert transaction_rows([row])[0]["Move"] == words
        decided = DecidedCard(**row.model_dump(), thread_id="t", decision="approve", outcome="applied")
        assert decision_rows([decided])[0]["Move"] == words
        declined = DecidedCard(**row.model_dump(), thread_id="t", decision="decline", outcome="declined")
        assert decision_rows([declined])[0]["Move"] == f"Declined: {moves.proposed_text(row)}"
        record = AuditRecord.model_validate({
            "turn_id": "r", "thread_id": "t", "created_at": "2025-01-29T20:00:00",
            "question": "[decision] {'mv_1': 'approve'}", "decisions": {"mv_1": "approve"},
            "transactions": [{"move_id": "mv_1", "outcome": "applied", "drop": "John Collins", "add": "Jeremy Sochan",
                              "expected_gain": 3.0, "unit": "pts", "kind": kind}]})
        assert audit_rows.applied_lines(record) == [words]
        assert audit_rows.question_text(record, limit=200) == words
    card = Card(**CARD, kind="ir")
    assert moves.proposed_text(card) == "move John Collins to IR, add Jeremy Sochan"
