"""The Rat-King ADVENTURE DIE face by face (explorer.ui.advice): what each face flips and who
then wins, checked by hand and against the whole ADVENTURE's exact odds."""

from __future__ import annotations

from fractions import Fraction

from explorer.engine import Decision
from explorer.odds import rat_king
from explorer.ui.advice import adventure_die_faces, adventure_die_html, adventure_html
from tests.rat_king.helpers import act, char, scenario


def _to_the_dice(game):
    while isinstance(game.pending, Decision):
        act(game, "pass")
    return game


def test_two_groups_face_by_face_by_hand() -> None:
    """Player 1's ME Rogue against Player 2's ME Wizard: both 2 CP whatever flips (rulings
    rk-4, rk-6), Player 1 played the ADVENTURE and takes ties (seed 002, line 61): with his
    face f rolled he loses only when Player 2 rolls above f, (6 - f) of 6."""
    game = _to_the_dice(scenario([char("ME Rogue")], [char("ME Wizard")],
                                 adventure={"name": "The Hidden Nest", "played_by": 0}))
    faces = adventure_die_faces(game)
    assert [f["face"] for f in faces] == [1, 2, 3, 4, 5, 6]
    assert [f["win"][0] for f in faces] == [Fraction(f, 6) for f in range(1, 7)]
    # data/rat_king/characters.toml: ME Wizard's CHARACTER die is 6, so a 6 flips it
    assert [f["flips"] for f in faces] == [[], [], [], [], [], ["ME Wizard"]]
    text = adventure_die_html(game)
    assert "Player 1's ADVENTURE DIE" in text and "flips ME Wizard" in text
    assert '<tr class="advice-die-face" data-face="6"><td><b>6</b></td>' in text
    assert "Player 1 wins" in text  # a 6 cannot be beaten, ties going to Player 1


def test_the_faces_average_to_the_adventure_odds() -> None:
    """The Hidden Nest round (seed 002, line 65): each face equally likely, so the faces'
    chances average to the whole ADVENTURE's exact odds."""
    game = _to_the_dice(scenario(
        [char("ME Priest", "Magibolt"), char("Rikki Rogue", "Bow & Arrows")],
        [char("ME Rogue", "Battle Axe")],
        [char("ME Wizard", "Mind Control Spell"), char("Tinki Mercenary")],
        hands=[[], ["Jeff Squire"], []],
        adventure={"name": "The Hidden Nest", "played_by": 0}))
    faces = adventure_die_faces(game)
    whole = rat_king.adventure_odds(game)
    for seat in range(3):
        assert sum(f["win"][seat] for f in faces) / 6 == whole.extra["win"][seat]
    assert sum(f["discarded"] for f in faces) / 6 == whole.extra["discarded"]
    assert len({tuple(f["win"]) for f in faces}) > 1  # the faces differ: that is the point
    assert "advice-die" in adventure_html(game)


def test_no_die_pending_no_faces() -> None:
    game = scenario([char("ME Rogue")], [char("ME Wizard")],
                    adventure={"name": "The Hidden Nest", "played_by": 0})
    assert isinstance(game.pending, Decision)
    assert adventure_die_faces(game) == [] and adventure_die_html(game) == ""


def test_the_adventure_die_chart_has_a_bar_per_face_split_by_winner() -> None:
    from explorer.ui import charts

    game = _to_the_dice(scenario([char("ME Rogue")], [char("ME Wizard")],
                                 adventure={"name": "The Hidden Nest", "played_by": 0}))
    frame = charts.adventure_die_frame(adventure_die_faces(game))
    # by hand (above): face f wins for Player 1 with chance f/6; a 6 flips the ME Wizard
    one = frame.filter(frame["face"] == "1: no flip")
    assert dict(zip(one["outcome"], one["exact"], strict=True)) == {
        "Player 1 wins": "1/6", "Player 2 wins": "5/6"}
    six = frame.filter(frame["face"] == "6: flips ME Wizard")
    assert six["outcome"].to_list() == ["Player 1 wins"] and six["exact"].to_list() == ["1"]
    spec = charts.adventure_die_chart(frame, "The Hidden Nest").to_dict()
    assert spec["mark"]["type"] == "bar" and spec["encoding"]["color"]["field"] == "outcome"


def test_the_play_page_shows_the_faces_not_six_equal_bars() -> None:
    """On the play page, before an ADVENTURE DIE is rolled: the face-by-face table (who wins on
    each face) rather than a chart of six bars of 1/6 each, which says nothing (issue 27)."""
    from explorer.ui.stepper import FOLLOW, Stepper

    stepper = Stepper("rat_king", players=2, seed=0, seats=["human", "human"], compact=True,
                      scenario={"active": 0, "hands": [[], []],
                                "groups": [[char("ME Rogue")], [char("ME Wizard")]],
                                "adventure": {"name": "The Hidden Nest", "played_by": 0}})
    while isinstance(stepper.session.game.pending, Decision):
        stepper.take(next(a for a in stepper.session.game.pending.actions if a.name == "pass"))
    cell = stepper.cell(FOLLOW)
    shown = [*cell.odds_box.children, *cell.figures.children]  # above the action bar
    assert cell.adventure_view in shown and "flips ME Wizard" in cell.adventure_view.value
    assert not any("step-chart" in w._dom_classes for w in shown)
