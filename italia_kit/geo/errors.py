"""The errors of the zone model: a name that is not on the board, and board files that are wrong.

Both are ``ValueError`` subclasses (as in python-chess), so ``except ValueError`` catches
either, while a caller that cares can tell a mistyped name from a broken data file.

>>> err = UnknownZoneError("Roma", suggestions=["Rome"])
>>> str(err)
"unknown zone 'Roma': did you mean 'Rome'?"
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def _or_list(names: Sequence[str]) -> str:
    """Quote names and join them the way a person would: ``'a', 'b' or 'c'``."""
    quoted = [repr(n) for n in names]
    if len(quoted) <= 1:
        return "".join(quoted)
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


class UnknownNameError(ValueError):
    """A name (of a zone, a region, ...) that the board does not know.

    The message quotes the input as given and offers the closest names, so that a typo in
    a notebook cell is fixed at a glance.
    """

    what = "name"

    def __init__(self, name: str, suggestions: Iterable[str] = ()) -> None:
        self.name = name
        self.suggestions: tuple[str, ...] = tuple(suggestions)
        message = f"unknown {self.what} {name!r}"
        if self.suggestions:
            message += f": did you mean {_or_list(self.suggestions)}?"
        super().__init__(message)


class UnknownZoneError(UnknownNameError):
    """A zone name that is not on the board.

    >>> str(UnknownZoneError("Mare Nostrum"))
    "unknown zone 'Mare Nostrum'"
    >>> str(UnknownZoneError("Mesana", ["Messana", "Massilia"]))
    "unknown zone 'Mesana': did you mean 'Messana' or 'Massilia'?"
    """

    what = "zone"


class UnknownRegionError(UnknownNameError):
    """A region name that no zone of the board belongs to.

    >>> str(UnknownRegionError("Nord", ["North"]))
    "unknown region 'Nord': did you mean 'North'?"
    """

    what = "region"


class UnknownBoardError(UnknownNameError):
    """A board name for which no data files are shipped.

    >>> str(UnknownBoardError("itlaia", ["italia"]))
    "unknown board 'itlaia': did you mean 'italia'?"
    """

    what = "board"


class BoardDataError(ValueError):
    """Board files that cannot be loaded; ``problems`` lists every problem found, not just one.

    Each problem names the file, the zone and the field, so that a map author can fix them
    all in one pass (as diplomacy's map loader does).

    >>> err = BoardDataError(["a.geojson: zone 'X': field 'kind': missing"])
    >>> err.problems
    ["a.geojson: zone 'X': field 'kind': missing"]
    >>> print(err)
    1 problem in the board data:
      a.geojson: zone 'X': field 'kind': missing
    """

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: list[str] = list(problems)
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the board data:"
        super().__init__("\n  ".join([head, *self.problems]))
