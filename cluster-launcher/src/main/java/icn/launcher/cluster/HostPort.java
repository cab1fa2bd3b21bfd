package icn.launcher.cluster;

import icn.protocols.InvalidInputException;

/** An address given on the command line as {@code HOST:PORT}. */
public record HostPort(String host, int port) {

    public static HostPort parse(String option, String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new InvalidInputException(option + " '" + text + "' is not HOST:PORT, e.g. 127.0.0.1:25520");
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new InvalidInputException(option + " '" + text + "' has no port number after the colon");
        }
        if (port < 0 || port > 65535) {
            throw new InvalidInputException(option + " '" + text + "': port " + port + " is outside 0..65535");
        }
        return new HostPort(text.substring(0, colon), port);
    }

    @Override
    public String toString() {
        return host + ":" + port;
    }
}
