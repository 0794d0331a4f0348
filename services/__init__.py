"""League services: the real-data store, the demo league, ESPN, and the optimizer. No LLM here."""
