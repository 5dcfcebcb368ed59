"""Card faces (explorer.ui.faces): every card of every game drawn in words, never in codes.

The forbidden words are derived from the table declarations: every column name and closed
vocabulary value written in snake_case (``negate_weapon``, ``turn_option``, ``base_force``),
every struct field or column written as a ``(label: value, label: ...)`` (the old
``unflip (count: 1, target: own_character, ...)``), the
codes of Rifts' notation table and foe type letters, and Python's ``None``/``True``/``False``.
Known faces are checked against the seed line they print, cited beside each.
"""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest

from explorer import cards
from explorer.errors import ExplorerError, UnknownNameError
from explorer.games.adventurers.tables import TYPE_CODES
from explorer.games.rat_king.tables import EFFECT as RK_EFFECT
from explorer.games.rat_king.tables import TARGET as RK_TARGET
from explorer.games.rat_king.tables import WHEN as RK_WHEN
from explorer.ui import faces

CARD_TABLES = [(g, t) for g in cards.games() for t in cards.tables(g)
               if cards.declaration(g, t).kind == "cards"]
EVERY_CARD = [(g, t, n) for g, t in CARD_TABLES for n in cards.load(g, t)["name"].to_list()]


def _dtypes(dtype: pl.DataType):
    yield dtype
    if isinstance(dtype, pl.List):
        yield from _dtypes(dtype.inner)
    if isinstance(dtype, pl.Struct):
        for field in dtype.fields:
            yield from _dtypes(field.dtype)


def _declared() -> tuple[set[str], set[str]]:
    """(snake_case names to forbid anywhere, names to forbid as a ``name:`` label)."""
    snake, labels = set(), set()
    for game in cards.games():
        for table in cards.tables(game):
            for column in cards.declaration(game, table).columns:
                labels.add(column.name)
                for dtype in _dtypes(column.dtype):
                    if isinstance(dtype, pl.Enum):
                        snake |= {v for v in dtype.categories.to_list() if "_" in v}
                    if isinstance(dtype, pl.Struct):
                        labels |= {f.name for f in dtype.fields}
    snake |= {name for name in labels if "_" in name}
    return snake, labels


SNAKE, LABELS = _declared()
# Rifts codes (seed 000's NOTATION and the foes' type letters) that are not also words of a
# card name (the seed's names use "CN", as in "CN SAMAS Squad").
_RIFTS_NAMES = " ".join(n for t in ("characters", "equipment", "psionic", "magic", "locations",
                                    "foes") for n in cards.load("rifts", t)["name"].to_list())
RIFTS_CODES = {c for c in [*cards.load("rifts", "notation")["code"].to_list(),
                           *cards.load("rifts", "foes")["type_code"].to_list()]
               if c.isalpha() and len(c) >= 2 and not re.search(rf"\b{c}\b", _RIFTS_NAMES)}


def _leaks(game: str, text: str) -> list[str]:
    found = [w for w in SNAKE if w.lower() in text.lower()]
    found += [f"{w}:" for w in LABELS if re.search(rf"[(,]\s*{re.escape(w)}: ", text)]
    found += [w for w in ("None", "True", "False", "null", "[", "]", "{", "}") if w in text]
    if game == "rifts":
        found += [c for c in RIFTS_CODES if re.search(rf"\b{c}\b", text)]
    return found


def test_the_forbidden_list_is_derived_and_catches_the_old_faces() -> None:
    # issue #11's examples: ESCAPE_DICE, negate_weapon, and the Rat-King effect as fields
    assert {"escape_dice", "negate_weapon", "turn_option", "own_character", "base_force"} <= SNAKE
    assert {"count", "target", "when", "copies"} <= LABELS
    assert {"FT", "MG", "BF", "TKS", "FPT", "WO", "UO", "XX", "DNP"} <= RIFTS_CODES
    old = "unflip (count: 1, target: own_character, when: turn_option) ESCAPE_DICE"
    assert set(_leaks("rat_king", old)) >= {"count:", "own_character", "escape_dice"}


@pytest.mark.parametrize(("game", "table", "name"), EVERY_CARD,
                         ids=[f"{g}/{t}/{n}" for g, t, n in EVERY_CARD])
def test_every_card_has_a_face_in_words(game: str, table: str, name: str) -> None:
    html = faces.face(game, name, table)
    _, face = faces.card_face(game, name, table)
    text = face.text()
    assert face.type_line and face.rules, "every face has a type line and rules text"
    assert not _leaks(game, text), _leaks(game, text)
    # the type line never is (or holds) a bare type letter such as Adventurers' "W" or "E"
    assert not set(face.type_line.replace("·", " ").split()) & set(TYPE_CODES)
    for css in ("card-face", f"card-face-{game}", f"card-face-{table}", "card-face-title",
                "card-face-type", "card-face-stats", "card-face-text"):
        assert f'class="{css}' in html or f" {css}" in html, css
    small = faces.face(game, name, table, small=True)
    assert "card-face-small" in small and not _leaks(game, small)


def test_every_face_escapes_what_it_shows(tmp_path: Path) -> None:
    shipped = cards.load_set("rifts")
    evil = "<img src=x onerror=alert(1)>"
    characters = shipped["characters"].with_columns(
        pl.when(pl.col("name") == "Borg Mercenary").then(pl.lit(evil)).otherwise(pl.col("name"))
        .alias("name"))
    mine = cards.CardSet("rifts", tmp_path, {**shipped, "characters": characters})
    html = faces.face("rifts", evil, "characters", card_set=mine, badges=["<b>2 wounds</b>"])
    assert "<img" not in html and "<b>2" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert '<span class="card-face-badge">&lt;b&gt;2 wounds&lt;/b&gt;</span>' in html


def test_badges_small_faces_and_the_card_set() -> None:
    html = faces.face("rifts", "Cyber-Knight", badges=["2 wounds", "Immobilized"], small=True)
    assert html.count('class="card-face-badge"') == 2 and "card-face-small" in html
    shipped = cards.load_set("rifts")
    stronger = shipped["characters"].with_columns(
        pl.when(pl.col("name") == "Cyber-Knight").then(11).otherwise(pl.col("base_force"))
        .cast(pl.Int8).alias("base_force"))
    mine = cards.CardSet("rifts", Path("."), {**shipped, "characters": stronger})
    _, face = faces.card_face("rifts", "Cyber-Knight", card_set=mine)
    assert face.corner == faces.Stat("Base Force", "11")
    with pytest.raises(ExplorerError, match="card set is of Rifts Adventures"):
        faces.face("gamma_world", "Needler", card_set=mine)


def test_unknown_and_ambiguous_names_are_named() -> None:
    with pytest.raises(UnknownNameError, match=r"'Tigr'.*Tiger"):
        faces.face("adventurers", "Tigr")
    # seed 000: "Impervious" is both a Psionic (line 213, Force 8) and a Magic card (line 252)
    with pytest.raises(ExplorerError, match=r"'Impervious' is a card of more than one.*psionic"):
        faces.face("rifts", "Impervious")
    assert faces.card_face("rifts", "Impervious", "psionic")[1].corner.value == "8"
    assert faces.card_face("rifts", "Impervious", "magic")[1].corner.value == "6"
    with pytest.raises(UnknownNameError, match="card table"):
        faces.face("rifts", "Mystic", "hazard")


def _text(game: str, name: str, table: str | None = None) -> str:
    return faces.face_text(game, name, table)


# ---- known faces, against the seeds ---------------------------------------------------------

def test_rifts_faces_print_bonuses_limits_and_uses() -> None:
    # seed 000 line 38: "Cyber-Knight FT 10 Wilderness & Psi-Sword"
    _, knight = faces.card_face("rifts", "Cyber-Knight")
    assert knight.type_line == "Character · Fighter"
    assert knight.corner == faces.Stat("Base Force", "10")
    assert [lead for lead, _ in knight.rules] == ["Wilderness", "Psi-Sword"]
    # line 195: "Bio-Regenerate HS 1 Heal +2"
    assert "Heal +2" in _text("rifts", "Bio-Regenerate") and "Psionic · Healing" in _text(
        "rifts", "Bio-Regenerate")
    # line 184: "Robot Lock Pick Gun I 2 Stealth in Urban Location"
    assert "Only in Urban Locations" in _text("rifts", "Robot Lock Pick Gun")
    # line 144: "Rocket Launcher W 6 2 Uses; Use every other Round"
    rocket = _text("rifts", "Rocket Launcher")
    assert "2 uses" in rocket and "Use every other Round" in rocket
    # line 149: "Fusion Block W 7 Single Use"
    assert "Single use" in _text("rifts", "Fusion Block")
    # lines 192, 230: "XX = Roll 1D10"; "Pyrokinesis MS XX Attack or Chaos"
    pyro = _text("rifts", "Pyrokinesis", "psionic")
    assert "Roll 1D10 each time its Force is used" in pyro and "Attack or Chaos" in pyro
    # line 588: "Xiticix Warriors D 7 7 WO"
    _, warriors = faces.card_face("rifts", "Xiticix Warriors")
    assert faces.Stat("Force per Token", "7") in warriors.stats
    assert ("Wilderness only", "Met only in Wilderness Locations.") in warriors.rules
    # line 543: "Chi-Town U Tech 2 CN +5"; lines 378-379: a Mage drawn is discarded
    chi = _text("rifts", "Chi-Town")
    assert "Draw two cards" in chi and "CN Foes fought here gets +5 Force" in chi
    assert "a Mage drawn is discarded" in chi


def test_adventurers_faces_print_force_kind_places_and_advantages() -> None:
    # seed 001 line 107: "Tiger E Animal Force = 3: Location Outdoor" (ruling adv-8)
    _, tiger = faces.card_face("adventurers", "Tiger")
    assert tiger.type_line == "Encounter · Animal" and tiger.corner == faces.Stat("Force", "3")
    assert "Outside Location" in tiger.text() and "3D6" in tiger.text()
    # line 185: "Saboteur A Opponent must discard 3 cards"
    assert "An opponent must discard three cards." in _text("adventurers", "Saboteur")
    # line 124: "Treasure Map R Look at top 5 cards of deck & keep 1"
    assert "top 5 cards of the deck and keep one" in _text("adventurers", "Treasure Map")
    # line 88: "Disarm A Negate a Foes weapon card" (ruling adv-23)
    assert "Discard the Weapon card" in _text("adventurers", "Disarm")
    # line 33: "Trapper +1D6 vs Animal Encounters"
    _, trapper = faces.card_face("adventurers", "Trapper", "professions")
    assert trapper.corner == faces.Stat("Escape", "+1D6")
    assert "+1D6 to your Escape roll against Animal Encounters" in trapper.text()
    # line 30 and ruling adv-17: the Occult Expert's "Ancient card" is a Location tagged Ancient
    assert "a Location card tagged Ancient" in _text("adventurers", "Occult Expert")
    for name in cards.load("adventurers", "professions")["name"].to_list():
        assert "Advantage" in _text("adventurers", name, "professions")


def test_gamma_world_faces_print_force_hits_ap_and_notes() -> None:
    # seed 004 line 73: "Needler +2 No effect on Robots/Androids"
    needler = _text("gamma_world", "Needler")
    assert "+2" in needler and "No effect on Robots/Androids" in needler
    # line 116: "Brutorz 3 +2 +1" (Hits, Force, AP)
    _, brutorz = faces.card_face("gamma_world", "Brutorz")
    assert brutorz.stats == [faces.Stat("Hits", "3"), faces.Stat("Force", "+2"),
                             faces.Stat("AP", "+1")]
    # line 187: "Death Machine 5D6 Robot"
    assert faces.card_face("gamma_world", "Death Machine")[1].corner == faces.Stat("Threat",
                                                                                  "5D6")
    # line 215: "Military Installation Search deck for 3 Weapon cards & PTIYH" (line 236)
    assert "search the deck for 3 Weapon cards and put them in your hand" in _text(
        "gamma_world", "Military Installation")
    # lines 64-66: the Breakdown rule, grenades +1
    assert "on 6+ it is discarded" in _text("gamma_world", "Laser Pistol")
    assert "A grenade: +1 to this roll" in _text("gamma_world", "Frag Grenades")
    # line 129, 144: "Healers* Heal", * = Cryptic Alliance
    assert "Cryptic Alliance" in _text("gamma_world", "Healers")


def test_rat_king_effects_read_as_rules_english() -> None:
    # seed 002 line 24 and ruling rk-2: "ME Priest CHARACTER (2 CP)", 2 CP flipped, die 6
    _, priest = faces.card_face("rat_king", "ME Priest")
    assert priest.corner == faces.Stat("CP", "2")
    assert faces.Stat("Flipped CP", "2") in priest.stats
    assert faces.Stat("Character die", "6") in priest.stats
    assert ("Turn option", "Unflip one of your CHARACTERS.") in priest.rules
    # ruling rk-13: Squeeker gives one group -2 CP for the ADVENTURE
    assert ("This ADVENTURE", "One group gets -2 CP.") in faces.card_face(
        "rat_king", "Squeeker and the Ratlings")[1].rules
    # line 66 and ruling rk-9: Magibolt rolls a 2 for +2 CP, then is flipped
    magibolt = _text("rat_king", "Magibolt")
    _, bolt = faces.card_face("rat_king", "Magibolt")  # +1 CP on both sides (lines 65, 68)
    assert bolt.corner == faces.Stat("CP", "+1") and faces.Stat("Flipped CP", "+1") in bolt.stats
    assert "2-3: its CHARACTER gets +2 CP" in magibolt and "Using it flips this card" in magibolt
    # two turn-option effects read as one sentence
    assert ("Turn option", "Draw two cards, then discard one card from your hand.") in \
        faces.card_face("rat_king", "Lady Vessa")[1].rules
    # ruling rk-15: the exclusion is on the excluding card
    assert "Never in a group with Urk CHARACTERS" in _text("rat_king", "Borin Brawler")
    # ruling rk-7: Tinki has no flipped value, so it is discarded when flipped
    assert "It is discarded when it is flipped." in _text("rat_king", "Tinki Mercenary")
    # ruling rk-18: Throne of the Rat-King triples Ratling numbers
    assert "tripled" in _text("rat_king", "Throne of the Rat-King")


@pytest.mark.parametrize("effect", RK_EFFECT.categories.to_list())
@pytest.mark.parametrize("target", RK_TARGET.categories.to_list())
def test_every_rat_king_effect_and_target_has_words(effect: str, target: str) -> None:
    face = faces.Face("x", "", "#000")
    faces.rat_king.effects_text([{"name": effect, "amount": 2, "count": 2, "target": target,
                        "when": RK_WHEN.categories[0], "stuff_range": "Melee",
                        "classification": "Ratling"}], "this CHARACTER", face)
    (lead, text), = face.rules
    assert lead == "Turn option" and text and not _leaks("rat_king", text), text


def test_riftforce_elementals_carry_their_guilds_ability() -> None:
    guilds = dict(cards.load("riftforce", "guilds").select("name", "text").iter_rows())
    for name, guild in cards.load("riftforce", "elementals").select("name", "guild").iter_rows():
        _, face = faces.card_face("riftforce", name)
        assert (guild, guilds[guild]) in face.rules, name
    # reference/riftforce.md line 57: "Fire: 3 damage to the first enemy here"
    assert "3 damage to the first enemy here" in _text("riftforce", "Fire 5")
    # reference line 67: "Ice: ... 4 damage to it; otherwise 1 damage to it"
    assert "4 damage if it already has damage, otherwise 1 damage" in _text("riftforce", "Ice 6")
    # seed 003 line 7 and reference line 10: the value is the elemental's life
    assert faces.card_face("riftforce", "Water 7")[1].corner == faces.Stat("Life", "7")


def test_colours_follow_class_kind_guild_and_type() -> None:
    def colour(game: str, name: str) -> str:
        return faces.card_face(game, name)[1].colour

    assert colour("rifts", "Mystic") == colour("rifts", "Shifter") != colour("rifts", "Burster")
    assert colour("adventurers", "Tiger") != colour("adventurers", "Nemesis")  # Animal, Person
    assert colour("gamma_world", "Needler") != colour("gamma_world", "Brutorz")
    assert colour("riftforce", "Fire 5") == colour("riftforce", "Fire 7") == colour(
        "riftforce", "Fire")
    assert colour("riftforce", "Fire 5") != colour("riftforce", "Water 5")
    assert colour("rat_king", "Magibolt") != colour("rat_king", "Familiar")  # Stuff, Event


def test_a_small_face_opens_its_whole_text_by_click_or_tap() -> None:
    # data/rat_king/characters.toml: the ME Priest's printed words, its rule first
    small = faces.face("rat_king", "ME Priest", "characters", small=True)
    more = small[small.index('<details class="card-face-more">'):]
    assert "<summary>Full text</summary>" in more
    rule = more.index("Unflip one of your CHARACTERS")
    flavour = more.index('<p class="card-face-flavor">Turn option: say a blessing')
    assert rule < flavour  # the rule above the flavour, which is set apart
    assert "card-face-more" not in faces.face("rat_king", "ME Priest", "characters")


def test_browser_cells_say_rules_in_words() -> None:
    # data/riftforce/guilds.toml: Fire's ability is said by its text; the encoding is left out
    assert faces.column_words("riftforce", "guilds", "ability", [{"name": "damage"}]) == ""
    assert faces.column_words("gamma_world", "weapons", "grenade", False) == ""
    assert faces.column_words("gamma_world", "weapons", "grenade", True) == "yes"
    priest = [{"name": "unflip", "target": "own_character", "count": 1, "amount": None,
               "when": "turn_option"}]
    assert faces.column_words("rat_king", "characters", "effects", priest) == \
        "Turn option: Unflip one of your CHARACTERS."
    # data/rifts: a Stealth limited to Urban Locations, a Psionic card's Draw 2
    stealth = [{"name": "Stealth", "bonus": 0, "where": "Urban", "cards": None},
               {"name": "Heal", "bonus": 2, "where": None, "cards": None}]
    assert faces.column_words("rifts", "equipment", "abilities", stealth) == \
        "Stealth (in Urban Locations), Heal +2"
    draw = [{"name": "Draw", "bonus": 0, "where": None, "cards": 2}]
    assert faces.column_words("rifts", "psionic", "abilities", draw) == "Draw 2"
    assert faces.column_words("rifts", "foes", "note", "Cyborg +1") is None
