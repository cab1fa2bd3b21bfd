package icn.launcher.pool;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;

/**
 * What the API takes from a request, each hostile until checked (docs/security.md): its {@code Host}, {@code Origin} and fetch
 * site, its token (compared in constant time), its content type, its body (read only up to the cap), its path and query; and
 * the token's MACs, which prove that a process knows the token without revealing it.
 */
final class ApiRequests {

    private ApiRequests() {
    }

    /** A request refused with {@code status} and a one-line reason. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /**
     * Why a request is refused before anything of it is used ("STATUS reason"), or null: a {@code Host} that names another site
     * (DNS rebinding), an {@code Origin} of another site, a body that is not JSON, and then a missing or wrong token. The body is
     * never read before these pass.
     */
    static String refusal(HttpExchange exchange, String token, HostCheck hosts) {
        Headers h = exchange.getRequestHeaders();
        if (!hosts.allows(h.getFirst("Host"))) {
            return "403 the Host header must name this API's address (or localhost): requests through another name are refused";
        }
        String origin = h.getFirst("Origin");
        if (origin != null && !hosts.allowsOrigin(origin)) {
            return "403 requests from another site's page are refused (Origin " + Audit.shortened(origin, 80) + ")";
        }
        String site = h.getFirst("Sec-Fetch-Site");
        if (site != null && site.equals("cross-site")) {
            return "403 requests from another site's page are refused";
        }
        boolean proof = exchange.getRequestMethod().equals("GET") && exchange.getRequestURI().getPath().equals("/v1/proof");
        List<String> parts = parts(exchange.getRequestURI().getPath());
        boolean view = exchange.getRequestMethod().equals("GET") && !parts.isEmpty() && parts.get(0).equals("view");
        if (view && !WebView.keyOpens(token, parts)) {
            return "404 no such job's results (a job's results are browsed under its key, from the web view)";
        }
        if (!proof && !view && !authorized(exchange, token)) {
            return "401 this API needs the cluster's token: Authorization: Bearer TOKEN (the token is in cluster.json under $ICN_HOME on"
                    + " the machine that started the cluster, readable by its owner only)";
        }
        if (exchange.getRequestMethod().equals("POST") && !isJson(h.getFirst("Content-Type"))) {
            return "415 a request with a body must be Content-Type: application/json";
        }
        return null;
    }

    static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].strip().toLowerCase(java.util.Locale.ROOT);
        return type.equals(ApiAnswers.JSON_TYPE);
    }

    /**
     * The token, as {@code Authorization: Bearer TOKEN}, or for a GET as {@code ?token=TOKEN}: the web view's link, and its
     * server-sent events ({@code EventSource} sends no header of its own). Never from a cookie (see {@link WebView}).
     */
    static boolean authorized(HttpExchange exchange, String token) {
        String given = exchange.getRequestHeaders().getFirst("Authorization");
        byte[] expected = ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
        if (given != null) {
            return MessageDigest.isEqual(expected, given.getBytes(StandardCharsets.UTF_8));
        }
        // the query carries it only where a browser cannot send a header: opening the page, and a job's events as EventSource
        // follows them; anywhere else (a file of a job's results opened in the page's origin, say) it opens nothing
        List<String> parts = parts(exchange.getRequestURI().getPath());
        boolean browserOnly = WebView.isPage(parts) || parts.size() == 4 && parts.get(0).equals("v1") && parts.get(1).equals("runs")
                && parts.get(3).equals("events") && "sse".equals(query(exchange, "format"));
        String inQuery = exchange.getRequestMethod().equals("GET") && browserOnly ? query(exchange, "token") : null;
        return inQuery != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8), inQuery.getBytes(StandardCharsets.UTF_8));
    }

    static List<String> parts(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        return trimmed.isEmpty() ? List.of() : List.of(trimmed.split("/+"));
    }

    /** What {@code GET /v1/proof?nonce=HEX} answers: proof that this process knows the token, which it does not reveal. */
    static String proof(String token, String nonce) {
        // a label of its own, so that the answer is worth nothing as any other MAC of the token
        return mac(token, "icn-api-proof\n", nonce);
    }

    /** HMAC-SHA256 under the token of {@code label} then {@code text}, in hex: each use of the token's MAC has a label of its own. */
    static String mac(String token, String label, String text) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(token.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update(label.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /**
     * The request's body, read only up to the cap: a larger one is refused (413) by its declared length before a byte is read, or
     * once the cap is passed.
     */
    static byte[] body(HttpExchange exchange, long most) throws IOException {
        String declared = exchange.getRequestHeaders().getFirst("Content-Length");
        if (declared != null) {
            long length;
            try {
                length = Long.parseLong(declared.strip());
            } catch (NumberFormatException e) {
                throw new Refused(400, "the Content-Length header is not a number");
            }
            if (length > most) {
                throw new Refused(413, "the request's body is " + length + " bytes; at most " + most + " are taken");
            }
        }
        InputStream in = exchange.getRequestBody();
        byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, most + 1));
        if (bytes.length > most) {
            throw new Refused(413, "the request's body is over " + most + " bytes, the most that is taken");
        }
        return bytes;
    }

    /** The value of {@code name} in the request's query, or null. */
    static String query(HttpExchange exchange, String name) {
        String q = exchange.getRequestURI().getRawQuery();
        if (q == null) {
            return null;
        }
        for (String pair : q.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).equals(name)) {
                return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
