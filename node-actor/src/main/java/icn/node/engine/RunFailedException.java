package icn.node.engine;

/** A run that could not finish: interrupted, or failed on its engine (the cause says why). */
public final class RunFailedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public RunFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
