"""The app end to end in AppTest with the offline planner: live steps, answers, cards, refresh, secrets."""
from __future__ import annotations

import json
import re

import pytest

from tests.app.conftest import OPTIMIZE, ask, rendered_text

JOKIC = "How has Nikola Jokic played over his last 5 games?"


def labels(at) -> list[str]:
    return [s.label for s in at.status]


def approve_buttons(at) -> list:
    return [b for b in at.button if b.label == "Approve"]


def test_ask_draws_each_tool_step_by_name_then_the_answer(app, csv_facts, as_of):
    at = ask(app("t-ask"), JOKIC)
    assert not at.exception
    steps = labels(at)
    assert [s.split(" · ")[0].split(":")[0] for s in steps] == ["Player status", "Game log"]
    assert all(s.state == "complete" for s in at.status)
    assert steps[1].startswith("Game log: Nikola Jokić, last 5 games · ") and steps[1].endswith(" ms")
    assert ":material/label: Player research" in "".join(m.value for m in at.markdown)
    assert any("fantasy pts per game" in m.value for m in at.markdown)
    # the game-log chart plots the same fantasy points as the CSV's last five games before the as-of date
    last5 = csv_facts.player_games("jokicni01", before=as_of)[-5:]
    charts = at.get("plotly_chart")
    assert len(charts) == 1
    bars = json.loads(charts[0].proto.spec)["data"][0]
    assert bars["x"] == [r["game_date"].isoformat() for r in last5]
    assert bars["y"] == pytest.approx([r["fpts"] for r in last5])
    assert at.chat_input[0].disabled is False


def test_optimizer_steps_and_cards_leave_the_input_open(app):
    """Cards waiting no longer disable the input (issue #18 §2): the next question sets them aside."""
    at = ask(app("t-opt"), OPTIMIZE)
    assert not at.exception
    nodes = [s.split(" · ")[1] for s in labels(at)]
    assert nodes[:3] == ["Parse intent", "Gather rosters", "Analyze schedule"]
    assert len(approve_buttons(at)) >= 1
    assert at.chat_input[0].disabled is False
    assert any("waiting for your decision" in i.value and "keep asking" in i.value for i in at.info)


def test_approve_from_a_card_applies_once_even_on_a_double_click(app):
    at = ask(app("t-approve"), OPTIMIZE)
    title = next(m.value for m in at.markdown if m.value.startswith(("**Drop ", "**Move ")))
    head = title.strip("*").split(",")[0]
    if head.startswith("Move "):  # an IR move: "Move X to IR, add Y"
        drop, add = head.removeprefix("Move ").removesuffix(" to IR"), title.strip("*").split(", add ")[1].split(",")[0]
        done = f"Approved. Moved {drop} to IR, added {add}"
    else:
        drop, add = head.removeprefix("Drop ").split(" -> Add ")
        done = f"Approved. Dropped {drop}, added {add}"
    first = approve_buttons(at)[0]
    decline = next(b for b in at.button if b.key == first.key.replace("_approve_", "_decline_"))
    first.click()
    decline.click()  # a second click on the same card lands in the same rerun
    at.run()
    assert not at.exception
    assert [s.value for s in at.success] == [done + at.success[0].value.split(add, 1)[1]]
    assert approve_buttons(at) == []
    assert at.chat_input[0].disabled is False
    from agents.core.runtime import get_assistant

    moves = get_assistant().transactions()
    assert [(m["drop"], m["add"]) for m in moves] == [(drop, add)]
    at.run()  # the redraw keeps the outcome and shows no buttons
    assert approve_buttons(at) == [] and any(s.value.startswith("Approved.") for s in at.success)


def test_decline_from_a_card_changes_nothing(app):
    at = ask(app("t-decline"), OPTIMIZE)
    offered = len(approve_buttons(at))
    next(b for b in at.button if b.label == "Decline").click().run()
    assert not at.exception
    declined = [i.value for i in at.info if i.value.startswith("Declined")]
    assert declined and not any(v.startswith("Declined. Declined") for v in declined)  # said once
    from agents.core.runtime import get_assistant

    # the next best cards stay offered after a decline; nothing changed
    assert get_assistant().transactions() == []
    left = get_assistant().pending_approvals("t-decline")
    assert len(left) == offered - 1 and len(approve_buttons(at)) == len(left)
    assert any("Next best:" in m.value for m in at.markdown)


def test_refresh_redraws_history_and_pending_cards(app):
    at = ask(app("t-refresh"), JOKIC)
    at = ask(at, OPTIMIZE)
    n_cards = len(approve_buttons(at))
    answers = [m.value for m in at.markdown if "fantasy pts per game" in m.value or m.value.startswith("**Top move")]
    fresh = app("t-refresh")  # a new session opening the same link
    assert not fresh.exception
    assert [m.value for m in fresh.chat_message[0].markdown] == [JOKIC]
    # after a refresh: tool steps with their timings (from the audit) and the optimizer's steps
    assert [s.split(" · ")[0].split(":")[0] for s in labels(fresh)] == ["Player status", "Game log"] + ["Optimizer"] * 7
    # optimizer steps keep their durations too ("840 ms", or "1.2 s" when a loaded machine is slow)
    assert all(re.search(r" · \d+ ms$| · \d+\.\d s$", lbl) for lbl in labels(fresh))
    redrawn = [m.value for m in fresh.markdown if m.value in answers]
    assert redrawn == answers
    assert len(approve_buttons(fresh)) == n_cards >= 1
    assert fresh.chat_input[0].disabled is False  # cards waiting never block a new question (issue #18 §2)


def test_new_thread_gets_an_unguessable_id_in_the_url(app):
    at = app()
    thread = at.query_params["thread"]
    assert isinstance(thread, str) and len(thread) >= 16
    at.button(key="app_new_chat").click().run()
    assert at.query_params["thread"] != thread


def test_key_field_never_echoes_the_key(app, caplog, capsys):
    secret = "AIzaTEST-not-a-real-key-1234567890"
    at = app("t-key")
    at.switch_page("pages/settings.py").run()
    field = next(t for t in at.text_input if t.label == "Gemini API key")
    assert field.proto.type == field.proto.PASSWORD
    field.set_value(secret).run()
    assert not at.exception
    assert at.session_state["_secret_api_key"].get_secret_value() == secret  # kept for the session only
    assert next(t for t in at.text_input if t.label == "Gemini API key").value == ""
    assert secret not in rendered_text(at)
    assert any("Set for this session only" in c.value for c in at.caption)
    for page in ("pages/chat.py", "pages/audit.py", "pages/settings.py"):
        at.switch_page(page).run()
        assert secret not in rendered_text(at)
    out = capsys.readouterr()
    assert secret not in out.out + out.err + caplog.text


@pytest.mark.parametrize("page", ["league", "approvals", "audit", "settings"])
def test_every_page_renders(app, page):
    at = ask(app(f"t-page-{page}"), OPTIMIZE)
    at.switch_page(f"pages/{page}.py").run()
    assert not at.exception
    assert at.title


def test_approvals_page_lists_cards_across_threads_and_decides_them(app):
    ask(app("t-many-1"), OPTIMIZE)
    at = app("t-many-2")
    at.switch_page("pages/approvals.py").run()
    from agents.core.runtime import get_assistant

    pending = get_assistant().all_pending()
    assert {c["thread_id"] for c in pending} == {"t-many-1"}
    assert len(approve_buttons(at)) == len(pending) >= 1
    approve_buttons(at)[0].click().run()
    assert not at.exception
    assert any(s.value.startswith("Approved.") for s in at.success)
    assert get_assistant().all_pending() == []
    assert len(get_assistant().transactions()) == 1


def test_league_page_in_categories_scoring_shows_who_leads(app):
    at = app("t-cats")
    at.session_state["settings_scoring"] = "categories"
    at.switch_page("pages/league.py").run()
    assert not at.exception
    leads = at.dataframe[0].value["Leads"].tolist()
    assert leads and set(leads) <= {"Me", "Opponent", "Tied"}
    assert len(at.get("plotly_chart")) == 2  # category bars and the schedule grid
