"""Settings widgets that survive page changes and never send a secret back to the browser.

Widget keys (`settings_w_*`) are dropped by Streamlit when their page is not shown, so each widget
copies its value into a plain session key (`settings_*`) on change. Secret fields are cleared in
their callback right after the value moves to a `_secret_*` key (as a `SecretStr`): the browser never
gets it back.
"""
from __future__ import annotations

import streamlit as st
from pydantic import SecretStr

ss = st.session_state


def _copy(widget_key: str, target: str) -> None:
    ss[target] = ss[widget_key]
    from pages.components import backend

    backend.settings_changed()  # a thread bound to another league keeps it; a new chat starts


def _take_secret(widget_key: str, target: str) -> None:
    value = (ss.get(widget_key) or "").strip()
    if value:
        ss[target] = SecretStr(value)  # prints as '**********' wherever the session state is shown
    ss[widget_key] = ""


def kept(widget, label: str, target: str, **kwargs):
    """Draws `widget` through a `settings_w_` key and keeps its value in the plain key `target`.

    Choice widgets get their `index` from the caller; value widgets start from `ss[target]`.
    """
    wkey = "settings_w_" + target.removeprefix("settings_")
    if widget in (st.date_input, st.text_input):
        kwargs.setdefault("value", ss[target])
    return widget(label, key=wkey, on_change=_copy, args=(wkey, target), **kwargs)


def secret(label: str, target: str, help: str | None = None) -> None:
    """A password field whose value moves to `target` (session only); shows only set / not set."""
    wkey = "settings_w_" + target.removeprefix("_secret_")
    st.text_input(label, key=wkey, type="password", on_change=_take_secret, args=(wkey, target),
                  placeholder="set for this session" if ss.get(target) else "", help=help)
    if ss.get(target):
        col1, col2 = st.columns([3, 1])
        col1.caption("Set for this session only (not saved, not shown).")
        if col2.button("Forget", key=f"{wkey}_forget"):
            ss[target] = None
            st.rerun()
