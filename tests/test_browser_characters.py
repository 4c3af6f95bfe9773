"""Every two Dweebies look different at a glance: in shape, and as seen with every colour vision.

Chromium renders the 27 cards at table-card size (40 CSS pixels wide, device pixel ratio 2,
as on a tablet) and at hand size (:data:`~dweebies_widget.widget.geometry.HAND_CARD_W`), each
through the package's public painter (:mod:`card_pictures`), all on one page in one
screenshot (saved to ``test-output/characters/cards.png``), cut into one picture per card.
Then, for each of the 351 pairs of Dweebies, and for each vision of :mod:`colour_vision`
(normal, grayscale, deuteranopia, protanopia, tritanopia), the two cards must differ

(a) **in shape**, with no colour: each pixel of a card is paper (every channel at least
    :data:`PAPER`: white, the card and the halos), ink (every channel at most :data:`INK`:
    outlines, eyes, symbols, text, or a black body) or paint (any other colour); the two
    cards must have a different one of the three on at least :data:`SHAPE_MIN` of the
    card's pixels.  The three tones do not change when a colour is swapped for another that
    is neither near-white nor near-black, so this check is the same for every vision: it is
    what a photocopy keeps of the silhouette (the body and what sticks out of it: ears,
    hats, arms) and of the features drawn on it;
(b) **in the picture as seen**: the mean distance between the two simulated pictures'
    pixels, in sRGB, as a share of the largest (black to white), is at least
    :data:`PICTURE_MIN` in every vision: a difference that a vision cannot see (two colours
    that look alike to it) does not count.

The thresholds come from measurements (cards 40 px wide, this machine's Chromium):

* a card against itself rendered elsewhere on the page differs on about 0.2 % of its
  pixels in shape at most, and by 0.07 % in picture: what rendering alone changes;
* a card with its colours changed and nothing else (:func:`card_pictures.recoloured`)
  differs by about 3 % to 11 % in picture in normal vision (a gray card, not at all), but
  on at most 0.4 % of its pixels in shape (up to 13 % if tones were read after a grayscale
  simulation, which is why shape is read on the picture as drawn);
* on the geometric faces the cards had before their characters (nine outlines, each worn
  by three Dweebies told apart by a glyph), two Dweebies with different outlines differ on
  at least 6.3 % of the pixels, two with the same outline on 2.4 % to 5.5 % (a small glyph
  is not a cue seen at a glance).

:data:`SHAPE_MIN` is 4.5 %: about three quarters of the least difference between two
outlines, and more than ten times what a change of colour alone does.  :data:`PICTURE_MIN` is
1.5 %: more than twenty times what rendering alone does, and less than any change of colour
that normal vision sees.  So a card against itself fails both checks, and a card against
itself in other colours fails the shape check: the last two tests here show it, with the
same functions, so the checks can fail.  A pair of Dweebies too close is a design to change,
never a threshold to lower.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from card_pictures import TABLE_CARD_W, card_svg, recoloured, tiles
from colour_vision import VISIONS
from playwright.sync_api import Browser

from dweebies_widget.cards import NAMES, NUM_DWEEBIES
from dweebies_widget.widget.geometry import HAND_CARD_W

Picture = npt.NDArray[np.uint8]

PAPER = 235
"""A pixel whose red, green and blue are all at least this is paper."""
INK = 90
"""A pixel whose red, green and blue are all at most this is ink."""
SHAPE_MIN = 0.045
"""Two Dweebies differ in tone (paper, ink, paint) on at least this share of a card's pixels."""
PICTURE_MIN = 0.015
"""Two Dweebies' pictures, as a vision sees them, differ by at least this on average."""
SCREENS = Path("test-output") / "characters"


def tones(picture: Picture) -> npt.NDArray[np.int8]:
    """Each pixel's tone: 0 paper, 1 paint, 2 ink (any colour that is not near-white or
    near-black is paint, whatever its hue).

    >>> tones(np.array([[[255, 255, 255], [240, 228, 66], [0, 114, 178], [31, 35, 40]]],
    ...                dtype=np.uint8)).tolist()
    [[0, 1, 1, 2]]
    """
    tone = np.ones(picture.shape[:2], dtype=np.int8)
    tone[picture.min(axis=-1) >= PAPER] = 0
    tone[picture.max(axis=-1) <= INK] = 2
    return tone


def shape_difference(a: Picture, b: Picture) -> float:
    """The share of the pixels of two same-size cards that differ in tone."""
    return float(np.mean(tones(a) != tones(b)))


def picture_difference(a: Picture, b: Picture) -> float:
    """The mean distance between the pixels of two same-size pictures, 0 (the same) to 1
    (black against white everywhere).

    >>> black, white = np.zeros((2, 2, 3), np.uint8), np.full((2, 2, 3), 255, np.uint8)
    >>> round(picture_difference(black, white), 9), picture_difference(white, white)
    (1.0, 0.0)
    """
    distance = np.linalg.norm(a.astype(np.float64) - b.astype(np.float64), axis=-1)
    return float(np.mean(distance) / (255 * np.sqrt(3)))


@dataclass(frozen=True)
class Cards:
    """The pictures of the 27 cards at table-card size (``table``), the same again drawn
    elsewhere on the page (``again``), in other colours (``recoloured``), and at hand size
    (``hand``): ``table[d]`` is Dweebie ``d``'s card."""

    table: list[Picture]
    again: list[Picture]
    recoloured: list[Picture]
    hand: list[Picture]


@pytest.fixture(scope="module")
def cards(browser: Browser) -> Cards:
    table = [card_svg(d, TABLE_CARD_W) for d in range(NUM_DWEEBIES)]
    hand = [card_svg(d, HAND_CARD_W) for d in range(NUM_DWEEBIES)]
    pictures = (
        [(svg, TABLE_CARD_W) for svg in table]
        + [(svg, TABLE_CARD_W) for svg in table]
        + [(recoloured(svg), TABLE_CARD_W) for svg in table]
        + [(svg, HAND_CARD_W) for svg in hand]
    )
    rendered = tiles(browser, pictures)
    SCREENS.mkdir(parents=True, exist_ok=True)
    (SCREENS / "cards.png").write_bytes(rendered.png)
    n = NUM_DWEEBIES
    parts = [rendered.cards[i * n : (i + 1) * n] for i in range(4)]
    return Cards(*parts)


def too_close(pictures: list[Picture], size: str) -> list[str]:
    """Every pair of ``pictures`` (a card per Dweebie) that fails (a) or (b), said; the least
    differences of each vision, with the pairs, printed."""
    pairs = list(itertools.combinations(range(len(pictures)), 2))
    shape = {(i, j): shape_difference(pictures[i], pictures[j]) for i, j in pairs}
    closest = min(pairs, key=shape.__getitem__)
    print(f"\n{size}: least shape difference {shape[closest]:.2%} ({named(closest)}), "
          "the same for every vision")  # fmt: skip
    faults = [
        f"{named(pair)}: differ in shape on {shape[pair]:.2%} of the pixels "
        f"(at least {SHAPE_MIN:.1%})"
        for pair in pairs
        if shape[pair] < SHAPE_MIN
    ]
    for vision, see in VISIONS.items():
        seen = [see(picture) for picture in pictures]
        picture = {(i, j): picture_difference(seen[i], seen[j]) for i, j in pairs}
        closest = min(pairs, key=picture.__getitem__)
        print(f"{size}, {vision}: least picture difference {picture[closest]:.2%} "
              f"({named(closest)})")  # fmt: skip
        faults += [
            f"{named(pair)}: pictures differ by {picture[pair]:.2%} in {vision} "
            f"(at least {PICTURE_MIN:.1%})"
            for pair in pairs
            if picture[pair] < PICTURE_MIN
        ]
    return faults


def named(pair: tuple[int, int]) -> str:
    return " and ".join(f"{NAMES[d]} (id {d})" for d in pair)


def test_every_two_dweebies_differ_in_shape_and_as_seen_at_table_card_size(cards: Cards) -> None:
    faults = too_close(cards.table, f"table cards {TABLE_CARD_W:g} px wide")
    assert not faults, "Dweebies too alike on the table:\n" + "\n".join(faults)


def test_every_two_dweebies_differ_in_shape_and_as_seen_in_the_hand(cards: Cards) -> None:
    faults = too_close(cards.hand, f"hand cards {HAND_CARD_W:g} px wide")
    assert not faults, "Dweebies too alike in the hand:\n" + "\n".join(faults)


def test_a_card_against_itself_fails_both_checks(cards: Cards) -> None:
    for d in range(NUM_DWEEBIES):
        assert shape_difference(cards.table[d], cards.again[d]) < SHAPE_MIN, NAMES[d]
        for vision, see in VISIONS.items():
            seen = see(cards.table[d]), see(cards.again[d])
            assert picture_difference(*seen) < PICTURE_MIN, (NAMES[d], vision)


def test_a_change_of_colour_alone_fails_the_shape_check(cards: Cards) -> None:
    # The cards whose change of colour normal vision sees (a gray card has no colour to
    # change): at least half of them, or the check would prove little.
    seen = [
        d
        for d in range(NUM_DWEEBIES)
        if picture_difference(cards.table[d], cards.recoloured[d]) >= PICTURE_MIN
    ]
    assert len(seen) >= NUM_DWEEBIES // 2, [NAMES[d] for d in seen]
    for d in seen:
        assert shape_difference(cards.table[d], cards.recoloured[d]) < SHAPE_MIN, NAMES[d]
