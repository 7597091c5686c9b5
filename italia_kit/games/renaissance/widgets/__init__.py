"""The Renaissance-Italy game's map view (imported by the widgets only)."""
