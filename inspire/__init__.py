"""inspire: the INSPIRE-like parallel IR of inspirec.

Public API:

* nodes (:mod:`inspire.nodes`), hash-consed and immutable;
* type helpers (:mod:`inspire.types`), LP64 sizes (:mod:`inspire.sizes`);
* the builtins table (:mod:`inspire.builtins`);
* addresses (:class:`Address`), visitors and rewriting (:mod:`inspire.visitor`);
* text format: :func:`print_program` / :func:`parse` / :func:`parse_file`;
* the verifier: :func:`verify` / :func:`check`;
* :func:`deep_call`: run recursive IR code at any nesting depth (the
  parser, printer and verifier use it).
"""

from inspirec.inspire.address import Address, definition_of, lowest_common_ancestor
from inspirec.inspire.builtins import BUILTINS, builtin
from inspirec.inspire.deep import deep_call
from inspirec.inspire.errors import IRError, VerificationError
from inspirec.inspire.lambdas import is_recursive, is_recursive_definition, lambda_of
from inspirec.inspire.nodes import *  # noqa: F403
from inspirec.inspire.nodes import __all__ as _node_names
from inspirec.inspire.parser import decode_text, parse, parse_file
from inspirec.inspire.printer import print_node, print_program
from inspirec.inspire.sizes import align_of, layout, size_of, struct_table
from inspirec.inspire.syntax import parse_type
from inspirec.inspire.typecheck import make_call
from inspirec.inspire.verifier import check, verify
from inspirec.inspire.visitor import Rewriter, StrictVisitor, Visitor, replace_at

__all__ = [
    *_node_names,
    "BUILTINS",
    "Address",
    "IRError",
    "Rewriter",
    "StrictVisitor",
    "VerificationError",
    "Visitor",
    "align_of",
    "builtin",
    "check",
    "decode_text",
    "deep_call",
    "definition_of",
    "is_recursive",
    "is_recursive_definition",
    "lambda_of",
    "layout",
    "lowest_common_ancestor",
    "make_call",
    "parse",
    "parse_file",
    "parse_type",
    "print_node",
    "print_program",
    "replace_at",
    "size_of",
    "struct_table",
    "verify",
]
