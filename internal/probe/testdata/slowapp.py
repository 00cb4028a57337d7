# A WSGI application for the probe's third-party tests: every request
# spins on the CPU for SPIN_MS milliseconds of its own CPU time (default
# 0), then sleeps for SLOW_MS milliseconds (default 20) and answers a
# short body. Served by gunicorn's sync workers, each worker is one
# request at a time, so the server's concurrency limit is --workers; with
# SPIN_MS its CPU may bind first (workers x 1 / (SPIN_MS + SLOW_MS)
# against cores / SPIN_MS).
import os
import time

DELAY = float(os.environ.get("SLOW_MS", "20")) / 1000.0
SPIN = float(os.environ.get("SPIN_MS", "0")) / 1000.0
BODY = b"slow hello\n"


def app(environ, start_response):
    if SPIN > 0:
        end = time.thread_time() + SPIN
        while time.thread_time() < end:
            pass
    time.sleep(DELAY)
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(BODY)))])
    return [BODY]
