"""Peer readers for `npm run bench:real`: polars' and pandas' read_csv of one real lab table, median of RUNS
reads in this process (the file already in the page cache), every column as it comes (text as text).
Prints one JSON line: {"polars": {"ms": m, "version": v, "shape": [r, c]} | {"skipped": why}, "pandas": ...}.
Usage: read_real_peers.py FILE SEPARATOR SKIP_ROWS RUNS"""
import json
import statistics
import sys
import time

path, sep, skip, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
with open(path, "rb") as f:
    while f.read(1 << 24):
        pass


def polars_read():
    import polars as pl

    frame = pl.read_csv(path, separator=sep, skip_rows=skip, infer_schema_length=10000, truncate_ragged_lines=True, encoding="utf8-lossy")
    return pl.__version__, frame.shape


def pandas_read():
    import pandas as pd

    frame = pd.read_csv(path, sep=sep, skiprows=skip, low_memory=False)
    return pd.__version__, frame.shape


out = {}
for name, read in (("polars", polars_read), ("pandas", pandas_read)):
    try:
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            version, shape = read()
            times.append((time.perf_counter() - t) * 1000)
        out[name] = {"ms": statistics.median(times), "version": version, "shape": list(shape)}
    except Exception as error:  # noqa: BLE001 — a peer that cannot read the file is reported, not fatal
        out[name] = {"skipped": f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"}
print(json.dumps(out))
