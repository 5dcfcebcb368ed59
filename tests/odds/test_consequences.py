"""explorer.odds.consequences (issue 27, item 6): what each choice of a decision leads to by the
rules, in a plain sentence; and the odds of the choices that had none (Gamma World's "play a
Foe?", Adventurers' Travel Phase).

Known answers are derived by hand from the seeds (cited), not read off the code under test.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import explorer
from explorer import odds
from explorer.engine import Decision
from tests.adventurers import helpers as adv
from tests.gamma_world import helpers as gw
from tests.rat_king.helpers import act, char, full, scenario
from tests.rifts import helpers as rifts


def said(game, seat=None) -> dict[str, str | None]:
    return {str(a): s for a, s in odds.consequences(game, seat)}


# ---- Rifts: "Heal & Repair" when nobody is wounded --------------------------------------------

def rifts_turn(wounds: int) -> explorer.engine.Game:
    return rifts.scenario([{"members": [{"name": "Wilderness Scout", "wounds": wounds}],
                            "location": "Farms"},
                           {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
                          at="turn")


def test_rifts_recuperate_with_nobody_wounded_does_nothing() -> None:
    # The Recuperate Phase: a Heal roll per wounded Character, Repair rolls for damaged
    # Equipment (seed 000, lines 294-303); the Wilderness Scout (line 53) has no wound and
    # no Repair, and nothing is damaged: the phase does nothing.
    found = said(rifts_turn(0))
    heal = next(s for t, s in found.items() if t.startswith("Heal & Repair"))
    assert heal == "Nobody is wounded: the Recuperate Phase does nothing"
    assert all(s is None for t, s in found.items() if not t.startswith("Heal & Repair"))


def test_rifts_recuperate_with_a_wound_says_nothing_extra() -> None:
    found = said(rifts_turn(1))
    assert next(s for t, s in found.items() if t.startswith("Heal & Repair")) is None


# ---- Rifts: "which deck?" for an Aid card -----------------------------------------------------

def rifts_setup_deck_choice(*members: str) -> explorer.engine.Game:
    """A new game whose first player draws ``members`` as his starting Characters (line 280:
    then an Aid card for each from Equipment, Psionic or Magic)."""
    game = explorer.new_game("rifts", players=2, seed=1)
    for name in members:
        rifts.draw(game, "Character", name)
    assert isinstance(game.pending, Decision) and "which deck?" in game.pending.prompt
    return game


def test_rifts_which_deck_says_who_can_use_psionic_and_magic_cards() -> None:
    # Vagabond: Survival only (seed 000, line 52), class Adventurer; AWOL Coalition Grunt:
    # a Fighter with Power Armor only (line 42): no psychic ability and no Mage, so no one can
    # use Psionic (lines 67-68) or Magic (line 79) cards.
    found = said(rifts_setup_deck_choice("Vagabond", "AWOL Coalition Grunt"))
    assert found["Draw from the Psionic deck"] == "Nobody in your party can use Psionic cards"
    assert found["Draw from the Magic deck"] == "Nobody in your party can use Magic cards"
    assert found["Draw from the Equipment deck"] is None


def test_rifts_which_deck_names_the_minor_psychic_and_the_mage() -> None:
    # Mystic: a Mage with Minor Psychic (seed 000, line 58): every Magic card (line 79) and the
    # Psionic cards but the Major ones (line 68); the Vagabond (line 52) neither.
    found = said(rifts_setup_deck_choice("Mystic", "Vagabond"))
    assert found["Draw from the Psionic deck"] == (
        "Mystic can use Psionic cards except the Major ones; Vagabond cannot")
    assert found["Draw from the Magic deck"] == "Mystic can use Magic cards; Vagabond cannot"


def test_a_lone_fighter_is_told_it_cannot_use_psionic_cards() -> None:
    game = rifts_setup_deck_choice("AWOL Coalition Grunt", "Vagabond")
    game.state.parties[0].members.pop()  # a party of one, as after a loss
    found = said(game)
    assert found["Draw from the Psionic deck"] == (
        "Your AWOL Coalition Grunt cannot use Psionic cards")


def test_a_cyber_knight_uses_psionic_cards_by_its_psi_sword() -> None:
    # Cyber-Knight: Wilderness & Psi-Sword (seed 000, line 38), a psychic specialist that uses
    # the Psionic cards (line 67 and the specialists' lines); the Vagabond (line 52) cannot.
    found = said(rifts_setup_deck_choice("Cyber-Knight", "Vagabond"))
    assert found["Draw from the Psionic deck"] == (
        "Cyber-Knight can use Psionic cards; Vagabond cannot")


def test_rifts_which_deck_says_which_character_can_still_join() -> None:
    # Base Force: Mind Melter 12 (seed 000, line 63), Dragon Hatchling 12 (line 59), Cyber-Knight
    # 10 (line 38): 34 of the party's 40 (line 274), so only a Character of 6 or less joins.
    # Mind Melter: Major Psychic (line 63), Cyber-Knight: Psi-Sword (line 38) use Psionic
    # cards (line 67); the Dragon Hatchling is a Mage by its ability (lines 59, 79).
    game = rifts.scenario([{"members": [{"name": "Mind Melter"}, {"name": "Dragon Hatchling"},
                                        {"name": "Cyber-Knight"}], "location": "Border Town"},
                           {"members": [{"name": "Vagabond"}], "location": "Farms"}], at="turn")
    rifts.choose(game, next(str(a) for a in game.legal_actions()
                            if str(a).startswith("Resupply")))
    rifts.roll(game, 20, "Supply")
    rifts.roll(game, 1, "Bonus Supply")
    found = said(game)
    assert found["Draw from the Character deck"] == (
        "Only a Character of Base Force 6 or less can join (your party's Base Force is 34 of "
        "40); another stays in hand")
    assert found["Draw from the Magic deck"] == (
        "Dragon Hatchling can use Magic cards; Mind Melter and Cyber-Knight cannot")
    assert found["Draw from the Psionic deck"] == (
        "Mind Melter and Cyber-Knight can use Psionic cards; Dragon Hatchling cannot")


# ---- Lair of the Rat-King: a CHARACTER that its Exclusion discards ----------------------------

def rat_king_exclusion() -> explorer.engine.Game:
    # Borin Brawler is a Dwarph who excludes Urks; Thrak Bruiser is an Urk (data/rat_king,
    # characters: "All Dwarphs cannot be in the same group as Urks"); with an excluded one in a
    # group, "discard both!" (seed 002, line 38).
    game = scenario([char("ME Warrior"), char("Borin Brawler")], [char("ME Rogue")],
                    hands=[full([]), full(["Thrak Bruiser"], skip=5)], active=1)
    act(game, "character")
    return game


def test_rat_king_exclusion_names_both_characters_discarded() -> None:
    game = rat_king_exclusion()
    by_args = {a.args: s for a, s in odds.consequences(game) if a.name == "play_character"}
    assert by_args[("Thrak Bruiser", 0)] == (
        "Exclusion: Thrak Bruiser and Borin Brawler will both be discarded")
    assert by_args[("Thrak Bruiser", 1)] is None  # the ME Rogue excludes no Urk


def test_rat_king_a_me_card_is_flipped_instead_of_discarded() -> None:
    # Lady Vessa excludes Rogues; a ME card is flipped instead of being discarded (seed 002,
    # line 36), as tests/rat_king/test_cards.py plays it.
    game = scenario([char("ME Priest")], [char("ME Rogue")],
                    hands=[full(["Lady Vessa"]), full([], skip=5)])
    act(game, "character")
    by_args = {a.args: s for a, s in odds.consequences(game) if a.name == "play_character"}
    assert by_args[("Lady Vessa", 1)] == (
        "Exclusion: Lady Vessa will be discarded, and ME Rogue (a ME card) will be flipped")
    assert by_args[("Lady Vessa", 0)] is None


def test_rat_king_a_flipped_me_card_stays_flipped() -> None:
    # "a flipped one stays flipped" (ruling rk-24, seed 002, line 36).
    game = scenario([char("ME Priest")], [char("ME Rogue", flipped=True)],
                    hands=[full(["Lady Vessa"]), full([], skip=5)])
    act(game, "character")
    by_args = {a.args: s for a, s in odds.consequences(game) if a.name == "play_character"}
    assert by_args[("Lady Vessa", 1)] == (
        "Exclusion: Lady Vessa will be discarded, and ME Rogue (a ME card already flipped) "
        "stays flipped")


# ---- Gamma World: Retreat is certain; "play a Foe?" with its odds -----------------------------

def gw_attack() -> explorer.engine.Game:
    """Player 1's basic follower (Force 1, Hits 2, seed 004, line 31), 1 damage counter on it,
    attacks Think Tank; Player 2 holds Blight (2D6, line 189)."""
    game = gw.scenario({"hand": ["Think Tank"], "followers": [
        {"kind": "Pure Strain Human", "damage": 1}]}, {"hand": ["Blight"]})
    gw.choose(game, "Attack Think Tank")
    return game


def test_gamma_world_retreat_is_stated_as_certain() -> None:
    # "If the followers retreat or are destroyed discard the location and the threat." (l. 59)
    game = gw_attack()
    gw.choose(game, "Play Blight")
    gw.roll(game, 2, "Starting Threat of Blight")
    found = said(game)
    assert found["Retreat"] == ("Certain: Think Tank is not captured; the location and the "
                                "Foe are discarded")
    retreat = next(o for a, o in odds.choices(game) if a.name == "retreat")
    assert retreat.p == 1 and retreat.outcomes[0][0].startswith("certain")


def capture_by_hand(threat: int) -> Fraction:
    """One follower with 1 Hit left against Threat ``threat``: each round he rolls 1D6 and the
    Threat ``threat``D6 at once (lines 45-48); any 1 of the Threat kills him, his 1 lowers the
    Threat by 1 (his Force), both at once is lost (ruling gw-34), no 1 at all repeats:
    W(t) = (1/6)(5/6)^t W(t-1) / (1 - (5/6)^(t+1)), W(0) = 1."""
    w = Fraction(1)
    for t in range(1, threat + 1):
        w = Fraction(1, 6) * Fraction(5, 6) ** t * w / (1 - Fraction(5, 6) ** (t + 1))
    return w


def test_gamma_world_play_a_foe_has_odds() -> None:
    # Blight's Starting Threat is 2D6 (line 189): the capture chance is the 2D6 mix of W(t).
    game = gw_attack()
    found = {a.name: o for a, o in odds.choices(game)}
    two_d6 = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    capture = sum(p * capture_by_hand(t) for t, p in two_d6.items())
    assert capture_by_hand(2) == Fraction(125, 1001)  # as tests/odds/test_choices.py counts it
    foe = found["foe"]
    assert foe.extra["capture"] == capture and foe.p == 1 - capture
    assert found["no foe"].p == 0 and found["no foe"].outcomes == (
        ("Player 1 is stopped: Think Tank is not captured", 0),
        ("Player 1 captures Think Tank", 1))  # no Foe, no Threat: won at once (lines 41-44)
    words = {a.name: s for a, s in odds.consequences(game)}
    assert words["no foe"] == ("Certain: with no Foe there is no Threat, and Player 1 "
                               "captures Think Tank")
    assert words["foe"] is None


# ---- Adventurers: the Travel Phase's odds -----------------------------------------------------

def adventurers_travel() -> explorer.engine.Game:
    """Player 1 holds Horses (Ground, seed 001, line 147) on a chain topped by Motorcycle
    (Road, line 126); Player 2 holds 2 cards; the only cards Player 1 has not seen are Chase
    Scene (Anywhere, line 95), Car Chase (Road, line 94), Insect Swarm (Indoor Location, line
    98) and Camels (Travel, line 146): every other card is in the discard pile."""
    pool = ["Chase Scene", "Car Chase", "Insect Swarm", "Camels"]
    rest = [n for n in adv.others_hold("Horses", "Motorcycle", *pool)]
    return adv.game_at("travel", hand=["Horses"], chain=["Motorcycle"],
                       others=[{"profession": "Reporter", "hand": pool[:2]}], discard=rest)


def test_adventurers_travel_choices_have_the_exact_encounter_odds() -> None:
    # Player 2's hand is any 2 of the 4 unseen cards. Horses: only Chase Scene matches a
    # Ground Travel card: 1 - C(3,2)/C(4,2) = 1/2. No card: Motorcycle stays on top, matched by
    # Chase Scene and Car Chase: 1 - C(2,2)/C(4,2) = 5/6.
    game = adventurers_travel()
    found = {a.name: o for a, o in odds.choices(game)}
    assert found["travel"].p == 1 - Fraction(comb(3, 2), comb(4, 2)) == Fraction(1, 2)
    assert found["pass"].p == 1 - Fraction(comb(2, 2), comb(4, 2)) == Fraction(5, 6)
    assert all(sum(p for _, p in o.outcomes) == 1 for o in found.values())


def test_adventurers_a_location_says_which_it_is_and_the_fifth_wins() -> None:
    # "the first to visit 5 locations" wins, "the last one must be an Ancient location"
    # (seed 001, lines 12-13); Temple is Ancient (line 151). Four Locations are on this chain.
    fourth = ["Safari", "Hotel", "Camels", "Docks", "Horses", "Desert", "Train", "Jungle",
              "Hiking"]
    game = adv.game_at("travel", hand=["Temple"], chain=fourth)
    assert said(game)["Play " + adv.DATA.cards["Temple"].describe()] == (
        "Your location 5 of 5, and Ancient: you win at once")
    game = adv.game_at("travel", hand=["Temple"], chain=["Hiking"])  # Hiking: Travel, line 144
    assert said(game)["Play " + adv.DATA.cards["Temple"].describe()] == "Your location 1 of 5"


# ---- every game: an answer at every position, never an error ----------------------------------

def test_consequences_refuses_a_bad_seat_and_is_empty_on_a_chance_step() -> None:
    game = explorer.new_game("rifts", players=2, seed=3)
    assert game.is_chance and odds.consequences(game) == []
    with pytest.raises(ValueError, match="seat"):
        odds.consequences(game, seat=5)


def test_another_seat_does_not_see_the_deciders_sentences() -> None:
    game = rat_king_exclusion()
    assert all(s is None for _, s in odds.consequences(game, seat=0))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(["adventurers", "gamma_world", "rat_king", "riftforce",
                                "rifts"]),
       seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_consequences_answer_at_random_reachable_positions(game_id: str, seed: int,
                                                           steps: int) -> None:
    game = explorer.new_game(game_id, players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        if game.is_chance:
            game.step()
        else:
            game.step(rng.choice(game.legal_actions()))
    before = game.snapshot()
    for seat in (None, 0, 1):
        found = odds.consequences(game, seat)
        assert [a for a, _ in found] == game.legal_actions()
        for _, sentence in found:
            assert sentence is None or (isinstance(sentence, str) and plain(sentence))
    assert game.snapshot() == before


def plain(sentence: str) -> bool:
    """Players' words: no identifiers, data notation, seed lines or ruling ids."""
    return bool(sentence) and not re.search(r"[_{}\[\]=`]|\bline \d|\bseed\b|\b[a-z]+-\d+\b",
                                             sentence)
