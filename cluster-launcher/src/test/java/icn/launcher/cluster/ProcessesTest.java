package icn.launcher.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessesTest {

    @Test
    void aStatFileSaysWhetherTheProcessIsAZombie(@TempDir Path dir) throws Exception {
        assertTrue(Processes.zombie(Files.writeString(dir.resolve("z"), "4711 (java) Z 1 4711 4711 0 -1")));
        assertTrue(Processes.zombie(Files.writeString(dir.resolve("x"), "4711 (a (b) c) X 1 4711")), "a name with parentheses and spaces");
        assertFalse(Processes.zombie(Files.writeString(dir.resolve("s"), "4711 (java) S 1 4711 4711 0 -1")));
        assertFalse(Processes.zombie(Files.writeString(dir.resolve("r"), "4711 (Z) R 1")), "a process named Z that runs");
        assertFalse(Processes.zombie(dir.resolve("none")));
    }

    /** A child that has ended, of a parent that never reaps it: the JDK calls it alive, this does not. */
    @Test
    void aZombieIsNotAlive() throws Exception {
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            return; // not Linux: there is no /proc to read, and ProcessHandle's answer stands
        }
        Process parent = new ProcessBuilder("sh", "-c", "sleep 0.2 & echo $!; exec sleep 30").start();
        try {
            long child = Long.parseLong(new java.io.BufferedReader(new java.io.InputStreamReader(parent.getInputStream())).readLine().strip());
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (Processes.alive(child) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(Processes.alive(child), "the ended, unreaped child");
            assertTrue(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "the JDK's view of the same zombie");
            assertTrue(Processes.alive(parent.pid()));
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }
}
