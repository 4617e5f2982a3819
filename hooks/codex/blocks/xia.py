"""Xia tables and blocks (rules data in rules_data/xia/)."""
