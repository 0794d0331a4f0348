"""The offline planner's trade and ranking questions: which tool calls they need, and the answer
written from the tools' results (the figures are the tools', never computed here).

Acts (labelled in corpus/trade_*.txt and corpus/research_rankings.txt):
    trade_evaluate     "would you trade Herro for Brunson?"          -> evaluate_trade
    trade_propose      "propose Herro for Brunson to Fast Break Fund" -> propose_trade (a card)
    trade_find         "find me a trade that improves my assists"     -> find_trades
    research_rankings  "top 10 free agents by steals, last 14 days"   -> get_player_rankings

The two sides of a named trade and the categories it protects are read in agents/offline/trade_sides.py.
"""
from __future__ import annotations

import re

from agents.offline.text import _ok, _table
from agents.offline.trade_sides import GIVE_FOR, SHOP_FOR, _fold, split_protected, split_sides

TRADE_ACTS = ("trade_evaluate", "trade_propose", "trade_find", "research_rankings")
# "only the ones where both sides gain", "ones they would accept": the trades the other manager accepts
BOTH = re.compile(r"\bboth (?:sides|teams) (?:gain|win|benefit)|\b(?:they|he|the other team)(?:'d| would) "
                  r"(?:accept|take|agree)|\bacceptable\b|\bwin[- ]win\b")
GET_VERBS = re.compile(r"\b(?:to get|acquire|land|trade for|get|pry|bring in|go after|target|nab|snag|pick off|poach|"
                       r"(?:offer|give|pay|bid|send)(?: \w+){0,2} (?:for|to get)|(?:costs?|price)(?: me| us)? (?:of|for|to get))\b")


def _window(t: str) -> str:
    if re.search(r"\b(month|30 days|last 30)\b", t):
        return "30"
    if re.search(r"\b(two weeks|2 weeks|14 days|fortnight)\b", t):
        return "14"
    if re.search(r"\b(last week|7 days|this week|lately|past week)\b", t):
        return "7"
    return "season"


def plan_trade(p, done: dict) -> list[tuple[str, dict]]:
    """The calls of a trade or ranking act (none once they ran)."""
    if done:
        return []
    t = _fold(p.text)
    f = getattr(p, "frame", None)
    if p.act in ("trade_evaluate", "trade_propose"):  # a player to keep is on neither side ("keep X and Y")
        sided = [n for n in p.players if not (f and n in f.exclude)]
        give, get = split_sides(getattr(p, "trade_text", None) or p.text, sided) if sided else ([], [])
        if give and get:
            return [("propose_trade" if p.act == "trade_propose" else "evaluate_trade", {"give": give, "get": get})]
    if p.act in ("trade_find", "trade_evaluate", "trade_propose"):  # one side named: a search from it
        args: dict = {"limit": min(20, f.count) if f and f.count else 5}
        targets, kept = split_protected(p.text, p.categories)
        if targets:
            args["targets"] = targets
        if kept:
            args["protect"] = kept
        if f and f.exclude:
            args["exclude"] = list(f.exclude)
        if f and f.shape:
            args["shape"] = f.shape
        if f and f.get_position:  # "for two better guards": only guards come back
            args["get_position"] = f.get_position
        if f and f.keep_positions:  # "my guards aren't going anywhere": none of mine at that position goes
            args["keep_positions"] = list(f.keep_positions)
        named = [n for n in p.players if not (f and n in f.exclude)]
        if f and f.give:
            args["give"] = list(f.give)
        elif named:  # "what would it take to get X?" brings him in; "who would take X?" sends him
            sided = _fold(p.trade_text) if getattr(p, "trade_text", None) and p.follow_up else t
            if SHOP_FOR.search(sided):  # "move bol and bogdanovic for anyone who helps 3s": both go
                args["give"] = named[:3]
            else:
                args["give" if GIVE_FOR.search(sided) else "get" if GET_VERBS.search(sided) else "give"] = named[:1]
        return [("find_trades", args)]
    games = bool(f and f.sort == "games_left_week")  # "this week" is the games' span there, not a stats window
    args = {"window": (f.window if f and f.window else "season" if games else _window(t)),
            "limit": f.count if f and f.count else 10}
    availability = (f.availability if f else None) or (
        "free_agents" if re.search(r"\b(free agents?|available|waivers?|unowned)\b", t) else None)
    if availability:
        args["availability"] = availability
    sort = p.categories[0] if p.categories else (f.sort if f else None)
    if sort:
        args["sort"] = sort
    if f and f.per:  # "total steals": the window's sums, not per-game averages
        args["per"] = f.per
    if getattr(p, "healthy", False):  # "the top guy's hurt though, only healthy ones": the same ranking, healthy
        args["healthy_only"] = True
    if f and f.exclude:
        args["exclude"] = list(f.exclude)
    if getattr(p, "position", None):  # "just centres": only players eligible there
        args["position"] = p.position
    if p.players:
        args["player"] = p.players[0]
    return [("get_player_rankings", args)]


def _side_line(s: dict, unit: str) -> str:
    moved = f"gives {', '.join(x['name'] for x in s['gives'])}, gets {', '.join(x['name'] for x in s['gets'])}"
    extra = "".join(f"; cuts {x['name']} ({s['cut_rule']})" for x in s["cut"])
    extra += "".join(f"; picks up {x['name']} for the open spot" for x in s["pickup"])
    free = ", ".join(f"{m['drop']} -> {m['add']}" if m["drop"] else f"add {m['add']}" for m in s.get("free_moves") or ())
    line = (f"- **{s['team']}** {moved}{extra}: **{s['gain']:+.1f} {unit} over its best free moves** "
            f"({free or 'none gains'}); as the roster stands {s['ros_change']:+.1f}, this week "
            f"{s['week_change']:+.1f}, fantasy playoffs {s['playoff_change']:+.1f}.")
    if s.get("categories"):  # categories league: the profile change, rank now, and the punt-aware weight
        cats = sorted(s["categories"].items(), key=lambda kv: -abs(kv[1]["change"]))
        def moved(x: dict) -> str:
            return f" -> #{x['rank_after']}" if x.get("rank_after") not in (None, x["rank"]) else ""

        shown = ", ".join(f"{c} {x['change']:+.1f} (#{x['rank']}{moved(x)}" + (", punted" if x["weight"] == 0 else
                          ", already losing: counts half" if x["weight"] < 1 else "") + ")" for c, x in cats)
        line += (f"\n  Category profile (z x expected games; rest-of-season rank among the teams, now -> after): "
                 f"{shown}; punt-aware total {s['category_change']:+.1f}.")
    return line


def _flagged(x: dict) -> str:
    return f" ({', '.join(x['flags'])})" if x.get("flags") else ""


def trade_answer(p, done) -> str | None:
    """The answer of a trade or ranking act from the tool results (None: not one of these)."""
    for name in ("evaluate_trade", "propose_trade"):
        for r in _ok(done, name):
            d = r["data"]
            lines = [*([f"_{d['turned']}_", ""] if d.get("turned") else []),
                     f"**{d['verdict']}**", *[f"- {x}" for x in d["reasons"]], "", _side_line(d["mine"], d["unit"]),
                     _side_line(d["partner"], d["unit"])]
            weeks = ", ".join(f"{a} to {b}" for a, b in d["playoff_weeks"])
            lines.append(f"\nFantasy playoffs: {weeks}. Injured players count at the share of games the calibrated "
                         "return curve expects them to play.")
            if name == "propose_trade":
                lines.append(f"\n**{d['proposal']}**: approve the card to send it; {d['partner']['team']} answers "
                             "by its own rest-of-season value (accept, counter or decline).")
            return "\n".join(lines)
    for r in _ok(done, "find_trades"):
        d = r["data"]
        if p is not None and BOTH.search(_fold(getattr(p, "text", "") or "")):  # only the ones he accepts
            trades = [t for t in d["trades"] if t["acceptable"] and t["my_change"] > 0]
            if not trades:
                return (f"**{d['headline']}** None of these is a trade you gain from and the other team accepts "
                        "(each side over its own best free moves): the waiver wire gives as much as any of them.")
            d = {**d, "trades": trades}
        kept = list(d["trades"][0]["protected"]) if d["trades"] else []
        rows = [[i, t["partner"], " + ".join(t["give"]), " + ".join(t["get"]), f"{t['my_change']:+.1f}",
                 f"{t['their_change']:+.1f}", "yes" if t["acceptable"] else f"no (from {t['their_needed']:+.1f})",
                 *([f"{t['target_gain']:+.1f}"] if d["targets"] else []),
                 *[f"{t['protected'][c]:+.1f}" for c in kept]]
                for i, t in enumerate(d["trades"], start=1)]
        if not rows:
            return f"**{d['headline']}** No trade found that the other team would gain from."
        head = ["#", "Team", "You give", "You get", f"You ({d['unit']}, over your free moves)", "They (over theirs)",
                "They accept",
                *([" + ".join(d["targets"])] if d["targets"] else []), *kept]
        return "\n".join([f"**{d['headline']}**", _table(head, rows)])
    for r in _ok(done, "get_player_rankings"):
        d = r["data"]
        window = "this season" if d["window"] == "season" else f"the last {d['window']} days"
        if not d["players"]:
            return f"{d.get('reason') or 'No player matches these filters.'}"
        if len(d["players"]) == 1 and d.get("of"):
            x = d["players"][0]
            return (f"**{x['name']} ranks #{x['rank']} of {d['of']} over {window}** ({d['sort']}): "
                    f"{x['fpts']:.1f} fantasy points per game, z-sum {x['z_sum']:+.2f}, {x['games']} of his team's "
                    f"{x['team_games']} games{_flagged(x)}; owner: {x['owner']}.")
        head, stat = _sort_column(d)
        rows = [[x["rank"], x["name"] + _flagged(x), x["team"], x["owner"], f"{x['games']}/{x['team_games']}",
                 *([stat(x)] if stat else []),
                 f"{x['fpts']:.1f}", f"{x['z_sum']:+.2f}", x["games_left_week"], x["games_left_season"]]
                for x in d["players"]]
        punt = (f", punting {', '.join(d['punt'])}: z-sum over the other {9 - len(d['punt'])} categories"
                if d.get("punt") else "")
        left = [f"- {f['name']} ({f['team']}): " + (f["reason"] if "min a game" in f["reason"] else
                                                   f"{f['games']} of {f['team_games']} games")
                + f", would rank #{f['would_rank']}" for f in d.get("filtered") or ()]
        if len(left) > FILTERED_SHOWN:
            left = [*left[:FILTERED_SHOWN], f"- and {len(left) - FILTERED_SHOWN} more"]
        per = {"total": ", totals", "36": ", per 36 minutes"}.get(d.get("per"), "")
        by = {"minutes_trend": "minutes gained (minutes a game in the window minus the season's)",
              "games_left_week": "games left this week (ties: the better player first)",
              "games_left_season": "games left this season (ties: the better player first)",
              "ros_value": "rest-of-season value", "proj_value": "projected value", "value": "value"}.get(d["sort"], d["sort"])
        fl = d["filters"]
        ruled = "".join([f", no {fl['not_position']}" if fl.get("not_position") else "",
                         f", none from {', '.join(fl['not_teams'])}" if fl.get("not_teams") else "",
                         f", under {fl['max_minutes']:g} min a game" if fl.get("max_minutes") else ""])
        return "\n".join([f"**Top {len(rows)} by {by}{per} over {window}** "
                          f"({fl['availability']}{ruled}{punt}):",
                          _table(["#", "Player", "Team", "Owner", "GP of team", *([head] if head else []), "FPTS",
                                  "z-sum", "Wk G", "ROS G"], rows),
                          *(["", "Not ranked, too few games for a sample (half the team's games, at most 10)"
                             + (" or too few minutes for per-36 rates" if d.get("per") == "36" else "") + ":", *left]
                            if left else [])])
    return None


FILTERED_SHOWN = 8  # the filtered players listed under a ranking (the best first), then how many more


def _sort_column(d: dict):
    """The ranked category's own column (header, cell of a row): its total in a totals ranking ("STL
    total"), else its per-game average; (None, None) for a sort that is not a category."""
    from services.league.scoring import CATEGORIES

    if d["sort"] == "minutes_trend":
        return "Min: window / season (change)", lambda x: (f"{x['mpg']:.1f} / {x['season_mpg']:.1f} "
                                                           f"({x['minutes_change']:+.1f})")
    if d.get("per") == "36":
        return _per36_column(d, CATEGORIES)
    if d["sort"] not in CATEGORIES:
        return None, None
    stat = CATEGORIES[d["sort"]][0]
    if "/" in stat:  # a percentage: the window's own, whatever `per`
        key = "fg_pct" if d["sort"] == "FG%" else "ft_pct"
        return d["sort"], lambda x: f"{x['per_game'][key]:.3f}"
    if d.get("per") == "total":
        return f"{d['sort']} total", lambda x: f"{x['totals'][stat]:g}"
    return f"{d['sort']}/G", lambda x: f"{x['per_game'][stat]:.1f}"


def _per36_column(d: dict, categories: dict):
    """A per-36 ranking's column: the ranked category's rate per 36, else the value per 36 (fantasy
    points, or the z-sum of the per-36 line), beside the minutes he really plays."""
    sort = d["sort"]
    if sort in categories and "/" not in categories[sort][0]:
        stat = categories[sort][0]
        return f"{sort}/36 (min a game)", lambda x: f"{x['per_36'][stat]:.1f} ({x['mpg']:.1f})"
    if d["scoring"] == "points" or sort == "fpts":
        return "FPTS/36 (min a game)", lambda x: f"{x['per_36']['fpts']:.1f} ({x['mpg']:.1f})"
    return "z-sum/36 (min a game)", lambda x: f"{x['z36_sum']:+.2f} ({x['mpg']:.1f})"


OWNED = re.compile(r"is on .+?'s roster, not a free agent")
FREE = re.compile(r"is a free agent: pick him up instead")
MINE = re.compile(r"is on your roster already")


def reroute_by_owner(p, done: dict) -> dict:
    """"X for Y?" read one way and refused by the tool for who owns Y is read the other way (issue #36):
    a swap whose add another team owns ("would Claxton for Trae Young work?") is a trade question, and a
    trade whose get is a free agent is a swap. `p` takes the new act (each round alike, so the answer
    is the new act's); the refused result is left out of what the answer reads."""
    from agents.offline.nlu_model import intent_of

    def refused(tool, pattern):
        return any(not r["ok"] and pattern.search(str(r["data"])) for r in done.get(tool, []))

    if p.move and refused("evaluate_move", OWNED):
        drop, add = p.move
        p.act, p.intent, p.move, p.players = "trade_evaluate", intent_of("trade_evaluate"), None, [drop, add]
        p.trade_text, p.wants_moves = f"{drop} for {add}", False
        return {k: v for k, v in done.items() if k != "evaluate_move"}
    if len(p.players) == 1 and not p.move and refused("validate_slot_fit", MINE):
        # "is bol bol even worth a roster spot": read as an add, but he is mine, so whether to hold him
        p.act, p.intent, p.hold_or_stream, p.wants_moves = "research_hold", intent_of("research_hold"), True, False
        return {k: v for k, v in done.items() if k not in ("validate_slot_fit", "get_schedule")}
    if p.act == "trade_evaluate" and refused("evaluate_trade", FREE):
        give, get = split_sides(getattr(p, "trade_text", None) or p.text, p.players)
        if len(give) == 1 and len(get) == 1:
            p.act, p.intent, p.move = "fa_move", intent_of("fa_move"), (give[0], get[0])
            return {k: v for k, v in done.items() if k != "evaluate_trade"}
    return done
