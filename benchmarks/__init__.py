"""Benchmark harness: build the benchmark programs in several variants, run
them at several thread counts, and summarise the measurements.

Modules, one concept each:

* :mod:`benchmarks.variants` - the programs found on disk, the table of
  variants (name -> build command, environment) and building them;
* :mod:`benchmarks.measure` - running one binary: time, peak RSS, status;
* :mod:`benchmarks.progress` - the progress bar;
* :mod:`benchmarks.stats` - medians, ranges, speed-ups, geometric means;
* :mod:`benchmarks.report` - CSV files, Markdown tables and PNG plots;
* :mod:`benchmarks.suite` - the run over programs x variants x threads;
* :mod:`benchmarks.sweep` - the runtime parameter sweep (paper 000 Table 5);
* :mod:`benchmarks.micro` - the task micro-benchmark (paper 004);
* :mod:`benchmarks.results` - ``RESULTS.md`` from one complete run.

Command line: ``python -m benchmarks --help``.
"""
