"""A commitment to a game's seed: published when a table opens, opened when its game ends.

Whoever deals must not be able to change the deal once play starts, and nobody may learn it
early. The server draws a random salt and publishes

    sha256( "cardrules seed commitment 1\\n" + salt + "\\n" + str(seed) )    (UTF-8, hex digest)

before the first card; when the game ends it reveals the seed and the salt. Anyone can then
recompute the digest: if it matches, the deal (which the seed fixes) was chosen before play.
The salt (32 random bytes as hex) keeps the seed from being found by trying every seed.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

PREFIX = "cardrules seed commitment 1\n"
SCHEME = "sha256(prefix + salt + newline + seed)"


def new_salt() -> str:
    return secrets.token_hex(32)


def commit(seed: int, salt: str) -> str:
    """The commitment to `seed` under `salt`: a SHA-256 hex digest."""
    return hashlib.sha256(f"{PREFIX}{salt}\n{seed}".encode("utf-8")).hexdigest()


def record(seed: int, salt: str) -> dict:
    """What a table publishes when it opens (and a log's header carries)."""
    return {"sha256": commit(seed, salt), "scheme": SCHEME}


def opens(commitment, seed, salt) -> bool:
    """Whether `seed` and `salt` are the ones `commitment` (a record or a digest) was made of."""
    digest = commitment.get("sha256") if isinstance(commitment, dict) else commitment
    if not isinstance(digest, str) or not isinstance(salt, str) or isinstance(seed, bool) or not isinstance(seed, int):
        return False
    return hmac.compare_digest(digest, commit(seed, salt))


@dataclass(frozen=True)
class Sealed:
    """What a log read back says of its seed's commitment. Reading refuses a reveal that does not
    open it, so a revealed seed here is a verified one; `seed` None: not revealed (a seat's log
    written before the game was over)."""
    sha256: str
    seed: int | None

    @property
    def verified(self) -> bool:
        return self.seed is not None

    def message(self) -> str:
        if self.verified:
            return "the deal was fixed before the first card: commitment verified"
        return "the log commits to its seed but does not reveal it (the game was not over): the deal cannot be checked"

    def describe(self) -> dict:
        """The viewer's record of it."""
        return {"sha256": self.sha256, "verified": self.verified, "message": self.message()}
