"""Calculators for Weapons of Body and Soul."""
