package icn.scenarios.reproduce;

import java.math.BigDecimal;

/** Reading a printed value: a number ("5.306", 72, "2,903,040") or a percentage ("47.4%") keeps its printed decimals. */
final class PrintedValue {

    private PrintedValue() {
    }

    /** The printed value as a number with its printed scale, or null if it is not one ("-", "1.5n"). */
    static BigDecimal number(Object printed) {
        if (printed == null) {
            return null;
        }
        if (printed instanceof BigDecimal b) {
            return b;
        }
        String s = String.valueOf(printed).trim().replace(",", "");
        if (s.endsWith("%")) {
            s = s.substring(0, s.length() - 1);
        }
        try {
            return new BigDecimal(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
