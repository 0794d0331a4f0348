"""Which of two of my players to cut (issue #36): "bogdan or bol bol, which one do i cut", "should I drop
conley or collins?", "who do I let go, X or Y".

One computation, the cards' own: the best free agent for the rest of the season (`get_free_agents`, the
thread's punts), then that same add scored against each drop (`evaluate_move`, exactly as the optimizer
scores its cards). With the add held fixed, the difference between the two moves is the difference
between the two players, in the league's units. The verdict is the move the cards rank first (the
optimizer's score, the order the Approve cards come in), said with both moves' figures this week and
over the rest of the season; a player who is not mine is said, by the tool's own words.
"""
from __future__ import annotations

import re

from services.league.lookup import fold, said_in

ACT = "research_cut_pick"
CUT = re.compile(r"\b(?:cut|drop|release|waive|dump|let go|get rid of|part with|move on from)\b")
CHOICE = re.compile(r"\b(?:which|who|whom|one of|or)\b")
NOT_A_PICK = re.compile(r"\b(?:trade|trading|deal|swap|moves|pick ?ups?|adds)\b|"  # a search for moves, not a pick
                        r"\b(?:won ?t|wont|don ?t|dont|not|never|without|no|cannot|can ?t)\s+(?:\w+\s+){0,3}?"
                        r"(?:cut|cutting|drop|dropping|release|waive|dump|let go|get rid of|part with)\b")

# "drop collins for braun ... is he right or trolling": one named swap (drop the one, add the other), not a
# choice between two to cut ("drop conley or collins?", "who do I drop for braun, collins or bogdan?")
SWAP = re.compile(r"\b(?:cut|drop|release|waive|dump)\s+(?!(?:one|who|which|either)\b)[a-z]+(?:\s+[a-z]+)?\s+"
                  r"(?:for|to add|and add|to pick up|and pick up|to grab|and grab)\s+(?!(?:one|who|which|either)\b)[a-z]")


THE_TWO = re.compile(r"\b(?:one of (?:the|those|these|them|em|'em) (?:two|2)|one of (?:them|em|those|these)|either of (?:them|em|those|"
                     r"these|the two)|between (?:them|the two|those two|these two|em)|of (?:the|those|these) two|which of (?:the|"
                     r"those|these) two)\b")


def read(p, prev) -> bool:
    """Whether the message asks which of two named players to cut (in place: the act and the frame)."""
    t = fold(p.text)
    players = list(p.players)
    recent = list(getattr(p, "thread_players", None) or [])[-2:]
    if len(players) < 2 and THE_TWO.search(t) and len(recent) == 2:
        players = recent  # "if u had to cut one of the two, who goes": the two the thread just asked about
        p.follow_up = False
    if len(players) != 2 or not CUT.search(t) or NOT_A_PICK.search(t) or not CHOICE.search(t) or SWAP.search(t):
        return False
    if getattr(p, "follow_up", False) and not all(said_in(n, t) for n in players):
        return False  # "ok cut him, who replaces him": the two came from the thread; the lead is the one to cut
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    take(p, ACT)
    p.players, p.move, p.unknown, p.greeting, p.follow_up = players, None, False, False, False
    p.hold_or_stream, p.wants_moves = False, False
    p.frame = RequestFrame(players=players, punt=list(p.punt), horizon="rest_of_season")
    return True


LEAD = re.compile(r"^\*\*Cut (?P<name>.+?), keep ")


def lead(answer: str | None) -> str | None:
    """The player a cut verdict cuts ("ok cut him" after it)."""
    m = LEAD.match(answer or "")
    return m.group("name") if m else None


def _punt(p) -> dict:
    return {"punt": list(p.punt)} if p.punt else {}


def _best_add(done: dict) -> str | None:
    from agents.offline.text import _ok

    rows = next((r["data"].get("free_agents") for r in _ok(done, "get_free_agents")), None)
    return rows[0]["name"] if rows else None


def plan(p, done: dict) -> list[tuple[str, dict]]:
    if "get_free_agents" not in done:
        return [("get_free_agents", {"position": None, "healthy_only": True, "min_games_remaining": 1, "limit": 1,
                                     "horizon": "rest_of_season", **_punt(p)})]
    add = _best_add(done)
    if add is None or "evaluate_move" in done:
        return []
    return [("evaluate_move", {"drop": name, "add": add, **_punt(p)}) for name in p.players]


def _figures(move) -> str:
    """One move's figures, this week and over the rest of the season (a `Card`)."""
    from agents.core.cards import season_label

    out = f"{move.expected_gain:+.2f} {move.unit} this week" if move.unit == "cats" else \
        f"{move.expected_gain:+.1f} {move.unit} this week"
    if move.season_gain is not None:
        out += f", {move.season_gain:+.1f} {season_label(move.season_unit)} rest of season"
    return out


def answer(p, done: dict) -> str | None:
    from agents.core.cards import season_label
    from agents.core.contracts import cards_of

    add = _best_add(done)
    if add is None:
        return None if "get_free_agents" not in done else \
            "**No healthy free agent has a game left**, so there is no pickup to weigh the two cuts against."
    results = done.get("evaluate_move", [])
    if not results:
        return None
    refused = [str(r["data"].get("error") or "") for r in results if not r["ok"]]
    moves = cards_of([r["data"]["move"] for r in results if r["ok"] and r["data"].get("move")])
    if len(moves) < 2:
        said = " ".join(e.rstrip(".") + "." for e in refused if e)
        return (f"**I can weigh only players on your roster against each other.** {said}".strip()
                + (f" Dropping {moves[0].drop} for {add}: {_figures(moves[0])}." if moves else ""))
    cut, keep = sorted(moves, key=lambda c: c.rank)  # the cards' own order: the optimizer's score
    lead = (f"**Cut {cut.drop}, keep {keep.drop}.** For the same pickup, {add} (the best free agent for "
            f"the rest of the season), dropping {cut.drop} gains {_figures(cut)}; dropping {keep.drop} "
            f"gains {_figures(keep)}.")
    why = ""
    if cut.season_gain is not None and keep.season_gain is not None and cut.season_gain < keep.season_gain:
        why = (f" Over the rest of the season alone {keep.drop} is the cheaper cut; the cards rank by the "
               "optimizer's score, which counts this week too.")
    elif cut.season_gain is not None and keep.season_gain is not None:
        why = (f" So {keep.drop} is worth {cut.season_gain - keep.season_gain:.1f} {season_label(cut.season_unit)} "
               f"more than {cut.drop} the rest of the way.")
    alts = [a for r in results if r["ok"] for a in cards_of(r["data"].get("alternatives"))
            if a.drop_id not in (cut.drop_id, keep.drop_id) and a.rank < cut.rank]
    better = (f" **Better than either cut:** {alts[0].title} ({alts[0].why or 'the optimizer ranks it higher'}): "
              "it keeps both." if alts else "")
    return (lead + why + better + " The moves are on the cards below, the cut first; nothing changes until "
            "you approve.")
