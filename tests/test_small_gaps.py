"""The small gaps new games hit (issue 28, items 2, 3, 4 and 6): decks whose repeats keep their
ids unique and whose generated cards come in per-value counts, the empty player value `nobody`,
transcripts that print the ruleset's labels, and card choices of `min` to `max` cards."""
from __future__ import annotations

import pytest

from interpreter import Game
from tests.test_language_features import deck_of, diagnostics, tiny
from tests.test_engine import HEADER


# -- item 6: decks -------------------------------------------------------------------------------
UNO_LIKE = """\
deck:
  attributes: {color: str, number: int}
  generate: {color: [red, blue], number: [0, 1, 2]}
  count: {of: number, map: {0: 1}, default: 2}
  id: "{color}{number}"
  cards:
    - {color: wild, number: 0, id: W, count: 2}
  copies: 2
"""




def test_a_generated_deck_has_one_zero_and_two_of_every_other_number(tmp_path):
    """GIVEN `count: {of: number, map: {0: 1}, default: 2}` over two colours and numbers 0-2
    WHEN loaded THEN each colour has one 0, two 1s and two 2s, every id unique, and the wild
    card's repeats across `count` and `copies` are W, W#2, W#3, W#4."""
    rules = deck_of(tmp_path, UNO_LIKE)
    ids = [c.id for c in rules.cards]
    assert len(ids) == len(set(ids)) == 2 * (2 * 5 + 2)
    first_copy = ids[:12]
    assert first_copy == ["red0", "red1", "red1#2", "red2", "red2#2",
                          "blue0", "blue1", "blue1#2", "blue2", "blue2#2", "W", "W#2"]
    assert [i for i in ids if i.startswith("W")] == ["W", "W#2", "W#3", "W#4"]
    assert sum(1 for c in rules.cards if c.attrs == {"color": "red", "number": 0}) == 2   # one per copy


def test_a_plain_number_count_repeats_every_generated_card(tmp_path):
    rules = deck_of(tmp_path, UNO_LIKE.replace("{of: number, map: {0: 1}, default: 2}", "3")
                    .replace("  copies: 2\n", ""))
    assert [c.id for c in rules.cards][:3] == ["red0", "red0#2", "red0#3"] and len(rules.cards) == 2 * 3 * 3 + 2


def test_two_entries_with_one_id_are_reported_at_the_second_entry(tmp_path):
    """GIVEN an entry `W` with count 2 and another entry with the id `W#2`
    WHEN checked THEN one duplicate error, with a hint that repeats are numbered."""
    found = diagnostics(tmp_path, "flow: []\n", header=HEADER.replace("deck: {standard: true}\n", """\
deck:
  attributes: {color: str}
  cards:
    - {color: wild, id: W, count: 2}
    - {color: wild, id: "W#2"}
"""))
    assert [f[:3] for f in found if f[0] == "error"] == [("error", "duplicate", "two cards have the id 'W#2'")]


# -- item 3: the empty player value `nobody` ---------------------------------------------------------
BIDDING = """\
vars:
  game:
    taker: {type: player, initial: nobody}
    told: ""
  player:
    won: 0
flow:
  - for_each: p
    in: players
    do:
      - choose: action
        player: p
        actions:
          take: "taker = p"
          pass: []
      - if: "taker != nobody"
        then: break
  - "told = text(taker)"
  - if: "taker == nobody"
    then: "taker = player_at(0)"
  - "taker.won += 1"
"""


def test_a_bidding_round_stops_at_the_first_taker_and_nobody_marks_none_yet(tmp_path):
    """GIVEN the docs' `break` example with `taker` starting as `nobody`
    WHEN seat 0 passes and seat 1 takes THEN seat 2 is never asked and seat 1 is the taker;
    WHEN everyone passes THEN the taker stays `nobody`, and text() reads 'nobody'."""
    rules = tiny(tmp_path, BIDDING)
    game = Game(rules, 3, seed=1)
    game.apply("pass")
    game.apply("take")
    assert game.over and game.vars["told"] == game.players[1].name and game.vars_of(game.players[1])["won"] == 1
    game = Game(rules, 3, seed=1)
    for _ in range(3):
        assert game.decision.choices[1].id == "pass"
        game.apply("pass")
    assert game.over and game.vars["told"] == "nobody" and game.vars_of(game.players[0])["won"] == 1


def test_reading_setting_or_asking_nobody_is_a_located_error(tmp_path):
    """GIVEN a player variable holding `nobody` WHEN a field of it is read, set, passed to a
    builtin or made a choice's player THEN the game stops with a `nobody` error at that place."""
    import pytest
    from interpreter import GameError, load_ruleset
    from tests.test_language_features import write
    from tests.test_engine import line_of
    for step, needle, what in [
            ('"n = taker.seat"', "taker.seat", "reading 'seat'"),
            ('"taker.won = 2"', "taker.won", "setting 'won'"),
            ('"draw(deck, offset(taker, 1).hand, 1)"', "offset", "argument 'p' of offset()"),
            ('{choose: action, player: taker, actions: {a: []}}', "player: taker", "the player who chooses")]:
        path = write(tmp_path, f"""\
            vars:
              game: {{taker: {{type: player, initial: nobody}}, n: 0}}
              player: {{won: 0}}
            flow:
              - {step}
            """)
        with pytest.raises(GameError) as info:
            Game(load_ruleset(path), 2, seed=1)
        assert info.value.code == "nobody" and info.value.message == f"{what}: the player is nobody here"
        assert info.value.span.line == line_of(path, needle)


def test_nobody_is_a_player_and_not_a_card(tmp_path):
    found = diagnostics(tmp_path, """\
        vars: {game: {c: {type: card}}}
        flow: ["c = nobody"]
        """)
    assert [f[0] for f in found] == ["error"] and "player" in found[0][2]


def test_a_game_that_sets_nobody_is_viewed_logged_and_replayed(tmp_path):
    """GIVEN the bidding round played by random players WHEN each game is viewed from every
    seat, logged and replayed THEN the replay reaches the same events."""
    from interpreter.agents.basic import RandomAgent, play
    from interpreter.logs import replay, write_log
    rules = tiny(tmp_path, BIDDING.replace("    then: \"taker = player_at(0)\"\n", "    then: \"taker = nobody\"\n")
                 .replace('  - "taker.won += 1"\n', ""))
    for seed in range(6):
        game = Game(rules, 3, seed=seed)
        play(game, [RandomAgent(seed + s) for s in range(3)])
        assert game.over
        for seat in range(3):
            game.view(seat)
        log = tmp_path / f"game{seed}.json"
        write_log(game, log)
        assert replay(log).events == game.events


# -- item 4: transcripts print the labels the decision showed ----------------------------------------
LABELLED = """\
vars: {game: {claim: 0, done: false}}
flow:
  - choose: value
    player: player_at(0)
    from: "[13, 14]"
    labels: "'the ' + (n == 14 ? 'ace' : 'king')"
    label: claims
    as: n
    then: "claim = n"
  - choose: action
    player: player_at(1)
    actions:
      call: {label: "calls {claim * 10}", do: "done = true"}
      give_up: []
"""


def test_the_transcript_prints_the_labels_the_options_showed(tmp_path):
    """GIVEN a value choice with `labels:` and an action with a computed `label:`
    WHEN both are decided THEN the transcript reads "claims the ace" and "chooses calls 140",
    not the ids "14" and "call"; an action without a label still reads as its id."""
    from interpreter.terminal.transcript import Transcript
    rules = tiny(tmp_path, LABELLED)
    game = Game(rules, 2, seed=1)
    transcript = Transcript(game)
    game.apply("14")
    game.apply("call")
    lines = transcript.new_lines()
    assert f"{game.players[0].name} claims the ace" in lines
    assert f"{game.players[1].name} chooses calls 140" in lines
    game = Game(rules, 2, seed=1)
    transcript = Transcript(game)
    game.apply("13")
    game.apply("give_up")
    assert f"{game.players[1].name} chooses give up" in transcript.new_lines()


def test_a_log_without_the_labels_still_replays_and_a_forged_label_does_not(tmp_path):
    """GIVEN a log of a labelled game WHEN its decisions' `text` is removed (a log written before
    decisions carried it) THEN it replays; WHEN a `text` is changed THEN the replay names the line."""
    import json
    import pytest
    from interpreter.logs import replay, write_log
    from interpreter.logs import DamagedLog
    from interpreter.logs.write import digest_line
    rules = tiny(tmp_path, LABELLED)
    game = Game(rules, 2, seed=1)
    game.apply("14")
    game.apply("call")
    log = tmp_path / "game.jsonl"
    write_log(game, log)
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[:-1]]
    assert [e.get("text") for e in events if e.get("type") == "decided"] == ["the ace", "calls 140"]

    def rewrite(change) -> None:
        lines = [json.dumps(change(e), ensure_ascii=False) for e in events]
        log.write_text("\n".join(lines + [digest_line(lines)]) + "\n", encoding="utf-8")
    rewrite(lambda e: {k: v for k, v in e.items() if k != "text"})
    assert replay(log).over
    rewrite(lambda e: {**e, "text": "the king"} if e.get("text") == "the ace" else e)
    with pytest.raises(DamagedLog, match="the event differs from the game's"):
        replay(log)


# -- item 2: `choose: cards` from `min` to `max` -----------------------------------------------------
PUT_DOWN = """\
vars: {game: {put_down: 0}}
flow:
  - "shuffle(deck); draw(deck, player_at(0).hand, 6)"
  - choose: cards
    player: player_at(0)
    from: player_at(0).hand
    min: 1
    max: 4
    as: put
    then: "move(put, table); put_down = size(put)"
"""


def test_one_to_four_cards_offer_done_once_one_is_picked(tmp_path):
    """GIVEN "put down 1 to 4 cards" from a hand of 6
    WHEN the first card is asked THEN only cards are offered (pick 1 of 4);
    WHEN one is picked THEN `done` is offered first, beside the 5 cards left;
    WHEN done is chosen THEN the one card is bound and moved."""
    rules = tiny(tmp_path, PUT_DOWN)
    game = Game(rules, 2, seed=1)
    first = game.decision
    assert (first.kind, first.step, first.of) == ("card", 1, 4)
    assert "done" not in [c.id for c in first.choices] and len(first.choices) == 6
    card = first.choices[2].id
    game.apply(card)
    ids = [c.id for c in game.decision.choices]
    assert ids[0] == "done" and len(ids) == 6 and card not in ids and game.decision.step == 2
    game.apply("done")
    assert game.over and game.vars["put_down"] == 1
    assert [c.id for c in game.cards_in(game.zones["table"])] == [card]


def test_at_max_the_choice_ends_by_itself(tmp_path):
    """GIVEN 1 to 4 cards WHEN four cards are picked THEN no fifth pick is asked: four are bound."""
    rules = tiny(tmp_path, PUT_DOWN)
    game = Game(rules, 2, seed=1)
    for _ in range(4):
        game.apply(next(c.id for c in game.decision.choices if c.id != "done"))
    assert game.over and game.vars["put_down"] == 4


def test_without_max_every_legal_card_may_be_picked_and_min_zero_offers_done_at_once(tmp_path):
    rules = tiny(tmp_path, PUT_DOWN.replace("    min: 1\n    max: 4\n", "    max: \"size(player_at(0).hand)\"\n"))
    game = Game(rules, 2, seed=1)
    assert game.decision.choices[0].id == "done" and game.decision.of == 6
    game.apply("done")
    assert game.over and game.vars["put_down"] == 0
    rules = tiny(tmp_path, PUT_DOWN.replace("    max: 4\n", ""))
    game = Game(rules, 2, seed=1)
    for _ in range(6):
        game.apply(next(c.id for c in game.decision.choices if c.id != "done"))
    assert game.over and game.vars["put_down"] == 6


def test_min_max_picks_replay_and_map_to_fixed_rl_actions(tmp_path):
    """GIVEN random players over 1-to-4 choices (one per player, in turn and simultaneous)
    WHEN games are played, logged and replayed THEN each replays; and the RL encoding gives
    `done` a legal action of its own beside the card actions."""
    from interpreter.agents.basic import RandomAgent, play
    from interpreter.logs import replay, write_log
    rules = tiny(tmp_path, """\
        vars: {player: {put_down: 0}}
        flow:
          - "shuffle(deck); deal(deck, players.map(p, p.hand), 5)"
          - for_each: p
            in: players
            do:
              - choose: cards
                player: p
                from: p.hand
                min: 1
                max: 3
                as: put
                then: "move(put, table); p.put_down = size(put)"
          - for_each: p
            in: players
            simultaneous: true
            do:
              - choose: cards
                player: p
                from: p.hand
                max: 2
                as: put
                then: "move(put, revealed)"
        """)
    stopped_early = 0
    for seed in range(8):
        game = Game(rules, 3, seed=seed)
        play(game, [RandomAgent(seed * 3 + s) for s in range(3)])
        assert game.over and all(1 <= game.vars_of(p)["put_down"] <= 3 for p in game.players)
        stopped_early += sum(game.vars_of(p)["put_down"] < 3 for p in game.players)
        write_log(game, tmp_path / "g.jsonl")
        assert replay(tmp_path / "g.jsonl").events == game.events
    assert stopped_early > 0
    np = pytest.importorskip("numpy")   # noqa: F841  (the encodings need numpy)
    from interpreter.rl.encoding import ActionEncoding
    game = Game(rules, 3, seed=1)
    game.apply(game.decision.choices[0].id)
    encoding = ActionEncoding(rules, 3)
    legal = encoding.legal(game)
    assert "done" in legal.values() and len(legal) == len(game.decision.options)
    assert encoding.describe(next(a for a, v in legal.items() if v == "done")) == "legal choice #0"


def test_count_with_min_or_max_and_a_written_max_below_min_are_errors(tmp_path):
    both = diagnostics(tmp_path, PUT_DOWN.replace("    min: 1\n", "    count: 2\n    min: 1\n"))
    assert [f[:3] for f in both if f[0] == "error"] == [
        ("error", "unknown-key", "'choose: cards' takes 'count' (exactly n cards) or 'min'/'max', not both")]
    below = diagnostics(tmp_path, PUT_DOWN.replace("    max: 4\n", "    max: 0\n"))
    assert [f[:3] for f in below if f[0] == "error"] == [("error", "range", "'max' (0) is less than 'min' (1)")]


def test_the_web_table_gets_done_as_a_button_beside_the_cards(tmp_path):
    """GIVEN one card picked of 1 to 4 WHEN the web table's decision frame is made for the seat
    THEN `done` is a choice with no cards (drawn as a button), the cards carry their ids."""
    from interpreter.web.frames import decision_for
    game = Game(tiny(tmp_path, PUT_DOWN), 2, seed=1)
    game.apply(game.decision.choices[0].id)
    frame = decision_for(game, 0)
    assert frame["choices"][0] == {"id": "done", "label": "done"}
    assert all(c["cards"] == [c["id"]] for c in frame["choices"][1:]) and (frame["step"], frame["of"]) == (2, 4)


@pytest.mark.slow
def test_a_person_at_a_terminal_stops_picking_with_enter(tmp_path):
    """GIVEN 1 to 4 cards to put down, played at a terminal WHEN the person picks one card and
    presses Enter THEN the choice ends with that card and the game is over."""
    from tests.test_terminal import Player
    path = tmp_path / "put-down.yaml"
    path.write_text(HEADER + PUT_DOWN + "result:\n  score: \"size(p.hand)\"\n", encoding="utf-8")
    you = Player(tmp_path, str(path), "-n", "2", "--human", "0", "--seed", "1")
    assert "(pick 1 of 4)" in you.prompt()
    you.type("1")
    assert "(pick 2 of 4), Enter when done" in you.prompt()
    you.type("")
    you.until("game over")
    assert you.end() == 0
    assert "Player 0 (you) chooses done" in you.seen and "Player 0 (you) ends with 5 score" in you.seen


def test_a_card_named_done_cannot_meet_a_min_max_choice(tmp_path):
    found = diagnostics(tmp_path, PUT_DOWN, header=HEADER.replace("deck: {standard: true}\n", """\
deck:
  standard: true
  cards:
    - {rank: 0, suit: joker, color: red, id: done}
"""))
    assert [f for f in found if f[0] == "error"] == [
        ("error", "duplicate", "a card has the id 'done', the option that stops a 'min'/'max' choice",
         "give that card another id")]


def test_only_rulesets_whose_expressions_name_nobody_check_for_it():
    """GIVEN the shipped games, whose descriptions and announcements say "nobody" in words
    WHEN loaded THEN none of them pays for checking player reads; a ruleset that writes
    `taker != nobody` does."""
    from interpreter.compile.ruleset import _writes_nobody, load_ruleset
    assert not any(load_ruleset(name).symbols.nobody for name in ("black-card", "black-swan", "captain-blackjack"))
    assert not _writes_nobody({"description": "until nobody acts", "flow": ["announce('nobody wins')"],
                               "prompt": "nobody {text(p)}"})
    assert _writes_nobody({"flow": [{"if": "taker != nobody"}]})
    assert _writes_nobody({"prompt": "{taker == nobody ? 'open' : text(taker)}"})


def test_a_deck_count_without_generated_cards_is_an_error_at_the_key(tmp_path):
    found = diagnostics(tmp_path, "flow: []\n", header=HEADER.replace("deck: {standard: true}\n",
                                                                       "deck: {standard: true, count: 2}\n"))
    assert [f for f in found if f[0] == "error"] == [
        ("error", "missing-key", "the deck's 'count' says how many of each generated card; there is no 'generate'",
         "a card of 'cards' takes its own 'count'")]
