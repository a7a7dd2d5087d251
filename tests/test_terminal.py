"""Playing at a terminal, through a real pseudo-terminal: what a person types and sees.

Each test starts `cardrules play` in a pty (prompt_toolkit's line editor and all), answers its
prompts and reads the screen. NO_COLOR keeps the screen's text easy to match."""
from __future__ import annotations

import os
import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROMPT = r">\x1b\[0m"           # prompt_toolkit's prompt, as it draws it
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")


class Player:
    """A person at the pty: `until(pattern)` waits for it on screen, `type(text)` answers."""

    def __init__(self, tmp_path, *args):
        env = dict(os.environ, PYTHONPATH=ROOT, TERM="xterm", NO_COLOR="1", PROMPT_TOOLKIT_NO_CPR="1")
        env.pop("CARDRULES_DEBUG", None)
        self.child = pexpect.spawn(sys.executable, ["-m", "interpreter.cli.main", "play", *args], env=env,
                                   cwd=str(tmp_path), encoding="utf-8", dimensions=(50, 140), timeout=30)
        self.seen = ""

    def until(self, pattern) -> str:
        """Wait for `pattern`; the screen's text since the last wait, without terminal codes."""
        self.child.expect(pattern)
        text = ANSI.sub("", self.child.before + (self.child.after if isinstance(self.child.after, str) else ""))
        self.seen += text
        return text

    def prompt(self) -> str:
        return self.until(PROMPT)

    def type(self, text: str) -> None:
        self.child.sendline(text)

    def end(self) -> int:
        self.child.expect(pexpect.EOF)
        self.seen += ANSI.sub("", self.child.before)
        self.child.close()
        return self.child.exitstatus


@pytest.mark.slow
def test_a_person_plays_a_whole_hand_of_hearts(tmp_path):
    # GIVEN Hearts for three, to 1 point: the game ends with the first hand
    you = Player(tmp_path, "hearts", "-n", "3", "--human", "0", "--seed", "5", "-o", "target=1")
    prompts = 0
    while True:
        index = you.child.expect([PROMPT, "game over"])
        if index == 1:
            break
        prompts += 1
        you.seen += ANSI.sub("", you.child.before)
        # WHEN the person answers each prompt with the first choice, typed as its card id or number
        you.type("1")
    assert you.end() == 0
    # THEN three passes and at least a dozen plays were asked of them, and the game ended
    assert prompts >= 12
    assert "choose a card to pass (pick 1 of 3)" in you.seen and "your hand" in you.seen


@pytest.mark.slow
def test_back_after_raise_asks_the_action_again(tmp_path):
    you = Player(tmp_path, "texas-holdem", "-n", "2", "--human", "0", "--seed", "3")
    for _ in range(6):
        screen = you.prompt()
        if "raise" in screen.split("all-in:")[-1]:
            break
        you.type("1")
    else:
        pytest.fail("no raise was offered")
    # WHEN the person raises, then thinks better of it before naming the amount
    you.type("raise")
    assert "raise by how much" in you.prompt()
    you.type("back")
    # THEN the action is asked again, and folding is still possible
    screen = you.prompt()
    assert "back: choose again" in screen and "your action" in screen and "call 100" in screen
    you.type("fold")
    you.prompt()
    you.type("quit")
    assert you.end() == 0
    assert "Player 0 (you) chooses fold" in you.seen


@pytest.mark.slow
def test_quit_keeps_the_log_of_the_game_so_far(tmp_path):
    you = Player(tmp_path, "hearts", "-n", "4", "--human", "2", "--seed", "8", "--log", "partial.jsonl")
    you.prompt()
    you.type("1")
    you.prompt()
    you.type("quit")
    assert you.end() == 0
    assert "its log so far is in partial.jsonl" in you.seen
    from interpreter.logs import replay
    game = replay(tmp_path / "partial.jsonl")
    assert not game.over and game.decision.player == 2 and game.decisions_taken >= 1


@pytest.mark.slow
def test_ctrl_c_at_a_prompt_exits_130_and_keeps_the_log(tmp_path):
    """GIVEN a person at a prompt WHEN they press Ctrl-C THEN cardrules exits 130 (interrupted,
    as documented), not 0, and the log of the game so far is kept and replays."""
    you = Player(tmp_path, "hearts", "-n", "4", "--human", "2", "--seed", "8", "--log", "partial.jsonl")
    you.prompt()
    you.type("1")
    you.prompt()
    you.child.send("\x03")
    assert you.end() == 130
    assert "interrupted" in you.seen and "its log so far is in partial.jsonl" in you.seen
    from interpreter.logs import replay
    assert replay(tmp_path / "partial.jsonl").decisions_taken >= 1


@pytest.mark.slow
def test_a_long_list_narrows_as_cards_are_named(tmp_path):
    # GIVEN Black Swan, where the first play offers every single, group and sequence
    you = Player(tmp_path, "black-swan", "-n", "2", "--human", "0", "--seed", "3")
    screen = you.prompt()
    assert "and 6 more: type letters or cards to narrow the list" in screen
    # WHEN the person names one card, then another (in either order, by id or by name)
    you.type("qc")
    screen = you.prompt()
    assert "10 choices with Q♣:" in screen and "1. Q♣   2. Q♣ Wild" in screen and "4♠" not in screen
    assert "Enter takes Q♣; name another card to add it" in screen
    you.type("Wild")
    screen = you.prompt()
    # THEN the plays with both are listed, the play of just those two first, and Enter takes it
    assert "5 choices with Q♣ Wild:" in screen and "Enter takes Q♣ Wild;" in screen
    you.type("")
    assert "Player 0 (you)" in you.prompt()
    you.type("quit")
    assert you.end() == 0
    assert re.search(r"Player 0 \(you\) \w+ Q♣ Wild", you.seen)


@pytest.mark.slow
def test_two_people_at_one_screen_get_a_hand_over_screen(tmp_path):
    you = Player(tmp_path, "hearts", "-n", "3", "--human", "0", "--human", "1", "--seed", "2")
    names = []
    for _ in range(8):
        index = you.child.expect([r"Pass the screen to (Player \d)", PROMPT])
        you.seen += ANSI.sub("", you.child.before)
        if index == 0:
            you.seen += f"Pass the screen to {you.child.match.group(1)}"
            names.append(you.child.match.group(1))
            you.child.expect("alone can see the screen")
            you.type("")
            continue
        you.type("1")
    you.type("quit")
    you.end()
    assert names[:2] == ["Player 0", "Player 1"], names
    # after the hand-over, the table shown is the new player's
    after = you.seen.split("Pass the screen to Player 1")[1]
    assert "▶  Player 1" in after


# -- what a typed answer means (no terminal needed) -----------------------------------------
def test_cards_are_read_in_any_order_and_ten_either_way():
    from interpreter.engine.game import Choice
    from interpreter.terminal.answers import read_choice, read_number
    shown = [Choice("QS", "Q♠"), Choice("QH", "Q♥"), Choice("QH+QS", "Q♥ Q♠"), Choice("TD", "10♦"),
             Choice("fold", "fold (die)")]
    assert read_choice("qs+qh", shown).chosen.id == "QH+QS"
    assert read_choice("QS QH", shown).chosen.id == "QH+QS"
    assert read_choice("10D", shown).chosen.id == "TD" and read_choice("10♦", shown).chosen.id == "TD"
    assert read_choice("fold (die)", shown).chosen.id == "fold" and read_choice("4", shown).chosen.id == "TD"
    narrowed = read_choice("qs", shown)        # Q♠ alone, or with Q♥: Enter takes Q♠ alone
    assert narrowed.chosen is None and [c.id for c in narrowed.narrowed] == ["QS", "QH+QS"]
    assert narrowed.default.id == "QS"
    assert read_choice("qh", narrowed.narrowed, picked=narrowed.picked).chosen.id == "QH+QS"
    assert read_choice("zz", shown).narrowed == []
    named = {"pot": 150, "flag": True}
    assert [read_number(a, range(100, 201), named=named) for a in ("min", "max", "all", "pot", "120", "99", "flag")] \
        == [100, 200, 200, 150, 120, None, None]
