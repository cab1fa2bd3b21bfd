package icn.protocols.traffic;

import icn.protocols.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What a node generates when its messages are not all alike (issue 32): up to {@link #MAX_CLASSES} traffic classes, each with its
 * own destination pattern and share of the messages, and a mix of message sizes (M flits with a share each) per class. A message's
 * class and size are drawn when it is generated, independently of its destination and arrival. One class of one size is the
 * plain run ({@link #single()}); its text is empty, and a run's random streams are then exactly those of a run without a mix.
 *
 * <p>The command line writes sizes as {@code M:SHARE,M:SHARE} ({@code --sizes 4:0.8,64:0.2}) and a class as
 * {@code PATTERN@SHARE} or {@code PATTERN@SHARE@M} ({@code --class uniform@0.9 --class hotspot:0.5@0.1@64}); a class without its
 * own M takes the sizes. The canonical text that travels in {@link TrafficSpec#mix()} is the classes joined by {@code ;}, each
 * {@code PATTERN@SHARE@M:SHARE+M:SHARE}.
 */
public record TrafficMix(List<TrafficClass> classes) {

    /** Traffic classes at most. */
    public static final int MAX_CLASSES = 4;

    /** Message sizes in one mix at most. */
    public static final int MAX_SIZES = 8;

    /** How far shares may sum from 1 (they are written with a few decimals). */
    private static final double SUM_SLACK = 1e-6;

    /** One class: its pattern, its share of the messages, and its sizes (flits) with their shares. */
    public record TrafficClass(String pattern, double share, int[] sizes, double[] sizeShares) {

        /** The mean message length of this class, in flits. */
        public double meanFlits() {
            double m = 0;
            for (int i = 0; i < sizes.length; i++) {
                m += sizes[i] * sizeShares[i];
            }
            return m;
        }

        /** The size a uniform draw {@code u} in [0, 1) picks. */
        public int size(double u) {
            return sizes[pick(sizes.length, i -> sizeShares[i], u)];
        }

        String text() {
            StringBuilder sb = new StringBuilder(pattern).append('@').append(number(share)).append('@');
            for (int i = 0; i < sizes.length; i++) {
                sb.append(i == 0 ? "" : "+").append(sizes[i]).append(':').append(number(sizeShares[i]));
            }
            return sb.toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof TrafficClass c && c.pattern.equals(pattern) && c.share == share && Arrays.equals(c.sizes, sizes)
                    && Arrays.equals(c.sizeShares, sizeShares);
        }

        @Override
        public int hashCode() {
            return pattern.hashCode() * 31 + Arrays.hashCode(sizes);
        }

        @Override
        public String toString() {
            return text();
        }
    }

    public TrafficMix {
        classes = List.copyOf(classes);
    }

    /**
     * The mix the command line asks for: {@code classes} as {@code PATTERN@SHARE[@M]} (empty: one class of {@code pattern}),
     * {@code sizes} as {@code M:SHARE,...} (empty: every message {@code flits} long); one line naming the problem otherwise.
     */
    public static TrafficMix of(String pattern, int flits, String sizes, List<String> classes) {
        if (sizes != null && sizes.isBlank()) {
            throw new InvalidInputException("--sizes is empty: expected M:SHARE,M:SHARE, e.g. 4:0.8,64:0.2");
        }
        boolean mixed = sizes != null;
        int[] size = mixed ? sizes(sizes) : new int[] {flits};
        double[] sizeShare = mixed ? sizeShares(sizes) : new double[] {1};
        List<TrafficClass> list = new ArrayList<>();
        if (classes == null || classes.isEmpty()) {
            list.add(new TrafficClass(pattern, 1, size, sizeShare));
        } else {
            if (classes.size() > MAX_CLASSES) {
                throw new InvalidInputException("at most " + MAX_CLASSES + " traffic classes (--class), not " + classes.size());
            }
            for (String c : classes) {
                list.add(klass(c, size, sizeShare));
            }
            if (mixed && classes.stream().allMatch(c -> c.split("@").length == 3)) {
                throw new InvalidInputException("--sizes given, but every class has its own M (PATTERN@SHARE@M): the sizes would apply to "
                        + "none of them");
            }
        }
        return checked(list);
    }

    /** The mix {@link TrafficSpec#mix()} carries: empty for one class of {@code pattern} with every message {@code flits} long. */
    public static TrafficMix parse(String text, String pattern, int flits) {
        if (text == null || text.isEmpty()) {
            return new TrafficMix(List.of(new TrafficClass(pattern, 1, new int[] {flits}, new double[] {1})));
        }
        List<TrafficClass> list = new ArrayList<>();
        for (String c : text.split(";")) {
            String[] f = c.split("@");
            if (f.length != 3) {
                throw new InvalidInputException("malformed traffic mix '" + text + "'");
            }
            String s = f[2].replace('+', ',');
            list.add(new TrafficClass(f[0], share(f[1], c), sizes(s), sizeShares(s)));
        }
        return checked(list);
    }

    /** The canonical text: empty for one class of one size. */
    public String text() {
        if (single()) {
            return "";
        }
        return String.join(";", classes.stream().map(TrafficClass::text).toList());
    }

    /** One class whose messages are all one size: the plain run. */
    public boolean single() {
        return classes.size() == 1 && classes.get(0).sizes().length == 1;
    }

    /** The mean message length over all classes, in flits (what turns messages per cycle into flits per cycle). */
    public double meanFlits() {
        double m = 0;
        for (TrafficClass c : classes) {
            m += c.share() * c.meanFlits();
        }
        return m;
    }

    /** The longest message, in flits. */
    public int maxFlits() {
        int m = 0;
        for (TrafficClass c : classes) {
            for (int s : c.sizes()) {
                m = Math.max(m, s);
            }
        }
        return m;
    }

    /** The class a uniform draw {@code u} in [0, 1) picks. */
    public int draw(double u) {
        return pick(classes.size(), i -> classes.get(i).share(), u);
    }

    /** How the report names the mix: the classes with their shares and sizes. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (TrafficClass c : classes) {
            StringBuilder sb = new StringBuilder();
            sb.append(classes.size() > 1 ? c.pattern() + " " + percent(c.share()) + ", " : "");
            if (c.sizes().length == 1) {
                sb.append("M = ").append(c.sizes()[0]);
            } else {
                List<String> s = new ArrayList<>();
                for (int i = 0; i < c.sizes().length; i++) {
                    s.add(c.sizes()[i] + " flits " + percent(c.sizeShares()[i]));
                }
                sb.append(String.join(" + ", s));
            }
            parts.add(sb.toString());
        }
        return String.join("; ", parts);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.4g%%", 100 * share).replaceAll("\\.?0+%", "%");
    }

    /** The index {@code u} in [0, 1) falls on when [0, 1) is cut into {@code n} parts of {@code share(i)} in order. */
    private static int pick(int n, java.util.function.IntToDoubleFunction share, double u) {
        double acc = 0;
        for (int i = 0; i < n - 1; i++) {
            acc += share.applyAsDouble(i);
            if (u < acc) {
                return i;
            }
        }
        return n - 1;
    }


    private static TrafficClass klass(String text, int[] sizes, double[] sizeShares) {
        String[] f = text.strip().split("@");
        if (f.length < 2 || f.length > 3 || f[0].isBlank()) {
            throw new InvalidInputException("malformed traffic class '" + text + "': expected PATTERN@SHARE or PATTERN@SHARE@M, e.g. "
                    + "uniform@0.9 or hotspot:0.5@0.1@64");
        }
        double share = share(f[1], text);
        if (f.length == 3) {
            return new TrafficClass(f[0].strip(), share, new int[] {flits(f[2], text)}, new double[] {1});
        }
        return new TrafficClass(f[0].strip(), share, sizes, sizeShares);
    }

    private static int[] sizes(String text) {
        String[] parts = text.split(",");
        if (parts.length > MAX_SIZES) {
            throw new InvalidInputException("at most " + MAX_SIZES + " message sizes in --sizes, not " + parts.length);
        }
        int[] sizes = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String[] f = parts[i].strip().split(":");
            if (f.length != 2) {
                throw new InvalidInputException("malformed message sizes '" + text + "': expected M:SHARE,M:SHARE, e.g. 4:0.8,64:0.2");
            }
            sizes[i] = flits(f[0], text);
        }
        return sizes;
    }

    private static double[] sizeShares(String text) {
        String[] parts = text.split(",");
        double[] shares = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            shares[i] = share(parts[i].strip().split(":")[1], text);
        }
        return shares;
    }

    private static int flits(String s, String context) {
        try {
            int m = Integer.parseInt(s.strip());
            if (m >= 1) {
                return m;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new InvalidInputException("a message needs a whole number of flits, at least 1: '" + s.strip() + "' in '" + context + "'");
    }

    private static double share(String s, String context) {
        double v;
        try {
            v = Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            v = Double.NaN;
        }
        if (!(v > 0 && v <= 1)) {
            throw new InvalidInputException("a share is a fraction in (0, 1]: '" + s.strip() + "' in '" + context + "'");
        }
        return v;
    }

    private static TrafficMix checked(List<TrafficClass> list) {
        double total = 0;
        for (TrafficClass c : list) {
            total += c.share();
            double sizes = 0;
            for (double s : c.sizeShares()) {
                sizes += s;
            }
            if (Math.abs(sizes - 1) > SUM_SLACK) {
                throw new InvalidInputException("the shares of the message sizes must sum to 1, not " + number(sizes));
            }
            if (Arrays.stream(c.sizes()).distinct().count() != c.sizes().length) {
                throw new InvalidInputException("a message size is given twice in " + c.text());
            }
        }
        if (Math.abs(total - 1) > SUM_SLACK) {
            throw new InvalidInputException("the shares of the traffic classes must sum to 1, not " + number(total));
        }
        return new TrafficMix(list);
    }

    private static String number(double v) {
        String s = String.format(Locale.ROOT, "%.9f", v);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
