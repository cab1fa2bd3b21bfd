package icn.launcher.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether a process that is not this JVM's child still runs. */
public final class Processes {

    private Processes() {
    }

    /**
     * True while the process {@code pid} runs. {@link ProcessHandle#isAlive()} is true of a zombie too (a process that has ended
     * but that its parent has not reaped: an orphan whose new parent does not reap it, a child of a stopped process); on Linux its
     * state in {@code /proc/PID/stat} says so, and a zombie counts as ended here.
     */
    public static boolean alive(long pid) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        return !zombie(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /** The state field of a {@code /proc/PID/stat} file is Z (zombie) or X (dead); false where there is no such file. */
    static boolean zombie(Path stat) {
        try {
            String s = Files.readString(stat);
            int close = s.lastIndexOf(')'); // the command name, in parentheses, may itself hold spaces and parentheses
            if (close < 0 || close + 2 >= s.length()) {
                return false;
            }
            char state = s.charAt(close + 2);
            return state == 'Z' || state == 'X';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
