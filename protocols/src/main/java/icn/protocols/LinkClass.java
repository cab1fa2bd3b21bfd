package icn.protocols;

/** The classes of links a topology has; SCC_n has lateral links (inherited from S_n) and local (ring) links (000 §2.2). */
public enum LinkClass {
    LATERAL("lateral"),
    LOCAL("local");

    private final String key;

    LinkClass(String key) {
        this.key = key;
    }

    /** The name used in reports and JSON ({@code linkMessages.lateral}). */
    public String key() {
        return key;
    }
}
