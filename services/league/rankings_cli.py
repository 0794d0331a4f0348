"""`python -m services rankings`: the player rankings table from a shell (JSON with `error`)."""
from __future__ import annotations

import json

from services.models import ServiceError
from services.league.rankings import AVAILABILITY, MIN_SHARE, SORTS, WINDOWS, rankings


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
    r.add_argument("--min-share", type=_share, default=MIN_SHARE,
                   help="share of his team's games in the window a player needs to be ranked (at most 10 games; 0: all)")


def _share(text: str) -> float:
    import argparse
    import math

    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(v) or not 0.0 <= v <= 1.0:
        raise argparse.ArgumentTypeError(f"must be a share from 0 to 1, not {text}")
    return v


def run_rankings(src, args) -> int:
    if args.available and args.rostered:
        raise ServiceError("--available and --rostered exclude each other: pick one.")
    availability = "free_agents" if args.available else "rostered" if args.rostered else AVAILABILITY[0]
    out = rankings(src.history(), args.window, args.punt, availability, args.position, args.team, args.sort,
                   args.per, args.limit, min_share=args.min_share)
    if args.json:
        print(json.dumps({**out.model_dump(mode="json"), "error": None}, indent=2, ensure_ascii=False))
        return 0
    head = (f"Rankings as of {out.as_of}, window {out.window}, {out.scoring}"
            f"{', punting ' + ', '.join(out.punt) if out.punt else ''} ({out.total} players)")
    rows = [f"{p.rank:>3} {p.player.name:<26} {p.player.team or '-':<4} {p.status:<6} {p.owner:<22} "
            f"{p.games:>2}/{p.team_games:<2}g {p.fpts:6.1f} fp  z {p.z_sum:+6.2f}  wk {p.games_left_week} "
            f"ros {p.games_left_season}{'  [' + ', '.join(p.flags) + ']' if p.flags else ''}"
            for p in out.players]
    low = [f"  not ranked: {f.player.name} ({f.reason}; would rank #{f.would_rank})"
           for f in out.filtered if f.would_rank <= len(out.players)]
    print("\n".join([head, *rows, *low]))
    return 0
