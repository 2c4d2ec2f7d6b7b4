"""Diabolicards: 1v1 and 2v2 on the three-zone mat (work in progress)."""
