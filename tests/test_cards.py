"""Rules section 1: the 27 Dweebies, their copies, original names and looks."""

from __future__ import annotations

from collections import Counter

import pytest

from dweebies_widget import COPIES, DECK_SIZE, LOOKS, NAMES, NUM_DWEEBIES, copies, look, name
from dweebies_widget.cards import FULL_DECK, SHAPES


def test_there_are_27_dweebies_with_ids_0_to_26() -> None:
    assert NUM_DWEEBIES == 27
    assert len(NAMES) == len(LOOKS) == len(COPIES) == 27
    assert set(FULL_DECK) == set(range(27))


def test_dweebie_d_has_1_plus_d_div_9_copies() -> None:
    for d in range(27):
        assert copies(d) == COPIES[d] == 1 + d // 9
    assert [copies(d) for d in (0, 8, 9, 17, 18, 26)] == [1, 1, 2, 2, 3, 3]


def test_deck_holds_54_cards_with_the_right_counts() -> None:
    assert DECK_SIZE == 54 == len(FULL_DECK) == sum(COPIES)
    assert Counter(FULL_DECK) == {d: 1 + d // 9 for d in range(27)}
    assert list(FULL_DECK) == sorted(FULL_DECK)


def test_names_are_unique() -> None:
    assert len(set(NAMES)) == 27
    assert all(isinstance(n, str) and n.strip() == n and n for n in NAMES)
    assert len({n.lower() for n in NAMES}) == 27
    assert [name(d) for d in range(27)] == list(NAMES)


def test_shape_and_symbol_pairs_are_unique() -> None:
    assert len({(lk.shape, lk.symbol) for lk in LOOKS}) == 27
    assert len({lk.symbol for lk in LOOKS}) == 27  # the symbol alone tells them apart


def test_colour_and_shape_pairs_are_unique() -> None:
    assert len({(lk.colour, lk.shape) for lk in LOOKS}) == 27


def test_look_fields_are_present() -> None:
    for d in range(27):
        lk = look(d)
        assert lk == LOOKS[d]
        assert lk.colour.startswith("#") and len(lk.colour) == 7
        int(lk.colour[1:], 16)
        assert lk.colour_name
        assert lk.shape in SHAPES
        assert len(lk.symbol) == 1 and lk.symbol.isprintable() and not lk.symbol.isspace()


@pytest.mark.parametrize("bad", [27, -1, 100])
def test_unknown_ids_are_refused(bad: int) -> None:
    for fn in (copies, look, name):
        with pytest.raises(ValueError):
            fn(bad)


@pytest.mark.parametrize("bad", [True, 1.0, "1", None])
def test_non_integer_ids_are_refused(bad: object) -> None:
    for fn in (copies, look, name):
        with pytest.raises(TypeError):
            fn(bad)  # type: ignore[arg-type]
