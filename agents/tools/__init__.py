"""One registry of tools; each is a thin, typed wrapper around a league service."""
from agents.tools.registry import TOOL_NAMES, build_tools

__all__ = ["TOOL_NAMES", "build_tools"]
