package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import icn.launcher.cli.FaultsCommand;
import icn.launcher.cli.Icn;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The {@code --topology} list of {@code icn faults}: commas inside a network's parameters stay with it. */
class FaultsTopologyListTest {

    private static final icn.launcher.cluster.CommandContext CTX = icn.launcher.cluster.CommandContext.thisMachine(List.of());

    @Test
    void commasBeforeALetterSeparateNetworks() {
        FaultsCommand.Coverage coverage = new FaultsCommand.Coverage(CTX);
        new CommandLine(coverage, Icn.factory(CTX)).parseArgs("--topology", "torus:4,4,scc:5,kcube:3,4,inh:2:1,2,3,4");
        assertEquals(List.of("torus:4,4", "scc:5", "kcube:3,4", "inh:2:1,2,3,4"), coverage.curve.names());
        assertEquals(4, FaultsCommand.topologies(coverage.curve.names()).size());
    }

    @Test
    void theDefaultIsTwoSccNetworks() {
        FaultsCommand.Routing routing = new FaultsCommand.Routing(CTX);
        new CommandLine(routing, Icn.factory(CTX)).parseArgs();
        assertEquals(List.of("scc:5", "scc:6"), routing.curve.names());
    }

    @Test
    void repeatedOptionsAddUp() {
        FaultsCommand.Routing routing = new FaultsCommand.Routing(CTX);
        new CommandLine(routing, Icn.factory(CTX)).parseArgs("--topology", "hypercube:4", "--topology", "torus:3,5");
        assertEquals(List.of("hypercube:4", "torus:3,5"), routing.curve.names());
    }

    @Test
    void eachNetworkComparesItsFaultTolerantRoutingWithItsStandardOne() {
        FaultsCommand.Routing routing = new FaultsCommand.Routing(CTX);
        new CommandLine(routing, Icn.factory(CTX)).parseArgs("--topology", "scc:5,cr:4,torus:4,4,hypercube:4");
        List<icn.protocols.Topology> ts = FaultsCommand.topologies(routing.curve.names());
        assertEquals(List.of("dfs", "greedy"), routing.curve.algorithmsFor("routing", ts.get(0)));
        assertEquals(List.of("fault-tolerant", "optimal"), routing.curve.algorithmsFor("routing", ts.get(1)));
        assertEquals(List.of("dfs", "dimension-order"), routing.curve.algorithmsFor("routing", ts.get(2)));
        assertEquals(List.of("dfs", "e-cube"), routing.curve.algorithmsFor("routing", ts.get(3)));
        new CommandLine(routing, Icn.factory(CTX)).parseArgs("--algorithm", "dfs,shortest");
        assertEquals(List.of("dfs", "shortest"), routing.curve.algorithmsFor("routing", ts.get(2)));
    }
}
