"""Answers to the questions of issue 8 (section 5): the user's own move, games left per player (and who
has the most), minutes trends, comparisons over the remaining games, hot free agents, which player was
meant, who plays or sits on a day, and whether another team's player would help. Each reads the tool results of its turn, never the data."""
from __future__ import annotations

import re

from agents.core.cards import distinct
from agents.core.contracts import Card, cards_of
from agents.offline.nlu import Parsed
from agents.offline.text import NO_HOT_FREE_AGENT, _ok, _table, hot_pick


def roster_games(p: Parsed, done) -> str:
    """Games left per player on my roster, most (or fewest) first, with who will not play them."""
    sched = [s["data"] for s in _ok(done, "get_schedule")]
    if not sched:
        return ""
    fewest = bool(re.search(r"\b(fewest|least|fewer)\b", p.text.lower()))
    status = {x["name"]: x["status"] for r in _ok(done, "get_my_roster") for x in r["data"]["players"]}
    players = sorted(sched[0]["players"], key=lambda pl: pl["games"] if fewest else -pl["games"])
    healthy = [pl for pl in players if status.get(pl["name"], "ACTIVE") != "OUT"]
    top = healthy[0]["games"] if healthy else 0
    leaders = [pl["name"] for pl in healthy if pl["games"] == top]
    window = sched[0]["window"]
    head = (f"**{'Fewest' if fewest else 'Most'} games left ({window[0]} to {window[1]}): {', '.join(leaders)} "
            f"({top} game{'s' * (top != 1)}{' each' if len(leaders) > 1 else ''}).**")
    rows = [[pl["name"], status.get(pl["name"], "-"), pl["games"], ", ".join(str(d)[5:] for d in pl["dates"]) or "-"]
            for pl in players]
    if re.search(r"\bhow many\b", p.text.lower()) and not re.search(r"\b(most|fewest|least|fewer|more)\b", p.text.lower()):
        playing = sum(pl["games"] for pl in healthy)  # "how many games do I have left?": the total is the answer
        head = (f"**Games left this week ({window[0]} to {window[1]}): {sched[0]['total_games']} for your roster, "
                f"{playing} of them for players not OUT.**")
    out = [head, _table(["Player", "Status", "Games left", "Dates"], rows)]
    out_players = [pl["name"] for pl in players if status.get(pl["name"]) == "OUT" and pl["games"]]
    if out_players:
        one = len(out_players) == 1
        out.append(f"{', '.join(out_players)} {'is' if one else 'are'} OUT (inferred), so "
                   f"those games count for nothing unless {'he returns' if one else 'they return'}.")
    out.append(f"Your roster has {sched[0]['total_games']} games left in all.")
    return "\n\n".join(out)


def minutes_trends(p: Parsed, done) -> str:
    """Minutes-trend notes (last 5 games vs season), in the direction the question asks."""
    from services.league.lookup import fold

    t = fold(p.text)
    want = {"minutes_up", "minutes_down"}
    if re.search(r"\b(more|increase|increased|up|rising|extra|bigger|growing|grow)\b", t):
        want = {"minutes_up"}
    elif re.search(r"\b(less|fewer|losing|decrease|decreased|down|falling|smaller|lost)\b", t):
        want = {"minutes_down"}
    notes = [n for r in _ok(done, "search_news_by_topic") for n in r["data"]["notes"] if n["topic"] in want]
    scope = "your players" if any(r["args"].get("my_team_only") for r in done.get("search_news_by_topic", [])) \
        else "players in the league"
    way = {"minutes_up": "more", "minutes_down": "fewer"}
    what = " or ".join(way[w] for w in sorted(want, reverse=True))
    if not notes:
        return (f"**None of {scope} is playing {what} minutes lately**: nobody's last-5 average moved by 6+ minutes "
                "from his season average (notes generated from box scores).")
    lines = [f"- {n['text']}" for n in notes]
    return (f"**{len(notes)} of {scope} {'is' if len(notes) == 1 else 'are'} playing {what} minutes lately:**\n"
            + "\n".join(lines) + "\n\nMinutes trends compare the last 5 games with the season (generated from box scores).")


def compared(done) -> str:
    """Expected totals over each player's remaining games, best first, and why."""
    d = _ok(done, "compare_players")[0]["data"]
    rows = d["players"]
    a, s, e = rows[0], d["window"][0], d["window"][1]
    when = f"from {s} to {e}" if s != e else f"on {s}"
    parts = [f"**{a['name']} is expected to give more {when}: {a['expected_total']} fantasy pts over "
             f"{a['games']} game{'s' * (a['games'] != 1)}" + "".join(
                 f", vs {b['expected_total']} for {b['name']} over {b['games']} game{'s' * (b['games'] != 1)}"
                 for b in rows[1:]) + ".**"]
    better_per_game = max(rows, key=lambda r: r["expected_per_game"])
    if better_per_game is not a and len(rows) > 1:  # every figure named: projection, or after play probability
        b = better_per_game
        parts.append(f"{b['name']} is worth more per game ({b['expected_per_game']} vs {a['expected_per_game']} "
                     f"expected after play probability; projected {b['per_game']} vs {a['per_game']} if he plays), "
                     f"but {a['name']} has more games left.")
    parts.append(_table(["Player", "Status", "Games", "Dates", "Projected per game", "Play prob.", "Expected per game",
                         "Expected total"],
                        [[r["name"], r["status"], r["games"], ", ".join(str(x)[5:] for x in r["dates"]) or "-",
                          r["per_game"], r["availability"], r["expected_per_game"], r["expected_total"]] for r in rows]))
    parts.append("Projected per game is the optimizer's projection if he plays (half season, half last 10 games); "
                 "expected per game is that x play probability (from the inferred status); the total is expected "
                 "per game x games left.")
    return "\n\n".join(parts)


def which_player(p: Parsed, done) -> str:
    """'jalen stats': several players answer to that name, so ask which (and say which is mine)."""
    from agents.offline.nlu import ambiguous

    label = next((n for n in p.players if ambiguous(n, p.as_of)), None)
    if not label:
        return ""
    options = ambiguous(label, p.as_of)
    mine = {x["name"] for r in _ok(done, "get_my_roster") for x in r["data"]["players"]}
    own = [n for n in options if n in mine]
    text = f"**Which {label.capitalize()} do you mean?** {len(options)} players go by that name: {', '.join(options)}."
    if own:
        text += f" {' and '.join(own)} {'is' if len(own) == 1 else 'are'} on your roster."
    return text + f" Ask again with the full name, e.g. \"{(own or options)[0]} stats\"."


def user_move(done) -> list[str]:
    """The user's own move: its numbers, warnings, and the optimizer's better alternatives with why."""
    parts = []
    for r in _ok(done, "evaluate_move"):
        d = r["data"]
        m = Card.model_validate(d["move"])  # the tool result's JSON of the user's card
        head = m.title.removeprefix("Your move: ")
        parts.append(f"**Your move: {head}** ({m.add} {m.add_games_remaining} games left, "
                     f"{m.drop} {m.drop_games_remaining}).")
        parts += [f"**Warning:** {w}." for w in d["warnings"]]
        # only the alternatives that get a card (the tool's `moves` after the user's own: a second
        # alternative, e.g. another player's IR move for the one IR slot, has none and is not named)
        carded = d.get("moves", [])[1:]
        for i, a in enumerate(distinct(cards_of(carded), key=lambda c: (c.drop_id, c.add_id))):
            lead = "**Better:**" if i == 0 else "Also better:"
            parts.append(f"{lead} {a.title}: {a.why}.")
        if d["alternatives"]:
            parts.append("Your move is on its own card (marked \"Your move\"), next to the better alternative; "
                         "nothing changes until you approve one.")
        elif d["warnings"]:
            parts.append("Your move is on its card if you still want it; nothing changes until you approve.")
        else:
            parts.append("No better move found: the optimizer agrees with yours. Approve it on the card below.")
    return parts


def hot_list(done) -> str:
    fas, a = hot_pick(done)
    if a is None:
        return NO_HOT_FREE_AGENT
    head = (f"**Hottest healthy player on the waiver wire: {a['name']} ({a['team']}), {a['fpts_last5']} fantasy pts per "
            f"game over his last 5 vs {a['fpts_season']} on the season ({a['form_delta']:+}).**")
    flagged = [f"{f['name']} ({f['status']}, inferred)" for f in fas[:fas.index(a)]]
    if flagged:
        head += f" Ahead of him in form but not healthy: {', '.join(flagged)}."
    table = _table(["Player", "Team", "Status", "FPts last 5", "FPts season", "Form", "Min last 5 / season", "Games left"],
                   [[f["name"], f["team"], f["status"], f["fpts_last5"], f["fpts_season"], f"{f['form_delta']:+}",
                     f"{f['min_last5']} / {f['min_season']}", f["games_remaining"]] for f in fas])
    return "\n\n".join([head, table, "Ranked by recent form against the season (last 5 games minus season average), "
                         "not by value; a hot streak over 5 games is a small sample. Ask \"is X worth adding?\" to "
                         "check a pickup against your roster."])


def lineup_lead(p: Parsed, d: dict, sits: list[dict], idle: list[str], done) -> str:
    """The direct answer to 'who is on my bench tonight?' or 'who's playing tomorrow?'."""
    from services.league.lookup import fold

    t = fold(p.text)
    if p.players:
        return ""
    if re.search(r"\b(?:no games?|has no|got no|off|idle|doesn t play|don t play|not playing|without a game)\b", t):
        return (f"**No game {d['date']}: {', '.join(idle)} ({len(idle)} of your players).**" if idle else
                f"**Every player of yours has a game {d['date']}.**")  # "who's got no game that day?"
    if re.search(r"\bbench\b", t) and not re.search(r"\b(who should|who do i|who to)\b", t):
        benched = [f"{b['name']} ({b['reason']})" for b in sits] + [f"{n} (no game)" for n in idle]
        return f"**On your bench {d['date']}: {', '.join(benched) or 'nobody'}.**"
    bare_day = getattr(p, "follow_up", False) and not re.search(r"\b(start|sit|lineup|bench|set|optimi[sz]e|slot|who)\b", t)
    if bare_day or re.search(r"\b(playing|plays|play|have a game|has a game|games? on|suit(?:s|ing)? up|in action)\b", t):
        # "and thursday the 6th?" after "who on my team plays 2/3?": the same question of another day
        playing = [s["name"] for s in d["starters"]] + [b["name"] for b in sits]
        status = {x["name"]: x["status"] for r in _ok(done, "get_my_roster") for x in r["data"]["players"]}
        flagged = [f"{n} ({status[n]})" for n in playing if status.get(n, "ACTIVE") != "ACTIVE"]
        return (f"**{len(playing)} of your players have a game {d['date']}: {', '.join(playing) or 'none'}.**"
                + (f" Not sure to play (inferred status): {', '.join(flagged)}." if flagged else ""))
    return ""


def owned_help(p: Parsed, done) -> str | None:
    """'would Lonzo help my steals?' when another team has him: said so (a trade, not a pickup), with his
    per game in the categories asked, this season and over his last 5 (his game log)."""
    from agents.offline.cats import CATS
    from agents.offline.trade_talk import OWNED

    fit = [r for r in done.get("validate_slot_fit", []) if not r["ok"] and OWNED.search(str(r["data"]))]
    logs = [r["data"] for r in _ok(done, "get_player_game_log")]
    if not fit or not logs or not p.categories:
        return None
    d, keys = logs[0], dict(CATS)
    why = str(fit[0]["data"].get("error", fit[0]["data"])).rstrip(".")
    stats = [f"{label}: {d['season_averages'][keys[label]]:.2f} a game this season, {d['averages'][keys[label]]:.2f} over "
             f"his last {d['games_found']}" for label in p.categories if keys.get(label) in d.get("averages", {})]
    return (f"**{why}.** A trade, not a pickup, would get him (ask \"what would it take to get {d['player']}?\")."
            + ("\n\n" + "; ".join(stats) + "." if stats else ""))


def games_lead(ranked: list[dict], left: str, when: str) -> str:
    """'Evan Mobley has the most games left this week: 3; Nic Claxton has 2, Jaren Jackson Jr. has 2' (or
    who is level at the top); one player: 'X has 3 games left this week'."""
    def games(n: int) -> str:
        return f"{n} game{'s' * (n != 1)}"

    if len(ranked) < 2:
        return ", ".join(f"{pl['name']} has {games(pl['games'])}{left}" for pl in ranked) + when
    top = [pl["name"] for pl in ranked if pl["games"] == ranked[0]["games"]]
    rest = [pl for pl in ranked if pl["name"] not in top]
    head = (f"{top[0]} has the most games{left}{when}: {ranked[0]['games']}" if len(top) == 1 else
            f"{' and '.join(top)} are level at the top with {games(ranked[0]['games'])}{left}{when}")
    return head + ("; " + ", ".join(f"{pl['name']} has {pl['games']}" for pl in rest) if rest else "")
