package icn.scenarios.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import icn.protocols.Accounting;

/** How every link message of a run ended, as every report writes it: the {@code accounting} object. */
public final class AccountingJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private AccountingJson() {
    }

    /** The {@code accounting} object: sent, delivered, dropped by reason, lost with member, and whether they balance. */
    public static ObjectNode of(Accounting a) {
        ObjectNode o = JSON.createObjectNode();
        o.put("sent", a.sent());
        o.put("delivered", a.delivered());
        o.putObject("dropped").put("nodeCrashed", a.nodeCrashed()).put("linkCut", a.linkCut()).put("lostInTransit", a.lostInTransit());
        o.put("lostWithMember", a.lostWithMember());
        o.put("balanced", a.balanced());
        return o;
    }
}
