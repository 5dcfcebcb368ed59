"""Adventurers' ``position`` (issue #11): the profession, the chain of Travel and Location
cards and its top card, locations visited, an unresolved Encounter with its weapon and dice,
cards played to a roll, hidden hands and known top cards.

Every position is built with a scenario and forced rolls and draws; each expected value is read
from the seed's cards and rules (data/adventurers/*.toml, cited) and worked out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from explorer.games.adventurers import position
from explorer.games.adventurers.position import phase_name
from tests.adventurers.helpers import choose, game_at, roll, scenario


def seat(found: dict[str, Any], number: int = 0) -> dict[str, Any]:
    return found["seats"][number]


def chain_card(name: str, kind: str) -> dict[str, Any]:
    card: dict[str, Any] = {"name": name, "table": "cards", "type": kind}
    if kind == "Location":
        card["ancient"] = name in {"Temple"}  # Temple: "Indoor: Ancient"; Jungle "Outside: Wild"
    return card


def test_the_chain_its_top_card_and_the_locations_visited() -> None:
    """A Location is played on a Travel card (line 58) and is a location visited (ruling
    adv-22): Safari, Jungle, Camels has 1; Temple played on Camels makes 2 and is the top."""
    game = game_at("travel", chain=["Safari", "Jungle", "Camels"], hand=["Temple"])
    before = seat(position(game))
    assert before["chain"] == [chain_card("Safari", "Travel"), chain_card("Jungle", "Location"),
                               chain_card("Camels", "Travel")]
    assert before["top"] == chain_card("Camels", "Travel")
    assert before["locations_visited"] == before["score"] == 1
    assert before["locations_to_win"] == 5  # line 11
    assert position(game)["phase"] == {"id": "travel", "name": "Travel Phase"}
    choose(game, "Play Temple")
    after = seat(position(game))
    assert after["top"] == chain_card("Temple", "Location")
    assert [c["name"] for c in after["chain"]] == ["Safari", "Jungle", "Camels", "Temple"]
    assert after["locations_visited"] == 2 and after["hand"] == {"count": 0, "cards": []}
    assert position(game)["active"] == 1  # nothing more to do: Player 2's turn has begun


def test_an_escape_that_fails_leaves_the_encounter_unresolved_in_front_of_him() -> None:
    """Tiger: Force 3, an Animal (cards.toml): the Encounter roll is 1D6 a point of Force, 3D6
    (line 64; ruling adv-15). The Trapper's 4D6 total of 10 does not beat 15, so the Tiger
    stays (ruling adv-32), still there in Player 2's turn."""
    game = game_at("encounter", profession="Trapper", chain=["Safari", "Jungle"],
                   encounter={"card": "Tiger", "by": 1})
    tiger = {"card": {"name": "Tiger", "table": "cards", "type": "Encounter", "force": 3,
                      "kind": "Animal"}, "by": 1, "weapon": None, "encounter_dice": 3}
    found = position(game)
    assert seat(found)["encounter"] == tiger
    assert seat(found)["profession"] == {"name": "Trapper", "table": "professions",
                                         "advantage": "+1D6 vs Animal Encounters"}
    assert found["phase"]["name"] == "Encounter Phase: Encounter Roll"
    roll(game, 15, "Encounter roll for Tiger")
    roll(game, 10, "Escape roll")
    found = position(game)
    assert found["active"] == 1 and found["phase"]["name"] == "Draw Phase"
    assert seat(found)["encounter"] == tiger
    assert seat(found, 1)["encounter"] is None


def test_a_weapon_on_a_person_encounter_adds_its_dice() -> None:
    """Villain: Force 4, a Person (cards.toml); an attached Revolver (Force +1) adds 1D6 a
    point (line 67; ruling adv-15): 5D6."""
    game = scenario([{"profession": "Trapper", "chain": ["Safari"],
                      "encounter": {"card": "Villain", "by": 1, "weapon": "Revolver"}},
                     {"profession": "Reporter"}])
    encounter = seat(position(game))["encounter"]
    assert encounter["weapon"] == {"name": "Revolver", "table": "cards", "type": "Weapon"}
    assert encounter["card"]["force"] == 4 and encounter["encounter_dice"] == 5


def test_a_weapon_played_to_the_escape_roll_is_in_play_until_the_roll() -> None:
    """Cards played to a roll are discarded once it is made (ruling adv-33)."""
    game = game_at("encounter", profession="Trapper", chain=["Safari", "Jungle"],
                   encounter={"card": "Tiger", "by": 1}, hand=["Revolver"])
    roll(game, 15, "Encounter roll for Tiger")
    choose(game, "Play Revolver on the Escape roll")
    revolver = {"name": "Revolver", "table": "cards", "type": "Weapon"}
    found = position(game, 1)
    assert found["in_play"] == [revolver] and found["played"] == [revolver]
    roll(game, 20, "Escape roll")  # beats 15: the Tiger is discarded
    found = position(game, 1)
    assert found["in_play"] == [] and seat(found)["encounter"] is None
    deck = found["decks"][0]  # the Revolver once the roll is made, then the Tiger (line 71)
    assert deck["discard"] == 2 and deck["discard_top"]["name"] == "Tiger"


def test_hands_are_hidden_from_the_others_and_the_reporter_holds_seven() -> None:
    game = scenario([{"profession": "Trapper", "hand": ["Revolver", "Hide"]},
                     {"profession": "Reporter", "hand": ["Tiger"]}])
    assert seat(position(game, 0))["hand"] == {"count": 2, "cards": [
        {"name": "Revolver", "table": "cards", "type": "Weapon"},
        {"name": "Hide", "table": "cards", "type": "Action"}]}
    assert seat(position(game, 1))["hand"] == {"count": 2, "cards": None}
    assert seat(position(game, 0), 1)["hand"] == {"count": 1, "cards": None}
    assert seat(position(game), 1)["hand"]["cards"][0]["name"] == "Tiger"
    assert (seat(position(game))["hand_limit"], seat(position(game), 1)["hand_limit"]) == (5, 7)


def test_cards_known_on_top_are_in_the_whole_position_only() -> None:
    """Looked at cards stay on top in order (ruling adv-21); only who looked knows them. They
    are the next drawn: Player 2's Draw Phase takes both (2 cards, line 47)."""
    game = game_at("travel", profession="Trapper", hand=["Safari"], top=["Temple", "Hide"])
    assert position(game)["decks"][0]["known_top"] == [
        chain_card("Temple", "Location"), {"name": "Hide", "table": "cards", "type": "Action"}]
    assert position(game, 0)["decks"][0]["known_top"] is None
    assert position(game, 1)["decks"][0]["known_top"] is None
    size = position(game)["decks"][0]["size"]
    choose(game, "Play no Travel or Location card")
    after = position(game)
    assert after["active"] == 0 and after["turn"] == 3  # turns begun: 1, 2, then 1 again
    assert after["decks"][0]["size"] == size - 2 and after["decks"][0]["known_top"] == []
    assert [c["name"] for c in seat(after, 1)["hand"]["cards"]] == ["Temple", "Hide"]


@pytest.mark.parametrize(("phase", "name"), [
    ("draw", "Draw Phase"), ("research.before", "Research Phase (before Travel)"),
    ("travel", "Travel Phase"), ("encounter", "Encounter Phase"),
    ("encounter.escape", "Encounter Phase: Escape"),
    ("research.after", "Research Phase (after the Encounter)"),
    ("setup.profession", "Setup: Adventurer Type"), ("over", "Game Over"),
    ("encounter.nowhere", None),
])
def test_phases_are_named_in_the_seeds_words(phase: str, name: str | None) -> None:
    assert phase_name(phase) == name
