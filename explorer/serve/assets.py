"""What a page needs besides its kernel, from the public server itself wherever the package is
installed and whatever folder it serves: the offline Vega bundle its charts import; and no link
to another site (Voila's page template links Font Awesome's style sheets on a CDN).

The Vega bundle is built once by a kernel (:func:`explorer.ui.enable_offline_charts`) into
the user's cache folder (:func:`explorer.cache.cache_folder`), which the server, run by the
same user, serves at ``<base>explorer/static/<name>``. The page has Font Awesome without the
CDN's style sheets (5.15.4, with the old icon names ipywidgets' buttons use, fonts included,
in Voila's own ``voila-style.js`` from ``<base>voila/templates/lab/static/``): the links only
cost a request to another site (failing offline) and tell it who opened a page, so each page
is sent without them (:func:`without_font_awesome_cdn`).
"""

from __future__ import annotations

import re
from typing import Any

from explorer.cache import cache_folder

BUNDLE_FILE = re.compile(r"jupyterchart-offline-[0-9a-f]{12}\.js")
"""The form of the Vega bundle's file name (content-keyed: a browser's cached copy is never
stale)."""
BUNDLE_ROUTE = "explorer/static/"
"""Where under the server's base URL the bundle is served."""
CDN_FONT_AWESOME = re.compile(
    r'[ \t]*<link\b[^>]*\bhref="https?://[^"]*(?:fontawesome|font-awesome)[^"]*"[^>]*>[ \t]*\n?',
    re.I)
"""A link to Font Awesome's style sheets on a CDN, as Voila's page templates write it."""


def without_font_awesome_cdn(page: str) -> str:
    """``page`` (or a part of it) without links to Font Awesome on a CDN."""
    return CDN_FONT_AWESOME.sub("", page)


def asset_handlers(base_url: str) -> list[tuple[str, type, dict[str, Any]]]:
    """The server's route for the bundle (tornado's static file handler, only file names of
    the form :data:`BUNDLE_FILE`; others 404)."""
    import tornado.web

    class AssetHandler(tornado.web.StaticFileHandler):
        """A file of the page's assets, cached by the browser for a day."""

        def get_cache_time(self, path: str, modified: Any, mime_type: str) -> int:
            return 86400

    return [
        (f"{base_url}{BUNDLE_ROUTE}({BUNDLE_FILE.pattern})", AssetHandler,
         {"path": str(cache_folder())}),
    ]
