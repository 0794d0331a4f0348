"""The group-chat normalizer by itself (agents/core/normalize.py): shorthand spelled out, laughter
and emoji handled, every other character kept, idempotent. Each row fails on the code before issue
#42 (no normalizer: the shorthand reached the slots and the model as typed)."""
from __future__ import annotations

import pytest

from agents.core.normalize import normalize, reaction


@pytest.mark.parametrize("typed, plain", [
    # time
    ("who plays tn", "who plays tonight"),
    ("need a C rn", "need a center right now"),
    ("games left this wk", "games left this week"),
    ("rest of szn outlook", "rest of season outlook"),
    # chat words
    ("r u sure", "are you sure"),
    ("boards n dimes", "rebounds and assists"),
    ("ok tho", "ok though"),
    ("any1 w 3 g left", "anyone with 3 games left"),
    ("rankings w/ ft% punted", "rankings with ft% punted"),
    ("is he good 2 go", "is he good to go"),
    ("pls fix it 4 the week", "please fix it for the week"),
    ("lavine 4 sabonis?", "lavine for sabonis?"),
    ("top 4 guards", "top 4 guards"),  # a count stays a count
    ("last 4 games", "last 4 games"),
    ("get the W", "get the win"),
    # stats
    ("his stocks l5", "his steals and blocks last 5"),
    ("cooking from deep", "cooking threes"),
    ("bricks from the line", "bricks free throws"),
    ("swats and swipes", "blocks and steals"),
    ("how many pts for a 3", "how many pts for a three pointer"),
    ("top 10 for a no-turnovers build", "top 10 for a punt turnovers build"),
    # bets and teams
    ("knicks ML @ 1.80", "knicks moneyline @ 1.80"),
    ("and the o/u?", "and the total?"),
    ("20 bucks on the celts +3 at 1.9", "bet $20 on the celtics +3 at 1.9"),
    ("hammer the under in heat magic, 214.5", "bet the under 214.5 in heat magic"),
    ("me sending zion, getting jjj back", "me trading zion for jjj"),
    # laughter, emoji, repeated letters; names as typed
    ("lol is Jokić ok", "is Jokić ok"),
    ("who's 🔥 on waivers", "who's hot on waivers"),
    ("soooo good", "so good"),
    ("Shai Gilgeous-Alexander", "Shai Gilgeous-Alexander"),
])
def test_shorthand_is_spelled_out(typed, plain):
    assert normalize(typed) == plain
    assert normalize(plain) == plain  # idempotent: the model's features normalize text the parse already normalized


@pytest.mark.parametrize("text, is_reaction", [
    ("lmfao ok", True), ("hahah cheers", True), ("🤣🤣", True), ("👍", True), ("ty bro 🙏", True),
    ("say less", True), ("hehe", True),
    ("🏀🏀", False),  # an object emoji alone says nothing: "I didn't follow that", not small talk
    ("lol is embiid playing", False), ("???", False), ("ok so who starts", False),
])
def test_reactions_are_told_apart(text, is_reaction):
    assert reaction(text) is is_reaction


def test_diacritics_typed_or_not_name_the_same_player():
    """Names with diacritics resolve typed either way, after the normalizer."""
    from agents.offline.slots import find_players

    for typed, name in [("doncic", "Luka Dončić"), ("Dončić", "Luka Dončić"), ("jokic", "Nikola Jokić"),
                        ("sengun", "Alperen Şengün"), ("schroder", "Dennis Schröder"),
                        ("porzingis", "Kristaps Porziņģis"), ("valanciunas", "Jonas Valančiūnas")]:
        assert find_players(normalize(f"{typed} boards last 5")) == [name], typed
