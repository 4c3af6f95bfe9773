"""The guided first game's widget: the play widget around a
:class:`~dweebies_widget.widget.tutorial.Tutorial`.

Glue only: everything that decides is the tutorial session's (its
:class:`~dweebies_widget.widget.tutorial.TutorialMode`); the play widget shows its picture,
its status and its move log.  Two things are this screen's own:

* its status has three lines (:attr:`~dweebies_widget.widget.tutorial.TutorialMode.budget`),
  the newest news first, in the play widget's box of a fixed height, so the buttons under
  it never move as the guided turns go by, a move is refused or a hint is given;
* under the move log (the table, the status, the buttons and the newest move stay in view
  together on a short screen), the rule behind this guided turn (or behind the last refusal)
  can be opened in place: "Rules section 5 (where a card may go)", then the section's own words,
  as the rules page the package ships says them (:func:`rule_box`).  Nothing is fetched.
"""

from __future__ import annotations

import html
import re
from typing import cast

import ipywidgets as widgets

from ..ai import Player
from ..lessons import rules_section
from .announce import Change
from .app import DweebiesWidget
from .tutorial import Tutorial

__all__ = ["TEXT", "TutorialWidget", "rule_box"]

TEXT = "font-size: var(--dweebies-text, 16px); line-height: 1.4"
"""The rule's text: as big as the status (16 CSS pixels at least, more for a projector)."""


def _inline(text: str) -> str:
    """Markdown's ``code`` and **bold** in one escaped line of HTML."""
    text = html.escape(text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    return re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)


def _blocks(markdown: str) -> str:
    """The few kinds of Markdown block the rules page uses, as HTML: paragraphs, lists,
    sub-headings and code."""
    out: list[str] = []
    for block in re.split(r"\n\s*\n", markdown.strip()):
        if block.startswith("```"):
            code = "\n".join(block.splitlines()[1:-1])
            out.append(f"<pre>{html.escape(code)}</pre>")
        elif block.startswith("### "):
            out.append(f"<p><b>{_inline(block[4:])}</b></p>")
        elif block.startswith(("- ", "1. ")):
            items = re.split(r"\n(?=- |\d+\. )", block)
            lis = [_inline(re.sub(r"^(- |\d+\. )", "", i).replace("\n", " ")) for i in items]
            out.append("<ul>" + "".join(f"<li>{item}</li>" for item in lis) + "</ul>")
        else:
            out.append(f"<p>{_inline(' '.join(block.split()))}</p>")
    return "".join(out)


def rule_box(number: int) -> str:
    """Rules section ``number`` as a disclosure: its name, and its words once opened.

    >>> box = rule_box(5)
    >>> "<summary" in box, "Rules section 5 (where a card may go)" in box
    (True, True)
    """
    title, words = rules_section(number)
    summary = f"Rules section {number} ({title[0].lower()}{title[1:]}): show the rule"
    style = f"{TEXT}; margin: 0.3em 0"
    text = "max-height: 14em; overflow-y: auto; padding: 0 0.6em; border-left: 3px solid #1a4fa3"
    return (
        f'<details class="dweebies-rule" style="{style}"><summary style="cursor: pointer; '
        f'min-height: 44px; line-height: 44px">{html.escape(summary)}</summary>'
        f'<div style="{text}">{_blocks(words)}</div></details>'
    )


class TutorialWidget(DweebiesWidget):
    """A guided first game against Greedy: the first turns have a goal and accept only
    their move; then the game goes on freely to its end, and Review looks back over it.
    Mouse, touch and keyboard work as in play.

    Args:
        seed: seeds Greedy once it plays on its own (the deal is always the same).
        ai_delay: seconds Greedy waits before it moves; flash: seconds collected cards stay
            lit.
        width, height, pixel_ratio: the canvas, as for :class:`DweebiesWidget`.
        hint_player: whose ``analyze`` gives hints once the game is free (default Greedy).
        presentation: everything big, for a projector (as for :class:`DweebiesWidget`).

    >>> w = TutorialWidget(ai_delay=0)
    >>> w
    TutorialWidget (a guided first game against Greedy): Guided turn 1 of 4: the table is \
empty, so the first card goes in the centre, (0, 0).
    """

    session_class = Tutorial

    def __init__(
        self,
        *,
        seed: int = 0,
        ai_delay: float = 1.0,
        flash: float = 0.8,
        width: int | None = None,
        height: int | None = None,
        pixel_ratio: float = 2,
        hint_player: Player | None = None,
        presentation: bool = False,
    ) -> None:
        self.rule = widgets.HTML()
        """The rule behind this guided turn or the last refusal, to open in place."""
        self.rule.add_class("dweebies-rule-box")
        super().__init__(
            None, seed=seed, ai_delay=ai_delay, flash=flash, width=width, height=height,
            pixel_ratio=pixel_ratio, hint_player=hint_player, presentation=presentation,
        )  # fmt: skip
        # The rule goes last: opened, it moves nothing above it.
        kids = [self.companion, self.canvas, self.status, self.controls_row, self.move_log]
        self.children = (*kids, self.rule)

    def __repr__(self) -> str:
        lines = self.session.status_lines()
        goal = next((t for t in lines if t.startswith("Guided turn")), lines[0])
        return f"TutorialWidget (a guided first game against Greedy): {goal}"

    @property
    def tutorial(self) -> Tutorial:
        """The guided game's session (its :attr:`~Tutorial.turn`, its rule...)."""
        return cast(Tutorial, self.session)

    def show(self, change: Change) -> None:
        """Show what changed, as play does, and the rule to open under the move log."""
        super().show(change)
        number = self.tutorial.rule_number
        value = "" if number is None else rule_box(number)
        if self.rule.value != value:
            self.rule.value = value
