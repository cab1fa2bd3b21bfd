package icn.node.program;

/** What reached a node at the end of the previous step: one entry per message, with the port it arrived on. */
public interface Inbox {

    Inbox EMPTY = new Inbox() {
        @Override
        public int size() {
            return 0;
        }

        @Override
        public int port(int i) {
            throw new IndexOutOfBoundsException(i);
        }

        @Override
        public Object payload(int i) {
            throw new IndexOutOfBoundsException(i);
        }
    };

    int size();

    int port(int i);

    Object payload(int i);
}
