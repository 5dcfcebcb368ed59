"""House rules as data (issue #14 item 4): data/<game>/variants.toml, validated; a variant
changes the game's constants only, travels with a saved game, and is refused clearly when it
names an unknown constant or a value the table does not allow."""

from __future__ import annotations

from pathlib import Path

import pytest

import explorer
from explorer import cards
from explorer.engine import variants
from explorer.errors import CardDataError, IllegalAction
from explorer.games.riftforce import position
from explorer.simulation import simulate

GAMES = ["rifts", "adventurers", "gamma_world", "riftforce", "rat_king"]


@pytest.mark.parametrize("game", GAMES)
def test_every_variant_names_a_constant_and_allows_the_rules_own_value(game: str) -> None:
    constants = dict(cards.load(game, "constants").select("name", "value").iter_rows())
    table = variants.allowed(game)
    assert table, f"{game} has no variants"
    for name, values in table.items():
        assert constants[name] in values


@pytest.mark.parametrize("game", GAMES)
def test_a_variant_changes_that_constant_and_nothing_else(game: str) -> None:
    name, values = next(iter(variants.allowed(game).items()))
    other = next(v for v in values if v != dict(
        cards.load(game, "constants").select("name", "value").iter_rows())[name])
    plain = explorer.new_game(game, players=2, seed=1)
    house = explorer.new_game(game, players=2, seed=1, variant={name: other})
    changed = {k for k in plain.state._data.constants
               if plain.state._data.constants[k] != house.state._data.constants[k]}
    assert changed == {name}
    assert house.state._data.constants[name] == other
    again = explorer.load_game(house.to_json())
    assert again.options == {"variant": {name: other}}
    assert again.state._data.constants[name] == other


def test_what_a_game_shows_follows_its_variant() -> None:
    game = explorer.new_game("riftforce", seed=2, variant={"victory_riftforce": 8})
    assert position(game)["to_win"] == 8


@pytest.mark.parametrize("variant, message", [
    ({"victory_riftforce": 9}, "victory_riftforce may be 8, 10, 12, 15, 20; found 9"),
    ({"victory_riftforce": "12"}, "found '12'"),
    ({"hand_size": 5}, "'hand_size' is not a constant a variant of riftforce may change"),
    ("fast", "must map constant names to values"),
])
def test_a_bad_variant_is_refused_naming_the_key_and_value(variant: object,
                                                            message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        explorer.new_game("riftforce", seed=1, variant=variant)


def test_a_rifts_game_to_3_adventure_tokens_ends_sooner() -> None:
    """Seed 000 line 5: the first to 10 AT wins; with the house rule, the first to 3."""
    plain = simulate("rifts", games=6, seed=8, progress=False)
    short = simulate("rifts", games=6, seed=8, variant={"victory_adventure_tokens": 3},
                     progress=False)
    assert short["steps"].mean() < plain["steps"].mean()
    assert short.filter("winner")["score"].min() >= 3
    assert set(short["variant"]) == {"victory_adventure_tokens=3"}


@pytest.mark.parametrize("text, message", [
    ('rows = [{ name = "no_such", values = [1], note = "x" }]', "is not a constant"),
    ('rows = [{ name = "victory_riftforce", values = [8, 9], note = "x" }]',
     "including the rules' own"),
    ('rows = [{ name = "victory_riftforce", values = ["a"], note = "x" }]', "victory"),
    ("rows = 3", "exactly one array"),
    ("not toml [", "cannot be read as TOML"),
])
def test_a_broken_variants_table_is_refused_naming_the_file(
        text: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "variants.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(variants, "_path", lambda game: path)
    variants.allowed.cache_clear()
    try:
        with pytest.raises(CardDataError, match=message) as error:
            variants.allowed("riftforce")
        assert "variants.toml" in str(error.value)
    finally:
        variants.allowed.cache_clear()
