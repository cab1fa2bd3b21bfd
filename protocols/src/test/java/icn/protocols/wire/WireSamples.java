package icn.protocols.wire;

import icn.protocols.BroadcastAlgorithm;
import icn.protocols.LinkClass;
import java.util.ArrayList;
import java.util.List;

/** One sample value for every class in {@link KryoRegistrations}: a registration without a sample fails the round-trip tests. */
final class WireSamples {

    private WireSamples() {
    }

    static Object sample(Class<?> type) {
        if (type == int[].class) {
            return new int[] {0, -1, Integer.MAX_VALUE, 2_903_040};
        } else if (type == long[].class) {
            return new long[] {0L, Long.MIN_VALUE, 32_659_200L};
        } else if (type == byte[].class) {
            return new byte[] {1, 2, 3, 4, 5, -128};
        } else if (type == boolean[].class) {
            return new boolean[] {true, false, true};
        } else if (type == double[].class) {
            return new double[] {0.5, Double.NaN, -0.0};
        } else if (type == String[].class) {
            return new String[] {"<2,12345>", "⟨3,21453⟩", ""};
        } else if (type == Object[].class) {
            return new Object[] {1, "two", 3L, new int[] {4}, BroadcastAlgorithm.ONE_PORT};
        } else if (type == ArrayList.class) {
            return new ArrayList<>(List.of(1, "two", LinkClass.LATERAL));
        } else if (type == BroadcastAlgorithm.class) {
            return BroadcastAlgorithm.MULTI_PORT;
        } else if (type == LinkClass.class) {
            return LinkClass.LOCAL;
        } else if (type == BroadcastSpec.class) {
            return new BroadcastSpec(BroadcastAlgorithm.MULTI_PORT, 16, 2_903_039);
        }
        throw new AssertionError("no sample for " + type.getName() + ": add one to WireSamples.sample");
    }

    static List<WireMessage> messages() {
        List<WireMessage> messages = new ArrayList<>();
        for (Class<? extends WireMessage> type : KryoRegistrations.wireMessages()) {
            messages.add(type.cast(sample(type)));
        }
        return messages;
    }
}
