package icn.scenarios.reproduce;

import icn.protocols.InvalidInputException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much of each paper a reproduction measures. {@code quick} keeps every artifact but at the small sizes (within two minutes on
 * two cores); {@code standard} runs the papers' own sizes where the machine holds them (within fifteen minutes); {@code full} adds
 * the largest sizes, more random draws and the long traffic windows.
 */
public enum Profile {
    QUICK, STANDARD, FULL;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code quick} → a, {@code standard} → b, {@code full} → c. */
    public <T> T pick(T quick, T standard, T full) {
        return switch (this) {
            case QUICK -> quick;
            case STANDARD -> standard;
            case FULL -> full;
        };
    }

    public int pick(int quick, int standard, int full) {
        return switch (this) {
            case QUICK -> quick;
            case STANDARD -> standard;
            case FULL -> full;
        };
    }

    public static Profile parse(String text) {
        for (Profile p : values()) {
            if (p.key().equals(text)) {
                return p;
            }
        }
        throw new InvalidInputException("unknown profile '" + text + "': expected one of "
                + Arrays.stream(values()).map(Profile::key).collect(Collectors.joining(", ")));
    }
}
