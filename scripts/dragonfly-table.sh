#!/usr/bin/env bash
# Issue 39: the dragonfly's routings (Kim, Dally, Scott and Abts, ISCA 2008, §4) under uniform and adversarial traffic, measured.
# For each routing and pattern: the accepted throughput at the highest offered load swept (flits per terminal per cycle) and the
# latency at the lowest. Usage: scripts/dragonfly-table.sh [NETWORK] [CYCLES] [V]   (default dragonfly:4,8,4, Kim et al.'s 1K network;
# V = 3 virtual channels, the fewest Valiant and UGAL take)
set -euo pipefail
cd "$(dirname "$0")/.."
network=${1:-dragonfly:4,8,4}
cycles=${2:-4000}
vcs=${3:-3}
loads=0.02,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "| pattern | routing | latency at load 0.02 (cycles) | accepted at the highest load swept | saturated from |"
echo "| --- | --- | --- | --- | --- |"
for pattern in uniform adversarial; do
  for routing in minimal valiant ugal; do
    ./icn traffic --topology "$network" --routing "$routing" --pattern "$pattern" --vcs "$vcs" --flits 4 --loads "$loads" \
      --cycles "$cycles" --engine sequential --seed 1 --out "$out" > "$out/run.txt" 2>/dev/null
    awk -v p="$pattern" -v r="$routing" '
      /^[0-9.]+ +[0-9.]+ +[0-9.]+ / { n++; if (n == 1) low = $5; acc = $3; if ($NF == "yes" && sat == "") sat = $2 }
      END { printf "| %s | %s | %s | %s | %s |\n", p, r, low, acc, (sat == "" ? "-" : sat) }' "$out/run.txt"
  done
done
