"""A Rat-King bot that weighs each choice by what it does to the AP race and to the groups'
strength, with the ADVENTURE odds worked out from two dice.

It uses only what its seat sees: the table (the groups with their STUFF and EVENTS, the
ADVENTURE ROUND's modifiers, the discard pile, the AP) and its own hand; the choices it
compares are the legal ones the rules offer its seat, looked at one level ahead (which card,
which target) with the rules' own offer functions, which read nothing hidden.

Its weighing: an AP is worth 10, a CP of its own group 1 and of an opponent's group 0.6, a
card in hand about 1. An ADVENTURE is played, and a round action taken, by the change in its
chance of winning the ADVENTURE (its total against the strongest opponent's, each with a die,
a tie going to the player of the ADVENTURE) times the ADVENTURE's AP.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from explorer.engine import Action, Game
from explorer.engine.bots import Bot
from explorer.games.rat_king import adventure as A
from explorer.games.rat_king import turn as T
from explorer.games.rat_king.common import Ctx
from explorer.games.rat_king.effects import resolve
from explorer.games.rat_king.state import Character

AP = 10.0
"""What one ADVENTURE POINT is worth to the bot."""
MINE, THEIRS = 1.0, 0.6
"""What a CP of its own group, and of an opponent's, is worth outside an ADVENTURE."""
CARD = 1.0
"""What a card in hand is worth."""
SIDES = 6


def _difference() -> dict[int, float]:
    """The distribution of one die minus another."""
    found: dict[int, float] = {}
    for a in range(1, SIDES + 1):
        for b in range(1, SIDES + 1):
            found[a - b] = found.get(a - b, 0.0) + 1 / SIDES**2
    return found


DIFFERENCE = _difference()


def win_chance(margin: float, ties_mine: bool) -> float:
    """The chance that a group ``margin`` CP ahead of the strongest other wins, with a die
    each (a tie counts as won when ``ties_mine``)."""
    return sum(p for d, p in DIFFERENCE.items()
               if margin + d > 0 or (ties_mine and margin + d == 0))


class RatKingHeuristicBot(Bot):
    """Takes the legal choice of the highest value; ties broken at random. Back at a choice it
    has already made, in the same position as its seat sees it and with no card drawn and no AP
    won since, it takes the next best one each time: the play is going round in a circle, and
    only a forced loop ends a game (ruling rk-54), so a bot that could leave the circle does."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._seen: dict[tuple, int] = {}
        self._clock: tuple = ()

    def choose(self, game: Game) -> Action:
        """The legal choice of the highest value for the seat to act (the next best at a
        choice already made in the same position)."""
        actions = game.legal_actions()
        seat = game.current_player
        ctx = Ctx(game.state, game.state._data)
        values = [self._value(ctx, seat, game, a) for a in actions]
        again = self._again(ctx, seat, game.phase, actions)
        if again:
            ranked = sorted(range(len(actions)), key=lambda i: -values[i])
            return actions[ranked[again % len(actions)]]
        best = max(values)
        top = [a for a, v in zip(actions, values, strict=True) if v >= best - 1e-9]
        return top[self.rng.randrange(len(top))]

    def _again(self, ctx: Ctx, seat: int, phase: str, actions: list[Action]) -> int:
        """How many times this choice was made before in this position (outside an ADVENTURE
        ROUND, since the last card drawn or AP won or lost); 0 for a single action."""
        state = ctx.state
        if len(actions) < 2 or state.round is not None:
            return 0
        clock = (tuple(p.size for p in state.piles),
                 tuple(ctx.ap(s) for s in range(state.players)))
        if clock != self._clock:
            self._seen.clear()
            self._clock = clock
        key = (seat, phase, _seen_position(ctx, seat), tuple(map(str, actions)))
        times = self._seen.get(key, 0)
        self._seen[key] = times + 1
        return times

    def _value(self, ctx: Ctx, seat: int, game: Game, action: Action) -> float:
        name = action.name
        if name in T.TURN_ACTIONS and game.phase == "turn":
            return self._kind(ctx, seat, T.turn_offers(ctx, seat).get(name, []))
        if name in A.ROUND_ACTIONS and game.phase == "adventure.round":
            if name == "pass":
                return 0.0
            return self._kind(ctx, seat, A.round_offers(ctx, seat).get(name, []))
        return self.worth(ctx, seat, action)

    def _kind(self, ctx: Ctx, seat: int, offers: list[Action]) -> float:
        """A top-level choice is worth its best follow-up (chosen again at the next
        decision)."""
        if not offers:
            return float("-inf")
        values = [self.worth(ctx, seat, a) for a in offers]
        return max(values)

    # ---- what a choice is worth ------------------------------------------------------------

    def worth(self, ctx: Ctx, seat: int, action: Action) -> float:
        """The bot's value of one concrete choice."""
        handler: Callable[[Ctx, int, Action], float] | None = getattr(
            self, f"_{action.name}", None)
        if handler is None:
            return 0.0
        return handler(ctx, seat, action)

    def _weight(self, seat: int, owner: int) -> float:
        return MINE if owner == seat else -THEIRS

    def _ap_weight(self, seat: int, owner: int) -> float:
        return AP if owner == seat else -AP / 2

    def _play_character(self, ctx: Ctx, seat: int, action: Action) -> float:
        name, target = action.args
        card = ctx.data.characters[name]
        loss = _exclusion_loss(ctx, target, name)
        gain = card.cp - loss
        return self._weight(seat, target) * gain + self._ap_weight(seat, target) * card.ap - CARD

    def _play_stuff(self, ctx: Ctx, seat: int, action: Action) -> float:
        stuff, owner, index, slot = action.args
        character = ctx.state.groups[owner][index]
        card = ctx.data.stuffs[stuff]
        cp, ap = card.cp + _die_value(ctx, stuff), card.ap
        if slot is not None:
            old = character.stuff[slot]
            face = ctx.stuff_of(old)
            cp -= (face.cp_flipped or 0) if old.flipped else face.cp
            ap -= face.ap
        if character.reinforcement:
            ap = 0  # a REINFORCEMENT's cards count for nobody's AP (ruling rk-40)
        if ctx.state.round is not None:
            return (self._round_delta(ctx, seat, {owner: cp})
                    + self._ap_weight(seat, owner) * ap - CARD)
        return self._weight(seat, owner) * cp + self._ap_weight(seat, owner) * ap - CARD

    def _take_stuff(self, ctx: Ctx, seat: int, action: Action) -> float:
        """A STUFF taken from the discard pile (the sunburst) costs no card."""
        return self._play_stuff(ctx, seat, action) + CARD

    def _decline(self, ctx: Ctx, seat: int, action: Action) -> float:
        return 0.0

    def _play_event(self, ctx: Ctx, seat: int, action: Action) -> float:
        name, target, index = action.args
        event = ctx.data.events[name]
        value = -CARD
        if index is None:
            value += self._ap_weight(seat, target) * event.ap if event.stays else 0.0
            for effect in event.effects:
                if effect.name == "draw":
                    value += CARD * (effect.amount or 0)
                elif effect.name == "unflip":
                    gains = sorted((_unflip_gain(ctx, c, g) for c, g in
                                    _own_flipped(ctx, seat)), reverse=True)
                    value += sum(gains[:effect.count or 1])
                elif effect.name == "reshuffle_discard":
                    value += 0.5
            return value
        character = ctx.state.groups[target][index]
        cp = (event.cp_flipped or 0) if event.reputation and character.flipped else event.cp
        value += self._weight(seat, target) * cp + self._ap_weight(seat, target) * event.ap
        for effect in event.effects:
            if effect.name == "flip":
                value -= self._weight(seat, target) * _flip_loss(ctx, character)
            elif effect.name == "discard":
                value -= self._weight(seat, target) * _discard_loss(ctx, character)
        return value

    def _play_adventure(self, ctx: Ctx, seat: int, action: Action) -> float:
        card = ctx.data.adventures[action.args[0]]
        strength = [ctx.strength(s) for s in range(ctx.state.players)]
        others = max(strength[s] for s in range(ctx.state.players) if s != seat)
        helpers = sum(n in ctx.data.encounters for n in ctx.state.hands[seat])
        p = win_chance(strength[seat] - others + helpers, True)
        value = AP * card.ap * (p - (1 - p) / 2)
        return value - CARD if value > 0 else value - 2 * CARD

    def _unflip_pair(self, ctx: Ctx, seat: int, action: Action) -> float:
        from explorer.games.rat_king.turn import split_unflip_args

        pay, ref = split_unflip_args(action.args)
        thing = resolve(ctx, ref)
        gain = (_unflip_gain(ctx, thing, None) if ref[0] == "character"
                else _unflip_gain(ctx, *thing))
        return gain - _paid_cost(ctx, pay)

    def _stop(self, ctx: Ctx, seat: int, action: Action) -> float:
        return 0.0

    def _use_option(self, ctx: Ctx, seat: int, action: Action) -> float:
        character = ctx.state.groups[seat][action.args[0]]
        value = 0.0
        for effect in ctx.card_of(character).on("turn_option"):
            if effect.name == "draw":
                value += CARD * (effect.amount or 0) * 0.8
            elif effect.name == "discard_from_hand":
                value -= CARD * (effect.amount or 0) * 0.5
            elif effect.name == "salvage_stuff":
                value += 1.5
            elif effect.name == "unflip":
                value += max((_unflip_gain(ctx, c, None) for c, g in _own_flipped(ctx, seat)
                              if g is None), default=0.0)
            elif effect.name == "steal_stuff":
                from explorer.games.rat_king.effects import steal_moves

                value += max((self._steal(ctx, seat, m) for m in steal_moves(ctx, seat)),
                             default=0.0)
            elif effect.name == "flip" and effect.target == "this_character":
                value -= _flip_loss(ctx, character)
            elif effect.name == "flip":
                value += max((THEIRS * _flip_loss(ctx, c) for s, c in ctx.state.characters()
                              if s != seat), default=0.0)
        return value

    def _steal(self, ctx: Ctx, seat: int, action: Action) -> float:
        owner, index, slot, _ = action.args
        gear = ctx.state.groups[owner][index].stuff[slot]
        stuff = ctx.stuff_of(gear)
        cp = (stuff.cp_flipped or 0) if gear.flipped else stuff.cp
        return (MINE + THEIRS) * cp + (AP + AP / 2) * stuff.ap

    def _discard_card(self, ctx: Ctx, seat: int, action: Action) -> float:
        return -_card_cost(ctx, action.args[0])

    def _salvage(self, ctx: Ctx, seat: int, action: Action) -> float:
        stuff = ctx.data.stuffs[action.args[0]]
        return stuff.cp + AP * stuff.ap

    # ---- the ADVENTURE ROUND ---------------------------------------------------------------

    def _margin(self, ctx: Ctx, seat: int, delta: dict[int, float],
                out: frozenset[int] = frozenset()) -> float | None:
        """My total minus the strongest other's, after ``delta`` CP per group and with the
        groups ``out`` not taking part; None when I do not take part."""
        totals = {s: ctx.group_cp(s) + delta.get(s, 0) for s in range(ctx.state.players)
                  if ctx.participants(s) and s not in out}
        if seat not in totals:
            return None
        others = [t for s, t in totals.items() if s != seat]
        return totals[seat] - max(others) if others else 99.0

    def _round_delta(self, ctx: Ctx, seat: int, delta: dict[int, float],
                     out: frozenset[int] = frozenset()) -> float:
        """What a change of the groups' CP does to my chance of winning, in AP."""
        rnd = ctx.state.round
        before = self._margin(ctx, seat, {})
        after = self._margin(ctx, seat, delta, out)
        ap = ctx.data.adventures[rnd.adventure].ap
        mine = rnd.by == seat
        chance = [0.0 if m is None else win_chance(m, mine) for m in (before, after)]
        return AP * ap * (chance[1] - chance[0])

    def _play_encounter(self, ctx: Ctx, seat: int, action: Action) -> float:
        name = action.args[0]
        card = ctx.data.encounters[name]
        times = A.multiplier(ctx, name)
        best = 0.0
        for effect in card.effects:
            effect = effect.times(times)
            best += self._effect_value(ctx, seat, effect, "Ratling" in card.classifications)
        return best - CARD * 0.5

    def _effect_value(self, ctx: Ctx, seat: int, effect, ratling: bool) -> float:
        """The best an ENCOUNTER effect can do for me (its best targets)."""
        from explorer.games.rat_king.effects import (
            Run,
            character_targets,
            group_targets,
            stuff_targets,
        )

        run = Run("", seat, ratling=ratling)
        count = effect.count or 1
        name, target = effect.name, effect.target
        options: list[float] = []
        if name == "cp" and target == "any_group":
            options = [self._round_delta(ctx, seat, {s: effect.amount or 0})
                       for s in group_targets(ctx, run)]
        elif name == "cp" and target in ("every_group", "every_character"):
            delta = {}
            for s in range(ctx.state.players):
                if ratling and ctx.immune_group(s):
                    continue
                if target == "every_group":
                    delta[s] = effect.amount or 0
                else:
                    delta[s] = (effect.amount or 0) * sum(
                        1 for c in ctx.participants(s)
                        if effect.gender in (None, ctx.gender(s, c))
                        and not (ratling and ctx.immune(s, c)))
            return self._round_delta(ctx, seat, delta)
        elif name == "negate_cp":
            options = [self._round_delta(ctx, seat, {s: -abs(cp) - cp})
                       for s, c in character_targets(ctx, run, "any_character")
                       for cp in [ctx.character_cp(s, c)]]
        elif name == "not_participating" and target == "any_group":
            options = [self._round_delta(ctx, seat, {}, frozenset({s}))
                       for s in group_targets(ctx, run)]
        elif name == "not_participating":
            options = [self._round_delta(ctx, seat, {s: -ctx.character_cp(s, c)})
                       for s, c in character_targets(ctx, run, target)]
        elif name == "no_stuff":
            delta = {s: -sum(ctx.stuff_of(g).cp for c in ctx.participants(s) for g in c.stuff
                             if not g.flipped and ctx.stuff_of(g).stuff_range
                             == effect.stuff_range) for s in range(ctx.state.players)}
            return self._round_delta(ctx, seat, delta)
        elif name == "flip" and target == "any_character":
            options = [self._round_delta(ctx, seat, {s: -_flip_loss(ctx, c)})
                       for s, c in character_targets(ctx, run, target)]
        elif name in ("flip", "discard") and target == "any_stuff":
            options = [self._round_delta(ctx, seat, {s: -_stuff_loss(ctx, g, name)})
                       for s, _, g in stuff_targets(ctx, run, target)]
        options.sort(reverse=True)
        return sum(options[:count])

    def _target(self, ctx: Ctx, seat: int, action: Action) -> float:
        """A target of an effect being resolved, by the verb of its sentence."""
        verb = str(action).split()[0]
        thing = resolve(ctx, action.args)
        in_round = ctx.state.round is not None
        if action.args[0] == "group":
            owner = action.args[1]
            amount = _amount(str(action))
            if verb == "Put":
                return (self._round_delta(ctx, seat, {}, frozenset({owner})) if in_round
                        else 0.0)
            return (self._round_delta(ctx, seat, {owner: amount}) if in_round
                    else self._weight(seat, owner) * amount)
        owner = action.args[1]
        if action.args[0] == "stuff":
            character, gear = thing
            loss = _stuff_loss(ctx, gear, "discard" if verb == "Discard" else "flip")
            if verb == "Unflip":
                return _unflip_gain(ctx, character, gear)
            return (self._round_delta(ctx, seat, {owner: -loss}) if in_round
                    else -self._weight(seat, owner) * loss)
        character: Character = thing
        if verb == "Unflip":
            return _unflip_gain(ctx, character, None)
        cp = ctx.character_cp(owner, character) if in_round else ctx.base_cp(character)
        if verb == "Flip":
            change = -_flip_loss(ctx, character)
        elif verb == "Discard":
            change = -_discard_loss(ctx, character)
        elif verb == "Make":
            change = -abs(cp) - cp
        elif verb == "Put":
            change = -cp
        else:
            change = _amount(str(action))
        return (self._round_delta(ctx, seat, {owner: change}) if in_round
                else self._weight(seat, owner) * change)

    def _play_reinforcement(self, ctx: Ctx, seat: int, action: Action) -> float:
        name = action.args[0]
        loss = _exclusion_loss(ctx, seat, name)
        return self._round_delta(ctx, seat, {seat: ctx.data.characters[name].cp - loss}) - CARD

    def _use_stuff(self, ctx: Ctx, seat: int, action: Action) -> float:
        index, slot = action.args
        character = ctx.state.groups[seat][index]
        gear = character.stuff[slot]
        stuff = ctx.stuff_of(gear)
        expected = 0.0
        for face in stuff.stuff_die:
            share = (face.high - face.low + 1) / SIDES
            effect = face.effect
            if effect.name == "cp":
                expected += share * self._round_delta(ctx, seat, {seat: effect.amount or 0})
            elif effect.name == "flip":
                expected += share * self._round_delta(ctx, seat,
                                                      {seat: -_flip_loss(ctx, character)})
            elif effect.name == "not_participating":
                best = max((ctx.character_cp(s, c) for s, c in ctx.state.characters()
                            if s != seat and ctx.participating(s, c)), default=0)
                expected += share * self._round_delta(
                    ctx, seat, {s: -best for s in range(ctx.state.players) if s != seat})
        cost = 0.0 if stuff.on_use == "keep" else (stuff.cp * MINE + 0.5)
        return expected - cost * 0.2


# ---- card arithmetic --------------------------------------------------------------------------

def _seen_position(ctx: Ctx, seat: int) -> tuple:
    """The position as ``seat`` sees it: his hand, the others' hand sizes, the draw piles'
    sizes, the discard piles, the groups (each card and its side), the EVENTS on groups and the
    ADVENTURES won."""
    state = ctx.state
    return (
        tuple(sorted(state.hands[seat])), tuple(len(h) for h in state.hands),
        tuple(p.size for p in state.piles), tuple(tuple(d) for d in state.discards),
        tuple(tuple((c.name, c.flipped, c.reinforcement,
                     tuple((g.name, g.flipped) for g in c.stuff), tuple(c.events))
                    for c in group) for group in state.groups),
        tuple(tuple(e) for e in state.group_events),
        tuple(tuple(w) for w in state.adventures_won),
    )


def _amount(text: str) -> int:
    for word in text.replace("(", " ").split():
        if word[:1] in "+-" and word[1:].isdigit():
            return int(word)
    return 0


def _card_cost(ctx: Ctx, name: str) -> float:
    if name in ctx.data.adventures:
        return 3.0 * CARD
    if name in ctx.data.encounters:
        return 0.6 * CARD
    return CARD


def _die_value(ctx: Ctx, stuff: str) -> float:
    """A STUFF DIE's average CP, counted a little (it is used once)."""
    faces = ctx.data.stuffs[stuff].stuff_die
    return sum((f.high - f.low + 1) / SIDES * (f.effect.amount or 0)
               for f in faces if f.effect.name == "cp") * 0.5


def _flip_loss(ctx: Ctx, character: Character) -> float:
    """The CP a character loses when flipped (all of it, with its STUFF, if discarded)."""
    card = ctx.card_of(character)
    if card.is_me:
        if character.flipped:
            return 0.0
        return float(card.cp - (card.cp_flipped or 0))
    if character.flipped or card.cp_flipped is None:
        return float(ctx.base_cp(character))
    return float(card.cp - card.cp_flipped)


def _discard_loss(ctx: Ctx, character: Character) -> float:
    if ctx.card_of(character).is_me:
        return _flip_loss(ctx, character)
    return float(ctx.base_cp(character)) + AP / MINE * sum(
        ctx.stuff_of(g).ap for g in character.stuff) / 2


def _stuff_loss(ctx: Ctx, gear, how: str) -> float:
    stuff = ctx.stuff_of(gear)
    now = (stuff.cp_flipped or 0) if gear.flipped else stuff.cp
    if how == "discard" or gear.flipped or stuff.cp_flipped is None:
        return float(now)
    return float(now - stuff.cp_flipped)


def _paid_cost(ctx: Ctx, pay: tuple) -> float:
    """What discarding a card in play to unflip another loses (ruling rk-51): the CP it shows
    and the AP it carries, a character's with its STUFF and EVENTS."""
    state = ctx.state
    if pay[0] == "character":
        character = resolve(ctx, pay)
        carried = (sum(ctx.stuff_of(g).ap for g in character.stuff)
                   + sum(ctx.data.events[n].ap for n in character.events))
        return float(max(ctx.base_cp(character), 0)) + AP * carried + CARD
    if pay[0] == "stuff":
        gear = resolve(ctx, pay)[1]
        stuff = ctx.stuff_of(gear)
        shown = (stuff.cp_flipped or 0) if gear.flipped else stuff.cp
        return float(shown) + AP * stuff.ap + 0.3
    if pay[0] == "event":
        character = state.groups[pay[1]][pay[2]]
        event = ctx.data.events[character.events[pay[3]]]
        shown = ((event.cp_flipped or 0) if event.reputation and character.flipped
                 else event.cp)
        return float(shown) + AP * event.ap + 0.3
    event = ctx.data.events[state.group_events[pay[1]][pay[2]]]
    return AP * event.ap + 0.3


def _unflip_gain(ctx: Ctx, character: Character, gear) -> float:
    if gear is not None:
        stuff = ctx.stuff_of(gear)
        return float(stuff.cp - (stuff.cp_flipped or 0)) + 0.3
    card = ctx.card_of(character)
    gain = card.cp - (card.cp_flipped or 0)
    for name in character.events:
        event = ctx.data.events[name]
        if event.reputation:
            gain += event.cp - (event.cp_flipped or 0)
    return float(gain) + 0.3 + (1.0 if card.on("turn_option") else 0.0)


def _own_flipped(ctx: Ctx, seat: int) -> list[tuple[Character, object]]:
    from explorer.games.rat_king.effects import own_flipped

    return own_flipped(ctx, seat, stuff=True)


def _exclusion_loss(ctx: Ctx, seat: int, name: str) -> float:
    """The CP ``seat``'s group would lose (the new card included) if ``name`` joined it."""
    data = ctx.data
    card = data.characters[name]
    loss = 0.0
    hit_new = False
    for character in ctx.state.groups[seat]:
        other = ctx.card_of(character)
        if (set(card.excludes) & set(other.classifications)
                or set(other.excludes) & set(card.classifications)):
            hit_new = True
            loss += _discard_loss(ctx, character)
    return loss + (card.cp if hit_new else 0.0)
