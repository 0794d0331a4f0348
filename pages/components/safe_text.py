"""Text from users and tools rendered with markdown images disabled: nothing they write fetches
from a remote host.

Streamlit renders markdown (chat messages, answers, captions, errors, even button and expander
labels) and would load `![x](http://host/pixel.png)` from that host every time the text is
drawn. `no_images` escapes the image marker (`![` -> `!\\[`), so the text shows as written, with
its address visible but never fetched; raw HTML is already escaped by Streamlit
(`unsafe_allow_html` is never set).
"""
from __future__ import annotations

import re

_IMAGE = re.compile(r"!(?=\[)")  # the "!" that makes "[...](...)" or "[...][ref]" an image


def no_images(text: object) -> str:
    """`text` as markdown that draws no image (reference-style and nested images included)."""
    return _IMAGE.sub(r"!\\", "" if text is None else str(text))


_PUNCT = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~&$=:^\"'])")


def plain_text(text: object) -> str:
    """`text` drawn exactly as typed (a user's message): every markdown mark escaped, so
    `**[click](javascript:...)**` shows those characters instead of a bold link, and each line
    break kept (markdown would join the lines)."""
    lines = ("" if text is None else str(text)).split("\n")
    return "  \n".join(_PUNCT.sub(r"\\\1", line) for line in lines)
