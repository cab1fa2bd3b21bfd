package icn.node.traffic;

import icn.protocols.topology.Dragonfly;
import icn.protocols.traffic.MessageDelivered;

/** The links of a dragonfly route by its definition (Kim et al.), computed from the network's arrangement, not by the routing. */
final class DragonflyWalks {

    private DragonflyWalks() {
    }

    /** Channel (to − from − 1) mod G of a group leads to group {@code to}; its router. */
    static int holder(Dragonfly df, int from, int to) {
        return Math.floorMod(to - from - 1, df.groups()) / df.h();
    }

    /** The router of group {@code to} where the global link from group {@code from} arrives. */
    static int arrival(Dragonfly df, int from, int to) {
        return (df.a() * df.h() - 1 - Math.floorMod(to - from - 1, df.groups())) / df.h();
    }

    /** Links from router r of group g to terminal d, local-global-local: the minimal route. */
    static int minimal(Dragonfly df, int g, int r, int d) {
        int gd = df.group(d);
        if (g == gd) {
            return (r == df.router(d) ? 0 : 1) + 1;
        }
        return (holder(df, g, gd) == r ? 0 : 1) + 1 + (arrival(df, g, gd) == df.router(d) ? 0 : 1) + 1;
    }

    /** Links from terminal s to terminal d through group {@code via} (the minimal route if via is −1). */
    static int route(Dragonfly df, int s, int d, int via) {
        int g = df.group(s);
        int r = df.router(s);
        if (via < 0) {
            return 1 + minimal(df, g, r, d);
        }
        return 1 + (holder(df, g, via) == r ? 0 : 1) + 1 + minimal(df, via, arrival(df, g, via), d);
    }

    /** The links a delivered message's route takes at zero load: UGAL takes the minimal route when every queue is empty. */
    static int walk(Dragonfly df, String routing, MessageDelivered d) {
        if (!routing.equals("valiant")) {
            return route(df, d.source(), d.destination(), -1);
        }
        // the intermediate group is the routing's draw: read it from its header, then count the links by the definition
        int target = new icn.node.kind.DragonflyPrograms.Routing(df, 3, "valiant").start(d.id(), d.source(), d.destination(), d.generated()).target();
        return route(df, d.source(), d.destination(), target - 1);
    }
}
