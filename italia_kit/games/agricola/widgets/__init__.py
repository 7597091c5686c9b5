"""The map view of *Agricola, Master of Britain* (imported by the views only)."""
