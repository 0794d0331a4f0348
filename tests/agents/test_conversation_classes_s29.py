"""Classes of listening failure fixed in session 29 (issue #36), one test per class over phrasings of
our own (not a held-out set's wording). Each fails on a1a8106 (main before these fixes), said per test.
"""
from __future__ import annotations

import datetime as dt
import re

import pytest

from services.league.lookup import fold

from tests.conversations import checks as K
from tests.conversations.fresh13_checks import fpts_avg

AS_OF = K.AS_OF
ROSTER = ("LeBron James", "Evan Mobley", "LaMelo Ball", "Shai Gilgeous-Alexander", "Scottie Barnes", "Jaren Jackson Jr.",
          "Bradley Beal", "John Collins", "Nic Claxton", "Jaden Ivey", "Mike Conley", "Bogdan Bogdanović", "Bol Bol")


def _calls(r, tool: str) -> list[dict]:
    return [c["args"] for c in r["tool_calls"] if c["name"] == tool]


def _season(name: str) -> list[dict]:
    return [x for x in K.player_rows()[K.fold(name)] if x["game_date"] < AS_OF]


def _lead(r) -> str:
    return r["answer"].split("\n\n")[0]


# --- one day of my roster's schedule, and a written date over the weekday beside it ----------------------------
@pytest.mark.parametrize("text,day", [("which of my guys play on 2/4?", dt.date(2025, 2, 4)),
                                      ("anyone on my team playing wednesday the 5th", dt.date(2025, 2, 5))])
def test_who_on_my_roster_plays_a_day_is_that_days_games(make_assistant, text, day):
    """A day of my roster's games: that day's lineup (its schedule past the lineup's seven days), who plays it
    named first (box scores' schedule).
    Fails on a1a8106: the rest of this week's games ('Most games left (01-29 to 02-02)') for the first, and
    'wednesday the 5th' read as today."""
    r = make_assistant(scoring="categories").ask(text)
    lineup, sched = _calls(r, "compose_daily_lineup"), _calls(r, "get_schedule")  # the lineup's 7 days, then the schedule
    assert (lineup and lineup[0].get("date") == day.isoformat()) or \
        (sched and sched[0].get("start") == sched[0].get("end") == day.isoformat()), r["tool_calls"]
    playing = [n for n in ROSTER if K.plays_on(n, day)]
    m = re.match(r"\*\*(\d+) of your players have a game (\S+): ([^*]*)\.\*\*", _lead(r))
    assert m and int(m.group(1)) == len(playing) and sorted(m.group(3).split(", ")) == sorted(playing), _lead(r)


def test_who_has_no_game_that_day_after_a_lineup_names_the_idle(make_assistant):
    """'who's got no game that day?' after a day's lineup: that day's idle players first. Fails on a1a8106:
    the greeting (small talk)."""
    a = make_assistant(scoring="points")
    r = a.ask("set my lineup for friday")
    r = a.ask("ok and who's got no game that day?", r["thread_id"])
    day = dt.date(2025, 1, 31)
    idle = [n for n in ROSTER if not K.plays_on(n, day)]
    assert idle and _lead(r).startswith("**No game 2025-01-31:") and all(n in _lead(r) for n in idle), _lead(r)
    assert not re.search(r"^Hi! I can", r["answer"])


@pytest.mark.parametrize("text,day", [("saturday 2/8", dt.date(2025, 2, 8)), ("thursday the 6th", dt.date(2025, 2, 6)),
                                      ("on the 31st", dt.date(2025, 1, 31)), ("friday", dt.date(2025, 1, 31))])
def test_a_written_date_decides_over_the_weekday(text, day):
    """Fails on a1a8106 for the first two: the weekday's next date (Feb 1, Jan 30)."""
    from agents.offline.day_slots import find_day

    assert find_day(text, AS_OF)[0] == day


# --- per minute and in total ----------------------------------------------------------------------------------
def test_per_minute_then_season_totals_each_name_their_own_leader(make_assistant):
    """Per minute is the per-36 rate (LaMelo ahead), and 'flip it: total fantasy points on the season' is the
    sums (Mobley ahead: more games), both from the CSV. Fails on a1a8106: minutes per game for 'per minute',
    then the greeting for 'flip it'."""
    a = make_assistant(scoring="points")
    r = a.ask("per minute, who's been more productive this season: lamelo or mobley?")
    assert re.match(r"\*\*Per minute, LaMelo Ball has been more productive", _lead(r)), _lead(r)
    r = a.ask("flip it. total fantasy points on the season, who's got more?", r["thread_id"])
    totals = {n: round(fpts_avg(n) * len(_season(n))) for n in ("LaMelo Ball", "Evan Mobley")}
    assert totals["Evan Mobley"] > totals["LaMelo Ball"]
    lead = _lead(r)
    assert lead.startswith("**In total, Evan Mobley has more") and f"{totals['Evan Mobley']:,}" in lead \
        and f"{totals['LaMelo Ball']:,}" in lead, (lead, totals)


# --- position slang ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,tool,arg,want", [
    ("looking for a stretch 4 on waivers", "get_free_agents", "position", "PF"),
    ("any floor generals on the wire?", "get_free_agents", "position", "PG"),
    ("trade me into a floor general, keep shai", "find_trades", "get_position", "PG"),
    ("find me a 3 and d wing", "get_free_agents", "position", "F"),
])
def test_a_role_names_its_position(make_assistant, text, tool, arg, want):
    """Fails on a1a8106: no position at all (and 'a wing who can guard' read as a guard)."""
    r = make_assistant(scoring="categories").ask(text)
    got = _calls(r, tool)
    assert got and got[-1].get(arg) == want, r["tool_calls"]


# --- a swap named, and a spot to fill ---------------------------------------------------------------------------
def test_a_relayed_swap_is_that_swap_judged(make_assistant):
    """'my cousin says drop bogdanovic for pritchard, is he right?': that move valued (evaluate_move), not a
    choice of which of the two to cut. Fails on a1a8106: a cut pick between Bogdanović and Pritchard."""
    r = make_assistant(scoring="points").ask("my cousin says drop bogdanovic for pritchard, is he right or nah")
    got = _calls(r, "evaluate_move")
    assert got == [{"drop": "Bogdan Bogdanović", "add": "Payton Pritchard"}] or \
        (len(got) == 1 and fold(got[0]["drop"]).startswith("bogdan") and got[0]["add"] == "Payton Pritchard"), r["tool_calls"]


@pytest.mark.parametrize("second", ["who should take his spot then", "ok swap him for whoever's best"])
def test_his_spot_is_filled_with_him_as_the_drop(make_assistant, second):
    """After a hold question on Bol Bol, 'who should take his spot' / 'swap him for whoever's best': cards
    that drop him. Fails on a1a8106: a slot check of adding Bol Bol himself, no card."""
    a = make_assistant(scoring="points")
    r = a.ask("is bol bol droppable?")
    r = a.ask(second, r["thread_id"])
    assert r["pending_approvals"] and all(c["drop"] == "Bol Bol" for c in r["pending_approvals"]), r["pending_approvals"]
    assert not _calls(r, "validate_slot_fit") or all(c.get("drop") == "Bol Bol" for c in _calls(r, "validate_slot_fit"))


def test_a_list_row_for_my_player_without_a_verb_is_that_add(make_assistant):
    """'the top guy for bol bol' after a pickup list: add the list's first for Bol Bol (a card), not a trade
    of a free agent. Fails on a1a8106: evaluate_trade giving the free agent."""
    a = make_assistant(scoring="points")
    r = a.ask("best streamers for the rest of the week?")
    first = K.table_column(r["answer"], "Player")[0]
    r = a.ask("ok the top guy for bol bol", r["thread_id"])
    assert not _calls(r, "evaluate_trade")
    mine = [c for c in r["pending_approvals"] if c["drop"] == "Bol Bol" and c["add"] == first]
    assert mine, [c["title"] for c in r["pending_approvals"]]


# --- the most games --------------------------------------------------------------------------------------------
def test_free_agents_with_the_most_games_left_are_ranked_by_them_best_first(make_assistant):
    """'which free agents get me the most games before sunday?': the wire ranked by games left (a tie goes to
    the better player), not my roster's schedule. Fails on a1a8106: my roster's games (get_schedule)."""
    r = make_assistant(scoring="points").ask("which free agents get me the most games from now thru sunday?")
    got = _calls(r, "get_player_rankings")
    assert got and got[0]["sort"] == "games_left_week" and got[0]["availability"] == "free_agents", r["tool_calls"]
    rows = K.table_rows(r["answer"])
    head = rows[0]
    games = [int(x[head.index("Wk G")]) for x in rows[1:]]
    value = [float(x[head.index("FPTS")]) for x in rows[1:]]
    assert games == sorted(games, reverse=True)
    same = [v for g, v in zip(games, value) if g == games[0]]
    assert same == sorted(same, reverse=True), same  # a1a8106's service ordered ties by name


def test_the_most_games_next_week_asks_for_four_then_one_fewer(make_assistant):
    """Next week: four games asked, then three (the most any free agent has, the data ending Feb 7), said so.
    Fails on a1a8106: one game asked (any free agent) and the 'at least one game' line."""
    r = make_assistant(scoring="points").ask("who on waivers plays the most games next week?")
    got = [c["min_games_remaining"] for c in _calls(r, "get_free_agents")]
    assert got[:2] == [4, 3] and all(c.get("horizon") == "next_week" for c in _calls(r, "get_free_agents")), got
    assert "The most any free agent has is 3" in r["answer"]


def test_i_meant_corrects_the_last_requests_slot(make_assistant):
    """'no I meant next week' after a pickup ask is that ask for next week; 'no wait, I meant sunday' after
    a day question is the same question for Sunday. Fails on a1a8106: a clarifying question each time."""
    a = make_assistant(scoring="points")
    r = a.ask("best pickups for this week?")
    r = a.ask("no I meant next week", r["thread_id"])
    assert any(c.get("horizon") == "next_week" for c in _calls(r, "get_free_agents")), r["tool_calls"]
    r = a.ask("is bogdanovic playing saturday?")
    r = a.ask("no wait, i meant sunday", r["thread_id"])
    sched = _calls(r, "get_schedule")
    assert sched and sched[-1].get("start") == "2025-02-02", r["tool_calls"]
    assert not re.search(r"I'm not sure what you", r["answer"])


# --- the words of the game ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,entry", [("what's 'ros' mean on the cards, and who's the best ros add?", "**ROS (rest of season)**"),
                                        ("what are stocks exactly? who has the most on waivers", "**Stocks**"),
                                        ("whats 'stocks' in your numbers, is it just steals plus blocks", "**Stocks**")])
def test_the_words_on_the_cards_are_explained(make_assistant, text, entry):
    """Fails on a1a8106: no entry for ROS or stocks (the streaming entry, or a clarifying question)."""
    r = make_assistant(scoring="categories").ask(text)
    assert entry in r["answer"] and not re.search(r"I'm not sure what you", r["answer"]), r["answer"][:300]


def test_every_glossary_entry_is_a_word_that_can_be_asked():
    """The asking clause's words come from the entries themselves (a1a8106 kept a second list by hand, without
    ROS or stocks)."""
    from agents.core.glossary import GLOSSARY, asked

    for word in ("dtd", "ir", "util", "ros", "stocks", "z-score", "per 36", "gp", "waivers", "punting", "streaming"):
        words, _ = asked(f"what does {word} mean")
        assert words, word
    assert len(GLOSSARY) >= 15


def test_a_follow_up_after_a_meaning_question_does_not_crash(make_assistant):
    """A turn after a meaning-plus-request question ran the planner on a previous turn with no frame. Fails on
    a1a8106: 'did not answer: AttributeError'."""
    a = make_assistant(scoring="points")
    r = a.ask("whats ros mean and who's the best ros pickup")
    r = a.ask("top three only, nobody hurt", r["thread_id"])
    assert r["error"] is None and K.table_column(r["answer"], "Player"), r["answer"][:300]


# --- the thread's category, the measure said ---------------------------------------------------------------------
def test_a_move_that_pushes_that_up_takes_the_threads_category(make_assistant):
    """Fails on a1a8106: the optimizer with no target category."""
    a = make_assistant(scoring="categories")
    r = a.ask("how are my blocks looking this week?")
    r = a.ask("find me a move that helps that", r["thread_id"])
    got = K.calls(r, "optimize_matchup")
    assert got and "BLK" in (got[0].get("target_categories") or []), r["tool_calls"]


def test_in_fantasy_points_drops_the_carried_category(make_assistant):
    """'ok and in fantasy points over their last 5?' after 'who gets more boards': the fantasy-points leader
    over the last 5 (CSV), not rebounds again. Fails on a1a8106: the rebounds leader."""
    a = make_assistant(scoring="points")
    r = a.ask("who gets more boards, mobley or barnes")
    r = a.ask("ok and in fantasy points over their last 5?", r["thread_id"])
    best = max(("Evan Mobley", "Scottie Barnes"), key=lambda n: fpts_avg(n, 5))
    assert best in _lead(r) and not re.search(r"rebound", _lead(r), re.I), _lead(r)


# --- percentages compared ---------------------------------------------------------------------------------------
def test_a_percentage_is_compared_on_its_own_figure(make_assistant):
    """'who helps my FT% more, mobley or claxton': the projected FT% leader first, with his attempts.
    Fails on a1a8106: no FT% in the comparison (its lead was the counting stats' totals)."""
    r = make_assistant(scoring="categories").ask("ft pct — mobley or claxton, which one's helping there")

    def pct(n):
        rows = _season(n)
        return sum(float(x["ftm"]) for x in rows) / sum(float(x["fta"]) for x in rows)

    best = max(("Evan Mobley", "Nic Claxton"), key=pct)
    assert re.match(rf"\*\*{best} is ahead on FT%: 0\.\d{{3}} projected on \d+\.\d attempts", _lead(r)), _lead(r)


# --- out of scope: another season -------------------------------------------------------------------------------
@pytest.mark.parametrize("text,name", [("is mobley better than he was last season?", "Evan Mobley"),
                                       ("what did bol bol average in college", "Bol Bol")])
def test_another_season_is_out_of_scope_with_this_seasons_figure(make_assistant, text, name):
    """Fails on a1a8106: his status and game log, nothing said about the season asked."""
    r = make_assistant(scoring="points").ask(text)
    assert _lead(r).startswith("**Last season (any season before 2024-25)"), _lead(r)
    avg = fpts_avg(name)
    assert f"{avg:.1f} fantasy pts a game over {len(_season(name))} games" in r["answer"], (avg, r["answer"][:400])


def test_a_player_of_an_out_of_scope_turn_is_him_two_turns_on(make_assistant):
    """Fails on a1a8106: the turn after ('worth adding him?') was read without him, and the one after that
    ('his blocks per game') asked who he is."""
    a = make_assistant(scoring="categories")
    r = a.ask("how good was zach edey in college")
    r = a.ask("worth adding him for blocks?", r["thread_id"])
    assert _calls(r, "validate_slot_fit") and _calls(r, "validate_slot_fit")[0]["add"] == "Zach Edey", r["tool_calls"]
    r = a.ask("what's his blocks per game", r["thread_id"])
    assert any(c.get("name") == "Zach Edey" for c in _calls(r, "get_player_game_log")), r["tool_calls"]


# --- a decided card stays decided --------------------------------------------------------------------------------
def test_a_move_declined_is_not_waiting_from_an_earlier_turn(make_assistant):
    """The same cards offered twice (the request, then a reply the planner answers with the same moves); the
    first declined: it waits nowhere after. Fails on a1a8106: the earlier turn's copy of the declined card
    came back in pending_approvals."""
    a = make_assistant(scoring="points")
    r = a.ask("best add/drop this week?")
    r = a.ask("hmm, and again, best add/drop this week?", r["thread_id"])
    first = r["pending_approvals"][0]["move_id"]
    r = a.resume(r["thread_id"], "decline", first)
    assert first not in [c["move_id"] for c in r["pending_approvals"]]
    r = a.ask("who's on my roster?", r["thread_id"])
    assert first not in [c["move_id"] for c in r["pending_approvals"]]


def test_a_position_kept_withdraws_the_waiting_cards_that_drop_it(make_assistant):
    """'anything that doesn't cost me a guard?' after cards: no waiting card drops a guard of mine. Fails on
    a1a8106: the earlier cards dropping Bogdanović (SG) kept waiting, and the phrase kept no position."""
    a = make_assistant(scoring="points")
    r = a.ask("best moves this week?")
    r = a.ask("anything that doesn't cost me a guard?", r["thread_id"])
    guards = {"Bogdan Bogdanović", "Mike Conley", "LaMelo Ball", "Shai Gilgeous-Alexander", "Bradley Beal", "Jaden Ivey"}
    drops = [c["drop"] for c in r["pending_approvals"] if c["kind"] != "ir"]
    assert not guards & set(drops), drops


# --- a move asked for this week -----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["need your top add/drop for this week", "what's my best move for the rest of the week"])
def test_a_move_asked_for_this_week_is_ranked_by_this_week(make_assistant, text):
    """Fails on a1a8106: mode 'balanced' (the season's value ranked the cards)."""
    r = make_assistant(scoring="points").ask(text)
    got = K.calls(r, "optimize_matchup")
    assert got and got[0].get("mode") == "this_week", r["tool_calls"]


def test_no_on_that_one_then_whats_next_shows_the_next_card(make_assistant):
    """Fails on a1a8106: a clarifying question."""
    a = make_assistant(scoring="points")
    r = a.ask("best moves this week?")
    second = r["pending_approvals"][1]
    r = a.resume(r["thread_id"], "decline", r["pending_approvals"][0]["move_id"])
    r = a.ask("yeah hard pass on that one lol. whats next", r["thread_id"])
    lead = r["answer"].split("\n\n")[0]
    assert "is waiting for you" in lead and second["add"] in lead and second["drop"] in lead, r["answer"][:300]


# --- trades ---------------------------------------------------------------------------------------------------------
def test_a_player_thrown_in_is_added_to_the_same_trade(make_assistant):
    """Fails on a1a8106: a search for trades giving Conley alone."""
    a = make_assistant(scoring="points")
    r = a.ask("would anyone do barnes for wembanyama?")
    r = a.ask("what if i throw conley in too", r["thread_id"])
    got = _calls(r, "evaluate_trade")
    assert got and set(got[0]["give"]) == {"Scottie Barnes", "Mike Conley"} and got[0]["get"] == ["Victor Wembanyama"], \
        r["tool_calls"]


@pytest.mark.parametrize("text", ["what can i get for jaren jackson jr", "who's gettable for jjj alone",
                                  "can i get a center for beal"])
def test_what_my_player_brings_back_gives_him(make_assistant, text):
    """Fails on a1a8106: find_trades with get=[him] (trades that bring in my own player) or a clarifying question."""
    r = make_assistant(scoring="points").ask(text)
    got = _calls(r, "find_trades")
    assert got and got[0].get("give") and not got[0].get("get"), r["tool_calls"]


def test_a_new_side_for_a_shaped_search_keeps_its_shape_and_position(make_assistant):
    """'nah keep conley, do beal + bogdanovic instead' after a 2-for-1 for a center: the same search with the
    new pair. Fails on a1a8106: Beal alone, no shape, no position."""
    a = make_assistant(scoring="categories")
    r = a.ask("2 for 1: beal + conley for a center")
    r = a.ask("nah keep conley, do beal + bogdanovic instead", r["thread_id"])
    got = _calls(r, "find_trades")[-1]
    assert got.get("shape") == "2-for-1" and got.get("get_position") == "C", got
    assert set(got["give"]) == {"Bradley Beal", "Bogdan Bogdanović"}, got


# --- replies while cards wait ------------------------------------------------------------------------------------
@pytest.mark.parametrize("reply", ["make it happen cap'n", "yessir that one"])
def test_agreeing_with_a_vocative_shows_the_card_again(make_assistant, reply):
    """Fails on a1a8106: the greeting."""
    a = make_assistant(scoring="points")
    r = a.ask("can i put ivey on IR and grab someone?")
    card = r["pending_approvals"][0]
    r = a.ask(reply, r["thread_id"])
    assert re.search(r"is waiting for you", r["answer"]) and card["add"] in r["answer"].split("\n\n")[0], r["answer"][:300]
    assert not r["transactions"]


def test_the_roster_or_the_ir_slot_asked_beside_the_moves_shows_both(make_assistant):
    """'did it go thru? show me my roster' and 'who's in my IR slot now, and who did I add': the record of the
    moves and the roster (its IR slot). Fails on a1a8106: the moves alone, and the IR question read as another
    IR move of the thread's player."""
    a = make_assistant(scoring="points")
    r = a.ask("can i put ivey on IR and grab someone?")
    card = r["pending_approvals"][0]
    r = a.resume(r["thread_id"], "approve", card["move_id"])
    r2 = a.ask("did it go thru? show me my roster", r["thread_id"])
    assert _calls(r2, "get_my_moves") and _calls(r2, "get_my_roster"), r2["tool_calls"]
    assert card["add"] in K.table_column(r2["answer"], "Player")
    r3 = a.ask("so who's sitting in my IR slot now, and who did I end up adding", r["thread_id"])
    assert _calls(r3, "get_my_roster") and _calls(r3, "get_my_moves") and not K.calls(r3, "optimize_matchup")
    assert "Jaden Ivey" in r3["answer"] and card["add"] in r3["answer"]


@pytest.mark.parametrize("text", ["top 3 is plenty", "the top two are enough", "first five is fine"])
def test_a_count_after_a_list_with_cards_is_not_an_affirmation(text):
    """Guard (holds on a1a8106): a count said after a list whose answer offers cards trims the list; the
    filler word an affirmation may carry ("make it happen cap'n") is allowed only beside a yes. Caught this
    session's first filler rule, which read 'top 3 is plenty' as agreeing to card 1."""
    from agents.offline.card_words import affirmation

    assert affirmation(text, "Top free agents ... Approve or decline each card below.") is None
    assert affirmation("make it happen cap'n", "Approve or decline the card below.") == 0
