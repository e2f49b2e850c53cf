"""inspire.callgraph: components callees first, reaching sets and nearest
chains, checked against networkx's algorithms on seeded random graphs, and
the orders' independence from the hash seed."""

import os
import random
import subprocess
import sys

import networkx as nx
import pytest
from inspirec.inspire.callgraph import CallGraph


def _random_graph(seed: int) -> tuple[list[str], dict[str, list[str]]]:
    rng = random.Random(seed)
    n = rng.randint(1, 14)
    names = [f"f{i}" for i in rng.sample(range(40), n)]
    extra = [f"ext{i}" for i in range(rng.randint(0, 3))]  # callees not listed
    calls: dict[str, list[str]] = {}
    for name in rng.sample(names, rng.randint(0, n)):
        calls[name] = [rng.choice(names + extra) for _ in range(rng.randint(0, 4))]
    return names, calls


def _nx_graph(names, calls) -> nx.DiGraph:
    g = nx.DiGraph()
    g.add_nodes_from(names)
    for caller, callees in calls.items():
        g.add_node(caller)
        for callee in callees:
            g.add_edge(caller, callee)
    return g


def _nx_components(g: nx.DiGraph):
    rank = {name: i for i, name in enumerate(g.nodes)}
    condensed = nx.condensation(g)
    first = {c: min(rank[m] for m in condensed.nodes[c]["members"]) for c in condensed.nodes}
    out = []
    for c in nx.lexicographical_topological_sort(condensed.reverse(), key=first.__getitem__):
        members = tuple(sorted(condensed.nodes[c]["members"], key=rank.__getitem__))
        out.append((members, len(members) > 1 or g.has_edge(members[0], members[0])))
    return out


@pytest.mark.parametrize("seed", range(300))
def test_agrees_with_networkx(seed: int) -> None:
    names, calls = _random_graph(seed)
    graph, g = CallGraph(names, calls), _nx_graph(names, calls)
    assert graph.components_callees_first() == _nx_components(g)
    rng = random.Random(seed)
    targets = [*rng.sample(list(g.nodes), min(2, len(g.nodes))), "nowhere"]
    expected = set(targets)
    for t in targets:
        if t in g:
            expected |= nx.ancestors(g, t)
    assert graph.reaching(targets) == expected
    wanted = set(rng.sample(list(g.nodes), min(3, len(g.nodes))))
    for start in [*g.nodes, "nowhere"]:
        assert graph.nearest(start, wanted.__contains__) == _nx_nearest(g, start, wanted)


def _nx_nearest(g: nx.DiGraph, start: str, wanted: set[str]) -> list[str] | None:
    """The first wanted function networkx's breadth-first search discovers, and its chain."""
    if start in wanted:
        return [start]
    if start not in g:
        return None
    parent: dict[str, str] = {}
    for caller, callee in nx.bfs_edges(g, start):
        parent[callee] = caller
        if callee in wanted:
            chain = [callee]
            while chain[-1] != start:
                chain.append(parent[chain[-1]])
            return chain[::-1]
    return None


def test_recursion_and_order() -> None:
    graph = CallGraph(
        ["main", "even", "odd", "fact", "leaf"],
        {"main": ["even", "fact"], "even": ["odd"], "odd": ["even", "leaf"], "fact": ["fact"]},
    )
    assert graph.components_callees_first() == [
        (("fact",), True),  # ready with leaf, and listed before it
        (("leaf",), False),
        (("even", "odd"), True),
        (("main",), False),
    ]
    assert graph.reaching(["leaf"]) == {"leaf", "odd", "even", "main"}
    assert graph.nearest("main", lambda f: f in ("leaf", "fact")) == ["main", "fact"]


def test_orders_do_not_depend_on_the_hash_seed() -> None:
    code = (
        "from inspirec.inspire.callgraph import CallGraph\n"
        "names = [f'n{i}' for i in range(30)]\n"
        "calls = {n: [names[(i * 7 + k) % 30] for k in range(3)] for i, n in enumerate(names)}\n"
        "g = CallGraph(names, calls)\n"
        "print(g.components_callees_first(), g.nearest('n0', lambda f: f.endswith('9')))\n"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
        ).stdout
        for seed in (0, 1, 2)
    }
    assert len(outs) == 1
