package icn.launcher;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.core.ConsoleAppender;
import icn.launcher.output.LogConfiguration;
import icn.launcher.output.Logs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** {@link LogConfiguration}: the appenders, filters and levels {@link Logs} relies on, and the one logback picks in this JVM. */
class LogConfigurationTest {

    @Test
    void aFreshContextGetsTheTerminalAndTheHeldFileAndAkkasLevels() {
        LoggerContext context = new LoggerContext();
        LogConfiguration configuration = new LogConfiguration();
        configuration.setContext(context);
        configuration.configure(context);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertAll(
                () -> assertInstanceOf(Logs.Held.class, root.getAppender("FILE")),
                () -> assertTrue(root.getAppender("FILE").isStarted(), "FILE started"),
                () -> {
                    ConsoleAppender<?> stderr = assertInstanceOf(ConsoleAppender.class, root.getAppender("STDERR"));
                    assertTrue(stderr.isStarted(), "STDERR started");
                    assertEquals("System.err", stderr.getTarget());
                    assertEquals(1, stderr.getCopyOfAttachedFiltersList().size());
                    assertInstanceOf(Logs.Terminal.class, stderr.getCopyOfAttachedFiltersList().get(0));
                    // the pattern the removed logback.xml declared for STDERR
                    assertEquals("%d{HH:mm:ss.SSS} %-5level %logger{24} - %msg%n",
                            assertInstanceOf(PatternLayoutEncoder.class, stderr.getEncoder()).getPattern());
                },
                () -> assertEquals(Level.WARN, context.getLogger("akka").getLevel()),
                () -> assertEquals(Level.ERROR, context.getLogger("akka.stream.Materializer").getLevel()),
                () -> assertEquals(Level.ERROR, context.getLogger("akka.remote.artery").getLevel()),
                () -> assertEquals(Level.ERROR, context.getLogger("akka.remote.artery.tcp.ArteryTcpTransport").getEffectiveLevel()),
                () -> assertEquals(Level.WARN, context.getLogger("akka.cluster.Cluster").getEffectiveLevel()),
                () -> assertNull(context.getLogger("icn.launcher").getLevel(), "icn's loggers follow the root"));
    }

    @Test
    void theRootLevelIsIcnLogLevelOrWarn() {
        assertAll(
                () -> assertEquals(Level.WARN, LogConfiguration.rootLevel(null)),
                () -> assertEquals(Level.WARN, LogConfiguration.rootLevel(" ")),
                () -> assertEquals(Level.DEBUG, LogConfiguration.rootLevel("debug")),
                () -> assertEquals(Level.INFO, LogConfiguration.rootLevel(" INFO ")),
                () -> assertEquals(Level.ERROR, LogConfiguration.rootLevel("ERROR")),
                () -> assertEquals(Level.WARN, LogConfiguration.rootLevel("loud")));
    }

    /** No logback.xml on the classpath: logback took this configuration (through META-INF/services), and only it. */
    @Test
    void logbackConfiguredThisJvmWithIt() {
        assertNull(LogConfigurationTest.class.getClassLoader().getResource("logback.xml"),
                "no logback.xml on the classpath: it would replace LogConfiguration (a copy left in target/classes by a build before"
                        + " logback.xml was removed from the sources goes with mvn clean)");
        assertNull(LogConfigurationTest.class.getClassLoader().getResource("logback-test.xml"), "no logback-test.xml on the classpath");
        LoggerContext context = assertInstanceOf(LoggerContext.class, LoggerFactory.getILoggerFactory());
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        List<String> names = new ArrayList<>();
        root.iteratorForAppenders().forEachRemaining(a -> names.add(a.getName()));
        assertEquals(List.of("STDERR", "FILE"), names);
    }
}
