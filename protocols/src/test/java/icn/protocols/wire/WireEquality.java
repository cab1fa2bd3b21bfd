package icn.protocols.wire;

import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;

/**
 * Equality of wire values by content. A record's {@code equals} compares array components by reference, so two {@link HostBatch}es
 * (or {@code RunMetrics.Data}, {@code HostFinished}) holding equal arrays are not {@code equals}; here records are compared
 * component by component, arrays element by element, lists element by element, all recursively, and classes must match exactly
 * (a round trip must give back the class it was given). Everything else is compared with {@code equals}.
 */
final class WireEquality {

    private static final int MAX_DESCRIPTION = 2_000;

    private WireEquality() {
    }

    static boolean contentEquals(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass()) {
            return false;
        }
        Class<?> type = a.getClass();
        if (type.isArray()) {
            return type.getComponentType().isPrimitive() ? Arrays.deepEquals(new Object[] {a}, new Object[] {b}) : elementsEqual(a, b);
        } else if (type.isRecord()) {
            for (RecordComponent c : type.getRecordComponents()) {
                if (!contentEquals(component(a, c), component(b, c))) {
                    return false;
                }
            }
            return true;
        } else if (a instanceof List) {
            List<?> la = (List<?>) a;
            List<?> lb = (List<?>) b;
            if (la.size() != lb.size()) {
                return false;
            }
            for (int i = 0; i < la.size(); i++) {
                if (!contentEquals(la.get(i), lb.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    static void assertContentEquals(Object expected, Object actual, String what) {
        if (!contentEquals(expected, actual)) {
            fail(what + ": expected " + describe(expected) + " but was " + describe(actual));
        }
    }

    /** Records, arrays and lists written out by content, cut at a few thousand characters. */
    static String describe(Object value) {
        StringBuilder out = new StringBuilder();
        describe(value, out);
        return out.length() <= MAX_DESCRIPTION ? out.toString() : out.substring(0, MAX_DESCRIPTION) + "...";
    }

    static Object component(Object record, RecordComponent c) {
        try {
            return c.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new AssertionError("cannot read " + record.getClass().getName() + "." + c.getName(), e);
        }
    }

    private static boolean elementsEqual(Object a, Object b) {
        int length = Array.getLength(a);
        if (length != Array.getLength(b)) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (!contentEquals(Array.get(a, i), Array.get(b, i))) {
                return false;
            }
        }
        return true;
    }

    private static void describe(Object value, StringBuilder out) {
        if (out.length() > MAX_DESCRIPTION) {
            return;
        }
        if (value == null) {
            out.append("null");
        } else if (value.getClass().isArray()) {
            boolean primitive = value.getClass().getComponentType().isPrimitive();
            out.append(value.getClass().getComponentType().getSimpleName()).append('[');
            for (int i = 0; i < Array.getLength(value) && out.length() <= MAX_DESCRIPTION; i++) {
                out.append(i == 0 ? "" : ", ");
                if (primitive) {
                    out.append(Array.get(value, i));
                } else {
                    describe(Array.get(value, i), out);
                }
            }
            out.append(']');
        } else if (value.getClass().isRecord()) {
            out.append(value.getClass().getSimpleName()).append('[');
            RecordComponent[] components = value.getClass().getRecordComponents();
            for (int i = 0; i < components.length; i++) {
                out.append(i == 0 ? "" : ", ").append(components[i].getName()).append('=');
                describe(component(value, components[i]), out);
            }
            out.append(']');
        } else if (value instanceof List) {
            out.append(value.getClass().getSimpleName()).append('[');
            List<?> list = (List<?>) value;
            for (int i = 0; i < list.size() && out.length() <= MAX_DESCRIPTION; i++) {
                out.append(i == 0 ? "" : ", ");
                describe(list.get(i), out);
            }
            out.append(']');
        } else {
            out.append(value).append(" (").append(value.getClass().getSimpleName()).append(')');
        }
    }
}
