"""The powers' names in sentences: the Turks are plural, the Papacy takes its article.

The event texts, errors and the Campaign Report put a power's name in sentences; its id
(``"Turks"``, ``"Papacy"``) stays as it is in the event data. Six powers read bare
(``Milan pays``); two take the article: ``the Turks`` (a plural: ``the Turks pay``,
``the Turks' orders``) and ``the Papacy`` (``the Papacy pays``, ``the Papacy's orders``).
Autonomous garrisons read ``the autonomous garrisons`` (plural). A name that is none of
these (a province, a rebel) reads bare and singular.

The helpers are cached (a season's texts name every power some three times, and the
words are few). Every helper gives the mid-sentence form, which is what follows a rule's label
(``BRIBES: the Turks' bribe ...``); ``start=True`` capitalises it for a sentence's start.

>>> subject("Milan", "pays"), subject("Turks", "pays", start=True)
('Milan pays', 'The Turks pay')
>>> possessive("Turks"), possessive("Papacy", start=True), possessive("Venice")
("the Turks'", "The Papacy's", "Venice's")
>>> subject("Papacy", "has"), subject("Turks", "pacifies"), its("Turks"), its("Milan")
('the Papacy has', 'the Turks pacify', 'their', 'its')
"""

from __future__ import annotations

from functools import cache

from italia_kit.games.renaissance.mapdata import AUTONOMOUS

__all__ = [
    "agree",
    "capital",
    "it",
    "its",
    "name",
    "plural",
    "possessive",
    "subject",
    "them",
    "verb",
]

#: the powers whose name takes the article in a sentence
_NAMED = {"Turks": "the Turks", "Papacy": "the Papacy", AUTONOMOUS: "the autonomous garrisons"}
#: the powers read as plurals
_PLURAL = frozenset({"Turks", AUTONOMOUS})
#: verbs whose plural is not the singular less its ``s``
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
#: verbs with one form for both (modals)
_SAME = frozenset({"cannot", "can", "may", "must", "will", "would", "could", "might"})


def capital(text: str) -> str:
    """``text`` with its first letter capitalised (the rest as it is).

    >>> capital("the Turks' orders"), capital("")
    ("The Turks' orders", '')
    """
    return text[:1].upper() + text[1:]


def plural(power: str) -> bool:
    """Is ``power`` read as a plural?

    >>> plural("Turks"), plural("Papacy"), plural("autonomous")
    (True, False, True)
    """
    return power in _PLURAL


@cache
def name(power: str, start: bool = False) -> str:
    """``power`` as a sentence names it.

    >>> name("Turks"), name("Papacy", start=True), name("Milan"), name("autonomous")
    ('the Turks', 'The Papacy', 'Milan', 'the autonomous garrisons')
    """
    said = _NAMED.get(power, power)
    return capital(said) if start else said


@cache
def possessive(power: str, start: bool = False) -> str:
    """``power``'s possessive: ``Milan's``, ``the Papacy's``, ``the Turks'``.

    >>> possessive("Milan"), possessive("Turks", start=True), possessive("autonomous")
    ("Milan's", "The Turks'", "the autonomous garrisons'")
    """
    said = name(power, start)
    return f"{said}'" if said.endswith("s") and plural(power) else f"{said}'s"


@cache
def verb(singular: str) -> str:
    """The plural of a verb given in its singular (third person, present or past); a
    phrase's first word is the verb (``is in debt`` -> ``are in debt``).

    >>> [verb(v) for v in ("pays", "has", "is", "was", "relieves", "pacifies", "cannot")]
    ['pay', 'have', 'are', 'were', 'relieve', 'pacify', 'cannot']
    >>> [verb(v) for v in ("defaults", "borrows", "repays", "may", "does", "controls it")]
    ['default', 'borrow', 'repay', 'may', 'do', 'control it']
    >>> [verb(v) for v in ("collects", "submits", "wins", "reaches", "passes", "goes")]
    ['collect', 'submit', 'win', 'reach', 'pass', 'go']
    """
    head, space, rest = singular.partition(" ")
    if head in _IRREGULAR:
        head = _IRREGULAR[head]
    elif head in _SAME or not head.endswith("s"):
        pass
    elif head.endswith("ies") and len(head) > 4:
        head = head[:-3] + "y"
    elif head.endswith(("sses", "ches", "shes", "xes", "zes")):
        head = head[:-2]
    else:
        head = head[:-1]
    return head + space + rest


def agree(power: str, singular: str) -> str:
    """The verb ``singular`` as agreeing with ``power``.

    >>> agree("Milan", "has"), agree("Turks", "has"), agree("Papacy", "is")
    ('has', 'have', 'is')
    """
    return verb(singular) if plural(power) else singular


@cache
def subject(power: str, singular: str, start: bool = False) -> str:
    """``power`` as the subject of the verb ``singular``: ``Milan pays``, ``the Turks pay``.

    >>> subject("Turks", "is in debt"), subject("Naples", "borrows", start=True)
    ('the Turks are in debt', 'Naples borrows')
    """
    return f"{name(power, start)} {agree(power, singular)}"


@cache
def its(power: str) -> str:
    """The possessive pronoun of ``power``: ``its`` or ``their``.

    >>> its("Papacy"), its("Turks")
    ('its', 'their')
    """
    return "their" if plural(power) else "its"


def it(power: str, start: bool = False) -> str:
    """The subject pronoun of ``power``: ``it`` or ``they``.

    >>> it("Venice"), it("Turks", start=True)
    ('it', 'They')
    """
    said = "they" if plural(power) else "it"
    return capital(said) if start else said


def them(power: str) -> str:
    """The object pronoun of ``power``: ``it`` or ``them``.

    >>> them("Naples"), them("Turks")
    ('it', 'them')
    """
    return "them" if plural(power) else "it"
