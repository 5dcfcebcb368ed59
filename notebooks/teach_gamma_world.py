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
# # Gamma World, taught with live examples
#
# A card game set after the fall of civilization<span class="teach-source"> (seed 004, lines
# 1-7)</span>. Each player leads an enclave: he recruits followers, arms and mutates them, and sends
# them to seize the ruins of the old world, the Location cards. The game stops when the shared deck
# runs out, and the leader holding the most locations wins<span class="teach-source"> (lines
# 10-12)</span>.
#
# Each section below tells one part of the rules in our own words, in the order a turn meets
# them, then shows it live: a game set up just before the step that matters. You play both
# seats: click a choice, press **Roll** (or **Draw**), or pick an outcome under "What if" and
# press **Make it so**. Before every roll the exact odds are shown. **Undo** steps back and
# **Start again** returns to the example's position; the last few things that happened are
# listed above the choices. Where the seed leaves a gap, our decisions settle it: each section
# lists the ones that apply, closed until you open them. The **Sources** switch below shows
# where each rule comes from (the seed's lines and our rulings' numbers), for teachers.

# %%
from IPython.display import display

from explorer import cards
from explorer.engine.dice import Roll
from explorer.odds import Odds, from_roll
from explorer.odds.gamma_world import attack
from explorer.ui.teaching import Lesson, example, odds_card, rulings, sources_switch

ROLLS = {row["name"]: row for row in cards.load("gamma_world", "rolls").to_dicts()}


def single_roll(name: str, label: str) -> Odds:
    """The odds of one of the seed's single rolls, as data/gamma_world/rolls.toml types it."""
    row = ROLLS[name]
    modifiers = ((row["modifier"], "grenade"),) if row["modifier"] else ()
    return from_roll(Roll(label, row["dice_count"], row["dice_sides"], modifiers,
                          row["at_least"]))


display(sources_switch())

# %% [markdown]
# ## 1. The deck, the start and the turn
#
# There is one deck for everybody<span class="teach-source"> (lines 8-9)</span>, and it holds every
# kind of card: weapons, armor, vehicles, steeds and equipment (together, the **item** cards),
# mutations, events, Foes and Locations. Nobody is dealt a hand: you begin with no cards and no
# followers and build up from nothing. The seed names no first player; we let Player 1 begin, and
# turns then go round in seat order.
#
# A turn has two parts<span class="teach-source"> (lines 13-17)</span>: an **Action Phase**, where
# you spend Action Points, and a **Healing Phase**, where your followers mend (section 11).
#
# *Try it:* a brand-new game. Player 1 has 2 Action Points and nothing else: he can only
# recruit a follower or draw a card.

# %%
display(
    example("gamma_world", None, "A new game: Player 1's first Action Phase"),
    rulings("gw-22", "gw-23", "gw-9"),
)

# %% [markdown]
# ## 2. Action Points
#
# Every turn you get 2 Action Points (AP). Each one pays for one action: recruit a follower, draw a
# card, play an item card on a follower, or attack a location<span class="teach-source"> (lines
# 19-24)</span>. Other cards bring more AP<span class="teach-source"> (line 25)</span>: every
# vehicle and every steed gives 1 more each turn<span class="teach-source"> (line 111)</span>, and
# so do the Mind Booster and three mutations (Teleportation, Time Field Manipulation, Genius
# Capability). Some locations give an AP that may pay for one action only, such as the Think Tank's
# for drawing. Playing an event costs no AP at all.
#
# The AP are counted at the start of your turn. A card's AP comes with the card: if the card leaves
# play during the turn (a steed killed in battle, a vehicle broken, a follower lost with his cards,
# a location destroyed), the AP it had not yet given is lost with it. So an action is paid with an
# AP tied to it if one fits, then with a steed's or a mutation's, then with a plain AP (which
# nothing can take away), and only last with a vehicle's or the Mind Booster's, because using those
# risks a Breakdown (section 8). AP you do not spend are lost.
#
# *Try it:* Player 1 has a Flit Car and a Mind Booster on his followers and holds the Think
# Tank and the Weapons Lab: 6 AP, two of them tied to drawing and to playing weapons. Spend
# them and watch which AP pays each time, and when the Flit Car is finally used.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"hand": ["Laser Pistol", "Wings"],
         "followers": [{"cards": ["Flit Car"]}, {"cards": ["Mind Booster"]}, {}],
         "locations": ["Think Tank", "Weapons Lab"]},
        {}]},
        "Six Action Points: 2 plain, the Flit Car's, the Mind Booster's and two tied ones"),
    rulings("gw-11", "gw-12", "gw-21", "gw-25", "gw-47"),
)

# %% [markdown]
# ## 3. Recruiting followers
#
# For 1 AP a new follower joins you<span class="teach-source"> (lines 26-33)</span>. It starts with
# Force 1 and 2 Hits. You may give it, there and then, any number of Mutation cards from your hand;
# each adds Force, Hits, or a special power. A follower with no mutation is a Pure Strain Human; one
# with mutations you call a Mutant Human or a Mutant Animal (the name changes nothing in play). You
# may have 6 followers at most (four locations raise that by one each).
#
# One mutation is a curse: **Defect** (Force -2) is put by an opponent on a follower you have
# just recruited. A follower's Force never drops below 0.
#
# *Try it:* Player 1 holds three mutations; Player 2 holds Defect and will be asked whether to
# spoil the new follower.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"hand": ["Wings", "Total Carapace", "Genius Capability"], "followers": [{}]},
        {"hand": ["Defect"]}]},
        "Player 1 recruits with three mutations in hand; Player 2 holds Defect"),
    rulings("gw-28", "gw-15", "gw-46", "gw-29"),
)

# %% [markdown]
# ## 4. Drawing cards and the hand
#
# For 1 AP you draw one card<span class="teach-source"> (line 22)</span>. You may hold 5 cards; when
# a card takes you over, you throw away one of your choice at once<span class="teach-source"> (lines
# 34-36)</span>. Three locations raise the limit by one each (Communications Facility, Mining
# Operation, Nuclear Power Plant). The deck is never refilled from the discard pile: drawing its
# last card ends the game (section 12).
#
# *Try it:* Player 1 already holds five cards; the next two in the deck are known (a Laser Rifle,
# then a Warbot). Draw and choose what to give up.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"hand": ["Wings", "Needler", "Hissers", "Agri-Dome", "Healers"], "followers": [{}]},
        {}],
        "top": ["Laser Rifle", "Warbot"]},
        "A full hand of five, and two draws to make"),
    rulings("gw-37", "gw-24"),
)

# %% [markdown]
# ## 5. Items: equipping your followers
#
# For 1 AP you put an item card from your hand on one of your followers<span class="teach-source">
# (lines 37-39)</span>. Weapons add Force; armor adds Hits (the heaviest suits some Force too); a
# steed adds Hits, maybe Force, and 1 AP a turn; a vehicle adds 1 AP a turn; equipment heals, adds
# AP, Force and Hits, or saves another item from breaking down. A follower can carry one armor and
# one vehicle or steed (not both), but any number of weapons and equipment. Two weapons are spent
# after one battle (Small Damage Pack, Matter Bomb).
#
# *Try it:* Follower 1 already wears Sheath Armor and Follower 2 rides a Podog. See which
# followers each new item may go on.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"hand": ["Powered Battle Armor", "Brutorz", "Hover Car", "Frag Grenades"],
         "followers": [{"cards": ["Sheath Armor"]}, {"cards": ["Podog"]}]},
        {}]},
        "One armor, and one vehicle or steed, per follower"),
    rulings("gw-9", "gw-30", "gw-6"),
)

# %% [markdown]
# ## 6. Attacking a location
#
# For 1 AP you play a Location card from your hand and send all your followers against it<span
# class="teach-source"> (lines 40-42)</span>. Each opponent in turn may then play one Foe card to
# defend it<span class="teach-source"> (line 43)</span>; the first who does is the enemy, and its
# dice (2D6 up to 5D6) give its **Starting Threat**<span class="teach-source"> (line 44)</span>. If
# nobody plays a Foe, the location is yours at once, without a fight.
#
# Some Foes are robots or androids (the Warbot and the other Robots, the Death Machine, The
# Created). Against them a few weapons do nothing (the Needler, Gas Grenades, Black Ray Pistol) and
# the mental mutations change: Mental Blast, Mental Control, Life Leech and Gas Generation add no
# Force, while Electrical Generation and Magnetic Control add 4<span class="teach-source"> (lines
# 73, 79, 91, 160-165)</span>.
#
# *Try it:* Player 1's four followers (Force 15) attack the Agri-Dome; Player 2 may defend it
# with the Hissers or the Warbot. The odds below are for the whole battle, fought to the end:
# against the Warbot Follower 2's Mental Blast is worth nothing and the Force falls to 11.

# %%
band = [  # the four followers of the example, as the odds count them
    {"mutations": ["Wings"], "weapons": ["Laser Rifle"]},
    {"mutations": ["Mental Blast"]},
    {"mutations": ["Heat Generation"], "armor": "Sheath Armor"},
    {"weapons": ["Vibro Blade"], "steed": "Hopper"},
]
display(
    example("gamma_world", {"enclaves": [
        {"hand": ["Agri-Dome"],
         "followers": [{"cards": ["Wings", "Laser Rifle"]}, {"cards": ["Mental Blast"]},
                       {"cards": ["Heat Generation", "Sheath Armor"]},
                       {"cards": ["Vibro Blade", "Hopper"]}]},
        {"hand": ["Hissers", "Warbot"]}]},
        "Player 1 attacks the Agri-Dome: which Foe will Player 2 send?"),
    odds_card(attack(band, "2D6", exact=False), "Capturing the Agri-Dome against the Hissers "
              "(Threat 2D6)"),
    odds_card(attack(band, "4D6", exact=False, robots=True),
              "Against the Warbot (Threat 4D6, a robot)"),
    rulings("gw-31", "gw-7", "gw-8"),
)

# %% [markdown]
# ## 7. A battle round
#
# Before every round, the first included, you choose to fight on or to retreat<span
# class="teach-source"> (line 53)</span>. In a round both sides roll at once<span
# class="teach-source"> (lines 45-48)</span>: you roll one die per point of your followers' Force,
# and each 1 takes a point off the Threat; the Foe rolls one die per point of Threat left, and each
# 1 is a hit on your followers. Ones beyond what the other side has left are wasted.
#
# A die decides which of your living followers takes each hit<span class="teach-source"> (line
# 49)</span>. On that follower the steed takes hits first<span class="teach-source"> (line
# 50)</span>, then the armor<span class="teach-source"> (line 58)</span>, then the follower himself;
# steed, armor or follower at 0 Hits is gone, with the Force it gave, and a follower takes his cards
# with him, so his Force leaves the battle. When the Threat reaches 0 the location is yours<span
# class="teach-source"> (lines 54-55)</span>; if your last follower falls, even in the round the
# Threat falls, or you retreat, the location and the Foe are discarded<span class="teach-source">
# (line 59)</span>.
#
# *Try it:* Player 1's champion wears Powered Plate Armor and rides a Brutorz; Follower 2 has
# taken a hit already and has 1 left. Fight the Obb round by round, and force the hit dice to
# see the Brutorz, then the armor, soak them: when the Brutorz falls its +2 Force goes too.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"hand": ["Hydroponics Farm"],
         "followers": [{"cards": ["Powered Plate Armor", "Brutorz", "Fusion Rifle"]},
                       {"cards": ["Telekinesis"], "damage": 1},
                       {"cards": ["Frag Grenades"]}]},
        {"hand": ["Obb"]}]},
        "Three followers attack the Hydroponics Farm; Player 2 holds the Obb"),
    odds_card(attack([{"armor": "Powered Plate Armor", "steed": "Brutorz",
                       "weapons": ["Fusion Rifle"]},
                      (3, 1),  # Follower 2: Force 3, one Hit left
                      {"weapons": ["Frag Grenades"]}], "2D6", exact=False),
              "The battle against the Obb (Threat 2D6), fought to the end"),
    rulings("gw-32", "gw-33", "gw-34", "gw-35"),
)

# %% [markdown]
# ## 8. Breakdown
#
# Old-world gear is unreliable<span class="teach-source"> (lines 63-66)</span>. Each time a weapon,
# a piece of equipment or a vehicle is used, roll a die: on a 6 it is discarded. Grenades add 1 to
# the roll, so they go on a 5 or 6. "Used" means: a weapon once for each battle its follower fought
# in (rolled when the battle ends), a vehicle or the Mind Booster whenever its AP is spent, a
# healing kit whenever it heals. A follower carrying Solar or Atomic Energy Cells may throw them
# away to save any of your items from a breakdown.
#
# *Try it:* Player 1's Flit Car gives him a third AP, spent after the two plain ones. Spend all
# three; when the Flit Car rolls, force a 6 to be offered the Solar Energy Cells.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"followers": [{"cards": ["Flit Car"]}, {"cards": ["Solar Energy Cells"]}]},
        {}],
        "top": ["Laser Pistol", "Medi-Kit", "Bubble Car"]},
        "A Flit Car, and Solar Energy Cells on another follower"),
    odds_card(single_roll("breakdown", "Breakdown roll for a Flit Car: 1D6, 6+ breaks it"),
              "A vehicle, weapon or equipment breaks down ('success' here is the breakdown)"),
    odds_card(single_roll("breakdown_grenade", "Breakdown roll for Frag Grenades: 1D6 +1, "
                          "6+ breaks it"),
              "A grenade breaks down more often"),
    rulings("gw-26", "gw-27", "gw-5"),
)

# %% [markdown]
# ## 9. Events
#
# Events are played in your own Action Phase, cost no AP, work once and are discarded<span
# class="teach-source"> (lines 127-144)</span>. You may play one only when it has something to act
# on. They come in a few families:
#
# * help for you: heal your followers (Healers), give one a mutation from your hand (Latent
#   Mutation, Radiation), or take a card back from the discard pile (Archivists, Repairs, Gene
#   Pool, Yexil Trader);
# * harm to anyone: destroy an item (Seekers) or a mutation (De-Evolution), or remove a
#   follower (Brotherhood of Thought, whose owner may keep its items);
# * knowledge: look at the next 2D6 cards, which stay on top (Precognition), or at an
#   opponent's hand (Telepathy);
# * pressure: an opponent throws away 1D6 cards of his choice (Wasteland), or you attack one of
#   his locations and he may defend it with his followers, their Force serving as the Threat
#   (Encroach).
#
# *Try it:* Player 1 holds five events. The Healers are not offered (nobody is hurt); try
# Encroach against Player 2's Armory, or Wasteland against his hand.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"hand": ["Wasteland", "Seekers", "Precognition", "Healers", "Encroach"],
         "followers": [{"cards": ["Wings"]}, {"cards": ["Laser Pistol"]}]},
        {"hand": ["Warbot", "Needler", "Hissers"],
         "followers": [{"cards": ["Powered Scout Armor"]}], "locations": ["Armory"]}]},
        "Five events in hand: which have a target?"),
    rulings("gw-41", "gw-14", "gw-17", "gw-42", "gw-19", "gw-38"),
)

# %% [markdown]
# ## 10. What locations give you
#
# A location you hold is a point at the end, and it works for you while you keep it<span
# class="teach-source"> (lines 211-236)</span>: a bigger hand or more followers allowed, an AP for
# one kind of action, the Medical Center's extra healing. Three locations let you pick 3 cards of
# one type from the deck into your hand, once, when you take them (Military Installation, Bunker
# System, Research Laboratories). The Missile Silo fires its Neutron Missile once, in your Action
# Phase and for no AP, and destroys any other location in play.
#
# *Try it:* Player 1 holds the Missile Silo and the Space Port (an AP for attacks only).
# Player 2 has no Foe, so attacking the Military Installation takes it at once: pick your three
# weapons, then fire the missile at one of Player 2's locations.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"hand": ["Military Installation"], "followers": [{"cards": ["Wings"]}, {}],
         "locations": ["Missile Silo", "Space Port"]},
        {"locations": ["Agri-Dome", "Think Tank"]}]},
        "The Missile Silo, the Space Port, and a Military Installation to take"),
    rulings("gw-10", "gw-11", "gw-39", "gw-20", "gw-43"),
)

# %% [markdown]
# ## 11. The Healing Phase
#
# After your Action Phase, each of your followers removes one damage counter<span
# class="teach-source"> (lines 60-62)</span>: from himself, or, if he has none, from his steed, a
# living mount; one counter per follower, and armor never mends. Each healing card you have in play
# (the Rejuv Chamber, Life Ray and Medi-Kit, the Regeneration mutation, the Medical Center) may then
# remove 1D6 more counters, spread as you like over followers and steeds. A healing kit is
# equipment, so using it calls for a Breakdown roll.
#
# *Try it:* Player 1's followers, armor and Podog are hurt; he has a Medi-Kit and the Medical
# Center. The plain healing is done at once (it is listed above the choices): Follower 1's
# counter comes off himself, so his Podog keeps its damage. Then use the heal cards.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"followers": [{"cards": [{"name": "Sheath Armor", "damage": 2},
                                  {"name": "Podog", "damage": 1}], "damage": 1},
                       {"cards": ["Total Carapace", "Medi-Kit"], "damage": 4}],
         "locations": ["Medical Center"]},
        {}],
        "at": "healing"},
        "Player 1's Healing Phase, with a Medi-Kit and the Medical Center"),
    odds_card(single_roll("heal", "Heal: counters removed: 1D6"),
              "Counters one healing card removes"),
    rulings("gw-36", "gw-16"),
)

# %% [markdown]
# ## 12. The end of the game
#
# The game ends the moment the last card leaves the deck, even in the middle of a turn<span
# class="teach-source"> (line 11)</span>. Whoever then holds the most locations wins<span
# class="teach-source"> (line 12)</span>; the seed names no tie-break, so tied leaders share the
# win.
#
# *Try it:* one card is left in the deck and the players hold two locations each. Drawing it now
# ends the game in a shared win; take the Agri-Dome first (Player 2 has no Foe) and then draw,
# and Player 1 wins alone.

# %%
display(
    example("gamma_world", {"enclaves": [
        {"hand": ["Agri-Dome"], "followers": [{"cards": ["Wings"]}, {}],
         "locations": ["Armory", "Think Tank"]},
        {"locations": ["Aqua-Base", "Space Port"]}],
        "deck": ["Needler"]},
        "The last card of the deck"),
    rulings("gw-24", "gw-44"),
)

# %% [markdown]
# ## 13. Replay a game
#
# The first 300 steps of a game between two of our heuristic bots (seed 1), as the engine recorded
# them. Use **Next note** to jump between the commented steps, or the slider to go anywhere. Each
# step shows where the turn is, who acts, what he could do (or what the dice could show, with their
# exact chances) and what happened. The Healing Phase shows no step when there is nothing to choose
# in it.

# %%
Lesson("gamma_world-seed1.json", commentary={
    1: "Player 1 begins, with no cards and no followers. With nothing in hand, recruiting is "
       "the only way to grow: a follower without mutations is a Pure Strain Human, Force 1 and "
       "2 Hits. Both players spend their first three turns recruiting up to six.",
    21: "Player 1 drew a Flit Car and puts it on Follower 1: from his next turn it gives him a "
        "third AP.",
    32: "Player 1 spent the Flit Car's AP (the plain ones went first), so the car makes a "
        "Breakdown roll. A 4: it holds.",
    43: "Latent Mutation is an event: it costs no AP (he still has 1 left after it) and gives "
        "Follower 1 the Shapechange from his hand.",
    50: "Player 2 attacks the Communications Facility with six followers, Force 9. Player 1 "
        "defends it with the one Foe he holds, the Death Machine (5D6).",
    52: "The Starting Threat is 10, above Player 2's Force of 9, and this bot retreats whenever "
        "it is. Yet fighting on would have taken the location about 73% of the time (the "
        "battle odds of explorer.odds). Retreating throws away the location and the Foe.",
    63: "A 6 on the Flit Car's Breakdown roll: it is discarded, and Player 1 is back to 2 AP.",
    103: "Player 1 holds no Foe, so nobody can defend the Industrial Complex: Player 2 takes "
         "it without a fight.",
    110: "Player 1's six followers, Force 15, against the Iron Society's Threat of 15 (4D6). "
         "This time he fights.",
    118: "Four hits, each given by a die to a living follower. Follower 6 wears Powered Scout "
         "Armor, which soaks the hit; so does Follower 2's Powered Assault Armor (step 120).",
    126: "Follower 5 takes his second hit and is killed, with his Vibro Dagger: Player 1's "
         "Force falls from 15 to 13.",
    142: "Three 1s against a Threat of 1: the Iron Society is wiped out and Player 1 takes the "
         "Missile Silo.",
    144: "Only one weapon rolls for Breakdown after the battle: the Stun Ray Pistol. The Vibro "
         "Dagger and the Energy Mace were lost with their followers.",
    145: "The Neutron Missile costs no AP (he has none left) and can be fired once.",
    146: "It destroys Player 2's only location, the Industrial Complex.",
    147: "Player 1 ends his Action Phase. His Healing Phase has nothing to choose, so it shows "
         "no step: two damage counters come off his followers.",
    155: "Follower 13 joins with two mutations from the hand, Heat Generation (+2 Force) and "
         "Genius Capability (+1 AP every turn, which shows at step 165), so Player 1 names it a "
         "Mutant Human; the name changes nothing in play.",
    184: "The Gamma Knight's three hits kill three of Player 2's followers, Follower 15 "
         "(Force 7) among them: his Force falls from 20 to 11.",
    195: "A round in which neither side rolls a single 1: nothing changes, and the battle goes "
         "on.",
    200: "Player 2 has won the Weapons Lab; his three surviving weapons each make a Breakdown "
         "roll, and all hold.",
    240: "Player 1 ends with 1 AP unspent: it is the Biomorphic Biosphere's, good only for "
         "recruiting, and he already has 6 followers, the most allowed.",
    260: "Gene Pool, an event, brings a mutation back from the discard pile into Player 2's "
         "hand.",
    285: "The Hydroponics Farm, taken without a fight, raises Player 1's follower limit to 7, "
         "so he recruits a seventh at once.",
    290: "Player 2 puts Defect on the new Follower 20 as it joins: its Force drops from 7 to 5.",
})
