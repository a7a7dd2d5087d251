"""The words for the language's builtins, macros and effects, as `str.format` templates.

`{0}`, `{1}`... are the arguments' phrases, in the order of the signature in the registries
(`interpreter.language.builtins`, `interpreter.language.effects`); a test checks that every name
here is registered and takes that many arguments. A builtin with no entry is written as a call,
`name(a, b)`: only those that read better as words are listed.
Each builtin entry is (phrase, phrase of its negation or None); a negation reads better than
"not ..." for the conditions a player is told ("the trick is not empty").
"""
from __future__ import annotations

BUILTIN_PHRASES: dict[str, tuple[str, str | None]] = {
    "size": ("the number of cards in {0}", None),
    "empty": ("{0} is empty", "{0} is not empty"),
    "first": ("the first of {0}", None),
    "last": ("the last of {0}", None),
    "take": ("the first {1} of {0}", None),
    "index_of": ("the position of {1} in {0}", None),
    "distinct": ("{0} without repeats", None),
    "reverse": ("{0} in reverse order", None),
    "total": ("the total of {0}", None),
    "highest": ("the highest of {0}", None),
    "lowest": ("the lowest of {0}", None),
    "abs": ("the absolute value of {0}", None),
    "max_of": ("the larger of {0} and {1}", None),
    "min_of": ("the smaller of {0} and {1}", None),
    "range": ("the numbers from {0} up to (not including) {1}", None),
    "text": ("{0}", None),
    "player_at": ("the player in seat {0}", None),
    "players_from": ("the players in turn from {0}", None),
    "offset": ("the player {1} seats to the left of {0}", None),
    "next_in": ("the next of {1} after {0}", None),
    "holder": ("the player holding {0}", None),
    "random": ("one of {0} at random", None),
    "random_int": ("a random number from {0} to {1}", None),
    "can_use": ("{0} can use {1}", "{0} cannot use {1}"),
    "usable": ("the abilities {0} can use now", None),
    "enabled": ("{0} has {1} enabled", "{0} has {1} disabled"),
    "used": ("{0} has used {1}", "{0} has not used {1}"),
    "hand_rank": ("the poker rank of {0}", None),
    "hand_rank_suited": ("the poker rank of {0}, suits breaking ties", None),
    "hand_name": ("the name of the poker hand {0}", None),
    "is_group": ("{0} is a group of one {1}", "{0} is not a group of one {1}"),
}

# name -> (phrase, phrase of its negation or None); {xs} the list, {x} the item's name, {body}.
MACRO_PHRASES: dict[str, tuple[str, str | None]] = {
    "all": ("{body} for every {x} in {xs}", "not ({body}) for some {x} in {xs}"),
    "any": ("{body} for some {x} in {xs}", "{body} for no {x} in {xs}"),
    "filter": ("those {x} in {xs} for which {body}", None),
    "map": ("{body} for each {x} in {xs}", None),
    "flat_map": ("all of {body} for each {x} in {xs}", None),
    "count": ("the number of {x} in {xs} for which {body}", None),
    "sum": ("the sum of {body} over every {x} in {xs}", None),
    "max": ("the highest {body} over every {x} in {xs}", None),
    "min": ("the lowest {body} over every {x} in {xs}", None),
    "max_by": ("the {x} in {xs} with the highest {body}", None),
    "min_by": ("the {x} in {xs} with the lowest {body}", None),
    "sort_by": ("{xs} in order of {body} (for each {x})", None),
}

EFFECT_PHRASES: dict[str, str] = {
    "move": "move {0} to {1}",
    "move_to_top": "move {0} to the top of {1}",
    "shuffle": "shuffle {0}",
    "deal": "deal {2} cards from {0} to each of {1}",
    "deal_all": "deal all of {0} to {1}, one at a time",
    "draw": "draw {2} cards from {0} to {1}",
    "reveal": "turn {0} face up",
    "hide": "turn {0} face down",
    "show": "show {0} to every player",
    "peek": "let {1} see {0}",
    "swap": "swap {0} and {1}",
    "announce": "announce {0}",
    "win": "{0} win, and the game ends",
    "end_game": "the game ends",
    "disable": "{0} can no longer use {1}",
    "enable": "{0} may use {1} again",
    "reset_uses": "{0} may use every ability again",
}

# Names every ruleset has.
GLOBAL_PHRASES: dict[str, str] = {
    "num_players": "the number of players",
    "players": "the players",
    "all_cards": "all the cards",
    "teams": "the teams",
    "nobody": "nobody",
}
