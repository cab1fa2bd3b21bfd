package icn.node.kind;

import icn.node.traffic.TrafficRouting;
import icn.node.traffic.WormholeRoutings;
import icn.protocols.NetworkKind;
import icn.protocols.topology.Mesh;
import java.util.List;
import java.util.function.BiFunction;

/** The mesh's programs (issue 39): dimension-order and Duato's adaptive wormhole routings; BFS routing for icn route. */
final class MeshPrograms implements KindPrograms<Mesh> {

    @Override
    public List<NetworkKind> kinds() {
        return List.of(NetworkKind.MESH);
    }

    @Override
    public Class<Mesh> type() {
        return Mesh.class;
    }

    @Override
    public List<NetworkPrograms.Named<BiFunction<Mesh, Integer, TrafficRouting>>> trafficRoutings() {
        return List.of(KindPrograms.named(WormholeRoutings.DIMENSION_ORDER, (x, v) -> WormholeRoutings.mesh(x, v, false)),
                KindPrograms.named(WormholeRoutings.ADAPTIVE, (x, v) -> WormholeRoutings.mesh(x, v, true)));
    }
}
