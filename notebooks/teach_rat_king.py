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
# # Lair of the Rat-King, taught with live examples
#
# A Portable Adventures card game<span class="teach-source"> (seed 002, lines 1-11)</span>. Each
# player leads a small band of adventurers: his own ME card, the CHARACTERS he recruits, the STUFF
# they carry and the EVENTS that happen to them. Bands fight over ADVENTURE cards in ADVENTURE
# ROUNDS, where ENCOUNTER cards, REINFORCEMENTS and dice decide who comes out strongest. ADVENTURES,
# and a few other cards, are worth **ADVENTURE POINTS** (AP); 7 AP wins.
#
# The seed is the rulebook, with its worked examples; the 60 cards themselves were never published,
# so the set is rebuilt around the cards the rulebook names, with the values its examples give<span
# class="teach-source"> (ruling rk-1)</span>. Each section below tells one part of the rules in our
# own words, in the order a game meets them, then shows it live: a game set up just before the step
# that matters, often one of the rulebook's own examples. You play every seat: click a choice, press
# **Roll** (or **Draw**), or pick an outcome under "What if" and press **Make it so**. Before every
# roll the exact odds are shown, and during an ADVENTURE ROUND each choice shows who would win the
# ADVENTURE after it if everyone then passed. **Undo** steps back and **Start again** returns to the
# example's position; the last few things that happened are listed above the choices. Where the
# rulebook leaves a gap, our decisions settle it: each section lists the ones that apply, closed
# until you open them. The **Sources** switch below shows where each rule comes from (the
# rulebook's lines and our rulings' numbers), for teachers.
#
# The table shows each group as card faces: a CHARACTER with its STUFF and EVENTS beside it, a
# flipped card upside down, and above the group its CP (during an ADVENTURE, its total before the
# die) and its AP.

# %%
from collections import Counter

from IPython.display import HTML, display

import explorer
from explorer import cards
from explorer.engine import Game, Outcome
from explorer.odds.rat_king import adventure_odds, round_choices
from explorer.ui.teaching import Lesson, example, odds_card, rulings, sources_switch

FILLER = ["Narrow Passage", "Echoing Darkness", "Cave-In", "Lost in the Sewers", "Wererat",
          "Slippery Slime", "Ratling Pickpockets", "Rat-Queen's Lullaby", "Rat-King's Guard"]
"""ENCOUNTERS, which no regular turn can play: a hand of them leaves a player nothing to do."""


def group(*characters: str | dict) -> list[dict]:
    """A group: each CHARACTER by name, or as {"name", "flipped", "stuff", "events"}."""
    return [{"name": c} if isinstance(c, str) else c for c in characters]


def game_at(scenario: dict, players: int | None = None) -> Game:
    """A game at the example's position, to compute its odds."""
    return explorer.new_game("rat_king", players=players or len(scenario["groups"]), seed=1,
                             scenario=scenario)


def take(game: Game, *choices: str) -> Game:
    """Take choices by their words, as the reader clicks them."""
    for text in choices:
        game.step(next(a for a in game.legal_actions() if str(a) == text))
    return game


def force(game: Game, *faces: int) -> Game:
    """Make the next dice show ``faces``, as "What if" does."""
    for face in faces:
        game.step(Outcome("roll", (face,)))
    return game


def everything_but(*used: str) -> list[str]:
    """Every card of the set except the ME cards and one copy of each card ``used``."""
    left = Counter()
    for table in ("characters", "stuffs", "events", "adventures", "encounters"):
        for row in cards.load("rat_king", table).to_dicts():
            if row.get("kind") != "ME":
                left[row["name"]] += row["copies"]
    left.subtract(used)
    return sorted(left.elements())


def box(title: str, head: list[str], rows: list[list[object]]) -> HTML:
    """A small table in the page's box style."""
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    header = "".join(f"<th>{h}</th>" for h in head)
    return HTML(f'<div class="teach-box"><h5>{title}</h5><table><tr>{header}</tr>{cells}'
                "</table></div>")


display(sources_switch())

# %% [markdown]
# ## 1. The object, and the two ways a game ends
#
# The first player to have 7 AP wins<span class="teach-source"> (line 8)</span>. AP come from the
# ADVENTURES you have won and from a few STUFF and EVENT cards in your group<span
# class="teach-source"> (line 11)</span>, and they are counted after every complete action, so a
# game can end in the middle of a turn or of an ADVENTURE ROUND. A card worth AP counts for the
# player whose group holds it, whoever played it there, and the AP go with the card if it leaves.
#
# The game also ends when the last card of the draw pile is drawn: then the player with the most AP
# wins<span class="teach-source"> (line 9)</span>, and players tied for the most share the win.
# Whatever the draw: a player who needs two cards when one is left takes it, and the game ends at
# once. Only a draw that starts from a draw pile that is already empty, as a set-up position may
# have, shuffles the discard pile into a new draw pile first and goes on drawing<span
# class="teach-source"> (line 16)</span>.
#
# *Try it:* Player 1 has 6 AP (two ADVENTURES won); Player 2 has 5. One card is left in the
# draw pile, and Player 2 holds 4 cards, so at the start of his turn he will draw exactly that
# card. Choose **Play an EVENT on a CHARACTER or a group** and **Play Familiar on ME Wizard
# (Player 1)**: the Familiar is worth 1 AP, Player 1 has 7 and wins at once. Or **Start again**
# and play Jeff Squire instead: Player 2's draw takes the last card and the game ends, 6 to 5.
# Play the Familiar on Player 2's ME Rogue, and it ends 6 to 6, a shared win.

# %%
ENDS_HANDS = [["Familiar", "Jeff Squire", *FILLER[:3]], FILLER[3:7]]
ENDS_WON = [["The Rat-King's Hoard", "Throne of the Rat-King"],
            ["The Breeding Pits", "The Low Tunnels"]]
ENDS = {"active": 0, "hands": ENDS_HANDS,
        "groups": [group("ME Wizard"), group("ME Rogue")],
        "adventures_won": ENDS_WON, "group_events": [[], ["Royal Charter"]],
        "draw_pile": ["Sylvi Archer"],
        "discard": everything_but(*ENDS_HANDS[0], *ENDS_HANDS[1], *ENDS_WON[0], *ENDS_WON[1],
                                  "Royal Charter", "Sylvi Archer")}
display(
    example("rat_king", ENDS, "6 AP, a Familiar in hand, and one card left in the draw pile"),
    rulings("rk-33", "rk-32", "rk-40"),
)

# %% [markdown]
# *Try it (the draw pile runs short):* Player 1 holds 3 cards and must draw 2 at the start of his
# turn, but only one card, the Sylvi Archer, is left. Press **Draw**: he takes the Sylvi Archer, the
# last card of the draw pile, and the game ends at once, 0 to 0, a shared win. (A game also ends,
# the most AP winning, when no player can do anything any more, or when the play goes round in a
# circle nobody can leave: a round ends exactly as an earlier round ended, every card in the same
# place, with no card drawn and no AP won since, and every choice anybody has leads back to a
# position already seen.)

# %%
SHORT_HANDS = [FILLER[:3], FILLER[3:8]]
SHORT = {"active": 0, "hands": SHORT_HANDS,
         "groups": [group("ME Wizard"), group("ME Rogue")], "draw_pile": ["Sylvi Archer"],
         "discard": everything_but(*SHORT_HANDS[0], *SHORT_HANDS[1], "Sylvi Archer")}
display(
    example("rat_king", SHORT, "Two cards to draw, one card in the draw pile"),
    rulings("rk-32", "rk-35", "rk-54"),
)

# %% [markdown]
# ## 2. Setting up
#
# The deck has 60 cards: 4 ME CHARACTERS, 11 other CHARACTERS, 13 ENCOUNTERS, 13 STUFF, 8 ADVENTURES
# and 11 EVENTS<span class="teach-source"> (line 6)</span>. Each player takes a ME card at random
# and lays it face up in front of him: it is you, the adventurer at the head of your group, and it
# never leaves the group<span class="teach-source"> (line 14)</span>. The ME cards nobody took are
# set aside, out of the game. The rulebook does not say who deals, so the dealer is picked at
# random. He shuffles the other 56 cards, deals 4 to each player, starting on his left, and the rest
# is the draw pile; the discard pile starts empty. The player on the dealer's left takes the first
# turn.
#
# *Try it:* a brand-new game for three. Press **Draw** (or **Pick at random**) for each ME
# card, for the dealer and for every card dealt; then the first turn begins.

# %%
display(
    example("rat_king", None, "A new game for three: ME cards, the dealer, the deal",
            players=3),
    rulings("rk-23", "rk-1", "rk-8"),
)

# %% [markdown]
# ## 3. A turn
#
# A turn starts with a draw: you draw until you hold 5 cards<span class="teach-source"> (line
# 16)</span>. Then you must take exactly **one** of six actions<span class="teach-source"> (lines
# 17-23)</span>:
#
# * play a CHARACTER into **any** group, yours or an opponent's (with 2 players a group holds at
#   most 4 CHARACTERS; with more there is no limit);
# * play a STUFF on any CHARACTER in any group, or replace one already there (section 5);
# * play an EVENT on any CHARACTER or on any group (section 6);
# * play an ADVENTURE, which starts an ADVENTURE ROUND (section 7);
# * discard up to 3 of your own cards in play (a CHARACTER other than your ME card, or a STUFF on
#   one of your CHARACTERS) to unflip as many of your other flipped CHARACTER or STUFF cards; your
#   hand is not touched;
# * use the turn option printed on one of your CHARACTERS (several ME cards have one), if that
#   CHARACTER is not flipped.
#
# ENCOUNTER cards cannot be played in a turn, only in an ADVENTURE. An action is offered only
# when it can be taken: a STUFF needs a CHARACTER that can carry it, a turn option something to
# act on. A player with nothing at all to do passes his turn.
#
# *Try it:* Player 1 holds 4 cards, so his turn starts with one draw; press **Draw**. Then all
# six actions are offered: he holds a CHARACTER, a STUFF, an EVENT and an ADVENTURE, his Rikki
# Rogue is flipped, and his ME Wizard's turn option draws a card.

# %%
SIX = {"active": 0,
       "hands": [["Jeff Squire", "Battle Axe", "Familiar", "The Gnawed Gate"], FILLER[:5]],
       "groups": [group("ME Wizard", {"name": "Rikki Rogue", "flipped": True}),
                  group("ME Priest")]}
display(
    example("rat_king", SIX, "A turn: draw to five, then one of six actions"),
    rulings("rk-34", "rk-37", "rk-43"),
)

# %% [markdown]
# The rulebook's first example<span class="teach-source"> (line 24)</span>: Tisha has her ME Priest
# (2 CP) on the table and Rikki Rogue (3 CP) in her hand; she plays Rikki as her action, and her
# band is worth 5 CHARACTER POINTS. (In its longer example the rulebook counts the Priest as 3 CP:
# there she carries a Magibolt, worth 1 CP more; section 7.)
#
# *Try it:* Tisha is Player 1. Choose **Play a CHARACTER into a group** and **Play Rikki Rogue
# into your group**: her group shows 5 CP. Player 2 holds only ENCOUNTERS and has no action, so
# his turn passes, and Tisha's next turn starts with a draw.

# %%
TISHA = {"active": 0, "hands": [["Rikki Rogue", *FILLER[:4]], FILLER[4:9]],
         "groups": [group("ME Priest"), group("ME Warrior")]}
display(
    example("rat_king", TISHA, "Tisha plays Rikki Rogue: her band is worth 5 CP (line 24)"),
    rulings("rk-2", "rk-3"),
)

# %% [markdown]
# ## 4. CHARACTERS
#
# A CHARACTER's **CHARACTER POINTS** (CP), in the big circle, are its strength<span
# class="teach-source"> (line 34)</span>; a group's CP is what its CHARACTERS, their STUFF and their
# EVENTS add up to. Each CHARACTER has a background colour<span class="teach-source"> (line
# 35)</span>, which decides what STUFF it can use, and a **CHARACTER die** number, which matters
# when the ADVENTURE DICE are rolled (section 7).
#
# Almost any card in play can be **flipped**: turned upside down<span class="teach-source"> (line
# 29)</span>. A flipped card shows its flipped value, usually lower, and a flipped CHARACTER cannot
# use its turn option until it is unflipped<span class="teach-source"> (line 37)</span>. Flipping a
# card that is already flipped discards it instead, and a CHARACTER with no flipped value is
# discarded the moment it is flipped<span class="teach-source"> (line 36)</span>. A ME card is never
# discarded: where it would be, it is flipped instead, and a ME card already flipped simply stays
# flipped.
#
# Some CHARACTERS refuse to share a group with certain others, by race, profession or rank, as
# printed under their picture<span class="teach-source"> (line 38)</span>. Whenever such a pair ends
# up in one group, both are discarded, and all of them if there are more: the rulebook's example is
# Dwarphs and Urks<span class="teach-source"> (line 39)</span>. Since a CHARACTER may be played into
# any group, this can be a weapon.
#
# *Try it:* Player 2's group holds two Dwarphs, Borin Brawler and Gimra Tunneler. Choose **Play
# a CHARACTER into a group** and **Play Thrak Bruiser into Player 2's group**: Thrak is an Urk,
# and all three are discarded. Or **Start again** and play Lady Vessa there: she will not be
# seen with Rogues, so she is discarded, and the ME Rogue, which cannot be, is flipped
# instead. Played into your own group, both are safe.

# %%
APART = {"active": 0, "hands": [["Thrak Bruiser", "Lady Vessa", *FILLER[:3]], FILLER[3:8]],
         "groups": [group("ME Warrior"),
                    group("ME Rogue", "Borin Brawler", "Gimra Tunneler")]}
display(
    example("rat_king", APART, "An Urk among the Dwarphs (line 39)"),
    rulings("rk-15", "rk-26", "rk-24", "rk-16", "rk-7"),
)

# %% [markdown]
# ## 5. STUFF
#
# STUFF are weapons, spells, whims, magic and the like<span class="teach-source"> (line 41)</span>.
# A STUFF lists the colours of the CHARACTERS that can use it, and goes only on one of those. A
# CHARACTER normally carries one STUFF: you may put a STUFF on a CHARACTER that has none, or replace
# the one it has, which goes to the discard pile<span class="teach-source"> (line 42)</span>. Some
# STUFF (and the ME Warrior) allow more, and these allowances add up: two cards that each allow one
# more STUFF make room for three<span class="teach-source"> (line 43)</span>. A STUFF cannot be
# played where it does not fit, and a card that gives room cannot be replaced if that would leave
# too many<span class="teach-source"> (line 44)</span>. A STUFF may carry CP, added to its
# CHARACTER's<span class="teach-source"> (line 45)</span>, and some carry AP.
#
# Some STUFF have a **STUFF DIE**: a die rolled when the card is used in an ADVENTURE ROUND, read on
# the table printed on the card; many are flipped or discarded once used (line 46; section 7 shows
# one).
#
# The rulebook's example<span class="teach-source"> (line 47)</span>: on her next turn Tisha puts a
# Bow & Arrows (for Red, Green and Tan CHARACTERS) on Rikki, who is Green, and Rikki is worth 5 CP.
#
# *Try it:* Tisha (Player 1) holds five STUFF. Choose **Play or replace a STUFF on a CHARACTER** and
# look at the list: the Bow and the Battle Axe may go on Rikki or on Player 2's Red ME Warrior, the
# Magibolt only on her White ME Priest, the Bottomless Satchel and the Magibolt Potion on anyone.
# Take **Put Bow & Arrows on Rikki Rogue (Player 1)**: Rikki is 5 CP, the band 7. Player 2 has
# nothing to do, so it is Tisha's turn again: the Battle Axe can now only replace the Bow, but the
# Magibolt Potion fits beside it (it allows one more STUFF, itself included), and after the Satchel
# Rikki has room for two more.

# %%
BOW = {"active": 0,
       "hands": [["Bow & Arrows", "Battle Axe", "Magibolt", "Bottomless Satchel",
                  "Magibolt Potion"], FILLER[:5]],
       "groups": [group("ME Priest", "Rikki Rogue"),
                  group("ME Warrior")]}
display(
    example("rat_king", BOW, "The Bow & Arrows on Rikki: 5 CP (line 47)"),
    rulings("rk-3", "rk-38", "rk-10", "rk-9"),
)

# %% [markdown]
# ## 6. EVENTS
#
# EVENTS are played in a regular turn, on any CHARACTER or on any group, your own or an
# opponent's<span class="teach-source"> (lines 20, 50)</span>. Some stay in play, on their CHARACTER
# or group; others happen once and are discarded. **REPUTATIONS** are EVENTS with two sides<span
# class="teach-source"> (line 51)</span>. Nothing in this set flips an EVENT by itself, so a
# REPUTATION shows the side its CHARACTER shows: when the CHARACTER is flipped, its REPUTATION turns
# over with it and gives its flipped modifier.
#
# The rulebook's example<span class="teach-source"> (line 52)</span>: Jason has the ME Wizard in
# play and plays the Familiar on it: his ME card is worth 4 CP, and he has 1 more AP.
#
# *Try it:* Jason is Player 1. Choose **Play an EVENT on a CHARACTER or a group** and **Play
# Familiar on ME Wizard (Player 1)**: 4 CP and 1 AP. Then, turn by turn, try the other EVENTS: the
# Hero of the Warrens (a REPUTATION: +2 CP and 1 AP), the Cowardly Rumour (a REPUTATION to pin on a
# rival: -1 CP), the Treasure Hoard (2 AP on a group) and the Sprained Ankle (flip a CHARACTER, then
# the card is discarded). Player 2's ME Priest may unflip a CHARACTER of his group with its turn
# option.

# %%
EVENTS = {"active": 0,
          "hands": [["Familiar", "Hero of the Warrens", "Cowardly Rumour", "Treasure Hoard",
                     "Sprained Ankle"], FILLER[:5]],
          "groups": [group("ME Wizard"), group("ME Priest", "Borin Brawler")]}
display(
    example("rat_king", EVENTS, "Jason plays the Familiar on his ME Wizard (line 52)"),
    rulings("rk-11", "rk-40"),
)

# %% [markdown]
# *Try it (a REPUTATION turns over):* an ADVENTURE is under way. Player 1's Sylvi Archer has
# the Hero of the Warrens (+2 CP; flipped, -1), Player 2's Thrak Bruiser the Cowardly Rumour
# (-1 CP; flipped, +1). **Pass** twice, then force the ADVENTURE DICE (section 7): Player 1 a
# 2, which is Thrak's CHARACTER die, and Player 2 a 5, Sylvi's. Both are flipped: Sylvi falls
# from 5 CP to 2 - 1 = 1, Thrak from 5 - 1 = 4 to 1 + 1 = 2.

# %%
REPUTATION = {"active": 0, "hands": [[], []],
              "groups": [group("ME Priest", {"name": "Sylvi Archer",
                                             "events": ["Hero of the Warrens"]}),
                         group("ME Rogue", {"name": "Thrak Bruiser",
                                            "events": ["Cowardly Rumour"]})],
              "adventure": {"name": "The Hidden Nest", "played_by": 0}}
display(
    example("rat_king", REPUTATION, "Two REPUTATIONS and the dice that flip them"),
    rulings("rk-25", "rk-16"),
)

# %% [markdown]
# ## 7. ADVENTURES and the ADVENTURE ROUND
#
# Playing an ADVENTURE is a turn's action; its player first draws one more card, then the ADVENTURE
# ROUND begins<span class="teach-source"> (line 54)</span>. Starting with him and going round the
# table, each player with at least one CHARACTER taking part does one thing<span
# class="teach-source"> (lines 55-56)</span>: play an ENCOUNTER (section 8); play a CHARACTER from
# his hand as a **REINFORCEMENT** of his group; play a STUFF on one of his REINFORCEMENTS; roll the
# STUFF DIE of a STUFF on one of his CHARACTERS; or pass. This goes on until every such player has
# passed in a row<span class="teach-source"> (line 57)</span>: a player who passed may act again if
# somebody else acts. A STUFF DIE is rolled at most once in an ADVENTURE. A REINFORCEMENT fights
# with the group but is not counted in a 2-player group's limit of 4<span class="teach-source">
# (line 26)</span>.
#
# Then every group taking part rolls its **ADVENTURE DIE**<span class="teach-source"> (line
# 58)</span>. Each roll flips the other players' CHARACTERS whose CHARACTER die shows that number,
# never the roller's own. A CHARACTER is flipped once, however many players rolled its number. Each
# group's total is its CP, counted after these flips, plus its die<span class="teach-source"> (line
# 61)</span>: the highest total wins the ADVENTURE, which is laid beside the group with its AP. If
# the highest totals tie, the ADVENTURE goes to the player who played it, as long as he still has a
# CHARACTER taking part, even if his own total was not among the highest; if he has none, it is
# discarded.
#
# A yellow sunburst with an "S" on the ADVENTURE lets its winner take one STUFF from the discard
# pile and play it at once, by the usual STUFF rules, before the next turn<span
# class="teach-source"> (line 62)</span>; he may also decline. When the ADVENTURE is over, the
# REINFORCEMENTS leave, with their STUFF, for the discard pile<span class="teach-source"> (lines 25,
# 48)</span>, every ENCOUNTER is discarded<span class="teach-source"> (line 72)</span>, and
# everything that lasted "for this ADVENTURE" ends.
#
# ### The rulebook's round: The Hidden Nest<span class="teach-source"> (lines 64-69)</span>
#
# Tisha, Eric and Tim are playing, and Tisha has just played The Hidden Nest. Tisha has her ME
# Priest (2 CP) with the Magibolt spell (+1 CP: together the rulebook's 3 CP) and Rikki Rogue
# with the Bow & Arrows (5 CP, die 4); Eric his ME Rogue with the Battle Axe (5 CP); Tim his ME
# Wizard (2 CP) with the Mind Control Spell and Tinki Mercenary (2 CP, die 1). Every ME card
# has CHARACTER die 6. Tisha is Player 1, Eric Player 2, Tim Player 3. Every card starts face
# up.
#
# *Try it, exactly as the rulebook plays it:*
#
# 1. Tisha: **Roll a STUFF DIE**, then **Roll the STUFF DIE of Magibolt on ME Priest**; under
#    "What if" pick **2** and press **Make it so**: +2 CP, and the spell is flipped. 10 CP.
# 2. Eric: **Play a CHARACTER as a REINFORCEMENT**, then **Play Jeff Squire as a
#    REINFORCEMENT** (2 CP, die 6; the rulebook's "as a MERCENARY").
# 3. Tim: **Roll a STUFF DIE**, then **Roll the STUFF DIE of Mind Control Spell on ME Wizard**;
#    force a **2**: his ME card gets +4 CP for this ADVENTURE. 8 CP.
# 4. **Pass** three times (Tisha, Eric, Tim).
# 5. The ADVENTURE DICE: force **6** for Tisha, **1** for Eric and **2** for Tim. Tisha's 6
#    flips Eric's and Tim's ME cards (both 2 CP flipped) and Eric's Jeff (-1 CP flipped);
#    Eric's 1 flips Tinki, who has no flipped value and is discarded.
# 6. The totals: Tisha 3 (her ME Priest 2, and the Magibolt, flipped, still 1) + 5 + 2 (the
#    spell's roll) + 6 = **16**, Tim 6 + 2 = **8**, and Eric 5 - 1 + 1 = **5**. The rulebook says 6
#    for Eric: it leaves out Jeff's -1, but the whole CP of each group counts<span
#    class="teach-source"> (line 61)</span>, so we
#    count it<span class="teach-source"> (rulings rk-5 and rk-29)</span>.
# 7. Tisha wins The Hidden Nest and 1 AP. It has the sunburst: choose **Take Magibolt Potion
#    from the discard pile and put it on ME Priest (Player 1)** and press **Take**. The potion
#    allows one more STUFF, so it fits beside the flipped Magibolt. Jeff leaves with the round.
#
# Tisha's hand holds four ENCOUNTERS the rulebook does not mention: on a second try, see what
# a Wererat on Eric's ME Rogue, or a Narrow Passage (no Melee STUFF: Eric's axe), would do.

# %%
NEST = {"active": 0,
        "hands": [["Cave-In", "Wererat", "Narrow Passage", "Ratling Swarm"],
                  ["Jeff Squire"], []],
        "groups": [group({"name": "ME Priest", "stuff": ["Magibolt"]},
                         {"name": "Rikki Rogue", "stuff": ["Bow & Arrows"]}),
                   group({"name": "ME Rogue", "stuff": ["Battle Axe"]}),
                   group({"name": "ME Wizard", "stuff": ["Mind Control Spell"]},
                         "Tinki Mercenary")],
        "discard": ["Magibolt Potion"],
        "adventure": {"name": "The Hidden Nest", "played_by": 0}}
nest = game_at(NEST)
at_start = adventure_odds(nest)
take(nest, "Roll a STUFF DIE", "Roll the STUFF DIE of Magibolt on ME Priest")
force(nest, 2)
take(nest, "Play a CHARACTER as a REINFORCEMENT", "Play Jeff Squire as a REINFORCEMENT",
     "Roll a STUFF DIE", "Roll the STUFF DIE of Mind Control Spell on ME Wizard")
force(nest, 2)
take(nest, "Pass", "Pass", "Pass")
before_dice = adventure_odds(nest)
display(
    example("rat_king", NEST, "The Hidden Nest: Tisha, Eric and Tim (lines 64-69)", players=3),
    odds_card(at_start, "At the start of the round (Tisha 8 CP, Eric 5, Tim 4), if everyone "
                        "passed at once"),
    odds_card(before_dice, "Before the ADVENTURE DICE (Tisha 10 CP, Eric 7, Tim 8): who wins "
                           "The Hidden Nest"),
    rulings("rk-29", "rk-5", "rk-4", "rk-6", "rk-9", "rk-10", "rk-12"),
)

# %% [markdown]
# Before the dice Tisha is the favourite but far from sure: a 6 from Eric or Tim flips her ME
# Priest, which costs her nothing (2 CP on both sides, and the flipped Magibolt still adds 1),
# but a 4 flips Rikki (5 CP to 3), and a 6 from her own die flips both her rivals' ME cards
# and Eric's Jeff.
#
# ### Each die flips the others' CHARACTERS<span class="teach-source"> (lines 59-60)</span>
#
# The rulebook's second example has no numbers: with Mike, Frank and April playing, Mike's
# ADVENTURE DIE affects Frank's and April's CHARACTERS, Frank's affects April's and Mike's, and
# April's affects Mike's and Frank's. Here Mike (Player 1) has played The Gnawed Gate; Mike
# has Rikki Rogue (die 4) and Mossy Hedge-Witch (die 3), Frank Borin Brawler (die 3), April
# Lady Vessa (die 4).
#
# *Try it:* **Pass** three times, then force Mike **4**, Frank **3**, April **6**. Mike's 4 flips
# April's Lady Vessa but not his own Rikki; Frank's 3 flips Mike's Mossy (no flipped value:
# discarded) but not his own Borin; April's 6 flips Mike's and Frank's ME cards but not her own. All
# three totals come to 9: a tie, so The Gnawed Gate goes to Mike, who played it. Try a 4 for Frank
# too: Lady Vessa, now rolled by Mike and by Frank, is still flipped only once, and Frank's 4 flips
# Mike's Rikki instead of Mossy.

# %%
DICE = {"active": 0, "hands": [[], [], []],
        "groups": [group("ME Priest", "Rikki Rogue", "Mossy Hedge-Witch"),
                   group("ME Rogue", "Borin Brawler"), group("ME Wizard", "Lady Vessa")],
        "adventure": {"name": "The Gnawed Gate", "played_by": 0}}
display(
    example("rat_king", DICE, "Mike, Frank and April roll (lines 59-60)", players=3),
    odds_card(adventure_odds(game_at(DICE)), "The Gnawed Gate: who wins if everyone passes"),
    rulings("rk-27", "rk-28"),
)

# %% [markdown]
# ### A tie goes to the player of the ADVENTURE
#
# Player 1 has played The Rat-King's Hoard (3 AP; its winner also draws two cards) with only
# his ME Priest, 2 CP, against two groups of 7. He can still win it: whenever the other two tie
# for the highest total, it is his. That is most of his chance in the odds below: 31 of the
# 216 rolls of the three dice give it to him by a tie, 8 by his own total.
#
# *Try it:* **Pass** three times and force **1**, **4** and **4**: Players 2 and 3 tie at 11
# and Player 1 takes the Hoard with 3. Then **Start again**: Player 1 passes, and Player 2
# answers with **Play an ENCOUNTER**, **Play Cave-In** and **Put ME Priest (Player 1) out of
# this ADVENTURE**. Player 1 no longer takes part, so now a tie discards the ADVENTURE.

# %%
TIE = {"active": 0, "hands": [[], ["Cave-In"], []],
       "groups": [group("ME Priest"),
                  group({"name": "ME Rogue", "stuff": ["Battle Axe"]}, "Jeff Squire"),
                  group("ME Warrior", "Borin Brawler")],
       "adventure": {"name": "The Rat-King's Hoard", "played_by": 0}}
tie = game_at(TIE)
display(
    example("rat_king", TIE, "2 CP against two groups of 7: the tie rule", players=3),
    odds_card(adventure_odds(tie), "The Rat-King's Hoard, if everyone passes"),
    odds_card(adventure_odds(take(tie, "Pass", "Play an ENCOUNTER", "Play Cave-In",
                                  "Put ME Priest (Player 1) out of this ADVENTURE")),
              "After Player 2's Cave-In on the ME Priest"),
    rulings("rk-28"),
)

# %% [markdown]
# ### The STUFF DIE
#
# Player 1's ME Wizard carries the Mind Control Spell (flip it and roll: 1, the spell backfires and
# flips the caster; 2-4, +4 CP for this ADVENTURE; 5-6, one CHARACTER of an opponent takes no part),
# his Sylvi Archer a Lucky Rat's Tail (1, flip its CHARACTER; 2-3, nothing; 4-5, +2 CP; 6, +4 CP;
# then it is discarded). Player 2 is far ahead, 10 CP to 5.
#
# *Try it:* **Roll a STUFF DIE** and pick a STUFF; the odds beside each choice are Player 1's
# chances after it, averaged over the die. Force a **5** on the spell, then put Thrak Bruiser
# out of the ADVENTURE. Player 2 could roll the Magibolt Potion on his ME Warrior in answer
# (his ME card and the Chainmail Shirt each allow one more STUFF), unless Mind Control takes
# the ME Warrior out instead.

# %%
STUFF_DIE = {"active": 0, "hands": [[], []],
             "groups": [group({"name": "ME Wizard", "stuff": ["Mind Control Spell"]},
                              {"name": "Sylvi Archer", "stuff": ["Lucky Rat's Tail"]}),
                        group({"name": "ME Warrior",
                               "stuff": ["Chainmail Shirt", "Magibolt Potion"]},
                              {"name": "Thrak Bruiser", "stuff": ["Throwing Knives"]})],
             "adventure": {"name": "The Hidden Nest", "played_by": 0}}
choices = round_choices(game_at(STUFF_DIE))
display(
    example("rat_king", STUFF_DIE, "Two STUFF DICE against a stronger group"),
    box("Player 1's round actions and the odds after each (a STUFF DIE averaged)",
        ["Action", "Player 1 wins", "Player 2 wins"],
        [[str(actions[-1]), f"{float(odds.extra['win'][0]):.1%}",
          f"{float(odds.extra['win'][1]):.1%}"] for actions, odds in choices]),
    rulings("rk-41", "rk-6", "rk-42"),
)

# %% [markdown]
# ### The sunburst
#
# The Low Tunnels (2 AP) has the sunburst, and a rule of its own: no Melee STUFF may be used
# in it (section 9), so Player 1's Battle Axe and Player 2's Rusty Shortsword add nothing,
# while Sylvi's Bow & Arrows, Ranged, still counts.
#
# *Try it:* **Pass** twice and force **6** and **1**: Player 1 wins with 14. Then look at the
# sunburst's list: the discard pile's STUFF on every CHARACTER that can use it, added or replacing.
# The Dwarphen Warhammer fits only Player 2's Gray Borin, the Magibolt nobody (no Blue or White
# CHARACTER is in play); the Rat-King's Crown, worth 2 AP, can go beside the Axe on the ME Warrior,
# who has room for two. Or choose **Take no STUFF**.

# %%
SUNBURST = {"active": 0, "hands": [[], []],
            "groups": [group({"name": "ME Warrior", "stuff": ["Battle Axe"]},
                             {"name": "Sylvi Archer", "stuff": ["Bow & Arrows"]}),
                       group({"name": "ME Rogue", "stuff": ["Rusty Shortsword"]},
                             "Borin Brawler")],
            "discard": ["Dwarphen Warhammer", "Magibolt", "Rat-King's Crown",
                        "Chainmail Shirt"],
            "adventure": {"name": "The Low Tunnels", "played_by": 0}}
display(
    example("rat_king", SUNBURST, "The Low Tunnels: a sunburst for the winner"),
    rulings("rk-36", "rk-38", "rk-33"),
)

# %% [markdown]
# ## 8. ENCOUNTERS
#
# ENCOUNTERS are played only in an ADVENTURE ROUND<span class="teach-source"> (line 72)</span>, on
# any group or any CHARACTER taking part, your own or an opponent's. An **Instant** ENCOUNTER does
# its work at once and goes to the discard pile; an **Effect** ENCOUNTER stays on the table and
# lasts until the end of the ADVENTURE, when all ENCOUNTERS are discarded. An ENCOUNTER is offered
# only when it has a legal target.
#
# The rulebook clarifies two cards. The **Wererat** makes a CHARACTER's CP total count as negative
# for the ADVENTURE, and a total that is already negative stays negative<span class="teach-source">
# (line 74)</span>. And when an ADVENTURE doubles or triples the **Ratlings**, every number on a
# Ratling card is doubled or tripled<span class="teach-source"> (line 75)</span>: "Squeeker: two
# groups each get -4 CP!"<span class="teach-source"> (line 76)</span>. So the card itself reads "one
# group gets -2 CP", and doubled, both numbers double.
#
# *Try it:* in The Breeding Pits, which doubles the Ratlings, Player 1 chooses **Play an
# ENCOUNTER** and **Play Squeeker and the Ratlings**, then gives -4 CP to Player 2's group and
# to Player 3's. His own group cannot be picked: Grimble Ratcatcher keeps Ratling ENCOUNTERS
# off his group while he is unflipped. Player 2 may answer with a Ratling Swarm: every group
# -1, doubled -2, but not Grimble's. On a second try, the Ratling Ambush (an Instant) flips two
# CHARACTERS here instead of one, and the Wererat or a Cave-In (not Ratlings) reach Grimble's
# group too.

# %%
SQUEEKER = {"active": 0,
            "hands": [["Squeeker and the Ratlings", "Ratling Ambush", "Wererat", "Cave-In"],
                      ["Ratling Swarm"], []],
            "groups": [group("ME Warrior", "Grimble Ratcatcher"),
                       group({"name": "ME Rogue", "stuff": ["Battle Axe"]}, "Rikki Rogue"),
                       group("ME Wizard", "Tinki Mercenary", "Jeff Squire")],
            "adventure": {"name": "The Breeding Pits", "played_by": 0}}
squeeker = game_at(SQUEEKER)
display(
    example("rat_king", SQUEEKER, "Squeeker doubled: two groups each get -4 CP (line 76)",
            players=3),
    odds_card(adventure_odds(squeeker), "The Breeding Pits, if everyone passes now"),
    odds_card(adventure_odds(take(squeeker, "Play an ENCOUNTER", "Play Squeeker and the Ratlings",
                                  "Give Player 2's group -4 CP",
                                  "Give Player 3's group -4 CP")),
              "After Squeeker on Players 2 and 3"),
    rulings("rk-13", "rk-18", "rk-14", "rk-39", "rk-37", "rk-20"),
)

# %% [markdown]
# ## 9. Taking part, Melee and Ranged, gender, classifications
#
# The words the cards use<span class="teach-source"> (lines 81-86)</span>:
#
# * **Discard** a card means one of yours in play, to the discard pile; from your hand only
#   when the card says "from your hand".
# * A CHARACTER **not participating** cannot use its STUFF, is not touched or targeted by
#   ENCOUNTERS, adds no CP and is not affected by the ADVENTURE DICE. A group not
#   participating is all of that, and does not roll its ADVENTURE DIE. A player with no
#   CHARACTER taking part takes no more round actions.
# * Every STUFF is **Melee**, **Ranged** or **Any**. A card that bans one kind ("no Melee STUFF")
#   leaves the other two usable: a banned STUFF adds no CP and cannot roll its STUFF DIE for that
#   ADVENTURE, but stays where it is.
# * Each CHARACTER is **M** or **F**; a ME card shows a "*": the player's own gender. A game is told
#   each player's gender when it starts (the step-through page's New game form asks it), and a
#   card for men or women then counts each ME card as its player's. A game started without them
#   counts a ME card as neither, as in the examples above.
# * The words at a card's top left are its **classifications** (Mage, Ratling, Room 113, ...):
#   cards that name them act on them.
#
# *Try it:* The Cheese Vault gives every F CHARACTER +1 CP (Sylvi Archer, not the ME cards). Player
# 1 is behind, 8 to 12; compare his four ENCOUNTERS by the odds beside them: Rat-Queen's Lullaby
# (every M CHARACTER -1: Thrak Bruiser), Narrow Passage (no Melee: the Battle Axe, but not the
# Throwing Knives, which are Any), Echoing Darkness (no Ranged: his own Bow, a mistake) and Lost in
# the Sewers (Player 2's whole group takes no part).

# %%
TERMS = {"active": 0,
         "hands": [["Rat-Queen's Lullaby", "Narrow Passage", "Echoing Darkness",
                    "Lost in the Sewers"], []],
         "groups": [group("ME Priest", {"name": "Sylvi Archer", "stuff": ["Bow & Arrows"]}),
                    group({"name": "ME Warrior", "stuff": ["Battle Axe"]},
                          {"name": "Thrak Bruiser", "stuff": ["Throwing Knives"]})],
         "adventure": {"name": "The Cheese Vault", "played_by": 0}}
display(
    example("rat_king", TERMS, "The Cheese Vault, and four ENCOUNTERS to compare"),
    rulings("rk-30", "rk-17", "rk-19"),
)

# %% [markdown]
# *Try it (each player's gender):* the same table, in a game started with Player 1 a woman and
# Player 2 a man. Each ME card shows its player's gender. The Cheese Vault now gives Player 1's
# ME Priest +1 CP as well, 9 to 12, and the Rat-Queen's Lullaby costs Player 2 two CP, for
# Thrak Bruiser and for his ME Warrior.

# %%
display(
    example("rat_king", TERMS, "The same table with each player's gender given",
            options={"genders": ["F", "M"]}),
    rulings("rk-31", "rk-53"),
)

# %% [markdown]
# ## 10. TRIGGER cards and combining decks
#
# A card with an asterisk (*) in its lower left corner is a **TRIGGER** card<span
# class="teach-source"> (line 78)</span>. If the players agreed on it before the game, playing it
# brings another Portable Adventures set, or chosen cards, into the draw pile; the rulebook's
# example lets the Dimensional Rift replace the rest of the draw pile with the 8th Grade set<span
# class="teach-source"> (line 79)</span>. This set has two: the Dimensional Rift, an EVENT that on
# its own shuffles the discard pile back into the draw pile, and Percy Hall Monitor, a CHARACTER
# from Room 113 who has wandered in from that other set. With nothing agreed, a trigger card does
# only what it says.
#
# The rulebook suggests four ways of combining decks<span class="teach-source"> (lines
# 88-96)</span>: **Multiverse** (the ME cards of two or more decks pooled and drawn at random, the
# rest shuffled together); **Conjunction of the Planes** (one deck, until a card chosen before the
# game, such as a trigger card, brings in the second, shuffled in or replacing the draw pile); **On
# the Borderlands** (each player with a different set); and **Creation** (a deck built from several
# sets, balanced when at least 14 ADVENTURE, EVENT or STUFF cards carry at least 21 AP, plus 6 AP
# for each player beyond four: advice, so a smaller deck is played with a warning). These are game
# options; this page plays the Lair of the Rat-King alone.

# %%
rulings("rk-21", "rk-19", "rk-22")

# %% [markdown]
# ## 11. Replay a game
#
# A whole game for three between our heuristic bots (seed 11), as the engine recorded it: the
# setup, the turns and the ADVENTURES, to Player 2's 8 AP. Use **Next note** to jump between the
# commented steps, or the slider to go anywhere. Each step shows where the turn is, who acts,
# what he chose (or which card was drawn, which die rolled) and what it did, with the table
# after it.

# %%
Lesson("rat_king-seed11.json", commentary={
    16: "The setup is done. Each player took a ME card at random (steps 1-3); with three "
        "players the fourth, the ME Priest, is set aside. The dealer, Player 2, was picked at "
        "random and dealt 4 cards to each player, starting on his left: Player 3 goes first.",
    22: "Player 1 puts his Bow & Arrows on Player 3's ME Rogue, replacing the Gilded Rat Idol "
        "there. A STUFF may go into any group, and the replaced one is discarded: Player 3 "
        "loses the Idol's 1 AP, his only one, for 2 CP.",
    25: "The rulebook's Familiar example: on his ME Wizard it makes 4 CP and gives Player 2 "
        "1 AP.",
    35: "Cave-In took Player 2's only CHARACTER out of The Gnawed Gate, and now Lost in the "
        "Sewers takes out Player 3's whole group. Player 1 is the only one left taking part: "
        "he alone rolls, and wins it whatever the die (step 37), though Player 3 played it.",
    56: "Player 2 gave his REINFORCEMENT Thrak the Magibolt Potion (step 51) and drinks it: a "
        "5 on its STUFF DIE is +3 CP for this ADVENTURE, and the potion is discarded.",
    62: "Player 1 and Player 3 both rolled 1. Player 3's 1 flips Player 1's Percy (die 1); "
        "Player 1's flips Player 3's Tinki, who has no flipped value and is discarded. Nobody's "
        "die flips his own CHARACTERS. Player 2 wins The Cheese Vault with 17, and the "
        "REINFORCEMENTS leave.",
    63: "The Cheese Vault has the sunburst: Player 2 takes the Gilded Rat Idol, discarded at "
        "step 22, out of the discard pile and onto his ME Wizard. 1 AP more: he has 4.",
    84: "Player 1 plays the Dimensional Rift, a TRIGGER card (*). No other set was agreed "
        "before the game, so it does only what it says: the discard pile, 8 cards, is "
        "shuffled back into the draw pile, and the game has longer to run.",
    104: "Throne of the Rat-King triples every number on Ratling cards, and the Rat-King's "
         "Guard is one: instead of +3 CP for one group it gives +9 CP to three groups. With "
         "three groups in the ADVENTURE, Player 1 has to give +9 to his rivals too.",
    110: "Player 3's 6 flips Player 1's ME Warrior and Player 2's ME Wizard; the two 1s flip "
         "nothing, as no CHARACTER in play has die 1. Player 2 wins Throne of the Rat-King "
         "with 25: 3 AP more, he has 6.",
    117: "Player 1 replaces the Rat-King's Crown on Player 3's Jeff Squire with a Chainmail "
         "Shirt: the Crown goes to the discard pile, and Player 3 loses its 2 AP.",
    126: "Player 1's 6 flips Player 3's ME Rogue and Jeff Squire. Player 2's ME Wizard, "
         "already flipped, is never discarded and stays flipped. Player 2 wins The Low "
         "Tunnels with 17 and reaches 8 AP: the game is over.",
})
