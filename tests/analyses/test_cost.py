"""The analyses follow the IR DAG, not its exponential address tree."""

from inspirec.analyses import analyze_program

from benchmarks.analysis_cost import synthetic_program


def test_exact_path_counts_on_an_exponential_address_tree():
    depth = 40  # f0 sits at 2^39 addresses; a walk over addresses would never finish
    analysis = analyze_program(synthetic_program(depth))
    loops = {c.function: c.loop_paths for c in analysis.contexts}
    assert len(loops) == depth
    for k in (0, 1, 5, depth - 1):
        assert loops[f"f{k}"] == 2 ** (k + 1) - 1
    assert all(c.recursive_paths == 0 for c in analysis.contexts)
