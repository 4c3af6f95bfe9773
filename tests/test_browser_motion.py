"""Motion in a real browser: Debian's Chromium, driven by Playwright, on Voila pages.

A student plays against the computer (Greedy answers after its usual pause); each move is
played by the page over the canvas (``companion.js``, from the payload of
:mod:`dweebies_widget.widget.motion`).  The page is watched every animation frame
(:data:`WATCH`): the moving copies appear and are gone again within the declared
:data:`~dweebies_widget.widget.motion.TOTAL_MS` (with room for a loaded machine), the
"+N" badge pops for a collection while the live region says "+N", a click during a motion
reaches the canvas (the overlay never takes a pointer), and the game plays on.  With the
browser's reduced-motion setting, or ``animate=False``, nothing ever moves while the game
plays on just the same.  On a touch screen (tap, tap again to place) the motion plays too.

A last test plays a short seeded game to its end and saves numbered screenshots (the placed
card mid-slide, the collected cards mid-flight with their "+N", the last move marked, the
end) to ``test-output/motion/``; with ``DWEEBIES_SCREENSHOTS=docs`` also to
``docs/motion/``.  The motion is frozen at a chosen moment for each picture (its
animations paused there), so the pictures are the same on a slow machine.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_pages import (
    DESKTOP,
    ROOT,
    TABLET,
    Server,
    act,
    built,
    canvas_of,
    in_step,
    log_text,
    match_size,
    opened,
    press,
    visible_legal,
    wait_for_text,
    write_notebook,
)
from playwright.sync_api import Browser, Page

from dweebies_widget import DweebiesWidget
from dweebies_widget.widget.motion import TOTAL_MS

SHOTS = os.environ.get("DWEEBIES_SCREENSHOTS")
OUT = ROOT / "test-output" / "motion"
DOCS = ROOT / "docs" / "motion"

HEAD = (
    "from dweebies_widget import DweebiesWidget, Game\n"
    "from dweebies_widget.ai import GreedyPlayer\n\n"
)
COLLECTS = (
    HEAD + "game = Game.from_position({(0, 0): 20, (0, 1): 9}, hands=[[5, 20], [6, 7]],\n"
    "                          pile=[8, 10, 11, 12])\n"
    'widget = DweebiesWidget(seats=["Ana", GreedyPlayer()], game=game, ai_delay=0.6{more})\n'
    "widget"
)
"""Ana's Ugbug (20) at (0, 2) collects 3 cards; Greedy answers after 0.6 s."""
SHORT_GAME = (
    HEAD + "game = Game.from_position({(0, 0): 20, (0, 1): 9, (1, 1): 19},\n"
    "                          hands=[[5, 20, 11], [19, 7, 12]], pile=[])\n"
    'widget = DweebiesWidget(seats=["Ana", GreedyPlayer()], game=game, ai_delay=0.6)\n'
    "widget"
)
"""Three cards each and an empty draw pile: a game of six moves, with collections."""
PAGES = {
    "motion.ipynb": COLLECTS.replace("{more}", ""),
    "motion_off.ipynb": COLLECTS.replace("{more}", ", animate=False"),
    "motion_game.ipynb": SHORT_GAME,
}

WATCH = """() => {
    const s = window.__motion = {moving: 0, layers: 0, first: null, last: null, plus: '',
                                 blocked: 0, freezeAt: null, freezeFor: 0, frozen: false,
                                 said: []};
    const canvas = () => document.querySelector('.dweebies-widget canvas');
    const look = () => {
        const moving = document.querySelectorAll('.dweebies-motion .dweebies-moving');
        if (document.querySelector('.dweebies-motion')) s.layers++;
        if (moving.length) {
            const now = performance.now();
            s.moving++;
            if (s.first === null) s.first = now;
            s.last = now;
            // What a pointer at the middle of a moving copy would hit: the canvas.
            const r = moving[0].getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            if (x > 0 && y > 0 && x < innerWidth && y < innerHeight) {
                const hit = document.elementFromPoint(x, y);
                if (hit && hit !== canvas()) {
                    s.blocked++;
                    s.hit = `${hit.tagName}.${hit.className}`;
                }
            }
            const played = Number(document.querySelector('.dweebies-companion')
                .dataset.motionsPlayed);
            if (s.freezeAt !== null && !s.frozen && played >= s.freezeFor) {
                for (const a of document.getAnimations()) {
                    const t = a.effect && a.effect.target;
                    if (t && t.closest('.dweebies-motion')) {
                        a.pause();
                        a.currentTime = s.freezeAt;
                    }
                }
                s.frozen = true;
            }
        }
        const live = document.querySelector('.dweebies-companion [role=status]');
        const text = live ? live.textContent : '';
        if (text && !s.said.includes(text)) s.said.push(text);
        const badge = document.querySelector('.dweebies-motion .dweebies-plus');
        if (badge) s.plus = badge.textContent;
        requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
}"""
"""Watches the page every animation frame (``window.__motion``); with ``freezeAt`` set,
pauses the animations of motion number ``freezeFor`` (counted from the page's first) at
that time (ms) for a screenshot."""

COMPANION = ".dweebies-widget .dweebies-companion"


@pytest.fixture(scope="module")
def pages(notebooks: Path) -> Path:
    for name, code in PAGES.items():
        write_notebook(notebooks / name, code)
    return notebooks


@pytest.fixture()
def shots() -> Iterator[list[Path]]:
    saved: list[Path] = []
    yield saved
    if SHOTS == "docs":
        DOCS.mkdir(parents=True, exist_ok=True)
        for path in saved:
            shutil.copy(path, DOCS / path.name)


def counts(page: Page) -> dict[str, Any]:
    found = page.evaluate(
        "(sel) => { const e = document.querySelector(sel); return {played:"
        " Number(e.dataset.motionsPlayed || 0), skipped: Number(e.dataset.motionsSkipped || 0),"
        " ms: Number(e.dataset.lastMotionMs || -1)}; }",
        COMPANION,
    )
    return dict(found)


def watched(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("() => window.__motion"))


def wait_played(page: Page, n: int, seconds: float = 20) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('{COMPANION}').dataset.motionsPlayed) >= {n}",
        timeout=seconds * 1000,
    )


def no_overlay(page: Page, seconds: float = 3) -> None:
    page.wait_for_function(
        "() => !document.querySelector('.dweebies-motion')", timeout=seconds * 1000
    )


def start(page: Page, code: str) -> DweebiesWidget:
    canvas_of(page)
    w: DweebiesWidget = built(code)
    match_size(w, page)
    in_step(page, w)
    page.evaluate(WATCH)
    return w


def collect(page: Page, w: DweebiesWidget, touch: bool) -> None:
    """Ana picks Ugbug and places it at (0, 2): it collects 3 cards."""
    act(page, w, w.geometry.hand_center(w.session.hand().index(20)), touch)
    in_step(page, w)
    cell = w.geometry.cell_center((0, 2))
    for _ in range(2 if touch else 1):  # a tap first shows what it would do
        act(page, w, cell, touch)
    wait_for_text(page, ".dweebies-log", "Ana placed Ugbug")


def test_a_move_and_the_answer_slide_in_and_a_collection_pops_plus_n(
    browser: Browser, voila: Server, pages: Path
) -> None:
    with opened(browser, f"{voila.url}/voila/render/motion.ipynb", DESKTOP) as page:
        w = start(page, COLLECTS.replace("{more}", ""))
        collect(page, w, touch=False)
        wait_played(page, 1)
        no_overlay(page)
        seen = watched(page)
        assert seen["moving"] > 0, "no moving copy was ever shown"
        assert seen["plus"] == "+3"
        assert seen["blocked"] == 0, f"a moving copy took the pointer: {seen.get('hit')}"
        # Declared 400 ms; on a loaded machine the copies are gone within a second.
        assert TOTAL_MS <= 400
        assert seen["last"] - seen["first"] <= 1000
        assert 0 < counts(page)["ms"] <= 1000
        # The live region said it (Greedy's answer comes 0.6 s later, and is said then).
        page.wait_for_function(
            "() => window.__motion.said.some(t => t.includes('+3 for Ana'))", timeout=10_000
        )
        # The computer's answer slides in too (from its seat chip).
        wait_for_text(page, ".dweebies-log", "Greedy placed")
        wait_played(page, 2)
        no_overlay(page)
        in_step(page, w)
        assert counts(page)["skipped"] == 0


def test_a_click_during_a_motion_is_taken(browser: Browser, voila: Server, pages: Path) -> None:
    with opened(browser, f"{voila.url}/voila/render/motion.ipynb", DESKTOP) as page:
        w = start(page, COLLECTS.replace("{more}", ""))
        freeze(page, 2, 150)  # Greedy's card will stop half way, still moving
        collect(page, w, touch=False)
        page.wait_for_function("() => window.__motion.frozen", timeout=20_000, polling="raf")
        page.evaluate(
            "() => { window.__during = null; window.addEventListener('pointerdown', () => {"
            " window.__during = !!document.querySelector('.dweebies-moving'); },"
            " {capture: true, once: true}); }"
        )
        # A click on a hand card while Greedy's card is on its way, over the moving layer.
        press(page, w.geometry.hand_center(0), touch=False)
        wait_for_text(page, ".dweebies-status", "on a lit")
        assert page.evaluate("window.__during") is True, "the click came after the motion"
        assert watched(page)["blocked"] == 0
        page.evaluate(
            "() => { window.__motion.freezeAt = null;"
            " for (const a of document.getAnimations()) if (a.playState === 'paused') a.play(); }"
        )
        no_overlay(page)


def test_a_tap_twice_plays_the_motion_on_a_touch_screen(
    browser: Browser, voila: Server, pages: Path
) -> None:
    with opened(browser, f"{voila.url}/voila/render/motion.ipynb", TABLET) as page:
        w = start(page, COLLECTS.replace("{more}", ""))
        collect(page, w, touch=True)
        wait_played(page, 1)
        no_overlay(page)
        seen = watched(page)
        assert seen["moving"] > 0 and seen["plus"] == "+3" and seen["blocked"] == 0
        wait_for_text(page, ".dweebies-log", "Greedy placed")
        wait_played(page, 2)


@pytest.mark.parametrize(
    ("notebook", "device"),
    [
        ("motion.ipynb", {**DESKTOP, "reduced_motion": "reduce"}),
        ("motion_off.ipynb", DESKTOP),
    ],
    ids=["reduced-motion", "animate-false"],
)
def test_nothing_moves_with_reduced_motion_or_animate_false(
    browser: Browser, voila: Server, pages: Path, notebook: str, device: dict[str, Any]
) -> None:
    with opened(browser, f"{voila.url}/voila/render/{notebook}", device) as page:
        w = start(page, PAGES[notebook])
        collect(page, w, touch=False)
        wait_for_text(page, ".dweebies-log", "Greedy placed")
        page.wait_for_function(
            f"() => Number(document.querySelector('{COMPANION}').dataset.motionsSkipped) >= 2",
            timeout=20_000,
        )
        time.sleep(0.5)  # frames sampled after the last move too
        seen = watched(page)
        assert counts(page)["played"] == 0
        assert seen["layers"] == 0 and seen["moving"] == 0 and seen["plus"] == ""
        assert "Greedy placed" in log_text(page)  # the game plays on
        # The screen reader still hears the "+N".
        assert any("+3 for Ana" in text for text in seen["said"]), seen["said"]


def freeze(page: Page, number: int, at_ms: int) -> None:
    """Pause motion ``number`` (the page's first is 1) at ``at_ms`` once it plays."""
    page.evaluate(
        "([n, at]) => Object.assign(window.__motion, {freezeFor: n, freezeAt: at, frozen: false})",
        [number, at_ms],
    )


def frozen_shot(page: Page, name: str, shots: list[Path]) -> None:
    """Once the next motion is frozen, a screenshot; then the motion plays on."""
    page.wait_for_function("() => window.__motion.frozen", timeout=20_000, polling="raf")
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.png"
    page.screenshot(path=str(path))
    shots.append(path)
    page.evaluate(
        "() => { window.__motion.freezeAt = null;"
        " for (const a of document.getAnimations()) if (a.playState === 'paused') a.play(); }"
    )


def plain_shot(page: Page, name: str, shots: list[Path]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{name}.png"
    page.screenshot(path=str(path))
    shots.append(path)


def best_move(w: DweebiesWidget, most: bool) -> tuple[int, tuple[int, int]]:
    """The hand card and visible cell that collect the most (``most``) or the fewest cards
    (the nearest cell on a tie)."""
    hand = w.session.hand()
    options = []
    for cell in visible_legal(w):
        collects = w.game.would_collect(cell)
        for index, dweebie in enumerate(hand):
            taken = len(collects.get(dweebie, ()))
            options.append((-taken if most else taken, index, cell))
    _, index, cell = min(options, key=lambda o: o[0])
    return index, cell


def test_screenshots_of_a_short_game(
    browser: Browser, voila: Server, pages: Path, shots: list[Path]
) -> None:
    device = {**DESKTOP, "viewport": {"width": 1280, "height": 900}, "device_scale_factor": 2}
    with opened(browser, f"{voila.url}/voila/render/motion_game.ipynb", device) as page:
        w = start(page, SHORT_GAME)
        step = 0
        collected = False
        while not w.game.is_over:
            index, cell = best_move(w, most=step > 0)  # a plain placement first
            takes = len(w.game.would_collect(cell).get(w.session.hand()[index], ()))
            act(page, w, w.geometry.hand_center(index), touch=False)
            in_step(page, w)
            moves = len(w.game.history)
            base = counts(page)["played"]
            if step == 0:
                freeze(page, base + 1, 150)  # the placed card half way from the hand
            elif takes and not collected:
                freeze(page, base + 1, 250)  # the collected cards on their way, "+N" popped
            act(page, w, w.geometry.cell_center(cell), touch=False)
            if step == 0:
                frozen_shot(page, "01-placement-mid-slide", shots)
            elif takes and not collected:
                frozen_shot(page, "03-collection-mid-flight", shots)
                collected = True
            page.wait_for_function(
                f"() => document.querySelectorAll('.dweebies-log li').length > {moves}",
                timeout=20_000,
            )
            if step == 0:  # the computer's card on its way from its seat chip
                freeze(page, base + 2, 150)
                frozen_shot(page, "02-computer-mid-slide", shots)
            page.wait_for_function(  # the computer has answered
                f"() => document.querySelectorAll('.dweebies-log li').length > {moves + 1}",
                timeout=20_000,
            )
            in_step(page, w, seconds=30)
            no_overlay(page)
            if step == 1:
                plain_shot(page, "04-last-move-marked", shots)
            step += 1
        time.sleep(1.0)  # the end's own screen settles
        plain_shot(page, "05-end", shots)
        assert collected, "the short game had no collection to show"
        assert counts(page)["played"] >= 2 * step - 1
