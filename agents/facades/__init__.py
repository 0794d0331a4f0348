"""What the door hands out beside the subsystems' own facades (each subsystem's `facade.py`).

`models.py` holds the typed rows the supervisor's reads return (history, audit, transactions,
threads, decided cards), `graphs.py` the LangGraph server factories (`langgraph.json`), and
`rankings.py` the Players page's rankings reads. `agents.door` loads them; nothing here has
behaviour of its own.
"""
