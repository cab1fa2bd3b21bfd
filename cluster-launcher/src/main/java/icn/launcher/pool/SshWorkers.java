package icn.launcher.pool;

import icn.launcher.cluster.ClusterCertificates;
import icn.launcher.cluster.ClusterException;
import icn.launcher.cluster.HostPort;
import icn.launcher.cluster.Tls;
import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Workers of a standing cluster started on other hosts over SSH, as Spark's {@code start-workers.sh} starts them: for every line
 * of the host file and every JVM it asks for, one {@code ssh HOST '...'} that starts {@code ./icn worker} in the background in
 * the host's emulator directory (its output in {@code .icn/logs/} there) and returns. The SSH command is {@code --ssh} or
 * {@code ICN_SSH} (words split on blanks), by default {@value #DEFAULT_SSH}. Besides the head's address, a worker needs from
 * the head only its TLS stores (of the cluster's CA, by default), which it gets on the same SSH session's standard input; it
 * exits when the head is gone.
 */
final class SshWorkers {

    /** The SSH command unless told otherwise: never asks for a password, gives up on a host that does not answer. */
    static final String DEFAULT_SSH = "ssh -o BatchMode=yes -o ConnectTimeout=10";

    private static final Duration LIMIT = Duration.ofSeconds(60);

    private SshWorkers() {
    }

    /** The SSH command's words: {@code option} (--ssh), else {@code $ICN_SSH}, else {@value #DEFAULT_SSH}. */
    static List<String> command(String option) {
        String text = option != null && !option.isBlank() ? option : System.getenv("ICN_SSH");
        if (text == null || text.isBlank()) {
            text = DEFAULT_SSH;
        }
        return List.of(text.strip().split("\\s+"));
    }

    /**
     * The shell line run on {@code host} for its worker number {@code j}: into the emulator's directory, the stores of
     * {@code member} (e.g. {@code worker-3}) from standard input when {@code tls} is the cluster's CA, and {@code ./icn worker}
     * in the background, detached from the SSH session, joining {@code head}.
     */
    static String script(HostFile.Host host, int j, HostPort head, String defaultDir, String defaultHeap, Tls.Mode tls, String member,
            Duration joinTimeout, Duration keepNetwork) {
        String dir = host.dir() != null ? host.dir() : defaultDir;
        if (dir == null) {
            throw new InvalidInputException("--hosts line " + host.line() + ": say where the emulator is on " + host.ssh() + " (dir=PATH)");
        }
        String heap = host.heap() != null ? host.heap() : defaultHeap;
        int port = host.port() + j;
        String bind = host.bind() + ":" + port;
        StringBuilder sb = new StringBuilder();
        // separate statements, only the last in the background with every stream redirected: SSH returns once the remote shell
        // has ended and no process holds the session's streams (a backgrounded "a && b &" list would hold them in its subshell)
        sb.append("cd '").append(dir).append("' || exit 1; mkdir -p .icn/logs || exit 1; ");
        // variables a worker needs that are not the head's to give (TLS keys and their password) may be kept in ~/.icn/env
        sb.append("if [ -f \"$HOME/.icn/env\" ]; then . \"$HOME/.icn/env\"; fi; ");
        if (tls == Tls.Mode.CLUSTER_CA) {
            sb.append(receiveStores(member));
        }
        if (heap != null) {
            sb.append("ICN_HEAP=").append(heap).append(' ');
        }
        sb.append("nohup ./icn worker --join ").append(head).append(" --bind ").append(bind);
        if (host.advertise() != null) {
            sb.append(" --advertise ").append(host.advertise().host()).append(':').append(host.advertise().port() + j);
        }
        sb.append(" --join-timeout ").append(Math.max(10, joinTimeout.toSeconds()));
        sb.append(" --keep-network ").append(keepNetwork.toSeconds());
        tls.workerOptions().forEach(o -> sb.append(' ').append(o));
        if (tls == Tls.Mode.CLUSTER_CA) {
            sb.append(" --tls-stores \"$t\"");
        }
        sb.append(" > .icn/logs/worker-").append(host.bind()).append('-').append(port).append(".log 2>&1 < /dev/null &");
        return sb.toString();
    }

    /**
     * The shell text that takes a worker's stores from SSH's standard input (three lines: {@link ClusterCertificates#bundle}) into
     * files only the host's user reads ({@code umask 077}: directories 0700, files 0600) under its
     * {@code ${ICN_HOME:-$HOME/.icn}/tls/}, and leaves their directory in {@code $t}. The password goes from {@code read} to a file by
     * the shell's own {@code printf}: never on a command line or in an environment.
     */
    static String receiveStores(String member) {
        return "umask 077; t=\"${ICN_HOME:-$HOME/.icn}/tls/" + member + "\"; mkdir -p \"$t\" && chmod 700 \"$t\" \"$t/..\" || exit 1; "
                + "IFS= read -r p && IFS= read -r k && IFS= read -r s || { echo 'icn: no TLS stores on standard input' >&2; exit 1; }; "
                + "printf '%s\\n' \"$p\" > \"$t/" + ClusterCertificates.PASSWORD + "\" && printf '%s' \"$k\" | base64 -d > \"$t/"
                + ClusterCertificates.KEY_STORE + "\" && printf '%s' \"$s\" | base64 -d > \"$t/" + ClusterCertificates.TRUST_STORE
                + "\" || exit 1; unset p k s; ";
    }

    /**
     * Runs the SSH command for every worker of {@code hosts}; one line naming the host and what SSH said if any fails. With the
     * cluster's {@code certificates} (else null), worker {@code i} (counted over the host file's lines and their JVMs) gets the
     * stores of {@code worker-i} through the SSH session's standard input (the channel SSH already authenticates and encrypts).
     */
    static void start(HostFile hosts, List<String> ssh, HostPort head, String defaultDir, String defaultHeap, Tls.Mode tls,
            ClusterCertificates certificates, Duration joinTimeout, Duration keepNetwork, java.util.function.Consumer<String> progress) {
        List<Process> started = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (HostFile.Host host : hosts.hosts()) {
            for (int j = 0; j < host.jvms(); j++) {
                progress.accept("starting worker " + host.bind() + ":" + (host.port() + j) + " over " + ssh.get(0) + " to " + host.ssh());
                try {
                    started.add(launch(host, j, started.size() + 1, ssh, head, defaultDir, defaultHeap, tls, certificates, joinTimeout,
                            keepNetwork));
                    names.add(host.ssh());
                } catch (IOException e) {
                    throw new ClusterException("cannot run " + String.join(" ", ssh) + ": " + e.getMessage() + " (--ssh or ICN_SSH names the SSH command)");
                }
            }
        }
        for (int i = 0; i < started.size(); i++) {
            String failed = awaited(started.get(i), names.get(i));
            if (failed != null) {
                throw new ClusterException(failed);
            }
        }
    }

    /**
     * Starts worker {@code index} (from 1, counted over the host file's lines and their JVMs), JVM {@code j} of {@code host}, over
     * SSH: the SSH process, which returns once the worker runs in the background there. With the cluster's {@code certificates}
     * (else null) it gets the stores of {@code worker-INDEX} on the session's standard input.
     */
    static Process launch(HostFile.Host host, int j, int index, List<String> ssh, HostPort head, String defaultDir, String defaultHeap,
            Tls.Mode tls, ClusterCertificates certificates, Duration joinTimeout, Duration keepNetwork) throws IOException {
        String member = ClusterCertificates.worker(index);
        List<String> command = new ArrayList<>(ssh);
        command.add(host.ssh());
        command.add(script(host, j, head, defaultDir, defaultHeap, tls, member, joinTimeout, keepNetwork));
        return startSsh(command, certificates == null ? null : certificates.bundle(member));
    }

    /** Waits (at most {@link #LIMIT}) for an SSH start to {@code host}: null once it returned 0, else one line saying why not. */
    static String awaited(Process p, String host) {
        try {
            if (!p.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "ssh to " + host + " did not return within " + LIMIT.toSeconds() + " s";
            }
            if (p.exitValue() != 0) {
                String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
                String last = said.isEmpty() ? "" : ": " + said.lines().reduce((a, b) -> b).orElse("");
                return "ssh to " + host + " failed (exit " + p.exitValue() + ")" + last;
            }
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            return "interrupted while starting a worker over SSH on " + host;
        } catch (IOException e) {
            return "ssh to " + host + " failed: " + e.getMessage();
        }
    }

    /** Starts one SSH command; {@code stdin} (the worker's stores), if any, is written to its standard input, else it reads nothing. */
    private static Process startSsh(List<String> command, byte[] stdin) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (stdin == null) {
            return builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        }
        Process p = builder.start();
        try (java.io.OutputStream in = p.getOutputStream()) {
            in.write(stdin); // a few kilobytes: within the pipe's buffer, so this does not wait for the remote side
        } catch (IOException e) {
            // SSH ended before reading (a host that refused): its exit code and output say why, below
        }
        return p;
    }

    /** The emulator's directory this head runs from (where {@code ./icn} is), taken from its jar; null if unknown. */
    static String ownDirectory() {
        String cp = System.getProperty("java.class.path", "");
        for (String entry : cp.split(java.io.File.pathSeparator)) {
            if (entry.endsWith("icn.jar")) {
                Path jar = Path.of(entry).toAbsolutePath();
                Path root = jar.getParent() == null || jar.getParent().getParent() == null ? null : jar.getParent().getParent().getParent();
                return root == null ? null : root.toString();
            }
        }
        return null;
    }
}
