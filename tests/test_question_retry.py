"""A multiple-choice question may be tried again: a wrong answer gives nothing of the answer
away, every check is recorded, and what a teacher collects keeps the first answer, whether it
was right, and the number of checks.  Verdicts end their sentence once, inside the quotes
when the choice is a sentence itself.
"""

from __future__ import annotations

import json
import re
from importlib.resources import files

from dweebies_widget.lessons import Question, QuestionWidget, results
from dweebies_widget.widget.compat import deliver_event

QUESTION = Question(
    "Who collects the row?",
    ["Nobody.", "Ana collects.", "Ben collects.", "Both of them"],
    answer=2,
    why="Ben's card is at one end and the other end is the same Dweebie.",
    feedback=["", "Ana's card is not at an end.", "", ""],
    id="row",
)


def page_state(w: QuestionWidget) -> str:
    """What the page (and a saved notebook) holds of the widget."""
    return json.dumps(w.get_state(), default=str)


def test_a_wrong_answer_may_be_tried_again_without_the_answer_given_away() -> None:
    w = QuestionWidget(QUESTION)
    deliver_event(w, {"event": "submit", "choice": 1})
    assert w.submitted and not w.done and w.tried == [1]
    assert w.verdict == (
        "Not quite: B is not the answer. Ana's card is not at an end. Pick another choice and "
        "check again."
    )
    assert w.right == -1 and w.why == ""  # nothing of the answer in the page yet
    state = page_state(w)
    assert QUESTION.why not in state and "Ben collects." not in w.verdict
    # The same wrong choice again is not a new try.
    deliver_event(w, {"event": "submit", "choice": 1})
    assert w.attempts == 1 and w.tried == [1]
    # Another wrong one, then the right one.
    deliver_event(w, {"event": "submit", "choice": 0})
    assert w.tried == [1, 0] and not w.done and w.attempts == 2
    deliver_event(w, {"event": "submit", "choice": 2})
    assert w.done and w.solved and w.right == 2 and w.why == QUESTION.why
    assert w.verdict == "Right!"
    # Done: the choices are locked, nothing more is counted.
    deliver_event(w, {"event": "submit", "choice": 3})
    assert w.answers == (1, 0, 2) and w.attempts == 3 and w.choice == 2


def test_the_teacher_keeps_the_first_answer_and_the_number_of_tries() -> None:
    w = QuestionWidget(QUESTION)
    w.submit(1)
    w.submit(2)
    (record,) = w.results()
    assert record == {
        "id": "row", "question": QUESTION.prompt, "choice": 1, "correct": False, "attempts": 2
    }  # fmt: skip
    assert (w.correct, w.solved, w.answered) == (False, True, True)
    first_time = QuestionWidget(QUESTION)
    first_time.submit(2)
    assert results(first_time)[0] | {"question": ""} == {
        "id": "row", "question": "", "choice": 2, "correct": True, "attempts": 1
    }  # fmt: skip


def test_show_the_answer_ends_the_question_after_a_wrong_try() -> None:
    w = QuestionWidget(QUESTION)
    deliver_event(w, {"event": "reveal"})  # nothing to give up before an answer
    assert not w.done and w.right == -1
    w.submit(0)
    deliver_event(w, {"event": "reveal"})
    assert w.done and not w.solved and w.right == 2 and w.why == QUESTION.why
    assert w.verdict == 'The answer is C, "Ben collects."'  # one full stop, inside the quotes
    assert w.results()[0]["choice"] == 0 and w.results()[0]["attempts"] == 1
    w.submit(2)  # after the answer was shown: nothing changes
    assert w.attempts == 1 and not w.solved


def test_a_verdict_ends_its_sentence_once() -> None:
    for choice in range(4):
        message = QUESTION.check(choice).message
        assert '.".' not in message and ".." not in message
    assert QUESTION.check(0).message.startswith('Not quite: the answer is C, "Ben collects." ')
    plain = Question("2 + 2?", ["3", "4"], answer=1, why="Count them.")
    assert plain.check(0).message == 'Not quite: the answer is B, "4". Count them.'


def test_a_question_reads_from_the_back_of_a_room() -> None:
    """Its text is 16 CSS pixels or more, every button and choice a 44-pixel tap target, and
    the verdict has its line before it speaks (in view, and nothing jumps)."""
    css = (files("dweebies_widget.widget") / "question.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)  # without the comments
    rules = {k.strip(): v for k, v in re.findall(r"([^{}]+)\{([^}]*)\}", css)}
    assert "font-size: max(16px, 1em)" in rules[".dweebies-question"]
    for selector in (".dweebies-question .dweebies-choice", ".dweebies-question .dweebies-submit"):
        assert "min-height: 44px" in rules[selector]
    assert "min-height: 1.4em" in rules[".dweebies-question .dweebies-verdict"]
