package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker JVM killed (SIGKILL) in the middle of {@code icn broadcast --jvms 3}: the coordinator notices within the failure
 * detection and downing time, ends the run with one line naming the lost member and exit code 1, and leaves no process behind.
 */
class MemberLossIT {

    private static final String STARTED = "node actors on 3 JVM(s)";
    private static final Pattern AKKA_ADDRESS = Pattern.compile("akka://[A-Za-z0-9_-]+@[^\\s,;]+:\\d+");
    private static final Pattern JOINED = Pattern.compile("icn worker: joined \\S+ as (akka://\\S+)");

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 200, unit = TimeUnit.SECONDS)
    void aKilledWorkerEndsTheRunWithExitCode1() throws Exception {
        // Without --json the command prints its progress on stderr, and the line that the node actors are being spawned on 3 JVMs
        // is the signal: the kill comes half a second after it, while the spawn (about 3 s on a 2-core machine, then a run of about
        // 3 s) still goes on, so JVMs started as the other cluster tests start theirs (class-data archive, C1) will do
        try (IcnProcess p = IcnProcess.start(tmp, "-Xmx1g", "broadcast", "--topology", "scc:8", "--algorithm", "one-port", "--jvms",
                "3")) {
            // 1. the two worker JVMs exist
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (p.liveWorkers().size() < 2 && p.process().isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertEquals(2, p.liveWorkers().size(), () -> "two worker JVMs running: " + p.describe() + "\n" + p.describeDescendants());
            List<ProcessHandle> workers = p.liveWorkers();

            // 2. the run has started: the progress line, or (should it not come) both workers joined + 3 s
            Map<ProcessHandle, Path> logs = new HashMap<>();
            workers.forEach(w -> stdoutFile(w).ifPresent(f -> logs.put(w, f)));
            String signal = null;
            long joinedAt = -1;
            long workersAt = System.nanoTime();
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (p.process().isAlive() && System.nanoTime() < deadline) {
                if (p.errLines().stream().anyMatch(l -> l.contains(STARTED))) {
                    signal = "stderr line '" + STARTED + "'";
                    break;
                }
                if (joinedAt < 0 && logs.size() == 2 && logs.values().stream().allMatch(f -> joinedAddress(f).isPresent())) {
                    joinedAt = System.nanoTime();
                }
                if (joinedAt > 0 && System.nanoTime() - joinedAt > TimeUnit.SECONDS.toNanos(3)) {
                    signal = "no '" + STARTED + "' line on stderr; both workers' logs said 'joined' 3 s before";
                    break;
                }
                if (logs.size() < 2 && System.nanoTime() - workersAt > TimeUnit.SECONDS.toNanos(12)) {
                    signal = "no '" + STARTED + "' line and no worker logs readable; 12 s after the workers appeared";
                    break;
                }
                Thread.sleep(100);
            }
            assertTrue(signal != null, () -> "the run started (stderr line '" + STARTED + "' or both workers joined): " + p.describe()
                    + "\n" + p.describeDescendants());
            Thread.sleep(500);
            assertTrue(p.process().isAlive(), () -> "the run was still going when the worker was to be killed: " + p.describe());

            // 3. SIGKILL one worker
            ProcessHandle victim = workers.get(0);
            Optional<String> victimAddress = Optional.ofNullable(logs.get(victim)).flatMap(MemberLossIT::joinedAddress);
            double killedAfter = p.seconds();
            long killedAt = System.nanoTime();
            assertTrue(victim.destroyForcibly(), "SIGKILL sent to worker " + victim.pid());
            victim.onExit().get(10, TimeUnit.SECONDS);

            // 4. the coordinator ends by itself
            long lostLineAt = -1;
            long exitDeadline = killedAt + TimeUnit.SECONDS.toNanos(60);
            while (p.process().isAlive() && System.nanoTime() < exitDeadline) {
                if (lostLineAt < 0 && p.errLines().stream().anyMatch(l -> l.contains("was lost"))) {
                    lostLineAt = System.nanoTime();
                }
                Thread.sleep(100);
            }
            boolean finished = p.waitFor(Duration.ofMillis(Math.max(1, (exitDeadline - System.nanoTime()) / 1_000_000)));
            double killToExit = ((finished ? p.exitNanos() : System.nanoTime()) - killedAt) / 1e9;
            String lostLineAfter = lostLineAt > 0 ? String.format("%.1f s", (lostLineAt - killedAt) / 1e9) : "(not seen before the exit)";
            System.out.printf("MemberLossIT: signal: %s; killed worker pid %d (%s) %.1f s after start; 'was lost' on stderr %s after the"
                    + " kill; coordinator %s %.1f s after the kill%n", signal, victim.pid(), victimAddress.orElse("address unknown"),
                    killedAfter, lostLineAfter, finished ? "exited" : "still running", killToExit);
            assertTrue(finished, () -> "the coordinator exited within 60 s of the kill: " + p.describe());

            List<String> lostLines = p.errLines().stream().filter(l -> l.contains("was lost")).toList();
            String out = p.out();
            String stdoutKind = out.isBlank() ? "empty" : out.lines().count() + " line(s)";
            System.out.printf("MemberLossIT: exit %d; stdout: %s; 'was lost' line(s): %s%n", p.exitValue(), stdoutKind, lostLines);
            assertAll(p.describe(),
                    () -> assertEquals(1, p.exitValue(), "exit code"),
                    () -> assertEquals(1, lostLines.size(), "one stderr line containing 'was lost'"),
                    () -> assertTrue(lostLines.size() == 1 && AKKA_ADDRESS.matcher(lostLines.get(0)).find(),
                            "the 'was lost' line names an akka:// address"),
                    () -> victimAddress.ifPresent(a -> assertTrue(lostLines.stream().anyMatch(l -> l.contains(a)),
                            "the 'was lost' line names the killed worker " + a)));

            // 5. nothing survives
            List<String> survivors = p.survivingDescendants(Duration.ofSeconds(15));
            assertTrue(survivors.isEmpty(), () -> "descendants still alive 15 s after the coordinator's exit:\n" + String.join("\n", survivors));
            assertFalse(victim.isAlive());
        }
    }

    /** Where a local worker writes its output (LocalWorkers redirects it to a log file): /proc/PID/fd/1 on Linux. */
    private static Optional<Path> stdoutFile(ProcessHandle h) {
        try {
            Path target = Files.readSymbolicLink(Path.of("/proc", Long.toString(h.pid()), "fd", "1"));
            return Files.isRegularFile(target) ? Optional.of(target) : Optional.empty();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> joinedAddress(Path log) {
        try {
            Matcher m = JOINED.matcher(Files.readString(log));
            return m.find() ? Optional.of(m.group(1)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
