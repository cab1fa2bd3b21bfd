package icn.node.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.Bfs;
import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import icn.protocols.topology.Dragonfly;
import icn.protocols.traffic.MessageDelivered;
import icn.protocols.traffic.RouterTiming;
import icn.protocols.traffic.TrafficSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The router's pipeline and link latencies as parameters (issue 39): a message of M flits that meets no other takes
 * M − 1 + Σ L over its links + (D + 1)·(routing + VC allocation + switch allocation + traversal) cycles, D its links, computed here
 * from the route's definition; loaded runs conserve flits, and a slow link's credits come back as slowly.
 */
class TimedRouterTest {

    @ParameterizedTest(name = "{0} {1} {3}")
    @CsvSource(delimiter = '|', value = {"mesh:4,3 | dimension-order | 1 | pipeline=1,1,1,0", "mesh:4,3 | adaptive | 2 | links=dimension:3",
            "torus:5,2 | dimension-order | 2 | pipeline=2,0,1,1 links=dimension:2", "fattree:2,3 | nca | 1 | pipeline=1,1,1,1 links=tree:4",
            "dragonfly:2,4,2 | minimal | 2 | pipeline=1,0,1,0 links=terminal:1,local:2,global:6",
            "hypercube:4 | e-cube | 1 | pipeline=0,0,0,3", "scc:4 | adaptive | 7 | links=lateral:3,local:2",
            "mesh:4,3 | adaptive | 3 | pipeline=1,1,1,0 speedup=1"})
    void aLoneMessageTakesThePipelineAtEveryRouterAndEveryLinksLatency(String network, String routing, int vcs, String timingText) {
        Topology t = icn.protocols.topology.Topologies.parse(network);
        RouterTiming timing = RouterTiming.parse(timingText);
        int flits = 5;
        double rate = 1.0 / (400.0 * t.terminalCount());
        // buffers of 32 flits cover every credit round trip here (2 + the pipeline + twice the slowest link's extra cycles), so no flit
        // of a lone message waits for a credit: with fewer, a slow link's worm stalls, as in a real router
        TrafficSpec spec = new TrafficSpec(routing, "uniform", vcs, flits, 32, rate, 5, 60_000, 70_000).withTiming(timing);
        TrafficRuns.Observed run = TrafficRuns.sequential(t, spec);
        List<MessageDelivered> alone = alone(run.delivered(), 60);
        for (MessageDelivered d : alone) {
            long expected = flits - 1 + linkCycles(t, d, timing) + (long) (d.hops() + 1) * timing.head();
            assertEquals(expected, d.latency(), network + " " + timingText + ": lone message " + d);
        }
    }

    /** The cycles the links of the message's route take: every link of its class's latency, the classes by the route's definition. */
    private static long linkCycles(Topology t, MessageDelivered d, RouterTiming timing) {
        if (t instanceof Dragonfly df) {
            int route = DragonflyWalks.route(df, d.source(), d.destination(), -1);
            assertEquals(route, d.hops(), "Kim et al.'s minimal route");
            boolean sameGroup = df.group(d.source()) == df.group(d.destination());
            int globals = sameGroup ? 0 : 1;
            return 2L * timing.latency(LinkClass.TERMINAL) + (long) globals * timing.latency(LinkClass.GLOBAL)
                    + (long) (route - 2 - globals) * timing.latency(LinkClass.LOCAL);
        }
        if (t instanceof icn.protocols.topology.Scc scc) {
            // the walk's classes are the routing's choice; a lone message's are fixed by its hops: count them from BFS distances
            int lateral = icn.protocols.topology.Star.of(scc.n()).distance(scc.supernode(d.source()), scc.supernode(d.destination()));
            return (long) lateral * timing.latency(LinkClass.LATERAL) + (long) (d.hops() - lateral) * timing.latency(LinkClass.LOCAL);
        }
        assertEquals(Bfs.distancesTo(t, d.destination())[d.source()], d.hops(), "a minimal route");
        return (long) d.hops() * timing.latency(t.linkClass(0));
    }

    /** The messages that met no other (more than {@code least} of them, or the run was too loaded to tell). */
    private static List<MessageDelivered> alone(List<MessageDelivered> all, int least) {
        long[] start = all.stream().mapToLong(MessageDelivered::generated).toArray();
        long[] end = all.stream().mapToLong(MessageDelivered::ejected).toArray();
        List<MessageDelivered> alone = new java.util.ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (!overlaps(i, start, end)) {
                alone.add(all.get(i));
            }
        }
        assertTrue(alone.size() > least, "only " + alone.size() + " lone messages of " + all.size());
        return alone;
    }

    private static boolean overlaps(int i, long[] start, long[] end) {
        for (int j = 0; j < start.length; j++) {
            if (j != i && start[j] <= end[i] + 50 && start[i] <= end[j] + 50) {
                return true; // within 50 cycles: a slow link's credits may still be on their way
            }
        }
        return false;
    }

    /** A file network's links with latencies of their own (issue 39): a lone message takes M − 1 + the sum of its links' latencies. */
    @Test
    void aFileNetworksLinksTakeTheirOwnLatency(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("line.txt"), "a b 2\nb c 5\nc d\nd e 3\n");
        Topology t = icn.protocols.topology.Topologies.parse("file:" + file);
        int[] latency = {2, 5, 1, 3}; // between positions 0-1, 1-2, 2-3, 3-4 of the line a b c d e
        int flits = 4;
        TrafficSpec spec = new TrafficSpec("updown", "uniform", 2, flits, 32, 1.0 / (400.0 * t.nodeCount()), 9, 60_000, 70_000);
        TrafficRuns.Observed run = TrafficRuns.sequential(t, spec);
        for (MessageDelivered d : alone(run.delivered(), 30)) {
            int from = Math.min(d.source(), d.destination()); // ids in the order the file names the nodes: positions on the line
            int to = Math.max(d.source(), d.destination());
            long links = 0;
            for (int k = from; k < to; k++) {
                links += latency[k];
            }
            assertEquals(flits - 1 + links, d.latency(), "lone message " + d);
        }
    }

    @Test
    void loadedTimedRunsConserveFlitsAndTheTextFormRoundTrips() {
        RouterTiming timing = RouterTiming.parse("pipeline=1,1,1,1 links=local:2,global:8");
        assertEquals(timing, RouterTiming.parse(timing.text()));
        assertEquals("", RouterTiming.SYNCHRONOUS.text());
        assertTrue(RouterTiming.parse("").synchronous());
        Topology t = Dragonfly.of(2, 4, 2);
        TrafficSpec spec = new TrafficSpec("ugal", "adversarial", 3, 4, 4, 0.1, 3, 3_000, 60_000).withTiming(timing);
        TrafficRuns.Observed run = TrafficRuns.sequential(t, spec);
        long generated = run.routers().stream().mapToLong(r -> r.generated()).sum();
        assertEquals(generated, run.delivered().size(), "every message delivered once the run drained");
        assertTrue(run.lost().isEmpty());
        assertThrows(InvalidInputException.class, () -> RouterTiming.parse("pipeline=1,1,1"));
        assertThrows(InvalidInputException.class, () -> RouterTiming.parse("links=warp:2"));
        assertThrows(InvalidInputException.class, () -> RouterTiming.parse("links=local:0"));
        assertThrows(InvalidInputException.class, () -> RouterTiming.parse("speed=9"));
    }
}
