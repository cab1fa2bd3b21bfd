package icn.launcher.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * Where later commands find the standing cluster this machine started: {@code cluster.json} in the emulator's home directory
 * ({@code $ICN_HOME}, by default {@code ~/.icn}), readable by its owner only, since it holds the API's token. It names the API's
 * address, the token, the head's cluster address, its process and where its logs are.
 */
public record ClusterRecord(String api, String token, String akka, long pid, String host, String started, String logs) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The emulator's home directory: {@code icn.home} (a system property, for tests), {@code $ICN_HOME}, or {@code ~/.icn}. */
    public static Path home() {
        String property = System.getProperty("icn.home");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String env = System.getenv("ICN_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".icn");
    }

    /** The record's file. */
    public static Path file() {
        return home().resolve("cluster.json");
    }

    /** The recorded cluster, if there is a readable record. */
    public static Optional<ClusterRecord> read() {
        Path f = file();
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            JsonNode o = JSON.readTree(Files.readString(f, StandardCharsets.UTF_8));
            return Optional.of(new ClusterRecord(o.path("api").asText(), o.path("token").asText(""), o.path("akka").asText(),
                    o.path("pid").asLong(-1), o.path("host").asText(""), o.path("started").asText(""), o.path("logs").asText("")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether the head this record names is gone: it was started on this machine and no process of its id lives. Such a record is
     * stale: a command clears it and never sends its token to whatever answers at its address now (another user's process may
     * have taken the port).
     */
    public boolean stale() {
        if (!host.equals(thisHost())) {
            return false; // a home shared with another machine: its head's process cannot be seen from here
        }
        return !icn.launcher.cluster.Processes.alive(pid); // a killed head left unreaped (a zombie) is gone too
    }

    /** This machine's host name, as a head records it. */
    public static String thisHost() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    /**
     * The recorded cluster if its head still lives; a stale record is removed here, with one line on stderr saying so (a later
     * command then finds no cluster rather than whoever took its port).
     */
    public static Optional<ClusterRecord> live() {
        Optional<ClusterRecord> r = read();
        if (r.isPresent() && r.get().stale()) {
            remove(r.get().pid());
            System.err.println("icn: the standing cluster recorded in " + file() + " is gone (its head, process " + r.get().pid()
                    + ", no longer runs): its record is removed");
            return Optional.empty();
        }
        return r;
    }

    /** Writes this record (owner-only, replacing any other at once). */
    public void write() {
        Path f = file();
        try {
            Files.createDirectories(f.getParent());
            Path part = f.resolveSibling("cluster.json.part");
            Files.deleteIfExists(part);
            Files.createFile(part, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            ObjectNode o = JSON.createObjectNode();
            o.put("api", api);
            o.put("token", token);
            o.put("akka", akka);
            o.put("pid", pid);
            o.put("host", host);
            o.put("started", started);
            o.put("logs", logs);
            Files.writeString(part, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o) + "\n", StandardCharsets.UTF_8);
            Files.move(part, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the cluster in " + f + ": " + e.getMessage(), e);
        }
    }

    /** Removes the record if it still names the head with process id {@code pid} (a later cluster's record stays). */
    public static void remove(long pid) {
        read().filter(r -> r.pid() == pid).ifPresent(r -> {
            try {
                Files.deleteIfExists(file());
            } catch (IOException e) {
                // a stale record is harmless: commands find nobody answering there and say so
            }
        });
    }
}
