package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.NetworkKind;
import icn.protocols.Topology;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Topologies by the names the command line, scenarios and the wire use ({@code scc:6}): each named {@link NetworkKind}'s parser,
 * which its constant names.
 */
public final class Topologies {

    private static final Map<NetworkKind, Function<String, ? extends Topology>> PARSERS = parsers();

    /**
     * The kinds of topology this build knows, as {@code KIND:PARAMS} examples, in the order help texts list them, and last
     * {@code file:PATH}, a network read from a file ({@link FileNetwork}).
     */
    public static final List<String> KINDS = java.util.stream.Stream.concat(NetworkKind.namedKinds().stream().map(NetworkKind::form),
            java.util.stream.Stream.of(FileNetwork.PREFIX + ":PATH")).toList();

    /**
     * Networks in one list (an option's value) are separated by commas; a comma inside a network's parameters ({@code torus:4,3},
     * {@code inh:2:1,3,2,1}) does not separate, since the next network starts with its kind and a colon.
     */
    public static final String LIST = ",(?=[a-z][a-z0-9-]*:)";

    private Topologies() {
    }

    /**
     * The paths of the {@code file:PATH} networks in {@code text}, a network or a list of them, as {@link #parse} would read them:
     * what a submission must send with it (issue 36).
     */
    public static List<String> files(String text) {
        return java.util.Arrays.stream(text.split(LIST)).map(String::strip).filter(t -> t.startsWith(FileNetwork.PREFIX + ":"))
                .map(t -> t.substring(FileNetwork.PREFIX.length() + 1).strip()).toList();
    }

    /** Every named kind's parser ({@link NetworkKind#parser()}), resolved once: a kind whose parser is missing fails here, at once. */
    private static Map<NetworkKind, Function<String, ? extends Topology>> parsers() {
        Map<NetworkKind, Function<String, ? extends Topology>> p = new EnumMap<>(NetworkKind.class);
        for (NetworkKind k : NetworkKind.namedKinds()) {
            String[] named = k.parser().split("::");
            java.lang.reflect.Method m;
            try {
                m = Class.forName(Topologies.class.getPackageName() + "." + named[0]).getMethod(named[1], String.class);
            } catch (ReflectiveOperationException | ArrayIndexOutOfBoundsException e) {
                throw new IllegalStateException(k + "'s parser " + k.parser() + " is not a public method of " + Topologies.class.getPackageName(), e);
            }
            if (!java.lang.reflect.Modifier.isStatic(m.getModifiers()) || !Topology.class.isAssignableFrom(m.getReturnType())) {
                throw new IllegalStateException(k + "'s parser " + k.parser() + " must be static and return a Topology");
            }
            p.put(k, params -> invoke(m, params));
        }
        return p;
    }

    private static Topology invoke(java.lang.reflect.Method parser, String params) {
        try {
            return (Topology) parser.invoke(null, params);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r; // the parser's own refusal (one line), or its failure
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A topology by name ({@code scc:6}, {@code cr:5}, {@code torus:4,3}, …); one line naming the problem otherwise. */
    public static Topology parse(String text) {
        String t = text.strip();
        if (t.startsWith(FileNetwork.PREFIX + ":")) {
            return FileNetwork.read(t.substring(FileNetwork.PREFIX.length() + 1));
        }
        int colon = t.indexOf(':');
        NetworkKind kind = NetworkKind.ofPrefix(colon < 0 ? t : t.substring(0, colon));
        if (kind == null) {
            throw new InvalidInputException("unknown topology '" + text + "': this build knows " + String.join(", ", KINDS));
        }
        if (colon < 0) {
            throw new InvalidInputException("malformed topology '" + text + "': expected " + kind.form()
                    + (kind == NetworkKind.SCC ? ", e.g. scc:6" : ""));
        }
        return PARSERS.get(kind).apply(t.substring(colon + 1));
    }

    /** An SCC_n by name; one line naming the problem otherwise. */
    public static Scc scc(String text) {
        Topology t = parse(text);
        if (t.kind() != NetworkKind.SCC) {
            throw new InvalidInputException("expected scc:N, e.g. scc:6, not '" + text.strip() + "'");
        }
        return (Scc) t;
    }

    /**
     * {@code t} as its kind's class {@code type}, or empty where it is another kind: for the code that runs on one kind only (001's
     * own broadcasts on SCC_n, 003's theorem on CR_n), so that it asks here rather than testing a topology's class itself.
     */
    public static <T extends Topology> java.util.Optional<T> as(Topology t, Class<T> type) {
        return type.isInstance(t) ? java.util.Optional.of(type.cast(t)) : java.util.Optional.empty();
    }

    /** The network {@code text} names, as class {@code type}; empty where it is a network of another kind. */
    public static <T extends Topology> java.util.Optional<T> parse(String text, Class<T> type) {
        return as(parse(text), type);
    }

    /** How many consecutive ids form a group that a {@link icn.protocols.Partition.Kind#SUPERNODE} partition keeps together. */
    public static int groupSize(Topology topology) {
        return topology.groupSize();
    }
}
