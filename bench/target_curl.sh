#!/usr/bin/env bash
# HTTP/1.1 conformance of `waitlab target` in each model, as curl sees it:
# keep-alive (two requests on one connection), a POST body, Connection:
# close, HEAD, a 9 KB header (431), a malformed request (400), a query
# override, and /metrics. Prints one line per check and exits non-zero if
# any fails. Needs curl (and nc from netcat-openbsd for the malformed one).
#
#   bench/target_curl.sh
set -uo pipefail

MODELS=${MODELS:-"pool loop offload virtual"}
PORT=${PORT:-18195}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$(mktemp -d)
pid=""
trap '[[ -n "$pid" ]] && kill -TERM "$pid" 2>/dev/null; rm -rf "$work"' EXIT

echo "== environment"
echo "date:   $(date -u +%FT%TZ)"
echo "curl:   $(curl --version | head -1)"
echo "go:     $(go version)"
echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo
(cd "$root" && go build -o "$work/waitlab" .) || exit 1

fail=0
check() { # name, condition result (0 ok)
	if [[ $2 -eq 0 ]]; then echo "  ok    $1"; else echo "  FAIL  $1"; fail=1; fi
}

for m in $MODELS; do
	addr=127.0.0.1:$PORT
	u=http://$addr
	"$work/waitlab" target --model "$m" --listen "$addr" --threads 2 >"$work/$m.log" 2>&1 &
	pid=$!
	for _ in $(seq 100); do curl -s -o /dev/null "$u/healthz" && break; sleep 0.05; done
	echo "== $m"
	out=$(curl -sv "$u/" "$u/" 2>&1)
	grep -qi "re-using existing connection\|reusing existing" <<<"$out"
	check "keep-alive: second request reuses the connection" $?
	[[ $(grep -c "Hello, World!" <<<"$out") -eq 2 ]]
	check "keep-alive: both answered" $?
	head -c 3000 /dev/zero | tr '\0' x >"$work/body"
	code=$(curl -s -o /dev/null -w '%{http_code}' --data-binary @"$work/body" "$u/post")
	[[ $code == 200 ]]
	check "POST with a 3000-byte body: $code" $?
	code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Expect: 100-continue' --data-binary @"$work/body" "$u/post")
	[[ $code == 200 ]]
	check "POST with Expect: 100-continue: $code" $?
	out=$(curl -si -H 'Connection: close' "$u/")
	grep -qi '^connection: close' <<<"$out"
	check "Connection: close is echoed" $?
	out=$(curl -sI "$u/")
	grep -qi '^content-length: 13' <<<"$out"
	check "HEAD: header with Content-Length, no body" $?
	code=$(curl -s -o /dev/null -w '%{http_code}' -H "X-Big: $(head -c 9000 /dev/zero | tr '\0' a)" "$u/")
	[[ $code == 431 ]]
	check "9 KB header: $code" $?
	code=$(curl -s -o /dev/null -w '%{http_code}' "$u/?wait=20ms&cpu=1ms")
	[[ $code == 200 ]]
	check "query override ?wait=20ms&cpu=1ms: $code" $?
	code=$(curl -s -o /dev/null -w '%{http_code}' "$u/?wait=soon")
	[[ $code == 400 ]]
	check "bad query value: $code" $?
	if command -v nc >/dev/null; then
		out=$(printf 'NONSENSE\r\n\r\n' | nc -q 2 127.0.0.1 "$PORT" || true)
		grep -q '^HTTP/1.1 400' <<<"$out"
		check "malformed request line: 400" $?
	fi
	curl -s "$u/metrics" | grep -q '^waitlab_target_requests_total{code="200"}'
	check "/metrics in Prometheus text format" $?
	kill -TERM "$pid"
	wait "$pid" 2>/dev/null
	check "SIGTERM: exit 0" $?
	pid=""
done
exit $fail
