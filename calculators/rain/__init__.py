"""Calculators for Refreshing Rain."""
