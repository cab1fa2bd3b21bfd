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
 */
public record Cell(String row, String column, Object measured, Object printed, Boolean agrees, Relation relation, String note) {

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
        return new Cell(row, column, measured, printed, agrees, relation, text);
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
            int decimals = like != null && PrintedValue.number(like) != null ? Math.max(PrintedValue.number(like).scale(), 1) : 3;
            String s = rounded(d, decimals).toPlainString();
            return like != null && String.valueOf(like).endsWith("%") ? s + "%" : s;
        }
        return String.valueOf(value);
    }
}
