"""Claim windows (issue 28, item 1): one offered decision that several players may take or pass,
won by the first claim, by a priority order then the order of `players:`, or by a seeded draw.
Small rulesets here pin the rules, the decision API (a claimant answering before the one
asked), what each seat sees, the `claimed` event, replays and the checker's messages."""
from __future__ import annotations

import random

import pytest

from interpreter import Game
from interpreter.engine.decisions import IllegalChoice
from interpreter.agents.basic import play_random
from interpreter.engine.claims import decision_for, open_claim
from interpreter.logs import replay, replay_events, write_log
from tests.test_language_features import diagnostics, tiny

CLAIM = """\
vars:
  game:
    won_by: {{type: player}}
    got: ""
flow:
  - claim: action
    players: players
    by: q
    {rule}
    actions:
      low: {{label: Take it low}}
      high: {{if: "q != player_at(0)", label: Take it high}}
    then: "won_by = q; got = claim"
    as: claim
    if_none: "got = 'nobody'"
"""


def ruleset(tmp_path, rule: str = "wins: first"):
    return tiny(tmp_path, CLAIM.format(rule=rule))


def claimed(game: Game) -> dict:
    return next(e for e in game.events if e["type"] == "claimed")


def test_a_race_is_won_by_the_first_claim_and_the_others_are_never_asked(tmp_path):
    """GIVEN a race among three players WHEN seat 0 passes and seat 1 claims THEN seat 1 wins at
    once, seat 2 is never asked, and the `claimed` event names seat 1, its choice and why."""
    game = Game(ruleset(tmp_path), 3, seed=1)
    assert open_claim(game).seats == (0, 1, 2) and game.decision.player == 0
    assert [c.id for c in game.decision.choices] == ["low", "pass"]     # seat 0 may not go high
    game.apply("pass")
    game.apply("high")
    assert game.over and game.vars["won_by"].seat == 1 and game.vars["got"] == "high"
    assert claimed(game) == {"type": "claimed", "player": 1, "choice": "high", "text": "Take it high",
                             "reason": "first",
                             "answers": [{"player": 0, "choice": "pass"}, {"player": 1, "choice": "high"}]}


def test_a_claimant_may_answer_before_the_seat_asked_and_wins_a_race(tmp_path):
    """GIVEN a race where seat 0 is asked first WHEN seat 2 answers first (a web table's first
    click) THEN seat 2 wins; the log's decided events are in that order and the log replays."""
    game = Game(ruleset(tmp_path), 3, seed=1)
    game.apply("low", seat=2)
    assert game.vars["won_by"].seat == 2
    decided = [(e["player"], e["choice"]) for e in game.events if e["type"] == "decided"]
    assert decided == [(2, "low")]
    path = tmp_path / "race.jsonl"
    write_log(game, path)
    assert replay(path).events == game.events
    assert replay_events(game.rules, game.header(), list(enumerate(game.events, 2))).events == game.events


def test_a_seat_with_nothing_to_answer_is_refused_and_the_game_is_unchanged(tmp_path):
    """GIVEN a race where seat 1 has answered WHEN seat 1 answers again, or a seat of no claim
    answers THEN IllegalChoice, and the window still waits for the seats left."""
    game = Game(ruleset(tmp_path, "wins: priority"), 3, seed=1)
    game.apply("pass", seat=1)
    before = len(game.events)
    with pytest.raises(IllegalChoice, match="seat 1 has no decision"):
        game.apply("low", seat=1)
    assert len(game.events) == before and open_claim(game).seats == (0, 2)


def test_priority_beats_the_order_of_answers_and_equal_claims_go_by_the_players_order(tmp_path):
    """GIVEN `wins: priority` with high before low WHEN seat 1 claims low first and seat 2 high
    THEN seat 2 wins ('priority'); WHEN seats 2 then 1 both claim high THEN seat 1 wins, first in
    the order of `players:` ('order')."""
    rules = ruleset(tmp_path, "wins: priority\n    priority: [high, low]")
    game = Game(rules, 3, seed=1)
    game.apply("low", seat=1)
    game.apply("high", seat=2)
    assert not game.over             # seat 0 has not answered: everyone answers a priority claim
    game.apply("low")
    assert game.vars["won_by"].seat == 2 and claimed(game)["reason"] == "priority"
    game = Game(rules, 3, seed=1)
    for seat, choice in ((2, "high"), (1, "high"), (0, "pass")):
        game.apply(choice, seat=seat)
    assert game.vars["won_by"].seat == 1 and claimed(game)["reason"] == "order"


def test_a_random_claim_draws_among_the_claims_from_the_seed(tmp_path):
    """GIVEN `wins: random` WHEN everyone claims THEN the winner is drawn with the game's seed:
    the same seed gives the same winner, whatever order the answers came in, and the seeds
    between them give more than one winner."""
    rules = ruleset(tmp_path, "wins: random")

    def winner(seed: int, order) -> int:
        game = Game(rules, 3, seed=seed)
        for seat in order:
            game.apply("low", seat=seat)
        assert claimed(game)["reason"] == "draw"
        return game.vars["won_by"].seat
    assert all(winner(seed, (0, 1, 2)) == winner(seed, (2, 0, 1)) for seed in range(10))
    assert len({winner(seed, (0, 1, 2)) for seed in range(10)}) > 1


def test_nobody_claiming_runs_if_none_and_says_so(tmp_path):
    """GIVEN a race WHEN everyone passes THEN `if_none` runs and the event names nobody."""
    game = Game(ruleset(tmp_path), 3, seed=1)
    for _ in range(3):
        game.apply("pass")
    assert game.vars["got"] == "nobody"
    assert claimed(game)["player"] is None and claimed(game)["reason"] == "none"


def test_hidden_answers_are_seen_only_by_their_seat_until_the_claim_is_resolved(tmp_path):
    """GIVEN a priority claim (answers hidden by default) WHEN seat 1 claims THEN seat 0 and
    seat 2 see no decision of seat 1's until the `claimed` event shows every answer; each
    claimant's view holds its own options while the window is open."""
    game = Game(ruleset(tmp_path, "wins: priority"), 3, seed=1)
    game.apply("high", seat=1)
    for seat in (0, 2):
        assert not [e for e in game.events_for(seat) if e["type"] == "decided"]
        assert game.view(seat)["decision"]["choices"][-1] == {"id": "pass", "label": "pass"}
    assert "decision" not in game.view(1) and game.view(1)["waiting_for"] == 0
    game.apply("pass", seat=2)
    game.apply("pass")
    shown = [e for e in game.events_for(2) if e["type"] == "claimed"]
    assert shown and shown[0]["answers"][0] == {"player": 1, "choice": "high"}


def test_public_answers_are_seen_at_once(tmp_path):
    """GIVEN `answers: public` WHEN seat 1 passes THEN seat 0 sees that decision at once."""
    game = Game(ruleset(tmp_path, "wins: priority\n    answers: public"), 3, seed=1)
    game.apply("pass", seat=1)
    assert [e["player"] for e in game.events_for(0) if e["type"] == "decided"] == [1]


def test_a_seeded_order_asks_the_seats_in_an_order_fixed_by_the_seed(tmp_path):
    """GIVEN `order: random` in a race WHEN games start from seeds THEN the seat asked first is
    fixed by the seed (the same twice) and differs between seeds."""
    rules = ruleset(tmp_path, "wins: first\n    order: random")
    firsts = [Game(rules, 3, seed=seed).decision.player for seed in range(12)]
    assert firsts == [Game(rules, 3, seed=seed).decision.player for seed in range(12)]
    assert len(set(firsts)) > 1


def test_random_bots_resolve_claims_the_same_way_from_the_same_seeds(tmp_path):
    """GIVEN random players WHEN the same game is played twice from the same seeds THEN the
    events are the same, one by one."""
    for rule in ("wins: first\n    order: random", "wins: priority\n    priority: [high]", "wins: random"):
        rules = ruleset(tmp_path, rule)
        runs = []
        for _ in range(2):
            game = Game(rules, 4, seed=11)
            play_random(game, random.Random(5))
            runs.append(game.events)
        assert runs[0] == runs[1]


def test_decision_for_gives_each_claimant_its_own_decision(tmp_path):
    """GIVEN an open window WHEN each seat's decision is asked for THEN every claimant has its
    own options (seat 0 without 'high'), and a seat outside the window has none."""
    rules = tiny(tmp_path, CLAIM.format(rule="wins: first").replace("players: players",
                                                                    "players: \"[player_at(0), player_at(2)]\""))
    game = Game(rules, 3, seed=1)
    assert [c.id for c in decision_for(game, 0).choices] == ["low", "pass"]
    assert [c.id for c in decision_for(game, 2).choices] == ["low", "high", "pass"]
    assert decision_for(game, 1) is None


@pytest.mark.parametrize("rule, code, text", [
    ("wins: fastest", "enum", "'wins' is one of: first, priority, random"),
    ("wins: first\n    priority: [high]", "claim", "'priority' orders the claims of 'wins: priority'; this "
                                                    "claim is won by 'first'"),
    ("wins: priority\n    priority: [hihg]", "unknown-name", "'priority' names 'hihg', which is not an action "
                                                           "of this claim"),
    ("wins: random\n    order: random", "claim", "'order' is how seats answer in turn in a race ('wins: first'); "
                                                 "with 'wins: random' every seat answers"),
    ("window: 0", "type", "'window' is a whole number of seconds, from 1 to 3600"),
])
def test_a_claim_rule_that_is_wrong_is_told_at_its_key(tmp_path, rule, code, text):
    """GIVEN a claim with a wrong rule WHEN checked THEN one error with its code and text."""
    found = diagnostics(tmp_path, CLAIM.format(rule=rule))
    assert [(c, m) for _, c, m, _ in found] == [(code, text)]


def test_a_claim_may_not_name_an_action_pass_nor_offer_several_cards(tmp_path):
    """GIVEN a claim action named 'pass', or `claim: cards` WHEN checked THEN each is told."""
    found = diagnostics(tmp_path, CLAIM.format(rule="wins: first").replace(" low:", " pass:"))
    assert [(c, m) for _, c, m, _ in found] == [("claim", "a claim offers 'pass' by itself; name the action "
                                                          "otherwise")]
    found = diagnostics(tmp_path, """\
        flow:
          - claim: cards
            players: players
            from: p.hand
        """)
    assert [(c, m, h) for _, c, m, h in found] == [("unknown-name", "unknown kind of claim 'cards'",
                                                    "a claim offers one action, card, player or value")]


def test_a_game_copied_while_a_claim_is_open_plays_on_as_the_original(tmp_path):
    """GIVEN a priority claim with one answer given WHEN the game is copied and both get the
    same answers, the last out of turn THEN both end with the same events."""
    game = Game(ruleset(tmp_path, "wins: priority"), 3, seed=1)
    game.apply("high", seat=1)
    twin = game.clone()
    for copy in (game, twin):
        copy.apply("pass", seat=2)
        copy.apply("low")
    assert twin.events == game.events and twin.vars["won_by"].seat == game.vars["won_by"].seat == 0


def test_a_search_sample_draws_the_others_hidden_answers_again(tmp_path):
    """GIVEN seat 1's hidden claim of 'high' WHEN seat 2's search samples games from what it
    knows THEN seat 1's answer in the samples is drawn from its options (not always 'high'),
    while the real game keeps it."""
    from interpreter.agents.determinize import determinize
    from interpreter.engine.frames import unrevealed_choices
    game = Game(ruleset(tmp_path, "wins: priority"), 3, seed=1)
    game.apply("high", seat=1)
    rng = random.Random(3)
    drawn = set()
    for _ in range(30):
        sample = determinize(game, 2, game.events_for(2), rng)
        drawn.update(str(answer[1]) for answer in unrevealed_choices(sample._stack) if answer[2] == 1)
    assert drawn == {"low", "high", "pass"}
    assert [str(a[1]) for a in unrevealed_choices(game._stack)] == ["high"]


def test_a_claim_in_a_loop_may_break_it_from_its_then(tmp_path):
    """GIVEN a loop that opens a claim each turn and breaks when someone claims WHEN seat 0
    claims in the second turn (after seat 1 passed) THEN the loop ends there and the steps
    after it run."""
    rules = tiny(tmp_path, """\
        vars:
          game:
            turns: 0
            won_by: {type: player}
        flow:
          - while: "turns < 5"
            do:
              - "turns += 1"
              - claim: action
                players: players
                wins: priority
                actions: {take: []}
                then: ["won_by = claimer", break]
          - "turns += 100"
        """)
    game = Game(rules, 2, seed=1)
    game.apply("pass")
    game.apply("pass")
    game.apply("pass", seat=1)
    game.apply("take")
    assert game.over and game.vars["turns"] == 102 and game.vars["won_by"].seat == 0


def test_a_claim_error_is_told_at_its_line_and_a_trigger_may_not_open_one(tmp_path):
    """GIVEN a claim with an unknown `wins`, and a trigger that opens a claim WHEN checked THEN
    each error is at its own line."""
    from interpreter.compile.ruleset import check_ruleset
    from tests.test_language_features import write
    path = write(tmp_path, """\
        triggers:
          slap:
            on: phase_started
            do:
              claim: action
              players: players
              actions: {slap: []}
        flow:
          - phase: play
            do:
              claim: action
              players: players
              wins: fastest
              actions: {slap: []}
        """)
    _, found = check_ruleset(path)
    errors = {(d.code, d.span.line) for d in found if d.severity == "error"}
    text = path.read_text().splitlines()
    assert ("choice-not-allowed", next(i for i, line in enumerate(text, 1) if "claim: action" in line)) in errors
    assert ("enum", next(i for i, line in enumerate(text, 1) if "wins: fastest" in line)) in errors


def test_a_card_claim_offers_each_claimant_its_own_legal_cards(tmp_path):
    """GIVEN a claim of a card any player may add to the table if it matches the top card's
    rank (`from:` their hand, `where:`) WHEN the claimants answer THEN each was offered its own
    matching cards and pass, a pass of a card claim goes through, and the winner's card moves."""
    rules = tiny(tmp_path, """\
        flow:
          - "shuffle(deck); deal(deck, players.map(p, p.hand), 2); move(first(deck), table)"
          - claim: card
            players: players
            from: claimer.hand
            where: "c.rank == first(table).rank"
            as: c
            wins: priority
            then: "move(c, table)"
        """)
    game = Game(rules, 3, seed=1, stacked=[["5H", "5C", "9D", "KS", "2H", "3H", "5S"]])
    assert open_claim(game).seats == (0, 1)                # seat 2 holds no 5: not asked
    assert [c.id for c in decision_for(game, 0).choices] == ["5H", "pass"]
    assert [c.id for c in decision_for(game, 1).choices] == ["5C", "pass"]
    game.apply("pass")
    game.apply("5C")
    assert game.over and [c.id for c in game.cards_in(game.zones["table"])] == ["5S", "5C"]
    assert claimed(game)["choice"] == "5C" and claimed(game)["player"] == 1
