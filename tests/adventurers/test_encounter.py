"""Adventurers' ENCOUNTER PHASE (seed 001, lines 60-73): matching, the Encounter and Escape
rolls, weapons on both sides, Disarm, evading, unresolved encounters, the professions' escape
dice, and rulings adv-31..adv-33.

Expected values come from the seed (cited by line) or docs/rulings.md; every die is forced.
"""

from __future__ import annotations

from typing import Any

import pytest

from explorer.engine import Game
from explorer.engine.dice import Roll
from tests.adventurers.helpers import (
    adv,
    choose,
    draw,
    game_at,
    is_turn_of,
    logged,
    names,
    options,
    pending_roll,
    roll,
)


def facing(card: str, *, weapon: str | None = None, by: int = 1) -> dict[str, Any]:
    return {"card": card, "by": by, "weapon": weapon}


def opponent(*hand: str, profession: str = "Reporter") -> list[dict[str, Any]]:
    return [{"profession": profession, "hand": list(hand)}]


# ---- playing an Encounter card (lines 61-63) ----------------------------------------------


def test_the_opponent_plays_only_encounters_that_match_the_top_card() -> None:
    hand = ["Car Chase", "Armored Car", "Tiger", "Chase Scene", "Sharks", "Thugs",
            "Barroom Brawl", "Revolver"]
    game = game_at("encounter", chain=["Safari"], others=opponent(*hand))  # Ground travel
    assert game.current_player == 1 and game.phase == "encounter.play"
    assert names(game, "encounter") == ["Armored Car", "Chase Scene", "Thugs", "Barroom Brawl"]
    assert options(game)[-1] == "Play no Encounter card"


def test_adv_11_with_no_card_face_up_only_anywhere_encounters_match() -> None:
    game = game_at("encounter", others=opponent("Thugs", "Chase Scene", "Villain", "Tiger"))
    assert names(game, "encounter") == ["Chase Scene", "Villain"]


def test_playing_an_encounter_is_optional() -> None:
    game = game_at("encounter", others=opponent("Chase Scene"))
    choose(game, "Play no Encounter card")
    assert adv(game).encounter is None and is_turn_of(game, 1)


def test_no_encounter_card_that_matches_means_no_decision() -> None:
    game = game_at("encounter", chain=["Safari"], others=opponent("Sharks", "Tiger"))
    assert is_turn_of(game, 1)


def test_the_encounter_roll_is_1d6_per_point_of_force() -> None:
    game = game_at("encounter", others=opponent("Villain"))
    choose(game, "Play Villain")
    assert adv(game).encounter.card == "Villain" and adv(game).encounter.by == 1
    assert adv(game, 1).hand == []
    spec = roll(game, 14, "Encounter roll for Villain (Force 4)")
    assert spec.dice == "4D6"  # "Force = 4" (line 186): 4D6 (lines 64-65)
    game = game_at("encounter", chain=["Safari", "Jungle"], others=opponent("Tiger"))
    choose(game, "Play Tiger")
    assert pending_roll(game).dice == "3D6"


# ---- the Escape roll (lines 68-71) ---------------------------------------------------------


def test_an_escape_roll_higher_than_the_encounter_roll_discards_it() -> None:
    game = game_at("encounter", encounter=facing("Chase Scene"))
    roll(game, 10, "Encounter roll")
    spec = roll(game, 11, "Escape roll")
    assert spec.dice == "3D6" and spec.target == 11  # line 68; "higher" (line 71)
    assert adv(game).encounter is None and game.state.deck.discard == ["Chase Scene"]
    assert logged(game, "Escape roll 11 beats 10: escapes Chase Scene")


def test_a_tied_escape_roll_fails_and_the_encounter_stays() -> None:
    game = game_at("encounter", encounter=facing("Chase Scene"))
    roll(game, 10, "Encounter roll")
    roll(game, 10, "Escape roll")
    assert adv(game).encounter.card == "Chase Scene"
    assert logged(game, "Escape roll 10 does not beat 10: Chase Scene stays")


def test_adv_31_an_unresolved_encounter_blocks_travel_and_is_fought_again() -> None:
    game = game_at("draw", profession="Actor", hand=["Camels"], encounter=facing("Chase Scene"),
                   others=opponent("Villain"))
    draw(game, "Horses", "Temple")
    assert game.phase == "encounter.roll"  # no Travel Phase (line 55), no new encounter
    assert logged(game, "Still faces Chase Scene: it is fought again")
    assert adv(game, 1).hand == ["Villain"]
    roll(game, 9, "Encounter roll for Chase Scene")
    roll(game, 12, "Escape roll")
    assert adv(game).encounter is None


# ---- weapons (lines 67, 69, 70) -----------------------------------------------------------


def test_a_weapon_attaches_to_a_person_encounter_for_1d6() -> None:
    game = game_at("encounter", others=opponent("German Officer", "Revolver", "Bullwhip"))
    choose(game, "Play German Officer")
    assert game.phase == "encounter.weapon" and game.current_player == 1
    assert options(game) == ["Attach Revolver to German Officer (+1D6)",
                             "Attach Bullwhip to German Officer (+1D6)", "Attach no weapon"]
    choose(game, "Attach Revolver")
    assert adv(game).encounter.weapon == "Revolver"
    assert roll(game, 15, "Encounter roll for German Officer (Force 3) with Revolver").dice \
        == "4D6"


@pytest.mark.parametrize("encounter", ["Gangsters", "Poisoned Dates", "Tarantula",
                                       "Big Burly Nazi"])
def test_no_weapon_attaches_to_an_encounter_that_is_not_a_person(encounter: str) -> None:
    game = game_at("encounter", others=opponent(encounter, "Revolver"))
    choose(game, f"Play {encounter}")
    assert game.phase == "encounter.roll"


def test_adv_24_one_weapon_on_the_escape_roll_for_1d6() -> None:
    game = game_at("encounter", hand=["Revolver", "Machete"], encounter=facing("Chase Scene"))
    roll(game, 12, "Encounter roll")
    assert names(game, "weapon") == ["Revolver", "Machete"]
    assert "Roll to escape: 3D6 against 12" in options(game)
    choose(game, "Play Revolver")
    assert names(game, "weapon") == []  # one weapon card (line 69)
    assert game.is_chance  # nothing else to play: the roll is made
    spec = roll(game, 13, "Escape roll with Revolver against 12")
    assert spec.dice == "4D6"
    assert adv(game).hand == ["Machete"]
    assert game.state.deck.discard == ["Revolver", "Chase Scene"]  # ruling adv-33


def test_no_weapon_against_a_trap_but_help_and_items_do() -> None:
    game = game_at("encounter", chain=["Safari", "Temple"],
                   hand=["Revolver", "Sidekick Kid", "Torch"], encounter=facing("Pit Trap"))
    roll(game, 12, "Encounter roll")
    assert names(game, "weapon") == []  # line 70
    assert names(game, "bonus") == ["Sidekick Kid", "Torch"]  # ruling adv-15
    choose(game, "Play Sidekick Kid")
    choose(game, "Play Torch")
    assert roll(game, 13, "Escape roll with Sidekick Kid, Torch").dice == "5D6"


def test_adv_33_an_attached_weapon_stays_with_its_unresolved_encounter() -> None:
    game = game_at("encounter", encounter=facing("German Officer", weapon="Revolver"),
                   others=opponent("Bullwhip"))
    assert game.phase == "encounter.roll"  # already armed: no second weapon (ruling adv-24)
    assert roll(game, 15, "Encounter roll").dice == "4D6"
    roll(game, 9, "Escape roll")
    assert adv(game).encounter.weapon == "Revolver"
    game = game_at("encounter", encounter=facing("German Officer", weapon="Revolver"))
    roll(game, 8, "Encounter roll")
    roll(game, 9, "Escape roll")
    assert game.state.deck.discard == ["German Officer", "Revolver"]


def test_adv_23_disarm_discards_the_foes_weapon_before_the_encounter_roll() -> None:
    game = game_at("encounter", hand=["Disarm"], encounter=facing("SS Guards", weapon="Bazooka"))
    assert game.phase == "encounter.disarm" and game.current_player == 0
    assert options(game) == ["Play Disarm: discard the Bazooka attached to SS Guards",
                             "Do not disarm"]
    choose(game, "Play Disarm")
    assert adv(game).encounter.weapon is None
    assert game.state.deck.discard == ["Bazooka", "Disarm"]
    assert roll(game, 9, "Encounter roll for SS Guards (Force 3)").dice == "3D6"


def test_adv_32_disarm_comes_before_the_encounter_roll_evading_after_it() -> None:
    game = game_at("encounter", hand=["Disarm", "Hide"],
                   others=opponent("Nemesis", "Grenade"))
    choose(game, "Play Nemesis")
    choose(game, "Attach Grenade")
    assert game.phase == "encounter.disarm"
    assert [a.name for a in game.legal_actions()] == ["disarm", "no disarm"]
    choose(game, "Do not disarm")
    assert roll(game, 22, "Encounter roll for Nemesis (Force 4) with Grenade").dice == "5D6"
    assert game.phase == "encounter.escape"
    assert game.pending.prompt == "Escape from Nemesis (Encounter roll 22)"
    choose(game, "Play Hide")
    assert adv(game).encounter is None
    assert game.state.deck.discard == ["Hide", "Nemesis", "Grenade"]
    assert logged(game, "Play Hide (Action: Evade Non-trap Encounter): evade Nemesis")


def test_adv_16_an_evade_card_with_a_price_needs_two_other_cards() -> None:
    game = game_at("encounter", hand=["Run away", "Tiger"], encounter=facing("Chase Scene"))
    roll(game, 12)
    assert names(game, "evade") == []
    game = game_at("encounter", hand=["Run away", "Tiger", "Temple", "Camels"],
                   encounter=facing("Chase Scene"))
    roll(game, 12)
    assert options(game)[0] == ("Play Run away (Action: Evade Encounter & Discard 2 cards): "
                                "evade Chase Scene, discarding 2 other cards")
    choose(game, "Play Run away")
    assert game.phase == "encounter.escape.discard"
    assert names(game, "discard") == ["Tiger", "Temple", "Camels"]
    choose(game, "Discard Tiger")
    choose(game, "Discard Camels")
    assert adv(game).hand == ["Temple"] and adv(game).encounter is None
    assert game.state.deck.discard == ["Tiger", "Camels", "Run away", "Chase Scene"]


# ---- professions' dice on the Escape roll (lines 23-35) -------------------------------------


def escape_roll(profession: str, encounter: str, chain: list[str],
                play: tuple[str, ...] = ()) -> Roll:
    """The pending Escape roll of ``profession`` facing ``encounter`` after playing ``play``."""
    game = game_at("encounter", profession=profession, chain=chain, hand=list(play),
                   encounter=facing(encounter))
    roll(game, 10, "Encounter roll")
    for card in play:
        choose(game, f"Play {card}")
    return _escape(game)


def _escape(game: Game) -> Roll:
    if not game.is_chance:
        choose(game, "Roll to escape")
    return pending_roll(game)


@pytest.mark.parametrize(("profession", "encounter", "chain", "play", "dice"), [
    ("Actor", "German Officer", [], (), 4),  # +1D6 vs Person (line 23)
    ("Actor", "German Officer", [], ("Revolver",), 4),  # weapon instead (ruling adv-19)
    ("Actor", "German Officer", [], ("Sidekick Kid",), 5),  # help is no weapon (adv-19)
    ("Actor", "Gangsters", [], (), 3),  # Enemy is no Person (ruling adv-4)
    ("Archaeologist", "Pit Trap", ["Safari", "Temple"], (), 4),  # line 24
    ("Archaeologist", "Tiger", ["Safari", "Jungle"], (), 3),
    ("Trapper", "Tiger", ["Safari", "Jungle"], (), 4),  # line 33
    ("Trapper", "Sharks", ["Steamboat"], (), 4),  # ruling adv-6
    ("Trapper", "Snake Den", ["Safari", "Temple"], (), 3),  # Swarm (ruling adv-4)
    ("Soldier of Fortune", "Panzer Tank", ["Safari"], ("Bazooka",), 5),  # line 34
    ("Soldier of Fortune", "Mystery Man", [], (), 3),
    ("Sea Captain", "Sharks", ["Steamboat"], (), 4),  # line 35; a Water Encounter (adv-20)
    ("Sea Captain", "Rowdy Sailors", ["Speed Boat", "Island"], (), 4),  # line 189: Water
    ("Sea Captain", "Chase Scene", ["Steamboat"], (), 3),  # faced on water, not of Water
    ("Sea Captain", "Villain", [], (), 3),
    ("Reporter", "Villain", [], (), 3),
])
def test_professions_add_their_dice_to_the_escape_roll(profession: str, encounter: str,
                                                       chain: list[str], play: tuple[str, ...],
                                                       dice: int) -> None:
    spec = escape_roll(profession, encounter, chain, play)
    assert spec.count == dice
    assert (profession in spec.name) == (dice > 3 + len(play))


def test_gangster_uses_enemy_encounters_as_weapon_cards() -> None:
    game = game_at("encounter", profession="Gangster", hand=["Gangsters", "Sewer Rats"],
                   encounter=facing("Chase Scene"))
    roll(game, 10)
    assert names(game, "weapon") == ["Gangsters"]  # Enemy; Sewer Rats is a Swarm (line 27)
    choose(game, "Play Gangsters on the Escape roll (+1D6)")
    assert roll(game, 12, "Escape roll with Gangsters").dice == "4D6"
    assert "Gangsters" in game.state.deck.discard


def test_gangster_attaches_an_enemy_card_to_a_person_he_plays() -> None:
    game = game_at("encounter", others=opponent("Mata Hari", "Thugs", profession="Gangster"),
                   chain=["Safari", "Hotel"])
    choose(game, "Play Mata Hari")
    choose(game, "Attach Thugs to Mata Hari (+1D6)")
    assert roll(game, 20, "Encounter roll for Mata Hari (Force 4) with Thugs").dice == "5D6"


def test_gangster_uses_no_weapon_against_a_trap() -> None:
    game = game_at("encounter", profession="Gangster", hand=["Gangsters"],
                   chain=["Safari", "Temple"], encounter=facing("Shooting Dart Trap"))
    roll(game, 10)
    assert game.is_chance and pending_roll(game).count == 3


def test_inventor_draws_a_card_when_he_plays_a_weapon() -> None:
    game = game_at("encounter", profession="Inventor", hand=["Revolver"],
                   encounter=facing("Chase Scene"))
    roll(game, 10)
    choose(game, "Play Revolver")
    draw(game, "Temple")  # line 28
    assert adv(game).hand == ["Temple"]
    game = game_at("encounter", others=opponent("SS Guards", "Grenade", profession="Inventor"))
    choose(game, "Play SS Guards")
    choose(game, "Attach Grenade")
    draw(game, "Temple")  # attaching is playing it (ruling adv-36)
    assert adv(game, 1).hand == ["Temple"]


# ---- encounter kinds: the cards that print no kind word (rulings adv-3, adv-5, adv-6) -------

UNPRINTED = {  # encounter: (its Force, a chain it matches), from the seed's Notes
    "Villain": (4, []),  # line 186 "Force = 4: Anywhere"
    "Native Cultists": (3, ["Safari", "Jungle"]),  # line 184 "Outside Location"
    "Natives with Blowguns": (3, ["Safari", "Jungle"]),  # line 199 "Location Outside"
    "Sharks": (3, ["Steamboat"]),  # line 178 "Water"
    "Pit Trap": (3, ["Safari", "Temple"]),  # line 102 "Ancient Location"
    "Rolling Boulder Trap": (3, ["Safari", "Temple"]),  # line 192 "Indoor Ancient"
    "Shooting Dart Trap": (3, ["Safari", "Temple"]),  # line 193 "Indoor Ancient"
    "Out of Control Fire": (3, ["Safari", "Hotel"]),  # line 118 "Indoors"
    "Poisoned Dates": (3, []),  # line 122 "Anywhere"
    "Bound & Gagged": (3, ["Safari"]),  # line 109 "Travel or Civilization"
}


def escape_dice(profession: str, encounter: str) -> int:
    """The dice of ``profession``'s Escape roll against ``encounter``, playing nothing."""
    return escape_roll(profession, encounter, UNPRINTED[encounter][1]).count


def evades_offered(encounter: str, *hand: str) -> list[str]:
    """The evade cards of ``hand`` offered against ``encounter`` once its roll is forced."""
    game = game_at("encounter", chain=UNPRINTED[encounter][1], hand=list(hand),
                   encounter=facing(encounter))
    roll(game, 10, f"Encounter roll for {encounter}")
    return names(game, "evade")


def encounter_dice(encounter: str, weapon: str = "Revolver") -> int:
    """The dice of ``encounter``'s roll when its player holds ``weapon`` and attaches it if
    he may."""
    game = game_at("encounter", chain=UNPRINTED[encounter][1],
                   others=opponent(encounter, weapon))
    choose(game, f"Play {encounter}")
    if game.phase == "encounter.weapon":
        choose(game, f"Attach {weapon}")
    return pending_roll(game).count


@pytest.mark.parametrize("encounter", ["Villain", "Native Cultists", "Natives with Blowguns"])
def test_villain_and_natives_are_person_encounters(encounter: str) -> None:
    force = UNPRINTED[encounter][0]
    # Actor "+1D6 vs Person cards if not using a weapon card" (line 23): 3D6 + 1D6 (line 68)
    assert escape_dice("Actor", encounter) == 4
    assert escape_dice("Soldier of Fortune", encounter) == 3  # a Person is no Enemy (adv-4)
    game = game_at("encounter", profession="Gangster", hand=[encounter],
                   encounter=facing("Chase Scene"))
    roll(game, 10)
    assert names(game, "weapon") == []  # nor one of the Gangster's "enemy cards" (line 27)
    # Mistaken Identity "Evade Person Encounter" (line 170)
    assert evades_offered(encounter, "Mistaken Identity") == ["Mistaken Identity"]
    # "attach a Weapon card to a Person Encounter for an additional 1D6" (line 67)
    assert encounter_dice(encounter) == force + 1


def test_sharks_is_an_animal_encounter() -> None:
    assert escape_dice("Trapper", "Sharks") == 4  # "+1D6 vs Animal Encounters" (line 33)
    assert escape_dice("Actor", "Sharks") == 3  # no Person
    assert evades_offered("Sharks", "Mistaken Identity") == []
    assert encounter_dice("Sharks") == 3  # Force 3, no weapon attached (line 67)


@pytest.mark.parametrize("encounter", ["Pit Trap", "Rolling Boulder Trap", "Shooting Dart Trap"])
def test_the_traps_are_trap_encounters(encounter: str) -> None:
    assert escape_dice("Archaeologist", encounter) == 4  # "+1D6 vs Trap Encounters" (line 24)
    # Rope "Escape Trap" (line 198); Hide "Evade Non-trap Encounter" (line 104)
    assert evades_offered(encounter, "Rope", "Hide") == ["Rope"]
    game = game_at("encounter", chain=UNPRINTED[encounter][1], hand=["Revolver"],
                   encounter=facing(encounter))
    roll(game, 10)
    assert game.is_chance  # "Weapon cards cannot be used against trap encounters" (line 70)


@pytest.mark.parametrize("encounter", ["Out of Control Fire", "Poisoned Dates",
                                       "Bound & Gagged"])
def test_fire_dates_and_bound_and_gagged_have_no_kind(encounter: str) -> None:
    for profession in ("Actor", "Archaeologist", "Trapper", "Soldier of Fortune"):
        assert escape_dice(profession, encounter) == 3, profession  # no kind: no +1D6
    assert evades_offered(encounter, "Mistaken Identity", "Rope", "Hide") == ["Hide"]
    assert encounter_dice(encounter) == 3  # Force 3 (lines 109, 118, 122): no weapon
