package icn.protocols.traffic;

/**
 * A message that can no longer be delivered, as router {@code node} found in step {@code step}: {@link Reason#NO_ROUTE} (its head
 * had no live way on: a crashed destination, a cut link on its only route), {@link Reason#LINK_DOWN_AHEAD} (the link its worm was
 * crossing failed under it: this router drops the rest), {@link Reason#LINK_DOWN_BEHIND} (the link behind its worm failed: this
 * router ends the worm with a kill flit), {@link Reason#KILLED} (the destination took in a kill flit). A broken worm is reported by
 * every router that sees it break; the report counts each message once. A crashed router reports nothing: the messages it held
 * (queued, or with flits in its buffers) are in its final state ({@link RouterState#held()}) and count as lost with it.
 */
public record MessageLost(long id, int source, int destination, long generated, long step, int node, Reason reason)
        implements icn.protocols.WireMessage {

    public enum Reason {
        NO_ROUTE, LINK_DOWN_AHEAD, LINK_DOWN_BEHIND, KILLED
    }
}
