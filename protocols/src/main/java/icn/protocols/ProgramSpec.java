package icn.protocols;


/** What every node of a run executes, as data that every host manager, in any JVM, builds the same node programs from. */
public interface ProgramSpec extends WireMessage {

    /** How many broadcast messages the run tracks (B); 1 for runs that track none. */
    int messages();
}
