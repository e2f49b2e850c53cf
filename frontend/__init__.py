"""frontend: C preprocessing against bundled headers, parsing, and lowering C to the IR."""
