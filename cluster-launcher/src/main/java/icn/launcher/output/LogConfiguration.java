package icn.launcher.output;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * Logback's configuration for the {@code icn} command, in code: logback finds it through {@code META-INF/services} when the
 * classpath holds no {@code logback.xml} (and {@code -Dlogback.configurationFile=...} still replaces it). Parsing an XML file
 * took every JVM of the command about a sixth of its main thread's start (JFR of a worker: the XML parser, Joran's rules and
 * the reflection behind them), and every worker JVM of a cluster pays it again.
 *
 * <p>stdout is for results; logs go to stderr and to the run's log file ({@link Logs}). Until a command calls {@link
 * Logs#verbose()} (its verbose option), stderr shows only errors and icn's own warnings ({@code STDERR}, with the {@link
 * Logs.Terminal} filter); {@code FILE}, a {@link Logs.Held} appender, holds every line until the command knows its results
 * directory ({@link Logs#toFile}). Akka logs at WARN and above; its stream materializer and Artery only errors (members that leave
 * at the end of a run abort their connections on purpose). The root level is {@code ICN_LOG_LEVEL} (a system property or an
 * environment variable; WARN when unset).
 */
public final class LogConfiguration extends ContextAwareBase implements Configurator {

    /** The root logger's level when {@code ICN_LOG_LEVEL} is unset or names no level. */
    static final Level DEFAULT_LEVEL = Level.WARN;

    @Override
    public void configure(LoggerContext context) {
        Logs.Terminal terminal = new Logs.Terminal();
        terminal.setContext(context);
        terminal.start();

        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.addFilter(terminal);
        stderr.setEncoder(Logs.encoder(context));
        stderr.start();

        Logs.Held file = new Logs.Held();
        file.setContext(context);
        file.setName("FILE");
        file.start();

        context.getLogger("akka").setLevel(Level.WARN);
        context.getLogger("akka.stream.Materializer").setLevel(Level.ERROR);
        context.getLogger("akka.remote.artery").setLevel(Level.ERROR);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(rootLevel(System.getProperty("ICN_LOG_LEVEL", System.getenv("ICN_LOG_LEVEL"))));
        root.addAppender(stderr);
        root.addAppender(file);
    }

    /** The root logger's level for the value of {@code ICN_LOG_LEVEL} ({@code null}: unset). */
    public static Level rootLevel(String value) {
        return value == null || value.isBlank() ? DEFAULT_LEVEL : Level.toLevel(value.trim(), DEFAULT_LEVEL);
    }
}
