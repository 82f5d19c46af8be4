"""Peer readers for `npm run bench:parse` and `npm run bench:peers`: the time each of pandas, polars and pyarrow
takes to read one CSV into memory (read_csv only, in this process, file already in the page cache). A library
that cannot be imported is reported as skipped with the reason. Prints one JSON line:
{"pandas": {"seconds": s, "version": v} | {"skipped": why}, "polars": ..., "pyarrow": ...}.
Usage: read_peers.py FILE [READER ...]   (readers: pandas polars pyarrow; default all three)"""
import json
import sys
import time

path = sys.argv[1]
wanted = sys.argv[2:] or ["pandas", "polars", "pyarrow"]

with open(path, "rb") as f:  # page cache, as for the other readers
    while f.read(1 << 24):
        pass


def pandas_read():
    import pandas as pd

    t = time.perf_counter()
    frame = pd.read_csv(path)
    return time.perf_counter() - t, pd.__version__, frame.shape


def polars_read():
    import polars as pl

    t = time.perf_counter()
    frame = pl.read_csv(path)
    return time.perf_counter() - t, pl.__version__, frame.shape


def pyarrow_read():
    import pyarrow
    import pyarrow.csv as pacsv

    t = time.perf_counter()
    table = pacsv.read_csv(path)
    return time.perf_counter() - t, pyarrow.__version__, (table.num_rows, table.num_columns)


READERS = {"pandas": pandas_read, "polars": polars_read, "pyarrow": pyarrow_read}
out = {}
for name in wanted:
    try:
        seconds, version, shape = READERS[name]()
        out[name] = {"seconds": seconds, "version": version, "shape": list(shape)}
    except ImportError as error:
        out[name] = {"skipped": f"{name} not importable ({error})"}
print(json.dumps(out))
