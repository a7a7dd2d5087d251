"""A race at one terminal: "who claims first?" asked of everyone at the screen at once.

When the game waits on a race (a claim won by the first claim) and two or more of its claimants
are people at this terminal, asking them one at a time would hand the race to whoever is asked
first. If those people are offered the same options (so listing them shows nobody's secrets:
a slap, a challenge), they are asked together instead, as at a real table: one prompt lists
each person's claims, the one who claims first types its number, Enter means nobody at the
screen claims. Claims that differ from person to person (one may make a set, another a run)
are asked one at a time, each on their own screen, as the claim's order says."""
from __future__ import annotations

from interpreter.engine.claims import PASS, decision_for, open_claim
from interpreter.terminal.human import Quit


def shared_race(game, humans) -> list[int]:
    """The people at the screen to ask together now ([] if not a race among two or more of
    them with the same options, or if the game asks someone else first)."""
    window = open_claim(game)
    if window is None or window.wins != "first" or game.decision.player not in humans:
        return []
    seats = [seat for seat in window.seats if seat in humans]
    if len(seats) < 2:
        return []
    options = {seat: [(c.id, c.label) for c in decision_for(game, seat).choices] for seat in seats}
    return seats if len({tuple(o) for o in options.values()}) == 1 else []


def ask_together(game, seats: list[int], *, say, ask) -> list[tuple[int, str]]:
    """Ask the people in `seats` who claims first; the answers to apply, in order: the one
    claim, or a pass from each of them."""
    decision = decision_for(game, seats[0])
    claims = [c for c in decision.choices if c.id != PASS]
    entries = [(seat, claim) for seat in seats for claim in claims]
    say(f"{decision.prompt}: who claims first?")
    for number, (seat, claim) in enumerate(entries, 1):
        say(f"  {number}. {game.players[seat].name}: {claim.label}")
    say("  Enter: nobody here claims")
    while True:
        answer = str(ask("who claims first? > ")).strip().lower()
        if answer == "quit":
            raise Quit()
        if answer == "":
            return [(seat, PASS) for seat in seats]
        if answer.isdigit() and 1 <= int(answer) <= len(entries):
            seat, claim = entries[int(answer) - 1]
            return [(seat, claim.id)]
        say(f"please type a number from 1 to {len(entries)}, or Enter if nobody here claims")
