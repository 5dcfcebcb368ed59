"""Where every card's effect of Gamma World is implemented: one entry per effect value of the
data's vocabularies (equipment, mutation and event effects, location powers) and per rule a
card column carries (Force, Hits, AP, uses, grenades, robots...).

A test checks that :data:`EFFECTS` names every value of every vocabulary, and that each entry
is a function of the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.games.gamma_world import battle as B
from explorer.games.gamma_world import enclave as E
from explorer.games.gamma_world import events as V
from explorer.games.gamma_world import powers
from explorer.games.gamma_world import turn as T
from explorer.games.gamma_world.common import Ctx

EFFECTS: dict[tuple[str, str], Callable[..., Any]] = {
    # EQUIPMENT CARD LIST (lines 118-126): the `effect` column
    ("Equipment", "heal"): T.heal_with,
    ("Equipment", "extra_ap"): E.turn_ap,
    ("Equipment", "stat_bonus"): E.follower_force,  # and E.follower_hits
    ("Equipment", "negate_breakdown"): Ctx.negate_breakdown,
    # MUTATION CARD LIST (lines 145-181): the `effect` column
    ("Mutation", "heal"): T.heal_with,
    ("Mutation", "extra_ap"): E.turn_ap,
    ("Mutation", "defect"): T.offer_defect,
    # EVENTS (lines 127-144): the `effect` column
    **{("Event", name): effect.play for name, effect in V.EVENTS.items()},
    # LOCATION CARD LIST (lines 211-236): the `power` column
    ("Location", "extra_ap"): E.turn_ap,
    ("Location", "hand_size"): E.hand_limit,
    ("Location", "follower_limit"): E.follower_limit,
    ("Location", "search_deck"): powers.search_deck,
    ("Location", "heal"): T.heal_with,
    ("Location", "neutron_missile"): powers.neutron_missile,
}
"""(card type, effect or power) -> the function that carries it out."""

COLUMNS: dict[tuple[str, str], Callable[..., Any]] = {
    ("Weapon", "force"): E.follower_force,
    ("Weapon", "no_effect_vs_robots"): E.follower_force,
    ("Weapon", "uses"): B.used_in_battle,
    ("Weapon", "grenade"): Ctx.breakdown,
    ("Armor", "hits"): B.take_hit,
    ("Armor", "force"): E.follower_force,
    ("Vehicle", "ap"): E.turn_ap,
    ("Steed", "hits"): B.take_hit,
    ("Steed", "force"): E.follower_force,
    ("Steed", "ap"): E.turn_ap,
    ("Equipment", "force"): E.follower_force,
    ("Equipment", "hits"): E.follower_hits,
    ("Equipment", "ap"): E.turn_ap,
    ("Mutation", "force"): E.follower_force,
    ("Mutation", "force_vs_robots"): E.follower_force,
    ("Mutation", "hits"): E.follower_hits,
    ("Mutation", "ap"): E.turn_ap,
    ("Foe", "threat_dice_count"): B.attack,
    ("Foe", "robot"): B.attack,
}
"""(card type, column) -> the function that reads the rule the column carries."""
