"""Issue #38: a league change is announced where it happens and the sidebar says which league and
team every page shows (AppTest). The broken version switched scoring on Settings silently: a new
thread, a roster without the move just approved, and nothing said another league was shown."""
from __future__ import annotations


def _sidebar(at) -> str:
    return " ".join(c.value for c in at.sidebar.caption)


def test_switching_scoring_is_announced_and_the_sidebar_names_the_league(app, csv_facts):
    at = app()
    assert not at.exception
    assert " · points · " in _sidebar(at)  # the first screen says which league and team
    first = [c.value for c in at.main.caption if " · points · " in c.value]  # and its page, for a phone's shut sidebar
    assert len(first) == 1 and first[0].endswith(" · as of Wed Jan 29, 2025"), [c.value for c in at.main.caption]
    at.switch_page("pages/settings.py").run()
    assert not at.toast
    at.radio(key="settings_w_scoring").set_value("categories").run()
    assert not at.exception
    said = [t.value for t in at.toast]
    assert len(said) == 1 and said[0].startswith("Now showing ") and " · categories · " in said[0], said
    assert "as of Wed Jan 29, 2025" in said[0]
    assert [i.value for i in at.info if i.value == said[0]]  # on the page where it happened
    assert " · categories · " in _sidebar(at)
    at.run()
    assert not at.toast  # said once
    at.selectbox(key="settings_w_team").set_value(2).run()
    said = [t.value for t in at.toast]
    assert len(said) == 1 and " · categories · " in said[0]
    team2 = next(b for b in at.selectbox(key="settings_w_team").options if b.startswith(said[0].split(" · ")[2].split(",")[0]))
    assert team2 and said[0].split(" · ")[2].split(",")[0] in _sidebar(at)
