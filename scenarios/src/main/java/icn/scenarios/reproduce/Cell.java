package icn.scenarios.reproduce;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * One cell of a reproduced table: what the run measured beside what the paper printed. {@code agrees} is null where there is
 * nothing to compare (the paper prints no value, or the run could not measure one).
 *
 * <p>How a cell is compared is its {@link Relation}: {@code EQUAL} rounds the measurement to the printed number's decimals (a
 * printed 5.306 agrees with a measured 5.30555…; a printed 47.4% with 47.37%); {@code AT_MOST} reads the printed value as an
 * upper bound (001 Table 1 "lists upper bounds"); {@code WITHIN} allows the measurement's own 95 % interval around it (a mean over
 * random draws); {@code TEXT} compares strings.
 *
 * @param row row label as the paper's table has it ("4", "lateral")
 * @param column column label
 * @param measured a Number or a String, null if the run could not measure it
 * @param printed the paper's value as printed (a Number or a String such as "47.4%"), null if the paper prints none
 * @param agrees whether they agree, null if not comparable
 * @param relation how they were compared
 * @param note why they disagree, or how the measurement was made, or null
 * @param kind what the value on the measured side is: a run's measurement, a closed form, 002's model, or a given parameter
 */
public record Cell(String row, String column, Object measured, Object printed, Boolean agrees, Relation relation, String note,
        Kind kind) {

    /**
     * What a cell's value is. Only {@code MEASURED} cells are counted as agreeing or disagreeing with a paper: a closed form or a
     * model evaluated by the emulator says nothing about whether the emulator's runs agree, and a given parameter is the row's, not a
     * result.
     */
    public enum Kind {
        /** A run of the emulator, or a BFS, flow or count over its graph. */
        MEASURED,
        /** A paper's closed form evaluated by the emulator at the row's parameters. */
        FORMULA,
        /** 002's latency model evaluated by the emulator. */
        MODEL,
        /** A parameter of the row (a network's dimension), shown and not compared. */
        GIVEN;

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A cell of a run's measurement (the canonical constructor with {@code kind} MEASURED). */
    public Cell(String row, String column, Object measured, Object printed, Boolean agrees, Relation relation, String note) {
        this(row, column, measured, printed, agrees, relation, note, Kind.MEASURED);
    }

    /** Whether the cell counts as agreeing with the paper: a measured cell that agrees. */
    public boolean countsAsAgreeing() {
        return kind == Kind.MEASURED && Boolean.TRUE.equals(agrees);
    }

    /** Whether the cell counts as disagreeing with the paper: a measured cell that disagrees. */
    public boolean countsAsDisagreeing() {
        return kind == Kind.MEASURED && Boolean.FALSE.equals(agrees);
    }

    /** A printed value the run did not measure. */
    public boolean notMeasuredCell() {
        return kind == Kind.MEASURED && measured == null;
    }

    /** How a measurement is set beside a printed value. */
    public enum Relation {
        EQUAL("="), AT_MOST("≤"), WITHIN("≈"), TEXT("="), NONE("");

        private final String symbol;

        Relation(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    /** A measured value compared with the printed one, rounded to the printed decimals. */
    public static Cell equal(String row, String column, Number measured, Object printed) {
        return of(row, column, measured, printed, Relation.EQUAL, 0, null);
    }

    /** The printed value is an upper bound on the measurement. */
    public static Cell atMost(String row, String column, Number measured, Object printed) {
        return of(row, column, measured, printed, Relation.AT_MOST, 0, null);
    }

    /** A mean over random draws: agrees where the printed value lies within ± {@code halfWidth} (its 95 % interval), after rounding. */
    public static Cell within(String row, String column, Number measured, double halfWidth, Object printed) {
        return of(row, column, measured, printed, Relation.WITHIN, halfWidth, null);
    }

    /** A measured value the paper has no number for. */
    public static Cell measuredOnly(String row, String column, Object measured) {
        return new Cell(row, column, measured, null, null, Relation.NONE, null);
    }

    /** A paper's closed form evaluated at the row's parameters, beside whatever the paper prints (shown, not counted). */
    public static Cell formula(String row, String column, Object value, Object printed) {
        return kinded(row, column, value, printed, Kind.FORMULA);
    }

    /** 002's model evaluated at the row's point, beside whatever the paper prints (shown, not counted). */
    public static Cell model(String row, String column, Object value) {
        return kinded(row, column, value, null, Kind.MODEL);
    }

    /** A parameter of the row (shown, not compared): a given, not a result. */
    public static Cell given(String row, String column, Object value, Object printed) {
        return kinded(row, column, value, printed, Kind.GIVEN);
    }

    private static Cell kinded(String row, String column, Object value, Object printed, Kind kind) {
        Cell compared = value instanceof Number n ? of(row, column, n, printed, Relation.EQUAL, 0, null)
                : text(row, column, value == null ? null : String.valueOf(value), printed);
        return new Cell(row, column, value, printed, compared.agrees(), compared.relation(), null, kind);
    }

    /** A printed value the run could not measure, with the reason. */
    public static Cell notMeasured(String row, String column, Object printed, String why) {
        return new Cell(row, column, null, printed, null, Relation.NONE, why);
    }

    /** Text against text (a dominant term, a yes/no). */
    public static Cell text(String row, String column, String measured, Object printed) {
        Boolean agrees = printed == null || measured == null ? null : normal(measured).equals(normal(String.valueOf(printed)));
        return new Cell(row, column, measured, printed, agrees, printed == null ? Relation.NONE : Relation.TEXT, null);
    }

    public Cell withNote(String text) {
        return new Cell(row, column, measured, printed, agrees, relation, text, kind);
    }

    private static String normal(String s) {
        return s.replace(" ", "").toLowerCase(java.util.Locale.ROOT);
    }

    static Cell of(String row, String column, Number measured, Object printed, Relation relation, double halfWidth, String note) {
        if (printed == null || measured == null || PrintedValue.number(printed) == null) {
            return new Cell(row, column, measured, printed, null, printed == null ? Relation.NONE : relation, note);
        }
        BigDecimal p = PrintedValue.number(printed);
        int decimals = Math.max(0, p.scale());
        double m = measured.doubleValue();
        boolean agrees = switch (relation) {
            case AT_MOST -> m <= p.doubleValue() + 1e-9;
            case WITHIN -> Math.abs(m - p.doubleValue()) <= halfWidth + 0.5 * Math.pow(10, -decimals) + 1e-12;
            default -> rounded(m, decimals).compareTo(p.setScale(decimals, RoundingMode.HALF_UP)) == 0;
        };
        return new Cell(row, column, measured, printed, agrees, relation, note);
    }

    static BigDecimal rounded(double value, int decimals) {
        return new BigDecimal(Double.toString(value)).setScale(decimals, RoundingMode.HALF_UP);
    }

    /** The measurement as the report shows it: integers plain, decimals to the printed precision (or 3). */
    public String measuredText() {
        return format(measured, printed);
    }

    static String format(Object value, Object like) {
        if (value == null) {
            return "—";
        }
        if (value instanceof Integer || value instanceof Long) {
            return String.valueOf(value);
        }
        if (value instanceof Number n) {
            double d = n.doubleValue();
            if (d == Math.rint(d) && Math.abs(d) < 1e15 && !(like != null && PrintedValue.number(like) != null
                    && PrintedValue.number(like).scale() > 0)) {
                return (long) d + (like != null && String.valueOf(like).endsWith("%") ? "%" : "");
            }
            int decimals = like != null && PrintedValue.number(like) != null ? Math.max(PrintedValue.number(like).scale(), 1)
                    : d != 0 && Math.abs(d) < 0.1 ? 2 - (int) Math.floor(Math.log10(Math.abs(d))) : 3; // small values: 3 significant digits
            String s = rounded(d, decimals).toPlainString();
            return like != null && String.valueOf(like).endsWith("%") ? s + "%" : s;
        }
        return String.valueOf(value);
    }
}
