"""Bad saved games, fuzzed (issue #15): whatever is done to a save (truncated, a character
changed, steps reordered, dropped or repeated, a field of the wrong type or a huge number,
another game's name, another format version), ``load_game`` either raises the package's own
:class:`~explorer.errors.SavedGameError` naming what is wrong or, when the change left the
save's content as it was, loads the very same game. Nothing else: no other exception, no
half-loaded or different game."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import explorer
from explorer.engine.bots import RandomBot
from explorer.errors import SavedGameError
from explorer.games import GAMES

STEPS = 40
"""Steps of the game each save holds."""


@cache
def saved(game_id: str) -> tuple[str, dict]:
    """A save of a short seeded random game of ``game_id`` (with one step undone, so the redo
    list is not empty), and the snapshot it loads to."""
    game = explorer.new_game(game_id, players=2, seed=3)
    bot = RandomBot(4)
    for _ in range(STEPS):
        if game.is_over:
            break
        game.step(None if game.is_chance else bot.choose(game))
    game.undo()
    return game.to_json(), game.snapshot()


def _loads_the_same_or_refuses(game_id: str, text: str) -> None:
    _, snapshot = saved(game_id)
    try:
        game = explorer.load_game(text)
    except SavedGameError as error:
        assert str(error)  # says what is wrong
        return
    assert game.snapshot() == snapshot, "a changed save loaded as another game"


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30),
                 st.floats(allow_nan=True), st.text(max_size=20),
                 st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=5),
                                                                      st.integers(), max_size=2))
"""Values of any JSON type, huge numbers among them."""


@st.composite
def edited(draw: st.DrawFn, game_id: str) -> str:
    """The save of ``game_id`` with one change."""
    text, _ = saved(game_id)
    data = json.loads(text)
    kind = draw(st.sampled_from(["truncate", "character", "field", "step field", "reorder",
                                 "drop step", "repeat step", "drop field", "other game",
                                 "version", "extra field"]))
    if kind == "truncate":
        return text[:draw(st.integers(0, len(text) - 1))]
    if kind == "character":
        at = draw(st.integers(0, len(text) - 1))
        return text[:at] + draw(st.characters()) + text[at + 1:]
    if kind == "field":
        data[draw(st.sampled_from(sorted(data)))] = draw(JUNK)
    elif kind == "step field":
        steps = data["steps"]
        step = steps[draw(st.integers(0, len(steps) - 1))]
        step[draw(st.sampled_from(sorted(step)))] = draw(JUNK)
    elif kind == "reorder":
        data["steps"] = draw(st.permutations(data["steps"]))
    elif kind == "drop step":
        del data["steps"][draw(st.integers(0, len(data["steps"]) - 1))]
    elif kind == "repeat step":
        at = draw(st.integers(0, len(data["steps"]) - 1))
        data["steps"].insert(at, dict(data["steps"][at]))
    elif kind == "drop field":
        del data[draw(st.sampled_from(sorted(data)))]
    elif kind == "other game":
        data["game"] = draw(st.sampled_from(sorted(set(GAMES) - {game_id})))
    elif kind == "version":
        data["version"] = draw(st.one_of(st.integers(-3, 10**20), JUNK))
    else:
        data[draw(st.text(min_size=1, max_size=8))] = draw(JUNK)
    return json.dumps(data)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_change_to_a_save_is_refused_or_changes_nothing(game_id: str,
                                                            data: st.DataObject) -> None:
    _loads_the_same_or_refuses(game_id, data.draw(edited(game_id), label="save"))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_kind_of_damage_is_named(game_id: str) -> None:
    """Known answers, one per kind of damage (the messages of ``load_game``)."""
    text, snapshot = saved(game_id)
    data = json.loads(text)
    cases = {
        "must be JSON text": text[: len(text) // 2],
        "'players' must be int": json.dumps({**data, "players": "2"}),
        "version 3 is not supported": json.dumps({**data, "version": 3}),
        "unknown field 'owner'": json.dumps({**data, "owner": "me"}),
        "step 2: ": json.dumps({**data, "steps": [data["steps"][0], *data["steps"][2:]]}),
        "checksum does not match": json.dumps({**data, "checksum": "0" * 32}),
    }
    for message, bad in cases.items():
        with pytest.raises(SavedGameError, match=message):
            explorer.load_game(bad)
    # version 1 (no checksum) is migrated: it loads as the same game
    old = {k: v for k, v in data.items() if k != "checksum"}
    assert explorer.load_game(json.dumps({**old, "version": 1})).snapshot() == snapshot


def test_a_reordered_save_of_forced_steps_is_caught_by_its_checksum() -> None:
    """Forced outcomes (no generator draw) swapped make a legal history of another game; only
    the checksum tells it from the saved one."""
    game = explorer.new_game("rifts", players=2, seed=1)
    while not game.is_chance:
        game.step(game.legal_actions()[0])
    first, second = game.chance_outcomes()[0][0], game.chance_outcomes()[1][0]
    game.step(first)
    data = json.loads(game.to_json())
    data["steps"][-1] = {**data["steps"][-1], "index": 1, "text": str(second)}
    with pytest.raises(SavedGameError, match="checksum does not match"):
        explorer.load_game(json.dumps(data))


# ---- issue 26 item 5: a page's save names only the game's own cards or the set uploaded ----

def _naming(folder: str, game_id: str = "rifts") -> str:
    """A save of ``game_id`` (a version 1 save: no checksum to redo) whose options name
    ``folder`` as its card set, as a crafted client can write one."""
    data = json.loads(explorer.new_game(game_id, players=2, seed=5).to_json())
    data["version"] = 1
    del data["checksum"]
    data["options"]["cards"] = folder
    return json.dumps(data)


def test_item5_a_page_loads_no_server_folder_a_save_names_and_says_nothing_of_it(
        tmp_path) -> None:
    """A save naming a folder of the server that holds a good card set (it loads from the
    command line) and saves naming folders that are not there or not folders: each refused
    by the page with the same plain words (no path, nothing on whether it exists), the game
    untouched. The game's own data folder loads."""
    import shutil

    from explorer import cards
    from explorer.ui.session import PlaySession

    server_set = tmp_path / "elsewhere"
    shutil.copytree(cards.data_root() / "rifts", server_set)
    assert explorer.load_game(_naming(str(server_set))).game_id == "rifts"  # the CLI may
    session = PlaySession.start("rifts", players=2, seed=1)
    before = session.game.snapshot()
    said = set()
    for folder in (str(server_set), "/etc", "/nonexistent-dir", "/etc/passwd", "../../..",
                   str(server_set) + "/../elsewhere", "x" * 10_000, "a\0b"):
        with pytest.raises(SavedGameError) as refused:
            session.load(_naming(folder).encode())
        text = str(refused.value)
        assert "/" not in text and "exist" not in text and "folder" not in text, text
        said.add(text)
        assert session.game.snapshot() == before
    assert len(said) == 1 and "not on this page" in said.pop()
    own = str(cards.data_root() / "rifts")
    session.load(_naming(own).encode())
    assert session.game.options == {"cards": own}


def test_item5_a_save_may_name_the_set_uploaded_in_this_page() -> None:
    """The set a viewer uploaded in the page (the card page's upload) is one a save may
    name; once another set of the game is uploaded, the first is gone and refused."""
    from explorer import cards
    from explorer.ui.cards import load_upload
    from explorer.ui.session import PlaySession

    shipped = (cards.data_root() / "rifts" / "characters.parquet").read_bytes()
    load_upload("rifts", [{"name": "characters.parquet", "content": shipped}])
    first = str(cards.uploaded_folder("rifts"))
    session = PlaySession.start("rifts", players=2, seed=1)
    session.load(_naming(first).encode())
    assert session.game.options == {"cards": first}
    load_upload("rifts", [{"name": "characters.parquet", "content": shipped}])
    with pytest.raises(SavedGameError, match="not on this page"):
        session.load(_naming(first).encode())
    session.load(_naming(str(cards.uploaded_folder("rifts"))).encode())
