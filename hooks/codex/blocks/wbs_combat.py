"""Weapons of Body and Soul, part 2: combat, ReiKi techniques and monsters (tables, cards, bestiary)."""
