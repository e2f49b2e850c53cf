"""OpenMP's ``declare variant``: a call of a base function, where the context
of the call matches a variant's selector, calls the variant instead, as gcc
12 resolves it when it compiles the call.

``#pragma omp declare variant(v) match(selectors)`` goes right before a
function's declaration or definition (the base; gcc's error otherwise) and
names ``v``, a function declared before it with the base's type.  Its
selector sets (each at most once):

* ``construct={...}``: ``target``, ``teams``, ``parallel``, ``for``, ``simd``
  must be an ordered subsequence of the call's construct context: those of
  these constructs that enclose the call in its function, outermost first
  (a combined construct stands for its leaves).  A call in a function called
  from a region has no context, as in gcc;
* ``device={kind(...), arch(...), isa(...)}``: the host, as gcc 12 compiles
  for it without offloading: kinds ``host``, ``cpu`` and ``any`` match,
  ``nohost``, ``gpu`` and ``fpga`` do not; ``arch(x86_64)``; ``isa`` of the
  x86-64 baseline gcc compiles for (``sse``, ``sse2``, ``mmx``, ``fxsr``);
* ``implementation={vendor(...), extension(...), ...}``: ``vendor(gnu)``
  matches; the requirement traits match the ``requires`` directives seen;
* ``user={condition(c)}``: ``c`` a constant integer expression, true if not 0.

Of the variants whose selectors all match, the one with the highest score
is called (OpenMP 5.0 §2.3.3): 1, plus each trait's ``score(s)`` where one
is given, else for a construct trait 2^(p-1) (p its position in the
context), for ``kind``, ``arch`` and ``isa`` 2^l, 2^(l+1), 2^(l+2) (l the
context's length), for the others 0; the first declared among equals.  A
call through a function pointer calls what the pointer points to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from inspirec.frontend.clause_checks import gcc_token, list_items
from inspirec.frontend.symbols import FuncSymbol, const_eval

if TYPE_CHECKING:
    from inspirec.frontend.context import LoweringContext
    from inspirec.frontend.openmp import Directive

#: The construct traits, and the leaves of the constructs that give them.
CONSTRUCT_TRAITS = ("target", "teams", "parallel", "for", "simd")
_SETS = ("construct", "device", "implementation", "user")
_TRAITS = {
    "device": ("kind", "isa", "arch"),
    "implementation": ("vendor", "extension", "atomic_default_mem_order", "unified_address",
                       "unified_shared_memory", "dynamic_allocators", "reverse_offload"),
    "user": ("condition",),
}  # fmt: skip
#: The device kinds, and whether the host is one.
_KINDS = {"host": True, "nohost": False, "cpu": True, "gpu": False, "fpga": False, "any": True}
_VENDORS = ("amd", "arm", "bsc", "cray", "fujitsu", "gnu", "ibm", "intel", "llvm", "nvidia",
            "pgi", "ti", "unknown")  # fmt: skip
_ARCHS = frozenset({"x86_64"})
_ISAS = frozenset({"sse", "sse2", "mmx", "fxsr"})
#: The traits written with a parenthesised property list.
_TAKES_PROPERTIES = frozenset(
    {"kind", "isa", "arch", "vendor", "extension", "atomic_default_mem_order", "condition"}
)
#: A trait's device score exponent above the context's length.
_DEVICE_ORDER = {"kind": 0, "arch": 1, "isa": 2}
_SCORE = re.compile(r"\s*score\s*\((.*)\)\s*:", re.S)


@dataclass(frozen=True)
class Variant:
    """A variant of a base function: its name (where the base is declared),
    its construct traits with their explicit scores (None: none), whether
    its other selectors match on the host, their device traits (for the
    score) and the sum of their explicit scores."""

    function: str
    construct: tuple[tuple[str, int | None], ...]
    matches: bool
    device: tuple[tuple[str, int | None], ...]
    scored: int

    def score(self, context: list[str]) -> int | None:
        """The variant's score for a call in ``context`` (construct traits,
        outermost first), None if it does not match there."""
        if not self.matches:
            return None
        total, at = 1, len(context)
        for trait, explicit in reversed(self.construct):
            while at > 0 and context[at - 1] != trait:
                at -= 1
            if at == 0:
                return None
            total += explicit if explicit is not None else 2 ** (at - 1)
            at -= 1
        for trait, explicit in self.device:
            total += (
                explicit if explicit is not None else 2 ** (len(context) + _DEVICE_ORDER[trait])
            )
        return total + self.scored


def parse(ctx: LoweringContext, d: Directive) -> Variant:
    """The variant ``d`` declares (``declare variant(v) match(...)``), after
    gcc's errors for its name and selectors."""
    text = d.node.string.strip()
    name = (d.argument or "").strip()
    if ctx.scope.lookup(name) is None:
        raise d.error_at(d.argument_at + 1, f"'{name}' undeclared here (not in a function)")
    spans = [s for s in d.spans if s.clause == "match"]
    if not spans:
        raise d.error_at(len(text), "expected 'match' before end of line")
    if len(spans) > 1:
        raise d.error_at(
            text.rfind("match", 0, spans[1].after), "expected end of line before 'match'"
        )
    span = spans[0]
    body_at = span.after + 1
    body = text[body_at : span.close]
    sets: set[str] = set()
    construct: list[tuple[str, int | None]] = []
    device: list[tuple[str, int | None]] = []
    matches, scored = True, 0
    for part, at in list_items(body, body_at):
        head = re.match(r"\s*([A-Za-z_]\w*)\s*", part)
        set_name = head.group(1) if head else part.strip()
        if set_name not in _SETS:
            raise d.error_at(
                at + len(part) - len(part.lstrip()),
                f"expected 'construct', 'device', 'implementation' or 'user' before '{set_name}'",
            )
        word = re.match(r"\s*[A-Za-z_]\w*\s*=\s*\{(.*)\}\s*$", part, re.S)
        if word is None:  # gcc's parse error at the token where '=' or '{' belongs
            equals = part.startswith("=", head.end())
            offset, token = gcc_token(text, at + head.end() + equals)
            raise d.error_at(offset, f"expected '{'{' if equals else '='}' before {token}")
        if set_name in sets:
            raise d.error_at(
                text.rfind("match", 0, span.after),
                f"selector set '{set_name}' specified more than once",
            )
        sets.add(set_name)
        traits_at = at + word.start(1)
        for trait_text, trait_at in list_items(word.group(1), traits_at):
            trait = re.match(r"\s*([A-Za-z_]\w*)\s*(?:\((.*)\))?\s*$", trait_text, re.S)
            trait_name = trait.group(1) if trait else trait_text.strip()
            allowed = CONSTRUCT_TRAITS if set_name == "construct" else _TRAITS[set_name]
            if trait is None or trait_name not in allowed:
                raise d.error_at(
                    trait_at + len(trait_text) - len(trait_text.lstrip()),
                    f"selector '{trait_name}' not allowed for context selector set '{set_name}'",
                )
            name_end = trait_at + trait.end(1)
            if trait.group(2) is not None and set_name == "construct" and trait_name != "simd":
                offset, _ = gcc_token(text, name_end)
                message = f"selector '{trait_name}' does not accept any properties"
                raise d.error_at(offset, message)
            if trait.group(2) is None and trait_name in _TAKES_PROPERTIES:
                offset, token = gcc_token(text, name_end)
                raise d.error_at(offset, f"expected '(' before {token}")
            argument = trait.group(2) or ""
            explicit = None
            score = _SCORE.match(argument)
            if score is not None:
                explicit = const_eval(d.parse_expr(ctx, score.group(1)), ctx.resolver, ctx.scope)
                argument = argument[score.end() :]
            if set_name == "construct":
                construct.append((trait_name, explicit))
                continue
            ok = _holds(ctx, d, trait_name, argument, span, trait_at, trait_text)
            matches = matches and ok
            if set_name == "device":
                device.append((trait_name, explicit))
            else:
                scored += explicit or 0
    return Variant(name, tuple(construct), matches, tuple(device), scored)


def _holds(
    ctx: LoweringContext, d: Directive, trait: str, argument: str, span, at: int, trait_text: str
) -> bool:
    """Whether the non-construct trait ``trait(argument)`` holds on the host
    (gcc's warning for a property it does not know, its error for a
    condition that is not a constant)."""
    props = [p.strip().strip('"') for p in argument.split(",") if p.strip()]
    if trait == "condition":
        inner = trait_text.index("(") + 1 + len(argument) - len(argument.lstrip())
        expr = d.parse_expr(ctx, argument)
        value = const_eval(expr, ctx.resolver, ctx.scope)
        if value is None:
            raise d.error_at(at + inner, "property must be constant integer expression")
        return value != 0
    known = {"kind": _KINDS, "vendor": _VENDORS}.get(trait)
    for prop in props:
        if known is not None and prop not in known:
            message = f"unknown property '{prop}' of '{trait}' selector"
            where = d.node.string.strip().rfind("match", 0, span.after)
            ctx.program.log.add(d.diagnostic_at(where, message, "warning"))
    if trait == "kind":
        return all(_KINDS.get(p, False) for p in props)
    if trait == "arch":
        return all(p in _ARCHS for p in props)
    if trait == "isa":
        return all(p in _ISAS for p in props)
    if trait == "vendor":
        return all(p == "gnu" for p in props)
    if trait == "atomic_default_mem_order":
        orders = {req.expression("atomic_default_mem_order")
                  for req in ctx.program.memory_order_requirements.values()}  # fmt: skip
        return all(p in orders for p in props)
    return False  # extension(...), and requirements inspirec's host does not provide


def check_variant_type(
    ctx: LoweringContext, d: Directive, variant: Variant, base: FuncSymbol, base_name: str
) -> None:
    """gcc's error for a variant whose type is not that of the base,
    ``base_name`` (:class:`~frontend.symbols.FuncSymbol` ``base``)."""
    sym = ctx.scope.lookup(variant.function)
    if not isinstance(sym, FuncSymbol) or sym.type is not base.type:
        raise d.error_at(
            d.argument_at + 1,
            f"variant '{variant.function}' and base '{base_name}' have incompatible types",
        )


def construct_context(ctx: LoweringContext) -> list[str]:
    """The construct traits of the constructs enclosing the code being
    lowered in its function, outermost first."""
    out = []
    for construct in ctx.constructs:
        out.extend(leaf for leaf in construct.name.split() if leaf in CONSTRUCT_TRAITS)
    return out


def selected(ctx: LoweringContext, variants: list[Variant]) -> str | None:
    """The function a call of a base with ``variants`` calls where it is
    lowered: the best matching variant's, None for the base itself."""
    context = construct_context(ctx)
    best, best_score = None, 0
    for variant in variants:
        score = variant.score(context)
        if score is not None and score > best_score:
            best, best_score = variant.function, score
    return best
