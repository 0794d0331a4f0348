"""Trades in the demo league: evaluate a trade for both teams, answer proposals, find trades."""
