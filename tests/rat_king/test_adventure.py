"""The ADVENTURE ROUND against the rulebook (seed 002, lines 53-86): the round actions, the
dice and their flips, the totals and the tie rule, the sunburst, REINFORCEMENTS leaving, not
participating, banned STUFF, immunity, Ratling multipliers, every ENCOUNTER, every STUFF DIE
face and every ADVENTURE's rules, and the rulebook's Hidden Nest round played through.

Expected totals and positions are worked out by hand from the rulebook and the rulings.
"""

from __future__ import annotations

import pytest

from explorer.games.rat_king.adventure import ROUND_ACTIONS

from .helpers import (
    act,
    ap,
    char,
    cp_of,
    discard,
    draws,
    group,
    log_lines,
    logged,
    offers,
    position,
    roll,
    scenario,
    texts,
)


def round_game(*groups: list[dict], adventure: str = "The Hidden Nest", by: int = 0,
               active: int | None = None, hands: list[list[str]] | None = None,
               encounters: tuple[str, ...] = (), modifiers: tuple[dict, ...] = (), **more):
    """A game in an ADVENTURE ROUND played by ``by``, ``active`` to act first."""
    return scenario(*groups, hands=hands, active=by if active is None else active,
                    adventure={"name": adventure, "played_by": by,
                               "encounters": list(encounters), "modifiers": list(modifiers)},
                    **more)


def pass_all(game) -> None:
    """Every player passes until the round's actions end."""
    while game.phase == "adventure.round" and ("pass", ()) in offers(game):
        act(game, "pass")


def finish(game, *rolls: int) -> None:
    """Everyone passes, then the ADVENTURE DICE show ``rolls`` (seat order from its player)."""
    pass_all(game)
    roll(game, *rolls)


def last(game) -> dict:
    return position(game)["last_adventure"]


# ---- the round ----------------------------------------------------------------------------------

def test_the_round_actions_by_their_pinned_names_line_56() -> None:
    assert ROUND_ACTIONS == ("encounter", "reinforcement", "reinforcement_stuff", "stuff_die",
                             "pass")
    game = round_game([char("ME Priest", "Magibolt"), char("Jeff Squire", reinforcement=True)],
                      [char("ME Rogue")], hands=[["Wererat", "Rikki Rogue", "Rusty Shortsword"],
                                                 []])
    assert offers(game) == [(name, ()) for name in ROUND_ACTIONS]
    assert texts(game) == ["Play an ENCOUNTER", "Play a CHARACTER as a REINFORCEMENT",
                           "Play a STUFF on one of your REINFORCEMENTS", "Roll a STUFF DIE",
                           "Pass"]
    act(game, "reinforcement_stuff")
    # the colour rule: the Shortsword (Red, Green, Tan, Gray) fits Jeff (Tan)
    assert texts(game) == ["Put Rusty Shortsword on Jeff Squire (Player 1)"]


def test_playing_an_adventure_draws_a_card_first_then_the_round_line_54() -> None:
    game = scenario([char("ME Priest")], [char("ME Rogue")],
                    hands=[["The Hidden Nest", "Familiar", "Wererat", "Cave-In", "Desertion"],
                           []], draw_pile=["Battle Axe", "Magibolt", "Bow & Arrows",
                                           "Jeff Squire", "Tinki Mercenary", "Sylvi Archer"])
    act(game, "adventure")
    assert texts(game) == ["Play The Hidden Nest"]
    act(game, "play_adventure", "The Hidden Nest")
    assert "Battle Axe" in position(game)["hands"][0]
    assert game.phase == "adventure.round" and game.current_player == 0
    assert position(game)["in_play"] == ["The Hidden Nest"]
    assert logged(game, "Player 1 plays The Hidden Nest, starting an ADVENTURE ROUND")


def test_round_and_round_until_every_player_with_participants_passes_in_a_row_line_57() -> None:
    # Player 2 played it; Player 1's group is out of it (Lost in the Sewers): never asked
    game = round_game([char("ME Priest")], [char("ME Rogue")], [char("ME Wizard")], by=1,
                      hands=[["Wererat"], [], ["Cave-In", "Squeeker and the Ratlings"]],
                      encounters=("Lost in the Sewers",),
                      modifiers=({"kind": "not_participating", "group": 0,
                                  "source": "Lost in the Sewers"},))
    assert game.current_player == 1
    act(game, "pass")
    assert game.current_player == 2
    act(game, "encounter")
    act(game, "play_encounter", "Squeeker and the Ratlings")
    assert texts(game) == ["Give Player 2's group -2 CP", "Give your group -2 CP"]
    act(game, "target", "group", 1)
    assert game.current_player == 1  # an action: everyone may act again
    act(game, "pass")
    act(game, "pass")
    # the ADVENTURE DICE: the participating groups only, from the player of the ADVENTURE
    assert game.pending.label == "Player 2's ADVENTURE DIE: 1D6"
    roll(game, 3)
    assert game.pending.label == "Player 3's ADVENTURE DIE: 1D6"
    roll(game, 2)
    assert last(game)["rolls"] == [None, 3, 2] and last(game)["totals"] == [None, 3, 4]
    assert last(game)["winner"] == 2 and position(game)["adventures_won"][2] == ["The Hidden Nest"]


def test_rk27_a_character_is_flipped_once_however_many_other_players_roll_its_die() -> None:
    game = round_game([char("ME Priest"), char("Rikki Rogue", "Bow & Arrows")],
                      [char("ME Rogue")], [char("ME Wizard")])
    finish(game, 4, 4, 4)  # Rikki's CHARACTER die is 4: rolled by Players 2 and 3 (and her own)
    assert group(game, 0)[1] == ("Rikki Rogue", True, (("Bow & Arrows", False),))
    assert logged(game, "Rikki Rogue (Player 1) is flipped (CHARACTER die 4, rolled by Player "
                        "2's 4 and Player 3's 4)")
    # a player's own roll flips none of his
    game = round_game([char("ME Priest"), char("Rikki Rogue")], [char("ME Rogue")])
    finish(game, 4, 1)
    assert group(game, 0)[1] == ("Rikki Rogue", False)


def test_the_highest_total_wins_the_adventure_and_its_ap_line_61() -> None:
    game = round_game([char("ME Priest")], [char("ME Rogue", "Battle Axe")])
    finish(game, 2, 1)  # 2 + 2 = 4 against 5 + 1 = 6
    assert last(game)["totals"] == [4, 6] and last(game)["winner"] == 1
    assert position(game)["adventures_won"] == [[], ["The Hidden Nest"]] and ap(game) == [0, 1]
    assert logged(game, "Player 2 wins The Hidden Nest (1 AP) and now has 1 AP")


def test_a_tie_goes_to_the_player_of_the_adventure_even_below_the_highest_line_61() -> None:
    game = round_game([char("ME Priest")], [char("ME Rogue", "Battle Axe")],
                      [char("ME Warrior", "Bow & Arrows")])
    finish(game, 1, 2, 2)  # 2 + 1 = 3; 5 + 2 = 7; 5 + 2 = 7
    assert last(game)["totals"] == [3, 7, 7] and last(game)["winner"] == 0
    assert logged(game, "Player 2 and Player 3 tie at 7: the ADVENTURE goes to Player 1, who "
                        "played it")


def test_rk28_a_tie_with_no_participants_for_its_player_discards_the_adventure() -> None:
    out = ({"kind": "not_participating", "group": 0, "source": "Lost in the Sewers"},)
    game = round_game([char("ME Priest")], [char("ME Rogue", "Battle Axe")],
                      [char("ME Warrior", "Bow & Arrows")], encounters=("Lost in the Sewers",),
                      modifiers=out, active=1)
    finish(game, 2, 2)
    assert last(game)["winner"] is None
    assert position(game)["adventures_won"] == [[], [], []]
    assert discard(game) == ["The Hidden Nest", "Lost in the Sewers"]
    # without a tie the highest wins, whoever played it (the discard follows the tie only)
    game = round_game([char("ME Priest")], [char("ME Rogue", "Battle Axe")],
                      [char("ME Warrior", "Bow & Arrows")], encounters=("Lost in the Sewers",),
                      modifiers=out, active=1)
    finish(game, 3, 2)
    assert last(game)["winner"] == 1
    # and with no participating group at all, it is discarded
    game = round_game([char("ME Priest")], [char("ME Rogue")],
                      modifiers=({"kind": "not_participating", "group": 0},
                                 {"kind": "not_participating", "group": 1}))
    assert discard(game) == ["The Hidden Nest"] and logged(game, "No group has participating")


def test_reinforcements_leave_with_their_stuff_and_every_encounter_is_discarded_line_72() -> None:
    game = round_game([char("ME Priest"), char("Jeff Squire", "Rusty Shortsword",
                                               reinforcement=True)], [char("ME Rogue")],
                      encounters=("Narrow Passage",),
                      modifiers=({"kind": "no_stuff", "every": "group", "stuff_range": "Melee",
                                  "source": "Narrow Passage"},))
    assert position(game)["in_play"] == ["The Hidden Nest", "Narrow Passage"]
    finish(game, 3, 1)
    assert group(game, 0) == [("ME Priest", False)]
    assert discard(game) == ["Jeff Squire", "Rusty Shortsword", "Narrow Passage"]
    assert position(game)["adventure"] is None and position(game)["in_play"] == []


def test_an_instant_encounter_goes_to_the_discard_pile_an_effect_one_stays_to_the_end() -> None:
    game = round_game([char("ME Priest")], [char("ME Rogue"), char("Rikki Rogue")],
                      hands=[["Ratling Ambush", "Wererat"], []])
    act(game, "encounter")
    act(game, "play_encounter", "Ratling Ambush")
    act(game, "target", "character", 1, 1)
    assert discard(game) == ["Ratling Ambush"]
    act(game, "pass")
    act(game, "encounter")
    act(game, "play_encounter", "Wererat")
    act(game, "target", "character", 1, 0)
    assert position(game)["in_play"] == ["The Hidden Nest", "Wererat"]
    assert position(game)["adventure"]["modifiers"] == [
        {"kind": "negate_cp", "source": "Wererat", "amount": 0, "character": [1, 0]}]


# ---- the sunburst -------------------------------------------------------------------------------

def test_rk36_the_sunburst_stuff_is_taken_after_the_adventure_ends_or_declined() -> None:
    game = round_game([char("ME Priest"), char("Jeff Squire", "Rusty Shortsword",
                                               reinforcement=True)], [char("ME Rogue")])
    finish(game, 5, 1)
    # the REINFORCEMENT has left: his Shortsword is in the discard pile, and may be taken
    assert game.phase == "adventure.sunburst" and position(game)["adventure"] is None
    assert texts(game) == [
        "Take Rusty Shortsword from the discard pile and put it on ME Rogue (Player 2)",
        "Take no STUFF"]
    act(game, "decline")
    assert discard(game) == ["Jeff Squire", "Rusty Shortsword"]
    game = round_game([char("ME Priest"), char("Rikki Rogue")], [char("ME Rogue")],
                      discard=["Battle Axe"])
    finish(game, 5, 1)
    act(game, "take_stuff", "Battle Axe", 0, 1, None)
    assert group(game, 0)[1] == ("Rikki Rogue", False, (("Battle Axe", False),))
    assert discard(game) == []
    # no STUFF that can be played: nothing to choose
    game = round_game([char("ME Priest")], [char("ME Rogue")], discard=["Dwarphen Warhammer"])
    finish(game, 5, 1)
    assert logged(game, "Sunburst: no STUFF in the discard pile can be played")
    assert game.phase != "adventure.sunburst"


def test_an_adventure_without_the_sunburst_offers_nothing_from_the_discard_pile() -> None:
    game = round_game([char("ME Priest")], [char("ME Rogue")], adventure="The Breeding Pits",
                      discard=["Battle Axe"])
    finish(game, 5, 1)
    assert position(game)["adventures_won"][0] == ["The Breeding Pits"]
    assert game.phase != "adventure.sunburst"


# ---- not participating, banned STUFF, immunity --------------------------------------------------

def test_a_character_not_participating_lines_82() -> None:
    # Cave-In takes Rikki out: her STUFF cannot be used, ENCOUNTERS cannot reach her, her CP
    # is not added, and the ADVENTURE DICE do not flip her
    game = round_game([char("ME Priest"), char("Rikki Rogue", "Lucky Rat's Tail")],
                      [char("ME Rogue")], hands=[["Wererat"], []],
                      modifiers=({"kind": "not_participating", "character": [0, 1],
                                  "source": "Cave-In"},), encounters=("Cave-In",))
    assert ("stuff_die", ()) not in offers(game)
    act(game, "encounter")
    act(game, "play_encounter", "Wererat")
    assert texts(game) == ["Make the CP total of ME Priest (Player 1) negative",
                           "Make the CP total of ME Rogue (Player 2) negative"]
    act(game, "target", "character", 1, 0)
    finish(game, 1, 4)  # Player 2 rolls Rikki's 4
    assert group(game, 0)[1] == ("Rikki Rogue", False, (("Lucky Rat's Tail", False),))
    assert last(game)["characters"][0] == [["ME Priest", 2]]
    assert last(game)["totals"] == [2 + 1, -2 + 4]


def test_a_group_not_participating_does_not_act_or_roll_line_83() -> None:
    game = round_game([char("ME Priest")], [char("ME Rogue")], [char("ME Wizard")],
                      hands=[[], ["Wererat"], []], active=1,
                      modifiers=({"kind": "not_participating", "group": 1},))
    assert game.current_player == 2  # Player 2 is skipped
    act(game, "pass")
    act(game, "pass")
    assert game.pending.label == "Player 1's ADVENTURE DIE: 1D6"
    roll(game, 1)
    assert game.pending.label == "Player 3's ADVENTURE DIE: 1D6"
    roll(game, 6)  # would flip the ME Rogue, who is out of it
    assert group(game, 1) == [("ME Rogue", False)]
    assert last(game)["rolls"] == [1, None, 6]


def test_rk30_a_banned_stuff_adds_no_cp_and_cannot_roll_any_stuff_is_never_banned() -> None:
    # Narrow Passage bans Melee: the Battle Axe adds nothing; the Knives (Any) and the Bow
    # (Ranged) still count
    game = round_game([char("ME Rogue", "Battle Axe"), char("Rikki Rogue", "Bow & Arrows"),
                       char("Jeff Squire", "Throwing Knives")], [char("ME Priest", "Magibolt")],
                      hands=[["Narrow Passage"], ["Echoing Darkness"]])
    assert position(game)["cp"][0] == 5 + 5 + 3
    act(game, "encounter")
    act(game, "play_encounter", "Narrow Passage")
    assert position(game)["cp"][0] == 2 + 5 + 3
    assert cp_of(game, 0, 0) == 2
    # Echoing Darkness bans Ranged as well: the Bow adds nothing, the Magibolt cannot roll
    assert ("stuff_die", ()) in offers(game)
    act(game, "encounter")
    act(game, "play_encounter", "Echoing Darkness")
    assert position(game)["cp"][0] == 2 + 3 + 3
    act(game, "pass")
    assert ("stuff_die", ()) not in offers(game)


@pytest.mark.parametrize(("adventure", "banned"), [("The Low Tunnels", "Battle Axe"),
                                                   ("The Flooded Cellars", "Bow & Arrows")])
def test_the_adventures_that_ban_a_range(adventure: str, banned: str) -> None:
    game = round_game([char("ME Rogue", "Battle Axe"), char("Rikki Rogue", "Bow & Arrows")],
                      [char("ME Priest")], adventure=adventure)
    cp = {"Battle Axe": 3, "Bow & Arrows": 2}
    assert position(game)["cp"][0] == 2 + 3 + 3 + 2 - cp[banned]


def test_rk39_grimbles_group_is_immune_to_ratling_encounters_while_he_is_unflipped() -> None:
    grimble = [char("ME Priest"), char("Grimble Ratcatcher")]
    game = round_game(grimble, [char("ME Rogue")], by=1,
                      hands=[[], ["Ratling Ambush", "Squeeker and the Ratlings", "Ratling Swarm",
                                  "Wererat"]])
    act(game, "encounter")
    act(game, "play_encounter", "Ratling Ambush")
    assert texts(game) == ["Flip ME Rogue (Player 2)"]  # nothing of Grimble's group
    act(game, "target", "character", 1, 0)
    act(game, "pass")
    act(game, "encounter")
    act(game, "play_encounter", "Ratling Swarm")
    assert position(game)["cp"] == [2 + 2, 2 - 1]  # the Swarm passes Grimble's group by
    act(game, "pass")
    act(game, "encounter")
    act(game, "play_encounter", "Squeeker and the Ratlings")  # only Player 2's own group
    assert texts(game) == ["Give your group -2 CP"]
    act(game, "target", "group", 1)
    act(game, "pass")
    act(game, "encounter")
    act(game, "play_encounter", "Wererat")  # not a Ratling: reaches his group
    assert "Make the CP total of Grimble Ratcatcher (Player 1) negative" in texts(game)
    # flipped, Grimble protects nobody: the Swarm reaches his group again
    game = round_game([char("ME Priest"), char("Grimble Ratcatcher", flipped=True)],
                      [char("ME Rogue")], hands=[["Ratling Swarm"], []])
    act(game, "encounter")
    act(game, "play_encounter", "Ratling Swarm")
    assert position(game)["cp"] == [2 + 1 - 1, 2 - 1]


def test_rk39_the_crowns_wearer_is_immune_to_ratling_encounters_and_only_he() -> None:
    game = round_game([char("ME Priest"), char("Jeff Squire", "Rat-King's Crown")],
                      [char("ME Rogue")], by=1,
                      hands=[[], ["Ratling Ambush", "Rat-Queen's Lullaby"]])
    act(game, "encounter")
    act(game, "play_encounter", "Ratling Ambush")
    assert texts(game) == ["Flip ME Priest (Player 1)", "Flip ME Rogue (Player 2)"]
    act(game, "target", "character", 0, 0)
    act(game, "pass")
    act(game, "encounter")
    act(game, "play_encounter", "Rat-Queen's Lullaby")
    assert cp_of(game, 0, 1) == 2 + 2  # Jeff is M, but wears the Crown


# ---- Ratling multipliers ------------------------------------------------------------------------

def test_rk18_the_breeding_pits_double_squeeker_two_groups_at_minus_4_each_rk13() -> None:
    game = round_game([char("ME Priest")], [char("ME Rogue")], [char("ME Wizard")],
                      adventure="The Breeding Pits", hands=[["Squeeker and the Ratlings"], [],
                                                            []])
    act(game, "encounter")
    act(game, "play_encounter", "Squeeker and the Ratlings")
    assert logged(game, "its numbers are multiplied by 2 (ruling rk-18)")
    assert texts(game) == ["Give your group -4 CP", "Give Player 2's group -4 CP",
                           "Give Player 3's group -4 CP"]
    act(game, "target", "group", 1)
    assert texts(game) == ["Give your group -4 CP", "Give Player 3's group -4 CP"]
    act(game, "target", "group", 2)
    assert position(game)["cp"] == [2, 2 - 4, 2 - 4]


def test_rk18_the_throne_triples_every_ratling_number() -> None:
    game = round_game([char("ME Priest"), char("Rikki Rogue"), char("Jeff Squire")],
                      [char("ME Rogue"), char("Sylvi Archer")], adventure="Throne of the Rat-King",
                      hands=[["Ratling Swarm", "Ratling Ambush"], []])
    act(game, "encounter")
    act(game, "play_encounter", "Ratling Swarm")
    assert position(game)["cp"] == [2 + 3 + 2 - 3, 2 + 3 - 3]
    act(game, "pass")
    act(game, "encounter")
    act(game, "play_encounter", "Ratling Ambush")  # flip 3 characters
    act(game, "target", "character", 1, 0)
    act(game, "target", "character", 1, 1)
    act(game, "target", "character", 0, 2)
    assert group(game, 1) == [("ME Rogue", True), ("Sylvi Archer", True)]
    assert group(game, 0)[2] == ("Jeff Squire", True)


# ---- every ENCOUNTER ----------------------------------------------------------------------------

def _encounter(name: str, target: tuple | None = None, *, mine=None, theirs=None,
               adventure: str = "The Hidden Nest"):
    game = round_game(mine or [char("ME Priest"), char("Jeff Squire", "Rusty Shortsword")],
                      theirs or [char("ME Rogue", "Battle Axe"), char("Rikki Rogue")],
                      adventure=adventure, hands=[[name], []])
    act(game, "encounter")
    act(game, "play_encounter", name)
    if target is not None:
        act(game, "target", *target)
    return game


def test_rk14_wererat_makes_a_total_negative_and_a_negative_total_stays_negative() -> None:
    game = _encounter("Wererat", ("character", 1, 0))
    assert cp_of(game, 1, 0) == -5
    game = _encounter("Wererat", ("character", 0, 1),
                      mine=[char("ME Priest"), char("Jeff Squire", flipped=True)])
    assert cp_of(game, 0, 1) == -1


def test_rk42_the_cp_total_counts_every_modifier_before_wererat_negates_it() -> None:
    game = round_game([char("ME Priest"), char("Jeff Squire", "Lucky Rat's Tail")],
                      [char("ME Rogue")], hands=[["Wererat"], []],
                      adventure="The Cheese Vault")
    act(game, "stuff_die")
    act(game, "use_stuff", 1, 0)
    roll(game, 6)  # +4 CP this ADVENTURE
    act(game, "pass")
    act(game, "encounter")
    act(game, "play_encounter", "Wererat")
    act(game, "target", "character", 0, 1)
    assert cp_of(game, 0, 1) == -(2 + 4)


@pytest.mark.parametrize(("name", "target", "cp"), [
    ("Squeeker and the Ratlings", ("group", 1), [2 + 3, 5 + 3 - 2]),
    ("Ratling Swarm", None, [2 + 3 - 1, 5 + 3 - 1]),
    ("Rat-King's Guard", ("group", 0), [2 + 3 + 3, 5 + 3]),
    ("Rat-Queen's Lullaby", None, [2 + 3 - 1, 5 + 3]),  # Jeff is M; ME cards are * (rk-31)
    ("Cave-In", ("character", 1, 1), [2 + 3, 5]),
    ("Lost in the Sewers", ("group", 1), [2 + 3, 0]),
    ("Narrow Passage", None, [2 + 2, 2 + 3]),  # the Shortsword and the Axe are Melee
    ("Echoing Darkness", None, [2 + 3, 5 + 3]),  # no Ranged STUFF here
])
def test_each_lasting_encounter(name: str, target: tuple | None, cp: list[int]) -> None:
    game = _encounter(name, target)
    assert position(game)["cp"] == cp
    assert position(game)["in_play"] == ["The Hidden Nest", name]


@pytest.mark.parametrize(("name", "target", "mine", "theirs"), [
    ("Ratling Ambush", ("character", 1, 1),
     [("ME Priest", False), ("Jeff Squire", False, (("Rusty Shortsword", False),))],
     [("ME Rogue", False, (("Battle Axe", False),)), ("Rikki Rogue", True)]),
    ("Ratling Pickpockets", ("stuff", 1, 0, 0), [("ME Priest", False),
                                                 ("Jeff Squire", False,
                                                  (("Rusty Shortsword", False),))],
     [("ME Rogue", False), ("Rikki Rogue", False)]),
    ("Slippery Slime", ("stuff", 1, 0, 0), [("ME Priest", False),
                                            ("Jeff Squire", False,
                                             (("Rusty Shortsword", False),))],
     [("ME Rogue", False, (("Battle Axe", True),)), ("Rikki Rogue", False)]),
])
def test_each_instant_encounter(name: str, target: tuple, mine: list, theirs: list) -> None:
    game = _encounter(name, target)
    assert group(game, 0) == mine and group(game, 1) == theirs
    assert name in discard(game) and position(game)["in_play"] == ["The Hidden Nest"]


def test_rk31_a_me_card_is_its_players_gender() -> None:
    # line 85: "ME cards have a * symbol which signifies the player's gender"
    game = round_game([char("ME Priest"), char("Rikki Rogue")], [char("ME Rogue"),
                                                                 char("Jeff Squire")],
                      adventure="The Cheese Vault", hands=[["Rat-Queen's Lullaby"], []],
                      options={"genders": ["M", "F"]})
    assert position(game)["cp"] == [2 + 3 + 1, 2 + 1 + 2]  # Rikki and Player 2's ME are F
    act(game, "encounter")
    act(game, "play_encounter", "Rat-Queen's Lullaby")
    assert position(game)["cp"] == [2 - 1 + 3 + 1, 2 + 1 + 2 - 1]  # Player 1's ME and Jeff


def test_rk53_without_genders_me_cards_are_neither_male_nor_female() -> None:
    game = round_game([char("ME Priest"), char("Rikki Rogue")], [char("ME Rogue"),
                                                                 char("Jeff Squire")],
                      adventure="The Cheese Vault", hands=[["Rat-Queen's Lullaby"], []])
    assert position(game)["genders"] == [None, None]
    assert position(game)["cp"] == [2 + 3 + 1, 2 + 2]  # only Rikki is F
    act(game, "encounter")
    act(game, "play_encounter", "Rat-Queen's Lullaby")
    assert position(game)["cp"] == [2 + 3 + 1, 2 + 2 - 1]  # only Jeff is M


def test_rk37_encounters_reach_participating_characters_and_need_a_target() -> None:
    # nothing carries STUFF: Pickpockets and Slippery Slime have nothing to take or flip
    game = round_game([char("ME Priest")], [char("ME Rogue")],
                      hands=[["Ratling Pickpockets", "Slippery Slime", "Cave-In"], []])
    act(game, "encounter")
    assert texts(game) == ["Play Cave-In"]


# ---- every STUFF DIE face -----------------------------------------------------------------------

@pytest.mark.parametrize(("stuff", "face", "bonus", "after"), [
    ("Magibolt", 1, 1, "flipped"), ("Magibolt", 2, 2, "flipped"), ("Magibolt", 3, 2, "flipped"),
    ("Magibolt", 4, 3, "flipped"), ("Magibolt", 5, 3, "flipped"), ("Magibolt", 6, 4, "flipped"),
    ("Magibolt Potion", 1, 1, "discarded"), ("Magibolt Potion", 2, 1, "discarded"),
    ("Magibolt Potion", 3, 2, "discarded"), ("Magibolt Potion", 4, 2, "discarded"),
    ("Magibolt Potion", 5, 3, "discarded"), ("Magibolt Potion", 6, 3, "discarded"),
    ("Lucky Rat's Tail", 2, 0, "discarded"), ("Lucky Rat's Tail", 3, 0, "discarded"),
    ("Lucky Rat's Tail", 4, 2, "discarded"), ("Lucky Rat's Tail", 5, 2, "discarded"),
    ("Lucky Rat's Tail", 6, 4, "discarded"),
    ("Mind Control Spell", 2, 4, "flipped"), ("Mind Control Spell", 3, 4, "flipped"),
    ("Mind Control Spell", 4, 4, "flipped"),
])
def test_each_stuff_die_face_gives_cp_for_the_adventure(stuff: str, face: int, bonus: int,
                                                        after: str) -> None:
    game = round_game([char("ME Wizard", stuff)], [char("ME Rogue")])
    worn = 1 if stuff == "Magibolt" else 0  # the Magibolt is +1 CP on both sides (rk-9)
    assert cp_of(game, 0, 0) == 2 + worn
    act(game, "stuff_die")
    assert texts(game) == [f"Roll the STUFF DIE of {stuff} on ME Wizard"]
    act(game, "use_stuff", 0, 0)
    roll(game, face)
    assert cp_of(game, 0, 0) == 2 + worn + bonus
    if after == "flipped":
        assert group(game, 0) == [("ME Wizard", False, ((stuff, True),))]
    else:
        assert group(game, 0) == [("ME Wizard", False)] and discard(game) == [stuff]


@pytest.mark.parametrize("stuff", ["Lucky Rat's Tail", "Mind Control Spell"])
def test_a_stuff_die_face_1_flips_its_own_character(stuff: str) -> None:
    game = round_game([char("ME Wizard", stuff)], [char("ME Rogue")])
    act(game, "stuff_die")
    act(game, "use_stuff", 0, 0)
    roll(game, 1)
    assert group(game, 0)[0][:2] == ("ME Wizard", True)


@pytest.mark.parametrize("face", [5, 6])
def test_mind_control_5_6_takes_an_opponents_character_out(face: int) -> None:
    game = round_game([char("ME Wizard", "Mind Control Spell")],
                      [char("ME Rogue"), char("Rikki Rogue")])
    act(game, "stuff_die")
    act(game, "use_stuff", 0, 0)
    roll(game, face)
    assert texts(game) == ["Put ME Rogue (Player 2) out of this ADVENTURE",
                           "Put Rikki Rogue (Player 2) out of this ADVENTURE"]
    act(game, "target", "character", 1, 1)
    assert position(game)["cp"] == [2, 2]
    assert group(game, 0) == [("ME Wizard", False, (("Mind Control Spell", True),))]


def test_rk41_a_stuff_die_rolls_flipped_or_not_again_and_again_on_a_participant() -> None:
    # both the Magibolt and the flipped Tail may roll; Rikki, out of the ADVENTURE, may not
    game = round_game([char("ME Priest", "Magibolt", ("Lucky Rat's Tail", True)),
                       char("Rikki Rogue", "Magibolt Potion")],
                      [char("ME Rogue")],
                      modifiers=({"kind": "not_participating", "character": [0, 1],
                                  "source": "Cave-In"},))
    act(game, "stuff_die")
    assert offers(game) == [("use_stuff", (0, 0)), ("use_stuff", (0, 1))]
    act(game, "use_stuff", 0, 0)
    roll(game, 3)
    act(game, "pass")
    act(game, "stuff_die")  # the flipped Magibolt again: the flip discards it
    assert offers(game) == [("use_stuff", (0, 0)), ("use_stuff", (0, 1))]


# ---- every ADVENTURE's rules --------------------------------------------------------------------

def test_the_gnawed_gate_allows_no_reinforcements() -> None:
    game = round_game([char("ME Priest")], [char("ME Rogue")], adventure="The Gnawed Gate",
                      hands=[["Rikki Rogue", "Wererat"], []])
    assert ("reinforcement", ()) not in offers(game) and ("encounter", ()) in offers(game)


def test_the_cheese_vault_gives_every_f_character_1_cp() -> None:
    game = round_game([char("ME Priest"), char("Rikki Rogue"), char("Sylvi Archer")],
                      [char("ME Rogue"), char("Jeff Squire")], adventure="The Cheese Vault")
    assert position(game)["cp"] == [2 + 4 + 4, 2 + 2]


def test_the_rat_kings_hoard_winner_draws_two() -> None:
    game = round_game([char("ME Priest")], [char("ME Rogue")], adventure="The Rat-King's Hoard")
    finish(game, 5, 1)
    assert game.pending.seen_by == 0
    draws(game, "Familiar", "Battle Axe")
    assert position(game)["hands"][0] == ["Familiar", "Battle Axe"] and ap(game) == [3, 0]


# ---- the rulebook's example ---------------------------------------------------------------------

def _hidden_nest():
    """Seed 002, lines 64-65: Tisha (Player 1), Eric (Player 2) and Tim (Player 3)."""
    return scenario(
        [char("ME Priest", "Magibolt"), char("Rikki Rogue", "Bow & Arrows")],
        [char("ME Rogue", "Battle Axe")],
        [char("ME Wizard", "Mind Control Spell"), char("Tinki Mercenary")],
        hands=[["The Hidden Nest", "Cave-In", "Wererat", "Narrow Passage", "Ratling Swarm"],
               ["Jeff Squire"], []],
        discard=["Magibolt Potion"], draw_pile=["Desertion"])


def test_rk29_the_hidden_nest_played_through_reaches_16_5_and_8_lines_64_69() -> None:
    game = _hidden_nest()
    # line 65: ME Priest 2 with the Magibolt's +1 ("3CP"), Rikki 3 with the Bow's +2 ("5CP")
    assert position(game)["cp"] == [2 + 1 + 3 + 2, 2 + 3, 2 + 2]
    act(game, "adventure")
    act(game, "play_adventure", "The Hidden Nest")
    # Tisha uses her Magibolt Spell, rolls a 2, +2 CP, flips her spell: 10 CP
    act(game, "stuff_die")
    act(game, "use_stuff", 0, 0)
    roll(game, 2)
    assert position(game)["cp"][0] == 10
    # Eric plays Jeff Squire as a REINFORCEMENT (line 66's "MERCENARY", ruling rk-5)
    act(game, "reinforcement")
    act(game, "play_reinforcement", "Jeff Squire")
    # Tim flips his Mind Control Spell and rolls a 2: +4 CP on his ME card: 8 CP
    act(game, "stuff_die")
    act(game, "use_stuff", 0, 0)
    roll(game, 2)
    assert position(game)["cp"] == [10, 2 + 3 + 2, 8]
    act(game, "pass")
    act(game, "pass")
    act(game, "pass")
    roll(game, 6, 1, 2)  # Tisha 6, Eric 1, Tim 2
    result = last(game)
    assert result["rolls"] == [6, 1, 2]
    # Tisha: 3 (ME 2, the flipped Magibolt 1) + 5 (Rikki) + 2 (spell) + 6 = 16; Eric: 5 (ME,
    # flipped: 2 + axe 3) - 1 (Jeff, flipped) + 1 = 5 by rk-5 (the rulebook's 6 leaves Jeff
    # out); Tim: 6 (ME) + 2 = 8
    assert result["totals"] == [16, 5, 8]
    assert result["characters"] == [[["ME Priest", 5], ["Rikki Rogue", 5]],
                                    [["ME Rogue", 5], ["Jeff Squire", -1]], [["ME Wizard", 6]]]
    assert logged(game, "Jeff Squire (Player 2) is flipped (CHARACTER die 6, rolled by Player "
                        "1's 6)")
    assert logged(game, "Tinki Mercenary (Player 3) is discarded (flipped, and it has no "
                        "flipped value)")
    assert log_lines(game, "'s total:") == [
        "Player 1's total: ME Priest 5 + Rikki Rogue 5 + die 6 = 16",
        "Player 2's total: ME Rogue 5 + Jeff Squire -1 + die 1 = 5",
        "Player 3's total: ME Wizard 6 + die 2 = 8"]
    assert result["winner"] == 0 and ap(game) == [1, 0, 0]
    # the star S: she takes the Magibolt Potion from the discard pile onto her ME card
    assert game.phase == "adventure.sunburst" and game.current_player == 0
    act(game, "take_stuff", "Magibolt Potion", 0, 0, None)
    view = position(game)
    assert view["groups"] == [
        [char("ME Priest", ("Magibolt", True), "Magibolt Potion"),
         char("Rikki Rogue", "Bow & Arrows")],
        [char("ME Rogue", "Battle Axe", flipped=True)],
        [char("ME Wizard", ("Mind Control Spell", True), flipped=True)]]
    assert view["adventures_won"] == [["The Hidden Nest"], [], []]
    assert view["discard"] == ["Tinki Mercenary", "Jeff Squire"]
    assert view["ap"] == [1, 0, 0] and view["in_play"] == []


def test_rk40_ap_count_for_the_groups_owner_flipped_or_not_while_the_card_stays() -> None:
    game = round_game([char("ME Priest", ("Rat-King's Crown", True)),
                       char("Jeff Squire", events=("Familiar",), flipped=True,
                            reinforcement=True)],
                      [char("ME Rogue", "Gilded Rat Idol")])
    # a flipped Crown still counts; the Idol on Player 2's card counts for him; the Familiar on
    # the REINFORCEMENT for nobody ("not officially in your group", line 26; issue 45)
    assert ap(game) == [2, 1]
    finish(game, 1, 5)
    assert ap(game) == [2, 2]  # the REINFORCEMENT left with the Familiar; Player 2 won the Nest
