"""Players' words on the odds, card and balance pages (issue 27 item 8): what a player reads
there holds no data name (``victory_adventure_tokens``), no API notation (``extra['...']``),
no seed line or ruling id. The pages are built headless and every text they show is read."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from explorer import cards
from explorer.ui.words import developer_words


def shown_text(widget: widgets.Widget) -> list[str]:
    """Every text a widget tree shows: HTML (tags and styles dropped), labels and choices."""
    found: list[str] = []
    if isinstance(widget, widgets.HTML):
        text = re.sub(r"<style>.*?</style>", "", widget.value, flags=re.S)
        found.append(re.sub(r"<[^>]+>", " ", text))
    description = getattr(widget, "description", None)
    if isinstance(description, str):
        found.append(description)
    for option in getattr(widget, "options", ()) or ():
        found.append(str(option[0] if isinstance(option, tuple) else option))
    for tag in getattr(widget, "allowed_tags", ()) or ():
        found.append(str(tag))
    for child in getattr(widget, "children", ()) or ():
        found.extend(shown_text(child))
    return found


def developers_words(widget: widgets.Widget) -> list[str]:
    """What a widget tree shows in developers' words (the check the play pages' test uses)."""
    return [found for text in shown_text(widget) for found in developer_words(text)]


def test_the_check_catches_developers_words() -> None:
    page = widgets.VBox([widgets.HTML("<b>house rule</b> victory_adventure_tokens=5"),
                         widgets.Dropdown(options=[("extra['interval']", 1)])])
    assert developers_words(page) == ["identifier: victory_adventure_tokens",
                                      "data notation: ['interval']",
                                      "code: extra['interval']"]


def test_the_odds_pages() -> None:
    from explorer.ui.odds import AdventurersOdds, GammaWorldOdds, RiftsOdds

    rifts = RiftsOdds()
    rifts.battle_runs.value = 200
    rifts.battle_button.click()
    for page in (rifts, AdventurersOdds(), GammaWorldOdds(background=False)):
        assert developers_words(page) == [], type(page).__name__


def test_the_balance_page_every_game_and_table() -> None:
    from explorer.ui.balance import BalanceReport

    page = BalanceReport()
    for game in cards.games():
        page.game.value = game
        for _, key in page.source.options:
            page.source.value = key
            assert developers_words(page) == [], (game, key)


@pytest.mark.parametrize("game", cards.games())
def test_the_card_browser_card_decks(game: str) -> None:
    from explorer.ui.cards import CardBrowser

    page = CardBrowser(game)
    for _, deck in page.deck.options:
        if cards.declaration(game, deck).kind != "cards":
            continue  # the reference tables document the card data itself
        page.deck.value = deck
        cells = " ".join(" ".join(row) for row in page.table.rows)
        assert developer_words(cells) == [], deck
        assert developers_words(page) == [], deck
