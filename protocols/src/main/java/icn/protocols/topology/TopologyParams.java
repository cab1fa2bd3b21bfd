package icn.protocols.topology;

import icn.protocols.InvalidInputException;
import java.util.regex.Pattern;

/** Parsing of the parameters after a topology's prefix ({@code 4,3} of {@code torus:4,3}), with one-line errors. */
final class TopologyParams {

    private static final Pattern NUMBER = Pattern.compile("\\d{1,9}");

    private TopologyParams() {
    }

    /**
     * The comma-separated non-negative integers of {@code params}, exactly {@code count} of them; {@code prefix} and {@code syntax}
     * (e.g. {@code torus}, {@code K,N}) and {@code example} name the expected form in the error.
     */
    static int[] integers(String params, String prefix, String syntax, String example, int count) {
        String text = params == null ? "" : params.strip();
        String[] parts = text.split(",", -1);
        if (parts.length != count) {
            throw malformed(text, prefix, syntax, example);
        }
        int[] values = new int[count];
        for (int k = 0; k < count; k++) {
            String part = parts[k].strip();
            if (!NUMBER.matcher(part).matches()) {
                throw malformed(text, prefix, syntax, example);
            }
            values[k] = Integer.parseInt(part);
        }
        return values;
    }

    private static InvalidInputException malformed(String text, String prefix, String syntax, String example) {
        return new InvalidInputException("malformed topology '" + prefix + ":" + text + "': expected " + prefix + ":" + syntax + ", e.g. "
                + example);
    }
}
