#!/usr/bin/env bash
# bench-engines.sh — the whole `icn broadcast` process on the actor engine against the same command with --engine sequential,
# as a user waits for it (JVM start, actor system, spawning, run, report, exit), in paired, alternating repetitions.
#
#   scripts/bench-engines.sh [REPS] [ICN ARGS...]     default: 5 reps of --topology scc:8 --algorithm one-port
#
# Each repetition runs both commands back to back, the actor engine first in odd repetitions and the sequential engine first in
# even ones, so that drift on a shared machine falls on both alike. One unmeasured pair first warms the page cache and builds
# the jar if needed. Prints every time, the medians and their ratio beside the target (issue 15: at most 2.5).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
reps="${1:-5}"
shift || true
args=("$@")
if [ ${#args[@]} -eq 0 ]; then
  args=(--topology scc:8 --algorithm one-port)
fi
case "$reps" in ''|*[!0-9]*) echo "bench-engines.sh: REPS must be a number, not '$reps'" >&2; exit 2 ;; esac

run() { # engine -> seconds of the whole process
  local start end
  start=$(date +%s.%N)
  "$root/icn" broadcast "${args[@]}" --engine "$1" >/dev/null 2>&1 || { echo "bench-engines.sh: icn broadcast ${args[*]} --engine $1 failed" >&2; exit 1; }
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", b - a}'
}

median() { sort -g | awk '{a[NR]=$1} END {if (NR % 2) printf "%.3f", a[(NR+1)/2]; else printf "%.3f", (a[NR/2]+a[NR/2+1])/2}'; }

echo "icn broadcast ${args[*]}: whole process, actor engine vs --engine sequential, $reps paired alternating repetitions"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), ICN_HEAP=${ICN_HEAP:-default}, ICN_JAVA_OPTS=${ICN_JAVA_OPTS:-none}"
run actor >/dev/null
run sequential >/dev/null
actor=()
sequential=()
for ((r = 1; r <= reps; r++)); do
  if ((r % 2 == 1)); then
    a=$(run actor); s=$(run sequential)
  else
    s=$(run sequential); a=$(run actor)
  fi
  actor+=("$a"); sequential+=("$s")
  printf "  rep %d: actor %6.2f s   sequential %6.2f s\n" "$r" "$a" "$s"
done
ma=$(printf "%s\n" "${actor[@]}" | median)
ms=$(printf "%s\n" "${sequential[@]}" | median)
ratio=$(awk -v a="$ma" -v s="$ms" 'BEGIN {printf "%.3f", a / s}')
met=$(awk -v r="$ratio" 'BEGIN {print (r <= 2.5) ? 1 : 0}')
printf "median: actor %.2f s, sequential %.2f s, ratio %.2f   target ≤ 2.5: %s\n" "$ma" "$ms" "$ratio" "$([ "$met" = 1 ] && echo met || echo MISSED)"
