"""The agents: a supervisor (intent + ReAct tool loop) and the matchup optimizer graph."""
