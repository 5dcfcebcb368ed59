"""The card loader and its validation, for every table of every game.

Each validation test breaks one shipped table in a copy of the card set, in one way, and checks
that loading raises a CardDataError naming the file, row, column and value (issue #2, item 5).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest

from explorer import CardDataError, UnknownNameError, cards
from explorer.cards import source
from explorer.cards.__main__ import main as cli

GAMES = ("rifts", "adventurers", "gamma_world", "rat_king", "riftforce")
ALL_TABLES = [(g, t) for g in GAMES for t in cards.tables(g)]
CARD_TABLES = [(g, t) for g, t in ALL_TABLES if cards.declaration(g, t).kind == "cards"]


def test_game_ids_are_the_five_of_the_issue() -> None:
    assert cards.games() == GAMES


@pytest.mark.parametrize(("game", "table"), ALL_TABLES, ids="/".join)
def test_load_returns_the_declared_schema(game: str, table: str) -> None:
    frame = cards.load(game, table)
    assert frame.schema == cards.schema(game, table)
    assert frame.height > 0


@pytest.mark.parametrize(("game", "table"), ALL_TABLES, ids="/".join)
def test_parquet_equals_its_toml_source(game: str, table: str) -> None:
    assert source.read_source(game, table).equals(cards.load(game, table))


@pytest.mark.parametrize(("game", "table"), CARD_TABLES, ids="/".join)
def test_card_tables_have_unique_names_and_positive_copies(game: str, table: str) -> None:
    frame = cards.load(game, table)
    assert frame["name"].null_count() == 0
    assert frame["name"].n_unique() == frame.height
    if "copies" in frame.columns:
        assert frame["copies"].min() >= 1


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_set_loads_whole(game: str) -> None:
    card_set = cards.load_set(game)
    assert tuple(card_set) == cards.tables(game)


def test_unknown_game_and_table_list_the_known_names() -> None:
    with pytest.raises(UnknownNameError, match="unknown game 'rift'; known: rifts, "):
        cards.load("rift", "characters")
    with pytest.raises(UnknownNameError, match=r"unknown table of 'rifts' 'chars'; known: "):
        cards.load("rifts", "chars")


# ---- one broken table at a time ------------------------------------------------------------

@pytest.fixture(params=CARD_TABLES, ids=["/".join(p) for p in CARD_TABLES])
def broken(request: pytest.FixtureRequest, tmp_path: Path):
    """A copy of one game's shipped set in tmp_path, and a function writing one table over it."""
    game, table = request.param
    folder = tmp_path / game
    shutil.copytree(cards.data_root() / game, folder)
    path = folder / f"{table}.parquet"

    def write(frame: pl.DataFrame) -> Path:
        frame.write_parquet(path)
        return path

    return game, table, cards.load(game, table), write


def _first_column(frame: pl.DataFrame, kind: type) -> str | None:
    return next((c for c, t in frame.schema.items() if isinstance(t, kind)), None)


def _raises(game: str, folder: Path, table: str) -> CardDataError:
    with pytest.raises(CardDataError) as caught:
        cards.load(game, table, folder)
    with pytest.raises(CardDataError):
        cards.load_set(game, folder)
    return caught.value


def test_missing_column(broken) -> None:
    game, table, frame, write = broken
    path = write(frame.drop("name"))
    error = _raises(game, path.parent, table)
    assert (error.file, error.column) == (str(path), "name")
    assert "missing" in str(error) and str(path) in str(error)


def test_extra_column(broken) -> None:
    game, table, frame, write = broken
    path = write(frame.with_columns(pl.lit(1).alias("bogus")))
    error = _raises(game, path.parent, table)
    assert (error.file, error.column) == (str(path), "bogus")


def test_wrong_type(broken) -> None:
    game, table, frame, write = broken
    # Numbers where text belongs: every card table has a text `name` column.
    path = write(frame.with_columns(pl.int_range(pl.len()).alias("name")))
    error = _raises(game, path.parent, table)
    assert (error.file, error.row, error.column, error.value) == (str(path), 0, "name", 0)
    assert "must be text" in str(error)
    # Text where a number belongs, if the table has an integer column with no gaps.
    column = next((c for c, t in frame.schema.items()
                   if t.is_integer() and frame[c].null_count() == 0), None)
    if column is not None:
        path = write(frame.with_columns(pl.col(column).cast(pl.String)))
        error = _raises(game, path.parent, table)
        assert (error.file, error.row, error.column) == (str(path), 0, column)
        assert error.value == str(frame[column][0])
        assert "must be an integer" in str(error) and repr(error.value) in str(error)


def test_duplicate_name(broken) -> None:
    game, table, frame, write = broken
    path = write(pl.concat([frame, frame.head(1)]))
    error = _raises(game, path.parent, table)
    assert (error.file, error.row, error.column) == (str(path), frame.height, "name")
    assert error.value == frame["name"][0]
    assert "duplicates row 0" in str(error)


def test_unknown_vocabulary_value(broken) -> None:
    game, table, frame, write = broken
    column = _first_column(frame, pl.Enum)
    if column is None:
        pytest.fail(f"{game}/{table} declares no closed vocabulary column")
    row = frame.height - 1
    bad = frame.with_columns(pl.col(column).cast(pl.String)).with_columns(
        pl.when(pl.int_range(pl.len()) == row).then(pl.lit("Nonsense"))
        .otherwise(pl.col(column)).alias(column))
    path = write(bad)
    error = _raises(game, path.parent, table)
    assert (error.file, error.row, error.column, error.value) == (
        str(path), row, column, "Nonsense")
    assert "unknown" in str(error) or "must be one of" in str(error)


def test_unknown_ability(broken) -> None:
    game, table, frame, write = broken
    declared = cards.declaration(game, table)
    if declared.ability_column is None:
        return  # this deck has no abilities to get wrong
    column = declared.ability_column
    values = frame[column].to_list()
    row = next(i for i, v in enumerate(values) if v)
    first = values[row][0]
    values[row] = [{**first, "name": "Nonsense"} if isinstance(first, dict) else "Nonsense",
                   *values[row][1:]]
    path = write(frame.with_columns(pl.Series(column, values)))
    error = _raises(game, path.parent, table)
    assert (error.file, error.row, error.value) == (str(path), row, "Nonsense")
    assert error.column.startswith(f"{column}[0]")
    assert "unknown" in str(error)


def test_unreadable_file(broken) -> None:
    game, table, _, write = broken
    path = write(pl.DataFrame({"x": [1]}))
    path.write_bytes(b"this is not a parquet file")
    error = _raises(game, path.parent, table)
    assert error.file == str(path) and "cannot be read as Parquet" in str(error)


def test_missing_table_file(broken) -> None:
    game, _, frame, write = broken
    path = write(frame)
    path.unlink()
    with pytest.raises(CardDataError, match="cannot be read") as caught:
        cards.load_set(game, path.parent)
    assert caught.value.file == str(path)


def test_unknown_table_file_in_a_set(tmp_path: Path) -> None:
    folder = tmp_path / "rifts"
    shutil.copytree(cards.data_root() / "rifts", folder)
    cards.load("rifts", "characters").write_parquet(folder / "heroes.parquet")
    with pytest.raises(CardDataError, match="is not a table of 'rifts'") as caught:
        cards.load_set("rifts", folder)
    assert caught.value.file == str(folder / "heroes.parquet")


def test_a_users_own_set_replaces_the_shipped_one(tmp_path: Path) -> None:
    folder = tmp_path / "riftforce"
    shutil.copytree(cards.data_root() / "riftforce", folder)
    table = next(t for g, t in CARD_TABLES if g == "riftforce")
    frame = cards.load("riftforce", table)
    frame.head(2).write_parquet(folder / f"{table}.parquet")
    mine = cards.load_set("riftforce", folder)
    assert mine[table].height == 2
    assert cards.load("riftforce", table).height == frame.height  # shipped set untouched


def test_reload_after_the_file_changes(tmp_path: Path) -> None:
    folder = tmp_path / "gamma_world"
    shutil.copytree(cards.data_root() / "gamma_world", folder)
    table = next(t for g, t in CARD_TABLES if g == "gamma_world")
    first = cards.load("gamma_world", table, folder)
    first.head(1).write_parquet(folder / f"{table}.parquet")
    assert cards.load("gamma_world", table, folder).height == 1


def test_a_bad_source_builds_nothing(tmp_path: Path) -> None:
    bad = tmp_path / "characters.toml"
    bad.write_text('rows = [\n  { name = "X" },\n]\n', encoding="utf-8")
    with pytest.raises(CardDataError, match="is missing") as caught:
        source.read_source("rifts", "characters", bad)
    assert caught.value.file == str(bad) and caught.value.row == 0
    bad.write_text("rows = [ { name = ", encoding="utf-8")
    with pytest.raises(CardDataError, match="is not valid TOML"):
        source.read_source("rifts", "characters", bad)


# ---- the command line ----------------------------------------------------------------------

def test_cli_check_passes_on_the_shipped_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["check"]) == 0
    assert "all tables match their sources" in capsys.readouterr().out


def test_cli_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["build", "monopoly"]) == 2
    assert "unknown game 'monopoly'" in capsys.readouterr().err


def test_cli_show_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["show", "rifts", "characters"]) == 0
    assert "Borg Mercenary" in capsys.readouterr().out
