"""Scenarios: a Rat-King game built at a chosen position, for teaching and tests.

A scenario uses the keys of :func:`~explorer.games.rat_king.position.position`'s read-out::

    {"active": 0,
     "hands": [["Rikki Rogue", "Bow & Arrows"], ["Wererat"]],
     "groups": [[{"name": "ME Priest", "stuff": [{"name": "Magibolt", "flipped": true}]}],
                [{"name": "ME Rogue", "flipped": true, "events": ["Familiar"]}]],
     "discard": ["Magibolt Potion"], "adventures_won": [["The Hidden Nest"], []],
     "set_aside": ["ME Wizard", "ME Warrior"], "group_events": [["Royal Charter"], []],
     "draw_pile": ["Jeff Squire"], "dealer": 1,
     "adventure": {"name": "The Low Tunnels", "played_by": 1, "encounters": ["Wererat"],
                   "modifiers": [{"kind": "negate_cp", "source": "Wererat",
                                  "character": [0, 0]}]}}

``hands``, ``groups`` and ``active`` are required; one entry per player. A character is
``{"name", "flipped", "reinforcement", "stuff", "events"}`` (only ``name`` required; a STUFF is
``{"name", "flipped"}`` or just its name). Each group holds its player's ME card. The ME cards
not named are set aside; every other card not named is shuffled into the draw pile (``draw_pile``
lists cards known on top of it, top first). With ``adventure`` the game starts in that
ADVENTURE ROUND at the ``active`` player's round action (REINFORCEMENTS need one); without, at
the ``active`` player's turn. Every value is checked where it is read; an impossible position is
refused naming the key and the value.

With combined decks the cards are those of every set in play, by their keys (ruling rk-45); each
player's ME card must be one the mode deals him. On the Borderlands the cards not named go to
their own set's draw pile, and ``discard`` and ``draw_pile`` cards to their own set's piles
(ruling rk-47). In Conjunction of the Planes a scenario is before the trigger: the second set
waits set aside and none of its cards may be named (ruling rk-48).
"""

from __future__ import annotations

from typing import Any

from explorer.engine.scenario import check_keys, integer, listed, take_card
from explorer.errors import ScenarioError
from explorer.games.rat_king.common import Ctx
from explorer.games.rat_king.data import RatKingData
from explorer.games.rat_king.state import Character, Gear, Modifier, RatKingState, Round

_KEYS = {"active", "hands", "groups", "discard", "adventures_won", "set_aside", "draw_pile",
         "group_events", "adventure", "dealer"}
_REQUIRED = ("active", "hands", "groups")
_CHARACTER_KEYS = {"name", "flipped", "reinforcement", "stuff", "events"}
_STUFF_KEYS = {"name", "flipped"}
_ADVENTURE_KEYS = {"name", "played_by", "encounters", "modifiers"}
_MODIFIER_KEYS = {"kind", "source", "amount", "character", "group", "every", "gender",
                  "stuff_range", "ratling"}
MODIFIER_KINDS = ("cp", "negate_cp", "not_participating", "no_stuff", "no_reinforcements")


def _per_player(value: Any, where: str, players: int) -> list[Any]:
    value = listed(value, where)
    if len(value) != players:
        raise ScenarioError(f"{where} must list {players} entries, one per player; "
                            f"found {len(value)}")
    return value


def _flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"{where} must be true or false; found {value!r}")
    return value


def _of(data: RatKingData, name: str, table: str, where: str, what: str) -> None:
    if data.table.get(name) != table:
        raise ScenarioError(f"{where}: {name!r} is not {what}")


class _Builder:
    def __init__(self, state: RatKingState, data: RatKingData) -> None:
        self.state = state
        self.data = data
        plan = data.plan
        self.pool = {n: c for n, c in data.whole_set().items()
                     if plan is None or plan.at_start(n)}
        self.ctx = Ctx(state, data)

    def take(self, name: Any, where: str) -> str:
        return take_card(self.pool, name, where, "the set")

    def cards(self, value: Any, where: str, *, me: bool = False) -> list[str]:
        found = []
        for index, name in enumerate(listed(value, where)):
            name = self.take(name, f"{where}[{index}]")
            is_me = name in self.data.characters and self.data.characters[name].is_me
            if is_me != me:
                raise ScenarioError(
                    f"{where}[{index}]: {name!r} is {'a ME card' if is_me else 'not a ME card'}"
                    + ("; ME cards are only in groups or set aside" if is_me
                       else "; only unused ME cards are set aside"))
            found.append(name)
        return found

    def gear(self, value: Any, where: str, character: Character) -> Gear:
        entry = {"name": value} if isinstance(value, str) else check_keys(value, _STUFF_KEYS,
                                                                           where)
        if "name" not in entry:
            raise ScenarioError(f"{where}.name is missing")
        name = self.take(entry["name"], f"{where}.name")
        _of(self.data, name, "stuffs", f"{where}.name", "a STUFF card")
        stuff = self.data.stuffs[name]
        if self.data.characters[character.name].color not in stuff.colors:
            raise ScenarioError(f"{where}: {name} cannot be used by {character.name} "
                                f"({self.data.characters[character.name].color}; {name} is "
                                f"for {', '.join(stuff.colors)})")
        flipped = _flag(entry.get("flipped", False), f"{where}.flipped")
        if flipped and stuff.cp_flipped is None:
            raise ScenarioError(f"{where}: {name} has no flipped value, so it cannot be "
                                "flipped in play (ruling rk-16)")
        return Gear(name, flipped, self.ctx.new_uid())

    def character(self, value: Any, where: str, has_round: bool) -> Character:
        entry = check_keys(value, _CHARACTER_KEYS, where)
        if "name" not in entry:
            raise ScenarioError(f"{where}.name is missing")
        name = self.take(entry["name"], f"{where}.name")
        _of(self.data, name, "characters", f"{where}.name", "a CHARACTER card")
        card = self.data.characters[name]
        flipped = _flag(entry.get("flipped", False), f"{where}.flipped")
        if flipped and card.cp_flipped is None:
            raise ScenarioError(f"{where}: {name} has no flipped value, so it cannot be "
                                "flipped in play (seed 002, line 36)")
        reinforcement = _flag(entry.get("reinforcement", False), f"{where}.reinforcement")
        if reinforcement and (card.is_me or not has_round):
            raise ScenarioError(f"{where}: {name} cannot be a REINFORCEMENT "
                                + ("(a ME card)" if card.is_me else
                                   "without an ADVENTURE ROUND under way (scenario.adventure)"))
        character = Character(name, flipped, reinforcement, uid=self.ctx.new_uid())
        character.stuff = [self.gear(g, f"{where}.stuff[{i}]", character)
                           for i, g in enumerate(listed(entry.get("stuff", []),
                                                        f"{where}.stuff"))]
        for i, event in enumerate(listed(entry.get("events", []), f"{where}.events")):
            event = self.take(event, f"{where}.events[{i}]")
            _of(self.data, event, "events", f"{where}.events[{i}]", "an EVENT card")
            face = self.data.events[event]
            if face.played_on != "character" or not face.stays:
                raise ScenarioError(f"{where}.events[{i}]: {event} does not stay on a "
                                    "CHARACTER")
            if face.reputation and flipped and face.cp_flipped is None:
                raise ScenarioError(f"{where}.events[{i}]: {event} has no flipped value and "
                                    "cannot be on a flipped CHARACTER (ruling rk-25)")
            character.events.append(event)
        return character

    def group(self, value: Any, where: str, seat: int, has_round: bool) -> list[Character]:
        group = [self.character(c, f"{where}[{i}]", has_round)
                 for i, c in enumerate(listed(value, where))]
        me = [c.name for c in group if self.data.characters[c.name].is_me]
        wanted = self.data.constants["me_per_player"]
        if len(me) != wanted:
            raise ScenarioError(f"{where} must hold {wanted} ME card (each player's own, seed "
                                f"002, line 14); found {me}")
        plan = self.data.plan
        if plan is not None and not all(plan.may_take(seat, n) for n in me):
            raise ScenarioError(f"{where}: mode {plan.mode} does not deal player {seat + 1} the "
                                f"ME card {me[0]} (rulings rk-47, rk-48)")
        limit = self.data.constants["group_limit_two_players"]
        if self.state.players == 2 and sum(not c.reinforcement for c in group) > limit:
            raise ScenarioError(f"{where} holds {sum(not c.reinforcement for c in group)} "
                                f"characters; a 2-player group holds at most {limit}, "
                                "REINFORCEMENTS not counted (seed 002, line 18)")
        self.state.groups[seat] = group
        bad = self.ctx.excluded(seat)
        if bad:
            raise ScenarioError(f"{where}: {', '.join(c.name for c in bad)} cannot be in one "
                                "group (an exclusion, seed 002, line 38)")
        return group

    def modifier(self, value: Any, where: str) -> Modifier:
        entry = check_keys(value, _MODIFIER_KEYS, where)
        kind = entry.get("kind")
        if kind not in MODIFIER_KINDS:
            raise ScenarioError(f"{where}.kind must be one of {', '.join(MODIFIER_KINDS)}; "
                                f"found {kind!r}")
        source = entry.get("source", "")
        if not isinstance(source, str) or (source and source not in self.data.table):
            raise ScenarioError(f"{where}.source must be a card name; found {source!r}")
        amount = integer(entry.get("amount", 0), f"{where}.amount", -100, 100)
        modifier = Modifier(kind, source, amount,
                            ratling=_flag(entry.get("ratling", False), f"{where}.ratling"))
        players = self.state.players
        if "character" in entry:
            ref = listed(entry["character"], f"{where}.character")
            if len(ref) != 2:
                raise ScenarioError(f"{where}.character must be [seat, index]; found {ref!r}")
            seat = integer(ref[0], f"{where}.character[0]", 0, players - 1)
            group = self.state.groups[seat]
            if not group:
                raise ScenarioError(f"{where}.character[0]: group {seat} is empty")
            index = integer(ref[1], f"{where}.character[1]", 0, len(group) - 1)
            modifier.character = group[index].uid
        if "group" in entry:
            modifier.group = integer(entry["group"], f"{where}.group", 0, players - 1)
        if "every" in entry:
            if entry["every"] not in ("character", "group"):
                raise ScenarioError(f"{where}.every must be 'character' or 'group'; found "
                                    f"{entry['every']!r}")
            modifier.every = entry["every"]
        if "gender" in entry:
            if entry["gender"] not in ("M", "F"):
                raise ScenarioError(f"{where}.gender must be 'M' or 'F'; found "
                                    f"{entry['gender']!r}")
            modifier.gender = entry["gender"]
        if "stuff_range" in entry:
            if entry["stuff_range"] not in ("Melee", "Ranged"):
                raise ScenarioError(f"{where}.stuff_range must be 'Melee' or 'Ranged'; found "
                                    f"{entry['stuff_range']!r}")
            modifier.stuff_range = entry["stuff_range"]
        if kind == "no_stuff" and modifier.stuff_range is None:
            raise ScenarioError(f"{where}: a no_stuff modifier needs a stuff_range")
        if kind in ("cp", "negate_cp", "not_participating") and (
                modifier.character is None and modifier.group is None
                and modifier.every is None):
            raise ScenarioError(f"{where}: a {kind} modifier needs a character, a group or "
                                "'every'")
        return modifier

    def adventure(self, value: Any, players: int) -> Round:
        entry = check_keys(value, _ADVENTURE_KEYS, "scenario.adventure")
        for key in ("name", "played_by"):
            if key not in entry:
                raise ScenarioError(f"scenario.adventure.{key} is missing")
        name = self.take(entry["name"], "scenario.adventure.name")
        _of(self.data, name, "adventures", "scenario.adventure.name", "an ADVENTURE card")
        by = integer(entry["played_by"], "scenario.adventure.played_by", 0, players - 1)
        rnd = Round(name, by, rolls=[None] * players, totals=[None] * players)
        for i, encounter in enumerate(listed(entry.get("encounters", []),
                                             "scenario.adventure.encounters")):
            where = f"scenario.adventure.encounters[{i}]"
            encounter = self.take(encounter, where)
            _of(self.data, encounter, "encounters", where, "an ENCOUNTER card")
            if self.data.encounters[encounter].encounter_kind != "Effect":
                raise ScenarioError(f"{where}: {encounter} is an Instant ENCOUNTER; only "
                                    "Effect ENCOUNTERS stay in play (seed 002, line 72)")
            rnd.encounters.append(encounter)
        return rnd


def build_scenario(state: RatKingState, data: RatKingData, scenario: dict[str, Any]) -> None:
    """Fill a fresh ``state`` from ``scenario``; raise ScenarioError naming what is wrong."""
    check_keys(scenario, _KEYS, "scenario")
    for key in _REQUIRED:
        if key not in scenario:
            raise ScenarioError(f"scenario.{key} is missing (a scenario needs "
                                f"{', '.join(_REQUIRED)})")
    players = state.players
    build = _Builder(state, data)
    state.active = integer(scenario["active"], "scenario.active", 0, players - 1)
    if "dealer" in scenario:
        state.dealer = integer(scenario["dealer"], "scenario.dealer", 0, players - 1)
    hands = _per_player(scenario["hands"], "scenario.hands", players)
    groups = _per_player(scenario["groups"], "scenario.groups", players)
    if "adventure" in scenario:
        state.round = build.adventure(scenario["adventure"], players)
    for seat in range(players):
        state.hands[seat] = build.cards(hands[seat], f"scenario.hands[{seat}]")
    for seat in range(players):
        build.group(groups[seat], f"scenario.groups[{seat}]", seat, state.round is not None)
    if state.round is not None:
        entry = scenario["adventure"]
        state.round.modifiers = [
            build.modifier(m, f"scenario.adventure.modifiers[{i}]")
            for i, m in enumerate(listed(entry.get("modifiers", []),
                                         "scenario.adventure.modifiers"))]
    events = _per_player(scenario.get("group_events", [[]] * players), "scenario.group_events",
                         players)
    for seat in range(players):
        where = f"scenario.group_events[{seat}]"
        for i, name in enumerate(listed(events[seat], where)):
            name = build.take(name, f"{where}[{i}]")
            _of(data, name, "events", f"{where}[{i}]", "an EVENT card")
            if data.events[name].played_on != "group" or not data.events[name].stays:
                raise ScenarioError(f"{where}[{i}]: {name} does not stay on a group")
            state.group_events[seat].append(name)
    won = _per_player(scenario.get("adventures_won", [[]] * players),
                      "scenario.adventures_won", players)
    for seat in range(players):
        where = f"scenario.adventures_won[{seat}]"
        for i, name in enumerate(listed(won[seat], where)):
            name = build.take(name, f"{where}[{i}]")
            _of(data, name, "adventures", f"{where}[{i}]", "an ADVENTURE card")
            state.adventures_won[seat].append(name)
    for name in build.cards(scenario.get("discard", []), "scenario.discard"):
        state.discards[data.home(name)].append(name)
    for name in build.cards(scenario.get("draw_pile", []), "scenario.draw_pile"):
        state.piles[data.home(name)].top.append(name)
    state.set_aside = build.cards(scenario.get("set_aside", []), "scenario.set_aside", me=True)
    for name in list(build.pool):
        if name in data.characters and data.characters[name].is_me:
            state.set_aside.extend([name] * build.pool.pop(name))
    for name, copies in build.pool.items():
        state.piles[data.home(name)].cards[name] = copies
    if data.plan is not None:  # Conjunction: the second set waits set aside (ruling rk-48)
        state.set_aside.extend(n for n, copies in data.whole_set().items()
                               if not data.plan.at_start(n) for _ in range(copies))
    state._start = "turn"
    state.phase = "scenario"
