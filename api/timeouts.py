"""The server's deadline for a request's headers: uvicorn's HTTP/1.1 protocol with a timer from the
moment a connection opens (and again after each response on a kept-alive connection) until the
request's headers are complete. A client that sends its headers a byte at a time (slowloris)
gets 408 and a closed connection after `header_timeout` seconds, instead of holding it for good.

The body's deadline is `api.security.BodyLimit`'s (it reads the body before the route runs).
"""
from __future__ import annotations

import asyncio
import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol


class HeaderDeadlineProtocol(H11Protocol):
    header_timeout: float = 10.0
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the request line and headers are in
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._arm()  # the next request on this connection has the same deadline

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_late(self) -> None:
        self._header_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            return
        if self.conn.our_state is h11.IDLE and self.conn.their_state is h11.IDLE:
            body = json.dumps({"error": f"request headers not received within {self.header_timeout:g} s"}).encode()
            self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
                                 b"connection: close\r\ncontent-length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        self.transport.close()


def header_deadline_protocol(seconds: float) -> type[HeaderDeadlineProtocol]:
    """The protocol class uvicorn runs (`uvicorn.run(..., http=...)`), with this deadline."""
    return type("HeaderDeadline", (HeaderDeadlineProtocol,), {"header_timeout": float(seconds)})
