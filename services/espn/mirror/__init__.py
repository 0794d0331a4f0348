"""A local ESPN: the demo league served as ESPN's fantasy API answers it (`python -m services espn-mirror`).

`views.py` turns the demo league on an as-of morning into ESPN's JSON shapes (those of the recorded
responses in tests/fixtures/espn; its players' in `players.py`, ESPN's ids in `ids.py`); `server.py`
serves them on 127.0.0.1.
"""
