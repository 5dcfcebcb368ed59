"""Outcomes from the game's state, not from its words (issue 45, item 2).

What a game's code decides (who won a fight, which outcome a roll took) it reads from the state,
from the game's record of its steps (:meth:`Game.outcome_index`) or from the facts its log
lines carry (:class:`explorer.engine.Fact`), never by searching the words of the log: a word
shared by another seat's line, or a sentence reworded, would change the answer silently. The
first test here reads every module of the package with :mod:`ast` and fails on code that
searches a log entry's text; the checker is shown to catch the forms it looks for. The others
check that the games note their big events as facts, consistent with their state.
"""

from __future__ import annotations

import ast
import random
import textwrap
from pathlib import Path

import pytest

import explorer
from explorer.engine import Fact, LogEntry, new_game
from explorer.engine.bots import make_bot
from explorer.engine.core import FACT_KINDS
from explorer.errors import IllegalAction

PACKAGE = Path(explorer.__file__).parent

SEARCHES = frozenset({"startswith", "endswith", "find", "rfind", "index", "rindex", "count",
                      "partition", "rpartition", "__contains__"})
"""String methods that look for words in a text."""
PATTERNS = frozenset({"search", "match", "fullmatch", "findall", "finditer"})
"""Regular-expression calls (``re.search(p, text)``, ``pattern.match(text)``)."""
ENTRY_TEXTS = frozenset({"text", "hidden"})
"""A log entry's attributes that hold words."""
ENTRY_READERS = frozenset({"line", "text_for"})
"""A log entry's methods that give its words."""
LOGS = frozenset({"log", "recent", "events", "log_of"})
"""Attributes and methods that give log entries (``game.log``, ``session.recent()``)."""

KNOWN: dict[str, str] = {}
"""Modules allowed to read log words for now, with why (none)."""


class LogWords(ast.NodeVisitor):
    """Finds where a module decides something from log entries' words.

    A function's names are followed in order: a name bound to a game's log (``game.log``,
    a slice of it, a parameter annotated as LogEntry items) holds *entries*; an item of it, or
    a loop or comprehension variable over it, is an *entry*; an entry's ``.text``, ``.hidden``,
    ``.line(...)``, ``.text_for(...)`` or ``str(entry)`` is *words*, and so is anything made
    from words (a method's result, a slice, a join, a list of them, a variable over them).
    Words are *searched* by ``in``, ``==`` or ``!=`` against literal text, a string search
    method (:data:`SEARCHES`) or a regular expression (:data:`PATTERNS`); each search found is
    reported as ``(line number, source text)``.
    """

    def __init__(self, source: str) -> None:
        self.source = source
        self.found: list[tuple[int, str]] = []
        self.scopes: list[dict[str, str]] = [{}]

    # ---- what an expression holds: "entries", "entry", "words" or None ----------------------

    def kind(self, node: ast.AST | None) -> str | None:
        if node is None:
            return None
        if isinstance(node, ast.Name):
            for scope in reversed(self.scopes):
                if node.id in scope:
                    return scope[node.id]
            return None
        if isinstance(node, ast.Attribute):
            inner = self.kind(node.value)
            if node.attr in LOGS:
                return "entries"
            if inner == "entry" and node.attr in ENTRY_TEXTS:
                return "words"
            return "words" if inner == "words" else None
        if isinstance(node, ast.Subscript):
            inner = self.kind(node.value)
            if inner == "entries":
                return "entries" if isinstance(node.slice, ast.Slice) else "entry"
            return "words" if inner == "words" else None
        if isinstance(node, ast.Call):
            return self.call_kind(node)
        if isinstance(node, ast.NamedExpr):
            return self.kind(node.value)
        if isinstance(node, ast.JoinedStr):
            return "words" if any(self.kind(v) == "words" for v in node.values) else None
        if isinstance(node, ast.FormattedValue):
            return self.kind(node.value)
        if isinstance(node, ast.BinOp):
            kinds = {self.kind(node.left), self.kind(node.right)}
            return "words" if "words" in kinds else None
        if isinstance(node, ast.IfExp):
            kinds = {self.kind(node.body), self.kind(node.orelse)}
            return next((k for k in ("words", "entry", "entries") if k in kinds), None)
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):
            return self.comprehension_kind(node.generators, node.elt)
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            kinds = {self.kind(e) for e in node.elts}
            return "words" if "words" in kinds else "entries" if kinds & {"entry"} else None
        return None

    def call_kind(self, node: ast.Call) -> str | None:
        func = node.func
        if isinstance(func, ast.Name) and func.id == "str" and node.args:
            return "words" if self.kind(node.args[0]) in ("entry", "words") else None
        if isinstance(func, ast.Name) and func.id in ("list", "tuple", "sorted", "reversed"):
            return self.kind(node.args[0]) if node.args else None
        if isinstance(func, ast.Attribute):
            inner = self.kind(func.value)
            if func.attr in ENTRY_READERS and inner in ("entry", None):
                # ``.line(...)``/``.text_for(...)`` on an entry, or on anything not known:
                # nothing else in the package has these methods
                return "words"
            if func.attr in LOGS:
                return "entries"
            if inner == "words" or (func.attr == "join" and any(
                    self.kind(a) == "words" for a in node.args)):
                return "words"
        return None

    def comprehension_kind(self, generators: list[ast.comprehension],
                           element: ast.AST) -> str | None:
        self.scopes.append({})
        try:
            for generator in generators:
                self.bind(generator.target, self.item_kind(generator.iter))
                for condition in generator.ifs:
                    self.check(condition)
                    self.walrus(condition)
            self.check(element)
            inner = self.kind(element)
        finally:
            self.scopes.pop()
        return {"words": "words", "entry": "entries"}.get(inner or "")

    def walrus(self, node: ast.AST) -> None:
        for sub in ast.walk(node):
            if isinstance(sub, ast.NamedExpr):
                self.bind(sub.target, self.kind(sub.value))

    def item_kind(self, node: ast.AST) -> str | None:
        """What a loop over ``node`` gives each time."""
        kind = self.kind(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "enumerate" and node.args:
            kind = self.kind(node.args[0])
            return None if kind is None else "pair:" + {"entries": "entry"}.get(kind, kind)
        return {"entries": "entry", "words": "words"}.get(kind or "")

    def bind(self, target: ast.AST, kind: str | None) -> None:
        if isinstance(target, ast.Name):
            if kind is not None and not kind.startswith("pair:"):
                self.scopes[-1][target.id] = kind
            else:
                self.scopes[-1].pop(target.id, None)
        elif isinstance(target, ast.Tuple) and kind is not None and kind.startswith("pair:"):
            if len(target.elts) == 2:
                self.bind(target.elts[1], kind.removeprefix("pair:"))
        elif isinstance(target, ast.Tuple | ast.List):
            for element in target.elts:
                self.bind(element, kind if kind == "words" else None)

    # ---- searches --------------------------------------------------------------------------

    def check(self, node: ast.AST) -> None:
        """Report every search of words inside the expression ``node`` (a comprehension's
        with its variables bound)."""
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):
            self.comprehension_kind(node.generators, node.elt)
            return
        if isinstance(node, ast.DictComp):
            self.comprehension_kind(node.generators, ast.Tuple([node.key, node.value]))
            return
        if isinstance(node, ast.Compare):
            self.compare(node)
        elif isinstance(node, ast.Call):
            self.search_call(node)
        for child in ast.iter_child_nodes(node):
            self.check(child)

    def compare(self, node: ast.Compare) -> None:
        sides = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, sides[:-1], sides[1:], strict=True):
            kinds = (self.kind(left), self.kind(right))
            if isinstance(op, ast.In | ast.NotIn) and "words" in kinds:
                self.report(node)
            elif isinstance(op, ast.Eq | ast.NotEq) and (
                    (kinds[0] == "words" and _literal_text(right))
                    or (kinds[1] == "words" and _literal_text(left))):
                self.report(node)

    def search_call(self, node: ast.Call) -> None:
        func = node.func
        if not isinstance(func, ast.Attribute):
            return
        if func.attr in SEARCHES and self.kind(func.value) == "words":
            self.report(node)
        elif func.attr in PATTERNS and any(self.kind(a) == "words" for a in node.args):
            self.report(node)

    def report(self, node: ast.AST) -> None:
        self.found.append((node.lineno, ast.get_source_segment(self.source, node) or ""))

    # ---- statements, in order --------------------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scopes.append({})
        for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
            annotation = ast.unparse(arg.annotation) if arg.annotation is not None else ""
            if "LogEntry" in annotation:
                bare = annotation.strip("'\" ")
                self.scopes[-1][arg.arg] = "entry" if bare in (
                    "LogEntry", "LogEntry | None") else "entries"
        for statement in node.body:
            self.visit(statement)
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self.check(node.body)

    def visit_Assign(self, node: ast.Assign) -> None:
        self.check(node.value)
        self.walrus(node.value)
        kind = self.kind(node.value)
        for target in node.targets:
            self.bind(target, kind)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.check(node.value)
            self.bind(node.target, self.kind(node.value))

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.check(node.value)

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.check(node.iter)
        self.bind(node.target, self.item_kind(node.iter))
        for statement in [*node.body, *node.orelse]:
            self.visit(statement)

    visit_AsyncFor = visit_For

    def visit_If(self, node: ast.If | ast.While) -> None:
        self.check(node.test)
        self.walrus(node.test)
        for statement in [*node.body, *node.orelse]:
            self.visit(statement)

    visit_While = visit_If

    def visit_Expr(self, node: ast.Expr) -> None:
        self.check(node.value)

    def visit_Return(self, node: ast.Return) -> None:
        if node.value is not None:
            self.check(node.value)

    def visit_Assert(self, node: ast.Assert) -> None:
        self.check(node.test)

    def generic_visit(self, node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                self.visit(child)
            elif isinstance(child, ast.expr):
                self.check(child)
            else:
                self.generic_visit(child)


def _literal_text(node: ast.AST) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(
        node, ast.JoinedStr)


def log_word_searches(source: str) -> list[tuple[int, str]]:
    """Where ``source`` searches the words of log entries: (line number, the code)."""
    finder = LogWords(source)
    finder.visit(ast.parse(source))
    return sorted(set(finder.found))


# ---- the checker catches what it looks for -------------------------------------------------

CAUGHT = {
    "in over a list of texts (the old battle)": """
        def battle(game, start):
            texts = [e.text for e in game.log[start:]]
            if any("Wiped Out" in t for t in texts):
                return "wiped out"
        """,
    "startswith on an entry's text": """
        def victory(game):
            return any(e.text.startswith("Gains 1 AT (defeated") for e in game.log)
        """,
    "a log line read back (the old balance)": """
        def sampled(game, before, label):
            entry = game.log[before].text
            if not entry.startswith(f"{label}: "):
                raise ValueError(entry)
        """,
    "a line compared with literal text": """
        def said(state):
            for entry in state.log:
                if entry.line(None) == "Player 1: wins":
                    return True
        """,
    "a regular expression over a viewer's line": """
        import re
        def won(session):
            return [re.search(r"wins", e.line(0)) for e in session.recent()]
        """,
    "a parameter annotated as log entries, searched with a pattern": """
        def lost(entries: list[LogEntry], pattern):
            return any(pattern.match(str(entry)) for entry in entries)
        """,
    "words joined, then searched": """
        def lost(game):
            told = " ".join(e.text for e in game.log)
            return told.find("Wiped") >= 0
        """,
    "an enumerated entry's words": """
        def first_win(game):
            for index, entry in enumerate(game.log):
                if "wins" in entry.text_for(0).lower():
                    return index
        """,
}

LEFT_ALONE = {
    "showing lines": """
        def lines(self, entries: Sequence[LogEntry]):
            return [plain(line) for e in entries if (line := e.line(self.viewer)) is not None]
        """,
    "facts read as data": """
        def outcome(game, seat):
            kinds = {e.fact.kind for e in game.log if e.fact is not None and e.fact.seat == seat}
            return "wiped out" if "wiped_out" in kinds else "victory"
        """,
    "an action's text, not the log's": """
        def fight(actions):
            return next(a for a in actions if a.text == "Fight this round")
        """,
    "a logger": """
        def warn(self, kernel):
            self.log.warning("Culling kernel %s", kernel)
        """,
}


@pytest.mark.parametrize("name", list(CAUGHT))
def test_the_checker_catches_a_search_of_log_words(name: str) -> None:
    found = log_word_searches(textwrap.dedent(CAUGHT[name]))
    assert found, f"the checker missed: {name}"


@pytest.mark.parametrize("name", list(LEFT_ALONE))
def test_the_checker_leaves_other_code_alone(name: str) -> None:
    assert log_word_searches(textwrap.dedent(LEFT_ALONE[name])) == []


def test_no_code_of_the_package_decides_from_log_words() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = str(path.relative_to(PACKAGE.parent))
        for line, code in log_word_searches(path.read_text(encoding="utf-8")):
            if name not in KNOWN:
                found.append(f"{name}:{line}: {code}")
    assert not found, "code that reads log words to decide (read the state or the facts " \
        "instead):\n" + "\n".join(found)


# ---- the games note their big events as facts ---------------------------------------------

def played(game_id: str, seed: int, players: int = 2, limit: int = 4000):
    """A seeded game of heuristic bots, played to its end (or ``limit`` steps)."""
    game = new_game(game_id, players=players, seed=seed)
    bots = [make_bot(game, "heuristic", seed * 10 + s) for s in range(players)]
    while not game.is_over and game.steps < limit:
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
    return game


def winners_said(facts: list[Fact]) -> list[int] | None:
    """The winners the last game_won fact names (None: no game_won fact)."""
    won = [f for f in facts if f.kind == "game_won"]
    if not won:
        return None
    last = won[-1]
    return [last.seat] if last.seat is not None else sorted(last.seats)


@pytest.mark.parametrize(("game_id", "seed"), [
    ("rifts", 2), ("adventurers", 3), ("gamma_world", 1), ("riftforce", 2), ("rat_king", 2),
    ("rat_king", 5)])
def test_every_big_event_carries_its_fact_and_the_end_agrees_with_the_winners(
        game_id: str, seed: int) -> None:
    game = played(game_id, seed)
    assert game.is_over, f"{game_id} seed {seed} did not end in {game.steps} steps"
    events = [e for e in game.log if e.event]
    assert events and all(e.fact is not None for e in events), [
        e.text for e in events if e.fact is None]
    facts = [e.fact for e in game.log if e.fact is not None]
    assert {f.kind for f in facts} <= FACT_KINDS
    last = facts[-1]
    assert last.kind in ("game_won", "game_ended")
    if last.kind == "game_won":
        assert winners_said(facts) == sorted(game.winners)
    for fact in facts:
        assert fact.seat is None or 0 <= fact.seat < game.players
        assert all(0 <= s < game.players for s in fact.seats)


def test_gamma_world_captures_are_the_enclaves_locations() -> None:
    """Each location captured (a fact) is in its capturer's enclave right after, and one
    taken from a player is no longer in his."""
    game = new_game("gamma_world", players=3, seed=4)
    bots = [make_bot(game, "heuristic", s) for s in range(3)]
    seen = 0
    captured = 0
    while not game.is_over and game.steps < 4000:
        game.step(None if game.is_chance else bots[game.current_player].choose(game))
        for entry in game.log[seen:]:
            fact = entry.fact
            if fact is not None and fact.kind == "location_captured":
                captured += 1
                enclaves = game.state.enclaves
                assert fact.about in enclaves[fact.seat].locations or game.is_over
                assert all(fact.about not in enclaves[s].locations for s in fact.seats)
        seen = len(game.log)
    assert captured


def test_rifts_fights_end_in_one_fact_of_the_party_that_fought() -> None:
    """In whole Rifts games, the step that ends a combat notes its outcome as a fact of the
    seat that fought: a Foe defeated or routed, an escape, or the party Wiped Out (after a
    victory too, when a Drugs wound kills its last Character); no other step notes a fight's
    outcome."""
    ends = {"foe_defeated", "foe_routed", "escaped"}
    fights = 0
    for seed in (9, 10):
        game = new_game("rifts", players=2, seed=seed)
        bots = [make_bot(game, "heuristic", s) for s in range(2)]
        while not game.is_over and game.steps < 3000:
            before, fighting = len(game.log), game.state.combat
            game.step(None if game.is_chance else bots[game.current_player].choose(game))
            kinds = [(e.fact.kind, e.fact.seat) for e in game.log[before:]
                     if e.fact is not None and e.fact.kind in ends | {"wiped_out"}]
            if fighting is not None and game.state.combat is None:
                fights += 1
                seat = fighting.seat
                assert [k for k in kinds if k[0] in ends] in ([], *([(k, seat)] for k in ends))
                assert kinds and all(s == seat for _, s in kinds), kinds
                if kinds[0][0] == "wiped_out":
                    assert len(kinds) == 1
            else:
                assert all(k == "wiped_out" for k, _ in kinds), kinds
    assert fights > 5


# ---- the engine's part ----------------------------------------------------------------------

def test_a_fact_is_one_of_the_known_kinds_and_a_note_carries_it() -> None:
    with pytest.raises(ValueError, match="unknown kind of fact 'victory'"):
        Fact("victory", 0)
    from explorer.engine import GameState

    state = GameState(2)
    won = Fact("game_won", 1, amount=10)
    state.note("Player 2 wins", 1, event=True, fact=won)
    state.note("a plain line")
    assert [e.fact for e in state.log] == [won, None]
    assert state.log[0] == LogEntry(0, "setup", 1, "Player 2 wins", event=True, fact=won)


def test_outcome_index_is_what_each_step_took() -> None:
    """Game.outcome_index(n): the index, among its choices, of what step n took, a decision
    or a chance step, forced or sampled."""
    game = new_game("rifts", players=2, seed=3)
    rng = random.Random(1)
    taken: list[int] = []
    while game.steps < 120:
        if game.is_chance and rng.random() < 0.5:
            game.step()  # sampled: the index is found out below, from the outcome's place
            taken.append(-1)
            continue
        choices = [o for o, _ in game.chance_outcomes()] or game.legal_actions()
        index = rng.randrange(len(choices))
        game.step(choices[index])
        taken.append(index)
    for step, index in enumerate(taken):
        if index >= 0:
            assert game.outcome_index(step) == index
    assert game.outcome_index(-1) == game.outcome_index(game.steps - 1)
    # a sampled step's index is the one that replays it
    again = game.at(0)
    for step in range(game.steps):
        pending = again.pending
        choices = pending.outcomes if again.is_chance else pending.actions
        again.step(choices[game.outcome_index(step)])
    assert again.snapshot()["state"] == game.snapshot()["state"]
    for bad in (game.steps, -game.steps - 1, "1", True):
        with pytest.raises(IllegalAction, match="step must be a whole number"):
            game.outcome_index(bad)
