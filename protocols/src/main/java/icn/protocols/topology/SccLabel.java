package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import icn.protocols.Permutations;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The label ⟨i, π⟩ of an SCC_n node (000 §2.2): i in 2..n is the node's position in its ring and the dimension of its lateral
 * link, π the permutation of 1..n naming its supernode. Text form {@code <2,12345>}; the symbol 10 is written {@code A}
 * ({@code <10,A123456789>}), as in star:10 labels.
 */
public final class SccLabel {

    private static final Pattern TEXT = Pattern.compile("\\s*[<⟨(]\\s*(\\d+)\\s*,\\s*([0-9Aa]+)\\s*[>⟩)]\\s*");

    private final int position;
    private final byte[] permutation;

    private SccLabel(int position, byte[] permutation) {
        this.position = position;
        this.permutation = permutation;
    }

    /** A label, checked: the permutation must be one of 1..n and the position in 2..n. */
    public static SccLabel of(int position, byte[] permutation) {
        byte[] p = permutation.clone();
        int n = p.length;
        if (!Permutations.isPermutation(p)) {
            throw new InvalidInputException("label <" + position + "," + Permutations.toText(p) + "> is impossible: "
                    + Permutations.toText(p) + " is not a permutation of 1.." + n);
        }
        if (position < 2 || position > n) {
            throw new InvalidInputException("label <" + position + "," + Permutations.toText(p) + "> is impossible: position "
                    + position + " is outside 2.." + n);
        }
        return new SccLabel(position, p);
    }

    /** Parses {@code <i,π>}; n is taken from the number of symbols in π. */
    public static SccLabel parse(String text) {
        Matcher m = TEXT.matcher(text);
        if (!m.matches()) {
            throw new InvalidInputException("malformed label '" + text.strip() + "': expected <i,π> such as <2,12345>");
        }
        String digits = m.group(2);
        if (digits.length() < 2 || digits.length() > 10) {
            throw new InvalidInputException("malformed label '" + text.strip() + "': π must have 2 to 10 symbols, one digit each (10 is A)");
        }
        byte[] p = new byte[digits.length()];
        for (int k = 0; k < p.length; k++) {
            char c = digits.charAt(k);
            p[k] = (byte) (c == 'A' || c == 'a' ? 10 : c - '0');
        }
        int position;
        try {
            position = Integer.parseInt(m.group(1));
        } catch (NumberFormatException e) {
            throw new InvalidInputException("malformed label '" + text.strip() + "': position is not a small number");
        }
        return of(position, p);
    }

    public int position() {
        return position;
    }

    /** n, the number of symbols of π. */
    public int n() {
        return permutation.length;
    }

    /** A copy of π. */
    public byte[] permutation() {
        return permutation.clone();
    }

    /** The i-th symbol of π, 1-based as the papers count positions. */
    public int symbol(int i) {
        return permutation[i - 1];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SccLabel && ((SccLabel) o).position == position && Arrays.equals(((SccLabel) o).permutation, permutation);
    }

    @Override
    public int hashCode() {
        return 31 * position + Arrays.hashCode(permutation);
    }

    @Override
    public String toString() {
        return "<" + position + "," + Permutations.toText(permutation) + ">";
    }
}
