"""Adventurers' SETUP, the Draw, Research and Travel Phases, the chain of Travel and Location
cards, victory, and rulings adv-22, adv-25..adv-30, adv-34, adv-36..adv-38.

Expected values come from the seed (seed 001, cited by line) or docs/rulings.md; every die and
draw is forced.
"""

from __future__ import annotations

from fractions import Fraction

import explorer
from tests.adventurers.helpers import (
    DATA,
    adv,
    choose,
    draw,
    game_at,
    is_turn_of,
    logged,
    names,
    options,
    others_hold,
    roll,
    scenario,
)

# ---- SETUP (lines 15-19) --------------------------------------------------------------------


def test_setup_each_player_picks_one_of_the_13_adventurer_types() -> None:
    game = explorer.new_game("adventurers", players=2, seed=1)
    assert game.phase == "setup.profession" and game.current_player == 0
    texts = options(game)
    assert len(texts) == 13  # lines 22-35
    assert texts[0] == "Actor: +1D6 vs Person cards if not using a weapon card"
    assert "Sea Captain: +1D6 vs Water Encounters" in texts
    choose(game, "Trapper")
    assert game.current_player == 1


def test_adv_26_two_players_may_pick_the_same_profession() -> None:
    game = explorer.new_game("adventurers", players=2, seed=1)
    choose(game, "Trapper")
    assert "Trapper: +1D6 vs Animal Encounters" in options(game)
    choose(game, "Trapper")
    assert [a.profession for a in game.state.adventurers] == ["Trapper", "Trapper"]


def test_setup_deals_5_cards_each_from_the_whole_deck() -> None:
    game = explorer.new_game("adventurers", players=2, seed=1)
    choose(game, "Actor")
    choose(game, "Gangster")
    assert game.phase == "setup.draw"
    outcomes = game.chance_outcomes()  # 114 cards, one of each (lines 87-200)
    assert len(outcomes) == 114 and {p for _, p in outcomes} == {Fraction(1, 114)}
    draw(game, "Tiger", "Temple", "Hide", "Revolver", "Safari")
    assert adv(game, 0).hand == ["Tiger", "Temple", "Hide", "Revolver", "Safari"]
    assert len(game.chance_outcomes()) == 109
    for _ in range(5):
        game.step()
    assert len(adv(game, 1).hand) == 5 and game.phase == "setup.first player"


def _through_setup_draws(game: explorer.Game) -> None:
    for _ in range(game.players):
        choose(game, "Reporter")
    for _ in range(5 * game.players):
        game.step()


def test_adv_27_first_player_is_the_high_1d6_and_ties_roll_again() -> None:
    game = explorer.new_game("adventurers", players=3, seed=2)
    _through_setup_draws(game)
    assert roll(game, 5, "First-player roll for Player 1").dice == "1D6"  # line 19
    roll(game, 5, "First-player roll for Player 2")
    roll(game, 2, "First-player roll for Player 3")
    roll(game, 3, "First-player roll for Player 1")  # the tie rolls again, player 3 not
    roll(game, 6, "First-player roll for Player 2")
    assert game.state.order == [1, 2, 0] and is_turn_of(game, 1)
    assert logged(game, "Player 2 goes first; play passes to the left")


def test_adv_25_the_opponent_to_the_right_is_the_player_before_you() -> None:
    game = scenario([{"profession": "Actor", "hand": ["Chase Scene"]},
                     {"profession": "Actor", "hand": ["Gangsters"]},
                     {"profession": "Actor", "hand": ["Tarantula"]}],
                    at="encounter", order=[0, 2, 1])
    # Turn order 1, 3, 2: Player 1's right-hand opponent is Player 2, who plays last.
    assert game.current_player == 1 and game.phase == "encounter.play"
    assert options(game) == ["Play Gangsters (Encounter: Enemy Force = 3: Anywhere) on "
                             "Player 1", "Play no Encounter card"]
    choose(game, "Play no Encounter card")
    assert is_turn_of(game, 2)  # Player 3 plays next, and Player 1 is to his right
    draw(game, "Tiger", "Temple")
    assert game.phase == "encounter.play" and game.current_player == 0


# ---- DRAW PHASE (lines 46-49) ---------------------------------------------------------------


def test_draw_phase_draws_2_cards() -> None:
    game = game_at("turn", hand=["Tiger"])
    assert game.phase == "draw"
    draw(game, "Temple", "Safari")
    assert adv(game).hand == ["Tiger", "Temple", "Safari"]
    assert logged(game, "Draws Temple, Safari")


def test_adv_28_hand_size_5_discard_excess_of_the_players_choice() -> None:
    game = game_at("turn", hand=["Tiger", "Temple", "Hide", "Revolver"])
    draw(game, "Safari", "Mines")
    assert game.phase == "draw.hand limit" and game.current_player == 0
    assert names(game, "discard") == ["Tiger", "Temple", "Hide", "Revolver", "Safari", "Mines"]
    choose(game, "Discard Tiger")
    assert adv(game).hand == ["Temple", "Hide", "Revolver", "Safari", "Mines"]
    assert game.state.deck.discard == ["Tiger"] and game.phase == "research.before"


def test_reporter_hand_size_is_7() -> None:
    game = game_at("turn", profession="Reporter",
                   hand=["Tiger", "Temple", "Hide", "Revolver", "Mines"])
    draw(game, "Safari", "Camels")  # 7 cards: line 32, "Hand size +2"
    assert len(adv(game).hand) == 7 and game.phase == "travel"


def test_adv_28_the_hand_size_is_checked_in_the_draw_phase_only() -> None:
    # Museum Curator plays Read Hieroglyphics: 5 new cards, then his extra card (line 29): 6
    # cards after the Draw Phase are kept until the next one.
    game = game_at("research.before", profession="Museum Curator",
                   hand=["Read Hieroglyphics", "Tiger"])
    choose(game, "Play Read Hieroglyphics")
    draw(game, "Temple", "Mines", "Safari", "Camels", "Hide", "Revolver")
    assert adv(game).hand == ["Temple", "Mines", "Safari", "Camels", "Hide", "Revolver"]
    assert game.phase == "travel"


def test_private_investigator_draws_an_extra_card_and_discards_one() -> None:
    game = game_at("turn", profession="Private Investigator", hand=["Tiger"])
    draw(game, "Temple", "Safari", "Hide")  # 2 + 1 (line 31)
    assert game.phase == "draw.discard"
    choose(game, "Discard Tiger")
    assert adv(game).hand == ["Temple", "Safari", "Hide"]
    assert game.phase == "travel"  # 3 cards: within the hand size; no research card to play


def test_the_deck_runs_out_the_discard_is_shuffled_and_drawn() -> None:
    rest = others_hold("Tiger", "Temple", "Hide")
    game = scenario([{"profession": "Actor"}, {"profession": "Reporter", "hand": rest}],
                    at="turn", top=["Tiger"], discard=["Temple", "Hide"])
    # First card: Tiger, known on top; then the deck is empty: the discard becomes the deck.
    assert game.is_chance and [str(o) for o, _ in game.chance_outcomes()] == ["Temple", "Hide"]
    assert logged(game, "The deck ran out: the discard pile is shuffled")
    draw(game, "Hide")
    assert adv(game).hand == ["Tiger", "Hide"] and game.state.deck.pile == {"Temple": 1}


def test_adv_29_no_deck_and_no_discard_pile_no_card() -> None:
    rest = others_hold("Tiger")
    game = scenario([{"profession": "Actor"}, {"profession": "Reporter", "hand": rest}],
                    at="turn", top=["Tiger"])
    assert adv(game).hand == ["Tiger"]
    assert logged(game, "The deck and the discard pile are empty: no card")


def test_adv_29_looking_at_cards_never_reshuffles() -> None:
    rest = others_hold("Museum", "Nazi Spy", "Tiger", "Temple", "Hide")
    game = scenario([{"profession": "Actor", "hand": ["Museum", "Nazi Spy"]},
                     {"profession": "Reporter", "hand": rest}],
                    at="research.before", discard=["Hide"])
    choose(game, "Play Museum")
    draw(game, "Temple", "Tiger")  # the last two cards; the discard pile stays a pile
    assert logged(game, "Looks at the next 10 cards of the deck: Temple, Tiger")
    assert game.state.deck.top == ["Temple", "Tiger"]
    assert game.state.deck.discard == ["Hide", "Museum"]


# ---- RESEARCH PHASE (lines 51-52) -----------------------------------------------------------


def test_adv_34_research_cards_and_cards_with_their_effects_any_number() -> None:
    hand = ["Museum", "Translator", "Saboteur", "Decipher Engravings", "Temple"]  # 5: line 48
    game = game_at("research.before", hand=hand)
    assert names(game, "research") == ["Museum", "Translator", "Saboteur",
                                       "Decipher Engravings"]
    assert options(game)[-1] == "End the Research Phase"
    choose(game, "Play Translator")
    choose(game, "Player 2")
    assert game.phase == "research.before"
    choose(game, "Play Museum")
    for _ in range(10):
        game.step()
    assert game.phase == "research.before"  # still: two cards played, more may follow
    choose(game, "End the Research Phase")
    assert game.phase == "research.after"  # Temple cannot start a chain; no encounter


def test_the_research_phase_comes_again_after_the_encounter_phase() -> None:
    game = game_at("encounter", hand=["Museum"])
    assert game.phase == "research.after" and names(game, "research") == ["Museum"]
    assert DATA.phases == ("Draw", "Research", "Travel", "Encounter", "Research")


def test_a_played_research_card_is_discarded() -> None:
    game = game_at("research.before", hand=["Nazi Spy", "Tiger"],
                   others=[{"profession": "Reporter", "hand": ["Temple", "Hide"]}])
    choose(game, "Play Nazi Spy")
    choose(game, "Player 2")
    assert logged(game, "Looks at Player 2's hand: Temple, Hide")
    assert game.state.deck.discard == ["Nazi Spy"] and adv(game).hand == ["Tiger"]


def test_adv_37_college_professor_discards_a_card_to_look_at_4_once_a_phase() -> None:
    game = game_at("research.before", hand=["Tiger", "Temple"], top=["Hide"])
    advantage = "College Professor: Discard a card to look at the next 4 cards in the deck"
    assert options(game) == [advantage, "End the Research Phase"]
    choose(game, "College Professor")
    choose(game, "Discard Tiger")
    draw(game, "Safari", "Mines", "Camels")  # Hide is known; three more are seen
    assert game.state.deck.top == ["Hide", "Safari", "Mines", "Camels"]
    assert logged(game, "Looks at the next 4 cards of the deck: Hide, Safari, Mines, Camels")
    assert adv(game).hand == ["Temple"]
    # No second look this phase; Temple cannot start a chain; no encounter is played: the
    # next Research Phase offers the look again.
    assert game.phase == "research.after" and options(game)[0] == advantage


def test_adv_36_museum_curator_draws_after_a_research_cards_effect() -> None:
    game = game_at("research.before", profession="Museum Curator",
                   hand=["Treasure Map", "Decipher Engravings"], top=["Hide"])
    choose(game, "Play Treasure Map")
    draw(game, "Temple", "Tiger", "Safari", "Mines")
    choose(game, "Keep Temple")
    # The extra card is drawn after the effect: the next card, Hide (known on top).
    assert adv(game).hand == ["Decipher Engravings", "Temple", "Hide"]
    assert game.state.deck.top == ["Tiger", "Safari", "Mines"]
    choose(game, "Play Decipher Engravings")  # an Action card: no extra card (line 29)
    draw(game, "Camels", "Horses")  # after Tiger, Safari and Mines, known on top
    assert adv(game).hand == ["Tiger", "Safari", "Mines", "Camels", "Horses"]
    assert game.phase == "travel"


# ---- TRAVEL PHASE (lines 54-58) --------------------------------------------------------------


def test_adv_30_the_first_card_must_be_a_travel_card() -> None:
    game = game_at("travel", hand=["Temple", "Safari", "Tiger"])
    assert options(game) == ["Play Safari (Travel: Ground)", "Play no Travel or Location card"]


def test_a_location_only_on_a_travel_card_and_a_travel_card_on_anything() -> None:
    game = game_at("travel", hand=["Temple", "Camels"], chain=["Safari", "Jungle"])
    assert names(game, "travel") == ["Camels"]  # line 58: not on the Jungle
    game = game_at("travel", hand=["Temple", "Camels"], chain=["Safari"])
    assert names(game, "travel") == ["Temple", "Camels"]  # Travel on Travel too
    choose(game, "Play Temple")
    assert adv(game).chain == ["Safari", "Temple"] and adv(game).locations == 1


def test_the_travel_phase_may_be_passed() -> None:
    game = game_at("travel", hand=["Camels"])
    choose(game, "Play no Travel or Location card")
    assert adv(game).chain == [] and adv(game).hand == ["Camels"]


def test_facing_an_encounter_skips_the_travel_phase() -> None:
    game = game_at("travel", hand=["Camels"], chain=["Safari"],
                   encounter={"card": "Chase Scene", "by": 1})
    assert game.phase == "encounter.roll"  # no Travel decision (line 55)
    assert logged(game, "Faces Chase Scene: skips the Travel Phase")


def test_adv_22_the_fifth_location_must_be_ancient_and_wins_at_once() -> None:
    chain = ["Safari", "Jungle", "Camels", "Desert", "Horses", "Hotel", "Train", "Docks",
             "Zeppelin"]
    game = game_at("travel", hand=["Camp", "Temple"], chain=chain)
    assert names(game, "travel") == ["Temple"]  # Camp is not Ancient (line 13)
    choose(game, "Play Temple")
    assert game.is_over and game.winners == [0] and game.scores == [5, 0]
    assert logged(game, "has visited 5 locations, the last Ancient")


def test_daredevil_pilot_draws_when_playing_a_travel_card() -> None:
    game = game_at("travel", profession="Daredevil Pilot", hand=["Camels"])
    choose(game, "Play Camels")
    draw(game, "Temple")  # line 26
    assert adv(game).hand == ["Temple"]


def test_occult_expert_draws_when_playing_an_ancient_location_only() -> None:
    game = game_at("travel", profession="Occult Expert", hand=["Temple"], chain=["Safari"])
    choose(game, "Play Temple")
    draw(game, "Camels")  # line 30; ruling adv-17
    assert adv(game).hand == ["Camels"]
    game = game_at("travel", profession="Occult Expert", hand=["Hotel"], chain=["Safari"])
    choose(game, "Play Hotel")
    assert adv(game).hand == [] and is_turn_of(game, 1)


def test_adv_38_when_no_one_can_still_win_the_most_locations_win() -> None:
    # Player 1 plays Palace: every Ancient location is then in a chain (lines 151-161), so no
    # fifth location can be Ancient.
    game = scenario([{"profession": "Actor", "hand": ["Palace"],
                      "chain": ["Train", "Ziggurat", "Motorcycle"]},
                     {"profession": "Actor", "chain": ["Safari", "Temple", "Camels", "Mines",
                                                       "Horses", "Pyramid", "Hiking", "Caves"]},
                     {"profession": "Actor", "chain": ["Balloon", "Archeological Dig",
                                                       "Biplane", "Fortress", "Seaplane",
                                                       "Catacombs"]}], at="travel")
    choose(game, "Play Palace")
    assert game.is_over and game.scores == [2, 4, 3] and game.winners == [1]
    assert logged(game, "No adventurer can still visit a fifth location")


def test_adv_38_a_tie_goes_to_the_first_to_visit_that_many() -> None:
    game = scenario([{"profession": "Actor", "hand": ["Palace"], "chain": ["Motorcycle"]},
                     {"profession": "Actor", "chain": ["Safari", "Temple", "Camels", "Mines",
                                                       "Horses", "Pyramid", "Hiking"]},
                     {"profession": "Actor", "chain": ["Train", "Archeological Dig",
                                                       "Balloon", "Fortress", "Biplane",
                                                       "Catacombs", "Seaplane"]}],
                    at="turn", order=[1, 2, 0], active=1)
    draw(game, "Caves", "Camp")
    choose(game, "Play Caves")  # Player 2 visits his fourth location first
    assert is_turn_of(game, 2)
    draw(game, "Ziggurat", "Jungle")
    choose(game, "Play Ziggurat")  # then Player 3
    assert is_turn_of(game, 0)
    draw(game, "Desert", "Marketplace")
    choose(game, "Play Palace")  # the last Ancient location: no one can win any more
    assert game.is_over and game.scores == [1, 4, 4] and game.winners == [1]
