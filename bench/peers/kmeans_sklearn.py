"""Peer run for `npm run bench:peers`: pandas reads the CSV, scikit-learn standardizes and clusters it with
KMeans(n_clusters=k, n_init=R, init='k-means++') - what a scientist would otherwise write. Prints one JSON line:
{"labels": [...], "parseSeconds": ..., "fitSeconds": ...}. Usage: kmeans_sklearn.py FILE K R SEED"""
import json
import sys
import time

import pandas as pd
from sklearn.cluster import KMeans
from sklearn.preprocessing import StandardScaler

path, k, restarts, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
t0 = time.perf_counter()
frame = pd.read_csv(path)
X = frame.drop(columns=["id", "class"]).to_numpy(dtype="float64")
t1 = time.perf_counter()
X = StandardScaler().fit_transform(X)
model = KMeans(n_clusters=k, n_init=restarts, init="k-means++", random_state=seed).fit(X)
t2 = time.perf_counter()
print(json.dumps({"labels": model.labels_.tolist(), "parseSeconds": t1 - t0, "fitSeconds": t2 - t1}))
