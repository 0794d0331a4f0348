"""The supervisor graph: classify intent, ReAct over the tool registry, synthesize, confirm moves
(`state`, `prompts`, `nodes`, `graph`), and the facade `agents.door` hands out (`facade.py`); its
CLI is the package's own (`python -m agents ask|resume`)."""
