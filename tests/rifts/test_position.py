"""Rifts Adventures' ``position`` (issue #11): the party's Characters with their wounds,
Experience, Force and attached cards, the Location, lasting effects, hidden hands and drawn
cards, Scrying-known tops, and a combat's Foe, Tokens, round and segment.

Every position is built with a scenario and forced rolls and draws; each expected number is
read from the seed's cards and rules (data/rifts/*.toml, cited) and worked out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from explorer.games.rifts import position
from explorer.games.rifts.position import phase_name
from tests.game_helpers import pending_roll
from tests.rifts.helpers import choose, draw, pick, roll, scenario

OTHER = {"members": [{"name": "Rogue Scholar"}], "location": "Border Town"}
"""The second party (Rogue Scholar: Base Force 3), which only waits."""


def seat(found: dict[str, Any], number: int = 0) -> dict[str, Any]:
    return found["seats"][number]


def character(found: dict[str, Any], name: str, number: int = 0) -> dict[str, Any]:
    return next(c for c in seat(found, number)["characters"] if c["name"] == name)


# ---- Characters and their cards ------------------------------------------------------------

def test_a_wounded_character_with_experience_shows_its_force_and_a_damaged_card() -> None:
    """Vagabond: Base Force 3 (characters.toml); 2 Experience Tokens, each +1 Force (line 437,
    constant experience_force = 1): Force 5. 1 wound: wounded, not incapacitated (2 wounds
    incapacitate, line 497)."""
    game = scenario([{"members": [
        {"name": "Vagabond", "wounds": 1, "experience": 2,
         "attached": [{"deck": "Equipment", "name": "Laser Rifle", "damaged": True}]},
        {"name": "Cyber-Knight"}], "location": "Farms", "at": 3}, OTHER])
    found = position(game)
    vagabond = character(found, "Vagabond")
    assert vagabond["table"] == "characters" and vagabond["class"] == "Adventurer"
    assert (vagabond["base_force"], vagabond["experience"], vagabond["experience_force"],
            vagabond["force"]) == (3, 2, 2, 5)
    assert vagabond["wounds"] == 1 and not vagabond["incapacitated"]
    assert vagabond["labels"] == ["Wounded: 1 wound"]
    assert vagabond["attached"] == [{"name": "Laser Rifle", "table": "equipment",
                                     "damaged": True, "uses": None}]
    knight = character(found, "Cyber-Knight")  # Base Force 10, no Experience
    assert (knight["force"], knight["wounds"], knight["labels"]) == (10, 0, [])
    party = seat(found)
    assert party["location"] == {"name": "Farms", "table": "locations", "type": "Wilderness"}
    assert party["adventure_tokens"] == party["score"] == 3
    assert party["party_base_force"] == 13 and party["party_base_force_limit"] == 40
    assert found["active"] == 0 and party["active"] and not seat(found, 1)["active"]
    assert found["phase"] == {"id": "decision", "name": "Decision Act"}


def test_an_incapacitated_character_and_separated_ones_say_when_they_are_back() -> None:
    """Separated: the rest of this turn and the next 1D6 (ruling rifts-67), counted down at
    each End Act of the party: ``away`` 1 in the party's own turn is back at its end; ``away``
    2 in the waiting party misses its next 2 turns."""
    game = scenario([
        {"members": [{"name": "Vagabond", "away": 1}, {"name": "Cyber-Knight", "wounds": 2}],
         "location": "Farms"},
        {"members": [{"name": "Rogue Scholar", "away": 2}], "location": "Border Town"}])
    found = position(game)
    assert character(found, "Vagabond")["labels"] == ["Separated: back at the end of this turn"]
    assert character(found, "Cyber-Knight")["incapacitated"]
    assert character(found, "Cyber-Knight")["labels"] == ["Incapacitated: 2 wounds"]
    assert character(found, "Rogue Scholar", 1)["labels"] == [
        "Separated: lost for the party's next 2 turns"]
    assert character(found, "Rogue Scholar", 1)["away"] == 2


# ---- lasting effects -----------------------------------------------------------------------

def test_weakened_lasts_to_the_end_of_the_next_turn_and_then_is_gone() -> None:
    """Hazard 13, Weakened: "-2 to all your rolls for the rest of this and next turn" (line
    336): shown through the other party's turn and the party's next, gone after it."""
    game = scenario([{"members": [{"name": "Vagabond"}], "location": "Farms"}, OTHER],
                    at="Travel")
    roll(game, 1, "Survival")  # 1 + 1 (Vagabond's Survival) < 16: fails, the Hazard Table
    roll(game, 13 - pending_roll(game).modifier, "Hazard")
    weakened = {"kind": "bonus", "reason": "Weakened", "amount": -2, "rolls": [],
                "choice": False, "once": False, "location": None, "until_turn": 2,
                "label": "Weakened: -2 to your rolls until the end of your next turn"}
    assert seat(position(game))["effects"] == [weakened]
    roll(game, 1, "Encounter")  # no Foe
    draw(game, "Location", "Chi-Town")  # the Destination; the turn ends
    found = position(game)
    assert found["active"] == 1 and seat(found)["effects"] == [weakened]
    assert seat(found)["location"]["name"] == "Chi-Town"
    choose(game, "Recuperate")  # party 2's turn: nothing to heal or repair
    assert seat(position(game))["effects"] == [
        {**weakened, "label": "Weakened: -2 to your rolls until the end of this turn"}]
    choose(game, "Recuperate")
    assert position(game)["active"] == 1 and seat(position(game))["effects"] == []


def test_a_forced_start_and_hostile_natives_are_lasting_effects() -> None:
    game = scenario([{"members": [{"name": "Vagabond"}], "location": "Farms",
                      "next_turn": "Travel"}, OTHER], active=1)
    effects = seat(position(game))["effects"]
    assert effects == [{"kind": "next turn", "start": "Travel",
                        "label": "Next turn starts at the Travel Phase"}]
    game.state.parties[0].hostile.append("Farms")  # as Bonus Supply 9 leaves it
    assert seat(position(game))["effects"][1]["label"] == (
        "Hostile Natives: You cannot Resupply here again until you complete a mission "
        "(Farms)")


# ---- hidden cards --------------------------------------------------------------------------

def test_a_hand_is_face_up_to_its_seat_and_counted_for_the_others() -> None:
    game = scenario([{"members": [{"name": "Mystic"}], "location": "Farms",
                      "hand": [{"deck": "Magic", "name": "Fly"},
                               {"deck": "Equipment", "name": "Laser Rifle"}]}, OTHER])
    cards = [{"name": "Fly", "table": "magic", "damaged": False, "uses": None},
             {"name": "Laser Rifle", "table": "equipment", "damaged": False, "uses": None}]
    assert seat(position(game))["hand"] == {"count": 2, "cards": cards}
    assert seat(position(game, 0))["hand"] == {"count": 2, "cards": cards}
    assert seat(position(game, 1))["hand"] == {"count": 2, "cards": None}
    assert seat(position(game, 0), 1)["hand"] == {"count": 0, "cards": None}
    assert seat(position(game, 1), 1)["hand"] == {"count": 0, "cards": []}


def test_a_supply_card_being_placed_is_seen_by_its_party_only() -> None:
    """Chi-Town supplies 2 Tech cards (locations.toml); the first drawn waits for its place
    (hand or a Character) as the party decides."""
    game = scenario([{"members": [{"name": "Vagabond"}], "location": "Chi-Town"}, OTHER],
                    at="Supply")
    roll(game, 20, "Supply")
    roll(game, 1, "Bonus Supply")  # 1 < 11: no Bonus Supply
    choose(game, "Draw from the Equipment deck")
    draw(game, "Equipment", "Laser Rifle")
    assert game.legal_actions()[-1].text == "Keep Laser Rifle in hand"
    shown = {"count": 1, "cards": [{"name": "Laser Rifle", "table": "equipment"}]}
    assert seat(position(game))["drawn"] == shown
    assert seat(position(game, 0))["drawn"] == shown
    assert seat(position(game, 1))["drawn"] == {"count": 1, "cards": None}
    assert position(game, 1)["revealed"] == []
    choose(game, "Keep Laser Rifle in hand")
    assert seat(position(game, 1))["drawn"] == {"count": 0, "cards": None}
    assert seat(position(game, 1))["hand"]["count"] == 1


def test_known_top_cards_are_in_the_whole_position_only() -> None:
    """Cards known on top (here put there by the scenario) are seen by whoever looked; the
    engine does not record who, so the seat views show none (``known_top`` None)."""
    game = scenario([{"members": [{"name": "Vagabond"}], "location": "Farms"}, OTHER],
                    top={"Foe": ["Wolfen", "Dinosaurs"]})
    foe = next(d for d in position(game)["decks"] if d["name"] == "Foe")
    assert foe["known_top"] == [
        {"name": "Wolfen", "table": "foes", "known": "put on top by the scenario"},
        {"name": "Dinosaurs", "table": "foes", "known": "put on top by the scenario"}]
    for viewer in (0, 1):
        assert all(d["known_top"] is None for d in position(game, viewer)["decks"])
    sizes = {d["name"]: d["size"] for d in position(game, 0)["decks"]}
    foes_in_deck = sum(game.state._data.deck_contents("Foe").values())
    assert sizes["Foe"] == foes_in_deck  # the two known cards are still in the deck


# ---- a combat ------------------------------------------------------------------------------

def knight_against_dinosaurs() -> Any:
    """Cyber-Knight with a Laser Rifle at Farms against Dinosaurs: 4 Tokens of 12 Force, a
    Wilderness-only Monster with no Aid cards (foes.toml); Farms gives Foes no bonus."""
    return scenario([{"members": [{"name": "Cyber-Knight", "attached": [
        {"deck": "Equipment", "name": "Laser Rifle"}]}], "location": "Farms"}, OTHER],
        at="combat", foe="Dinosaurs")


def test_a_combat_shows_the_foe_its_tokens_the_round_and_the_segment() -> None:
    game = knight_against_dinosaurs()
    found = position(game)
    combat = found["combat"]
    assert found["phase"] == {"id": "scenario.combat.escape", "name": "Combat: Escape Segment"}
    assert combat["seat"] == 0 and combat["round"] == 1 and combat["segment"] == "Escape Segment"
    assert combat["foe"] == {"name": "Dinosaurs", "table": "foes", "types": ["Monster"],
                             "tokens": 4, "force_per_token": 12, "abilities": []}
    assert [(t["number"], t["force"], t["start"], t["destroyed"]) for t in combat["tokens"]] == [
        (1, 12, 12, False), (2, 12, 12, False), (3, 12, 12, False), (4, 12, 12, False)]
    assert [f["name"] for f in combat["fighters"]] == ["Cyber-Knight"]
    assert combat["labels"] == []


def test_a_forced_hit_takes_its_damage_off_the_tokens_current_force_only() -> None:
    """A 4+ attack roll takes 1D10 Force from a random Token (lines 475-476): 7 off Token 2's
    12 leaves 5; its starting Force stays 12."""
    game = knight_against_dinosaurs()
    choose(game, "Fight this round")
    roll(game, 6, "Character Attack")
    pick(game, "Token 2 (12 Force)")
    roll(game, 7, "Force lost (1D10)")
    found = position(game)
    tokens = found["combat"]["tokens"]
    assert (tokens[1]["force"], tokens[1]["start"], tokens[1]["destroyed"]) == (5, 12, False)
    assert [t["force"] for t in tokens] == [12, 5, 12, 12]
    assert found["combat"]["segment"] == "Foe Attack Segment"
    assert found["phase"]["name"] == "Combat: Foe Attack Segment"
    assert position(game, 1)["combat"] == found["combat"]  # a combat is in the open


def test_a_foes_aid_cards_are_on_its_tokens_with_their_force() -> None:
    """Necromancer Cult: 6 Tokens of 8 Force, 4 Magic cards dealt evenly (foes.toml, line 457;
    ruling rifts-83); Storm's Force is 13 (magic.toml): Token 1 has 21."""
    game = scenario([{"members": [{"name": "Cyber-Knight"}], "location": "Farms"}, OTHER],
                    at="combat", foe="Necromancer Cult")
    draw(game, "Magic", "Storm")
    draw(game, "Magic", "Fly")  # two of the four dealt: Tokens 3 to 6 wait for theirs
    found = position(game)
    tokens = found["combat"]["tokens"]
    assert tokens[0]["cards"] == [{"name": "Storm", "table": "magic", "force": 13}]
    assert (tokens[0]["force"], tokens[0]["start"]) == (21, 21)
    assert tokens[1]["cards"] == [{"name": "Fly", "table": "magic", "force": 5}]
    assert tokens[2]["cards"] == [] and tokens[2]["force"] == 8
    assert found["phase"]["name"] == "Combat: Start"


# ---- phase names ---------------------------------------------------------------------------

@pytest.mark.parametrize(("phase", "name"), [
    ("decision", "Decision Act"),
    ("recuperate.heal", "Recuperate Phase: Heal Rolls"),
    ("travel.survival", "Travel Phase: Survival Stage"),
    ("travel.encounter", "Travel Phase: Encounter Stage"),
    ("travel.destination", "Travel Phase: Destination Stage"),
    ("mission.roll", "Mission Phase: Mission Roll"),
    ("supply.roll", "Supply Phase: Supply Roll"),
    ("end", "End Act"),
    ("setup.characters", "Setup: Characters"),
    ("travel.encounter.combat.escape", "Combat: Escape Segment (Travel Phase: Encounter Stage)"),
    ("mission.combat.character attacks", "Combat: Character Attack Segment (Mission Phase)"),
    ("travel.ambush.combat.actions", "Combat: Action Segment (Travel Phase: Hazard Table, "
                                     "Ambush)"),
    ("mission.combat.foe attacks", "Combat: Foe Attack Segment (Mission Phase)"),
    ("mission.combat.morale", "Combat: Morale Segment (Mission Phase)"),
    ("travel.nowhere", None), ("mission.combat.picnic", None),
])
def test_phases_are_named_in_the_seeds_words(phase: str, name: str | None) -> None:
    assert phase_name(phase) == name


def test_a_combat_event_shows_on_the_fighter_now_and_in_the_next_round() -> None:
    """Hit Result 7 is an Event (hit_result.toml); Combat Event 2, Pinned Down: "Character
    Immobilized next Round" (combat_event.toml; ruling rifts-72): pending in this round, then
    Immobilized through the next."""
    game = scenario([{"members": [
        {"name": "Cyber-Knight", "attached": [{"deck": "Equipment", "name": "Laser Rifle"}]},
        {"name": "Vagabond"}], "location": "Farms"}, OTHER], at="combat", foe="Dinosaurs")
    choose(game, "Fight this round")
    roll(game, 1, "Character Attack")  # Cyber-Knight's one attack misses; Vagabond has none
    roll(game, 6, "Foe Attack")  # Token 1 hits
    pick(game, "Cyber-Knight")
    roll(game, 7 - pending_roll(game).modifier, "Hit Result")
    roll(game, 2, "Combat Event")
    fighter = position(game)["combat"]["fighters"][0]
    assert fighter["name"] == "Cyber-Knight" and fighter["immobile"] == 0
    assert fighter["labels"] == ["Pinned Down: Character Immobilized next Round"]
    for _ in range(3):  # Tokens 2-4 miss
        roll(game, 1, "Foe Attack")
    roll(game, 1, "Morale")  # the Foes stay
    found = position(game)
    fighter = found["combat"]["fighters"][0]
    assert found["combat"]["round"] == 2 and found["combat"]["segment"] == "Escape Segment"
    assert fighter["immobile"] == 1 and fighter["labels"] == ["Immobilized this round"]
    assert found["combat"]["fighters"][1]["labels"] == []
