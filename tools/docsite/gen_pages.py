"""Run by mkdocs-gen-files at each build (``mkdocs.yml``): writes the generated pages and
the navigation (``tools/docsite/pages.py``)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository's root

from tools.docsite.pages import write_nav

write_nav()
