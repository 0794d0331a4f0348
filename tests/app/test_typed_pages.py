"""The Chat and Audit pages read the door's typed models (issue #21, "Dicts and dead code"): the
chat redraws a reloaded thread from `HistoryTurn` models, and the Audit page's JSON-lines export
writes each `AuditRecord` as recorded (`model_dump(mode="json", exclude_unset=True)`).

Catches: a page reading a facade's model as a dict (`message["role"]`, `t.get("turn_id")`: a
TypeError the page shows instead of the thread), a reload that draws fewer steps or cards than the
live turn did, and an export that drops the fields a record has beyond the typed ones or pads it
with defaults it never recorded (the raw
records are read from the state store here, not through the page's code).
"""
from __future__ import annotations

from pages.components.safe_text import plain_text

import json

import pytest
import streamlit.testing.v1.app_test as app_test_module
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from tests.app.conftest import OPTIMIZE, ask

JOKIC = "How has Nikola Jokic played over his last 5 games?"


def _steps(at) -> list[str]:
    return [s.label.split(" · ")[1] if " · " in s.label else s.label.split(":")[0] for s in at.status]


def test_a_reloaded_chat_redraws_the_turn_from_typed_history(app):
    live = ask(app("t-typed-reload"), OPTIMIZE)
    assert not live.exception
    live_steps = _steps(live)
    live_cards = sorted(m.value for m in live.markdown if m.value.startswith(("**Drop ", "**Move ")))
    assert live_steps[:3] == ["Parse intent", "Gather rosters", "Analyze schedule"] and live_cards

    again = app("t-typed-reload")  # a browser reload: a new session, the thread read back through the door
    assert not again.exception
    assert [m.markdown[0].value for m in again.chat_message if m.name == "user"] == [plain_text(OPTIMIZE)]
    assert _steps(again) == live_steps  # every optimizer step of the live turn, from HistoryStep models
    assert sorted(m.value for m in again.markdown if m.value.startswith(("**Drop ", "**Move "))) == live_cards
    assert len([b for b in again.button if b.label == "Approve"]) == len(live_cards)
    assert again.chat_input[0].disabled is False


@pytest.fixture
def media(monkeypatch):
    """The files the app handed to download buttons: url -> bytes."""
    stores: list[MemoryMediaFileStorage] = []

    class Kept(MemoryMediaFileStorage):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            stores.append(self)

    monkeypatch.setattr(app_test_module, "MemoryMediaFileStorage", Kept)

    def read(url: str) -> bytes:
        file_id = url.rsplit("/", 1)[-1].split(".")[0]
        return next(s.get_file(file_id).content for s in reversed(stores) if file_id in s._files_by_id)

    return read


def test_the_audit_export_writes_each_record_whole(app, media, fresh_state):
    at = ask(app("t-typed-audit"), JOKIC)
    at = next(b for b in ask(at, OPTIMIZE).button if b.label == "Decline").click().run()
    at.switch_page("pages/audit.py").run()
    assert not at.exception
    button = next(b for b in at.get("download_button") if b.proto.label == "Export JSON lines")
    lines = [json.loads(line) for line in media(button.proto.url).decode().splitlines()]

    raw = [json.loads(json.dumps(r, default=str)) for r in fresh_state.store.turns()]  # newest first
    assert [r["question"] for r in raw][1:] == [OPTIMIZE, JOKIC] and raw[0]["question"].startswith("[decision]")
    assert [line["turn_id"] for line in lines] == [r["turn_id"] for r in raw]
    for line, record in zip(lines, raw, strict=True):
        assert line == record  # every recorded field, none changed, no default added
    jokic = lines[-1]
    assert [c["name"] for c in jokic["tool_calls"]] == ["get_player_status", "get_player_game_log"]
    assert list(lines[0]["decisions"].values()) == ["decline"] and lines[0]["transactions"] == []
