# A WSGI application for the probe's third-party test: every request
# sleeps for SLOW_MS milliseconds (default 20) and answers a short body.
# Served by gunicorn's sync workers, each worker is one request at a time,
# so the server's concurrency limit is --workers.
import os
import time

DELAY = float(os.environ.get("SLOW_MS", "20")) / 1000.0
BODY = b"slow hello\n"


def app(environ, start_response):
    time.sleep(DELAY)
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(BODY)))])
    return [BODY]
