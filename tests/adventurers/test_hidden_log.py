"""Hidden information never in the log (issue #11 item 10): each seat reads only what it can
see. A card drawn into a hand, looked at on the deck or in another hand, or kept from a look is
named to its player alone; the others read how many ("Draws 2 cards"). A card played or
discarded goes face up and is named to all. The omniscient record (``str(entry)``, the
goldens) keeps every name.

Scenario positions with forced draws check each kind of private line; random-bot games check
the property: no line a seat reads names a card another seat holds that the reader never saw.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

import pytest

import explorer
from explorer.engine import Action, Game
from explorer.engine.core import RulesContext
from explorer.games.adventurers import effects
from explorer.games.adventurers.common import Ctx
from tests.adventurers.helpers import (
    ALL_CARDS,
    adv,
    choose,
    draw,
    logged,
    others_hold,
    roll,
    scenario,
)
from tests.game_helpers import bots

# ---- reading the log as a seat ----------------------------------------------------------------


def read(game: Game, viewer: int | None, since: int = 0) -> list[str]:
    """The log lines from entry ``since`` on as ``viewer`` reads them (None: everything)."""
    return [line for e in game.log[since:] if (line := e.line(viewer)) is not None]


def names_in(text: str, cards: Iterable[str]) -> list[str]:
    """The card names ``text`` names, as whole words."""
    return [c for c in cards if re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", text)]


def assert_private(game: Game, since: int, seat: int, cards: list[str]) -> None:
    """From entry ``since`` on, ``seat`` reads every one of ``cards`` and no other seat any."""
    for viewer in range(game.players):
        text = "\n".join(read(game, viewer, since))
        found = names_in(text, cards)
        if viewer == seat:
            assert found == cards, f"Player {seat + 1} should read {cards}:\n{text}"
        else:
            assert found == [], f"Player {viewer + 1} reads {found}:\n{text}"


def assert_public(game: Game, since: int = 0) -> None:
    """Every seat reads the same lines from entry ``since`` on, and all of them."""
    everything = read(game, None, since)
    for viewer in range(game.players):
        assert read(game, viewer, since) == everything, f"Player {viewer + 1}"


def three(first: dict | None = None, **extra) -> Game:
    """Player 1 and two Reporters with empty hands (``first`` overrides Player 1)."""
    return scenario([{"profession": "Actor", **(first or {})}, {"profession": "Reporter"},
                     {"profession": "Reporter"}], **extra)


# ---- drawing ----------------------------------------------------------------------------------


def test_setup_each_seat_reads_only_its_own_starting_hand() -> None:
    game = explorer.new_game("adventurers", players=2, seed=1)
    choose(game, "Actor")
    choose(game, "Trapper")
    first = ["Tiger", "Temple", "Hide", "Revolver", "Safari"]
    second = ["Camels", "Mines", "Torch", "Rope", "Guide"]
    mark = len(game.log)
    draw(game, *first, *second)
    assert_private(game, mark, 0, first)
    assert_private(game, mark, 1, second)
    assert read(game, 0, mark)[5] == "Player 1: Draws Tiger, Temple, Hide, Revolver, Safari"
    assert read(game, 1, mark)[:6] == ["Draw from the deck: a card for Player 1"] * 5 + [
        "Player 1: Draws 5 cards"]
    assert read(game, 1, mark)[11] == "Player 2: Draws Camels, Mines, Torch, Rope, Guide"
    # the record keeps every name
    assert str(game.log[mark]) == "[setup.draw] Draw from the deck: Tiger"
    assert logged(game, "Draws Tiger, Temple, Hide, Revolver, Safari")


def test_the_draw_phase_draw_is_read_by_the_drawer_alone() -> None:
    game = three(at="turn")
    draw(game, "Tiger", "Temple")
    assert read(game, 0) == ["Draw from the deck: Tiger", "Draw from the deck: Temple",
                             "Player 1: Draws Tiger, Temple"]
    for other in (1, 2):
        assert read(game, other) == ["Draw from the deck: a card for Player 1"] * 2 + [
            "Player 1: Draws 2 cards"]
    assert_private(game, 0, 0, ["Tiger", "Temple"])


def test_a_card_known_on_top_is_drawn_unseen_by_the_others_too() -> None:
    game = three(at="turn", top=["Tiger"])
    draw(game, "Temple")  # Tiger was known on top: no chance step
    assert read(game, 0) == ["Draw from the deck: Temple", "Player 1: Draws Tiger, Temple"]
    assert read(game, 1) == ["Draw from the deck: a card for Player 1", "Player 1: Draws 2 cards"]


def test_the_private_investigator_draws_unseen_and_discards_face_up() -> None:
    game = three({"profession": "Private Investigator", "hand": ["Tiger"]}, at="turn")
    draw(game, "Temple", "Safari", "Hide")
    assert read(game, 1)[-1] == "Player 1: Draws 3 cards"
    mark = len(game.log)
    choose(game, "Discard Temple")  # a drawn card, now face up on the discard pile
    assert read(game, 1, mark)[0] == "Player 1: Discard Temple"
    assert_public(game, mark)
    assert_private(game, 0, 0, ["Safari", "Hide"])


def test_the_hand_limit_discards_are_named_to_all() -> None:
    game = three({"hand": ["Tiger", "Temple", "Hide", "Revolver", "Safari"]}, at="turn")
    draw(game, "Camels", "Mines")
    mark = len(game.log)
    choose(game, "Discard Camels")
    choose(game, "Discard Tiger")
    assert read(game, 2, mark)[:2] == ["Player 1: Discard Camels", "Player 1: Discard Tiger"]
    assert_public(game, mark)
    assert_private(game, 0, 0, ["Mines"])


def test_a_professions_extra_card_is_drawn_unseen_the_played_card_named() -> None:
    game = three({"profession": "Daredevil Pilot", "hand": ["Camels", "Nazi Spy"]}, at="travel")
    mark = len(game.log)
    choose(game, "Play Camels")  # a Travel card: the Daredevil Pilot draws one more
    draw(game, "Tiger")
    assert read(game, 0, mark)[:3] == ["Player 1: Play Camels (Travel: Ground)",
                                       "Draw from the deck: Tiger",
                                       "Player 1: Draws Tiger (Daredevil Pilot: played Camels)"]
    assert read(game, 1, mark)[:3] == ["Player 1: Play Camels (Travel: Ground)",
                                       "Draw from the deck: a card for Player 1",
                                       "Player 1: Draws 1 card (Daredevil Pilot: played Camels)"]
    assert_private(game, mark, 0, ["Tiger"])


def test_read_hieroglyphics_discards_the_hand_face_up_and_draws_5_unseen() -> None:
    game = three({"hand": ["Read Hieroglyphics", "Tiger", "Hide"]}, at="research.before")
    choose(game, "Play Read Hieroglyphics")
    assert read(game, 1) == read(game, 0) == [
        "Player 1: Play Read Hieroglyphics (Research: Discard hand & draw 5 cards)",
        "Player 1: Discards his hand: Tiger, Hide"]
    mark = len(game.log)
    drawn = ["Temple", "Safari", "Mines", "Camels", "Horses"]
    draw(game, *drawn)
    assert read(game, 2, mark)[-1] == "Player 1: Draws 5 cards"
    assert_private(game, mark, 0, drawn)


def test_the_reshuffle_of_the_discard_pile_is_read_by_all() -> None:
    rest = others_hold("Tiger", "Temple", "Hide")
    game = scenario([{"profession": "Actor"}, {"profession": "Reporter", "hand": rest}],
                    at="turn", top=["Tiger"], discard=["Temple", "Hide"])
    draw(game, "Hide")
    assert read(game, 1) == ["The deck ran out: the discard pile is shuffled to make a new deck",
                             "Draw from the deck: a card for Player 1", "Player 1: Draws 2 cards"]
    assert read(game, 0)[-1] == "Player 1: Draws Tiger, Hide"


# ---- looking --------------------------------------------------------------------------------


def test_the_college_professor_discards_face_up_and_looks_unseen() -> None:
    game = three({"profession": "College Professor", "hand": ["Tiger", "Temple"]},
                 at="research.before", top=["Hide"])
    choose(game, "College Professor")
    choose(game, "Discard Tiger")
    assert_public(game)
    mark = len(game.log)
    draw(game, "Safari", "Mines", "Camels")
    assert read(game, 0, mark)[-1] == ("Player 1: Looks at the next 4 cards of the deck: "
                                       "Hide, Safari, Mines, Camels")
    assert read(game, 1, mark) == ["Draw from the deck: a card Player 1 looks at"] * 3 + [
        "Player 1: Looks at the next 4 cards of the deck"]
    assert_private(game, mark, 0, ["Hide", "Safari", "Mines", "Camels"])


@pytest.mark.parametrize(("card", "amount"), [("Museum", 10), ("Radio", 7)])
def test_looking_at_the_next_cards_is_read_by_the_looker_alone(card: str, amount: int) -> None:
    game = three({"hand": [card, "Nazi Spy"]}, at="research.before")  # the phase goes on
    choose(game, f"Play {card}")
    mark = len(game.log)
    seen = ALL_CARDS[:amount]
    draw(game, *seen)
    assert read(game, 0, mark)[amount] == (f"Player 1: Looks at the next {amount} cards of the "
                                           f"deck: {', '.join(seen)}")
    assert read(game, 2, mark)[amount] == f"Player 1: Looks at the next {amount} cards of the deck"
    assert_private(game, mark, 0, seen)


def test_a_look_at_fewer_cards_than_asked_says_how_many_were_left() -> None:
    rest = others_hold("Museum", "Tiger", "Temple")
    game = scenario([{"profession": "Actor", "hand": ["Museum"]},
                     {"profession": "Reporter", "hand": rest}], at="research.before")
    choose(game, "Play Museum")
    draw(game, "Temple", "Tiger")
    assert read(game, 1)[-1] == "Player 1: Looks at the next 10 cards of the deck (2 left)"
    assert read(game, 0)[-1] == "Player 1: Looks at the next 10 cards of the deck: Temple, Tiger"


@pytest.mark.parametrize("card", ["Treasure Map", "Guide", "Arab Diggers"])
def test_the_card_kept_from_a_look_is_the_keepers_secret(card: str) -> None:
    game = three({"hand": [card, "Nazi Spy"]}, at="research.before")
    choose(game, f"Play {card}")
    mark = len(game.log)
    seen = ["Temple", "Tiger", "Safari", "Mines", "Camels"]
    draw(game, *seen)
    choose(game, "Keep Mines")
    assert adv(game).hand == ["Nazi Spy", "Mines"]
    assert read(game, 0, mark)[5:] == [
        "Player 1: Looks at the next 5 cards of the deck: Temple, Tiger, Safari, Mines, Camels",
        "Player 1: Keep Mines (Location: Indoor: Ancient)"]
    assert read(game, 1, mark)[5:] == ["Player 1: Looks at the next 5 cards of the deck",
                                       "Player 1: Keeps one of the 5 cards"]
    assert_private(game, mark, 0, seen)


@pytest.mark.parametrize("card", ["Nazi Spy", "Informant", "Interrogate", "Translator"])
def test_an_opponents_hand_is_read_by_the_looker_alone(card: str) -> None:
    game = scenario([{"profession": "Actor", "hand": [card]},
                     {"profession": "Actor", "hand": ["Tiger"]},
                     {"profession": "Actor", "hand": ["Temple", "Hide"]}], at="research.before")
    choose(game, f"Play {card}")
    assert_public(game, 0)  # the card played: named to all
    mark = len(game.log)
    choose(game, "Choose Player 3")
    assert read(game, 0, mark)[:2] == ["Player 1 chooses Player 3 to look at his hand",
                                       "Player 1: Looks at Player 3's hand: Temple, Hide"]
    for other in (1, 2):
        assert read(game, other, mark)[:2] == ["Player 1 chooses Player 3 to look at his hand",
                                               "Player 1: Looks at Player 3's hand"]


# ---- what is public ---------------------------------------------------------------------------


def test_cards_played_to_the_table_are_named_to_all() -> None:
    game = scenario([{"profession": "Actor", "hand": ["Revolver"], "chain": ["Safari"]},
                     {"profession": "Gangster", "hand": ["Mystery Man", "Thrown Knife"]}],
                    at="encounter")
    choose(game, "Play Mystery Man")
    choose(game, "Attach Thrown Knife")
    roll(game, 9, "Encounter roll")
    choose(game, "Play Revolver")
    roll(game, 12, "Escape roll")
    assert logged(game, "Escape roll 12 beats 9")
    assert_public(game)


def test_saboteurs_discards_are_named_to_all() -> None:
    game = scenario([{"profession": "Actor", "hand": ["Saboteur"]},
                     {"profession": "Reporter", "hand": ["Tiger", "Temple", "Hide", "Revolver"]}],
                    at="research.before")
    choose(game, "Play Saboteur")
    choose(game, "Choose Player 2")
    for name in ("Tiger", "Hide", "Revolver"):
        choose(game, f"Discard {name}")
    assert_public(game)


# ---- the property, over random-bot games ------------------------------------------------------


class SecretsWatch:
    """Who may know where each card is, followed step by step from the state, and the check
    that no log line a seat reads names a card another seat holds unseen by the reader.

    A card is *public* once it is face up: on the table, on the discard pile, or named by the
    public choice that plays it (``played``); it stays public until it is shuffled back into
    the deck (``shuffles``: then nobody knows it, and the lines from before are about its life
    before). A seat *knows* a card it holds or held, and one it looked at, on the deck or in a
    hand (``looks``); each game's test records the looks and shuffles as its rules make them.

    The check, after every step: for each card in a hand and not public, no seat that does not
    know it reads a line naming it written since it was last shuffled in. The lines are read
    through ``LogEntry.line(viewer)``, whole card names only, with ``noise`` (texts that name
    no card, "Orient Express (Travel: Train)") taken out first.
    """

    def __init__(self, game: Game, cards: Iterable[str], noise: Iterable[str] = ()) -> None:
        self.game = game
        noise = sorted(set(noise), key=len, reverse=True)  # texts that name no card
        self.noise = re.compile("|".join(map(re.escape, noise))) if noise else None
        names = list(cards)
        self.words = {n: re.compile(rf"(?<![\w-]){re.escape(n)}(?![\w-])") for n in names}
        assert not [(a, b) for a in names for b in names if a != b and self.words[a].search(b)], \
            "a card name is a word of another's: the watch cannot tell them apart"
        self.public: set[str] = set()
        self.known: dict[str, set[int]] = {n: set() for n in names}
        self.since: dict[str, int] = {}  # log index from which lines about the card count
        self.named: list[dict[str, int]] = [{} for _ in range(game.players)]
        self.looks: list[tuple[int, tuple[str, ...]]] = []
        self.shuffles: list[tuple[int, list[str]]] = []  # (log index, the cards shuffled in)
        self.read = 0
        self.private = Counter()  # the private entries seen, by their kind

    kinds: tuple[str, ...] = ()
    """How the game's private lines begin, as patterns (to count them by kind)."""

    # what a game says of its state
    def hands(self) -> list[list[str]]:
        raise NotImplementedError

    def face_up(self) -> Iterable[str]:
        raise NotImplementedError

    def names_in(self, line: str) -> list[str]:
        return [n for n, word in self.words.items() if n in line and word.search(line)]

    def played(self, action: Action) -> Iterable[str]:
        """The cards a public choice plays (face up from then on, though the step may stop
        before they leave the hand: at a roll its price makes)."""
        return ()

    def step(self, seated: list) -> None:
        game = self.game
        action = None if game.is_chance else seated[game.current_player].choose(game)
        game.step(action)
        if action is not None and action.hidden is None:
            self.public.update(self.played(action))
        self.after()

    def after(self) -> None:
        log = self.game.log
        for index, names in self.shuffles:  # back into the deck: nobody knows them now, and
            for name in names:  # the lines before are about their life before
                self.public.discard(name)
                self.known[name] = set()
                self.since[name] = index
        self.shuffles.clear()
        self.public.update(self.face_up())
        for seat, hand in enumerate(self.hands()):
            for name in hand:
                self.known[name].add(seat)
        for seat, seen in self.looks:
            for name in seen:
                self.known[name].add(seat)
        self.looks.clear()
        for index in range(self.read, len(log)):
            entry = log[index]
            if entry.seen_by is not None:
                self.private[next((k for k in self.kinds if re.match(k, entry.text)),
                                  entry.text)] += 1
            for viewer in range(self.game.players):
                line = entry.line(viewer)
                if line is not None:
                    if self.noise is not None:
                        line = self.noise.sub("", line)
                    for name in self.names_in(line):
                        self.named[viewer][name] = index
        self.read = len(log)
        for holder, hand in enumerate(self.hands()):
            for name in hand:
                if name in self.public:
                    continue
                for viewer in range(self.game.players):
                    index = self.named[viewer].get(name, -1)
                    if viewer not in self.known[name] and index >= self.since.get(name, 0):
                        raise AssertionError(
                            f"step {self.game.steps}: Player {viewer + 1} reads "
                            f"{log[index].line(viewer)!r}, which names {name}, held by "
                            f"Player {holder + 1} and never seen by Player {viewer + 1}")


class AdventurersWatch(SecretsWatch):
    kinds = ("Draw from the deck", "Draws ", "Looks at the next", "Looks at Player", "Keep ")

    def hands(self) -> list[list[str]]:
        return [a.hand for a in self.game.state.adventurers]

    def face_up(self) -> Iterable[str]:
        state = self.game.state
        yield from state.deck.discard
        yield from state.in_play
        for a in state.adventurers:
            yield from a.chain
            if a.encounter is not None:
                yield a.encounter.card
                if a.encounter.weapon is not None:
                    yield a.encounter.weapon


def watched_game(monkeypatch: pytest.MonkeyPatch, players: int, seed: int) -> AdventurersWatch:
    """A random-bot game played to its end under the watch (the looks and shuffles recorded
    as the rules make them: the cards ``Ctx.look`` shows, the hand ``look_hand`` shows, the
    discard pile ``Ctx.draw_card`` shuffles into the deck)."""
    game = explorer.new_game("adventurers", players=players, seed=seed)
    data = game.state._data
    # "Orient Express (Travel: Train)" names no Train card, "Museum Curator: ..." no Museum
    noise = [c.describe().removeprefix(n) for n, c in data.cards.items()]
    noise += [f"{p.name}: {p.advantage}" for p in data.professions.values()]
    noise += [f"{p.name}:" for p in data.professions.values()]
    watch = AdventurersWatch(game, data.cards, noise)
    look, choose_opponent, draw_card = Ctx.look, effects.choose_opponent, Ctx.draw_card

    def spied_look(ctx: Ctx, seat: int, count: int):
        seen = yield from look(ctx, seat, count)
        watch.looks.append((seat, tuple(seen)))
        return seen

    def spied_choice(ctx: Ctx, seat: int, prompt: str, purpose: str):
        other = yield from choose_opponent(ctx, seat, prompt, purpose)
        if purpose == "to look at his hand":
            watch.looks.append((seat, tuple(ctx.adv(other).hand)))
        return other

    def spied_draw(ctx: Ctx, seat: int):
        deck = ctx.state.deck
        if not deck.top and not deck.pile and deck.discard:  # its note comes next
            watch.shuffles.append((len(ctx.state.log), list(deck.discard)))
        return (yield from draw_card(ctx, seat))

    monkeypatch.setattr(Ctx, "look", spied_look)
    monkeypatch.setattr(Ctx, "draw_card", spied_draw)
    monkeypatch.setattr(effects, "choose_opponent", spied_choice)
    seated = bots(game, seed)
    while not game.is_over:
        watch.step(seated)
    return watch


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_seat_reads_a_card_another_holds_unseen(monkeypatch: pytest.MonkeyPatch,
                                                   players: int) -> None:
    private: Counter = Counter()
    for seed in range(1, 9):
        private += watched_game(monkeypatch, players, seed).private
    # every kind of private line came up, so the check was put to work
    assert set(private) == set(AdventurersWatch.kinds), private


def test_the_watch_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every note public again (a drawn card named to all), the check fails."""
    monkeypatch.setattr(RulesContext, "note",
                        lambda self, text, seat=None, **_: self.state.note(text, seat))
    with pytest.raises(AssertionError, match="never seen by"):
        watched_game(monkeypatch, 3, 1)
