#!/usr/bin/env bash
# multihost-demo.sh — runs the emulator as a three-member Akka cluster over real IP addresses on one Linux machine.
#
# Three network namespaces (icn-demo-a, -b, -c) stand for three hosts; each gets one veth into a bridge that lives in a
# fourth namespace (icn-demo-br), so the root namespace is never touched: no bridge, veth, address or route is added
# there. The addresses 10.231.0.1-3/24 exist only inside those namespaces, and all traffic stays between them.
#
#   icn-demo-a  10.231.0.1:25520  ./icn coordinator --bind 10.231.0.1:25520 --expect 3 --insecure [ARGS...]   (foreground)
#   icn-demo-b  10.231.0.2:25520  ./icn worker --join 10.231.0.1:25520 --bind 10.231.0.2:25520 --insecure
#   icn-demo-c  10.231.0.3:25520  ./icn worker --join 10.231.0.1:25520 --bind 10.231.0.3:25520 --insecure
#
# Everything it creates (namespaces, bridge, veths, processes, temp files) is removed on exit, also on failure or Ctrl-C.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: sudo scripts/multihost-demo.sh [COORDINATOR-ARGS...]
       sudo scripts/multihost-demo.sh --network-only
       scripts/multihost-demo.sh --help

Runs ./icn as a three-member cluster (one coordinator, two workers), each member in its own network namespace with its
own IP address (10.231.0.1-3), connected through a bridge. COORDINATOR-ARGS go to `./icn coordinator` after
`--bind 10.231.0.1:25520 --expect 3 --insecure` (plain TCP on the namespaces' own bridge): a scenario (default: the
built-in default scenario), --json,
--formation-timeout SECONDS, --no-reports, --out DIR (reports go to ./results of the current directory by default).
The coordinator's stdout is the script's stdout; everything else goes to stderr.

  --network-only   only create the namespaces, check that they reach each other, and remove them (no JVM is started)

Needs: Linux, root, iproute2 (`ip`), coreutils `timeout`; a JDK 17 and Maven for ./icn. `ping` is used when present.
Environment: ICN_HEAP (heap per JVM, default here 1g), ICN_DEMO_TIMEOUT (seconds for the coordinator, default 600),
ICN_DEMO_KEEP_LOGS=1 (keep the worker logs instead of deleting them).
Exit code: the coordinator's (0 ok, 1 run failed or member lost, 2 bad input or no cluster in time, 124 timeout);
2 if a prerequisite is missing; 130/143 when interrupted.
EOF
}

network_only=0
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  --network-only) network_only=1; shift ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
icn="$root/icn"

prefix=icn-demo-
br_ns=${prefix}br
members=(a b c)
declare -A addr=([a]=10.231.0.1 [b]=10.231.0.2 [c]=10.231.0.3)
prefix_len=24
port=25520
seed="${addr[a]}:$port"
coord_timeout="${ICN_DEMO_TIMEOUT:-600}"
export ICN_HEAP="${ICN_HEAP:-1g}"

say() { echo "multihost-demo: $*" >&2; }

# --- 1. prerequisites -------------------------------------------------------------------------------------------------
[ "$(uname -s)" = Linux ] || { say "needs Linux (network namespaces); this is $(uname -s)"; exit 2; }
[ "$(id -u)" -eq 0 ] || { say "needs root to create network namespaces (run it with sudo)"; exit 2; }
command -v ip >/dev/null || { say "needs iproute2 ('ip'); on Debian/Ubuntu: apt-get install -y iproute2"; exit 2; }
command -v timeout >/dev/null || { say "needs 'timeout' (coreutils); on Debian/Ubuntu: apt-get install -y coreutils"; exit 2; }
[[ "$coord_timeout" =~ ^[1-9][0-9]*$ ]] || { say "ICN_DEMO_TIMEOUT must be a positive number of seconds"; exit 2; }

# --- cleanup (also of an earlier, interrupted run) -------------------------------------------------------------------
tmp=""
pids=()

demo_namespaces() { ip netns list 2>/dev/null | awk '{print $1}' | grep "^$prefix" || true; }

# Ends every process inside the given namespaces (TERM, then KILL after 10 s). Only processes this script started can
# be there: the namespaces are its own.
kill_in_namespaces() {
  local ns p left i
  for i in $(seq 1 20); do
    left=""
    for ns in "$@"; do left+=" $(ip netns pids "$ns" 2>/dev/null | tr '\n' ' ')"; done
    left="$(echo $left)"
    [ -z "$left" ] && return 0
    if [ "$i" -le 10 ]; then kill -TERM $left 2>/dev/null || true; else kill -KILL $left 2>/dev/null || true; fi
    sleep 1
  done
  say "still running in the namespaces: $left"
}

remove_namespaces() {
  local ns=($(demo_namespaces))
  [ "${#ns[@]}" -eq 0 ] && return 0
  kill_in_namespaces "${ns[@]}"
  # Deleting a namespace destroys the veths and the bridge inside it (and the veth peers in the other namespaces).
  local n
  for n in "${ns[@]}"; do ip netns del "$n" 2>/dev/null || say "could not delete namespace $n"; done
}

cleanup() {
  local p
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  remove_namespaces
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  if [ -n "$tmp" ] && [ -d "$tmp" ]; then
    if [ "${ICN_DEMO_KEEP_LOGS:-0}" = 1 ]; then say "logs kept in $tmp"; else rm -rf "$tmp"; fi
  fi
  local left
  left="$(demo_namespaces | tr '\n' ' ')"
  if [ -n "$left" ]; then say "left behind: namespaces $left"; else say "cleaned up: no $prefix* namespace remains"; fi
}

on_exit() {
  local rc=$?
  trap - EXIT INT TERM
  set +e
  cleanup
  exit "$rc"
}
trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ -n "$(demo_namespaces)" ]; then
  say "removing namespaces left by an earlier run: $(demo_namespaces | tr '\n' ' ')"
  remove_namespaces
fi

# --- 2. build the jar once, before three JVMs ask for it at the same time -------------------------------------------
if [ "$network_only" = 0 ]; then
  say "building / checking the emulator (ICN_HEAP=$ICN_HEAP)..."
  "$icn" --help >/dev/null || { say "./icn does not start (build failed? see cluster-launcher/build.log)"; exit 2; }
  for sub in coordinator worker; do
    "$icn" "$sub" --help >/dev/null 2>&1 || { say "this ./icn has no '$sub' command ('./icn $sub --help' fails)"; exit 2; }
  done
fi

# --- 3. namespaces, bridge, veths, addresses -------------------------------------------------------------------------
say "creating namespaces ${members[*]/#/$prefix} and $br_ns (bridge br0), addresses ${addr[a]}, ${addr[b]}, ${addr[c]} (/$prefix_len)"
ip netns add "$br_ns" 2>/dev/null || { say "cannot create network namespaces here (needs CAP_SYS_ADMIN and netns support)"; exit 2; }
ip -n "$br_ns" link set lo up
ip -n "$br_ns" link add br0 type bridge
ip -n "$br_ns" link set br0 up
for m in "${members[@]}"; do
  ns="$prefix$m"
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  # Both ends are created inside the bridge namespace, then one is moved: nothing ever appears in the root namespace.
  ip -n "$br_ns" link add "veth-$m" type veth peer name "eth0-$m"
  ip -n "$br_ns" link set "eth0-$m" netns "$ns"
  ip -n "$ns" link set "eth0-$m" name eth0
  ip -n "$ns" addr add "${addr[$m]}/$prefix_len" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$br_ns" link set "veth-$m" master br0
  ip -n "$br_ns" link set "veth-$m" up
done

# --- 4. connectivity -------------------------------------------------------------------------------------------------
reachable() { # reachable FROM-MEMBER TO-ADDRESS
  local i
  if command -v ping >/dev/null; then
    for i in 1 2 3; do ip netns exec "$prefix$1" ping -n -q -c 1 -W 1 "$2" >/dev/null 2>&1 && return 0; done
    return 1
  fi
  # Without ping: a TCP connect to a closed port must be refused at once (an RST came back) rather than time out.
  local out
  for i in 1 2 3; do
    out="$(LC_ALL=C ip netns exec "$prefix$1" timeout 2 bash -c "exec 3<>/dev/tcp/$2/9" 2>&1 || true)"
    case "$out" in *refused*) return 0 ;; esac
  done
  return 1
}
if command -v ping >/dev/null; then how="ping -c 1 -W 1"; else how="TCP connect (refused = reachable; ping is not installed)"; fi
for pair in a:b a:c b:a b:c c:a c:b; do
  from=${pair%:*}; to=${pair#*:}
  reachable "$from" "${addr[$to]}" || { say "$prefix$from cannot reach ${addr[$to]} ($how)"; exit 1; }
done
say "all three namespaces reach each other ($how)"

if [ "$network_only" = 1 ]; then exit 0; fi

# --- 5. workers in the background, coordinator in the foreground -----------------------------------------------------
tmp="$(mktemp -d "${TMPDIR:-/tmp}/icn-demo.XXXXXX")"
declare -A worker_pid worker_rc
for m in b c; do
  log="$tmp/worker-$m.log"
  say "worker $m: ip netns exec $prefix$m ./icn worker --join $seed --bind ${addr[$m]}:$port --insecure  (log: $log)"
  ip netns exec "$prefix$m" "$icn" worker --join "$seed" --bind "${addr[$m]}:$port" --insecure >"$log" 2>&1 </dev/null &
  worker_pid[$m]=$!
  pids+=($!)
done

say "coordinator: ip netns exec ${prefix}a ./icn coordinator --bind $seed --expect 3 --insecure${*:+ $*} (timeout ${coord_timeout}s)"
# In the background and waited for, so that Ctrl-C reaches the trap at once instead of after the coordinator ends.
ip netns exec "${prefix}a" timeout -k 30 "$coord_timeout" "$icn" coordinator --bind "$seed" --expect 3 --insecure "$@" </dev/null &
coord_pid=$!
pids+=($coord_pid)
while kill -0 "$coord_pid" 2>/dev/null; do
  for m in b c; do
    if [ -z "${worker_rc[$m]:-}" ] && ! kill -0 "${worker_pid[$m]}" 2>/dev/null; then
      rc=0; wait "${worker_pid[$m]}" || rc=$?
      worker_rc[$m]=$rc
      # Exit 0 here is normal: a worker stops as soon as the coordinator has left, before the coordinator's JVM is gone.
      if [ "$rc" -ne 0 ]; then
        say "worker $m failed (exit $rc) while the coordinator was still running; last lines of its log:"
        tail -n 5 "$tmp/worker-$m.log" | sed 's/^/    /' >&2
      fi
    fi
  done
  sleep 1
done
coord_rc=0
wait "$coord_pid" || coord_rc=$?
say "coordinator exited with $coord_rc"

# --- 7. workers should leave by themselves once the coordinator is gone ----------------------------------------------
# After a failed run (e.g. bad input before the cluster formed) they may never have joined: do not wait as long.
if [ "$coord_rc" -eq 0 ]; then grace=30; else grace=5; fi
for i in $(seq 1 "$grace"); do
  running=""
  for m in b c; do kill -0 "${worker_pid[$m]}" 2>/dev/null && running+="$m "; done
  [ -z "$running" ] && break
  sleep 1
done
for m in b c; do
  if [ -z "${worker_rc[$m]:-}" ]; then
    if kill -0 "${worker_pid[$m]}" 2>/dev/null; then
      say "worker $m still running ${grace} s after the coordinator ended; it will be killed"
      continue
    fi
    rc=0; wait "${worker_pid[$m]}" || rc=$?
    worker_rc[$m]=$rc
  fi
  say "worker $m exited with ${worker_rc[$m]}"
done

say "worker logs: $tmp/worker-b.log $tmp/worker-c.log$([ "${ICN_DEMO_KEEP_LOGS:-0}" = 1 ] || echo " (deleted now; ICN_DEMO_KEEP_LOGS=1 keeps them)")"
if [ "$coord_rc" -ne 0 ]; then
  [ "$coord_rc" -eq 124 ] && say "the coordinator did not finish within ${coord_timeout}s (ICN_DEMO_TIMEOUT)"
  for m in b c; do
    say "last lines of worker $m's log:"
    tail -n 20 "$tmp/worker-$m.log" | sed 's/^/    /' >&2
  done
fi
exit "$coord_rc"
