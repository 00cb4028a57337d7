package waitlab.server.logback;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.FileAppender;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.LoggerFactory;
import waitlab.server.RequestLog;

/**
 * The per-request log on Logback: a file appender (or the console when no
 * file is given) written synchronously, or behind Logback's AsyncAppender
 * (its queue, its discarding threshold: INFO lines dropped once the queue
 * is 80% full), with the lines written and dropped counted.
 */
public final class Logs implements RequestLog {
    private final LongAdder written = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final LoggerContext ctx;
    private final Logger logger;
    /** The level each request's line is logged at. */
    private final Level lineLevel;

    /** level is the logger's, lineLevel the lines' ("": INFO); a line below the logger's level is filtered. */
    public Logs(String mode, String file, int queue, String level, String lineLevel) {
        this.lineLevel = Level.toLevel(lineLevel, Level.INFO);
        ctx = (LoggerContext) LoggerFactory.getILoggerFactory();
        ctx.reset();
        PatternLayoutEncoder enc = new PatternLayoutEncoder();
        enc.setContext(ctx);
        enc.setPattern("%d{HH:mm:ss.SSS} [%thread] %-5level %logger - %msg%n");
        enc.start();
        OutputStreamAppender<ILoggingEvent> out;
        if (file.isEmpty()) {
            out = new ConsoleAppender<ILoggingEvent>() {
                @Override
                protected void subAppend(ILoggingEvent e) {
                    super.subAppend(e);
                    written.increment();
                }
            };
        } else {
            FileAppender<ILoggingEvent> f = new FileAppender<ILoggingEvent>() {
                @Override
                protected void subAppend(ILoggingEvent e) {
                    super.subAppend(e);
                    written.increment();
                }
            };
            f.setFile(file);
            f.setAppend(true);
            out = f;
        }
        out.setContext(ctx);
        out.setName("requests");
        out.setEncoder(enc);
        out.start();
        logger = ctx.getLogger("waitlab.requests");
        logger.setLevel(Level.toLevel(level, Level.INFO));
        logger.setAdditive(false);
        if (mode.equals("async")) {
            AsyncAppender a = new AsyncAppender() {
                @Override
                protected boolean isDiscardable(ILoggingEvent e) {
                    // Asked only when the queue is below its discarding
                    // threshold: true here is a line dropped.
                    boolean d = super.isDiscardable(e);
                    if (d) {
                        dropped.increment();
                    }
                    return d;
                }
            };
            a.setContext(ctx);
            a.setName("async");
            a.setQueueSize(queue);
            a.addAppender(out);
            a.start();
            logger.addAppender(a);
        } else {
            logger.addAppender(out);
        }
    }

    @Override
    public void line(String text) {
        switch (lineLevel.levelInt) {
            case Level.DEBUG_INT:
                logger.debug(text);
                break;
            case Level.WARN_INT:
                logger.warn(text);
                break;
            case Level.ERROR_INT:
                logger.error(text);
                break;
            default:
                logger.info(text);
        }
    }

    @Override
    public long written() {
        return written.sum();
    }

    @Override
    public long dropped() {
        return dropped.sum();
    }

    @Override
    public void close() {
        ctx.stop();
    }
}
