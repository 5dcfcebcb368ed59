"""The contract every game's ``position(game, seat=None)`` keeps (issue #11), checked over
seeded random-bot games of Rifts Adventures, Adventurers and Gamma World: the keys, plain data
(a JSON round trip gives it back), the same position after ``load_game(to_json())``, seat
views that hide the other seats' hands and differ from each other only there, bad seats
refused, and the game left untouched.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import explorer
from explorer import cards
from explorer.engine import Game
from explorer.errors import IllegalAction
from explorer.games import adventurers, gamma_world, rat_king, rifts
from explorer.games.adventurers.position import phase_name as adventurers_phase
from explorer.games.gamma_world.position import phase_name as gamma_world_phase
from explorer.games.rat_king.position import phase_name as rat_king_phase
from explorer.games.rifts.position import phase_name as rifts_phase
from tests.game_helpers import bots

POSITION: dict[str, Callable[..., dict[str, Any]]] = {
    "rifts": rifts.position, "adventurers": adventurers.position,
    "gamma_world": gamma_world.position, "rat_king": rat_king.position,
}
PHASE_NAME: dict[str, Callable[[str], str | None]] = {
    "rifts": rifts_phase, "adventurers": adventurers_phase, "gamma_world": gamma_world_phase,
    "rat_king": rat_king_phase,
}
PUBLIC_TOP = {"rifts": False, "adventurers": False, "gamma_world": True, "rat_king": False}
"""Whether a deck's known top cards are in every seat's view: Gamma World's Precognition
cards are known to all (ruling gw-40); Rifts' Scrying and Adventurers' looks are seen by the
player who looked only, which the engine does not record (whole position only)."""

KEYS = {"game", "title", "players", "step", "viewer", "phase", "active", "to_act", "turn",
        "over", "winners", "scores", "decks", "seats"}
SEAT_KEYS = {"seat", "name", "score", "active", "hand"}
DECK_KEYS = {"name", "size", "discard", "discard_top", "known_top"}
SECTIONS = {"rifts": "combat", "gamma_world": "battle", "rat_king": "adventure"}
"""Each game's section that is None when there is none (no combat, no battle)."""

GAMES = [(game, players, seed) for game in POSITION for players, seed in ((2, 1), (3, 5),
                                                                             (4, 3))]
IDS = [f"{g}-{p}p-seed{s}" for g, p, s in GAMES]


def steps(game_id: str, players: int, seed: int, every: int = 1,
          at: Callable[[int], bool] | None = None) -> Iterator[Game]:
    """A random-bot game played to its end, yielding it every ``every`` steps (or at the steps
    ``at`` picks) and at the end."""
    game = explorer.new_game(game_id, players=players, seed=seed)
    seated = bots(game, seed)
    number = 0
    while not game.is_over:
        if (number % every == 0) if at is None else at(number):
            yield game
        game.step(None if game.is_chance else seated[game.current_player].choose(game))
        number += 1
    yield game


def spread(number: int) -> bool:
    """Steps spread over a game of any length: the first ten, then each 1.5 times the last
    (loading replays every step, so a long game is not loaded at every step)."""
    mark = 10
    while mark < number:
        mark = int(mark * 1.5)
    return number < 10 or number == mark


def plain(value: Any, where: str = "position") -> None:
    """Only text, whole numbers, booleans, None, lists and objects with text keys."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str), f"{where}: key {key!r} is not text"
            plain(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            plain(item, f"{where}[{index}]")
    else:
        assert value is None or isinstance(value, str | int | bool), (
            f"{where}: {value!r} ({type(value).__name__}) is not plain data")


def card_dicts(value: Any) -> Iterator[dict[str, Any]]:
    """Every card in a position: an object with a ``table``."""
    if isinstance(value, dict):
        if "table" in value:
            yield value
        for item in value.values():
            yield from card_dicts(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_dicts(item)


_NAMES: dict[str, dict[str, set[str]]] = {}


def names(game_id: str) -> dict[str, set[str]]:
    """Each card table of the game's data and the names in it."""
    if game_id not in _NAMES:
        _NAMES[game_id] = {t: set(cards.load(game_id, t)["name"].to_list())
                           for t in cards.tables(game_id)
                           if "name" in cards.load(game_id, t).columns}
    return _NAMES[game_id]


def public_part(position: dict[str, Any], game_id: str) -> dict[str, Any]:
    """The position without what only some viewers see: the hands' and drawn cards' faces,
    the decks' known tops (unless public), and whose view it is."""
    found = json.loads(json.dumps(position))
    found.pop("viewer")
    if "hands" in found:  # a game's own read-out of the hands: the others' as counts
        found["hands"] = [len(h) if isinstance(h, list) else h for h in found["hands"]]
    for entry in found["seats"]:
        entry["hand"].pop("cards")
        if "drawn" in entry:
            entry["drawn"].pop("cards")
    if not PUBLIC_TOP[game_id]:
        for deck in found["decks"]:
            deck.pop("known_top")
    return found


# ---- the keys and plain data ---------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES, ids=IDS)
def test_every_position_has_the_contract_keys_and_is_plain_data(game_id: str, players: int,
                                                                seed: int) -> None:
    position = POSITION[game_id]
    tables = names(game_id)
    turns = 0
    for game in steps(game_id, players, seed, every=2):
        for viewer in (None, game.steps % players):
            found = position(game, viewer)
            assert KEYS <= set(found)
            plain(found)
            assert json.loads(json.dumps(found)) == found
            assert found["game"] == game_id and found["title"] == game.rules.title
            assert found["players"] == players and found["step"] == game.steps
            assert found["viewer"] == viewer and found["to_act"] == game.current_player
            assert found["over"] == game.is_over and found["scores"] == game.scores
            assert found["winners"] == game.winners
            assert set(found["phase"]) == {"id", "name"} and found["phase"]["id"] == game.phase
            assert found["turn"] >= turns
            turns = found["turn"]
            assert [s["seat"] for s in found["seats"]] == list(range(players))
            for entry in found["seats"]:
                assert SEAT_KEYS <= set(entry)
                assert entry["name"] == f"Player {entry['seat'] + 1}"
                assert entry["score"] == game.scores[entry["seat"]]
                assert entry["active"] == (entry["seat"] == found["active"])
                assert set(entry["hand"]) == {"count", "cards"}
            for deck in found["decks"]:
                assert set(deck) == DECK_KEYS
                assert deck["size"] >= 0 and deck["discard"] >= 0
                assert (deck["discard_top"] is None) == (deck["discard"] == 0)
            for card in card_dicts(found):
                assert card["name"] in tables[card["table"]], card
            if game_id in SECTIONS:
                assert SECTIONS[game_id] in found
            if game.is_over:
                assert found["active"] is None and found["to_act"] is None


def test_sections_appear_in_the_random_games() -> None:
    """The random games reach a Rifts combat and a Gamma World battle (else the tests above
    check those sections only as None)."""
    for game_id, section in SECTIONS.items():
        assert any(POSITION[game_id](game)[section] is not None
                   for game in steps(game_id, 2, 1, every=5)), section


@pytest.mark.parametrize("game_id", list(POSITION))
def test_every_phase_met_is_named_in_words(game_id: str) -> None:
    seen: set[str] = set()
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        seen.update(game.phase for game in steps(game_id, players, seed))
    for phase in sorted(seen):
        name = PHASE_NAME[game_id](phase)
        assert name is not None, f"{game_id}: phase {phase!r} has no name"
        assert "." not in name and "_" not in name and name[0].isupper(), name


# ---- saving and loading --------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES, ids=IDS)
def test_the_position_is_the_same_after_load_game_to_json(game_id: str, players: int,
                                                          seed: int) -> None:
    position = POSITION[game_id]
    checked = 0
    for game in steps(game_id, players, seed, at=spread):
        copy = explorer.load_game(game.to_json())
        for viewer in (None, *range(players)):
            assert position(copy, viewer) == position(game, viewer), (game.steps, viewer)
        checked += 1
    assert checked >= 15


# ---- what each seat sees -------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES, ids=IDS)
def test_seat_views_hide_other_hands_and_differ_only_there(game_id: str, players: int,
                                                           seed: int) -> None:
    position = POSITION[game_id]
    hidden_seen = 0
    for game in steps(game_id, players, seed, every=4):
        whole = position(game)
        public = public_part(whole, game_id)
        for entry in whole["seats"]:  # the whole position shows every hand
            assert entry["hand"]["cards"] is not None
            assert entry["hand"]["count"] == len(entry["hand"]["cards"])
        for viewer in range(players):
            view = position(game, viewer)
            assert public_part(view, game_id) == public
            for entry, full in zip(view["seats"], whole["seats"], strict=True):
                for pile in ("hand", "drawn"):
                    if pile not in entry:
                        continue
                    assert entry[pile]["count"] == full[pile]["count"]
                    if entry["seat"] == viewer:
                        assert entry[pile]["cards"] == full[pile]["cards"]
                    else:
                        assert entry[pile]["cards"] is None
                        hidden_seen += bool(full[pile]["count"])
            for deck, full_deck in zip(view["decks"], whole["decks"], strict=True):
                if PUBLIC_TOP[game_id]:
                    assert deck["known_top"] == full_deck["known_top"]
                else:
                    assert deck["known_top"] is None and full_deck["known_top"] is not None
    assert hidden_seen, "no hidden hand was ever held: the test would show nothing"


# ---- refusals and side effects -------------------------------------------------------------

@pytest.mark.parametrize("game_id", list(POSITION))
@pytest.mark.parametrize("seat", [-1, 2, 7, True, False, 1.0, "0", [0]])
def test_a_bad_seat_is_refused_naming_the_value_and_the_range(game_id: str, seat: Any) -> None:
    game = explorer.new_game(game_id, players=2, seed=1)
    with pytest.raises(IllegalAction) as error:
        POSITION[game_id](game, seat)
    assert repr(seat) in str(error.value) and "from 0 to 1" in str(error.value)


@pytest.mark.parametrize("game_id", list(POSITION))
def test_another_games_position_is_refused(game_id: str) -> None:
    other = next(g for g in POSITION if g != game_id)
    with pytest.raises(IllegalAction, match=f"for {game_id} games"):
        POSITION[game_id](explorer.new_game(other, players=2, seed=1))


@pytest.mark.parametrize("game_id", list(POSITION))
def test_taking_a_position_changes_nothing_in_the_game(game_id: str) -> None:
    for game in steps(game_id, 3, 7, every=61):
        before = game.snapshot()
        for viewer in (None, 0, 1, 2):
            POSITION[game_id](game, viewer)
        assert game.snapshot() == before
