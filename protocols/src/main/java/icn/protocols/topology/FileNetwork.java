package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.LinkClass;
import icn.protocols.Topology;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A network read from a file (issue 32), as BookSim's anynet and SST's anytopo read theirs: {@code file:PATH}. Undirected links;
 * node ids in the order the nodes first appear, a node's ports in the order its links appear (port p of a node is its p-th link,
 * {@link #NONE} past its degree), every link of class {@link LinkClass#LOCAL}; labels are the names the file gives.
 *
 * <p>Two formats, by the file's name: <b>GraphML</b> ({@code .graphml} or {@code .xml}: {@code <node id="…"/>} and
 * {@code <edge source="…" target="…"/>}, other elements ignored, no external entities), and otherwise an <b>edge list</b>: a link
 * per line, two node names (letters, digits, {@code _ . - : / + @}) separated by blanks or a comma, {@code #} starting a comment.
 * Refused in one line naming the line by its number (a malformed line is never quoted: the file may be one its reader should not
 * see): a line that is not two names, a link from a node to itself, a link given twice, an edge to an undeclared node (GraphML);
 * and a file with no links, or whose network is not connected (naming two nodes that cannot reach each other), or that cannot be
 * read.
 *
 * <p>Its name is {@code file:} and the absolute path, so that every JVM of a run reads the same file: on a cluster of several hosts
 * the file must be at that path on each. Read once per JVM while the file is unchanged.
 */
public final class FileNetwork implements Topology {

    public static final String PREFIX = "file";
    /** The most nodes a file may give. */
    public static final int MAX_NODES = 1 << 22;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.\\-:/+@]+");
    private static final Pattern SEPARATOR = Pattern.compile("[\\s,]+");
    private static final Map<String, FileNetwork> READ = new ConcurrentHashMap<>();

    /**
     * Where networks may be read from while the head runs a submission, or null. One process-wide value, as the head runs one
     * submission at a time and parses its networks on whichever thread the command uses.
     */
    private static volatile Path confinedTo;

    private final String name;
    private final String[] labels;
    private final Map<String, Integer> ids;
    private final int[][] ports; // [node][port]: the neighbour, NONE past the degree
    private final int[][] arrival; // [node][port]: the port the link arrives on at the neighbour
    private final int portCount;
    private final int[][] latency; // [node][port]: the link's latency in cycles as the file gives it, 0 for none; null if none given

    private FileNetwork(String name, List<String> labels, List<int[]> links) {
        this.name = name;
        this.labels = labels.toArray(String[]::new);
        this.ids = new HashMap<>();
        for (int v = 0; v < this.labels.length; v++) {
            ids.put(this.labels[v], v);
        }
        int n = this.labels.length;
        int[] degree = new int[n];
        for (int[] l : links) {
            degree[l[0]]++;
            degree[l[1]]++;
        }
        this.portCount = Arrays.stream(degree).max().orElse(0);
        this.ports = new int[n][];
        this.arrival = new int[n][];
        for (int v = 0; v < n; v++) {
            ports[v] = new int[degree[v]];
            arrival[v] = new int[degree[v]];
        }
        boolean latencies = links.stream().anyMatch(l -> l[2] > 0);
        this.latency = latencies ? new int[n][] : null;
        for (int v = 0; latencies && v < n; v++) {
            latency[v] = new int[degree[v]];
        }
        int[] fill = new int[n];
        for (int[] l : links) {
            int pa = fill[l[0]]++;
            int pb = fill[l[1]]++;
            ports[l[0]][pa] = l[1];
            ports[l[1]][pb] = l[0];
            arrival[l[0]][pa] = pb;
            arrival[l[1]][pb] = pa;
            if (latencies) {
                latency[l[0]][pa] = l[2];
                latency[l[1]][pb] = l[2];
            }
        }
    }

    /** The most cycles a link's latency may be given as. */
    public static final int MAX_LATENCY = 1_000;

    @Override
    public boolean hasLinkLatencies() {
        return latency != null;
    }

    @Override
    public int linkLatency(int node, int port) {
        return latency == null || port >= latency[node].length ? 0 : latency[node][port];
    }

    /**
     * While the handle this returns is open, a network is read only from a file under {@code dir}, and any other {@code file:PATH}
     * is refused in one line: a standing cluster's head runs a submitted command in its own JVM, as its own user, and a network
     * named by a path of the head's would be the head's file read for someone who could not read it (issue 36). Files
     * are not confined otherwise: a local run reads what its user can read anyway.
     */
    public static Confinement readOnlyUnder(Path dir) {
        Path before = confinedTo;
        confinedTo = dir.toAbsolutePath().normalize();
        return () -> confinedTo = before;
    }

    /**
     * As {@link #readOnlyUnder}, for this thread and the threads it starts only: for jobs run as threads of one JVM beside other
     * work (the tests' stand-in for a job's process), where a process-wide confinement would reach whatever else that JVM runs
     * while the job lasts. A job's own process uses {@link #readOnlyUnder}.
     */
    public static Confinement readOnlyUnderOnThisThread(Path dir) {
        Path before = CONFINED_ON_THREAD.get();
        CONFINED_ON_THREAD.set(dir.toAbsolutePath().normalize());
        return () -> CONFINED_ON_THREAD.set(before);
    }

    private static final InheritableThreadLocal<Path> CONFINED_ON_THREAD = new InheritableThreadLocal<>();

    /** {@link #readOnlyUnder}'s handle: closing it lifts the confinement. */
    @FunctionalInterface
    public interface Confinement extends AutoCloseable {
        @Override
        void close();
    }

    /** The network of the file {@code path} (the text after {@code file:}); one line naming the problem otherwise. */
    public static FileNetwork read(String path) {
        if (path.isBlank()) {
            throw new InvalidInputException("malformed topology 'file:': expected file:PATH, a file of links (an edge list or GraphML)");
        }
        Path file;
        try {
            file = Path.of(path.strip()).toAbsolutePath().normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new InvalidInputException("malformed topology 'file:': the text after file: is not a path");
        }
        checkConfined(file, path.strip());
        String name = PREFIX + ":" + file;
        String stamp;
        try {
            stamp = Files.getLastModifiedTime(file).toMillis() + "/" + Files.size(file);
        } catch (IOException e) {
            throw new InvalidInputException("cannot read " + name + ": " + (Files.exists(file) ? e.getMessage() : "no such file"));
        }
        String key = name + "#" + stamp;
        FileNetwork known = READ.get(key);
        if (known != null) {
            return known;
        }
        String lower = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        FileNetwork read = lower.endsWith(".graphml") || lower.endsWith(".xml") ? graphMl(name, file) : edgeList(name, file);
        read.checkConnected();
        if (READ.size() > 8) {
            READ.clear();
        }
        READ.put(key, read);
        return read;
    }

    /**
     * Refuses {@code file} outside the confinement, before anything about it is looked up: the answer is the same whether it
     * exists, can be read or not, so that it tells the submitter nothing of the head's files. Symbolic links are followed before
     * the check, so that a link among the submission's files cannot lead out of them.
     */
    private static void checkConfined(Path file, String given) {
        Path root = CONFINED_ON_THREAD.get() != null ? CONFINED_ON_THREAD.get() : confinedTo;
        if (root == null) {
            return;
        }
        boolean inside = file.startsWith(root);
        if (inside && Files.exists(file)) {
            try {
                inside = file.toRealPath().startsWith(root.toRealPath());
            } catch (IOException e) {
                inside = false;
            }
        }
        if (!inside) {
            // the path as written (control characters as '?', so that the answer stays one line), never where it leads
            throw new InvalidInputException("file:" + given.replaceAll("\\p{Cntrl}", "?") + ": a submitted command reads a network only from a file sent with it"
                    + " (name it as --topology file:PATH on the submitting command line)");
        }
    }

    private static FileNetwork edgeList(String name, Path file) {
        Links links = new Links(name);
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String text = lines.get(i);
                int hash = text.indexOf('#');
                String line = (hash >= 0 ? text.substring(0, hash) : text).strip();
                if (line.isEmpty()) {
                    continue;
                }
                String[] names = SEPARATOR.split(line);
                if (names.length < 2 || names.length > 3 || !NAME.matcher(names[0]).matches() || !NAME.matcher(names[1]).matches()) {
                    // named by its number, never quoted: the file may be one its reader should not see (issue 36)
                    throw new InvalidInputException(name + " line " + (i + 1) + ": expected two node names (letters, digits, _ . - : / + @)"
                            + " separated by blanks or a comma, and optionally the link's latency in cycles");
                }
                links.add(names[0], names[1], i + 1, true, names.length == 3 ? latency(names[2], name, i + 1) : 0);
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new InvalidInputException("cannot read " + name + ": " + e.getMessage());
        }
        return links.network();
    }

    private static FileNetwork graphMl(String name, Path file) {
        Links links = new Links(name);
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            XMLStreamReader x = factory.createXMLStreamReader(r);
            while (x.hasNext()) {
                if (x.next() != XMLStreamReader.START_ELEMENT) {
                    continue;
                }
                int line = x.getLocation().getLineNumber();
                if (x.getLocalName().equals("graph") && "directed".equals(x.getAttributeValue(null, "edgedefault"))) {
                    throw new InvalidInputException(name + " line " + line + ": a directed graph; links read from a file are undirected"
                            + " (edgedefault=\"undirected\")");
                }
                if (x.getLocalName().equals("node")) {
                    String id = x.getAttributeValue(null, "id");
                    if (id == null || !NAME.matcher(id).matches()) {
                        throw new InvalidInputException(name + " line " + line + ": a node needs an id of letters, digits, _ . - : / + @");
                    }
                    if (links.ids.containsKey(id)) {
                        throw new InvalidInputException(name + " line " + line + ": node '" + id + "' is declared twice");
                    }
                    links.node(id);
                } else if (x.getLocalName().equals("edge")) {
                    String a = x.getAttributeValue(null, "source");
                    String b = x.getAttributeValue(null, "target");
                    if (a == null || b == null) {
                        throw new InvalidInputException(name + " line " + line + ": an edge needs a source and a target");
                    }
                    String l = x.getAttributeValue(null, "latency");
                    links.add(a, b, line, false, l == null ? 0 : latency(l, name, line));
                }
            }
        } catch (XMLStreamException e) {
            // the parser's message quotes the text it stopped at: the line number alone, as for an edge list
            int line = e.getLocation() == null ? -1 : e.getLocation().getLineNumber();
            throw new InvalidInputException(name + " is not well-formed XML" + (line > 0 ? " (line " + line + ")" : ""));
        } catch (IOException e) {
            throw new InvalidInputException("cannot read " + name + ": " + e.getMessage());
        }
        return links.network();
    }

    /** A link's latency as a file gives it (issue 39): a whole number of cycles, 1 .. {@value #MAX_LATENCY}; one line otherwise. */
    private static int latency(String text, String name, int line) {
        int l = text.strip().matches("\\d{1,4}") ? Integer.parseInt(text.strip()) : -1;
        if (l < 1 || l > MAX_LATENCY) {
            throw new InvalidInputException(name + " line " + line + ": a link's latency is a whole number of cycles, 1.." + MAX_LATENCY);
        }
        return l;
    }

    /** The nodes and links read so far, each link checked as it comes. */
    private static final class Links {
        final String name;
        final Map<String, Integer> ids = new LinkedHashMap<>();
        final List<int[]> links = new ArrayList<>();
        final Map<Long, Integer> lineOf = new HashMap<>();

        Links(String name) {
            this.name = name;
        }

        int node(String label) {
            Integer id = ids.get(label);
            if (id == null) {
                if (ids.size() == MAX_NODES) {
                    throw new InvalidInputException(name + " has more than " + MAX_NODES + " nodes");
                }
                id = ids.size();
                ids.put(label, id);
            }
            return id;
        }

        void add(String a, String b, int line, boolean declares, int latency) {
            if (!declares && (!ids.containsKey(a) || !ids.containsKey(b))) {
                throw new InvalidInputException(name + " line " + line + ": an edge to node '" + (ids.containsKey(a) ? b : a)
                        + "', which no <node> declares");
            }
            if (a.equals(b)) {
                throw new InvalidInputException(name + " line " + line + ": a link from " + a + " to itself");
            }
            int u = node(a);
            int v = node(b);
            long key = (long) Math.min(u, v) << 32 | Math.max(u, v);
            Integer first = lineOf.putIfAbsent(key, line);
            if (first != null) {
                throw new InvalidInputException(name + " line " + line + ": the link " + a + " " + b + " is given twice (first on line "
                        + first + ")");
            }
            links.add(new int[] {u, v, latency});
        }

        FileNetwork network() {
            if (links.isEmpty()) {
                throw new InvalidInputException(name + " has no links");
            }
            return new FileNetwork(name, new ArrayList<>(ids.keySet()), links);
        }
    }


    private void checkConnected() {
        int[] d = icn.protocols.Bfs.distances(this, 0);
        for (int v = 0; v < d.length; v++) {
            if (d[v] < 0) {
                throw new InvalidInputException(name + " is not connected: " + labels[0] + " cannot reach " + labels[v]);
            }
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int nodeCount() {
        return labels.length;
    }

    @Override
    public int portCount() {
        return portCount;
    }

    @Override
    public String portName(int port) {
        if (port < 0 || port >= portCount) {
            throw new IllegalArgumentException(name + " has no port " + port);
        }
        return "link" + port;
    }

    @Override
    public int neighbour(int node, int port) {
        int[] p = ports[node];
        return port < p.length ? p[port] : NONE;
    }

    @Override
    public int arrivalPort(int node, int port) {
        return arrival[node][port];
    }

    /** Every link is of one class. */
    @Override
    public LinkClass linkClass(int port) {
        return LinkClass.LOCAL;
    }

    @Override
    public String label(int node) {
        return labels[node];
    }

    @Override
    public int parseLabel(String text) {
        Integer id = ids.get(text.strip());
        if (id == null) {
            throw new InvalidInputException("no node '" + text.strip() + "' in " + name);
        }
        return id;
    }
}
