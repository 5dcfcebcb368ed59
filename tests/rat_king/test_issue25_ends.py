"""Issue 25, Lair of the Rat-King items 3, 7, 8, 9 and 11: when a game ends (lines 8-9, 16),
and the deck-combining modes' words (lines 92, 94, 96).

Expected positions are worked out by hand from the rulebook's words (seed 002, "line N") and the
rulings, never read from the rules under test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import explorer
from explorer import cards
from explorer.engine import Chance
from explorer.engine.bots import RandomBot, play
from explorer.errors import ExplorerError, IllegalAction
from explorer.games.rat_king.position import position

from .helpers import act, ap, char, draws, full, group, logged, others, scenario

# ---- item 3: the game ends only at 7 AP, at the last card, or when play truly circles ------------

CHARACTERS = ["Rikki Rogue", "Jeff Squire", "Tinki Mercenary", "Borin Brawler", "Sylvi Archer",
              "Grimble Ratcatcher", "Mossy Hedge-Witch", "Percy Hall Monitor"]


def test_item3_character_each_turn_does_not_end_game() -> None:
    """The issue's game: Player 1 holds 8 cards and plays a CHARACTER each turn without drawing
    (line 16: he draws only "until you have 5 cards"), while the two others, holding 5
    ENCOUNTERS, pass. Four whole rounds go by with no card drawn and no AP won; the game must
    go on (lines 8-9: its ends are 7 AP and the last card drawn)."""
    game = scenario([char("ME Warrior")], [char("ME Priest")], [char("ME Rogue")],
                    hands=[list(CHARACTERS), full([]), full([], skip=5)])
    for played in range(4):
        assert not game.is_over, played
        assert game.current_player == 0 and game.phase == "turn"
        act(game, "character")
        act(game, "play_character", CHARACTERS[played], 0)
        # Players 2 and 3 pass (ruling rk-34); the round is over and nothing ended it
    assert not game.is_over
    assert not logged(game, "goes round in a circle") and not logged(game, "has stopped")
    assert [c[0] for c in group(game, 0)] == ["ME Warrior", *CHARACTERS[:4]]
    assert ap(game) == [0, 0, 0]
    # the fifth turn: 4 cards in hand, so Player 1 draws one (line 16)
    assert isinstance(game.pending, Chance) and game.pending.seen_by == 0


def test_rk54_a_round_ending_in_a_position_already_seen_goes_on_while_a_choice_is_left() -> None:
    """Player 1 swaps two STUFF on Borin Brawler: a turn replaces one (the other is discarded,
    line 19), the next takes it back with Gimra Tunneler's turn option, never drawing (6 or 5
    cards in hand, line 16), while Player 2 passes. After four rounds the position at the
    round's end is the one the game started from, but Player 1 chose each swap: the Warhammer
    could have gone on Gimra, the Axe on Gimra or on his ME Warrior. The game goes on (lines
    8-9 give its only ends; issue 45 changed rk-54 so: only a forced loop ends it)."""
    game = scenario([char("ME Warrior"), char("Borin Brawler", "Battle Axe"),
                     char("Gimra Tunneler")], [char("ME Priest")],
                    hands=[["Dwarphen Warhammer", *full([])], full([], skip=5)],
                    adventures_won=[[], ["The Hidden Nest"]])
    assert ap(game) == [0, 1]  # The Hidden Nest: "She now has 1 AP" (line 69)
    swaps = ["Dwarphen Warhammer", "Battle Axe"]  # each replaces the other on Borin
    for rnd in range(8):
        assert not game.is_over, rnd
        assert game.current_player == 0 and game.phase == "turn"
        if rnd % 2 == 0:
            act(game, "stuff")
            assert len(game.legal_actions()) > 1  # a choice of where the STUFF goes
            act(game, "play_stuff", swaps[rnd % 4 // 2], 0, 1, 0)
        else:
            act(game, "option")
            _take_back(game)
    assert not game.is_over and not logged(game, "goes round in a circle")
    assert group(game, 0)[1] == ("Borin Brawler", False, (("Battle Axe", False),))


def _take_back(game) -> None:
    """Gimra's option: take the one STUFF in the discard pile back into the hand."""
    while not game.is_over and game.current_player == 0 and game.phase.startswith("turn."):
        actions = game.legal_actions()
        assert len(actions) == 1 or game.phase == "turn.option", [str(a) for a in actions]
        game.step(actions[0])


# ---- item 8: the last card of the draw pile ends the game, however many cards the draw needed ----

FILLER_P2 = ["Narrow Passage", "Echoing Darkness", "Cave-In", "Lost in the Sewers", "Wererat"]


def test_item8_a_draw_that_needs_more_than_the_pile_holds_ends_at_its_last_card() -> None:
    """Player 1 holds 2 cards and must draw 3 (line 16), but the draw pile holds 2: his second
    card is "the last card ... drawn from the draw pile" (line 9), so the game ends at once, the
    most AP winning, as a draw of exactly 2 would (ruling rk-32). Player 2 has The Hidden Nest,
    1 AP ("She now has 1 AP", line 69). No reshuffle comes first."""
    pile = ["Sylvi Archer", "Gimra Tunneler"]
    hands = [["Familiar", "Desertion"], FILLER_P2]
    used = [*pile, *hands[0], *hands[1], "The Hidden Nest"]
    game = scenario([char("ME Priest")], [char("ME Rogue")], hands=hands,
                    discard=others(*used), adventures_won=[[], ["The Hidden Nest"]])
    assert position(game)["draw_pile"] == 2
    draws(game, "Gimra Tunneler", "Sylvi Archer")
    assert game.is_over and game.winners == [1] and game.scores == [0, 1]
    assert position(game)["hands"][0] == ["Familiar", "Desertion", "Gimra Tunneler",
                                          "Sylvi Archer"]
    assert len(position(game)["discard"]) == len(others(*used))  # not shuffled back in
    assert not logged(game, "shuffled into a new draw pile")
    assert logged(game, "The last card of the draw pile is drawn: the game ends at 0 to 1 AP")


# ---- item 9: On the Borderlands, each player with a different set -------------------------------

def test_item9_borderlands_refuses_two_players_on_the_same_set(tmp_path: Path) -> None:
    """"Each player plays with a different set" (line 94): the game's own set twice, the shipped
    folder named beside the game's own set, or a copy of it in another folder, are refused
    with an error naming the mode and the seats, before any game exists."""
    shipped = str(cards.data_root() / "rat_king")
    copy = tmp_path / "rat_king_copy"
    copy.mkdir()
    for table in cards.tables("rat_king"):
        cards.load("rat_king", table).write_parquet(copy / f"{table}.parquet")
    before = explorer.new_game("rat_king", players=2, seed=3)
    snapshot = before.snapshot()
    for sets, seats in (([None, None], (0, 1)), ([None, shipped], (0, 1)),
                        ([shipped, None, str(copy)], (0, 1)), ([None, str(copy)], (0, 1))):
        with pytest.raises(IllegalAction) as refused:
            explorer.new_game("rat_king", players=len(sets), mode="borderlands", sets=sets)
        message = str(refused.value)
        assert message.startswith("mode 'borderlands' (On the Borderlands): each player plays "
                                  "with a different set"), message
        assert f"sets[{seats[0]}] and sets[{seats[1]}] are the same set" in message, message
        assert isinstance(refused.value, ExplorerError)
    assert before.snapshot() == snapshot


# ---- item 7: Creation's balance is advice: a smaller deck is played with a warning --------------

SMALL_DECK = {"base": ["ME Priest", "ME Rogue", "The Hidden Nest", "Rikki Rogue", "Jeff Squire",
                       "Sylvi Archer", "Borin Brawler", "Tinki Mercenary", "Grimble Ratcatcher",
                       "Percy Hall Monitor"]}
"""Two ME cards, seven CHARACTERS and one ADVENTURE: of the cards line 96 counts
("ADVENTURE/EVENT or STUFF cards"), one, The Hidden Nest, worth 1 AP ("She now has 1 AP",
line 69)."""


def test_item7_a_small_creation_deck_is_played_with_a_warning() -> None:
    """Line 96: "As long as there are at least 14 ADVENTURE/EVENT or STUFF cards totaling at
    least 21 ADVENTURE points, play will be balanced" is advice: the deck (1 such card, 1 AP)
    is played, and the game log opens with the warning, as it does past 8 players."""
    game = explorer.new_game("rat_king", players=2, seed=1, mode="creation", deck=SMALL_DECK)
    assert game.log[0].text == (
        "This Creation deck is below the rulebook's advice for 2 players: 1 ADVENTURE, EVENT "
        "and STUFF cards with AP (at least 14 needed); 1 ADVENTURE POINTS on them (at least 21 "
        "needed). It is played all the same, but play may not be balanced (seed 002, line 96; "
        "ruling rk-49)")
    assert game.phase == "setup" and not game.is_over
    play(game, lambda seat: RandomBot(seat), max_steps=3000)
    assert game.is_over and game.winners
    # a balanced deck (the shipped set, 2 to 4 players) carries no warning
    shipped = explorer.new_game("rat_king", players=3, mode="creation", deck={"base": "all"})
    assert not any("rulebook's advice" in e.text for e in shipped.log)


def test_item8_the_deal_that_empties_the_draw_pile_does_not_end_the_game() -> None:
    """The small deck's 8 cards besides the ME cards are all dealt (4 each, line 14): the deal
    comes before "The remaining cards form the draw pile", so it ends nothing (ruling rk-32).
    Player 1's first draw then starts from an empty draw pile and an empty discard pile: he
    draws nothing and plays on."""
    game = explorer.new_game("rat_king", players=2, seed=1, mode="creation", deck=SMALL_DECK)
    while game.phase.startswith("setup"):
        game.step()
    assert not game.is_over and game.phase == "turn"
    view = position(game)
    assert view["draw_pile"] == 0 and [len(h) for h in view["hands"]] == [4, 4]
    assert logged(game, "The draw pile and the discard pile are empty: no more cards to draw")
    assert not logged(game, "The last card of the draw pile is drawn")
