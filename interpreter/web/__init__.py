"""Tables in the browser: an ASGI server where people and bots play any ruleset together.

It owns the web layer only: the SQLite store of tables (ruleset, options, seed, seats, decision
list), live tables driven through the engine's decision API, the websocket protocol that sends
each client nothing but its own seat's view and events, and the static page (HTML, CSS, JS).
Uploads are checked in a limited child process (sandbox), each client address is bounded
(limits), and a table with people commits to a seed the server drew (logs/commitment.py).
"""
