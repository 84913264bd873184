"""V5 rules (placeholder while the package is assembled)."""
