"""Issue #38: cards say they are alternatives before the first click, and keep saying what happened
to each after a reload; the sidebar's pending count follows a decision at once (AppTest).

Jan 29, the one league: the full review offers three cards (an IR move on top, two swaps). The
broken version said nothing before the click; after one Approve the others read "No longer pending
(the run moved on)", a reload dropped them, and the sidebar said "3 pending" until the page changed.
"""
from __future__ import annotations

from pages.components import cards as card_ui
from tests.app.conftest import OPTIMIZE, ask


def _titles(at) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith(("**Drop ", "**Move ")) and " expected" in m.value]


def _thread_label(at) -> str:
    return next(b.label for b in at.sidebar.button if b.key.startswith("app_thread_"))


def test_alternatives_are_said_before_the_click_and_closed_cards_stay_after_a_reload(app):
    at = ask(app("t-alt"), OPTIMIZE)
    offered = _titles(at)
    assert len(offered) == 3, offered
    assert [c.value for c in at.caption if "alternatives" in c.value] == [
        f":material/alt_route: {card_ui.alternatives_text(3)}"]
    assert "approving one closes the others" in card_ui.alternatives_text(3)
    assert "computed for today's roster" in card_ui.alternatives_text(3)
    assert _thread_label(at).split(" · ")[1] == "3 pending"

    at = next(b for b in at.button if b.label == "Approve").click().run()  # the top card
    assert not at.exception
    assert "pending" not in _thread_label(at)  # the sidebar says it at once
    head = offered[0].strip("*").split(",")[0] if offered[0].startswith("**Drop ") else offered[0].strip("*")
    if head.startswith("Drop "):  # "Drop X -> Add Y" (a swap), else "Move X to IR, add Y" (an IR move)
        out, _, inn = head.removeprefix("Drop ").partition(" -> Add ")
        approved = f"Dropped {out}, added {inn}"
    else:
        approved = (f"Moved {head.removeprefix('Move ').split(' to IR')[0]} to IR, added "
                    f"{head.split(', add ')[1].split(',')[0]}")
    closed = f"Closed: you approved another alternative ({approved})."
    assert len([i for i in at.info if i.value.startswith(closed)]) == 2, [i.value for i in at.info]

    fresh = app("t-alt")  # a reload
    assert not fresh.exception
    assert sorted(_titles(fresh)) == sorted(offered)  # every card is back, each once
    assert len([i for i in fresh.info if i.value.startswith(closed)]) == 2, [i.value for i in fresh.info]
    assert not [b for b in fresh.button if b.label == "Approve"]
    assert not [c for c in fresh.caption if "alternatives" in c.value]  # said before the click only
