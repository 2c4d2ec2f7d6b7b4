"""How long one password check takes: the argon2id hash accounts use
(``server/accounts.py``, pwdlib's recommended parameters), verified ``--tries``
times; a sign-in (and an unknown name's dummy check) costs one.

Speed is measured here, never asserted in tests.

    .venv/bin/python bench/bench_passwords.py --tries 10
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from ossuary.server import accounts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=10)
    args = parser.parse_args()
    stored = accounts._hasher().hash("a fine long password")
    times = []
    for _ in range(args.tries):
        start = time.perf_counter()
        accounts._hasher().verify("a fine long password", stored)
        times.append(time.perf_counter() - start)
    print(
        json.dumps(
            {
                "parameters": stored.split("$")[3],
                "tries": args.tries,
                "median_s": round(statistics.median(times), 3),
                "min_s": round(min(times), 3),
                "load": round(os.getloadavg()[0], 1),
                "cpus": os.cpu_count(),
            }
        )
    )


if __name__ == "__main__":
    main()
