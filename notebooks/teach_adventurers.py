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
# # Adventurers, taught with live examples
#
# Adventurers is a race through the pulp serials of the 1930s. Every player is an adventurer who
# lays down a trail of Travel and Location cards; the first to have visited five locations, the
# fifth of them an Ancient site, recovers the relic and wins<span class="teach-source"> (seed 001,
# lines 11-14)</span>. The others stand in the way by playing Encounter cards on him, which he must
# beat with dice or slip away from with the right card.
#
# Each section below tells one part of the rules in our own words, in the order a game
# meets them, then shows it live: a game set up just before the step that matters. You play
# both seats: click a choice, press **Roll** (or **Draw**), or pick an outcome under
# "What if" and press **Make it so**. Before every roll the exact odds are shown. **Undo**
# steps back and **Start again** returns to the example's position; the last few things
# that happened are listed above the choices. Where the seed leaves a gap, our decisions settle
# it: each section lists the ones that apply, closed until you open them. The **Sources** switch
# below shows where each rule comes from (the seed's lines and our rulings' numbers), for
# teachers.

# %%
from IPython.display import display

from explorer.odds.adventurers import escape
from explorer.ui.teaching import Lesson, example, odds_card, rulings, sources_switch

display(sources_switch())

# %% [markdown]
# ## 1. The deck and the start of a game
#
# All players draw from one shared deck of 114 cards, and the only dice are ordinary six-sided
# ones<span class="teach-source"> (lines 7-9)</span>. The deck mixes eight kinds of card: **Travel**
# cards (a way of getting about: Air, Water, Road, Ground or Train) and **Location** cards (a place,
# indoors or outside, with tags such as Ancient, Civilization, Wild or Water) make up your trail;
# **Encounter** cards are dangers you play on others; **Weapon**, **Help** and **Item** cards help
# you get away; **Action** cards are tricks; **Research** cards let you look at cards. The seed's
# key of type letters forgets Locations (letter L), but they are plainly the places the rules speak
# of.
#
# To start, every player chooses one of the 13 professions, each with a lasting advantage (nothing
# stops two players choosing the same)<span class="teach-source"> (lines 21-35)</span>, takes 5
# cards, and everyone rolls a die: the highest roll begins, and players tied for highest roll again.
# Turns then go round to the left.
#
# *Try it:* a brand-new game. Pick a profession for each player (the list is a dropdown), draw
# the ten opening cards, then make the roll for first player; force a tie with "What if" to see
# the roll-off.

# %%
display(
    example("adventurers", None,
            "A new game: professions, five cards each, the roll for first player"),
    rulings("adv-2", "adv-26", "adv-27", "adv-25"),
)

# %% [markdown]
# ## 2. The turn and the Draw Phase
#
# A turn runs through five phases in a fixed order: Draw, Research, Travel, Encounter, and a
# second Research<span class="teach-source"> (lines 37-44)</span>.
#
# In the **Draw Phase** you take two cards. You may then hold at most five; anything above that you
# discard, choosing which<span class="teach-source"> (lines 46-48)</span>. The Reporter may hold
# seven, and the Private Investigator draws a third card and then throws one card of his choice
# away<span class="teach-source"> (lines 31-32)</span>. The limit is checked here only: cards that
# reach your hand later in the turn may take you over it until your next Draw Phase. When the deck
# is used up, the discard pile is shuffled to form a new one<span class="teach-source"> (line
# 49)</span>.
#
# *Try it:* a Private Investigator holding four cards; the top of the deck is known (Temple,
# Revolver, Steamboat), so his draws need no luck. He holds seven, throws one away for his
# profession, then comes down to five.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Private Investigator", "hand": ["Hotel", "Sharks", "Rope", "Camels"]},
        {"profession": "Reporter"}],
        "active": 0, "at": "draw", "top": ["Temple", "Revolver", "Steamboat"]},
        "Player 1, a Private Investigator, at the start of his Draw Phase"),
    rulings("adv-28", "adv-29"),
)

# %% [markdown]
# ## 3. The Research Phases
#
# Twice a turn, before and after travelling, you may play Research cards, as many as you like, one
# after the other<span class="teach-source"> (lines 51-52)</span>. They are about knowing more than
# the others:
#
# * look at the next cards of the deck, which stay where they are (Museum 10, Radio 7);
# * look at the top five and keep one of them (Treasure Map, Arab Diggers, and the Guide, a Help
#   card);
# * look at an opponent's hand (Nazi Spy, Informant, Interrogate, and the Translator);
# * throw your hand away and draw five new cards (Read Hieroglyphics, Decipher Engravings);
# * the Saboteur (an Action) makes an opponent of your choice throw away three cards he picks.
#
# Two professions live here: the Museum Curator draws a card each time he plays a Research
# card (after its effect), and the College Professor may, once in each Research Phase, discard
# a card to look at the next four.
#
# *Try it:* a Museum Curator with a Treasure Map and a Nazi Spy. Keep one of the five cards
# shown, then spy on Player 2: the lines above the choices tell what he saw and drew.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Museum Curator", "hand": ["Treasure Map", "Nazi Spy", "Camels"],
         "chain": ["Train"]},
        {"profession": "Reporter", "hand": ["Tiger", "Villain"]}],
        "active": 0, "at": "research.before",
        "top": ["Temple", "Revolver", "Steamboat", "Hide", "Desert", "Pyramid"]},
        "Player 1, a Museum Curator, in his first Research Phase"),
    rulings("adv-21", "adv-34", "adv-35", "adv-36", "adv-37"),
)

# %% [markdown]
# ## 4. The Travel Phase: building your trail
#
# Your trail is one face-up pile in front of you. In the Travel Phase you may put one Travel or one
# Location card on top of it, or pass<span class="teach-source"> (lines 54-57)</span>. A Location
# may only go directly on a Travel card<span class="teach-source"> (line 58)</span>: you have to
# travel to get somewhere, so your very first card is a Travel card, and after visiting a place you
# need a new Travel card before the next one. Playing a Location card is what "visiting" it means.
#
# Like the Museum Curator, three professions draw an extra card when they play a certain card: the
# Daredevil Pilot a Travel card, the Inventor a Weapon, the Occult Expert a Location tagged
# Ancient<span class="teach-source"> (lines 26-30)</span>. If an Encounter is still in front of you,
# you skip this phase (section 10).
#
# *Try it:* a Daredevil Pilot whose trail ends at the Desert (a Location). Only his Travel cards
# are offered, not the Temple or the Jungle; playing one draws him a card.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Daredevil Pilot", "hand": ["Temple", "Jungle", "Zeppelin", "Horses"],
         "chain": ["Camels", "Desert"]},
        {"profession": "Reporter", "hand": ["Tiger"]}],
        "active": 0, "at": "travel"},
        "Player 1's trail ends at the Desert: what may he play next?"),
    rulings("adv-30", "adv-17", "adv-36"),
)

# %% [markdown]
# ## 5. The Encounter Phase: which dangers fit where
#
# When your Travel Phase is over, the opponent on your right (with two players, simply the other
# player) may play one Encounter card from his hand on you<span class="teach-source"> (lines
# 60-62)</span>. The card must fit the top card of your trail<span class="teach-source"> (line
# 63)</span>. Each Encounter names where it can happen:
#
# * a way of travel (Road, Water, Air...), any Travel card ("Travel"), or any Travel card that
#   is not at sea ("Non-sea Travel");
# * a kind of place: an indoor or an outside Location, an Ancient Location, one tagged
#   Civilization; "Water" also fits the Island, the one Location tagged Water;
# * "Anywhere", which fits every trail, even an empty one.
#
# The Big Burly Nazi names no place at all (his text says he fights with his fists), so he fits
# anywhere too.
#
# *Try it:* Player 1 is at sea on a Steamboat. Player 2 holds seven Encounters; only the three
# that fit a Water journey are offered.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Reporter", "hand": ["Revolver"], "chain": ["Steamboat"]},
        {"profession": "Reporter", "hand": ["Sharks", "Tiger", "Pit Trap", "Rowdy Sailors",
                                            "Chase Scene", "Barroom Brawl", "Mata Hari"]}],
        "active": 0, "at": "encounter"},
        "Player 1 is on a Steamboat: which of Player 2's Encounters fit?"),
    rulings("adv-7", "adv-8", "adv-9", "adv-10", "adv-11", "adv-12"),
)

# %% [markdown]
# ## 6. The Encounter roll and the Escape roll
#
# An Encounter's Force is the number of dice its player rolls: 3D6 for most, 4D6 for the Nemesis,
# the Villain and Mata Hari<span class="teach-source"> (lines 64-66)</span>. Then you roll 3D6 to
# get away<span class="teach-source"> (line 68)</span>. Only a higher total wins: you discard the
# Encounter. On a tie or less it stays in front of you (what that means is in section 10)<span
# class="teach-source"> (lines 71-72)</span>.
#
# Because a tie goes to the Encounter, even an even match (3D6 against 3D6) is a little worse
# than a coin toss for you, and a Force 4 Encounter is a real threat.
#
# *Try it:* Player 2 holds the Nemesis and a German Officer. Play one, roll for it, and compare
# the odds shown before the Escape roll with the ones below, which are taken before either
# roll.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Reporter", "hand": ["Hotel"], "chain": ["Train"]},
        {"profession": "Reporter", "hand": ["Nemesis", "German Officer"]}],
        "active": 0, "at": "encounter"},
        "Player 1 on a Train; Player 2 chooses an Encounter"),
    odds_card(escape("German Officer"), "Escaping a Force 3 Encounter: 3D6 against 3D6"),
    odds_card(escape("Nemesis"), "Escaping a Force 4 Encounter: 3D6 against 4D6"),
    rulings("adv-15", "adv-4", "adv-5"),
)

# %% [markdown]
# ## 7. Weapons, and disarming them
#
# Weapons add dice. The player of an Encounter may arm a **Person** Encounter with one Weapon card:
# one more die on its roll<span class="teach-source"> (line 67)</span>. You may play one Weapon card
# on your Escape roll for one more die<span class="teach-source"> (line 69)</span>, but never
# against a trap<span class="teach-source"> (line 70)</span>. Disarm cancels a weapon attached to
# the Encounter you face. The order is: the Encounter is played and perhaps armed, you may Disarm,
# the Encounter roll is made, then you may add your weapon and roll.
#
# An armed Encounter keeps its weapon for as long as it stays in front of you. Weapons you play
# are discarded once the roll is made.
#
# *Try it:* Player 2 plays the SS Guards and arms them with a Revolver. Player 1 holds Disarm
# and a Machete: use both, one, or none, and watch the Escape odds change.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Reporter", "hand": ["Disarm", "Machete", "Hotel"], "chain": ["Train"]},
        {"profession": "Reporter", "hand": ["SS Guards", "Revolver", "Big Burly Nazi"]}],
        "active": 0, "at": "encounter"},
        "The SS Guards, armed with a Revolver, against Disarm and a Machete"),
    odds_card(escape("SS Guards", weapon=True, foe_weapon=True),
              "Both sides armed: 4D6 against 4D6"),
    odds_card(escape("SS Guards", weapon=True), "After a Disarm: 4D6 against 3D6"),
    rulings("adv-23", "adv-24", "adv-32", "adv-33"),
)

# %% [markdown]
# ## 8. Professions that add dice
#
# Five professions give one more die on the Escape roll against a certain kind of Encounter<span
# class="teach-source"> (lines 23-35)</span>: the Actor against Person Encounters, but only when he
# plays no weapon; the Archaeologist against traps; the Trapper against Animals; the Soldier of
# Fortune against Enemies; the Sea Captain against the Encounters of the Water (Sharks, Rowdy
# Sailors). The kind is the word printed before "Force": Enemy, Person, Animal and Swarm are four
# different kinds, so rats and snakes are no Animals for the Trapper. Ten Encounters print no such
# word; each is what its name says. The Villain, the Native Cultists and the Natives with Blowguns
# are Persons (the Actor's die, Mistaken Identity and an attached weapon count against them, but
# they are no Enemies), the Sharks are an Animal, the three traps are traps, and the fire, the
# poisoned dates and Bound & Gagged have no kind at all: no profession adds a die against them.
#
# The Gangster may use Enemy Encounter cards as weapons: on his own Escape roll, or to arm a
# Person Encounter he plays on someone else.
#
# *Try it:* a Trapper in the Jungle, against a Gangster. Play the Tiger on him to see the
# Trapper's extra die, or the German Officer armed with the Thugs to see the Gangster's trick.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Trapper", "hand": ["Revolver", "Hotel"], "chain": ["Safari", "Jungle"]},
        {"profession": "Gangster", "hand": ["Tiger", "Thugs", "German Officer"]}],
        "active": 0, "at": "encounter"},
        "A Trapper in the Jungle; a Gangster with a Tiger, the Thugs and a German Officer"),
    odds_card(escape("Tiger", profession="Trapper"), "The Trapper against the Tiger: 4D6"),
    odds_card(escape("Tiger", profession="Trapper", weapon="Revolver"),
              "The Trapper with his Revolver against the Tiger: 5D6"),
    odds_card(escape("Villain", profession="Actor"),
              "The Actor against the Villain, a Person: 4D6 against 4D6"),
    rulings("adv-4", "adv-5", "adv-6", "adv-18", "adv-19", "adv-20"),
)

# %% [markdown]
# ## 9. Getting away without dice
#
# Some Action, Help and Item cards simply end an Encounter: it is discarded as if you had won the
# Escape roll<span class="teach-source"> (line 73)</span>. You play one after the Encounter roll is
# known, instead of rolling. Several work only in some cases:
#
# * Hide: any Encounter but a trap. Rope: traps only. Mistaken Identity: Person Encounters only.
# * Sliding Doors and Secret Passage: when you are indoors; Topple Pillars: indoors at an
#   Ancient site; Jump off Cliff: on a Ground, Train or Road journey or at a Wild location.
# * Run away, Swing to Freedom, the Trained Monkey and Dynamite work everywhere, but cost two
#   other cards from your hand. Love Interest and the Arab Contact cost nothing.
#
# The Sidekick Kid and the Torch (indoors only) are not escapes but one more die each on the
# Escape roll; they are not weapons, so they count against traps too.
#
# *Try it:* an Archaeologist inside a Temple. Play the Pit Trap on him: Hide is not offered (it is a
# trap) and neither is his Machete, but the Rope is. Play the Snake Den instead and the choices
# change.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Archaeologist",
         "hand": ["Hide", "Rope", "Run away", "Sliding Doors", "Machete", "Hotel", "Hiking"],
         "chain": ["Camels", "Temple"]},
        {"profession": "Reporter", "hand": ["Pit Trap", "Snake Den"]}],
        "active": 0, "at": "encounter"},
        "An Archaeologist in the Temple, holding five ways out"),
    odds_card(escape("Pit Trap", profession="Archaeologist", weapon="Machete"),
              "Rolling against the Pit Trap: the Machete does not count, the Archaeologist's die "
              "does"),
    rulings("adv-3", "adv-13", "adv-14", "adv-15", "adv-16"),
)

# %% [markdown]
# ## 10. An Encounter that stays
#
# An Encounter you did not beat stays in front of you<span class="teach-source"> (line 72)</span>.
# While it does, you skip your Travel Phase<span class="teach-source"> (line 55)</span> and nobody
# may play another Encounter on you<span class="teach-source"> (line 61)</span>. In each of your
# Encounter Phases it is fought again: its player makes a new Encounter roll (an attached weapon
# still counts) and you a new Escape roll, or you get away with a card. Only then is it discarded,
# with its weapon.
#
# *Try it:* the Villain has been in front of Player 1 since last turn. His turn reaches the
# Travel Phase: it is skipped, and the Villain attacks again. He has a Revolver this time.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Reporter", "hand": ["Temple", "Revolver"], "chain": ["Camels"],
         "encounter": {"card": "Villain", "by": 1}},
        {"profession": "Reporter", "hand": ["Tiger", "Chase Scene"]}],
        "active": 0, "at": "travel"},
        "The Villain is still in front of Player 1"),
    odds_card(escape("Villain", weapon=True),
              "The Villain again, with a Revolver: 4D6 against 4D6"),
    rulings("adv-31", "adv-33"),
)

# %% [markdown]
# ## 11. Winning
#
# You win the moment you have visited five locations, that is, played your fifth Location card; that
# fifth one must be an Ancient site<span class="teach-source"> (lines 11-14)</span>. A Location
# without the Ancient tag cannot be your fifth. Travel and Location cards stay on the trails for
# good, so the deck can run short of what someone needs: when no adventurer can still win, the game
# ends, and the one who has visited the most locations wins (of those tied, the one who got there
# first).
#
# *Try it:* an Occult Expert with four locations behind him, on a Steamboat. He holds the Hotel
# and the Temple, but only the Temple may be his fifth.

# %%
display(
    example("adventurers", {"adventurers": [
        {"profession": "Occult Expert", "hand": ["Hotel", "Temple", "Revolver"],
         "chain": ["Safari", "Desert", "Horses", "Jungle", "Train", "Marketplace", "Balloon",
                   "Camp", "Steamboat"]},
        {"profession": "Reporter", "hand": ["Tiger"], "chain": ["Orient Express"]}],
        "active": 0, "at": "travel"},
        "Four locations visited: the fifth must be Ancient"),
    rulings("adv-22", "adv-38"),
)

# %% [markdown]
# ## 12. Replay a game
#
# A whole game between two of our heuristic bots (seed 5), step by step, as the engine recorded
# it. Both bots choose the Private Investigator. Use **Next note** to jump between the
# commented steps, or the slider to go anywhere. Each step shows where the turn is, who acts,
# what he could do (or what the dice could show, with their exact chances) and what happened.

# %%
Lesson("adventurers-seed5.json", commentary={
    13: "The roll for first player: each player rolls a die. Player 1 rolls a 1 and Player 2 "
        "a 4 (next step), so Player 2 begins, and play then goes to the left.",
    18: "Player 2's first Draw Phase. As a Private Investigator he drew three cards, not two, "
        "and now throws one away (the Translator). He still holds seven, so two more must go "
        "at the hand limit of five (steps 19-20).",
    27: "Player 1's first Travel card: a trail has to start with a Travel card, since a "
        "Location may only be played on one. The U-Boat is a Water journey.",
    28: "Player 2 plays his strongest Encounter, the Villain (Force 4, fits Anywhere), on "
        "Player 1.",
    30: "4D6 rolled 15, so Player 1 needs 16 or more on 3D6: about a 1 in 20 chance. He rolls "
        "11 and the Villain stays in front of him.",
    42: "Player 1's next turn: with the Villain still there, his Travel Phase was skipped and "
        "the Villain is fought again, with a new Encounter roll: only 7 this time.",
    43: "Player 1 holds the Arab Contact, a free escape, but 3D6 beats 7 about 84% of the "
        "time, so he keeps the card and rolls. He gets 14 and the Villain is discarded.",
    50: "Player 2 visits his first location: the Docks, played on his Deep Sea Diving card.",
    62: "Against the Gangsters' roll of 8 his odds would be about 74%, so this time Player 1 "
        "spends the Arab Contact and gets away without rolling.",
    70: "A tie: 7 against 7. Only a higher total escapes, so the SS Guards stay with "
        "Player 2.",
    81: "The SS Guards are a Person Encounter, so their player may arm them: Player 1 attaches "
        "his Bullwhip. It stays with them, adding a die to every Encounter roll, until they "
        "are gone.",
    88: "Player 1 holds a Train but passes: with a Travel card already on top, another one "
        "would bring him no nearer to a location, so he waits for a Location card.",
    98: "Third try: the SS Guards roll 8 with the Bullwhip's die and Player 2's 10 beats it. "
        "The Guards and the Bullwhip are discarded.",
    112: "The Big Burly Nazi fits anywhere and fights with his fists: no weapon could have "
         "been attached to him.",
    153: "The Nemesis (Force 4) stayed with Player 2 last turn. Player 1 now arms it with a "
         "Grenade: 5D6 against Player 2's 3D6.",
    155: "Against an Encounter roll of 18 Player 2 adds his Revolver: 4D6 needing 19 or more. "
         "He rolls 15; the Nemesis stays.",
    171: "Player 2 gives up on dice: Swing to Freedom evades the Nemesis, at the price of two "
         "other cards from his hand (steps 172-173).",
    180: "Player 1 is at the Mansion, an indoor location, so Secret Passage takes him away "
         "from the Sewer Rats, whose roll of 16 he would hardly have beaten.",
    198: "The Research Phases pass unseen when a player has nothing to play in them. Now "
         "Player 2 holds the Guide: it shows him the top five cards and he keeps one, the Car "
         "Chase, to play on Player 1 later.",
    220: "The Armored Car meets Player 2 on a Safari, a Ground journey, which is where Jump off "
         "Cliff works: he escapes without rolling.",
    232: "Player 2 plays the Ziggurat on his Safari: his fifth location, and an Ancient one. "
         "He recovers the relic and wins, 5 locations to 3.",
})
