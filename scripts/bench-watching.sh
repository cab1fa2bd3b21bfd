#!/usr/bin/env bash
# bench-watching.sh — what watching a run in the web view costs it (issue 38). Starts a standing cluster of its own (its own
# $ICN_HOME, 2 workers), then times the whole command `icn broadcast --topology TOPOLOGY --algorithm one-port --cluster`, as a user
# waits for it, with the web view closed and with it open in headless Chromium (following each new job: /ui/?token=…#follow, which
# polls the cluster and the jobs and streams the job's events), in pairs whose order alternates; prints every pair, the medians
# and their ratio, and the median of the paired differences.
#
#   scripts/bench-watching.sh [PAIRS] [TOPOLOGY]     PAIRS pairs (default 7), TOPOLOGY default scc:8
#
# The browser runs on the same machine: what it costs the run on 2 cores is part of the figure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
icn="$root/icn"
pairs="${1:-7}"
topology="${2:-scc:8}"
case "$pairs" in ''|*[!0-9]*) echo "usage: scripts/bench-watching.sh [PAIRS] [TOPOLOGY]" >&2; exit 2 ;; esac
[ "$pairs" -ge 1 ] || { echo "bench-watching.sh: PAIRS must be at least 1" >&2; exit 2; }
browser="${ICN_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
[ -n "$browser" ] || { echo "bench-watching.sh: no Chromium (apt-get install chromium, or set ICN_CHROMIUM)" >&2; exit 2; }

"$icn" --version >/dev/null # builds the jar when the sources changed
home="$(mktemp -d)"
export ICN_HOME="$home"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  timeout 60 "$icn" cluster stop >/dev/null 2>&1 || true
  rm -rf "$home"
}
trap cleanup EXIT
timeout 300 "$icn" cluster start --workers 2 >"$home/start.txt" 2>&1 || { cat "$home/start.txt" >&2; exit 1; }
link="$(timeout 60 "$icn" cluster status | sed -n 's/^Web view: //p')"
[ -n "$link" ] || { echo "bench-watching.sh: cluster status printed no web view link" >&2; exit 1; }

run() { # run -> wall seconds of the whole submitting command
  local t0 t1
  t0=$(date +%s.%N)
  timeout 600 "$icn" broadcast --topology "$topology" --algorithm one-port --cluster --out "$home/results" >/dev/null 2>&1
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }' 
}
open_page() {
  "$browser" --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$home/browser" --window-size=1280,1600 "$link#follow" \
    >/dev/null 2>&1 &
  pid=$!
  sleep 4 # the page is loaded and polling
}
close_page() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=""
  sleep 1
}

run >/dev/null # a warm-up run: the workers' node actors are spawned and kept
closed=(); open=()
printf "%-5s %-14s %10s %10s\n" pair order closed_s open_s
for ((i = 0; i < pairs; i++)); do
  if ((i % 2 == 0)); then
    c=$(run); open_page; o=$(run); close_page; order="closed,open"
  else
    open_page; o=$(run); close_page; c=$(run); order="open,closed"
  fi
  closed+=("$c"); open+=("$o")
  printf "%-5d %-14s %10.3f %10.3f\n" "$((i + 1))" "$order" "$c" "$o"
done
median() { printf "%s\n" "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
mc=$(median "${closed[@]}"); mo=$(median "${open[@]}")
diffs=(); for ((i = 0; i < pairs; i++)); do diffs+=("$(awk -v a="${closed[$i]}" -v b="${open[$i]}" 'BEGIN { print b - a }')"); done
md=$(median "${diffs[@]}")
printf "icn broadcast --topology %s --algorithm one-port --cluster, whole command, %d pairs alternating:\n" "$topology" "$pairs"
printf "  page closed: median %.3f s; page open (following the job): median %.3f s; open/closed %.3f; median paired difference %+.3f s\n" \
  "$mc" "$mo" "$(awk -v a="$mc" -v b="$mo" 'BEGIN { print b / a }')" "$md"
