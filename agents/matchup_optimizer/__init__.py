"""The matchup-optimizer graph: parse_intent -> rosters -> schedule -> injuries -> candidates -> moves
-> lineup -> summarize (`state`, `nodes`, `graph`, + `summary`, `trace`). Deterministic, no prompts;
it runs inside the supervisor, never behind the door on its own."""
