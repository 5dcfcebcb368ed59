"""Step through a game in a notebook: one cell per phase of a turn, driven by widgets.

>>> from explorer.ui.stepper import Stepper
>>> play = Stepper("rifts", players=2, seed=7)   # first cell: the toolbar, status and log
>>> play.cell("decision")                         # one cell per phase of the turn

The page (:mod:`~explorer.ui.stepper.page`), its phase cells (:mod:`~explorer.ui.stepper.cell`),
their decision controls (:mod:`~explorer.ui.stepper.decisions`), the seats and new games
(:mod:`~explorer.ui.stepper.seats`), and the words and small HTML pieces they share
(:mod:`~explorer.ui.stepper.texts`). The model is :class:`explorer.ui.session.PlaySession`.
"""

from explorer.ui.session import View
from explorer.ui.stepper.cell import PhaseCell
from explorer.ui.stepper.page import Stepper
from explorer.ui.stepper.texts import (
    BUTTONS_UP_TO,
    FOLLOW,
    PLAY_ON,
    PLAY_ON_TURN,
    WATCH,
    WATCH_TURN,
    choice_odds_html,
    odds_html,
    prompt_of,
    result_html,
)

__all__ = ["BUTTONS_UP_TO", "FOLLOW", "PLAY_ON", "PLAY_ON_TURN", "WATCH", "WATCH_TURN",
           "PhaseCell", "Stepper", "View", "choice_odds_html", "odds_html", "prompt_of",
           "result_html"]
