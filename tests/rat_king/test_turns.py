"""Lair of the Rat-King's setup and regular turns against the rulebook (seed 002, lines 13-26):
the deal, the draw to five and its reshuffle, each of the six actions, the group limit, the
end at 7 AP and at the last card of the draw pile, and the turns that pass.

Expected positions are worked out by hand from the rulebook's words and the rulings, never
read from the rules under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from explorer.engine import Outcome
from explorer.errors import IllegalAction
from explorer.games.rat_king.position import position

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
    others,
    scenario,
    texts,
)

# ---- setup --------------------------------------------------------------------------------------


def test_rk23_setup_me_cards_at_random_the_rest_set_aside_a_random_dealer_deals_from_his_left(
) -> None:
    game = explorer.new_game("rat_king", players=3, seed=1)
    assert game.pending.label == "Player 1's ME card at random"
    assert [(str(o), p) for o, p in game.chance_outcomes()] == [
        ("ME Priest", Fraction(1, 4)), ("ME Rogue", Fraction(1, 4)),
        ("ME Wizard", Fraction(1, 4)), ("ME Warrior", Fraction(1, 4))]
    draws(game, "ME Wizard")
    assert [str(o) for o, _ in game.chance_outcomes()] == ["ME Priest", "ME Rogue", "ME Warrior"]
    draws(game, "ME Priest", "ME Warrior")
    view = position(game)
    assert view["groups"] == [[char("ME Wizard")], [char("ME Priest")], [char("ME Warrior")]]
    assert view["set_aside"] == ["ME Rogue"]  # out of the game, not shuffled in
    assert view["draw_pile"] == 56 and view["hands"] == [[], [], []]
    assert game.pending.label == "Choose the dealer at random"
    assert [p for _, p in game.chance_outcomes()] == [Fraction(1, 3)] * 3
    game.step(Outcome("dealer", (1,)))  # Player 2 deals
    for seat in (2, 0, 1):  # from the dealer's left, 4 each, each card seen by its receiver
        for _ in range(4):
            assert game.phase == "setup.deal" and game.pending.seen_by == seat
            assert sum(game.pending.weights) == position(game)["draw_pile"]
            game.step()
    view = position(game)
    assert [len(h) for h in view["hands"]] == [4, 4, 4] and view["draw_pile"] == 44
    assert view["dealer"] == 1 and logged(game, "Player 3, to the dealer's left, goes first")
    # Player 3's first turn: draw to five
    assert game.phase == "turn.draw" and game.pending.seen_by == 2
    game.step()
    assert game.phase == "turn" and game.current_player == 2
    assert len(position(game)["hands"][2]) == 5


def test_five_players_are_refused_until_decks_can_be_combined() -> None:
    with pytest.raises(IllegalAction, match=r"2 to 4 players; found 5 \(one set has 4 ME cards; "
                                            "more players need combined decks"):
        explorer.new_game("rat_king", players=5)
    with pytest.raises(IllegalAction, match="found 1"):
        explorer.new_game("rat_king", players=1)


def test_the_only_option_is_a_card_folder() -> None:
    with pytest.raises(IllegalAction, match="rat_king takes the option"):
        explorer.new_game("rat_king", speed="fast")


# ---- the draw to five and the reshuffle ---------------------------------------------------------

def test_a_turn_starts_by_drawing_to_five_each_draw_over_the_draw_pile_seen_by_the_drawer() -> None:
    game = scenario([char("ME Priest")], [char("ME Rogue")],
                    hands=[["Rikki Rogue", "Familiar"], full([])])
    assert game.phase == "turn.draw"
    for left in (49, 48, 47):  # 56 - 2 - 5
        pending = game.pending
        assert pending.seen_by == 0 and pending.hidden == "a card for Player 1"
        assert sum(pending.weights) == left == position(game)["draw_pile"]
        assert "Rikki Rogue" not in [str(o) for o in pending.outcomes]
        game.step()
    assert game.phase == "turn" and len(position(game)["hands"][0]) == 5
    assert position(game, 1)["hands"][0] == 5  # the other seat sees a count


def test_a_draw_from_an_empty_draw_pile_reshuffles_the_discard_pile_and_goes_on_line_16(
) -> None:
    # the draw pile is empty (no draw emptied it), the discard pile holds the rest; Player 1
    # draws 5 (ruling rk-32)
    rest = [n for n in others() if n not in FILLER_P2]
    game = scenario([char("ME Priest")], [char("ME Rogue")], hands=[[], FILLER_P2],
                    discard=rest)
    assert logged(game, "The draw pile is empty: the discard pile is shuffled into a new draw "
                        "pile")
    assert position(game)["discard"] == [] and position(game)["draw_pile"] == len(rest)
    draws(game, "Sylvi Archer", "Gimra Tunneler", "Familiar", "Desertion", "Tavern Rest")
    assert not game.is_over and game.phase == "turn"
    assert position(game)["draw_pile"] == len(rest) - 5
    assert position(game)["hands"][0] == ["Sylvi Archer", "Gimra Tunneler", "Familiar",
                                          "Desertion", "Tavern Rest"]


FILLER_P2 = ["Narrow Passage", "Echoing Darkness", "Cave-In", "Lost in the Sewers", "Wererat"]


def _last_cards(pile: list[str], hands: list[list[str]], won: list[list[str]] | None = None,
                **more):
    used = pile + [c for h in hands for c in h] + [c for w in (won or []) for c in w]
    return scenario([char("ME Priest")], [char("ME Rogue")], hands=hands,
                    discard=others(*used), adventures_won=won or [[], []], **more)


def test_rk32_the_game_ends_when_a_draw_takes_the_last_card_of_the_draw_pile() -> None:
    # Player 1 holds 3 cards and draws 2: the pile's last 2 (line 9); Player 2 has 1 AP
    game = _last_cards(["Sylvi Archer", "Gimra Tunneler"],
                       [["Familiar", "Desertion", "Tavern Rest"], FILLER_P2],
                       won=[[], ["The Hidden Nest"]])
    draws(game, "Gimra Tunneler", "Sylvi Archer")
    assert game.is_over and game.winners == [1] and game.scores == [0, 1]
    assert logged(game, "The last card of the draw pile is drawn: the game ends at 0 to 1 AP")
    assert position(game)["draw_pile"] == 0 and position(game)["phase"]["id"] == "over"


def test_rk32_a_tie_when_the_draw_pile_runs_out_is_shared() -> None:
    game = _last_cards(["Sylvi Archer"], [["Familiar", "Desertion", "Tavern Rest", "Magibolt"],
                                          FILLER_P2])
    draws(game, "Sylvi Archer")
    assert game.is_over and game.winners == [0, 1]


def test_rk32_any_draw_counts_a_turn_option_that_takes_the_last_card_ends_the_game() -> None:
    game = scenario([char("ME Wizard")], [char("ME Rogue")], hands=[full([]), full([], skip=5)],
                    discard=others("Sylvi Archer", *full([]), *full([], skip=5)))
    assert position(game)["draw_pile"] == 1
    act(game, "option")
    act(game, "use_option", 0)
    draws(game, "Sylvi Archer")
    assert game.is_over and logged(game, "The last card of the draw pile is drawn")


def test_rk32_with_both_piles_empty_a_draw_draws_nothing() -> None:
    from explorer.games.rat_king.common import Ctx

    game = _last_cards(["Sylvi Archer"], [["Familiar", "Desertion", "Tavern Rest", "Magibolt"],
                                          FILLER_P2])
    state = game.state
    ctx = Ctx(state, state._data)
    state.pile.cards.clear()
    state.discard.clear()
    steps = ctx.draw(0, 2)
    with pytest.raises(StopIteration) as done:
        next(steps)
    assert done.value.value == [] and logged(game, "no more cards to draw")


# ---- the actions --------------------------------------------------------------------------------

def test_the_turn_offers_the_six_actions_by_their_pinned_names() -> None:
    from explorer.games.rat_king.turn import TURN_ACTIONS

    assert TURN_ACTIONS == ("character", "stuff", "event", "adventure", "unflip", "option")
    game = scenario([char("ME Priest"), char("Rikki Rogue", flipped=True), char("Tinki Mercenary")],
                    [char("ME Rogue")],
                    hands=[["Jeff Squire", "Bow & Arrows", "Familiar", "The Hidden Nest",
                            "Wererat"], full([], skip=5)])
    assert offers(game) == [(name, ()) for name in TURN_ACTIONS]
    assert texts(game) == [
        "Play a CHARACTER into a group", "Play or replace a STUFF on a CHARACTER",
        "Play an EVENT on a CHARACTER or a group", "Play an ADVENTURE",
        "Discard up to 3 of your cards in play to unflip your cards",
        "Use a CHARACTER's turn option"]


def test_encounters_cannot_be_played_in_a_regular_turn_line_72() -> None:
    game = scenario([char("ME Warrior")], [char("ME Rogue")],
                    hands=[full(["Familiar"]), full([], skip=5)])
    assert offers(game) == [("event", ())]  # the four ENCOUNTERS in hand offer nothing


def test_tisha_plays_rikki_and_her_band_is_worth_5_cp_line_24() -> None:
    # line 24: "the ME Priest CHARACTER (2 CP)", face up (ruling rk-2)
    game = scenario([char("ME Priest")], [char("ME Rogue")],
                    hands=[full(["Rikki Rogue"]), full([], skip=5)])
    act(game, "character")
    assert texts(game) == ["Play Rikki Rogue into your group",
                           "Play Rikki Rogue into Player 2's group"]
    act(game, "play_character", "Rikki Rogue", 0)
    assert group(game, 0) == [("ME Priest", False), ("Rikki Rogue", False)]
    assert position(game)["cp"][0] == 5
    assert logged(game, "Player 1 plays Rikki Rogue into Player 1's group")
    assert game.current_player is None and game.phase == "turn.draw"  # Player 2's turn


def test_the_bow_and_arrows_on_rikki_line_47() -> None:
    game = scenario([char("ME Priest"), char("Rikki Rogue")], [char("ME Rogue")],
                    hands=[full(["Bow & Arrows"]), full([], skip=5)])
    act(game, "stuff")
    # Red, Green and Tan STUFF: Rikki and the ME Rogue are Green, the ME Priest White
    assert texts(game) == ["Put Bow & Arrows on Rikki Rogue (Player 1)",
                           "Put Bow & Arrows on ME Rogue (Player 2)"]
    act(game, "play_stuff", "Bow & Arrows", 0, 1, None)
    assert cp_of(game, 0, 1) == 5
    assert group(game, 0) == [("ME Priest", False), ("Rikki Rogue", False,
                                                     (("Bow & Arrows", False),))]
    assert logged(game, "Player 1 puts Bow & Arrows on Rikki Rogue (Player 1)")


def test_the_familiar_on_the_me_wizard_line_52() -> None:
    game = scenario([char("ME Wizard")], [char("ME Rogue")],
                    hands=[full(["Familiar"]), full([], skip=5)])
    act(game, "event")
    assert texts(game) == ["Play Familiar on ME Wizard (Player 1)",
                           "Play Familiar on ME Rogue (Player 2)"]
    act(game, "play_event", "Familiar", 0, 0)
    assert cp_of(game, 0, 0) == 4 and ap(game) == [1, 0]
    assert group(game, 0) == [("ME Wizard", False, ("Familiar",))]


def test_replacing_a_stuff_discards_the_replaced_one_line_42() -> None:
    game = scenario([char("ME Warrior"), char("Jeff Squire", "Rusty Shortsword")],
                    [char("ME Rogue")], hands=[full(["Throwing Knives"]), full([], skip=5)])
    act(game, "stuff")
    assert "Put Throwing Knives on Jeff Squire (Player 1), replacing Rusty Shortsword" in texts(
        game)
    act(game, "play_stuff", "Throwing Knives", 0, 1, 0)
    assert group(game, 0)[1] == ("Jeff Squire", False, (("Throwing Knives", False),))
    assert discard(game) == ["Rusty Shortsword"]


def test_the_2_player_group_limit_counts_4_characters_and_not_reinforcements_line_18() -> None:
    full_group = [char("ME Warrior"), char("Jeff Squire"), char("Sylvi Archer"),
                  char("Rikki Rogue")]
    game = scenario(full_group, [char("ME Rogue")],
                    hands=[full(["Tinki Mercenary"]), full([], skip=5)])
    act(game, "character")
    assert texts(game) == ["Play Tinki Mercenary into Player 2's group"]
    # 3 or more players: no limit
    game = scenario(full_group, [char("ME Rogue")], [char("ME Wizard")],
                    hands=[full(["Tinki Mercenary"]), full([], skip=5), []])
    act(game, "character")
    act(game, "play_character", "Tinki Mercenary", 0)
    assert len(group(game, 0)) == 5
    # a REINFORCEMENT is not officially in the group (line 26): a fifth in a full group
    game = scenario(full_group, [char("ME Rogue")], hands=[["Tinki Mercenary"], []],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    act(game, "reinforcement")
    act(game, "play_reinforcement", "Tinki Mercenary")
    assert position(game)["groups"][0][4] == char("Tinki Mercenary", reinforcement=True)


def test_unflip_discards_up_to_3_cards_one_pair_at_a_time_line_22() -> None:
    # paid with the player's cards in play, not from his hand (line 81, ruling rk-51)
    hand = ["Wererat", "Cave-In", "Familiar", "Desertion", "Magibolt Potion"]
    game = scenario([char("ME Priest", "Magibolt", flipped=True), char("Rikki Rogue", flipped=True),
                     char("Jeff Squire", ("Bow & Arrows", True), flipped=True),
                     char("Sylvi Archer")],
                    [char("ME Rogue", flipped=True)], hands=[list(hand), full([], skip=5)])
    act(game, "unflip")
    # each of his cards in play but a ME card (Magibolt, Rikki, Jeff, the Bow, Sylvi) with each
    # other flipped card of his own group (not the ME Rogue): 4 + 3 + 2 + 3 + 4
    assert len(offers(game)) == 16
    assert "Discard Magibolt on ME Priest to unflip Bow & Arrows on Jeff Squire" in texts(game)
    act(game, "unflip_pair", "stuff", 0, 0, 0, "character", 0, 0)
    assert ("stop", ()) in offers(game)
    act(game, "unflip_pair", "character", 0, 3, "character", 0, 1)
    act(game, "unflip_pair", "stuff", 0, 2, 0, "character", 0, 2)
    assert game.phase != "turn.unflip"  # 3 is the most: the action is over
    assert group(game, 0) == [("ME Priest", False), ("Rikki Rogue", False),
                              ("Jeff Squire", False)]
    assert discard(game) == ["Magibolt", "Sylvi Archer", "Bow & Arrows"]
    assert position(game)["hands"][0] == hand


def test_unflip_is_offered_only_with_a_flipped_card_and_may_stop_after_one() -> None:
    game = scenario([char("ME Priest"), char("Rikki Rogue")], [char("ME Rogue")],
                    hands=[full(["Familiar"]), full([], skip=5)])
    assert "unflip" not in [name for name, _ in offers(game)]
    game = scenario([char("ME Priest", flipped=True), char("Rikki Rogue", flipped=True),
                     char("Jeff Squire")],
                    [char("ME Rogue")], hands=[full(["Familiar"]), full([], skip=5)])
    act(game, "unflip")
    act(game, "unflip_pair", "character", 0, 2, "character", 0, 1)
    assert ("stop", ()) in offers(game)
    act(game, "stop")
    assert group(game, 0) == [("ME Priest", True), ("Rikki Rogue", False)]
    assert discard(game) == ["Jeff Squire"] and game.phase != "turn.unflip"
    # with nothing left flipped the action ends by itself
    game = scenario([char("ME Priest"), char("Rikki Rogue", flipped=True), char("Jeff Squire")],
                    [char("ME Rogue")], hands=[full(["Familiar"]), full([], skip=5)])
    act(game, "unflip")
    act(game, "unflip_pair", "character", 0, 2, "character", 0, 1)
    assert game.phase != "turn.unflip" and discard(game) == ["Jeff Squire"]


def test_rk34_a_player_with_no_action_to_take_passes_his_turn() -> None:
    game = scenario([char("ME Warrior")], [char("ME Rogue")],
                    hands=[full([]), full(["Familiar"], skip=5)])
    assert game.current_player == 1 and game.phase == "turn"
    assert logged(game, "Player 1 has no action to take: the turn passes (ruling rk-34)")


def test_rk35_a_game_where_nobody_can_act_or_draw_ends_the_most_ap_winning() -> None:
    game = scenario([char("ME Warrior")], [char("ME Priest")],
                    hands=[full([]), full([], skip=5)], adventures_won=[[], ["The Hidden Nest"]])
    assert game.is_over and game.winners == [1]
    assert logged(game, "No player can act or draw any more: the game is stuck and ends at "
                        "0 to 1 AP (ruling rk-35)")


# ---- the end at 7 AP ----------------------------------------------------------------------------

def test_the_first_to_reach_7_ap_wins_at_once_line_8() -> None:
    game = scenario([char("ME Warrior")], [char("ME Rogue")],
                    hands=[full(["Gilded Rat Idol"]), full([], skip=5)],
                    adventures_won=[["The Rat-King's Hoard", "Throne of the Rat-King"], []])
    assert ap(game) == [6, 0]
    act(game, "stuff")
    act(game, "play_stuff", "Gilded Rat Idol", 0, 0, None)
    assert game.is_over and game.winners == [0] and game.scores == [7, 0]
    assert logged(game, "Player 1 reaches 7 AP and wins")


def test_rk33_the_ap_race_is_checked_after_every_action_whoever_took_it() -> None:
    # Player 1 puts the Familiar on Player 2's ME card: Player 2 reaches 7 on Player 1's action
    game = scenario([char("ME Warrior")], [char("ME Rogue")],
                    hands=[full(["Familiar"]), full([], skip=5)],
                    adventures_won=[[], ["The Rat-King's Hoard", "Throne of the Rat-King"]])
    act(game, "event")
    act(game, "play_event", "Familiar", 1, 0)
    assert game.is_over and game.winners == [1]


def test_rk33_two_players_over_7_at_once_the_most_ap_wins_a_tie_is_shared() -> None:
    won = [["The Rat-King's Hoard", "Throne of the Rat-King", "The Cheese Vault"],
           ["The Low Tunnels", "The Flooded Cellars", "The Breeding Pits"]]
    game = scenario([char("ME Warrior")], [char("ME Rogue")],
                    hands=[full(["Royal Charter"]), full([], skip=5)], adventures_won=won)
    assert ap(game) == [8, 6]
    act(game, "event")
    act(game, "play_event", "Royal Charter", 1, None)  # on Player 2's group: both over 7
    assert game.is_over and game.winners == [0]
    assert logged(game, "Player 1 and Player 2 reach 7 AP at once: Player 1 wins with 8 AP")
    game = scenario([char("ME Warrior")], [char("ME Rogue")],
                    hands=[full(["Treasure Hoard"]), full([], skip=5)], adventures_won=won)
    act(game, "event")
    act(game, "play_event", "Treasure Hoard", 1, None)
    assert game.is_over and game.winners == [0, 1] and game.scores == [8, 8]


def test_rk50_withdrawn_the_gimra_loop_game_ends_by_its_repeated_position() -> None:
    """The game that never ended: the heuristic bot salvaging and replacing a STUFF with
    Gimra Tunneler every turn while the random bot could not act (seed as explorer.simulate
    gave it: game 36 of root seed 1). rk-50 (three rounds without a draw) is withdrawn; a
    loop ends only when a round ends in a position already seen and no choice since could
    change it (rk-54, tested by its own scenarios in test_issue45.py; since issue 45 the
    heuristic bot leaves a circle it could leave). Since unflipping is paid from play (rk-51)
    this game no longer loops: it must still end, by the rules that remain, well inside the
    bound."""
    from explorer.engine.bots import make_bot
    from explorer.simulation import bot_seed

    seed = 466517847964768084
    game = explorer.new_game("rat_king", players=2, seed=seed)
    bots = [make_bot(game, "heuristic", bot_seed(seed, 0)),
            make_bot(game, "random", bot_seed(seed, 1))]
    while not game.is_over and game.steps < 20_000:
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
    assert game.is_over and game.steps < 2_000
    assert not any("(ruling rk-50)" in e.text for e in game.log)
    aps = game.scores
    assert game.winners == [s for s in range(2) if aps[s] == max(aps)]
