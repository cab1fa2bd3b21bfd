#!/usr/bin/env bash
# bench-sweeps.sh — what a second worker gives a sweep on a standing cluster, as a user waits for it: whole commands, paired,
# alternating, medians.
#
#   scripts/bench-sweeps.sh [REPS]   default: 3 paired repetitions of each command
#   ICN_BENCH_SWEEPS="faults coverage --topology scc:6 --seeds 20" scripts/bench-sweeps.sh 2   one command only
#
# Hosts are stood in for by workers of one core each: two standing clusters on this machine, each in a home of its own, one with
# one worker JVM and one with two, every worker pinned to a core of its own (taskset -a -p -c: worker 1 on core 0, worker 2 on
# core 1). Each command runs with --cluster on both, the first of each pair alternating; their measurements must be identical
# (the JSON without its timings), and the ratio of the medians is printed beside the target (>= 1.6). The clusters are stopped
# at the end, also on failure or Ctrl-C.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
icn="$root/icn"
reps="${1:-3}"
case "$reps" in *[!0-9]*|'') echo "bench-sweeps.sh: REPS must be a number" >&2; exit 2 ;; esac
if ! command -v taskset >/dev/null; then echo "bench-sweeps.sh: needs taskset (util-linux)" >&2; exit 2; fi
if (( $(nproc) < 2 )); then echo "bench-sweeps.sh: needs 2 cores to pin two workers" >&2; exit 2; fi
base="$(mktemp -d "${TMPDIR:-/tmp}/icn-bench-sweeps.XXXXXX")"
one="$base/one"; two="$base/two"; out="$base/results"
mkdir -p "$one" "$two" "$out"
cleanup() {
  ICN_HOME="$one" "$icn" cluster stop >/dev/null 2>&1 || true
  ICN_HOME="$two" "$icn" cluster stop >/dev/null 2>&1 || true
  rm -rf "$base"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

pin() { # home -> pins each worker of that cluster to its own core
  local i=0
  for pid in $(ICN_HOME="$1" "$icn" cluster status --json | python3 -c 'import json,sys; [print(w["pid"]) for w in json.load(sys.stdin)["workers"]]'); do
    taskset -a -p -c "$i" "$pid" >/dev/null
    i=$((i + 1))
  done
}
run() { # home json-file command... -> whole seconds; the JSON kept for the comparison
  local home="$1" json="$2" start end; shift 2
  start=$(date +%s.%N)
  ICN_HOME="$home" "$icn" "$@" --cluster --json --out "$out" >"$json" 2>"$base/err" || {
    echo "bench-sweeps.sh: '$*' failed:" >&2; cat "$base/err" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", b - a}'
}
same() { # two JSON files -> "identical" or the first difference, timings and where it ran left out
  python3 - "$1" "$2" <<'EOF'
import json, sys
RAN = {"engine", "wallSeconds", "runSeconds", "seconds", "jvms", "hostsPerJvm", "activations", "crossJvm", "crossJvmMessages",
       "resultsDirectory", "heap", "timing", "spawnSeconds", "workers", "actorEngine", "wireBytes", "wireNodeMessages"}
def strip(o):
    if isinstance(o, dict): return {k: strip(v) for k, v in o.items() if k not in RAN}
    if isinstance(o, list): return [strip(x) for x in o]
    return o
a, b = (strip(json.load(open(f))) for f in sys.argv[1:3])
print("identical" if a == b else "DIFFERENT")
EOF
}
median() { sort -g | awk '{a[NR]=$1} END {if (NR % 2) printf "%.3f", a[(NR+1)/2]; else printf "%.3f", (a[NR/2]+a[NR/2+1])/2}'; }

echo "bench-sweeps.sh: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $reps repetitions"
# ICN_BENCH_ONE_CPU=1: every JVM of both clusters (head, workers, job runners) is told it has one processor
# (-XX:ActiveProcessorCount=1 in JDK_JAVA_OPTIONS), as on hosts of one core each
if [[ -n "${ICN_BENCH_ONE_CPU:-}" ]]; then export JDK_JAVA_OPTIONS="${JDK_JAVA_OPTIONS:+$JDK_JAVA_OPTIONS }-XX:ActiveProcessorCount=1"; fi
ICN_HOME="$one" "$icn" cluster start --workers 1 --api 127.0.0.1:0 >/dev/null
ICN_HOME="$two" "$icn" cluster start --workers 2 --api 127.0.0.1:0 >/dev/null
unset JDK_JAVA_OPTIONS
pin "$one"; pin "$two"

commands=(
  "faults coverage --topology scc:6 --seeds 20"
  "broadcast --topology scc:8 --algorithm one-port --source random:20"
  "traffic --topology scc:5 --rates 0.001,0.002,0.003,0.004,0.005,0.006,0.007,0.008,0.009,0.01"
)
if [[ -n "${ICN_BENCH_SWEEPS:-}" ]]; then commands=("$ICN_BENCH_SWEEPS"); fi   # one command instead, e.g. while profiling
for c in "${commands[@]}"; do
  read -r -a words <<<"$c"
  echo "icn $c --cluster: 1 pinned worker against 2"
  run "$one" "$base/1.json" "${words[@]}" >/dev/null   # unmeasured round
  run "$two" "$base/2.json" "${words[@]}" >/dev/null
  a=(); b=()
  for ((r = 1; r <= reps; r++)); do
    if ((r % 2)); then x=$(run "$one" "$base/1.json" "${words[@]}"); y=$(run "$two" "$base/2.json" "${words[@]}")
    else y=$(run "$two" "$base/2.json" "${words[@]}"); x=$(run "$one" "$base/1.json" "${words[@]}"); fi
    a+=("$x"); b+=("$y")
    printf "  rep %d: 1 worker %7.2f s   2 workers %7.2f s   results %s\n" "$r" "$x" "$y" "$(same "$base/1.json" "$base/2.json")"
  done
  m1=$(printf "%s\n" "${a[@]}" | median); m2=$(printf "%s\n" "${b[@]}" | median)
  ratio=$(awk -v a="$m1" -v b="$m2" 'BEGIN {printf "%.2f", a / b}')
  met=$(awk -v x="$ratio" 'BEGIN {print (x >= 1.6) ? "met" : "MISSED"}')
  echo "  median: 1 worker $m1 s, 2 workers $m2 s: $ratio times faster (target >= 1.6: $met)"
done
