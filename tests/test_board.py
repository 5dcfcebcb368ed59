"""The Riftforce step-through without a browser: the clickable table (what each part of the Rift
does for the pending decision, refused clicks), the best-action panel, following a complete
action, and the finder's work bound."""

from __future__ import annotations

import pytest

from explorer.engine import Action
from explorer.errors import IllegalAction, TooMuchWork
from explorer.games.riftforce import bots
from explorer.odds.riftforce import best_actions
from explorer.ui.board import ClickBoard, click_targets, elemental_key, hand_key, location_key
from explorer.ui.session import PlaySession
from explorer.ui.stepper import Stepper
from tests.riftforce.helpers import act, scenario


def test_each_kind_of_choice_has_its_part_of_the_table() -> None:
    """Which part of the table stands for which action (turn.py and abilities.py make them):
    a card to discard is a hand card, an elemental to activate or heal is one's own, a target
    is the other side's, a destination is a location, a guild is its summoner."""
    actions = [Action("discard", ("Fire 5",)), Action("elemental", (2, 1)),
               Action("target", (3, 0)), Action("heal", (4, 2)), Action("move", (1,)),
               Action("guild", ("Ice",)), Action("done")]
    targets = click_targets(actions, player=1)
    assert {key: t.index for key, t in targets.items()} == {
        hand_key(1, "Fire 5"): 0, elemental_key(2, 1, 1): 1, elemental_key(3, 0, 0): 2,
        elemental_key(4, 1, 2): 3, location_key(1): 4, "guild:Ice": 5}


def test_a_play_is_a_card_then_one_of_its_locations() -> None:
    actions = [Action("place", ("Fire 5", 0)), Action("place", ("Fire 5", 1)),
               Action("place", ("Water 6", 3)), Action("done")]
    first = click_targets(actions, player=0)
    assert first[hand_key(0, "Fire 5")].select == "Fire 5"
    assert first[hand_key(0, "Water 6")].select == "Water 6"
    assert not any(key.startswith("location:") for key in first)
    chosen = click_targets(actions, player=0, selected="Fire 5")
    assert chosen[location_key(0)].index == 0 and chosen[location_key(1)].index == 1
    assert location_key(3) not in chosen  # Water 6's location, not Fire 5's


def _turn() -> Stepper:
    """A Stepper at Player 1's turn (a person) with Fire 5 and Fire 6 in hand."""
    stepper = Stepper("riftforce", scenario={
        "guilds": [["Fire", "Water", "Air", "Earth"], ["Light", "Ice", "Plant", "Crystal"]],
        "first": 0, "active": 0, "riftforce": [0, 0], "hands": [["Fire 5", "Fire 6"], []],
        "board": [[[], ["Ice 5"]], [[], []], [[], []], [[], []], [[], []]]})
    return stepper


def test_clicking_the_table_plays_a_card_where_it_was_clicked() -> None:
    stepper = _turn()
    stepper.act([str(a) for a in stepper.session.game.legal_actions()].index(
        "Play up to 3 cards"))
    board = stepper.table
    assert isinstance(board, ClickBoard)
    board.click(hand_key(0, "Fire 6"), board.step)
    assert board.selected == hand_key(0, "Fire 6")
    assert location_key(0) in board.clickable
    board.click(location_key(0), board.step)
    assert [str(e) for e in stepper.session.game.state.board[0][0]] == ["Fire 6"]
    assert 'data-name="Fire 6" data-seat="0"' in board.html


@pytest.mark.parametrize("key, step", [("location:9", None), ("hand:0:Fire 5'><b>", None),
                                       (None, None), (["hand:0:Fire 5"], None), ("x" * 10**6,
                                                                                None),
                                       ("hand:0:Fire 5", 12345)])
def test_a_click_the_kernel_did_not_offer_changes_nothing(key: object, step: object) -> None:
    stepper = _turn()
    stepper.act(0)  # Play
    before = stepper.session.game.to_json()
    board = stepper.table
    shown = board.html
    board.click(key, board.step if step is None else step)
    assert stepper.session.game.to_json() == before
    assert board.html == shown
    assert stepper.message.value  # and the page says why


def test_a_click_message_from_the_browser_is_checked() -> None:
    stepper = _turn()
    stepper.act(0)
    board = stepper.table
    before = stepper.session.game.to_json()
    for content in ("click", {"event": "click"}, {"event": "click", "key": 3, "step": "x"},
                    {"event": "other", "key": hand_key(0, "Fire 5")}):
        board._message(board, content, [])
    assert stepper.session.game.to_json() == before
    board._message(board, {"event": "click", "key": hand_key(0, "Fire 5"),
                           "step": board.step}, [])
    assert board.selected == hand_key(0, "Fire 5")


def test_the_best_action_panel_lists_the_finder_and_takes_a_whole_action() -> None:
    stepper = _turn()
    panel = stepper.advice
    assert panel is not None and panel.applies(stepper.session)
    found = best_actions(stepper.session.game)
    assert panel.candidates == found
    assert found[0].text in panel.rows.children[0].children[1].value
    # the panel ranks by this turn's gains, the Hint by the chance of winning: it says so
    assert "gain this turn" in panel.head.value and "Hint ranks them" in panel.head.value
    plan = panel.planned(0)
    stepper.take_plan(plan)
    game = stepper.session.game
    # the whole action was taken: the turn passed to the bot and came back, or ended
    assert game.steps >= len(plan)
    assert stepper.session.game.state.turn_gains is not None


def test_following_a_plan_is_all_or_nothing() -> None:
    session = PlaySession(scenario({1: ([], ["Ice 5"])}, hands=[["Fire 5", "Fire 6"], []]),
                          ["human", "human"])
    before = session.game.to_json()
    with pytest.raises(IllegalAction, match="not a legal choice"):
        session.follow([Action("play"), Action("place", ("Fire 5", 0)),
                        Action("place", ("Water 7", 0))])
    assert session.game.to_json() == before


def test_the_finder_stops_at_its_bound_and_changes_nothing() -> None:
    game = scenario({1: (["Fire 5"], ["Ice 5"])}, hands=[["Fire 6", "Fire 7", "Air 5"], []])
    before = game.to_json()
    with pytest.raises(TooMuchWork, match="stopped after 1 positions"):
        best_actions(game, limit=1)
    assert game.to_json() == before
    assert best_actions(game, limit=10**6) == best_actions(game)


def test_the_bot_past_its_bound_checks_and_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    game = scenario({1: (["Fire 5"], ["Ice 5"])}, hands=[["Fire 6", "Fire 7", "Air 5"], []])
    monkeypatch.setattr(bots, "SEARCH_LIMIT", 1)
    assert bots.RiftforceHeuristicBot(0).choose(game).name == "check"
    act(game, "play")  # mid-Play there is no Check & Draw: a legal choice at random
    choice = bots.RiftforceHeuristicBot(0).choose(game)
    assert choice in game.legal_actions()


def test_the_guild_selection_is_on_the_table_and_a_summoner_is_clicked() -> None:
    """Reference, Guild selection: 7 summoners face up, picked in turn (10 shuffled, 1 set
    aside, 1 drawn by each player: 10 - 3 = 7)."""
    stepper = Stepper("riftforce", seats=["human", "human"], seed=4)
    session = stepper.session
    while session.game.phase != "selection.picks" or session.game.is_chance:
        stepper.roll()
    board = stepper.table
    face_up = session.game.state.draft.face_up
    assert len(face_up) == 7
    for name in face_up:
        assert f'class="table-summoner" data-name="{name}"' in board.html
    # each summoner's whole ability opens by click or tap, and that click picks nothing
    assert board.html.count('<details class="card-face-more">') == len(face_up)
    assert 'closest("details.card-face-more")) return;' in board._esm
    picker = session.game.current_player
    name = face_up[2]
    board.click(f"guild:{name}", board.step)
    assert session.game.state.sides[picker].guilds[-1] == name
    assert f'class="table-summoner" data-name="{name}"' not in board.html
