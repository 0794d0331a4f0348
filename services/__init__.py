"""The league services: plain functions and pydantic models over DuckDB and the state store, with no
LangChain, LangGraph or Streamlit (docs/architecture.md, "Layout").

`config.py` (settings), `models.py` (the typed results every source shares) and `cli.py`
(`python -m services`) sit at the top; the rest is grouped by what it serves: `league/` (what the
league is: the demo league, the as-of snapshot, scoring, lineups, the season), `store/` (where it is
kept: the state store and the read-only DuckDB), and one folder per service family: `optimizer/`,
`trades/`, `espn/`, `desk/`, `markets/`, `signals/`, `arena/`.
"""
