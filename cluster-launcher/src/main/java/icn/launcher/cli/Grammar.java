package icn.launcher.cli;

/** What every command's options have in common: how a list of networks or algorithms is written. */
final class Grammar {

    /**
     * Networks in one option are separated by commas; a comma inside a network's parameters ({@code torus:4,3},
     * {@code inh:2:1,3,2,1}) does not separate, since the next network starts with its kind and a colon.
     */
    static final String LIST = ",(?=[a-z][a-z0-9-]*:)";

    private Grammar() {
    }
}
