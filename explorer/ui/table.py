"""The table at a glance: every seat's area, drawn from ``position(game, seat)``.

>>> view = TableView("rifts")
>>> view.draw(explorer.games.rifts.position(game, 0))    # what seat 0 sees

Each game's area is a small function of its position (plain data): Rifts parties with their
Characters as card faces (wounds, experience, damaged cards), the Location, the Adventure
Tokens and lasting effects, and a combat's Foe with each Token's Force; Gamma World followers
with their cards and damage, locations held, Action Points, a battle's Threat; Adventurers'
professions, chains of Travel and Location cards and unresolved Encounters. The active seat is
highlighted; the viewer's hand is face up, other hands are counts.

Stable classes and data attributes for tests: ``table-seat`` (``data-seat``),
``table-character`` (``data-name``, ``data-wounds``), ``table-follower`` (``data-number``,
``data-damage``), ``table-chain`` (``data-top``), ``table-token`` (``data-force``),
``table-location`` (``data-location``, Riftforce) and ``table-elemental`` (``data-name``,
``data-seat``, ``data-damage``).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from explorer.ui.faces import face

TABLE_STYLE = """
<style>
.table-view { font-family: sans-serif; font-size: 13px; margin: 4px 0; }
.table-view .table-top { color: #334155; margin-bottom: 4px; }
.table-view .table-seats { display: flex; flex-wrap: wrap; gap: 8px; }
.table-view .table-seat { border: 1px solid #cbd5e1; border-radius: 8px; padding: 6px;
  background: #f8fafc; min-width: 260px; flex: 1 1 300px; }
.table-view .table-seat.table-active { border: 2px solid #f59e0b; background: #fffbeb; }
.table-view .table-seat h5 { margin: 0 0 4px 0; font-size: 14px; }
.table-view .table-cards { display: flex; flex-wrap: wrap; gap: 4px; align-items: flex-start; }
.table-view .table-stack { display: flex; flex-direction: column; gap: 2px; }
.table-view .table-center { border: 2px dashed #b91c1c; border-radius: 8px; padding: 6px;
  margin: 4px 0; background: #fef2f2; }
.table-view .table-token { display: inline-block; border-radius: 999px; padding: 2px 8px;
  margin: 2px; background: #7f1d1d; color: white; font-size: 12px; }
.table-view .table-token.table-gone { background: #cbd5e1; color: #475569;
  text-decoration: line-through; }
.table-view .table-effects { color: #9a3412; font-size: 12px; }
.table-view .table-hidden { color: #64748b; font-style: italic; }
.table-view .table-small { font-size: 12px; color: #334155; }
.table-view .table-locations { display: grid; grid-template-rows: auto auto auto;
  grid-auto-flow: column; grid-auto-columns: minmax(146px, 1fr); gap: 4px 6px;
  overflow-x: auto; justify-items: center; }
.table-view .table-location { display: contents; }
.table-view .table-rift .card-face-small { width: 136px; }
.table-view .table-rift .card-face-small .card-face-type,
.table-view .table-rift .card-face-small .card-face-text,
.table-view .table-rift .card-face-small .card-face-stats,
.table-view .table-rift .card-face-small .card-face-more { display: none; }
.table-view .table-side-1 { justify-content: flex-end; }
.table-view .table-selection .card-face-small .card-face-text { max-height: 64px;
  overflow: hidden; }
.table-view .table-rk-card { display: flex; flex-direction: column; align-items: center; }
.table-view .table-rk-card.table-flipped .table-turn { transform: rotate(180deg); }
.table-view .table-rk-character { border: 1px solid #e2e8f0; border-radius: 6px; padding: 2px; }
.table-view .table-location-card { border: 2px solid #6d28d9; border-radius: 6px;
  padding: 4px 6px; background: #ede9fe; font-size: 12px; text-align: center; }
</style>
"""
"""The CSS of the table view."""


class TableView(widgets.HTML):
    """The table drawn from a game's position (``draw`` it after every step)."""

    def __init__(self, game: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.add_class("table-view-box")

    def draw(self, position: dict[str, Any]) -> None:
        """Redraw from ``position`` (a game's ``position(game, seat)``)."""
        value = table_html(position)
        if value != self.value:
            self.value = value


def table_html(position: dict[str, Any], marks: Mapping[str, str] | None = None) -> str:
    """The table as HTML (a pure function of the position). ``marks``: the parts a click
    chooses, by key (:mod:`explorer.ui.board`), each drawn with ``data-click``."""
    game = position["game"]
    seat_area, center = _AREAS.get(game, (_generic_seat, None))
    viewer = position.get("viewer")
    marks = marks or {}
    seats = []
    for seat in position["seats"]:
        active = " table-active" if seat.get("active") else ""
        you = " (you)" if viewer is not None and seat["seat"] == viewer else ""
        seats.append(f'<div class="table-seat{active}" data-seat="{seat["seat"]}">'
                     f'<h5>{_e(seat["name"])}{you} · {_e(_score(game, seat))}</h5>'
                     f"{seat_area(game, seat, position)}{_hand(game, seat, marks)}</div>")
    middle = center(game, position, marks) if center is not None else ""
    return (f'<div class="table-view table-view-{_e(game)}" data-step="{position["step"]}">'
            f'<div class="table-top">{_top(position)}</div>{middle}'
            f'<div class="table-seats">{"".join(seats)}</div></div>')


# ---- what every game shows ----------------------------------------------------------------

def _e(value: Any) -> str:
    return html.escape(str(value))


SCORE = {"rifts": "{} AT", "gamma_world": "{} location(s)", "adventurers": "{} location(s)",
         "riftforce": "{} Riftforce", "rat_king": "{} AP"}
"""Each game's score as the table shows it."""


def _score(game: str, seat: dict[str, Any]) -> str:
    return SCORE.get(game, "{} points").format(seat.get("score", 0))


def _top(position: dict[str, Any]) -> str:
    decks = []
    for deck in position.get("decks", []):
        if not isinstance(deck, dict):
            continue  # a game whose decks are per seat (Riftforce): shown in each seat's area
        size = f"{deck['size']} left"
        thrown = f", {deck['discard']} discarded" if deck.get("discard") else ""
        known = deck.get("known_top")
        seen = f", known on top: {', '.join(c['name'] for c in known)}" if known else ""
        name = "The deck" if deck["name"] == "Deck" else f"{deck['name']} deck"
        decks.append(f"{_e(name)} {size}{_e(thrown)}{_e(seen)}")
    turn = f"Turn {position['turn']} · " if position.get("turn") else ""
    return f"{turn}{_e(position['phase']['name'])}<br>" + " · ".join(decks)


def _face(game: str, card: dict[str, Any], badges: list[str] | None = None) -> str:
    return face(game, card["name"], card.get("table"), small=True, badges=badges or ())


def _clickable(key: str, marks: Mapping[str, str], inner: str, css: str = "") -> str:
    """``inner`` wrapped so a click on it chooses ``key``, when ``key`` is a choice now."""
    if key not in marks:
        return inner
    return f'<div class="table-click {css}" data-click="{_e(key)}">{inner}</div>'


def _hand(game: str, seat: dict[str, Any], marks: Mapping[str, str]) -> str:
    hand = seat.get("hand")
    if not hand:
        return ""
    if hand["cards"] is None:
        return (f'<div class="table-small table-hidden table-hand">Hand: {hand["count"]} '
                f"card(s), hidden</div>")
    if not hand["cards"]:
        return '<div class="table-small table-hand">Hand: empty</div>'
    faces = "".join(_clickable(f"hand:{seat['seat']}:{c['name']}", marks,
                               _face(game, c, _card_badges(c))) for c in hand["cards"])
    return (f'<div class="table-small table-hand">Hand ({hand["count"]}):</div>'
            f'<div class="table-cards table-hand-cards">{faces}</div>')


def _card_badges(card: dict[str, Any]) -> list[str]:
    badges = []
    if card.get("damaged"):
        badges.append("damaged")
    uses = card.get("uses")
    if isinstance(uses, int):
        badges.append(f"{uses} use{'s' if uses != 1 else ''} left")
    damage = card.get("damage")
    if isinstance(damage, int) and damage:
        badges.append(f"{damage} damage")
    return badges


def _generic_seat(game: str, seat: dict[str, Any],
                  _position: dict[str, Any]) -> str:
    """Any list of cards a seat has, as faces (for a game with no area of its own yet)."""
    parts = []
    for key, value in seat.items():
        if key in {"hand", "seat", "name", "score", "active"}:
            continue
        if isinstance(value, list) and value and all(
                isinstance(v, dict) and "name" in v and "table" in v for v in value):
            faces = "".join(_face(game, c, _card_badges(c)) for c in value)
            parts.append(f'<div class="table-small">{_e(key.replace("_", " ").capitalize())}'
                         f'</div><div class="table-cards">{faces}</div>')
    return "".join(parts)


# ---- Rifts Adventures -----------------------------------------------------------------------

def _rifts_seat(game: str, seat: dict[str, Any],
                _position: dict[str, Any]) -> str:
    location = seat.get("location")
    where = f"At {_e(location['name'])} ({_e(location['type'])})" if location else "No Location"
    effects = "".join(f"<div>{_e(e['label'])}</div>" for e in seat.get("effects", []))
    people = []
    for member in seat.get("characters", []):
        badges = []
        if member["wounds"]:
            badges.append(f"{member['wounds']} wound{'s' if member['wounds'] != 1 else ''}")
        if member.get("experience"):
            badges.append(f"+{member['experience']} experience")
        badges += member.get("labels", [])
        cards = "".join(_face(game, c, _card_badges(c)) for c in member.get("attached", []))
        people.append(
            f'<div class="table-stack table-character" data-name="{_e(member["name"])}" '
            f'data-wounds="{member["wounds"]}">{_face(game, member, badges)}'
            f'<div class="table-small">Force {member["force"]}</div>'
            f'<div class="table-cards">{cards}</div></div>')
    return (f'<div class="table-small">{where}</div>'
            f'<div class="table-effects">{effects}</div>'
            f'<div class="table-cards">{"".join(people)}</div>')


def _rifts_center(game: str, position: dict[str, Any],
                  _marks: Mapping[str, str]) -> str:
    combat = position.get("combat")
    if not combat:
        return ""
    foe = combat["foe"]
    tokens = []
    for token in combat["tokens"]:
        gone = " table-gone" if token.get("destroyed") else ""
        extra = [c["name"] for c in token.get("cards", [])]
        holds = f" ({', '.join(extra)})" if extra else ""
        marks = " · immobilized" if token.get("immobilized") else ""
        tokens.append(f'<span class="table-token{gone}" data-force="{token["force"]}">Token '
                      f'{token["number"]}: {token["force"]} Force{_e(holds)}{marks}</span>')
    labels = "".join(f"<div>{_e(label)}</div>" for label in combat.get("labels", []))
    segment = f" · {_e(combat['segment'])}" if combat.get("segment") else ""
    return (f'<div class="table-center table-combat"><b>Combat with {_e(foe["name"])}</b>, '
            f"round {combat['round']}{segment}"
            f'<div class="table-cards">{_face(game, foe)}<div>{"".join(tokens)}'
            f'<div class="table-effects">{labels}</div></div></div></div>')


# ---- Gamma World ----------------------------------------------------------------------------

def _gw_seat(game: str, seat: dict[str, Any],
             _position: dict[str, Any]) -> str:
    people = []
    for follower in seat.get("followers", []):
        badges = [f"{follower['damage']} damage"] if follower.get("damage") else []
        cards = [c for c in (follower.get("steed"), follower.get("armor")) if c]
        cards += follower.get("mutations", []) + follower.get("items", [])
        faces = "".join(_face(game, c, _card_badges(c)) for c in cards)
        mark = "".join(f'<span class="card-face-badge">{_e(b)}</span>' for b in badges)
        people.append(
            f'<div class="table-stack table-follower" data-number="{follower["number"]}" '
            f'data-damage="{follower["damage"]}"><b>{_e(follower["name"])}</b> '
            f'<span class="table-small">{_e(follower["kind"])} · Force {follower["force"]} · '
            f'Hits {follower["hits_left"]} of {follower["hits"]}</span>{mark}'
            f'<div class="table-cards">{faces}</div></div>')
    held = "".join(_face(game, c, ["power used"] if c.get("spent") else [])
                   for c in seat.get("locations", []))
    places = (f'<div class="table-small">Locations held:</div>'
              f'<div class="table-cards">{held}</div>') if held else \
        '<div class="table-small">No locations yet</div>'
    return (f'<div class="table-small">Force {seat.get("force", 0)} in all</div>'
            f'<div class="table-cards">{"".join(people)}</div>{places}')


def _gw_center(game: str, position: dict[str, Any],
               _marks: Mapping[str, str]) -> str:
    parts = []
    points = position.get("action_points")
    if points and not position.get("over"):
        parts.append(f'<div class="table-small table-ap">{_e(points["label"])}</div>')
    battle = position.get("battle")
    if battle:
        foe = battle.get("foe")
        foe_face = _face(game, foe) if foe else ""
        threat = (f"Threat left: <b>{battle['threat']}</b>" if not battle.get("encroach")
                  else f"defenders' Force: <b>{battle['opposing_threat']}</b>")
        parts.append(f'<div class="table-center table-battle" data-threat="{battle["threat"]}">'
                     f"<b>{_e(battle['label'])}</b> · {threat}"
                     f'<div class="table-cards">{_face(game, battle["location"])}{foe_face}'
                     f"</div></div>")
    return "".join(parts)


# ---- Adventurers ----------------------------------------------------------------------------

def _adventurers_seat(game: str, seat: dict[str, Any],
                      _position: dict[str, Any]) -> str:
    profession = seat.get("profession")
    top = seat.get("top")
    chain = "".join(_face(game, c) for c in seat.get("chain", []))
    parts = []
    if profession:
        parts.append(f'<div class="table-small">{_e(profession["name"])}: '
                     f'{_e(profession["advantage"])}</div>')
    parts.append(f'<div class="table-small">Locations visited: {seat["locations_visited"]} of '
                 f'{seat["locations_to_win"]}</div>')
    parts.append(f'<div class="table-chain" data-top="{_e(top["name"] if top else "")}">'
                 f'<div class="table-small">Travel and Location cards:</div>'
                 f'<div class="table-cards">{chain or "none yet"}</div></div>')
    encounter = seat.get("encounter")
    if encounter:
        weapon = encounter.get("weapon")
        armed = f" with {weapon['name']}" if isinstance(weapon, dict) else (
            f" with {weapon}" if weapon else "")
        faces = _face(game, encounter["card"])
        if isinstance(weapon, dict):
            faces += _face(game, weapon)
        parts.append(f'<div class="table-center table-encounter"><b>Facing '
                     f'{_e(encounter["card"]["name"])}</b>{_e(armed)}, played by Player '
                     f'{encounter["by"] + 1}: {encounter["encounter_dice"]}D6'
                     f'<div class="table-cards">{faces}</div></div>')
    return "".join(parts)


def _adventurers_center(game: str, position: dict[str, Any],
                        _marks: Mapping[str, str]) -> str:
    played = position.get("in_play") or []
    if not played:
        return ""
    faces = "".join(_face(game, c) for c in played)
    return (f'<div class="table-center table-in-play"><b>Played to the roll:</b>'
            f'<div class="table-cards">{faces}</div></div>')


# ---- Riftforce --------------------------------------------------------------------------------

def _riftforce_seat(game: str, seat: dict[str, Any],
                    _position: dict[str, Any]) -> str:
    guilds = ", ".join(seat.get("guilds") or []) or "guilds not chosen yet"
    marker = " · start marker" if seat.get("first") else ""
    top = f", {_e(seat['discard_top'])} on top" if seat.get("discard_top") else ""
    return (f'<div class="table-small">{_e(guilds)}{marker}</div>'
            f'<div class="table-small">Draw pile {seat.get("deck", 0)} · discard pile '
            f'{seat.get("discard", 0)}{top}</div>')


def _riftforce_elemental(game: str, text: str, seat: int, key: str,
                         marks: Mapping[str, str]) -> str:
    name, _, damage = text.partition("/")
    badges = [f"{damage} damage"] if damage else []
    inner = (f'<div class="table-elemental" data-name="{_e(name)}" data-seat="{seat}" '
             f'data-damage="{_e(damage or 0)}">'
             f'{face(game, name, "elementals", small=True, badges=badges)}</div>')
    return _clickable(key, marks, inner)


def _riftforce_center(game: str, position: dict[str, Any], marks: Mapping[str, str]) -> str:
    """The Rift: the five locations in a row, Player 2's columns above and Player 1's below,
    each from the location outward, and who controls each location; in the guild selection,
    the summoners face up and the picks."""
    control = position.get("control") or []
    columns = []
    for number, (name, sides) in enumerate(zip(position["locations"], position["board"],
                                               strict=True)):
        held = control[number] if number < len(control) else None
        holder = "" if held is None else f" · Player {held + 1} controls it"
        top = "".join(_riftforce_elemental(game, c, 1, f"elemental:{number}:1:{i}", marks)
                      for i, c in reversed(list(enumerate(sides[1]))))
        bottom = "".join(_riftforce_elemental(game, c, 0, f"elemental:{number}:0:{i}", marks)
                         for i, c in enumerate(sides[0]))
        card = _clickable(f"location:{number}", marks,
                          f'<div class="table-location-card"><b>{_e(name)}</b>{_e(holder)}'
                          f"</div>")
        columns.append(
            f'<div class="table-location" data-location="{number + 1}">'
            f'<div class="table-stack table-side-1">{top}</div>{card}'
            f'<div class="table-stack table-side-0">{bottom}</div></div>')
    track = " · ".join(f"Player {s + 1}: {r}" for s, r in enumerate(position["riftforce"]))
    return (f'{_riftforce_selection(game, position, marks)}'
            f'<div class="table-rift"><div class="table-small">Riftforce {_e(track)} '
            f'({_e(riftforce_end(position["riftforce"], position.get("to_win", 12)))})</div>'
            f'<div class="table-locations">{"".join(columns)}</div></div>')


def riftforce_end(scores: list[int], to_win: int = 12) -> str:
    """How the Riftforce track ends the game, said for the scores as they stand: reaching
    ``to_win`` ends it once the round is complete, and a tie past it plays on a turn each
    until one leads (the reference's "End of game")."""
    top = max(scores, default=0)
    if top < to_win:
        return f"a player reaching {to_win} ends the game once the round is complete"
    if sorted(scores)[-2:] == [top, top]:
        return f"tied at {top}: each player takes one more turn until one leads"
    return f"{to_win} reached: the higher Riftforce wins once the round is complete"


def _riftforce_selection(game: str, position: dict[str, Any], marks: Mapping[str, str]) -> str:
    """The guild selection under way: the summoners face up (a person's pick is a click on
    one), each player's guilds so far and the summoner each drew (the other's hidden)."""
    selection = position.get("selection") or {}
    if selection.get("done", True) or not selection.get("face_up"):
        return ""
    faces = "".join(_clickable(f"guild:{name}", marks,
                               f'<div class="table-summoner" data-name="{_e(name)}">'
                               f'{face(game, name, "guilds", small=True)}</div>')
                    for name in selection["face_up"])
    picked: list[list[str]] = [[] for _ in position["seats"]]
    for seat, name in selection.get("picks", []):
        picked[seat].append(name)
    lines = []
    for seat, drawn in enumerate(selection.get("drawn", [])):
        first = f"drew {drawn}" if drawn else "drew a summoner (hidden)"
        more = f", picked {', '.join(picked[seat])}" if picked[seat] else ""
        lines.append(f"<div>Player {seat + 1}: {_e(first)}{_e(more)}</div>")
    return (f'<div class="table-center table-selection"><b>Guild selection</b>: the summoners '
            f'face up, picked in turn until each player has 4 guilds'
            f'<div class="table-small">{"".join(lines)}</div>'
            f'<div class="table-cards">{faces}</div></div>')


# ---- Lair of the Rat-King ---------------------------------------------------------------------

def _rat_king_card(game: str, name: str, flipped: bool, badges: list[str]) -> str:
    """A card of a group: upside down when flipped (its badges stay readable above it)."""
    marks = "".join(f'<span class="card-face-badge">{_e(b)}</span>' for b in badges)
    turned = " table-flipped" if flipped else ""
    return (f'<div class="table-rk-card{turned}" data-name="{_e(name)}" '
            f'data-flipped="{str(flipped).lower()}">'
            f'<div class="table-small">{marks}</div>'
            f'<div class="table-turn">{face(game, name, small=True)}</div></div>')


_RK_GENDER = {"F": "* female", "M": "* male"}
"""A ME card's badge: its "*" is the player's gender (seed 002, line 85)."""


def _rat_king_me(name: str) -> bool:
    """Whether ``name`` is a ME card of the shipped set."""
    from explorer.games.rat_king.data import rat_king_data

    card = rat_king_data().characters.get(name)
    return card is not None and card.is_me


def _rat_king_seat(game: str, seat: dict[str, Any], position: dict[str, Any]) -> str:
    """A player's group: each CHARACTER with its STUFF and EVENTS under it (a flipped card
    upside down), the group's CP, its EVENTS and the ADVENTURES it has won. The ME card shows
    the player's gender when the game was given one."""
    number = seat["seat"]
    genders = position.get("genders") or []
    gender = _RK_GENDER.get(genders[number] or "") if number < len(genders) else None
    people = []
    for character in position["groups"][number]:
        badges = (["flipped"] if character["flipped"] else []) + (
            ["reinforcement"] if character["reinforcement"] else [])
        if gender and _rat_king_me(character["name"]):
            badges.append(gender)
        gear = "".join(_rat_king_card(game, s["name"], s["flipped"],
                                      ["flipped"] if s["flipped"] else [])
                       for s in character["stuff"])
        gear += "".join(_rat_king_card(game, e, False, ["event"]) for e in character["events"])
        people.append(
            f'<div class="table-stack table-rk-character" data-name="{_e(character["name"])}" '
            f'data-seat="{number}" data-flipped="{str(character["flipped"]).lower()}" '
            f'data-reinforcement="{str(character["reinforcement"]).lower()}">'
            f'{_rat_king_card(game, character["name"], character["flipped"], badges)}'
            f'<div class="table-cards">{gear}</div></div>')
    events = position.get("group_events", [[]] * (number + 1))[number]
    won = position["adventures_won"][number]
    extra = ""
    if events:
        extra += ('<div class="table-small">On the group:</div><div class="table-cards">'
                  + "".join(_rat_king_card(game, e, False, []) for e in events) + "</div>")
    if won:
        extra += ('<div class="table-small">ADVENTURES won:</div><div class="table-cards">'
                  + "".join(_rat_king_card(game, a, False, []) for a in won) + "</div>")
    cp = position.get("cp", [None] * (number + 1))[number]
    dealer = " · dealer" if seat.get("dealer") else ""
    return (f'<div class="table-small table-rk-totals" data-cp="{cp}" '
            f'data-ap="{position["ap"][number]}">{_e(cp)} CP · {position["ap"][number]} of '
            f'{position.get("to_win", 7)} AP{dealer}</div>'
            f'<div class="table-cards table-rk-group">{"".join(people) or "no characters"}'
            f"</div>{extra}")


def _rat_king_center(game: str, position: dict[str, Any], marks: Mapping[str, str]) -> str:
    """The ADVENTURE being fought (its card, who played it, the ENCOUNTERS in play, this
    ADVENTURE's modifiers, the dice and totals), or the last one's result."""
    piles = ""  # the draw and discard piles are on the table's top line
    adventure = position.get("adventure")
    if adventure and not adventure.get("settled"):
        who = f"Player {adventure['played_by'] + 1}"
        cards = "".join(_rat_king_card(game, n, False, ["encounter"])
                        for n in adventure["encounters"])
        mods = "".join(f"<div>{_e(_modifier_text(m))}</div>" for m in adventure["modifiers"])
        rolls = " · ".join(
            f"Player {s + 1}: die {r}" + (f", total {t}" if t is not None else "")
            for s, (r, t) in enumerate(zip(adventure["rolls"], adventure["totals"],
                                           strict=True)) if r is not None)
        return (f'{piles}<div class="table-center table-rk-adventure" '
                f'data-name="{_e(adventure["name"])}"><b>ADVENTURE: {_e(adventure["name"])}'
                f"</b>, played by {who}"
                f'<div class="table-cards">{_rat_king_card(game, adventure["name"], False, [])}'
                f'{cards}</div><div class="table-effects">{mods}</div>'
                f'<div class="table-small">{_e(rolls)}</div></div>')
    last = position.get("last_adventure")
    if last:
        winner = last.get("winner")
        result = f"won by Player {winner + 1}" if winner is not None else "discarded"
        totals = " · ".join(f"Player {s + 1}: {t}" for s, t in enumerate(last["totals"])
                            if t is not None)
        return (f'{piles}<div class="table-small table-rk-last">Last ADVENTURE: '
                f'{_e(last["name"])}, {result} ({_e(totals)})</div>')
    return piles


def _modifier_text(modifier: dict[str, Any]) -> str:
    """A modifier in words: "Squeeker and the Ratlings: -4 CP to Player 2's group"."""
    kind, amount = modifier["kind"], modifier.get("amount", 0)
    what = {"cp": f"{amount:+d} CP", "negate_cp": "CP counts negative",
            "not_participating": "not participating",
            "no_stuff": f"no {modifier.get('stuff_range', '')} STUFF",
            "no_reinforcements": "no REINFORCEMENTS"}.get(kind, kind.replace("_", " "))
    if "character" in modifier:
        seat, index = modifier["character"]
        where = f"Player {seat + 1}'s character {index + 1}"
    elif "group" in modifier:
        where = f"Player {modifier['group'] + 1}'s group"
    elif modifier.get("every"):
        gender = {"M": "M ", "F": "F "}.get(modifier.get("gender") or "", "")
        where = f"every {gender}{modifier['every']}"
    else:
        where = "everyone"
    return f"{modifier['source']}: {what} ({where})"


_AREAS: dict[str, tuple[Callable[[str, dict[str, Any], dict[str, Any]], str],
                        Callable[[str, dict[str, Any], Mapping[str, str]], str] | None]] = {
    "rifts": (_rifts_seat, _rifts_center),
    "gamma_world": (_gw_seat, _gw_center),
    "adventurers": (_adventurers_seat, _adventurers_center),
    "riftforce": (_riftforce_seat, _riftforce_center),
    "rat_king": (_rat_king_seat, _rat_king_center),
}
