"""The signals pod: assess_event_timeline -> fetch_news -> estimate_probability -> calculate_divergence
-> generate_signal (`state`, `prompts`, `nodes`, `graph`), its runner, the pod in chat, the facade
`agents.door` hands out (`facade.py`) and `python -m agents signals` (`cli.py`)."""
