"""Hidden information never in the log (issue #11 item 10): each seat reads only what it can
see. A card drawn into a hand, found by searching the deck or seen by Telepathy is named to its
player alone, and so is a Defect kept in hand rather than attached; the others read how many
("Draws a card"). Precognition's cards are known to all (ruling gw-40), and so is a card drawn from
them; a card played or discarded goes face up and is named to all, and so is one taken back
from the discard pile (its cards are public: events pick them by name). The omniscient record
(``str(entry)``, the goldens) keeps every name.

Scenario positions with forced draws check each kind of private line; random-bot games check
the property: no line a seat reads names a card another seat holds that the reader never saw
(the watch is the Adventurers test's, with this game's zones).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest

import explorer
from explorer.engine import Action
from explorer.engine.core import RulesContext
from explorer.games.gamma_world import events
from explorer.games.gamma_world.data import gamma_data
from tests.adventurers.test_hidden_log import SecretsWatch, assert_private, assert_public, read
from tests.game_helpers import bots
from tests.gamma_world.helpers import choose, draw, enclave, logged, roll, scenario

# ---- drawing ----------------------------------------------------------------------------------


def test_a_drawn_card_is_read_by_the_drawer_alone() -> None:
    game = scenario({}, {}, {})
    mark = len(game.log)
    choose(game, "Draw a card")
    draw(game, "Warbot")
    assert read(game, 0, mark)[:3] == ["Player 1: Draw a card", "Draw from the deck: Warbot",
                                       "Player 1: Draws Warbot"]
    for other in (1, 2):
        assert read(game, other, mark)[:3] == ["Player 1: Draw a card",
                                               "Draw from the deck: a card for Player 1",
                                               "Player 1: Draws a card"]
    assert_private(game, mark, 0, ["Warbot"])
    assert str(game.log[mark + 1]) == "[action.draw] Draw from the deck: Warbot"  # the record
    assert logged(game, "Draws Warbot")


def test_the_starting_hands_are_read_by_their_holders_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(gamma_data(None).constants, "starting_hand", 2)  # none by ruling gw-22
    game = explorer.new_game("gamma_world", players=2, seed=1)
    draw(game, "Warbot")
    draw(game, "Wings")
    draw(game, "Needler")
    draw(game, "Agri-Dome")
    assert enclave(game, 0).hand == ["Warbot", "Wings"]
    assert_private(game, 0, 0, ["Warbot", "Wings"])
    assert_private(game, 0, 1, ["Needler", "Agri-Dome"])
    assert read(game, 1)[:2] == ["Draw from the deck: a card for Player 1"] * 2


def test_precognitions_cards_are_known_to_all_and_so_is_drawing_them() -> None:
    game = scenario({"hand": ["Precognition"]}, {}, {})
    choose(game, "Play Precognition")
    roll(game, 2, "Precognition: cards seen")
    draw(game, "Warbot")
    draw(game, "Needler")
    choose(game, "Draw a card")  # Warbot, known to all on top (ruling gw-40)
    assert read(game, 1)[-2:] == ["Player 1: Draw a card", "Player 1: Draws Warbot"]
    assert logged(game, "Precognition: the next 2 card(s) are Warbot, Needler")
    assert_public(game)


# ---- looking and searching --------------------------------------------------------------------


def test_telepathy_shows_the_hand_to_its_player_alone() -> None:
    game = scenario({"hand": ["Telepathy"]}, {"hand": ["Warbot", "Wings"]}, {"hand": ["Blight"]})
    choose(game, "Play Telepathy")
    assert_public(game)  # the event played: named to all
    mark = len(game.log)
    choose(game, "target Player 2")
    assert read(game, 0, mark) == ["Player 1: Telepathy: target Player 2 (2 cards in hand)",
                                   "Player 1: Telepathy: Player 2 holds Warbot, Wings"]
    for other in (1, 2):
        assert read(game, other, mark) == [
            "Player 1: Telepathy: target Player 2 (2 cards in hand)",
            "Player 1: Telepathy: looks at Player 2's hand"]


def test_the_cards_found_by_searching_the_deck_are_the_finders_secret() -> None:
    game = scenario({"hand": ["Military Installation"], "followers": [{}]}, {"followers": []},
                    {}, top=["Medi-Kit", "Laser Rifle"])
    choose(game, "Attack Military Installation")  # no Foe in any hand: taken at once
    mark = len(game.log)
    choose(game, "Take Laser Rifle")  # known to all on top (ruling gw-40): seen taken
    choose(game, "Take Needler")
    choose(game, "Take Fusion Rifle")
    assert read(game, 0, mark)[:4] == [
        "Player 1: Take Laser Rifle", "Player 1: Take Needler", "Player 1: Take Fusion Rifle",
        "Player 1: Military Installation: finds Laser Rifle, Needler, Fusion Rifle in the deck"]
    for other in (1, 2):
        assert read(game, other, mark)[:4] == [
            "Player 1: Take Laser Rifle", "Player 1: Takes a Weapon card from the deck",
            "Player 1: Takes a Weapon card from the deck",
            "Player 1: Military Installation: finds 3 Weapon card(s) in the deck"]
    assert_private(game, mark, 0, ["Needler", "Fusion Rifle"])


def test_a_defect_kept_back_is_its_holders_secret() -> None:
    game = scenario({"hand": ["Wings"]}, {}, {"hand": ["Defect"]})
    choose(game, "Recruit a follower")
    choose(game, "Attach Wings")
    choose(game, "Mutant Human")
    mark = len(game.log)
    choose(game, "Keep Defect")
    assert read(game, 2, mark)[0] == "Player 3: Keep Defect"
    assert read(game, 0, mark) == read(game, 1, mark) == []  # not even that he was asked
    assert_private(game, mark, 2, ["Defect"])


# ---- what is public ---------------------------------------------------------------------------


def test_an_attached_defect_is_named_to_all() -> None:
    game = scenario({"hand": ["Wings"]}, {}, {"hand": ["Defect"]})
    choose(game, "Recruit a follower")
    choose(game, "Attach Wings")
    choose(game, "Mutant Human")
    choose(game, "Attach Defect")
    assert logged(game, "Attach Defect to Player 1's Follower 1")
    assert_public(game)


@pytest.mark.parametrize("event", ["Archivists", "Repairs", "Yexil Trader"])
def test_a_card_taken_back_from_the_discard_pile_is_named_to_all(event: str) -> None:
    game = scenario({"hand": [event]}, {}, discard=["Laser Rifle", "Wings", "Blight"])
    choose(game, f"Play {event}")
    assert logged(game, f"{event}: takes Laser Rifle from the discard pile")
    assert_public(game)


def test_wastelands_discards_and_the_hand_limits_are_named_to_all() -> None:
    game = scenario({"hand": ["Wasteland"]}, {"hand": ["Warbot", "Wings", "Podog"]},
                    {"hand": ["Blight"]})
    choose(game, "Play Wasteland")
    choose(game, "target Player 2")
    roll(game, 2, "Wasteland: cards discarded")
    choose(game, "Discard Wings")
    choose(game, "Discard Warbot")
    game = scenario({"hand": ["Wasteland"]}, {"hand": ["Warbot", "Wings"]})
    choose(game, "Play Wasteland")
    roll(game, 5)  # the whole hand
    assert logged(game, "Wasteland: discards the whole hand (Warbot, Wings)")
    assert_public(game)
    game = scenario({"hand": ["Warbot", "Wings", "Podog", "Blight", "Needler"]}, {})
    choose(game, "Draw a card")
    draw(game, "Hoops")
    mark = len(game.log)
    choose(game, "Discard Hoops")  # over the hand limit of 5: face up to the discard pile
    assert read(game, 1, mark)[0] == "Player 1: Discard Hoops"
    assert_public(game, mark)


def test_items_and_foes_played_are_named_to_all() -> None:
    game = scenario({"hand": ["Think Tank", "Laser Pistol"], "followers": [{}]},
                    {"hand": ["Blight"]})
    choose(game, "Play Laser Pistol on Follower 1")
    choose(game, "Attack Think Tank")
    choose(game, "Play Blight")
    assert_public(game)


# ---- the property, over random-bot games ------------------------------------------------------


class GammaWatch(SecretsWatch):
    kinds = ("Draw from the deck", "Draws ", "Telepathy: ", "Take ", r"[\w -]+: finds ",
             "Keep ")

    def hands(self) -> list[list[str]]:
        return [e.hand for e in self.game.state.enclaves]

    def played(self, action: Action) -> Iterable[str]:
        return action.args[:1] if action.name in ("item", "attack", "event") else ()

    def face_up(self) -> Iterable[str]:
        state = self.game.state
        yield from state.discard
        yield from state.top  # Precognition's cards: known to all (ruling gw-40)
        for e in state.enclaves:
            yield from e.locations
            for f in e.followers:
                yield from (a.name for a in f.cards)
        if state.battle is not None:
            yield state.battle.location
            if state.battle.foe is not None:
                yield state.battle.foe


def watched_game(monkeypatch: pytest.MonkeyPatch, players: int, seed: int) -> GammaWatch:
    """A random-bot game played to its end under the watch (the hands Telepathy shows recorded
    as the rules show them)."""
    game = explorer.new_game("gamma_world", players=players, seed=seed)
    data = game.state._data
    assert set(data.deck_contents().values()) == {1}, "the watch names cards: one copy each"
    # "Radioactivists (Worship Radiation)" names no Radiation card
    watch = GammaWatch(game, data.cards, [f"({c.note})" for c in data.cards.values() if c.note])
    telepathy = events.EVENTS["look_hand"]

    def spied(ctx, seat, card, target):
        watch.looks.append((seat, tuple(ctx.enclave(target.args[0]).hand)))
        yield from telepathy.play(ctx, seat, card, target)

    monkeypatch.setitem(events.EVENTS, "look_hand", events.Effect(telepathy.targets, spied))
    seated = bots(game, seed)
    while not game.is_over:
        watch.step(seated)
    return watch


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_seat_reads_a_card_another_holds_unseen(monkeypatch: pytest.MonkeyPatch,
                                                   players: int) -> None:
    private: Counter = Counter()
    for seed in range(1, 9):
        private += watched_game(monkeypatch, players, seed).private
    # every kind of private line came up, so the check was put to work
    assert set(private) == set(GammaWatch.kinds), private


def test_the_watch_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every note public again (a drawn card named to all), the check fails."""
    monkeypatch.setattr(RulesContext, "note",
                        lambda self, text, seat=None, **_: self.state.note(text, seat))
    with pytest.raises(AssertionError, match="never seen by"):
        watched_game(monkeypatch, 3, 1)
