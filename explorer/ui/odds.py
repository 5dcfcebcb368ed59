"""The odds dashboards: Rifts rolls and battles, Adventurers escapes, Gamma World captures.

>>> from explorer.ui.odds import RiftsOdds, AdventurersOdds, GammaWorldOdds
>>> RiftsOdds()          # the last line of a notebook cell displays it

The figures come from :mod:`explorer.odds` and the charts from :mod:`explorer.ui.charts`;
this module only composes widgets and wires them. Every widget value is untrusted (a client can
set any trait): it is checked before anything is computed, and a refused value is put back as
it was, with a message saying why, and every figure left as it was.
"""

from __future__ import annotations

import asyncio
import html
import re
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import altair as alt
import ipywidgets as widgets
import polars as pl

from explorer import cards
from explorer.errors import ExplorerError
from explorer.games.rifts.data import rifts_data
from explorer.odds import Odds, gamma_world, rifts
from explorer.ui import MessageArea, enable_offline_charts, log
from explorer.ui import charts as odds_charts
from explorer.ui.faces import FACE_STYLE, face
from explorer.ui.guard import held

EMBED = {"renderer": "svg", "actions": False}
"""How the odds dashboards' charts are embedded: SVG, without Vega's action menu."""
NONE = ""
"""A dropdown's value for "none"."""

_STYLE = """
<style>
.odds-table { border-collapse: collapse; font-family: sans-serif; font-size: 13px; }
.odds-table th { background: #e2e8f0; text-align: left; padding: 3px 8px; }
.odds-table td { padding: 3px 8px; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
.odds-table td.odds-percent { font-weight: bold; text-align: right; }
.odds-table td.odds-exact { font-family: monospace; }
.odds-table .odds-breakdown { color: #334155; font-size: 12px; }
.odds-table .odds-breakdown div { white-space: nowrap; }
.odds-scroll { max-height: 460px; overflow: auto; }
.odds-note { color: #475569; font-size: 12px; font-family: sans-serif; }
.rifts-odds-cards .jupyter-widget-tag-close::before { content: "\\00d7"; font-style: normal;
  font-family: sans-serif; font-weight: bold; }
.odds-stale { color: #b45309; font-size: 12px; font-family: sans-serif; }
</style>
"""


def _chart(chart: alt.Chart | alt.LayerChart, css: str) -> alt.JupyterChart:
    widget = alt.JupyterChart(chart, embed_options=EMBED)
    widget.add_class(css)
    return widget


def _percent(p: Fraction | float) -> str:
    return f"{float(p):.1%}"


class OddsInputError(ExplorerError, ValueError):
    """A control's value that no control could have made; says what is wrong."""


class _OddsView(widgets.VBox):
    """Shared plumbing: a message area, guarded callbacks, and put-back of refused values."""

    SNAPSHOT_TRAITS = ("min", "max", "allowed_tags", "value")

    def _setup(self) -> None:
        enable_offline_charts()
        self.message = MessageArea()
        self._quiet = False
        self._controls: list[widgets.Widget] = []
        self._snapshot: list[tuple[widgets.Widget, str, Any]] = []

    def _watch(self, control: widgets.Widget, callback: Callable[[], None]) -> None:
        """Run ``callback`` (guarded) when ``control``'s value changes, unless the view is
        putting values back itself."""
        guarded = self.message.guard(callback)

        def changed(_: Any) -> None:
            if not self._quiet:
                guarded()

        control.observe(changed, names="value")
        self._controls.append(control)

    def _set(self, control: widgets.Widget, **traits: Any) -> None:
        """Set traits without triggering the view's callbacks."""
        quiet, self._quiet = self._quiet, True
        try:
            for name, value in traits.items():
                if getattr(control, name) != value:
                    setattr(control, name, value)
        finally:
            self._quiet = quiet

    def _keep(self) -> None:
        """Remember every control's values as the last good ones."""
        self._snapshot = [(c, t, getattr(c, t)) for c in self._controls
                          for t in self.SNAPSHOT_TRAITS if c.has_trait(t)]

    def _put_back(self) -> None:
        """Put every control back to its last good values."""
        for control, trait, value in self._snapshot:
            try:
                self._set(control, **{trait: value})
            except Exception:  # a value the widget refuses now: leave it
                continue

    def refresh(self) -> None:
        """Recompute every figure from the controls; a refused value changes nothing."""
        self._guarded_update(self._update)

    def _update(self) -> None:
        """Read the controls and redraw the figures (each dashboard its own)."""
        raise NotImplementedError

    def _guarded_update(self, work: Callable[[], None]) -> None:
        """Run ``work``; on any error put the controls back (the figures were not touched) and
        let the error reach the message area."""
        try:
            work()
        except Exception:
            self._put_back()
            raise
        self._keep()


def _member_value(control: widgets.Dropdown, known: set[str]) -> str:
    value = control.value
    if value is None or value == NONE:
        return NONE
    if not isinstance(value, str) or value not in known:
        raise OddsInputError(f"no Character named {value!r}")
    return value


def _integer(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise OddsInputError(f"{name} must be a whole number from {low} to {high}; "
                             f"found {value!r}")
    return value


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise OddsInputError(f"{name} must be on or off; found {value!r}")
    return value


def _choice(value: Any, name: str, allowed: Sequence[Any]) -> Any:
    if value not in allowed:
        raise OddsInputError(f"{name}: {value!r} is not one of the choices")
    return value


# ---- Rifts ---------------------------------------------------------------------------------

CHECKS = {
    "survival": "Survival (travel)",
    "escape": "Escape",
    "supply": "Supply",
    "heal": "Heal (each roll)",
    "encounter": "Encounter (meets a foe)",
    "morale": "Morale (routs the foe)",
}
"""The Rifts checks the dashboard offers, by kind, with their names on the page."""
TABLES = {"mission": "Mission (table)", "hit": "Hit Result (table)"}
"""The Rifts table rolls the dashboard offers, by kind."""
OUTCOMES = {  # data/rifts/rolls.toml, each roll's note (seed 000 lines 296-515)
    "survival": ("the party travels without incident", "roll on the Hazard Table"),
    "escape": ("the party escapes", "it must fight"),
    "supply": ("the party may Resupply", "no Resupply this turn"),
    "heal": ("the Character is fully Healed", "its wounds stay"),
    "encounter": ("a Foe card is turned over and fought", "no Foe is met"),
    "morale": ("the Foes run away", "they fight on"),
    "mission": ("read the Mission Table (see its chart)", ""),
    "hit": ("read the Hit Result Table (see its chart)", ""),
}
"""What each roll's success and failure do, in the rules' words."""


def outcome_words(kind: str, p: Any) -> str:
    """A roll's chance with what success and failure do: "25%: the Character is fully Healed;
    otherwise its wounds stay"."""
    success, failure = OUTCOMES[kind]
    if p is None:
        return success[:1].upper() + success[1:]
    return f"{_percent(p)}: {success}" + (f"; otherwise {failure}" if failure else "")


_REASON = re.compile(r"(?P<total>[+-]\d+) (?P<who>[^:]+): (?P<ability>[^+()]+?) "
                     r"\+(?P<bonus>\d+)(?P<via> \(via [^)]*\))?(?P<where> at an? [\w -]+)?$")


def modifier_words(line: str) -> str:
    """One modifier of a roll, readable: where a rule's bonus and a card's bonus add up
    ("+4 Wilderness Scout: Wilderness +2 at a Wilderness location"), each is said with its
    reason ("+4 Wilderness Scout: +2 for Wilderness at a Wilderness location, and +2 more for
    the Wilderness +2 on its card"). Other lines are kept as they are."""
    found = _REASON.fullmatch(line)
    if found is None:
        return line
    total, bonus = int(found["total"]), int(found["bonus"])
    if total == bonus:
        return line
    ability, where, via = found["ability"].strip(), found["where"] or "", found["via"] or ""
    return (f"{total:+d} {found['who']}: {total - bonus:+d} for {ability}{where}{via}, "
            f"and +{bonus} more for the {ability} +{bonus} on its card")
PARTY_ROWS = 8
"""The most party members the Rifts dashboard takes."""
MODIFIER_RANGE = (-10, 10)
"""The extra modifier a Rifts dashboard roll may be given, lowest and highest."""
TOKENS_RANGE = (0, 12)
"""The Adventure Tokens a Rifts dashboard party may hold, fewest and most."""
BATTLE_RUNS = (200, 1000, 2000, 5000)
"""The numbers of playouts a Rifts battle estimate may be asked for."""


def aid_card_label(name: str) -> str:
    """An Aid card as the page writes it: "Impervious (Magic)" for ``Magic:Impervious`` (a
    name two decks share), the plain name otherwise."""
    deck, _, card = name.rpartition(":")
    return f"{card} ({deck})" if deck else card


def aid_card_names() -> list[str]:
    """Every Aid card a Character can carry, as :func:`explorer.odds.rifts.roll` reads it:
    the plain name, or ``Deck:Name`` for a name two decks share."""
    data = rifts_data()
    decks = ("Equipment", "Magic", "Psionic")
    seen = Counter(name for deck in decks for name in data.aid[deck])
    return sorted(name if seen[name] == 1 else f"{deck}:{name}"
                  for deck in decks for name in data.aid[deck])


def rolls_html(odds: dict[str, Odds]) -> str:
    """The table of every roll: its chance as a percent and as the exact fraction, the total
    modifier and each modifier with its reason. Rows carry ``data-kind`` and, for checks,
    ``data-exact``; cells the classes ``odds-percent``, ``odds-exact``, ``odds-modifier`` and
    ``odds-breakdown`` (stable selectors for tests)."""
    rows = []
    for kind, label in {**CHECKS, **TABLES}.items():
        item = odds[kind]
        lines = "".join(f"<div>{html.escape(modifier_words(b))}</div>"
                        for b in item.breakdown) or "<div>-</div>"
        if item.p is not None:
            percent, exact = _percent(item.p), str(item.p)
            data = f' data-exact="{exact}"'
        else:
            percent, exact, data = "see chart", "table", ""
        rows.append(
            f'<tr class="odds-roll" data-kind="{kind}"{data}>'
            f"<td>{html.escape(label)}</td>"
            f'<td class="odds-percent">{percent}</td><td class="odds-exact">{exact}</td>'
            f'<td class="odds-means">{html.escape(outcome_words(kind, item.p))}</td>'
            f'<td class="odds-modifier">{item.modifier:+d}</td>'
            f'<td class="odds-title">{html.escape(item.title)}</td>'
            f'<td class="odds-breakdown">{lines}</td></tr>')
    return ('<table class="odds-table"><thead><tr><th>roll</th><th>chance</th><th>exact</th>'
            "<th>what it does</th><th>modifier</th><th>dice</th><th>modifiers and reasons</th>"
            "</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def battle_note(runs: int) -> str:
    """How a simulated battle's chances were found, in players' words."""
    return (f"Monte Carlo estimate: {runs} fights played out by the rules, each chance with "
            "its 95% interval (the true chance lies inside it 19 times in 20)")


def battle_html(odds: Odds, escape: bool = False) -> str:
    """Victory, escape and Wiped Out with their 95% intervals, labelled as Monte Carlo."""
    tactic = ("the party tries to escape when the computer player would" if escape else
              "the party fights on and never tries to escape")
    rows = []
    runs = int(odds.extra["runs"])
    for name, p in odds.outcomes:
        low, high = odds.extra["interval"][name]
        rows.append(
            f'<tr class="battle-outcome" data-outcome="{html.escape(name)}">'
            f"<td>{html.escape(name)}</td><td class=\"odds-percent\">{_percent(p)}</td>"
            f'<td class="battle-interval">{low:.1%} to {high:.1%}</td>'
            f'<td class="odds-exact">{odds.extra["counts"]["outcomes"].get(name, 0)} of {runs}'
            "</td></tr>")
    return (f"<div><b>{html.escape(odds.title)}</b></div>"
            f'<div class="odds-note battle-note">{html.escape(battle_note(runs))}; {tactic}.'
            "</div>"
            '<table class="odds-table"><thead><tr><th>outcome</th><th>estimate</th>'
            "<th>95% interval</th><th>fights</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


class RiftsOdds(_OddsView):
    """Build a Rifts party, pick a location and a situation; see every roll's exact odds,
    the Mission, Hit Result and Hazard tables as charts, and simulate a battle."""

    def __init__(self, party: Sequence[str] = ("Wilderness Scout", "Vagabond"),
                 location: str = "Farms", **kwargs: Any) -> None:
        self._setup()
        self.data = rifts_data()
        self._characters = set(self.data.characters)
        self._cards = [aid_card_label(n) for n in aid_card_names()]
        self._card_set = set(self._cards)
        self._card_names = {aid_card_label(n): n for n in aid_card_names()}
        self.odds: dict[str, Odds] = {}
        self.battle_odds: Odds | None = None
        self._battle_inputs: tuple[Any, ...] | None = None

        character_options = [("(none)", NONE), *((n, n) for n in self.data.characters)]
        self.members: list[widgets.Dropdown] = []
        self.attached: list[widgets.TagsInput] = []
        self.rows: list[widgets.HBox] = []
        for index in range(PARTY_ROWS):
            member = widgets.Dropdown(options=character_options, value=NONE,
                                      description=f"Character {index + 1}",
                                      layout=widgets.Layout(width="300px"))
            member.add_class("rifts-odds-member")
            member.add_class(f"rifts-odds-member-{index}")
            cards_input = widgets.TagsInput(value=[], allowed_tags=self._cards,
                                            allow_duplicates=False,
                                            placeholder="attach Aid cards (type a name)",
                                            layout=widgets.Layout(width="520px"))
            cards_input.add_class("rifts-odds-cards")
            cards_input.add_class(f"rifts-odds-cards-{index}")
            self.members.append(member)
            self.attached.append(cards_input)
            self.rows.append(widgets.HBox([member, cards_input]))
        for member, name in zip(self.members, party, strict=False):
            member.value = name

        self.location = widgets.Dropdown(
            description="Location",
            options=[(f"{n} ({loc.type})", n) for n, loc in self.data.locations.items()],
            value=location, layout=widgets.Layout(width="360px"))
        self.location.add_class("rifts-odds-location")
        self.modifier = widgets.IntSlider(value=0, min=MODIFIER_RANGE[0], max=MODIFIER_RANGE[1],
                                          description="Other modifier",
                                          continuous_update=False,
                                          style={"description_width": "initial"})
        self.modifier.add_class("rifts-odds-modifier")
        self.supplied = self._checkbox("supplied here last turn (Supply -5)",
                                       "rifts-odds-supplied")
        foe_options = [("(no foe chosen)", NONE), *((n, n) for n in self.data.foes)]
        self.morale_foe = widgets.Dropdown(description="Morale vs", options=foe_options,
                                           value=NONE, layout=widgets.Layout(width="320px"))
        self.morale_foe.add_class("rifts-odds-morale-foe")
        self.tokens = widgets.IntSlider(value=0, min=TOKENS_RANGE[0], max=TOKENS_RANGE[1],
                                        description="tokens destroyed",
                                        continuous_update=False,
                                        style={"description_width": "initial"})
        self.tokens.add_class("rifts-odds-tokens")
        self.below_half = self._checkbox("foe below half its tokens", "rifts-odds-below-half")
        self.show_fear = self._checkbox("Show Fear (Combat Event)", "rifts-odds-show-fear")
        self.target = widgets.Dropdown(description="Hit target",
                                       options=[("(any Character)", NONE)], value=NONE,
                                       layout=widgets.Layout(width="320px"))
        self.target.add_class("rifts-odds-target")
        self.tough = self._checkbox("Tough (+1)", "rifts-odds-tough")

        self.rolls = widgets.HTML()
        self.rolls.add_class("rifts-odds-rolls")
        hazard_rows = self.data.tables["hazard"]
        count, sides, _, _ = self.data.roll("Hazard")
        self.hazard_odds = odds_charts.plain_table_odds("Hazard", count, sides, "hazard",
                                                        hazard_rows)
        self.mission_chart = _chart(alt.Chart().mark_point(), "rifts-odds-mission-chart")
        self.hit_chart = _chart(alt.Chart().mark_point(), "rifts-odds-hit-chart")
        self.hazard_chart = _chart(
            odds_charts.consequence_chart(
                odds_charts.consequence_frame(self.hazard_odds, hazard_rows),
                f"A failed Survival roll: the Hazard Table ({count}D{sides})", width=300),
            "rifts-odds-hazard-chart")

        self.battle_foe = widgets.Dropdown(description="Battle vs",
                                           options=list(self.data.foes), value="Wolfen",
                                           layout=widgets.Layout(width="320px"))
        self.battle_foe.add_class("rifts-odds-battle-foe")
        self.battle_runs = widgets.Dropdown(description="fights", options=BATTLE_RUNS,
                                            value=1000, layout=widgets.Layout(width="180px"))
        self.battle_runs.add_class("rifts-odds-battle-runs")
        self.battle_escape = self._checkbox("the party may try to escape",
                                            "rifts-odds-battle-escape")
        self.battle_button = widgets.Button(description="Simulate battle", icon="play",
                                            button_style="primary")
        self.battle_button.add_class("rifts-odds-battle-run")
        self.battle_progress = widgets.IntProgress(value=0, min=0, max=BATTLE_RUNS[0],
                                                   description="fights",
                                                   layout=widgets.Layout(width="360px"))
        self.battle_progress.add_class("rifts-odds-battle-progress")
        self.battle_results = widgets.HTML(
            '<div class="odds-note">Pick a foe and press <b>Simulate battle</b>: a Monte Carlo '
            "estimate through the game engine (a Rifts battle has no bounded chance tree).</div>")
        self.battle_results.add_class("rifts-odds-battle-results")
        self.battle_charts = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))

        self._wire()
        super().__init__(children=[
            widgets.HTML(_STYLE),
            widgets.HTML("<b>Party</b> (up to 8 Characters; attach cards by name)"),
            *self.rows,
            widgets.HBox([self.location, self.modifier]),
            widgets.HBox([self.supplied, self.target, self.tough]),
            widgets.HBox([self.morale_foe, self.tokens, self.below_half, self.show_fear]),
            self.message,
            self.rolls,
            widgets.HBox([self.mission_chart, self.hit_chart, self.hazard_chart],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML("<b>Battle</b>"),
            widgets.HBox([self.battle_foe, self.battle_runs, self.battle_escape]),
            widgets.HBox([self.battle_button, self.battle_progress]),
            self.battle_results,
            self.battle_charts,
        ], **kwargs)
        self.add_class("rifts-odds")
        self.refresh()

    @staticmethod
    def _checkbox(label: str, css: str) -> widgets.Checkbox:
        box = widgets.Checkbox(value=False, description=label, indent=False,
                               layout=widgets.Layout(width="auto"))
        box.add_class(css)
        return box

    def _wire(self) -> None:
        for control in (*self.members, *self.attached, self.location, self.modifier,
                        self.supplied, self.morale_foe, self.tokens, self.below_half,
                        self.show_fear, self.target, self.tough):
            self._watch(control, self.refresh)
        for control in (self.battle_foe, self.battle_runs, self.battle_escape):
            self._watch(control, self.refresh)
        self.battle_button.on_click(self.message.guard(lambda _: self.run_battle()))

    # ---- reading the controls ------------------------------------------------------------

    def party(self) -> list[str | tuple[str, list[str]]]:
        """The party as :func:`explorer.odds.rifts.roll` takes it, from the controls."""
        party: list[str | tuple[str, list[str]]] = []
        for index, (member, attached) in enumerate(zip(self.members, self.attached,
                                                       strict=True)):
            name = _member_value(member, self._characters)
            cards_held = list(attached.value)
            unknown = [c for c in cards_held if not isinstance(c, str) or c not in self._card_set]
            if unknown:
                raise OddsInputError(f"Character {index + 1}: no Aid card named {unknown[0]!r}")
            if len(cards_held) > 12:
                raise OddsInputError(f"Character {index + 1}: at most 12 attached cards")
            if name == NONE:
                if cards_held:
                    raise OddsInputError(f"row {index + 1}: pick a Character for these cards")
                continue
            held = [self._card_names[c] for c in cards_held]
            party.append((name, held) if held else name)
        return party

    def situation(self, party_names: Sequence[str]) -> dict[str, dict[str, Any]]:
        """The situation keywords of every kind of roll, from the controls."""
        modifier = _integer(self.modifier.value, "the other modifier", *MODIFIER_RANGE)
        tokens = _integer(self.tokens.value, "tokens destroyed", *TOKENS_RANGE)
        supplied = _flag(self.supplied.value, "supplied here last turn")
        below_half = _flag(self.below_half.value, "below half")
        show_fear = _flag(self.show_fear.value, "Show Fear")
        tough = _flag(self.tough.value, "Tough")
        foe = _choice(self.morale_foe.value, "morale foe", [NONE, *self.data.foes])
        target = self.target.value if self.target.value in party_names else NONE
        base = {"modifier": modifier}
        morale = {**base, "tokens_destroyed": tokens, "below_half": below_half,
                  "show_fear": show_fear, **({"foe": foe} if foe else {})}
        hit = {**base, "tough": tough, **({"target": target} if target else {})}
        return {"supply": {**base, "supplied_here_last_turn": supplied}, "morale": morale,
                "hit": hit, **{k: base for k in ("survival", "escape", "mission", "heal",
                                                 "encounter")}}

    def location_name(self) -> str:
        return _choice(self.location.value, "location", list(self.data.locations))

    # ---- callbacks ----------------------------------------------------------------------------

    def _update(self) -> None:
        party = self.party()
        location = self.location_name()
        names = [m if isinstance(m, str) else m[0] for m in party]
        situation = self.situation(names)
        odds = {kind: rifts.roll(kind, party, location, **situation[kind])
                for kind in (*CHECKS, *TABLES)}
        battle = self.battle_inputs(party, location)
        # every figure is computed: now change what the page shows
        self.odds = odds
        self.rolls.value = rolls_html(odds)
        for chart, kind, table in ((self.mission_chart, "mission", "Mission Table"),
                                   (self.hit_chart, "hit", "Hit Result Table")):
            count, sides, _, _ = self.data.roll(rifts.KINDS[kind])
            modifier = odds[kind].modifier
            dice = f"{count}D{sides}" + (f" {modifier:+d}" if modifier else "")
            chart.chart = odds_charts.outcome_chart(odds[kind], f"{table} ({dice})", width=300)
        self._set(self.target, options=[("(any Character)", NONE), *((n, n) for n in names)],
                  value=situation["hit"].get("target", NONE))
        last = max([i for i, m in enumerate(self.members) if m.value != NONE], default=-1)
        for index, row in enumerate(self.rows):
            row.layout.display = None if index <= max(1, last + 1) else "none"
        if self.battle_odds is not None:
            stale = "" if battle == self._battle_inputs else (
                '<div class="odds-stale">The party, location or battle settings changed: '
                "these figures are for the last battle simulated; press Simulate battle "
                "again.</div>")
            self.battle_results.value = stale + battle_html(self.battle_odds,
                                                            self._battle_inputs[-1])

    def battle_inputs(self, party: list[Any], location: str) -> tuple[Any, ...]:
        """The battle's inputs, from the controls: party, location, foe, fights, escape."""
        foe = _choice(self.battle_foe.value, "foe", list(self.data.foes))
        runs = _choice(self.battle_runs.value, "fights", BATTLE_RUNS)
        escape = _flag(self.battle_escape.value, "may escape")
        return party, location, foe, runs, escape

    def run_battle(self) -> None:
        """Simulate battles of the party against the chosen foe, in batches, showing
        progress; the result is labelled as a Monte Carlo estimate with its intervals."""
        self._guarded_update(self._battle)

    def _battle(self) -> None:
        inputs = self.battle_inputs(self.party(), self.location_name())
        party, location, foe, runs, escape = inputs
        if not party:
            raise OddsInputError("a battle needs at least one Character in the party")
        with held(self.battle_button):  # the clicks queued up behind this one are refused
            self.battle_progress.value = 0
            self.battle_progress.max = runs

            def tick(done: int, total: int) -> None:
                if done % 50 == 0 or done == total:
                    self.battle_progress.value = done

            result = rifts.battle(party, foe, location, runs=runs, seed=0, escape=escape,
                                  progress=tick)
            self.battle_odds = result
            self._battle_inputs = inputs
            self.battle_results.value = battle_html(result, escape)
            charts = (odds_charts.battle_chart(result, width=360),
                      odds_charts.wounds_chart(result, width=300))
            if not self.battle_charts.children:
                self.battle_charts.children = (_chart(charts[0], "rifts-odds-battle-chart"),
                                               _chart(charts[1], "rifts-odds-wounds-chart"))
            else:
                for widget, chart in zip(self.battle_charts.children, charts, strict=True):
                    widget.chart = chart


# ---- Adventurers ----------------------------------------------------------------------------

WEAPON_CASES = {"both": ("without a weapon", "with a weapon"),
                "without": ("without a weapon",), "with": ("with a weapon",)}
"""The Adventurers escape chart's weapon cases."""


ESCAPE_MEANS = ("Each percent is your chance to escape: you discard the Encounter. Otherwise "
                "(a tie or less) the Encounter stays in front of you.")
"""What an Escape roll's success and failure do (the Adventurers rules, lines 71-72)."""


def escape_html(frame: pl.DataFrame, cases: Sequence[str]) -> str:
    """The escape table: one row per encounter (``data-encounter``), the best chance first, a
    column per weapon case with the percent and exact fraction (cells ``data-case`` and
    ``data-exact``)."""
    head = "".join(f"<th>{html.escape(c)}</th><th>dice</th>" for c in cases)
    rows = []
    # the best chance first (of the first case shown), the seed's order among equals
    order = (frame.filter(pl.col("weapon") == cases[0])
             .sort("probability", descending=True, maintain_order=True)["encounter"])
    for name in order.unique(maintain_order=True):
        part = frame.filter(pl.col("encounter") == name)
        first = part.row(0, named=True)
        cells = []
        for case in cases:
            row = part.filter(pl.col("weapon") == case).row(0, named=True)
            title = html.escape(row["breakdown"] or "no modifiers")
            cells.append(
                f'<td class="odds-percent adv-odds-cell" data-case="{html.escape(case)}" '
                f'data-exact="{row["exact"]}" title="{title}">{_percent(row["probability"])}'
                f' <span class="odds-exact">({row["exact"]})</span></td>'
                f'<td class="odds-breakdown">{html.escape(row["dice"])}</td>')
        rows.append(f'<tr class="adv-odds-row" data-encounter="{html.escape(name)}">'
                    f"<td>{html.escape(name)}</td><td>{html.escape(first['kind'])}</td>"
                    f"<td>{first['force']}</td>{''.join(cells)}</tr>")
    return ('<div class="odds-scroll"><table class="odds-table"><thead><tr><th>encounter</th>'
            f"<th>kind</th><th>Force</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
            "</table></div>")


class AdventurersOdds(_OddsView):
    """Escape odds for every Encounter card, for a chosen profession, with and without a
    played weapon card, as a chart and a table."""

    def __init__(self, profession: str | None = None, **kwargs: Any) -> None:
        self._setup()
        self._professions = cards.load("adventurers", "professions")["name"].to_list()
        self.frame = pl.DataFrame()
        self.profession = widgets.Dropdown(
            description="Profession", options=[("(no profession)", NONE),
                                               *((p, p) for p in self._professions)],
            value=profession or NONE, layout=widgets.Layout(width="320px"))
        self.profession.add_class("adv-odds-profession")
        self.weapon = widgets.ToggleButtons(
            options=[("with and without", "both"), ("no weapon", "without"),
                     ("a weapon card (+1D6)", "with")], value="both",
            style={"button_width": "auto"})
        self.weapon.add_class("adv-odds-weapon")
        self.foe_weapon = widgets.ToggleButton(
            value=False, description="opponent attaches a weapon (Person +1D6)",
            layout=widgets.Layout(width="auto"))
        self.foe_weapon.add_class("adv-odds-foe-weapon")
        self.summary = widgets.HTML()
        self.summary.add_class("adv-odds-summary")
        self.chart = _chart(alt.Chart().mark_point(), "adv-odds-chart")
        self.table = widgets.HTML()
        self.table.add_class("adv-odds-table")
        self.face = widgets.HTML()
        self.face.add_class("adv-odds-face")
        for control in (self.profession, self.weapon, self.foe_weapon):
            self._watch(control, self.refresh)
        super().__init__(children=[
            widgets.HTML(_STYLE + FACE_STYLE),
            widgets.HBox([self.profession, self.foe_weapon]),
            self.weapon,
            self.message,
            widgets.HBox([self.summary, self.face]),
            widgets.HBox([self.chart, self.table], layout=widgets.Layout(flex_flow="row wrap")),
        ], **kwargs)
        self.add_class("adventurers-odds")
        self.refresh()

    def _update(self) -> None:
        profession = _choice(self.profession.value, "profession", [NONE, *self._professions])
        cases = WEAPON_CASES[_choice(self.weapon.value, "weapon", list(WEAPON_CASES))]
        foe_weapon = _flag(self.foe_weapon.value, "opponent's weapon")
        frame = odds_charts.escape_frame(profession or None, foe_weapon)
        shown = frame.filter(pl.col("weapon").is_in(list(cases)))
        who = profession or "no profession"
        self.frame = frame
        self.face.value = face("adventurers", profession, "professions") if profession else ""
        self.chart.chart = odds_charts.escape_chart(
            shown, f"Chance to escape each encounter ({who})", width=360)
        self.table.value = escape_html(shown, cases)
        means = ", ".join(
            f"{case}: {shown.filter(pl.col('weapon') == case)['probability'].mean():.1%}"
            for case in cases)
        self.summary.value = (
            f'<div class="odds-note">Escape 3D6 (+1D6 per weapon card, never against traps; '
            f"+1D6 for the profession's advantage where it applies) must beat the encounter's "
            f"Force in D6, strictly. Exact odds (icepool). Average over the "
            f"{shown['encounter'].n_unique()} encounters, {html.escape(who)}: {means}.</div>"
            f'<div class="odds-note adv-odds-means">{html.escape(ESCAPE_MEANS)}</div>')


# ---- Gamma World ----------------------------------------------------------------------------

FORCE_RANGE = (0, 6)
"""The Force of the Gamma World heat map's follower, lowest and highest."""
HITS_RANGE = (1, 5)
"""The Hits of the Gamma World heat map's follower, fewest and most."""

_GW_STYLE = """
<style>
.gw-odds-computing { min-height: 300px; padding: 12px; box-sizing: border-box; color: #1e3a8a;
  font-family: sans-serif; font-size: 14px; }
.gw-odds-computing .gw-odds-spinner { display: inline-block; width: 14px; height: 14px;
  margin-right: 8px; vertical-align: -2px; border: 2px solid #93c5fd;
  border-top-color: #1d4ed8; border-radius: 50%; animation: gw-odds-spin 0.8s linear infinite; }
@keyframes gw-odds-spin { to { transform: rotate(360deg); } }
</style>
"""

_CAPTURE_FRAMES: dict[tuple[int, int], tuple[pl.DataFrame, float]] = {}
"""Heat maps computed in this kernel: (Force, hits) -> (frame, error bound of every cell)."""

_GW_WORKER: list[ThreadPoolExecutor] = []
_GW_QUEUED = [0]  # requests a viewer waits for, submitted and not yet started
_GW_WARMING = [False]  # whether the worker has solving ahead to do
_GW_LOCK = threading.Lock()


def _gw_worker() -> ThreadPoolExecutor:
    """The one thread that solves heat maps off the kernel's message loop (made on first use;
    one solve at a time, so solves never compete for the interpreter)."""
    if not _GW_WORKER:
        _GW_WORKER.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="gw-odds"))
    return _GW_WORKER[0]


def _gw_waiting() -> bool:
    """Whether a viewer's request waits behind the worker's current job."""
    return _GW_QUEUED[0] > 0


def capture_frame(force: int, hits: int,
                  stop: Callable[[], bool] | None = None) -> tuple[pl.DataFrame, float]:
    """The heat map's cells for identical (``force``, ``hits``) followers: one row per cell
    (``followers``, ``threat``, ``column``, ``probability``), from
    :func:`explorer.odds.gamma_world.capture_grid`, and the error bound of every cell. Kept
    for the session."""
    found = _CAPTURE_FRAMES.get((force, hits))
    if found is not None:
        return found
    grid = gamma_world.capture_grid((force, hits), odds_charts.FOLLOWERS, odds_charts.THREATS,
                                    stop=stop)
    rows: dict[str, list] = {"followers": [], "threat": [], "column": [], "probability": []}
    for n in grid.followers:
        for column, threat in enumerate(grid.threats):
            rows["followers"].append(n)
            rows["threat"].append(str(threat))
            rows["column"].append(column)
            rows["probability"].append(float(grid.p[n, threat]))
    frame = pl.DataFrame(rows, schema={"followers": pl.Int64, "threat": pl.String,
                                       "column": pl.Int64, "probability": pl.Float64})
    return _CAPTURE_FRAMES.setdefault((force, hits), (frame, grid.error_bound))


def capture_frames(force: int, stop: Callable[[], bool] | None = None) -> None:
    """Every heat map of ``force``, for each number of hits: one solve, of the tallest
    follower (a follower of fewer hits is a state of it)."""
    for hits in range(HITS_RANGE[1], HITS_RANGE[0] - 1, -1):
        capture_frame(force, hits, stop)


def _all_hits_kept(force: int) -> bool:
    return all((force, h) in _CAPTURE_FRAMES for h in range(HITS_RANGE[0], HITS_RANGE[1] + 1))


def _warm(forces: Sequence[int]) -> None:
    """In the worker: every heat map of each of ``forces`` in turn, giving way (the solve
    abandoned, to be done again later) as soon as a viewer's request waits."""
    for force in forces:
        if _gw_waiting():
            return
        if not _all_hits_kept(force):
            try:
                capture_frames(force, stop=_gw_waiting)
            except gamma_world.SolveStopped:
                return


class GammaWorldOdds(_OddsView):
    """A heat map of the chance that 1-6 identical followers capture a location, by Threat
    (1D6-5D6 or fixed), from the battle's Markov chain.

    A change of a control replaces the heat map at once: by the new one when it is computed
    already (heat maps are kept for the session), else by a "computing" notice
    (``.gw-odds-computing``) while a worker thread solves it, so the kernel keeps answering
    meanwhile; only the latest request is drawn, and a superseded one is not solved if it has
    not started. When the worker is idle it solves ahead: on opening, every heat map of the
    first Force (one solve); once a viewer has changed something, those of every other Force,
    nearest first, giving way to any request within one step of a solve.

    ``background``: None uses the worker when an event loop runs (in a kernel), else computes
    at once; False always computes at once."""

    def __init__(self, force: int = 1, hits: int = 2, background: bool | None = None,
                 **kwargs: Any) -> None:
        self._setup()
        self.frame = pl.DataFrame()
        self.error_bound = 0.0
        self.shown: tuple[int, int] | None = None
        """(Force, hits) of the heat map on screen; None while it is being computed."""
        self._last: tuple[int, int] | None = None  # the last heat map drawn
        self._background = background
        self._request = 0
        self._viewer = False  # whether anyone has changed a control yet
        self.force = widgets.IntSlider(value=force, min=FORCE_RANGE[0], max=FORCE_RANGE[1],
                                       description="Force per follower",
                                       continuous_update=False,
                                       style={"description_width": "initial"})
        self.force.add_class("gw-odds-force")
        self.hits = widgets.IntSlider(value=hits, min=HITS_RANGE[0], max=HITS_RANGE[1],
                                      description="Hits per follower", continuous_update=False,
                                      style={"description_width": "initial"})
        self.hits.add_class("gw-odds-hits")
        self.basic = widgets.Button(description="Basic follower (1 Force, 2 hits)")
        self.basic.add_class("gw-odds-basic")
        self.basic.layout.width = "auto"
        self.computing = widgets.HTML(layout=widgets.Layout(display="none"))
        self.computing.add_class("gw-odds-computing")
        self.summary = widgets.HTML()
        self.summary.add_class("gw-odds-summary")
        self.chart = _chart(alt.Chart().mark_point(), "gw-odds-chart")
        self.drawn = widgets.VBox([self.summary, self.chart])
        self.drawn.add_class("gw-odds-drawn")
        for control in (self.force, self.hits):
            self._watch(control, self.refresh)
        self.basic.on_click(self.message.guard(lambda _: self._use_basic()))
        super().__init__(children=[
            widgets.HTML(_STYLE + _GW_STYLE),
            widgets.HBox([self.force, self.hits, self.basic]),
            self.message,
            self.computing,
            self.drawn,
        ], **kwargs)
        self.add_class("gamma-world-odds")
        self._first = True
        try:
            self.refresh()
        finally:
            self._first = False

    def _use_basic(self) -> None:
        self._set(self.force, value=1)
        self._set(self.hits, value=2)
        self.refresh()

    def _loop(self) -> asyncio.AbstractEventLoop | None:
        """The running event loop to hand results back to, or None to compute at once."""
        if self._background is False:
            return None
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _update(self) -> None:
        force = _integer(self.force.value, "Force per follower", *FORCE_RANGE)
        hits = _integer(self.hits.value, "hits per follower", *HITS_RANGE)
        key = (force, hits)
        self._request += 1
        request = self._request
        if not self._first:
            self._viewer = True
        loop = self._loop()
        found = _CAPTURE_FRAMES.get(key)
        if found is None and (loop is None or self._first):  # at once: this heat map only
            found = capture_frame(force, hits)
        if found is not None:
            self._draw(key, *found)
            self._solve_ahead(loop)
            return
        self._show_computing(key)
        with _GW_LOCK:
            _GW_QUEUED[0] += 1
        _gw_worker().submit(self._solve, request, key).add_done_callback(
            lambda done: self._hand_back(loop, request, key, done))

    def _solve(self, request: int, key: tuple[int, int]) -> None:
        """In the worker: the heat map of ``key``, unless a newer request came meanwhile."""
        with _GW_LOCK:
            _GW_QUEUED[0] -= 1
        if request == self._request:
            capture_frame(*key)

    def _solve_ahead(self, loop: asyncio.AbstractEventLoop | None) -> None:
        """Have the worker solve the heat maps a viewer is likely to ask for next, if it is
        not doing so already."""
        if loop is None or _GW_WARMING[0]:
            return
        force = self.shown[0] if self.shown is not None else FORCE_RANGE[0]
        forces = ([force] if not self._viewer else
                  sorted(range(FORCE_RANGE[0], FORCE_RANGE[1] + 1),
                         key=lambda f: (abs(f - force), f)))
        forces = [f for f in forces if not _all_hits_kept(f)]
        if not forces:
            return
        _GW_WARMING[0] = True

        def warm() -> None:
            try:
                _warm(forces)
            except Exception:  # nobody waits for this one: say so in the log
                log.exception("solving Gamma World heat maps ahead failed")
            finally:
                _GW_WARMING[0] = False

        _gw_worker().submit(warm)

    def _hand_back(self, loop: asyncio.AbstractEventLoop, request: int, key: tuple[int, int],
                   done: Future[None]) -> None:
        """In the worker: have the kernel's loop draw the result (widgets change there only)."""
        try:
            loop.call_soon_threadsafe(self._finish, request, key, done)
        except RuntimeError:  # the loop is closed: no one is left to see it
            pass

    def _finish(self, request: int, key: tuple[int, int], done: Future[None]) -> None:
        """On the kernel's loop: draw the heat map of ``request`` if it is still the latest."""
        if request != self._request:
            return  # superseded: a newer request owns the figure
        error = done.exception()
        found = _CAPTURE_FRAMES.get(key)
        if error is not None or found is None:
            if error is not None:
                log.error("solving the Gamma World heat map %s failed", key, exc_info=error)
            self._restore()
            self.message.show("The heat map could not be computed; the controls are put back "
                              "to the one shown.", "error")
            return
        self._draw(key, *found)
        self._solve_ahead(self._loop())

    def _restore(self) -> None:
        """Put the controls back to the heat map on screen, and show it again."""
        if self._last is not None:
            self._set(self.force, value=self._last[0])
            self._set(self.hits, value=self._last[1])
            self._keep()
        self.shown = self._last
        self.computing.layout.display = "none"
        self.drawn.layout.display = None

    def _show_computing(self, key: tuple[int, int]) -> None:
        force, hits = key
        self.shown = None
        self.computing.value = (
            f'<div class="gw-odds-computing-text" data-force="{force}" data-hits="{hits}">'
            '<span class="gw-odds-spinner"></span>Computing the heat map for followers of '
            f"Force {force} and {hits} hits…</div>")
        self.computing.layout.display = None
        self.drawn.layout.display = "none"

    def _draw(self, key: tuple[int, int], frame: pl.DataFrame, bound: float) -> None:
        force, hits = key
        self.frame = frame
        self.error_bound = bound
        self.chart.chart = odds_charts.capture_heatmap(
            frame, f"Chance to capture: followers of Force {force} and {hits} hits")
        self.summary.value = (
            f'<div class="odds-note" data-error-bound="{bound:.3g}">Each cell: 1 to '
            f"{len(odds_charts.FOLLOWERS)} identical followers (Force {force}, {hits} hits, "
            "armor and steeds folded in) fighting to the end against the Threat (dice rolled "
            "once at the start, or fixed). Each percent is the chance the followers take the "
            "location; otherwise every one of them is lost and the location is not taken (if "
            "the last follower and the Threat fall in the same round, it is not captured). "
            "Solved from the battle's Markov chain (not sampled) in "
            f"floating point: every cell is within {bound:.0e} of the exact chance (a rigorous "
            "bound on the rounding). Computed heat maps are kept for the session.</div>")
        self.computing.layout.display = "none"
        self.drawn.layout.display = None
        self.shown = self._last = key
