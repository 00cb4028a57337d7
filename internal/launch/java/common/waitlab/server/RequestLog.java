package waitlab.server;

/** The per-request log (Logback's, in waitlab.server.logback; none when logging is off). */
public interface RequestLog {
    /** Logs one request's line at its level (INFO unless set). */
    void line(String text);

    /** Lines the appender wrote. */
    long written();

    /** Lines the AsyncAppender dropped (0 for a synchronous appender). */
    long dropped();

    /** Flushes and closes the appenders (queued lines are written). */
    void close();
}
