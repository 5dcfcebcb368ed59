"""Charts of odds: small pure functions ``Odds`` or ``DataFrame -> alt.Chart``.

The dashboards (:mod:`explorer.ui.odds`) draw these; the frames they take are built here too
(:func:`escape_frame`, :func:`capture_frame`), from :mod:`explorer.odds` itself, so a chart
shows exactly the figures the odds functions return. Every frame is small (tens of rows), well
under Altair's row limit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import altair as alt
import polars as pl

from explorer import cards
from explorer.engine.dice import Roll
from explorer.odds import Odds, adventurers, from_roll, gamma_world

WIDTH = 420
"""The width of an odds chart, in pixels."""

DICE_THREATS = ("1D6", "2D6", "3D6", "4D6", "5D6")
"""The Threats rolled with dice in the capture heat map."""
FIXED_THREATS = tuple(range(1, 11))
"""The fixed Threats in the capture heat map."""
THREATS: tuple[int | str, ...] = (*DICE_THREATS, *FIXED_THREATS)
"""The Threats of the Gamma World heat map: dice, then fixed values."""

FOLLOWERS = tuple(range(1, 7))
"""The numbers of identical followers in the capture heat map."""


def _percent(p: Fraction | float) -> str:
    return f"{float(p):.1%}"


# ---- any roll or table --------------------------------------------------------------------

def outcome_chart(odds: Odds, title: str | None = None, width: int = WIDTH) -> alt.Chart:
    """One bar per outcome of ``odds`` (a table roll, a check or a battle), in the seed's
    order, with the exact fraction in the tooltip."""
    data = odds.table.with_row_index("row").with_columns(
        pl.col("probability").map_elements(_percent, return_dtype=pl.String).alias("percent"))
    return alt.Chart(data, title=title or odds.title, width=width).mark_bar().encode(
        x=alt.X("probability:Q", title="chance", axis=alt.Axis(format="%")),
        y=alt.Y("outcome:N", sort=alt.EncodingSortField("row"), title=None),
        tooltip=["outcome", alt.Tooltip("percent:N", title="chance"),
                 alt.Tooltip("exact:N", title="exact")],
    )


def plain_table_odds(name: str, count: int, sides: int, table: str,
                     rows: Sequence[dict]) -> Odds:
    """The odds of an unmodified roll read on a roll table (e.g. the Hazard Table, 1D20)."""
    return from_roll(Roll(name, count, sides, (), None, table), rows)


HAZARD_WORDS = {  # data/rifts/hazard.toml, each row's note (seed 000, the Hazard Table)
    "damage_card": "one of the party's cards is damaged",
    "discard_card": "one of the party's cards is discarded",
    "wound": "a Character is wounded",
    "discard_and_wound": "a Vehicle is discarded and a Character wounded",
    "go_to": "the party loses the rest of its turn",
    "end_turn": "the party loses the rest of its turn",
    "roll_modifier": "the party's rolls get worse this turn and next",
    "ambush": "an Ambush: a Foe attacks with +5 Force",
    "separate": "a Character is separated for 1D6 turns",
}
"""What each kind of Hazard does to the party, in players' words."""


def consequence_frame(odds: Odds, rows: Sequence[dict],
                      words: dict[str, str] = HAZARD_WORDS) -> pl.DataFrame:
    """A table roll's outcomes grouped by what they do: one row per consequence
    (``consequence``, ``probability``, ``exact``, ``results``, the table's results that do
    it), the likeliest first. The chances are ``odds``' own exact fractions, added up."""
    effect_of = {str(r["result"]): str(r["effect"]) for r in rows}
    groups: dict[str, tuple[Fraction, list[str]]] = {}
    for result, p in odds.outcomes:
        effect = effect_of.get(result, "")
        label = words.get(effect, effect.replace("_", " ") or result)
        total, names = groups.get(label, (Fraction(0), []))
        groups[label] = (total + p, [*names, result])
    ordered = sorted(groups.items(), key=lambda item: -item[1][0])
    return pl.DataFrame({
        "consequence": [label for label, _ in ordered],
        "probability": [float(p) for _, (p, _) in ordered],
        "exact": [str(p) for _, (p, _) in ordered],
        "results": [", ".join(names) for _, (_, names) in ordered],
        "row": list(range(len(ordered))),
    }, schema={"consequence": pl.String, "probability": pl.Float64, "exact": pl.String,
               "results": pl.String, "row": pl.Int64})


def consequence_chart(frame: pl.DataFrame, title: str, width: int = WIDTH) -> alt.Chart:
    """The grouped consequences of a table roll as bars, likeliest on top, each labelled
    with its percent and the table's results that lead to it."""
    data = frame.with_columns(
        pl.col("probability").map_elements(_percent, return_dtype=pl.String).alias("percent"))
    base = alt.Chart(data, width=width)
    y = alt.Y("consequence:N", sort=alt.EncodingSortField("row"), title=None,
              axis=alt.Axis(labelLimit=260))
    bars = base.mark_bar(color="#b45309").encode(
        x=alt.X("probability:Q", title="chance", axis=alt.Axis(format="%")), y=y,
        tooltip=["consequence", alt.Tooltip("percent:N", title="chance"),
                 alt.Tooltip("exact:N", title="exact"),
                 alt.Tooltip("results:N", title="results")])
    text = base.mark_text(align="left", dx=3, fontSize=10).encode(
        x="probability:Q", y=y, text="percent:N")
    return alt.layer(bars, text, title=title)


# ---- Lair of the Rat-King ---------------------------------------------------------------------

def adventure_die_frame(faces: Sequence[dict]) -> pl.DataFrame:
    """The ADVENTURE DIE face by face as rows for a chart: one row per face and outcome
    (``face``, a label with what the face flips; ``outcome``, "Player N wins" or
    "discarded"; ``probability``, ``exact``), from
    :func:`explorer.ui.advice.adventure_die_faces` (outcomes of chance 0 left out)."""
    rows: dict[str, list] = {k: [] for k in ("face", "row", "outcome", "probability", "exact")}
    for index, face in enumerate(faces):
        flips = ", ".join(face["flips"])
        label = f"{face['face']}: flips {flips}" if flips else f"{face['face']}: no flip"
        outcomes = [*((f"Player {s + 1} wins", p) for s, p in enumerate(face["win"])),
                    ("discarded", face["discarded"])]
        for outcome, p in outcomes:
            if p:
                for column, value in (("face", label), ("row", index), ("outcome", outcome),
                                      ("probability", float(p)), ("exact", str(p))):
                    rows[column].append(value)
    return pl.DataFrame(rows, schema={"face": pl.String, "row": pl.Int64, "outcome": pl.String,
                                      "probability": pl.Float64, "exact": pl.String})


def adventure_die_chart(frame: pl.DataFrame, title: str, width: int = WIDTH) -> alt.Chart:
    """One stacked bar per ADVENTURE DIE face: who wins the ADVENTURE if that face is rolled
    (each player's share), the face labelled with what it flips."""
    return alt.Chart(frame, title=title, width=width).mark_bar().encode(
        x=alt.X("probability:Q", title="chance, once this face is rolled",
                axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
        y=alt.Y("face:N", sort=alt.EncodingSortField("row"), title=None,
                axis=alt.Axis(labelLimit=260)),
        color=alt.Color("outcome:N", title=None),
        tooltip=["face", "outcome", alt.Tooltip("probability:Q", format=".1%", title="chance"),
                 alt.Tooltip("exact:N", title="exact")])


# ---- Rifts battles (Monte Carlo) ---------------------------------------------------------

def battle_chart(odds: Odds, width: int = WIDTH) -> alt.Chart:
    """Victory, escape and Wiped Out as bars with their 95% intervals as error bars."""
    intervals = odds.extra.get("interval", {})
    data = pl.DataFrame({
        "outcome": [o for o, _ in odds.outcomes],
        "row": list(range(len(odds.outcomes))),
        "probability": [float(p) for _, p in odds.outcomes],
        "low": [intervals.get(o, (float(p), float(p)))[0] for o, p in odds.outcomes],
        "high": [intervals.get(o, (float(p), float(p)))[1] for o, p in odds.outcomes],
    })
    runs = odds.extra.get("runs")
    title = f"{odds.title}: Monte Carlo, {runs} fights, 95% intervals" if runs else odds.title
    base = alt.Chart(data, width=width)
    y = alt.Y("outcome:N", sort=alt.EncodingSortField("row"), title=None)
    bars = base.mark_bar().encode(
        x=alt.X("probability:Q", title="estimated chance", axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1])),
        y=y,
        tooltip=["outcome", alt.Tooltip("probability:Q", format=".1%", title="estimate"),
                 alt.Tooltip("low:Q", format=".1%", title="95% low"),
                 alt.Tooltip("high:Q", format=".1%", title="95% high")])
    errors = base.mark_rule(color="black", strokeWidth=2).encode(
        x="low:Q", x2="high:Q", y=y)
    return alt.layer(bars, errors, title=title)


def wounds_chart(odds: Odds, width: int = WIDTH) -> alt.Chart:
    """The distribution of wounds the party takes in a battle (``extra["wounds"]``)."""
    wounds = odds.extra.get("wounds", {})
    data = pl.DataFrame({
        "wounds": list(wounds),
        "row": list(range(len(wounds))),
        "probability": [float(p) for p in wounds.values()],
        "exact": [str(p) for p in wounds.values()],
    }, schema={"wounds": pl.String, "row": pl.Int64, "probability": pl.Float64,
               "exact": pl.String})
    return alt.Chart(data, title="Wounds taken (Monte Carlo estimate)", width=width,
                     height=200).mark_bar(
        color="#b45309").encode(
        x=alt.X("wounds:N", sort=alt.EncodingSortField("row"), title=None,
                axis=alt.Axis(labelAngle=0)),
        y=alt.Y("probability:Q", title="share of fights", axis=alt.Axis(format="%")),
        tooltip=["wounds", alt.Tooltip("probability:Q", format=".1%", title="share"),
                 alt.Tooltip("exact:N", title="fights")],
    )


# ---- Adventurers ----------------------------------------------------------------------------

def escape_frame(profession: str | None = None, foe_weapon: bool = False) -> pl.DataFrame:
    """The escape odds for every Encounter card, without and with a played weapon card: one
    row per encounter and case (``encounter``, ``kind``, ``force``, ``weapon``, ``dice``,
    ``probability``, ``exact``, ``breakdown``), encounters in the seed's order."""
    deck = {r["name"]: r for r in cards.load("adventurers", "cards").to_dicts()}
    rows: dict[str, list] = {k: [] for k in ("encounter", "row", "kind", "force", "weapon",
                                             "dice", "probability", "exact", "breakdown")}
    for index, name in enumerate(adventurers.encounters()):
        for weapon in (False, True):
            odds = adventurers.escape(name, profession=profession, weapon=weapon,
                                      foe_weapon=foe_weapon)
            rows["encounter"].append(name)
            rows["row"].append(index)
            rows["kind"].append(deck[name]["kind"] or "-")
            rows["force"].append(deck[name]["force"])
            rows["weapon"].append("with a weapon" if weapon else "without a weapon")
            rows["dice"].append(f"{odds.extra['escape_dice']}D6 vs "
                                f"{odds.extra['encounter_dice']}D6")
            rows["probability"].append(float(odds.p))
            rows["exact"].append(str(odds.p))
            rows["breakdown"].append("; ".join(odds.breakdown))
    return pl.DataFrame(rows, schema={
        "encounter": pl.String, "row": pl.Int64, "kind": pl.String, "force": pl.Int64,
        "weapon": pl.String, "dice": pl.String, "probability": pl.Float64,
        "exact": pl.String, "breakdown": pl.String})


def _match_ups(key: tuple[tuple[str, str, str], ...]) -> str:
    """A group's dice in words: "3D6 vs 3D6, with a weapon 4D6 vs 3D6"."""
    (_, first, _), *rest = key
    if not rest:
        return first
    if all(dice == first for _, dice, _ in rest):
        return f"{first}, a weapon does not help"
    return first + "".join(f", {case} {dice}" for case, dice, _ in rest)


def escape_groups(frame: pl.DataFrame) -> pl.DataFrame:
    """The encounters of :func:`escape_frame` with the same odds in every weapon case made
    one group: one row per group and case (``group``, ``row``, ``weapon``, ``dice``,
    ``probability``, ``exact``, ``count``, ``encounters``), the group best to escape first.
    33 encounters share a handful of dice match-ups, so one bar each would be near-equal; a
    group's label gives its match-ups and how many encounters it holds."""
    cases = frame["weapon"].unique(maintain_order=True).to_list()
    by_name: dict[str, dict[str, dict]] = {}
    for row in frame.iter_rows(named=True):
        by_name.setdefault(row["encounter"], {})[row["weapon"]] = row
    groups: dict[tuple, list[str]] = {}
    for name, rows in by_name.items():
        key = tuple((c, rows[c]["dice"], rows[c]["exact"]) for c in cases if c in rows)
        groups.setdefault(key, []).append(name)
    order = sorted(groups, key=lambda k: tuple(-Fraction(exact) for _, _, exact in k))
    out: dict[str, list] = {k: [] for k in ("group", "row", "weapon", "dice", "probability",
                                            "exact", "count", "encounters")}
    for index, key in enumerate(order):
        names = groups[key]
        label = f"{_match_ups(key)}: {len(names)} encounter{'' if len(names) == 1 else 's'}"
        for case, case_dice, exact in key:
            for column, value in (("group", label), ("row", index), ("weapon", case),
                                  ("dice", case_dice), ("probability", float(Fraction(exact))),
                                  ("exact", exact), ("count", len(names)),
                                  ("encounters", ", ".join(names))):
                out[column].append(value)
    return pl.DataFrame(out, schema={
        "group": pl.String, "row": pl.Int64, "weapon": pl.String, "dice": pl.String,
        "probability": pl.Float64, "exact": pl.String, "count": pl.Int64,
        "encounters": pl.String})


def escape_chart(frame: pl.DataFrame, title: str = "Chance to escape each encounter",
                 width: int = WIDTH) -> alt.Chart:
    """Escape probability by dice match-up (encounters with the same odds are one bar, the
    best odds on top), one bar per weapon case, each labelled with its percent."""
    data = escape_groups(frame).with_columns(
        pl.col("probability").map_elements(_percent, return_dtype=pl.String).alias("percent"))
    cases = ["without a weapon", "with a weapon"]
    base = alt.Chart(data, width=width, height=alt.Step(22))
    y = alt.Y("group:N", sort=alt.EncodingSortField("row"), title=None,
              axis=alt.Axis(labelLimit=260))
    offset = alt.YOffset("weapon:N", sort=cases)
    bars = base.mark_bar().encode(
        x=alt.X("probability:Q", title="chance to escape", axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1])),
        y=y, yOffset=offset,
        color=alt.Color("weapon:N", title=None, sort=cases,
                        scale=alt.Scale(range=["#64748b", "#2563eb"])),
        tooltip=["group", "weapon", "dice",
                 alt.Tooltip("percent:N", title="chance"), alt.Tooltip("exact:N", title="exact"),
                 alt.Tooltip("encounters:N", title="encounters")],
    )
    text = base.mark_text(align="left", dx=3, fontSize=10).encode(
        x="probability:Q", y=y, yOffset=offset, text="percent:N")
    return alt.layer(bars, text, title=title)


# ---- Gamma World ----------------------------------------------------------------------------

_CAPTURE: dict[tuple[int, int, int, int | str], float] = {}
"""Capture probabilities already computed: (force, hits, followers, threat) -> p."""


def capture_probability(force: int, hits: int, followers: int, threat: int | str) -> float:
    """P(capture) for ``followers`` identical (force, hits) followers against ``threat``,
    from :func:`explorer.odds.gamma_world.attack` (its float Markov chain), cached."""
    key = (force, hits, followers, threat)
    if key not in _CAPTURE:
        odds = gamma_world.attack([(force, hits)] * followers, threat, exact=False)
        _CAPTURE[key] = odds.extra["float"]
    return _CAPTURE[key]


def capture_is_cached(force: int, hits: int, threats: Sequence[int | str] = THREATS,
                      followers: Sequence[int] = FOLLOWERS) -> bool:
    """Whether every cell of that heat map is computed already."""
    return all((force, hits, n, t) in _CAPTURE for n in followers for t in threats)


def capture_frame(force: int = 1, hits: int = 2, threats: Sequence[int | str] = THREATS,
                  followers: Sequence[int] = FOLLOWERS,
                  progress: Callable[[int, int], None] | None = None) -> pl.DataFrame:
    """Capture probability for 1-6 identical followers against every Threat: one row per
    cell (``followers``, ``threat``, ``column``, ``probability``). ``progress(done, total)``
    is called after each cell."""
    total = len(followers) * len(threats)
    rows: dict[str, list] = {"followers": [], "threat": [], "column": [], "probability": []}
    done = 0
    for n in followers:
        for column, threat in enumerate(threats):
            rows["followers"].append(n)
            rows["threat"].append(str(threat))
            rows["column"].append(column)
            rows["probability"].append(capture_probability(force, hits, n, threat))
            done += 1
            if progress is not None:
                progress(done, total)
    return pl.DataFrame(rows, schema={"followers": pl.Int64, "threat": pl.String,
                                      "column": pl.Int64, "probability": pl.Float64})


def cell_label(p: float) -> str:
    """A heat map cell's text: never rounds a chance to 0% or 100% that is not."""
    if p in (0, 1):
        return f"{p:.0%}"
    if p < 0.0005:
        return "<0.1%"
    if p > 0.9995:
        return ">99.9%"
    return f"{p:.0%}" if 0.1 <= p <= 0.9 else f"{p:.1%}"


def capture_heatmap(frame: pl.DataFrame, title: str = "Chance to capture the location",
                    width: int = 560) -> alt.Chart:
    """Heat map of capture probability: followers (rows) by Threat (columns), the percent
    written in each cell."""
    data = frame.with_columns(
        pl.col("probability").map_elements(cell_label, return_dtype=pl.String).alias("label"))
    order = data.sort("column")["threat"].unique(maintain_order=True).to_list()
    base = alt.Chart(data, width=width, height=240)
    x = alt.X("threat:O", sort=order, title="Threat (dice or fixed)",
              axis=alt.Axis(labelAngle=0))
    y = alt.Y("followers:O", title="followers", sort="ascending")
    cells = base.mark_rect().encode(
        x=x, y=y,
        color=alt.Color("probability:Q", title="capture", scale=alt.Scale(
            domain=[0, 1], scheme="viridis"), legend=alt.Legend(format="%")),
        tooltip=["followers", "threat",
                 alt.Tooltip("probability:Q", format=".4%", title="capture")])
    text = base.mark_text(fontSize=10).encode(
        x=x, y=y, text="label:N",
        color=alt.condition("datum.probability > 0.6", alt.value("black"), alt.value("white")))
    return alt.layer(cells, text, title=title)
