"""Calculators for Xia."""
