"""Content stays on the machine: a markdown image in a question is shown as text, never fetched,
live or when the thread is opened again (it was fetched from its host on every draw)."""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from pages.components.safe_text import no_images
from tests.app.server import CHROMIUM, chromium, streamlit_server


class _Pixel(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802 - http.server's name
        type(self).hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/gif")
        self.end_headers()
        self.wfile.write(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;")

    def log_message(self, *args):
        pass


@pytest.mark.parametrize(("text", "expected"), [
    ("![x](http://h/p.png)", "!\\[x](http://h/p.png)"),
    ("a [![b][r]](l) c", "a [!\\[b][r]](l) c"),
    ("no image here! [link](http://h)", "no image here! [link](http://h)"),
    (None, ""),
])
def test_no_images_escapes_every_image_marker(text, expected):
    assert no_images(text) == expected


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="needs /usr/bin/chromium")
def test_an_image_in_a_question_is_never_fetched(fresh_state, tmp_path):
    pytest.importorskip("playwright.sync_api")
    pixel = ThreadingHTTPServer(("127.0.0.1", 0), _Pixel)
    threading.Thread(target=pixel.serve_forever, daemon=True).start()
    image = f"![x](http://127.0.0.1:{pixel.server_address[1]}/pixel.png)"
    _Pixel.hits = []
    try:
        with streamlit_server(fresh_state.home, tmp_path / "server.log") as (url, _), chromium() as browser:
            try:
                page = browser.new_page(viewport={"width": 1400, "height": 2000})
                page.goto(url, wait_until="domcontentloaded")
                box = page.get_by_test_id("stChatInputTextArea")
                box.wait_for(timeout=30_000)
                box.fill(f"How is Jokic doing? {image}")
                box.press("Enter")
                page.get_by_text("Nikola Jokic").first.wait_for(timeout=30_000)
                page.get_by_text(image).first.wait_for(timeout=10_000)  # shown as the text it is
                thread_url = page.url
                page.wait_for_timeout(1500)
                page.goto(thread_url, wait_until="domcontentloaded")  # the thread opened again
                page.get_by_text(image).first.wait_for(timeout=30_000)
                page.wait_for_timeout(1500)
                assert page.locator(f"img[src*='{pixel.server_address[1]}']").count() == 0
            finally:
                browser.close()
    finally:
        pixel.shutdown()
    assert _Pixel.hits == []
