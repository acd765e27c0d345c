#!/usr/bin/env bash
# The browser checks against a real box: starts `gatespeed demo` with the pages on a free loopback
# port and a fixed token, runs check_page.py (live view, scoreboard, setup tap/drag/check/save,
# a clip playing) and check_clips.py (the demo's clips are fast-start and play), then stops it.
#   Tests/Browser/run_against_demo.sh GATESPEED_BINARY [SCREENSHOT_DIR]
# Skips (exit 0) when there is no Chromium.
set -euo pipefail
binary=${1:?usage: run_against_demo.sh GATESPEED_BINARY [SCREENSHOT_DIR]}
shots=${2:-$(mktemp -d)}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
  echo "SKIP: no chromium here (apt-get install chromium)"; exit 0
fi
work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
token=browser-check-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
printf '{"web": {"listen": "127.0.0.1:%s", "token": "%s"}}\n' "$port" "$token" > "$work/config.json"
# The demo reads standard input for the pairing "button": a FIFO held open (fd 3) until the end.
mkfifo "$work/stdin"
"$binary" demo --config "$work/config.json" --seconds 120 --output "$work/out" < "$work/stdin" \
  > "$work/events.jsonl" 2> "$work/log.txt" &
demo=$!
exec 3> "$work/stdin"
cleanup() { exec 3>&-; kill "$demo" 2>/dev/null || true; wait "$demo" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 100); do
  curl -fs "http://127.0.0.1:$port/api/status" >/dev/null 2>&1 && break
  sleep 0.2
done
status=0
python3 "$here/check_page.py" "http://127.0.0.1:$port" "$token" "$shots" || status=1
python3 "$here/check_clips.py" "$work/out/clips" || status=1
exit $status
