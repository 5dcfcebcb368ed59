"""Every card effect, profession advantage and encounter rule of Adventurers, each a small
named implementation.

- :data:`EFFECTS`: the ``effect`` vocabulary of the cards table. The Research Phase effects
  (look at a hand, look at the next cards, look and keep, discard the hand and draw, make an
  opponent discard) are functions here, in :data:`RESEARCH`; the Encounter Phase effects (evade,
  force bonus, negate a weapon) are steps of :mod:`explorer.games.adventurers.encounter`.
- :data:`ADVANTAGES`: the ``kind`` vocabulary of the professions table.
- :data:`ENCOUNTER_RULES`: the ``rule`` vocabulary (Big Burly Nazi's fisticuffs).

Tests check that each registry names every value of its vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

from explorer.engine import Action
from explorer.games.adventurers.common import Ctx
from explorer.games.adventurers.data import Card

Step = Generator[Any, Any, Any]
EffectFn = Callable[[Ctx, int, Card], Step]

EFFECTS: dict[str, str] = {}
ADVANTAGES: dict[str, str] = {}
ENCOUNTER_RULES: dict[str, str] = {}
RESEARCH: dict[str, EffectFn] = {}
"""The effects a card has when played in a Research Phase (ruling adv-34)."""


def research_effect(name: str) -> Callable[[EffectFn], EffectFn]:
    """Register the decorated function as the Research Phase effect ``name``."""

    def register(fn: EffectFn) -> EffectFn:
        RESEARCH[name] = fn
        EFFECTS[name] = f"research phase: {fn.__module__}.{fn.__qualname__}"
        return fn

    return register


EFFECTS["evade"] = "encounter phase: explorer.games.adventurers.encounter.evade"
EFFECTS["force_bonus"] = "encounter phase: explorer.games.adventurers.encounter.add_to_escape"
EFFECTS["negate_weapon"] = "encounter phase: explorer.games.adventurers.encounter.disarm"
ADVANTAGES["escape_dice"] = "escape roll: explorer.games.adventurers.encounter.profession_dice"
ADVANTAGES["enemy_as_weapon"] = "weapons: explorer.games.adventurers.encounter.weapon_cards"
ADVANTAGES["extra_draw_on_play"] = "on play: explorer.games.adventurers.common.Ctx.extra_draw"
ADVANTAGES["look_next"] = "research phase: explorer.games.adventurers.turn.professor_look"
ADVANTAGES["draw_and_discard"] = "draw phase: explorer.games.adventurers.turn.draw_phase"
ADVANTAGES["hand_size"] = "hand limit: explorer.games.adventurers.common.Ctx.hand_limit"
ENCOUNTER_RULES["fisticuffs"] = "weapons: explorer.games.adventurers.encounter.takes_weapon"


def choose_opponent(ctx: Ctx, seat: int, prompt: str, purpose: str) -> Step:
    """The player picks which opponent a card works on (ruling adv-35). The choice says whom
    and what for ("Choose Player 3 to look at his hand"); the log reads "Player 1 chooses
    Player 3 to look at his hand"."""
    action = yield from ctx.choose(
        seat, [Action("opponent", (o,), f"Choose Player {o + 1} {purpose}",
                      log=f"Player {seat + 1} chooses Player {o + 1} {purpose}")
               for o in ctx.opponents(seat)], prompt)
    return action.args[0]


@research_effect("look_hand")
def look_hand(ctx: Ctx, seat: int, card: Card) -> Step:
    """Translator, Nazi Spy, Informant, Interrogate: "Look at opponent's hand": the player
    alone sees it (the others read whose hand he looks at)."""
    other = yield from choose_opponent(ctx, seat, f"{card}: whose hand?", "to look at his hand")
    hand = ctx.adv(other).hand
    ctx.note(f"Looks at Player {other + 1}'s hand: {', '.join(hand) if hand else 'empty'}",
             seat, private=bool(hand), hidden=f"Looks at Player {other + 1}'s hand")


@research_effect("look_next")
def look_next(ctx: Ctx, seat: int, card: Card) -> Step:
    """Museum, Radio: "Look at next N cards in deck"; they stay in place (ruling adv-21)."""
    yield from ctx.look(seat, card.amount)


@research_effect("look_keep")
def look_keep(ctx: Ctx, seat: int, card: Card) -> Step:
    """Treasure Map, Guide, Arab Diggers: "Look at top 5 cards of deck & keep 1"; the others
    go back on top in the same order (ruling adv-21). The player alone sees the cards and
    which one he keeps."""
    for _ in range(card.keep):
        seen = yield from ctx.look(seat, card.amount)
        if not seen:
            return
        kept = f"Keeps one of the {len(seen)} cards"
        action = yield from ctx.choose(
            seat, [Action("keep", (n,), f"Keep {ctx.cards[n].describe()}", hidden=kept)
                   for n in seen],
            f"{card}: keep which card?")
        ctx.state.deck.top.remove(action.args[0])
        ctx.adv(seat).hand.append(action.args[0])


@research_effect("discard_hand_draw")
def discard_hand_draw(ctx: Ctx, seat: int, card: Card) -> Step:
    """Read Hieroglyphics, Decipher Engravings: "Discard hand & draw 5 cards": the hand goes
    face up to the discard pile (named to all), the 5 cards drawn are the player's to see."""
    hand = ctx.adv(seat).hand
    if hand:
        ctx.note(f"Discards his hand: {', '.join(hand)}", seat)
    for name in hand:
        ctx.discard(name)
    hand.clear()
    yield from ctx.draw(seat, card.amount)


@research_effect("opponent_discards")
def opponent_discards(ctx: Ctx, seat: int, card: Card) -> Step:
    """Saboteur: "Opponent must discard 3 cards", of his own choice (ruling adv-35)."""
    other = yield from choose_opponent(ctx, seat, f"{card}: which opponent discards?",
                                       f"to discard {card.amount} cards")
    yield from ctx.choose_discards(other, card.amount, f"{card}: discard a card")
