package waitlab.server;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * The blocking RESP client, as the Go target's (downstream.Client): a call
 * writes a command and waits in read for its reply, holding the calling
 * thread for the round trip. Connections are kept idle and reused; each
 * call has one to itself.
 */
public final class Resp {
    static final byte[] PING = command("PING");
    static final byte[] GET = command("GET", "waitlab");

    private final String host;
    private final int port;
    private final int timeoutMs;
    private final ConcurrentLinkedDeque<Conn> idle = new ConcurrentLinkedDeque<>();

    public Resp(String addr, int timeoutMs) {
        int c = addr.lastIndexOf(':');
        this.host = addr.substring(0, c);
        this.port = Integer.parseInt(addr.substring(c + 1));
        this.timeoutMs = timeoutMs;
    }

    /** One GET round trip. */
    public void get() throws IOException {
        call(GET);
    }

    /** One PING round trip. */
    public void ping() throws IOException {
        call(PING);
    }

    private void call(byte[] cmd) throws IOException {
        Conn c = idle.pollFirst();
        if (c == null) {
            c = new Conn();
        }
        try {
            c.out.write(cmd);
            c.out.flush();
            c.reply();
        } catch (IOException e) {
            c.close();
            throw e;
        }
        idle.addFirst(c);
    }

    static byte[] command(String... args) {
        StringBuilder b = new StringBuilder().append('*').append(args.length).append("\r\n");
        for (String a : args) {
            b.append('$').append(a.length()).append("\r\n").append(a).append("\r\n");
        }
        return b.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private final class Conn {
        final Socket s;
        final InputStream in;
        final OutputStream out;

        Conn() throws IOException {
            s = new Socket();
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), timeoutMs);
            s.setSoTimeout(timeoutMs);
            in = new BufferedInputStream(s.getInputStream());
            out = s.getOutputStream();
        }

        /** Reads one reply (simple string, error, integer, bulk string or array of them). */
        void reply() throws IOException {
            int kind = in.read();
            String line = line();
            switch (kind) {
                case '+':
                case ':':
                    return;
                case '-':
                    throw new IOException("downstream: " + line);
                case '$': {
                    int n = Integer.parseInt(line);
                    if (n >= 0) {
                        skip(n + 2);
                    }
                    return;
                }
                case '*': {
                    int n = Integer.parseInt(line);
                    for (int i = 0; i < n; i++) {
                        reply();
                    }
                    return;
                }
                default:
                    throw new IOException("downstream: not a RESP reply");
            }
        }

        private String line() throws IOException {
            StringBuilder b = new StringBuilder();
            for (int ch; (ch = in.read()) != '\r'; ) {
                if (ch < 0) {
                    throw new IOException("downstream: connection closed");
                }
                b.append((char) ch);
            }
            if (in.read() != '\n') {
                throw new IOException("downstream: bad line end");
            }
            return b.toString();
        }

        private void skip(int n) throws IOException {
            while (n > 0) {
                long k = in.skip(n);
                if (k <= 0) {
                    if (in.read() < 0) {
                        throw new IOException("downstream: connection closed");
                    }
                    k = 1;
                }
                n -= (int) k;
            }
        }

        void close() {
            try {
                s.close();
            } catch (IOException ignored) {
                // already gone
            }
        }
    }
}
