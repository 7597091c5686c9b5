"""italia_kit: historical board games (Italia and the games after it) as maps, rules engines
and what-if analysis for JupyterLab. The games are found by id: ``italia_kit.games``."""

__version__ = "0.1.0"
