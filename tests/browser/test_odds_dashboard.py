"""The odds dashboards, served by a real Voila and used in Debian's Chromium.

The Rifts page must show the same probability as explorer.odds for a party and location the
test picks, and change to the new exact value when the location changes (issue #5, "What it
must show"). The expected figures are computed here, in the test process, by explorer.odds.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from explorer.odds import adventurers, rifts
from explorer.ui import charts as odds_charts
from explorer.ui.odds import modifier_words

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NOISE = ("Unsatisfied version", "Failed to load resource", "font-awesome", "fontawesome")


def _watch_console(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and not any(n in m.text for n in NOISE)
            and errors.append(m.text))
    return errors


def _cell(page: Page, kind: str, css: str = "odds-exact"):
    return page.locator(f'.rifts-odds-rolls tr[data-kind="{kind}"] .{css}')


def test_rifts_odds_page_shows_the_exact_odds_of_explorer_odds(page: Page,
                                                               base_url: str) -> None:
    errors = _watch_console(page)
    start = time.monotonic()
    page.goto(f"{base_url}/voila/render/rifts_odds.ipynb", wait_until="commit")
    survival = _cell(page, "survival")
    # the page opens on Wilderness Scout and Vagabond at Farms: 1D20+5 >= 16
    expect(survival).to_have_text(
        str(rifts.roll("survival", ["Wilderness Scout", "Vagabond"], "Farms").p),
        timeout=120_000)
    print(f"\nRifts odds page: figures shown {time.monotonic() - start:.1f} s after opening")

    # The test's party: City Rat carrying a Survivalist Bag, and Rogue Scholar, in Chi-Town.
    page.locator(".rifts-odds-member-0 select").select_option(label="City Rat")
    page.locator(".rifts-odds-member-1 select").select_option(label="Rogue Scholar")
    cards = page.locator(".rifts-odds-cards-0 input")
    cards.click()
    cards.press_sequentially("Survivalist Bag")
    cards.press("Enter")
    expect(page.locator(".rifts-odds-cards-0")).to_contain_text("Survivalist Bag")
    page.locator(".rifts-odds-location select").select_option(label="Chi-Town (Urban)")

    party = [("City Rat", ["Survivalist Bag"]), "Rogue Scholar"]
    urban = rifts.roll("survival", party, "Chi-Town")
    wilderness = rifts.roll("survival", party, "Farms")
    assert urban.p != wilderness.p  # City Rat's Urban +2 counts only in the city
    expect(survival).to_have_text(str(urban.p))
    expect(_cell(page, "survival", "odds-percent")).to_have_text(f"{float(urban.p):.1%}")
    expect(page.locator('.rifts-odds-rolls tr[data-kind="survival"]')).to_have_attribute(
        "data-exact", str(urban.p))
    breakdown = _cell(page, "survival", "odds-breakdown")
    for line in urban.breakdown:
        expect(breakdown).to_contain_text(modifier_words(line))

    page.locator(".rifts-odds-location select").select_option(label="Farms (Wilderness)")
    expect(survival).to_have_text(str(wilderness.p))
    for kind in ("escape", "supply", "heal", "encounter", "morale"):
        expect(_cell(page, kind)).to_have_text(str(rifts.roll(kind, party, "Farms").p))

    # the three table charts are drawn: Mission 14 rows, Hit Result 6, and the Hazard
    # Table's 20 rows as the 8 things they do (data/rifts/hazard.toml)
    for css, bars in (("mission", 14), ("hit", 6), ("hazard", 8)):
        expect(page.locator(f".rifts-odds-{css}-chart svg .mark-rect path")).to_have_count(bars)
    assert not page.locator(".explorer-message-error").count()
    assert not errors, errors


def test_rifts_odds_page_refuses_a_party_over_the_limit_and_runs_a_battle(
        page: Page, base_url: str) -> None:
    errors = _watch_console(page)
    page.goto(f"{base_url}/voila/render/rifts_odds.ipynb", wait_until="commit")
    survival = _cell(page, "survival")
    expect(survival).to_have_text("1/2", timeout=120_000)
    # the same Character twice is refused with a message, and nothing changes
    page.locator(".rifts-odds-member-1 select").select_option(label="Wilderness Scout")
    expect(page.locator(".explorer-message-error")).to_contain_text("in the party twice")
    expect(page.locator(".rifts-odds-member-1 select")).to_have_value("Vagabond")
    expect(survival).to_have_text("1/2")

    page.locator(".rifts-odds-battle-foe select").select_option(label="Goblinoids")
    page.locator(".rifts-odds-battle-runs select").select_option(label="200")
    page.locator(".rifts-odds-battle-run").click()
    results = page.locator(".rifts-odds-battle-results")
    expect(results).to_contain_text("Monte Carlo estimate: 200 fights", timeout=120_000)
    expect(results).to_contain_text("95% interval")
    expect(results.locator('tr[data-outcome="victory"] .battle-interval')).to_have_text(
        re.compile(r"^\d+\.\d% to \d+\.\d%$"))
    expect(page.locator(".rifts-odds-battle-chart svg .mark-rect path")).to_have_count(3)
    assert not errors, errors


def test_adventurers_odds_page_shows_every_encounter(page: Page, base_url: str) -> None:
    errors = _watch_console(page)
    start = time.monotonic()
    page.goto(f"{base_url}/voila/render/adventurers_odds.ipynb", wait_until="commit")
    rows = page.locator(".adv-odds-table tr.adv-odds-row")
    expect(rows).to_have_count(33, timeout=120_000)
    print(f"\nAdventurers odds page: table shown {time.monotonic() - start:.1f} s after opening")
    tiger = page.locator('.adv-odds-table tr[data-encounter="Tiger"] '
                         '[data-case="without a weapon"]')
    expect(tiger).to_have_attribute("data-exact", str(adventurers.escape("Tiger").p))
    page.locator(".adv-odds-profession select").select_option(label="Trapper")
    expect(tiger).to_have_attribute("data-exact",
                                    str(adventurers.escape("Tiger", profession="Trapper").p))
    # encounters with the same odds share a bar (explorer.ui.charts.escape_groups): the
    # Trapper's 4 match-ups by 2 weapon cases
    bars = odds_charts.escape_groups(odds_charts.escape_frame("Trapper")).height
    expect(page.locator(".adv-odds-chart svg .mark-rect path")).to_have_count(bars)
    assert not errors, errors


def test_gamma_world_odds_page_draws_the_heat_map(page: Page, base_url: str) -> None:
    errors = _watch_console(page)
    start = time.monotonic()
    page.goto(f"{base_url}/voila/render/gamma_world_odds.ipynb", wait_until="commit")
    cells = page.locator(".gw-odds-chart svg .role-mark.mark-rect path")
    expect(cells).to_have_count(6 * 15, timeout=120_000)
    print(f"\nGamma World odds page: heat map drawn {time.monotonic() - start:.1f} s after "
          "opening")
    expect(page.locator(".gw-odds-chart")).to_contain_text("Force 1 and 2 hits")
    # A new Force is not solved yet (the kernel solves ahead only the first Force's heat maps
    # until a viewer changes something): the old map gives way at once to the "computing"
    # notice, then the new map comes. Every change of the page is watched, so even a short
    # notice is seen.
    page.evaluate("""() => {
        window.gwComputing = [];
        const root = document.querySelector(".gamma-world-odds");
        const look = () => {
            const notice = root.querySelector(".gw-odds-computing");
            const chart = root.querySelector(".gw-odds-chart");
            if (notice && notice.offsetParent !== null) {
                window.gwComputing.push({text: notice.textContent,
                                         chartHidden: chart.offsetParent === null});
            }
        };
        new MutationObserver(look).observe(root, {attributes: true, childList: true,
                                                  subtree: true, characterData: true});
    }""")
    page.locator(".gw-odds-force .noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator(".gw-odds-chart")).to_contain_text("Force 2 and 2 hits",
                                                           timeout=120_000)
    expect(page.locator(".gw-odds-computing")).to_be_hidden()
    seen = page.evaluate("window.gwComputing")
    assert any("Force 2 and 2 hits" in s["text"] and s["chartHidden"] for s in seen), seen
    page.locator(".gw-odds-hits .noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator(".gw-odds-chart")).to_contain_text("Force 2 and 3 hits",
                                                           timeout=120_000)
    assert not page.locator(".explorer-message-error").count()
    assert not errors, errors
