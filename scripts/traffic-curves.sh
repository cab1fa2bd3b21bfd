# Sourced by the traffic benchmark scripts (bench-torus-ties.sh, bench-scc-routings.sh); not run on its own.

# the first saturated rate, and the largest accepted throughput (flits/node/cycle) of the points run, from one --json object
measure() {
  local json="$1"
  paste -d' ' <(grep -o '"rate":[^,]*,"offered":[^,]*,"accepted":[^,]*' "$json" | sed 's/"rate":\([^,]*\),"offered":[^,]*,"accepted":\(.*\)/\1 \2/') \
    <(grep -oE '"saturated":(true|false)' "$json" | cut -d: -f2) <(grep -oE '"run":(true|false)' "$json" | cut -d: -f2) | awk '
    $4 == "true" { if ($2 + 0 > best) best = $2 + 0; if ($3 == "true" && first == "") first = $1 }
    END { printf "%s %.4f\n", (first == "" ? "none" : first), best }'
}

# the median of the numbers given
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
