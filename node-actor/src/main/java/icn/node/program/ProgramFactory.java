package icn.node.program;

/** The programs of the nodes of one run; every host builds those of its own nodes from the same factory. */
public interface ProgramFactory {

    NodeProgram create(int node);

    /** How many broadcast messages the run tracks (B); 1 for programs that track none. */
    int messages();
}
