"""The engine's contract, on a tiny game defined here: a race to 10 with a d6 and a coin.

Each turn the player chooses "roll" (a d6 is added to their score) or "flip" (a coin weighted
1:3 adds 5 on heads); the first to 10 wins. Small enough to reason about exactly by hand.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import explorer
from explorer.engine import Action, Chance, Decision, Game, GameState, LogEntry, Outcome, Rules
from explorer.engine.bots import RandomBot, play
from explorer.engine.core import MAX_LINES_PER_STEP, load_game
from explorer.errors import IllegalAction, RunawayStep, SavedGameError

D6 = Chance(tuple(Outcome("roll", (n,), str(n)) for n in range(1, 7)), (1,) * 6, "d6")
COIN = Chance((Outcome("coin", ("heads",), "heads"), Outcome("coin", ("tails",), "tails")),
              (1, 3), "coin")


class RaceState(GameState):
    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.score = [0] * players
        self.turn = 0


class Race(Rules):
    game_id = "race"
    title = "Race to 10"
    boom = False  # a rules bug to switch on in one test
    loop = False  # another: a rule that never stops for a decision or a chance

    def new_state(self, players, options, scenario):
        state = RaceState(players)
        if scenario:
            state.score = list(scenario["score"])
        return state

    def play(self, state):
        while max(state.score) < 10:
            player = state.turn % state.players
            state.phase = "turn.choose"
            action = yield Decision(player, (Action("roll", (), "Roll a d6"),
                                             Action("flip", (), "Flip the coin")))
            state.phase = "turn.resolve"
            if action.name == "roll":
                outcome = yield D6
                state.score[player] += outcome.value
            else:
                outcome = yield COIN
                if self.boom:
                    raise RuntimeError("a bug in the rules")
                for _ in range(2 * MAX_LINES_PER_STEP if self.loop else 0):
                    state.note("the coin rolls on")  # (bounded: without the guard it ends)
                state.score[player] += 5 if outcome.value == "heads" else 0
            state.note(f"score {state.score[player]}", player)
            state.turn += 1

    def scores(self, state):
        return list(state.score)

    def winners(self, state):
        return [p for p, s in enumerate(state.score) if s >= 10]


def game(seed: int = 7, **kwargs) -> Game:
    return Game(Race(), 2, seed, **kwargs)


def test_a_fresh_game_asks_the_first_player() -> None:
    g = game()
    assert (g.phase, g.current_player, g.is_chance) == ("turn.choose", 0, False)
    assert [str(a) for a in g.legal_actions()] == ["Roll a d6", "Flip the coin"]
    assert g.chance_outcomes() == []


def test_chance_outcomes_are_exact_and_sum_to_one() -> None:
    g = game()
    g.step(Action("flip"))
    outcomes = g.chance_outcomes()
    assert [(str(o), p) for o, p in outcomes] == [("heads", Fraction(1, 4)),
                                                   ("tails", Fraction(3, 4))]
    assert g.current_player is None and g.is_chance and g.legal_actions() == []


def test_forcing_an_outcome_what_if() -> None:
    g = game()
    g.step(Action("roll"))
    g.step(Outcome("roll", (6,)))
    assert g.scores == [6, 0]


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    def run(seed: int) -> list[str]:
        g = game(seed)
        play(g, {0: RandomBot(1), 1: RandomBot(2)})
        return [str(e) for e in g.log]

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    g = game()
    before = g.snapshot()
    with pytest.raises(IllegalAction, match=r"not legal for player 1 at turn\.choose"):
        g.step(Action("jump"))
    with pytest.raises(IllegalAction, match="must choose"):
        g.step(None)
    g.step(Action("roll"))
    mid = g.snapshot()
    with pytest.raises(IllegalAction, match="not an outcome of d6"):
        g.step(Outcome("roll", (7,)))
    with pytest.raises(IllegalAction):
        g.step(Action("roll"))
    assert g.snapshot() == mid
    g.undo()
    assert g.snapshot() == before


def test_a_failing_rule_leaves_the_game_as_it_was() -> None:
    g = game()
    g.rules.boom = True
    g.step(Action("flip"))
    before = g.snapshot()
    with pytest.raises(RuntimeError, match="a bug in the rules"):
        g.step()
    assert g.snapshot() == before


def test_a_step_that_never_stops_is_refused_and_the_game_is_left_as_it_was() -> None:
    """A rule looping without a decision or a chance (as Rifts did before ruling rifts-92)
    would grow the log without end; the engine stops it at MAX_LINES_PER_STEP lines."""
    g = game()
    g.rules.loop = True
    g.step(Action("flip"))
    before, lines = g.snapshot(), len(g.log)
    with pytest.raises(RunawayStep, match=f"one step at turn.resolve logged "
                                          f"{MAX_LINES_PER_STEP:,} lines"):
        g.step(Outcome("coin", ("tails",)))
    assert g.snapshot() == before and len(g.log) == lines
    g.rules.loop = False
    g.step(Outcome("coin", ("tails",)))  # the same step, once the rule stops, plays on
    assert g.current_player == 1


def test_undo_after_every_step_restores_the_exact_prior_state() -> None:
    g = game(11)
    bot = RandomBot(5)
    while not g.is_over:
        before = g.snapshot()
        g.step(None if g.is_chance else bot.choose(g))
        after = g.snapshot()
        g.undo()
        assert g.snapshot() == before
        g.redo()
        assert g.snapshot() == after
    assert g.winners


def test_undo_then_sample_again_gives_the_same_outcome() -> None:
    g = game(5)
    g.step(Action("roll"))
    g.step()
    first = g.scores
    g.undo()
    g.step()
    assert g.scores == first


def test_nothing_to_undo_or_redo() -> None:
    g = game()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo()
    with pytest.raises(IllegalAction, match="nothing to redo"):
        g.redo()


def test_a_new_step_clears_redo() -> None:
    g = game()
    g.step(Action("roll"))
    g.undo()
    assert g.can_redo
    g.step(Action("flip"))
    assert not g.can_redo


def test_json_round_trip_mid_game_plays_on_identically(monkeypatch) -> None:
    from explorer.engine import core

    monkeypatch.setitem(core._RULES, "race", Race)
    monkeypatch.setattr(core, "rules_for", lambda game_id: Race())
    g = game(9)
    bots = {0: RandomBot(1), 1: RandomBot(2)}
    play(g, bots, max_steps=5)
    g.step(Action("roll")) if not g.is_chance and not g.is_over else None
    g.undo()  # a redo entry travels too
    copy = load_game(g.to_json())
    assert copy.snapshot() == g.snapshot() and copy.can_redo
    play(g, {0: RandomBot(3), 1: RandomBot(4)})
    play(copy, {0: RandomBot(3), 1: RandomBot(4)})
    assert [str(e) for e in copy.log] == [str(e) for e in g.log]


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: "not json", "must be JSON text"),
    (lambda d: {**d, "format": "x"}, "not a saved game"),
    (lambda d: {**d, "version": 99}, "version 99 is not supported"),
    (lambda d: {**d, "seed": "7"}, "'seed' must be int"),
    (lambda d: {**d, "steps": [{"chance": False, "index": 5, "sampled": False,
                                "text": "Roll a d6"}]}, "step 1: saved 'Roll a d6' is not"),
    (lambda d: {**d, "steps": [{"chance": True, "index": 0, "sampled": True, "text": "x"}]},
     "step 1: saved a chance step"),
    (lambda d: {**d, "rng": "0" * 16}, "random generator does not come back"),
    (lambda d: {**d, "players": 9}, "cannot start"),
])
def test_bad_saved_games_are_refused(monkeypatch, change, message) -> None:
    from explorer.engine import core

    monkeypatch.setattr(core, "rules_for", lambda game_id: Race())
    g = game()
    g.step(Action("roll"))
    g.step()
    data = json.loads(g.to_json())
    changed = change(data)
    text = changed if isinstance(changed, str) else json.dumps(changed)
    with pytest.raises(SavedGameError, match=message):
        load_game(text)


def test_a_scenario_starts_mid_game() -> None:
    g = game(scenario={"score": [9, 0]})
    g.step(Action("roll"))
    g.step(Outcome("roll", (1,)))
    assert g.is_over and g.winners == [0]
    with pytest.raises(IllegalAction, match="game is over"):
        g.step()


def test_players_and_seed_are_checked() -> None:
    with pytest.raises(IllegalAction, match="2 to 4 players; found 5"):
        Game(Race(), 5, 1)
    with pytest.raises(IllegalAction, match="seed must be an integer"):
        Game(Race(), 2, "seven")  # type: ignore[arg-type]


def test_options_a_game_takes_and_refuses() -> None:
    """A game takes no options but ``variant`` unless it takes a card folder (``cards``, a
    path string)."""
    with pytest.raises(IllegalAction, match=r"race takes the option 'variant' only; found "
                       r"\['cards'\]"):
        Game(Race(), 2, 1, {"cards": "somewhere"})

    class FolderRace(Race):
        takes_card_folder = True

    rules = FolderRace()
    assert rules.check_options({}) == {}
    assert rules.check_options({"cards": "my/set"}) == {"cards": "my/set"}
    with pytest.raises(IllegalAction, match=r"takes the options 'cards' and 'variant' only; "
                       r"found \['speed'\]"):
        rules.check_options({"cards": "my/set", "speed": "fast"})
    with pytest.raises(IllegalAction, match="'cards' must be a folder path; found 3"):
        rules.check_options({"cards": 3})


@pytest.mark.parametrize("game_id", ["rifts", "adventurers", "gamma_world", "rat_king"])
def test_every_game_with_rules_takes_a_card_folder(game_id: str) -> None:
    with pytest.raises(IllegalAction, match=f"{game_id} takes the options 'cards' and "
                       "'variant' only"):
        explorer.new_game(game_id, speed="fast")


def test_a_choice_is_logged_by_its_text_or_by_its_own_sentence() -> None:
    # the log reads "Player N: <text>"; an action with a ``log`` sentence is logged as that
    # sentence, still as the chooser's entry, and equal to the same action without it
    plain = Action("pick", (2,), "Player 3")
    told = Action("pick", (2,), "Player 3", log="Player 1 chooses Player 3")
    assert plain == told

    class Pick(Race):
        def play(self, state):
            state.phase = "pick"
            yield Decision(0, (plain,))
            yield Decision(0, (told,))
            state.note("done")

    g = Game(Pick(), 2, 1)
    g.step(plain)
    g.step(told)
    assert [str(e) for e in g.log] == ["[pick] Player 1: Player 3",
                                       "[pick] Player 1 chooses Player 3", "[pick] done"]
    assert [e.player for e in g.log] == [0, 0, None]
    g.undo()
    g.redo()  # rebuilt by replay, the same lines
    assert [str(e) for e in g.log][1] == "[pick] Player 1 chooses Player 3"


def test_a_private_draw_or_choice_is_read_by_its_seat_alone() -> None:
    # a card drawn into seat 0's hand, then kept there: seat 0 reads it, seat 1 reads the
    # hidden text, the whole record (viewer None, str) has everything
    draw = Chance((Outcome("card", ("Ace",), "Ace"), Outcome("card", ("King",), "King")),
                  (1, 1), "Draw", seen_by=0, hidden="a card")
    keep = Action("keep", (), "Keep the Ace", hidden="Keeps a card")
    public = Action("play", (), "Play the Ace")

    class Secret(Race):
        def play(self, state):
            state.phase = "draw"
            yield draw
            yield Decision(0, (keep,))
            yield Decision(0, (public,))
            state.note("a big moment", 0, event=True)

    g = Game(Secret(), 2, 1)
    g.step(draw.outcomes[0])
    g.step(keep)
    g.step(public)
    assert [e.line(0) for e in g.log] == ["Draw: Ace", "Player 1: Keep the Ace",
                                          "Player 1: Play the Ace", "Player 1: a big moment"]
    assert [e.line(1) for e in g.log] == ["Draw: a card", "Player 1: Keeps a card",
                                          "Player 1: Play the Ace", "Player 1: a big moment"]
    assert [e.line(None) for e in g.log] == [e.line(0) for e in g.log]
    assert str(g.log[0]) == "[draw] Draw: Ace" and [e.event for e in g.log] == [
        False, False, False, True]
    silent = Action("keep", (), "Keep it", hidden="")
    assert LogEntry(1, "p", 0, "Keep it", seen_by=0, hidden=None).line(1) is None
    assert silent.hidden == ""


def test_randbelow_draws_what_randrange_draws() -> None:
    """The engine's sampling shortcut: the same numbers as ``randrange`` and the generator in
    the same state after, so seeded games and saved games replay exactly."""
    import random

    from explorer.engine.core import randbelow

    for seed in range(20):
        fast, slow = random.Random(seed), random.Random(seed)
        for n in [1, 2, 3, 5, 6, 7, 8, 10, 20, 31, 32, 33, 100, 255, 256, 1000, 2**40 + 7]:
            assert randbelow(fast, n) == slow.randrange(n)
        assert fast.getstate() == slow.getstate()
    with pytest.raises(ValueError):
        randbelow(random.Random(1), 0)


def test_quick_init_keeps_the_dataclass_contract() -> None:
    """The engine's values are built by a faster ``__init__`` (``quick_init``): the same
    parameters and defaults, still frozen, equal and hashable as before, ``replace`` works and
    a chance node still checks its weights."""
    import dataclasses
    import inspect

    action = Action("move", (1, 2), "Move")
    assert action == Action("move", (1, 2)) and hash(action) == hash(Action("move", (1, 2)))
    assert (action.log, action.hidden) == ("", None)
    assert list(inspect.signature(Action).parameters) == ["name", "args", "text", "log", "hidden"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.name = "other"  # type: ignore[misc]
    entry = LogEntry(3, "p", 0, "text")
    assert (entry.named, entry.seen_by, entry.hidden, entry.event) == (False, None, None, False)
    assert dataclasses.replace(entry, text="other").text == "other"
    changed = dataclasses.replace(COIN, label="a coin")
    assert changed.cumulative == (1, 4) and changed.label == "a coin"
    with pytest.raises(ValueError, match="positive"):
        Chance((Outcome("x"),), (0,), "bad")
    assert Decision(0, (action,)).prompt == ""


def test_a_logged_line_is_a_frozen_log_entry() -> None:
    """``GameState.note`` makes its entries its own fast way: they are LogEntry objects like
    any other, equal to one built by the class, and frozen."""
    import dataclasses

    state = GameState(2)
    state.step, state.phase = 4, "turn"
    state.note("Rolls", 1, True, seen_by=1, hidden="Rolls a die", event=True)
    entry = state.log[-1]
    assert type(entry) is LogEntry
    assert entry == LogEntry(4, "turn", 1, "Rolls", True, 1, "Rolls a die", True)
    assert repr(entry) == repr(LogEntry(4, "turn", 1, "Rolls", True, 1, "Rolls a die", True))
    assert hash(entry) == hash(LogEntry(4, "turn", 1, "Rolls", True, 1, "Rolls a die", True))
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.text = "other"  # type: ignore[misc]


@pytest.mark.parametrize("game_id", ["rifts", "gamma_world", "adventurers", "rat_king",
                                     "riftforce"])
def test_at_gives_the_game_as_it_was_at_a_past_step(game_id: str) -> None:
    """Game.at(n) is the game after its first n steps: the same position, log and generator
    as a new game with the same seed stepped the same n times (sampled steps and decisions
    alike); the game it was taken from is unchanged."""
    game = explorer.new_game(game_id, players=2, seed=5)
    bot, taken = RandomBot(1), []
    while game.steps < 60 and not game.is_over:
        choice = None if game.is_chance else bot.choose(game)
        taken.append(choice)
        game.step(choice)
    before = game.snapshot()
    replayed = explorer.new_game(game_id, players=2, seed=5)
    for step, choice in enumerate([*taken, None]):
        if step in (0, 1, game.steps // 2, game.steps):
            assert game.at(step).snapshot() == replayed.snapshot(), step
        if step < game.steps:
            replayed.step(choice)
    assert game.snapshot() == before
    with pytest.raises(IllegalAction, match="whole number from 0 to"):
        game.at(game.steps + 1)
    with pytest.raises(IllegalAction, match="whole number"):
        game.at(True)  # type: ignore[arg-type]
