"""Secrets of the classroom, and the names, PINs and passwords people type.

* A **table code** is four characters that are hard to mistake for one another when typed
  from a board (no 0/O, 1/I/L, 2/Z, 5/S, 8/B): about 280,000 codes.
* A **token** (what :meth:`Classroom.join <dweebies_widget.classroom.Classroom.join>`
  returns) is 32 random bytes from :mod:`secrets`; the store keeps only its SHA-256 digest,
  which is enough for an unguessable value.
* A **PIN** (4 digits) and the **teacher password** are kept as salted scrypt hashes,
  ``scrypt$n$r$p$salt$hash``, and compared in constant time.  A PIN typed with the digits
  of another script (``"١٢٣٤"`` on an Arabic keyboard, ``"１２３４"`` full-width) is the
  same PIN as ``"1234"`` (:func:`check_pin`).
* A **name** (:func:`check_name`) is up to :data:`MAX_NAME` characters *as a reader counts
  them*: an emoji a phone keyboard makes (``"👩🏽‍💻"``, a flag, a keycap) is one character,
  however many code points it is built of (:func:`graphemes`).  A name cannot pass for the
  screens' own words: "You", a seat label such as ``"(free)"`` or ``"Greedy (computer)"``,
  "Teacher"; and it has no invisible or direction-turning characters.
* Two names are the **same player** when their :func:`name_key` is equal: case, width,
  accents typed in two steps and letters of other scripts that look like Latin ones
  (Cyrillic ``"А"``, Greek ``"Α"``, the digit ``"0"`` for ``"o"``) do not make a new name.
* A **new teacher password** (:func:`check_new_password`) has at least 12 characters and
  is not one that guessers try first.

Names are text, never markup: ``"<b>Ana</b>"`` is a name of 10 characters, which every page
shows as those characters (pages escape names; see ``tests/classroom/test_classroom_pages.py``).

>>> stored = hash_secret("1234")
>>> stored.startswith("scrypt$"), check_secret("1234", stored), check_secret("4321", stored)
(True, True, False)
>>> normalize_code(" k7-qx ")
'K7QX'
>>> len(token_digest(new_token()))
64
>>> check_name("  Ana   Lu "), check_pin("١٢٣٤"), len(graphemes("Ana 👩🏽‍💻🇫🇷"))
('Ana Lu', '1234', 6)
>>> name_key("\\N{CYRILLIC CAPITAL LETTER A}na") == name_key("ANA")
True
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from bisect import bisect_right
from collections import Counter
from functools import cache

from .errors import BadInput

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_MARKS",
    "MAX_NAME",
    "MAX_NAME_TEXT",
    "MAX_PARTS",
    "MIN_PASSWORD",
    "check_name",
    "check_new_password",
    "check_pin",
    "check_secret",
    "graphemes",
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
#: Longest player name, in characters as a reader counts them (:func:`graphemes`).
MAX_NAME = 24
#: Longest text a name may be typed as, in code points (spaces to trim included): a bound
#: on what one name costs, whatever the characters are built of.
MAX_NAME_TEXT = 10 * MAX_NAME
#: Accents (combining marks) one character of a name may carry: enough for every script a
#: phone writes, too few to pile marks over the line (the trick called "Zalgo").
MAX_MARKS = 4
#: Code points one character of a name may be built of: the longest emoji a phone makes (a
#: kiss between two people with skin tones) has 10.
MAX_PARTS = 10
#: Shortest new teacher password, in characters.
MIN_PASSWORD = 12
#: scrypt's cost: about 16 MiB and a tenth of a second per check on a school laptop.
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}


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


# ---------------------------------------------------------------- characters as people see them
# Extended_Pictographic (Unicode's emoji-data.txt, stable since Unicode 13): the characters
# an emoji ZWJ sequence joins.
_PICTOGRAPHIC = (
    (0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049),
    (0x2122, 0x2122), (0x2139, 0x2139), (0x2194, 0x2199), (0x21A9, 0x21AA),
    (0x231A, 0x231B), (0x2328, 0x2328), (0x2388, 0x2388), (0x23CF, 0x23CF),
    (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2), (0x25AA, 0x25AB),
    (0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x25FB, 0x25FE), (0x2600, 0x2605),
    (0x2607, 0x2612), (0x2614, 0x2685), (0x2690, 0x2705), (0x2708, 0x2712),
    (0x2714, 0x2714), (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721),
    (0x2728, 0x2728), (0x2733, 0x2734), (0x2744, 0x2744), (0x2747, 0x2747),
    (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757),
    (0x2763, 0x2767), (0x2795, 0x2797), (0x27A1, 0x27A1), (0x27B0, 0x27B0),
    (0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07), (0x2B1B, 0x2B1C),
    (0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D),
    (0x3297, 0x3297), (0x3299, 0x3299), (0x1F000, 0x1F0FF), (0x1F10D, 0x1F10F),
    (0x1F12F, 0x1F12F), (0x1F16C, 0x1F171), (0x1F17E, 0x1F17F), (0x1F18E, 0x1F18E),
    (0x1F191, 0x1F19A), (0x1F1AD, 0x1F1E5), (0x1F201, 0x1F20F), (0x1F21A, 0x1F21A),
    (0x1F22F, 0x1F22F), (0x1F232, 0x1F23A), (0x1F23C, 0x1F23F), (0x1F249, 0x1F3FA),
    (0x1F400, 0x1F53D), (0x1F546, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F774, 0x1F77F),
    (0x1F7D5, 0x1F7FF), (0x1F80C, 0x1F80F), (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F),
    (0x1F888, 0x1F88F), (0x1F8AE, 0x1F8FF), (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945),
    (0x1F947, 0x1FAFF), (0x1FC00, 0x1FFFD),
)  # fmt: skip
_PICTOGRAPHIC_STARTS = [low for low, _ in _PICTOGRAPHIC]
_ZWJ, _ZWNJ, _KEYCAP = "\u200d", "\u200c", "\u20e3"
#: Characters that turn the direction of text (marks, embeddings, overrides, isolates).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Characters that show nothing although they are not spaces or format characters.
_BLANK = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0")


def _pictographic(ch: str) -> bool:
    code = ord(ch)
    at = bisect_right(_PICTOGRAPHIC_STARTS, code) - 1
    return at >= 0 and code <= _PICTOGRAPHIC[at][1]


def _variation(ch: str) -> bool:
    """A variation selector (text or emoji style, or a glyph variant)."""
    return "\ufe00" <= ch <= "\ufe0f" or "\U000e0100" <= ch <= "\U000e01ef"


def _tag(ch: str) -> bool:
    """A tag character: the letters of a subdivision flag such as Scotland's."""
    return "\U000e0020" <= ch <= "\U000e007f"


def _hangul(ch: str) -> str:
    """The Hangul part ``ch`` is (a leading consonant, a vowel, a trailing consonant, or a
    syllable with or without its trailing consonant), or ``""``."""
    code = ord(ch)
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    return ""


def _kind(ch: str) -> str:
    """What ``ch`` is to the rules that join characters into one (Unicode's UAX #29)."""
    if ch == _ZWJ:
        return "zwj"
    category = unicodedata.category(ch)
    if category[0] == "M" or ch == _ZWNJ or _tag(ch) or "\U0001f3fb" <= ch <= "\U0001f3ff":
        return "extend"  # accents, variation selectors, tags, skin tones
    if category in ("Cc", "Cf", "Cs", "Zl", "Zp"):
        return "control"
    if "\U0001f1e6" <= ch <= "\U0001f1ff":
        return "flag"  # a regional indicator: two make a flag
    if _pictographic(ch):
        return "picture"
    return _hangul(ch) or "other"


def _joins(before: str, kind: str, after_zwj: bool, flags: int) -> bool:
    """Whether a character of ``kind`` belongs to the character being built, whose last
    part is of kind ``before``."""
    if before == "control" or kind == "control":
        return False
    if before == "L" and kind in ("L", "V", "LV", "LVT"):
        return True
    if before in ("LV", "V") and kind in ("V", "T"):
        return True
    if before in ("LVT", "T") and kind == "T":
        return True
    if kind in ("extend", "zwj"):
        return True
    if kind == "picture" and after_zwj:
        return True  # an emoji ZWJ sequence: 👩 + ZWJ + 💻
    return kind == "flag" and before == "flag" and flags % 2 == 1


def graphemes(text: str) -> list[str]:
    """``text`` cut into the characters a reader sees (Unicode's extended grapheme
    clusters, for what keyboards type): a letter with its accents, an emoji with its skin
    tone or style, emoji joined by zero-width joiners, a flag, a keycap, a Hangul syllable.

    >>> [len(part) for part in graphemes("e\\u0301👍🏽🇫🇷1\\ufe0f\\u20e3")]  # é 👍🏽 🇫🇷 1️⃣
    [2, 2, 2, 3]
    >>> len(graphemes("👨‍👩‍👧🏳️‍🌈🏴󠁧󠁢󠁳󠁣󠁴󠁿"))
    3
    """
    parts: list[str] = []
    start, before, emoji, flags = 0, "", 0, 0  # emoji: 1 after a picture, 2 after its ZWJ
    for at, ch in enumerate(text):
        kind = _kind(ch)
        if at and _joins(before, kind, emoji == 2, flags):
            if kind == "zwj":
                emoji = 2 if emoji == 1 else 0
            elif kind == "picture":
                emoji = 1 if emoji == 2 else 0
            elif kind != "extend":
                emoji = 0
            flags += kind == "flag"
        else:
            if at:
                parts.append(text[start:at])
            start, emoji, flags = at, int(kind == "picture"), int(kind == "flag")
        before = kind
    if text:
        parts.append(text[start:])
    return parts


def _emoji(part: str) -> bool:
    """Whether a grapheme is an emoji: a picture, a flag or a keycap (``"1️⃣"``)."""
    return _kind(part[0]) in ("picture", "flag") or (part[0] in "0123456789#*" and _KEYCAP in part)


# ---------------------------------------------------------------- names
# Letters of other scripts (and Latin letters of phonetics) that look like a Latin letter,
# after case folding: from Unicode's confusables.txt (Cyrillic, Greek, Armenian, Cherokee,
# Lisu, Latin), one Latin letter each.  Where a capital and its small letter look like
# different Latin letters (Greek "Ν" like N, "ν" like v), the capital's look-alike is kept.
_LOOK_ALIKES = {
    "a": "ɑαаᎪꓮ",
    "b": "ƅβвьᏏᏴꓐꞵ",
    "c": "сᏟᴄꓚ",
    "d": "ԁᎠᏧꓒꓓ",
    "e": "εеҽᎬꓰꬲ",
    "f": "ϝքẝꓝꞙꬵ",
    "g": "ƍɡԍցᏀᏳᶃꓖ",
    "h": "ηнһհᎻᏂꓧ",
    "j": "ʝϳјᎫꓙ",
    "k": "κкᏦꓗ",
    "i": "ıɩɪιіᎥꓲꙇ",  # a capital I is folded to i with its case
    "l": "ǀӏᏞꓡ|1",  # with "1"
    "m": "μϻмᎷꓟ",
    "n": "νոռꓠ",
    "o": "οσоօᴏᴑꓳꬽ0",
    "p": "ρрᏢꓑ",
    "q": "ԛգզ",
    "r": "ʀгᎡᎱᏒᴦꓣꭇꭈ",
    "s": "ƽѕտᏕᏚꓢꜱ",
    "t": "τтᎢꓔ",
    "u": "ʋսᴜꓴꞟꭎꭒ",
    "v": "ѵᏙᴠꓦ",
    "w": "ɯѡԝաᎳᏔᴡꓪ",
    "x": "χхꓫꭓ",
    "y": "ɣʏγυуүᎩᎽᶌỿꓬꭚ",
    "z": "ζᏃᴢꓜ",
    "'": "‘’‛ʹʻʼʽˈ`′ꞌ",  # apostrophes: "O’Brien" from a phone is "O'Brien"
    '"': "“”„‟″",
}
_LOOK = {alike: latin for latin, alikes in _LOOK_ALIKES.items() for alike in alikes}
_BRACKETS = "( ) [ ]"


def _tidy(name: str) -> str:
    """``name`` composed (NFC), with every run of spaces one space, trimmed."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def _skeleton(text: str) -> str:
    """The comparison form of a tidy name (see :func:`name_key`)."""
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    out: list[str] = []
    for part in graphemes(text):
        if _emoji(part):
            out.append(part.replace("\ufe0f", "").replace("\ufe0e", ""))  # style only
            continue
        for ch in unicodedata.normalize("NFD", part):
            if ch in _BLANK or _variation(ch) or unicodedata.category(ch) == "Cf":
                continue  # invisible
            if unicodedata.category(ch) == "Pd":
                ch = "-"
            ch = _LOOK.get(ch, ch)
            last = out[-1] if out else ""
            if ch == "\u0307" and last in ("i", "j", "l"):
                continue  # a dot over the dot of an i or a j
            if ch == last and unicodedata.category(ch)[0] == "M":
                continue  # the same accent twice
            out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def _letters(key: str) -> str:
    return "".join(ch for ch in key if ch.isalpha())


@cache
def _reserved() -> dict[str, str]:
    """The screens' own words, by the letters of their key: what a name equal to one
    would read as."""
    from .picture import LEVELS  # the computer players' levels, as seat labels name them

    words = {
        "computer": "a computer player",
        "free": 'a free seat, "(free)"',
        "teacher": "your teacher",
        "your teacher": "your teacher",
        "nobody": "nobody (as in a game nobody won)",
    }
    for level in LEVELS:
        words[level] = f'a computer player, "{level.capitalize()} (computer)"'
        words[f"{level} computer"] = f'a computer player, "{level.capitalize()} (computer)"'
    return {_letters(_skeleton(word)): what for word, what in words.items()}


_YOU = _letters(_skeleton("you"))


def check_name(name: object) -> str:
    """A player's name, tidied, or :class:`BadInput` with a sentence saying what is allowed.

    A name is composed (NFC), its spaces are trimmed and kept single, and it has 1 to
    :data:`MAX_NAME` characters as a reader counts them (:func:`graphemes`: ``"👩🏽‍💻"`` and
    ``"é"`` are one each; at most :data:`MAX_MARKS` accents on one).  It has at least one
    letter, digit or emoji, and no control, invisible or direction-turning characters
    (a zero-width joiner, a variation selector and tags are fine inside an emoji; a
    zero-width joiner or non-joiner between letters of Arabic or Indian scripts, where
    keyboards type it).  It cannot pass for the screens' own words (compared as
    :func:`name_key` compares names):

    * "You": every screen speaks to the person reading it as "you" ("Your hand", "You
      win"), so a student called "You" would read as the reader on every other screen;
    * brackets ``( ) [ ]`` (and their look-alikes), which the screens put around seat
      labels: ``"(free)"``, ``"Greedy (computer)"``;
    * "Computer", "Free", "Teacher", "Your teacher", "Nobody" and the computer players'
      levels ("Greedy", "Greedy computer"...), in any case or look-alike letters.

    HTML is text like any other: ``"<b>Ana</b>"`` is a name (pages escape names).

    >>> check_name("  Ana   Lu ")
    'Ana Lu'
    >>> check_name(" you ")
    Traceback (most recent call last):
    ...
    dweebies_widget.classroom.errors.BadInput: "You" cannot be a name here: ...
    >>> check_name("Expert (computer)")
    Traceback (most recent call last):
    ...
    dweebies_widget.classroom.errors.BadInput: a name cannot have brackets ...
    """
    if not isinstance(name, str) or len(name) > MAX_NAME_TEXT:
        raise BadInput(f"a name has 1 to {MAX_NAME} characters (an emoji counts as one)")
    text = _tidy(name)
    parts = graphemes(text)
    if not 1 <= len(parts) <= MAX_NAME:
        raise BadInput(
            f"a name has 1 to {MAX_NAME} characters (an emoji counts as one), not {len(parts)}"
        )
    at = 0
    for part in parts:
        emoji = _emoji(part)
        for ch in part:
            _check_character(text, at, ch, emoji)
            at += 1
        _check_grapheme(part, emoji)
    if any(unicodedata.category(word[0])[0] == "M" for word in text.split(" ")):
        raise BadInput("a name's accents come after a letter, not at the start of a word")
    if not any(unicodedata.category(ch)[0] in "LNS" or _pictographic(ch) for ch in text):
        raise BadInput("a name needs at least one letter, digit or emoji")
    if any(unicodedata.category(ch) in ("Ps", "Pe") for ch in unicodedata.normalize("NFKC", text)):
        raise BadInput(
            f"a name cannot have brackets like {_BRACKETS}: the screens write seats that are "
            'not a student\'s as "(free)" or "Greedy (computer)", so type your name without them'
        )
    letters = _letters(_skeleton(text))
    if letters == _YOU:
        raise BadInput(
            '"You" cannot be a name here: the screens call whoever reads them "you", so '
            "type your own name"
        )
    if letters in _reserved():
        raise BadInput(
            f'"{text}" cannot be a name here: the screens would read it as '
            f"{_reserved()[letters]}, so type your own name"
        )
    return text


def _check_character(text: str, at: int, ch: str, emoji: bool) -> None:
    """:class:`BadInput` if the character ``ch`` at ``at`` of a tidy name may not be there
    (``emoji``: whether it is part of an emoji)."""
    category = unicodedata.category(ch)
    if ch in _BIDI:
        raise BadInput(
            f"a name cannot have characters that turn the text around (U+{ord(ch):04X} here): "
            "type your name as it reads; letters written right to left are fine"
        )
    if category in ("Cc", "Zl", "Zp"):
        raise BadInput(
            f"a name cannot have control characters (U+{ord(ch):04X} here): type letters, "
            "digits, spaces, punctuation or emoji"
        )
    if ch in (_ZWNJ, _ZWJ) and _between_joining_letters(text, at):
        return
    if category == "Cn" and _pictographic(ch):
        return  # an emoji newer than this Python's Unicode tables
    if ch in _BLANK or category in ("Cf", "Cs", "Co", "Cn"):
        if (ch == _ZWJ or _tag(ch)) and emoji:
            return
        raise BadInput(
            f"a name cannot have invisible or unknown characters (U+{ord(ch):04X} here): "
            "type letters, digits, spaces, punctuation or emoji"
        )


def _between_joining_letters(text: str, at: int) -> bool:
    """Whether a zero-width (non-)joiner at ``at`` stands between two letters of a script
    whose keyboards type it (Persian "حسین‌زاده", Sinhala "ශ්‍රී", the scripts of India)."""

    def joining(ch: str) -> bool:
        return unicodedata.category(ch)[0] in "LM" and (
            "\u0590" <= ch <= "\u0dff" or "\ufb1d" <= ch <= "\ufeff"
        )

    return 0 < at < len(text) - 1 and joining(text[at - 1]) and joining(text[at + 1])


def _check_grapheme(part: str, emoji: bool) -> None:
    """:class:`BadInput` if one character of a name (an emoji or not) is built of too many
    parts, or of invisible ones."""
    marks = sum(
        unicodedata.category(ch)[0] == "M" and not _variation(ch) and ch != _KEYCAP for ch in part
    )
    if marks > MAX_MARKS:
        raise BadInput(f"a name has at most {MAX_MARKS} accents on one letter, not {marks}")
    hidden = [ch for ch in part if _variation(ch)]
    if hidden and not emoji:
        raise BadInput(
            f"a name cannot have invisible or unknown characters (U+{ord(hidden[0]):04X} "
            "here): type letters, digits, spaces, punctuation or emoji"
        )
    if len(part) > MAX_PARTS:
        raise BadInput(
            f"a name's characters are built of at most {MAX_PARTS} parts each (the longest "
            f"emoji, 👩🏻‍❤️‍💋‍👨🏼, has {MAX_PARTS}), not {len(part)}"
        )


def name_key(name: str) -> str:
    """The form names are compared in: two names with the same key are the same player.

    The key is the tidy name (see :func:`check_name`) in compatibility form (NFKC: full-width
    letters, ligatures and styled letters become plain ones), case-folded, with letters of
    other scripts that look like Latin letters made those letters (Cyrillic ``"а"`` is
    ``"a"``), the digits ``0`` and ``1`` made ``o`` and ``l``, invisible characters dropped
    and an emoji's text or picture style ignored.  A capital ``"I"`` is an ``"i"`` (case does
    not count), so "Kai" and "Kal" stay two names, while "AIi" and "Ali" are two names too:
    a teacher who sees both can ask.  Pairs of letters that look like one (``"rn"`` and
    ``"m"``) are not folded either.  It does not check the name: check it with
    :func:`check_name` first.

    >>> name_key("Ana") == name_key(" ANA ") == name_key("\\N{GREEK CAPITAL LETTER ALPHA}na")
    True
    >>> name_key("0live") == name_key("Olive"), name_key("O’Brien") == name_key("o'brien")
    (True, True)
    >>> name_key("Ana") == name_key("Ána")
    False
    """
    return _skeleton(_tidy(name))


def check_pin(pin: object) -> str:
    """A PIN of exactly four decimal digits, as ASCII digits, or :class:`BadInput`.

    Digits of any script count (Arabic-Indic, Persian, Devanagari, full-width), so a PIN
    typed on any keyboard is the same PIN typed on another; superscripts and fractions are
    not decimal digits.

    >>> check_pin(" 2580 "), check_pin("١٢٣٤"), check_pin("１２３４")
    ('2580', '1234', '1234')
    >>> check_pin("¹²³⁴")
    Traceback (most recent call last):
    ...
    dweebies_widget.classroom.errors.BadInput: a PIN is 4 digits, like 2580
    """
    if isinstance(pin, str) and len(pin) <= 64:
        text = pin.strip()
        if len(text) == 4 and all(ch.isdecimal() for ch in text):
            return "".join(str(unicodedata.decimal(ch)) for ch in text)
    raise BadInput("a PIN is 4 digits, like 2580")


# ---------------------------------------------------------------- the teacher password
#: Words and phrases guessers try first (the project's own words among them), in small
#: letters; a password made only of these, sequences and repeats is refused.
_WEAK_WORDS = (
    "password", "passwort", "motdepasse", "contraseña", "pass", "owl", "dweebies", "dweeby",
    "teacher", "teach", "classroom", "class", "school", "student", "pupil", "letmein",
    "welcome", "admin", "secret", "iloveyou", "love", "monkey", "dragon", "football",
    "login", "hello", "test", "changeme", "master", "sunshine", "princess", "shadow",
    "1q2w3e4r5t", "q1w2e3r4t5", "1qaz2wsx",
)  # fmt: skip
#: Sequences whose runs of 3 or more (either way) are guessed first.
_SEQUENCES = (
    "01234567890123456789", "abcdefghijklmnopqrstuvwxyz", "qwertyuiop", "asdfghjkl", "zxcvbnm",
    "azertyuiop", "qsdfghjklm", "wxcvbn", "qwertzuiop", "yxcvbnm",
)  # fmt: skip
#: Passwords printed in examples (this project's tests and docs, famous ones), by their
#: letters and digits.
_PRINTED = frozenset({
    "owlintheoak", "plumlanterntide63", "correcthorsebatterystaple", "tr0ub4dor3"
})  # fmt: skip
#: Letters and digits besides those of weak words, sequences and repeats that a new
#: password needs.
_OWN_PART = 6
_LEET = {"a": "a4@", "e": "e3", "i": "i1!|l", "l": "l1|i", "o": "o0", "s": "s5$", "t": "t7+"}
_WEAK = re.compile(
    "|".join(
        "".join(f"[{re.escape(_LEET[ch])}]" if ch in _LEET else re.escape(ch) for ch in word)
        for word in sorted(_WEAK_WORDS, key=len, reverse=True)
    )
)


def _run(piece: str) -> bool:
    """Whether ``piece`` is one character repeated or a piece of a sequence, either way."""
    return len(set(piece)) == 1 or any(piece in seq or piece[::-1] in seq for seq in _SEQUENCES)


def _runs(text: str) -> tuple[str, list[str]]:
    """``text`` without runs of 3 or more of a sequence or of one character, and the runs."""
    kept: list[str] = []
    runs: list[str] = []
    at = 0
    while at < len(text):
        end = at + 2
        while end < len(text) and _run(text[at : end + 1]):
            end += 1  # a run's beginning is a run too
        if end - at >= 3:
            runs.append(text[at:end])
            at = end
        else:
            kept.append(text[at])
            at += 1
    return "".join(kept), runs


def check_new_password(password: object) -> str:
    """``password`` if it is strong enough for a new classroom, else :class:`BadInput`
    naming the rule: at least :data:`MIN_PASSWORD` characters, at least 5 different ones
    and none more than half of them, not a password printed in examples, and not made
    only of words and patterns guessers try first (``"password"``, ``"owl"``,
    ``"dweebies"``, ``"teacher"``, ``"classroom"``, ``"1234…"``, ``"qwerty…"``, one
    character repeated) with at most a few characters of your own.  A short sentence of
    your own passes.  The password is returned as given (it is hashed as typed).

    >>> check_new_password("Seven purple otters dance")
    'Seven purple otters dance'
    >>> check_new_password("owl")
    Traceback (most recent call last):
    ...
    dweebies_widget.classroom.errors.BadInput: a teacher password has at least 12 characters...
    >>> check_new_password("password1234")
    Traceback (most recent call last):
    ...
    dweebies_widget.classroom.errors.BadInput: a teacher password cannot be made only of ...
    """
    if not isinstance(password, str) or len(password) > 1024:
        raise BadInput("a teacher password is a text of at most 1024 characters")
    text = unicodedata.normalize("NFC", password)
    if len(text) < MIN_PASSWORD:
        raise BadInput(
            f"a teacher password has at least {MIN_PASSWORD} characters, not {len(text)}: a "
            "short sentence of your own works well"
        )
    counts = Counter(text.casefold())
    if len(counts) < 5 or max(counts.values()) * 2 > len(text):
        raise BadInput(
            "a teacher password needs at least 5 different characters, and no one character "
            "may fill more than half of it"
        )
    plain = unicodedata.normalize("NFKC", text).casefold()
    if "".join(ch for ch in plain if ch.isalnum()) in _PRINTED:
        raise BadInput(
            "a teacher password cannot be one printed in examples, where anyone can read it: "
            "make up your own"
        )
    squashed = "".join(ch for ch in plain if ch.isalnum() or ch in "@$!|+")
    words = _WEAK.findall(squashed)
    rest, runs = _runs(_WEAK.sub(" ", squashed))
    own = [ch for ch in rest if ch.isalnum()]
    if len(own) < _OWN_PART:
        found = ", ".join(f'"{piece}"' for piece in (words + runs)[:3]) or "symbols"
        raise BadInput(
            "a teacher password cannot be made only of words and patterns that guessers "
            f"try first ({found}): add at least {_OWN_PART} letters or digits of your own"
        )
    return password


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
