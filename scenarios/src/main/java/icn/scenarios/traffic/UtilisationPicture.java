package icn.scenarios.traffic;

import icn.protocols.Topology;
import icn.protocols.topology.SccPort;
import java.util.Locale;
import java.util.Optional;

/**
 * The channel utilisation of one traffic run drawn on the network, as SVG (issue 32): on SCC_n every supernode a ring of its n−1
 * nodes, each local channel an arc beside its ring (the counterclockwise one outside, the clockwise one inside) and each lateral
 * channel a stub pointing away from its node; on a two-dimensional torus the grid, each channel a line beside its link (the
 * wrap-around links as stubs at the border). Colour: flits per channel per cycle, 0 to 1. Other networks, and networks of more than
 * {@value #MAX_CHANNELS} channels, get none.
 */
public final class UtilisationPicture {

    static final int MAX_CHANNELS = 120_000;

    private UtilisationPicture() {
    }

    /** The SVG of {@code u} on {@code t}, or empty where the network has no picture. */
    public static Optional<String> svg(Topology t, ChannelUtilisation u, String title) {
        if ((long) t.nodeCount() * t.portCount() > MAX_CHANNELS) {
            return Optional.empty();
        }
        return switch (icn.scenarios.kind.NetworkPapers.of(t).picture()) {
            case SUPERNODE_RINGS -> Optional.of(scc(t, u, title));
            case GRID -> t.address().filter(a -> a.digits() == 2).map(a -> torus(t, a.radix(), u, title));
            case NONE -> Optional.empty();
        };
    }

    private static String scc(Topology t, ChannelUtilisation u, String title) {
        int ring = t.groupSize();
        int supernodes = t.nodeCount() / ring;
        int columns = (int) Math.ceil(Math.sqrt(supernodes));
        double cell = 60;
        double radius = 18;
        StringBuilder body = new StringBuilder();
        for (int g = 0; g < supernodes; g++) {
            double cx = 30 + (g % columns) * cell;
            double cy = 110 + (g / columns) * cell;
            for (int k = 0; k < ring; k++) {
                int node = g * ring + k;
                double a = 2 * Math.PI * k / ring - Math.PI / 2;
                double b = 2 * Math.PI * (k + 1) / ring - Math.PI / 2;
                // RIGHT goes to the next position (counterclockwise in the papers' drawing): outside; LEFT, from the next node back: inside
                arc(body, cx, cy, radius + 2.5, a, b, u.channel(node, SccPort.RIGHT.index()));
                arc(body, cx, cy, radius - 2.5, a, b, u.channel(g * ring + (k + 1) % ring, SccPort.LEFT.index()));
                double x = cx + radius * Math.cos(a);
                double y = cy + radius * Math.sin(a);
                line(body, x, y, cx + (radius + 10) * Math.cos(a), cy + (radius + 10) * Math.sin(a), u.channel(node, SccPort.LATERAL.index()), 2.5);
                body.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.6\" fill=\"#333\"/>%n", x, y));
            }
        }
        int rows = (supernodes + columns - 1) / columns;
        return document(title, "supernodes as rings: local channels beside the ring (RIGHT outside, LEFT inside), lateral channels as"
                + " stubs", 60 + columns * cell, 140 + rows * cell, body);
    }

    private static String torus(Topology t, int k, ChannelUtilisation u, String title) {
        double cell = Math.max(14, Math.min(48, 900.0 / k));
        StringBuilder body = new StringBuilder();
        for (int node = 0; node < t.nodeCount(); node++) {
            int x = node % k; // ids are Σ digit·k^position
            int y = node / k;
            double px = 40 + x * cell;
            double py = 110 + y * cell;
            for (int d = 0; d < 2; d++) {
                for (boolean up : new boolean[] {true, false}) {
                    int port = 2 * d + (up ? 0 : 1); // DIM<d>+ and DIM<d>-
                    double sign = up ? 1 : -1;
                    int digit = d == 0 ? x : y;
                    boolean wraps = up ? digit == k - 1 : digit == 0;
                    double length = wraps ? cell * 0.3 : cell;
                    double offset = up ? -2 : 2; // the two directions of a link side by side
                    double dx = d == 0 ? sign * length : 0;
                    double dy = d == 1 ? sign * length : 0;
                    double ox = d == 1 ? offset : 0;
                    double oy = d == 0 ? offset : 0;
                    line(body, px + ox, py + oy, px + dx + ox, py + dy + oy, u.channel(node, port), 2.5);
                }
            }
            body.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"#333\"/>%n", px, py));
        }
        return document(title, "the grid: each link's two directions side by side, wrap-around links as stubs at the border",
                80 + k * cell, 150 + k * cell, body);
    }

    private static void arc(StringBuilder sb, double cx, double cy, double r, double a, double b, double value) {
        sb.append(String.format(Locale.ROOT, "<path d=\"M %.1f %.1f A %.1f %.1f 0 0 1 %.1f %.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\"/>%n",
                cx + r * Math.cos(a), cy + r * Math.sin(a), r, r, cx + r * Math.cos(b), cy + r * Math.sin(b), colour(value)));
    }

    private static void line(StringBuilder sb, double x1, double y1, double x2, double y2, double value, double width) {
        sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"/>%n",
                x1, y1, x2, y2, colour(value), width));
    }

    /** Pale yellow (idle) through orange to dark red (a flit every cycle); grey where there is no channel. */
    static String colour(double value) {
        if (Double.isNaN(value)) {
            return "#cccccc";
        }
        double v = Math.max(0, Math.min(1, value));
        int r = (int) Math.round(255 - 115 * v * v);
        int g = (int) Math.round(247 - 247 * v);
        int b = (int) Math.round(188 - 188 * Math.sqrt(v));
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }

    private static String document(String title, String how, double width, double height, StringBuilder body) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\""
                + " font-family=\"sans-serif\" font-size=\"12\">%n", Math.max(width, 520), height, Math.max(width, 520), height));
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        sb.append("<text x=\"10\" y=\"18\">").append(escape(title)).append("</text>\n");
        sb.append("<text x=\"10\" y=\"34\" font-size=\"10\">").append(escape(how)).append("</text>\n");
        for (int i = 0; i <= 10; i++) {
            sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"44\" width=\"30\" height=\"10\" fill=\"%s\"/>%n", 10 + 30 * i, colour(i / 10.0)));
        }
        sb.append("<text x=\"10\" y=\"68\">0</text><text x=\"250\" y=\"68\">1 flit per channel per cycle</text>\n");
        sb.append(body).append("</svg>\n");
        return sb.toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
