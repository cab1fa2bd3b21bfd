package icn.protocols.traffic;

/**
 * What one router sends another over one physical channel in one step, in one direction (issue 13): at most one flit, of virtual
 * channel {@code vc} ({@link #NO_FLIT} when the step carries credits only), and the credits this router returns for the flits it
 * moved out of its input buffers of the same link in the other direction, one bit per virtual channel (a virtual channel releases
 * at most one flit per step). On an undirected network both travel on the link's port at each end; on a directed one (CR_n) the
 * credits travel back over the arc they are for, as a step of their own (the credit wire of a one-way link).
 *
 * <p>{@code kind} says what the flit is: {@link #HEAD} (it carries {@code header}), body (0), {@link #TAIL}, both at once for a
 * one-flit message, or a {@link #KILL} tail that a router sends in place of the rest of a worm whose link behind it failed: routers
 * forward it as a tail, and the destination discards the message. {@code message} is the message id of every flit, so a receiver
 * can check a flit belongs to the worm its virtual channel carries.
 */
public record ChannelStep(int vc, int kind, long message, MessageHeader header, int credits) implements icn.protocols.WireMessage {

    public static final int NO_FLIT = -1;
    public static final int HEAD = 1;
    public static final int TAIL = 2;
    public static final int KILL = 4;

    /** Credits only. */
    public static ChannelStep credits(int credits) {
        return new ChannelStep(NO_FLIT, 0, 0, null, credits);
    }

    public boolean hasFlit() {
        return vc != NO_FLIT;
    }

    public boolean head() {
        return (kind & HEAD) != 0;
    }

    public boolean tail() {
        return (kind & TAIL) != 0;
    }

    public boolean kill() {
        return (kind & KILL) != 0;
    }
}
