package waitlab.control;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The child's half of waitlab's control channel (Go: internal/supervise),
 * for a JVM started by waitlab: fd 3 is the cancel pipe (its end of file
 * means "stop"), fd 4 takes one JSON message a line, {"kind":"ready",...}
 * or {"kind":"report","body":{...}}. Outside supervision (a JVM started by
 * hand) every method does nothing, so the same program runs alone.
 */
public final class Control {
    private static final Control NONE = new Control(null, null);
    private final InputStream cancel;
    private final OutputStream messages;

    private Control(InputStream cancel, OutputStream messages) {
        this.cancel = cancel;
        this.messages = messages;
    }

    /** This process's channel, or one that does nothing when unsupervised. */
    public static Control open() {
        if (System.getenv("WAITLAB_SUPERVISED") == null) {
            return NONE;
        }
        try {
            return new Control(new FileInputStream("/proc/self/fd/3"), new FileOutputStream("/proc/self/fd/4"));
        } catch (IOException e) {
            return NONE;
        }
    }

    /** Whether a parent is listening. */
    public boolean supervised() {
        return messages != null;
    }

    /** Runs onCancel on a daemon thread once the parent closes the cancel pipe or dies. */
    public void onCancel(Runnable onCancel) {
        if (cancel == null) {
            return;
        }
        Thread t = new Thread(() -> {
            try {
                while (cancel.read() >= 0) {
                    // the parent never writes; end of file is the message
                }
            } catch (IOException ignored) {
                // a broken pipe means the same: the parent is gone
            }
            onCancel.run();
        }, "waitlab-cancel");
        t.setDaemon(true);
        t.start();
    }

    /** Tells the parent the child serves at addr ("127.0.0.1:8080"; "" for a runner). */
    public void ready(String addr) {
        send("{\"kind\":\"ready\",\"addr\":" + quote(addr) + "}");
    }

    /** Sends a JSON object as the child's report (the parent keeps the last). */
    public void report(String json) {
        send("{\"kind\":\"report\",\"body\":" + json + "}");
    }

    private synchronized void send(String line) {
        if (messages == null) {
            return;
        }
        try {
            messages.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            messages.flush();
        } catch (IOException ignored) {
            // the parent is gone; nothing is listening
        }
    }

    /** A JSON string literal of s. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        return b.append('"').toString();
    }
}
