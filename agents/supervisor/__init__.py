"""The supervisor graph: classify intent, ReAct over the tool registry, synthesize, confirm moves."""
