# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Riftforce, taught with live examples
#
# A duel of magic guilds<span class="teach-source"> (seed 003, lines 1-5)</span>. Two players each
# lead four guilds of elementals and send them to five locations laid in a row between them, the
# Rift. Elementals fight the enemies facing them across their location; every enemy destroyed and
# every location held earns **Riftforce**. When a player reaches 12 Riftforce the round is played
# out, and the player with more Riftforce wins<span class="teach-source"> (line 31)</span>.
#
# The seed is a short outline in Ukrainian. The guild abilities and the procedures it leaves
# out (the guild selection, who is the "first" enemy, what happens on a tie) come from the
# published base game, restated in the project's reference notes ("reference" below). Each
# section tells one part of the rules in our own words, in the order a game meets them, then
# shows it live: a game set up just before the step that matters. You play both seats: pick a
# choice, or press **Draw** for a card
# (**Pick at random** in the guild selection); its exact odds are shown first. **Undo** steps
# back and **Start again** returns to the example's position. Where the seed and the reference
# leave a gap, our decisions settle it: each section lists the ones that apply, closed until you
# open them. The **Sources** switch below shows where each rule comes from (the seed's lines and
# our rulings' numbers), for teachers.
#
# A position is read the same way everywhere: each location has two columns, Player 1's and
# Player 2's, listed from the location outward. "Ice 6/2" is an Ice elemental of value 6
# carrying 2 damage.

# %%
from collections import Counter
from fractions import Fraction

from IPython.display import HTML, display

import explorer
from explorer.odds.riftforce import best_actions, draw_odds, p_at_least
from explorer.ui.teaching import Lesson, example, odds_card, rulings, sources_switch

COPIES = {5: 4, 6: 3, 7: 2}  # each guild's elementals: four 5s, three 6s, two 7s (line 7)
GUILDS = [["Fire", "Water", "Air", "Earth"], ["Light", "Ice", "Plant", "Crystal"]]


def scenario(guilds: list[list[str]], board: dict, hands: list[list[str]],
             riftforce: tuple[int, int] = (0, 0), first: int = 0, active: int = 0,
             **more: object) -> dict:
    """A position: ``board`` maps a location (1 to 5) to (Player 1's column, Player 2's
    column), each from the location outward; every card not named is in its draw pile."""
    rows = [[[], []] for _ in range(5)]
    for place, (mine, theirs) in board.items():
        rows[place - 1] = [list(mine), list(theirs)]
    return {"guilds": guilds, "first": first, "active": active, "riftforce": list(riftforce),
            "hands": hands, "board": rows, **more}


def rest_of(guilds: list[str], *named: str) -> list[str]:
    """Every elemental of ``guilds`` but the ones ``named`` (their damage ignored)."""
    left = Counter({f"{g} {v}": n for g in guilds for v, n in COPIES.items()})
    left.subtract(name.split("/")[0] for name in named)
    return sorted(left.elements())


def box(title: str, head: list[str], rows: list[list[object]]) -> HTML:
    """A small table in the page's box style."""
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    header = "".join(f"<th>{h}</th>" for h in head)
    return HTML(f'<div class="teach-box"><h5>{title}</h5><table><tr>{header}</tr>{cells}'
                "</table></div>")


def percent(p: Fraction) -> str:
    return f"{float(p):.1%}"


display(sources_switch())

# %% [markdown]
# ## 1. The game in brief
#
# There are ten guilds<span class="teach-source"> (line 7)</span>. A guild is one **summoner** card,
# which carries the guild's ability, and nine **elementals**: four of value 5, three of value 6 and
# two of value 7. An elemental's value is also its life: it is destroyed once it carries that much
# damage. Each player plays with four guilds, so with 36 elementals.
#
# Five location cards lie in a row between the players<span class="teach-source"> (line 9)</span>;
# we call them Location 1 to Location 5, from one end to the other. The two ends are not next to
# each other. You **control** a location when at least one of your elementals stands at it and no
# enemy does.
#
# Riftforce comes two ways<span class="teach-source"> (lines 23, 27)</span>: 1 for each enemy
# elemental destroyed, and, when you take the Check & Draw action, 1 for each location you control.
# The game ends in the round in which somebody reaches 12 (section 10).

# %%
rulings("rf-1", "rf-4")

# %% [markdown]
# ## 2. Choosing the guilds
#
# Each player chooses four guilds<span class="teach-source"> (line 7)</span>; the reference gives
# the procedure. The ten summoners are shuffled and one is set aside unseen. Each player then draws
# one summoner at random: his first guild, which only he sees for now. The other seven are laid face
# up. The start marker is tossed to decide who picks first, and the players take one face-up guild
# at a time, in turn, until each has four. The last summoner is set aside too. Whoever picked first
# keeps the start marker: he is the **first player** and takes the first turn.
#
# A game can also skip the selection and start with both players' guilds already chosen (Fire,
# Water, Air and Earth against Light, Ice, Plant and Crystal, say). The start marker is then
# still tossed.
#
# *Try it:* a brand-new game. Press **Pick at random** for the summoner set aside, for the two
# drawn at random and for the start marker's toss, then pick guilds for both players. Carry on
# into the setup (next section).

# %%
display(
    example("riftforce", None, "A new game: the guild selection, then the setup"),
    rulings("rf-15", "rf-11", "rf-16", "rf-3"),
)

# %% [markdown]
# ## 3. Setup
#
# Each player shuffles the 36 elementals of his four guilds into a face-down draw pile and draws
# 7<span class="teach-source"> (line 9)</span>. Then the **second player** (the one without the
# start marker) turns over the top card of his draw pile and puts it at the middle location,
# Location 3. So the first player starts with a target to aim at, and the second with a location
# already held.
#
# In the example above, the setup follows the last pick: seven draws for each player, then the
# second player's card turned over, each draw shown with its odds.

# %%
rulings("rf-2")

# %% [markdown]
# ## 4. A turn, and the first action: Play
#
# The players take turns, the first player first<span class="teach-source"> (line 13)</span>. A turn
# is exactly **one** of three actions: Play, Activate, or Check & Draw.
#
# **Play**<span class="teach-source"> (lines 15-17)</span>: put up to 3 cards from your hand into
# the Rift. They must all belong to one guild, or all have the same value. Either they all go to one
# location, or each goes to its own location, the locations side by side (three cards at Locations
# 2, 3 and 4, say). A card joins the back of your column there, behind the ones already in place.
# The cards you already have in play do not limit what you may play.
#
# You place the cards one at a time. The second card settles the pattern: at the same location,
# all must go there; next door, each must extend the run. An Earth does its damage as soon as it
# is placed (section 9).
#
# *Try it:* Player 1 holds three Fires and three 5s; Player 2's first card stands at Location 3.
# Choose **Play up to 3 cards**, then **Play Fire 5 at Location 2**: the second card may now be
# a Fire or a 5, at Location 1, 2 or 3. Take **Play Water 5 at Location 3** and the third must
# be a 5 at Location 1 or 4; take **Play Fire 6 at Location 2** instead and only the Fire 7,
# at Location 2, is left.

# %%
display(
    example("riftforce", scenario(GUILDS, {3: ([], ["Ice 6"])},
                                  [["Fire 5", "Fire 6", "Fire 7", "Water 5", "Air 5",
                                    "Earth 6", "Water 7"], []]),
            "Play: one guild or one value, at one location or in a row"),
    rulings("rf-19"),
)

# %% [markdown]
# ## 5. Activate
#
# **Activate**<span class="teach-source"> (lines 19-21)</span>: discard one card from your hand.
# Then activate up to 3 of your elementals in play that all share the discarded card's guild, or all
# share its value (they may stand anywhere). Activating an elemental uses its guild's ability,
# printed on the summoner: damage to enemies, a move, a heal (section 9). Each ability is carried
# out in full, step by step, before the next elemental is activated; a step that cannot be done is
# skipped. You may also activate fewer than three, or none at all.
#
# *Try it:* Player 1 discards his Fire 6. He may then activate his two Fires (the guild), or
# his Air 6 and Water 6 (the value), but not a mix: after **Activate Fire 5** only the Fire 7
# is offered, after **Activate Water 6** only the Air 6. The best action is below the example:
# the Fire 7 destroys the damaged Crystal at Location 4, and a Crystal is worth 2.

# %%
ACTIVATE = scenario(GUILDS, {1: (["Air 6"], ["Light 5/2"]), 2: (["Fire 5"], ["Ice 6/1"]),
                             3: (["Water 6"], ["Plant 5"]), 4: (["Fire 7"], ["Crystal 6/3"])},
                    [["Fire 6", "Air 7", "Earth 5"], []])
best = best_actions(explorer.new_game("riftforce", players=2, seed=1, scenario=ACTIVATE))
display(
    example("riftforce", ACTIVATE, "Discard a Fire 6: activate Fires, or 6s"),
    box("The best complete actions here (most Riftforce first)",
        ["Action", "Riftforce", "Enemies destroyed", "Damage dealt"],
        [[c.text, c.riftforce, c.destroyed, c.damage] for c in best[:3]]),
    rulings("rf-17", "rf-8", "rf-5"),
)

# %% [markdown]
# ## 6. Check & Draw
#
# **Check & Draw**<span class="teach-source"> (lines 25-27)</span> is allowed only when you hold
# fewer than 7 cards. You score 1 Riftforce for each location you control, then draw until you hold
# 7. Only the player taking the action scores, even if his opponent also controls locations. When
# your draw pile runs out, your discard pile is shuffled into a new one and you go on drawing.
#
# *Try it:* late in the game. Player 1 holds 4 cards and controls Locations 1 and 2; only two
# cards are left in his draw pile, a Fire 7 and a Water 7, and his discard pile holds the other
# 24. Choose **Check & Draw**: 2 Riftforce, then three draws: the two cards of the pile, then the
# discard pile is shuffled into a new draw pile and the third card comes from it. The odds of
# the three cards are below.

# %%
hand = ["Fire 5", "Air 6", "Earth 5", "Water 6"]
late = {1: (["Water 5", "Earth 6/2"], []), 2: (["Fire 6"], []), 3: (["Air 5"], ["Ice 7"]),
        4: ([], ["Plant 6/1"]), 5: (["Fire 5/1", "Earth 7"], ["Light 5"])}
in_play = [card for mine, _ in late.values() for card in mine]
CHECK = scenario(GUILDS, late, [hand, []], riftforce=(6, 5),
                 discards=[rest_of(GUILDS[0], *hand, *in_play, "Fire 7", "Water 7"), []])
check = explorer.new_game("riftforce", players=2, seed=1, scenario=CHECK)
display(
    example("riftforce", CHECK, "Check & Draw with two cards left in the draw pile"),
    odds_card(draw_odds(check), "The three cards this Check & Draw brings"),
    rulings("rf-6", "rf-20", "rf-18"),
)

# %% [markdown]
# ## 7. What your draw pile holds
#
# You know what is left to draw: every card of your four guilds that is not in your hand, in
# play or in your discard pile (the order is unknown). That gives exact odds for what the next
# draws bring. Early in a game, with most of your cards still in the pile, the question is
# usually whether a card you need will turn up.
#
# Below: Player 1 holds the Fire 5, Fire 7, Air 6 and Water 6 and has four elementals in play;
# 28 cards are left in his draw pile. For each kind of card, the chance that the next 1, 2, 3
# or 7 cards drawn include at least one. A Check & Draw from a hand of 4 brings 3 cards; from an
# empty hand, 7.

# %%
mid = explorer.new_game("riftforce", players=2, seed=1, scenario=scenario(
    GUILDS, {2: (["Fire 6", "Water 5"], ["Ice 6"]), 3: (["Air 5"], ["Plant 5/2"]),
             4: (["Earth 7"], [])}, [["Fire 5", "Fire 7", "Air 6", "Water 6"], []]))
draws = (1, 2, 3, 7)
wanted = [(f"{'an' if guild[0] in 'AEIOU' else 'a'} {guild}", {"guild": guild})
          for guild in GUILDS[0]] + [
    ("a 7", {"value": 7}), ("a Fire or a 5 (to play with the Fire 5)",
                            {"playable_with": "Fire 5"})]
box("At least one ... in the next draws (28 cards in the pile)",
    ["Card", *[f"{k} draw{'s' if k > 1 else ''}" for k in draws]],
    [[label, *[percent(p_at_least(mid, k, **what)) for k in draws]] for label, what in wanted])

# %% [markdown]
# ## 8. First and last, damage and destruction
#
# Abilities name their targets by their place in a column. The **first enemy** at a location is
# the one closest to the location card (the earliest placed); the **last enemy** is the one
# furthest out. A lone enemy is both. An elemental that an ability moves goes to the back of its
# new location.
#
# Damage stays on an elemental and never changes its value. When its damage reaches its value, it is
# destroyed at once: it goes to its owner's discard pile, its damage is cleared, and the other
# player scores 1 Riftforce<span class="teach-source"> (line 23)</span>. Damage beyond what destroys
# it is lost, and so is damage aimed at a location with no enemy (activating an elemental there is
# still allowed). If your own elemental is destroyed by your own Fire, your opponent scores it.

# %%
rulings("rf-13", "rf-10")

# %% [markdown]
# ## 9. The ten guilds
#
# Each guild's ability works when one of its elementals is activated; only the Earth also does
# something when played. "Here" is the location where the elemental stands. In every example
# below, Player 1 is about to act: choose **Discard a card to activate up to 3 elementals**
# (or **Play up to 3 cards** for the Earth) and follow the instructions.
#
# ### Fire
#
# 3 damage to the first enemy here, then 1 damage to your own elemental right behind this Fire.
#
# *Try it:* discard the Fire 5, then **Activate Fire 6** at Location 2: the Ice 5 there already
# has 2 damage and is destroyed (1 Riftforce), and the Water 5 behind the Fire takes 1. Then
# **Activate Fire 7** at Location 4: 3 damage to the Crystal 6, but the Earth 6 behind the Fire
# already carries 5 and the Fire's 1 destroys it: Player 2 scores that one.

# %%
display(
    example("riftforce", scenario(GUILDS, {2: (["Fire 6", "Water 5"], ["Ice 5/2", "Light 6"]),
                                           4: (["Fire 7", "Earth 6/5"], ["Crystal 6"])},
                                  [["Fire 5", "Air 6"], []]),
            "Fire: 3 to the first enemy, 1 to the ally behind"),
)

# %% [markdown]
# ### Water
#
# 2 damage to the first enemy here; then this Water must move to a location next to it, and
# deals 1 damage to the first enemy there. From an end location there is only one way to go.
#
# *Try it:* discard the Water 6 and **Activate Water 5** at Location 3: the Plant 6 there (4 damage)
# is destroyed. Now choose where the Water goes: to Location 2, where its 1 damage destroys the
# Light 5 too (2 Riftforce in all), or to Location 4, where the Crystal 7 takes 1.

# %%
display(
    example("riftforce", scenario(GUILDS, {2: ([], ["Light 5/4"]), 3: (["Water 5"], ["Plant 6/4"]),
                                           4: ([], ["Crystal 7"])},
                                  [["Water 6", "Earth 5"], []]),
            "Water: strike, move next door, strike again"),
)

# %% [markdown]
# ### Air
#
# This Air must move to any other location; then it deals 1 damage to the first enemy there
# and 1 to the first enemy at each location next to it.
#
# *Try it:* discard the Air 6 and **Activate Air 5**, then **Move Air 5 to Location 3**: the
# first enemies at Locations 2, 3 and 4 each have one life left, and all three are destroyed
# (3 Riftforce). The Crystal at Location 5 is two locations away and is not touched.

# %%
display(
    example("riftforce", scenario(GUILDS, {1: (["Air 5"], []), 2: ([], ["Ice 5/4"]),
                                           3: ([], ["Light 6/5", "Ice 6"]),
                                           4: ([], ["Plant 7/6"]), 5: ([], ["Crystal 5"])},
                                  [["Air 6", "Fire 5"], []]),
            "Air: fly anywhere, hit three locations"),
)

# %% [markdown]
# ### Earth
#
# When an Earth is played, it deals 1 damage to every enemy at its location, at once. When it is
# activated, it deals 2 damage to the first enemy here (the Crystal example below shows one).
#
# *Try it:* choose **Play up to 3 cards** and **Play Earth 5 at Location 4**: each of the three
# enemies there takes 1; the Ice 5 and the Light 6 are destroyed (2 Riftforce). Then **Play
# Earth 6 at Location 4**: another Earth, so the Plant 7 takes 1 more.

# %%
display(
    example("riftforce", scenario(GUILDS, {3: (["Fire 5"], ["Crystal 6"]),
                                           4: ([], ["Ice 5/4", "Light 6/5", "Plant 7"])},
                                  [["Earth 5", "Earth 6", "Water 7"], []]),
            "Earth: played, it hits every enemy there"),
    rulings("rf-19"),
)

# %% [markdown]
# ### Light
#
# 2 damage to the first enemy here, then remove 1 damage from this Light or from any one of your
# elementals, at any location.
#
# *Try it:* discard the Light 6 and **Activate Light 5/2** at Location 2: the Fire 6 there is
# destroyed. Then choose whom to heal: the Light itself, or the Crystal 7 at Location 5, one
# damage from destruction (and a Crystal destroyed is worth 2 to the other side).

# %%
display(
    example("riftforce", scenario([GUILDS[1], GUILDS[0]],
                                  {2: (["Light 5/2"], ["Fire 6/4"]),
                                   5: (["Crystal 7/6"], ["Water 5"])},
                                  [["Light 6", "Ice 5"], []]),
            "Light: strike, then heal one of yours"),
    rulings("rf-9"),
)

# %% [markdown]
# ### Ice
#
# Ice strikes the **last** enemy here: 4 damage if it already has damage, otherwise 1. It
# strikes once only.
#
# *Try it:* discard the Ice 6 and **Activate Ice 5** at Location 3: the last enemy there, the
# Fire 6, already has 2 damage, so it takes 4 and is destroyed. That is all: the Water 5, now
# last, is not struck. Then **Activate Ice 7** at Location 4: its last enemy, the Earth 6, is
# unhurt (the damaged Air in front does not count) and takes just 1.

# %%
display(
    example("riftforce", scenario([GUILDS[1], GUILDS[0]],
                                  {3: (["Ice 5"], ["Water 5", "Fire 6/2"]),
                                   4: (["Ice 7"], ["Air 5/3", "Earth 6"])},
                                  [["Ice 6", "Plant 5"], []]),
            "Ice: 4 to a wounded last enemy, 1 otherwise"),
    rulings("rf-8"),
)

# %% [markdown]
# ### Plant
#
# 2 damage to the first enemy at one location next to this Plant (never its own), then that
# enemy is pulled to the back of the Plant's location, if it still stands.
#
# *Try it:* discard the Plant 6 and **Activate Plant 5** at Location 2. Choose **Location 3**:
# the Earth 7 takes 2 and is pulled to Location 2, which leaves your Ice 6 alone at Location 3:
# you now control it. Or **Start again** and choose **Location 1**: the Air 5 there is destroyed
# (1 Riftforce) and nothing is pulled.

# %%
display(
    example("riftforce", scenario([["Plant", "Ice", "Thunderbolt", "Shadow"], GUILDS[0]],
                                  {1: ([], ["Air 5/3"]), 2: (["Plant 5"], []),
                                   3: (["Ice 6"], ["Earth 7"])},
                                  [["Plant 6", "Shadow 5"], []]),
            "Plant: strike next door and pull the enemy in"),
    rulings("rf-12"),
)

# %% [markdown]
# ### Crystal
#
# 4 damage to the first enemy here. A Crystal is worth more when it falls: whoever's side scores its
# destruction gets 2 Riftforce for it instead of 1 (also when its owner's own Fire destroys it).
#
# *Try it:* as Player 1, discard the Crystal 6, **Activate Crystal 7** at Location 4 (the Light 5 is
# destroyed, 1 Riftforce) and **Stop activating**. Then, as Player 2, discard the Earth 5 and
# **Activate Earth 6/1** at Location 3: its 2 damage destroy Player 1's Crystal 5, which already
# carries 3, and Player 2 scores 2.

# %%
display(
    example("riftforce", scenario([["Crystal", "Fire", "Water", "Air"],
                                   ["Earth", "Ice", "Plant", "Light"]],
                                  {3: (["Crystal 5/3"], ["Earth 6/1"]),
                                   4: (["Crystal 7"], ["Light 5/1"])},
                                  [["Crystal 6", "Fire 5"], ["Earth 5", "Ice 7"]]),
            "Crystal: 4 damage, and worth 2 when destroyed"),
    rulings("rf-10"),
)

# %% [markdown]
# ### Thunderbolt
#
# 2 damage to any one enemy here, not only the first. If that destroys it, the Thunderbolt
# strikes once more, at once; never a third time.
#
# *Try it:* discard the Thunderbolt 6 and **Activate Thunderbolt 5**. Skip the healthy Water 7
# in front and strike the Fire 5/3 behind it: destroyed, so it strikes again; take the Air 6/4:
# destroyed too (2 Riftforce), and there the Thunderbolt stops.

# %%
display(
    example("riftforce", scenario([["Plant", "Ice", "Thunderbolt", "Shadow"], GUILDS[0]],
                                  {2: (["Thunderbolt 5"], ["Water 7", "Fire 5/3", "Air 6/4"])},
                                  [["Thunderbolt 6", "Ice 5"], []]),
            "Thunderbolt: pick any target, strike again after a kill"),
    rulings("rf-3", "rf-8"),
)

# %% [markdown]
# ### Shadow
#
# This Shadow must move to any other location, then deals 1 damage to the first enemy there; if
# that destroys it, you score 1 extra Riftforce (2 in all, 3 for a Crystal).
#
# *Try it:* discard the Shadow 6 and **Activate Shadow 5**. **Move Shadow 5 to Location 5**: the
# Crystal 5/4 is destroyed, 3 Riftforce in all. Or **Start again** and move to Location 3: the
# Plant 6/5 falls, 2 Riftforce.

# %%
display(
    example("riftforce", scenario([["Shadow", "Thunderbolt", "Water", "Air"], GUILDS[1]],
                                  {1: (["Shadow 5"], []), 3: ([], ["Plant 6/5"]),
                                   5: ([], ["Crystal 5/4", "Ice 7"])},
                                  [["Shadow 6", "Water 5"], []]),
            "Shadow: slip anywhere, finish a wounded enemy for a bonus"),
    rulings("rf-10"),
)

# %% [markdown]
# ## 10. The end of the game
#
# The game ends at the end of the round in which a player reaches 12 Riftforce<span
# class="teach-source"> (lines 29-31)</span>. A round is the first player's action, then the second
# player's. So when the first player reaches 12, his opponent still takes one more action; when the
# second player reaches 12, the game ends at once. The player with more Riftforce wins; scores past
# 12 keep counting. On a tie, each player takes one more action, the first player first, and the
# scores are compared again, as often as needed.
#
# *Try it (the second player ends it):* Player 2, without the start marker, has 11 and controls
# Location 5. **Check & Draw** scores 1: he has 12, the round is over, and he wins 12 to 10.

# %%
display(
    example("riftforce", scenario(GUILDS, {1: (["Water 5"], []), 3: (["Fire 6"], ["Ice 5/3"]),
                                           5: ([], ["Crystal 6", "Light 5"])},
                                  [["Fire 5", "Air 7", "Earth 6"],
                                   ["Ice 6", "Plant 5", "Light 7"]],
                                  riftforce=(10, 11), first=0, active=1),
            "Player 2 at 11, one Check & Draw from winning"),
)

# %% [markdown]
# *Try it (a tie):* both players have 11. Player 1 (the first player) controls Location 1: **Check &
# Draw** takes him to 12, and Player 2 gets one more action. His **Check & Draw** (Location 5) makes
# it 12 all: each player takes one more action. Player 1 now holds 7 cards, so Check & Draw is not
# allowed, but he can discard the Fire 5 and **Activate Fire 6** to destroy the Ice 5 at Location
# 3<span class="teach-source"> (13)</span>. If Player 2's last action does not bring him level
# again, Player 1 wins.

# %%
display(
    example("riftforce", scenario(GUILDS, {1: (["Water 5"], []),
                                           3: (["Fire 6"], ["Ice 5/3", "Light 6"]),
                                           5: ([], ["Crystal 6"])},
                                  [["Fire 5", "Air 7", "Earth 6", "Water 7"],
                                   ["Ice 6", "Plant 5", "Light 7"]],
                                  riftforce=(11, 11), first=0, active=0),
            "11 all: the first player reaches 12, then a tie"),
    rulings("rf-7", "rf-14", "rf-21"),
)

# %% [markdown]
# ## 11. Replay a game
#
# A whole game between two of our heuristic bots (seed 9), as the engine recorded it: the
# guild selection, the setup and 24 turns. Use **Next note** to jump between the commented
# steps, or the slider to go anywhere. Each step shows where the turn is, who acts, what he
# chose (or which card was drawn) and what it did, with the table after it.

# %%
Lesson("riftforce-seed9.json", commentary={
    1: "The guild selection begins. One summoner is set aside unseen: the Crystal, which "
       "nobody at the table sees (this replay shows every hand). Next each player draws one at "
       "random: the Ice for Player 1, the Light for Player 2, each seen only by its owner for "
       "now.",
    10: "Player 1 won the toss (step 4), so he picked first and keeps the start marker. The "
        "picks alternate: Fire, Air and Plant for Player 1; Water, Thunderbolt and Earth for "
        "Player 2 (these bots take the guild whose elementals deal the most damage). The last "
        "face-up summoner, the Shadow, is set aside.",
    25: "Both players have drawn 7. Player 2, without the start marker, turns over the top card "
        "of his draw pile, a Thunderbolt 5, and puts it at the middle location.",
    29: "Player 1's first action is a Play of three Plants, one guild, one each at Locations 2, "
        "1 and 3: a row of locations side by side. At Location 3 the Plant 7 faces the "
        "Thunderbolt.",
    31: "Player 2 plays three 5s in a row at Locations 3, 4 and 5. The Earth strikes as it is "
        "played: 1 damage to every enemy at Location 3, here the Plant 7.",
    34: "Check & Draw: with 4 cards in hand Player 1 may take it. He controls Locations 1 and 2 "
        "(his Plants, no enemy there) and scores 2, then draws back up to 7. Player 2 answers "
        "the same way, for Locations 4 and 5.",
    57: "Player 2 discarded a Water 5 to activate three 5s at Location 3. After an Earth's 2 "
        "damage, the Thunderbolt picks the Plant 7 and destroys it (1 Riftforce), so it strikes "
        "once more, at the Fire 5. The second Earth then finishes the Fire.",
    81: "A combination: Player 1's Plant at Location 2 hits the Thunderbolt 5 next door and "
        "pulls it to the back of Location 2, where his Fire 6, activated next (it shares the "
        "value 6 of the discarded card), destroys it.",
    98: "Player 1 activates three 6s: the Fire deals 3 to the Light 7 at Location 2; the Plant "
        "at Location 1 hits it again and pulls it over; the Plant at Location 2 reaches it "
        "there, next door, and destroys it. 10 Riftforce.",
    119: "The same trick destroys a Thunderbolt 7: Player 1 has 12. He holds the start marker, "
         "so the round is not over: Player 2 takes one more action.",
    122: "Player 2's Check & Draw scores 2 for Locations 3 and 5: 12 all. A tie, so each player "
         "takes one more action, Player 1 first. His Check & Draw (Location 1) makes it 13.",
    130: "Player 2's last action, three 6s in a row at Locations 2, 3 and 4, damages three "
         "elementals but destroys none: Player 1 wins, 13 to 12.",
})
