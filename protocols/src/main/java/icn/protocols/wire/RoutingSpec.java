package icn.protocols.wire;

import icn.protocols.InvalidInputException;
import icn.protocols.ProgramSpec;

/**
 * A routing run: packets injected at step 1 travel hop by hop to their destinations. {@code algorithm} is a routing algorithm's key
 * (random, greedy, minimal, optimal-001); {@code mode} is "source" (the header carries the port sequence computed at the source) or
 * "distributed" (every node picks the next port); {@code sweep} says which packets: "to-identity" (one from every node to
 * ⟨2,12…n⟩), "sample:M" (M seeded random pairs) or "pair:S:D" (one packet from node id S to node id D). Randomness is drawn from
 * {@code seed} and the packet id, so every host builds the same packets and routes. {@code hopLimit}: hops after which a packet is
 * dropped (dfs; 0: the router's default).
 */
public record RoutingSpec(String algorithm, String mode, String sweep, long seed, int hopLimit) implements ProgramSpec {

    public RoutingSpec {
        if (!mode.equals("source") && !mode.equals("distributed")) {
            throw new InvalidInputException("unknown routing mode '" + mode + "': expected source or distributed");
        }
        if (hopLimit < 0) {
            throw new InvalidInputException("the hop limit must be positive, not " + hopLimit);
        }
    }

    /** A spec with the router's default hop limit. */
    public RoutingSpec(String algorithm, String mode, String sweep, long seed) {
        this(algorithm, mode, sweep, seed, 0);
    }

    public boolean sourceRouting() {
        return mode.equals("source");
    }

    @Override
    public int messages() {
        return 1;
    }
}
