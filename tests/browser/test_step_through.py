"""The step-through pages clicked in the real page, mirrored on the engine.

The pages are notebooks/<game>_play.ipynb served by Voila. Every click is repeated on a
PlaySession in this test process (same game, seed and seats), so after each click the page
must show exactly the engine's state: the same step number, the same newest log line, the
table drawn from ``position(game, seat)``, the result of the last step, before each roll the
same exact odds as explorer.odds and at each decision the odds of explorer.odds.choices.
"""

from __future__ import annotations

import importlib
import re

import pytest
from playwright.sync_api import Page, expect

import explorer
from explorer import odds
from explorer.ui.session import PlaySession, chance_verb

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

LIVE = ".step-live"


def expect_step(page: Page, session: PlaySession) -> None:
    """The page shows the session's step number, its newest log line as the viewer reads it,
    and the table at this step."""
    expect(page.locator(".stepper-status")).to_contain_text(f"Step {session.game.steps} ",
                                                            timeout=120_000)
    lines = session.lines(session.game.log)
    if lines:
        expect(page.locator(".stepper-log .stepper-log-box li").last).to_have_text(
            lines[-1])  # the log runs oldest first
    expect(page.locator(f"{LIVE} .table-view")).to_have_attribute(
        "data-step", str(session.game.steps))
    # The step is drawn before the kernel turns the controls on again: a click while they are
    # off is not taken (on a loaded machine the gap is long enough to lose the next click).
    expect(page.locator(".stepper-working")).to_have_count(0, timeout=120_000)
    expect(page.locator(f"{LIVE}.step-working")).to_have_count(0, timeout=120_000)


def odds_match(page: Page, session: PlaySession) -> None:
    """Before a roll the page shows explorer.odds' exact figures for the session's state."""
    expected = odds.at(session.game, session.viewer)  # what the person may know
    assert expected is not None
    if chance_verb(session.game.pending) != "Roll":
        expect(page.locator(f"{LIVE} .step-draw")).to_contain_text(
            str(expected.outcomes[0][1]))
        return
    shown = page.locator(f"{LIVE} .step-odds")
    if expected.p is not None:
        expect(page.locator(f"{LIVE} .step-p")).to_have_attribute("data-exact", str(expected.p))
    for line in expected.breakdown:
        expect(shown).to_contain_text(line)
    if "ADVENTURE DIE" in session.game.pending.label:  # a table of what each face does
        expect(page.locator(f"{LIVE} .advice-die-face")).to_have_count(len(expected.outcomes))
        expect(page.locator(f"{LIVE} .step-chart")).to_have_count(0)
    elif 1 < len(expected.outcomes) <= 24:
        expect(page.locator(f"{LIVE} .step-chart svg .mark-rect path")).to_have_count(
            len(expected.outcomes))


def play_on_to_the_decision_act(page: Page, session: PlaySession) -> None:
    """Setup and the other player's first turn, played on with "Play on to the next turn";
    it stops at each of the person's own setup decisions (which deck an Aid card comes
    from), where the person clicks the first choice."""
    for _ in range(30):
        page.locator(".stepper-turn").click()
        session.play_to_end_of_turn()
        session.advance()
        expect_step(page, session)
        if session.view().cell == "decision":
            return
        if session.waiting_for_person():
            page.locator(f"{LIVE} .step-choice").first.click()
            session.act(0)
            session.advance()
            expect_step(page, session)
    raise AssertionError("the person's Decision Act never came")


def click_choice(page: Page, session: PlaySession, text: str) -> None:
    view = session.view()
    index = next(i for i, c in enumerate(view.choices) if text in c)
    page.locator(f"{LIVE} .step-choice", has_text=text).first.click()
    session.act(index)
    session.advance()
    expect_step(page, session)


def roll(page: Page, session: PlaySession) -> None:
    odds_match(page, session)
    page.locator(f"{LIVE} .step-roll").click()
    session.roll()
    session.advance()
    expect_step(page, session)


def test_a_whole_rifts_turn_by_clicking(page: Page, base_url: str) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base_url}/voila/render/rifts_play.ipynb", wait_until="commit")
    session = PlaySession.start("rifts", players=2, seed=7)
    session.advance()
    expect_step(page, session)

    # Setup and the other player's first turn, played out by the bots (the person's own
    # setup choices clicked by the person).
    play_on_to_the_decision_act(page, session)
    assert session.view().cell == "decision" and session.view().player == 0

    # The Decision Act: look for an adventure.
    click_choice(page, session, "Look for nearby Adventure")
    assert session.view().prompt.startswith("Mission")

    # What if the Mission roll's total is 5 (Meet Foes, seed 000 line 420)? Force the first
    # natural the "what if" list says does that, then undo.
    odds_match(page, session)
    before = session.game.steps
    five = next(i for i, e in enumerate(session.view().effects) if e.endswith("Meet Foes"))
    what_if = session.view().effects[five]
    page.locator(f"{LIVE} .step-whatif select").select_option(label=what_if)
    page.locator(f"{LIVE} .step-force").click()
    session.force(five)
    session.advance()
    expect_step(page, session)
    page.locator(".stepper-undo").click()
    session.undo()
    expect_step(page, session)
    assert session.game.steps == before
    page.locator(f"{LIVE} .step-whatif select").select_option(label=what_if)
    page.locator(f"{LIVE} .step-force").click()
    session.force(five)
    session.advance()
    expect_step(page, session)
    # the roll's result stays on the page: "Mission roll 5: Meet Foes"
    expect(page.locator(f"{LIVE} .step-result")).to_contain_text("Meet Foes")

    # The Foe is drawn, then a whole combat round: Escape, attacks, actions, Morale.
    rounds_seen = 0
    for _ in range(200):
        view = session.view()
        if view.kind == "over" or (session.game.state.combat is None and rounds_seen):
            break
        if view.kind == "chance":
            roll(page, session)
        elif view.choices[0] == "Fight this round":
            if rounds_seen == 1:
                break  # a second round begins: one whole round is done
            rounds_seen += 1
            choices_match(page, session)
            click_choice(page, session, "Fight this round")
        else:
            click_choice(page, session, view.choices[0])
    assert rounds_seen == 1
    assert re.search(r"Morale roll|run away|destroyed", " ".join(
        str(e) for e in session.game.log[-40:]))
    assert not errors, errors
    assert not page.locator(".explorer-message-error").count()


def choices_match(page: Page, session: PlaySession) -> None:
    """At a person's decision the odds beside each button are explorer.odds.choices'."""
    for index, (_, each) in enumerate(session.choices()):
        row = page.locator(f"{LIVE} .step-choice").nth(index).locator("xpath=..")
        if each is None or each.p is None:
            continue
        if len(each.outcomes) > 2:
            expect(row).to_contain_text(f"{float(each.outcomes[0][1]):.0%}")
        else:
            expect(row.locator(".step-choice-p")).to_have_attribute("data-exact", str(each.p))


def table_matches(page: Page, session: PlaySession) -> None:
    """The table view shows what ``position(game, viewer)`` holds: each Rifts Character's
    wounds, each Gamma World follower's damage, each Adventurers chain's top card."""
    game = session.game
    position = importlib.import_module(f"explorer.games.{game.game_id}").position(
        game, session.viewer)
    table = page.locator(f"{LIVE} .table-view")
    expect(table).to_have_attribute("data-step", str(game.steps))
    for seat in position["seats"]:
        area = table.locator(f'.table-seat[data-seat="{seat["seat"]}"]')
        for member in seat.get("characters", []):
            expect(area.locator(f'.table-character[data-name="{member["name"]}"]')
                   ).to_have_attribute("data-wounds", str(member["wounds"]))
        for follower in seat.get("followers", []):
            expect(area.locator(f'.table-follower[data-number="{follower["number"]}"]')
                   ).to_have_attribute("data-damage", str(follower["damage"]))
        if "chain" in seat:
            top = seat["top"]["name"] if seat["top"] else ""
            expect(area.locator(".table-chain")).to_have_attribute("data-top", top)


@pytest.mark.parametrize("game", ["rifts", "adventurers", "gamma_world"])
def test_the_table_view_shows_the_position_and_follows_each_step(
        page: Page, base_url: str, game: str) -> None:
    page.goto(f"{base_url}/voila/render/{game}_play.ipynb", wait_until="commit")
    session = PlaySession.start(game, players=2, seed=7)
    session.advance()
    expect_step(page, session)
    table_matches(page, session)
    page.locator(".stepper-turn").click()  # the bots play a turn: the table follows
    session.play_to_end_of_turn()
    session.advance()
    expect_step(page, session)
    table_matches(page, session)
    for _ in range(6):  # and a few clicks of the person's own
        view = session.view()
        if view.kind == "over":
            break
        if view.kind == "chance":
            roll(page, session)
            expect(page.locator(f"{LIVE} .step-result")).to_contain_text(
                session.lines(session.recent())[0])
        else:
            index = 0
            if len(view.choices) <= 8:
                page.locator(f"{LIVE} .step-choice").first.click()
            else:
                page.locator(f"{LIVE} .step-take").click()
            session.act(index)
            session.advance()
            expect_step(page, session)
        table_matches(page, session)


def test_decision_odds_beside_the_buttons_are_explorer_odds_choices(
        page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/voila/render/rifts_play.ipynb", wait_until="commit")
    session = PlaySession.start("rifts", players=2, seed=7)
    session.advance()
    expect_step(page, session)
    play_on_to_the_decision_act(page, session)
    assert session.view().cell == "decision"
    choices_match(page, session)  # the Decision Act: each phase's roll, exact
    travel = dict((str(a), o) for a, o in session.choices())[
        "Travel to a new Location: go to the Travel Phase"]
    assert travel is not None and travel.p is not None


def test_new_game_with_a_chosen_seed_starts_that_game(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/voila/render/gamma_world_play.ipynb", wait_until="commit")
    expect(page.locator(".stepper-status")).to_contain_text("Step", timeout=120_000)
    page.locator(".stepper-new").click()
    page.locator(".stepper-new-players select").select_option("3")
    page.locator(".stepper-new-seed input").fill("4321")
    page.locator(".stepper-new-seed input").press("Enter")
    page.locator(".stepper-new-start").click()
    session = PlaySession.start("gamma_world", players=3, seed=4321)
    session.advance()
    expect(page.locator(".stepper-message")).to_contain_text("seed 4321")
    expect_step(page, session)
    table_matches(page, session)


def test_a_saved_game_of_another_game_is_refused(page: Page, base_url: str,
                                                 tmp_path) -> None:
    page.goto(f"{base_url}/voila/render/rifts_play.ipynb", wait_until="commit")
    expect(page.locator(".stepper-status")).to_contain_text("Step", timeout=120_000)
    saved = tmp_path / "adventurers-game.json"
    saved.write_text(explorer.new_game("adventurers", players=2, seed=1).to_json())
    page.locator(".stepper-load input[type=file]").set_input_files(str(saved))
    expect(page.locator(".explorer-message-error")).to_contain_text(
        "this is a saved game of Adventurers; this page plays Rifts Adventures")
    # and a game of its own loads, after one click on Save
    with page.expect_download() as download:
        page.locator(".stepper-save button").click()
    path = download.value.path()
    assert explorer.load_game(open(path, encoding="utf-8").read()).game_id == "rifts"
    page.locator(".stepper-load input[type=file]").set_input_files(str(path))
    expect(page.locator(".stepper-message")).to_contain_text("Game loaded from")
