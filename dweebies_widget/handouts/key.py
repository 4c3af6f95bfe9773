"""The teacher's answer key: every shipped question's answer and why, every shipped puzzle's
answer and its proof.

For each lesson: its questions (the right choice, why it is right, what a wrong choice is
told, and which are the exit quiz), then the puzzles its worksheet shows, each with a picture
of the answer played.  Then every puzzle of the shipped sets, kind by kind: its goal, its
answer in words (moves and cells by the Dweebie's name and the cell's row and column), its
kind's definition, what the engine says of the answer, and for an endgame the proof line,
the answer then best play of both sides to the end.  The house-rule set comes last, each
puzzle labelled with its rule.

A cell is written ``(row, column)``: the first card placed is at ``(0, 0)``, rows grow
downwards and columns to the right.

>>> from dweebies_widget import Game
>>> from dweebies_widget.puzzles import Puzzle
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
>>> answer_words(Puzzle.make(game, "haul"))
'Ugbug at (0, 2)'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import name
from ..game import Game, Move
from ..grammar import clause, verb
from ..grid import Cell
from ..lessons import Lesson
from ..puzzles import KINDS, Puzzle
from ..questions import LETTERS, Question
from ..widget.words import plural
from .page import escape, page, picture
from .sources import PuzzleSet, rules_label

__all__ = ["answer_key", "answer_words", "line_words", "puzzle_entry", "question_entry"]

YOU, THEM = "You", "Your opponent"


def _cell(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def _move(move: Move) -> str:
    return f"{name(move.dweebie)} at {_cell(move.cell)}"


def answer_words(p: Puzzle) -> str:
    """The answer of ``p`` in words: its moves, or the cells to mark."""
    if p.kind_info.marks_cells:
        cells = ", ".join(_cell(c) for c in sorted(p.answer))
        card = name(p.dweebie) if p.dweebie is not None else "The card"
        return f"{card} may go on exactly these {len(p.answer)} cells: {cells}"
    moves = [_move(m) for m in sorted(p.answer)]
    return moves[0] if len(moves) == 1 else "any one of " + ", ".join(moves)


def line_words(p: Puzzle, line: Sequence[Move]) -> str:
    """An endgame's proof ``line`` (:attr:`Puzzle.line`: the answer, then best play of both
    sides to the end) in words, and how the game ends (empty for no line)."""
    if not line:
        return ""
    game = p.game
    said = []
    for move in line:
        who = YOU if game.current_player == p.seat else THEM
        taken = len(game.play(move).taken)
        collects = f" and {verb(who, 'collects')} {plural(taken, 'card')}" if taken else ""
        said.append(f"{clause(who, 'places')} {_move(move)}{collects}")
    mine = game.scores[p.seat]
    theirs = max(s for seat, s in enumerate(game.scores) if seat != p.seat)
    return "; ".join(said) + (
        f". At the end you have {plural(mine, 'collected card')} and your opponent {theirs}."
    )


def _answer_picture(p: Puzzle) -> str:
    """The board with the answer shown: the cells to mark lit, or the answer's first move
    played (the card outlined, the cards it collects drawn dashed)."""
    game: Game = p.game
    names = [YOU if seat == p.seat else f"Player {seat + 1}" for seat in range(game.players)]
    if p.kind_info.marks_cells:
        return picture(game.svg(legal=True, names=names, viewer=p.seat).data)
    game.play(min(p.answer))
    return picture(game.svg(last=True, names=names, viewer=p.seat).data)


def puzzle_entry(p: Puzzle, *, number: int | None = None) -> str:
    """One puzzle in the key: its rules (unless standard), goal, answer and proof; a
    worksheet's puzzle ``number`` also gets a picture of its answer."""
    label = rules_label(p)
    verdict = p.check(sorted(p.answer) if p.kind_info.marks_cells else min(p.answer))
    said = verdict.message.removeprefix("Right!").strip()
    definition = p.definition[:1].upper() + p.definition[1:]
    rule = f'<p class="rule"><b>Played with:</b> {escape(label)}</p>' if label else ""
    line = line_words(p, verdict.line)  # the proof line, as Puzzle.line gives it
    proof_line = f"<p><b>Proof line:</b> {escape(line)}</p>" if line else ""
    return (
        f'<div class="item puzzle-answer" id="{escape(p.id)}">'
        f"<h4>{'' if number is None else f'Puzzle {number}: '}{escape(p.id)} · "
        f"{escape(p.kind_info.title)} · rating {p.rating}</h4>{rule}"
        f"<p><b>Goal:</b> {escape(p.goal)}</p>"
        f'<p class="right"><b>Answer:</b> {escape(answer_words(p))}.</p>'
        f"<p><b>Definition:</b> {escape(definition)}.</p>"
        f"<p><b>What the answer does:</b> {escape(said)}</p>{proof_line}"
        f"{'' if number is None else _answer_picture(p)}</div>"
    )


def question_entry(q: Question) -> str:
    """One question in the key: the choices with the right one marked, why, and what each
    wrong choice is told."""
    items = []
    for i, choice in enumerate(q.choices):
        right = i == q.answer
        told = f" <i>({escape(q.feedback[i])})</i>" if q.feedback and not right else ""
        mark = ' class="right"' if right else ""
        items.append(f"<li{mark}>{LETTERS[i]}. {escape(choice)}"
                     f"{' (right)' if right else ''}{told}</li>")  # fmt: skip
    exit_tag = '<span class="tag">exit quiz</span>' if q.exit else ""
    return (
        f'<div class="item question-answer" id="{escape(q.id)}">'
        f"<h4>{escape(q.id)}{exit_tag}</h4><p>{escape(q.prompt)}</p>"
        f'<ul class="choices">{"".join(items)}</ul>'
        f'<p class="right">Answer: {LETTERS[q.answer]}. {escape(q.choices[q.answer])}</p>'
        f"<p><b>Why:</b> {escape(q.why)}</p></div>"
    )


def answer_key(
    lessons: Sequence[Lesson],
    worksheet_puzzles: dict[str, list[Puzzle]],
    sets: Sequence[PuzzleSet],
) -> str:
    """The whole answer key (an HTML page)."""
    body = [
        "<h1>Dweebies: the teacher's answer key</h1>",
        '<p class="note">For the teacher only: every answer of the worksheets, the exit '
        "quizzes and the puzzle sets. A cell is written (row, column): the first card placed "
        "is at (0, 0), rows grow downwards and columns to the right.</p>",
    ]
    for lesson in lessons:
        body.append(f"<h2>Lesson {escape(lesson.lesson)}: {escape(lesson.title)}</h2>")
        if lesson.questions:
            body.append("<h3>Questions</h3>")
            body += [question_entry(q) for q in lesson.questions]
        shown = worksheet_puzzles.get(lesson.lesson, [])
        if shown:
            body.append("<h3>Puzzles on the worksheet</h3>")
            body += [puzzle_entry(p, number=i) for i, p in enumerate(shown, 1)]
    for each in sets:
        body.append(f"<h2>{escape(each.title)}: {len(each.puzzles)} puzzles</h2>")
        for kind in KINDS:
            of_kind = [p for p in each.puzzles if p.kind == kind]
            if of_kind:
                body.append(f"<h3>{escape(of_kind[0].kind_info.title)}: {len(of_kind)}</h3>")
                body += [puzzle_entry(p) for p in of_kind]
    return page("Dweebies: the teacher's answer key", "\n".join(body))
