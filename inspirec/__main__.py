"""``python -m inspirec`` runs the command line."""

from inspirec.cli import entry

entry()
