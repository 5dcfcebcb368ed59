"""What a page needs besides its kernel, served by the public server itself wherever the package
is installed and whatever folder it serves: the offline Vega bundle its charts import, and Font
Awesome for its buttons' icons (Voila's page template links it from a CDN).

The Vega bundle is built once by a kernel (:func:`explorer.ui.enable_offline_charts`) into
the user's cache folder (:func:`explorer.cache.cache_folder`), which the server, run by the
same user, serves at ``<base>explorer/static/<name>``; Font Awesome is the
``fontawesomefree`` package's copy, served at ``<base>explorer/fontawesome/`` (its style
sheets and fonts only), and each page's links to the CDN are rewritten to it
(:func:`local_font_awesome`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from explorer.cache import cache_folder

BUNDLE_FILE = re.compile(r"jupyterchart-offline-[0-9a-f]{12}\.js")
"""The form of the Vega bundle's file name (content-keyed: a browser's cached copy is never
stale)."""
BUNDLE_ROUTE = "explorer/static/"
"""Where under the server's base URL the bundle is served."""
FONT_AWESOME_ROUTE = "explorer/fontawesome/"
"""Where under the server's base URL Font Awesome is served."""
FONT_AWESOME_FILE = r"css/(?:all|v4-shims)\.min\.css|webfonts/[A-Za-z0-9-]+\.(?:woff2|ttf)"
"""The Font Awesome files served: two style sheets and the fonts they name."""
CDN_FONT_AWESOME = re.compile(
    r"https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@[^/\"']*/css/")
"""The CDN address of Font Awesome's style sheets in Voila's page template."""


def font_awesome_folder() -> Path:
    """The ``fontawesomefree`` package's static files."""
    import fontawesomefree

    return Path(fontawesomefree.__file__).resolve().parent / "static" / "fontawesomefree"


def local_font_awesome(page: str, base_url: str) -> str:
    """``page`` with its links to Font Awesome on the CDN pointing at the server's copy."""
    return CDN_FONT_AWESOME.sub(f"{base_url}{FONT_AWESOME_ROUTE}css/", page)


def asset_handlers(base_url: str) -> list[tuple[str, type, dict[str, Any]]]:
    """The server's routes for the bundle and Font Awesome (tornado's static file handler,
    only the file names of :data:`BUNDLE_FILE` and :data:`FONT_AWESOME_FILE`; others 404)."""
    import tornado.web

    class AssetHandler(tornado.web.StaticFileHandler):
        """A file of the page's assets, cached by the browser for a day."""

        def get_cache_time(self, path: str, modified: Any, mime_type: str) -> int:
            return 86400

    return [
        (f"{base_url}{BUNDLE_ROUTE}({BUNDLE_FILE.pattern})", AssetHandler,
         {"path": str(cache_folder())}),
        (f"{base_url}{FONT_AWESOME_ROUTE}({FONT_AWESOME_FILE})", AssetHandler,
         {"path": str(font_awesome_folder())}),
    ]
