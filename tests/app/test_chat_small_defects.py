"""Issue #38, the smaller defects, in AppTest: a long paste refused before it is echoed, the live
thread drawn as a reload draws it, decided cards that stop counting down, and the Signals
scoreboard's groups in words (each names the broken version it catches)."""
from __future__ import annotations

from pages.components import signal_cards
from tests.app.conftest import OPTIMIZE, ask


def _messages(at) -> list[tuple[str, str]]:
    """Each chat message's role and every text drawn in it (markdown, captions, alerts)."""
    out = []
    for m in at.chat_message:
        texts = [e.value for e in m.markdown] + [e.value for e in m.caption] + [e.value for e in m.success] + \
            [e.value for e in m.info]
        out.append((m.name, " | ".join(t for t in texts if "Expires in" not in t)))
    return out


def test_a_long_paste_is_refused_before_it_is_echoed(app):
    """The broken version drew all 5,000 characters as the user's message, then refused them."""
    at = app("t-paste")
    at.chat_input[0].set_value("x" * 5000).run()
    assert not at.exception
    assert [e.value for e in at.error] == ["That message is too long (5,000 characters; the limit is 4,000); nothing "
                                           "was sent. Shorten it and ask again."]
    assert not at.chat_message  # nothing echoed, nothing answered
    from agents.core.runtime import get_assistant

    assert get_assistant().history("t-paste") == []


def test_the_live_thread_is_the_thread_a_reload_draws(app):
    """After a review and an approval, the live page shows the same messages, in the same order,
    as a reload (the broken version: a "Done..." message only a reload showed, and cards that moved
    under a later message)."""
    at = ask(app("t-same"), OPTIMIZE)
    at = next(b for b in at.button if b.label == "Approve").click().run()
    at = ask(at, "Who should I pick up?")
    assert not at.exception
    fresh = app("t-same")
    assert not fresh.exception
    assert _messages(at) == _messages(fresh)


def test_decided_cards_stop_counting_down(app):
    at = ask(app("t-count"), OPTIMIZE)
    counting = [c.value for c in at.caption if c.value.startswith("Expires in ")]
    assert len(counting) == 3 and len(set(counting)) == 1  # one set, one clock
    at = next(b for b in at.button if b.label == "Approve").click().run()
    assert not [c.value for c in at.caption if c.value.startswith("Expires in ")]
    assert len([c.value for c in at.caption if c.value == "Made for the 19:00 lineup lock"]) == 3


def test_the_scoreboard_groups_have_words_for_headers_and_no_none_cells():
    board = {"by_confidence": {"high": {"n": 0, "hit_rate": None, "realized_ev": None, "brier": None,
                                        "market_brier": None, "bss_vs_market": None},
                               "low": {"n": 4, "hit_rate": 0.5, "realized_ev": 0.01, "brier": 0.2,
                                       "market_brier": 0.21, "bss_vs_market": 0.05}},
             "decisions": {"approved": {"n": 1, "hit_rate": 1.0, "realized_ev": 0.3, "brier": 0.1,
                                        "market_brier": 0.2, "bss_vs_market": 0.5}}}
    rows = signal_cards.group_rows(board)
    assert list(rows[0]) == ["Group", "Signals", "Hit rate", "Realized EV / contract", "Brier (pod)", "Brier (market)",
                             "Skill vs market"]
    assert rows[0]["Group"] == "Confidence high" and rows[0]["Hit rate"] == "n/a"
    assert rows[2]["Group"] == "Approved signals" and rows[2]["Skill vs market"] == "0.5"
    assert not [v for r in rows for v in r.values() if v is None or v == "None"]


def _issue_cards_earlier(monkeypatch, minutes: int) -> None:
    """Cards made from now on carry an issue time `minutes` before the real one (a card set of
    earlier in the evening); the league clocks themselves still read the real time."""
    import datetime as dt

    from agents.core import cards

    class Earlier(dt.datetime):
        @classmethod
        def now(cls, tz=None):
            return dt.datetime.now(tz) - dt.timedelta(minutes=minutes)

    fake = type("dt", (), {n: getattr(dt, n) for n in ("date", "time", "timedelta", "timezone")})
    fake.datetime = Earlier
    monkeypatch.setattr(cards, "dt", fake)


def test_card_sets_made_at_different_times_count_down_to_their_lock_together(app, monkeypatch):
    """Two threads' card sets, made 40 minutes apart, on the Approvals page: every countdown to the
    19:00 lock reads the same on the one league clock (the broken version ran each card's clock from
    its own issue time: '6h 20m' beside '7h 00m', as the issue's 6h 59m, 6h 37m, 6h 42m)."""
    with monkeypatch.context() as m:
        _issue_cards_earlier(m, 40)
        assert not ask(app("t-clock-early"), OPTIMIZE).exception
    assert not ask(app("t-clock-late"), "Is Payton Pritchard worth adding?").exception
    at = app()
    at.switch_page("pages/approvals.py").run()
    assert not at.exception
    counting = [c.value for c in at.caption if c.value.startswith("Expires in ")]
    assert len(counting) >= 4, counting  # both threads' cards are open
    assert len(set(counting)) == 1, counting
    assert counting[0].endswith("(league clock, lineups lock 19:00)")
