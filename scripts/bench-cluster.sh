#!/usr/bin/env bash
# bench-cluster.sh — what a standing cluster saves, as a user waits for it: whole commands, paired, alternating, medians.
#
#   scripts/bench-cluster.sh [REPS] [SWEEP-REPS] [KEEP]   default: 5 paired repetitions, 2 of the sweep, --keep-network 30
#
# KEEP is the cluster's --keep-network: with 0 every run spawns its network anew (what the kept network saves shows beside it).
#
# Starts a standing cluster on this machine (icn cluster start, one worker JVM; its home in a temporary directory, so an
# existing cluster is not touched) and stops it at the end, also on failure or Ctrl-C. Then:
#   1. icn broadcast --topology scc:8 --algorithm one-port --cluster (whole command, warm cluster) against the same command
#      with --engine sequential in a fresh JVM (target: at most 2.0 times), paired, the first of each pair alternating, so that
#      drift on a shared machine falls on both alike; then three runs with --jvms 3 (a local cluster of its own) for scale;
#   2. the cost of submitting: icn broadcast --topology scc:3 --algorithm one-port (6 nodes) with --cluster and with
#      --engine sequential in a fresh JVM;
#   3. 20 broadcasts from different sources on SCC_8: one command on the standing cluster (--source random:20) against the
#      20 same broadcasts as 20 fresh commands on this machine's actor engine, alternating.
# One unmeasured round of each first. Prints every time and the medians.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
icn="$root/icn"
reps="${1:-5}"
sweeps="${2:-2}"
keep="${3:-30}"
case "$reps$sweeps$keep" in *[!0-9]*|'') echo "bench-cluster.sh: REPS and SWEEP-REPS must be numbers" >&2; exit 2 ;; esac
home="$(mktemp -d "${TMPDIR:-/tmp}/icn-bench-cluster.XXXXXX")"
export ICN_HOME="$home"
out="$home/results"
cleanup() { "$icn" cluster stop >/dev/null 2>&1 || true; rm -rf "$home"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

seconds() { # command... -> whole seconds of the process; its output is dropped, a failure ends the benchmark
  local start end
  start=$(date +%s.%N)
  "$@" --out "$out" >/dev/null 2>"$home/err" || { echo "bench-cluster.sh: '$*' failed:" >&2; cat "$home/err" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", b - a}'
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR % 2) printf "%.3f", a[(NR+1)/2]; else printf "%.3f", (a[NR/2]+a[NR/2+1])/2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }

echo "bench-cluster.sh: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), ICN_HEAP=${ICN_HEAP:-default}, $reps repetitions," \
  "--keep-network $keep"
"$icn" cluster start --workers 1 --api 127.0.0.1:0 --keep-network "$keep" >/dev/null
B=(broadcast --topology scc:8 --algorithm one-port)

echo "1. ${B[*]}: whole command, --cluster (warm) against --engine sequential (fresh JVM), alternating"
seconds "$icn" "${B[@]}" --cluster >/dev/null
seconds "$icn" "${B[@]}" --engine sequential >/dev/null
c=(); s=()
for ((r = 1; r <= reps; r++)); do
  if ((r % 2)); then a=$(seconds "$icn" "${B[@]}" --cluster); b=$(seconds "$icn" "${B[@]}" --engine sequential)
  else b=$(seconds "$icn" "${B[@]}" --engine sequential); a=$(seconds "$icn" "${B[@]}" --cluster); fi
  c+=("$a"); s+=("$b")
  printf "  rep %d: --cluster %6.2f s   --engine sequential %6.2f s\n" "$r" "$a" "$b"
done
mc=$(printf "%s\n" "${c[@]}" | median); ms=$(printf "%s\n" "${s[@]}" | median)
met=$(awk -v x="$(ratio "$mc" "$ms")" 'BEGIN {print (x <= 2.0) ? "met" : "MISSED"}')
echo "  median: --cluster $mc s, --engine sequential $ms s: $(ratio "$mc" "$ms") times (target <= 2.0: $met)"
echo "   and with --jvms 3 (a local cluster of its own, as before the standing cluster), 3 runs:"
j=()
for ((r = 1; r <= 3; r++)); do j+=("$(seconds "$icn" "${B[@]}" --jvms 3)"); done
mj=$(printf "%s\n" "${j[@]}" | median)
echo "  median: --jvms 3 $mj s: $(ratio "$mj" "$ms") times --engine sequential ($(printf "%s " "${j[@]}")s)"
echo "2. the cost of submitting: icn broadcast --topology scc:3 --algorithm one-port (6 nodes)"
E=(broadcast --topology scc:3 --algorithm one-port)
seconds "$icn" "${E[@]}" --cluster >/dev/null
e1=(); e2=()
for ((r = 1; r <= reps; r++)); do
  if ((r % 2)); then a=$(seconds "$icn" "${E[@]}" --cluster); b=$(seconds "$icn" "${E[@]}" --engine sequential)
  else b=$(seconds "$icn" "${E[@]}" --engine sequential); a=$(seconds "$icn" "${E[@]}" --cluster); fi
  e1+=("$a"); e2+=("$b")
done
echo "  median: --cluster $(printf "%s\n" "${e1[@]}" | median) s, --engine sequential in a fresh JVM $(printf "%s\n" "${e2[@]}" | median) s"

echo "3. 20 broadcasts from different sources on SCC_8: one command on the standing cluster against 20 fresh commands"
"$icn" "${B[@]}" --source random:20 --cluster --json --out "$out" > "$home/sweep.json" 2>/dev/null
mapfile -t sources < <(grep -o '"source":"<[^"]*>"' "$home/sweep.json" | cut -d'"' -f4)
[ "${#sources[@]}" -eq 20 ] || { echo "bench-cluster.sh: expected 20 sources, got ${#sources[@]}" >&2; exit 1; }
fresh() { local t=0 x; for src in "${sources[@]}"; do x=$(seconds "$icn" "${B[@]}" --source "$src"); t=$(awk -v a="$t" -v b="$x" 'BEGIN {print a + b}'); done; printf "%.3f" "$t"; }
w1=(); w2=()
for ((r = 1; r <= sweeps; r++)); do
  if ((r % 2)); then a=$(seconds "$icn" "${B[@]}" --source random:20 --cluster); b=$(fresh)
  else b=$(fresh); a=$(seconds "$icn" "${B[@]}" --source random:20 --cluster); fi
  w1+=("$a"); w2+=("$b")
  printf "  rep %d: one command on the cluster %6.2f s   20 fresh commands %6.2f s\n" "$r" "$a" "$b"
done
m1=$(printf "%s\n" "${w1[@]}" | median); m2=$(printf "%s\n" "${w2[@]}" | median)
echo "  median: one command on the cluster $m1 s, 20 fresh commands $m2 s ($(ratio "$m2" "$m1") times as long)"
