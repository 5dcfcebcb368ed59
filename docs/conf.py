"""Sphinx configuration of the documentation site (``make docs``: docs/_build/html).

Sphinx with MyST-Parser: the guides are Markdown (MyST) and the API reference is read from the
package's docstrings by autodoc, which are reStructuredText with Sphinx's roles
(:func:`explorer.odds.rifts.battle`, ``code``); Sphinx renders those natively, where
MkDocs' mkdocstrings would show the roles as text. The build reads nothing from the network:
the Furo theme ships its fonts and scripts with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

project = "Card Rules Explorer"
author = "the Card Rules Explorer team"
copyright = "2026, the Card Rules Explorer team"

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "screenshot.py"]

myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]
suppress_warnings = ["myst.xref_missing"]
"""Links to files of the repository (``../tests/...``) are left as they are."""

autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True,
                           "ignore-module-all": True}
"""Each module documents what it defines (a package's face hands names on: they are documented
where they are defined), every public name of it, with a docstring or without."""
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_preserve_defaults = True
add_module_names = False

html_theme = "furo"
html_title = "Card Rules Explorer"
html_static_path: list[str] = []
