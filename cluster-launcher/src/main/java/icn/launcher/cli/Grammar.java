package icn.launcher.cli;

/** What every command's options have in common: how a list of networks or algorithms is written. */
final class Grammar {

    /** Networks in one option are separated by commas, as {@link icn.protocols.topology.Topologies#LIST} says. */
    static final String LIST = icn.protocols.topology.Topologies.LIST;

    private Grammar() {
    }
}
