#!/usr/bin/env bash
# Issue 39: what a small traffic run costs as a whole command, against another build of the emulator, in paired repetitions that
# alternate which goes first, with medians. The run is BookSim2's 8x8 torus comparison: V=4, F=8, M=16, uniform traffic at 0.005
# flits/node/cycle, 10,000 warm-up and 20,000 measured cycles, sequential engine, charts and all.
# Usage: scripts/bench-fixed-cost.sh OTHER_CHECKOUT [PAIRS]   (OTHER_CHECKOUT: a checkout of another commit, its jar built)
#        scripts/bench-fixed-cost.sh --cluster [RUNS]          (this build's command on a warm standing cluster of one worker)
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
args=(traffic --topology torus:8,2 --vcs 4 --buffer 8 --flits 16 --rates 0.0003125 --warmup 10000 --cycles 30000 --engine sequential
      --out "$out")
if [ "${1:-}" = --cluster ]; then
  export ICN_HOME="$out/home"
  trap 'ICN_HOME="$out/home" ./icn cluster stop >/dev/null 2>&1 || true; rm -rf "$out"' EXIT
  ./icn cluster start --workers 1 > /dev/null
  for i in 1 2 3; do ./icn "${args[@]}" --cluster > /dev/null; done # warm: the job runner's JIT
  for i in $(seq 1 "${2:-7}"); do
    s=$(date +%s%N); ./icn "${args[@]}" --cluster > /dev/null; e=$(date +%s%N)
    echo "$(( (e - s) / 1000000 ))" | tee -a "$out/c"
  done
  echo "median on the warm standing cluster: $(sort -n "$out/c" | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}') ms"
  exit 0
fi
other=${1:?usage: scripts/bench-fixed-cost.sh OTHER_CHECKOUT [PAIRS] | --cluster [RUNS]}
pairs=${2:-7}
run() { # prints the whole command's milliseconds, and the run's own "Wall time" (cycles only) in ms
  local s e
  s=$(date +%s%N)
  "$1/icn" "${args[@]}" > "$out/stdout" 2>/dev/null
  e=$(date +%s%N)
  echo "$(( (e - s) / 1000000 )) $(grep -o 'Wall time [0-9.]*' "$out/stdout" | awk '{print $3 * 1000}')"
}
run "$other" > /dev/null; run . > /dev/null # one of each first: the page cache
echo "| pair | order | other whole ms | this whole ms |"
echo "| --- | --- | --- | --- |"
: > "$out/o"; : > "$out/t"
for i in $(seq 1 "$pairs"); do
  if (( i % 2 )); then a=$(run "$other"); b=$(run .); order="other, this"; else b=$(run .); a=$(run "$other"); order="this, other"; fi
  echo "${a%% *}" >> "$out/o"; echo "${b%% *}" >> "$out/t"
  echo "| $i | $order | ${a%% *} | ${b%% *} |"
done
median() { sort -n "$1" | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
echo "medians: other $(median "$out/o") ms, this $(median "$out/t") ms"
