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
# # Rifts Adventures: the rules, with live examples
#
# Each player runs a party of adventurers across a ruined North America: kitting them out, patching
# them up, travelling, hunting for trouble and fighting it. Every Foe beaten is worth an Adventure
# Token (AT); the first party to hold 10 wins. The seed says "2-4+ players"<span
# class="teach-source"> (3)</span>: the explorer takes 2 to 6<span class="teach-source">
# (rifts-91)</span>.
#
# This page goes through the rules in the order you meet them in play. Each section says the
# rule in a few lines, then shows:
#
# - **a live example**: a real game set up just before the step the section is about. Press
#   **Roll** to roll the dice, or pick an outcome under **What if** and **Make it so** to see
#   what a given roll does. **Undo** steps back, **Start again** resets the example. You play
#   Player 1; Player 2 is a bot.
# - **the odds** of the roll that matters there, exact, with every modifier explained;
# - **the rulings** that settle what the seed leaves open, closed until you open them.
#
# The **Sources** switch below shows where each rule comes from (the seed's lines and our
# rulings' numbers), for teachers.
#
# The page ends with a whole recorded game replayed step by step, with notes.

# %%
from IPython.display import display

from explorer.engine.dice import Roll
from explorer.games.rifts.data import rifts_data
from explorer.odds import Odds, from_roll
from explorer.odds import rifts as rifts_odds
from explorer.ui.teaching import Lesson, example, odds_card, rulings, sources_switch

SEATS = ["human", "heuristic"]  # you play Player 1; a bot plays Player 2
RIVAL = {"members": [{"name": "Elemental Warlock"}], "location": "Settlement"}


def table(name: str, *modifiers: tuple[int, str]) -> Odds:
    """The exact odds of one of the game's plain rolls or roll tables (data/rifts/rolls.toml)."""
    data = rifts_data()
    count, sides, fixed, target = data.roll(name)
    own = ((fixed, "the roll's own modifier"),) if fixed else ()
    read_on = data.rolls[name]["table"]
    spec = Roll(name, count, sides, (*own, *modifiers), target, read_on)
    return from_roll(spec, data.tables[read_on] if read_on else None)


display(sources_switch())

# %% [markdown]
# ## 1. The cards
#
# The game uses six decks<span class="teach-source"> (16-23)</span>:
#
# - **Characters**<span class="teach-source"> (26-63)</span> are the members of your party. Each has
#   a class (Fighter, Adventurer, Mage, Racial Class, Psychic), a **Base Force** (raw strength)
#   and a few skills such as Wilderness, Heal or Pilot, each defined in the ability list<span
#   class="teach-source"> (64-117)</span>. A "+N" after a skill makes it N stronger.
# - Three **Aid decks**, Equipment, Psionic and Magic<span class="teach-source"> (118-272)</span>,
#   hold cards you attach to a Character. Each adds its Force and often a skill. Equipment is capped
#   per Character: 2 weapons, 1 armour (Power Armour is armour and needs the Power Armor skill), 1
#   vehicle (a robot vehicle counts as one), 2 items, 4 cybernetic implants. Magic goes only to
#   Mages (the Mage class, or the Dragon Hatchling's Mage skill); Psionic cards only to Characters
#   with a psychic skill, and the powerful Major (MS) ones only to Major Psychics or to the
#   specialists who use them in their own way.
# - **Locations**<span class="teach-source"> (531-564)</span> are Urban or Wilderness. Each says
#   what can be bought there and which kinds of Foe fight harder there.
# - A **Foe** card<span class="teach-source"> (566-628)</span> is a band of enemies: a number of
#   **Tokens** of equal Force, type letters (Monster, Human, D-Bee, ...) and sometimes Aid cards it
#   draws to fight with.
#
# In a fight, a Character's Force is its Base Force, plus the Force of its undamaged attached cards,
# plus 1 per Experience Token, plus whatever its skills add (Pilot +3 with a Vehicle, Wilderness +2
# in the Wilderness, and so on). A party may hold at most 40 Base Force and 8 Characters<span
# class="teach-source"> (273-275)</span>.
#
# Magic and Psionic cards wear out: whenever one lends its Force or a skill, roll 1D6; on 5 or 6 it
# works this one last time and is then thrown away<span class="teach-source"> (385-388)</span>. In a
# fight that roll is made once for the whole fight<span class="teach-source"> (rifts-60)</span>.
#
# **Example.** A Coalition Elite Veteran (a Fighter who can wear Power Armour) and a Line
# Walker (a Mage) have four cards in hand. The Decision Act offers only what is legal: the
# Glitter Boy armour fits the Veteran alone, the Fire Ball spell the Line Walker alone, the
# Mind Bolt (a Major psionic card) nobody, and the Mind Melter card may join the party
# (5 + 3 + 12 = 20 Base Force, within 40).

# %%
live = example("rifts", {
    "parties": [{"members": [{"name": "Coalition Elite Veteran"}, {"name": "Line Walker"}],
                 "hand": [{"deck": "Equipment", "name": "Glitter Boy Power Armor"},
                          {"deck": "Magic", "name": "Fire Ball"},
                          {"deck": "Psionic", "name": "Mind Bolt"},
                          {"deck": "Character", "name": "Mind Melter"}],
                 "location": "Chi-Town"}, RIVAL],
    "at": "turn"}, "Who may take which card", seats=SEATS)
use = odds_card(table("Use"), "Use Roll: the chance a Magic or Psionic card is used up")
display(live, use, rulings("rifts-1", "rifts-15", "rifts-17", "rifts-47", "rifts-54", "rifts-55"))


# %% [markdown]
# ## 2. Setup
#
# Every player draws two Characters and then, for each of them, two Aid cards, choosing for each
# card whether it comes from Equipment, Psionic or Magic, without seeing it first<span
# class="teach-source"> (276-280)</span>. Each party then turns up a Location card: that is where it
# starts (the seed tucks this into the Recuperate Phase, 298-299). Finally everyone rolls 1D20 and
# the highest roll plays first<span class="teach-source"> (281)</span>; tied players roll again.
# Turns then pass in seat order.
#
# **Example.** A brand-new game. The first step is the draw of your first Character: every one
# of the 29 cards is equally likely. Player 2's deck choices are made by the bot.

# %%
live = example("rifts", None, "A game from the very start", seats=SEATS)
display(live, rulings("rifts-63", "rifts-64", "rifts-91"))


# %% [markdown]
# ## 3. A turn: the Decision Act and the End Act
#
# A turn has two acts<span class="teach-source"> (282-293, 524-526)</span>.
#
# In the **Decision Act** you first get ready: attach cards from your hand to Characters who
# can use them, let a Character card from your hand join, and use skills that work outside a
# fight. Scrying, for one, looks at the next 1D10-3 cards of any deck; they stay on top, in
# that order, so you know what comes next. Then you choose **one** phase for the turn:
# Recuperate, Travel, Mission or Supply; the other three are lost. Supply is not offered where
# nothing can be bought (a Location with no supply, or one whose natives are hostile). Some
# mishaps take the choice away: after Lost, Stuck or a delay on the Escape Table, the next turn
# starts directly in the Travel or Destination stage.
#
# The **End Act** is short: a hand holds at most 5 cards, so discard down to 5, choosing what
# goes<span class="teach-source"> (525)</span>. A deck that runs out is reshuffled from its
# discards<span class="teach-source"> (526)</span>.
#
# **Example.** A Mystic and a Wilderness Scout in Old Canada. Try the Mystic's Scrying before
# choosing a phase. The odds below are what three of the phases offer this party here: the
# Wilderness Scout's Wilderness +2 is worth +4 on all of them.

# %%
live = example("rifts", {
    "parties": [{"members": [{"name": "Mystic"}, {"name": "Wilderness Scout"}],
                 "location": "Old Canada"}, RIVAL],
    "at": "turn"}, "Choosing the turn's phase", seats=SEATS)
party = ["Mystic", "Wilderness Scout"]
display(live,
      odds_card(rifts_odds.roll("survival", party, "Old Canada"), "Travel: the Survival roll"),
      odds_card(rifts_odds.roll("mission", party, "Old Canada"), "Mission: the Mission Table"),
      odds_card(rifts_odds.roll("supply", party, "Old Canada"), "Supply: the Supply roll"),
      rulings("rifts-52", "rifts-55", "rifts-65", "rifts-76", "rifts-79", "rifts-84"))


# %% [markdown]
# ## 4. Recuperate: heal and repair
#
# Each wounded Character rolls 1D20 once; on 16 or more all its wounds are gone<span
# class="teach-source"> (294-297)</span>. Heal skills and cards add rolls: the Body Fixer's Heal +2
# gives one more roll, at +2. Damaged Equipment gets no free roll. Only a Character with no wounds
# and the Repair skill (or a card that gives it) may try to fix one, with the same 1D20 needing
# 16<span class="teach-source"> (300-303)</span>. The heal rolls come first, so a Character healed
# this turn can still repair. A Character with 2 wounds is out of action and lends no skill to
# anyone.
#
# **Example.** A healthy Body Fixer, a Vagabond with 2 wounds and an Operator (Repair +2) with
# 1 wound and a damaged Hover Cycle. Heal the Operator first, and it can fix the Hover Cycle.

# %%
live = example("rifts", {
    "parties": [{"members": [
        {"name": "Body Fixer"}, {"name": "Vagabond", "wounds": 2},
        {"name": "Operator", "wounds": 1,
         "attached": [{"deck": "Equipment", "name": "Hover Cycle", "damaged": True}]}],
        "location": "Farms"}, RIVAL],
    "at": "Recuperate"}, "Heal rolls, then a Repair roll", seats=SEATS)
party = ["Body Fixer", "Vagabond", "Operator"]
display(live,
      odds_card(rifts_odds.roll("heal", party, "Farms"), "A wounded Character's Heal roll"),
      odds_card(rifts_odds.roll("heal", party, "Farms", modifier=2),
                "The Body Fixer's extra Heal roll (Heal +2)"),
      odds_card(table("Repair", (2, "Operator: Repair +2")), "The Operator's Repair roll"),
      rulings("rifts-34", "rifts-47", "rifts-48", "rifts-50"))


# %% [markdown]
# ## 5. Travel and its hazards
#
# Travelling goes through three stages<span class="teach-source"> (304-358)</span>.
#
# 1. **Survival.** Roll 1D20; 16 or more and the trip is uneventful. Add +1 for each Character
#    with Survival and for each with Knowledge, +2 for each Character with Wilderness in the
#    Wilderness (Urban in a town), +1 if everyone rides an undamaged Vehicle and +1 more if
#    everyone flies. A miss sends you to the 20-row **Hazard Table**: damaged or lost gear,
#    wounds, a lost turn (Lost, Stuck, Detained), an Ambush by the next Foe at +5 Force per
#    Token, a Character cut off for 1D6 turns, or -1 or -2 on all your own rolls for this turn
#    and the next (not on the Foes' Morale Check, which is theirs).
# 2. **Encounter.** Roll 1D20 with no modifiers; on 11 or more, turn up the top Foe and fight
#    it. A party holding Study Maps (from the Bonus Supply Table) may instead ignore every Foe
#    card it meets in this Travel Phase, an Ambush's too: the card is discarded and the trip
#    goes on; the next Travel Phase spends Study Maps, even one that ends at a Hazard. If the
#    party flees that fight, roll 1D6 on the **Escape Table**: 1-2 go back and end
#    the turn, 3 start the next turn at Travel, 4 start the next turn at Destination, 5-6 carry
#    on now.
# 3. **Destination.** Turn up the top Location: the party is now there.
#
# **Example.** A Wilderness Scout on a Wilks Jet Pack and a Vagabond on a Hover Cycle set off
# from Alberta: +1 for Survival, +4 for Wilderness, +1 because both ride and +1 because both
# fly.

# %%
live = example("rifts", {
    "parties": [{"members": [
        {"name": "Wilderness Scout",
         "attached": [{"deck": "Equipment", "name": "Wilks Jet Pack"}]},
        {"name": "Vagabond", "attached": [{"deck": "Equipment", "name": "Hover Cycle"}]}],
        "location": "Alberta"}, RIVAL],
    "at": "Travel"}, "Setting off from Alberta", seats=SEATS)
party = [("Wilderness Scout", ["Wilks Jet Pack"]), ("Vagabond", ["Hover Cycle"])]
display(live,
      odds_card(rifts_odds.roll("survival", party, "Alberta"), "The Survival roll"),
      odds_card(table("Hazard"), "If it fails: the Hazard Table"),
      odds_card(table("Escape Table"), "After fleeing a fight on the road: the Escape Table"),
      rulings("rifts-33", "rifts-41", "rifts-42", "rifts-51", "rifts-67", "rifts-76", "rifts-80",
              "rifts-77", "rifts-81"))


# %% [markdown]
# ## 6. Mission: look for adventure
#
# A Mission is one 1D20 read on the Mission Table, also called the Track roll<span
# class="teach-source"> (411-432)</span>. Add +1 per Track source and per Character with Knowledge,
# +2 per Character with Wilderness or Urban in a matching Location; Hunt and Drain add +2 and
# Sensors +1, since they promise better Track rolls. From low to high the table gives: nothing<span
# class="teach-source"> (1-4)</span>; a fight<span class="teach-source"> (5-6)</span>; a fight in
# which the Foes strike first every round<span class="teach-source"> (7-8)</span>; a fight in which
# your Characters get +5 Force in the first round<span class="teach-source"> (9-10)</span>; a fight
# that frees a new Character<span class="teach-source"> (11)</span>; 1 AT for helping the
# locals<span class="teach-source"> (12)</span>; a fight worth an extra AT<span
# class="teach-source"> (13)</span>; +5 to spend on a later roll<span class="teach-source">
# (14)</span>; a free Magic, Equipment, damaged Equipment or Psionic card<span class="teach-source">
# (15-18)</span>; three Foes in a row for 2 extra AT<span class="teach-source"> (19)</span>; two in
# a row for 1 extra AT (20 or more). Each fight is one Foe card, and the extras are paid only for a
# win. A Foe that lives only in the other kind of Location is skipped.
#
# **Example.** A Rogue Coalition Dog Pack (Hunt +2, so +4) and a Rogue Scholar (Knowledge, +1)
# in the Northern Wastelands: with +5 they can no longer find nothing.

# %%
live = example("rifts", {
    "parties": [{"members": [{"name": "Rogue Coalition Dog Pack"}, {"name": "Rogue Scholar"}],
                 "location": "Northern Wastelands"}, RIVAL],
    "at": "Mission"}, "Tracking in the Northern Wastelands", seats=SEATS)
party = ["Rogue Coalition Dog Pack", "Rogue Scholar"]
display(live,
      odds_card(rifts_odds.roll("mission", party, "Northern Wastelands"),
                "The Mission Table at +5"),
      rulings("rifts-5", "rifts-36", "rifts-37", "rifts-38", "rifts-66", "rifts-78",
              "rifts-87"))


# %% [markdown]
# ## 7. Supply: resupply
#
# Buying supplies takes a 1D20 of 10 or more<span class="teach-source"> (359-384)</span>: +1 per
# Character with Communicate and per Character with Knowledge, +2 per Character with Wilderness or
# Urban in a matching Location, but -5 if you took supplies at this Location last turn. If it works,
# the Location says how many cards you draw and from which decks: "Any 2" is two cards from any Aid
# deck, "Non-Tech" any but Equipment, "Character" the Character deck only; a Magic Location offers
# the Character or Magic deck (a Character drawn there must be a Mage, otherwise you draw Magic
# instead); a Tech one anything but Magic (a Mage drawn is drawn again); a Psionic one the Character
# or Psionic deck (a Character must be a Psychic); "None" sells nothing. Then roll another 1D20: on
# 11 or more, roll on the **Bonus Supply Table**, mostly gifts (a card, an AT, a bonus for a later
# roll, Study Maps to ignore the Foes of your next trip) with a few setbacks (losing an AT, hostile
# natives, lean times). A card gained goes to your hand or straight onto a Character<span
# class="teach-source"> (384)</span>.
#
# **Example.** A City Rat (Urban), a Rogue Scholar (Communicate and Knowledge) and a Line
# Walker in Tolkeen, a Magic city that gives two cards.

# %%
live = example("rifts", {
    "parties": [{"members": [{"name": "City Rat"}, {"name": "Rogue Scholar"},
                             {"name": "Line Walker"}],
                 "location": "Tolkeen"}, RIVAL],
    "at": "Supply"}, "Shopping in Tolkeen", seats=SEATS)
party = ["City Rat", "Rogue Scholar", "Line Walker"]
display(live,
      odds_card(rifts_odds.roll("supply", party, "Tolkeen"), "The Supply roll"),
      odds_card(rifts_odds.roll("supply", party, "Tolkeen", supplied_here_last_turn=True),
                "The Supply roll the turn after supplying here"),
      odds_card(table("Bonus Supply"), "The roll for a bonus (11+ on 1D20)"),
      odds_card(table("Bonus Supply Table"), "The Bonus Supply Table"),
      rulings("rifts-18", "rifts-19", "rifts-20", "rifts-35", "rifts-79", "rifts-80"))


# %% [markdown]
# ## 8. Combat: five segments a round
#
# A fight comes from the Encounter stage, an Ambush on the road or a Mission<span
# class="teach-source"> (443-460)</span>. The Foe's Tokens each start with the card's Force, plus
# the Location's bonus if the Foe belongs to the kind it names, plus the Force of any Aid card the
# Foe draws; those cards are dealt to the Tokens in turn. Your Characters ready their Magic and
# Psionic cards (one Use Roll each for the whole fight) and roll skills such as Ley Lines: once a
# turn, in the first fight of the turn, 4 or more on 1D6 gives +1D10 Force for every fight left in
# the turn and one Magic card, which makes its Use Roll as it joins the fight. Then the fight runs
# in rounds of five segments until the party gets away, one side is wiped out, or the Foes flee:
#
# 1. **Escape**: try to get away, or stand and fight.
# 2. **Character Attack**: each full 10 Force gives a Character one 1D6 attack roll; 4 or more takes
#    1D10 Force off a random Token, and a Token at 0 or less is destroyed<span class="teach-source">
#    (472-476)</span>.
# 3. **Action**: use combat skills such as Chaos, Control or Immobilize<span class="teach-source">
#    (477-479)</span>.
# 4. **Foe Attack**: each full 10 Force gives a Token one 1D6 attack roll; 4 or more
#    hits<span class="teach-source"> (480-486)</span>. A Token under 10 Force does not attack at
#    all.
# 5. **Morale**: 1D10; on 9 or more the Foes run away<span class="teach-source"> (514-523)</span>.
#
# ### Escape
#
# Roll 1D20; 16 or more and the party is away, otherwise the round goes on as usual<span
# class="teach-source"> (461-471)</span>. Add +2 per Character with Wilderness or Urban in a
# matching Location, +2 per Character with Stealth or an Escape card (once per Character), +1 if
# everyone rides a Vehicle and +1 more if everyone flies: everyone means the whole party, the
# wounded who cannot fight included. You may try again every round. Fleeing a fight on the road
# sends you to the Escape Table; fleeing a Mission fight ends the Mission with nothing gained.
#
# **Example.** Dinosaurs in the Dinosaur Swamp, where Monsters get +7 Force per Token: four
# Tokens of 19. The estimate below plays the fight out through the engine many times: standing
# and fighting rarely ends well, so try the Escape roll.

# %%
live = example("rifts", {
    "parties": [{"members": [{"name": "Wilderness Scout"}, {"name": "Dismissed CN Specialist"}],
                 "location": "Dinosaur Swamp"}, RIVAL],
    "at": "combat", "foe": "Dinosaurs"}, "Dinosaurs at home: run?", seats=SEATS)
party = ["Wilderness Scout", "Dismissed CN Specialist"]
display(live,
      odds_card(rifts_odds.roll("escape", party, "Dinosaur Swamp"), "The Escape roll"),
      odds_card(rifts_odds.battle(party, "Dinosaurs", "Dinosaur Swamp", runs=300),
                "If they stand and fight (estimate)"),
      rulings("rifts-6", "rifts-26", "rifts-32", "rifts-33", "rifts-69", "rifts-86"))


# %% [markdown]
# ### Your attacks, your actions and the Foes' morale
#
# A Character's attack rolls come from its Force that round, which can change: a weapon marked
# "every other round" counts only in rounds 1, 3, 5 and so on, and a weapon with a number of uses
# spends one each round it counts (the Protein Healing Salve's uses are Heal rolls: it spends none
# in a fight). An Artificer's +1 (or Cybernetics' on implants) goes with a card's Force, so a
# resting or damaged card gets no +1 either. In the Action segment each combat skill is used once a
# round on a Token you choose. Chaos rolls 1D6: 1-2 nothing happens, 3-4 that Token does not attack
# this round, 5-6 it attacks for your side; Immobilize holds a Token for 1D6-3 of its attacks. The
# Morale Check takes -1 against Monsters, +1 against Humans, +1 per Token destroyed this round and
# +1 once fewer than half the starting Tokens are left; it is the Foes' roll, so Weakened, Hunger
# and Exposure do not change it. Foes who run away still count as beaten.
#
# **Example.** A Line Walker with Befuddle (Chaos) and a Cyber-Knight with a Rail Gun and a
# Particle Beam Rifle meet Marauding Bandits in Border Town. The Cyber-Knight has 21 Force,
# and so two attack rolls, in odd rounds; in even rounds the rifle rests and it has one. The
# Bandits' Tokens have 6 Force: only one lifted to 10 by the card the Foe draws can strike
# back, which is why the estimate below is so one-sided. The question here is how fast they
# break.

# %%
knight = {"name": "Cyber-Knight",
          "attached": [{"deck": "Equipment", "name": "Rail Gun"},
                       {"deck": "Equipment", "name": "Particle Beam Rifle"}]}
live = example("rifts", {
    "parties": [{"members": [{"name": "Line Walker",
                              "attached": [{"deck": "Magic", "name": "Befuddle"}]}, knight],
                 "location": "Border Town"}, RIVAL],
    "at": "combat", "foe": "Marauding Bandits"}, "A fight with Marauding Bandits", seats=SEATS)
party = [("Line Walker", ["Befuddle"]), ("Cyber-Knight", ["Rail Gun", "Particle Beam Rifle"])]
morale = rifts_odds.roll("morale", [], "Border Town", foe="Marauding Bandits",
                         tokens_destroyed=1)
display(live,
      odds_card(rifts_odds.battle(party, "Marauding Bandits", "Border Town", runs=300),
                "How this fight ends (estimate)"),
      odds_card(table("Chaos"), "Befuddle's Chaos roll"),
      odds_card(morale, "The Morale Check after one Token falls in a round"),
      rulings("rifts-45", "rifts-51", "rifts-57", "rifts-58", "rifts-60", "rifts-62", "rifts-71",
              "rifts-86", "rifts-89", "rifts-90"))


# %% [markdown]
# ## 9. The Foes strike: hits, wounds and death
#
# When a Token's attack hits, a Character with Protect may roll 1D6 to cancel it: 4 or more and the
# hit is gone (each Protect source once a round). Otherwise a random Character is hit and rolls 1D10
# on the **Hit Result Table**, +1 if it is Tough<span class="teach-source"> (484-494)</span>: 1
# kills; 2-3 is two wounds; 4-6 one wound; 7 a combat event (1D10 on the Combat Event Table:
# Berserk, Pinned Down, Panic, Captured, ...; Panic and Knocked Out hold the Character for the rest
# of the round and then 1D6 more rounds); 8 throws away one of its Aid cards; 9 or more damages one
# of its Equipment cards. Wounds add up<span class="teach-source"> (495-501)</span>: with 1 a
# Character makes one attack roll fewer; with 2 it is out of action until healed back to 1; with 3
# it dies and its cards go with it. Damaged Equipment gives nothing until it is repaired. When the
# Foes have ambushed you (Mission 7-8), their attacks come before yours every round.
#
# **Example.** Dinosaurs ambush an AWOL Coalition Grunt in Samson Power Armour (Tough) riding
# a Big Boss ATV (Protect), and a Body Fixer who already has a wound. Four Tokens of 12 Force:
# one attack roll each, before yours.

# %%
grunt = {"name": "AWOL Coalition Grunt",
         "attached": [{"deck": "Equipment", "name": "Samson Power Armor"},
                      {"deck": "Equipment", "name": "Big Boss ATV"}]}
live = example("rifts", {
    "parties": [{"members": [grunt, {"name": "Body Fixer", "wounds": 1}],
                 "location": "Farms"}, RIVAL],
    "at": "combat", "foe": "Dinosaurs", "foes_first": True}, "Ambushed by Dinosaurs",
    seats=SEATS)
party = [("AWOL Coalition Grunt", ["Samson Power Armor", "Big Boss ATV"]), "Body Fixer"]
display(live,
      odds_card(rifts_odds.roll("hit", party, "Farms", target="AWOL Coalition Grunt"),
                "A hit on the Grunt (Tough)"),
      odds_card(rifts_odds.roll("hit", party, "Farms", target="Body Fixer"),
                "A hit on the Body Fixer"),
      odds_card(table("Combat Event"), "On a 7: the Combat Event Table"),
      rulings("rifts-39", "rifts-40", "rifts-70", "rifts-72", "rifts-81", "rifts-85"))


# %% [markdown]
# ## 10. Loot and experience
#
# A fight is won when every Token is destroyed or the Foes run away, and it earns 1 AT<span
# class="teach-source"> (14-15, 522-523)</span>. Roll 1D10 for loot: on 6 or more take one of the
# Aid cards the Foe fought with, the one you choose<span class="teach-source"> (433-438)</span>; a
# Foe that drew none leaves nothing. Then each Character who fought rolls 1D10: on 6 or more it
# gains an Experience Token, worth +1 Force for good<span class="teach-source"> (439-442)</span>.
#
# **Example.** Surprise Foes (Mission 9-10): a Cyber-Knight and a Mind Melter with Mind Bolt
# catch a City Rat Pack in the Refugee Camp, with +5 Force each in the first round. The party
# already has 9 AT: after the Loot and Experience rolls, the tenth AT ends the game.

# %%
melter = {"name": "Mind Melter", "attached": [{"deck": "Psionic", "name": "Mind Bolt"}]}
live = example("rifts", {
    "parties": [{"members": [knight, melter], "location": "Refugee Camp", "at": 9}, RIVAL],
    "at": "combat", "foe": "City Rat Pack", "first_round_force": 5},
    "One win from victory", seats=SEATS)
display(live,
      odds_card(table("Loot"), "The Loot roll"),
      odds_card(table("Experience"), "Each Character's Experience roll"),
      rulings("rifts-74", "rifts-75", "rifts-83"))


# %% [markdown]
# ## 11. Wiped Out, and victory
#
# The moment no Character in a fight can act (all dead, out of action or held by an event) the party
# is **Wiped Out**<span class="teach-source"> (527-530)</span>: it throws away every card it has and
# half its AT (the half thrown away rounds down: 7 AT keep 4) and starts again with two new
# Characters and two Aid cards for each, where it stood. The first party to reach 10 AT **wins** at
# once, even in the middle of a turn<span class="teach-source"> (12-13)</span>.
#
# **Example.** A Psi-Stalker and a Vagabond, each carrying a wound, with 7 AT, are ambushed by
# CN Spider Walkers: three Tokens of 18 Force whose Attack skill gives each two attack rolls.
# For a Character already wounded, any Hit Result from 1 to 6 ends its part in the fight.

# %%
live = example("rifts", {
    "parties": [{"members": [{"name": "Psi-Stalker", "wounds": 1},
                             {"name": "Vagabond", "wounds": 1}],
                 "location": "Farms", "at": 7}, RIVAL],
    "at": "combat", "foe": "CN Spider Walkers", "foes_first": True},
    "Ambushed by Spider Walkers", seats=SEATS)
display(live,
      odds_card(rifts_odds.roll("hit", ["Psi-Stalker", "Vagabond"], "Farms", target="Vagabond"),
                "A hit on the wounded Vagabond"),
      rulings("rifts-68", "rifts-73", "rifts-82"))


# %% [markdown]
# ## 12. Replay a game
#
# Two bots play a seeded game (the first 400 steps of a game between two of the explorer's
# bots). Each step shows where the turn is, the choices or the odds of the roll, and what happened.
# **Next note** jumps to the next step with a comment.

# %%
Lesson("rifts-seed93.json", commentary={
    29: "Setup is done: each party has two Characters and two Aid cards for each. Player 1's "
        "Magic cards wait in its hand: neither of its Characters is a Mage. Now each party "
        "turns up its starting Location: Pecos Empire for Player 1, Settlement for Player 2 "
        "(next step), both Wilderness. Then the first-player rolls: 19 against 2, so Player 1 "
        "opens.",
    34: "Player 1 resupplies at +2: Knowledge counts once for the Rogue Scientist and once for "
        "the Psi-Stalker, who has it from its Portable Lab. 20 + 2 passes 10; then a second "
        "1D20 of 11 or more (18) earns a roll on the Bonus Supply Table.",
    36: "Bonus Supply 4, Psychic Friend: one Psionic card more, on top of the two cards Pecos "
        "Empire supplies.",
    47: "Player 2's Survival roll of 3 missed 16. Hazard 7, Ambush: the first Foe card turned "
        "up, Elder Beings, fights at +5 Force per Token, and it draws two Aid cards.",
    52: "Player 2 tries to escape: +2 for the Crazy Mercenary's Stealth, 19 + 2 = 21 gets away. "
        "Fleeing a fight on the road goes to the Escape Table (next step): 3, Minor Delay: the "
        "party's next turn starts straight at the Travel Phase (step 65).",
    55: "Player 1 resupplies at the same Location again: -5 for having gained supplies here "
        "last turn, +1 per Knowledge and +1 for Communicate from the Alter Aura card. That is "
        "a Psionic card used for one of its abilities, so it makes a Use Roll (next step): 3, "
        "it stays.",
    58: "Bonus Supply 7, Framed: lose 1 AT. The party has none, and AT never go below 0.",
    65: "Player 2's turn starts at the Survival roll (Minor Delay): 3 fails. Hazard 3, Broken: "
        "the Crazy Mercenary's Laser Rifle is damaged and gives nothing until repaired.",
    69: "A Line Walker joined Player 1 at step 64: a Mage, so the Magic cards that waited in "
        "the hand can be attached at last.",
    79: "The Mission roll is the Track roll: +2 for the Psi-Stalker's Drain, +1 Track from the "
        "Surveillance Equipment, +1 per Knowledge. 10 + 5 = 15, Solve Mystery: a Magic card.",
    85: "19 + 5 = 24 reads the last row, Minor Adventure: two Foes in a row, and 1 extra AT if "
        "both are beaten. The Wolfen draw two Equipment cards, dealt to their Tokens in turn.",
    89: "At the start of the fight every attached Magic and Psionic card is readied: an \"or\" "
        "card takes one of its abilities for the whole fight, then each card makes one Use Roll "
        "(steps 90-97). Curse rolls 6 (step 95): it works to the end of this fight and is then "
        "discarded.",
    98: "Ley Lines: 4 on 1D6 (4+ needed). The Line Walker gets +1D10 Force for the rest of the "
        "turn (3, next step) and draws one Magic card, Enslave.",
    102: "Enslave was attached as it was drawn, so it follows the Usage Rule like the others: "
         "its Use Roll, 6, means it gives its benefit in this fight and is gone afterwards.",
    118: "The Action Segment: Enslave's Control turns Token 1 to the party's side this round. "
         "Curse's Immobilize rolls 1D6-3: a 3 holds the Token for no rounds at all.",
    157: "Morale 9: the Wolfen run. Foes who flee are beaten all the same: 1 AT, then the Loot "
         "roll (6 or more finds a card) and an Experience roll for each Character.",
    159: "Loot: the winner chooses which of the Foe's Aid cards to take. The Titan Recon Robot "
         "(12 Force, Attack, Protect, Sensors) beats the Bionic Limb.",
    165: "The Minor Adventure's second Foe, Wild Psi-Walkers. Ley Lines is rolled once a turn: "
         "no new roll and no new card in this fight, but the +3 Force stays (the log says so "
         "after the Use Rolls).",
    182: "The Discharged Coalition Pilot now fights with 21 Force: Base Force 4, the Robot's 12, "
         "Pilot +3 for an attached Vehicle and Sensors +2 in the first round. Two attack rolls "
         "for 20 Force, and one more for the Robot's Attack.",
    234: "Both Foes beaten. Loot again, from three Psionic cards: Possession (14). The Minor "
         "Adventure's extra AT comes after the Experience rolls: 3 AT.",
    242: "Player 2 is at Tolkeen, a town. The Thunder Dragon lives only in the Wilderness, so "
         "its card is discarded and the next Foe turned up.",
    249: "Player 2 escapes from a Mission fight (20 + 4): the Mission ends with nothing gained.",
    251: "1 + 6 = 7, Ambushed: the Dinosaurs attack first in every round. It is a new turn, so "
         "the Line Walker rolls for Ley Lines again: 2 fails (step 262).",
    265: "A Dinosaur hits before the party has struck. The Robot's Protect (1D6, 4+ cancels the "
         "hit) rolls 3; the hit damages the Rogue Scientist's Surveillance Equipment.",
    355: "Player 1 recuperates: nobody is wounded, but the Rogue Scientist has Repair and may "
         "roll to mend the damaged Surveillance Equipment: 19, repaired.",
    360: "5 + 6 = 11, Rescue Mission: fight, and gain a Character card if the fight is won.",
    370: "A new turn, a new Ley Lines roll: 4 succeeds, +10 Force for this turn and another "
         "Magic card, Lightning Bolt, which makes its own Use Roll as it joins the fight.",
})
