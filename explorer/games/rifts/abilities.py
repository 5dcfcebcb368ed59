"""Every ability of Rifts Adventures, each a small named implementation.

Abilities act through a few hooks:

- ``FORCE``: Force a Character gets in a combat round (Wilderness, Pilot, Stealth, Crazy, ...);
- ``ACTIONS``: what a Character may do in the Action Segment (Chaos, Control, Immobilize, ...);
- ``DECISION``: what a party may do in the Decision Act (Scrying, Draw, Supply);
- roll modifiers, read from the ``roll_modifiers`` table (Survival, Knowledge, Track, ...);
- permissions (which cards a Character may use: Mage, Major Psychic, Power Armor, ...).

:data:`ABILITIES` says, for every ability of the seed, where it is implemented; a test checks
that it names every ability of the data's vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from explorer.games.rifts import party as P
from explorer.games.rifts.common import Ctx
from explorer.games.rifts.data import Card
from explorer.games.rifts.state import Combat, Fighter, Member

Step = Generator[Any, Any, Any]
ForceFn = Callable[[Ctx, int, Member, Fighter, Combat, P.Use], Step]
ActionFn = Callable[[Ctx, int, Member, Combat, int, int], Step]
"""An Action Segment ability: (ctx, seat, user, combat, target Token, the source's +N)."""

ABILITIES: dict[str, str] = {}
FORCE: dict[str, ForceFn] = {}
ACTIONS: dict[str, ActionFn] = {}


def implements(name: str, where: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Record that ``name`` is implemented by the decorated function (or, with a non-function
    hook, by the named mechanism)."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        ABILITIES[name] = f"{where}: {fn.__module__}.{fn.__qualname__}"
        if where == "force":
            FORCE[name] = fn
        elif where == "action":
            ACTIONS[name] = fn
        return fn

    return register


def _described(name: str, where: str) -> None:
    ABILITIES[name] = where


for _name in ("Survival", "Knowledge", "Communicate", "Track", "Escape", "Fly"):
    _described(_name, "roll modifier: data/rifts/roll_modifiers.toml")
_described("Tough", "roll modifier: data/rifts/roll_modifiers.toml (Hit Result)")
_described("Mage", "permission: explorer.games.rifts.party.can_use_magic")
_described("Major Psychic", "permission: explorer.games.rifts.party.can_use_psionic")
_described("Minor Psychic", "permission: explorer.games.rifts.party.can_use_psionic")
_described("Power Armor", "permission: explorer.games.rifts.party.attach_problem")
_described("Heal", "recuperate: explorer.games.rifts.turn.recuperate")
_described("Repair", "recuperate: explorer.games.rifts.turn.recuperate")
_described("Protect", "foe attack segment: explorer.games.rifts.combat.protect")
_described("Scrying", "decision act: explorer.games.rifts.turn.scry")
_described("Draw", "decision act: explorer.games.rifts.turn.draw_cards")
_described("Supply", "decision act: explorer.games.rifts.turn.portal_supply")
_described("Ley Lines", "combat start: explorer.games.rifts.combat.ley_lines")
_described("Attack", "an extra attack roll: explorer.games.rifts.combat.attack_rolls")


# ---- Force in a combat round ---------------------------------------------------------------

def _location_force(ctx: Ctx, seat: int, kind: str, constant: str, use: P.Use) -> int:
    if ctx.location_type(seat) != kind:
        return 0
    return ctx.constants[constant] + use.bonus


@implements("Wilderness", "force")
def wilderness(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat,
               use: P.Use) -> Step:
    """+2 Force in Wilderness Locations (line 89)."""
    return _location_force(ctx, seat, "Wilderness", "wilderness_force", use)
    yield


@implements("Urban", "force")
def urban(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat,
          use: P.Use) -> Step:
    """+2 Force in Urban Locations (line 97)."""
    return _location_force(ctx, seat, "Urban", "urban_force", use)
    yield


def _equipment(ctx: Ctx, member: Member, group: str) -> int:
    """How many attached, undamaged Equipment cards of limit group ``group`` it has."""
    return sum(1 for held in member.attached if held.deck == "Equipment" and not held.damaged
               and P.limit_group(ctx.data, ctx.data.card("Equipment", held.name)) == group)


@implements("Pilot", "force")
def pilot(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat,
          use: P.Use) -> Step:
    """+3 Force from an attached (undamaged) Vehicle or Robot Vehicle (line 108)."""
    if _equipment(ctx, member, "Vehicle"):
        return ctx.constants["pilot_vehicle_force"] + use.bonus
    return 0
    yield


@implements("Cyborg", "force")
def cyborg(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat,
           use: P.Use) -> Step:
    """+2 Force for each attached, undamaged Cybernetic Implant (line 109; ruling rifts-56)."""
    implants = _equipment(ctx, member, "Cybernetic Implant")
    return implants * (ctx.constants["cyborg_implant_force"] + use.bonus)
    yield


def _party_has(ctx: Ctx, seat: int, ability: str) -> bool:
    kind = ctx.location_type(seat)
    return any(P.has_ability(ctx.data, m, ability, kind) for m in ctx.party(seat).members
               if P.is_able(m, ctx.data))


@implements("Artificer", "party force")
@implements("Cybernetics", "party force")
def equipment_bonus(ctx: Ctx, seat: int, card: Card) -> int:
    """The +1 Force Artificer (non-cybernetic cards, line 86) or Cybernetics (Cybernetic
    Implants, line 96) adds to an Equipment card of the party. It goes with the card's Force:
    it is counted only where the card gives its Force this round, once however many
    Artificers the party has (ruling rifts-57)."""
    if card.kind == "Cybernetic Implant":
        return ctx.constants["cybernetics_force"] if _party_has(ctx, seat, "Cybernetics") else 0
    return ctx.constants["artificer_force"] if _party_has(ctx, seat, "Artificer") else 0


@implements("Stealth", "force")
def stealth(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat,
            use: P.Use) -> Step:
    """+1D10 Force in the first round of Combat (line 104)."""
    if combat.round != 1:
        return 0
    rolled = yield from ctx.amount("Stealth", f"Stealth Force for {member.name}")
    return rolled + use.bonus


@implements("Sensors", "force")
def sensors(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat,
            use: P.Use) -> Step:
    """+2 Force in the first round of Combat (line 114)."""
    return ctx.constants["sensors_first_round_force"] + use.bonus if combat.round == 1 else 0
    yield


@implements("Crazy", "force")
def crazy(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat,
          use: P.Use) -> Step:
    """1D10-4 Force, rolled again each round; negative values count (line 106)."""
    count, sides, fixed, _ = ctx.data.roll("Crazy")
    rolled = yield from ctx.dice(count, sides, f"Crazy Force for {member.name} (1D10-4)")
    return rolled + fixed + use.bonus


@implements("Breath", "force")
def breath(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat,
           use: P.Use) -> Step:
    """+1D6 Force every other Combat Round: rounds 1, 3, 5, ... (line 81; ruling rifts-58)."""
    if combat.round % 2 == 0:
        return 0
    rolled = yield from ctx.amount("Breath", f"Breath Force for {member.name}")
    return rolled + use.bonus


@implements("Drugs", "force")
def drugs(ctx: Ctx, seat: int, member: Member, fighter: Fighter, combat: Combat,
          use: P.Use) -> Step:
    """+1D6 Force in Combat, rolled once at its start (line 100; see combat.start)."""
    return fighter.drugs + (use.bonus if fighter.drugs else 0)
    yield


# ---- the Action Segment ---------------------------------------------------------------------

@implements("Chaos", "action")
def chaos(ctx: Ctx, seat: int, member: Member, combat: Combat, token: int,
          bonus: int = 0) -> Step:
    """Roll 1D6 on the Chaos table against a target Token (line 112); "Chaos +N" adds N to
    the roll (lines 65-66)."""
    extra = [(bonus, f"{member.name}: Chaos +{bonus}")] if bonus else []
    result = yield from ctx.roll(seat, "Chaos", extra=extra)
    row = ctx.data.row("chaos", result.total)
    target = combat.tokens[token]
    if row["effect"] == "no_attack":
        target.no_attack = True
    elif row["effect"] == "attack_for_party":
        target.for_party = True
    ctx.note(f"Chaos on Token {token + 1}: {result.total}, {row['result']}", seat)


@implements("Control", "action")
def control(ctx: Ctx, seat: int, member: Member, combat: Combat, token: int,
            bonus: int = 0) -> Step:
    """A target Token attacks for the party this round (ruling rifts-7)."""
    combat.tokens[token].for_party = True
    ctx.note(f"{member.name} takes Control of Token {token + 1}: it attacks for the party "
             "this round", seat)
    return
    yield


@implements("Immobilize", "action")
def immobilize(ctx: Ctx, seat: int, member: Member, combat: Combat, token: int,
               bonus: int = 0) -> Step:
    """The target Token cannot attack for 1D6-3 rounds (line 115)."""
    rounds = (yield from ctx.amount("Immobilize", "Immobilize rounds (1D6-3)")) + bonus
    target = combat.tokens[token]
    target.immobilized = max(target.immobilized, rounds)
    ctx.note(f"Token {token + 1} is Immobilized for {rounds} round(s)", seat)


def _negate(ctx: Ctx, seat: int, combat: Combat, token: int, deck: str) -> None:
    target = combat.tokens[token]
    entry = next((c for c in target.cards if c[0] == deck), None)
    if entry is None:
        return
    target.cards.remove(entry)
    ctx.discard(deck, entry[1])
    target.force -= entry[2]
    target.start -= entry[2]
    ctx.note(f"{entry[1]} on Token {token + 1} is discarded: the Token loses {entry[2]} Force",
             seat)
    if not target.alive:  # ruling rifts-59
        combat.destroyed_this_round += 1
        ctx.note(f"Token {token + 1} is destroyed", seat)


@implements("Negate Magic", "action")
def negate_magic(ctx: Ctx, seat: int, member: Member, combat: Combat, token: int,
                 bonus: int = 0) -> Step:
    """Discard a target Magic Card attached to a Foe (line 116)."""
    _negate(ctx, seat, combat, token, "Magic")
    return
    yield


@implements("Magic Defense", "action")
def magic_defense(ctx: Ctx, seat: int, member: Member, combat: Combat, token: int,
                  bonus: int = 0) -> Step:
    """Discard a target Magic Card attached to a Foe (ruling rifts-8)."""
    _negate(ctx, seat, combat, token, "Magic")
    return
    yield


@implements("Psionic Defense", "action")
def psionic_defense(ctx: Ctx, seat: int, member: Member, combat: Combat, token: int,
                    bonus: int = 0) -> Step:
    """Discard a target Psionic card attached to a Foe (ruling rifts-10)."""
    _negate(ctx, seat, combat, token, "Psionic")
    return
    yield


@implements("Negate Possession", "no effect in play")
def negate_possession(ctx: Ctx, seat: int, member: Member, combat: Combat, token: int,
                      bonus: int = 0) -> Step:
    """Ends a Control effect; Foes never Control, so it has nothing to end (ruling rifts-9)."""
    ctx.note(f"{member.name}'s Negate Possession has no Control effect to end", seat)
    return
    yield


ACTIONS.pop("Negate Possession", None)  # never offered: it could change nothing

ACTION_TARGETS = {"Negate Magic": "Magic", "Magic Defense": "Magic", "Psionic Defense": "Psionic"}
"""Actions that need a Token holding a card of this deck."""


# ---- Major Psychic Power cards used "not as written" ----------------------------------------

for _ability in P.PSYCHIC_SPECIALISTS:
    _described(_ability, "combat force of Major cards: explorer.games.rifts.combat.card_force")
