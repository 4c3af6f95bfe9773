"""Names, PINs and teacher passwords that cannot pass for someone or something else.

A name is what every screen of the class shows for a seat, so a student must not be able to
take a name that reads as the screens' own words (a computer seat, a free seat, "You", the
teacher) or as a classmate's name written with look-alike letters (a Cyrillic "А" for a
Latin "A").  Anything a phone keyboard makes is a name, up to ``MAX_NAME`` characters as a
reader counts them: an emoji with a skin tone, a family joined by zero-width joiners, a flag,
a keycap.  HTML is accepted as text (the pages escape every name: the lobby's messages and
the leaderboard are checked for that in ``test_classroom_pages.py``).

A PIN is four digits, typed with any script's digits; a new teacher password is long and not
one guessers try first.  Everything here calls the pure functions of ``credentials``, with
two uses of a real classroom: the labels are built by the code that shows them
(``SeatInfo.label``, a closed table's ``closed_by``), so that a new label is checked the day
it appears; and a PIN typed in Arabic digits opens the seat when typed in ASCII digits.
"""

from __future__ import annotations

import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dweebies_widget.classroom import Classroom, SeatInfo
from dweebies_widget.classroom.credentials import (
    MAX_NAME,
    MAX_NAME_TEXT,
    check_name,
    check_new_password,
    check_pin,
    graphemes,
    name_key,
)
from dweebies_widget.classroom.errors import BadInput
from dweebies_widget.classroom.lobby import said
from dweebies_widget.classroom.room import LEVELS


def refusal(name: str) -> str:
    """The sentence a page shows when ``name`` is refused (fails if it is accepted)."""
    with pytest.raises(BadInput) as error:
        check_name(name)
    return said(error.value)


# ---------------------------------------------------------------------------- the screens' words
def the_screens_labels(tmp_path: Path) -> list[str]:
    """Every label the classroom's code writes in a seat's or a result's place."""
    labels = [SeatInfo(0, None, level).label for level in LEVELS]  # "Greedy (computer)"
    labels.append(SeatInfo(0, None, None).label)  # "(free)"
    room = Classroom(str(tmp_path / "class.sqlite"), teacher_password="kettle-mango-57-violin")
    code = room.create_table(players=2)
    room.close_table(code)
    closed_by = room.table(code).closed_by  # "your teacher"
    room.close()
    assert closed_by is not None
    return [*labels, closed_by]


def test_every_label_the_screens_write_is_refused(tmp_path: Path) -> None:
    labels = the_screens_labels(tmp_path)
    assert len(labels) == len(LEVELS) + 2
    for label in labels:
        for typed in (label, label.upper(), label.lower(), label.title(), f"  {label}  "):
            refusal(typed)
    for level in LEVELS:  # a level alone, or said without the brackets
        for typed in (level, level.capitalize(), f"{level.capitalize()} computer"):
            assert "computer player" in refusal(typed)


@pytest.mark.parametrize(
    "name",
    ["Expert (computer)", "(free)", "Cautious", "Computer", "You", "yoU", "Teacher", "Nobody"],
)
def test_impersonating_labels_are_refused(name: str) -> None:
    words = refusal(name)
    assert words.endswith(("own name.", "without them."))  # says what to do instead


@pytest.mark.parametrize(
    "name",
    [
        "Сomputer",  # a Cyrillic С
        "Τeacher",  # a Greek Τ
        "C0MPUTER",
        "Ｆｒｅｅ",  # full-width
        "Y0u",
        "Yоu",  # a Cyrillic о
        "Y o u",
        "Greedy-computer",
        "⁽free⁾",  # superscript brackets
        "❨free❩",  # ornamental brackets
        "Ana [computer]",
    ],
)
def test_labels_in_disguise_are_refused(name: str) -> None:
    refusal(name)


def test_you_keeps_its_own_sentence() -> None:
    for name in ("You", "yoU", "Yоu"):
        words = refusal(name)
        assert words.startswith('"You" cannot be a name here') and words.endswith("own name.")


@pytest.mark.parametrize(
    "name", ["Youssef", "Freeda", "Free Bird", "Ana Computer", "Teachers pet", "Randolph"]
)
def test_names_that_hold_those_words_are_names(name: str) -> None:
    assert check_name(name) == name


# ---------------------------------------------------------------------------- look-alikes
@pytest.mark.parametrize(
    ("typed", "same_as"),
    [
        ("\N{CYRILLIC CAPITAL LETTER A}na", "Ana"),
        ("\N{GREEK CAPITAL LETTER ALPHA}na", "Ana"),
        ("Ana", "ana"),
        ("Ａｎａ", "Ana"),  # full-width
        ("0live", "Olive"),
        ("\N{ARMENIAN CAPITAL LETTER OH}live", "Olive"),
        ("\N{CHEROKEE LETTER GU}o", "Jo"),
        ("\N{LISU LETTER A}li", "Ali"),
        ("Al\N{LATIN SMALL LETTER DOTLESS I}", "Ali"),
        ("\N{LATIN SMALL LETTER LONG S}am", "Sam"),
        ("Ana\N{COMBINING GRAPHEME JOINER}", "Ana"),  # invisible marks
        ("Al" + "i\N{COMBINING DOT ABOVE}", "Ali"),  # a dot on the dot of the i
        ("Zoe\N{COMBINING DIAERESIS}", "Zoë"),  # an accent typed in two steps
        ("Zoë\N{COMBINING DIAERESIS}", "Zoë"),  # the same accent twice
        ("O’Brien", "O'Brien"),  # a phone's apostrophe
        ("Mary‐Jane", "Mary-Jane"),  # a Unicode hyphen
        ("❤️", "❤"),  # an emoji's picture style
        ("  Ana   Lu ", "Ana Lu"),
    ],
)
def test_look_alike_names_are_one_name(typed: str, same_as: str) -> None:
    assert name_key(typed) == name_key(same_as)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ana", "Ána"),
        ("Ana", "Anna"),
        ("Ana Lu", "AnaLu"),
        ("👍🏽", "👍🏿"),  # skin tones
        ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁷󠁬󠁳󠁿"),  # Scotland, Wales
        ("👨‍👩‍👧", "👨‍👩‍👦"),
        ("Олег", "Oleg"),  # a Cyrillic name keeps its own letters
        ("李小龍", "李小龙"),
        ("Kai", "Kal"),  # two names of a class: i and l are folded only with their case
        ("Ian", "lan"),  # the price of "IAN" being "Ian": a teacher who sees both can ask
    ],
)
def test_names_that_look_different_stay_apart(one: str, other: str) -> None:
    assert name_key(one) != name_key(other)


# ---------------------------------------------------------------------------- what phones type
EMOJI = ["👩🏽‍💻", "👨‍👩‍👧", "🏳️‍🌈", "🇫🇷", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👍🏽", "🦉", "©️", "👩🏻‍❤️‍💋‍👨🏼", "\U0001fa77"]


@pytest.mark.parametrize("emoji", EMOJI)
def test_an_emoji_is_one_character(emoji: str) -> None:
    assert graphemes(emoji) == [emoji]
    assert check_name(emoji) == emoji
    assert check_name(f"Zoe {emoji}") == f"Zoe {emoji}"
    assert check_name(emoji * MAX_NAME) == emoji * MAX_NAME
    words = refusal(emoji * (MAX_NAME + 1))
    assert f"1 to {MAX_NAME} characters" in words and "emoji counts as one" in words


@pytest.mark.parametrize(
    "name",
    [
        "Nguyễn Thị Minh Khai",
        "Nguye\u0302\u0303n",  # Vietnamese with its accents typed apart
        "สมชาย",
        "김민준",
        "\u1100\u1161\u11a8",  # a Hangul syllable in its three parts
        "李小龍",
        "さくら",
        "Δημήτρης",
        "Олег",
        "Zoë",
        "अनन्या",
        "محمد",
        "יעל",
        "حسین\u200cزاده",  # Persian, with the non-joiner its keyboards type
        "ශ්\u200dරී",  # Sinhala "Sri", with a joiner
        "བསྒྲུབས",  # Tibetan stacks
        "O’Brien",
        "Mary-Jane",
        "Ana <3",
        "X Æ A-12",
        "ꓮli",  # other scripts are names; they just compare as their look-alikes
    ],
)
def test_names_of_the_worlds_keyboards_are_names(name: str) -> None:
    assert check_name(name) == unicodedata.normalize("NFC", name)
    assert len(graphemes(check_name(name))) <= MAX_NAME


def test_a_hangul_syllable_in_parts_is_one_character() -> None:
    assert len(graphemes("\u1100\u1161\u11a8")) == 1
    assert len(graphemes("e\u0301\u0323")) == 1


def test_html_is_a_name_as_text() -> None:
    """Decided: accepted as typed, never as markup (the pages escape names)."""
    for name in ("<b>Ana</b>", "<script>", "Tom & Jerry", "<i>Zoe</i>"):
        assert check_name(name) == name


def test_spaces_are_trimmed_and_kept_single() -> None:
    assert check_name("\tAna \u00a0\u3000 Lu\n") == "Ana Lu"


# ---------------------------------------------------------------------- what phones do not type
@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("Ana\u202eLu", "turn the text around"),  # RIGHT-TO-LEFT OVERRIDE
        ("Ana\u202dLu", "turn the text around"),
        ("\u2067Ana\u2069", "turn the text around"),
        ("Ana\u200f", "turn the text around"),
        ("Ana\x00", "control characters"),
        ("Ana\x07", "control characters"),
        ("Ana\x1b[31m", "control characters"),
        ("Ana\x7f", "control characters"),
        ("A\u200bna", "invisible"),
        ("Ana\u2060", "invisible"),
        ("An\u00ada", "invisible"),  # soft hyphen
        ("Ana\ufeff", "invisible"),
        ("Ana\u200d", "invisible"),  # a joiner outside an emoji
        ("Ana\u200cLu", "invisible"),  # a non-joiner between Latin letters
        ("Ana\ufe0f", "invisible"),  # a variation selector on a letter
        ("Ana\U000e0041", "invisible"),  # a tag outside a flag
        ("\u3164", "invisible"),  # a Hangul filler, a "blank name"
        ("Ana\ue000", "invisible or unknown"),  # private use
        ("...", "at least one letter"),
        ("\u0301Ana", "accents come after a letter"),
    ],
)
def test_hidden_and_control_characters_are_refused(name: str, rule: str) -> None:
    assert rule in refusal(name)


def test_piled_accents_are_bounded() -> None:
    assert "accents on one letter" in refusal("Z" + "\u0300" * 50)
    zalgo = "".join(ch + "\u0300\u0301\u0302\u0303\u0304\u0306" for ch in "Zalgo")
    assert "accents on one letter" in refusal(zalgo)
    assert check_name("".join(ch + "\u0334\u0335\u0336\u0337" for ch in "Zalgo"))  # 4 fit
    assert "parts" in refusal("🐱" + "\u200d🐱" * 10)  # an endless joined emoji
    started = time.perf_counter()
    for long in ("A" * 10**6, "A" + "\u0300" * 10**6, "👩‍" * 10**5):
        refusal(long)
    assert time.perf_counter() - started < 0.5  # refused by their length, unread


@given(
    st.one_of(
        st.text(max_size=MAX_NAME_TEXT + 10),
        st.text(st.characters(categories=["L", "M", "N", "S", "Zs"]), max_size=40),
        st.lists(st.sampled_from([*EMOJI, "a", "\u0301", "\u200d", " "]), max_size=30).map("".join),
    )
)
def test_any_text_is_a_bounded_name_or_a_sentence(text: str) -> None:
    try:
        name = check_name(text)
    except BadInput as error:
        assert said(error).endswith(".")
        return
    assert len(name) <= MAX_NAME_TEXT and 1 <= len(graphemes(name)) <= MAX_NAME
    assert check_name(name) == name and name_key(name) == name_key(text)
    assert all(len(part) <= 10 for part in graphemes(name))
    assert not any(unicodedata.category(ch) == "Cc" for ch in name)


@given(st.text(st.characters(categories=["Lu", "Ll", "Lt", "Nd", "Zs"]), max_size=30))
def test_a_key_ignores_case(text: str) -> None:
    assert name_key(text.upper()) == name_key(text.lower()) == name_key(text.casefold())


@given(st.lists(st.sampled_from(EMOJI + ["a", "é", " ", "1"]), max_size=40))
def test_graphemes_of_joined_emoji_are_the_emoji(parts: list[str]) -> None:
    text = "".join(parts)
    assert graphemes(text) == parts  # nothing here joins what comes before or after it


# ---------------------------------------------------------------------------- PINs
@pytest.mark.parametrize("typed", ["1234", " 1234 ", "١٢٣٤", "１２３４", "۱۲۳۴", "१२३४", "١2٣4"])
def test_digits_of_every_script_are_the_same_pin(typed: str) -> None:
    assert check_pin(typed) == "1234"


@pytest.mark.parametrize(
    "typed",
    ["12a4", "12345", "123", "", "    ", "¹²³⁴", "①②③④", "12 34", "-123", "12.4", 1234, None],
)
def test_what_is_not_four_digits_is_no_pin(typed: object) -> None:
    with pytest.raises(BadInput) as error:
        check_pin(typed)
    assert str(error.value) == "a PIN is 4 digits, like 2580"


def test_a_pin_typed_in_arabic_digits_opens_the_seat_in_ascii(tmp_path: Path) -> None:
    room = Classroom(str(tmp_path / "class.sqlite"))
    code = room.create_table(players=2)
    first = room.join(code, "Ana", "١٢٣٤")
    again = room.join(code, "Ana", "1234")  # the same student, from another keyboard
    assert room.seat(first).seat == room.seat(again).seat == 0
    room.close()


# ---------------------------------------------------------------------------- teacher passwords
@pytest.mark.parametrize(
    ("password", "rule"),
    [
        ("owl", "at least 12 characters"),
        ("owl-in-the-oak", "printed in examples"),
        ("Owl in the oak", "printed in examples"),
        ("password1234", "guessers try first"),
        ("P@ssw0rd2024!", "guessers try first"),
        ("aaaaaaaaaaaaa", "5 different characters"),
        ("abababababab", "5 different characters"),
        ("123456789012", "guessers try first"),
        ("qwertyuiop12", "guessers try first"),
        ("dweebies teacher 99", "guessers try first"),
        ("classroom2024!", "guessers try first"),
        ("", "at least 12 characters"),
    ],
)
def test_weak_teacher_passwords_are_refused(password: str, rule: str) -> None:
    with pytest.raises(BadInput) as error:
        check_new_password(password)
    assert rule in str(error.value)


@pytest.mark.parametrize(
    "password",
    ["Seven purple otters dance", "kettle-mango-57-violin", "739104628351", "Xk9#mQ2$vL7!"],
)
def test_strong_teacher_passwords_are_accepted(password: str) -> None:
    assert check_new_password(password) == password


def test_a_long_password_is_checked_quickly() -> None:
    started = time.perf_counter()
    check_new_password("kettle-mango-57-violin " * 44)
    with pytest.raises(BadInput):
        check_new_password("x" * 1025)
    assert time.perf_counter() - started < 1.0
