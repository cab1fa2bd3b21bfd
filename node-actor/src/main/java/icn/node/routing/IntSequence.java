package icn.node.routing;

import java.util.Arrays;

/** A growable sequence of ints, for building lateral-link and port sequences without boxing. */
final class IntSequence {

    private int[] values = new int[16];
    private int size;

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, 2 * size);
        }
        values[size++] = value;
    }

    int size() {
        return size;
    }

    int get(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return values[index];
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
