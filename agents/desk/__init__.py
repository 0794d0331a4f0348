"""The market maker: a LangGraph tool loop over the desk's five tools (see graph.py)."""
