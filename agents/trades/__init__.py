"""Trades: the proposal cards decided at the supervisor's approval gate, the facade the door
hands out, and `python -m agents trade`. No graph of its own."""
