"""What a party can do: its Characters' abilities, their sources, and the modifiers of its rolls.

Pure functions over the state and the data, shared by the rules and the odds.

How abilities count (the rulings cited are in docs/rulings.md):
- An ability counts once per Character, from its Character card or any attached, undamaged card
  it can use; a "+N" on any of those sources adds N to what the ability gives (ruling rifts-47).
- A permanent source (the Character card, Equipment without limited uses) is used first. If only
  Magic or Psionic cards or limited-use Equipment give it, the best of them is used: a Magic or
  Psionic card then makes its Use Roll, Equipment spends a use (ruling rifts-48).
- An "or" card gives one of its abilities per use (ruling rifts-49).
- A Character with 2 or more wounds gives no abilities (it cannot "take any action", line 499),
  nor does a Character lost to Separated (ruling rifts-50).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from explorer.engine.core import quick_init
from explorer.games.rifts.data import Ability, Card, RiftsData
from explorer.games.rifts.state import Bonus, Held, Member, Party

PSYCHIC_SPECIALISTS = {  # "Uses Major Psychic Power cards not as written, but to gain ..."
    "Hunt": ("Hunt", ("Attack", "Protect")),
    "Drain": ("Drain", ("Attack", "Tough")),
    "Pyrotechnics": ("Pyrotechnics", ("Attack", "Chaos")),
    "Summon": ("Summon", ("Attack", "Protect")),
    "Psi-Sword": ("Psi-Sword", ("Attack",)),
}
"""Ability -> (the roll of its Force die in ``rolls``, the abilities it may take instead)."""

_PSIONIC_USERS = frozenset({"Major Psychic", *PSYCHIC_SPECIALISTS})
"""The abilities that let a Character use every Psionic card (:func:`can_use_psionic`)."""

PARTY_ROLLS = frozenset({
    "Survival", "Escape", "Supply", "Bonus Supply", "Mission", "Heal", "Repair",
    "Character Attack", "Loot", "Experience", "Protection", "Ley Lines",
})
"""The rolls a party makes for itself: "all your rolls" of Weakened, Hunger and Exposure
(ruling rifts-51). The Morale Check is the Foes' roll ("Foes get -1 to Morale Check", Combat
Event 4), so it is not among them."""

CHOICE_ROLLS = frozenset({"Survival", "Escape", "Supply", "Bonus Supply", "Mission", "Heal",
                          "Repair"})
"""The rolls a "Future roll of your Choice" bonus may be spent on (ruling rifts-52)."""


@quick_init
@dataclass(frozen=True, slots=True)
class Source:
    """Where a Character's ability comes from: its card (``held`` None) or an attached card."""

    ability: Ability
    held: Held | None
    card: Card | None

    @property
    def consumable(self) -> bool:
        """Using it costs something: a Use Roll (Magic, Psionic) or a limited use."""
        if self.card is None:
            return False
        return self.card.deck in {"Magic", "Psionic"} or self.card.uses is not None

    def __str__(self) -> str:
        return "Character card" if self.card is None else self.card.name


@dataclass(slots=True)
class Use:
    """An ability as a Character uses it: its total bonus and the sources it spends."""

    member: Member
    name: str
    bonus: int
    spends: list[Source] = field(default_factory=list)

    def reason(self) -> str:
        """E.g. "Wilderness Scout: Wilderness +2" or "Mystic: Escape (via Fly)"."""
        via = ", ".join(str(s) for s in self.spends)
        bonus = f" +{self.bonus}" if self.bonus else ""
        return f"{self.member.name}: {self.name}{bonus}" + (f" (via {via})" if via else "")


def can_use_magic(data: RiftsData, member: Member) -> bool:
    """Mage-class Characters and those with the Mage ability can use Magic cards."""
    card = data.characters[member.name]
    return card.kind == "Mage" or "Mage" in card.ability_names


def can_use_psionic(data: RiftsData, member: Member, card: Card) -> bool:
    """Major Psychic uses every Psionic card; Minor Psychic all but the Major ones; the
    specialists (Hunt, Drain, ...) use Major cards their way and the others normally."""
    names = data.characters[member.name].ability_names
    if not names.isdisjoint(_PSIONIC_USERS):
        return True
    return "Minor Psychic" in names and card.kind != "Major"


def psionic_use(data: RiftsData, member: Member) -> str | None:
    """Which Psionic cards ``member`` can use: "every" (Major Psychic or a specialist such as
    Hunt), "not Major" (Minor Psychic) or None (none), as :func:`can_use_psionic` decides."""
    names = data.characters[member.name].ability_names
    if not names.isdisjoint(_PSIONIC_USERS):
        return "every"
    return "not Major" if "Minor Psychic" in names else None


def specialist(data: RiftsData, member: Member) -> str | None:
    """The Character's Major-card ability (Hunt, Drain, ...) if it has one and no Major Psychic."""
    return _specialist(data.characters[member.name])


_SPECIALISTS: dict[str, str | None] = {}


def _specialist(card: Card) -> str | None:
    if card.name not in _SPECIALISTS:
        names = [a.name for a in card.abilities]
        _SPECIALISTS[card.name] = None if "Major Psychic" in names else next(
            (n for n in names if n in PSYCHIC_SPECIALISTS), None)
    return _SPECIALISTS[card.name]


def limit_group(data: RiftsData, card: Card) -> str:
    return data.equipment_types[card.kind]["limit_group"]


def attach_problem(data: RiftsData, member: Member, card: Card) -> str | None:
    """Why ``card`` cannot be attached to ``member`` (None if it can)."""
    if card.deck == "Character":
        return "a Character card joins the party; it is not attached"
    if card.deck == "Magic" and not can_use_magic(data, member):
        return f"{member.name} cannot use Magic cards"
    if card.deck == "Psionic" and not can_use_psionic(data, member, card):
        return f"{member.name} cannot use this Psionic card"
    if card.deck == "Equipment":
        kind = data.equipment_types[card.kind]
        needs = kind["requires_ability"]
        if needs and needs not in data.characters[member.name].ability_names:
            return f"{card.kind} needs the {needs} ability"
        group = kind["limit_group"]
        held = _equipment_held(data, member, group)
        if held >= kind["max_per_character"]:
            return f"{member.name} already has {held} {group} (max {kind['max_per_character']})"
    return None


def can_attach(data: RiftsData, member: Member, card: Card) -> bool:
    """Whether ``card`` can be attached to ``member``: ``attach_problem`` is None (the rules
    ask for every card in hand and every Character at every Decision Act; the reason is for
    people)."""
    deck = card.deck
    if deck == "Equipment":
        kind = data.equipment_types[card.kind]
        needs = kind["requires_ability"]
        if needs and needs not in data.characters[member.name].ability_names:
            return False
        return _equipment_held(data, member, kind["limit_group"]) < kind["max_per_character"]
    if deck == "Magic":
        return can_use_magic(data, member)
    if deck == "Psionic":
        return can_use_psionic(data, member, card)
    return deck != "Character"


def _equipment_held(data: RiftsData, member: Member, group: str,
                    undamaged: bool = False) -> int:
    """How many Equipment cards of limit group ``group`` are attached to ``member`` (only the
    undamaged ones with ``undamaged``)."""
    held = 0
    if member.attached:
        equipment, types = data.aid["Equipment"], data.equipment_types
        for h in member.attached:
            if h.deck == "Equipment" and not (undamaged and h.damaged) \
                    and types[equipment[h.name].kind]["limit_group"] == group:
                held += 1
    return held


def is_able(member: Member, data: RiftsData) -> bool:
    """Able to act: present and with fewer wounds than incapacitate."""
    return not member.away and member.wounds < data.constants["wounds_incapacitated"]


def ability_names(data: RiftsData, member: Member) -> set[str]:
    """Every ability name the Character's card and attached, undamaged cards carry (a quick
    filter: :func:`sources` decides which of them really count)."""
    names = set(data.characters[member.name].ability_names)
    for held in member.attached:
        if not held.damaged:
            names |= data.aid[held.deck][held.name].ability_names
    return names


def sources(data: RiftsData, member: Member, ability: str,
            location_type: str | None, extra: tuple[str, ...] = (),
            chosen: dict[str, str] | None = None) -> list[Source]:
    """Every source of ``ability`` for ``member`` at a location of ``location_type``.

    ``extra`` are abilities the Character has for now (Crazy from a combat event). ``chosen``
    maps the cards that took one ability for a combat (an "or" card, a Major card used "not as
    written") to that ability: such a card gives only it.
    """
    card = data.characters[member.name]
    given = card.by_ability.get(ability)
    found = [Source(a, None, None) for a in given] if given else []
    if ability in extra:
        found.append(Source(Ability(ability), None, None))
    if not member.attached:
        return found
    special = _specialist(card)
    for held in member.attached:
        if held.damaged:
            continue
        attached = data.aid[held.deck][held.name]
        if chosen is not None and held.name in chosen:
            if chosen[held.name] == ability:
                given = attached.gives(ability)
                found.append(Source(given[0] if given else Ability(ability), held, attached))
            continue
        if special and attached.kind == "Major":
            continue  # a Major card used "not as written" gives only the ability chosen in combat
        for a in attached.by_ability.get(ability, ()):
            if a.where is None or a.where == location_type:
                found.append(Source(a, held, attached))
    return found


def use_of(data: RiftsData, member: Member, ability: str, location_type: str | None,
           taken: set[tuple[str, str]] | None = None,
           chosen: dict[str, str] | None = None) -> Use | None:
    """How ``member`` would use ``ability`` now, or None if it does not have it.

    ``taken`` holds "or" cards already used for another ability in the same roll. In a combat
    ``chosen`` holds the abilities the Character's cards took for it (ruling rifts-60): they
    give only those, and nothing is spent (the combat's one Use Roll paid for them).
    """
    found = [s for s in sources(data, member, ability, location_type, chosen=chosen)
             if taken is None or s.held is None or s.held.ref not in taken]
    if not found:
        return None
    if chosen is not None:
        return Use(member, ability, sum(s.ability.bonus for s in found))
    permanent = [s for s in found if not s.consumable]
    if permanent:
        return Use(member, ability, sum(s.ability.bonus for s in permanent))
    best = max(found, key=lambda s: s.ability.bonus)
    return Use(member, ability, best.ability.bonus, [best])


def has_ability(data: RiftsData, member: Member, ability: str, location_type: str | None) -> bool:
    return has_source(data, member, ability, location_type)


def has_source(data: RiftsData, member: Member, ability: str, location_type: str | None,
               chosen: dict[str, str] | None = None) -> bool:
    """Whether ``sources(data, member, ability, location_type, chosen=chosen)`` finds any
    (without making them)."""
    card = data.characters[member.name]
    if card.by_ability.get(ability):
        return True
    if not member.attached:
        return False
    special = _specialist(card)
    for held in member.attached:
        if held.damaged:
            continue
        if chosen is not None and held.name in chosen:
            if chosen[held.name] == ability:
                return True
            continue
        attached = data.aid[held.deck][held.name]
        if special and attached.kind == "Major":
            continue
        for a in attached.by_ability.get(ability, ()):
            if a.where is None or a.where == location_type:
                return True
    return False


def uses_for_roll(data: RiftsData, party: Party, roll: str, location_type: str | None,
                  state_bits: dict[str, object] | None = None,
                  members: list[Member] | None = None) -> list[tuple[int, str, list[Source]]]:
    """The modifiers the party's abilities give ``roll``: ``(amount, reason, sources spent)``.

    Read from the ``roll_modifiers`` table; ``state_bits`` supplies the situation its rows ask
    about (``supplied_here_last_turn``, ``foe_types``, ``tokens_destroyed``, ``below_half``,
    ``target``: the Character a Hit Result roll is against; ``combat``: each fighting
    Character's chosen abilities, by name, when the roll is made in a combat). ``members``
    are the Characters whose own abilities count (default: the able ones); the conditions on
    "all Characters" always look at every Character with the party (ruling rifts-50).
    """
    rows = data.modifiers.get(roll, ())
    if not rows:
        return []
    bits = state_bits or {}
    in_combat = bits.get("combat")
    fighting: dict[str, dict[str, str]] = in_combat if isinstance(in_combat, dict) else {}
    able: list[Member] = []
    names: dict[str, set[str]] | None = None  # each able Character's ability names, when asked
    anyone: set[str] = set()  # ... and all of them
    everyone: list[Member] | None = None  # the Characters with the party, when asked
    taken: set[tuple[str, str]] = set()
    found: list[tuple[int, str, list[Source]]] = []
    for row in rows:
        condition, ability, amount = row["condition"], row["ability"], row["modifier"]
        location = row["location"]
        if location is not None and location != location_type:
            continue
        if condition in _EACH and names is None:
            able = members if members is not None else [m for m in party.members
                                                        if is_able(m, data)]
            names = {m.name: ability_names(data, m) for m in able}
            anyone = anyone.union(*names.values())
        if condition == "each_with_ability":
            assert names is not None
            or_ability = row["or_ability"]
            if ability not in anyone and (or_ability is None or or_ability not in anyone):
                continue  # nobody has either: the row gives nothing
            for member in able:
                have = names[member.name]
                if ability not in have and (or_ability is None or or_ability not in have):
                    continue  # neither name on its cards: no use of either
                chosen = fighting.get(member.name) if in_combat else None
                uses = []
                for name in (ability, or_ability):
                    if name is not None and name in have:
                        use = use_of(data, member, name, location_type, taken, chosen)
                        if use is not None:
                            uses.append(use)
                if not uses:
                    continue
                use = min(uses, key=_permanent_then_best)  # once per Character
                _take(use, taken)
                where = f" at {_a(location)} location" if location else ""
                found.append((amount + use.bonus, f"{use.reason()}{where}", use.spends))
        elif condition == "each_instance_of_ability":
            assert names is not None
            if ability not in anyone:
                continue  # nobody has it: the row gives nothing
            for member in able:
                if ability not in names[member.name]:
                    continue
                chosen = fighting.get(member.name) if in_combat else None
                for source in sources(data, member, ability, location_type, chosen=chosen):
                    if source.held is not None and source.held.ref in taken:
                        continue
                    spends = [source] if source.consumable and not in_combat else []
                    _take(Use(member, ability, 0, spends), taken)
                    found.append((amount + source.ability.bonus,
                                  f"{member.name}: {ability} ({source})", spends))
        elif condition in {"all_on_vehicles", "all_with_ability"}:
            if everyone is None:
                everyone = party.present()  # incapacitated ones ride and fly along (rifts-50)
            if not everyone:
                continue
            for member in everyone:
                if not _qualifies(data, member, condition, ability, location_type):
                    break
            else:
                what = "every Character on an undamaged Vehicle" if ability is None \
                    else f"every Character has {ability}"
                found.append((amount, what, []))
        elif condition == "supplied_here_last_turn":
            if bits.get("supplied_here_last_turn"):
                found.append((amount, "supplied at this location last turn", []))
        elif condition == "target_has_ability":
            target = bits.get("target")
            if isinstance(target, Member):
                chosen = bits.get("chosen")
                given = sources(data, target, ability, location_type,
                                chosen=chosen if isinstance(chosen, dict) else None)
                if given:
                    bonus = sum(s.ability.bonus for s in given)
                    found.append((amount + bonus, f"{target.name}: {ability}", []))
        elif condition == "foe_type":
            if row["foe_type"] in bits.get("foe_types", ()):
                found.append((amount, f"Foe is {row['foe_type']}", []))
        elif condition == "per_token_destroyed":
            count = int(bits.get("tokens_destroyed", 0))  # type: ignore[arg-type]
            if count:
                found.append((amount * count, f"{count} Token(s) destroyed this round", []))
        elif condition == "foes_below_half":
            if bits.get("below_half"):
                found.append((amount, "Foes at less than half their starting Tokens", []))
        else:
            raise ValueError(f"roll_modifiers: unknown condition {condition!r}")
    return found


_EACH = frozenset({"each_with_ability", "each_instance_of_ability"})
"""The conditions that look at each able Character's own abilities."""


def _permanent_then_best(use: Use) -> tuple[bool, int]:
    """A Character's preferred use of an ability: a permanent one, then the biggest bonus."""
    return bool(use.spends), -use.bonus


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"


def _take(use: Use, taken: set[tuple[str, str]]) -> None:
    for source in use.spends:
        if source.card is not None and source.card.choice and source.held is not None:
            taken.add(source.held.ref)


def _qualifies(data: RiftsData, member: Member, condition: str, ability: str | None,
               location_type: str | None) -> bool:
    if condition == "all_with_ability":
        return has_ability(data, member, ability or "", location_type)
    return _equipment_held(data, member, "Vehicle", undamaged=True) > 0


def party_bonuses(party: Party, roll: str, location: str | None) -> list[Bonus]:
    """The carried bonuses (Weakened, Guide, Leads, ...) that apply to ``roll`` automatically."""
    if roll not in PARTY_ROLLS:
        return []
    return [b for b in party.bonuses if not b.choice
            and (not b.rolls or roll in b.rolls)
            and (b.location is None or b.location == location)]


def base_force(data: RiftsData, member: Member) -> int:
    """Base Force plus Experience Tokens (each +1 Force)."""
    return data.characters[member.name].force + member.experience \
        * data.constants["experience_force"]


def party_base_force(data: RiftsData, party: Party) -> int:
    """The party's total Base Force, counted against the limit of 40 (Separated included)."""
    return sum(data.characters[m.name].force for m in party.members)


def can_join(data: RiftsData, party: Party, name: str) -> str | None:
    """Why the Character ``name`` cannot join ``party`` (None if it can)."""
    limit = data.constants["party_base_force_limit"]
    size = data.constants["party_size_limit"]
    if len(party.members) >= size:
        return f"the party already has {size} Characters"
    total = party_base_force(data, party) + data.characters[name].force
    if total > limit:
        return f"the party's Base Force would be {total}, over {limit}"
    return None
