package icn.protocols.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;

/**
 * The serializers of the plain values in {@link KryoRegistrations}: arrays, lists and strings, whose lengths Kryo's own serializers
 * take from the wire on trust (a six-byte frame asking for an {@code int[]} of 2^31 elements killed the receiving JVM, issue 36).
 * Here every length is checked by {@link WireLimits#fitting} before anything is allocated.
 *
 * <p>The bytes are those Kryo 5's own serializers write, so the wire is unchanged (every sample of the registered classes serializes
 * to the same bytes as before): a null array or list is length 0 and any other length n is written as n + 1, so that records'
 * array components need no separate null flag; integers are zig-zag var-ints (ports and steps can be negative), doubles 8 bytes;
 * strings are in Kryo's format, which is compact and carries any sequence of chars, unpaired surrogates too.
 */
final class BoundedSerializers {

    private static final int NULL = 0;

    private BoundedSerializers() {
    }

    /** The bounded serializer of {@code type}, or null when Kryo's default serializer for it reads no length (records, enums). */
    static Serializer<?> of(Class<?> type) {
        if (type == int[].class) {
            return new Ints();
        } else if (type == long[].class) {
            return new Longs();
        } else if (type == byte[].class) {
            return new Bytes();
        } else if (type == boolean[].class) {
            return new Booleans();
        } else if (type == double[].class) {
            return new Doubles();
        } else if (type == String[].class) {
            return new StringArrays();
        } else if (type == Object[].class) {
            return new ObjectArrays();
        } else if (type == ArrayList.class) {
            return new Lists();
        } else if (type == String.class) {
            return new Strings();
        } else if (type.isArray() || java.util.Collection.class.isAssignableFrom(type) || java.util.Map.class.isAssignableFrom(type)) {
            // a new container registered with Kryo's default serializer would bring the unchecked length back
            throw new IllegalStateException(type.getName() + " is registered for the wire without a bounded serializer");
        }
        return null;
    }

    private static void writeLength(Output out, Object array, int length, String what) {
        out.writeVarInt(array == null ? NULL : WireLimits.writable(length, what) + 1, true);
    }

    /** The length that follows, or -1 for null, once {@code minBytes} per element fit in what is left of the frame. */
    private static int readLength(Input in, int minBytes, String what) {
        int n = in.readVarInt(true);
        return n == NULL ? -1 : WireLimits.fitting(in, n - 1, minBytes, what);
    }

    static final class Ints extends Serializer<int[]> {

        Ints() {
            super(true);
        }

        @Override
        public void write(Kryo kryo, Output out, int[] a) {
            writeLength(out, a, a == null ? 0 : a.length, "int[]");
            if (a != null) {
                for (int v : a) {
                    out.writeVarInt(v, false);
                }
            }
        }

        @Override
        public int[] read(Kryo kryo, Input in, Class<? extends int[]> type) {
            int n = readLength(in, 1, "int[]");
            if (n < 0) {
                return null;
            }
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = in.readVarInt(false);
            }
            return a;
        }
    }

    static final class Longs extends Serializer<long[]> {

        Longs() {
            super(true);
        }

        @Override
        public void write(Kryo kryo, Output out, long[] a) {
            writeLength(out, a, a == null ? 0 : a.length, "long[]");
            if (a != null) {
                for (long v : a) {
                    out.writeVarLong(v, false);
                }
            }
        }

        @Override
        public long[] read(Kryo kryo, Input in, Class<? extends long[]> type) {
            int n = readLength(in, 1, "long[]");
            if (n < 0) {
                return null;
            }
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = in.readVarLong(false);
            }
            return a;
        }
    }

    static final class Bytes extends Serializer<byte[]> {

        Bytes() {
            super(true);
        }

        @Override
        public void write(Kryo kryo, Output out, byte[] a) {
            writeLength(out, a, a == null ? 0 : a.length, "byte[]");
            if (a != null) {
                out.writeBytes(a);
            }
        }

        @Override
        public byte[] read(Kryo kryo, Input in, Class<? extends byte[]> type) {
            int n = readLength(in, 1, "byte[]");
            return n < 0 ? null : in.readBytes(n);
        }
    }

    static final class Booleans extends Serializer<boolean[]> {

        Booleans() {
            super(true);
        }

        @Override
        public void write(Kryo kryo, Output out, boolean[] a) {
            writeLength(out, a, a == null ? 0 : a.length, "boolean[]");
            if (a != null) {
                for (boolean v : a) {
                    out.writeBoolean(v);
                }
            }
        }

        @Override
        public boolean[] read(Kryo kryo, Input in, Class<? extends boolean[]> type) {
            int n = readLength(in, 1, "boolean[]");
            if (n < 0) {
                return null;
            }
            boolean[] a = new boolean[n];
            for (int i = 0; i < n; i++) {
                a[i] = in.readBoolean();
            }
            return a;
        }
    }

    static final class Doubles extends Serializer<double[]> {

        Doubles() {
            super(true);
        }

        @Override
        public void write(Kryo kryo, Output out, double[] a) {
            writeLength(out, a, a == null ? 0 : a.length, "double[]");
            if (a != null) {
                for (double v : a) {
                    out.writeDouble(v);
                }
            }
        }

        @Override
        public double[] read(Kryo kryo, Input in, Class<? extends double[]> type) {
            int n = readLength(in, Double.BYTES, "double[]");
            if (n < 0) {
                return null;
            }
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = in.readDouble();
            }
            return a;
        }
    }

    static final class StringArrays extends Serializer<String[]> {

        StringArrays() {
            super(true);
        }

        @Override
        public void write(Kryo kryo, Output out, String[] a) {
            writeLength(out, a, a == null ? 0 : a.length, "String[]");
            if (a != null) {
                for (String s : a) {
                    Strings.write(out, s);
                }
            }
        }

        @Override
        public String[] read(Kryo kryo, Input in, Class<? extends String[]> type) {
            int n = readLength(in, 1, "String[]"); // a null or an empty string is one byte
            if (n < 0) {
                return null;
            }
            String[] a = new String[n];
            for (int i = 0; i < n; i++) {
                a[i] = Strings.read(in);
            }
            return a;
        }
    }

    /** Elements with their class ids; their nesting is bounded by the Kryo's maximum depth ({@link WireLimits#MAX_DEPTH}). */
    static final class ObjectArrays extends Serializer<Object[]> {

        ObjectArrays() {
            super(true);
        }

        @Override
        public void write(Kryo kryo, Output out, Object[] a) {
            writeLength(out, a, a == null ? 0 : a.length, "Object[]");
            if (a != null) {
                for (Object o : a) {
                    kryo.writeClassAndObject(out, o);
                }
            }
        }

        @Override
        public Object[] read(Kryo kryo, Input in, Class<? extends Object[]> type) {
            int n = readLength(in, 1, "Object[]"); // a null element is its one-byte class id
            if (n < 0) {
                return null;
            }
            Object[] a = new Object[n];
            for (int i = 0; i < n; i++) {
                a[i] = kryo.readClassAndObject(in);
            }
            return a;
        }
    }

    /** As {@link ObjectArrays}, for the lists in records (their canonical constructors copy them where they must be immutable). */
    static final class Lists extends Serializer<ArrayList<Object>> {

        Lists() {
            super(true);
        }

        @Override
        public void write(Kryo kryo, Output out, ArrayList<Object> list) {
            writeLength(out, list, list == null ? 0 : list.size(), "ArrayList");
            if (list != null) {
                for (Object o : list) {
                    kryo.writeClassAndObject(out, o);
                }
            }
        }

        @Override
        public ArrayList<Object> read(Kryo kryo, Input in, Class<? extends ArrayList<Object>> type) {
            int n = readLength(in, 1, "ArrayList");
            if (n < 0) {
                return null;
            }
            ArrayList<Object> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(kryo.readClassAndObject(in));
            }
            return list;
        }
    }

    /**
     * Strings in Kryo's format ({@link Output#writeString}), read here because {@link Input#readString} allocates the char count it
     * reads before looking at the bytes. Registered at Kryo's own id for String, so records' String components, String[] elements
     * and actor references ({@link ActorRefs}) all come through {@link #read}.
     */
    static final class Strings extends Serializer<String> {

        Strings() {
            super(true, true);
        }

        @Override
        public void write(Kryo kryo, Output out, String s) {
            write(out, s);
        }

        @Override
        public String read(Kryo kryo, Input in, Class<? extends String> type) {
            return read(in);
        }

        static void write(Output out, String s) {
            if (s != null) {
                WireLimits.writable(s.length(), "a String");
            }
            out.writeString(s);
        }

        /** Kryo's format: ASCII ending at the byte with the high bit set, or a flagged var-int of chars + 1 (0 null), then UTF-8. */
        static String read(Input in) {
            if (!in.readVarIntFlag()) {
                return ascii(in);
            }
            int n = in.readVarIntFlag(true);
            if (n == NULL) {
                return null;
            }
            int count = WireLimits.fitting(in, n - 1, 1, "a String");
            char[] chars = new char[count];
            for (int i = 0; i < count; i++) {
                int b = in.readByte() & 0xff;
                chars[i] = switch (b >> 4) {
                    case 0, 1, 2, 3, 4, 5, 6, 7 -> (char) b;
                    case 12, 13 -> (char) ((b & 0x1f) << 6 | in.readByte() & 0x3f);
                    case 14 -> (char) ((b & 0x0f) << 12 | (in.readByte() & 0x3f) << 6 | in.readByte() & 0x3f);
                    default -> throw new KryoException("a String holds the byte 0x" + Integer.toHexString(b)
                            + ", which starts no char of Kryo's UTF-8");
                };
            }
            return new String(chars);
        }

        private static String ascii(Input in) {
            byte[] buffer = in.getBuffer();
            int start = in.position();
            int end = start;
            int limit = in.limit();
            while (end < limit && buffer[end] >= 0) {
                end++;
            }
            if (end == limit) {
                throw new KryoException("an ASCII string runs past the end of the frame");
            }
            int count = WireLimits.fitting(in, end - start + 1, 1, "an ASCII string");
            char[] chars = new char[count];
            for (int i = 0; i < count; i++) {
                chars[i] = (char) (buffer[start + i] & 0x7f);
            }
            in.setPosition(end + 1);
            return new String(chars);
        }
    }
}
