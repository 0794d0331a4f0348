"""The ESPN league source: `EspnLeague` (read-only LeagueSource), its TTL cache and move steps."""
from services.espn.cache import PROCESS_CACHE, TTL_SECONDS, TTLCache
from services.espn.league import EspnLeague
from services.espn.moves import approved_move_steps

__all__ = ["EspnLeague", "PROCESS_CACHE", "TTL_SECONDS", "TTLCache", "approved_move_steps"]
