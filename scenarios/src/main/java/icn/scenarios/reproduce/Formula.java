package icn.scenarios.reproduce;

/**
 * A printed closed form in n, evaluated for display beside a measurement (003 Table 4.1 prints formulas, not numbers): integers,
 * {@code n}, {@code + - * /} (exact where it divides, else a fraction), {@code ^}, {@code floor(…)}, parentheses, and one leading
 * {@code n == K ? A : B}.
 */
final class Formula {

    private final String text;
    private final double n;
    private int pos;

    private Formula(String text, double n) {
        this.text = text.replace(" ", "");
        this.n = n;
    }

    static double eval(String expression, int n) {
        String e = expression.trim();
        int q = e.indexOf('?');
        if (q > 0) {
            String[] cond = e.substring(0, q).split("==");
            int colon = e.indexOf(':', q);
            boolean holds = n == Integer.parseInt(cond[1].trim());
            return eval(holds ? e.substring(q + 1, colon) : e.substring(colon + 1), n);
        }
        Formula f = new Formula(e, n);
        double v = f.sum();
        if (f.pos != f.text.length()) {
            throw new IllegalArgumentException("cannot read formula '" + expression + "' at " + f.pos);
        }
        return v;
    }

    private double sum() {
        double v = product();
        while (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
            char op = text.charAt(pos++);
            double w = product();
            v = op == '+' ? v + w : v - w;
        }
        return v;
    }

    private double product() {
        double v = power();
        while (pos < text.length() && (text.charAt(pos) == '*' || text.charAt(pos) == '/')) {
            char op = text.charAt(pos++);
            double w = power();
            v = op == '*' ? v * w : v / w;
        }
        return v;
    }

    private double power() {
        double base = atom();
        if (pos < text.length() && text.charAt(pos) == '^') {
            pos++;
            return Math.pow(base, power());
        }
        return base;
    }

    private double atom() {
        char c = text.charAt(pos);
        if (c == '(') {
            pos++;
            double v = sum();
            pos++; // ')'
            return v;
        }
        if (text.startsWith("floor(", pos)) {
            pos += 6;
            double v = sum();
            pos++;
            return Math.floor(v);
        }
        if (c == 'n') {
            pos++;
            return n;
        }
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            throw new IllegalArgumentException("cannot read formula '" + text + "' at " + pos);
        }
        return Double.parseDouble(text.substring(start, pos));
    }
}
