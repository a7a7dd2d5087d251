"""One game played at the terminal: bots and people in turn, the transcript of what each person
may see, a hand-over screen when the screen passes between two people, a race among people at
one screen asked of them all at once (terminal/claims.py), `back` out of a sub-choice (the game
is played again from its seed up to the choice before), and `quit`."""
from __future__ import annotations

from interpreter.agents.turn import ask
from interpreter.engine.back import can_go_back, without_last_decision
from interpreter.terminal.claims import ask_together, shared_race
from interpreter.terminal.human import GoBack, Quit
from interpreter.terminal.transcript import Transcript


class Session:
    """Plays `game` to its end or until a person quits; `run()` says which (True: finished)."""

    def __init__(self, game, agents: dict, *, humans=(), screen=None, quiet: bool = False, hand_over=None):
        self.game = game
        self.agents = agents
        self.humans = sorted(set(humans))
        self.quiet = quiet
        self.screen = screen
        self.hand_over = hand_over            # reads the hand-over's Enter; None: the first person's reader
        # one transcript per person (each sees only what their seat may see); bots only: everything
        viewers = self.humans if self.humans else [None]
        you = self.humans[0] if len(self.humans) == 1 else None     # a marker on the screen, not a name
        self.transcripts = {seat: Transcript(game, seat, you=you) for seat in viewers}
        self.at_screen = self.humans[0] if len(self.humans) == 1 else None

    def say(self, text: str) -> None:
        self.screen.say(text)

    def catch_up(self, seat) -> None:
        """Print what `seat` (None: everyone) has not yet read."""
        if seat not in self.transcripts:
            return
        lines = self.transcripts[seat].new_lines()
        if not self.quiet:
            for line in lines:
                self.say(line)

    def run(self) -> bool:
        while not self.game.over:
            game = self.game          # (a new object after `back`)
            seat = game.decision.player
            person = seat in self.humans
            together = shared_race(game, self.humans) if person and len(self.humans) > 1 else []
            if together:           # a race among people at one screen: asked all at once
                self.screen.clear()         # (nobody's own table stays on the screen everyone reads)
                self.at_screen = None
                self.say("Everyone to the screen: a race!")
                try:
                    answers = ask_together(game, together, say=self.say,
                                           ask=self.hand_over or self.agents[seat].ask)
                except Quit:
                    return False
                before = len(game._log)
                for who, choice in answers:
                    game.apply(choice, seat=who)
                for event in game.events_all(before):     # who won, told to everyone at the screen
                    if event["type"] == "claimed":
                        self.say(self.transcripts[together[0]].claim_text(event))
                continue
            if person and len(self.humans) > 1 and seat != self.at_screen:
                self._hand_over(seat)
            self.catch_up(self.at_screen if self.humans else None)
            try:
                choice = ask(self.agents[seat], game)
            except Quit:
                return False
            except GoBack:
                if self.can_go_back(seat):
                    self._go_back()
                    self.say("back: choose again")
                else:
                    self.say("there is nothing to go back to: back undoes the first part of a two-part choice")
                continue
            game.apply(choice)
        self.catch_up(self.at_screen if self.humans else None)
        return True

    def _hand_over(self, seat: int) -> None:
        name = self.game.players[seat].name
        self.screen.clear()
        self.say(f"Pass the screen to {name}.")
        reader = self.hand_over or self.agents[seat].ask
        answer = reader(f"{name}: press Enter when you alone can see the screen > ")
        if str(answer).strip().lower() == "quit":
            raise Quit()
        self.at_screen = seat

    # -- back ---------------------------------------------------------------------------------
    def can_go_back(self, seat: int) -> bool:
        """Only out of a sub-choice (the engine's rule: interpreter.engine.back)."""
        return can_go_back(self.game, seat)

    def _go_back(self) -> None:
        game = self.game = without_last_decision(self.game)
        for transcript in self.transcripts.values():
            transcript.follow(game)
