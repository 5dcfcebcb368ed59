"""The package's layers only look down (issue 47, item 1), read from its import graph: every
``import`` and ``from ... import`` of every file under ``explorer/``, those inside functions and
under ``TYPE_CHECKING`` too (a module named by a string for ``importlib`` is not an import
here: the games' registry is read so, by design).

The floors, from the ground up: the base (errors, the cache folder, the games' catalogue, the
declared schemas, the card data, the spreading of work over cores, the run slots) < the engine
< the games (each a folder of its own that imports no other game's) < the shared modules that
name no game (odds, the coach, the simulation, the balance reports) < the views and the
commands (ui, cli, the package's face). The server (``explorer.serve`` and the public viewer
client) stands apart: it imports only the base, and nothing else imports it. No file imports a
file on a higher floor, and no files import each other in a circle."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "explorer"

FLOORS = (
    ("base", ("explorer.errors", "explorer.cache", "explorer.catalog", "explorer.schema",
              "explorer.cards", "explorer.parallel", "explorer.slots")),
    ("engine", ("explorer.engine",)),
    ("games", ("explorer.games",)),
    ("shared", ("explorer.odds", "explorer.coach", "explorer.simulation", "explorer.balance")),
    ("top", ("explorer.ui", "explorer.cli", "explorer.__main__", "explorer")),
)
"""Each floor and the modules on it (a name covers the package's modules under it)."""
APART = ("explorer.serve", "explorer.viewer_client")
"""The server: on no floor; it may import the base only, and no floor imports it."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _covers(prefix: str, module: str) -> bool:
    return module == prefix or (prefix != "explorer" and module.startswith(prefix + "."))


def floor_of(module: str) -> str:
    """The floor of a module (the most particular name that covers it)."""
    if any(_covers(p, module) for p in APART):
        return "apart"
    found = [(len(prefix), floor) for floor, prefixes in FLOORS for prefix in prefixes
             if _covers(prefix, module)]
    assert found, f"{module} stands on no floor: add it to FLOORS in tests/test_layers.py"
    return max(found)[1]


RANK = {floor: rank for rank, (floor, _) in enumerate(FLOORS)}


def _target(name: str) -> str | None:
    """The package module an imported name is (a module itself, or the package that holds it);
    None outside the package."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports(module: str) -> Iterator[tuple[str, int]]:
    """The package modules ``module`` imports, anywhere in its file, with the line."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _target(alias.name)
                if target is not None:
                    yield target, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:  # "from explorer.odds import rifts": a module, if it is
                target = _target(f"{base}.{alias.name}") if f"{base}.{alias.name}" in MODULES \
                    else _target(base)
                if target is not None:
                    yield target, node.lineno


GRAPH = {module: sorted({t for t, _ in imports(module) if t != module}) for module in MODULES}


def test_every_module_stands_on_a_floor() -> None:
    assert "explorer.engine.core" in MODULES and "explorer.games.rifts.odds" in MODULES
    for module in MODULES:
        floor_of(module)


def test_no_module_imports_one_on_a_higher_floor() -> None:
    upward = []
    for module in MODULES:
        mine = floor_of(module)
        for target, line in imports(module):
            theirs = floor_of(target)
            if mine == "apart" or theirs == "apart":
                if mine != theirs and not (mine == "apart" and theirs == "base"):
                    upward.append(f"{module}:{line} -> {target} (the server stands apart)")
                continue
            if RANK[theirs] > RANK[mine]:
                upward.append(f"{module}:{line} ({mine}) -> {target} ({theirs})")
    assert not upward, "imports that run back up:\n" + "\n".join(upward)


def test_no_game_imports_another_game() -> None:
    crossing = []
    for module in MODULES:
        if not module.startswith("explorer.games.") or module.count(".") < 2:
            continue
        game = module.split(".")[2]
        for target, line in imports(module):
            if target.startswith("explorer.games.") and target.split(".")[2] != game:
                crossing.append(f"{module}:{line} -> {target}")
    assert not crossing, "\n".join(crossing)


def test_the_games_folders_are_alike() -> None:
    """Each game's folder holds the same parts: rules, data, state, position, scenario,
    redeal, search hooks, knowledge, odds, bots, invariants and tables."""
    parts = {"rules", "data", "state", "position", "scenario", "redeal", "search",
             "knowledge", "odds", "bots", "invariants", "tables"}
    for game in ("rifts", "adventurers", "gamma_world", "rat_king", "riftforce"):
        have = {p.stem for p in (PACKAGE / "games" / game).glob("*.py")}
        assert parts <= have, (game, sorted(parts - have))


def circles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_modules_import_each_other_in_a_circle() -> None:
    # a package's face may hand on names of the modules under it (explorer/odds/__init__.py
    # imports explorer.odds.decisions); a circle through it is a circle all the same
    assert not circles(GRAPH), circles(GRAPH)


@pytest.mark.parametrize(("graph", "expected"), [
    ({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}, [["a", "b", "c"]]),
    ({"a": ["b"], "b": [], "c": ["a"]}, []),
])
def test_the_circle_finder_finds_circles(graph: dict[str, list[str]],
                                         expected: list[list[str]]) -> None:
    assert circles(graph) == expected


def test_the_floors_are_read_from_the_imports() -> None:
    """The reader sees an import inside a function and one of a module by its package."""
    assert "explorer.engine.knowledge" in GRAPH["explorer.engine.worlds"]  # inside a function
    assert "explorer.games.riftforce.odds" in GRAPH["explorer.games.riftforce.bots"]
    assert floor_of("explorer.games.rifts.odds") == "games"
    assert floor_of("explorer") == "top" and floor_of("explorer.errors") == "base"


@pytest.mark.parametrize("folder", ["stepper", "faces"])
def test_the_step_through_page_and_the_card_faces_are_rooms_one_can_hold_in_mind(
        folder: str) -> None:
    """Issue 47, item 4: the step-through page and the card faces, split by what they draw,
    none over 500 lines."""
    files = sorted((PACKAGE / "ui" / folder).glob("*.py"))
    assert len(files) >= 5
    long = {p.name: n for p in files if (n := len(p.read_text().splitlines())) > 500}
    assert not long, long
