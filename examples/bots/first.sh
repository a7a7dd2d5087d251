#!/bin/sh
# A bot in plain POSIX shell: always the first legal choice.
# cardrules writes one JSON line per decision; the answer {"index": 0} names the first choice
# (for an amount, the least). Run it with --agents cmd:"sh examples/bots/first.sh".
while IFS= read -r line; do
    echo '{"index": 0}'
done
