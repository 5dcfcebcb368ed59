"""Every notebook executes headless, and every notebook equals its paired py:percent script."""

from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def _code(notebook: nbformat.NotebookNode) -> list[tuple[str, str]]:
    return [(c.cell_type, c.source.strip()) for c in notebook.cells]


def test_there_are_notebooks() -> None:
    assert any(p.name == "cards.ipynb" for p in NOTEBOOKS)


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_executes_without_errors(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            assert output.output_type != "error", f"{path.name}: {output.get('evalue')}"
            if output.output_type == "stream":
                assert output.name != "stderr" or "Warning" in output.text, output.text


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_paired_with_its_script(path: Path) -> None:
    script = path.with_suffix(".py")
    assert script.exists(), f"{path.name} has no paired {script.name}"
    assert _code(nbformat.read(path, as_version=4)) == _code(jupytext.read(script)), (
        f"{path.name} and {script.name} differ: run `jupytext --sync {path}`")
