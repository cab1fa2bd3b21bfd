package icn.launcher.output;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AppenderBase;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * Where log lines go. By default the terminal shows only what is for its user: our own ({@code icn.*}) warnings and every error.
 * Akka's INFO and WARN lines (a member marked unreachable, a late heartbeat) are held in memory until the command knows its results
 * directory and calls {@link #toFile}: from then on every line goes to that file, the held ones first. {@link #verbose} (the
 * {@code --verbose} option, and every worker JVM, whose stderr is its log) shows every line on stderr as before, and so does
 * {@code -Dicn.verbose=true} from the start. The appenders are made by {@link LogConfiguration}: {@code STDERR} with the
 * {@link Terminal} filter, and {@code FILE}, a {@link Held} appender.
 */
public final class Logs {

    /** The pattern of both appenders: the log file's and {@link LogConfiguration}'s {@code STDERR}. */
    static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{24} - %msg%n";
    /** Lines held before {@link #toFile}; a command that logs more before it knows its directory keeps the latest ones. */
    static final int HELD_LIMIT = 10_000;

    private Logs() {
    }

    /** Every line goes to {@code logFile} from now on (created with its directory, appended to), also those held until now. */
    public static void toFile(Path logFile) {
        LoggerContext context = context();
        if (context == null) {
            return; // SLF4J bound to something else (not in icn's jar)
        }
        try {
            Path parent = logFile.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not create the directory of the log " + logFile, e);
        }
        PatternLayoutEncoder encoder = encoder(context);
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setContext(context);
        file.setName(logFile.getFileName().toString());
        file.setFile(logFile.toString());
        file.setAppend(true);
        file.setEncoder(encoder);
        file.start();
        if (!file.isStarted()) {
            throw new UncheckedIOException(new IOException("could not open the log " + logFile));
        }
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        if (root.getAppender("FILE") instanceof Held held) {
            held.sendTo(file);
        } else {
            root.addAppender(file); // a configuration without LogConfiguration's appenders
        }
    }

    /** A started encoder of {@link #PATTERN}: the log file's, and {@link LogConfiguration}'s for stderr. */
    static PatternLayoutEncoder encoder(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        return encoder;
    }

    /** Every line goes to stderr from now on, as it did before the terminal was kept quiet; those held until now first. */
    public static void verbose() {
        List<ILoggingEvent> notShown = List.of();
        LoggerContext context = context();
        Appender<ILoggingEvent> console = null;
        if (context != null) {
            Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
            console = root.getAppender("STDERR");
            if (root.getAppender("FILE") instanceof Held held) {
                notShown = held.notShown();
            }
        }
        if (console != null) {
            notShown.forEach(console::doAppend);
        }
    }

    public static boolean isVerbose() {
        Held held = held();
        return held == null ? Boolean.getBoolean("icn.verbose") : held.verbose;
    }

    /**
     * The process is being ended: stderr shows no more lines (the members' complaints as they stop would follow the interruption's
     * one line). The log file still gets them.
     */
    static void silence() {
        Held held = held();
        if (held != null) {
            held.silenced = true;
        }
    }

    /** The log's state lives in its appender, which logback makes once per process: {@link LogConfiguration}'s {@code FILE}. */
    private static Held held() {
        LoggerContext context = context();
        return context != null && context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("FILE") instanceof Held held ? held : null;
    }

    /**
     * Stops writing to the file {@link #toFile} named (a standing cluster's head, between the commands it runs for submitters: each
     * command's lines go to its own results directory). Lines go on to stderr when verbose, and are held otherwise.
     */
    public static void closeFile() {
        LoggerContext context = context();
        if (context != null && context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("FILE") instanceof Held held) {
            held.reset();
        }
    }

    /** Back to the state LogConfiguration starts in: quiet, no file, nothing held (for tests, which share one JVM). */
    public static void reset() {
        LoggerContext context = context();
        if (context != null && context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("FILE") instanceof Held held) {
            held.reset();
            held.verbose = Boolean.getBoolean("icn.verbose");
            held.silenced = false;
        }
    }

    /**
     * Whether a line is shown on stderr: every line when verbose, else errors and our own warnings; none once the process is being
     * ended ({@link #silence}: the members' complaints as they stop would follow the interruption's one line). The log file still
     * gets them.
     */
    static boolean onTerminal(ILoggingEvent event) {
        Held held = held();
        boolean verbose = held == null ? Boolean.getBoolean("icn.verbose") : held.verbose;
        boolean silenced = held != null && held.silenced;
        return !silenced && (verbose || event.getLevel().isGreaterOrEqual(Level.ERROR)
                || (event.getLevel().isGreaterOrEqual(Level.WARN) && event.getLoggerName().startsWith("icn.")));
    }

    private static LoggerContext context() {
        return LoggerFactory.getILoggerFactory() instanceof LoggerContext c ? c : null;
    }

    /** The filter of {@link LogConfiguration}'s {@code STDERR} appender: {@link #onTerminal}. */
    public static final class Terminal extends Filter<ILoggingEvent> {

        @Override
        public FilterReply decide(ILoggingEvent event) {
            return onTerminal(event) ? FilterReply.NEUTRAL : FilterReply.DENY;
        }
    }

    /**
     * {@link LogConfiguration}'s {@code FILE} appender: holds every line until {@link #toFile} names the file, then writes to it. {@link
     * AppenderBase#doAppend} holds this appender's lock, so a line logged while the file is being set is neither lost nor written
     * twice.
     */
    public static final class Held extends AppenderBase<ILoggingEvent> {

        private final ArrayDeque<ILoggingEvent> held = new ArrayDeque<>();
        private Appender<ILoggingEvent> file;
        /** Every line to stderr ({@link #verbose}); {@code -Dicn.verbose=true} from the start. */
        private volatile boolean verbose = Boolean.getBoolean("icn.verbose");
        /** No line to stderr: the process is being ended ({@link #silence}). */
        private volatile boolean silenced;

        @Override
        protected void append(ILoggingEvent event) {
            if (file != null) {
                file.doAppend(event);
            } else if (!verbose) {
                event.prepareForDeferredProcessing();
                held.addLast(event);
                if (held.size() > HELD_LIMIT) {
                    held.removeFirst();
                }
            }
        }

        synchronized void sendTo(Appender<ILoggingEvent> next) {
            held.forEach(next::doAppend);
            held.clear();
            Appender<ILoggingEvent> previous = file;
            file = next;
            if (previous != null) {
                previous.stop();
            }
        }

        /**
         * Turns {@link #verbose} on and takes the held lines that stderr did not show; those it showed are dropped. Under this
         * appender's lock, so that no line is held after the last one is taken.
         */
        synchronized List<ILoggingEvent> notShown() {
            List<ILoggingEvent> lines = new ArrayList<>();
            if (file == null) {
                held.stream().filter(e -> !onTerminal(e)).forEach(lines::add);
            }
            held.clear();
            verbose = true;
            return lines;
        }

        synchronized void reset() {
            held.clear();
            if (file != null) {
                file.stop();
                file = null;
            }
        }

        @Override
        public void stop() {
            synchronized (this) {
                if (file != null) {
                    file.stop();
                }
            }
            super.stop();
        }
    }
}
