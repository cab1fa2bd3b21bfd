package icn.protocols.traffic;

import icn.protocols.InvalidInputException;
import icn.protocols.ProgramSpec;

/**
 * A traffic run (issue 13): every node is a wormhole router with {@code vcs} virtual channels of {@code buffer} flits per input
 * physical channel, and a processor that generates messages of {@code flits} flits as a Poisson process of {@code rate} messages
 * per cycle (002 §4 assumptions a–e), their destinations drawn by {@code pattern}, routed by {@code routing}. Messages are generated
 * in steps 1 .. {@code generateUntil}; at step {@code stopAt} and later the routers only take in what reaches them (the run ends
 * there, whatever is still on its way is reported in flight). Randomness is drawn from {@code seed} and the node id, so every host
 * and engine builds the same traffic.
 */
public record TrafficSpec(String routing, String pattern, int vcs, int flits, int buffer, double rate, long seed, long generateUntil,
        long stopAt) implements ProgramSpec {

    /** Virtual channels per physical channel at most (credits travel as one bit per virtual channel). */
    public static final int MAX_VCS = 32;

    public TrafficSpec {
        if (vcs < 1 || vcs > MAX_VCS) {
            throw new InvalidInputException("the number of virtual channels V must be 1.." + MAX_VCS + ", not " + vcs);
        }
        if (flits < 1) {
            throw new InvalidInputException("a message needs at least one flit (M >= 1), not " + flits);
        }
        if (buffer < 1) {
            throw new InvalidInputException("a virtual channel buffer holds at least one flit (F >= 1), not " + buffer);
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new InvalidInputException("the generation rate must be a positive number of messages per node per cycle, not " + rate);
        }
        if (generateUntil < 1 || stopAt <= generateUntil) {
            throw new IllegalArgumentException("a traffic run generates in steps 1.." + generateUntil + " and must stop after that, not at "
                    + stopAt);
        }
    }

    @Override
    public int messages() {
        return 1;
    }
}
