package icn.protocols.traffic;

/**
 * A router at the end of a traffic run (or when it crashed, {@code crashedAt} > 0): its flit counts ({@code injected} into the
 * network from its processor, {@code ejected} to it, {@code dropped} of broken worms, {@code buffered} in its input virtual channels
 * now), the messages its processor generated and those still queued at it, and the ids of every message it holds in any form
 * ({@code held}: queued, or with flits in its buffers) with the step each was generated in ({@code heldGenerated}).
 *
 * <p>For the deadlock check, every input virtual channel that holds a worm and cannot move a flit now ({@code waiting}, as a
 * channel id {@code (node·(inPorts+1) + inPort)·V + vc}, the injection channel being in-port {@code inPorts}) lists what it waits for:
 * {@code options[optionStart[i] .. optionStart[i+1])} are channel ids, any one of which moving a flit would let it go on, and
 * {@code −1 − id} of its own id means "the worm's next flits, which are upstream" (the channel feeding it); {@code since[i]} is the
 * step since which it has not moved. {@code feeds[j]} is the downstream input channel an output virtual channel of this router
 * feeds and {@code feedOwners[j]} the input channel whose worm owns it.
 *
 * <p>{@code flitsOut[p]}: the flits it sent on out-port p in cycles G/2+1 .. G of a run that generates messages until cycle G (the
 * measured window's end plus the cool-down traffic), for channel utilisation (issue 32): after the warm-up, which is at most half the
 * window, and while the rate is still offered. Credits are not counted.
 */
public record RouterState(int node, long crashedAt, long generated, long injected, long ejected, long dropped, long buffered,
        long queued, long[] held, long[] heldGenerated, long[] waiting, int[] optionStart, long[] options, long[] since, long[] feeds,
        long[] feedOwners, long[] flitsOut)
        implements icn.protocols.WireMessage {
}
