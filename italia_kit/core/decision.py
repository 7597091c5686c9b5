"""What the game is waiting for: who must decide now, and what kind of decision it is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending decision.

    ``actor`` is who decides (a nation in Italia), ``kind`` what is decided (``buy``,
    ``place``, ``move``, ``targets``, ``retreat``, ``submit`` ...), ``rule`` the section that
    asks for it and ``prompt`` one sentence for a person.
    """

    actor: str
    kind: str
    rule: str
    prompt: str

    def __str__(self) -> str:
        return f"{self.actor} must decide ({self.kind}, rule {self.rule}): {self.prompt}"
