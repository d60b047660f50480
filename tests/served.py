"""`pokerdb serve` run as a user runs it (a process on a free port), and Debian's chromium
driven by Playwright (never a browser of its own): for the tests that open the pages."""

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(db: str) -> Iterator[str]:
    """`pokerdb serve --db db` on a free port until the block ends: its base URL."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "pokerdb", "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/", timeout=2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(process.stdout.read().decode()  # type: ignore[union-attr]
                                         if process.stdout else "no output") from None
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=20)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's headless chromium under Playwright; the test skips, saying why, without it."""
    if not CHROMIUM.exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM} (apt-get install "
                    f"chromium): the pages are opened in it")
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="Playwright is not installed (the `test` extra)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                              args=CHROMIUM_ARGS)
        yield launched
        launched.close()
