"""The views of Medieval Italia (imported by the generic views only, never by the rules)."""
