package icn.launcher.pool;

import icn.protocols.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The hosts of a standing cluster, one a line, in the manner of MPI's host file and Spark's {@code workers}:
 *
 * <pre>
 * # HOST [bind=ADDRESS] [port=PORT] [jvms=K] [heap=SIZE] [dir=PATH] [advertise=ADDRESS:PORT]
 * 10.0.0.2
 * alice@10.0.0.3  jvms=2 heap=8g dir=/opt/icn-emulator
 * node4           bind=10.0.1.4 port=25600
 * </pre>
 *
 * HOST is what {@code ssh} is given (a name, an address, {@code user@host}). {@code bind}: the address the host's workers listen on
 * and the others reach them at (default: HOST without its user). {@code port}: the first worker's port, the next ones following
 * (default {@value #DEFAULT_PORT}). {@code jvms}: worker JVMs on the host (default 1). {@code heap}: their {@code ICN_HEAP} (default:
 * the head's). {@code dir}: the emulator's directory on the host, where {@code ./icn} is (default: the head's own). A {@code #}
 * starts a comment; blank lines are skipped. {@code advertise}: where the other members reach the host's first worker when that
 * is not where it listens (a relay, a forwarded port; the next workers' ports follow). Every mistake is refused with one line
 * naming the file and line.
 */
public record HostFile(Path file, List<Host> hosts) {

    /** The first worker port of a host unless its line says otherwise. */
    public static final int DEFAULT_PORT = 25521;

    private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[kKmMgG]");
    private static final Pattern ADDRESS = Pattern.compile("[A-Za-z0-9_.:\\[\\]-]+");
    private static final Pattern SSH_HOST = Pattern.compile("([A-Za-z0-9_.-]+@)?[A-Za-z0-9_.:\\[\\]-]+");
    private static final Set<String> KEYS = Set.of("bind", "port", "jvms", "heap", "dir", "advertise");
    private static final String KEY_LIST = "bind, port, jvms, heap, dir, advertise";

    /** One line of the file: where ssh goes, where its workers listen, how many, with what heap, and where the emulator is. */
    public record Host(String ssh, String bind, int port, int jvms, String heap, String dir, icn.launcher.cluster.HostPort advertise,
            int line) {

        /** The addresses the cluster knows this host's workers by: {@code bind:port}, {@code bind:port+1}, ... (or advertise's). */
        public List<String> workerAddresses() {
            List<String> all = new ArrayList<>();
            String host = advertise != null ? advertise.host() : bind;
            int first = advertise != null ? advertise.port() : port;
            for (int j = 0; j < jvms; j++) {
                all.add(host + ":" + (first + j));
            }
            return all;
        }
    }

    /** The worker JVMs of every host together. */
    public int workers() {
        return hosts.stream().mapToInt(Host::jvms).sum();
    }

    /** Reads and checks {@code file}: one line (exit 2) naming the file, the line and the problem otherwise. */
    public static HostFile read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidInputException("--hosts " + file + ": cannot read it (" + e.getMessage() + ")");
        }
        return parse(file, text);
    }

    /** Parses the text of a host file named {@code file} (for messages). */
    public static HostFile parse(Path file, String text) {
        List<Host> hosts = new ArrayList<>();
        Set<String> addresses = new HashSet<>();
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int hash = line.indexOf('#');
            String content = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (content.isEmpty()) {
                continue;
            }
            Host host = host(file, i + 1, content);
            for (String address : host.workerAddresses()) {
                if (!addresses.add(address)) {
                    throw bad(file, i + 1, "worker address " + address + " is given twice (two lines with the same bind address"
                            + " need ports far enough apart)");
                }
            }
            hosts.add(host);
        }
        if (hosts.isEmpty()) {
            throw new InvalidInputException("--hosts " + file + ": no host in it (one host a line, e.g. '10.0.0.2 jvms=2')");
        }
        return new HostFile(file, List.copyOf(hosts));
    }

    private static Host host(Path file, int line, String content) {
        String[] words = content.split("\\s+");
        String ssh = words[0];
        if (!SSH_HOST.matcher(ssh).matches()) {
            throw bad(file, line, "'" + ssh + "' is not a host (a name or address, optionally user@)");
        }
        Map<String, String> keys = new LinkedHashMap<>();
        for (int w = 1; w < words.length; w++) {
            int eq = words[w].indexOf('=');
            if (eq <= 0 || eq == words[w].length() - 1) {
                throw bad(file, line, "'" + words[w] + "' is not KEY=VALUE (keys: " + KEY_LIST + ")");
            }
            String key = words[w].substring(0, eq).toLowerCase(Locale.ROOT);
            if (!KEYS.contains(key)) {
                throw bad(file, line, "unknown key '" + key + "' (keys: " + KEY_LIST + ")");
            }
            if (keys.put(key, words[w].substring(eq + 1)) != null) {
                throw bad(file, line, "key '" + key + "' is given twice");
            }
        }
        String bind = keys.getOrDefault("bind", ssh.substring(ssh.indexOf('@') + 1));
        if (!ADDRESS.matcher(bind).matches()) {
            throw bad(file, line, "bind=" + bind + " is not an address");
        }
        int port = number(file, line, keys, "port", DEFAULT_PORT, 1, 65535);
        int jvms = number(file, line, keys, "jvms", 1, 1, 64);
        if (port + jvms - 1 > 65535) {
            throw bad(file, line, "ports " + port + ".." + (port + jvms - 1) + " run past 65535");
        }
        String heap = keys.get("heap");
        if (heap != null && !HEAP.matcher(heap).matches()) {
            throw bad(file, line, "heap=" + heap + " is not a size such as 4g or 512m");
        }
        String dir = keys.get("dir");
        if (dir != null && (dir.contains("'") || !dir.startsWith("/"))) {
            throw bad(file, line, "dir=" + dir + " must be an absolute path without quotes");
        }
        icn.launcher.cluster.HostPort advertise = null;
        if (keys.containsKey("advertise")) {
            try {
                advertise = icn.launcher.cluster.HostPort.parse("advertise", keys.get("advertise"));
            } catch (InvalidInputException e) {
                throw bad(file, line, "advertise=" + keys.get("advertise") + " is not ADDRESS:PORT");
            }
            if (advertise.port() == 0 || advertise.port() + jvms - 1 > 65535) {
                throw bad(file, line, "advertise=" + keys.get("advertise") + " needs ports 1.." + (65536 - jvms));
            }
        }
        return new Host(ssh, bind, port, jvms, heap, dir, advertise, line);
    }

    private static int number(Path file, int line, Map<String, String> keys, String key, int otherwise, int min, int max) {
        String value = keys.get(key);
        if (value == null) {
            return otherwise;
        }
        try {
            int v = Integer.parseInt(value);
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw bad(file, line, key + "=" + value + " must be a whole number in " + min + ".." + max);
    }

    private static InvalidInputException bad(Path file, int line, String problem) {
        return new InvalidInputException("--hosts " + file + ":" + line + ": " + problem);
    }
}
