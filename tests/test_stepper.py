"""The step-through model (PlaySession), its widgets (Stepper) and the teaching widgets."""

from __future__ import annotations

import html

import pytest

import explorer
import explorer.games.rifts
from explorer.engine.playthrough import replay
from explorer.errors import IllegalAction, SavedGameError, UnknownNameError
from explorer.odds import rifts as rifts_odds
from explorer.ui.session import CELLS, PlaySession, cell_of
from explorer.ui.stepper import FOLLOW, Stepper, odds_html
from explorer.ui.teaching import LESSONS, Lesson, example, odds_card, ruling_html, rulings


@pytest.mark.parametrize(("game", "phase", "cell"), [
    ("rifts", "travel.survival", "travel"),
    ("rifts", "travel.encounter.combat.escape", "combat"),
    ("rifts", "mission.combat.morale", "combat"),
    ("rifts", "scenario.combat.start", "combat"),
    ("rifts", "decision", "decision"),
    ("adventurers", "encounter.escape", "encounter"),
    ("adventurers", "research.after", "research"),
    ("gamma_world", "action.attack.battle", "battle"),
    ("gamma_world", "action.recruit", "action"),
])
def test_each_phase_has_its_cell(game: str, phase: str, cell: str) -> None:
    assert cell_of(game, phase) == cell and cell in CELLS[game]


def _past_setup(session: PlaySession) -> None:
    """Play on to the person's first Decision Act, the person taking the first choice at each
    of its setup decisions (which deck an Aid card comes from)."""
    for _ in range(50):
        session.play_to_end_of_turn()
        session.advance()
        if session.view().cell == "decision":
            return
        if session.waiting_for_person():
            session.act(0)
    raise AssertionError("no Decision Act")


def test_a_session_waits_for_the_person_and_lets_bots_play() -> None:
    session = PlaySession.start("rifts", players=2, seed=7)
    assert session.view().kind == "chance" and session.persons_turn()
    assert session.advance() == 0  # a roll of setup: the person rolls it
    session.play_to_end_of_turn()
    # it stops at the person's own setup decision: which deck an Aid card comes from (Rifts'
    # setup, explorer.games.rifts.turn.new_characters: 2 cards for each Character from
    # Equipment, Psionic or Magic, its player's choice); before, a heuristic bot chose it
    view = session.view()
    assert view.kind == "decision" and view.player == 0 and view.cell == "setup"
    assert "Aid card 1" in view.prompt
    _past_setup(session)
    view = session.view()
    assert view.kind == "decision" and view.player == 0 and view.cell == "decision"


@pytest.mark.parametrize("bad", [-1, 99, True, "0", 1.0, None])
def test_a_bad_choice_is_refused_and_changes_nothing(bad: object) -> None:
    session = PlaySession.start("rifts", players=2, seed=7)
    _past_setup(session)
    before = session.game.snapshot()
    with pytest.raises(IllegalAction):
        session.act(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no roll or draw is pending"):
        session.roll()
    assert session.game.snapshot() == before


def test_what_if_forces_an_outcome_and_undo_takes_it_back() -> None:
    session = PlaySession.start("rifts", players=2, seed=7)
    before = session.game.snapshot()
    session.force(session.view().choices.index("Mind Melter"))
    assert session.game.state.parties[0].members[0].name == "Mind Melter"
    session.undo()
    assert session.game.snapshot() == before
    with pytest.raises(IllegalAction):
        session.force(500)


def test_seats_are_checked() -> None:
    session = PlaySession.start("gamma_world", players=3, seed=1)
    with pytest.raises(IllegalAction, match="seats must be 3 of human"):
        session.set_seats(["human", "robot", "random"])
    with pytest.raises(IllegalAction):
        session.set_seats(["human"])
    session.set_seats(["random", "random", "human"])
    assert set(session.bots) == {0, 1}


def test_save_and_load_and_a_bad_save_changes_nothing() -> None:
    session = PlaySession.start("adventurers", players=2, seed=4)
    session.play_to_end_of_turn()
    text = session.save()
    other = PlaySession.start("adventurers", players=2, seed=9)
    other.load(text.encode())
    assert other.game.snapshot() == session.game.snapshot()
    before = other.game.snapshot()
    for bad in (b"\xff\xfe", b"{}", b"x" * (6 * 2**20)):
        with pytest.raises(SavedGameError):
            other.load(bad)
        assert other.game.snapshot() == before


def test_the_log_of_a_cell() -> None:
    session = PlaySession.start("rifts", players=2, seed=7)
    _past_setup(session)
    entries = session.log_of("setup", last=5)
    assert len(entries) == 5 and all(e.phase.startswith("setup") for e in entries)


# ---- the widgets ---------------------------------------------------------------------------

def _live(stepper: Stepper) -> list[str]:
    return [name for name, cell in stepper._cells.items() if "step-live" in cell._dom_classes]


def _click_first(stepper: Stepper) -> None:
    """Click the live cell's Roll, else its first choice, else Take on its list."""
    view = stepper.session.view()
    live = stepper._cells[view.cell]
    if view.kind == "chance":
        next(w for w in _walk(live) if "step-roll" in w._dom_classes).click()
    else:
        buttons = [w for w in _walk(live) if "step-choice" in w._dom_classes]
        menus = [w for w in _walk(live) if "step-choices" in w._dom_classes]
        if buttons or menus:  # a long list: Take its first entry
            (buttons[0] if buttons else menus[0]).click()
            return
        # a pick of several cards in place of the choices: the first cards it asks for
        from explorer.ui.controls import key_of

        pick = stepper.session.pick()
        live.picks.click([key_of(a) for a in pick.options[:pick.count]])


@pytest.mark.parametrize("game", ["rifts", "adventurers", "gamma_world"])
def test_the_stepper_steps_each_game_by_its_buttons(game: str) -> None:
    stepper = Stepper(game, players=2, seed=3)
    for name in CELLS[game]:
        stepper.cell(name)
    stepper.buttons["turn"].click()
    for _ in range(30):
        view = stepper.session.view()
        if view.kind == "over":
            break
        assert _live(stepper) == [view.cell]
        _click_first(stepper)
    assert stepper.message.value == ""
    assert f"Step {stepper.session.game.steps} " in stepper.status.value


def test_a_step_reuses_the_cells_widgets() -> None:
    """A click updates the widgets that are there (a few small messages to the browser); it
    makes no new ones once each cell has drawn each kind of step, so a long game neither
    grows the kernel nor the page. Before, every step made ~20 widgets and left the old ones."""
    from ipywidgets.widgets.widget import _instances

    stepper = Stepper("rifts", players=2, seed=3, seats=["human", "human"])
    for name in CELLS["rifts"]:
        stepper.cell(name)

    for _ in range(150):  # every cell meets decisions and rolls, lists and buttons
        _click_first(stepper)
    assert stepper.message.value == ""
    made = len(_instances)
    for _ in range(60):
        _click_first(stepper)
    assert stepper.message.value == ""
    # a cell may still meet its first longer list of choices: a few buttons at most
    assert len(_instances) - made <= 8, len(_instances) - made


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_unknown_cells_are_refused() -> None:
    stepper = Stepper("gamma_world", players=2, seed=1)
    with pytest.raises(IllegalAction, match="no phase cell 'combat'"):
        stepper.cell("combat")


def test_the_odds_before_a_roll_are_the_engines() -> None:
    scenario = {"parties": [{"members": [{"name": "Wilderness Scout"}, {"name": "Vagabond"}],
                             "location": "Farms"}, {"members": [{"name": "Mystic"}],
                                                    "location": "Chi-Town"}], "at": "Travel"}
    stepper = Stepper("rifts", players=2, seed=1, seats=["human", "human"], scenario=scenario,
                      compact=True)
    shown = stepper.cell(FOLLOW)
    text = " ".join(w.value for w in _walk(shown) if hasattr(w, "value")
                    and isinstance(w.value, str))
    expected = rifts_odds.roll("survival", ["Wilderness Scout", "Vagabond"], "Farms")
    assert f'data-exact="{expected.p}"' in text and expected.breakdown[1] in text
    assert odds_html(expected) in text


def test_a_bad_upload_shows_a_message_and_keeps_the_game() -> None:
    stepper = Stepper("rifts", players=2, seed=7)
    before = stepper.session.game.snapshot()
    stepper.upload.upload("x.json", "{x}")
    assert "explorer-message-error" in stepper.message.value
    assert "must be JSON text" in stepper.message.value
    assert stepper.session.game.snapshot() == before
    stepper.upload._message(None, {"event": "too big", "name": "big.json", "size": 9}, [])
    assert "big.json is too large for a saved game" in stepper.message.value
    stepper.upload._message(None, {"event": "file", "name": "x.json", "text": "x" * (6 * 2**20)},
                            [])
    assert "too large" in stepper.message.value
    assert stepper.session.game.snapshot() == before


def test_a_saved_game_of_another_game_is_refused_by_name() -> None:
    other = explorer.new_game("adventurers", players=2, seed=4)
    stepper = Stepper("rifts", players=2, seed=7)
    before = stepper.session.game.snapshot()
    stepper.upload.upload("adv.json", other.to_json())
    assert ("this is a saved game of Adventurers; this page plays Rifts Adventures: open the "
            "Adventurers page to load it") in stepper.message.value
    assert stepper.session.game.snapshot() == before


def test_save_is_one_click_and_loads_back() -> None:
    stepper = Stepper("rifts", players=2, seed=7)
    stepper.roll()
    stepper.save_button.click()
    name, text = stepper.save_button.last
    assert name == "rifts-seed7-step1.json"
    assert explorer.load_game(text).snapshot() == stepper.session.game.snapshot()
    again = Stepper("rifts", players=2, seed=3)
    again.upload.upload(name, text)
    assert "Game loaded from rifts-seed7-step1.json" in again.message.value
    assert again.session.game.snapshot() == stepper.session.game.snapshot()


def test_a_new_game_starts_with_the_chosen_options_and_a_rematch_follows_it() -> None:
    stepper = Stepper("gamma_world", players=2, seed=7)
    stepper.buttons["new"].click()
    assert stepper.new_game_form.layout.display == "flex"
    stepper.new_players.value = 3
    assert len(stepper.new_seats.children) == 3
    stepper.new_seed.value = 1234
    stepper.new_seats.children[2].value = "random"
    stepper.start_new_game()
    game = stepper.session.game
    assert (game.players, game.seed, stepper.session.seats) == (
        3, 1234, ["human", "heuristic", "random"])
    # the same game as explorer.new_game with that seed: Player 1, a person, acts first
    assert game.steps == 0
    assert game.snapshot() == explorer.new_game("gamma_world", 3, 1234).snapshot()
    stepper.session.play_to_end_of_game()  # stops at the person's first decision
    assert stepper.session.waiting_for_person() and stepper.session.game.steps == 0
    stepper.session.set_seats(["heuristic", "heuristic", "random"])
    stepper.session.play_to_end_of_game()  # every seat a bot: to the end
    stepper.refresh()
    assert "Game over" in stepper.over_text.value and "turns" in stepper.over_text.value
    stepper.session.set_seats(["human", "heuristic", "random"])
    stepper.rematch()
    assert stepper.session.game.seed == 1235 and not stepper.session.game.is_over


def test_bad_new_game_options_are_refused_and_change_nothing() -> None:
    stepper = Stepper("rifts", players=2, seed=7)
    before = stepper.session.game.snapshot()
    for players, seed, seats in ((9, 1, ["human"] * 9), (2, -1, ["human", "human"]),
                                 (2, 1, ["human", "robot"]), (True, 1, ["human"])):
        with pytest.raises(IllegalAction):
            stepper.session.new_game(players, seed, seats)
    assert stepper.session.game.snapshot() == before


def test_a_compact_example_starts_again() -> None:
    box = example("rifts", {"parties": [{"members": [{"name": "Cyber-Knight"}],
                                         "location": "Farms"}, {}], "at": "combat",
                            "foe": "Wolfen"}, "A Cyber-Knight meets Wolfen")
    assert box.stepper is None  # drawn on demand
    stepper = box.start()
    assert box.children[1] is stepper and box.start() is stepper
    stepper.roll()
    assert stepper.session.game.steps == 1
    stepper.restart()
    assert stepper.session.game.steps == 0


# ---- the teaching widgets ------------------------------------------------------------------

def test_rulings_show_the_seeds_words_and_the_decision() -> None:
    text = ruling_html("rifts-32")
    assert "Get +2 for each Character with the Stealth and Escape Abilities." in text
    assert "once" in text and "<b>rifts-32</b>" in text
    assert "gw-33" in rulings("rifts-32", "gw-33").value
    with pytest.raises(UnknownNameError, match="unknown ruling 'rifts-999'"):
        ruling_html("rifts-999")


def test_an_odds_card_shows_the_chance_and_the_table() -> None:
    card = odds_card(rifts_odds.roll("hit", [], None, tough=True), "A hit on a Tough Character")
    assert "A hit on a Tough Character" in card.value and "Incapacitated" in card.value


def test_a_lesson_replays_a_saved_game_with_notes() -> None:
    lesson = Lesson("rifts-seed93.json", commentary={5: "Look here"})
    saved = explorer.load_game((LESSONS / "rifts-seed93.json").read_text(encoding="utf-8"))
    assert lesson.position.max == saved.steps == 400
    # step 1 is the first draw of setup, in words: no phase id, no list of raw outcomes
    first = lesson.shown.value
    assert first.startswith('<div class="lesson-step"><b>Step 1 of 400 · Setup: Characters')
    assert "Draw from the Character deck: drew " in first and "[setup" not in first
    assert not lesson.next_note.disabled
    lesson._next_note()
    assert lesson.position.value == 5 and "Look here" in lesson.shown.value
    assert lesson.next_note.disabled
    with pytest.raises(ValueError, match="no more notes"):
        lesson._next_note()
    with pytest.raises(ValueError, match=r"notes at steps \[401\] are beyond its 400 steps"):
        Lesson("rifts-seed93.json", commentary={401: "too late"})


def test_a_lesson_step_shows_what_it_did_and_the_table_after_it() -> None:
    lesson = Lesson("rifts-seed93.json")
    saved = explorer.load_game((LESSONS / "rifts-seed93.json").read_text(encoding="utf-8"))
    # the same saved game taken back by hand to just after step 121
    replayed = explorer.load_game(saved.to_json())
    while replayed.steps > 121:
        replayed.undo()
    lesson.position.value = 121
    where, asked, lines, after = lesson.step_text(121)
    assert "Step 121 of 400" in where and "[" not in where
    assert asked.endswith(f"rolled {lesson.replay.taken(121)}") or "Chose:" in asked
    assert lines and all(html.escape(line) in lesson.shown.value for line in lines)
    # the lines are the log entries step 121 added, as the saved game wrote them
    before = explorer.load_game(saved.to_json())
    while before.steps > 120:
        before.undo()
    assert lines == [e.line(None) for e in replayed.log[len(before.log):]]
    assert after == explorer.games.rifts.position(replayed)
    assert f'data-step="{replayed.steps}"' in lesson.table.value
    # back to an earlier step: the table follows
    lesson.position.value = 3
    assert 'data-step="3"' in lesson.table.value


@pytest.mark.parametrize("saved", sorted(p.name for p in LESSONS.glob("*.json")))
def test_every_lesson_still_replays(saved: str) -> None:
    # a saved lesson game replays step for step (a rules change that breaks it fails here)
    text = (LESSONS / saved).read_text(encoding="utf-8")
    game = explorer.load_game(text)
    lines = list(replay(text))
    assert lines[-1].startswith((f"# stopped after {game.steps} steps",
                                 f"# over after {game.steps} steps"))
    assert sum(1 for line in lines if line.startswith("  -> ")) == game.steps


def test_a_choice_says_what_the_rules_make_of_it_beside_its_button() -> None:
    # The Recuperate Phase heals wounded Characters and repairs damaged Equipment (seed 000,
    # lines 294-303): with nobody wounded and nothing damaged, "Heal & Repair" does nothing,
    # and the page says so beside that choice, not beside the others.
    scenario = {"parties": [{"members": [{"name": "Wilderness Scout"}], "location": "Farms"},
                            {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
                "at": "turn"}
    stepper = Stepper("rifts", players=2, seed=1, seats=["human", "human"], scenario=scenario,
                      compact=True)
    cell = stepper.cell(FOLLOW)
    beside = {button.description: shown.value for button, shown, _ in cell._rows
              if button.description}
    heal = next(text for label, text in beside.items() if label.startswith("Heal & Repair"))
    assert "Nobody is wounded: the Recuperate Phase does nothing" in heal
    assert all("Nobody is wounded" not in text for label, text in beside.items()
               if not label.startswith("Heal & Repair"))


def test_a_choices_chance_says_what_succeeding_is() -> None:
    """"25% succeeds" said nothing: the chance beside a choice says what succeeds, from the
    odds' own title (the Survival roll of Travel, seed 000: a failed Survival roll draws a
    Hazard), and what failing does when the odds say so."""
    from fractions import Fraction

    from explorer.odds import Odds
    from explorer.ui.stepper import choice_odds_html

    odds = Odds(Fraction(7, 20), 0, (), (("success", Fraction(7, 20)),
                                         ("failure", Fraction(13, 20))),
                "Travel: the Survival roll (no Hazard on the way)")
    assert "35%</b> the Survival roll succeeds: no Hazard on the way" in choice_odds_html(odds)
    told = Odds(odds.p, 0, (), odds.outcomes, odds.title, extra={"if_not": "a Hazard card"})
    assert "no Hazard on the way; else a Hazard card" in choice_odds_html(told)
