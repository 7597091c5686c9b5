"""Python opcodes and calls counted by function while tracing: a measure of a run's cost
that machine load does not move (read by ``renaissance_opcodes.py`` and
``medieval_italia_opcodes.py``)."""

from __future__ import annotations

from collections import Counter
from types import FrameType
from typing import Any

Key = tuple[str, str]


class Counts:
    """Opcodes and calls by (file name, function name) while tracing."""

    def __init__(self) -> None:
        self.opcodes: Counter[Key] = Counter()
        self.calls: Counter[Key] = Counter()

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        code = frame.f_code
        key = (code.co_filename.rsplit("/", 1)[-1], code.co_name)
        if event == "call":
            frame.f_trace_opcodes = True
            self.calls[key] += 1
        elif event == "opcode":
            self.opcodes[key] += 1
        return self.trace
