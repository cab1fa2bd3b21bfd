package icn.launcher.pool;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** The text {@code icn cluster status} prints: the head, the jobs running (each on its workers), and a line per worker with its job. */
public final class StatusText {

    private StatusText() {
    }

    /** The status {@code GET /v1/cluster} answered, as a table. */
    public static String of(JsonNode s) {
        StringBuilder sb = new StringBuilder();
        JsonNode head = s.path("head");
        sb.append(String.format(Locale.ROOT, "Standing cluster at %s: head %s on %s (pid %d), up %s; health: %s%n", s.path("api").asText(),
                head.path("address").asText(), head.path("host").asText(), head.path("pid").asLong(), duration(head.path("uptimeSeconds").asLong()),
                s.path("health").asText()));
        JsonNode running = s.path("running");
        sb.append(String.format(Locale.ROOT, "Jobs: %d running, %d queued, %d served, %d kept%s%n", running.size(), s.path("queued").asInt(),
                head.path("runsServed").asLong(), s.path("jobsKept").asLong(), s.path("stopping").asBoolean() ? " (stopping)" : ""));
        for (JsonNode j : running) {
            sb.append(String.format(Locale.ROOT, "  job %s on %s: icn %s%n", j.path("id").asText(), String.join(", ", strings(j.path("workers"))),
                    String.join(" ", strings(j.path("commandLine")))));
        }
        sb.append(String.format(Locale.ROOT, "%-28s %-14s %5s %15s %11s %11s %6s %7s %9s %5s  %s%n", "worker", "host", "cores", "heap used/max",
                "node actors", "kept", "runs", "threads", "up", "job", "health"));
        for (JsonNode w : s.path("workers")) {
            if (!w.has("cores")) {
                sb.append(String.format(Locale.ROOT, "%-28s %-14s %5s %15s %11s %11s %6s %7s %9s %5s  %s%n", w.path("address").asText(), "-", "-",
                        "-", "-", "-", "-", "-", "-", "-", w.path("health").asText() + " (" + w.path("status").asText() + ")"));
                continue;
            }
            sb.append(String.format(Locale.ROOT, "%-28s %-14s %5d %15s %,11d %,11d %6d %7d %9s %5s  %s%n", w.path("address").asText(),
                    w.path("host").asText(), w.path("cores").asInt(), String.format(Locale.ROOT, "%.2f/%.1f GiB",
                            w.path("usedHeapBytes").asLong() / (double) (1L << 30), w.path("maxHeapBytes").asLong() / (double) (1L << 30)),
                    w.path("nodeActors").asLong(), w.path("keptNodeActors").asLong(), w.path("runsServed").asLong(), w.path("threads").asInt(),
                    duration(w.path("uptimeSeconds").asLong()), w.path("job").isTextual() ? "#" + w.path("job").asText() : "-",
                    w.path("health").asText()));
        }
        return sb.toString();
    }

    private static java.util.List<String> strings(JsonNode array) {
        java.util.List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** {@code 45s}, {@code 3m05s}, {@code 2h07m}. */
    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, (seconds % 3600) / 60);
    }
}
