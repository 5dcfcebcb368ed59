"""Players' words on players' pages (issue 27, item 8): no seed citation, ruling id, identifier,
data notation or command in a play log line, a prompt, a choice, or a teaching paragraph shown
with the "Sources" switch off."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from explorer.engine import new_game
from explorer.engine.bots import make_bot
from explorer.odds import consequences
from explorer.ui.session import PlaySession
from explorer.ui.teaching import (
    SOURCE_CLASS,
    Lesson,
    _rulings,
    example,
    players_html,
    players_ruling,
    ruling_html,
    rulings,
    sources_switch,
)
from explorer.ui.words import developer_words, plain

ROOT = Path(__file__).resolve().parents[1]
TEACHING = sorted((ROOT / "notebooks").glob("teach_*.py"))
# a shown text with its sources hidden: the spans and blocks only the Sources switch shows
HIDDEN = re.compile(rf'<(span|div)\s+class="{SOURCE_CLASS}[^"]*">.*?</\1>', re.S)

# ---- the checker and the filter -------------------------------------------------------------


@pytest.mark.parametrize(("text", "found"), [
    # log lines the games write today (explorer/games/rat_king/common.py, riftforce/turn.py)
    ("Player 2 reaches 7 AP and wins (seed 002, line 8)", ["seed citation: seed 002"]),
    ("Player 1 reached 12 Riftforce at the end of the round (ruling rf-14)",
     ["ruling id: rf-14"]),
    # the issue's own examples of developers' words on players' pages
    ('"Heal +2" is {name = "Heal", bonus = 2}', ['data notation: {name = "Heal", bonus = 2}']),
    ("`type_code` keeps 'L'", ["identifier: type_code", "code: `type_code`"]),
    ("victory_adventure_tokens = 5", ["identifier: victory_adventure_tokens"]),
    ("the interval is extra['interval']",
     ["data notation: ['interval']", "code: extra['interval']"]),
    ("python -m explorer.engine.playthrough rifts --seed 93",
     ["command: python -m"]),
    ("make golden", ["command: make golden"]),
    ("the deck mixes eight kinds of card (lines 7-9)", ["line citation: (lines 7-9)"]),
    # players' words: dice, sums, targets, card names with brackets
    ("Player 1: Morale roll: 7+2 = 9 (9+ needed): succeeds", []),
    ("Play Thugs (Encounter: Enemy Force = 3: Travel, Civilization) on Player 2", []),
    ("Entropists (Red Death) has a Starting Threat of 11", []),
    ("Make the party ready to make up its losses", []),
])
def test_developer_words_names_what_it_finds(text: str, found: list[str]) -> None:
    assert developer_words(text) == found


@pytest.mark.parametrize(("text", "shown"), [
    ("Player 2 reaches 7 AP and wins (seed 002, line 8)", "Player 2 reaches 7 AP and wins"),
    ("Player 1 and Player 3 share the win (seed 002, line 9; ruling rk-32)",
     "Player 1 and Player 3 share the win"),
    ("ME Wizard is set aside, out of the game (ruling rk-23)",
     "ME Wizard is set aside, out of the game"),
    ("Player 1: Heal roll for Vagabond: 14+2 = 16 (16+ needed): succeeds",
     "Player 1: Heal roll for Vagabond: 14+2 = 16 (16+ needed): succeeds"),
])
def test_plain_takes_out_the_sources_and_keeps_the_rest(text: str, shown: str) -> None:
    assert plain(text) == shown


def test_the_checker_and_the_filter_refuse_what_is_not_a_text() -> None:
    with pytest.raises(TypeError, match="takes a text"):
        developer_words(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes a text"):
        plain(3)  # type: ignore[arg-type]


# ---- whole games: every log line every seat reads, every prompt and choice ------------------

GAMES = [("rifts", 2, 1), ("adventurers", 3, 2), ("gamma_world", 2, 1), ("rat_king", 3, 2),
         ("riftforce", 2, 3)]
SAYS = {"riftforce"}


def _played(game_id: str, players: int, seed: int) -> tuple[PlaySession, set[str], set[str]]:
    """A whole game played by heuristic bots in-process, with every prompt and choice label
    the page would show on the way (a chance step's label, outcomes, odds with their
    modifiers and what each outcome does too), and every
    sentence of what a choice leads to (:func:`explorer.odds.consequences`) the deciding seat
    reads beside its choices."""
    session = PlaySession(new_game(game_id, players=players, seed=seed))
    game = session.game
    bots = {s: make_bot(game, "heuristic", seed * 10 + s) for s in range(players)}
    asked: set[str] = set()
    said: set[str] = set()
    while not game.is_over and game.steps < 4000:
        view = session.view(odds=game.is_chance)
        asked.add(view.prompt)
        asked.update(view.choices)
        asked.update(view.effects)
        if view.odds is not None:  # a roll's or draw's odds as the page words them
            asked.update((view.odds.title, view.odds.note, *view.odds.breakdown))
        if not game.is_chance:
            said.update(s for _, s in consequences(game) if s)
        game.step() if game.is_chance else game.step(bots[game.current_player].choose(game))
    assert game.is_over, f"{game_id} did not end in 4000 steps"
    return session, asked, said


@pytest.mark.parametrize(("game_id", "players", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_no_log_line_prompt_or_choice_has_developers_words(game_id: str, players: int,
                                                           seed: int) -> None:
    session, asked, said = _played(game_id, players, seed)
    seen = []
    for seat in range(players):
        session.set_seats(["human" if s == seat else "heuristic" for s in range(players)])
        assert session.viewer == seat
        seen += session.lines(session.game.log)
    assert len(seen) > 100, "the game wrote too few lines to say anything"
    if game_id in SAYS:  # the games whose every turn has a choice with a sentence
        assert len(said) > 10, f"only {len(said)} sentences met in a whole game"
    bad = {line: words for line in {*seen, *asked, *said} if (words := developer_words(line))}
    assert not bad, bad


def test_the_games_still_record_their_sources_in_the_log() -> None:
    # the record keeps the citation (seed 002, line 8: "the first player to get 7 AP wins");
    # only the page's reading of it leaves it out
    session, _, _ = _played("rat_king", 3, 2)
    raw = [e.line(None) or "" for e in session.game.log]
    assert any("(seed 002, line" in line or "(ruling rk-" in line for line in raw)


def test_articles_before_a_vowel() -> None:
    # seed 000: "Equipment" is a deck; the hidden draw reads "an Equipment card"
    session, _, _ = _played("rifts", 2, 1)
    seen = [text for seat in (0, 1) for entry in session.game.log
            if (text := entry.line(seat))]
    assert any("an Equipment card" in line for line in seen)
    assert not [line for line in seen if re.search(r"\ba [AEIOU]\w", line)]


def test_the_foes_starting_threat_is_the_games_line_not_the_attackers() -> None:
    # seed 004, lines 43-44: an opponent plays the Foe and its dice give the Starting Threat
    session, _, _ = _played("gamma_world", 2, 1)
    threats = [e for e in session.game.log if "has a Starting Threat of" in e.text]
    assert threats, "no Foe was played in this game: pick another seed"
    assert all(e.player is None and e.text.startswith("The Foe ") for e in threats)


# ---- teaching pages with the Sources switch off ---------------------------------------------

def _markdown_cells(path: Path) -> list[str]:
    cells, current, markdown = [], [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# %%"):
            if current:
                cells.append("\n".join(current))
            current, markdown = [], "[markdown]" in line
        elif markdown and line.startswith("#"):
            current.append(line[2:])
    if current:
        cells.append("\n".join(current))
    return cells


@pytest.mark.parametrize("path", TEACHING, ids=lambda p: p.stem)
def test_teaching_paragraphs_shown_without_sources_have_no_developers_words(path: Path) -> None:
    cells = _markdown_cells(path)
    hidden = sum(len(HIDDEN.findall(c)) for c in cells)
    assert hidden >= 10, f"{path.name}: only {hidden} sources behind the switch"
    bad = {w for cell in cells for w in developer_words(HIDDEN.sub("", cell))}
    assert not bad, bad


@pytest.mark.parametrize("path", TEACHING, ids=lambda p: p.stem)
def test_each_teaching_page_has_the_sources_switch(path: Path) -> None:
    assert "display(sources_switch())" in path.read_text(encoding="utf-8")


def test_the_sources_switch_is_off_and_hides_the_sources_until_pressed() -> None:
    box = sources_switch()
    toggle, style = box.children[0].children[0], box.children[1]
    assert toggle.description == "Sources" and toggle.value is False
    assert f".{SOURCE_CLASS} {{ display: none; }}" in style.value
    toggle.value = True
    assert "display: none" not in style.value and f"span.{SOURCE_CLASS}" in style.value
    toggle.value = False
    assert f".{SOURCE_CLASS} {{ display: none; }}" in style.value


def test_a_rulings_box_is_closed_and_shows_players_sentences_only() -> None:
    box = rulings("rifts-1", "rk-31").value
    assert "<details" in box and "<details open" not in box
    shown = HIDDEN.sub("", box.split("</style>")[-1])
    assert "Rulings that apply (2)" in shown
    assert html.escape(players_ruling("rifts-1")) in shown
    assert html.escape(players_ruling("rk-31")) in shown
    assert not developer_words(re.sub(r"<[^>]+>", "", shown))
    # the sources are still there for the switch: the seed's words (seed 000, line 46)
    assert "Body Fixer AV 2 Heal +2" in box and "rifts-1" in box
    with pytest.raises(ValueError, match="at least one"):
        rulings()


@pytest.mark.parametrize("ruling", sorted(_rulings()))
def test_every_ruling_shown_to_players_has_no_developers_words(ruling: str) -> None:
    shown = HIDDEN.sub("", ruling_html(ruling))
    assert not developer_words(re.sub(r"<[^>]+>", "", shown)), shown


def test_captions_keep_their_citations_for_the_switch() -> None:
    # a caption of teach_rat_king.py: "Tisha plays Rikki Rogue: her band is worth 5 CP (line 24)"
    text = players_html("Tisha plays Rikki Rogue: her band is worth 5 CP (line 24)")
    assert HIDDEN.sub("", text) == "Tisha plays Rikki Rogue: her band is worth 5 CP"
    assert f'<span class="{SOURCE_CLASS}"> (line 24)</span>' in text


def test_an_examples_caption_keeps_its_citation_for_the_switch() -> None:
    # teach_rat_king.py's caption of the rulebook's example at seed 002, line 39
    shown = example("rat_king", None, "An Urk among the Dwarphs (line 39)", players=2)
    assert HIDDEN.sub("", shown.caption.value) == "<b>An Urk among the Dwarphs</b>"
    assert "(line 39)" in shown.caption.value


def test_a_lesson_shows_its_log_in_players_words() -> None:
    lesson = Lesson("rat_king-seed11.json")
    steps = [n for n in range(1, len(lesson.replay) + 1)
             if any("(seed 002" in (e.line(None) or "") or "(ruling rk-" in (e.line(None) or "")
                    for e in lesson.replay.at(n + 1).log[len(lesson.replay.at(n).log):])][:3]
    assert steps, "the lesson's game writes no cited line: pick another check"
    for number in steps:
        where, asked, lines, _ = lesson.step_text(number)
        assert not [w for text in (where, asked, *lines) for w in developer_words(text)]


def test_the_check_and_draw_odds_say_an_air_card() -> None:
    # Riftforce's Check & Draw odds name each guild of the player: "an Air card", "a Fire card"
    from explorer.odds.decisions import choices

    # a scenario in the README's form: Player 1 holds one card, so Check & Draw is allowed
    game = new_game("riftforce", seed=1, scenario={
        "guilds": [["Fire", "Water", "Air", "Earth"], ["Light", "Ice", "Plant", "Crystal"]],
        "first": 0, "active": 0, "riftforce": [3, 5], "hands": [["Fire 5"], ["Ice 7"]],
        "board": [[["Fire 5/2"], ["Ice 6"]], [[], []], [[], []], [[], []], [[], []]]})
    rows = [name for _, odds in choices(game) if odds is not None for name, _ in odds.outcomes]
    assert "an Air card" in rows and "a Fire card" in rows, rows


# ---- teaching pages as a reader sees them: every output, Sources off ------------------------

def _code_cells(path: Path) -> list[str]:
    """The code cells of a py:percent notebook, in order."""
    cells, current, code = [], [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# %%"):
            if code and current:
                cells.append("\n".join(current))
            current, code = [], "[markdown]" not in line
        elif code:
            current.append(line)
    if code and current:
        cells.append("\n".join(current))
    return cells


def _outputs(path: Path) -> list[object]:
    """What each code cell of a teaching page shows, run in this process as the kernel runs
    it: whatever it passes to ``display`` and the value of its last expression."""
    import ast

    import IPython.display

    shown: list[object] = []
    namespace: dict[str, object] = {"__name__": "__main__"}
    real = IPython.display.display
    IPython.display.display = lambda *objects, **_: shown.extend(objects)
    try:
        for cell in _code_cells(path):
            tree = ast.parse(cell)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, str(path), "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
                if value is not None:
                    shown.append(value)
    finally:
        IPython.display.display = real
    return shown


def _without_sources(markup: str) -> str:
    """An HTML text as a reader sees it with the Sources switch off: the styles and what only
    the switch shows taken out, then the tags; entities read as characters."""
    markup = re.sub(r"<style>.*?</style>", "", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", HIDDEN.sub("", markup)))


def _texts(shown: object) -> list[str]:
    """Every text an output shows with Sources off: HTML boxes, widgets' texts, labels and
    choices; a lesson's every step (where, what was asked, what it did) and note; an
    example's caption and, started, its live step with its choices and their sentences."""
    import ipywidgets as widgets

    from explorer.ui.teaching import Example, Panel

    found: list[str] = []
    if isinstance(shown, Lesson):
        for number in range(1, len(shown.replay) + 1):
            where, asked, lines, _ = shown.step_text(number)
            found += [where, asked, *lines]
        found += list(shown.commentary.values())
    if isinstance(shown, Example):
        stepper = shown.start()
        found += [line for line in stepper.session.lines(stepper.session.game.log)]
        view = stepper.session.view(odds=False)
        found += [view.prompt, *view.choices]
        found += [s for s in stepper.session.consequences().values() if s]
    if isinstance(shown, Panel):
        found.append(_without_sources(shown.value))
    elif isinstance(shown, widgets.HTML):
        found.append(_without_sources(shown.value))
    elif hasattr(shown, "_repr_html_") and not isinstance(shown, widgets.Widget):
        found.append(_without_sources(shown._repr_html_() or ""))
    elif isinstance(shown, widgets.Widget):
        description = getattr(shown, "description", None)
        if isinstance(description, str):
            found.append(description)
        found += [str(label) for label in getattr(shown, "_options_labels", ()) or ()]
    for child in getattr(shown, "children", ()) or ():
        found += _texts(child)
    return found


@pytest.mark.parametrize("path", TEACHING, ids=lambda p: p.stem)
def test_every_output_of_a_teaching_page_shown_without_sources_is_in_players_words(
        path: Path) -> None:
    shown = _outputs(path)
    texts = [t for output in shown for t in _texts(output)]
    assert len(texts) > 100, f"{path.name}: too little shown to say anything"
    from explorer.ui.teaching import Example

    assert any(isinstance(o, Lesson) for o in shown) and any(isinstance(o, Example)
                                                              for o in shown)
    bad = {text.strip()[:160]: words for text in texts if (words := developer_words(text))}
    assert not bad, bad
