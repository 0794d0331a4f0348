"""Trades in the real app (headless Chromium), one full chat flow per scoring mode: "would you
trade X for Y?" -> the verdict (and the category profile in categories) -> "propose X for Y to
<team>" -> Approve -> the other manager accepts by his rule -> both rosters changed, one recorded
move. The trade is chosen from the league's rosters in setup (tests/trade_rule.py)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.app.server import CHROMIUM, chromium_page, keep_screenshot
from tests.trade_rule import accepted_trade, names, roster_after

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]
AS_OF = dt.date(2025, 1, 29)


def _say(page, text: str) -> None:
    from playwright.sync_api import expect

    box = page.get_by_test_id("stChatInputTextArea")
    box.wait_for(timeout=60_000)
    expect(box).to_be_enabled(timeout=60_000)
    page.wait_for_timeout(1500)  # let the last turn's closing rerun settle, or the message can be lost
    box.fill(text)
    box.press("Enter")
    page.get_by_text(text).first.wait_for(timeout=30_000)  # the question is in the thread


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_trade_chat_flow_in_a_browser(fresh_state, tmp_path, demo_source, scoring):
    """Catches a flow that works in AppTest but not in the served app: the card's Approve button,
    the manager's answer drawn after the rerun, the roster change persisted."""
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    src = demo_source(AS_OF, scoring)
    lg = src.league
    xs, ys, partner = accepted_trade(src)
    them, me = lg.team_name(partner)[0], lg.my_team_id
    mine_after = sorted(roster_after(lg, me, xs, ys))
    league_id = lg.league_id

    with chromium_page(fresh_state.home, tmp_path) as page:
        page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
        if scoring == "categories":  # the user's way: Settings -> categories -> Chat
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Settings").click()
            page.get_by_text("categories", exact=True).click()
            page.get_by_text("categories scoring", exact=False).first.wait_for(timeout=30_000)
            page.get_by_test_id("stSidebarNav").get_by_role("link", name="Chat").click()
        _say(page, f"would you trade {names(lg, xs)} for {names(lg, ys)}?")
        # the answer (visible), not the tool step's folded details
        page.locator("text=over the rest of the season >> visible=true").first.wait_for(timeout=90_000)
        if scoring == "categories":
            page.locator("text=Category profile >> visible=true").first.wait_for(timeout=10_000)
        else:
            expect(page.locator("text=Category profile >> visible=true")).to_have_count(0)
        _say(page, f"propose {names(lg, xs)} for {names(lg, ys)} to {them}")
        approve = page.get_by_role("button", name="Approve").first
        approve.wait_for(timeout=90_000)
        assert page.locator("[class*='st-key-chat_card_'] strong").first.text_content().startswith(
            f"Propose trade to {them}")
        approve.click()
        page.locator(f"text={them} accepts >> visible=true").first.wait_for(timeout=90_000)
        expect(page.get_by_role("button", name="Approve")).to_have_count(0, timeout=30_000)
        keep_screenshot(page, tmp_path / f"trade-chat-{scoring}.png")
    moves = fresh_state.store.moves(league_id)
    assert len(moves) == 1 and moves[0]["card"]["kind"] == "trade"
    assert sorted(demo_source(AS_OF, scoring).league.roster_ids(me)) == mine_after
