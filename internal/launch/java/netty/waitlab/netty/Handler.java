package waitlab.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import waitlab.server.Plan;
import waitlab.server.Work;

/**
 * One request: its CPU spun and its blocking call slept on the thread that
 * runs the handler (the channel's loop, or an offload executor), its waits
 * slept there too when blocking, else scheduled on the handler's executor
 * one after another (or the longest, parallel) without holding it; the
 * answer is written from the channel's loop (Netty hands a write from
 * another thread to it).
 */
@ChannelHandler.Sharable
final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private final Work work;
    private final Map<EventLoop, Integer> index;
    private final boolean offload;
    private final LagProbe watch;
    private final Set<Thread> offloadThreads = ConcurrentHashMap.newKeySet();

    Handler(Work work, Map<EventLoop, Integer> index, boolean offload, LagProbe watch) {
        this.work = work;
        this.index = index;
        this.offload = offload;
        this.watch = watch;
    }

    int offloadThreads() {
        return offloadThreads.size();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
        long t0 = System.nanoTime();
        long[] req0 = {-1};
        try {
            serve(ctx, req, t0, req0);
        } finally {
            Integer loop = index.get(ctx.executor());
            if (loop != null) { // on a worker loop (not offloaded): how long it held it
                watch.held(loop, System.nanoTime() - t0, req0[0]);
            }
        }
    }

    /** Serves req; id[0] is set to its scenario index, else its request number. */
    private void serve(ChannelHandlerContext ctx, FullHttpRequest req, long t0, long[] id) {
        String uri = req.uri();
        int q = uri.indexOf('?');
        String path = q < 0 ? uri : uri.substring(0, q);
        String query = q < 0 ? null : uri.substring(q + 1);
        boolean keepAlive = HttpUtil.isKeepAlive(req);
        String method = req.method().name();
        if (path.equals("/metrics")) {
            write(ctx, null, HttpResponseStatus.OK, work.metrics(watch.metrics()), keepAlive, "text/plain; version=0.0.4");
            return;
        }
        if (path.equals("/healthz")) {
            // A 1 ms registered wait, so a warm-up (launch) warms the
            // scheduling path too; not counted, not drawn.
            ctx.executor().schedule(() -> write(ctx, null, HttpResponseStatus.OK, "ok\n", keepAlive, "text/plain"),
                    1, TimeUnit.MILLISECONDS);
            return;
        }
        if (offload) {
            offloadThreads.add(Thread.currentThread());
        }
        work.requests.increment();
        watch.serving();
        work.inFlight.incrementAndGet();
        Plan p = work.plan(query);
        id[0] = p.index >= 0 ? p.index : p.number;
        if (p.status != 200) {
            finish(ctx, p, method, path, keepAlive, t0);
            return;
        }
        work.spin(p.cpuNanos);
        if (!work.block(p)) {
            p.status = 502; // the database call failed
            finish(ctx, p, method, path, keepAlive, t0);
            return;
        }
        if (p.blocking || work.remote()) {
            // Held: the loop (or the offload executor) waits in sleep, or
            // in the downstream's read.
            p.status = work.blockingCalls(p);
            finish(ctx, p, method, path, keepAlive, t0);
            return;
        }
        waitThen(ctx, p, 0, method, path, keepAlive, t0);
    }

    /** Schedules the plan's waits from call i on the handler's executor (a registered wait), then answers. */
    private void waitThen(ChannelHandlerContext ctx, Plan p, int i, String method, String path, boolean keepAlive, long t0) {
        if (p.parallel) {
            long d = i == 0 ? p.waitTotal() : 0;
            if (d <= 0) {
                finish(ctx, p, method, path, keepAlive, t0);
            } else {
                ctx.executor().schedule(() -> finish(ctx, p, method, path, keepAlive, t0), d, TimeUnit.NANOSECONDS);
            }
            return;
        }
        while (i < p.waits.length && p.waits[i] <= 0) {
            i++;
        }
        if (i >= p.waits.length) {
            finish(ctx, p, method, path, keepAlive, t0);
            return;
        }
        int next = i + 1;
        ctx.executor().schedule(() -> waitThen(ctx, p, next, method, path, keepAlive, t0), p.waits[i], TimeUnit.NANOSECONDS);
    }

    private void finish(ChannelHandlerContext ctx, Plan p, String method, String path, boolean keepAlive, long t0) {
        HttpResponseStatus st = p.status == 200 ? HttpResponseStatus.OK : HttpResponseStatus.valueOf(p.status);
        write(ctx, p, st, p.status == 200 ? work.body() : st.reasonPhrase() + "\n", keepAlive, "text/plain");
        work.inFlight.decrementAndGet();
        work.done(p, method, path, p.status, t0);
    }

    private void write(ChannelHandlerContext ctx, Plan p, HttpResponseStatus st, String body, boolean keepAlive, String type) {
        ByteBuf buf = Unpooled.copiedBuffer(body, StandardCharsets.UTF_8);
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, st, buf);
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
        r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, buf.readableBytes());
        if (p != null && work.scenario() && p.index >= 0) {
            r.headers().set("X-Waitlab-Req", Long.toString(p.index));
            r.headers().set("X-Waitlab-Class", p.cls);
            Integer loop = index.get(ctx.channel().eventLoop());
            if (loop != null) {
                r.headers().set("X-Waitlab-Loop", loop.toString());
            }
        }
        if (keepAlive) {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(r);
        } else {
            r.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent) {
            ctx.close(); // the keep-alive timeout
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
