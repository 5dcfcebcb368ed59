"""Gamma World's ``position`` (issue #11): each follower's Force, Hits and damage with its
mutations, items, steed and armor; the Action Points left and what each pays for; a battle's
Foe and Threat left; Precognition's cards known to all; hidden hands and searched cards.

Every position is built with a scenario and forced rolls, draws and hit allocations; each
expected number is read from the seed's cards and rules (data/gamma_world/*.toml, cited) and
worked out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from explorer.games.gamma_world import position
from explorer.games.gamma_world.position import phase_name
from tests.gamma_world.helpers import choose, draw, hit, ones, roll, scenario

RAIDERS = {"kind": "Mutant Human", "cards": ["Heat Generation", "Needler", "Sheath Armor"]}
"""Follower 1: Heat Generation (Mutation, Force +2), Needler (Weapon, +2, "No effect on
Robots/Androids"), Sheath Armor (Armor, 3 Hits)."""
RIDER = {"cards": ["Brutorz"]}
"""Follower 2: a Pure Strain Human on Brutorz (Steed, 3 Hits, Force +2, AP +1)."""


def seat(found: dict[str, Any], number: int = 0) -> dict[str, Any]:
    return found["seats"][number]


def attacking() -> Any:
    """Player 1 attacks Agri-Dome with both followers; Player 2 plays Gamma Knight (4D6
    Threat, not a robot: foes.toml) and its Starting Threat comes up 14."""
    game = scenario({"hand": ["Agri-Dome"], "followers": [RAIDERS, RIDER]},
                    {"hand": ["Gamma Knight"]})
    choose(game, "Attack Agri-Dome")
    choose(game, "Play Gamma Knight")
    roll(game, 14, "Starting Threat of Gamma Knight")
    return game


def test_each_followers_force_and_hits_come_from_its_cards() -> None:
    """A follower has Force 1 and Hits 2 (line 31); every card's Force adds (ruling gw-29),
    against a robot without the Needler's (ruling gw-8); armor and steeds keep their own Hits,
    taking hits first (lines 50, 58)."""
    game = scenario({"followers": [RAIDERS, RIDER]}, {})
    first, second = seat(position(game))["followers"]
    assert (first["number"], first["name"], first["kind"]) == (1, "Follower 1", "Mutant Human")
    assert (first["force"], first["force_vs_robots"]) == (5, 3)
    assert (first["hits"], first["damage"], first["hits_left"]) == (2, 0, 2)
    assert [m["name"] for m in first["mutations"]] == ["Heat Generation"]
    assert first["items"] == [{"name": "Needler", "table": "weapons", "type": "Weapon",
                               "force": 2, "hits": 0, "damage": 0, "uses": None}]
    assert first["armor"] == {"name": "Sheath Armor", "table": "armor", "type": "Armor",
                              "force": 0, "hits": 3, "damage": 0, "uses": None,
                              "hits_left": 3}
    assert first["steed"] is None
    assert (second["kind"], second["force"], second["hits"]) == ("Pure Strain Human", 3, 2)
    assert second["steed"]["name"] == "Brutorz" and second["steed"]["hits_left"] == 3
    assert seat(position(game))["force"] == 8


def test_a_battle_shows_the_threat_left_and_each_hit_where_it_fell() -> None:
    """Each 1 of the followers' 8D6 takes a point of Threat (line 46): 2 ones leave 12 of 14;
    each 1 of the Threat's dice is a hit (line 48): one on Follower 1 is taken by its armor
    (line 58), one on Follower 2 by its steed first (line 50; ruling gw-33)."""
    game = attacking()
    battle = position(game)["battle"]
    assert battle == {
        "attacker": 0, "location": {"name": "Agri-Dome", "table": "locations",
                                    "type": "Location"},
        "foe": {"name": "Gamma Knight", "table": "foes", "type": "Foe", "robot": False},
        "threat": 14, "defender": None, "encroach": False, "rounds": 0, "force": 8,
        "opposing_threat": 14,
        "label": "Battle for Agri-Dome against Gamma Knight: 0 rounds fought"}
    choose(game, "Fight a round")
    ones(game, 2, "Battle roll")
    ones(game, 2, "Threat roll")
    hit(game, "Follower 1")
    hit(game, "Follower 2")
    found = position(game)
    assert found["battle"]["threat"] == found["battle"]["opposing_threat"] == 12
    assert found["battle"]["rounds"] == 1
    assert found["phase"] == {"id": "action.attack.battle", "name": "Battle: Round"}
    first, second = seat(found)["followers"]
    assert (first["damage"], first["armor"]["damage"], first["armor"]["hits_left"]) == (0, 1, 2)
    assert (second["damage"], second["steed"]["damage"], second["steed"]["hits_left"]) == (
        0, 1, 2)
    assert position(game, 1)["battle"] == found["battle"]  # a battle is in the open


def test_in_an_encroach_the_followers_roll_against_the_defenders_force() -> None:
    """Encroach: "Attack an opponents location. He may defend with his followers" (line 138):
    the defenders' Force stands for the Threat (ruling gw-38): a follower with a Needler (+2)
    and a plain one, 3 + 1 = 4."""
    game = scenario({"hand": ["Encroach"], "followers": [{}]},
                    {"locations": ["Agri-Dome"], "followers": [{"cards": ["Needler"]}, {}]})
    choose(game, "Play Encroach")
    battle = position(game)["battle"]
    assert (battle["encroach"], battle["defender"], battle["foe"]) == (True, 1, None)
    assert (battle["force"], battle["threat"], battle["opposing_threat"]) == (1, 0, 4)
    assert battle["label"] == "Encroach on Agri-Dome, defended by Player 2: 0 rounds fought"
    assert position(game)["phase"]["name"] == "Encroach: Round"
    assert position(game, 0)["played"][0]["name"] == "Encroach"  # played, not yet discarded


def test_action_points_left_say_what_each_pays_for() -> None:
    """2 base AP (line 19), Brutorz's AP +1 (ruling gw-12) and Think Tank's "AP +1 to draw
    cards only" (ruling gw-11); each action costs 1 AP (lines 20-24), an event none (gw-21).
    An Attack is paid with the steed's AP before a base AP (ruling gw-25)."""
    game = scenario({"hand": ["Agri-Dome"], "followers": [RIDER], "locations": ["Think Tank"]},
                    {})
    points = position(game)["action_points"]
    every = ["Recruit", "Draw", "Play Item", "Attack", "Event"]
    assert points["left"] == 4
    assert points["costs"] == {"Recruit": 1, "Draw": 1, "Play Item": 1, "Attack": 1,
                               "Event": 0}
    assert points["tokens"] == [
        {"source": "base AP", "follower": None, "pays_for": every, "card_type": None,
         "label": "base AP"},
        {"source": "base AP", "follower": None, "pays_for": every, "card_type": None,
         "label": "base AP"},
        {"source": "Brutorz", "follower": 1, "pays_for": every, "card_type": None,
         "label": "Brutorz"},
        {"source": "Think Tank", "follower": None, "pays_for": ["Draw"], "card_type": None,
         "label": "Think Tank: Draw only"}]
    assert points["label"] == "4 AP left (Think Tank: Draw only)"
    choose(game, "Attack Agri-Dome")  # no Foe in Player 2's empty hand: taken at once
    points = position(game)["action_points"]
    assert points["left"] == 3 and [t["source"] for t in points["tokens"]] == [
        "base AP", "base AP", "Think Tank"]
    assert [loc["name"] for loc in seat(position(game))["locations"]] == ["Think Tank",
                                                                          "Agri-Dome"]


def test_precognitions_cards_are_known_to_every_seat() -> None:
    """Precognition: "Look at next 2D6 cards in deck"; they stay on top, known to all (rulings
    gw-17, gw-40). While it is played the event card is in the open."""
    game = scenario({"hand": ["Precognition"], "followers": [{}]}, {})
    size = position(game)["decks"][0]["size"]
    choose(game, "Play Precognition")
    roll(game, 3, "Precognition")
    precognition = {"name": "Precognition", "table": "events", "type": "Event"}
    assert position(game, 1)["played"] == [precognition]
    for name in ("Needler", "Warbot", "Agri-Dome"):
        draw(game, name)
    known = [{"name": "Needler", "table": "weapons", "type": "Weapon"},
             {"name": "Warbot", "table": "foes", "type": "Foe"},
             {"name": "Agri-Dome", "table": "locations", "type": "Location"}]
    for viewer in (None, 0, 1):
        deck = position(game, viewer)["decks"][0]
        assert deck["known_top"] == known and deck["size"] == size
        assert deck["discard_top"] == precognition and deck["discard"] == 1


def test_cards_found_by_a_search_are_seen_by_the_searcher_only() -> None:
    """Military Installation: "Search deck for 3 Weapon cards" as it is taken (ruling gw-39);
    with no Foe played it has no Threat and is taken at once."""
    game = scenario({"hand": ["Military Installation"], "followers": [{}]}, {})
    choose(game, "Attack Military Installation")
    choose(game, "Take Needler")
    needler = {"name": "Needler", "table": "weapons", "type": "Weapon"}
    assert seat(position(game, 0))["drawn"] == {"count": 1, "cards": [needler]}
    assert seat(position(game, 1))["drawn"] == {"count": 1, "cards": None}
    assert position(game, 1)["played"] == []
    installation = seat(position(game))["locations"][0]
    assert installation["name"] == "Military Installation"
    assert installation["one_time"] and installation["spent"]


def test_hands_are_face_up_to_their_seat_only() -> None:
    game = scenario({"hand": ["Laser Pistol", "Think Tank"]}, {"hand": ["Warbot"]})
    mine = {"count": 2, "cards": [{"name": "Laser Pistol", "table": "weapons", "type": "Weapon"},
                                  {"name": "Think Tank", "table": "locations",
                                   "type": "Location"}]}
    assert seat(position(game, 0))["hand"] == mine and seat(position(game))["hand"] == mine
    assert seat(position(game, 1))["hand"] == {"count": 2, "cards": None}
    assert seat(position(game, 0), 1)["hand"] == {"count": 1, "cards": None}
    assert seat(position(game))["hand_limit"] == 5  # line 35; a location in hand gives none
    assert seat(position(game))["follower_limit"] == 6  # line 33


@pytest.mark.parametrize(("phase", "name"), [
    ("action", "Action Phase"), ("healing", "Healing Phase"),
    ("action.attack.battle", "Battle: Round"), ("action.attack.threat", "Battle: Starting Threat"),
    ("action.encroach.battle", "Encroach: Round"),
    ("action.draw.discard", "Action Phase: Draw a Card, Discarding Excess Cards"),
    ("action.encroach.end.dismiss", "Encroach: End, Discarding Excess Followers"),
    ("action.nowhere", None), ("action.nowhere.discard", None),
])
def test_phases_are_named_in_the_seeds_words(phase: str, name: str | None) -> None:
    assert phase_name(phase) == name
