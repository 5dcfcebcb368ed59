"""Issue 25, Lair of the Rat-King items 4, 5, 6, 10 and 12: each rule reached through the
public contract (scenarios, forced dice and draws), the expected values from the rulebook's
words (seed 002, the line cited in each test).
"""

from __future__ import annotations

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


def _round(*groups, adventure="The Hidden Nest", hands=None, modifiers=()):
    return scenario(*groups, hands=hands, active=0,
                    adventure={"name": adventure, "played_by": 0, "encounters": [],
                               "modifiers": list(modifiers)})


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
    assert cp_of(game, 0, 0) == before + 2  # the flipped Magibolt was worth 0 CP (rk-9)
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
    assert cp_of(game, 0, 0) == before + 2 + 4 - 0  # Magibolt shows 0 CP either side (rk-9)
    assert discard(game) == ["Magibolt"]
