"""The party's ability look-ups (:mod:`explorer.games.rifts.party`): ``has_source`` is a fast
path of ``bool(sources(...))`` (made for speed, issue #14), so the two must agree on every
Character, every attached card, damaged or not, every ability, every location type and every
choice an "or" card or a Major card made for a combat."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.games.rifts import party as P
from explorer.games.rifts.data import rifts_data
from explorer.games.rifts.state import Held, Member

DATA = rifts_data()
ABILITIES = sorted({a.name for deck in DATA.aid.values() for card in deck.values()
                    for a in card.abilities}
                   | {a.name for card in DATA.characters.values() for a in card.abilities}
                   | {"Nothing"})
LOCATION_TYPES = sorted({location.type for location in DATA.locations.values()})
HELD = [(deck, name) for deck, cards in sorted(DATA.aid.items()) for name in sorted(cards)]


@st.composite
def members(draw: st.DrawFn) -> tuple[Member, dict[str, str] | None]:
    """A Character with up to four attached cards (some damaged) and, maybe, the abilities
    some of them took for a combat."""
    attached = [Held(deck, name, damaged=draw(st.booleans()))
                for deck, name in draw(st.lists(st.sampled_from(HELD), max_size=4))]
    member = Member(draw(st.sampled_from(sorted(DATA.characters))), attached=attached)
    chosen = None
    if attached and draw(st.booleans()):
        chosen = {held.name: draw(st.sampled_from(ABILITIES))
                  for held in draw(st.lists(st.sampled_from(attached), max_size=3))}
    return member, chosen


@settings(max_examples=400, deadline=None)
@given(members(), st.sampled_from(ABILITIES), st.sampled_from([None, *LOCATION_TYPES]))
def test_has_source_says_whether_sources_finds_any(found: tuple[Member, dict[str, str] | None],
                                                   ability: str, where: str | None) -> None:
    member, chosen = found
    assert P.has_source(DATA, member, ability, where, chosen) == \
        bool(P.sources(DATA, member, ability, where, chosen=chosen))


def test_the_property_meets_both_answers() -> None:
    """The property above is not vacuous: some look-ups find a source and some do not (a
    Character's own ability; an ability nobody has)."""
    name, card = next((n, c) for n, c in sorted(DATA.characters.items()) if c.abilities)
    member = Member(name)
    assert P.has_source(DATA, member, card.abilities[0].name, None)
    assert not P.has_source(DATA, member, "Nothing", None)
    assert not P.sources(DATA, member, "Nothing", None)
