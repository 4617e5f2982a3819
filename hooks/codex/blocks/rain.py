"""Refreshing Rain tables and blocks (rules data in rules_data/rain/)."""
