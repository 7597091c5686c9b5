"""`python -m italia_kit ...` runs the same command line as the `italia-kit` script."""

from __future__ import annotations

from italia_kit.cli import main

raise SystemExit(main())
