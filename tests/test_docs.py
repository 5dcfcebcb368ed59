"""The documentation (issue 47, item 5): the README is a front door (under 250 lines, its
Python examples run), and the site ``make docs`` builds is built here the same way (Sphinx,
every warning an error) with an entry for every public name of the package's modules."""

from __future__ import annotations

import importlib
import inspect
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
API = ROOT / "docs" / "api.md"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)


def test_the_readme_is_a_front_door() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 250
    for page in re.findall(r"\]\((docs/[\w./-]+\.md)", text):
        assert (ROOT / page).is_file(), f"the README links to {page}, which is not there"
    assert "make docs" in text


def test_the_readme_examples_run() -> None:
    blocks = python_blocks(README.read_text(encoding="utf-8"))
    assert len(blocks) >= 3
    for block in blocks:
        exec(compile(block, str(README), "exec"), {"__name__": "readme"})


def test_the_readme_example_reader_finds_blocks() -> None:
    assert python_blocks("x\n```python\na = 1\n```\n```sh\nls\n```\n") == ["a = 1\n"]


def api_modules() -> list[str]:
    return re.findall(r"^\.\. automodule:: ([\w.]+)$", API.read_text(encoding="utf-8"), re.M)


def public_modules() -> list[str]:
    """Every module of the package a reader may use: all but the games' insides (each game's
    odds are public: ``explorer.odds.<game>``) and ``__main__`` files."""
    found = []
    for path in sorted((ROOT / "explorer").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__main__":
            continue
        if parts[-1] == "__init__":
            parts.pop()
        name = ".".join(parts)
        if name.startswith("explorer.games.") and not name.endswith(".odds"):
            continue
        found.append(name)
    return found


def test_the_api_reference_has_every_public_module() -> None:
    listed = api_modules()
    assert len(listed) == len(set(listed))
    missing = sorted(set(public_modules()) - set(listed))
    assert not missing, f"docs/api.md has no automodule for {missing}"


def public_names(module: types.ModuleType) -> list[tuple[str, object]]:
    """A module's public names: what it defines and does not mark private (a package's face
    hands names on: each is checked where it is defined). A module's logger and its type
    variables are its own workings, not names to use."""
    import logging
    from typing import TypeVar

    found = []
    for name, value in vars(module).items():
        if name.startswith("_") or isinstance(value, types.ModuleType | logging.Logger | TypeVar):
            continue
        home = getattr(value, "__module__", None)
        if (inspect.isclass(value) or inspect.isfunction(value)) and home != module.__name__:
            continue  # imported: documented in its own module
        if not (inspect.isclass(value) or inspect.isfunction(value)) and (
                name not in _assigned(module)):
            continue  # a constant imported from elsewhere
        found.append((name, value))
    return found


def _assigned(module: types.ModuleType) -> set[str]:
    """The names a module's own file assigns at its top level."""
    import ast

    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as ``make docs`` builds it (a warning is an error)."""
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q",
         str(ROOT / "docs"), str(out)], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return out


def test_the_site_builds_and_documents_every_public_name(built: Path) -> None:
    from sphinx.util.inventory import InventoryFile

    with (built / "objects.inv").open("rb") as stream:
        inventory = InventoryFile.load(stream, "", lambda base, uri: uri)
    entries = {name for kind in inventory.values() for name in kind} if isinstance(
        inventory, dict) else {item.name for item in inventory}
    assert (built / "index.html").is_file() and (built / "api.html").is_file()
    missing = []
    for name in public_modules():
        module = importlib.import_module(name)
        if name not in entries:
            missing.append(f"{name} (the module)")
        for attr, _ in public_names(module):
            if f"{name}.{attr}" not in entries:
                missing.append(f"{name}.{attr}")
    assert not missing, f"{len(missing)} public names have no entry: {missing[:20]}"
    for page in ("engine", "odds", "coach", "bots", "simulation", "balance", "pages", "hosting",
                 "card-data", "rulings", "development", "measurements"):
        assert (built / f"{page}.html").is_file(), page
