"""The arena's agents and their runner: rule agents (`baselines`, `kelly`, sharing `base`), a model
with one tool (`model_agent` over the trader graph in `graph.py`, its `prompts`, and the `offline`
trader that drives it with no key), the `registry` of agents, the `runner` the facade (`facade.py`,
what `agents.door` hands out) and `python -m agents arena` (`cli.py`) call."""
