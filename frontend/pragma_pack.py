"""``#pragma pack``, read as gcc reads it.

gcc keeps one packing value while it reads a file, in source order,
whatever the scope: ``pack(N)`` sets it (N a power of two up to 16),
``pack()`` clears it, ``pack(push[, id][, N])`` saves it first and
``pack(pop[, id])`` restores the last one saved (with ``id``, the one saved
under that name, dropping those saved after it).  A record defined while a
value N is in effect aligns each member to at most N bytes.

:func:`packing` reads every ``#pragma pack`` of a parsed file in source
order and gives the value in effect at each record definition;
:func:`frontend.symbols.TypeResolver.definition` applies it (the record is
then ``packed`` and each member keeps ``min(its alignment, N)``, which is
gcc's layout for it).  A malformed pragma is gcc's warning and changes
nothing.
"""

from __future__ import annotations

import re

from pycparser import c_ast

_PACK = re.compile(r"pack\b\s*")
_ALIGNMENTS = (1, 2, 4, 8, 16)


def is_pack(node: c_ast.Pragma) -> bool:
    """Whether ``node`` is a ``#pragma pack`` line."""
    return _PACK.match(node.string.strip()) is not None


def packing(ast: c_ast.Node, warn) -> dict[c_ast.Node, int]:  # type: ignore[no-untyped-def]
    """The packing value in effect at each record definition below ``ast``
    that has one (``warn(message, pragma)`` for gcc's warnings)."""
    current: int | None = None
    saved: list[tuple[str | None, int | None]] = []
    out: dict[c_ast.Node, int] = {}
    pending: list[c_ast.Node] = [ast]
    while pending:
        node = pending.pop()
        if isinstance(node, c_ast.Pragma) and is_pack(node):
            current = _apply(node, current, saved, warn)
        elif (
            isinstance(node, c_ast.Struct | c_ast.Union)
            and node.decls is not None
            and current is not None
        ):
            out[node] = current
        pending.extend(reversed([child for _, child in node.children()]))
    return out


def _apply(node: c_ast.Pragma, current, saved: list, warn) -> int | None:  # type: ignore[no-untyped-def]
    """The packing value after pragma ``node``."""
    text = node.string.strip()
    rest = text[_PACK.match(text).end() :]
    if not rest.startswith("("):
        warn("missing '(' after '#pragma pack' - ignored", node)
        return current
    close = rest.find(")")
    if close < 0:
        warn("malformed '#pragma pack' - ignored", node)
        return current
    words = [w.strip() for w in rest[1:close].split(",") if w.strip()]
    if not words:
        return None
    action = words[0]
    if action == "push":
        name, value = None, current
        for word in words[1:]:
            if word.isdigit():
                value = _alignment(word, node, warn, current)
            else:
                name = word
        saved.append((name, current))
        return value
    if action == "pop":
        if len(words) > 2 or (len(words) == 2 and words[1].isdigit()):
            warn("malformed '#pragma pack(pop[, id])' - ignored", node)
            return current
        name = words[1] if len(words) == 2 else None
        for k in range(len(saved) - 1, -1, -1):
            if name is None or saved[k][0] == name:
                value = saved[k][1]
                del saved[k:]
                return value
        warn("'#pragma pack (pop)' encountered without matching '#pragma pack (push)'", node)
        return current
    if action.isdigit() and len(words) == 1:
        return _alignment(action, node, warn, current)
    warn(f"unknown action '{action}' for '#pragma pack' - ignored", node)
    return current


def _alignment(word: str, node: c_ast.Pragma, warn, current: int | None) -> int | None:  # type: ignore[no-untyped-def]
    value = int(word)
    if value not in _ALIGNMENTS:
        warn(f"alignment must be a small power of two, not {value}", node)
        return current
    return value
