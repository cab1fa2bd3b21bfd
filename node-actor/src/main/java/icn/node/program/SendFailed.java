package icn.node.program;

import icn.protocols.Fate;

/**
 * The link layer's notice to a sender that a message it sent on {@code port} did not get through ({@link Fate#NODE_CRASHED} or
 * {@link Fate#LINK_CUT}): what a port's hardware learns when no acknowledgement comes. It is put into the sender's own inbox, on
 * {@code port}, at the step the message would have arrived, and only for programs that ask for notices
 * ({@link ProgramFactory#wantsSendFailures()}). A notice is not a link message: it is neither sent nor counted. Lost-in-transit
 * messages give no notice.
 */
public record SendFailed(int port, Fate reason, Object payload) {
}
