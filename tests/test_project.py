"""The project's shape: the two README commands, CI, dependencies for pip and conda, lint."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ ]", requirement.strip(), maxsplit=1)[0].lower()


def test_readme_holds_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make serve" in readme and "make test" in readme
    assert "http://127.0.0.1:8866" in readme


def test_ci_runs_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in script.splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    assert "make test" in commands


def test_voila_configuration_is_in_the_repository() -> None:
    """Issue #6: preheated kernels, culling, hidden tracebacks, no jupytext, in voila.json;
    issue #11: only the widget extensions the pages use."""
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    voila = config["VoilaConfiguration"]
    assert voila["preheat_kernel"] is True and voila["default_pool_size"] >= 1
    assert voila["show_tracebacks"] is False
    assert {"jupyterlab-jupytext", "@voila-dashboards/jupyterlab-preview",
            "jupyterlab_pygments"} <= set(voila["extension_denylist"])
    culling = config["MappingKernelManager"]
    assert culling["cull_idle_timeout"] > 0 and culling["cull_interval"] > 0
    # Voila drops a cell's output that reaches it more than iopub_timeout seconds after the
    # cell's reply (nbclient's default is 4 s): a page preheated on a busy machine would
    # render without its widgets.
    assert config["VoilaExecutor"]["iopub_timeout"] >= 30
    # nothing that would let a viewer run code or see a traceback
    text = json.dumps(config).lower()
    assert "disable_check_xsrf" not in text and '"show_tracebacks": true' not in text


def test_conda_environment_has_the_same_dependencies_as_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    env = (ROOT / "environment.yml").read_text(encoding="utf-8")
    listed = {_name(m) for m in re.findall(r"^\s+- ([A-Za-z][\w.-]*[^\n]*)$", env, re.M)}
    assert wanted <= listed, f"environment.yml lacks {sorted(wanted - listed)}"
    assert (ROOT / "binder" / "environment.yml").resolve() == (ROOT / "environment.yml")


def test_ruff_finds_nothing() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check",
         "explorer", "tests", "benchmarks", "notebooks", "docs"],
        cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


SHARED = sorted([*(ROOT / "explorer" / "odds").glob("*.py"),
                 *(ROOT / "explorer" / "coach").glob("*.py"),
                 ROOT / "explorer" / "simulation.py", ROOT / "explorer" / "parallel.py"])
"""The shared modules above the games (issue 47, item 1): the odds, the coach, the
simulation and the spreading of work."""


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_shared_modules_name_no_game(path: Path) -> None:
    """What is particular to a game sits in its folder (explorer.games.<game>: its knowledge,
    its odds, its start column): the shared modules import no game's folder, reach into no
    game's data and compare or key nothing by a game id (issue 28, item 6; issue 47)."""
    import ast

    games = {"rifts", "gamma_world", "adventurers", "rat_king", "riftforce"}
    name = path.name
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("explorer.games"), (name, node.module)
        if isinstance(node, ast.Attribute):
            assert node.attr != "_data", name
        if isinstance(node, ast.Compare):
            strings = {c.value for c in ast.walk(node) if isinstance(c, ast.Constant)}
            assert not strings & games, (name, strings & games)
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            assert not keys & games, (name, keys & games)

