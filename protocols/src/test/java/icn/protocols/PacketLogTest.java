package icn.protocols;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import org.junit.jupiter.api.Test;

class PacketLogTest {

    @Test
    void hopsThatAreNotLinksAreCountedAndTheLongestPathIsKept() {
        Scc scc = Scc.of(5);
        int a = 0;
        int b = scc.neighbour(a, SccPort.LATERAL);
        int c = scc.neighbour(b, SccPort.RIGHT);
        PacketLog log = new PacketLog();
        log.add(Packet.at(7, a, c, new int[0]).movedTo(b, true).movedTo(c, false), 2, scc);
        int far = scc.nodeCount() - 1; // not a neighbour of a in SCC_5
        log.add(Packet.at(8, a, far, new int[0]).movedTo(far, true), 1, scc);
        assertEquals(2, log.size());
        assertEquals(0, log.invalidHops(0));
        assertEquals(1, log.invalidHops(1));
        assertEquals(1, log.totalInvalidHops());
        assertArrayEquals(new int[] {a, b, c}, log.longestPath());
        PacketLog copy = PacketLog.of(log.data());
        assertEquals(log.size(), copy.size());
        assertEquals(log.hops(0), copy.hops(0));
        assertEquals(1, copy.lateral(0));
        assertEquals(1, copy.local(0));
        assertEquals(2, copy.step(0));
    }
}
