package icn.protocols;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import icn.protocols.topology.Scc;
import icn.protocols.topology.SccPort;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PartitionTest {

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Partition.Kind kind : Partition.Kind.values()) {
            for (int n = 3; n <= 6; n++) {
                for (int hosts = 1; hosts <= 4; hosts++) {
                    cases.add(Arguments.of(kind, n, hosts));
                }
                cases.add(Arguments.of(kind, n, 7)); // SCC_3 has 6 supernodes: a host may get none
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} scc:{1} on {2} hosts")
    @MethodSource("cases")
    void everyNodeHasExactlyOneHostAndLocalIndicesRoundTrip(Partition.Kind kind, int n, int hosts) {
        Scc t = Scc.of(n);
        Partition partition = new Partition(kind, hosts, t.nodeCount(), t.ringSize());
        int[] owners = new int[t.nodeCount()];
        long total = 0;
        for (int h = 0; h < hosts; h++) {
            int size = partition.size(h);
            assertTrue(size >= 0);
            total += size;
            for (int local = 0; local < size; local++) {
                int node = partition.globalId(h, local);
                assertTrue(node >= 0 && node < t.nodeCount(), "globalId(" + h + "," + local + ") = " + node);
                owners[node]++;
                assertEquals(h, partition.hostOf(node), "host of " + node);
                assertEquals(local, partition.localIndex(node), "local index of " + node);
            }
        }
        assertEquals(t.nodeCount(), total, "sizes sum to N");
        for (int node = 0; node < t.nodeCount(); node++) {
            assertEquals(1, owners[node], "hosts owning node " + node);
            int h = partition.hostOf(node);
            assertTrue(h >= 0 && h < hosts);
            assertEquals(node, partition.globalId(h, partition.localIndex(node)));
        }
    }

    static Stream<Arguments> supernodeCases() {
        return cases().filter(a -> a.get()[0] == Partition.Kind.SUPERNODE);
    }

    @ParameterizedTest(name = "{0} scc:{1} on {2} hosts")
    @MethodSource("supernodeCases")
    void supernodePartitionNeverSplitsARing(Partition.Kind kind, int n, int hosts) {
        Scc t = Scc.of(n);
        Partition partition = new Partition(kind, hosts, t.nodeCount(), t.ringSize());
        for (int node = 0; node < t.nodeCount(); node++) {
            int host = partition.hostOf(node);
            for (SccPort ring : new SccPort[] {SccPort.LEFT, SccPort.RIGHT}) {
                int other = t.neighbour(node, ring);
                assertEquals(host, partition.hostOf(other), t.label(node) + " and its " + ring + " neighbour " + t.label(other));
            }
        }
    }
}
