"""A bot for any cardrules game, run as its own process: `--agents cmd:"python cautious.py"`.

It uses only the standard library. cardrules writes one JSON object per line to its stdin for
every decision of its seat; it answers with one line on stdout: the id of its choice (or
{"index": n}). See docs/agents.md for every field.

How it plays: the least amount when asked for a number; check or call rather than bet or
fold; otherwise a random legal choice (seeded by CARDRULES_BOT_SEED, so a seeded run can be
played again). It keeps each seat's event stream, as a smarter bot would, and counts how many
cards it has seen played.
"""
import json
import os
import random
import sys

rng = random.Random(os.environ.get("CARDRULES_BOT_SEED"))
streams = {}          # seat -> the events of that seat's stream so far
PREFERRED = ("check", "call")


def decide(message):
    events = streams.setdefault(message["seat"], [])
    del events[message["events_from"]:]          # a new game starts again from 0
    events.extend(message["events"])
    if "numbers" in message:                     # an amount: the least there is
        numbers = message["numbers"]
        return str(numbers["min"] if "min" in numbers else min(numbers["values"]))
    ids = [choice["id"] for choice in message["choices"]]
    for wanted in PREFERRED:
        if wanted in ids:
            return wanted
    return rng.choice(ids)


def main():
    for line in sys.stdin:                       # the input closes when the game is over
        message = json.loads(line)
        if message.get("type") != "decide":      # later versions may send more kinds of line
            continue
        print(decide(message), flush=True)       # flush: cardrules waits for the line


if __name__ == "__main__":
    main()
