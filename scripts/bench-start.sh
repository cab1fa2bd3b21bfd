#!/usr/bin/env bash
# bench-start.sh — how much the class-data archive (target/icn.jsa, made by the build) shortens the start of a JVM and its actor
# system. Runs `./icn bench start` with and without the archive (ICN_CDS=off) in fresh JVMs, in pairs whose order alternates, and
# prints the medians and their ratio; then the same for the whole process of `./icn broadcast --topology scc:4 --algorithm one-port`.
#
#   scripts/bench-start.sh [REPS] [--cluster]     REPS pairs (default 7); --cluster: a cluster member instead of a local system
#
# Times are wall-clock on a shared machine: read the ratio with the CPU column beside it, and repeat when others are busy.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
icn="$root/icn"
reps=7
cluster=()
for a in "$@"; do
  case "$a" in
    --cluster) cluster=(--cluster) ;;
    ''|*[!0-9]*) echo "usage: scripts/bench-start.sh [REPS] [--cluster]" >&2; exit 2 ;;
    *) reps="$a" ;;
  esac
done
[ "$reps" -ge 1 ] || { echo "bench-start.sh: REPS must be at least 1" >&2; exit 2; }

"$icn" --version >/dev/null # builds the jar and the archive when the sources changed
archive="$root/cluster-launcher/target/icn.jsa"
[ -f "$archive" ] || { echo "bench-start.sh: no $archive (was the jar built with -Dexec.skip=true?)" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Does the archive map? Count the classes that came from it in one run.
ICN_JAVA_OPTS="-Xlog:class+load:file=$tmp/classes.log" "$icn" bench start ${cluster[@]+"${cluster[@]}"} >/dev/null
shared=$(grep -c 'shared objects file (top)' "$tmp/classes.log" || true)
loaded=$(grep -c 'source:' "$tmp/classes.log" || true)
echo "archive: $shared of $loaded classes loaded came from it (the rest: the JDK's own archive, and what CDS cannot keep)"
[ "$shared" -gt 0 ] || echo "bench-start.sh: the archive was not used (stale? rebuild: mvn -B package -DskipTests)" >&2

field() { # field NAME JSON -> the number
  sed -n "s/.*\"$1\":\([0-9-]*\).*/\1/p" <<<"$2"
}

median() { # median FILE -> the median of its numbers
  sort -n "$1" | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

keys=(msToCommand msToSystemUp msToTerminated cpuMsToTerminated classesLoaded)
start_run() { # start_run on|off
  local json
  json="$(ICN_CDS="$1" "$icn" bench start --json ${cluster[@]+"${cluster[@]}"})"
  for k in "${keys[@]}"; do field "$k" "$json" >>"$tmp/$k.$1"; done
}

command_run() { # command_run on|off: whole-process milliseconds
  local t0 t1
  t0=$(date +%s%N)
  ICN_CDS="$1" "$icn" broadcast --topology scc:4 --algorithm one-port >/dev/null 2>&1
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000)) >>"$tmp/command.$1"
}

for ((i = 1; i <= reps; i++)); do
  if ((i % 2)); then start_run on; start_run off; else start_run off; start_run on; fi
done
for ((i = 1; i <= reps; i++)); do
  if ((i % 2)); then command_run on; command_run off; else command_run off; command_run on; fi
done

row() { # row LABEL FILE-STEM UNIT
  local with without
  with=$(median "$tmp/$2.on")
  without=$(median "$tmp/$2.off")
  awk -v l="$1" -v a="$with" -v b="$without" -v u="$3" 'BEGIN {printf "  %-34s %10s %-3s %10s %-3s %6.2f\n", l, a, u, b, u, (b > 0 ? a / b : 0)}'
}

system="local actor system"
[ ${#cluster[@]} -eq 0 ] || system="cluster member (loopback)"
echo "JVM + $system start (icn bench start; from the JVM's start time), $reps pairs, alternating order, medians:"
printf "  %-34s %14s %14s %6s\n" "" "with archive" "without" "ratio"
row "to the command running" msToCommand ms
row "to the actor system up" msToSystemUp ms
row "to the actor system terminated" msToTerminated ms
row "CPU time of the process to then" cpuMsToTerminated ms
row "classes loaded" classesLoaded ""
echo "whole process, ./icn broadcast --topology scc:4 --algorithm one-port, $reps pairs, alternating order, medians:"
row "wall time" command ms
