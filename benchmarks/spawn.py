"""`python spawn.py RESULT_FILE COMMAND...`: run COMMAND, write its wall time, CPU time and peak
RSS to RESULT_FILE as JSON, and exit with its exit code.

Why a launcher: on Linux a child's ru_maxrss starts from the RSS of the process that spawned it
(the memory it shared before exec), so children of the benchmark itself, which holds numpy,
SQLAlchemy and test data, would all seem at least that large. Spawned from this bare
interpreter they start from its few MiB, below any Python process's own footprint.
"""

import json
import os
import sys
import time


def main() -> int:
    result_file, argv = sys.argv[1], sys.argv[2:]
    started = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    with open(result_file, "w") as file:
        json.dump({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
                   "max_rss_kib": usage.ru_maxrss, "exit": code}, file)
    return code


if __name__ == "__main__":
    sys.exit(main())
