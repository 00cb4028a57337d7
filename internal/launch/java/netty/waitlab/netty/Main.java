package waitlab.netty;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.EventLoop;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.Version;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.UnorderedThreadPoolEventExecutor;
import java.net.InetSocketAddress;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import waitlab.control.Control;
import waitlab.server.Settings;
import waitlab.server.Work;

/**
 * Our HTTP server on Debian's Netty: one boss loop accepts, N worker loops
 * serve (NioEventLoopGroup; with a scenario's plan each connection is moved
 * to the loop the plan names for its first request, see Place), and with
 * the offload model the handler runs on an executor group of K (pipeline.addLast(group, handler)): Netty's
 * DefaultEventExecutorGroup, which pins one of its K single-threaded
 * executors to each channel, or (offload_executor=unordered) its
 * UnorderedThreadPoolEventExecutor, whose any free thread takes any task,
 * behind a Gate that keeps one connection's requests in order.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws Exception {
        Settings s = new Settings(args[0]);
        Control ctl = Control.open();
        Version v = Version.identify().get("netty-common");
        Work work = new Work(s, "netty", "Netty " + (v == null ? "4" : v.artifactVersion()));
        String model = s.str("model", "loop");
        int loops = (int) s.num("threads", Runtime.getRuntime().availableProcessors());
        int k = (int) s.num("offload", 16);
        NioEventLoopGroup boss = new NioEventLoopGroup(1, new DefaultThreadFactory("netty-boss"));
        NioEventLoopGroup workers = new NioEventLoopGroup(loops, new DefaultThreadFactory("netty-loop"));
        EventExecutorGroup offload = null;
        boolean unordered = s.str("offload_executor", "pinned").equals("unordered");
        if (model.equals("offload")) {
            offload = unordered
                    ? new UnorderedThreadPoolEventExecutor(k, new DefaultThreadFactory("netty-offload"))
                    : new DefaultEventExecutorGroup(k, new DefaultThreadFactory("netty-offload"));
        }
        Map<EventLoop, Integer> index = new IdentityHashMap<>();
        EventLoop[] loopArray = new EventLoop[loops];
        int i = 0;
        for (EventExecutor e : workers) {
            loopArray[i] = (EventLoop) e;
            index.put((EventLoop) e, i++);
        }
        LagProbe lag = new LagProbe(workers, s.num("stall_threshold_ns", 10_000_000L));
        Handler handler = new Handler(work, index, offload != null, lag);
        int maxConns = (int) s.num("max_connections", 0);
        long keepAliveMs = s.num("keepalive_timeout_ms", 20_000);
        AtomicInteger open = new AtomicInteger();
        work.countConnections(work.connections::sum, open::get);
        ChannelGroup channels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
        EventExecutorGroup group = offload;
        ServerBootstrap b = new ServerBootstrap().group(boss, workers).channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, (int) s.num("backlog", 4096))
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        work.connections.increment();
                        if (open.incrementAndGet() > maxConns && maxConns > 0) {
                            open.decrementAndGet();
                            ch.close();
                            return;
                        }
                        ch.closeFuture().addListener(f -> open.decrementAndGet());
                        channels.add(ch);
                        ChannelPipeline p = ch.pipeline();
                        p.addLast(Place.IDLE, new IdleStateHandler(0, 0, keepAliveMs, TimeUnit.MILLISECONDS));
                        if (work.scenario()) { // the plan's loop for the connection's first request
                            p.addLast(new Place(work, loopArray, () -> new IdleStateHandler(0, 0, keepAliveMs, TimeUnit.MILLISECONDS)));
                        }
                        p.addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 20));
                        if (group != null && unordered) {
                            p.addLast(new Gate()); // a connection's answers in order
                        }
                        if (group != null) {
                            p.addLast(group, "work", handler);
                        } else {
                            p.addLast("work", handler);
                        }
                    }
                });
        Channel server = b.bind(new InetSocketAddress(s.str("host", "127.0.0.1"), (int) s.num("port", 0))).sync().channel();
        lag.start();
        CountDownLatch stop = new CountDownLatch(1);
        ctl.onCancel(stop::countDown);
        Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
        int port = ((InetSocketAddress) server.localAddress()).getPort();
        ctl.ready(s.str("host", "127.0.0.1") + ":" + port);
        System.err.println("waitlab: " + work.version + " serving on port " + port + " (" + loops + " loops, " + model + ")");
        stop.await();
        server.close().sync();
        long drainMs = s.num("drain_ms", 10_000);
        long deadline = System.nanoTime() + drainMs * 1_000_000L;
        while (work.inFlight.get() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        lag.stop();
        // Close the connections while their loops and executors still run:
        // their last events (inactive, unregistered) then have somewhere
        // to run, rather than each being refused by a stopped executor.
        channels.close().awaitUninterruptibly(drainMs);
        boss.shutdownGracefully(0, 100, TimeUnit.MILLISECONDS);
        workers.shutdownGracefully(0, 100, TimeUnit.MILLISECONDS).await(drainMs);
        if (offload != null) {
            offload.shutdownGracefully(0, 100, TimeUnit.MILLISECONDS).await(drainMs);
        }
        ctl.report(work.report(lag.json(), lag.worstLagMs(), handler.offloadThreads()));
        System.exit(0);
    }
}
