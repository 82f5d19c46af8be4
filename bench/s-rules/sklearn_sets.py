"""Print scikit-learn's bundled labelled data sets (no download) as one JSON object:
{name: {"features": [...], "X": [[...], ...], "y": [...]}} for iris, wine, breast_cancer (WDBC) and digits.
Used by `npm run bench:s-rules` (bench/s-rules/datasets.ts); needs Debian's python3-sklearn."""
import json
import sys

import sklearn.datasets as d

out = {}
for name, load in [("iris", d.load_iris), ("wine", d.load_wine), ("wdbc", d.load_breast_cancer), ("digits", d.load_digits)]:
    bunch = load()
    names = list(getattr(bunch, "feature_names", [])) or [f"F{i + 1}" for i in range(bunch.data.shape[1])]
    out[name] = {"features": [str(n) for n in names], "X": bunch.data.tolist(), "y": [int(v) for v in bunch.target]}
json.dump(out, sys.stdout)
