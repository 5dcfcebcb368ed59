"""Issue 25, Lair of the Rat-King items 4, 5, 6, 10 and 12: each rule reached through the
public contract (scenarios, forced dice and draws), the expected values from the rulebook's
words (seed 002, the line cited in each test).
"""

from __future__ import annotations

import json
import re
import runpy
from functools import cache
from pathlib import Path

import pytest

import explorer
from explorer.errors import ExplorerError, IllegalAction, SavedGameError
from explorer.ui.faces import card_face
from explorer.ui.session import PlaySession
from explorer.ui.stepper import Stepper
from explorer.ui.table import table_html
from explorer.ui.teaching import LESSONS

from .helpers import (
    act,
    char,
    cp_of,
    discard,
    full,
    group,
    offers,
    position,
    roll,
    scenario,
    texts,
)


def _round(*groups, adventure="The Hidden Nest", hands=None, modifiers=(), options=None):
    return scenario(*groups, hands=hands, active=0, options=options,
                    adventure={"name": adventure, "played_by": 0, "encounters": [],
                               "modifiers": list(modifiers)})


@cache
def _teaching_page() -> dict:
    """The Rat-King teaching page's script run once: its scenarios and games."""
    return runpy.run_path(str(Path(__file__).resolve().parents[2] / "notebooks" /
                              "teach_rat_king.py"))


def test_item5_tisha_plays_rikki_beside_her_unflipped_me_priest_line_24() -> None:
    # line 24: "Tisha has the ME Priest CHARACTER (2 CP) on the table ... she places Rikki on
    # the table as her action. Her band is now worth 5 CHARACTER POINTS"
    game = scenario([char("ME Priest")], [char("ME Rogue")],
                    hands=[full(["Rikki Rogue"]), full([], skip=5)])
    assert position(game)["cp"][0] == 2 and cp_of(game, 0, 0) == 2
    act(game, "character")
    act(game, "play_character", "Rikki Rogue", 0)
    assert group(game, 0) == [("ME Priest", False), ("Rikki Rogue", False)]
    assert position(game)["cp"][0] == 5


def test_item5_the_hidden_nest_from_unflipped_cards_3_cp_10_cp_and_16_lines_65_68() -> None:
    # line 65: "Tisha: ME Priest (3CP,6CD) with Magibolt, Rikki Rogue with Bow & Arrows (5CP,
    # 4CD)"; line 66: "rolls a 2, gaining a +2 CP. She flips her spell. (10CP)"; line 68:
    # "Tisha: 3CP (ME) + 5CP (Rikki) +2 Spell + 6 (die roll) = 16"
    game = _round([char("ME Priest", "Magibolt"), char("Rikki Rogue", "Bow & Arrows")],
                  [char("ME Rogue", "Battle Axe")], [char("ME Wizard")])
    assert (cp_of(game, 0, 0), cp_of(game, 0, 1)) == (3, 5)
    bare = _round([char("ME Priest")], [char("ME Rogue")])
    assert cp_of(bare, 0, 0) == 2  # the "3CP" is the Priest's 2 and the Magibolt's +1
    act(game, "stuff_die")
    act(game, "use_stuff", 0, 0)
    roll(game, 2)
    assert group(game, 0)[0] == ("ME Priest", False, (("Magibolt", True),))
    assert position(game)["cp"][0] == 10
    assert cp_of(game, 0, 0) == 3 + 2  # the flipped spell still +1: "3CP (ME)" and "+2 Spell"
    for _ in range(3):
        act(game, "pass")
    roll(game, 6, 1, 2)  # line 67: "Tisha rolls 6, Eric rolls 1 while Tim rolls a 2"
    assert position(game)["last_adventure"]["totals"][0] == 16


def test_item5_the_teaching_pages_worked_examples_start_unflipped_and_come_out_right() -> None:
    # the page's live examples of lines 24, 47 and 64-69, started as the reader starts them
    page = _teaching_page()
    for name in ("TISHA", "BOW", "NEST"):
        for group_ in page[name]["groups"]:
            for entry in group_:
                assert not entry.get("flipped"), (name, entry)
                assert not any(isinstance(s, dict) and s.get("flipped")
                               for s in entry.get("stuff", [])), (name, entry)
    tisha = page["game_at"](page["TISHA"])
    page["take"](tisha, "Play a CHARACTER into a group", "Play Rikki Rogue into your group")
    assert position(tisha)["cp"][0] == 5  # line 24: "Her band is now worth 5"
    bow = page["game_at"](page["BOW"])
    page["take"](bow, "Play or replace a STUFF on a CHARACTER",
                 "Put Bow & Arrows on Rikki Rogue (Player 1)")
    assert cp_of(bow, 0, 1) == 5  # line 47: "Rikki is now worth 5 CP"
    nest = page["nest"]  # the page's own game, after the round actions of line 66
    assert position(nest)["cp"] == [10, 2 + 3 + 2, 8]  # line 66: "(10CP)", "(8CP)"
    roll(nest, 6, 1, 2)  # line 67
    assert position(nest)["last_adventure"]["totals"] == [16, 5, 8]  # line 68 (Eric: rk-5)


def test_item12_no_stuff_for_a_reinforcement_not_participating_nor_a_banned_stuff() -> None:
    # line 48: a STUFF goes on a REINFORCEMENT "only if you have brought in a CHARACTER that can
    # use the STUFF card during this adventure"; line 82: a character not participating "cannot
    # use any STUFF"; line 84: "No Melee Stuff used during this adventure" (The Low Tunnels)
    hand = [["Battle Axe", "Bow & Arrows"], []]
    game = _round([char("ME Priest"), char("Rikki Rogue", reinforcement=True)],
                  [char("ME Rogue")], adventure="The Low Tunnels", hands=hand)
    act(game, "reinforcement_stuff")
    assert offers(game) == [("play_stuff", ("Bow & Arrows", 0, 1, None))]  # no Melee Axe
    game = _round([char("ME Priest"), char("Rikki Rogue", reinforcement=True)],
                  [char("ME Rogue")], hands=hand,
                  modifiers=({"kind": "not_participating", "character": [0, 1],
                              "source": "Cave-In"},))
    assert ("reinforcement_stuff", ()) not in offers(game)  # Rikki is not participating
    game = _round([char("ME Priest"), char("Rikki Rogue", reinforcement=True)],
                  [char("ME Rogue")], hands=hand)
    act(game, "reinforcement_stuff")  # participating, nothing banned: both STUFF may go on
    assert offers(game) == [("play_stuff", ("Battle Axe", 0, 1, None)),
                            ("play_stuff", ("Bow & Arrows", 0, 1, None))]


def test_item10_the_unflip_action_is_paid_with_cards_in_play() -> None:
    # line 81: "If an action forces you to 'discard a card,' then you must place a card you
    # control into the discard pile from play"; line 22: "Discard up to 3 cards to unflip the
    # same number of your CHARACTER/STUFF cards in play"
    hand = full(["Familiar"])
    game = scenario([char("ME Priest", flipped=True), char("Rikki Rogue", "Bow & Arrows")],
                    [char("ME Rogue")], hands=[list(hand), full([], skip=5)])
    act(game, "unflip")
    assert texts(game) == ["Discard Rikki Rogue to unflip ME Priest",
                           "Discard Bow & Arrows on Rikki Rogue to unflip ME Priest"]
    act(game, "unflip_pair", "stuff", 0, 1, 0, "character", 0, 0)
    assert group(game, 0) == [("ME Priest", False), ("Rikki Rogue", False)]
    assert discard(game) == ["Bow & Arrows"] and position(game)["hands"][0] == hand
    # a hand full of cards pays for nothing: with no other card in play, no unflip
    game = scenario([char("ME Priest", flipped=True)], [char("ME Rogue")],
                    hands=[full(["Familiar"]), full([], skip=5)])
    assert "unflip" not in [name for name, _ in offers(game)]


def test_rk51_a_me_card_pays_for_no_unflip() -> None:
    # a ME card is never discarded (line 36, ruling rk-24), so it cannot pay: only Rikki can
    game = scenario([char("ME Priest", flipped=True), char("Rikki Rogue", flipped=True),
                     char("Jeff Squire")],
                    [char("ME Rogue")], hands=[full(["Familiar"]), full([], skip=5)])
    act(game, "unflip")
    assert texts(game) == ["Discard Rikki Rogue to unflip ME Priest",
                           "Discard Jeff Squire to unflip ME Priest",
                           "Discard Jeff Squire to unflip Rikki Rogue"]


def test_rk52_a_reinforcement_takes_no_stuff_the_adventure_bans() -> None:
    # The Flooded Cellars bans Ranged STUFF (line 84): the Bow is not offered, the Axe is
    game = _round([char("ME Priest"), char("Rikki Rogue", reinforcement=True)],
                  [char("ME Rogue")], adventure="The Flooded Cellars",
                  hands=[["Battle Axe", "Bow & Arrows"], []])
    act(game, "reinforcement_stuff")
    assert offers(game) == [("play_stuff", ("Battle Axe", 0, 1, None))]


def test_item4_flipped_stuff_may_roll_and_is_discarded() -> None:
    # line 29: "If an action flips a card in play that is already flipped, that card is
    # discarded instead! (Note that you still perform the action even if flipping the flipped
    # card is the cost of the action)"; line 66: Magibolt "rolls a 2, gaining a +2 CP"
    game = _round([char("ME Priest", ("Magibolt", True))], [char("ME Rogue")])
    before = cp_of(game, 0, 0)
    act(game, "stuff_die")
    act(game, "use_stuff", 0, 0)
    roll(game, 2)
    assert cp_of(game, 0, 0) == before + 2 - 1  # the flipped Magibolt's +1 CP left (rk-9)
    assert group(game, 0) == [("ME Priest", False)] and discard(game) == ["Magibolt"]


def test_item4_a_stuff_may_roll_again_later_in_the_same_adventure_round() -> None:
    # line 56 d: "Roll a STUFF DIE on a CHARACTER he or she controls", with no limit: the
    # Magibolt rolls, is flipped (line 66: "She flips her spell"), and may roll again
    game = _round([char("ME Priest", "Magibolt")], [char("ME Rogue")])
    before = cp_of(game, 0, 0)
    act(game, "stuff_die")
    act(game, "use_stuff", 0, 0)
    roll(game, 2)
    assert group(game, 0) == [("ME Priest", False, (("Magibolt", True),))]
    act(game, "pass")  # Player 2
    act(game, "stuff_die")
    act(game, "use_stuff", 0, 0)
    roll(game, 6)  # 6: +4 CP; flipping the flipped spell discards it
    assert cp_of(game, 0, 0) == before + 2 + 4 - 1  # Magibolt is +1 CP either side (rk-9)
    assert discard(game) == ["Magibolt"]


# ---- item 6: each player's gender, the "*" of his ME card ---------------------------------------

def test_item6_a_me_card_counts_by_its_players_gender() -> None:
    # line 85: "Male/Female: some cards affect the gender of any/all group's CHARACTERS. Each
    # character has a M/F on their card. ME cards have a * symbol which signifies the player's
    # gender." The Cheese Vault: every F CHARACTER +1 CP; Rat-Queen's Lullaby: every M -1 CP
    game = _round([char("ME Priest")], [char("ME Rogue")], [char("ME Wizard")],
                  adventure="The Cheese Vault", hands=[["Rat-Queen's Lullaby"], [], []],
                  options={"genders": ["F", "M", "F"]})
    assert position(game)["genders"] == ["F", "M", "F"]
    assert position(game)["cp"] == [2 + 1, 2, 2 + 1]
    act(game, "encounter")
    act(game, "play_encounter", "Rat-Queen's Lullaby")
    assert position(game)["cp"] == [2 + 1, 2 - 1, 2 + 1]
    # the same table without the option: no ME card is F or M (ruling rk-53)
    game = _round([char("ME Priest")], [char("ME Rogue")], [char("ME Wizard")],
                  adventure="The Cheese Vault")
    assert position(game)["cp"] == [2, 2, 2]


@pytest.mark.parametrize(("bad", "message"), [
    ("FM", r"option 'genders' must list each player's gender, seat by seat"),
    ({"0": "F", "1": "M"}, r"option 'genders' must list each player's gender"),
    ([], r"option 'genders' must list each player's gender"),
    (["F"], r"option 'genders' must give one gender per player: 2 players, 1 gender "
            r"\(Player 2 has none\)"),
    (["F", "M", "F"], r"option 'genders' .* 2 players, 3 genders \(genders\[2\] has no player"),
    (["F", "X"], r"option 'genders': Player 2's gender \(genders\[1\]\) must be 'F' or 'M'; "
                 r"found 'X'"),
    (["f", "M"], r"option 'genders': Player 1's gender \(genders\[0\]\)"),
    ([None, "M"], r"option 'genders': Player 1's gender"),
    (["F", True], r"option 'genders': Player 2's gender"),
])
def test_item6_bad_genders_are_refused_naming_the_option_and_the_seat(bad, message) -> None:
    with pytest.raises(IllegalAction, match=message):
        explorer.new_game("rat_king", players=2, seed=1, options={"genders": bad})
    session = PlaySession.start("rat_king", players=2, seed=1, genders=["M", "F"])
    before = session.game.snapshot()
    with pytest.raises(ExplorerError, match=message):
        session.new_game(2, 5, ["human", "heuristic"], {"genders": bad})
    assert session.game.snapshot() == before and session.game.options == {"genders": ["M", "F"]}
    # three players keep two genders only if they are given anew
    with pytest.raises(IllegalAction, match=r"3 players, 2 genders \(Player 3 has none\)"):
        session.new_game(3, 5, ["human", "heuristic", "random"])
    assert session.game.snapshot() == before


def test_item6_genders_are_kept_in_saves_and_older_saves_still_load() -> None:
    game = explorer.new_game("rat_king", players=3, seed=11, options={"genders": ["F", "M", "M"]})
    for _ in range(40):
        game.step(None if game.is_chance else game.legal_actions()[-1])
    text = game.to_json()
    assert json.loads(text)["options"] == {"genders": ["F", "M", "M"]}
    copy = explorer.load_game(text)
    assert copy.options == {"genders": ["F", "M", "M"]}
    assert copy.snapshot() == game.snapshot() and position(copy)["genders"] == ["F", "M", "M"]
    # a save made before the option existed (the seed-11 lesson) loads as a game without it
    older = (LESSONS / "rat_king-seed11.json").read_text(encoding="utf-8")
    assert json.loads(older)["options"] == {}
    assert position(explorer.load_game(older))["genders"] == [None, None, None]
    # a save whose genders are wrong is refused, naming the option
    bad = json.loads(text)
    bad["options"] = {"genders": ["F", "M"]}
    with pytest.raises(SavedGameError, match="option 'genders'"):
        explorer.load_game(json.dumps(bad))


def test_item6_the_new_game_form_asks_each_players_gender() -> None:
    stepper = Stepper("rat_king", players=2, seed=3)
    stepper.buttons["new"].click()
    assert [b.value for b in stepper.new_genders.children] == ["", ""]  # not given yet
    stepper.new_players.value = 3
    assert [b.description for b in stepper.new_genders.children] == [
        "Player 1 is", "Player 2 is", "Player 3 is"]
    for box, gender in zip(stepper.new_genders.children, ["F", "M", "F"], strict=True):
        box.value = gender
    stepper.start_new_game()
    game = stepper.session.game
    assert (game.players, game.options) == (3, {"genders": ["F", "M", "F"]})
    # the rematch keeps them; a half-chosen form is refused and changes nothing
    stepper.rematch()
    assert stepper.session.game.options == {"genders": ["F", "M", "F"]}
    before = stepper.session.game.snapshot()
    stepper.new_genders.children[1].value = ""
    with pytest.raises(IllegalAction, match="for every player, or"):
        stepper.start_new_game()
    assert stepper.session.game.snapshot() == before
    # not given for everybody: a game without the option
    for box in stepper.new_genders.children:
        box.value = ""
    stepper.start_new_game()
    assert stepper.session.game.options == {}
    # only Lair of the Rat-King asks
    other = Stepper("rifts", players=2, seed=3)
    assert other.new_genders.children == ()


def test_item6_the_me_card_shows_its_players_gender() -> None:
    groups = ([char("ME Priest"), char("Rikki Rogue")], [char("ME Rogue")])
    game = scenario(*groups, options={"genders": ["F", "M"]})
    page = table_html(position(game, 0))
    badges = re.findall(r'data-name="([^"]+)" data-flipped="\w+"><div class="table-small">'
                        r'((?:<span class="card-face-badge">[^<]*</span>)*)', page)
    shown = {name: re.findall(r">([^<]+)<", marks) for name, marks in badges}
    assert shown["ME Priest"] == ["* female"] and shown["ME Rogue"] == ["* male"]
    assert shown["Rikki Rogue"] == []  # her F is printed on her card
    assert "* female" not in table_html(position(scenario(*groups), 0))
    # the card itself shows the "*" (line 85: "ME cards have a * symbol")
    assert card_face("rat_king", "ME Priest")[1].type_line.endswith("* the player's gender")
    assert card_face("rat_king", "Rikki Rogue")[1].type_line.endswith("female")


def test_item6_the_teaching_pages_gender_example() -> None:
    # the page's Cheese Vault table in a game with Player 1 a woman and Player 2 a man (line 85)
    page = _teaching_page()
    game = explorer.new_game("rat_king", players=2, seed=1, scenario=page["TERMS"],
                             options={"genders": ["F", "M"]})
    assert position(game)["cp"] == [9, 12]  # "+1 CP as well, 9 to 12"
    act(game, "encounter")
    act(game, "play_encounter", "Rat-Queen's Lullaby")
    assert position(game)["cp"] == [9, 12 - 2]  # "costs Player 2 two CP"
    without = explorer.new_game("rat_king", players=2, seed=1, scenario=page["TERMS"])
    assert position(without)["cp"] == [8, 12]  # "Player 1 is behind, 8 to 12"
