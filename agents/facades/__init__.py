"""Thin facades over each agent's runtime (supervisor, desk, signals, arena), typed with pydantic.

`agents.door` is the registry of these facades and the one module the pages, the CLIs and the HTTP
API import. A facade adds no behaviour of its own: it opens the runtime, and turns the runtime's
rows into the models of `agents.facades.models`.
"""
