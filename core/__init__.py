"""Pieces every app shares that belong to none of them (the services' error classes)."""
