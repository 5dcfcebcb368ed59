"""The cards' own rules in regular turns (seed 002, lines 27-52): flips and double flips, the ME
cards that are never discarded, REPUTATIONS, exclusions, the STUFF colours and capacity, every
CHARACTER's turn option and every EVENT.

Expected positions are worked out by hand from the rulebook and the rulings.
"""

from __future__ import annotations

import pytest

from explorer.errors import ScenarioError

from .helpers import (
    act,
    ap,
    char,
    cp_of,
    discard,
    draws,
    full,
    group,
    logged,
    offers,
    position,
    scenario,
    texts,
)

OTHER = full([], skip=5)
"""Player 2's hand: five ENCOUNTERS (nothing Player 1's cards take or draw)."""


def _event(event: str, mine: list[dict], theirs: list[dict], target: tuple, **more):
    """Player 1 plays ``event`` on ``target`` (seat, index or None)."""
    game = scenario(mine, theirs, hands=[full([event]), OTHER], **more)
    act(game, "event")
    act(game, "play_event", event, *target)
    return game


# ---- flips --------------------------------------------------------------------------------------

def test_a_flip_turns_a_card_and_a_second_flip_discards_it_with_its_stuff_line_29() -> None:
    game = _event("Sprained Ankle", [char("ME Priest"), char("Rikki Rogue", "Bow & Arrows")],
                  [char("ME Rogue")], (0, 1))
    assert group(game, 0)[1] == ("Rikki Rogue", True, (("Bow & Arrows", False),))
    assert cp_of(game, 0, 1) == 1 + 2 and discard(game) == ["Sprained Ankle"]
    game = _event("Sprained Ankle", [char("ME Priest"),
                                     char("Rikki Rogue", "Bow & Arrows", flipped=True,
                                          events=("Familiar",))], [char("ME Rogue")], (0, 1))
    assert group(game, 0) == [("ME Priest", False)]
    assert discard(game) == ["Rikki Rogue", "Bow & Arrows", "Familiar", "Sprained Ankle"]
    assert logged(game, "Rikki Rogue (Player 1) is discarded with Bow & Arrows and Familiar "
                        "(flipped while already flipped)")


def test_a_character_with_no_flipped_value_is_discarded_when_flipped_line_36() -> None:
    game = _event("Sprained Ankle",
                  [char("ME Priest"), char("Tinki Mercenary", "Rusty Shortsword")],
                  [char("ME Rogue")], (0, 1))
    assert group(game, 0) == [("ME Priest", False)]
    assert discard(game) == ["Tinki Mercenary", "Rusty Shortsword", "Sprained Ankle"]


def test_rk24_a_me_card_is_flipped_instead_of_discarded_and_a_flipped_one_stays_flipped() -> None:
    game = _event("Desertion", [char("ME Priest")], [char("ME Rogue", "Battle Axe")], (1, 0))
    assert group(game, 1) == [("ME Rogue", True, (("Battle Axe", False),))]
    assert discard(game) == ["Desertion"]
    assert logged(game, "ME Rogue (Player 2) is a ME card: it is flipped instead of being "
                        "discarded")
    for event in ("Desertion", "Sprained Ankle"):
        game = _event(event, [char("ME Priest")], [char("ME Rogue", "Battle Axe", flipped=True)],
                      (1, 0))
        assert group(game, 1) == [("ME Rogue", True, (("Battle Axe", False),))]
        assert discard(game) == [event]
        assert logged(game, "ME Rogue (Player 2) would be ")
        assert logged(game, "a ME card already flipped stays flipped (ruling rk-24)")


def test_a_stuff_flips_and_a_flipped_or_valueless_one_is_discarded() -> None:
    # ruling rk-16 for STUFF; Slippery Slime flips one STUFF
    game = scenario([char("ME Warrior", "Chainmail Shirt", "Bottomless Satchel"),
                     char("Rikki Rogue", ("Bow & Arrows", True))], [char("ME Rogue")],
                    hands=[["Slippery Slime"], []],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    act(game, "encounter")
    act(game, "play_encounter", "Slippery Slime")
    assert texts(game) == ["Flip Chainmail Shirt on ME Warrior (Player 1)",
                           "Flip Bottomless Satchel on ME Warrior (Player 1)",
                           "Flip Bow & Arrows on Rikki Rogue (Player 1)"]
    act(game, "target", "stuff", 0, 0, 1)  # the Satchel has no flipped value
    assert group(game, 0)[0] == ("ME Warrior", False, (("Chainmail Shirt", False),))
    assert discard(game) == ["Bottomless Satchel", "Slippery Slime"]


# ---- REPUTATIONS --------------------------------------------------------------------------------

def test_rk25_a_reputation_flips_and_unflips_with_its_character() -> None:
    # Hero of the Warrens: +2 CP, flipped -1 CP; Rikki 3 CP, flipped 1
    game = _event("Hero of the Warrens", [char("ME Priest"), char("Rikki Rogue")],
                  [char("ME Rogue")], (0, 1))
    assert cp_of(game, 0, 1) == 5 and ap(game) == [1, 0]
    game = _event("Sprained Ankle", [char("ME Priest"),
                                     char("Rikki Rogue", events=("Hero of the Warrens",))],
                  [char("ME Rogue")], (0, 1))
    assert group(game, 0)[1] == ("Rikki Rogue", True, ("Hero of the Warrens",))
    assert cp_of(game, 0, 1) == 1 - 1 and ap(game) == [1, 0]  # AP kept (ruling rk-40)
    # the ME Priest's turn option unflips her, and the REPUTATION with her
    game = scenario([char("ME Priest"), char("Rikki Rogue", flipped=True,
                                             events=("Hero of the Warrens",))],
                    [char("ME Rogue")], hands=[full([]), OTHER])
    act(game, "option")
    act(game, "use_option", 0)
    act(game, "target", "character", 0, 1)
    assert cp_of(game, 0, 1) == 5
    # played on a flipped character it shows its flipped side at once
    game = _event("Cowardly Rumour", [char("ME Priest")], [char("ME Rogue", flipped=True)],
                  (1, 0))
    assert cp_of(game, 1, 0) == 2 + 1  # Cowardly Rumour flipped: +1
    game = _event("Friend of Rats", [char("ME Priest"), char("Jeff Squire")],
                  [char("ME Rogue")], (0, 1))
    assert cp_of(game, 0, 1) == 2 + 1
    game.state.groups[0][1].flipped = True
    assert cp_of(game, 0, 1) == -1 - 2


# ---- exclusions ---------------------------------------------------------------------------------

def test_the_dwarphs_and_the_urk_are_all_discarded_line_39() -> None:
    game = scenario([char("ME Warrior"), char("Borin Brawler", "Dwarphen Warhammer"),
                     char("Gimra Tunneler")], [char("ME Rogue")],
                    hands=[full([]), full(["Thrak Bruiser"], skip=5)], active=1)
    act(game, "character")
    act(game, "play_character", "Thrak Bruiser", 0)
    assert group(game, 0) == [("ME Warrior", False)]
    assert discard(game) == ["Borin Brawler", "Dwarphen Warhammer", "Gimra Tunneler",
                             "Thrak Bruiser"]
    assert logged(game, "Borin Brawler, Gimra Tunneler and Thrak Bruiser cannot be in one group")


def test_lady_vessa_and_a_rogue_are_discarded_and_a_me_rogue_is_flipped_instead() -> None:
    game = scenario([char("ME Priest"), char("Rikki Rogue")], [char("ME Rogue")],
                    hands=[full(["Lady Vessa"]), OTHER])
    act(game, "character")
    act(game, "play_character", "Lady Vessa", 0)
    assert group(game, 0) == [("ME Priest", False)]
    assert discard(game) == ["Rikki Rogue", "Lady Vessa"]
    game = scenario([char("ME Priest")], [char("ME Rogue")], hands=[full(["Lady Vessa"]), OTHER])
    act(game, "character")
    act(game, "play_character", "Lady Vessa", 1)
    assert group(game, 1) == [("ME Rogue", True)] and discard(game) == ["Lady Vessa"]


def test_rk26_a_reinforcement_is_in_the_group_for_exclusions() -> None:
    game = scenario([char("ME Warrior"), char("Borin Brawler")], [char("ME Rogue")],
                    hands=[["Thrak Bruiser"], []],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    act(game, "reinforcement")
    act(game, "play_reinforcement", "Thrak Bruiser")
    assert group(game, 0) == [("ME Warrior", False)]
    assert discard(game) == ["Borin Brawler", "Thrak Bruiser"]


def test_a_scenario_refuses_a_group_with_an_exclusion() -> None:
    with pytest.raises(ScenarioError, match=r"scenario.groups\[0\]: Borin Brawler, Thrak Bruiser "
                                            "cannot be in one group"):
        scenario([char("ME Warrior"), char("Borin Brawler"), char("Thrak Bruiser")],
                 [char("ME Rogue")])


# ---- STUFF: colours and capacity ----------------------------------------------------------------

def _stuff_offers(game, stuff: str, seat: int, index: int) -> list[object]:
    """The slots ``stuff`` is offered in on that character: None (added) or the index of the
    STUFF it would replace."""
    return [args[3] for name, args in offers(game) if name == "play_stuff"
            and args[0] == stuff and args[1:3] == (seat, index)]


def _at_stuff(mine: list[dict], hand: list[str]):
    game = scenario(mine, [char("ME Rogue")], hands=[full(hand), OTHER])
    act(game, "stuff")
    return game


def test_the_colour_rule_a_stuff_goes_on_a_character_of_one_of_its_colours_line_47() -> None:
    game = _at_stuff([char("ME Priest"), char("Jeff Squire")], ["Dwarphen Warhammer", "Magibolt"])
    # the Warhammer is Gray only: nobody here; Magibolt is Blue and White: the ME Priest
    assert {a[0] for _, a in offers(game)} == {"Magibolt"}
    assert offers(game) == [("play_stuff", ("Magibolt", 0, 0, None))]


def test_capacity_chainmail_and_satchel_are_cumulative_line_43() -> None:
    # Jeff Squire (Tan) may hold 1; the Chainmail Shirt allows one more, the Satchel two more
    game = _at_stuff([char("ME Priest"), char("Jeff Squire", "Rusty Shortsword")],
                     ["Throwing Knives", "Chainmail Shirt"])
    assert _stuff_offers(game, "Throwing Knives", 0, 1) == [0]  # only by replacing
    assert _stuff_offers(game, "Chainmail Shirt", 0, 1) == [None, 0]  # it fits beside (rk-10)
    game = _at_stuff([char("ME Priest"),
                      char("Jeff Squire", "Chainmail Shirt", "Bottomless Satchel",
                           "Rusty Shortsword")], ["Throwing Knives"])
    # a 4th of 1 + 1 + 2; replacing the Satchel would leave 3 with room for 2
    assert _stuff_offers(game, "Throwing Knives", 0, 1) == [None, 0, 2]
    game = _at_stuff([char("ME Priest"),
                      char("Jeff Squire", "Chainmail Shirt", "Bottomless Satchel",
                           "Rusty Shortsword", "Throwing Knives")], ["Bow & Arrows"])
    # full at 4: the Bow only replaces the Shortsword or the Knives (replacing the Chainmail or
    # the Satchel would leave more STUFF than room)
    assert _stuff_offers(game, "Bow & Arrows", 0, 1) == [2, 3]
    # the ME Warrior carries one more on his own
    game = _at_stuff([char("ME Warrior", "Battle Axe")], ["Rusty Shortsword"])
    assert _stuff_offers(game, "Rusty Shortsword", 0, 0) == [None, 0]


def test_the_replacement_case_of_line_44_is_not_offered() -> None:
    # Jeff holds the Chainmail Shirt and the Shortsword (2 of 2): the Bow may replace the
    # Shortsword, not the Chainmail (that would leave 2 STUFF with room for 1)
    game = _at_stuff([char("ME Priest"), char("Jeff Squire", "Chainmail Shirt",
                                              "Rusty Shortsword")], ["Bow & Arrows"])
    assert _stuff_offers(game, "Bow & Arrows", 0, 1) == [1]
    act(game, "play_stuff", "Bow & Arrows", 0, 1, 1)
    assert group(game, 0)[1] == ("Jeff Squire", False, (("Chainmail Shirt", False),
                                                        ("Bow & Arrows", False)))
    # and a STUFF with no receiver at all is not offered: no "stuff" action
    game = scenario([char("ME Priest")], [char("ME Wizard")],
                    hands=[full(["Dwarphen Warhammer", "Familiar"]), OTHER])
    assert ("stuff", ()) not in offers(game)


def test_rk38_a_character_left_over_capacity_keeps_its_stuff() -> None:
    game = scenario([char("ME Warrior"), char("Jeff Squire", "Bottomless Satchel",
                                              "Rusty Shortsword", "Throwing Knives")],
                    [char("ME Rogue")], hands=[["Ratling Pickpockets"], []],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    act(game, "encounter")
    act(game, "play_encounter", "Ratling Pickpockets")
    act(game, "target", "stuff", 0, 1, 0)  # the Satchel goes: 2 STUFF, room for 1
    assert group(game, 0)[1] == ("Jeff Squire", False, (("Rusty Shortsword", False),
                                                        ("Throwing Knives", False)))


def test_a_scenario_checks_the_colour_rule_and_flipped_values() -> None:
    with pytest.raises(ScenarioError, match=r"stuff\[0\]: Dwarphen Warhammer cannot be used by "
                                            r"Jeff Squire \(Tan"):
        scenario([char("ME Priest"), char("Jeff Squire", "Dwarphen Warhammer")],
                 [char("ME Rogue")])
    with pytest.raises(ScenarioError, match="Tinki Mercenary has no flipped value"):
        scenario([char("ME Priest"), char("Tinki Mercenary", flipped=True)], [char("ME Rogue")])


# ---- every turn option --------------------------------------------------------------------------

def _option(mine: list[dict], theirs: list[dict], index: int, hand: list[str] | None = None,
            **more):
    game = scenario(mine, theirs, hands=[full(hand or []), OTHER], **more)
    act(game, "option")
    act(game, "use_option", index)
    return game


def test_me_priest_unflips_one_of_his_characters() -> None:
    game = _option([char("ME Priest"), char("Jeff Squire", flipped=True)],
                   [char("ME Rogue", flipped=True)], 0)
    assert texts(game) == ["Unflip Jeff Squire"]  # his own only
    act(game, "target", "character", 0, 1)
    assert group(game, 0) == [("ME Priest", False), ("Jeff Squire", False)]


def test_me_rogue_lifts_a_stuff_off_an_opponent_onto_one_of_his_that_can_use_it() -> None:
    game = _option([char("ME Rogue"), char("Jeff Squire")],
                   [char("ME Priest", "Magibolt"), char("Rikki Rogue", "Bow & Arrows")], 0)
    # the Magibolt (Blue, White) fits no Green or Tan character of his
    assert texts(game) == [
        "Take Bow & Arrows from Rikki Rogue (Player 2) and put it on ME Rogue",
        "Take Bow & Arrows from Rikki Rogue (Player 2) and put it on Jeff Squire"]
    act(game, "steal", 1, 1, 0, 1)
    assert group(game, 0)[1] == ("Jeff Squire", False, (("Bow & Arrows", False),))
    assert group(game, 1) == [("ME Priest", False, (("Magibolt", False),)),
                              ("Rikki Rogue", False)]


def test_me_wizard_draws_one_card() -> None:
    game = _option([char("ME Wizard")], [char("ME Rogue")], 0)
    assert game.pending.seen_by == 0
    draws(game, "Familiar")
    assert "Familiar" in position(game)["hands"][0]


def test_gimra_takes_a_stuff_from_the_discard_pile_into_the_hand() -> None:
    game = _option([char("ME Warrior"), char("Gimra Tunneler")], [char("ME Rogue")], 1,
                   discard=["Familiar", "Battle Axe", "Magibolt"])
    assert texts(game) == ["Take Battle Axe from the discard pile into your hand",
                           "Take Magibolt from the discard pile into your hand"]
    act(game, "salvage", "Magibolt")
    assert discard(game) == ["Familiar", "Battle Axe"]
    assert "Magibolt" in position(game)["hands"][0]


def test_lady_vessa_draws_two_then_discards_one() -> None:
    game = _option([char("ME Priest"), char("Lady Vessa")], [char("ME Warrior")], 1,
                   hand=["Familiar"])
    draws(game, "Battle Axe", "Magibolt")
    hand = position(game)["hands"][0]
    assert len(hand) == 7
    act(game, "discard_card", "Familiar")
    assert discard(game) == ["Familiar"] and len(position(game)["hands"][0]) == 6


def test_mossy_hexes_a_character_then_flips_herself_and_is_gone() -> None:
    game = _option([char("ME Priest"), char("Mossy Hedge-Witch")],
                   [char("ME Rogue"), char("Rikki Rogue")], 1)
    assert texts(game) == ["Flip ME Priest (Player 1)", "Flip Mossy Hedge-Witch (Player 1)",
                           "Flip ME Rogue (Player 2)", "Flip Rikki Rogue (Player 2)"]
    act(game, "target", "character", 1, 1)
    assert group(game, 1) == [("ME Rogue", False), ("Rikki Rogue", True)]
    assert group(game, 0) == [("ME Priest", False)]  # no flipped value: discarded
    assert discard(game) == ["Mossy Hedge-Witch"]


def test_a_flipped_character_or_one_of_another_group_gives_no_turn_option_line_37() -> None:
    game = scenario([char("ME Wizard", flipped=True), char("Lady Vessa", flipped=True)],
                    [char("ME Priest"), char("Gimra Tunneler")], hands=[full([]), OTHER],
                    discard=["Battle Axe"])
    assert ("option", ()) not in offers(game)


def test_rk37_a_turn_option_is_offered_only_when_it_can_do_something() -> None:
    # the ME Priest with nothing flipped, the ME Rogue with nothing to take, Gimra with no
    # STUFF in the discard pile
    game = scenario([char("ME Priest"), char("Gimra Tunneler")], [char("ME Rogue")],
                    hands=[full(["Familiar"]), OTHER], discard=["Wererat"])
    assert ("option", ()) not in offers(game)
    game = scenario([char("ME Rogue")], [char("ME Priest")], hands=[full(["Familiar"]), OTHER])
    assert ("option", ()) not in offers(game)


# ---- every EVENT --------------------------------------------------------------------------------

def test_events_that_stay_on_a_group_give_its_player_ap() -> None:
    game = _event("Royal Charter", [char("ME Priest")], [char("ME Rogue")], (0, None))
    assert ap(game) == [1, 0] and position(game)["in_play"] == ["Royal Charter"]
    assert position(game)["group_events"] == [["Royal Charter"], []]
    game = _event("Treasure Hoard", [char("ME Priest")], [char("ME Rogue")], (1, None))
    assert ap(game) == [0, 2]


def test_fortunes_favour_draws_two_and_is_discarded() -> None:
    game = _event("Fortune's Favour", [char("ME Priest")], [char("ME Rogue")], (1, None))
    draws(game, "Battle Axe", "Familiar")
    assert discard(game) == ["Fortune's Favour"]
    assert position(game)["hands"][0][-2:] == ["Battle Axe", "Familiar"]


def test_tavern_rest_unflips_up_to_two_of_your_cards() -> None:
    game = _event("Tavern Rest", [char("ME Priest", ("Magibolt", True), flipped=True),
                                  char("Rikki Rogue", flipped=True)],
                  [char("ME Rogue", flipped=True)], (0, None))
    assert texts(game) == ["Unflip ME Priest", "Unflip Magibolt on ME Priest",
                           "Unflip Rikki Rogue"]
    act(game, "target", "stuff", 0, 0, 0)
    assert "Stop here" in texts(game)
    act(game, "target", "character", 0, 1)
    assert group(game, 0) == [("ME Priest", True, (("Magibolt", False),)), ("Rikki Rogue", False)]
    assert discard(game) == ["Tavern Rest"]


def test_dimensional_rift_is_a_trigger_card_and_reshuffles_the_discard_pile() -> None:
    game = _event("Dimensional Rift", [char("ME Priest")], [char("ME Rogue")], (0, None),
                  discard=["Battle Axe", "Wererat"])
    assert logged(game, "Dimensional Rift is a trigger card (*): trigger card played")
    assert discard(game) == ["Dimensional Rift"]
    # all but the ME cards, the hands (4 and 5) and the Rift
    assert position(game)["draw_pile"] == 60 - 4 - 4 - 5 - 1


def test_rk21_a_trigger_character_calls_the_trigger_hook_and_nothing_more() -> None:
    game = scenario([char("ME Priest")], [char("ME Rogue")],
                    hands=[full(["Percy Hall Monitor"]), OTHER])
    act(game, "character")
    act(game, "play_character", "Percy Hall Monitor", 0)
    assert logged(game, "Percy Hall Monitor is a trigger card (*): trigger card played; with no "
                        "deck-combining option agreed it does nothing more (ruling rk-21)")
    assert group(game, 0) == [("ME Priest", False), ("Percy Hall Monitor", False)]


def test_an_event_on_any_character_in_any_group() -> None:
    game = scenario([char("ME Priest")], [char("ME Rogue"), char("Rikki Rogue")],
                    hands=[full(["Cowardly Rumour"]), OTHER])
    act(game, "event")
    assert texts(game) == ["Play Cowardly Rumour on ME Priest (Player 1)",
                           "Play Cowardly Rumour on ME Rogue (Player 2)",
                           "Play Cowardly Rumour on Rikki Rogue (Player 2)"]
    act(game, "play_event", "Cowardly Rumour", 1, 1)
    assert cp_of(game, 1, 1) == 3 - 1
    assert group(game, 1)[1] == ("Rikki Rogue", False, ("Cowardly Rumour",))


def test_rk43_your_cards_are_the_characters_of_your_group_and_the_stuff_on_them() -> None:
    # Player 1's flipped Bow on Player 2's Rikki is Player 2's now; Player 2's flipped ME Rogue
    # is not Player 1's to unflip
    # (the unflip action is paid with his own cards in play, ruling rk-51: Jeff, not the Bow)
    game = scenario([char("ME Priest", flipped=True), char("Jeff Squire")],
                    [char("ME Rogue", flipped=True), char("Rikki Rogue", ("Bow & Arrows", True))],
                    hands=[full(["Tavern Rest"]), OTHER])
    act(game, "unflip")
    assert texts(game) == ["Discard Jeff Squire to unflip ME Priest"]
    game = _event("Tavern Rest", [char("ME Priest", flipped=True)],
                  [char("ME Rogue", flipped=True), char("Rikki Rogue", ("Bow & Arrows", True))],
                  (1, None))
    assert texts(game) == ["Unflip ME Priest"]
