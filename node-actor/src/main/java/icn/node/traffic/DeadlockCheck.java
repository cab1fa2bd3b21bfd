package icn.node.traffic;

import icn.protocols.Topology;
import icn.protocols.traffic.RouterState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The deadlock watchdog of traffic runs (issue 13), over the routers' final states: a virtual channel that holds a worm and cannot
 * move a flit now waits for any one of several others to move (the downstream buffer its credit waits on, the worm holding the
 * output channel its head wants, the rest of its own worm upstream). Starting from every waiting channel, it drops those that wait
 * for a channel not waiting itself, until nothing changes: what remains waits only on itself, can never move, and is a deadlock
 * (a knot of the wait-for graph; with routing choices a cycle alone is not enough). A channel waiting for the rest of a worm that
 * no live router holds is broken, not deadlocked, and leaves the knot. Pure code.
 */
public final class DeadlockCheck {

    /** A deadlocked virtual channel: its node, in-port ({@code Topology#inPortCount()} for the injection channel), vc, and since when. */
    public record Channel(int node, int inPort, int vc, long since) {
    }

    /** The deadlocked channels (empty: none) and the step since which all of them have not moved. */
    public record Result(List<Channel> channels, long step) {
        public boolean deadlocked() {
            return !channels.isEmpty();
        }
    }

    private DeadlockCheck() {
    }

    public static Result of(Topology t, int vcs, List<RouterState> states) {
        Map<Long, long[]> options = new HashMap<>();
        Map<Long, Long> since = new HashMap<>();
        Map<Long, Long> feeder = new HashMap<>();
        for (RouterState r : states) {
            if (r.crashedAt() > 0) {
                continue; // a crashed router moves nothing, but it is not waiting either
            }
            for (int w = 0; w < r.waiting().length; w++) {
                options.put(r.waiting()[w], java.util.Arrays.copyOfRange(r.options(), r.optionStart()[w], r.optionStart()[w + 1]));
                since.put(r.waiting()[w], r.since()[w]);
            }
            for (int f = 0; f < r.feeds().length; f++) {
                feeder.put(r.feeds()[f], r.feedOwners()[f]);
            }
        }
        Set<Long> stuck = new HashSet<>(options.keySet());
        boolean changed = true;
        while (changed) {
            changed = false;
            for (var it = stuck.iterator(); it.hasNext();) {
                long x = it.next();
                for (long o : options.get(x)) {
                    // waiting for the rest of its worm where no router holds it any more (a crashed router, a failed link whose
                    // kill flit was not due before the run stopped): a broken worm, not a wait on another channel
                    Long target = o >= 0 ? Long.valueOf(o) : feeder.get(-1 - o);
                    if (target == null || !stuck.contains(target)) {
                        it.remove(); // something it waits for can move: so, in time, can it
                        changed = true;
                        break;
                    }
                }
            }
        }
        List<Channel> channels = new ArrayList<>();
        long step = 0;
        int ports = t.inPortCount() + 1;
        for (long x : stuck) {
            int vc = (int) (x % vcs);
            long rest = x / vcs;
            channels.add(new Channel((int) (rest / ports), (int) (rest % ports), vc, since.get(x)));
            step = Math.max(step, since.get(x));
        }
        channels.sort(java.util.Comparator.comparingInt(Channel::node).thenComparingInt(Channel::inPort).thenComparingInt(Channel::vc));
        return new Result(List.copyOf(channels), step);
    }
}
