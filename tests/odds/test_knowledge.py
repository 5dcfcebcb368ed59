"""Each game's knowledge of its decisions sits in its own folder behind one interface
(explorer.engine.knowledge, issue 28 item 6): the shared queries ask it, a game without it
answers nothing, and a wrong one is refused with the package's own error."""

from __future__ import annotations

import sys
import types

import pytest

from explorer import odds
from explorer.engine import knowledge
from explorer.engine.knowledge import GameKnowledge, KnowledgeError, knowledge_for
from tests.rifts import helpers as rifts

MODULE = "explorer.games.rifts.knowledge"


def decision_act():
    """A Rifts Decision Act with nobody wounded (as tests/odds/test_choices.py's)."""
    return rifts.scenario([{"members": [{"name": "Wilderness Scout"}], "location": "Farms"},
                           {"members": [{"name": "Mind Melter"}], "location": "Border Town"}],
                          at="turn")


def test_the_shared_queries_ask_the_games_own_knowledge() -> None:
    game = decision_act()
    assert knowledge_for("rifts") is sys.modules[MODULE].KNOWLEDGE
    found = {str(a).split(":")[0]: o for a, o in odds.choices(game)}
    assert found["Travel to a new Location"] is not None  # the Survival roll's odds
    said = {str(a).split(":")[0]: s for a, s in odds.consequences(game)}
    assert said["Heal & Repair"] == "Nobody is wounded: the Recuperate Phase does nothing"


def test_a_game_without_knowledge_answers_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    assert knowledge_for("no_such_game") is knowledge.NO_KNOWLEDGE
    game = decision_act()
    bare = types.ModuleType(MODULE)
    bare.KNOWLEDGE = GameKnowledge()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, MODULE, bare)
    assert [o for _, o in odds.choices(game)] == [None] * len(game.legal_actions())
    assert [s for _, s in odds.consequences(game)] == [None] * len(game.legal_actions())


def test_a_knowledge_of_the_wrong_kind_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = decision_act()
    wrong = types.ModuleType(MODULE)
    wrong.KNOWLEDGE = {"decision_odds": None}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, MODULE, wrong)
    with pytest.raises(KnowledgeError, match="KNOWLEDGE must be a "
                                             "GameKnowledge"):
        odds.choices(game)
