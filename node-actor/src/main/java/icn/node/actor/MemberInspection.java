package icn.node.actor;

import icn.node.engine.HeapEstimate;
import icn.protocols.wire.ManagerProtocol;
import java.lang.management.ManagementFactory;

/** What a member says of itself when the head inspects it ({@link HostManager}): its machine, its JVM, its heap, what it holds. */
final class MemberInspection {

    private MemberInspection() {
    }

    /**
     * This JVM as member {@code member}: its heap in use (after a full collection, if {@code collectGarbage}), threads, the
     * {@code hosts} and node actors it holds now, the node actors it keeps for a next run of the same shape, and the runs served.
     */
    static ManagerProtocol.MemberStats stats(String member, boolean collectGarbage, int hosts, long nodes, long keptNodes,
            long runsServed) {
        Runtime r = Runtime.getRuntime();
        long used = collectGarbage ? LiveHeap.settled() : r.totalMemory() - r.freeMemory();
        return new ManagerProtocol.MemberStats(member, hostName(), ProcessHandle.current().pid(), r.availableProcessors(),
                Runtime.version().toString(), r.maxMemory(), HeapEstimate.usableHeap(), used,
                ManagementFactory.getThreadMXBean().getThreadCount(), hosts, nodes, keptNodes, runsServed,
                ManagementFactory.getRuntimeMXBean().getUptime());
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "unknown";
        }
    }
}
