"""A minimal Streamlit session over the app's own websocket (`/_stcore/stream`), no browser.

Used by the multi-process test and `bench/load.py`: it opens a session like a browser tab does,
submits chat messages and clicks buttons by sending the same `BackMsg` protobufs the frontend
sends, and collects what each script run drew (markdown, alerts, exceptions, buttons) until
`script_finished`. The server must run with `--server.enableXsrfProtection false` (the token
normally comes from a cookie the browser holds); everything stays on loopback.
"""
from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ALERT_ERROR = 1  # Alert.Format.ERROR


@dataclass
class Run:
    """What one script run drew, in order, and how long it took."""

    texts: list[str] = field(default_factory=list)  # markdown bodies, alerts and captions
    errors: list[str] = field(default_factory=list)  # error alerts and exceptions
    exceptions: list[str] = field(default_factory=list)
    buttons: dict[str, list[str]] = field(default_factory=dict)  # label -> widget ids, in order drawn
    chat_input: str | None = None
    expanders: list[str] = field(default_factory=list)  # labels of st.status / st.expander blocks
    seconds: float = 0.0
    status: str = ""

    @property
    def text(self) -> str:
        return "\n".join(self.texts)


class Session:
    """One browser-tab-like session of the app at `url` on thread `thread`."""

    def __init__(self, url: str, thread: str):
        self.ws_url = url.replace("http://", "ws://") + "/_stcore/stream"
        self.thread = thread
        self.ws = None
        self.page_hash = ""
        self.last: Run | None = None

    async def __aenter__(self) -> "Session":
        self.ws = await websockets.connect(self.ws_url, subprotocols=["streamlit"], max_size=2**26,
                                           open_timeout=30)
        self.last = await self._rerun([])
        return self

    async def __aexit__(self, *exc) -> None:
        await self.ws.close()

    async def ask(self, question: str, timeout: float = 120) -> Run:
        """Types `question` into the chat input and waits for the run to finish."""
        assert self.last and self.last.chat_input, "no chat input on the page"
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        w = WidgetState(id=self.last.chat_input)
        w.chat_input_value.data = question
        return await self._rerun([w], timeout)

    async def click(self, button_id: str, timeout: float = 120) -> Run:
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        return await self._rerun([WidgetState(id=button_id, trigger_value=True)], timeout)

    async def reload(self, timeout: float = 120) -> Run:
        return await self._rerun([], timeout)

    async def _rerun(self, widgets: list, timeout: float = 120) -> Run:
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string = f"thread={self.thread}"
        cs.page_script_hash = self.page_hash
        for w in widgets:
            cs.widget_states.widgets.append(w)
        t0 = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        run = Run()
        started = False
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
            fwd = ForwardMsg()
            fwd.ParseFromString(raw)
            kind = fwd.WhichOneof("type")
            if kind == "new_session":
                started = True
                self.page_hash = fwd.new_session.page_script_hash or self.page_hash
            elif kind == "delta" and started:
                _collect(fwd.delta, run)
            elif kind == "script_finished" and started:
                run.status = ForwardMsg.ScriptFinishedStatus.Name(fwd.script_finished)
                if fwd.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    break
                run = Run()  # the script reran itself (st.rerun): what counts is the last run
        run.seconds = time.perf_counter() - t0
        self.last = run
        return run


def _collect(delta, run: Run) -> None:
    kind = delta.WhichOneof("type")
    if kind == "add_block":
        block = delta.add_block
        which = block.WhichOneof("type")
        if which == "expandable":
            run.expanders.append(block.expandable.label)
        return
    if kind not in ("new_element", "new_transient"):
        return
    el = delta.new_element if kind == "new_element" else None
    if el is None:
        return
    which = el.WhichOneof("type")
    if which == "markdown":
        run.texts.append(el.markdown.body)
    elif which == "alert":
        run.texts.append(el.alert.body)
        if el.alert.format == ALERT_ERROR:
            run.errors.append(el.alert.body)
    elif which == "exception":
        text = f"{el.exception.type}: {el.exception.message}"
        run.exceptions.append(text)
        run.errors.append(text)
    elif which == "button":
        run.buttons.setdefault(el.button.label, []).append(el.button.id)
    elif which == "chat_input":
        run.chat_input = el.chat_input.id
