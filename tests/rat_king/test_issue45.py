"""Issue 45, item 6: Lair of the Rat-King's rulings rk-54, rk-40 and rk-51 decided again so that
no ruling overrides the rulebook's plain words.

Expected positions are worked out by hand from the rulebook's words (seed 002, "line N") and the
rulings, never read from the rules under test.
"""

from __future__ import annotations

import pytest

import explorer
from explorer.engine.bots import make_bot

from .helpers import act, ap, char, discard, full, group, logged, offers, scenario, texts

# ---- rk-54: only a forced loop ends a game early ------------------------------------------------

FORCED_END = ("The round ends in a position already seen at the end of an earlier round, with "
              "no card drawn, no AP won and no other choice open to anybody since: the play "
              "goes round in a circle and ends at 0 to 1 AP (ruling rk-54)")


def _gimra_swap(opponent: str, *, flipped: bool = False):
    """Player 1 (ME Priest, White) has Gimra Tunneler (Gray) carrying the Battle Axe and holds
    the Dwarphen Warhammer with 5 ENCOUNTERS: 6 cards, so he draws nothing (line 16). Player 2
    holds 5 ENCOUNTERS and has The Hidden Nest (1 AP, line 69)."""
    return scenario([char("ME Priest"), char("Gimra Tunneler", "Battle Axe")],
                    [char(opponent, flipped=flipped)],
                    hands=[["Dwarphen Warhammer", *full([])], full([], skip=5)],
                    adventures_won=[[], ["The Hidden Nest"]])


def test_rk54_a_forced_loop_ends_the_game() -> None:
    """Every decision has one legal action: the Warhammer fits Gimra only (Gray; the ME Priest is
    White, Player 2's ME Wizard Blue and flipped, so he has no turn option, line 23), replacing
    the Axe (one STUFF per character, line 19); the next turn Gimra's option is the only action
    and the Axe the only STUFF in the discard pile; then the Axe replaces the Warhammer, and
    Gimra takes the Warhammer back. Player 2 can do nothing. After four rounds the position is
    the one the game started from and nothing could ever change it: the game ends, the most AP
    winning (line 9's "the person with the most points")."""
    game = _gimra_swap("ME Wizard", flipped=True)
    while not game.is_over and game.steps < 100:
        assert game.current_player == 0 and len(game.legal_actions()) == 1, texts(game)
        game.step(game.legal_actions()[0])
    assert game.steps == 2 + 3 + 2 + 3  # a STUFF: the action, where; the option: + which STUFF
    assert game.is_over and game.winners == [1] and game.scores == [0, 1]
    assert group(game, 0) == [("ME Priest", False),
                              ("Gimra Tunneler", False, (("Battle Axe", False),))]
    assert logged(game, FORCED_END)


def test_rk54_a_circle_every_choice_leads_back_into_ends_the_game() -> None:
    """Player 1's Gimra Tunneler carries the Battle Axe and Borin Brawler the Rusty Shortsword
    (Gray both, one STUFF each, line 19); he holds the Dwarphen Warhammer. Each STUFF turn he
    chooses which of the two it replaces; each other turn Gimra takes the replaced one back,
    the only action. Whatever he chooses, three STUFF go round two characters and his hand: he
    never draws (5 or 6 cards, line 16), always has an action (line 17), and no AP can change;
    Player 2 (ME Wizard, flipped) can do nothing. When a round ends where an earlier one ended,
    every option open leads back into the same circle, so the game ends there, the most AP
    winning (line 9)."""
    game = scenario([char("ME Priest"), char("Gimra Tunneler", "Battle Axe"),
                     char("Borin Brawler", "Rusty Shortsword")],
                    [char("ME Wizard", flipped=True)],
                    hands=[["Dwarphen Warhammer", *full([])], full([], skip=5)],
                    adventures_won=[[], ["The Hidden Nest"]])
    for rnd, stuff in enumerate(["Dwarphen Warhammer", None, "Rusty Shortsword", None]):
        assert not game.is_over, rnd
        if stuff is None:
            act(game, "option")
            act(game, "use_option", 1)
            game.step(game.legal_actions()[0])  # the one STUFF in the discard pile
            continue
        act(game, "stuff")
        assert [a.args for a in game.legal_actions()] == [(stuff, 0, 1, 0), (stuff, 0, 2, 0)]
        act(game, "play_stuff", stuff, 0, 2, 0)  # on Borin
    assert game.is_over and game.winners == [1] and game.scores == [0, 1]
    assert group(game, 0) == [("ME Priest", False),
                              ("Gimra Tunneler", False, (("Battle Axe", False),)),
                              ("Borin Brawler", False, (("Rusty Shortsword", False),))]
    assert logged(game, "with no card drawn and no AP won since, and every choice open to "
                        "anybody leads back to the same circle: the play goes round in a circle "
                        "and ends at 0 to 1 AP (ruling rk-54)")
    # the look-ahead plays on copies and samples nothing: the game reloads and replays the same
    again = explorer.load_game(game.to_json())
    assert again.snapshot() == game.snapshot()


def test_rk54_past_the_look_ahead_bound_the_game_goes_on(monkeypatch) -> None:
    """With room for only one position the look-ahead cannot go round the whole circle: it
    cannot show that every choice leads back, so the game goes on."""
    from explorer.games.rat_king import circle

    monkeypatch.setattr(circle, "MAX_POSITIONS", 1)
    game = scenario([char("ME Priest"), char("Gimra Tunneler", "Battle Axe"),
                     char("Borin Brawler", "Rusty Shortsword")],
                    [char("ME Wizard", flipped=True)],
                    hands=[["Dwarphen Warhammer", *full([])], full([], skip=5)],
                    adventures_won=[[], ["The Hidden Nest"]])
    while not game.is_over and game.steps < 100:
        game.step(game.legal_actions()[-1])
    assert not game.is_over and not logged(game, "goes round in a circle")


def test_rk54_a_loop_with_a_choice_left_goes_on() -> None:
    """The same swap, but Player 2's ME Warrior (Red) could carry the Battle Axe (line 19: "on
    any CHARACTER in any group"): every other turn Player 1 chooses where the Axe goes. He keeps
    choosing Gimra, and the positions repeat, but he could still change them: the game goes on
    (lines 8-9 give its only ends), until he puts the Axe on the ME Warrior. Then neither
    player can act nor draw, and the game ends (ruling rk-35)."""
    game = _gimra_swap("ME Warrior")
    for rnd in range(8):  # four times round the circle
        assert not game.is_over, rnd
        assert game.current_player == 0 and game.phase == "turn"
        if rnd % 2 == 0:
            act(game, "stuff")
            if rnd % 4 == 2:  # the Axe: Gimra, or the ME Warrior
                assert offers(game) == [("play_stuff", ("Battle Axe", 0, 1, 0)),
                                        ("play_stuff", ("Battle Axe", 1, 0, None))]
            act(game, "play_stuff", ["Dwarphen Warhammer", "Battle Axe"][rnd % 4 // 2], 0, 1, 0)
        else:
            act(game, "option")
            act(game, "use_option", 1)
            game.step(game.legal_actions()[0])  # the one STUFF in the discard pile
    assert not game.is_over and not logged(game, "goes round in a circle")
    act(game, "stuff")
    act(game, "play_stuff", "Dwarphen Warhammer", 0, 1, 0)
    act(game, "option")
    act(game, "use_option", 1)
    act(game, "salvage", "Battle Axe")
    act(game, "stuff")
    act(game, "play_stuff", "Battle Axe", 1, 0, None)  # Player 1 leaves the circle
    assert game.is_over and game.winners == [1] and game.scores == [0, 1]
    assert group(game, 1) == [("ME Warrior", False, (("Battle Axe", False),))]
    assert logged(game, "No player can act or draw any more: the game is stuck")


def test_rk54_a_heuristic_bot_leaves_a_circle_it_could_leave() -> None:
    """Bots are not players: the heuristic bot prefers the Axe on its own Gimra to the Axe on
    its opponent's ME Warrior, which would keep the play in the circle for ever now that a loop
    with a choice left does not end the game. Back at a choice it has made in the same
    position, it takes its next best, the ME Warrior, and the game ends as rk-35 says."""
    game = _gimra_swap("ME Warrior")
    bots = [make_bot(game, "heuristic", 1), make_bot(game, "heuristic", 2)]
    while not game.is_over and game.steps < 200:
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
    assert game.is_over and game.steps < 40
    assert group(game, 1) == [("ME Warrior", False, (("Battle Axe", False),))]
    assert logged(game, "No player can act or draw any more: the game is stuck")
    assert not logged(game, "goes round in a circle")


def test_rk54_a_runaway_bot_game_is_reported_by_the_simulation_not_hung(monkeypatch) -> None:
    """A bots' game that would not end is stopped by the simulation's step guard
    (``explorer.simulation.MAX_STEPS``) with an error naming the game and its seed."""
    import explorer.simulation as simulation

    monkeypatch.setattr(simulation, "MAX_STEPS", 30)
    plan = simulation.Plan("rat_king", 2, ("random", "random"), root=1)
    with pytest.raises(simulation.SimulationError, match=r"rat_king game 0 \(seed \d+\) did "
                                                         r"not end in 30 steps"):
        simulation.play_game(plan, 0)


# ---- rk-40: a REINFORCEMENT and what is on it are not in the group, and bring no AP --------------

def _round(*groups, hands, won):
    return scenario(*groups, hands=hands, active=0, adventures_won=won,
                    adventure={"name": "The Hidden Nest", "played_by": 0, "encounters": [],
                               "modifiers": []})


def test_rk40_a_crown_on_a_reinforcement_does_not_win_the_game() -> None:
    """Player 1 has 5 AP (The Rat-King's Hoard 3 and The Low Tunnels 2). He brings in Jeff
    Squire as a REINFORCEMENT and puts the Rat-King's Crown (2 AP) on him: the cards are "not
    officially in your group" (line 26) and are "discarded after the ADVENTURE ROUND is over"
    (line 48), so he stays at 5 AP and the game goes on (line 8 needs 7)."""
    game = _round([char("ME Priest")], [char("ME Rogue")],
                  hands=[["Jeff Squire", "Rat-King's Crown"], []],
                  won=[["The Rat-King's Hoard", "The Low Tunnels"], []])
    assert ap(game) == [5, 0]
    act(game, "reinforcement")
    act(game, "play_reinforcement", "Jeff Squire")
    act(game, "pass")  # Player 2
    act(game, "reinforcement_stuff")
    act(game, "play_stuff", "Rat-King's Crown", 0, 1, None)
    assert not game.is_over and ap(game) == [5, 0]
    assert group(game, 0) == [("ME Priest", False),
                              ("Jeff Squire", False, (("Rat-King's Crown", False),))]


def test_rk40_which_ap_count_while_a_reinforcement_holds_a_card() -> None:
    """The Crown (2 AP) counts, flipped, on Player 1's ME Priest; the Gilded Rat Idol (1 AP) and
    the Familiar (1 AP) on his REINFORCEMENT Rikki count for nobody, nor for Player 2."""
    game = _round([char("ME Priest", ("Rat-King's Crown", True)),
                   char("Rikki Rogue", "Gilded Rat Idol", events=("Familiar",),
                        reinforcement=True)],
                  [char("ME Rogue")], hands=[[], []], won=[[], []])
    assert ap(game) == [2, 0]


# ---- rk-51: the unflip action is paid with any card in play the player controls -----------------

def test_rk51_an_event_in_play_pays_for_an_unflip_the_hand_never_does() -> None:
    """Line 81: "discard a card" is "a card you control into the discard pile from play"; line
    22 says "Discard", not "Discard a card from your hand". Player 1's only cards in play
    besides his ME card are EVENTS: the Familiar on his flipped ME Priest and the Royal Charter
    on his group (1 AP each). Either pays; the CHARACTER and the STUFF in his hand do not, nor
    an EVENT in Player 2's group (the Hero of the Warrens on his ME Rogue)."""
    hand = full(["Rikki Rogue", "Bow & Arrows"])

    def start():
        return scenario([char("ME Priest", flipped=True, events=("Familiar",))],
                        [char("ME Rogue", events=("Hero of the Warrens",))],
                        hands=[list(hand), full([], skip=5)],
                        group_events=[["Royal Charter"], []])

    game = start()
    assert ap(game) == [2, 1]
    act(game, "unflip")
    act(game, "unflip_pair", "event", 0, 0, 0, "character", 0, 0)
    assert group(game, 0) == [("ME Priest", False)]
    assert discard(game) == ["Familiar"] and ap(game) == [1, 1]
    game = start()
    act(game, "unflip")
    assert texts(game) == ["Discard Familiar on ME Priest to unflip ME Priest",
                           "Discard Royal Charter on your group to unflip ME Priest"]
    act(game, "unflip_pair", "group_event", 0, 0, "character", 0, 0)
    assert group(game, 0) == [("ME Priest", False, ("Familiar",))]
    assert discard(game) == ["Royal Charter"] and ap(game) == [1, 1]
    assert game.state.hands[0] == hand
    assert logged(game, "Royal Charter on Player 1's group is discarded (paid to unflip)")
