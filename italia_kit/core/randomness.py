"""One seeded random source per game: dice of any size, bags of counters, decks of cards.

Everything is drawn from splitmix64, a counter-based generator, so the whole random state is
a few small values: the dice are the seed and the number of dice rolled so far; a bag is the
counters in it and how many were drawn; a deck is its piles, its hands and how many random
numbers its shuffles used. Each bag and deck draws from a stream of its own (the seed mixed
with its name), so adding a bag to a game leaves its dice, and every other bag, as they were.
A snapshot is a tuple of immutable values: checkpoints, undo, forks and saves keep it all.

Tests can script the next dice (:meth:`Randomness.script`); scripted results come first and
are part of the state, so undo and saves keep them.

>>> r = Randomness(seed=7, sides=8)
>>> rolls = r.roll(3)
>>> all(1 <= x <= 8 for x in rolls), Randomness(seed=7, sides=8).roll(3) == rolls
(True, True)
>>> two_d6 = r.roll(2, sides=6)
>>> cup = r.new_bag("cup", ["gold", "gold", "lead"])
>>> sorted(r.draw("cup", 3)), r.bag_size("cup")
(['gold', 'gold', 'lead'], 0)
>>> copy = Randomness.from_json(r.to_json())
>>> copy == r
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from italia_kit.core.errors import ChanceError, EmptyBagError, EmptyDeckError

__all__ = ["Bag", "Dealt", "Deck", "Item", "Randomness", "Snapshot", "splitmix64"]

_MASK = (1 << 64) - 1

#: A counter in a bag or a card in a deck: a JSON-able name or number.
Item = str | int

_BagSnap = tuple[str, tuple[Item, ...], int]
_DeckSnap = tuple[
    str, tuple[Item, ...], tuple[Item, ...], tuple[tuple[str, tuple[Item, ...]], ...], int
]
#: The whole random state as immutable values: seed, dice rolled, scripted results, the
#: game's die, the bags and the decks.
Snapshot = tuple[int, int, tuple[int, ...], int, tuple[_BagSnap, ...], tuple[_DeckSnap, ...]]


def splitmix64(x: int) -> int:
    """One value of splitmix64 (Steele, Lea and Flood 2014) for counter ``x``."""
    z = (x + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _stream_key(seed: int, name: str) -> int:
    """Where the stream of the bag or deck ``name`` starts: the seed and the name mixed.

    A digest of the name, not ``hash()``: Python salts string hashes per process, and a
    save must draw the same counters on every machine."""
    digest = int.from_bytes(hashlib.blake2b(name.encode(), digest_size=8).digest(), "little")
    return splitmix64(((seed * 0x100000001B3) ^ digest) & _MASK)


def _below(key: int, k: int, n: int) -> int:
    """The ``k``-th number of the stream at ``key``, in ``0..n-1``. (The modulo's bias is
    below n / 2**64: nothing a game of counters could ever show.)"""
    return splitmix64((key + k) & _MASK) % n


@dataclass(slots=True)
class Bag:
    """A cup of counters drawn without replacement; a seat may not see inside it.

    ``drawn`` counts the counters drawn so far: the bag's place in its stream."""

    name: str
    items: list[Item] = field(default_factory=list)
    drawn: int = 0
    key: int = field(default=0, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.items)


@dataclass(slots=True)
class Deck:
    """A deck of cards: the draw pile (its top card last), the discards and each seat's
    hand. ``used`` counts the random numbers its shuffles took: its place in its stream."""

    name: str
    pile: list[Item] = field(default_factory=list)
    discards: list[Item] = field(default_factory=list)
    hands: dict[str, list[Item]] = field(default_factory=dict)
    used: int = 0
    key: int = field(default=0, repr=False, compare=False)


class Dealt(NamedTuple):
    """The cards a deal gave, and how many discards were shuffled into a new pile (0: the
    pile did not run out)."""

    cards: list[Item]
    reshuffled: int


@dataclass(slots=True)
class Randomness:
    """The random source of one game: dice of ``sides`` sides unless a roll says otherwise
    (Italia's d10 counts the 0 as 10, 2.6), and any bags and decks the game uses.

    Rules look bags and decks up by name (:meth:`bag`, :meth:`deck`) each time they need
    one: going back (:meth:`restore`) makes new objects of them.
    """

    seed: int
    count: int = 0
    scripted: list[int] = field(default_factory=list)
    sides: int = 10
    bags: dict[str, Bag] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)

    # -- dice -------------------------------------------------------------------------------
    def roll_one(self, sides: int | None = None) -> int:
        """One die of ``sides`` sides (the game's die if None)."""
        if sides is None:
            sides = self.sides
        if self.scripted:
            return self._scripted(sides)
        self.count += 1
        return 1 + splitmix64((self.seed * 0x100000001B3 + self.count) & _MASK) % sides

    def roll(self, n: int, sides: int | None = None) -> list[int]:
        """``n`` dice of ``sides`` sides (the game's die if None), scripted results first."""
        if sides is None:
            sides = self.sides
        elif sides < 1:
            raise ChanceError(f"a die has at least one side, not {sides}")
        if self.scripted:
            return [self.roll_one(sides) for _ in range(n)]
        # roll_one n times, its splitmix64 spelt out: Italia's battles roll every few actions
        start = self.count
        self.count = start + n
        key = self.seed * 0x100000001B3
        out = []
        for count in range(start + 1, start + n + 1):
            z = (((key + count) & _MASK) + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append(1 + (z ^ (z >> 31)) % sides)
        return out

    def _scripted(self, sides: int) -> int:
        value = self.scripted[0]
        if value > sides:
            raise ChanceError(f"the scripted result {value} does not fit a d{sides}")
        del self.scripted[0]
        return value

    def script(self, results: Iterable[int]) -> None:
        """Force the next results (tests, rulebook examples), each a face of the game's die;
        a roll of a smaller die refuses a scripted result it cannot show."""
        values = list(results)
        bad = [r for r in values if not 1 <= r <= self.sides]
        if bad:
            raise ChanceError(f"scripted dice must be 1..{self.sides}, got {bad!r}")
        self.scripted.extend(values)

    # -- bags -------------------------------------------------------------------------------
    def new_bag(self, name: str, items: Iterable[Item] = ()) -> Bag:
        """A new bag ``name`` holding ``items``."""
        if name in self.bags:
            raise ChanceError(f"there is already a bag named {name!r}")
        bag = self.bags[name] = Bag(name, list(items), 0, _stream_key(self.seed, name))
        return bag

    def bag(self, name: str) -> Bag:
        """The bag ``name``; :class:`ChanceError` lists the bags there are."""
        try:
            return self.bags[name]
        except KeyError:
            known = ", ".join(map(repr, sorted(self.bags))) or "none"
            raise ChanceError(f"no bag named {name!r} (bags: {known})") from None

    def put(self, name: str, items: Iterable[Item]) -> None:
        """Put ``items`` into the bag ``name``."""
        self.bag(name).items.extend(items)

    def bag_size(self, name: str) -> int:
        """How many counters the bag ``name`` holds (all a seat may know of it)."""
        return len(self.bag(name).items)

    def draw(self, name: str, n: int = 1) -> list[Item]:
        """Draw ``n`` counters from the bag ``name`` without replacement."""
        bag = self.bag(name)
        items = bag.items
        if n > len(items):
            held = "is empty" if not items else f"holds only {len(items)}"
            raise EmptyBagError(f"bag {name!r} {held}: cannot draw {n}")
        out = []
        for _ in range(n):
            bag.drawn += 1
            out.append(items.pop(_below(bag.key, bag.drawn, len(items))))
        return out

    # -- decks ------------------------------------------------------------------------------
    def new_deck(self, name: str, cards: Iterable[Item], *, shuffled: bool = True) -> Deck:
        """A new deck ``name`` of ``cards`` (the last on top), shuffled unless told not."""
        if name in self.decks:
            raise ChanceError(f"there is already a deck named {name!r}")
        deck = self.decks[name] = Deck(name, list(cards), key=_stream_key(self.seed, name))
        if shuffled:
            self._shuffle(deck, deck.pile)
        return deck

    def deck(self, name: str) -> Deck:
        """The deck ``name``; :class:`ChanceError` lists the decks there are."""
        try:
            return self.decks[name]
        except KeyError:
            known = ", ".join(map(repr, sorted(self.decks))) or "none"
            raise ChanceError(f"no deck named {name!r} (decks: {known})") from None

    def _shuffle(self, deck: Deck, cards: list[Item]) -> None:
        # Fisher-Yates, one number of the deck's stream per card
        for i in range(len(cards) - 1, 0, -1):
            deck.used += 1
            j = _below(deck.key, deck.used, i + 1)
            cards[i], cards[j] = cards[j], cards[i]

    def shuffle(self, name: str) -> None:
        """Shuffle the draw pile of the deck ``name`` (the discards stay where they are)."""
        deck = self.deck(name)
        self._shuffle(deck, deck.pile)

    def deal(self, name: str, seat: str, n: int = 1) -> Dealt:
        """Deal ``n`` cards from the top of the deck ``name`` into ``seat``'s hand; when the
        pile runs out, the discards are shuffled into a new pile first."""
        deck = self.deck(name)
        if n > len(deck.pile) + len(deck.discards):
            raise EmptyDeckError(
                f"deck {name!r} has {len(deck.pile)} cards and {len(deck.discards)} "
                f"discards: cannot deal {n}"
            )
        hand = deck.hands.setdefault(seat, [])
        cards: list[Item] = []
        reshuffled = 0
        for _ in range(n):
            if not deck.pile:
                deck.pile, deck.discards = deck.discards, []
                self._shuffle(deck, deck.pile)
                reshuffled = len(deck.pile)
            cards.append(deck.pile.pop())
        hand.extend(cards)
        return Dealt(cards, reshuffled)

    def discard(self, name: str, seat: str, cards: Iterable[Item]) -> None:
        """Move ``cards`` from ``seat``'s hand to the discards of the deck ``name``."""
        deck = self.deck(name)
        hand = deck.hands.get(seat, [])
        wanted = list(cards)
        left = list(hand)
        for card in wanted:
            if card not in left:
                raise ChanceError(f"deck {name!r}: {seat} holds no {card!r} (hand: {hand!r})")
            left.remove(card)
        hand[:] = left  # checked first, so a refused discard changes nothing
        deck.discards.extend(wanted)

    def hand(self, name: str, seat: str) -> tuple[Item, ...]:
        """The cards ``seat`` holds from the deck ``name``."""
        return tuple(self.deck(name).hands.get(seat, ()))

    # -- state ------------------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        bags = tuple((b.name, tuple(b.items), b.drawn) for b in self.bags.values())
        decks = tuple(
            (
                d.name,
                tuple(d.pile),
                tuple(d.discards),
                tuple((seat, tuple(h)) for seat, h in d.hands.items()),
                d.used,
            )
            for d in self.decks.values()
        )
        return (self.seed, self.count, tuple(self.scripted), self.sides, bags, decks)

    def restore(self, snap: Snapshot | tuple[int, int, tuple[int, ...]]) -> None:
        """Go back to ``snap`` (:meth:`snapshot`). A snapshot of the dice alone, ``(seed,
        count, scripted)`` as before bags and decks, sets the dice and leaves the die's size,
        the bags and the decks as they are, drawing on the new seed's streams from then on
        (a rollout gives a fork dice of its own so)."""
        if len(snap) == 3:
            self.seed, self.count, scripted = snap[0], snap[1], snap[2]
            self.scripted = list(scripted)
            for bag in self.bags.values():
                bag.key = _stream_key(self.seed, bag.name)
            for deck in self.decks.values():
                deck.key = _stream_key(self.seed, deck.name)
            return
        self.seed, self.count, scripted, self.sides, bags, decks = snap
        self.scripted = list(scripted)
        self.bags = {
            name: Bag(name, list(items), drawn, _stream_key(self.seed, name))
            for name, items, drawn in bags
        }
        self.decks = {
            name: Deck(
                name,
                list(pile),
                list(discards),
                {seat: list(h) for seat, h in hands},
                used,
                _stream_key(self.seed, name),
            )
            for name, pile, discards, hands, used in decks
        }

    @classmethod
    def from_snapshot(cls, snap: Snapshot) -> Randomness:
        out = cls(snap[0])
        out.restore(snap)
        return out

    def copy(self) -> Randomness:
        """An independent copy (for a fork)."""
        return self.from_snapshot(self.snapshot())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed,
            "count": self.count,
            "scripted": list(self.scripted),
            "sides": self.sides,
        }
        if self.bags:
            out["bags"] = {
                b.name: {"items": list(b.items), "drawn": b.drawn} for b in self.bags.values()
            }
        if self.decks:
            out["decks"] = {
                d.name: {
                    "pile": list(d.pile),
                    "discards": list(d.discards),
                    "hands": {seat: list(h) for seat, h in d.hands.items()},
                    "used": d.used,
                }
                for d in self.decks.values()
            }
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Randomness:
        """The random state of a save; saves before bags and decks hold only ``seed``,
        ``count`` and ``scripted`` (their die is the d10). ``ValueError`` names what is wrong."""
        seed, count, scripted = data["seed"], data["count"], data["scripted"]
        sides = data.get("sides", 10)
        if not all(_is_int(x) for x in (seed, count, sides)) or sides < 1:
            raise ChanceError("dice: 'seed', 'count' and 'sides' must be integers")
        if not isinstance(scripted, list) or not all(_is_int(x) for x in scripted):
            raise ChanceError("dice: 'scripted' must be a list of integers")
        out = cls(seed=seed, count=count, scripted=list(scripted), sides=sides)
        for name, bag in _mapping(data.get("bags", {}), "bags").items():
            b = _mapping(bag, f"bag {name!r}")
            out.bags[name] = Bag(
                name,
                _items(b.get("items"), f"bag {name!r}"),
                _count(b.get("drawn"), f"bag {name!r}"),
                _stream_key(seed, name),
            )
        for name, deck in _mapping(data.get("decks", {}), "decks").items():
            d = _mapping(deck, f"deck {name!r}")
            hands = _mapping(d.get("hands", {}), f"deck {name!r}: 'hands'")
            out.decks[name] = Deck(
                name,
                _items(d.get("pile"), f"deck {name!r}: 'pile'"),
                _items(d.get("discards"), f"deck {name!r}: 'discards'"),
                {str(s): _items(h, f"deck {name!r}: hand of {s}") for s, h in hands.items()},
                _count(d.get("used"), f"deck {name!r}"),
                _stream_key(seed, name),
            )
        return out


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _mapping(value: object, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ChanceError(f"dice: {where} must be a mapping")
    return value


def _items(value: object, where: str) -> list[Item]:
    if not isinstance(value, list) or not all(isinstance(x, str) or _is_int(x) for x in value):
        raise ChanceError(f"dice: {where} must be a list of names or numbers")
    return list(value)


def _count(value: object, where: str) -> int:
    if not _is_int(value) or not isinstance(value, int) or value < 0:
        raise ChanceError(f"dice: {where}: its count must be an integer of at least 0")
    return value
