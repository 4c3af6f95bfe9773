"""Secrets of the classroom: table codes, seat tokens, and hashed PINs and passwords.

* A **table code** is four characters that are hard to mistake for one another when typed
  from a board (no 0/O, 1/I/L, 2/Z, 5/S, 8/B): about 280,000 codes.
* A **token** (what :meth:`Classroom.join <dweebies_widget.classroom.Classroom.join>`
  returns) is 32 random bytes from :mod:`secrets`; the store keeps only its SHA-256 digest,
  which is enough for an unguessable value.
* A **PIN** (4 digits) and the **teacher password** are kept as salted scrypt hashes,
  ``scrypt$n$r$p$salt$hash``, and compared in constant time.

>>> stored = hash_secret("1234")
>>> stored.startswith("scrypt$"), check_secret("1234", stored), check_secret("4321", stored)
(True, True, False)
>>> normalize_code(" k7-qx ")
'K7QX'
>>> len(token_digest(new_token()))
64
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata

from ..grammar import is_you
from .errors import BadInput

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_NAME",
    "check_name",
    "check_pin",
    "check_secret",
    "hash_secret",
    "name_key",
    "new_code",
    "new_token",
    "normalize_code",
    "token_digest",
]

#: Characters of table codes: capitals and digits that do not look like one another.
CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY34679"
CODE_LENGTH = 4
#: Longest player name, in characters.
MAX_NAME = 24
#: scrypt's cost: about 16 MiB and a tenth of a second per check on a school laptop.
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}
_PIN = re.compile(r"\d{4}")


def new_code() -> str:
    """A fresh random table code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(code: object) -> str:
    """A typed code in canonical form (capitals, no spaces or dashes), or :class:`BadInput`.

    >>> normalize_code("x")
    Traceback (most recent call last):
    ...
    dweebies_widget.classroom.errors.BadInput: a table code is 4 characters ...
    """
    if not isinstance(code, str) or len(code) > 32:
        raise BadInput("a table code is a short text, like K7QX")
    text = "".join(ch for ch in code.upper() if ch.isalnum())
    if len(text) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in text):
        raise BadInput(
            f"a table code is {CODE_LENGTH} characters from {CODE_ALPHABET}, not {code!r}"
        )
    return text


def new_token() -> str:
    """A fresh seat token: 32 random bytes as URL-safe text."""
    return secrets.token_urlsafe(32)


def token_digest(token: object) -> str:
    """What the store keeps of a token (and looks it up by)."""
    if not isinstance(token, str) or not 1 <= len(token) <= 128:
        return ""  # matches no stored digest
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def check_name(name: object) -> str:
    """A player's name, trimmed, or :class:`BadInput`: 1 to ``MAX_NAME`` printable
    characters (spaces inside are kept single), and not "You": every screen speaks to the
    person reading it as "you" ("Your hand", "You win"), so a student called "You" would
    read as the reader on every other screen.

    >>> check_name("  Ana   Lu ")
    'Ana Lu'
    >>> check_name(" you ")
    Traceback (most recent call last):
    ...
    dweebies_widget.classroom.errors.BadInput: "You" cannot be a name here: ...
    """
    if not isinstance(name, str) or len(name) > 10 * MAX_NAME:
        raise BadInput(f"a name is a text of at most {MAX_NAME} characters")
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not 1 <= len(text) <= MAX_NAME:
        raise BadInput(f"a name has 1 to {MAX_NAME} characters")
    if any(not ch.isprintable() for ch in text):
        raise BadInput("a name has printable characters only")
    if is_you(text):
        raise BadInput(
            '"You" cannot be a name here: the screens call whoever reads them "you", so '
            "type your own name"
        )
    return text


def name_key(name: str) -> str:
    """The form names are compared in: ``"ana"`` and ``"Ana"`` are the same player.

    >>> name_key("Ana") == name_key(" ANA ")
    True
    """
    return check_name(name).casefold()


def check_pin(pin: object) -> str:
    """A PIN of exactly four digits, or :class:`BadInput`."""
    if not isinstance(pin, str) or not _PIN.fullmatch(pin):
        raise BadInput("a PIN is 4 digits, like 2580")
    return pin


def hash_secret(secret: str) -> str:
    """A salted scrypt hash of ``secret``, as text for the store."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(secret.encode("utf-8"), salt=salt, dklen=32, **_SCRYPT)
    n, r, p = _SCRYPT["n"], _SCRYPT["r"], _SCRYPT["p"]
    return f"scrypt${n}${r}${p}${salt.hex()}${digest.hex()}"


def check_secret(secret: str, stored: str) -> bool:
    """Whether ``secret`` matches ``stored`` (from :func:`hash_secret`), in constant time."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        again = hashlib.scrypt(
            secret.encode("utf-8"),
            salt=bytes.fromhex(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=len(digest) // 2,
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(again.hex(), digest)
