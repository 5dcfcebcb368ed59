"""The guild abilities: each summoner's steps (``data/riftforce/guilds.toml``) run one at a time
by one small function per step name (``ability_steps.toml``).

A step runs where its elemental is when the step runs ("here"), top to bottom; a step that
cannot be done is skipped (ruling rf-8). Damage destroys at once (ruling rf-13), so "if that
destroys it" (Thunderbolt, Shadow) and "move that enemy" (Plant) read the step before. Every
choice a step offers (a target, a destination, which ally Light heals) is a decision of the
elemental's owner, each shown with its effect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from explorer.engine import Action
from explorer.engine.core import Step
from explorer.games.riftforce.common import Ctx, player
from explorer.games.riftforce.data import AbilityStep
from explorer.games.riftforce.state import Elemental

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")


def ordinal(index: int) -> str:
    return ORDINALS[index] if index < len(ORDINALS) else f"{index + 1}th"


def card_at(ctx: Ctx, elemental: Elemental) -> str:
    """"Player 2's Water 6/1 (2nd at Location 3)": which card, unambiguous among copies."""
    location, index = ctx.state.where(elemental)
    return (f"{player(elemental.owner)}'s {elemental} ({ordinal(index)} at "
            f"{ctx.place_name(location)})")


@dataclass(slots=True)
class Run:
    """One run of an ability: its elemental, and what the step before did."""

    this: Elemental
    that: Elemental | None = None  # the one enemy the last damage step hit
    destroyed: bool = False  # the last damage step destroyed what it hit
    alternative: bool = False  # one of the exclusive conditioned steps ran (Ice; rf-8)

    @property
    def seat(self) -> int:
        return self.this.owner


def in_play(ctx: Ctx, elemental: Elemental) -> bool:
    return elemental.place >= 0


def activate(ctx: Ctx, this: Elemental) -> Step:
    """Activate ``this``: its guild's activation steps in order; a ``repeat`` step whose
    condition holds runs them again, at most its amount of times (Thunderbolt, ruling rf-8)."""
    steps = ctx.data.guilds[this.guild].on("activate")
    yield from _run(ctx, Run(this), steps)


def played(ctx: Ctx, this: Elemental) -> Step:
    """The steps of ``this``'s guild that trigger when it is played (Earth)."""
    steps = ctx.data.guilds[this.guild].on("play")
    if steps:
        yield from _run(ctx, Run(this), steps)


def _run(ctx: Ctx, run: Run, steps: tuple[AbilityStep, ...]) -> Step:
    repeats = 0
    index = 0
    while index < len(steps):
        if not in_play(ctx, run.this):
            return  # nothing is "here" any more: the rest cannot be done
        step = steps[index]
        if step.name == "repeat":
            if _holds(step.condition, run) and repeats < (step.amount or 0):
                repeats += 1
                ctx.note(f"{run.this.name} destroyed it: its ability once more")
                run.that, run.destroyed, run.alternative = None, False, False
                index = 0
                continue
        else:
            yield from STEPS[step.name](ctx, run, step)
        index += 1


def _holds(condition: str | None, run: Run) -> bool:
    return condition is None or (condition == "destroyed" and run.destroyed)


def _here(ctx: Ctx, run: Run) -> int:
    return run.this.place


# ---- the steps -------------------------------------------------------------------------------


def damage(ctx: Ctx, run: Run, step: AbilityStep) -> Step:
    """``amount`` damage to ``target`` at ``place``; no one there: the damage is lost."""
    amount = step.amount or 0
    here = _here(ctx, run)
    by = f"{player(run.seat)}'s {run.this.name}"
    if step.condition in {"target_damaged", "target_undamaged"} and run.alternative:
        return  # Ice: the other of its two exclusive steps already ran
    if step.place == "each_adjacent":
        hits = [ctx.enemies(run.seat, p)[0] for p in ctx.adjacent[here]
                if ctx.enemies(run.seat, p)]
        run.that, run.destroyed = None, False
        for target in hits:
            run.destroyed |= ctx.damage(target, amount, by)
        return
    location = here
    if step.place == "adjacent":
        places = [p for p in ctx.adjacent[here] if ctx.enemies(run.seat, p)]
        if not places:
            run.that, run.destroyed = None, False
            ctx.note(f"{by}: no enemy at a location next to it")
            return
        action = yield from ctx.choose(run.seat, [
            Action("location", (p,), f"{ctx.place_name(p)}: {amount} damage to "
                                      f"{card_at(ctx, ctx.enemies(run.seat, p)[0])}")
            for p in places], f"{by} at {ctx.place_name(here)}: at which location next to "
                              f"it does the first enemy take {amount} damage?")
        location = action.args[0]
    targets = _targets(ctx, run, step.target, location)
    if step.target == "any_enemy" and len(targets) > 0:
        action = yield from ctx.choose(run.seat, [
            Action("target", (location, ctx.state.where(t)[1]),
                   f"{amount} damage to {card_at(ctx, t)}"
                   + (": destroyed" if t.damage + amount >= t.value else ""))
            for t in targets], f"{by} at {ctx.place_name(here)}: which enemy takes "
                               f"{amount} damage?")
        targets = [ctx.enemies(run.seat, location)[action.args[1]]]
    if not targets:
        run.that, run.destroyed = None, False
        if step.target != "ally_behind":
            ctx.note(f"{by}: no enemy at {ctx.place_name(location)}, the damage is lost")
        return
    if step.condition == "target_damaged" and not targets[0].damage:
        return
    if step.condition == "target_undamaged" and targets[0].damage:
        return
    if step.condition in {"target_damaged", "target_undamaged"}:
        run.alternative = True
    run.that = targets[0] if len(targets) == 1 else None
    run.destroyed = False
    for target in list(targets):
        run.destroyed |= ctx.damage(target, amount, by)


def _targets(ctx: Ctx, run: Run, target: str | None, location: int) -> list[Elemental]:
    enemies = ctx.enemies(run.seat, location)
    if target == "first_enemy":
        return enemies[:1]
    if target == "last_enemy":
        return enemies[-1:]
    if target in {"any_enemy", "every_enemy"}:
        return list(enemies)
    if target == "ally_behind":
        here, index = ctx.state.where(run.this)
        column = ctx.state.board[here][run.seat]
        return column[index + 1:index + 2]
    raise ValueError(f"damage step with target {target!r}")


def move_self(ctx: Ctx, run: Run, step: AbilityStep) -> Step:
    """Move this elemental to an adjacent location, or any other (it must move); it goes to
    the last position there."""
    here = _here(ctx, run)
    if step.place == "adjacent":
        places = list(ctx.adjacent[here])
    else:
        places = [p for p in range(len(ctx.locations)) if p != here]
    action = yield from ctx.choose(run.seat, [
        Action("move", (p,), f"Move {run.this} to {ctx.place_name(p)}"
               + _first_enemy_note(ctx, run.seat, p)) for p in places],
        f"{player(run.seat)}'s {run.this.name} at {ctx.place_name(here)} must move: where to?")
    ctx.move(run.this, action.args[0])


def _first_enemy_note(ctx: Ctx, seat: int, location: int) -> str:
    enemies = ctx.enemies(seat, location)
    return f" (first enemy there: {enemies[0]})" if enemies else " (no enemy there)"


def move_enemy(ctx: Ctx, run: Run, step: AbilityStep) -> Step:
    """Move the enemy the step before damaged, if it still stands, to this elemental's
    location, last position (Plant; ruling rf-12)."""
    that = run.that
    if that is None or run.destroyed or not in_play(ctx, that):
        return
    here = _here(ctx, run)
    ctx.move(that, here)
    ctx.note(f"{player(run.seat)}'s {run.this.name} pulls {player(that.owner)}'s {that} to "
             f"{ctx.place_name(here)}")
    return
    yield


def heal(ctx: Ctx, run: Run, step: AbilityStep) -> Step:
    """Remove up to ``amount`` damage from this elemental or any one ally anywhere (Light;
    ruling rf-9); nobody damaged: nothing to do."""
    amount = step.amount or 0
    hurt = [run.this] if run.this.damage else []
    hurt += [e for sides in ctx.state.board for e in sides[run.seat]
             if e.damage and e is not run.this]
    if not hurt:
        return
    action = yield from ctx.choose(run.seat, [
        Action("heal", ctx.state.where(e), f"Remove {min(amount, e.damage)} damage from "
                                            f"{card_at(ctx, e)}") for e in hurt],
        f"{player(run.seat)}'s {run.this.name}: remove {amount} damage from which of your "
        "elementals?")
    location, index = action.args
    target = ctx.state.board[location][run.seat][index]
    target.damage -= min(amount, target.damage)
    ctx.note(f"{player(run.seat)}'s {run.this.name} removes {amount} damage from {target.name} "
             f"at {ctx.place_name(location)}")


def extra_riftforce(ctx: Ctx, run: Run, step: AbilityStep) -> Step:
    """On activation (Shadow): if the step before destroyed its target, the side scoring it
    gains ``amount`` more (ruling rf-10). A Crystal's own bonus is counted when it is
    destroyed (:meth:`Ctx.destroy`)."""
    if run.destroyed:
        ctx.score(run.seat, step.amount or 0, f"more: {run.this.name} destroyed it")
    return
    yield


STEPS: dict[str, Callable[[Ctx, Run, AbilityStep], Step]] = {
    "damage": damage, "move_self": move_self, "move_enemy": move_enemy, "heal": heal,
    "extra_riftforce": extra_riftforce,
}
"""One function per ability step name (``ability_steps.toml``); ``repeat`` is :func:`_run`'s."""
