"""Whose copy of the demo league (issue #37 item 4: a league of one's own).

Every owner (an API token's identity, a signed-in browser user, the local user of the CLI and
of an app without sign-in) has its own copy of the demo league's moves: the ledger. The ledger is
part of the demo league's id, so everything keyed by that id is the owner's own without another
parameter: the roster moves replayed over the draft (`DemoLeague.user_moves` reads one ledger's
moves only), card ids (a hash of the league id), the thread binding and the transactions.

    demo-points-2025-01-29               the local user's league (ids as they always were)
    demo@1f3a9c0b2e-points-2025-01-29    another owner's: a digest of the owner, never the owner
    20251                                 the local user's view of ESPN league 20251
    20251@1f3a9c0b2e                      another owner's: his own cards, approvals and decisions

An ESPN league's roster is ESPN's (nobody's approval writes to it), but what Courtside keeps of it
(the recorded approvals, the card ids, the decisions) is the owner's, the same way.
"""
from __future__ import annotations

import datetime as dt
import hashlib

from services.store.threads import LOCAL_OWNER
_TAG = 10  # hex digits of the owner's digest


def ledger_of(owner: str | None) -> str:
    """The owner's ledger tag: "" for the local user, else a digest of the identity."""
    if owner in (None, "", LOCAL_OWNER):
        return ""
    return hashlib.sha256(str(owner).encode()).hexdigest()[:_TAG]


def demo_prefix(scoring: str, ledger: str = "") -> str:
    """The id prefix of one ledger's demo leagues of one scoring (every as-of date)."""
    return f"demo{'@' + ledger if ledger else ''}-{scoring}-"


def demo_league_id(scoring: str, as_of: dt.date, ledger: str = "") -> str:
    return demo_prefix(scoring, ledger) + as_of.isoformat()


def parse_demo_id(league_id: str | None) -> tuple[str, str, dt.date] | None:
    """(ledger, scoring, as-of) of a demo league id, None for any other id."""
    kind, _, rest = (league_id or "").partition("-")
    scoring, _, day = rest.partition("-")
    base, _, ledger = kind.partition("@")
    if base != "demo" or not scoring or ("@" in kind and len(ledger) != _TAG):
        return None
    try:
        as_of = dt.date.fromisoformat(day)
    except ValueError:
        return None
    return (ledger, scoring, as_of) if demo_league_id(scoring, as_of, ledger) == league_id else None


def espn_league_id(espn_id: int | str, ledger: str = "") -> str:
    """The id of one owner's view of an ESPN league: "20251", or "20251@<ledger>"."""
    return f"{int(espn_id)}{'@' + ledger if ledger else ''}"


def split_league_id(league_id: str | None) -> tuple[str, str]:
    """(the league id without its ledger, the ledger): ("demo-points-2025-01-29", "1f3a9c0b2e") of a
    demo copy, ("20251", "1f3a9c0b2e") of an ESPN view; ("", "") of nothing."""
    text = (league_id or "").strip()
    demo = parse_demo_id(text)
    if demo is not None:
        return demo_league_id(demo[1], demo[2]), demo[0]
    base, _, ledger = text.partition("@")
    return (base, ledger) if base.isdigit() and (not ledger or len(ledger) == _TAG) else (text, "")


def espn_number(league_id: str | int) -> str:
    """ESPN's own league id (the number in its URLs) of a scoped ESPN league id."""
    return str(league_id).strip().partition("@")[0]
