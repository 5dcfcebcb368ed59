"""The deck-combining modes of Lair of the Rat-King (seed 002, lines 76-79 and 87-96; issue #13):
Multiverse, Conjunction of the Planes, On the Borderlands and Creation with a small second set
(tests/data/rat_king_8th_grade, built to Parquet here), more than 4 players only with combined
decks, cards of two sets told apart, seeded random-bot games in each mode with the invariants
after every step, save and load, and every bad option refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import explorer
from explorer import cards
from explorer.cards.source import read_source
from explorer.engine.bots import RandomBot, play
from explorer.errors import IllegalAction, ScenarioError
from explorer.games.rat_king.common import Ctx, trigger_played
from explorer.games.rat_king.invariants import check
from explorer.games.rat_king.modes import creation_check, deck_cards, set_cards
from explorer.games.rat_king.position import position

from .helpers import act, char, full, logged

SECOND = Path(__file__).resolve().parents[1] / "data" / "rat_king_8th_grade"
SHIPPED = str(cards.data_root() / "rat_king")
EIGHTH_ME = ["ME Class President", "ME Science Whiz"]
SHIPPED_ME = ["ME Priest", "ME Rogue", "ME Wizard", "ME Warrior"]
OTHER = full([], skip=5)
"""Player 2's hand: five ENCOUNTERS (no draw, nothing to play in a regular turn)."""


@pytest.fixture(scope="module")
def eighth(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The second set (17 cards) as a folder of Parquet tables in the shipped schema."""
    folder = tmp_path_factory.mktemp("sets") / "8th_grade"
    folder.mkdir()
    for table in cards.tables("rat_king"):
        read_source("rat_king", table, SECOND / f"{table}.toml").write_parquet(
            folder / f"{table}.parquet")
    cards.load_set("rat_king", folder)  # valid as any set
    return str(folder)


@pytest.fixture(scope="module")
def lands(eighth: str) -> list[str | None]:
    """Five different sets for On the Borderlands, where each player plays with a different set
    (line 94): the shipped set, the second set, and the second set less one or two of its
    ENCOUNTERS (8th_grade_b, _c, _d)."""
    found: list[str | None] = [None, eighth]
    for suffix, dropped in (("b", {"Spitball"}), ("c", {"Substitute Teacher"}),
                            ("d", {"Spitball", "Substitute Teacher"})):
        folder = Path(eighth).parent / f"8th_grade_{suffix}"
        folder.mkdir()
        for table in cards.tables("rat_king"):
            frame = cards.load("rat_king", table, eighth)
            if table == "encounters":
                frame = frame.filter(~frame["name"].is_in(sorted(dropped)))
            frame.write_parquet(folder / f"{table}.parquet")
        found.append(str(folder))
    return found


def game_with(players: int, seed: int = 0, scenario: dict[str, Any] | None = None,
              **options: Any) -> explorer.Game:
    return explorer.new_game("rat_king", players=players, seed=seed, scenario=scenario,
                             **options)


def setup_done(game: explorer.Game) -> None:
    """Sample the setup (ME cards, dealer, deal) up to the first turn's draw."""
    while game.phase.startswith("setup"):
        game.step()


def play_checked(players: int, seed: int, **options: Any) -> explorer.Game:
    """A seeded random-bot game to its end, the contract and the invariants after every step."""
    game = game_with(players, seed, **options)
    data = game.state._data
    seated = [RandomBot(seed * 10 + seat) for seat in range(players)]
    check(game.state, data)
    while not game.is_over:
        if game.is_chance:
            outcomes = game.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1 and all(p > 0 for _, p in outcomes)
            game.step()
        else:
            actions = game.legal_actions()
            assert actions and len(set(actions)) == len(actions)
            game.step(seated[game.current_player].choose(game))
        check(game.state, data)
    assert game.winners and all(s >= 0 for s in game.scores)
    return game


def mode_options(mode: str, players: int, eighth: str,
                 lands: list[str | None]) -> dict[str, Any]:
    """Each mode with the shipped set and the second set (On the Borderlands, a different set
    for each player)."""
    if mode == "multiverse":
        return {"mode": mode, "second_set": eighth}
    if mode == "conjunction":
        return {"mode": mode, "second_set": eighth, "trigger": "Dimensional Rift",
                "merge": "shuffle" if players % 2 else "replace"}
    if mode == "borderlands":
        return {"mode": mode, "sets": lands[:players]}
    return {"mode": mode, "deck": {"base": "all", eighth: "all"}}


# ---- rk-44: how many players ---------------------------------------------------------------------

def test_rk44_more_than_four_players_only_with_combined_decks_up_to_their_me_cards(
        eighth: str) -> None:
    with pytest.raises(IllegalAction, match=r"rat_king is for 2 to 4 players; found 5 \(one set "
                                            "has 4 ME cards; more players need combined decks"):
        game_with(5)
    # Multiverse deals from 4 + 2 ME cards: 5 and 6 players, not 7
    for players in (5, 6):
        game = game_with(players, mode="multiverse", second_set=eighth)
        setup_done(game)
        taken = [g[0]["name"] for g in position(game)["groups"]]
        assert len(taken) == players and set(taken) <= {*SHIPPED_ME, *EIGHTH_ME}
        assert len(position(game)["set_aside"]) == 6 - players
    with pytest.raises(IllegalAction, match=r"mode 'multiverse' with these sets is for 2 to 6 "
                                            r"players \(it deals from 6 ME cards, 1 each\); "
                                            "found 7"):
        game_with(7, mode="multiverse", second_set=eighth)
    # Conjunction deals the ME cards of the first set only
    with pytest.raises(IllegalAction, match="mode 'conjunction' with these sets is for 2 to 4"):
        game_with(5, mode="conjunction", second_set=eighth, trigger="Dimensional Rift")
    with pytest.raises(IllegalAction, match="is for 2 to 16 players; found 17"):
        game_with(17, mode="multiverse", second_set=eighth)
    # what a new-game form offers: the counts these sets seat, the same limits
    rules = game_with(2).rules
    assert rules.player_counts(game_with(2).options) == [2, 3, 4]
    multiverse = game_with(2, mode="multiverse", second_set=eighth).options
    assert rules.player_counts(multiverse) == [2, 3, 4, 5, 6]


def test_rk44_past_eight_players_a_warning_is_logged_and_the_group_limit_is_for_two(
        eighth: str) -> None:
    sets = [eighth, SHIPPED]  # 2 + 4 + 4 ME cards
    nine = game_with(9, mode="multiverse", second_set=sets)
    assert logged(nine, "9 players: the rulebook recommends at most 8 for speed and ease of "
                        "play (seed 002, line 96; ruling rk-44)")
    eight = game_with(8, mode="multiverse", second_set=sets)
    assert not logged(eight, "the rulebook recommends")
    setup_done(nine)
    assert len(position(nine)["groups"]) == 9 and len(nine.state.set_aside) == 1
    # the 2-player limit of 4 characters holds at 2 players only, with combined decks too
    four = [char("ME Priest"), char("Rikki Rogue"), char("Jeff Squire"), char("Big Otto")]
    two = game_with(2, mode="multiverse", second_set=eighth, scenario={
        "active": 0, "hands": [[], []], "groups": [four, [char("ME Class President")]]})
    assert not Ctx(two.state, two.state._data).group_has_room(0)
    five = game_with(5, mode="multiverse", second_set=eighth, scenario={
        "active": 0, "hands": [[]] * 5,
        "groups": [[*four, char("Dana the Hall Runner")], [char("ME Rogue")],
                   [char("ME Wizard")], [char("ME Warrior")], [char("ME Science Whiz")]]})
    assert Ctx(five.state, five.state._data).group_has_room(0)
    check(five.state, five.state._data)


# ---- rk-45: two sets' cards told apart -----------------------------------------------------------

def test_rk45_a_name_an_earlier_set_has_is_keyed_by_the_later_sets_label(eighth: str) -> None:
    game = game_with(3, seed=2, mode="multiverse", second_set=[eighth, SHIPPED])
    data = game.state._data
    assert data.plan.labels == ("rat_king", "8th_grade", "rat_king 3")
    assert data.me_cards == (*SHIPPED_ME, *EIGHTH_ME,
                             *(f"{n} [rat_king 3]" for n in SHIPPED_ME))
    assert "Detention Hall" in data.adventures  # no other set has the name: as printed
    assert data.plan.names["Wererat [rat_king 3]"] == "Wererat"
    assert data.plan.set_of["Wererat [rat_king 3]"] == 2 and data.plan.set_of["Wererat"] == 0
    assert sum(data.whole_set().values()) == 60 + 17 + 60
    assert data.constants["deck_size"] == 60  # the game's own set's rule numbers
    first = game.pending
    assert [str(o) for o in first.outcomes] == list(data.me_cards)
    view = position(game)
    assert view["mode"] == "multiverse" and view["sets"] == list(data.plan.labels)
    play(game, lambda seat: RandomBot(seat), max_steps=300)
    check(game.state, data)
    assert json.loads(json.dumps(position(game))) == position(game)


# ---- rk-46: Multiverse ---------------------------------------------------------------------------

def test_rk46_multiverse_pools_the_me_cards_and_the_rest_is_one_draw_pile(eighth: str) -> None:
    game = game_with(3, seed=1, mode="multiverse", second_set=eighth)
    pending = game.pending
    assert pending.label == "Player 1's ME card at random"
    assert [str(o) for o in pending.outcomes] == [*SHIPPED_ME, *EIGHTH_ME]
    assert len(set(pending.weights)) == 1
    view = position(game)
    assert view["draw_pile"] == 56 + 15 and sorted(view["set_aside"]) == sorted(
        SHIPPED_ME + EIGHTH_ME)
    for _ in range(3):
        game.step()  # the ME cards
    game.step()  # the dealer
    draw = [str(o) for o in game.pending.outcomes]
    assert "Detention Hall" in draw and "The Hidden Nest" in draw and len(draw) == 55 + 15
    setup_done(game)
    view = position(game)
    assert view["draw_pile"] == 56 + 15 - 12 and len(view["set_aside"]) == 3
    taken = [g[0]["name"] for g in view["groups"]]
    assert sorted(taken + view["set_aside"]) == sorted(SHIPPED_ME + EIGHTH_ME)
    assert logged(game, "are set aside, out of the game (ruling rk-23)")
    check(game.state, game.state._data)


# ---- rk-47: On the Borderlands -------------------------------------------------------------------

def test_rk47_borderlands_each_player_takes_his_me_card_and_draws_from_his_own_set(
        lands: list[str | None]) -> None:
    game = game_with(3, seed=4, mode="borderlands", sets=lands[:3])
    data = game.state._data
    assert data.plan.labels == ("rat_king", "8th_grade", "8th_grade_b")
    outcomes = []
    for _ in range(3):
        outcomes.append([str(o) for o in game.pending.outcomes])
        game.step()
    assert outcomes[0] == SHIPPED_ME and outcomes[1] == EIGHTH_ME
    assert outcomes[2] == [f"{n} [8th_grade_b]" for n in EIGHTH_ME]
    assert position(game)["draw_piles"] == [56, 15, 14]
    game.step()  # the dealer
    while game.phase == "setup.deal":
        pending = game.pending
        seat = pending.seen_by
        assert pending.label == f"Draw from Player {seat + 1}'s draw pile"
        assert all(data.home(str(o)) == seat for o in pending.outcomes)
        game.step()
    view = position(game)
    assert view["draw_piles"] == [52, 11, 10] and view["draw_pile"] == 73
    assert [d["name"] for d in view["decks"]] == ["Player 1's draw pile", "Player 2's draw pile",
                                                  "Player 3's draw pile"]
    assert all(data.home(n) == seat for seat, hand in enumerate(view["hands"]) for n in hand)
    assert logged(game, "Each player shuffles the other cards of his own set (56, 15, 14)")
    check(game.state, data)


def test_rk47_a_discarded_card_goes_to_its_owners_discard_pile(eighth: str) -> None:
    # Player 2 (the 8th grade) plays Pop Quiz on Player 1's flipped Rikki Rogue: Rikki is
    # discarded to Player 1's discard pile, Pop Quiz to Player 2's
    game = game_with(2, mode="borderlands", sets=[None, eighth], scenario={
        "active": 1, "hands": [OTHER, ["Pop Quiz"]],
        "groups": [[char("ME Priest"), char("Rikki Rogue", flipped=True)],
                   [char("ME Class President")]]})
    assert position(game)["draw_piles"] == [55 - 5, 14]
    for _ in range(4):  # Player 2 draws to five from his own pile
        assert all(game.state._data.home(str(o)) == 1 for o in game.pending.outcomes)
        game.step()
    act(game, "event")
    act(game, "play_event", "Pop Quiz", 0, 1)
    view = position(game)
    assert view["discards"] == [["Rikki Rogue"], ["Pop Quiz"]]
    assert view["discard"] == ["Rikki Rogue", "Pop Quiz"] and view["draw_piles"] == [50, 10]
    check(game.state, game.state._data)
    with pytest.raises(ScenarioError, match="does not deal player 2 the ME card ME Rogue"):
        game_with(2, mode="borderlands", sets=[None, eighth], scenario={
            "active": 0, "hands": [[], []],
            "groups": [[char("ME Priest")], [char("ME Rogue")]]})


def test_rk47_the_game_ends_when_a_player_draws_the_last_card_of_his_draw_pile(
        eighth: str) -> None:
    endings = []
    for seed in range(5):
        game = play_checked(2, seed, mode="borderlands", sets=[None, eighth])
        endings.append(game.log[-1].text)
    by_pile = [e for e in endings if "draw pile is drawn" in e]
    assert by_pile and all(e.startswith("The last card of Player ") and "rk-47" in e
                           for e in by_pile)


# ---- rk-48: Conjunction of the Planes ------------------------------------------------------------

def _rift(eighth: str, merge: str, trigger: str = "Dimensional Rift", **more: Any):
    return game_with(2, mode="conjunction", second_set=eighth, trigger=trigger, merge=merge,
                     scenario={"active": 0, "hands": [full(["Dimensional Rift"]), OTHER],
                               "groups": [[char("ME Priest")], [char("ME Rogue")]],
                               "discard": ["Battle Axe", "Wererat"], **more})


def test_rk48_conjunction_the_trigger_shuffles_the_second_set_in_once_discarded(
        eighth: str) -> None:
    game = _rift(eighth, "shuffle")
    view = position(game)
    # 60 less the 2 ME cards in play, 2 set aside, 10 in hands and 2 discarded
    assert view["draw_pile"] == 44 and view["waiting"]
    assert len(view["set_aside"]) == 2 + 17
    act(game, "event")
    act(game, "play_event", "Dimensional Rift", 0, None)
    view = position(game)
    # the Rift's own effect first (the discard pile into the draw pile), then, once it has
    # been discarded, the 15 cards of the second set without its 2 ME cards
    assert view["draw_pile"] == 44 + 2 + 15 and view["discard"] == ["Dimensional Rift"]
    assert sorted(view["set_aside"]) == sorted(["ME Wizard", "ME Warrior", *EIGHTH_ME])
    assert not view["waiting"]
    assert logged(game, "Dimensional Rift: the planes merge. 8th_grade (15 cards, without its ME "
                        "cards) is shuffled into the draw pile, now 61 cards")
    assert "Detention Hall" in game.state.pile.cards
    check(game.state, game.state._data)
    # played again (back through the discard pile), the trigger does nothing more
    before = position(game)["draw_pile"]
    trigger_played(Ctx(game.state, game.state._data), "Dimensional Rift")
    assert logged(game, "the planes have already merged, it does nothing more (ruling rk-48)")
    assert position(game)["draw_pile"] == before


def test_rk48_conjunction_replace_sets_the_draw_pile_aside(eighth: str) -> None:
    game = _rift(eighth, "replace")
    act(game, "event")
    act(game, "play_event", "Dimensional Rift", 0, None)
    view = position(game)
    assert view["draw_pile"] == 15 and view["discard"] == ["Dimensional Rift"]
    assert set(game.state.pile.cards) == {n for n in game.state._data.plan.set_of
                                          if game.state._data.plan.set_of[n] == 1} - set(EIGHTH_ME)
    # the 46 cards left in the draw pile (the discard pile shuffled in by the Rift included)
    assert len(view["set_aside"]) == 2 + 2 + 46 and "Battle Axe" in view["set_aside"]
    assert logged(game, "The 46 cards left in the draw pile are set aside and 8th_grade (15 "
                        "cards, without its ME cards) becomes the draw pile")
    check(game.state, game.state._data)


def test_rk48_only_the_agreed_trigger_card_merges_the_planes(eighth: str) -> None:
    game = game_with(2, mode="conjunction", second_set=eighth, trigger="Dimensional Rift",
                     scenario={"active": 0, "hands": [full(["Percy Hall Monitor"]), OTHER],
                               "groups": [[char("ME Priest")], [char("ME Rogue")]]})
    act(game, "character")
    act(game, "play_character", "Percy Hall Monitor", 0)
    assert logged(game, "Percy Hall Monitor is a trigger card (*): trigger card played; the "
                        "agreed trigger is Dimensional Rift, so it does nothing more")
    assert position(game)["waiting"]
    # agreed on Percy, a trigger CHARACTER: it merges the planes when played
    game = game_with(2, mode="conjunction", second_set=eighth, trigger="Percy Hall Monitor",
                     scenario={"active": 0, "hands": [full(["Percy Hall Monitor"]), OTHER],
                               "groups": [[char("ME Priest")], [char("ME Rogue")]]})
    act(game, "character")
    act(game, "play_character", "Percy Hall Monitor", 0)
    assert not position(game)["waiting"] and logged(game, "Percy Hall Monitor: the planes merge")
    # in the other modes a trigger card agrees nothing
    game = game_with(2, mode="multiverse", second_set=eighth, scenario={
        "active": 0, "hands": [full(["Percy Hall Monitor"]), OTHER],
        "groups": [[char("ME Priest")], [char("ME Class President")]]})
    act(game, "character")
    act(game, "play_character", "Percy Hall Monitor", 0)
    assert logged(game, "Percy Hall Monitor is a trigger card (*): trigger card played; "
                        "multiverse agrees no trigger, so it does nothing more")
    # a scenario is before the trigger: the second set cannot be named
    with pytest.raises(ScenarioError, match="'Detention Hall' is not a card left"):
        _rift(eighth, "shuffle", discard=["Detention Hall"])


def test_item11_conjunction_any_card_of_the_set_may_be_the_trigger(eighth: str) -> None:
    """Line 92: "Predetermine a specific card to trigger the merging of the genres when it's
    played": the Familiar, an EVENT that is no trigger card (*), agreed as the trigger. Played
    on Player 2's ME Rogue, where it stays, it brings the second set (17 cards, 2 of them ME
    cards) into the draw pile: "shuffle in the 2nd set ... (without ME cards)"."""
    game = game_with(2, mode="conjunction", second_set=eighth, trigger="Familiar",
                     scenario={"active": 0, "hands": [full(["Familiar"]), OTHER],
                               "groups": [[char("ME Priest")], [char("ME Rogue")]]})
    view = position(game)
    # 60 less the 2 ME cards in play, the 2 set aside and the 10 in hands (line 6)
    assert view["draw_pile"] == 46 and view["waiting"]
    act(game, "event")
    act(game, "play_event", "Familiar", 1, 0)
    view = position(game)
    assert view["groups"][1] == [char("ME Rogue", events=("Familiar",))]
    assert view["draw_pile"] == 46 + 15 and not view["waiting"]
    assert logged(game, "Familiar: the planes merge. 8th_grade (15 cards, without its ME cards) "
                        "is shuffled into the draw pile, now 61 cards")
    assert not logged(game, "trigger card (*)")
    check(game.state, game.state._data)
    # a CHARACTER agreed: Rikki Rogue merges the planes once in her group; any other card
    # played does nothing of the kind
    game = game_with(2, mode="conjunction", second_set=eighth, trigger="Rikki Rogue",
                     merge="replace",
                     scenario={"active": 0, "hands": [full(["Jeff Squire", "Rikki Rogue"]), OTHER],
                               "groups": [[char("ME Priest")], [char("ME Rogue")]]})
    act(game, "character")
    act(game, "play_character", "Jeff Squire", 0)
    assert position(game)["waiting"]
    while game.current_player != 0 or game.phase != "turn":
        game.step()  # Player 2 passes; Player 1 draws his fifth card
    act(game, "character")
    act(game, "play_character", "Rikki Rogue", 0)
    assert not position(game)["waiting"] and position(game)["draw_pile"] == 15
    assert logged(game, "Rikki Rogue: the planes merge")


def test_rk48_random_conjunction_games_merge_the_planes(eighth: str) -> None:
    merged = 0
    for seed in range(12):
        game = play_checked(3, seed, mode="conjunction", second_set=eighth,
                            trigger="Dimensional Rift", merge="replace")
        merged += logged(game, "the planes merge")
    assert merged


# ---- rk-49: Creation -----------------------------------------------------------------------------

def test_rk49_creation_checks_the_balance_for_the_number_of_players(eighth: str) -> None:
    shipped = set_cards(cards.load_set("rat_king"))
    constants = game_with(2).state._data.constants
    for players in (2, 3, 4):
        assert creation_check(shipped, players, constants).balanced
        game_with(players, mode="creation", deck={"base": "all"})
    five = creation_check(shipped, 5, constants)
    assert (five.cards, five.ap, five.needed_cards, five.needed_ap) == (14, 24, 14, 27)
    # not balanced for 5 (with a fifth ME card, nothing more): played all the same, with a
    # warning (issue 25, item 7)
    game = game_with(5, mode="creation", deck={"base": "all", eighth: ["ME Science Whiz"]})
    assert logged(game, "This Creation deck is below the rulebook's advice for 5 players: 24 "
                        "ADVENTURE POINTS on them (at least 27 needed)")
    both = {"base": "all", eighth: "all"}
    game = game_with(5, mode="creation", deck=both)
    balance = creation_check(deck_cards(game.state._data), 5, constants)
    assert (balance.cards, balance.ap, balance.balanced) == (19, 32, True)
    assert not logged(game, "rulebook's advice")
    six = game_with(6, mode="creation", deck=both)
    assert logged(six, "below the rulebook's advice for 6 players: 32 ADVENTURE POINTS on them "
                       "(at least 33 needed)")
    # past 8 players: balanced (56 AP >= 51) and warned
    nine = game_with(9, mode="creation", deck={**both, SHIPPED: "all"})
    assert creation_check(deck_cards(nine.state._data), 9, constants).warning.startswith(
        "9 players: the rulebook recommends at most 8")
    assert logged(nine, "9 players: the rulebook recommends at most 8")


def test_rk49_creation_plays_the_deck_built_from_named_cards(eighth: str) -> None:
    adventures = ["The Hidden Nest", "The Gnawed Gate", "The Breeding Pits", "The Low Tunnels",
                  "The Flooded Cellars", "The Cheese Vault", "The Rat-King's Hoard",
                  "Throne of the Rat-King"]
    deck = {"base": ["ME Priest", "ME Rogue", "Rikki Rogue", "Jeff Squire", *adventures,
                     "Familiar", "Treasure Hoard", "Rat-King's Crown", "Ratling Swarm",
                     "Ratling Swarm"],
            eighth: {"ME Science Whiz": 1, "Detention Hall": 1, "Hall Pass": 1,
                     "Honor Roll": 1, "Dana the Hall Runner": 1}}
    game = game_with(3, seed=5, mode="creation", deck=deck)
    data = game.state._data
    assert data.whole_set() == {**{n: 1 for n in deck["base"] if n != "Ratling Swarm"},
                                "Ratling Swarm": 2, **deck[eighth]}
    assert [str(o) for o in game.pending.outcomes] == ["ME Priest", "ME Rogue", "ME Science Whiz"]
    assert position(game)["draw_pile"] == 22 - 3  # the deck less its ME cards
    check(game.state, data)
    play(game, lambda seat: RandomBot(seat), max_steps=400)
    check(game.state, data)
    # the adventures alone: 8 cards and 16 AP, played with a warning (issue 25, item 7)
    small = game_with(2, mode="creation", deck={"base": ["ME Priest", "ME Rogue", *adventures]})
    assert logged(small, "8 ADVENTURE, EVENT and STUFF cards with AP (at least 14 needed); 16 "
                         "ADVENTURE POINTS on them")
    # not enough ME cards is still refused
    with pytest.raises(IllegalAction, match="mode 'creation' with these sets deals from 1 ME "
                                            "card, 1 each: not enough for 2 players"):
        game_with(2, mode="creation", deck={"base": ["ME Priest", *adventures, "Familiar",
                                                     "Treasure Hoard", "Royal Charter",
                                                     "Hero of the Warrens", "Rat-King's Crown",
                                                     "Gilded Rat Idol"]})


# ---- every mode: random games, save and load -----------------------------------------------------

LEGAL = [(mode, players) for mode in ("multiverse", "conjunction", "borderlands", "creation")
         for players in (2, 3, 4, 5) if not (mode == "conjunction" and players == 5)]


@pytest.mark.parametrize(("mode", "players"), LEGAL, ids=[f"{m}-{p}p" for m, p in LEGAL])
def test_20_random_games_in_each_mode_end_with_the_invariants_after_every_step(
        mode: str, players: int, eighth: str, lands: list[str | None]) -> None:
    options = mode_options(mode, players, eighth, lands)
    for seed in range(20):
        play_checked(players, seed, **options)


@pytest.mark.parametrize("mode", ["multiverse", "conjunction", "borderlands", "creation"])
def test_save_and_load_in_each_mode_plays_on_the_same(mode: str, eighth: str,
                                                     lands: list[str | None]) -> None:
    options = mode_options(mode, 3, eighth, lands)
    game = game_with(3, 5, **options)
    play(game, lambda seat: RandomBot(seat + 1), max_steps=60)
    assert not game.is_over
    saved = json.loads(game.to_json())
    assert {k: saved["options"][k] for k in options} == options
    copy = explorer.load_game(game.to_json())
    assert copy.snapshot() == game.snapshot() and position(copy) == position(game)
    play(game, lambda seat: RandomBot(seat + 9))
    play(copy, lambda seat: RandomBot(seat + 9))
    assert [str(e) for e in copy.log] == [str(e) for e in game.log]
    assert copy.snapshot() == game.snapshot()


def test_save_and_load_after_the_planes_merge(eighth: str) -> None:
    game = _rift(eighth, "replace")
    act(game, "event")
    act(game, "play_event", "Dimensional Rift", 0, None)
    copy = explorer.load_game(game.to_json())
    assert copy.snapshot() == game.snapshot() and position(copy) == position(game)


# ---- bad options ---------------------------------------------------------------------------------

BAD = [
    ({"mode": "chaos"}, r"option 'mode' must be one of multiverse, conjunction, borderlands, "
                        r"creation .*found 'chaos'"),
    ({"second_set": "E"}, r"option 'second_set' is an option of a deck-combining mode: give the "
                          r"option 'mode' too .*found second_set='E'"),
    ({"mode": "multiverse"}, "mode 'multiverse' needs the option 'second_set'"),
    ({"mode": "multiverse", "second_set": 3},
     r"option 'second_set' must be a card set folder \(a path\); found 3"),
    ({"mode": "multiverse", "second_set": []}, r"must name at least one folder; found \[\]"),
    ({"mode": "multiverse", "second_set": "/no/such/set"},
     "option 'second_set': '/no/such/set' is not a Lair of the Rat-King card set"),
    ({"mode": "multiverse", "second_set": "E", "trigger": "Dimensional Rift"},
     "option 'trigger' is not an option of mode 'multiverse', which takes 'second_set'; found "
     "trigger='Dimensional Rift'"),
    ({"mode": "conjunction", "second_set": "E"}, "mode 'conjunction' needs the option 'trigger'"),
    ({"mode": "conjunction", "second_set": "E", "trigger": "ME Priest"},
     r"option 'trigger' must name a card of the game's own set that is played: a ME card is "
     r"taken at setup, never played; found 'ME Priest'"),
    ({"mode": "conjunction", "second_set": "E", "trigger": "Fire Drill"},
     r"option 'trigger' must name a card of the game's own set \(not a ME card\), such as a "
     r"trigger card \(\*\): Percy Hall Monitor, Dimensional Rift; found 'Fire Drill': not a "
     "card of the game's own set"),
    ({"mode": "conjunction", "second_set": "E", "trigger": "Dimensional Rift", "merge": "swap"},
     r"option 'merge' must be 'shuffle' or 'replace' \(seed 002, line 92\); found 'swap'"),
    ({"mode": "borderlands", "sets": "E"}, "option 'sets' must list one card set per player"),
    ({"mode": "borderlands", "sets": [None, 3]},
     r"option 'sets\[1\]' must be a card set folder \(a path\); found 3"),
    ({"mode": "creation", "deck": []}, r"option 'deck' must map each card set"),
    ({"mode": "creation", "deck": {"base": "most"}},
     r"option deck\['base'\] must be 'all', a list of card names or names with counts; found "
     "'most'"),
    ({"mode": "creation", "deck": {"base": {"No Such Card": 1}}},
     r"option deck\['base'\]: 'No Such Card' is not a card of that set"),
    ({"mode": "creation", "deck": {"base": {"Ratling Swarm": 3}}},
     r"the copies of 'Ratling Swarm' must be a whole number from 1 to 2 \(the set has 2\); "
     "found 3"),
    ({"speed": "fast"}, "rat_king takes the options 'cards' and 'variant' only, each "
                        r"player's 'genders' \(seed 002, line 85\), and a deck-combining 'mode'"),
]


@pytest.mark.parametrize(("options", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_bad_options_are_refused_naming_the_option_and_the_value(
        options: dict[str, Any], message: str, eighth: str) -> None:
    options = {k: (eighth if v == "E" else v) for k, v in options.items()}
    message = message.replace("'E'", repr(eighth))
    before = game_with(2, 3, mode="multiverse", second_set=eighth)
    snapshot = before.snapshot()
    with pytest.raises(IllegalAction, match=message):
        game_with(3, **options)
    assert before.snapshot() == snapshot


def test_options_that_need_the_number_of_players_are_refused_before_a_game_exists(
        eighth: str) -> None:
    with pytest.raises(IllegalAction, match="option 'sets' names 2 sets, one per player; found "
                                            "3 players"):
        game_with(3, mode="borderlands", sets=[None, eighth])
    # a set without ME cards cannot seat a Borderlands player
    folder = Path(eighth).parent / "no_me"
    folder.mkdir()
    for table in cards.tables("rat_king"):
        frame = cards.load("rat_king", table, eighth)
        if table == "characters":
            frame = frame.filter(frame["kind"].cast(str) != "ME")
        frame.write_parquet(folder / f"{table}.parquet")
    with pytest.raises(IllegalAction, match=r"option 'sets': sets\[1\] \(no_me\) has no ME "
                                            "card for its player"):
        game_with(2, mode="borderlands", sets=[None, str(folder)])
