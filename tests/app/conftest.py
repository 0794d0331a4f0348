"""AppTest helpers: the app under a test's own COURTSIDE_HOME, and a look at everything it drew."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from streamlit.components.v2 import manifest_scanner
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")
OPTIMIZE = "Review my matchup and help me optimize for this week without destroying my team."
TIMEOUT = 60  # the first run in a home compiles the graph and builds the snapshot

# Each new AppTest reads the metadata of every installed package on its first run, looking for
# Streamlit components (about 90 ms of CPU, some hundred times a suite); the installed packages
# do not change during a run, so the scan is made once per test process.
_installed_components = cache(manifest_scanner.scan_component_manifests)
manifest_scanner.scan_component_manifests = lambda *args, **kwargs: list(_installed_components())


@pytest.fixture(scope="module", autouse=True)
def _module_chromium():
    """The browser tests of a module share one Chromium (tests/app/server.py `chromium`); it is
    stopped when the module ends, before another module's asyncio.run() (the sync driver holds the
    thread's running loop while it lives)."""
    yield
    from tests.app.server import stop_browser

    stop_browser()


@pytest.fixture
def app(fresh_state):
    """Factory: `app(thread=...)` -> an AppTest of app.py already run once with `?thread=`."""

    def make(thread: str | None = None) -> AppTest:
        at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        if thread:
            at.query_params["thread"] = thread
        return at.run(timeout=240)

    return make


def rendered_text(at: AppTest) -> str:
    """Every element's protobuf as text (labels, values, markdown, figures), main and sidebar."""
    out: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(out)


def ask(at: AppTest, question: str) -> AppTest:
    at.chat_input[0].set_value(question)
    return at.run(timeout=240)
