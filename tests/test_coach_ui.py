"""The coach on the play pages, in-process (issue 28 item 5): the Hint beside a person's
choices, refused for an earlier step, not offered where no person decides; the Review at game
over, its chart, its costly decisions and the table then, the game unchanged."""

from __future__ import annotations

import re

import altair as alt

from explorer.engine.bots import make_bot
from explorer.ui.coaching import TOGETHER
from explorer.ui.session import STALE
from explorer.ui.stepper import BUTTONS_UP_TO, FOLLOW, Stepper

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|explorer\.|Traceback")


def live_cell(stepper: Stepper):
    stepper.cell(FOLLOW)
    stepper.refresh()
    return stepper.live_cells()[0]


def words(value: str) -> str:
    """An HTML value's text (its style sheet and tags left out)."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", value, flags=re.S))


def test_a_hint_shows_each_choice_chance_and_decides_nothing():
    for seed, game_id in ((3, "adventurers"), (7, "gamma_world")):  # a long list, buttons
        hint_at_first_decision(game_id, seed)


def hint_at_first_decision(game_id: str, seed: int) -> None:
    stepper = Stepper(game_id, players=2, seed=seed)
    cell = live_cell(stepper)
    game = stepper.session.game
    steps, choices = game.steps, len(game.legal_actions())
    assert choices > 1 and not cell.hint_button.disabled
    assert cell.hint_button.description == "Hint"
    cell.hint_button.click()
    assert game.steps == steps  # nothing decided
    if choices <= BUTTONS_UP_TO:  # a bar and a label beside each choice's button
        badges = [shown.value for _, shown, _ in cell._rows[:choices]]
        assert all("coach-badge" in value for value in badges)
    else:  # each entry of the long list says it
        badges = [text for _, text in cell.choice_list.options]
        # each its chance, or, where the coach cannot tell them apart, each says so
        assert all("to win" in text for text in badges) or \
            all(TOGETHER in text for text in badges)
    together = all(TOGETHER in words(value) for value in badges)
    assert together or sum("best" in words(value) for value in badges) >= 1
    line = words(cell.hint_view.value)
    assert ("Best:" in line or "cannot tell these choices apart" in line) and \
        "chance of winning" in line
    assert not IDENTIFIER.search(line) and not any(IDENTIFIER.search(words(v)) for v in badges)
    assert cell.hint_button.disabled  # one hint a step
    stepper.take(game.legal_actions()[0], stepper.session.stamp)
    cell = stepper.live_cells()[0]
    assert cell.hint_view.value == ""  # the next step has no hint until asked


def test_a_hint_of_an_earlier_step_is_refused():
    stepper = Stepper("adventurers", players=2, seed=3)
    cell = live_cell(stepper)
    old = cell.hint_button.stamp
    stepper.take(stepper.session.game.legal_actions()[0], stepper.session.stamp)
    cell = stepper.live_cells()[0]
    while cell.hint_button.disabled:  # on to a later step where Hint is offered again
        game = stepper.session.game
        if game.is_chance or stepper.session.seats[game.current_player] != "human":
            stepper.play_game()
        else:
            stepper.take(game.legal_actions()[0], stepper.session.stamp)
        cell = stepper.live_cells()[0]
    assert cell.hint_button.stamp != old
    steps = stepper.session.game.steps
    cell.hint_button.press(old)
    assert STALE in cell.message.value or STALE in stepper.message.value
    assert cell.hint_view.value == "" and stepper.session.game.steps == steps


def test_no_hint_where_no_person_decides():
    stepper = Stepper("rifts", players=2, seed=7)
    cell = live_cell(stepper)
    for _ in range(200):
        if stepper.view.kind == "chance":
            break
        stepper.take(make_bot(stepper.session.game, "heuristic", 1).choose(
            stepper.session.game), stepper.session.stamp)
        cell = stepper.live_cells()[0]
    assert stepper.view.kind == "chance"
    assert cell.hint_button.disabled and cell.hint_button.layout.display == "none"


def test_the_review_at_game_over():
    stepper = Stepper("adventurers", players=2, seed=3)
    live_cell(stepper)
    chooser = make_bot(stepper.session.game, "heuristic", 5)
    for _ in range(500):
        game = stepper.session.game
        if game.is_over:
            break
        if game.is_chance or stepper.session.seats[game.current_player] != "human":
            stepper.play_game()
        else:
            stepper.take(chooser.choose(game), stepper.session.stamp)
    game = stepper.session.game
    assert game.is_over
    steps = game.steps
    review = stepper.over_buttons.children[2]
    assert review.description == "Review my game" and review.layout.display is None
    review.click()
    panel = stepper.review_panel
    summary = words(panel.summary.value)
    assert "Review of Player 1" in summary and not IDENTIFIER.search(summary)
    chart = panel.chart_box.children[0]
    assert isinstance(chart, alt.JupyterChart)
    assert stepper.cell(FOLLOW).above.children == (panel,)  # above the final bar
    rows = panel.list_box.children
    assert rows
    opens = [child.children[1] for child in rows if hasattr(child, "children")
             and len(child.children) == 2]
    if opens:
        opens[0].click()
        assert "as Player 1 saw it" in panel.then.value and "table-view" in panel.then.value
    else:
        assert "No costly decision" in rows[0].value
    assert stepper.session.game.steps == steps and stepper.session.game.is_over
    stepper.rematch()
    assert panel.children == ()  # a new game: the review is gone


def test_no_review_offered_when_no_person_played():
    stepper = Stepper("adventurers", players=2, seed=3, seats=["heuristic", "heuristic"])
    live_cell(stepper)
    for _ in range(50):
        if stepper.session.game.is_over:
            break
        stepper.play_game()
    assert stepper.session.game.is_over
    assert stepper.over_buttons.children[2].layout.display == "none"


def test_a_lessons_recorded_game_has_its_review():
    from explorer.ui.teaching import Lesson

    lesson = Lesson("adventurers-seed5.json")
    steps = lesson.replay.finished.steps
    lesson.review_seat.value = 1
    next(c for c in lesson.children[-2].children if "lesson-review" in c._dom_classes).click()
    panel = lesson.review_panel
    assert "Review of Player 2" in words(panel.summary.value)
    assert isinstance(panel.chart_box.children[0], alt.JupyterChart)
    opens = [child.children[1] for child in panel.list_box.children
             if hasattr(child, "children") and len(child.children) == 2]
    if opens:
        opens[0].click()
        assert "as Player 2 saw it" in panel.then.value
        assert lesson.position.value > 1  # the lesson went to that step
    assert lesson.replay.finished.steps == steps


def test_a_screened_choice_says_it_was_judged_at_a_glance():
    """A choice that met no world (Riftforce's hundreds of complete actions: the coach plays
    on eight) says so beside it, and the hint's line says what "at a glance" means."""
    from explorer.coach import Advice
    from explorer.engine import Action
    from explorer.ui.coaching import badge_html, badge_text, hint_line

    play, check = Action("play", text="Play Fire 5 at Location 1"), Action("check", text="Check")
    best = Advice(play, (play,), "Play Fire 5 at Location 1", 0.6, (0.5, 0.7), 0.0, (0.0, 0.0),
                  "best", None, 8)
    glance = Advice(check, (check,), "Check", 0.52, (0.0, 1.0), 0.08, (-1.0, 1.0),
                    "not examined", None, 0, screened=True)
    assert "at a glance" not in badge_text(best) + words(badge_html(best))
    assert badge_text(glance) == " — 52% to win at a glance, not examined"
    assert "52% to win (at a glance)" in words(badge_html(glance))
    assert "at a glance" in words(hint_line([best, glance]))
    assert "at a glance" not in words(hint_line([best]))


def test_each_label_says_its_reason_and_an_undecided_hint_says_so():
    """Beside each label its reason: how far below the best and how sure, or too few
    imagined games to tell (issue 45: "27%, 3 points below the best, sure" against "24%, too
    few worlds to tell"); where no choice is clearly better the hint says so in words
    instead of naming a best."""
    from explorer.coach import Advice, undecided
    from explorer.engine import Action
    from explorer.ui.coaching import badge_html, badge_text, hint_line

    a, b, c = (Action(n, text=t) for n, t in (("a", "Secret Passage"), ("b", "Biplane"),
                                               ("c", "Pass")))
    best = Advice(a, (a,), "Secret Passage", 0.30, (0.25, 0.35), 0.0, (0.0, 0.0), "best",
                  None, 24)
    sure = Advice(b, (b,), "Biplane", 0.27, (0.22, 0.32), 0.03, (0.021, 0.039), "inaccuracy",
                  None, 24)
    close = Advice(c, (c,), "Pass", 0.24, (0.10, 0.40), 0.06, (-0.02, 0.14),
                   "too close to call", None, 6)
    assert badge_text(sure) == " — 27% to win, inaccuracy (3 points below the best, sure)"
    assert badge_text(close) == (" — 24% to win, too close to call (6 points below the best, "
                                 "but too few imagined games to tell)")
    line = words(hint_line([best, sure, close]))
    assert "Best: Secret Passage (30% to win)" in line
    assert "As good as far as the imagined games tell: Pass." in line  # not told apart
    assert "Biplane" not in line  # clearly worse: not named beside the best
    line = words(hint_line([best, close]))
    assert "cannot tell these choices apart" in line and "Best:" not in line
    # then no choice is called best, and no column of near-equal chances is shown
    assert undecided([best, close]) and not undecided([best, sure, close])
    for item in (best, close):
        shown = words(badge_html(item, together=True)) + badge_text(item, together=True)
        assert "best" not in shown.replace("the best", "") and "%" not in shown
        assert "too close to call" in shown


def test_a_usual_play_named_best_says_why():
    """Where the imagined games cannot tell the best they found from the usual play, the
    usual play is named best; its reason and the hint say so, so that a higher chance beside
    a "too close to call" choice does not contradict the label."""
    from explorer.coach import Advice
    from explorer.engine import Action
    from explorer.ui.coaching import hint_line, reason

    a, b, c = (Action(n, text=t) for n, t in (("a", "Fight"), ("b", "Run"), ("c", "Wait")))
    usual = Advice(a, (a,), "Fight", 0.45, (0.30, 0.60), 0.0, (0.0, 0.0), "best", None, 24,
                   usual=True)
    above = Advice(b, (b,), "Run", 0.50, (0.35, 0.65), -0.05, (-0.12, 0.02),
                   "too close to call", None, 24)
    worse = Advice(c, (c,), "Wait", 0.20, (0.08, 0.35), 0.25, (0.12, 0.38), "blunder", None,
                   24)
    assert reason(usual) == "the usual play, and none found clearly better"
    line = words(hint_line([usual, above, worse]))
    assert "Best: Fight (45% to win; the usual play, and none is clearly better)." in line
    assert "As good as far as the imagined games tell: Run." in line
    assert reason(above) == "as good as the best, as far as the imagined games tell"
    alone = Advice(a, (a,), "Fight", 0.45, (0.30, 0.60), 0.0, (0.0, 0.0), "best", None, 24,
                   usual=True)
    assert "usual" not in words(hint_line([alone, worse]))  # clearly the best: no more said


# ---- issue 46 item 5: a review's work is bounded, kept, and takes its turn -----------------

def _long_game():
    """A finished 1,799-step Rifts game of two random bots (victory at 15 tokens): 234
    decisions of seat 1, more than a review looks at (tests/browser/test_review_bounded.py
    loads a 12,680-step one, like the 12,610-step save a prober loaded into a page)."""
    from explorer.engine import new_game

    game = new_game("rifts", seed=3, players=2, variant={"victory_adventure_tokens": 15})
    bots = [make_bot(game, "random", 200 + seat) for seat in range(2)]
    while not game.is_over:
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
    return game


def _fake_review(calls: list):
    """In place of explorer.coach.review: a row for each step asked for, each the best."""
    import polars as pl

    from explorer.coach import REVIEW_SCHEMA

    def review(game, seat, *, worlds, on_row=None, steps=None, **_):
        calls.append((game.steps, seat, list(steps)))
        rows = [{"step": s, "turn": 1, "phase": "p", "chosen": "a", "best": "a",
                 "win_chosen": 0.5, "win_best": 0.5, "loss": 0.0, "loss_low": 0.0,
                 "loss_high": 0.0, "label": "best", "choices": 2} for s in steps]
        for done in range(len(rows)):
            on_row(done + 1, len(rows))
        schema = {name: getattr(pl, kind) for name, kind in REVIEW_SCHEMA.items()}
        return pl.DataFrame(rows, schema=schema, orient="row")

    return review


def test_a_long_games_review_looks_at_a_sample_and_is_kept_across_undo_and_redo(
        monkeypatch, tmp_path):
    import explorer.coach
    import explorer.slots
    from explorer.coach import decisions
    from explorer.ui.coaching import PAGE_REVIEW_DECISIONS, REVIEW_MOST, ReviewPanel

    monkeypatch.setattr(explorer.slots, "FOLDER", tmp_path)
    calls: list = []
    monkeypatch.setattr(explorer.coach, "review", _fake_review(calls))
    game = _long_game()
    every = decisions(game, 1)
    assert game.steps == 1_799 and len(every) == 234
    panel = ReviewPanel()
    panel.run(game, 1)
    [(_, seat, steps)] = calls
    assert seat == 1 and len(steps) == REVIEW_MOST and steps[0] == every[0]
    assert steps[-1] == every[-1] and panel.reviewed == REVIEW_MOST
    text = words(panel.summary.value)
    assert f"looked at {REVIEW_MOST} of your {len(every):,} decisions" in text
    assert not IDENTIFIER.search(text)
    panel.clear()  # play went back (an Undo), then came back (a Redo): nothing paid again
    panel.run(game, 1)
    assert len(calls) == 1 and f"looked at {REVIEW_MOST}" in words(panel.summary.value)
    panel.run(game, 0)  # the other seat's is another review
    panel.run(_long_game(), 1)  # the same moves: the same review
    assert len(calls) == 2
    for _ in range(PAGE_REVIEW_DECISIONS // REVIEW_MOST - 2):  # other games: the page's rest
        game.undo()
        panel.run(game, 0)
    assert len(calls) == PAGE_REVIEW_DECISIONS // REVIEW_MOST
    assert panel.reviewed == PAGE_REVIEW_DECISIONS
    for _ in range(PAGE_REVIEW_DECISIONS // REVIEW_MOST - 2):
        game.redo()
    panel.run(game, 1)  # kept
    import pytest

    from explorer.coach import CoachError

    game.undo()
    with pytest.raises(CoachError, match="Reload the page to review another game"):
        panel.run(game, 1)
    assert len(calls) == PAGE_REVIEW_DECISIONS // REVIEW_MOST


def test_a_review_waits_its_turn_and_is_given_up_when_the_machine_stays_busy(
        monkeypatch, tmp_path):
    import subprocess
    import sys

    import pytest

    import explorer.coach
    import explorer.slots
    from explorer.coach import CoachError
    from explorer.ui.coaching import ReviewPanel

    monkeypatch.setattr(explorer.slots, "FOLDER", tmp_path)
    monkeypatch.setattr(explorer.slots, "SLOTS", 1)
    monkeypatch.setattr(explorer.slots, "WAIT_SECONDS", 1.0)
    calls: list = []
    monkeypatch.setattr(explorer.coach, "review", _fake_review(calls))
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time\nfrom pathlib import Path\nfrom explorer.slots import turn\n"
        "with turn(Path(sys.argv[1]), 1):\n    print('held', flush=True)\n"
        "    time.sleep(60)\n"), str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        panel = ReviewPanel()
        said = []
        panel.summary.observe(lambda change: said.append(words(change["new"])), "value")
        game = _long_game()
        with pytest.raises(CoachError, match="busy with other people's reviews"):
            panel.run(game, 1)
        assert calls == [] and panel.reviewed == 0
        assert any("1 piece of work comes before your review" in s for s in said)
    finally:
        holder.kill()
        holder.wait()
    panel.run(game, 1)  # the machine is free again
    assert len(calls) == 1
