"""The market desk: a LangGraph tool loop over the desk's tools (`state`, `prompts`, `nodes`,
`graph`), its runtime and clock, the desk in chat (`ask`, `chat`), the facade `agents.door` hands
out (`facade.py`) and `python -m agents desk` (`cli.py`)."""
