"""A turn's three actions, the guild selection, the setup and the end rule, against
reference/riftforce.md ("ref") and seed 003 (line numbers given)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import explorer
from explorer.errors import IllegalAction
from explorer.games.riftforce.data import riftforce_data
from explorer.games.riftforce.position import position

from .helpers import GUILDS, act, activate, board, offers, riftforce, scenario


def draw_all(game: explorer.Game) -> None:
    while game.is_chance:
        game.step()


# ---- Play ----------------------------------------------------------------------------------


def test_play_shares_a_guild_or_a_value_at_one_location_or_adjacent_ones() -> None:
    # ref A: "play up to 3 elementals from hand that all share a guild symbol or all share a
    # number. Either all of them at one location (in any order), or one each at adjacent
    # locations forming a connected run".
    game = scenario(hands=[["Fire 5", "Fire 6", "Water 5", "Air 7"], []])
    act(game, "play")
    assert len(offers(game)) == 4 * 5  # any card anywhere
    act(game, "place", "Fire 5", 1)  # Location 2
    # Fire 6 shares the guild, Water 5 the value, Air 7 neither; Locations 1, 2 or 3
    assert sorted(offers(game)) == sorted(
        [("place", (n, p)) for n in ("Fire 6", "Water 5") for p in (0, 1, 2)] + [("done", ())])
    act(game, "place", "Water 5", 2)  # a run: Locations 2, 3
    # the third must share the value 5 with both (none left) or the guild with both (no)
    assert game.current_player == 1 and board(game, 2)[0] == ["Fire 5"]
    assert board(game, 3)[0] == ["Water 5"]


def test_a_run_extends_at_either_end_and_one_location_stays_one() -> None:
    game = scenario(hands=[["Fire 5", "Fire 6", "Fire 7", "Water 5"], []])
    act(game, "play")
    act(game, "place", "Fire 5", 0)
    act(game, "place", "Fire 6", 1)
    assert sorted(offers(game)) == [("done", ()), ("place", ("Fire 7", 2))]
    same = scenario(hands=[["Fire 5", "Fire 6", "Fire 7"], []])
    act(same, "play")
    act(same, "place", "Fire 5", 3)
    act(same, "place", "Fire 6", 3)
    assert sorted(offers(same)) == [("done", ()), ("place", ("Fire 7", 3))]
    act(same, "place", "Fire 7", 3)  # 3 played: the Play is over
    assert board(same, 4)[0] == ["Fire 5", "Fire 6", "Fire 7"] and same.current_player == 1


def test_new_cards_go_behind_the_ones_already_there() -> None:
    # ref A: "New cards go on top of that location's column, i.e. behind the ones already
    # there."
    game = scenario({2: (["Earth 5"], [])}, hands=[["Fire 5"], []])
    act(game, "play")
    act(game, "place", "Fire 5", 1)  # his last card: the Play is over
    assert board(game, 2) == [["Earth 5", "Fire 5"], []]


def test_elementals_on_the_table_do_not_restrict_a_play() -> None:
    # ref FAQ: "Play: elementals already on the table do not restrict which cards you may
    # play."
    game = scenario({3: (["Water 6"], [])}, hands=[["Fire 5"], []])
    act(game, "play")
    assert ("place", ("Fire 5", 2)) in offers(game)


# ---- Activate ------------------------------------------------------------------------------


def test_activation_takes_elementals_sharing_the_discarded_cards_value_or_guild() -> None:
    # ref B: "activate up to 3 of your elementals in play that all share that discarded card's
    # number or all share its symbol".
    board_ = {1: (["Fire 6"], []), 2: (["Water 5"], []), 3: (["Air 7"], []),
              4: (["Fire 5"], [])}
    game = scenario(board_, hands=[["Fire 5"], []])
    act(game, "activate")
    act(game, "discard", "Fire 5")
    assert offers(game) == [("elemental", (0, 0)), ("elemental", (1, 0)), ("elemental", (3, 0)),
                            ("done", ())]
    act(game, "elemental", 1, 0)  # Water 5 shares only the value: now all must be 5s
    act(game, "move", 0)
    assert offers(game) == [("elemental", (3, 0)), ("done", ())]
    both = scenario(board_, hands=[["Fire 5"], []])
    activate(both, "Fire 5", (4, 0))  # Fire 5 shares both: either way is still open
    assert offers(both) == [("elemental", (0, 0)), ("elemental", (1, 0)), ("done", ())]


def test_rf17_an_activation_may_activate_none() -> None:
    # ruling rf-17: "activate up to 3" includes none: the card is discarded, the turn ends.
    game = scenario({1: (["Fire 6"], [])}, hands=[["Water 7"], []])
    act(game, "activate")
    act(game, "discard", "Water 7")
    assert offers(game) == [("done", ())]
    assert str(game.legal_actions()[0]) == "Activate none"
    act(game, "done")
    assert game.current_player == 1 and game.state.sides[0].discard == ["Water 7"]


def test_identical_cards_may_be_activated_together() -> None:
    # ref FAQ: "Identical cards (same number and symbol) may be played or activated together."
    game = scenario({2: (["Fire 5", "Fire 5"], ["Ice 7"])}, hands=[["Fire 5"], []])
    activate(game, "Fire 5", (2, 0), (2, 1))
    # each Fire: 3 to Ice 7, 1 to the ally behind (the first Fire's hits the second)
    assert board(game, 2) == [["Fire 5", "Fire 5/1"], ["Ice 7/6"]]


def test_destroyed_elementals_are_gone_before_the_next_activation() -> None:
    # ref B: "then check for destroyed elementals before activating the next". The first
    # Crystal destroys Ice 5/1; the second hits the next first enemy, Light 6.
    game = scenario({2: (["Crystal 5", "Crystal 6"], ["Ice 5/1", "Light 6"])},
                    hands=[["Crystal 7"], []],
                    guilds=[["Crystal", "Fire", "Air", "Earth"], ["Light", "Ice", "Plant",
                                                                  "Water"]])
    activate(game, "Crystal 7", (2, 0), (2, 1))
    assert board(game, 2) == [["Crystal 5", "Crystal 6"], ["Light 6/4"]]


# ---- Check & Draw --------------------------------------------------------------------------


def test_check_scores_each_location_you_control_then_draws_up_to_7() -> None:
    # ref C: "Score 1 Riftforce per location you control (at least one ally there, no enemy)
    # ... Then draw up to 7". Player 1 controls 1 and 3; 2 is contested; 5 is the enemy's.
    game = scenario({1: (["Fire 5"], []), 2: (["Water 5"], ["Ice 5"]), 3: (["Air 5"], []),
                     5: ([], ["Light 5"])}, hands=[["Earth 5", "Earth 6"], []])
    act(game, "check")
    assert riftforce(game) == [2, 0]
    draw_all(game)
    assert len(game.state.sides[0].hand) == 7


def test_check_and_draw_needs_fewer_than_7_in_hand_and_only_the_actor_scores() -> None:
    full = scenario(hands=[["Fire 5", "Fire 5", "Fire 5", "Fire 6", "Fire 6", "Water 5",
                            "Water 6"], []], board={1: ([], ["Ice 5"])})
    assert ("check", ()) not in offers(full)
    game = scenario({1: ([], ["Ice 5"])}, hands=[["Fire 5"], []])
    act(game, "check")  # Player 2 controls Location 1 but does not score in my check
    assert riftforce(game) == [0, 0]


def test_the_discard_pile_is_shuffled_into_a_new_pile_when_the_pile_runs_out() -> None:
    # ref C: "if the draw pile runs out, shuffle your discard pile into a new draw pile and go
    # on." Player 1 holds 2 cards; 33 are in his discard pile, 1 in his pile: a Check draws
    # that 1, then 4 of the 33 reshuffled.
    data = riftforce_data()
    cards = [name for name, copies in data.deck(GUILDS[0]).items() for _ in range(copies)]
    hand, pile, discard = cards[:2], cards[2:3], cards[3:]
    game = scenario(hands=[hand, []], discards=[discard, []])
    assert position(game)["decks"][0] == 1
    act(game, "check")
    draw_all(game)
    side = game.state.sides[0]
    assert len(side.hand) == 7 and side.discard == [] and side.pile.size == 29
    assert pile[0] in side.hand
    assert any("shuffled into a new one" in e.text for e in game.log)


def test_rf20_drawing_stops_when_both_piles_are_empty() -> None:
    data = riftforce_data()
    cards = [name for name, copies in data.deck(GUILDS[0]).items() for _ in range(copies)]
    rows = [[cards[i * 7:(i + 1) * 7], []] for i in range(5)]  # 35 in play, 1 in hand
    game = explorer.new_game("riftforce", seed=1, scenario={
        "guilds": GUILDS, "first": 0, "active": 0, "riftforce": [0, 0],
        "hands": [cards[35:], []], "board": rows})
    act(game, "check")  # 5 locations controlled, nothing to draw
    assert riftforce(game) == [5, 0] and len(game.state.sides[0].hand) == 1
    assert game.current_player == 1


# ---- the guild selection and the setup -----------------------------------------------------


def test_the_selection_sets_one_aside_deals_one_each_tosses_then_alternates() -> None:
    game = explorer.new_game("riftforce", seed=4)
    # ref: "Shuffle the 10 summoners and set one aside unseen. Each player draws 1 at random."
    assert [len(game.chance_outcomes())] == [10]
    assert {p for _, p in game.chance_outcomes()} == {Fraction(1, 10)}
    game.step()
    assert len(game.chance_outcomes()) == 9
    game.step()
    assert len(game.chance_outcomes()) == 8
    game.step()
    # "Lay the other 7 face up. Toss the start marker to decide who picks first"
    assert len(position(game)["selection"]["face_up"]) == 7
    assert [str(o) for o, _ in game.chance_outcomes()] == ["Player 1 picks first",
                                                           "Player 2 picks first"]
    game.step(game.chance_outcomes()[1][0])
    pickers = []
    while not game.is_chance:
        pickers.append(game.current_player)
        game.step(game.legal_actions()[0])
    # "pick one at a time, alternately, until each player holds 4 guilds. The last summoner
    # is set aside too. Whoever picked first in this selection keeps the start marker."
    assert pickers == [1, 0, 1, 0, 1, 0]
    view = position(game)
    assert [len(g) for g in view["guilds"]] == [4, 4] and view["first"] == 1
    assert view["selection"]["last"] is not None
    assert len({*view["guilds"][0], *view["guilds"][1], view["selection"]["last"],
                view["selection"]["aside"]}) == 10


def test_rf15_a_summoner_drawn_at_random_is_seen_only_by_its_player_until_the_end() -> None:
    game = explorer.new_game("riftforce", seed=4)
    for _ in range(3):
        game.step()
    mine, theirs = position(game, 0)["selection"], position(game, 1)["selection"]
    assert mine["drawn"][0] is not None and mine["drawn"][1] is None
    assert theirs["drawn"][1] is not None and theirs["drawn"][0] is None
    assert mine["aside"] is None and position(game)["selection"]["aside"] is not None
    assert position(game, 0)["guilds"] == [[], []]  # pinned: empty until the end
    # the log: each reads his own summoner, the other reads that one was drawn
    lines = [e.line(1) for e in game.log]
    assert f"Player 1: Draws the {mine['drawn'][0]} summoner at random" not in lines
    assert "Player 1: Draws a summoner at random" in lines


def test_the_setup_deals_7_each_and_the_second_player_starts_the_middle() -> None:
    game = explorer.new_game("riftforce", seed=9)
    while game.phase != "turn":
        game.step(None if game.is_chance else game.legal_actions()[0])
    view = position(game)
    first = view["first"]
    second = 1 - first
    # ref Setup: "draws 7"; "The player WITHOUT the start marker turns over the top card of
    # their draw pile and places it on their side at the middle location"; "The start-marker
    # holder takes the first turn." 36 - 7 = 29 and 36 - 7 - 1 = 28 left.
    assert [len(h) for h in view["hands"]] == [7, 7]
    assert view["decks"][first] == 29 and view["decks"][second] == 28
    assert [len(view["board"][2][s]) for s in (first, second)] == [0, 1]
    assert sum(len(c) for loc in view["board"] for c in loc) == 1
    assert game.current_player == first
    assert [a.name for a in game.legal_actions()] == ["play", "activate"]  # 7 cards: no check


def test_rf16_given_guilds_skip_the_selection_and_the_marker_is_still_tossed() -> None:
    guilds = [["Fire", "Water", "Air", "Earth"], ["Light", "Ice", "Plant", "Crystal"]]
    game = explorer.new_game("riftforce", seed=2, options={"guilds": guilds})
    assert [str(o) for o, _ in game.chance_outcomes()] == ["Player 1 picks first",
                                                           "Player 2 picks first"]
    game.step(game.chance_outcomes()[0][0])
    assert position(game)["guilds"] == guilds and position(game)["first"] == 0
    also = explorer.new_game("riftforce", seed=2, guilds=guilds)
    assert also.options == game.options


@pytest.mark.parametrize(("guilds", "message"), [
    ([["Fire", "Water", "Air"], ["Light", "Ice", "Plant", "Crystal"]], r"\[0\] must name 4"),
    ([["Fire", "Water", "Air", "Fire"], ["Light", "Ice", "Plant", "Crystal"]], "twice"),
    ([["Fire", "Water", "Air", "Lightning"], ["Light", "Ice", "Plant", "Crystal"]],
     "unknown guild 'Lightning'"),
    ("Fire", "must be 2 lists of 4"),
])
def test_bad_guild_options_are_refused_by_name(guilds: object, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        explorer.new_game("riftforce", options={"guilds": guilds})


def test_riftforce_is_for_2_players_only() -> None:
    for players in (1, 3, 4):
        with pytest.raises(IllegalAction, match="riftforce is for 2 to 2 players"):
            explorer.new_game("riftforce", players=players)


# ---- the end -------------------------------------------------------------------------------


def test_first_player_reaching_12_gives_the_second_one_more_action() -> None:
    # ref End: "If the first player (start marker) reached it, the second player takes one
    # more action". Player 1 (first) checks 1 location: 11 + 1 = 12.
    game = scenario({1: (["Fire 5"], [])}, hands=[["Fire 6"], ["Ice 5"]], riftforce=[11, 3])
    act(game, "check")
    draw_all(game)
    assert not game.is_over and game.current_player == 1
    act(game, "check")
    draw_all(game)
    assert game.is_over and game.winners == [0] and riftforce(game) == [12, 3]


def test_second_player_reaching_12_ends_the_game_at_once() -> None:
    # ref End: "if the second player reached it, the game ends at once."
    game = scenario({1: ([], ["Ice 5"])}, hands=[["Fire 6"], ["Ice 6"]], riftforce=[4, 11],
                    first=0, active=1)
    act(game, "check")
    draw_all(game)
    assert game.is_over and game.winners == [1] and riftforce(game) == [4, 12]


def test_a_tie_gives_each_player_one_more_action_until_one_leads() -> None:
    # ref End: "On a tie, each player takes one more action and scores are compared again,
    # repeating until one leads. Scores past 12 keep counting."
    top = ["Air 6", "Air 7", "Fire 7", "Water 7", "Earth 7", "Water 6"]
    game = scenario({1: (["Fire 5"], []), 3: (["Air 5"], []), 5: ([], ["Ice 5"])},
                    hands=[["Fire 6"], ["Ice 6"]], riftforce=[10, 11], decks=[top, []])
    act(game, "check")  # Locations 1 and 3: 12
    draw_all(game)
    act(game, "check")  # Location 5: 12 - 12, tied
    draw_all(game)
    assert not game.is_over and game.current_player == 0
    assert any("Tied at 12" in e.text for e in game.log)
    activate(game, "Air 6", (3, 0))
    act(game, "move", 4)  # the Air goes to Location 5: 1 damage to Ice 5, and it contests it
    act(game, "play")
    act(game, "place", game.legal_actions()[0].args[0], 4)
    act(game, "done")
    assert riftforce(game) == [12, 12] and not game.is_over  # tied again
    act(game, "check")  # Location 1 only: 13
    draw_all(game)
    act(game, "check")  # Player 2 controls nothing: still 12
    draw_all(game)
    assert game.is_over and game.winners == [0] and riftforce(game) == [13, 12]


def test_rf14_the_game_ends_at_the_end_of_the_round_whoever_reached_12() -> None:
    # ruling rf-14: Player 1 (first) destroys his own Crystal with his Fire, which gives
    # Player 2 her 12th Riftforce in Player 1's action: the round still ends with Player 2's
    # action, then the scores are compared.
    game = scenario({1: (["Fire 5", "Crystal 5/4"], [])}, hands=[["Fire 6"], ["Ice 6"]],
                    riftforce=[3, 10], guilds=[["Fire", "Crystal", "Air", "Earth"],
                                               ["Light", "Ice", "Plant", "Water"]])
    activate(game, "Fire 6", (1, 0))
    assert riftforce(game) == [3, 12] and not game.is_over and game.current_player == 1
    act(game, "check")
    draw_all(game)
    assert game.is_over and game.winners == [1]


def test_rf13_a_destroyed_elemental_is_gone_within_its_ability() -> None:
    # ruling rf-13: Water's 2 damage destroy Ice 5/3 at Location 2 at once (1 Riftforce), the
    # Water moves on to Location 3 and hits the first enemy there.
    game = scenario({2: (["Water 5"], ["Ice 5/3", "Light 6"]), 3: ([], ["Plant 7"])},
                    hands=[["Water 6"], []])
    activate(game, "Water 6", (2, 0))
    assert board(game, 2)[1] == ["Light 6"]  # the Water is still there, about to move
    assert riftforce(game) == [1, 0]
    act(game, "move", 2)
    assert board(game, 3) == [["Water 5"], ["Plant 7/1"]]
    assert game.state.sides[1].discard == ["Ice 5"]


def test_rf19_cards_are_placed_one_at_a_time_and_earth_strikes_at_once() -> None:
    # ruling rf-19: the first Earth's 1 damage destroys Ice 5/4 before the second is placed,
    # so the second Earth's 1 damage goes to Light 6 alone (now 2).
    game = scenario({3: ([], ["Ice 5/4", "Light 6"])}, hands=[["Earth 5", "Earth 6"], []])
    act(game, "play")
    act(game, "place", "Earth 5", 2)
    assert board(game, 3) == [["Earth 5"], ["Light 6/1"]] and riftforce(game) == [1, 0]
    act(game, "place", "Earth 6", 2)
    assert board(game, 3) == [["Earth 5", "Earth 6"], ["Light 6/2"]]


def test_rf21_a_game_where_nothing_can_change_ends() -> None:
    # ruling rf-21: all 72 cards in play, every location held by both sides, hands and piles
    # empty: a Check & Draw scores and draws nothing, for ever. The game ends after it.
    data = riftforce_data()
    decks = [[n for n, c in data.deck(g).items() for _ in range(c)] for g in GUILDS]
    rows = [[decks[0][i::5], decks[1][i::5]] for i in range(5)]
    game = explorer.new_game("riftforce", seed=1, scenario={
        "guilds": GUILDS, "first": 0, "active": 0, "riftforce": [7, 5],
        "hands": [[], []], "board": rows})
    assert offers(game) == [("check", ())]
    act(game, "check")
    assert game.is_over and game.winners == [0] and riftforce(game) == [7, 5]
    assert any("the game is stuck" in e.text for e in game.log)
    tied = explorer.new_game("riftforce", seed=1, scenario={
        "guilds": GUILDS, "first": 0, "active": 0, "riftforce": [6, 6],
        "hands": [[], []], "board": rows})
    act(tied, "check")
    assert tied.is_over and tied.winners == [0, 1]


def test_item14_rf7_and_rf14_end_the_game_at_the_end_of_the_round() -> None:
    # rulings rf-7 and rf-14, seed 003 line 31: the game ends "наприкінці раунду". Player 1
    # (first) reaches 12 with a check in his action: the game goes on to Player 2's action,
    # the round's end, and only then is over.
    game = scenario({1: (["Fire 5"], [])}, hands=[["Fire 6"], ["Ice 6"]], riftforce=[11, 3],
                    guilds=[["Fire", "Crystal", "Air", "Earth"],
                            ["Light", "Ice", "Plant", "Water"]])
    act(game, "check")  # Location 1 held: 12
    draw_all(game)
    assert riftforce(game) == [12, 3]
    assert not game.is_over and game.current_player == 1
    act(game, "check")
    draw_all(game)
    assert game.is_over and game.winners == [0]
    text = (Path(__file__).parents[2] / "docs" / "rulings.md").read_text(encoding="utf-8")
    for number in ("rf-7", "rf-14"):
        title = next(line for line in text.splitlines() if line.startswith(f"### {number}. "))
        assert "наприкінці раунду" in title and "after the current action" not in title
