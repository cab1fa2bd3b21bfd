package icn.launcher.cli;

import icn.protocols.InvalidInputException;
import icn.protocols.Topology;
import icn.protocols.topology.Topologies;
import java.util.List;
import picocli.CommandLine.Option;
import icn.scenarios.report.IcnLine;

/**
 * The one {@code --topology} option of every command: the networks it runs on, as {@code KIND:PARAMS}, repeatable or a list (a comma
 * before {@code KIND:} starts the next network, so {@code torus:4,4,scc:5} is two). A command that takes one network refuses more;
 * a command with a default network says so in its description.
 */
public final class TopologyOptions {

    @Option(names = IcnLine.TOPOLOGY, split = Grammar.LIST, splitSynopsisLabel = ",", paramLabel = "KIND:PARAMS",
            description = {"The network: scc:N (N = 3..10, as far as the heap holds), cr:N, star:N, hypercube:N, torus:K,N, ccc:N,",
                    "rnh:N,K, inh:N:K1,K2,..., kcube:N,K or icube:N,K,BETA, e.g. scc:6 or torus:4,3; or file:PATH, a network read from a",
                    "file (an edge list, a link per line, or GraphML; docs/scenarios.md). Where the command takes several: repeatable, or a",
                    "list, a comma before KIND: starting the next one (torus:4,4,scc:5 is two)."})
    List<String> given;

    /** The names given, or {@code defaults} where none was; without either, refused in one line. */
    public List<String> names(String... defaults) {
        if (given != null && !given.isEmpty()) {
            return List.copyOf(given);
        }
        if (defaults.length == 0) {
            throw new InvalidInputException("--topology KIND:PARAMS is required: give a network, e.g. --topology scc:6 (this build knows "
                    + String.join(", ", Topologies.KINDS) + ")");
        }
        return List.of(defaults);
    }

    /** The networks given (or {@code defaults}), each parsed: every name checked before anything runs. */
    public List<Topology> networks(String... defaults) {
        return names(defaults).stream().map(Topologies::parse).toList();
    }

    /** The one network given (or {@code defaultName}); a list of several is refused in one line. */
    public String name(String... defaultName) {
        List<String> names = names(defaultName);
        if (names.size() != 1) {
            throw new InvalidInputException("--topology: this command runs on one network, not " + names.size() + " ("
                    + String.join(", ", names) + ")");
        }
        return names.get(0);
    }

    /** {@link #name} parsed. */
    public Topology network(String... defaultName) {
        return Topologies.parse(name(defaultName));
    }
}
