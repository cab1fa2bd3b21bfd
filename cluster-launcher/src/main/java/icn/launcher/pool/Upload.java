package icn.launcher.pool;

/** A file a submitted command line names, sent with it: the path as the submitter gave it, and the file's bytes. */
public record Upload(String given, byte[] content) {
}
