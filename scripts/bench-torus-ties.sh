#!/usr/bin/env bash
# Saturation of 8x8 uniform traffic under dimension-order routing with today's tie rule (up on a tie) against the balanced one
# (issue 32): paired runs with the same seeds, in alternating order, V = 4, F = 8, M = 16; prints each pair and the medians.
# Usage: scripts/bench-torus-ties.sh [SEEDS] [RATES]   (default 5 seeds, rates 0.02:0.07:26, i.e. a step of 0.002)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seeds="${1:-5}"
rates="${2:-0.02:0.07:26}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# shellcheck source=scripts/traffic-curves.sh
. "$root/scripts/traffic-curves.sh"

run() { # routing seed
  "$root/icn" traffic --topology torus:8,2 --routing "$1" --vcs 4 --buffer 8 --flits 16 --rates "$rates" --seed "$2" \
    --engine sequential --out "$out" --json 2>/dev/null > "$out/$1-$2.json"
  measure "$out/$1-$2.json"
}

printf '%-5s %-26s %-26s\n' seed "up on a tie: sat λ, max acc" "balanced: sat λ, max acc"
declare -a up_sat up_acc bal_sat bal_acc
for ((s = 1; s <= seeds; s++)); do
  if ((s % 2 == 1)); then a=$(run dimension-order "$s"); b=$(run dimension-order-balanced "$s")
  else b=$(run dimension-order-balanced "$s"); a=$(run dimension-order "$s"); fi
  printf '%-5s %-26s %-26s\n' "$s" "$a" "$b"
  up_sat+=("${a% *}"); up_acc+=("${a#* }"); bal_sat+=("${b% *}"); bal_acc+=("${b#* }")
done
echo "median first saturated λ (messages/node/cycle): up $(median "${up_sat[@]}"), balanced $(median "${bal_sat[@]}")"
echo "median largest accepted throughput (flits/node/cycle): up $(median "${up_acc[@]}"), balanced $(median "${bal_acc[@]}")"
