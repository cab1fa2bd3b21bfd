#!/usr/bin/env bash
# bench-tls.sh — what TLS between members costs, as a user waits for it: whole commands, paired, alternating, medians.
#
#   scripts/bench-tls.sh [REPS]   default: 5 paired repetitions
#
# Starts two standing clusters of 2 worker JVMs each on this machine, each with a home of its own in a temporary directory (an
# existing cluster is not touched): one as every 'icn cluster start' makes it (TLS with the cluster's own CA) and one with
# --insecure (plain TCP). Both stay up, and each command is submitted to one and then the other, the first of each pair
# alternating, so that drift on a shared machine falls on both alike:
#   1. icn broadcast --topology scc:8 --algorithm one-port --cluster (322,560 node actors over the two workers);
#   2. icn traffic --topology scc:5 --rates 0.01 --cycles 4000 --engine actor --cluster (480 routers over the two workers).
# One unmeasured round of each first. Prints every time, the medians and their ratio. Both clusters are stopped at the end,
# also on failure or Ctrl-C.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
icn="$root/icn"
reps="${1:-5}"
case "$reps" in *[!0-9]*|'') echo "bench-tls.sh: REPS must be a number" >&2; exit 2 ;; esac
base="$(mktemp -d "${TMPDIR:-/tmp}/icn-bench-tls.XXXXXX")"
tls="$base/tls"
plain="$base/insecure"
mkdir -p "$tls" "$plain"
cleanup() {
  ICN_HOME="$tls" "$icn" cluster stop >/dev/null 2>&1 || true
  ICN_HOME="$plain" "$icn" cluster stop >/dev/null 2>&1 || true
  rm -rf "$base"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

seconds() { # HOME command... -> whole seconds of the process; a failure ends the benchmark
  local home="$1" start end
  shift
  start=$(date +%s.%N)
  ICN_HOME="$home" "$@" --out "$home/results" >/dev/null 2>"$home/err" || { echo "bench-tls.sh: '$*' failed:" >&2; cat "$home/err" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", b - a}'
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR % 2) printf "%.3f", a[(NR+1)/2]; else printf "%.3f", (a[NR/2]+a[NR/2+1])/2}'; }

echo "bench-tls.sh: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), ICN_HEAP=${ICN_HEAP:-default}, $reps repetitions"
ICN_HOME="$tls" "$icn" cluster start --workers 2 --api 127.0.0.1:0 >/dev/null
ICN_HOME="$plain" "$icn" cluster start --workers 2 --api 127.0.0.1:0 --insecure >/dev/null 2>&1

compare() { # label command...
  local label="$1" a b
  shift
  seconds "$tls" "$@" --cluster >/dev/null
  seconds "$plain" "$@" --cluster >/dev/null
  local t=() p=()
  for ((r = 1; r <= reps; r++)); do
    if ((r % 2)); then a=$(seconds "$tls" "$@" --cluster); b=$(seconds "$plain" "$@" --cluster)
    else b=$(seconds "$plain" "$@" --cluster); a=$(seconds "$tls" "$@" --cluster); fi
    t+=("$a"); p+=("$b")
    printf "  rep %d: TLS %6.2f s   --insecure %6.2f s\n" "$r" "$a" "$b"
  done
  local mt mp
  mt=$(printf "%s\n" "${t[@]}" | median); mp=$(printf "%s\n" "${p[@]}" | median)
  echo "  $label: median TLS $mt s, --insecure $mp s: TLS takes $(awk -v a="$mt" -v b="$mp" 'BEGIN {printf "%.2f", a / b}') times as long"
}

echo "1. icn broadcast --topology scc:8 --algorithm one-port --cluster"
compare "broadcast scc:8" "$icn" broadcast --topology scc:8 --algorithm one-port
echo "2. icn traffic --topology scc:5 --rates 0.01 --cycles 4000 --engine actor --cluster"
compare "traffic scc:5" "$icn" traffic --topology scc:5 --rates 0.01 --cycles 4000 --engine actor
