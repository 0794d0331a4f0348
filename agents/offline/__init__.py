"""The offline planner: a deterministic chat model that needs no key and drives the same graph."""
