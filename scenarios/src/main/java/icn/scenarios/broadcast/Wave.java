package icn.scenarios.broadcast;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.RunMetrics;
import icn.protocols.Topology;
import java.util.Optional;

/**
 * A broadcast's wave: the step after which each node came to hold the message, as the run measured it (both engines record it,
 * {@link icn.protocols.RunMetrics#wave}), with what a picture of it needs: the network's groups (SCC_n's supernodes, CCC_n's rings:
 * {@link Topology#groupSize()} consecutive ids) or a grid of nodes in id order for networks without groups, and each node's label.
 * Written as {@code wave.json} beside a broadcast's results, for the standing cluster's web view; kept up to {@link
 * icn.protocols.RunMetrics#WAVE_MAX} nodes.
 */
public final class Wave {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Wave() {
    }

    /** The wave of a run of {@code algorithm} from {@code source} on {@code t}, or empty when the run kept none. */
    public static Optional<ObjectNode> of(Topology t, String algorithm, int source, RunMetrics run) {
        return run.wave(t.nodeCount()).map(at -> json(t, algorithm, source, at));
    }

    static ObjectNode json(Topology t, String algorithm, int source, int[] at) {
        ObjectNode o = JSON.createObjectNode();
        o.put("topology", t.name());
        o.put("algorithm", algorithm);
        o.put("source", t.label(source));
        o.put("sourceId", source);
        o.put("nodes", t.nodeCount());
        int last = 0;
        for (int s : at) {
            last = Math.max(last, s);
        }
        o.put("steps", last);
        int group = Math.max(1, t.groupSize());
        o.put("layout", group > 1 ? "groups" : "grid");
        o.put("groupSize", group);
        // a group is a ring of consecutive ids (SCC_n's supernode is its ring of local links, CCC_n's its cycle): named by what it is,
        // not by the network's kind
        o.put("groupName", group > 1 ? "ring" : "node");
        ArrayNode labels = o.putArray("labels");
        ArrayNode steps = o.putArray("informedAt");
        for (int v = 0; v < at.length; v++) {
            labels.add(t.label(v));
            steps.add(at[v]);
        }
        return o;
    }
}
