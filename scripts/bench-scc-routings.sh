#!/usr/bin/env bash
# SCC_n's wormhole routings under uniform traffic (issue 32): adaptive (minimal, fully adaptive, Duato), 000 §6's near-minimal,
# greedy and random, and the generic updown, all with the same V (the least adaptive takes), and updown with V = 4 (SCC_n's
# default before issue 32); F = 4, M = 32, the same rates and seeds; the order rotates from seed to seed. Prints each run's first
# saturated λ and largest accepted throughput, and the medians per routing.
# Usage: scripts/bench-scc-routings.sh [N] [SEEDS] [RATES] [CYCLES]   (default 6, 3 seeds, rates 0.001:0.006:11, 3000 cycles)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
n="${1:-6}"
seeds="${2:-3}"
rates="${3:-0.001:0.006:11}"
cycles="${4:-3000}"
vcs=$(( 2 * ((3 * (n - 1) / 2 + 1) / 2 + 1) + 1 )) # E + 1: the least adaptive takes
routings=("adaptive@$vcs" "near-minimal@$vcs" "greedy@$vcs" "random@$vcs" "updown@$vcs" "updown@4")
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# shellcheck source=scripts/traffic-curves.sh
. "$root/scripts/traffic-curves.sh"

echo "scc:$n, routing@V, F=4, M=32, rates $rates, $cycles cycles; per run: first saturated λ, largest accepted (flits/node/cycle)"
declare -A sat acc
for ((s = 1; s <= seeds; s++)); do
  for ((k = 0; k < ${#routings[@]}; k++)); do
    r="${routings[(k + s - 1) % ${#routings[@]}]}"
    "$root/icn" traffic --topology "scc:$n" --routing "${r%@*}" --vcs "${r#*@}" --flits 32 --rates "$rates" --cycles "$cycles" --seed "$s" \
      --engine sequential --out "$out" --json 2>/dev/null > "$out/$r-$s.json"
    m=$(measure "$out/$r-$s.json")
    printf 'seed %-3s %-13s %s\n' "$s" "$r" "$m"
    sat[$r]+="${m% *} "; acc[$r]+="${m#* } "
  done
done
for r in "${routings[@]}"; do
  # shellcheck disable=SC2086
  printf 'median %-13s first saturated λ %-8s largest accepted %s\n' "$r" "$(median ${sat[$r]})" "$(median ${acc[$r]})"
done
