"""The table view drawn from ``position(game, seat)``, and what the step-through shows around
it: the result of the last step, big events, the log in people's words, hidden hands."""

from __future__ import annotations

import html
import re

import explorer
from explorer.games.adventurers import position as adventurers_position
from explorer.games.gamma_world import position as gamma_world_position
from explorer.games.rifts import position as rifts_position
from explorer.ui.stepper import FOLLOW, Stepper
from explorer.ui.table import table_html
from tests.gamma_world import helpers as gw
from tests.rifts import helpers as rifts

OTHER = {"members": [{"name": "Mind Melter"}], "location": "Border Town",
         "hand": [{"deck": "Magic", "name": "Fly"}]}


def attributes(html: str, css: str, *names: str) -> list[tuple[str, ...]]:
    """The values of ``names`` on every element of class ``css``, in page order."""
    found = []
    for tag in re.findall(rf'<div class="[^"]*\b{css}\b[^"]*"([^>]*)>', html):
        found.append(tuple(re.search(rf'{n}="([^"]*)"', tag).group(1) for n in names))
    return found


def test_a_rifts_combat_shows_each_token_and_each_characters_wounds() -> None:
    # Dinosaurs, 4 Tokens of 12 (seed 000, line 610); the Vagabond has 1 wound
    game = rifts.scenario([{"members": [{"name": "Cyber-Knight"},
                                        {"name": "Vagabond", "wounds": 1}],
                            "location": "Farms"}, OTHER], at="combat", foe="Dinosaurs")
    position = rifts_position(game, 0)
    html = table_html(position)
    assert attributes(html, "table-character", "data-name", "data-wounds") == [
        ("Cyber-Knight", "0"), ("Vagabond", "1"), ("Mind Melter", "0")]
    assert re.findall(r'class="table-token" data-force="(\d+)"', html) == ["12"] * 4
    assert "Combat with Dinosaurs" in html and 'data-seat="0"' in html
    # Player 2's hand is a count for Player 1, and face up for Player 2 himself
    assert "Hand: 1 card(s), hidden" in html and 'data-card="Fly"' not in html
    assert 'data-card="Fly"' in table_html(rifts_position(game, 1))


def test_the_table_follows_a_forced_hit_on_a_token() -> None:
    game = rifts.scenario([{"members": [{"name": "Cyber-Knight"}], "location": "Farms"}, OTHER],
                          at="combat", foe="Dinosaurs")
    rifts.choose(game, "Fight this round")
    rifts.roll(game, 6, "Character Attack")  # the Cyber-Knight's 10 Force: 1 roll (line 473)
    rifts.pick(game, "Token 2 (12 Force)")
    rifts.roll(game, 7)  # Token 2 loses 7: 12 - 7 = 5 (line 475)
    html = table_html(rifts_position(game, 0))
    assert re.findall(r'class="table-token" data-force="(\d+)"', html) == ["12", "5", "12", "12"]


def test_a_gamma_world_battle_shows_the_threat_and_each_followers_damage() -> None:
    game = gw.scenario({"hand": ["Think Tank"], "followers": [
        {"kind": "Pure Strain Human", "damage": 1}, {"kind": "Pure Strain Human"}]},
        {"hand": ["Blight"]})
    gw.choose(game, "Attack Think Tank")
    gw.choose(game, "Play Blight")
    gw.roll(game, 7, "Starting Threat of Blight")
    html = table_html(gamma_world_position(game, 0))
    assert attributes(html, "table-follower", "data-number", "data-damage") == [
        ("1", "1"), ("2", "0")]
    assert 'data-threat="7"' in html and "Threat left: <b>7</b>" in html


def test_an_adventurers_chain_shows_its_top_card() -> None:
    game = explorer.new_game("adventurers", players=2, seed=5)
    from explorer.engine.bots import make_bot

    bots = {s: make_bot(game, "heuristic", s) for s in range(2)}
    while not any(s["chain"] for s in adventurers_position(game)["seats"]):
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
    position = adventurers_position(game, 0)
    tops = [s["top"]["name"] if s["top"] else "" for s in position["seats"]]
    assert [t for (t,) in attributes(table_html(position), "table-chain", "data-top")] == tops


def test_the_result_of_a_roll_stays_on_the_page_until_the_next_step() -> None:
    scenario = {"parties": [{"members": [{"name": "Vagabond"}], "location": "Farms"}, OTHER],
                "at": "Travel"}
    stepper = Stepper("rifts", players=2, seed=1, seats=["human", "human"], scenario=scenario,
                      compact=True)
    stepper.force(stepper.session.view().effects.index("20 (total 21): succeeds"))
    # Survival 20 + 1 (Survival, line 313) = 21: succeeds; then the Encounter roll waits
    assert "Survival roll: 20+1 = 21 (16+ needed): succeeds" in stepper.result.value
    assert stepper.result in stepper.cell(FOLLOW).body.children
    stepper.roll()
    assert "Survival roll" not in stepper.result.value and "Encounter" in stepper.result.value


def test_a_foe_defeated_is_announced() -> None:
    # Xiticix Swarm (D 10 5, line 586) cannot hurt a lone Vagabond; Morale 9+ (line 516) and
    # the Foes run: the AT for a Foe defeated is announced.
    game_scenario = {"parties": [{"members": [{"name": "Vagabond"}], "location": "Farms"},
                                 OTHER], "at": "combat", "foe": "Xiticix Swarm"}
    stepper = Stepper("rifts", players=2, seed=1, seats=["human", "human"],
                      scenario=game_scenario, compact=True)
    stepper.act(0)  # Fight this round
    stepper.force(stepper.session.view().effects.index("9: succeeds"))  # the Morale Check
    while stepper.session.game.state.combat is not None:
        stepper.roll()
    assert '<div class="step-event">Player 1: Gains 1 AT (defeated the Xiticix Swarm): now 1' \
        in stepper.result.value


def test_the_log_is_in_peoples_words_oldest_first_and_hides_other_hands() -> None:
    stepper = Stepper("rifts", players=2, seed=7)
    session = stepper.session
    for _ in range(100):  # on until Player 2 keeps an Aid card (the person's first choices)
        if any("Keeps a" in (e.line(None) or "") for e in session.game.log if e.player == 1):
            break
        session.play_to_end_of_turn()
        if session.waiting_for_person():
            session.act(0)
    stepper.refresh()
    stepper.log_all.value = True  # the whole game's log
    log = stepper.log_view.value
    assert "[setup" not in log and "setup.characters" not in log
    lines = re.findall(r"<li>(.*?)</li>", log)
    assert lines[0] == html.escape(stepper.session.lines(stepper.session.game.log)[0])
    assert lines[-1] == html.escape(stepper.session.lines(stepper.session.game.log)[-1])
    # Player 2's Aid cards kept in hand never show to Player 1 (a person): each line only
    # Player 2 may read is shown to Player 1 as its hidden text
    secret = [e for e in session.game.log if e.seen_by == 1]
    assert secret and any("Keeps a" in line for line in lines)
    for entry in secret:
        assert html.escape(entry.line(1)) not in log, entry.text
    stepper.every_hand.value = True  # teaching: every hand shown
    assert all(html.escape(e.line(1)) in stepper.log_view.value for e in secret)


def test_the_riftforce_track_says_how_it_ends_for_the_scores_as_they_stand() -> None:
    # ../shared/reference/riftforce.md, "End of game": 12 Riftforce ends the game when the round
    # is complete; on a tie each player takes one more action until one leads. A tie at 13-13
    # must not read "the game ends at 12" (issue 27).
    from explorer.ui.table import riftforce_end

    assert "reaching 12 ends the game" in riftforce_end([3, 7])
    assert riftforce_end([13, 13]) == "tied at 13: each player takes one more turn until one leads"
    assert "higher Riftforce wins" in riftforce_end([12, 9])
