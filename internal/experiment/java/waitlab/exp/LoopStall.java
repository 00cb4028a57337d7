package waitlab.exp;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicBoolean;
import waitlab.control.Control;

/**
 * The loop-stall chapter's program, written from its description: one
 * Selector on one platform thread accepts and serves every connection,
 * and a client in the same JVM opens N SocketChannels at once (every
 * non-blocking connect issued back to back from one thread), each
 * sending one request and reading one answer. One run per JVM; the
 * parent (waitlab exp) reads the kernel's counters around it.
 *
 * <p>Arguments: conns backlog stall deadlineMs, where stall is "none",
 * "first" (a request whose handler sleeps 100 ms is sent before the burst)
 * or "after:F" (it is sent once the share F of the burst has connected).
 *
 * <p>The report: each connection's connect time, the moment its connect
 * completed and its latency (ms from the start, -1 when not done), the
 * time the connects took to issue, and the JVM's platform threads
 * (ThreadMXBean) while the server still served.
 */
public final class LoopStall {
    private static final byte[] REQUEST =
            "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] STALL =
            "GET /?block=100ms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private LoopStall() {
    }

    public static void main(String[] args) throws Exception {
        int conns = Integer.parseInt(args[0]);
        int backlog = Integer.parseInt(args[1]);
        String stall = args[2];
        long deadlineMs = Long.parseLong(args[3]);
        Control control = Control.open();
        Selector clientSel = Selector.open();
        AtomicBoolean cancelled = new AtomicBoolean();
        control.onCancel(() -> {
            cancelled.set(true);
            clientSel.wakeup();
        });
        Server server = new Server(backlog);
        Thread loop = new Thread(server, "selector-loop");
        loop.start();
        control.ready("127.0.0.1:" + server.port());
        Client client = new Client(clientSel, server.port(), conns, cancelled);
        client.run(stall, deadlineMs);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        // The control channel's reader is waitlab's, not the chapter's.
        int ours = control.supervised() ? 1 : 0;
        int threads = mx.getThreadCount() - ours;
        int peak = mx.getPeakThreadCount() - ours;
        server.stop();
        loop.join(5000);
        StringBuilder b = new StringBuilder(conns * 30);
        b.append("{\"lat\":").append(json(client.lat))
                .append(",\"dial\":").append(json(client.dial))
                .append(",\"conn_at\":").append(json(client.connAt))
                .append(",\"issue_ms\":").append(client.issueMs)
                .append(",\"threads\":").append(threads)
                .append(",\"threads_peak\":").append(peak)
                .append(",\"cancelled\":").append(cancelled.get())
                .append('}');
        control.report(b.toString());
        if (!control.supervised()) {
            System.out.println(b);
        }
    }

    private static String json(double[] v) {
        StringBuilder b = new StringBuilder(v.length * 8).append('[');
        for (int i = 0; i < v.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(String.format(java.util.Locale.ROOT, "%.3f", v[i]));
        }
        return b.append(']').toString();
    }

    /** The one Selector on one thread: accepts, reads a request, answers, closes. */
    static final class Server implements Runnable {
        private final Selector sel;
        private final ServerSocketChannel ssc;
        private volatile boolean stop;

        Server(int backlog) throws IOException {
            sel = Selector.open();
            ssc = ServerSocketChannel.open();
            ssc.bind(new InetSocketAddress("127.0.0.1", 0), backlog);
            ssc.configureBlocking(false);
            ssc.register(sel, SelectionKey.OP_ACCEPT);
        }

        int port() throws IOException {
            return ((InetSocketAddress) ssc.getLocalAddress()).getPort();
        }

        void stop() {
            stop = true;
            sel.wakeup();
        }

        @Override
        public void run() {
            ByteBuffer buf = ByteBuffer.allocate(4096);
            try {
                while (!stop) {
                    sel.select();
                    Iterator<SelectionKey> it = sel.selectedKeys().iterator();
                    while (it.hasNext()) {
                        SelectionKey k = it.next();
                        it.remove();
                        if (!k.isValid()) {
                            continue;
                        }
                        if (k.isAcceptable()) {
                            SocketChannel c;
                            while ((c = ssc.accept()) != null) {
                                c.configureBlocking(false);
                                c.register(sel, SelectionKey.OP_READ, new StringBuilder());
                            }
                        } else if (k.isReadable()) {
                            serve(k, buf);
                        }
                    }
                }
            } catch (IOException e) {
                System.err.println("selector loop: " + e);
            } finally {
                for (SelectionKey k : sel.keys()) {
                    try {
                        k.channel().close();
                    } catch (IOException ignored) {
                        // closing at the end: nothing to do
                    }
                }
                try {
                    sel.close();
                } catch (IOException ignored) {
                    // closing at the end: nothing to do
                }
            }
        }

        private static void serve(SelectionKey k, ByteBuffer buf) {
            SocketChannel c = (SocketChannel) k.channel();
            StringBuilder req = (StringBuilder) k.attachment();
            try {
                buf.clear();
                int n = c.read(buf);
                if (n < 0) {
                    c.close();
                    return;
                }
                buf.flip();
                req.append(StandardCharsets.US_ASCII.decode(buf));
                if (req.indexOf("\r\n\r\n") < 0) {
                    return;
                }
                if (req.indexOf("block=100ms") >= 0) {
                    Thread.sleep(100); // the one handler that blocks the only loop
                }
                ByteBuffer out = ByteBuffer.wrap(
                        "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
                while (out.hasRemaining()) {
                    c.write(out);
                }
                c.close();
            } catch (IOException e) {
                try {
                    c.close();
                } catch (IOException ignored) {
                    // already failing: the client counts it as not done
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The client: every connect issued at once, then one Selector for all of them. */
    static final class Client {
        final double[] lat;
        final double[] dial;
        final double[] connAt;
        double issueMs;
        private final Selector sel;
        private final InetSocketAddress addr;
        private final int conns;
        private final AtomicBoolean cancelled;
        private final long[] issued;
        private long start;

        Client(Selector sel, int port, int conns, AtomicBoolean cancelled) {
            this.sel = sel;
            this.addr = new InetSocketAddress("127.0.0.1", port);
            this.conns = conns;
            this.cancelled = cancelled;
            lat = new double[conns];
            dial = new double[conns];
            connAt = new double[conns];
            issued = new long[conns];
            Arrays.fill(lat, -1);
        }

        void run(String stall, long deadlineMs) throws IOException, InterruptedException {
            SocketChannel stallConn = null;
            int stallAt = -1;
            if (!stall.equals("none")) {
                stallConn = SocketChannel.open(addr);
                if (stall.equals("first")) {
                    stallConn.write(ByteBuffer.wrap(STALL));
                    Thread.sleep(5); // lets the loop read it before the burst
                } else {
                    stallAt = (int) Math.ceil(Double.parseDouble(stall.substring("after:".length())) * conns);
                }
            }
            start = System.nanoTime();
            long deadline = start + deadlineMs * 1_000_000L;
            int left = conns;
            int connected = 0;
            for (int i = 0; i < conns; i++) {
                SocketChannel c = SocketChannel.open();
                c.configureBlocking(false);
                issued[i] = System.nanoTime();
                try {
                    if (c.connect(addr)) {
                        connected++;
                        connectedAt(i, c, c.register(sel, 0, i));
                    } else {
                        c.register(sel, SelectionKey.OP_CONNECT, i);
                    }
                } catch (IOException e) {
                    c.close();
                    left--;
                }
            }
            issueMs = (System.nanoTime() - start) / 1e6;
            ByteBuffer buf = ByteBuffer.allocate(512);
            while (left > 0 && !cancelled.get()) {
                long wait = (deadline - System.nanoTime()) / 1_000_000L;
                if (wait <= 0) {
                    break;
                }
                sel.select(wait);
                Iterator<SelectionKey> it = sel.selectedKeys().iterator();
                while (it.hasNext()) {
                    SelectionKey k = it.next();
                    it.remove();
                    int i = (Integer) k.attachment();
                    SocketChannel c = (SocketChannel) k.channel();
                    try {
                        if (k.isConnectable()) {
                            if (c.finishConnect()) {
                                connected++;
                                connectedAt(i, c, k);
                                if (connected == stallAt && stallConn != null) {
                                    stallConn.write(ByteBuffer.wrap(STALL));
                                }
                            }
                        } else if (k.isReadable()) {
                            buf.clear();
                            if (c.read(buf) < 0) {
                                lat[i] = (System.nanoTime() - start) / 1e6;
                                c.close();
                                left--;
                            }
                        }
                    } catch (IOException e) {
                        c.close(); // refused or reset: not done
                        left--;
                    }
                }
            }
            if (stallConn != null) {
                stallConn.close();
            }
            for (SelectionKey k : sel.keys()) {
                k.channel().close();
            }
            sel.close();
        }

        /** A connect completed: its times, then the one request. */
        private void connectedAt(int i, SocketChannel c, SelectionKey k) throws IOException {
            long now = System.nanoTime();
            dial[i] = (now - issued[i]) / 1e6;
            connAt[i] = (now - start) / 1e6;
            c.write(ByteBuffer.wrap(REQUEST));
            k.interestOps(SelectionKey.OP_READ);
        }
    }
}
