package icn.launcher.pool;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Which {@code Host} and {@code Origin} headers the API answers. A web page in a local browser can send requests to a loopback
 * port; after DNS rebinding its own host name resolves to that address, so the request names the page's host: only IP addresses,
 * {@code localhost} and the names the cluster was started with are this API's names. A page's own requests carry its
 * {@code Origin}, and only this API's own origin (one of its names, its port) is taken.
 */
final class HostCheck {

    private static final Pattern IPV4 = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("\\[[0-9A-Fa-f:.]+(%[0-9A-Za-z]+)?\\]");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.\\-]{0,252})");

    private final int port;
    private final Set<String> names;

    /** An API listening on {@code port}, also known by {@code names} (host names; IP addresses and localhost always pass). */
    HostCheck(int port, List<String> names) {
        this.port = port;
        this.names = names.stream().filter(n -> n != null && !n.isBlank()).map(n -> n.toLowerCase(Locale.ROOT))
                .collect(Collectors.toUnmodifiableSet());
    }

    /** Whether a request's {@code Host} header ({@code host[:port]}) names this API. */
    boolean allows(String header) {
        if (header == null || header.isBlank()) {
            return false;
        }
        String h = header.strip();
        String host = h;
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            if (close < 0) {
                return false;
            }
            host = h.substring(0, close + 1);
            String rest = h.substring(close + 1);
            if (!rest.isEmpty() && !rest.matches(":[0-9]{1,5}")) {
                return false;
            }
        } else {
            int colon = h.indexOf(':');
            if (colon >= 0) {
                host = h.substring(0, colon);
                if (!h.substring(colon + 1).matches("[0-9]{1,5}")) {
                    return false;
                }
            }
        }
        return isOwnName(host);
    }

    /**
     * Whether a request's {@code Origin} is this API's own: http or https, its port, and one of its names: {@code localhost}, a
     * loopback address, or a name or address the cluster was started with. (Any IP address may be in {@code Host}, which a page
     * cannot rebind; but a page served from another address is another site, even on the same port.)
     */
    boolean allowsOrigin(String origin) {
        try {
            URI u = new URI(origin.strip());
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null) {
                return false;
            }
            int p = u.getPort() >= 0 ? u.getPort() : scheme.equals("https") ? 443 : 80;
            String host = u.getHost().toLowerCase(Locale.ROOT);
            String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
            boolean loopback = host.equals("localhost") || bare.startsWith("127.") || bare.equals("::1") || bare.equals("0:0:0:0:0:0:0:1");
            return p == port && (loopback || names.contains(bare));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private boolean isOwnName(String host) {
        if (IPV4.matcher(host).matches() || IPV6.matcher(host).matches()) {
            return true;
        }
        String name = host.toLowerCase(Locale.ROOT);
        if (name.endsWith(".")) {
            name = name.substring(0, name.length() - 1);
        }
        return NAME.matcher(name).matches() && (name.equals("localhost") || names.contains(name));
    }
}
