package icn.launcher;

/** What this build is: the version every report carries, and the class a JVM runs to be an {@code icn} command. */
public final class Version {

    /** The version every report carries. */
    public static final String VERSION = "icn-emulator 0.1.0";
    /** The {@code icn} command's main class, as a JVM that starts another (a local worker) names it. */
    public static final String MAIN_CLASS = "icn.launcher.cli.Icn";

    private Version() {
    }
}
