"""Make the contact sheet of the 27 Dweebies: ``docs/dweebies.png``.

    .venv/bin/python docs/make_contact_sheet.py [--out docs/dweebies.png]

Chromium (Debian's, under Playwright, offline, at device pixel ratio 2) renders every
Dweebie's card as the game draws it, through the package's public painter
(``tests/card_pictures.py``, shared with the browser test of the characters): three rows,
the Dweebies with one copy, two copies and three copies, nine in each; under each card at
full size its name and id, and under that the same card at table-card size on a tablet (40
CSS pixels wide), so both sizes are seen.  The same code always gives the same picture.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

try:
    import numpy  # noqa: F401
    import PIL  # noqa: F401
    import playwright  # noqa: F401
except ImportError as missing:
    sys.exit(f"make_contact_sheet.py needs {missing.name}: pip install -e '.[test]'")

sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from card_pictures import TABLE_CARD_W, card_svg, chromium, page_html, screenshot  # noqa: E402

from dweebies_widget.cards import COPIES, NAMES, NUM_DWEEBIES  # noqa: E402
from dweebies_widget.face import CARD_W  # noqa: E402
from dweebies_widget.palette import INK, SOFT_INK  # noqa: E402

WIDTH = 1000
"""The page's width in CSS pixels (the PNG is twice as wide)."""
TIERS = {1: "One copy", 2: "Two copies", 3: "Three copies"}
STYLE = f"""
h1 {{ font-size: 22px; margin: 0 0 2px; color: {INK}; }}
.note {{ font-size: 13px; margin: 0 0 10px; color: {SOFT_INK}; }}
.sheet {{ padding: 14px 16px; width: {WIDTH - 32}px; box-sizing: border-box; }}
.tier {{ display: flex; align-items: flex-start; margin-bottom: 8px; }}
.tier h2 {{ width: 84px; flex: none; font-size: 13px; margin: 44px 0 0; color: {INK}; }}
.cell {{ width: 98px; flex: none; text-align: center; }}
.cell svg {{ display: block; margin: 0 auto; }}
.name {{ font-size: 13px; font-weight: bold; color: {INK}; }}
.id {{ font-size: 11px; color: {SOFT_INK}; margin-bottom: 2px; }}
"""


def cell(dweebie: int) -> str:
    return (
        f'<div class="cell">{card_svg(dweebie, CARD_W)}'
        f'<div class="name">{NAMES[dweebie]}</div><div class="id">id {dweebie}</div>'
        f"{card_svg(dweebie, TABLE_CARD_W)}</div>"
    )


def sheet_html() -> str:
    """The contact sheet as a page."""
    rows = "".join(
        f'<div class="tier"><h2>{label}</h2>'
        + "".join(cell(d) for d in range(NUM_DWEEBIES) if COPIES[d] == copies)
        + "</div>"
        for copies, label in TIERS.items()
    )
    return page_html(
        '<div class="sheet"><h1>The 27 Dweebies</h1>'
        f'<p class="note">Each card at full size ({CARD_W:g} px wide), its name and id, and '
        f"the card at table-card size on a tablet ({TABLE_CARD_W:g} px wide). Rows: the "
        f"Dweebies with one, two and three copies in the deck.</p>{rows}</div>",
        STYLE,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "dweebies.png")
    out = parser.parse_args(argv).out
    with chromium() as browser:
        png = screenshot(browser, sheet_html(), WIDTH)
    out.write_bytes(png)
    print(f"{out}: {len(png) / 1000:.0f} kB")


if __name__ == "__main__":
    main()
