"""Issue #38 in headless Chromium: the chat works as the chat apps people use daily.

Each test names the broken version it catches. On the code before #38: the composer was called in a
fragment, so it sat inline (above the heading on the first screen, 2,300-3,700 px below the view
after an answer); nothing scrolled to the newest message; the offline planner's answer appeared
whole; there was no Stop, no Edit and resend, no Copy; an IR approval read "Drop X" on League,
Approvals and Audit.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.conftest import OPTIMIZE
from tests.app.server import CHROMIUM, chromium, send_message, turn_settled, keep_screenshot, streamlit_server

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")]

JOKIC = "How has Nikola Jokic played over his last 5 games?"

# Where the composer and the newest message are, in the viewport (CSS pixels).
GEOMETRY = """() => {
  const box = document.querySelector('[data-testid="stChatInput"]').getBoundingClientRect();
  const msgs = [...document.querySelectorAll('[data-testid="stChatMessage"]')];
  const last = msgs.length ? msgs[msgs.length - 1].getBoundingClientRect() : null;
  return {vh: window.innerHeight, top: box.top, bottom: box.bottom, n: msgs.length,
          lastTop: last && last.top, lastBottom: last && last.bottom};
}"""

# Records every text the live turn's answer slot (`TurnView(live=True)`: class st-key-chat_m<N>_answer)
# held while the turn ran.
WATCH_ANSWER = """() => {
  window.__seen = [];
  new MutationObserver(() => {
    const t = document.querySelector('[class*="_answer"] [data-testid="stMarkdownContainer"]');
    if (t && t.innerText.trim() && window.__seen[window.__seen.length - 1] !== t.innerText) window.__seen.push(t.innerText);
  }).observe(document.body, {childList: true, subtree: true, characterData: true});
}"""


def _following(g: dict) -> bool:
    return g["lastTop"] < g["top"] and g["lastBottom"] <= g["top"] + 40


def _geometry_when(page, want: bool, tries: int, every_ms: int) -> dict:
    """The view's geometry once `_following` is `want`, or the last read after `tries` waits of `every_ms`."""
    g = page.evaluate(GEOMETRY)
    for _ in range(tries):
        if _following(g) == want:
            break
        page.wait_for_timeout(every_ms)
        g = page.evaluate(GEOMETRY)
    return g


def _assert_pinned_and_following(page) -> None:
    # the view follows once the last elements have drawn: under a loaded CI run that came after the
    # cards (the newest message's bottom 1,500 px below the view, then followed); wait for it, up to 30 s
    g = _geometry_when(page, True, 60, 500)
    assert g["vh"] - 160 <= g["top"] and g["bottom"] <= g["vh"] + 1, g  # the composer at the bottom of the view
    assert g["lastTop"] < g["top"] and g["lastBottom"] <= g["top"] + 40, g  # the newest message just above it


@pytest.mark.parametrize("width,height", [(1400, 900), (390, 844)])
def test_the_composer_is_pinned_and_the_view_follows_the_newest_message(fresh_state, tmp_path, width, height):
    """After a full review (a long answer, steps and cards): the composer sits at the bottom of the
    view and the newest message ends just above it, at a desktop and a phone size (the broken
    version: the composer 2,300-3,700 px below the view, the view at the top of the thread)."""
    pytest.importorskip("playwright.sync_api")
    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(url, wait_until="domcontentloaded")
        page.get_by_test_id("stChatInputTextArea").wait_for(timeout=30_000)
        g = page.evaluate(GEOMETRY)
        assert g["top"] >= g["vh"] - 160, g  # the first screen: at the bottom, under the suggestions
        send_message(page, OPTIMIZE)
        page.get_by_role("button", name="Approve").first.wait_for(timeout=90_000)
        turn_settled(page, 2, 800)
        keep_screenshot(page, tmp_path / f"pinned-{width}.png")
        _assert_pinned_and_following(page)
        scroller_h = page.evaluate("() => document.documentElement.scrollHeight")
        assert scroller_h <= height + 2 or page.evaluate(
            "() => { const m = document.querySelector('[data-testid=\"stMain\"]'); return m.scrollTop > 0 }")

        # coming back to the chat (a reload of its link) opens at the newest message
        page.reload(wait_until="domcontentloaded")
        page.get_by_role("button", name="Approve").first.wait_for(timeout=60_000)
        turn_settled(page, 2, 800)
        _assert_pinned_and_following(page)
        _assert_only_the_user_unsticks(page)
        _assert_the_wheel_wins_its_races(page)


# Where the main scroller is, and a change of the page as a streamed chunk makes one.
# The element the chat scrolls (the product's own choice: the first of these that scrolls), where it
# is, and a change of the page as a streamed chunk makes one.
SCROLLER = """(() => {
  for (const sel of ['[data-testid="stAppScrollToBottomContainer"]', '.stMain', '[data-testid="stMain"]', '[data-testid="stAppViewContainer"]']) {
    const el = document.querySelector(sel);
    if (el && el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(el).overflowY)) return el;
  }
  return document.scrollingElement; })()"""
SCROLL_TO_TOP = "() => { " + SCROLLER + ".scrollTop = 0 }"
GROW = """() => { const d = document.createElement('div'); d.style.height = '600px';
  const m = document.querySelectorAll('[data-testid="stChatMessage"]'); m[m.length - 1].after(d); }"""


def _assert_only_the_user_unsticks(page) -> None:
    """A scroll the browser makes itself (here a script's; scroll anchoring while the content above
    reflows is one) leaves the view following: the next change of the page brings it back to the
    bottom (the broken version: any scroll more than 160 px from the bottom unstuck it, and a reload
    under load left the view at the top of a 5,400 px answer). The user's own scroll up (the wheel)
    stops the following: the next change leaves the view where the user put it."""
    page.evaluate(SCROLL_TO_TOP)
    page.wait_for_timeout(300)
    page.evaluate(GROW)
    # an unexplained scroll up holds the following back half a second (a wheel's event can come after
    # its scroll); then the change brings the view back: wait for it, up to 5 s
    back = _geometry_when(page, True, 20, 250)
    assert _following(back), back
    box = page.get_by_test_id("stChatMessage").last.bounding_box()
    page.mouse.move(box["x"] + 20, 200)
    # the wheel's scroll is the browser's, animated, and not awaited by Playwright: under a loaded CI
    # run it had not moved the view 500 ms later; wait for it, up to 10 s. Under a loaded run about one
    # wheel turn in ten left the view at the bottom (the page had the wheel's event: the follower was
    # stuck again after it); a person turns the wheel again, and so does this check, once. The broken
    # version (no wheel unsticks the view) fails both turns.
    for _turn in range(2):
        page.mouse.wheel(0, -1500)
        up = _geometry_when(page, False, 40, 250)
        if not _following(up):
            break
    assert not _following(up), up
    page.wait_for_timeout(300)  # the animation's end
    up = page.evaluate(GEOMETRY)
    page.evaluate(GROW)
    page.wait_for_timeout(800)
    after = page.evaluate(GEOMETRY)
    # the view is not brought back to the newest message. (Under a loaded CI run the view once moved 661 px
    # after this growth, of the ~2,100 px back to the bottom: not our follower, which never scrolls part
    # way; locally, under four busy loops too, it does not move at all. So the check is that the view is
    # not at the bottom and moved far less than the way back to it, which the broken version travels whole.)
    assert not _following(after), (up, after)
    assert after["lastTop"] > up["lastTop"] - 1200, (up, after)


# Two orders a loaded browser makes of a wheel turned up while the view follows, played in the page
# with the wheel's event and its scroll written out: (a) a change queued the scroll to the bottom and
# the wheel comes before that scroll runs; (b) the wheel's scroll comes first and its event after a
# change of the page. Each returns how far above the bottom the view is once things have settled.
WHEEL_RACES = """async () => {
  const el = """ + SCROLLER + """;
  const pause = (ms) => new Promise(r => setTimeout(r, ms));
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  const grow = () => { const d = document.createElement('div'); d.style.height = '300px';
    const m = document.querySelectorAll('[data-testid="stChatMessage"]'); m[m.length - 1].after(d); };
  const wheel = () => document.dispatchEvent(new WheelEvent('wheel', {deltaY: -500, bubbles: true}));
  const place = () => el.scrollHeight - el.scrollTop - el.clientHeight;  // px above the bottom
  const out = {};
  el.scrollTop = el.scrollHeight; await pause(700);  // back at the bottom: following again
  grow(); await Promise.resolve(); await Promise.resolve();  // the change has queued its scroll down
  wheel(); el.scrollTop = Math.max(0, el.scrollTop - 1500);
  await pause(900); out.a = place();
  el.scrollTop = el.scrollHeight; await pause(700);
  el.scrollTop = Math.max(0, el.scrollTop - 1500); await frame(); await frame();  // the wheel's scroll
  grow(); await pause(100); wheel();  // a change, then the wheel's event
  await pause(900); out.b = place();
  return out;
}"""


def _assert_the_wheel_wins_its_races(page) -> None:
    """However a loaded browser orders a wheel turned up against the follower's own scroll, the view
    stays where the wheel put it (the broken versions: (a) a scroll to the bottom queued before the
    wheel ran after it and stuck the view again, so the CI run's wheel never moved the view; (b) the
    wheel's scroll was taken for the browser's and undone before its event came)."""
    got = page.evaluate(WHEEL_RACES)
    assert got["a"] > 1000 and got["b"] > 1000, got  # the wheel's 1,500 px up, not the bottom


def test_the_answer_is_written_as_it_comes_and_can_be_copied_and_edited(fresh_state, tmp_path):
    """The offline planner's answer is written in chunks (the broken version drew it whole: its
    block never held a beginning of it; the check of text lengths before Dec 2 passed on that version,
    other blocks of the message growing); Copy puts the answer's text on the clipboard; Edit and resend puts the last question
    back in the composer (sent, it replaces that turn: tests/app/test_chat_edit_browser.py); a
    question with markdown is shown as typed."""
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
        page.goto(url, wait_until="domcontentloaded")
        page.get_by_test_id("stChatInputTextArea").wait_for(timeout=30_000)
        page.evaluate(WATCH_ANSWER)
        send_message(page, JOKIC)
        turn_settled(page, 2, 800)
        def words(t: str) -> str:
            return " ".join(t.replace("▌", " ").split())

        seen = [words(t) for t in page.evaluate("() => window.__seen")]
        assert seen, "the live answer slot drew the answer"
        final = max(seen, key=len)
        partial = [t for t in seen if len(t) >= 10 and t != final and final.startswith(t)]
        # the slot held a beginning of the answer before the whole; an answer drawn whole never does
        assert partial, [t[:120] for t in seen]

        from agents.core.runtime import get_assistant

        answer = [m for m in get_assistant().history(page.url.split("thread=")[1].split("&")[0])
                  if m["role"] == "assistant"][-1]["content"]
        page.get_by_role("button", name="Copy").last.click()
        expect(page.get_by_role("button", name="Copied")).to_have_count(1, timeout=10_000)
        assert page.evaluate("() => navigator.clipboard.readText()") == answer

        page.get_by_role("button", name="Edit and resend").click()
        expect(page.get_by_test_id("stChatInputTextArea")).to_have_value(JOKIC, timeout=30_000)

        tricky = "**[click](javascript:alert(1))** and # not a heading"
        page.get_by_test_id("stChatInputTextArea").fill(tricky)
        page.get_by_test_id("stChatInputTextArea").press("Enter")
        user = page.get_by_test_id("stChatMessage").nth(0)  # the edited question replaced the first
        expect(user).to_contain_text(tricky, timeout=90_000)
        turn_settled(page, 2, 800)
        assert tricky in user.inner_text()  # shown as typed: the marks are visible
        assert user.locator("a").count() == 0 and user.locator("strong").count() == 0


def test_stop_ends_the_turn_cleanly(fresh_state, tmp_path):
    """Stop during a full review: the turn ends, the question stays marked "Stopped", no card and no
    audit record come from it, the thread's checkpoint has no pending card, and the next question is
    answered (the broken version had no Stop)."""
    pytest.importorskip("playwright.sync_api")
    from playwright.sync_api import expect

    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url, wait_until="domcontentloaded")
        page.get_by_test_id("stChatInputTextArea").wait_for(timeout=30_000)
        send_message(page, OPTIMIZE)
        stop = page.get_by_role("button", name="Stop")
        stop.wait_for(timeout=60_000)
        stop.click()
        page.get_by_text("Stopped before an answer").wait_for(timeout=60_000)
        expect(page.get_by_test_id("stChatInputTextArea")).to_be_enabled(timeout=30_000)
        page.wait_for_timeout(1000)
        expect(page.get_by_role("button", name="Approve")).to_have_count(0)
        expect(page.get_by_role("button", name="Stop")).to_have_count(0)
        assert page.get_by_test_id("stException").count() == 0

        from agents.core.runtime import get_assistant

        thread = page.url.split("thread=")[1].split("&")[0]
        assistant = get_assistant()
        assert assistant.pending_approvals(thread) == []  # no half card in the checkpoint
        assert [m["role"] for m in assistant.history(thread)] == ["user"]
        assert assistant.audit(thread) == []  # nothing recorded for the stopped turn

        send_message(page, JOKIC)
        turn_settled(page, 3, 800)
        assert "Nikola Jokić" in page.get_by_test_id("stChatMessage").nth(2).inner_text()
        assert [m["role"] for m in assistant.history(thread)] == ["user", "user", "assistant"]


def test_an_ir_approval_reads_the_same_on_every_page(fresh_state, tmp_path):
    """One of the review's cards moves an OUT player to IR; approved, every page says "Moved X to IR,
    added Y", the Audit "Applied" entry too (the broken version: "Drop X" on three pages)."""
    pytest.importorskip("playwright.sync_api")
    import re

    with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url, wait_until="domcontentloaded")
        page.get_by_test_id("stChatInputTextArea").wait_for(timeout=30_000)
        send_message(page, OPTIMIZE)
        page.get_by_role("button", name="Approve").first.wait_for(timeout=90_000)
        turn_settled(page, 2, 800)
        titles = page.locator("[class*='st-key-chat_card_'] strong").all_text_contents()
        ir = next(i for i, t in enumerate(titles) if re.match(r"Move (.+?) to IR, add (.+?), ", t))  # the set's IR card
        drop, add = re.match(r"Move (.+?) to IR, add (.+?), ", titles[ir]).groups()
        words = f"Moved {drop} to IR, added {add}"
        page.get_by_role("button", name="Approve").nth(ir).click()
        page.get_by_text(f"Approved. {words}").first.wait_for(timeout=60_000)
        nav = page.get_by_test_id("stSidebarNav")
        nav.get_by_role("link", name="League").click()
        page.get_by_test_id("stTable").last.get_by_text(words).wait_for(timeout=60_000)
        assert page.get_by_text(f"Drop {drop}", exact=False).count() == 0
        nav.get_by_role("link", name="Approvals").click()
        page.get_by_role("heading", name="History").wait_for(timeout=60_000)
        # the History grid is a canvas: its rows are read from the page's accessible grid
        page.get_by_test_id("stDataFrame").last.get_by_text(words).wait_for(state="attached", timeout=30_000)
        nav.get_by_role("link", name="Audit").click()
        page.get_by_test_id("stExpander").first.wait_for(timeout=60_000)
        page.get_by_test_id("stExpander").get_by_text(words).first.click()
        page.get_by_text(f"Applied: {words}").wait_for(timeout=30_000)
        page.reload(wait_until="domcontentloaded")
        page.get_by_test_id("stExpander").first.wait_for(timeout=60_000)
        nav.get_by_role("link", name="Chat").click()
        page.get_by_text(f"Approved. {words}").first.wait_for(timeout=60_000)
