package icn.protocols;

/** Bad input from a user (a label, a topology name, a parameter out of range): its message is one line that names the problem. */
public final class InvalidInputException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        super(message);
    }
}
