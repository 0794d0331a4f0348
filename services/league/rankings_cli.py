"""`python -m services rankings`: the player rankings table from a shell (JSON with `error`)."""
from __future__ import annotations

import json

from services.models import ServiceError
from services.league.rankings import AVAILABILITY, SORTS, WINDOWS, rankings


def _limit(text: str) -> int:
    import argparse

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= n <= 600:
        raise argparse.ArgumentTypeError(f"must be from 1 to 600, not {n}")
    return n


def add_rankings_parser(sub) -> None:
    r = sub.add_parser("rankings", help="every player ranked over a window before the as-of date")
    r.add_argument("--window", choices=list(WINDOWS), default="season")
    r.add_argument("--punt", default="", help="categories dropped from the z-sum, e.g. FT%%,TO")
    r.add_argument("--available", action="store_true", help="free agents only")
    r.add_argument("--rostered", action="store_true", help="rostered players only")
    r.add_argument("--position", default=None)
    r.add_argument("--team", default=None, help="NBA team code, e.g. MIA")
    r.add_argument("--sort", choices=list(SORTS), default="value")
    r.add_argument("--per", choices=["game", "total"], default="game")
    r.add_argument("--limit", type=_limit, default=25)


def run_rankings(src, args) -> int:
    if args.available and args.rostered:
        raise ServiceError("--available and --rostered exclude each other: pick one.")
    availability = "free_agents" if args.available else "rostered" if args.rostered else AVAILABILITY[0]
    out = rankings(src.history(), args.window, args.punt, availability, args.position, args.team, args.sort,
                   args.per, args.limit)
    if args.json:
        print(json.dumps({**out.model_dump(mode="json"), "error": None}, indent=2, ensure_ascii=False))
        return 0
    head = (f"Rankings as of {out.as_of}, window {out.window}, {out.scoring}"
            f"{', punting ' + ', '.join(out.punt) if out.punt else ''} ({out.total} players)")
    rows = [f"{p.rank:>3} {p.player.name:<26} {p.player.team or '-':<4} {p.status:<6} {p.owner:<22} {p.games:>2}g "
            f"{p.fpts:6.1f} fp  z {p.z_sum:+6.2f}  wk {p.games_left_week} ros {p.games_left_season}"
            for p in out.players]
    print("\n".join([head, *rows]))
    return 0
